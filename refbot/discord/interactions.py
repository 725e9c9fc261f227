"""Answer Discord interactions: PING, the /rules command and the buttons under an answer."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from refbot.answer import Answer, RuleOutcome
from refbot.bot import Refbot
from refbot.corpus import game_title
from refbot.discord.commands import COMMAND_NAME, OPTION_NAME
from refbot.discord.messages import (
    ButtonId,
    answer_buttons,
    answer_embed,
    clip,
    find_question,
    language_of,
    sources_embed,
)
from refbot.errors import BadInteraction, QuestionError, RefbotError
from refbot.glossary import Glossary
from refbot.i18n import too_long_message, translations

log = logging.getLogger(__name__)

CONTENT_MAX = 2000
EPHEMERAL = 1 << 6  # message flag: only the person who pressed sees it
NO_MENTIONS: dict[str, list[str]] = {"parse": []}  # a question saying @everyone pings no one


class InteractionType(IntEnum):
    """Interaction types refbot handles (Discord's numbers)."""

    PING = 1
    APPLICATION_COMMAND = 2
    MESSAGE_COMPONENT = 3


class ResponseType(IntEnum):
    """Interaction response types refbot sends (Discord's numbers)."""

    PONG = 1
    CHANNEL_MESSAGE_WITH_SOURCE = 4


@dataclass(frozen=True)
class Interaction:
    """What refbot reads from an interaction Discord sent."""

    type: InteractionType
    id: str
    application_id: str = ""
    token: str = ""  # for the webhook that sends a deferred answer (valid 15 minutes)
    locale: str | None = None  # the user's Discord language (not sent with PING)
    guild_locale: str | None = None
    guild_id: str | None = None
    channel_id: str | None = None
    user_id: str | None = None
    command: str | None = None
    question: str | None = None
    custom_id: str | None = None
    message_id: str | None = None
    embeds: tuple[dict[str, Any], ...] = ()

    @classmethod
    def of(cls, data: Any) -> Interaction:
        """Read an interaction object, or raise BadInteraction naming what is wrong."""
        if not isinstance(data, dict):
            raise BadInteraction("the body must be an interaction object")
        try:
            if isinstance(data.get("type"), bool):
                raise TypeError("a boolean is not a type")
            kind = InteractionType(data["type"])
        except (KeyError, ValueError, TypeError):
            raise BadInteraction(f"type: refbot does not handle {data.get('type')!r}") from None
        payload = _object(data, "data")
        member = _object(data, "member")
        user = _object(member, "user") or _object(data, "user")
        message = _object(data, "message")
        question = None
        for option in payload.get("options") or []:
            if isinstance(option, dict) and option.get("name") == OPTION_NAME:
                question = _text(option, "value")
        embeds = message.get("embeds") or []
        return cls(
            type=kind,
            id=_text(data, "id") or "",
            application_id=_text(data, "application_id") or "",
            token=_text(data, "token") or "",
            locale=_text(data, "locale"),
            guild_locale=_text(data, "guild_locale"),
            guild_id=_text(data, "guild_id"),
            channel_id=_text(data, "channel_id"),
            user_id=_text(user, "id"),
            command=_text(payload, "name"),
            question=question,
            custom_id=_text(payload, "custom_id"),
            message_id=_text(message, "id"),
            embeds=tuple(e for e in embeds if isinstance(e, dict)),
        )


def _object(data: dict[str, Any], key: str) -> dict[str, Any]:
    value = data.get(key)
    if value is not None and not isinstance(value, dict):
        raise BadInteraction(f"{key}: must be an object")
    return value or {}


def _text(data: dict[str, Any], key: str) -> str | None:
    value = data.get(key)
    if value is not None and not isinstance(value, str):
        raise BadInteraction(f"{key}: must be a string")
    return value


@dataclass(frozen=True)
class DiscordFeedback:
    """A press of "Helpful" or "Not helpful" under an answer."""

    helpful: bool
    answer_id: str | None  # the question log's id of the answer, when it was kept
    question: str | None  # None when the message no longer holds the question
    digest: str  # of the question, as the button carries it
    lang: str  # the answer's language
    user_id: str | None
    guild_id: str | None
    channel_id: str | None
    message_id: str | None
    interaction_id: str


@dataclass(frozen=True)
class QuestionLog:
    """Where answers given on Discord and the feedback on them are kept (the web's store)."""

    # Keep an answer; return its id for the feedback buttons (None: not kept).
    answered: Callable[[Answer], str | None]
    # Keep a press of "Helpful" or "Not helpful".
    judged: Callable[[DiscordFeedback], None]


def record_discord_feedback(feedback: DiscordFeedback) -> None:
    """Log a feedback press (the question log, when there is one, also keeps it)."""
    log.info(
        "discord feedback: %s on question %s (%s) in guild %s",
        "helpful" if feedback.helpful else "not helpful",
        feedback.digest,
        feedback.lang,
        feedback.guild_id,
    )


NO_LOG = QuestionLog(lambda answer: None, record_discord_feedback)


def respond(interaction: Interaction, refbot: Refbot, kept: QuestionLog = NO_LOG) -> dict[str, Any]:
    """Return the response to an interaction: PONG, an answer, sources or a thank-you."""
    if interaction.type is InteractionType.PING:
        return {"type": ResponseType.PONG}
    if interaction.type is InteractionType.APPLICATION_COMMAND:
        if interaction.command != COMMAND_NAME:
            raise BadInteraction(f"data.name: refbot has no command {interaction.command!r}")
        return answer_command(interaction, refbot, kept)
    return press(interaction, refbot, kept)


def failure(interaction: Interaction) -> str:
    """Return what to say, in the asker's language, when an answer failed unexpectedly."""
    _ = translations(_language(interaction)).gettext
    return _("refbot cannot answer right now; its operators can see why.")


def answer_command(
    interaction: Interaction, refbot: Refbot, kept: QuestionLog = NO_LOG
) -> dict[str, Any]:
    """Answer /rules in the question's language (the asker's, when too short to tell)."""
    _ = translations(_language(interaction)).gettext
    if not interaction.question or not interaction.question.strip():
        return ephemeral(_("Ask a rules question, in any language"))
    prior = language_of(interaction.locale) or language_of(interaction.guild_locale)
    try:
        answer = refbot.ask(interaction.question, lang_prior=prior)
    except QuestionError as exc:
        if exc.code == "question_too_long":
            return ephemeral(
                too_long_message(_language(interaction), refbot.settings.max_question_chars)
            )
        return ephemeral(_("I could not read that question; ask it again in other words."))
    except RefbotError as exc:
        log.error("discord: cannot answer: %s", exc)
        return ephemeral(_("refbot cannot answer right now; its operators can see why."))
    embed = answer_embed(
        answer, inputs_read(answer, refbot.glossary), lambda r: edition_name(refbot, r)
    )
    return {
        "type": ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": {
            "embeds": [embed],
            "components": answer_buttons(answer, kept.answered(answer)),
            "allowed_mentions": NO_MENTIONS,
        },
    }


