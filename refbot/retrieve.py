"""Hybrid retrieval: dense (FAISS) + BM25 on stems and concepts + concept overlap, fused."""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from rank_bm25 import BM25Okapi

from refbot.glossary import Glossary, analyze
from refbot.index import Hit, Index
from refbot.question import Question
from refbot.segment import Clause

CONCEPT_TOKEN = "§"  # concept tokens cannot collide with words
QUANTITY = "quantity"  # the intent "how far / how many", met by clauses that state a roll or length
STATES_QUANTITY = re.compile(
    r"\d\s*[dдwk]\s*6|\d+(?:[.,]\d+)?\s*(?:\"|″|cm\b|см|дюйм|inch|pulgad|zoll|pouce|poll|cal)",
    re.I,
)
# Intents that say what the user wants, not what the rule is about: not matched against clauses.
QUERY_ONLY = frozenset({"probability", "reroll"})


@dataclass(frozen=True)
class Weights:
    """How much each retriever counts in the fused score; 0 switches one off.

    Chosen on eval/dev.jsonl (see the README): linear fusion of max-normalised scores beat
    reciprocal rank fusion there, headings' concepts count less than a clause's own, and
    figure captions and worked examples rank a little below the rules they illustrate.
    """

    dense: float = 0.5
    bm25: float = 0.3
    concepts: float = 1.0
    heading: float = 0.3
    example: float = 0.8
    provenance: float = 0.5


class Retriever:
    """Rank an index's clauses for a parsed question."""

    def __init__(self, index: Index, glossary: Glossary, weights: Weights | None = None) -> None:
        self.index = index
        self.clauses: list[Clause] = index.clauses
        self.weights = weights or Weights()
        self.own = [self._own_concepts(c, glossary) for c in self.clauses]
        self.heading = [glossary.concepts_in(c.heading, c.lang, ()) - o for c, o in self._pairs()]
        frequency = Counter(k for o, h in zip(self.own, self.heading, strict=True) for k in o | h)
        total = max(len(self.clauses), 1)
        self.idf = {k: math.log(1 + total / n) for k, n in frequency.items()}
        self.covered = frozenset(frequency)
        self._norm = np.asarray(
            [(sum(self.idf[k] for k in o | h) or 1.0) ** 0.25 for o, h in self._pairs_oh()]
        )
        self.bm25 = BM25Okapi(
            [
                analyze(f"{c.heading} {c.text}", c.lang) + _concept_tokens(o | h)
                for c, (o, h) in zip(self.clauses, self._pairs_oh(), strict=True)
            ]
        )
        self._scale = np.asarray(
            [self.weights.example if c.kind == "example" else 1.0 for c in self.clauses]
        )

    def _pairs(self) -> list[tuple[Clause, set[str]]]:
        return list(zip(self.clauses, self.own, strict=True))

    def _pairs_oh(self) -> list[tuple[set[str], set[str]]]:
        return list(zip(self.own, self.heading, strict=True))

    @staticmethod
    def _own_concepts(clause: Clause, glossary: Glossary) -> set[str]:
        # A clause meets "how far?" by stating a roll or a length, not by saying "distance".
        found = glossary.concepts_in(clause.text, clause.lang, extra_langs=()) - {QUANTITY}
        return found | {QUANTITY} if STATES_QUANTITY.search(clause.text) else found

    def scores(self, question: Question, vector: np.ndarray) -> dict[str, np.ndarray]:
        """Return each retriever's raw score for every clause."""
        n = len(self.clauses)
        dense = np.zeros(n)
        found, rows = self.index.vectors.search(vector.reshape(1, -1).astype(np.float32), n)
        dense[rows[0][rows[0] >= 0]] = found[0][rows[0] >= 0]
        wanted = question.concepts - QUERY_ONLY
        stems = analyze(question.text, question.lang) + _concept_tokens(wanted)
        bm25 = np.asarray(self.bm25.get_scores(stems), dtype=np.float64)
        overlap = np.asarray(
            [
                sum(self.idf[k] for k in wanted & own)
                + self.weights.heading * sum(self.idf[k] for k in wanted & heading)
                for own, heading in self._pairs_oh()
            ]
        )
        return {"dense": dense, "bm25": bm25, "concepts": overlap / self._norm}

    def fuse(self, scores: dict[str, np.ndarray]) -> np.ndarray:
        """Return the weighted sum of max-normalised scores (dense min-max), in [0, 1]."""
        w = self.weights
        dense = scores["dense"]
        spread = dense.max() - dense.min()
        parts = [
            (w.dense, (dense - dense.min()) / spread if spread > 0 else np.zeros_like(dense)),
            (w.bm25, _by_max(scores["bm25"])),
            (w.concepts, _by_max(scores["concepts"])),
        ]
        total = sum(weight for weight, _ in parts) or 1.0
        return sum(weight * part for weight, part in parts) * self._scale / total

    def rank(
        self,
        scores: dict[str, np.ndarray],
        k: int,
        allowed: Sequence[int] | None = None,
        boost: frozenset[str] = frozenset(),
    ) -> list[Hit]:
        """Return the k best clauses by fused score; headings are context, not answers.

        Boosted clauses (those stating a rule the core applied) gain a fixed bonus.
        """
        fused = self.fuse(scores)
        if boost:
            fused = fused + self.weights.provenance * np.asarray(
                [c.id in boost for c in self.clauses], dtype=np.float64
            )
        rows = range(len(self.clauses)) if allowed is None else allowed
        ranked = sorted(
            (r for r in rows if self.clauses[r].kind != "heading"), key=lambda r: (-fused[r], r)
        )
        return [Hit(self.clauses[r], float(fused[r])) for r in ranked[:k]]


def _by_max(values: np.ndarray) -> np.ndarray:
    top = values.max() if len(values) else 0.0
    return values / top if top > 0 else np.zeros_like(values)


def _concept_tokens(concepts: set[str] | frozenset[str]) -> list[str]:
    return [CONCEPT_TOKEN + k for k in sorted(concepts)]
