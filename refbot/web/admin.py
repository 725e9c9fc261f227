"""The rules officer's page: flagged answers, the FAQ export, and publishing a document."""

from __future__ import annotations

import contextlib
import hashlib
import hmac
from typing import Any

from flask import (
    Blueprint,
    Response,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    url_for,
)
from itsdangerous import BadSignature, URLSafeTimedSerializer

from refbot.bot import Refbot
from refbot.config import Settings
from refbot.errors import DocumentError, InvalidLanguage, RefbotError
from refbot.i18n import available_languages, language_problem, translations
from refbot.ingest import FORMATS, ImportReport
from refbot.publish import Staging, State, Status, Upload
from refbot.store.report import build_report, faq_markdown, only_game, parse_since
from refbot.web.pages import interface_language
from refbot.web.questions import store

admin = Blueprint("admin", __name__, url_prefix="/admin", template_folder="templates")
COOKIE = "refbot_admin"
SESSION_SECONDS = 12 * 3600
# The multipart form around the file (boundaries, the other fields) on top of the file itself.
FORM_OVERHEAD = 64 * 1024


def _token() -> str:
    token: str = current_app.extensions["refbot.settings"].admin_token
    return token


def _session(token: str) -> str:
    # The cookie holds a keyed digest, not the token: a leaked cookie does not reveal it.
    return hmac.new(token.encode(), b"refbot admin session", hashlib.sha256).hexdigest()


def authorized() -> bool:
    """Return whether the request carries the admin token (Bearer header or login cookie)."""
    token = _token()
    header = request.headers.get("Authorization", "")
    if header.startswith("Bearer "):
        return hmac.compare_digest(header[len("Bearer ") :].strip().encode(), token.encode())
    cookie = request.cookies.get(COOKIE, "")
    return hmac.compare_digest(cookie.encode(), _session(token).encode())


@admin.before_request
def hidden_without_token() -> None:
    """Answer 404 when no admin token is configured: the page does not exist."""
    if not _token() or store() is None:
        abort(404)


@admin.after_request
def private(response: Response) -> Response:
    """Keep the officer's pages out of caches and search engines."""
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Robots-Tag"] = "noindex"
    return response


def _login(error: str | None = None) -> Any:
    lang = interface_language()
    _ = translations(lang).gettext
    page = render_template("admin_login.html", _=_, lang=lang, error=error)
    return page, 401, {"WWW-Authenticate": 'Bearer realm="refbot admin"'}


def _csrf() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.extensions["refbot.secret"], salt="refbot.admin.csrf")


def csrf_token() -> str:
    """Return the token the officer's forms carry, bound to the signed-in session."""
    return str(_csrf().dumps(_session(_token())))


def check_csrf() -> None:
    """Refuse (403) a form sent with the session cookie but without this session's token.

    The cookie is SameSite=Strict already; the token also stops a form posted from a page of
    the same site. A request with the Bearer header needs none: no browser sends it unasked.
    """
    if request.headers.get("Authorization", "").startswith("Bearer "):
        return
    try:
        bound = _csrf().loads(request.form.get("csrf_token", ""), max_age=SESSION_SECONDS)
    except BadSignature:
        abort(403)
    if not hmac.compare_digest(str(bound).encode(), _session(_token()).encode()):
        abort(403)


def _bot() -> Refbot:
    bot: Refbot = current_app.extensions["refbot"]
    return bot


def _settings() -> Settings:
    settings: Settings = current_app.extensions["refbot.settings"]
    return settings


def _staging() -> Staging:
    return Staging.beside(_settings().index_dir)


def _known_editions() -> list[tuple[str, str]]:
    """Return the (game, edition) pairs the served index holds, to suggest in the form."""
    try:
        return sorted(_bot().loaded.edition_titles)
    except RefbotError:
        return []


@admin.route("", methods=["GET"])
def report() -> Any:
    """Show the flagged answers, grouped by concept and language with counts per week."""
    if not authorized():
        return _login()
    lang = interface_language()
    _ = translations(lang).gettext
    since_text = request.args.get("since", "").strip()
    since = parse_since(since_text) if since_text else None
    kept = store()
    assert kept is not None
    found = build_report(kept, since)
    glossary = current_app.extensions["refbot"].glossary

    def concept_title(key: str | None) -> str:
        if key is None:
            return _("(no concept)")
        concept = glossary.concepts.get(key)
        return concept.title(lang) if concept else key

    reasons = {
        "abstained": _("abstained"),
        "unverified": _("unverified computation"),
        "low_confidence": _("weak lookup"),
        "not_helpful": _("not helpful"),
    }
    return render_template(
        "admin.html",
        _=_,
        lang=lang,
        languages=available_languages(),
        report=found,
        since=since_text,
        concept_title=concept_title,
        reasons=reasons,
        weeks=sorted({w for g in found.groups for w in g.weeks}),
        export_langs=sorted({e.lang for e in found.entries}),
        logging=current_app.extensions["refbot.settings"].log_questions,
        csrf_token=csrf_token(),
        formats=FORMATS,
        editions=_known_editions(),
        uploads=_staging().recent(),
        states=_states(_),
    )


