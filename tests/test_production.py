"""Production: redis-server, and deploy/run (gunicorn behind nginx with deploy/'s config).

Every process runs on loopback in a temporary folder and is stopped by its fixture. Needs nginx,
redis-server, envsubst and wrk (`apt-get install nginx redis-server gettext-base wrk`); without
them the module is skipped, except in CI (CI=true or REFBOT_REQUIRE_PRODUCTION), where that
is a failure.
"""

from __future__ import annotations

import http.client
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from nacl.signing import SigningKey

from tests.helpers import (
    ROOT,
    SEED_CORPUS,
    SQUIG_RULE,
    free_port,
    running_redis,
    squig_docx,
    write_section,
)

pytestmark = pytest.mark.production
NEEDED = ("nginx", "redis-server", "envsubst", "wrk")
MISSING = [name for name in NEEDED if shutil.which(name) is None]
if MISSING:
    if os.environ.get("CI") == "true" or os.environ.get("REFBOT_REQUIRE_PRODUCTION"):
        raise RuntimeError(f"CI needs {', '.join(MISSING)} for the production tests: see .ci/run")
    pytest.skip(f"{', '.join(MISSING)} not installed", allow_module_level=True)

QUESTIONS = [
    "my goblins fled 7, the pursuers rolled 7, what happens?",
    "Мои гоблины бежали на 4, преследователи выбросили 3. Их поймали?",
    "¿Puedo arrasar si destruí la unidad enemiga en el primer turno?",
    "Meine Einheit flieht 9, der Verfolger würfelt 4+4. Was passiert?",
    "Ma charge a échoué avec un 1 et un 5, Mouvement 4 : de combien j'avance ?",
    "Can I attack a knocked down warrior?",
]
ALIGN = "/align?" + urllib.parse.urlencode(
    {
        "a": "warhammer-fantasy/rulebook-en/en/flee-and-pursue",
        "b": "warhammer-fantasy/reglamento-es/es/arrasamiento",
    }
)
STARTUP_SECONDS = 90
ADMIN_TOKEN = "production-admin-token-0123456789"


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> dict[str, object]:
        assert self.headers.get("content-type", "").startswith("application/json"), self.headers
        data: dict[str, object] = json.loads(self.body)
        return data

    def error_code(self) -> str:
        body = self.json()
        assert set(body) == {"error"}, body
        error = body["error"]
        assert isinstance(error, dict) and set(error) == {"code", "message"}, body
        return str(error["code"])


def raw(port: int, request: bytes) -> Response:
    """Send bytes as they are and read the whole answer (the server closes the connection)."""
    with socket.create_connection(("127.0.0.1", port), timeout=15) as connection:
        connection.sendall(request)
        chunks = []
        while chunk := connection.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return Response(int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body)


def get(port: int, path: str, headers: dict[str, str] | None = None) -> Response:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path, headers=headers or {})
        answer = connection.getresponse()
        body = answer.read()
        found = {k.lower(): v for k, v in answer.getheaders()}
        return Response(answer.status, found, body)
    finally:
        connection.close()


def ask_path(question: str) -> str:
    return "/api/ask?" + urllib.parse.urlencode({"q": question})


# --- processes -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    # Not under pytest's 0700 tmp folder: nginx's workers (nobody) write its temp files here.
    folder = Path(tempfile.mkdtemp(prefix="refbot-production-"))
    folder.chmod(0o755)
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture(scope="module")
def redis_url(workdir: Path) -> Iterator[str]:
    with running_redis(workdir) as url:
        yield url


@pytest.fixture(scope="module")
def corpus(workdir: Path) -> Path:
    target = workdir / "corpus"
    shutil.copytree(SEED_CORPUS, target)
    return target


def refbot_env(workdir: Path, corpus: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("REFBOT_")}
    return {
        **env,
        "REFBOT_CORPUS_DIR": str(corpus),
        "REFBOT_INDEX_DIR": str(workdir / "index"),
        "PYTHON": sys.executable,
        "PATH": f"{Path(sys.executable).parent}:{env.get('PATH', '')}",
    }


