"""The hooks a refbot plugin implements (pluggy): built-in rules are plugins like any other."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from refbot.rules.core import Rule

hookspec = pluggy.HookspecMarker("refbot")
hookimpl = pluggy.HookimplMarker("refbot")


@hookspec
def register_rules(register: Callable[[Rule], None]) -> None:
    """Register rules: call register(rule) once for each edition's version of each rule."""
