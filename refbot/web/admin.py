"""The rules officer's page: flagged answers by concept and language, and the FAQ export."""

from __future__ import annotations

import hashlib
import hmac
import re
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

from refbot.i18n import available_languages, translations
from refbot.store.report import build_report, faq_markdown, parse_since
from refbot.web.pages import interface_language
from refbot.web.questions import store

admin = Blueprint("admin", __name__, url_prefix="/admin", template_folder="templates")
COOKIE = "refbot_admin"


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
        "low_confidence": _("low confidence"),
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
        max_age=12 * 3600,
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
    if not re.fullmatch(r"[a-z]{2}", lang):
        abort(400, "lang: give the two-letter code of the questions' language")
    since_text = request.args.get("since", "").strip()
    kept = store()
    assert kept is not None
    found = build_report(kept, parse_since(since_text) if since_text else None)
    _ = translations(lang).gettext
    text = faq_markdown(
        found, lang, _("Frequently asked questions"), _("(The answer is still to be written.)")
    )
    response = Response(text, mimetype="text/markdown")
    response.headers["Content-Disposition"] = f'attachment; filename="faq-{lang}.md"'
    return response
