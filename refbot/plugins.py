"""The plugin manager: the built-in rule modules, then packages declaring a `refbot` entry point."""

from __future__ import annotations

import importlib
from functools import lru_cache

import pluggy

from refbot import hookspecs
from refbot.errors import RuleError
from refbot.rules.core import Rule

ENTRY_POINT_GROUP = "refbot"
DEFAULT_PLUGINS = (
    "refbot.rules.flee_pursue",
    "refbot.rules.arrasamiento",
    "refbot.rules.charge",
    "refbot.rules.mordheim",
)


@lru_cache(maxsize=1)
def plugin_manager() -> pluggy.PluginManager:
    """Return the plugin manager with the default plugins and every installed one, loaded once."""
    manager = pluggy.PluginManager("refbot")
    manager.add_hookspecs(hookspecs)
    for name in DEFAULT_PLUGINS:
        manager.register(importlib.import_module(name), name=name)
    manager.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    return manager


@lru_cache(maxsize=1)
def registered_rules() -> tuple[Rule, ...]:
    """Return every registered rule, built-in ones first; reject a duplicate id and edition."""
    rules: list[Rule] = []
    seen: set[tuple[str, str]] = set()

    def register(rule: Rule) -> None:
        key = (rule.id, rule.edition)
        if key in seen:
            raise RuleError(f"rule {rule.id!r} ({rule.edition}) is registered twice")
        seen.add(key)
        rules.append(rule)

    # In registration order (pluggy would call the newest plugin first): built-ins come first.
    for implementation in plugin_manager().hook.register_rules.get_hookimpls():
        implementation.function(register=register)
    return tuple(rules)


def reload_plugins() -> None:
    """Forget the loaded plugins, so that a package installed since is found (tests, a shell)."""
    registered_rules.cache_clear()
    plugin_manager.cache_clear()
