"""The Flask service: JSON API, chat page and the widget club websites embed."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from datetime import timedelta
from typing import Any

from flask import Flask, Response, jsonify, request
from flask_cors import CORS
from flask_limiter import Limiter
from flask_limiter.util import get_remote_address
from werkzeug.exceptions import HTTPException
from werkzeug.middleware.proxy_fix import ProxyFix

from refbot.bot import Refbot
from refbot.config import Settings, load_settings
from refbot.discord.deferred import Responder
from refbot.discord.verify import Verifier, seen_store
from refbot.errors import (
    ConfigError,
    CorpusError,
    DocumentError,
    IndexCorrupt,
    IndexMismatch,
    IndexMissing,
    IndexUnwritable,
    InvalidFeedback,
    InvalidLanguage,
    InvalidSince,
    ModelError,
    QuestionError,
    RefbotError,
    StoreError,
    UnknownAnswer,
    UnknownClause,
    UnknownRule,
    UnknownUpload,
)
from refbot.i18n import text_direction
from refbot.store import Store
from refbot.web.admin import admin
from refbot.web.api import BadRequest, api, build_spec
from refbot.web.discord import discord
from refbot.web.history import History, secret_key
from refbot.web.pages import error_page, pages

STATUS: dict[type[RefbotError], int] = {
    QuestionError: 400,
    InvalidFeedback: 400,
    InvalidSince: 400,
    InvalidLanguage: 400,
    UnknownClause: 404,
    UnknownRule: 404,
    UnknownAnswer: 404,
    UnknownUpload: 404,
    # The admin page's upload form: the file cannot be imported (shown with its one line).
    DocumentError: 400,
    StoreError: 503,
    # The service cannot answer until its index or model is fixed: say so, keep running.
    IndexMissing: 503,
    IndexUnwritable: 503,
    IndexCorrupt: 503,
    IndexMismatch: 503,
    CorpusError: 503,
    ModelError: 503,
}
TOO_LONG = 413
# Route classes of the rate limits; endpoints not named here are not limited (health, static
# files and the widget script, which nginx caches).
EXPENSIVE = ("pages.align_page", "pages.align_tmx")
# Discord posts every member's interactions from a few addresses: one client to a limiter; its
# signature check refuses anyone else.
UNLIMITED = (
    "api.health",
    "pages.widget",
    "pages.static",
    "pages.favicon",
    "static",
    "discord.interactions",
)


def create_app(settings: Settings | None = None, bot: Refbot | None = None) -> Flask:
    """Create the web app; with `preload` (the default) the model and index load now."""
    settings = settings or load_settings()
    app = Flask(__name__)
    app.json.sort_keys = False  # type: ignore[attr-defined]  # the same key order as the CLI
    app.config["MAX_CONTENT_LENGTH"] = settings.max_request_bytes
    app.extensions["refbot"] = bot or Refbot(settings)
    app.extensions["refbot.settings"] = settings
    secret = secret_key(settings.secret_key, settings.index_dir)
    app.extensions["refbot.secret"] = secret  # signs the chat history and the admin forms
    app.extensions["refbot.history"] = History(secret, settings.history_turns)
    # Every page's <html dir>: Arabic is written right to left.
    app.jinja_env.filters["direction"] = text_direction
    app.register_blueprint(api)
    app.register_blueprint(pages)
    app.register_blueprint(discord)
    if settings.discord_public_key:
        seen = seen_store(settings.rate_limit_storage)
        app.extensions["refbot.discord"] = Verifier.from_hex(settings.discord_public_key, seen)
        app.extensions["refbot.discord.responder"] = Responder(settings.discord_api_url)
    app.extensions["refbot.store"] = _open_store(settings, app)
    app.register_blueprint(admin)
    app.extensions["refbot.spec"] = build_spec(app)
    CORS(app, resources={r"/api/*": {"origins": settings.origins}}, methods=["GET", "POST"])
    # Registered before the limiter's own hook, so that it runs after it (Flask runs them in
    # reverse): the limiter sets Retry-After on every response, but it means "wait" only on its
    # refusals.
    app.after_request(_retry_after_on_refusals_only)
    _rate_limits(app, settings)
    if settings.proxies:
        # Behind nginx every request comes from the proxy: the client is in X-Forwarded-For.
        proxied = ProxyFix(app.wsgi_app, x_for=settings.proxies, x_proto=settings.proxies)
        app.wsgi_app = proxied  # type: ignore[method-assign]
    app.wsgi_app = _merged_slashes(app.wsgi_app)  # type: ignore[method-assign,assignment]
    _errors(app)
    app.after_request(_security_headers(settings))
    if settings.preload:
        try:
            app.extensions["refbot"].warm()
        except RefbotError as exc:
            # Serve anyway: every request then answers 503 saying what to fix (health too).
            app.logger.warning("refbot could not load at start: %s", exc)
    return app


def _open_store(settings: Settings, app: Flask) -> Store | None:
    """Open the question log (migrating it) when questions are kept or the admin page is on."""
    if not (settings.log_questions or settings.admin_token):
        return None
    store = Store.open(settings.database_url)
    if settings.retention_days:
        # Retention is applied at every start too, not only by `refbot purge`.
        purged = store.purge(timedelta(days=settings.retention_days))
        if purged:
            app.logger.info("purged %d answers older than %d days", purged, settings.retention_days)
    return store


def _rate_limits(app: Flask, settings: Settings) -> None:
    """Limit each client per route class, counted in the configured (shared) storage."""
    limiter = Limiter(
        get_remote_address,
        app=app,
        storage_uri=settings.rate_limit_storage,
        headers_enabled=True,
        # Should Redis go away later, each worker counts on its own until it is back,
        # rather than failing every request.
        in_memory_fallback_enabled=True,
    )
    if not limiter.storage.check():
        raise ConfigError(
            f"setting 'rate_limit_storage': cannot reach {settings.rate_limit_storage} "
            "(is redis-server running there?)"
        )
    classes = {
        "api": settings.rate_limit,
        "expensive": settings.rate_limit_expensive,
        "pages": settings.rate_limit_pages,
    }
    for endpoint, view in list(app.view_functions.items()):
        if endpoint in UNLIMITED:
            continue
        scope = (
            "expensive"
            if endpoint in EXPENSIVE
            else "api"
            if endpoint.startswith("api.")
            else "pages"
        )
        # One counter per client and class, shared by the class's routes and by every worker.
        limited = limiter.shared_limit(classes[scope], scope=scope)(view)
        app.view_functions[endpoint] = limited  # type: ignore[assignment]


WSGIApp = Callable[[dict[str, Any], Callable[..., Any]], Iterable[bytes]]


def _merged_slashes(wsgi_app: WSGIApp) -> WSGIApp:
    """Answer `//api//ask` as `/api/ask` rather than with an HTML redirect to it."""

    def merged(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "")
        if "//" in path:
            environ["PATH_INFO"] = re.sub("/{2,}", "/", path)
        return wsgi_app(environ, start_response)

    return merged


def error_response(status: int, code: str, message: str) -> tuple[Response, int]:
    """Return the one JSON error shape of the API."""
    return jsonify({"error": {"code": code, "message": message}}), status


def _errors(app: Flask) -> None:
    @app.errorhandler(RefbotError)
    def refbot_error(exc: RefbotError) -> Any:
        status = STATUS.get(type(exc), 500)
        if isinstance(exc, QuestionError) and exc.code == "question_too_long":
            status = TOO_LONG
        if status == 500:
            app.logger.error("refbot error: %s", exc)
        if not request.path.startswith("/api/"):
            # A person on a page gets a page, not JSON.
            return error_page(status, str(exc))
        return error_response(status, exc.code, str(exc))

    @app.errorhandler(BadRequest)
    def bad_request(exc: BadRequest) -> Any:
        return error_response(400, exc.code, str(exc))

    @app.errorhandler(HTTPException)
    def http_error(exc: HTTPException) -> Any:
        if not _wants_json():
            page, status = error_page(exc.code or 500)
            response = Response(page, status, mimetype="text/html")
            if exc.code == 405 and getattr(exc, "valid_methods", None):
                response.headers["Allow"] = ", ".join(exc.valid_methods)  # type: ignore[attr-defined]
            return response
        codes = {
            405: "method_not_allowed",
            404: "not_found",
            413: "payload_too_large",
            429: "rate_limited",
        }
        code = codes.get(exc.code or 500, (exc.name or "error").lower().replace(" ", "_"))
        description = exc.description or exc.name
        if exc.code == 413:
            limit = app.config["MAX_CONTENT_LENGTH"]
            description = f"the request body is over the limit of {limit:,} bytes"
        response, status = error_response(exc.code or 500, code, description)
        if exc.code == 405 and hasattr(exc, "valid_methods") and exc.valid_methods:
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response, status

    @app.errorhandler(Exception)
    def unexpected(exc: Exception) -> Any:
        app.logger.exception("unexpected error")
        if not request.path.startswith("/api/"):
            try:
                return error_page(500)
            except Exception:  # the page itself failed: the plain answer below still goes out
                app.logger.exception("the error page failed")
        return error_response(500, "internal_error", "the server failed to answer; it is logged")


def _wants_json() -> bool:
    """Return whether an error should be JSON: on the API, or for a client asking for JSON."""
    if request.path.startswith("/api/"):
        return True
    accept = request.accept_mimetypes
    return accept.best == "application/json" or (accept.accept_json and not accept.accept_html)


def _retry_after_on_refusals_only(response: Response) -> Response:
    """Drop the limiter's Retry-After from every response but its own refusals (429).

    On any other response its value is only when the client's window resets, no hint to retry.
    """
    if response.status_code != 429:
        response.headers.pop("Retry-After", None)
    return response


def _security_headers(settings: Settings) -> Any:
    ancestors = " ".join(["'self'", *settings.origins])

    def add(response: Response) -> Response:
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            f"connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors {ancestors}"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "strict-origin-when-cross-origin"
        return response

    return add
