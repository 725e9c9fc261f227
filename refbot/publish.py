"""Publish a document from the web: stage an upload, preview its import, write it and rebuild.

An upload is kept in a staging folder beside the index (`<index_dir>/../uploads/<id>/`), never
inside the served corpus. Its preview is `refbot add --dry-run` (`import_files`); publishing is
`refbot add` then `refbot build`, with the sections it replaced put back if the build fails,
so that the corpus stays the one the last good index was built from. Each upload's state
(publishing, live, failed) is a small JSON file, so that every worker of the service shows it.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import threading
from dataclasses import asdict, dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import IO

from filelock import FileLock
from werkzeug.utils import secure_filename

from refbot.bot import Refbot
from refbot.errors import DocumentError, RefbotError, UnknownUpload
from refbot.ingest import FORMATS, IMPORTED_KINDS, ImportReport, import_files, write_atomically

UPLOADS = "uploads"  # the staging folder, beside the index folder
UPLOAD_ID = re.compile(r"[0-9a-f]{16}")
META, STATUS = "upload.json", "status.json"
PUBLISH_LOCK = ".publish.lock"  # one publication at a time writes the corpus and builds
COPY_CHUNK = 1 << 20
# Uploads older than this are removed when the next one is staged, whatever their state, except
# one being published: the corpus holds what was published, the page lists only the latest.
KEEP_UPLOADS_DAYS = 30


class State(StrEnum):
    """Where a publication stands."""

    STAGED = "staged"  # uploaded and previewed, not published
    PUBLISHING = "publishing"  # written into the corpus, the index is being rebuilt
    LIVE = "live"  # the new build is current: the service answers from it
    FAILED = "failed"  # nothing changed: the corpus is as it was, the last good index serves


@dataclass(frozen=True)
class Upload:
    """One staged document and the options it is imported with (those of `refbot add`)."""

    id: str
    filename: str
    game: str
    edition: str
    lang: str | None
    units: str | None
    kind: str
    uploaded_at: str


@dataclass(frozen=True)
class Status:
    """The state of an upload's publication, with the build it made or the error that stopped it."""

    state: State
    error: str = ""
    build_id: str = ""
    clauses: int = 0
    changed: tuple[str, ...] = ()  # the corpus sections the publication wrote
    at: str = ""
    pid: int = 0  # the process publishing it, while it does


def safe_filename(name: str) -> str:
    """Return an uploaded file's name made safe to store (werkzeug), or raise DocumentError."""
    suffix = Path(name).suffix.lower()
    if suffix not in FORMATS:
        shown = name or "(no file)"
        raise DocumentError(
            shown, f"unsupported format {suffix or '(none)'} (known: {', '.join(FORMATS)})"
        )
    stem = secure_filename(Path(name).stem)[:100] or "document"
    return stem + suffix