def refbot_build(workdir: Path, corpus: Path) -> None:
    subprocess.run(
        [sys.executable, "-m", "refbot", "build"],
        env=refbot_env(workdir, corpus), cwd=workdir, check=True, capture_output=True,
    )  # fmt: skip


@pytest.fixture(scope="module")
def index(workdir: Path, corpus: Path) -> Path:
    refbot_build(workdir, corpus)
    return workdir / "index"


class Deployment:
    """deploy/run in its own process group: gunicorn behind nginx."""

    def __init__(self, workdir: Path, corpus: Path, name: str, **settings: str) -> None:
        self.port = free_port()
        self.run_dir = workdir / name
        self.env = {
            **refbot_env(workdir, corpus),
            "REFBOT_LISTEN": f"127.0.0.1:{self.port}",
            "REFBOT_UPSTREAM": f"127.0.0.1:{free_port()}",
            **settings,
        }
        self.log = (workdir / f"{name}.log").open("wb")
        self.process = subprocess.Popen(
            [str(ROOT / "deploy" / "run"), str(self.run_dir)],
            env=self.env, cwd=workdir, stdout=self.log, stderr=subprocess.STDOUT,
            start_new_session=True,
        )  # fmt: skip

    def wait_ready(self, workers: int = 2) -> None:
        """Wait until the service answers and every gunicorn worker has started."""
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"deploy/run stopped:\n{self.output()}")
            try:
                if get(self.port, "/api/health").status == 200 and len(self.workers()) >= workers:
                    return
            except OSError:
                pass
            time.sleep(0.2)
        pytest.fail(f"deploy/run did not answer in {STARTUP_SECONDS} s:\n{self.output()}")

    def output(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return Path(self.log.name).read_text(errors="replace")

    def workers(self) -> list[int]:
        master = int((self.run_dir / "gunicorn.pid").read_text())
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        return [int(pid) for pid in children]

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(10)
        self.log.close()


@pytest.fixture(scope="module")
def production(workdir: Path, corpus: Path, index: Path, redis_url: str) -> Iterator[Deployment]:
    deployment = Deployment(
        workdir, corpus, "production",
        REFBOT_RATE_LIMIT_STORAGE=redis_url, REFBOT_RATE_LIMIT="1000000 per minute",
        REFBOT_DISCORD_PUBLIC_KEY=DISCORD_KEY.verify_key.encode().hex(),
        REFBOT_ADMIN_TOKEN=ADMIN_TOKEN,
    )  # fmt: skip
    try:
        deployment.wait_ready()
        yield deployment
    finally:
        deployment.stop()


# --- Discord's interactions through nginx ---------------------------------------------------

DISCORD_KEY = SigningKey.generate()


def discord_post(port: int, body: bytes, signed: bool = True) -> Response:
    stamp = str(int(time.time()))
    headers = {"Content-Type": "application/json"}
    if signed:
        headers["X-Signature-Ed25519"] = DISCORD_KEY.sign(stamp.encode() + body).signature.hex()
        headers["X-Signature-Timestamp"] = stamp
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("POST", "/discord/interactions", body, headers)
        answer = connection.getresponse()
        return Response(answer.status, dict(answer.getheaders()), answer.read())
    finally:
        connection.close()


def test_discord_interactions_through_nginx(production: Deployment) -> None:
    """Signed interactions reach the app, a large button press too; replays to any worker fail."""
    ping = json.dumps({"id": "1", "type": 1, "application_id": "2", "token": "t"}).encode()
    assert json.loads(discord_post(production.port, ping).body) == {"type": 1}
    assert discord_post(production.port, ping, signed=False).status == 401
    slash = {
        "id": "3", "type": 2, "application_id": "2", "token": "t", "locale": "ru",
        "data": {"name": "rules", "options": [{"name": "question", "value": QUESTIONS[1]}]},
    }  # fmt: skip
    message = json.loads(discord_post(production.port, json.dumps(slash).encode()).body)["data"]
    assert message["embeds"][0]["title"] == QUESTIONS[1]
    message["embeds"][0]["description"] = "Щ" * 4000  # \u0429: 24 kB, over the API's 16 KiB
    sources = message["components"][0]["components"][0]["custom_id"]
    press = {
        "id": "4", "type": 3, "application_id": "2", "token": "t", "locale": "ru",
        "data": {"custom_id": sources, "component_type": 2},
        "message": {"id": "5", "embeds": message["embeds"]},
    }  # fmt: skip
    body = json.dumps(press).encode()
    assert len(body) > 16384
    stamp = str(int(time.time()))
    headers = {
        "Content-Type": "application/json",
        "X-Signature-Ed25519": DISCORD_KEY.sign(stamp.encode() + body).signature.hex(),
        "X-Signature-Timestamp": stamp,
    }
    statuses = []
    for _ in range(4):  # keep-alive off: the workers take turns; each must refuse the replay
        connection = http.client.HTTPConnection("127.0.0.1", production.port, timeout=30)
        connection.request("POST", "/discord/interactions", body, headers)
        answer = connection.getresponse()
        statuses.append((answer.status, json.loads(answer.read())))
        connection.close()
    assert statuses[0][0] == 200 and statuses[0][1]["data"]["flags"] == 64
    assert [status for status, _ in statuses[1:]] == [401, 401, 401]


# --- (e) hostile input through nginx ---------------------------------------------------------

SURROGATE = json.dumps({"q": "\ud800"}).encode()
DEEP = b"[" * 8000 + b"]" * 8000


def post(path: str, body: bytes) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: refbot\r\nContent-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    ).encode() + body


