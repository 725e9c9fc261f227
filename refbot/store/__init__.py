"""The question log: answers served, readers' feedback, retention and the officer's report."""

from __future__ import annotations

from refbot.store.report import LOW_CONFIDENCE, Entry, Group, Reason, Report, build_report
from refbot.store.store import CHANNELS, Served, Store, Verdict

__all__ = [
    "CHANNELS",
    "LOW_CONFIDENCE",
    "Entry",
    "Group",
    "Reason",
    "Report",
    "Served",
    "Store",
    "Verdict",
    "build_report",
]
