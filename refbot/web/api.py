"""The JSON API: /api/ask, /api/clauses/<id>, /api/health and the OpenAPI document."""

from __future__ import annotations

import json
import re
from typing import Any

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from apispec_webframeworks.flask import FlaskPlugin
from flask import Blueprint, Flask, current_app, jsonify, render_template, request
from marshmallow import ValidationError

from refbot import __version__
from refbot.answer import Situation
from refbot.bot import Refbot
from refbot.errors import UnknownAnswer
from refbot.i18n import DETECTABLE
from refbot.web import schemas
from refbot.web.questions import record, store

api = Blueprint("api", __name__, url_prefix="/api")


def bot() -> Refbot:
    """Return the app's Refbot."""
    found: Refbot = current_app.extensions["refbot"]
    return found


class BadRequest(Exception):
    """A request the API cannot read; answered with the error shape and status 400."""

    def __init__(self, message: str, code: str = "bad_request") -> None:
        super().__init__(message)
        self.code = code


def _ask_args() -> dict[str, Any]:
    if request.method == "POST":
        # A JSON body is read as JSON whatever its Content-Type says (curl -d sends a form's).
        data = _json_body('{"q": "…"}', force=True)
    else:
        args: dict[str, Any] = request.args.to_dict()
        # A query parameter is text: "k=5" is the count 5 ("k=٥" and "k=5.5" stay refused).
        if re.fullmatch(r"[0-9]{1,9}", args.get("k", "")):
            args["k"] = int(args["k"])
        data = args
    try:
        loaded: dict[str, Any] = schemas.AskRequest().load(data)
    except ValidationError as exc:
        missing = exc.messages_dict.get("q") == ["Missing data for required field."]
        code = "missing_question" if missing else "invalid_parameter"
        raise BadRequest(schemas.error_text(exc.messages_dict), code) from None
    for name, value in loaded.items():
        for text in _texts(value):
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:  # JSON allows "\ud800"; no text can hold it
                raise BadRequest(
                    f"{name}: contains an unpaired surrogate", "invalid_parameter"
                ) from None
    return loaded


@api.route("/ask", methods=["GET", "POST"])
def ask() -> Any:
    """Answer a question.
    ---
    get:
      summary: Answer a question given as query parameters
      parameters:
        - in: query
          schema: AskRequest
      responses:
        200:
          description: The answer, as `refbot ask --json` prints it
          content:
            application/json:
              schema: AskResponse
        400: BadRequest
        413: TooLarge
        429: RateLimited
        500: InternalError
        503: Unavailable
    post:
      summary: Answer a question given as a JSON body
      requestBody:
        required: true
        content:
          application/json:
            schema: AskRequest
      responses:
        200:
          description: The answer, as `refbot ask --json` prints it
          content:
            application/json:
              schema: AskResponse
        400: BadRequest
        413: TooLarge
        429: RateLimited
        500: InternalError
        503: Unavailable
    """
    args = _ask_args()
    answer = bot().ask(
        args["q"],
        lang=args.get("lang"),
        k=args.get("k"),
        edition=args.get("edition"),
        situation=_situation(args.get("situation")),
        previous=_situation(args.get("previous")),
        lang_prior=_reader_language(),
    )
    return jsonify({**answer.to_dict(), "answer_id": record(answer, "api")})


def _reader_language() -> str | None:
    """Return the language the client's Accept-Language prefers among those a question is read in.

    The language of a question too short to tell ("und bei 9?"), as the page's interface
    language is for the form. By quality, then order; a regional tag is its language ("de-AT"),
    and a language refused (q=0) is never chosen.
    """
    for value, quality in request.accept_languages:  # best first
        base = value.split("-")[0].split("_")[0].lower()
        if quality > 0 and base in DETECTABLE:
            return base
    return None


