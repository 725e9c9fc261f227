"""Discord messages: locales to languages, and answers as embeds within Discord's limits."""

from __future__ import annotations

import hashlib
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from refbot.answer import Answer, Citation, RuleOutcome
from refbot.i18n import DETECTABLE, TOLD_APART, available_languages, translations

# Discord's limits (characters): https://discord.com/developers/docs/resources/message#embed-limits
TITLE_MAX = 256
DESCRIPTION_MAX = 4096
FIELD_NAME_MAX = 256
FIELD_VALUE_MAX = 1024
FIELDS_MAX = 25
FOOTER_MAX = 2048
EMBED_TOTAL_MAX = 6000
CUSTOM_ID_MAX = 100
BUTTON_LABEL_MAX = 80
SOURCES_IN_ANSWER = 3  # the answer lists the top sources; "Show sources" quotes them all
QUOTE_MAX = 700  # of each clause quoted by "Show sources", before the embed total trims it

# Colours of the embed's edge: computed and stated by the cited rules, computed without that,
# a quoted rule, declined.
VERIFIED, UNVERIFIED, LOOKUP, DECLINED = 0x2E7D32, 0xF9A825, 0x1565C0, 0x757575

# Discord locales with a region (https://discord.com/developers/docs/reference#locales); every
# other Discord locale is a bare language code (de, fr, ru, pl, it …).
REGIONAL_LOCALES = {
    "en": ("en-US", "en-GB"),
    "es": ("es-ES", "es-419"),
    "pt": ("pt-BR",),
    "sv": ("sv-SE",),
    # The Chinese catalog is written in Simplified characters: zh-TW (Traditional) keeps
    # Discord's default name rather than be shown another script's.
    "zh": ("zh-CN",),
}

Gettext = Callable[[str], str]


def language_of(locale: str | None) -> str | None:
    """Return refbot's language for a Discord locale (es-419 → es), or None when it has none."""
    if not locale:
        return None
    lang = locale.split("-")[0].lower()
    # A language refbot only tells apart is no reader's: the question's own language decides.
    readable = lang in DETECTABLE and lang not in TOLD_APART
    return lang if readable or lang in available_languages() else None


# The locales Discord has (the same page): a command named in another (Arabic) is refused.
DISCORD_LOCALES = frozenset(
    {
        "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu",
        "nl", "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru",
        "uk", "hi", "th", "zh-CN", "ja", "zh-TW", "ko",
    }
)  # fmt: skip


def discord_locales(lang: str) -> tuple[str, ...]:
    """Return the Discord locales that read a refbot language (none for Arabic)."""
    return tuple(c for c in REGIONAL_LOCALES.get(lang, (lang,)) if c in DISCORD_LOCALES)


def clip(text: str, limit: int) -> str:
    """Return text within limit characters, cut at a word and ended with "…" when it was longer."""
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > limit * 0.8:  # cut between words unless that loses much
        cut = cut[:space]
    return cut.rstrip() + "…"


def question_digest(question: str) -> str:
    """Return a short stable digest of a question, for buttons to find it again."""
    return hashlib.sha256(question.strip().encode("utf-8")).hexdigest()[:16]


@dataclass(frozen=True)
class ButtonId:
    """What a button of an answer carries: its action, the answer's language, the question."""

    action: str  # sources, helpful or unhelpful
    lang: str
    digest: str
    # The id the question log gave the answer, when it keeps questions: feedback refers to it.
    answer_id: str | None = None

    PREFIX = "refbot"
    ACTIONS = ("sources", "helpful", "unhelpful")

    def __str__(self) -> str:
        tail = f":{self.answer_id}" if self.answer_id else ""
        return f"{self.PREFIX}:{self.action}:{self.lang}:{self.digest}{tail}"

    @classmethod
    def parse(cls, custom_id: str) -> ButtonId | None:
        """Return the button an id names, or None when it is not one of refbot's."""
        parts = custom_id.split(":")
        if len(parts) not in (4, 5) or parts[0] != cls.PREFIX or parts[1] not in cls.ACTIONS:
            return None
        if not parts[2].isalpha() or len(parts[2]) > 3 or len(parts[3]) != 16:
            return None
        answer_id = parts[4] if len(parts) == 5 else None
        if answer_id is not None and not re.fullmatch(r"[0-9a-f]{32}", answer_id):
            return None
        return cls(parts[1], parts[2], parts[3], answer_id)


def embed_length(embed: dict[str, Any]) -> int:
    """Return the characters of an embed that count towards Discord's 6000."""
    total = len(embed.get("title", "")) + len(embed.get("description", ""))
    total += len(embed.get("footer", {}).get("text", ""))
    total += len(embed.get("author", {}).get("name", ""))
    return total + sum(len(f["name"]) + len(f["value"]) for f in embed.get("fields", []))


