"""Score `refbot align` on the hand-aligned test documents in eval/align/gold.json.

    python tools/align_eval.py
Prints link precision and recall (links with clauses on both sides) and unlinked-clause recall.
"""

from __future__ import annotations

import json
from pathlib import Path

from refbot.bot import Refbot

ROOT = Path(__file__).resolve().parent.parent


def links(alignment) -> tuple[set[tuple[tuple[int, ...], tuple[int, ...]]], set[tuple[int, ...]]]:  # type: ignore[no-untyped-def]
    """Return the both-sided links and the clauses left alone, as 1-based clause numbers."""
    number_a = {c.id: i for i, c in enumerate(alignment.a.clauses, 1)}
    number_b = {c.id: i for i, c in enumerate(alignment.b.clauses, 1)}
    both, alone = set(), set()
    for pair in alignment.pairs:
        a = tuple(number_a[c.id] for c in pair.a)
        b = tuple(-number_b[c.id] for c in pair.b)
        (both.add((a, b)) if a and b else alone.add(a or b))
    return both, alone


def main() -> None:
    bot = Refbot()
    gold_sets = json.loads((ROOT / "eval" / "align" / "gold.json").read_text(encoding="utf-8"))
    found_total = gold_total = hit_total = alone_hit = alone_total = 0
    for name, gold in gold_sets.items():
        alignment = bot.align(str(ROOT / gold["a"]), str(ROOT / gold["b"]))
        found, alone = links(alignment)
        expected = {(tuple(a), tuple(-j for j in b)) for a, b in gold["links"] if a and b}
        expected_alone = {
            tuple(a) or tuple(-j for j in b) for a, b in gold["links"] if not (a and b)
        }
        hits = len(found & expected)
        print(
            f"{name}: {hits}/{len(found)} links correct, {hits}/{len(expected)} gold links found, "
            f"{len(alone & expected_alone)}/{len(expected_alone)} unlinked clauses found"
        )
        found_total += len(found)
        gold_total += len(expected)
        hit_total += hits
        alone_hit += len(alone & expected_alone)
        alone_total += len(expected_alone)
    print(
        f"precision {hit_total / found_total:.3f}, recall {hit_total / gold_total:.3f}, "
        f"unlinked recall {alone_hit / alone_total:.3f}"
    )


if __name__ == "__main__":
    main()
