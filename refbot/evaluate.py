"""Measure retrieval on a development set: Recall@1, Recall@5 and MRR, overall and per language."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from pathlib import Path

from refbot.errors import EvalError
from refbot.index import Hit

MRR_DEPTH = 10


@dataclass(frozen=True)
class Question:
    """One development question and the substrings that mark a correct clause."""

    q: str
    gold: tuple[str, ...]
    lang: str
    line: int


@dataclass(frozen=True)
class Scores:
    """Retrieval figures for a group of questions."""

    n: int
    recall_at_1: float
    recall_at_5: float
    mrr: float


@dataclass(frozen=True)
class Report:
    """Scores overall and per question language, and the rank each question got."""

    overall: Scores
    by_lang: dict[str, Scores]
    ranks: list[tuple[Question, int | None]]

    def to_dict(self) -> dict[str, object]:
        """Return the figures and each question's rank as JSON-ready data."""
        return {
            "overall": asdict(self.overall),
            "by_lang": {lang: asdict(s) for lang, s in self.by_lang.items()},
            "questions": [
                {"line": q.line, "q": q.q, "lang": q.lang, "rank": rank} for q, rank in self.ranks
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
        gold = data.get("gold")
        if (
            not isinstance(gold, list)
            or not gold
            or not all(isinstance(g, str) and g for g in gold)
        ):
            raise EvalError(f'{where}: "gold" must be a non-empty list of non-empty strings')
        lang = data.get("lang", "und")
        questions.append(Question(data["q"], tuple(gold), str(lang), number))
    if not questions:
        raise EvalError(f"{path}: no questions")
    return questions


def first_hit_rank(hits: Iterable[Hit], gold: Iterable[str]) -> int | None:
    """Return the 1-based rank of the first hit containing a gold substring, case-insensitively."""
    needles = [g.casefold() for g in gold]
    for rank, hit in enumerate(hits, start=1):
        text = hit.clause.text.casefold()
        if any(needle in text for needle in needles):
            return rank
    return None


def score(ranks: list[int | None]) -> Scores:
    """Return Recall@1, Recall@5 and MRR@10 for a list of first-hit ranks."""
    n = len(ranks)
    return Scores(
        n=n,
        recall_at_1=sum(1 for r in ranks if r is not None and r <= 1) / n,
        recall_at_5=sum(1 for r in ranks if r is not None and r <= 5) / n,
        mrr=sum(1 / r for r in ranks if r is not None and r <= MRR_DEPTH) / n,
    )


def evaluate(questions: list[Question], search: Callable[[str, int], list[Hit]]) -> Report:
    """Run every question through search and score the ranks of the first correct clause."""
    ranks = [(q, first_hit_rank(search(q.q, MRR_DEPTH), q.gold)) for q in questions]
    by_lang: dict[str, list[int | None]] = {}
    for question, rank in ranks:
        by_lang.setdefault(question.lang, []).append(rank)
    return Report(
        overall=score([rank for _, rank in ranks]),
        by_lang={lang: score(r) for lang, r in sorted(by_lang.items())},
        ranks=ranks,
    )