def with_header(request: bytes, header: bytes) -> bytes:
    return request.replace(b"\r\n\r\n", b"\r\n" + header + b"\r\n\r\n", 1)


def request_line(target: str) -> bytes:
    return f"GET {target} HTTP/1.1\r\nHost: refbot\r\nConnection: close\r\n\r\n".encode()


@pytest.mark.parametrize(
    ("request_bytes", "status", "code"),
    [
        (post("/api/ask", SURROGATE), 400, "invalid_parameter"),
        (post("/api/ask", DEEP), 400, "malformed_json"),
        (request_line("/api/ask?q=" + "a" * 20000), 414, "uri_too_long"),
        (b"GARBAGE\r\n\r\n", 400, "bad_request"),
        (b"GET /api/ask?q=x HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n", 400, "bad_request"),
        (with_header(request_line("/api/health"), b"X-Big: " + b"a" * 20000), 400, "bad_request"),
        (post("/api/ask", b"{" + b" " * 40000 + b"}"), 413, "payload_too_large"),
        (post("/api/ask", json.dumps({"q": "x" * 5000}).encode()), 413, "question_too_long"),
        (request_line("/api/ask?q=%ff%fe"), 200, None),
        (request_line("//api//ask?q=my+goblins+fled+7%2C+the+pursuers+rolled+7"), 200, None),
        (request_line("/api//clauses/nothing"), 404, "not_found"),
        (request_line("/api"), 404, None),
    ],
    ids=[
        "surrogate",
        "deep-json",
        "huge-uri",
        "malformed-line",
        "bad-length",
        "huge-header",
        "huge-body",
        "long-question",
        "not-utf8",
        "double-slashes",
        "double-slash-404",
        "api",
    ],
)
def test_hostile_requests_through_nginx(
    production: Deployment, request_bytes: bytes, status: int, code: str | None
) -> None:
    response = raw(production.port, request_bytes)
    assert response.status == status, response.body[:300]
    assert not (300 <= response.status < 400)  # never a redirect
    if code is not None:
        assert response.error_code() == code
    elif status == 200:
        assert "answer" in response.json()


def test_the_widget_is_cached_once_for_every_host(production: Deployment) -> None:
    first = get(production.port, "/widget.js")
    poisoned = get(
        production.port,
        "/widget.js?x=1",
        {"Host": "evil.example", "X-Forwarded-Host": "evil.example"},
    )
    assert first.status == poisoned.status == 200
    assert first.body == poisoned.body and b"evil.example" not in poisoned.body
    assert poisoned.headers["x-cache-status"] == "HIT"
    assert first.headers["cache-control"] == "public, max-age=300"
    style = get(production.port, "/static/style.css")
    assert style.status == 200 and style.headers["cache-control"] == "public, max-age=3600"
    assert style.headers["content-type"].startswith("text/css")


