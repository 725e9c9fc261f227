"""The web service's question log: record each answer served, find the store."""

from __future__ import annotations

from flask import current_app

from refbot.answer import Answer
from refbot.errors import StoreError
from refbot.glossary import Glossary
from refbot.question import parse_question
from refbot.store import Store


def store() -> Store | None:
    """Return the app's store, or None when it keeps no questions and has no admin page."""
    found: Store | None = current_app.extensions.get("refbot.store")
    return found


def record(answer: Answer, channel: str) -> str | None:
    """Keep an answer when questions are logged; return its id (None when not kept)."""
    settings = current_app.extensions["refbot.settings"]
    kept = store()
    if kept is None or not settings.log_questions:
        return None
    try:
        return kept.record_question(
            answer, channel, concept_of(answer, current_app.extensions["refbot"].glossary)
        )
    except StoreError as exc:
        # The reader still gets the answer; only the log (and feedback on it) is missing.
        current_app.logger.error("could not log a question: %s", exc)
        return None


# What groups the officer's report best: another game or a missing topic says most about an
# unanswered question, then a rule concept, then a term; intents ("how many") say nothing.
TELLING = {"other_game": 0, "topic": 1, "rule": 2, "term": 3}


def concept_of(answer: Answer, glossary: Glossary) -> str | None:
    """Return the concept an answer is about: its rule's, else the question's most telling."""
    if answer.rule is not None:
        return answer.rule.concept
    mentions = parse_question(answer.query, answer.lang, glossary).mentions
    ranked = [
        (TELLING[kind], n, m.concept)
        for n, m in enumerate(mentions)
        if (kind := glossary.concepts[m.concept].kind) in TELLING
    ]
    return min(ranked)[2] if ranked else None
