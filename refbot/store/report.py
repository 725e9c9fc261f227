"""The rules officer's view: answers that abstained, were unsure or were marked not helpful."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import asdict, dataclass, field
from datetime import UTC, date, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

import yaml

from refbot.errors import InvalidSince
from refbot.store.store import Served, Store, Verdict

# A lookup (no rule computed) whose confidence, its best clause's score, is below this is
# unsure. A computation is flagged by whether it was verified, which the store keeps.
LOW_CONFIDENCE = 0.6


class Reason(StrEnum):
    """Why an answer needs the rules officer's eye."""

    ABSTAINED = "abstained"
    UNVERIFIED = "unverified"  # a computed outcome its clauses did not verify
    LOW_CONFIDENCE = "low_confidence"  # a lookup whose best clause scored below the threshold
    NOT_HELPFUL = "not_helpful"


@dataclass(frozen=True)
class Entry:
    """One flagged answer with the feedback it got."""

    id: str
    created_at: datetime
    channel: str
    lang: str
    concept: str | None
    question: str
    answer: str
    confidence: float
    rule: str | None
    game: str | None
    reasons: tuple[Reason, ...]
    helpful: int
    not_helpful: int
    corrections: tuple[str, ...]


@dataclass
class Group:
    """The flagged answers on one concept in one language, with counts per week."""

    concept: str | None
    lang: str
    total: int = 0
    reasons: Counter[str] = field(default_factory=Counter)
    weeks: Counter[str] = field(default_factory=Counter)


@dataclass(frozen=True)
class Report:
    """Every flagged answer since a date, and the groups they fall in."""

    since: datetime | None
    answers: int
    feedback: int
    entries: tuple[Entry, ...]
    groups: tuple[Group, ...]
    threshold: float

    def to_dict(self) -> dict[str, Any]:
        """Return the report as JSON-ready data (`refbot report --json`)."""
        return {
            "since": self.since.isoformat() if self.since else None,
            "answers": self.answers,
            "feedback": self.feedback,
            "low_confidence_below": self.threshold,
            "groups": [
                {
                    "concept": g.concept,
                    "lang": g.lang,
                    "total": g.total,
                    "reasons": {r.value: g.reasons.get(r.value, 0) for r in Reason},
                    "weeks": dict(sorted(g.weeks.items())),
                }
                for g in self.groups
            ],
            "entries": [
                {
                    **asdict(e),
                    "created_at": e.created_at.isoformat(),
                    "reasons": [r.value for r in e.reasons],
                    "corrections": list(e.corrections),
                }
                for e in self.entries
            ],
        }


def week(day: datetime | date) -> str:
    """Return the ISO week of a day, e.g. 2026-W49."""
    year, number, _ = day.isocalendar()
    return f"{year}-W{number:02d}"


def flag(served: Served, verdicts: list[Verdict], threshold: float) -> Entry | None:
    """Return the entry of an answer that needs a look, or None when it went well."""
    reasons = []
    if served.abstained:
        reasons.append(Reason.ABSTAINED)
    elif served.verified is False:
        reasons.append(Reason.UNVERIFIED)
    elif served.verified is None and served.confidence < threshold:
        reasons.append(Reason.LOW_CONFIDENCE)
    unhelpful = sum(not v.helpful for v in verdicts)
    if unhelpful:
        reasons.append(Reason.NOT_HELPFUL)
    if not reasons:
        return None
    return Entry(
        served.id, served.created_at, served.channel, served.lang, served.concept,
        served.question, served.answer, served.confidence, served.rule, served.game,
        tuple(reasons), len(verdicts) - unhelpful, unhelpful,
        tuple(v.correction for v in verdicts if v.correction),
    )  # fmt: skip


def build_report(
    store: Store, since: datetime | None = None, threshold: float = LOW_CONFIDENCE
) -> Report:
    """Collect the flagged answers since a time, grouped by concept and language."""
    rows = store.answers(since)
    entries = [e for s, v in rows if (e := flag(s, v, threshold)) is not None]
    groups: dict[tuple[str | None, str], Group] = {}
    for entry in entries:
        group = groups.setdefault((entry.concept, entry.lang), Group(entry.concept, entry.lang))
        group.total += 1
        group.reasons.update(r.value for r in entry.reasons)
        group.weeks[week(entry.created_at)] += 1
    ordered = sorted(groups.values(), key=lambda g: (-g.total, g.concept or "~", g.lang))
    entries.sort(key=lambda e: (e.concept or "~", e.lang, e.created_at))
    return Report(
        since, len(rows), sum(len(v) for _, v in rows), tuple(entries), tuple(ordered), threshold
    )


def faq_markdown(
    report: Report, lang: str, title: str, placeholder: str, game: str | None = None
) -> str:
    """Return the flagged questions in one language as the start of a FAQ corpus document.

    One `## question` per distinct question, followed by the readers' corrections, or by the
    placeholder for the rules officer to replace. `refbot add` imports the file. The game is
    the one given (the corpus's only game), else the one most of the questions were about;
    when neither is known it is left out, for `refbot add --game` to give (a made-up slug
    would import the FAQ under a game no one asks about).
    """
    entries = [e for e in report.entries if e.lang == lang]
    games = Counter(e.game for e in entries if e.game)
    known = game or (games.most_common(1)[0][0] if games else None)
    meta = {
        **({"game": known} if known else {}),
        "edition": "faq",
        "lang": lang,
        "units": "none",
        "title": title,
        "source": f"refbot report {datetime.now().date().isoformat()}",
        "kind": "faq",
    }
    header = yaml.safe_dump(meta, allow_unicode=True, sort_keys=False)
    seen: dict[str, list[str]] = {}
    for entry in entries:
        question = " ".join(entry.question.split())
        corrections = seen.setdefault(question, [])
        corrections += [c for c in entry.corrections if c not in corrections]
    parts = [f"---\n{header}---\n", f"# {title}\n"]
    for question, corrections in seen.items():
        parts.append(f"## {_heading(question)}\n")
        body = [" ".join(c.split()) for c in corrections] or [placeholder]
        parts.extend(f"{_paragraph(text)}\n" for text in body)
    return "\n".join(parts)


def only_game(corpus_dir: Path) -> str | None:
    """Return the corpus's game when it holds exactly one (a FAQ export then names it)."""
    games = [p.name for p in corpus_dir.glob("*") if p.is_dir() and not p.name.startswith(".")]
    return games[0] if len(games) == 1 else None


def _heading(text: str) -> str:
    # A heading is one line; a leading "#" would change its level.
    return text.lstrip("#").strip() or "?"


def _paragraph(text: str) -> str:
    # A paragraph starting with "#" or ">" would read as a heading or a caption; the corpus
    # has no escapes, so the marks go.
    return text.lstrip("#> \t") or "?"


def parse_since(text: str, today: date | None = None) -> datetime:
    """Read a start time: a date (2026-11-01) or a number of days back (30d)."""
    text = text.strip()
    found = re.fullmatch(r"(\d{1,5})d", text)
    if found:
        start = (today or datetime.now(UTC).date()) - timedelta(days=int(found.group(1)))
    else:
        try:
            start = date.fromisoformat(text)
        except ValueError:
            raise InvalidSince(
                f"since: {text!r} is neither a date (2026-11-01) nor a number of days (30d)"
            ) from None
    return datetime(start.year, start.month, start.day, tzinfo=UTC)