def test_nginx_own_errors_on_pages_are_html(production: Deployment) -> None:
    response = raw(production.port, post("/embed", b"a" * 40000))
    assert response.status == 413 and response.headers["content-type"].startswith("text/html")


# --- (a) slow clients do not hold up others -----------------------------------------------------


def test_slow_clients_do_not_hold_up_questions(production: Deployment) -> None:
    stop = threading.Event()
    open_until_the_end: list[bool] = []

    def dribble() -> None:
        """Send a request's headers one byte every 1.2 s, as a slowloris client does."""
        with socket.create_connection(("127.0.0.1", production.port), timeout=5) as connection:
            header = b"GET /api/ask?q=slow HTTP/1.1\r\nHost: refbot\r\nX-Slow: " + b"a" * 100
            alive = True
            for byte in header:
                if stop.wait(1.2):
                    break
                try:
                    connection.send(bytes([byte]))
                except OSError:
                    alive = False
                    break
            open_until_the_end.append(alive)

    slow = [threading.Thread(target=dribble) for _ in range(6)]
    for thread in slow:
        thread.start()
    time.sleep(1.5)  # every slow client has sent its first bytes
    latencies, statuses = [], []
    started = time.monotonic()
    connection = http.client.HTTPConnection("127.0.0.1", production.port, timeout=10)
    while time.monotonic() - started < 7:
        question = QUESTIONS[len(latencies) % len(QUESTIONS)]
        sent = time.perf_counter()
        connection.request("GET", ask_path(question))
        answer = connection.getresponse()
        answer.read()
        latencies.append(time.perf_counter() - sent)
        statuses.append(answer.status)
    connection.close()
    stop.set()
    for thread in slow:
        thread.join()
    ms = np.asarray(latencies) * 1000
    print(
        f"slow clients: 6 sending a header byte every 1.2 s; meanwhile {len(ms)} questions, "
        f"p50 {np.percentile(ms, 50):.1f} ms, p95 {np.percentile(ms, 95):.1f} ms, "
        f"max {ms.max():.1f} ms"
    )
    assert open_until_the_end == [True] * 6  # they were really there all along
    assert set(statuses) == {200}
    assert np.percentile(ms, 95) < 250 and ms.max() < 1000


# --- (b) load: questions keep flowing while /align is hammered -----------------------------------