class Staging:
    """The staging folder: uploads kept until published, each with its state."""

    def __init__(self, root: Path) -> None:
        self.root = root

    @classmethod
    def beside(cls, index_dir: Path) -> Staging:
        """Return the staging folder beside an index folder."""
        return cls(index_dir.absolute().parent / UPLOADS)

    def stage(
        self,
        name: str,
        stream: IO[bytes],
        *,
        game: str,
        edition: str,
        lang: str | None,
        units: str | None,
        kind: str,
        max_bytes: int,
    ) -> Upload:
        """Keep an uploaded file (at most max_bytes) and its options; raise DocumentError."""
        filename = safe_filename(name)
        if kind not in IMPORTED_KINDS:
            raise DocumentError("kind", f"must be one of {', '.join(IMPORTED_KINDS)}")
        self.prune()
        upload = Upload(
            id=secrets.token_hex(8),
            filename=filename,
            game=game,
            edition=edition,
            lang=lang or None,
            units=units or None,
            kind=kind,
            uploaded_at=_now(),
        )
        folder = self.root / upload.id
        folder.mkdir(parents=True)
        try:
            size = 0
            with (folder / filename).open("wb") as out:
                while chunk := stream.read(COPY_CHUNK):
                    size += len(chunk)
                    if size > max_bytes:
                        raise DocumentError(
                            filename,
                            f"over the import limit of {max_bytes} bytes "
                            "(setting max_import_bytes)",
                        )
                    out.write(chunk)
            _write_json(folder / META, asdict(upload))
            _write_json(folder / STATUS, _status_dict(Status(State.STAGED, at=_now())))
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        return upload

    def get(self, upload_id: str) -> Upload:
        """Return a staged upload, or raise UnknownUpload."""
        if not UPLOAD_ID.fullmatch(upload_id):
            raise UnknownUpload(f"no upload has the id {upload_id!r}")
        try:
            data = json.loads((self.root / upload_id / META).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            raise UnknownUpload(f"no upload has the id {upload_id!r}") from None
        return Upload(**data)

    def prune(self, days: int = KEEP_UPLOADS_DAYS) -> list[str]:
        """Remove the uploads staged more than `days` ago, except one being published."""
        cutoff = datetime.now(UTC) - timedelta(days=days)
        removed = []
        for upload, status in self.recent(limit=None):
            try:
                staged_at = datetime.fromisoformat(upload.uploaded_at)
            except ValueError:
                continue  # a date this code did not write: left for a person to judge
            if staged_at < cutoff and status.state is not State.PUBLISHING:
                self.remove(upload)
                removed.append(upload.id)
        return removed

    def path(self, upload: Upload) -> Path:
        """Return where the uploaded file is kept."""
        return self.root / upload.id / upload.filename

    def remove(self, upload: Upload) -> None:
        """Forget an upload and its file."""
        shutil.rmtree(self.root / upload.id, ignore_errors=True)

    def status(self, upload: Upload) -> Status:
        """Return where the upload's publication stands."""
        try:
            data = json.loads((self.root / upload.id / STATUS).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return Status(State.STAGED)
        status = Status(
            state=State(data["state"]),
            error=data.get("error", ""),
            build_id=data.get("build_id", ""),
            clauses=int(data.get("clauses", 0)),
            changed=tuple(data.get("changed", ())),
            at=data.get("at", ""),
            pid=int(data.get("pid", 0)),
        )
        if status.state is State.PUBLISHING and not _alive(status.pid):
            # The worker stopped mid-build (a restart, a crash): say so rather than wait forever.
            return Status(
                State.FAILED,
                error=f"the process publishing it (pid {status.pid}) stopped; publish again",
                at=status.at,
            )
        return status

    def set_status(self, upload: Upload, status: Status) -> None:
        """Record where the upload's publication stands (atomically: workers read it)."""
        _write_json(self.root / upload.id / STATUS, _status_dict(status))

    def recent(self, limit: int | None = 10) -> list[tuple[Upload, Status]]:
        """Return the latest uploads with their states, newest first (all without a limit)."""
        found = []
        if self.root.is_dir():
            for folder in self.root.iterdir():
                if UPLOAD_ID.fullmatch(folder.name) and (folder / META).exists():
                    try:
                        upload = self.get(folder.name)
                    except UnknownUpload:
                        continue
                    found.append((upload, self.status(upload)))
        found.sort(key=lambda pair: pair[0].uploaded_at, reverse=True)
        return found[:limit]

    def preview(self, upload: Upload, corpus_dir: Path, max_bytes: int) -> ImportReport:
        """Return what publishing would write (`refbot add --dry-run`); nothing is written.

        Sections that differ from what the corpus holds (edited by hand since their import,
        or imported from another file) show as `overwritten`: publishing them needs consent.
        """
        return self._import(upload, corpus_dir, max_bytes, overwrite=True, dry_run=True)

    def publish(
        self, upload: Upload, bot: Refbot, *, overwrite: bool, background: bool = True
    ) -> threading.Thread | None:
        """Check the upload imports, then write it and rebuild the index (in a thread).

        Raises DocumentError at once (nothing written) when it cannot be imported, or would
        replace edited sections without `overwrite`; the build's outcome goes to its status.
        """
        settings = bot.settings
        self._import(upload, settings.corpus_dir, settings.max_import_bytes, overwrite, True)
        self.set_status(upload, Status(State.PUBLISHING, at=_now(), pid=os.getpid()))
        if not background:
            self._publish(upload, bot, overwrite)
            return None
        # A build of a large corpus takes longer than a request may (nginx waits 60 s): the
        # page shows it in progress and the service keeps answering from the last good index.
        thread = threading.Thread(
            target=self._publish, args=(upload, bot, overwrite), name=f"publish-{upload.id}"
        )
        thread.start()
        return thread

    def _import(
        self, upload: Upload, corpus_dir: Path, max_bytes: int, overwrite: bool, dry_run: bool
    ) -> ImportReport:
        # The code path of `refbot add`: the same planning, refusals and atomic writes.
        return import_files(
            [self.path(upload)],
            corpus_dir,
            upload.game,
            upload.edition,
            upload.lang,
            upload.units,
            kind=upload.kind,
            max_bytes=max_bytes,
            dry_run=dry_run,
            force=overwrite,
        )

    def _publish(self, upload: Upload, bot: Refbot, overwrite: bool) -> None:
        """Write the upload into the corpus and rebuild; on failure put the corpus back."""
        settings = bot.settings
        self.root.mkdir(parents=True, exist_ok=True)
        with FileLock(self.root / PUBLISH_LOCK):
            saved: dict[Path, str | None] = {}
            try:
                planned = self._import(
                    upload, settings.corpus_dir, settings.max_import_bytes, overwrite, True
                )
                changed = [
                    s.path for f in planned.files for s in f.sections if s.status != "unchanged"
                ]
                for path in changed:
                    target = settings.corpus_dir / path
                    saved[target] = target.read_text("utf-8") if target.exists() else None
                self._import(
                    upload, settings.corpus_dir, settings.max_import_bytes, overwrite, False
                )
                report = bot.build()
                manifest = bot.manifest()
            except RefbotError as exc:
                _restore(saved)
                self.set_status(upload, Status(State.FAILED, error=str(exc), at=_now()))
                return
            except Exception as exc:  # the page must say it failed, not show it in progress
                _restore(saved)
                problem = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
                self.set_status(upload, Status(State.FAILED, error=problem, at=_now()))
                raise
            self.set_status(
                upload,
                Status(
                    State.LIVE,
                    build_id=manifest.build_id,
                    clauses=report.clause_count,
                    changed=tuple(changed),
                    at=_now(),
                ),
            )


def _alive(pid: int) -> bool:
    """Return whether a process of this machine (a worker of the service) is still running."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # it exists, as another user
    return True


def _restore(saved: dict[Path, str | None]) -> None:
    """Put corpus files back as they were before a publication whose build failed."""
    for target, content in saved.items():
        if content is None:
            target.unlink(missing_ok=True)
        else:
            write_atomically(target, content, prefix=".publish-")


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _status_dict(status: Status) -> dict[str, object]:
    data = asdict(status)
    data["state"] = status.state.value
    data["changed"] = list(status.changed)
    return data


def _write_json(path: Path, data: dict[str, object]) -> None:
    write_atomically(path, json.dumps(data, ensure_ascii=False, indent=1), prefix=".publish-")
