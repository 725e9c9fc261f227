from __future__ import annotations

import numpy as np
import pytest
from rank_bm25 import BM25Okapi

from refbot.retrieve import SparseBM25

DOCS = [
    ["flee", "2d6", "unit", "flee"],
    ["pursu", "2d6", "caught"],
    ["overrun", "charg", "unit"],
    ["§flee", "§pursue"],
]


@pytest.mark.parametrize(
    "query", [["flee"], ["flee", "flee", "unit"], ["2d6", "§pursue"], ["absent"], []]
)
def test_sparse_bm25_scores_exactly_as_rank_bm25(query: list[str]) -> None:
    assert np.allclose(SparseBM25(DOCS).get_scores(query), BM25Okapi(DOCS).get_scores(query))
