"""The chat page, its embeddable twin, and the widget script club websites include."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from babel import negotiate_locale
from flask import Blueprint, Response, current_app, render_template, request, url_for
from markupsafe import Markup

from refbot.answer import Answer
from refbot.errors import QuestionError
from refbot.i18n import available_languages, translations
from refbot.rules import rule_of
from refbot.rules.dice import distribution
from refbot.web.api import bot
from refbot.web.chart import bar_chart

pages = Blueprint("pages", __name__, template_folder="templates", static_folder="static")


def interface_language() -> str:
    """Pick the interface language: ?lang= when we have it, else the browser's Accept-Language."""
    available = available_languages()
    asked = request.args.get("lang", "")
    if asked in available:
        return asked
    preferred = [value.replace("-", "_") for value in request.accept_languages.values()]
    return negotiate_locale(preferred, available) or "en"


def charts(answer: Answer, _: Callable[[str], str]) -> list[Markup]:
    """Draw the dice distributions each computed rule asks for beside its answer."""
    drawn = []
    for result in answer.rules:
        rule = rule_of(result)
        chart = rule.chart(result) if rule.chart else None
        if chart is not None:
            series = [(_(label), distribution(dice)) for label, dice in chart.series]
            drawn.append(bar_chart(series, _(chart.title), marked=chart.marked))
    return drawn


def _chat(template: str) -> Any:
    lang = interface_language()
    _ = translations(lang).gettext
    question = request.args.get("q", "").strip()
    answer = error = None
    parallel: dict[str, list[Any]] = {}
    if question:
        try:
            answer = bot().ask(question)
        except QuestionError as exc:
            error = _("That question is too long.") if exc.code == "question_too_long" else None
        if answer:
            parallel = {c.id: bot().parallel(c.id) for c in answer.citations}
    return render_template(
        template,
        _=_,
        lang=lang,
        languages=available_languages(),
        question=question,
        answer=answer,
        error=error,
        parallel=parallel,
        charts=charts(answer, _) if answer else [],
    )


@pages.route("/")
def chat() -> Any:
    """The chat page."""
    return _chat("chat.html")


@pages.route("/embed")
def embed() -> Any:
    """The chat without page chrome, for the widget's iframe on club websites."""
    return _chat("embed.html")


@pages.route("/widget.js")
def widget() -> Response:
    """The script a club website includes; it points back at this server."""
    labels = {lang: translations(lang).gettext("Rules?") for lang in available_languages()}
    script = render_template("widget.js", embed_path=url_for("pages.embed"), labels=labels)
    response = Response(script, mimetype="text/javascript")
    response.headers["Cache-Control"] = "public, max-age=300"
    return response


@pages.app_context_processor
def settings_context() -> dict[str, Any]:
    return {"settings": current_app.extensions["refbot.settings"]}


@pages.route("/align")
def align_page() -> Any:
    """Two corpus sections side by side with their flags, or every edition on one concept."""
    lang = interface_language()
    _ = translations(lang).gettext
    a, b, concept = (request.args.get(k, "").strip() for k in ("a", "b", "concept"))
    refbot = bot()
    alignment = documents = None
    if concept:
        documents = refbot.concept_clauses(concept)
    elif a and b:
        alignment = refbot.align(a, b, allow_files=False)
    return render_template(
        "align.html",
        _=_,
        lang=lang,
        languages=available_languages(),
        sections=refbot.section_keys(),
        concepts=sorted(k for k, c in refbot.glossary.concepts.items() if c.kind == "rule"),
        a=a,
        b=b,
        concept=concept,
        alignment=alignment,
        documents=documents,
    )


@pages.route("/align.tmx")
def align_tmx() -> Response:
    """Download the alignment of two corpus sections as a TMX 1.4 translation memory."""
    refbot = bot()
    a, b = request.args.get("a", ""), request.args.get("b", "")
    alignment = refbot.align(a, b, allow_files=False)
    response = Response(alignment.to_tmx(), mimetype="application/x-tmx+xml")
    response.headers["Content-Disposition"] = 'attachment; filename="refbot-alignment.tmx"'
    return response
