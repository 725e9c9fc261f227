from __future__ import annotations

import json
from pathlib import Path

import pytest

from refbot.bot import Refbot
from refbot.errors import EvalError
from refbot.evaluate import Question, evaluate, first_hit_rank, read_questions, score
from refbot.index import Hit
from refbot.segment import Clause


def hit(text: str) -> Hit:
    clause = Clause("g/e/en/s#1", text, "rule", (), "en", "g", "e", "s", "s.txt", "in", None)
    return Hit(clause, 0.5)


def test_first_hit_rank_is_case_insensitive() -> None:
    hits = [hit("Nothing here."), hit("The unit is DESTROYED where they stand.")]
    assert first_hit_rank(hits, ["destroyed where"]) == 2
    assert first_hit_rank(hits, ["absent"]) is None


def test_scores() -> None:
    result = score([1, 2, None, 6])
    assert (result.n, result.recall_at_1, result.recall_at_5) == (4, 0.25, 0.5)
    assert result.mrr == pytest.approx((1 + 1 / 2 + 1 / 6) / 4)


def test_report_groups_by_language() -> None:
    questions = [Question("a", ("yes",), "en", 1), Question("b", ("yes",), "ru", 2)]
    report = evaluate(questions, lambda q, k: [hit("yes")] if q == "a" else [hit("no")])
    assert report.by_lang["en"].recall_at_1 == 1.0
    assert report.by_lang["ru"].recall_at_5 == 0.0
    assert report.overall.recall_at_1 == 0.5


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("not json", "not valid JSON"),
        ('{"gold": ["x"]}', 'needs a non-empty string "q"'),
        ('{"q": "x", "gold": []}', '"gold" must be'),
        ('{"q": "x", "gold": "x"}', '"gold" must be'),
    ],
)
def test_bad_line_is_named(tmp_path: Path, line: str, problem: str) -> None:
    path = tmp_path / "dev.jsonl"
    path.write_text('{"q": "ok", "gold": ["x"]}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(EvalError, match=f"dev.jsonl:2: {problem}"):
        read_questions(path)


def test_shipped_dev_set_is_valid_and_covers_five_languages() -> None:
    questions = read_questions(Path(__file__).resolve().parent.parent / "eval" / "dev.jsonl")
    assert len(questions) >= 40
    assert {"en", "es", "ru", "de", "fr"} <= {q.lang for q in questions}


def test_shipped_gold_strings_exist_in_the_corpus(bot: Refbot) -> None:
    texts = [c.text.casefold() for c in bot.clauses()]
    path = Path(__file__).resolve().parent.parent / "eval" / "dev.jsonl"
    for line in path.read_text(encoding="utf-8").splitlines():
        for gold in json.loads(line)["gold"]:
            assert any(gold.casefold() in t for t in texts), gold
