"""Persist clause vectors in a FAISS inner-product index, written atomically and checked on load."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import tempfile
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

import faiss
import numpy as np

from refbot.errors import IndexCorrupt, IndexMismatch, IndexMissing
from refbot.segment import Clause

# 2: clauses carry their block; 3: the errata amending them; 4: their translation links
FORMAT_VERSION = 4
POINTER = "CURRENT"
MANIFEST = "manifest.json"
CLAUSES = "clauses.jsonl"
VECTORS = "vectors.faiss"


@dataclass(frozen=True)
class Manifest:
    """What an index was built from, so that a mismatch is never used silently."""

    model: str
    dimension: int
    corpus_hash: str
    clause_count: int
    index_type: str = "flat"
    format_version: int = FORMAT_VERSION
    built_at: str = field(
        default_factory=lambda: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    )
    files: dict[str, str] = field(default_factory=dict)

    @property
    def build_id(self) -> str:
        """Return an id of the build's content: builds of the same files share it."""
        content = json.dumps([self.model, self.index_type, self.files], sort_keys=True)
        return hashlib.sha256(content.encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class Hit:
    """One clause returned by a search, with its cosine score."""

    clause: Clause
    score: float

    def to_dict(self) -> dict[str, object]:
        """Return the clause's fields and the score, rounded for stable output."""
        return {**self.clause.to_dict(), "score": round(self.score, 4)}


class Index:
    """A loaded index: its manifest, its clause table and the FAISS vectors."""

    def __init__(self, manifest: Manifest, clauses: list[Clause], vectors: faiss.Index) -> None:
        self.manifest = manifest
        self.clauses = clauses
        self.vectors = vectors

    def search(self, query: np.ndarray, k: int, allowed: Sequence[int] | None = None) -> list[Hit]:
        """Return the k nearest clauses to a unit query vector, optionally among allowed rows."""
        if allowed is not None and len(allowed) == 0:
            return []
        params = None
        if allowed is not None:
            selector = faiss.IDSelectorBatch(np.asarray(allowed, "int64"))
            params = faiss.SearchParameters(sel=selector)  # type: ignore[call-arg]
        k = min(k, self.vectors.ntotal)
        scores, rows = self.vectors.search(
            query.reshape(1, -1).astype(np.float32), k, params=params
        )
        return [
            Hit(self.clauses[row], float(score))
            for score, row in zip(scores[0], rows[0], strict=True)
            if row >= 0
        ]


INDEX_TYPES = ("flat", "hnsw", "ivf")
HNSW_NEIGHBOURS = 32
HNSW_SEARCH_DEPTH = 128


def make_vector_index(vectors: np.ndarray, index_type: str = "flat") -> faiss.Index:
    """Return a FAISS inner-product index of the vectors: exact (flat) or approximate.

    HNSW (a graph, no training) and IVF (k-means cells, trained on the vectors; sqrt(n) cells,
    searching a tenth of them) pay off only on large corpora: see bench/ for the crossover.
    """
    data = np.ascontiguousarray(vectors, dtype=np.float32)
    n, dimension = data.shape
    index: faiss.Index
    if index_type == "hnsw":
        graph = faiss.IndexHNSWFlat(dimension, HNSW_NEIGHBOURS, faiss.METRIC_INNER_PRODUCT)
        graph.hnsw.efSearch = HNSW_SEARCH_DEPTH
        index = graph
    elif index_type == "ivf" and n >= 64:
        cells = max(8, int(n**0.5))
        quantizer = faiss.IndexFlatIP(dimension)
        inverted = faiss.IndexIVFFlat(quantizer, dimension, cells, faiss.METRIC_INNER_PRODUCT)
        inverted.train(data)
        inverted.nprobe = max(1, cells // 10)
        index = inverted
    elif index_type in INDEX_TYPES:
        index = faiss.IndexFlatIP(dimension)
    else:
        raise ValueError(f"index type must be one of {', '.join(INDEX_TYPES)}, not {index_type!r}")
    index.add(data)
    return index


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _fsync_write(path: Path, data: bytes) -> None:
    with path.open("wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def save_index(
    directory: Path, clauses: Sequence[Clause], vectors: np.ndarray, manifest: Manifest
) -> Path:
    """Write a new build beside the current one, then switch the pointer to it atomically."""
    directory.mkdir(parents=True, exist_ok=True)
    build = Path(tempfile.mkdtemp(prefix="build-", dir=directory))
    faiss.write_index(make_vector_index(vectors, manifest.index_type), str(build / VECTORS))
    lines = "".join(json.dumps(c.to_dict(), ensure_ascii=False) + "\n" for c in clauses)
    _fsync_write(build / CLAUSES, lines.encode("utf-8"))
    files = {name: _sha256(build / name) for name in (VECTORS, CLAUSES)}
    final = Manifest(**{**asdict(manifest), "files": files})
    _fsync_write(build / MANIFEST, json.dumps(asdict(final), indent=2).encode("utf-8"))
    pointer = directory / (POINTER + ".tmp")
    _fsync_write(pointer, build.name.encode("utf-8"))
    # os.replace is atomic: a reader sees the old build or the new one, never a mix.
    os.replace(pointer, directory / POINTER)
    for old in directory.glob("build-*"):
        if old != build:
            shutil.rmtree(old, ignore_errors=True)
    return build


def current_build(directory: Path) -> Path:
    """Return the folder of the current build, or raise IndexMissing."""
    try:
        name = (directory / POINTER).read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        raise IndexMissing(f"no index in {directory}: run `refbot build`") from None
    build = directory / name
    if not name.startswith("build-") or "/" in name or not build.is_dir():
        raise IndexCorrupt(f"{directory / POINTER} points to a missing build {name!r}")
    return build


def read_manifest(directory: Path) -> Manifest:
    """Read the current build's manifest, or raise IndexMissing / IndexCorrupt."""
    path = current_build(directory) / MANIFEST
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Manifest(**data)
    except (OSError, ValueError, TypeError) as exc:
        raise IndexCorrupt(f"{path} is unreadable ({exc}): run `refbot build`") from None


def load_index(directory: Path, model: str | None = None, corpus_hash: str | None = None) -> Index:
    """Load and verify the current build; raise a clear error instead of using a bad one."""
    manifest = read_manifest(directory)
    build = current_build(directory)
    if manifest.format_version != FORMAT_VERSION:
        raise IndexMismatch(
            f"index format {manifest.format_version} is not the supported {FORMAT_VERSION}: "
            "run `refbot build`"
        )
    if model is not None and manifest.model != model:
        raise IndexMismatch(
            f"index was built with model {manifest.model!r}, not the configured {model!r}: "
            "run `refbot build`"
        )
    if corpus_hash is not None and manifest.corpus_hash != corpus_hash:
        raise IndexMismatch("the corpus changed since the index was built: run `refbot build`")
    for name in (VECTORS, CLAUSES):
        path = build / name
        try:
            intact = _sha256(path) == manifest.files.get(name)
        except OSError:  # missing, or removed by a newer build while we read it
            intact = False
        if not intact:
            raise IndexCorrupt(
                f"{path} is missing or damaged (checksum mismatch): run `refbot build`"
            )
    try:
        vectors = faiss.read_index(str(build / VECTORS))
        clauses = [
            Clause.from_dict(json.loads(line))
            for line in (build / CLAUSES).read_text(encoding="utf-8").splitlines()
        ]
    except (OSError, RuntimeError, ValueError, TypeError, KeyError) as exc:
        raise IndexCorrupt(f"{build} cannot be read ({exc}): run `refbot build`") from None
    if vectors.ntotal != len(clauses) or len(clauses) != manifest.clause_count:
        raise IndexCorrupt(f"{build}: vector and clause counts disagree: run `refbot build`")
    if vectors.d != manifest.dimension:
        raise IndexCorrupt(f"{build}: vectors have dimension {vectors.d}, not {manifest.dimension}")
    return Index(manifest, clauses, vectors)
