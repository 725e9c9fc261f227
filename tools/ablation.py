"""Print the retrieval ablation table quoted in the README: the pipeline with one part switched off.

python tools/ablation.py
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from refbot.bot import Refbot

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    bot = Refbot()
    base = bot.retriever.weights
    variants = {
        "full": base,
        "no dense": replace(base, dense=0),
        "no BM25": replace(base, bm25=0),
        "no concepts": replace(base, concepts=0),
        "dense only": replace(base, bm25=0, concepts=0),
        "no provenance bonus": replace(base, provenance=0),
    }
    print("| variant | dev R@1 | dev R@5 | dev MRR | test R@1 | test R@5 | test MRR |")
    print("|---|---|---|---|---|---|---|")
    for name, weights in variants.items():
        bot.retriever.weights = weights
        cells = []
        for part in ("dev", "test"):
            s = bot.evaluate(ROOT / "eval" / f"{part}.jsonl").overall
            cells += [f"{s.recall_at_1:.3f}", f"{s.recall_at_5:.3f}", f"{s.mrr:.3f}"]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
