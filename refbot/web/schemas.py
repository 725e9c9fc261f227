"""Request and response schemas of the JSON API; the OpenAPI document is generated from them."""

from __future__ import annotations

from typing import Any

from marshmallow import Schema, fields, validate


class InputText(fields.String):
    """An input's value as text; a JSON number is taken as the text it writes (7 is "7")."""

    def _deserialize(self, value: Any, attr: str | None, data: Any, **kwargs: Any) -> Any:
        if isinstance(value, int | float) and not isinstance(value, bool):
            value = f"{value:g}" if isinstance(value, float) else str(value)
        return super()._deserialize(value, attr, data, **kwargs)


class Situation(Schema):
    """A rule and its inputs as text, as refbot read them from a question."""

    # Said when the value is not an object at all ("previous": "junk").
    error_messages = {"type": "expected an object with rule and inputs"}  # noqa: RUF012

    rule = fields.String(
        required=True, validate=validate.Length(1, 64), metadata={"description": "A rule id."}
    )
    inputs = fields.Dict(
        keys=fields.String(validate=validate.Length(1, 64)),
        values=InputText(validate=validate.Length(0, 64)),
        required=True,
        validate=validate.Length(max=20),
        metadata={"description": 'Each input as text, e.g. {"flee": "7", "pursuit": "2,5"}.'},
    )
    edition = fields.String(
        validate=validate.Length(1, 64),
        metadata={
            "description": 'The one edition computed, when a follow-up named it ("what about '
            'the Spanish rules?"); left out when every edition stating the rule is computed.'
        },
    )
    presumed = fields.List(
        fields.String(validate=validate.Length(1, 64)),
        validate=validate.Length(max=20),
        metadata={
            "description": "The inputs the question did not give but its situation takes for "
            'granted ("may my knights overrun?": the enemy was wiped out), to confirm or '
            "correct; left out when there are none."
        },
    )


def error_text(messages: dict[str, Any] | list[Any] | str, path: str = "") -> str:
    """Return marshmallow's nested error messages as one line of `field.sub: problem` parts.

    Its own keys (`_schema`, the whole value's problem) name the field they sit in instead.
    """
    if isinstance(messages, dict):
        parts = []
        for key, value in messages.items():
            inner = path if key == "_schema" else f"{path}.{key}" if path else str(key)
            parts.append(error_text(value, inner))
        return "; ".join(parts)
    if isinstance(messages, list):
        texts = [error_text(m, path) if isinstance(m, dict) else str(m) for m in messages]
        flat = [t for t in texts if not t.startswith(f"{path}:")]
        nested = [t for t in texts if t.startswith(f"{path}:")]
        return "; ".join(([f"{path}: {' '.join(flat)}"] if flat else []) + nested)
    return f"{path}: {messages}"


class AskRequest(Schema):
    """A question, as POST /api/ask takes it (GET takes the same fields as query parameters)."""

    q = fields.String(required=True, metadata={"description": "The question, in any language."})
    lang = fields.String(
        validate=validate.Regexp(r"\A[a-z]{2}\Z"),  # "$" would let "en\n" through
        metadata={
            "description": "ISO 639-1 code of the question; detected when left out (a question "
            "too short to tell is read in the language Accept-Language prefers)."
        },
    )
    k = fields.Integer(
        strict=True,  # 5.5 and "٥" are not a count of citations
        validate=validate.Range(1, 50),
        metadata={"description": "How many citations (default 5)."},
    )
    edition = fields.String(metadata={"description": "Only this edition, e.g. rulebook-en."})
    situation = fields.Nested(
        Situation,
        metadata={
            "description": "POST only. Compute this rule from exactly these inputs: a correction "
            "of what was read (the `situation` of an earlier answer, with an input changed)."
        },
    )
    previous = fields.Nested(
        Situation,
        metadata={
            "description": "POST only. The `situation` of the conversation's last answer: a "
            'follow-up such as "and if they had rolled 9?" changes one of its inputs.'
        },
    )


class Amendment(Schema):
    """An erratum that amends a clause: the text it replaces and its own, which takes precedence."""

    erratum = fields.String(
        required=True, metadata={"description": "The erratum's id: `<errata section key>#<n>`."}
    )
    title = fields.String(required=True, metadata={"description": "The erratum's title."})
    replaces = fields.String(required=True, metadata={"description": "The words it replaces."})
    text = fields.String(required=True, metadata={"description": "The words that hold now."})
    source = fields.String(required=True, metadata={"description": "The errata document."})
    param = fields.String(
        required=True,
        metadata={"description": "The rule constant it changes (`overrun.dice`), or empty."},
    )
    value = fields.String(
        required=True, metadata={"description": "That constant's new value (`3D6`), or empty."}
    )