def press(interaction: Interaction, refbot: Refbot, kept: QuestionLog = NO_LOG) -> dict[str, Any]:
    """Answer a button under an answer, only to the one who pressed it, in their language."""
    lang = _language(interaction)
    _ = translations(lang).gettext
    button = ButtonId.parse(interaction.custom_id or "")
    if button is None:
        return ephemeral(_("This button is no longer in use; ask again with /rules."))
    question = find_question(interaction.embeds, button.digest)
    if button.action == "sources":
        if question is None:
            return ephemeral(_("I cannot find this answer's question any more; ask it again."))
        try:
            # In the answer's language, as first answered: the same citations, all of them.
            answer = refbot.ask(question, lang=button.lang)
        except RefbotError as exc:
            log.error("discord: cannot show sources: %s", exc)
            return ephemeral(_("refbot cannot answer right now; its operators can see why."))
        return ephemeral_embed(sources_embed(answer, lang))
    kept.judged(
        DiscordFeedback(
            helpful=button.action == "helpful",
            answer_id=button.answer_id,
            question=question,
            digest=button.digest,
            lang=button.lang,
            user_id=interaction.user_id,
            guild_id=interaction.guild_id,
            channel_id=interaction.channel_id,
            message_id=interaction.message_id,
            interaction_id=interaction.id,
        )
    )
    return ephemeral(_("Thank you: your feedback is noted."))


def _language(interaction: Interaction) -> str:
    """Return the language to speak to the one who acted in: their Discord locale's."""
    return language_of(interaction.locale) or language_of(interaction.guild_locale) or "en"


def inputs_read(answer: Answer, glossary: Glossary) -> list[tuple[str, str]]:
    """Return the main rule's inputs refbot read from the question, labelled in its language."""
    if answer.situation is None:
        return []
    # Imported here: refbot.web imports this module (through its Discord view) as it loads.
    from refbot.web.pages import understood_fields

    _ = translations(answer.lang).gettext
    return [(_(f.label), f.shown) for f in understood_fields(answer, glossary) if f.value]


def edition_name(refbot: Refbot, result: RuleOutcome) -> str:
    """Return a game and edition as readers call them."""
    titles = refbot.loaded.edition_titles
    return f"{game_title(result.game)}, {titles.get((result.game, result.edition), result.edition)}"


def ephemeral(text: str) -> dict[str, Any]:
    """Return a message only the one who acted sees."""
    return {
        "type": ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": {
            "content": clip(text, CONTENT_MAX),
            "flags": EPHEMERAL,
            "allowed_mentions": NO_MENTIONS,
        },
    }


def ephemeral_embed(embed: dict[str, Any]) -> dict[str, Any]:
    """Return an embed only the one who acted sees."""
    return {
        "type": ResponseType.CHANNEL_MESSAGE_WITH_SOURCE,
        "data": {"embeds": [embed], "flags": EPHEMERAL, "allowed_mentions": NO_MENTIONS},
    }