def _json_body(example: str, force: bool = False) -> dict[str, Any]:
    """Return the request's JSON object, or raise BadRequest saying where it cannot be read."""
    if not force and not request.is_json:
        raise BadRequest(
            f"the body must be JSON (Content-Type: application/json), such as {example}",
            "malformed_json",
        )
    try:
        # Bytes, as JSON allows them: UTF-8 (with or without a BOM), UTF-16 or UTF-32.
        data = json.loads(request.get_data())
    except UnicodeDecodeError:
        raise BadRequest(
            f"the body is not UTF-8 text; send an object such as {example}", "malformed_json"
        ) from None
    except json.JSONDecodeError as exc:
        raise BadRequest(
            f"the body is not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}; "
            f"send an object such as {example}",
            "malformed_json",
        ) from None
    except RecursionError:  # arrays nested thousands deep
        data = None
    if not isinstance(data, dict):
        raise BadRequest(f"the body must be a JSON object such as {example}", "malformed_json")
    return data


def _invalid(exc: ValidationError) -> BadRequest:
    return BadRequest(schemas.error_text(exc.messages_dict), "invalid_parameter")


@api.route("/feedback", methods=["POST"])
def feedback() -> Any:
    """Record a reader's verdict on an answer.
    ---
    post:
      summary: Say whether an answer helped, optionally with a correction
      requestBody:
        required: true
        content:
          application/json:
            schema: Feedback
      responses:
        201:
          description: Stored
          content:
            application/json:
              schema: FeedbackResponse
        400:
          description: Bad request, in the error shape
          content:
            application/json:
              schema: Error
        404:
          description: No answer has that id (never given, or purged), in the error shape
          content:
            application/json:
              schema: Error
        429:
          description: Rate limited, in the error shape
          content:
            application/json:
              schema: Error
    """
    data = _json_body('{"answer_id": "…", "helpful": false, "correction": "…"}')
    if "helpful" in data and not isinstance(data["helpful"], bool):
        # marshmallow would take 1 for true (1 == True in Python); a verdict is a JSON boolean.
        raise BadRequest("helpful: must be true or false", "invalid_parameter")
    try:
        loaded = schemas.Feedback().load(data)
    except ValidationError as exc:
        raise _invalid(exc) from None
    correction = loaded.get("correction")
    if correction is not None:
        try:
            correction.encode("utf-8")
        except UnicodeEncodeError:
            raise BadRequest(
                "correction: contains an unpaired surrogate", "invalid_parameter"
            ) from None
    kept = store()
    if kept is None:
        raise UnknownAnswer("this server keeps no answers (log_questions is off)")
    verdict = kept.record_feedback(
        loaded["answer_id"], loaded["helpful"], correction, loaded["channel"]
    )
    body = {
        "answer_id": verdict.answer_id,
        "helpful": verdict.helpful,
        "correction": verdict.correction,
        "created_at": verdict.created_at.isoformat(),
    }
    return jsonify(body), 201


