"""POST /discord/interactions: Discord's signed interactions, verified, then answered."""

from __future__ import annotations

import json
from typing import Any

from flask import Blueprint, abort, current_app, jsonify, request

from refbot.discord.deferred import Responder
from refbot.discord.interactions import (
    NO_LOG,
    DiscordFeedback,
    Interaction,
    InteractionType,
    QuestionLog,
    failure,
    record_discord_feedback,
    respond,
)
from refbot.discord.verify import Verifier
from refbot.errors import BadInteraction, InteractionRefused, StoreError, UnknownAnswer
from refbot.web.api import bot
from refbot.web.questions import concept_of, store

discord = Blueprint("discord", __name__, url_prefix="/discord")

# A button press carries the whole message it is under (embeds up to 6000 characters, two
# bytes each in Cyrillic) and the member, channel and guild: more than the API's 16 KiB.
MAX_BYTES = 65536


@discord.post("/interactions")
def interactions() -> Any:
    """Verify a Discord interaction and answer it (404 while Discord is not configured)."""
    verifier: Verifier | None = current_app.extensions.get("refbot.discord")
    if verifier is None:
        abort(404)
    request.max_content_length = MAX_BYTES
    body = request.get_data(cache=False)
    try:
        verifier.verify(
            request.headers.get("X-Signature-Ed25519"),
            request.headers.get("X-Signature-Timestamp"),
            body,
        )
    except InteractionRefused as exc:
        current_app.logger.warning(
            "discord: refused a request from %s (%s): %s", request.remote_addr, exc.reason, exc
        )
        return jsonify({"error": {"code": exc.code, "message": str(exc)}}), 401
    try:
        try:
            data = json.loads(body)
        except (ValueError, RecursionError):
            raise BadInteraction("the body is not JSON") from None
        interaction = Interaction.of(data)
        if interaction.type is InteractionType.PING:
            return jsonify(respond(interaction, bot()))
        refbot = bot()
        kept = question_log()
        responder: Responder = current_app.extensions["refbot.discord.responder"]
        answer = responder.respond(
            interaction.application_id,
            interaction.token,
            private=interaction.type is InteractionType.MESSAGE_COMPONENT,
            compute=lambda: respond(interaction, refbot, kept),
            failed=failure(interaction),
        )
    except BadInteraction as exc:
        current_app.logger.warning("discord: a signed request refbot cannot read: %s", exc)
        return jsonify({"error": {"code": exc.code, "message": str(exc)}}), 400
    return jsonify(answer)


def question_log() -> QuestionLog:
    """Return where this app keeps Discord answers and feedback (usable outside the request)."""
    settings = current_app.extensions["refbot.settings"]
    kept, glossary, logger = store(), bot().glossary, current_app.logger
    if kept is None or not settings.log_questions:
        return NO_LOG

    def answered(answer: Any) -> str | None:
        try:
            return kept.record_question(answer, "discord", concept_of(answer, glossary))
        except StoreError as exc:
            logger.error("discord: could not log a question: %s", exc)
            return None

    def judged(feedback: DiscordFeedback) -> None:
        record_discord_feedback(feedback)
        if feedback.answer_id is None:
            return
        try:
            kept.record_feedback(feedback.answer_id, feedback.helpful, None, "discord")
        except (UnknownAnswer, StoreError) as exc:
            logger.warning("discord: feedback not kept: %s", exc)

    return QuestionLog(answered, judged)