class Difference(Schema):
    """A number, dice expression or length a translation states otherwise than its original."""

    kind = fields.String(
        required=True,
        validate=validate.OneOf(["number", "dice", "distance"]),
        metadata={"description": 'number, dice, or distance (in cm, 1" = 2.5 cm)'},
    )
    translation = fields.List(fields.Raw(), required=True, metadata={"description": "Its values."})
    original = fields.List(
        fields.Raw(), required=True, metadata={"description": "The original's values."}
    )


class Link(Schema):
    """The original clause a translated clause renders, linked by the aligner at build."""

    original = fields.String(required=True, metadata={"description": "The original's id."})
    differences = fields.List(fields.Nested(Difference), required=True)


class Amended(Schema):
    """An erratum a rule result was computed under."""

    erratum = fields.String(required=True, metadata={"description": "The erratum's id."})
    title = fields.String(required=True, metadata={"description": "The erratum's title."})
    constant = fields.String(required=True, metadata={"description": "The constant, e.g. dice."})
    value = fields.String(required=True, metadata={"description": "Its value now, e.g. 3D6."})
    was = fields.String(required=True, metadata={"description": "The edition's value, e.g. 5D6."})


AMENDED_BY = "Errata amending this clause, shown with it; their text takes precedence."


class Citation(Schema):
    id = fields.String(required=True)
    text = fields.String(required=True, metadata={"description": "In the clause's own language."})
    lang = fields.String(required=True)
    game = fields.String(required=True)
    edition = fields.String(required=True)
    section = fields.String(required=True)
    heading = fields.String()
    source = fields.String(required=True)
    page = fields.Integer(allow_none=True)
    kind = fields.String(required=True, metadata={"description": "rule, example, heading or faq"})
    score = fields.Float(allow_none=True)
    game_title = fields.String(required=True, metadata={"description": "The game, for readers."})
    edition_title = fields.String(
        required=True, metadata={"description": "The edition for readers (else its slug)."}
    )
    source_title = fields.String(
        required=True, metadata={"description": "The book for readers (else the source file)."}
    )
    label = fields.String(
        required=True, metadata={"description": '"FAQ" for a FAQ answer, else empty.'}
    )
    question = fields.String(
        required=True, metadata={"description": "The question a FAQ answer answers, else empty."}
    )
    amended_by = fields.List(
        fields.Nested(Amendment), required=True, metadata={"description": AMENDED_BY}
    )
    translation_of = fields.List(
        fields.String(),
        required=True,
        metadata={
            "description": "In a translation (`translates` in its front matter): the ids of the "
            "original clauses this clause renders, cited right after it; else empty."
        },
    )
    differences = fields.List(
        fields.Nested(Difference),
        required=True,
        metadata={
            "description": "The numbers, dice or lengths this translated clause states otherwise "
            "than its original (the aligner's flags)."
        },
    )


class RuleResult(Schema):
    id = fields.String(required=True)
    game = fields.String(required=True)
    edition = fields.String(required=True)
    concept = fields.String(required=True)
    inputs = fields.Dict(required=True)
    outcome = fields.Dict(required=True)
    clauses = fields.List(fields.String(), required=True)
    amended_by = fields.List(
        fields.Nested(Amended),
        required=True,
        metadata={"description": "Errata whose values the outcome was computed with."},
    )
    verified = fields.Boolean(required=True)


class Problem(Schema):
    code = fields.String(
        required=True,
        metadata={"description": "missing_input, invalid_input, unreadable_input or rule_error"},
    )
    input = fields.String(allow_none=True, required=True)
    low = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "For an impossible value: the lowest the input takes."},
    )
    high = fields.Integer(
        allow_none=True,
        required=True,
        metadata={"description": "For an impossible value: the highest the input takes."},
    )
    dice = fields.Integer(
        allow_none=True,
        required=True,
        metadata={
            "description": "For a roll given with the wrong number of dice: the dice it rolls."
        },
    )


