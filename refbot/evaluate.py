"""Measure a development set: retrieval (Recall@1, Recall@5, MRR), rules outcomes, abstention."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from refbot.errors import EvalError
from refbot.index import Hit

MRR_DEPTH = 10


@dataclass(frozen=True)
class Question:
    """One development question: gold substrings, an expected rule outcome, or an abstention."""

    q: str
    gold: tuple[str, ...]
    lang: str
    line: int
    rule: str | None = None
    expect: dict[str, Any] | None = None
    abstain: bool = False


@dataclass(frozen=True)
class Scores:
    """Retrieval figures for a group of questions."""

    n: int
    recall_at_1: float
    recall_at_5: float
    mrr: float


@dataclass(frozen=True)
class Outcome:
    """What the pipeline did with one question."""

    question: Question
    rank: int | None
    abstained: bool
    rule_ok: bool | None
    verified: bool | None


@dataclass(frozen=True)
class Report:
    """Scores overall and per question language, rules and abstention, and each outcome."""

    overall: Scores
    by_lang: dict[str, Scores]
    outcomes: list[Outcome]

    def rules(self) -> dict[str, Any]:
        """Return how many rule questions got the expected rule and outcome, and were verified."""
        checked = [o for o in self.outcomes if o.question.rule]
        return {
            "n": len(checked),
            "correct": sum(1 for o in checked if o.rule_ok),
            "verified": sum(1 for o in checked if o.verified),
            # What the aim counts: the expected outcome, and retrieval stating its rule.
            "right_and_verified": sum(1 for o in checked if o.rule_ok and o.verified),
        }

    def abstention(self) -> dict[str, Any]:
        """Return the precision and recall of abstaining on out-of-scope questions."""
        abstained = [o for o in self.outcomes if o.abstained]
        should = [o for o in self.outcomes if o.question.abstain]
        right = [o for o in abstained if o.question.abstain]
        return {
            "out_of_scope": len(should),
            "abstained": len(abstained),
            "precision": len(right) / len(abstained) if abstained else 1.0,
            "recall": len(right) / len(should) if should else 1.0,
        }

    def to_dict(self) -> dict[str, Any]:
        """Return the figures and each question's outcome as JSON-ready data."""
        return {
            "overall": asdict(self.overall),
            "by_lang": {lang: asdict(s) for lang, s in self.by_lang.items()},
            "rules": self.rules(),
            "abstention": self.abstention(),
            "questions": [
                {
                    "line": o.question.line,
                    "q": o.question.q,
                    "lang": o.question.lang,
                    "rank": o.rank,
                    "abstained": o.abstained,
                    "rule_ok": o.rule_ok,
                }
                for o in self.outcomes
            ],
        }


def read_questions(path: Path) -> list[Question]:
    """Read a JSONL development set; raise EvalError naming the line of any bad entry."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise EvalError(f"{path}: cannot read ({exc})") from None
    questions = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise EvalError(f"{where}: not valid JSON ({exc.msg})") from None
        if (
            not isinstance(data, dict)
            or not isinstance(data.get("q"), str)
            or not data["q"].strip()
        ):
            raise EvalError(f'{where}: needs a non-empty string "q"')
        gold = data.get("gold", [])
        abstain = data.get("abstain", False)
        if not isinstance(gold, list) or not all(isinstance(g, str) and g for g in gold):
            raise EvalError(f'{where}: "gold" must be a list of non-empty strings')
        if not gold and not abstain:
            raise EvalError(f'{where}: give "gold" substrings, or "abstain": true')
        if not isinstance(abstain, bool):
            raise EvalError(f'{where}: "abstain" must be true or false')
        expect = data.get("expect")
        if expect is not None and not isinstance(expect, dict):
            raise EvalError(f'{where}: "expect" must be an object of outcome keys')
        questions.append(
            Question(
                data["q"],
                tuple(gold),
                str(data.get("lang", "und")),
                number,
                rule=data.get("rule"),
                expect=expect,
                abstain=abstain,
            )
        )
    if not questions:
        raise EvalError(f"{path}: no questions")
    return questions


def first_hit_rank(hits: Iterable[Hit], gold: Iterable[str]) -> int | None:
    """Return the 1-based rank of the first hit containing a gold substring, case-insensitively."""
    return first_text_rank((hit.clause.text for hit in hits), gold)


def first_text_rank(texts: Iterable[str], gold: Iterable[str]) -> int | None:
    """Return the 1-based rank of the first text containing a gold substring, case-insensitively."""
    needles = [g.casefold() for g in gold]
    for rank, text in enumerate(texts, start=1):
        if any(needle in text.casefold() for needle in needles):
            return rank
    return None


def score(ranks: list[int | None]) -> Scores:
    """Return Recall@1, Recall@5 and MRR@10 for a list of first-hit ranks."""
    n = len(ranks)
    if n == 0:
        return Scores(0, 0.0, 0.0, 0.0)
    return Scores(
        n=n,
        recall_at_1=sum(1 for r in ranks if r is not None and r <= 1) / n,
        recall_at_5=sum(1 for r in ranks if r is not None and r <= 5) / n,
        mrr=sum(1 / r for r in ranks if r is not None and r <= MRR_DEPTH) / n,
    )


def contains(outcome: Any, expected: Any) -> bool:
    """Return whether expected is a sub-structure of outcome (dicts compared key by key)."""
    if isinstance(expected, dict):
        return isinstance(outcome, dict) and all(
            k in outcome and contains(outcome[k], v) for k, v in expected.items()
        )
    return bool(outcome == expected)


def _judge(question: Question, answer: dict[str, Any]) -> Outcome:
    texts = [c["text"] for c in answer["citations"]]
    rank = first_text_rank(texts, question.gold) if question.gold else None
    rule_ok = verified = None
    if question.rule:
        same = [r for r in answer.get("rules") or [] if r["id"] == question.rule]
        rule_ok = any(contains(r["outcome"], question.expect or {}) for r in same)
        verified = bool(same) and all(r["verified"] for r in same)
    return Outcome(question, rank, answer["abstained"], rule_ok, verified)


def evaluate(
    questions: list[Question],
    search: Callable[[Question, int], list[Hit]] | None = None,
    ask: Callable[[Question, int], Any] | None = None,
) -> Report:
    """Run every question through the pipeline (`ask`) or a bare search, and score it."""
    outcomes = []
    for question in questions:
        if ask is not None:
            answer = ask(question, MRR_DEPTH).to_dict()
        else:
            assert search is not None
            hits = search(question, MRR_DEPTH)
            answer = {"citations": [{"text": h.clause.text} for h in hits], "abstained": False}
        outcomes.append(_judge(question, answer))
    scored = [o for o in outcomes if o.question.gold]
    by_lang: dict[str, list[int | None]] = {}
    for o in scored:
        by_lang.setdefault(o.question.lang, []).append(o.rank)
    return Report(
        overall=score([o.rank for o in scored]),
        by_lang={lang: score(r) for lang, r in sorted(by_lang.items())},
        outcomes=outcomes,
    )
