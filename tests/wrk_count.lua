-- wrk script: rotate over the paths given after `--` and print one JSON line of counts by
-- status class and latency percentiles (wrk -s wrk_count.lua URL -- [pace=MS] /path1 ...).
-- pace=MS makes each connection wait MS milliseconds between requests.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  paths = {}
  pace = 0
  for _, arg in ipairs(args) do
    if string.sub(arg, 1, 5) == "pace=" then
      pace = tonumber(string.sub(arg, 6))
    else
      table.insert(paths, arg)
    end
  end
  if #paths == 0 then
    paths = { "/" }
  end
  i = 0
  ok, limited, failed, other = 0, 0, 0, 0
end

function request()
  i = i % #paths + 1
  return wrk.format("GET", paths[i])
end

function delay()
  return pace
end

function response(status, headers, body)
  if status >= 200 and status < 300 then
    ok = ok + 1
  elseif status == 429 then
    limited = limited + 1
  elseif status >= 500 then
    failed = failed + 1
  else
    other = other + 1
  end
end

function done(summary, latency, requests)
  local total = { ok = 0, limited = 0, failed = 0, other = 0 }
  for _, thread in ipairs(threads) do
    for key, _ in pairs(total) do
      total[key] = total[key] + thread:get(key)
    end
  end
  local errors = summary.errors
  io.write(string.format(
    '{"requests": %d, "seconds": %.3f, "ok": %d, "limited": %d, "failed": %d, "other": %d, '
      .. '"socket_errors": %d, "p50_ms": %.2f, "p99_ms": %.2f, "max_ms": %.2f}\n',
    summary.requests, summary.duration / 1e6, total.ok, total.limited, total.failed, total.other,
    errors.connect + errors.read + errors.write + errors.timeout,
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000
  ))
end
