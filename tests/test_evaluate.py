from __future__ import annotations

import json
from pathlib import Path

import pytest

from refbot.bot import Refbot
from refbot.errors import EvalError
from refbot.evaluate import Question, evaluate, first_hit_rank, read_questions, score
from refbot.index import Hit
from refbot.segment import Clause

EVAL = Path(__file__).resolve().parent.parent / "eval"


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
    report = evaluate(questions, search=lambda q, k: [hit("yes")] if q.q == "a" else [hit("no")])
    assert report.by_lang["en"].recall_at_1 == 1.0
    assert report.by_lang["ru"].recall_at_5 == 0.0
    assert report.overall.recall_at_1 == 0.5


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("not json", "not valid JSON"),
        ('{"gold": ["x"]}', 'needs a non-empty string "q"'),
        ('{"q": "x", "gold": []}', 'give "gold" substrings, or "abstain": true'),
        ('{"q": "x", "gold": "x"}', '"gold" must be'),
        ('{"q": "x", "abstain": "yes"}', '"abstain" must be true or false'),
        ('{"q": "x", "gold": ["y"], "expect": 3}', '"expect" must be an object'),
    ],
)
def test_bad_line_is_named(tmp_path: Path, line: str, problem: str) -> None:
    path = tmp_path / "dev.jsonl"
    path.write_text('{"q": "ok", "gold": ["x"]}\n' + line + "\n", encoding="utf-8")
    with pytest.raises(EvalError, match=f"dev.jsonl:2: {problem}"):
        read_questions(path)


@pytest.mark.parametrize("name", ["dev.jsonl", "test.jsonl"])
def test_shipped_sets_cover_seven_languages_and_out_of_scope(name: str) -> None:
    questions = read_questions(EVAL / name)
    assert {"en", "es", "ru", "de", "fr", "it", "pl"} <= {q.lang for q in questions}
    assert sum(q.abstain for q in questions) >= 7


def test_dev_set_size() -> None:
    questions = read_questions(EVAL / "dev.jsonl")
    assert sum(1 for q in questions if q.gold) >= 60
    assert sum(q.abstain for q in questions) >= 10


def test_rule_and_abstention_are_scored() -> None:
    questions = [
        Question("a", ("yes",), "en", 1, rule="pursuit", expect={"caught": True}),
        Question("b", (), "en", 2, abstain=True),
        Question("c", ("yes",), "en", 3),
        # Verified, but not the expected outcome: counted verified, not right and verified.
        Question("d", ("yes",), "en", 4, rule="pursuit", expect={"caught": False}),
    ]
    answers = {
        "a": {
            "citations": [{"text": "yes"}],
            "abstained": False,
            "rules": [{"id": "pursuit", "outcome": {"caught": True}, "verified": True}],
        },
        "b": {"citations": [], "abstained": True},
        "c": {"citations": [], "abstained": True},
        "d": {
            "citations": [{"text": "yes"}],
            "abstained": False,
            "rules": [{"id": "pursuit", "outcome": {"caught": True}, "verified": True}],
        },
    }

    class Reply:
        def __init__(self, data: dict[str, object]) -> None:
            self.data = data

        def to_dict(self) -> dict[str, object]:
            return self.data

    report = evaluate(questions, ask=lambda q, k: Reply(answers[q.q]))
    assert report.rules() == {"n": 2, "correct": 1, "verified": 2, "right_and_verified": 1}
    assert report.abstention() == {
        "out_of_scope": 1,
        "abstained": 2,
        "precision": 0.5,
        "recall": 1.0,
    }


@pytest.mark.parametrize("name", ["dev.jsonl", "test.jsonl"])
def test_shipped_gold_strings_exist_in_the_corpus(bot: Refbot, name: str) -> None:
    texts = [c.text.casefold() for c in bot.clauses()]
    for line in (EVAL / name).read_text(encoding="utf-8").splitlines():
        for gold in json.loads(line).get("gold", []):
            assert any(gold.casefold() in t for t in texts), gold
