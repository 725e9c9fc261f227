"""Helpers the tests import: the seed corpus's location and a corpus-file writer."""

from __future__ import annotations

import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEED_CORPUS = ROOT / "corpus"


def write_section(root: Path, rel: str, body: str, **meta: object) -> Path:
    """Write a corpus file with front matter built from meta (None values are left out)."""
    game, edition, lang, name = rel.split("/")
    defaults: dict[str, object] = {
        "game": game,
        "edition": edition,
        "lang": lang,
        "units": "in",
        "title": name,
        "source": f"{name}.txt",
    }
    defaults.update(meta)
    header = "".join(f"{k}: {v}\n" for k, v in defaults.items() if v is not None)
    path = root / f"{rel}.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{header}---\n\n{body}", encoding="utf-8")
    return path


SQUIG_TITLE = "Squig Hoppers"
SQUIG_RULE = (
    "A Squig Hopper bounces 3D6 inches in a random direction at the start of each of its turns."
)


def squig_docx(extra: str = "") -> bytes:
    """Return a small DOCX rulebook (python-docx) on a subject the seed corpus does not cover."""
    import io

    import docx

    document = docx.Document()
    document.add_heading(SQUIG_TITLE, 1)
    document.add_paragraph(SQUIG_RULE)
    document.add_paragraph("A Squig Hopper that bounces into an enemy unit counts as charging it.")
    if extra:
        document.add_paragraph(extra)
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def free_port() -> int:
    """Return a loopback port nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def running_redis(folder: Path) -> Iterator[str]:
    """Run a throwaway redis-server on loopback (nothing saved); yield its URL, database 0."""
    import redis

    port = free_port()
    process = subprocess.Popen(
        ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(folder)],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    client = redis.Redis(port=port)
    deadline = time.monotonic() + 20
    while True:
        try:
            client.ping()
            break
        except redis.ConnectionError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("redis-server did not start")
            time.sleep(0.1)
    try:
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)