@admin.route("/login", methods=["POST"])
def login() -> Any:
    """Check the token typed into the login form and set the session cookie."""
    given = request.form.get("token", "")
    token = _token()
    if not hmac.compare_digest(given.encode(), token.encode()):
        _ = translations(interface_language()).gettext
        return _login(_("That is not the admin token."))
    response = redirect(url_for("admin.report", lang=interface_language()), 303)
    response.set_cookie(
        COOKIE,
        _session(token),
        httponly=True,
        samesite="Strict",
        secure=request.is_secure,
        path="/admin",
        max_age=SESSION_SECONDS,
    )
    return response


@admin.route("/logout", methods=["POST"])
def logout() -> Any:
    """Forget the session cookie."""
    response = redirect(url_for("admin.report"), 303)
    response.delete_cookie(COOKIE, path="/admin")
    return response


@admin.route("/faq.md")
def faq() -> Any:
    """Download the flagged questions of one language as a FAQ skeleton `refbot add` imports."""
    if not authorized():
        return _login()
    lang = request.args.get("lang", "").strip()
    if (problem := language_problem(lang)) is not None:
        raise InvalidLanguage(f"lang: {problem}; give the code of the questions' language")
    since_text = request.args.get("since", "").strip()
    kept = store()
    assert kept is not None
    found = build_report(kept, parse_since(since_text) if since_text else None)
    _ = translations(lang).gettext
    text = faq_markdown(
        found,
        lang,
        _("Frequently asked questions"),
        _("(The answer is still to be written.)"),
        only_game(_settings().corpus_dir),
    )
    response = Response(text, mimetype="text/markdown")
    response.headers["Content-Disposition"] = f'attachment; filename="faq-{lang}.md"'
    return response


def _states(_: Any) -> dict[State, str]:
    return {
        State.STAGED: _("not published"),
        State.PUBLISHING: _("publishing"),
        State.LIVE: _("live"),
        State.FAILED: _("publishing failed"),
    }


@admin.route("/upload", methods=["POST"])
def upload() -> Any:
    """Stage an uploaded document and show what importing it would write."""
    if not authorized():
        return _login()
    settings = _settings()
    # This route alone takes a document: up to max_import_bytes, not the API's small bodies.
    request.max_content_length = settings.max_import_bytes + FORM_OVERHEAD
    check_csrf()
    given = request.files.get("document")
    staging = _staging()
    try:
        if given is None or not given.filename:
            raise DocumentError("document", "choose a file to upload")
        staged = staging.stage(
            given.filename,
            given.stream,
            game=request.form.get("game", "").strip(),
            edition=request.form.get("edition", "").strip(),
            lang=request.form.get("lang", "").strip().lower() or None,
            units=request.form.get("units", "").strip() or None,
            kind=request.form.get("kind", "rules").strip(),
            max_bytes=settings.max_import_bytes,
        )
    except DocumentError as exc:
        return _upload_page(None, str(exc), 400)
    try:
        staging.preview(staged, settings.corpus_dir, settings.max_import_bytes)
    except DocumentError as exc:
        # A file that cannot be imported is not kept: the officer fixes it and uploads again.
        staging.remove(staged)
        return _upload_page(None, str(exc), 400)
    return redirect(url_for("admin.upload_page", upload_id=staged.id, lang=_lang_arg()), 303)


@admin.route("/uploads/<upload_id>", methods=["GET"])
def upload_page(upload_id: str) -> Any:
    """Show an upload: its import summary, and where its publication stands."""
    if not authorized():
        return _login()
    staged = _staging().get(upload_id)
    return _upload_page(staged, None, 200)


@admin.route("/uploads/<upload_id>/publish", methods=["POST"])
def publish(upload_id: str) -> Any:
    """Write the upload into the corpus and rebuild the index in the background."""
    if not authorized():
        return _login()
    check_csrf()
    staging = _staging()
    staged = staging.get(upload_id)
    if staging.status(staged).state is not State.PUBLISHING:
        try:
            staging.publish(staged, _bot(), overwrite=request.form.get("overwrite") == "yes")
        except DocumentError as exc:
            return _upload_page(staged, str(exc), 409)
    return redirect(url_for("admin.upload_page", upload_id=staged.id, lang=_lang_arg()), 303)


def _lang_arg() -> str | None:
    return request.args.get("lang") or None


def _upload_page(staged: Upload | None, error: str | None, status: int) -> Any:
    """Render an upload's page: the summary of its import or the one line saying why not."""
    lang = interface_language()
    _ = translations(lang).gettext
    staging = _staging()
    settings = _settings()
    summary: ImportReport | None = None
    state = Status(State.STAGED)
    if staged is not None:
        state = staging.status(staged)
        # Not while publishing: the page refreshes every 2 s, and a large PDF takes a while to read.
        if error is None and state.state is not State.PUBLISHING:
            try:
                summary = staging.preview(staged, settings.corpus_dir, settings.max_import_bytes)
            except DocumentError as exc:
                error = str(exc)
    serving = ""
    with contextlib.suppress(RefbotError):  # no index at all: the page still shows the upload
        serving = _bot().loaded.index.manifest.build_id
    sections = [s for f in summary.files for s in f.sections] if summary else []
    overwritten = [s.path for s in sections if s.status == "overwritten"]
    pending = any(s.status != "unchanged" for s in sections)
    page = render_template(
        "admin_upload.html",
        pending=pending,
        _=_,
        lang=lang,
        upload=staged,
        summary=summary,
        error=error,
        status=state,
        states=_states(_),
        State=State,
        serving=serving,
        overwritten=overwritten,
        csrf_token=csrf_token(),
    )
    return page, status
