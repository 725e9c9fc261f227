"""The chat page, its embeddable twin, and the widget script club websites include."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from babel import negotiate_locale
from flask import Blueprint, Response, current_app, redirect, render_template, request, url_for
from markupsafe import Markup
from werkzeug.wrappers import Response as WerkzeugResponse

from refbot.align import describe_flag
from refbot.answer import Answer, Situation, rule_named, shown_value
from refbot.corpus import game_title
from refbot.errors import QuestionError, UnknownAnswer
from refbot.glossary import Glossary
from refbot.i18n import (
    N_,
    Writer,
    available_languages,
    format_percentage,
    too_long_message,
    translations,
)
from refbot.rules import all_rules, rule_of
from refbot.rules.dice import distribution
from refbot.store.store import MAX_CORRECTION_CHARS
from refbot.web.api import bot
from refbot.web.chart import bar_chart
from refbot.web.history import History, Turn
from refbot.web.questions import record, store

pages = Blueprint("pages", __name__, template_folder="templates", static_folder="static")


def interface_language() -> str:
    """Pick the interface language: ?lang= when we have it, else the browser's Accept-Language."""
    available = available_languages()
    asked = request.args.get("lang", "")
    if asked in available:
        return asked
    preferred = [value.replace("-", "_") for value in request.accept_languages.values()]
    return negotiate_locale(preferred, available) or "en"


def charts(answer: Answer, _: Callable[[str], str], lang: str) -> list[Markup]:
    """Draw the dice distributions each computed rule asks for beside its answer."""
    drawn = []
    for result in answer.rules:
        rule = rule_of(result)
        chart = rule.chart(result) if rule.chart else None
        if chart is None:
            continue
        series = [(_(label), distribution(dice)) for label, dice in chart.series]
        region_label = None
        if chart.region is not None and chart.region_label:
            low, high = chart.region
            region_label = _(chart.region_label).format(low=low, high=high)
        drawn.append(
            bar_chart(
                series,
                _(chart.title),
                lambda p: format_percentage(p, answer.lang),
                chart.region,
                region_label,
                _("other totals"),
            )
        )
    return drawn


def _chat(template: str, notice: str | None = None, status: int = 200) -> tuple[str, int]:
    """Render the chat page or widget, answering the question asked, with the HTTP status."""
    lang = interface_language()
    _ = translations(lang).gettext
    question = request.args.get("q", "").strip()
    situation = situation_from(request.args, "rule", "in.", "rule_edition")
    previous = situation_from(request.args, "prev", "prev.", "prev_edition")
    answer = error = answer_id = None
    parallel: dict[str, list[Any]] = {}
    history: History = current_app.extensions["refbot.history"]
    earlier = history.load(request.args.get("history", ""))
    if question:
        try:
            answer = bot().ask(question, situation=situation, previous=previous, lang_prior=lang)
        except QuestionError as exc:
            if exc.code == "question_too_long":
                # 413, as the API answers; the reader is told the limit to shorten it to.
                status = HTTPStatus.REQUEST_ENTITY_TOO_LARGE
                error = too_long_message(lang, bot().settings.max_question_chars)
            if exc.code == "invalid_parameter":
                error = _("That rule does not exist here any more; ask the question again.")
        if answer:
            parallel = {c.id: bot().parallel(c.id) for c in answer.citations}
            answer_id = record(answer, "widget" if template == "embed.html" else "page")
    # The next question carries this turn too; a correction recomputes this one.
    now = [*earlier, Turn(question, answer.answer, answer.lang)] if answer else earlier
    return render_template(
        template,
        _=_,
        lang=lang,
        languages=available_languages(),
        question=question,
        answer=answer,
        answer_id=answer_id,
        embedded=template == "embed.html",
        notice=notice,
        error=error,
        too_long=too_long_message(lang, bot().settings.max_question_chars),
        parallel=parallel,
        earlier=earlier,
        history_now=history.dump(now),
        history_before=history.dump(earlier),
        charts=charts(answer, _, lang) if answer else [],
        fields=understood_fields(answer, bot().glossary, lang)
        if answer and answer.situation
        else [],
        read_rule=rule_named(answer.situation.rule, Writer(lang))
        if answer and answer.situation
        else "",
        edition_name=lambda r: edition_name(r.game, r.edition),
    ), status


def edition_name(game: str, edition: str) -> str:
    """Return a game and edition as readers call them: "Warhammer Fantasy, Rulebook (English)"."""
    titles = bot().loaded.edition_titles
    return f"{game_title(game)}, {titles.get((game, edition), edition)}"


def situation_from(
    args: Mapping[str, str], rule_key: str, prefix: str, edition_key: str
) -> Situation | None:
    """Read a situation from a form: the rule, each input as `<prefix><name>`, the edition."""
    rule = args.get(rule_key, "").strip()
    if not rule:
        return None
    inputs = {
        key[len(prefix) :]: value.strip()
        for key, value in args.items()
        if key.startswith(prefix) and value.strip()
    }
    # The premises taken for granted, space-separated, of a follow-up's previous situation.
    presumed = tuple(args.get(f"{rule_key}_presumed", "").split())
    return Situation(rule, inputs, args.get(edition_key, "").strip() or None, presumed)


@dataclass(frozen=True)
class Field:
    """One input of the understood situation, as an editable form field."""

    name: str
    label: str
    value: str
    ask: str = ""  # the question (a message) for a missing input that would decide the outcome
    # The values a yes/no or a choice input takes, each with its name in the reader's language,
    # offered as a list rather than typed.
    choices: tuple[tuple[str, str], ...] = ()

    @property
    def shown(self) -> str:
        """Return the value as a reader calls it: a choice by its name ("knocked down")."""
        return dict(self.choices).get(self.value, self.value)