class Ask(Schema):
    input = fields.String(required=True, metadata={"description": "The rule input missing."})
    question = fields.String(
        required=True, metadata={"description": "What to tell refbot, in the answer's language."}
    )


class AskResponse(Schema):
    """The same JSON as `refbot ask --json`."""

    query = fields.String(required=True)
    lang = fields.String(required=True)
    answer = fields.String(required=True)
    abstained = fields.Boolean(required=True)
    confidence = fields.Float(required=True)
    rule = fields.Nested(RuleResult, allow_none=True, required=True)
    rules = fields.List(fields.Nested(RuleResult), required=True)
    citations = fields.List(fields.Nested(Citation), required=True)
    problem = fields.Nested(
        Problem, metadata={"description": "Why no outcome was computed, when a rule was asked."}
    )
    situation = fields.Nested(
        Situation,
        allow_none=True,
        required=True,
        metadata={"description": "What was read from the question for its main rule."},
    )
    asks = fields.List(
        fields.Nested(Ask),
        required=True,
        metadata={
            "description": "The main rule's inputs the question left out that would decide its "
            "outcome (a chance was given instead), each with the question that asks for it."
        },
    )
    answer_id = fields.String(
        allow_none=True,
        metadata={
            "description": "API only: the id to send feedback on this answer with "
            "(POST /api/feedback); null when the server keeps no questions."
        },
    )


class Feedback(Schema):
    """A reader's verdict on an answer, as POST /api/feedback takes it."""

    answer_id = fields.String(
        required=True,
        validate=validate.Regexp(r"\A[0-9a-f]{32}\Z"),
        metadata={"description": "The `answer_id` of an answer from /api/ask."},
    )
    helpful = fields.Boolean(
        required=True,
        metadata={"description": "true: the answer helped; false: it did not."},
    )
    correction = fields.String(
        allow_none=True,
        validate=validate.Length(max=2000),
        metadata={"description": 'Optional: what is right instead ("the right rule was …").'},
    )
    channel = fields.String(
        load_default="api",
        validate=validate.OneOf(["api", "page", "widget", "discord"]),
        metadata={"description": "Where the reader gave it (default api)."},
    )


class FeedbackResponse(Schema):
    """Feedback as it was stored."""

    answer_id = fields.String(required=True)
    helpful = fields.Boolean(required=True)
    correction = fields.String(allow_none=True, required=True)
    created_at = fields.String(required=True, metadata={"description": "ISO 8601, UTC."})


class Clause(Schema):
    id = fields.String(required=True)
    text = fields.String(required=True)
    kind = fields.String(required=True)
    heading_path = fields.List(fields.String(), required=True)
    heading = fields.String(required=True)
    lang = fields.String(required=True)
    game = fields.String(required=True)
    edition = fields.String(required=True)
    section = fields.String(required=True)
    source = fields.String(required=True)
    units = fields.String(required=True)
    page = fields.Integer(allow_none=True)
    block = fields.Integer(
        required=True, metadata={"description": "The paragraph of its section it comes from."}
    )
    edition_title = fields.String(
        required=True, metadata={"description": "The edition for readers; empty when unnamed."}
    )
    source_title = fields.String(
        required=True, metadata={"description": "The book for readers; empty when unnamed."}
    )
    amended_by = fields.List(
        fields.Nested(Amendment), required=True, metadata={"description": AMENDED_BY}
    )
    translates = fields.List(
        fields.Nested(Link),
        required=True,
        metadata={"description": "In a translation: the original clauses it renders; else empty."},
    )


class Health(Schema):
    status = fields.String(
        required=True,
        validate=validate.OneOf(["ok", "degraded", "unavailable"]),
        metadata={
            "description": "ok; degraded: answering from a last good index (problem says why); "
            "unavailable: cannot answer (503)"
        },
    )
    version = fields.String(required=True)
    model = fields.String(required=True)
    model_loaded = fields.Boolean(required=True)
    index_loaded = fields.Boolean(required=True)
    clauses = fields.Integer(required=True)
    built_at = fields.String(allow_none=True, required=True)
    problem = fields.String(
        allow_none=True,
        required=True,
        metadata={"description": "What to fix when degraded or unavailable; else null."},
    )


class ErrorBody(Schema):
    code = fields.String(required=True, metadata={"description": "A stable machine-readable code."})
    message = fields.String(required=True)


class Error(Schema):
    """The one error shape of the API."""

    error = fields.Nested(ErrorBody, required=True)