def wrk(
    port: int, paths: list[str], threads: int, connections: int, seconds: int
) -> dict[str, float]:
    script = Path(__file__).with_name("wrk_count.lua")
    done = subprocess.run(
        ["wrk", f"-t{threads}", f"-c{connections}", f"-d{seconds}s", "--timeout", "5s",
         "-s", str(script), f"http://127.0.0.1:{port}", "--", *paths],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


# The share of its own unhindered rate /api/ask keeps with /align hammered alongside. A ratio
# measured in one run, not a number of requests a second: the machine's speed varies between
# runs (the bench reports about 0.87), the share of the two cores the hammer takes does not.
MIN_SHARE_KEPT = 0.5


def test_questions_keep_flowing_while_align_is_hammered(production: Deployment) -> None:
    seconds = 10
    paths = [ask_path(q) for q in QUESTIONS]
    alone = wrk(production.port, paths, 2, 8, seconds)
    alone_rps = alone["requests"] / alone["seconds"]
    assert alone["ok"] == alone["requests"] and alone["socket_errors"] == 0
    # Throughput on 2 shared cores is noisy (a run of the whole suite once kept 48 %, the same
    # test alone 88-106 %): the better of two hammered runs is compared, so a hammer that
    # really starves the questions still fails both.
    kept = []
    for _ in range(2):
        with ThreadPoolExecutor(2) as pool:
            # Four connections, each asking for an alignment every 20 ms (200 a second,
            # against a limit of 60 a minute). Unpaced, the load generator itself would take a
            # core of the two this is measured on (bench/run.py reports that case too).
            aligns = ["pace=20", ALIGN, ALIGN.replace("/align", "/align.tmx")]
            hammer = pool.submit(wrk, production.port, aligns, 1, 4, seconds)
            asked = pool.submit(wrk, production.port, paths, 2, 8, seconds)
            questions, align = asked.result(), hammer.result()
        rps = questions["requests"] / questions["seconds"]
        print(f"load through nginx, {seconds} s: /api/ask alone {alone_rps:.0f} req/s, "
              f"{json.dumps(questions)} = {rps:.0f} req/s with /align hammered alongside: "
              f"{json.dumps(align)}")  # fmt: skip
        assert questions["ok"] == questions["requests"] and questions["socket_errors"] == 0
        assert align["failed"] == 0 and align["socket_errors"] == 0
        assert align["limited"] > 0  # the flood guard refused most of the hammering
        kept.append(rps)
        if rps >= MIN_SHARE_KEPT * alone_rps:
            break
    assert max(kept) >= MIN_SHARE_KEPT * alone_rps, (
        f"/api/ask kept at best {max(kept):.0f} of its {alone_rps:.0f} requests/s with /align "
        "hammered"
    )


# --- (d) a new build is served without a restart -----------------------------------------------


def test_a_new_build_is_served_without_a_restart(
    production: Deployment, workdir: Path, corpus: Path
) -> None:
    before = get(production.port, "/api/health").json()
    sentence = "Knights of the Grail may sulk for one turn after losing a joust."
    write_section(corpus, "warhammer-fantasy/club-faq/en/faq", f"# Club FAQ\n\n{sentence}\n")
    refbot_build(workdir, corpus)
    clause = "/api/clauses/" + urllib.parse.quote("warhammer-fantasy/club-faq/en/faq#2", safe="/")
    deadline = time.monotonic() + 20
    in_a_row = 0
    # Both workers, each on its own next check: ten answers in a row from the new build, each
    # request to whichever worker nginx picks (the clause served and health counting it; a
    # worker that has not checked yet still reports the old build).
    while in_a_row < 10:
        assert time.monotonic() < deadline, "the new build was not served"
        served = get(production.port, clause).status == 200
        counted = get(production.port, "/api/health").json()["clauses"]  # type: ignore[index]
        in_a_row = in_a_row + 1 if served and counted == before["clauses"] + 2 else 0  # type: ignore[operator]
        time.sleep(0.05)
    after = get(production.port, "/api/health").json()
    # Health reports the build served: its clauses (built_at has one-second resolution, and a
    # build started in the same second as the fixture's reads the same).
    assert after["built_at"] >= before["built_at"] and after["status"] == "ok"  # type: ignore[operator]
    assert after["clauses"] == before["clauses"] + 2  # type: ignore[operator]
    answer = get(production.port, ask_path(sentence)).json()
    assert "warhammer-fantasy/club-faq/en/faq#2" in [c["id"] for c in answer["citations"]]  # type: ignore[union-attr, index]


def test_a_document_published_from_the_admin_page_is_served_by_every_worker(
    production: Deployment,
) -> None:
    import httpx

    bearer = {"Authorization": f"Bearer {ADMIN_TOKEN}"}
    document = squig_docx()
    assert len(document) > 16384  # over the API's body limit: nginx lets /admin/upload take it
    base = f"http://127.0.0.1:{production.port}"
    form = {"game": "warhammer-fantasy", "edition": "squig-rules", "lang": "en", "kind": "rules"}
    files = {"document": ("squig hoppers.docx", document)}
    staged = httpx.post(f"{base}/admin/upload", data=form, files=files, headers=bearer)
    assert staged.status_code == 303, staged.text
    page = staged.headers["location"].split("?")[0]
    published = httpx.post(f"{base}{page}/publish", headers=bearer)
    assert published.status_code == 303, published.text
    deadline = time.monotonic() + 120
    while 'class="state live"' not in (shown := httpx.get(base + page, headers=bearer).text):
        assert 'class="state failed"' not in shown, shown
        assert time.monotonic() < deadline, "the publication did not finish"
        time.sleep(0.5)
    question = ask_path("How far does a Squig Hopper bounce?")
    deadline, in_a_row = time.monotonic() + 20, 0
    while in_a_row < 10:  # both workers, each on its own next check
        assert time.monotonic() < deadline, "the published document was not served"
        answer = get(production.port, question).json()
        # A worker still on the old corpus declines the question: no citation yet.
        cited = answer["citations"] or [{"id": ""}]
        first = cited[0]["id"]  # type: ignore[index]
        in_a_row = in_a_row + 1 if first.startswith("warhammer-fantasy/squig-rules/") else 0
        time.sleep(0.05)
    assert SQUIG_RULE in str(answer["answer"])


# --- (c) one rate limit across the workers ----------------------------------------------------


def cpu_ticks(pid: int) -> int:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])  # utime + stime