def understood_fields(answer: Answer, glossary: Glossary, lang: str | None = None) -> list[Field]:
    """Return the fields of an answer's situation: the inputs read, then the others it can take.

    The missing inputs that would decide the outcome come first among the others, with the
    question that asks for them. Choices are named in `lang` (the answer's by default).
    """
    situation = answer.situation
    assert situation is not None
    lang = lang or answer.lang
    writer = Writer(lang)
    params = {p.name: p for r in all_rules() if r.id == situation.rule for p in r.params}
    asks = dict(answer.asks)
    shown = [n for n in situation.inputs if n in params]
    shown += [n for n in asks if n in params and n not in shown]
    shown += [n for n, p in params.items() if n not in shown and p.cue is not None]

    return [
        Field(
            n,
            params[n].help,
            situation.inputs.get(n, ""),
            asks.get(n, ""),
            tuple(
                # Named as the answer's "Read:" line names them.
                (c, shown_value(params[n], c, writer, glossary))
                for c in (("yes", "no") if params[n].kind == "bool" else params[n].choices)
            ),
        )
        for n in shown
    ]


# What a person is told on a page for each status (the API answers its JSON error shape instead).
ERROR_TEXTS: dict[int, tuple[str, str]] = {
    400: (N_("Bad request"), N_("This page cannot read the request.")),
    # A form of the admin page without its CSRF token, or with a stale one.
    403: (
        N_("Form refused"),
        N_("This form has expired or did not come from this site; reload the page and try again."),
    ),
    404: (N_("Page not found"), N_("There is no page at this address.")),
    405: (N_("Not allowed"), N_("This page cannot be requested that way.")),
    413: (N_("Too large"), N_("That request is too large.")),
    429: (
        N_("Too many requests"),
        N_("You asked many times in a short while; wait a minute and try again."),
    ),
    500: (
        N_("Something went wrong"),
        N_("The server failed to answer; it is logged. Try again in a moment."),
    ),
    503: (N_("Not available"), N_("refbot cannot answer right now; try again in a moment.")),
}


def error_page(status: int, detail: str | None = None) -> tuple[str, int]:
    """Render the page for an error status in the interface language, with refbot's detail."""
    lang = interface_language()
    _ = translations(lang).gettext
    heading, explanation = ERROR_TEXTS.get(status, ERROR_TEXTS[500 if status >= 500 else 400])
    page = render_template(
        "error.html",
        _=_,
        lang=lang,
        languages=available_languages(),
        status=status,
        heading=_(heading),
        explanation=_(explanation),
        detail=detail,
    )
    return page, status


@pages.route("/")
def chat() -> Any:
    """The chat page."""
    return _chat("chat.html")


@pages.route("/embed")
def embed() -> Any:
    """The chat without page chrome, for the widget's iframe on club websites."""
    return _chat("embed.html")


@pages.route("/widget")
def embed_guide() -> Any:
    """How a club adds the widget: the one line for this server, and what the operator sets."""
    lang = interface_language()
    here = request.host_url.rstrip("/")
    snippet = f'<script src="{here}{url_for("pages.widget")}" data-lang="{lang}" async></script>'
    frame = (
        f'<iframe src="{here}{url_for("pages.embed", lang=lang)}" title="refbot" '
        'width="420" height="640"></iframe>'
    )
    return render_template(
        "embed_guide.html",
        _=translations(lang).gettext,
        lang=lang,
        languages=available_languages(),
        snippet=snippet,
        frame=frame,
        allowed=current_app.extensions["refbot.settings"].origins,
    )


@pages.route("/feedback", methods=["POST"])
def feedback() -> Any:
    """Keep a reader's verdict sent by the chat page's form, then show the chat again."""
    form = request.form
    template = "embed.html" if form.get("embedded") == "1" else "chat.html"
    _ = translations(interface_language()).gettext
    helpful = {"yes": True, "no": False}.get(form.get("helpful", ""))
    answer_id = form.get("answer_id", "")
    kept = store()
    if helpful is None or kept is None:
        return _chat(template, _("That feedback could not be read."), 400)
    correction = form.get("correction", "")[:MAX_CORRECTION_CHARS]
    channel = "widget" if template == "embed.html" else "page"
    try:
        kept.record_feedback(answer_id, helpful, correction, channel)
    except UnknownAnswer:
        return _chat(template, _("That answer is no longer kept; thank you all the same."), 404)
    return _chat(template, _("Thank you for your feedback."))


@pages.route("/favicon.ico")
def favicon() -> WerkzeugResponse:
    """Send clients that ask for /favicon.ico by habit to the site's icon."""
    return redirect(url_for("pages.static", filename="favicon.svg"), 301)


@pages.route("/widget.js")
def widget() -> Response:
    """The script a club website includes; it points back at this server."""
    languages = available_languages()
    labels = {lang: translations(lang).gettext("Rules?") for lang in languages}
    texts = {
        lang: {
            "close": translations(lang).gettext("Close"),
            "refused": translations(lang).gettext(
                "This website ({origin}) may not show refbot yet: the refbot server must list it "
                "in REFBOT_ALLOWED_ORIGINS."
            ),
        }
        for lang in languages
    }
    allowed = current_app.extensions["refbot.settings"].origins
    script = render_template(
        "widget.js", embed_path=url_for("pages.embed"), labels=labels, texts=texts, allowed=allowed
    )
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
    writer = Writer(lang)
    return render_template(
        "align.html",
        _=_,
        describe=lambda flag: describe_flag(flag, writer, refbot.glossary),
        concept_title=lambda key: refbot.glossary.concepts[key].title(lang),
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