def fit(embed: dict[str, Any]) -> dict[str, Any]:
    """Return an embed within every limit of Discord's: each part's, then the 6000 in all.

    The longest text (the description or a field's value) is trimmed first, so that short
    ones (an outcome, the inputs read) stay whole.
    """
    if "title" in embed:
        embed["title"] = clip(embed["title"], TITLE_MAX)
    if "description" in embed:
        embed["description"] = clip(embed["description"], DESCRIPTION_MAX)
    if "footer" in embed:
        embed["footer"] = {**embed["footer"], "text": clip(embed["footer"]["text"], FOOTER_MAX)}
    if "fields" in embed:
        embed["fields"] = [
            field(f["name"], f["value"], f.get("inline", False))
            for f in embed["fields"][:FIELDS_MAX]
        ]
    while (excess := embed_length(embed) - EMBED_TOTAL_MAX) > 0:
        before = embed_length(embed)
        fields = embed.get("fields", [])
        longest = max(fields, key=lambda f: len(f["value"]), default=None)
        description = embed.get("description", "")
        if longest is None or len(description) >= len(longest["value"]):
            embed["description"] = clip(description, max(1, len(description) - excess))
        else:
            longest["value"] = clip(longest["value"], max(1, len(longest["value"]) - excess))
        if embed_length(embed) >= before:  # only names left: the last fields go
            break
    while embed_length(embed) > EMBED_TOTAL_MAX and embed.get("fields"):
        embed["fields"].pop()
    return embed


def field(name: str, value: str, inline: bool = False) -> dict[str, Any]:
    """Return an embed field within Discord's limits (a value may not be empty)."""
    return {
        "name": clip(name, FIELD_NAME_MAX) or "—",
        "value": clip(value, FIELD_VALUE_MAX) or "—",
        "inline": inline,
    }


def source_line(citation: Citation, _: Gettext) -> str:
    """Return where a clause is: heading, edition, page and language, on one line."""
    where = f"{citation.heading} — {citation.game_title}, {citation.edition_title}"
    if citation.page:
        where += f", {_('page')} {citation.page}"
    return f"{where} ({citation.lang})"


def outcome_lines(
    rules: Sequence[RuleOutcome], edition_name: Callable[[RuleOutcome], str], _: Gettext
) -> str:
    """Return each computed edition and whether the cited rules state it."""
    return "\n".join(
        f"✅ {edition_name(r)}: {_('stated by the cited rules')}"
        if r.verified
        else f"⚠️ {edition_name(r)}: {_('rule clauses added: retrieval did not find them')}"
        for r in rules
    )


def answer_embed(
    answer: Answer,
    read: Sequence[tuple[str, str]],
    edition_name: Callable[[RuleOutcome], str],
) -> dict[str, Any]:
    """Return an answer as an embed in its own language: outcome, inputs read, top sources."""
    _ = translations(answer.lang).gettext
    title = clip(answer.query, TITLE_MAX)
    fields = []
    if title != answer.query.strip():
        # The buttons find the question again in the message: whole, in a field.
        fields.append(field(_("Question"), answer.query))
    if answer.rules:
        fields.append(field(_("Computed outcome"), outcome_lines(answer.rules, edition_name, _)))
    if read:
        lines = "\n".join(f"{label}: **{value}**" for label, value in read)
        fields.append(field(_("What I read from your question"), lines))
    if answer.citations:
        top = answer.citations[:SOURCES_IN_ANSWER]
        lines = "\n".join(f"{n}. {source_line(c, _)}" for n, c in enumerate(top, 1))
        fields.append(field(_("Sources"), lines))
    colour = DECLINED if answer.abstained else LOOKUP
    if answer.rule is not None:
        colour = VERIFIED if answer.rule.verified else UNVERIFIED
    embed = {
        "title": title,
        "description": clip(answer.answer, DESCRIPTION_MAX),
        "color": colour,
        "fields": fields[:FIELDS_MAX],
        "footer": {"text": f"{_('Confidence')}: {answer.confidence * 100:.0f} %"},
    }
    return fit(embed)


def answer_buttons(answer: Answer, answer_id: str | None = None) -> list[dict[str, Any]]:
    """Return the action row under an answer: show sources, helpful, not helpful."""
    _ = translations(answer.lang).gettext
    digest = question_digest(answer.query)

    def button(action: str, label: str, style: int, emoji: str) -> dict[str, Any]:
        kept = answer_id if action != "sources" else None
        custom_id = str(ButtonId(action, answer.lang, digest, kept))
        assert len(custom_id) <= CUSTOM_ID_MAX
        return {
            "type": 2,  # button
            "style": style,
            "label": clip(label, BUTTON_LABEL_MAX),
            "emoji": {"name": emoji},
            "custom_id": custom_id,
        }

    buttons = [
        button("helpful", _("Helpful"), 2, "👍"),
        button("unhelpful", _("Not helpful"), 2, "👎"),
    ]
    if answer.citations:
        buttons.insert(0, button("sources", _("Show sources"), 1, "📖"))
    return [{"type": 1, "components": buttons}]  # one action row


def sources_embed(answer: Answer, lang: str) -> dict[str, Any]:
    """Return every cited clause quoted, with where it is, for "Show sources"."""
    _ = translations(lang).gettext
    fields = [
        field(
            f"{n}. {c.heading}",
            f"{clip(c.text, QUOTE_MAX)}\n*{source_line(c, _)}*",
        )
        for n, c in enumerate(answer.citations[:FIELDS_MAX], 1)
    ]
    embed = {"title": clip(_("Sources"), TITLE_MAX), "color": LOOKUP, "fields": fields}
    if not fields:
        embed["description"] = _("This answer cites no sources.")
    return fit(embed)


def find_question(embeds: Sequence[dict[str, Any]], digest: str) -> str | None:
    """Return the question of an answer message whose digest a button carries, if it is there."""
    for embed in embeds:
        texts = [embed.get("title", ""), *(f.get("value", "") for f in embed.get("fields", []))]
        for text in texts:
            if isinstance(text, str) and text and question_digest(text) == digest:
                return text.strip()
    return None