def test_the_rate_limit_is_exact_across_workers(
    workdir: Path, corpus: Path, index: Path, redis_url: str
) -> None:
    limit, extra = 30, 9
    deployment = Deployment(
        workdir, corpus, "limited",
        REFBOT_RATE_LIMIT_STORAGE=redis_url.replace("/0", "/1"),
        REFBOT_RATE_LIMIT=f"{limit} per minute",
    )  # fmt: skip
    try:
        deployment.wait_ready()
        workers = deployment.workers()
        before = {pid: cpu_ticks(pid) for pid in workers}
        with ThreadPoolExecutor(8) as pool:
            responses = list(
                pool.map(
                    lambda n: get(deployment.port, ask_path(QUESTIONS[n % len(QUESTIONS)])),
                    range(limit + extra),
                )
            )
        busy = [pid for pid in workers if cpu_ticks(pid) > before[pid]]
    finally:
        deployment.stop()
    statuses = [r.status for r in responses]
    print(f"rate limit {limit}/min over {len(workers)} workers: {statuses.count(200)} answered, "
          f"{statuses.count(429)} refused")  # fmt: skip
    assert len(workers) == 2 and busy == workers  # both workers answered some
    assert statuses.count(200) == limit and statuses.count(429) == extra
    assert {r.error_code() for r in responses if r.status == 429} == {"rate_limited"}


def test_an_unreachable_redis_stops_the_start_with_one_line(
    workdir: Path, corpus: Path, index: Path
) -> None:
    port = free_port()
    deployment = Deployment(
        workdir, corpus, "no-redis", REFBOT_RATE_LIMIT_STORAGE=f"redis://127.0.0.1:{port}/0"
    )
    try:
        status = deployment.process.wait(STARTUP_SECONDS)
    finally:
        deployment.stop()
    output = deployment.output()
    assert status != 0
    assert f"error: setting 'rate_limit_storage': cannot reach redis://127.0.0.1:{port}/0" in output
    assert "Traceback" not in output


# --- the question log: gunicorn's workers share one SQLite file (WAL) ----------------------------


def test_workers_log_questions_and_feedback_into_one_sqlite_file(
    production: Deployment, workdir: Path
) -> None:
    from refbot.store import Store

    workers = production.workers()
    before = {pid: cpu_ticks(pid) for pid in workers}

    def ask_and_rate(n: int) -> tuple[str, int]:
        answer = get(production.port, ask_path(QUESTIONS[n % len(QUESTIONS)])).json()
        body = json.dumps({"answer_id": answer["answer_id"], "helpful": n % 2 == 0}).encode()
        rated = raw(production.port, post("/api/feedback", body))
        return str(answer["answer_id"]), rated.status

    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(ask_and_rate, range(60)))
    busy = [pid for pid in workers if cpu_ticks(pid) > before[pid]]
    assert busy == workers  # both workers wrote
    assert [status for _, status in results] == [201] * 60
    kept = {s.id: verdicts for s, verdicts in Store(f"sqlite:///{workdir / 'refbot.db'}").answers()}
    ids = [answer_id for answer_id, _ in results]
    assert len(set(ids)) == 60 and set(ids) <= set(kept)
    assert all(len(kept[answer_id]) == 1 for answer_id in ids)
    # nginx's access log keeps neither the client's address nor the question.
    logged = (production.run_dir / "nginx-access.log").read_text()
    assert '"GET /api/ask HTTP/1.1" 200' in logged and '"POST /api/feedback' in logged
    assert "127.0.0.1" not in logged and "q=" not in logged
