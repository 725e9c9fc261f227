"""The /rules command's definition, localized, and its registration with Discord."""

from __future__ import annotations

from typing import Any

from refbot.discord.messages import FIELD_VALUE_MAX, discord_locales
from refbot.errors import DiscordError
from refbot.i18n import available_languages, translations

COMMAND_NAME = "rules"
OPTION_NAME = "question"
DESCRIPTION_MAX = 100
CHAT_INPUT, STRING = 1, 3  # Discord's command type and option type
TIMEOUT_SECONDS = 10.0


def valid_name(name: str) -> bool:
    """Return whether Discord accepts name for a command or option (lowercase, no spaces)."""
    return (
        0 < len(name) <= 32 and name == name.lower() and all(c.isalnum() or c in "-_" for c in name)
    )


def command_definition(max_question_chars: int) -> dict[str, Any]:
    """Return the /rules command as Discord takes it, named in every language with a catalog."""
    names: dict[str, str] = {}
    descriptions: dict[str, str] = {}
    option_names: dict[str, str] = {}
    option_descriptions: dict[str, str] = {}
    # Names in a context of their own: "rules" as a command's name is not "rules" in a sentence.
    for lang in available_languages():
        catalog = translations(lang)
        # Translators: the slash command's name: lowercase letters, digits, - or _, no spaces.
        name = str(catalog.pgettext("discord command", "rules"))
        # Translators: the command's option name: lowercase letters, digits, - or _, no spaces.
        option = str(catalog.pgettext("discord command", "question"))
        description = catalog.gettext("Ask a rules question, in any language")
        option_description = catalog.gettext("Your question, in any language")
        for locale in discord_locales(lang):
            if lang == "en":
                continue  # English is the command's own language
            if valid_name(name):
                names[locale] = name
            if valid_name(option):
                option_names[locale] = option
            descriptions[locale] = description[:DESCRIPTION_MAX]
            option_descriptions[locale] = option_description[:DESCRIPTION_MAX]
    return {
        "name": COMMAND_NAME,
        "type": CHAT_INPUT,
        "description": "Ask a rules question, in any language",
        "name_localizations": names,
        "description_localizations": descriptions,
        "options": [
            {
                "type": STRING,
                "name": OPTION_NAME,
                "description": "Your question, in any language",
                "name_localizations": option_names,
                "description_localizations": option_descriptions,
                "required": True,
                # An answer quotes its whole question in a field, for its buttons to find.
                "max_length": min(max_question_chars, FIELD_VALUE_MAX),
            }
        ],
    }


def register(
    commands: list[dict[str, Any]],
    application_id: str,
    token: str,
    guild: str | None,
    api_url: str,
) -> list[dict[str, Any]]:
    """Overwrite the application's commands (in one server with guild) and return Discord's."""
    path = f"/applications/{application_id}"
    if guild:
        path += f"/guilds/{guild}"
    url = f"{api_url.rstrip('/')}{path}/commands"
    import httpx  # here: every other command starts without it

    try:
        response = httpx.put(
            url,
            json=commands,
            headers={"Authorization": f"Bot {token}"},
            timeout=TIMEOUT_SECONDS,
        )
    except httpx.HTTPError as exc:
        raise DiscordError(f"cannot reach Discord at {url}: {exc}") from None
    if response.status_code >= 400:
        try:
            said = response.json().get("message", "")
        except ValueError:
            said = response.text[:200]
        raise DiscordError(
            f"Discord refused the command (HTTP {response.status_code}): {said or 'no reason'}"
        )
    registered: list[dict[str, Any]] = response.json()
    return registered