def _texts(value: Any) -> list[str]:
    """Return every string in a request value, keys of nested objects included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [t for k, v in value.items() for t in (*_texts(k), *_texts(v))]
    return []


def _situation(data: dict[str, Any] | None) -> Situation | None:
    """Return a situation sent back by a client, as the library takes it."""
    if not data:
        return None
    presumed = tuple(data.get("presumed", ()))
    return Situation(data["rule"], dict(data["inputs"]), data.get("edition"), presumed)


@api.route("/clauses/<path:clause_id>")
def clause(clause_id: str) -> Any:
    """Return one clause.
    ---
    get:
      summary: One clause by its id, e.g. warhammer-fantasy/rulebook-en/en/flee-and-pursue#30
      parameters:
        - in: path
          name: clause_id
          required: true
          schema:
            type: string
      responses:
        200:
          description: Success
          content:
            application/json:
              schema: Clause
        404: NotFound
        429: RateLimited
        500: InternalError
        503: Unavailable
    """
    return jsonify(bot().clause(clause_id).to_dict())


@api.route("/health")
def health() -> Any:
    """Report the service's state.
    ---
    get:
      summary: Index and model status, clause count and version
      responses:
        200:
          description: Answering (status ok, or degraded when serving a last good index)
          content:
            application/json:
              schema: Health
        500: InternalError
        503:
          description: The index cannot be used (status unavailable; problem says why)
          content:
            application/json:
              schema: Health
    """
    report = bot().health()
    # Degraded still answers questions: 200, so load balancers keep sending traffic.
    return jsonify(report), 503 if report["status"] == "unavailable" else 200


@api.route("/openapi.json")
def openapi() -> Any:
    """Return the OpenAPI 3 document of this API.
    ---
    get:
      summary: This document
      responses:
        200:
          description: The OpenAPI 3.0 document
          content:
            application/json:
              schema:
                type: object
        429: RateLimited
        500: InternalError
    """
    return jsonify(current_app.extensions["refbot.spec"])


@api.route("/docs")
def docs() -> Any:
    """Render the OpenAPI document as a page (no external scripts).
    ---
    get:
      summary: This document as a page to read
      responses:
        200:
          description: An HTML page
          content:
            text/html:
              schema:
                type: string
        429: RateLimited
        500: InternalError
    """
    from refbot.i18n import translations
    from refbot.web.pages import interface_language

    spec = current_app.extensions["refbot.spec"]
    lang = interface_language()  # the page's words; the document itself is in English
    return render_template(
        "docs.html",
        spec=spec,
        resolve=lambda node: resolve(spec, node),
        lang=lang,
        _=translations(lang).gettext,
    )


def resolve(spec: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """Return the object a `$ref` node points to in the document (the node itself otherwise)."""
    ref = node.get("$ref") if isinstance(node, dict) else None
    if not ref:
        return node
    found: Any = spec
    for part in ref.removeprefix("#/").split("/"):
        found = found[part]
    return dict(found)


def build_spec(app: Flask) -> dict[str, Any]:
    """Generate the OpenAPI document from the schemas and the views' docstrings."""
    spec = APISpec(
        title="refbot",
        version=__version__,
        openapi_version="3.0.3",
        info={
            "description": "A multilingual rules reference for tabletop wargames. Errors have "
            'one shape, {"error": {"code", "message"}}; a method a path does not list answers '
            "405 `method_not_allowed` with an Allow header, an unknown path 404 `not_found`."
        },
        plugins=[FlaskPlugin(), MarshmallowPlugin()],
    )
    names = ("AskRequest", "AskResponse", "Feedback", "FeedbackResponse", "Clause", "Health")
    for name in (*names, "Error"):
        spec.components.schema(name, schema=getattr(schemas, name))
    for name, (description, codes) in ERROR_RESPONSES.items():
        listed = ", ".join(f"`{code}`" for code in codes)
        spec.components.response(
            name,
            {
                "description": f"{description}, in the error shape (code {listed})",
                "content": {"application/json": {"schema": "Error"}},
            },
        )
    with app.test_request_context():
        for view in (ask, feedback, clause, health, openapi, docs):
            spec.path(view=view, app=app)
    return spec.to_dict()


# The error responses the operations refer to, each with the codes it carries. Any method a
# path does not list answers 405 `method_not_allowed` with an Allow header, and a path that is
# not here 404 `not_found`, both in the error shape.
ERROR_RESPONSES: dict[str, tuple[str, tuple[str, ...]]] = {
    "BadRequest": (
        "The request cannot be read",
        ("missing_question", "empty_question", "malformed_json", "invalid_parameter"),
    ),
    "NotFound": ("No such clause", ("not_found",)),
    "TooLarge": (
        "The question or the body is too long",
        ("question_too_long", "payload_too_large"),
    ),
    "RateLimited": ("Too many requests from this client; see Retry-After", ("rate_limited",)),
    "InternalError": ("The server failed; it is logged", ("internal_error",)),
    "Unavailable": (
        "The index or the model cannot be used until an operator fixes it (health says why)",
        (
            "index_missing",
            "index_corrupt",
            "index_mismatch",
            "index_unwritable",
            "corpus_error",
            "model_error",
        ),
    ),
}
