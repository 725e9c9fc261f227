"""Shared runner for the rule-text tables: each case is read off a rule text, not off the code.

A case is a dict with:
  id       the pytest id;
  clause   an exact quote of the sentence of the rule text the case comes from;
  inputs   the inputs exactly as `refbot rule` takes them (strings);
  edition  the edition the case is about (else the module's default);
  expect   keys/values that must be a subset of that edition's outcome (nested dicts are
           subsets too, lists compare as multisets, fractions compare by value);
  absent   outcome keys that must not be there;
  unlike   keys that must be present with a value other than the one given;
  raises   True when the text makes the input combination impossible (RuleError);
  cite     False when the quote need not be among the cited clauses;
  xfail    the reason, when the code disagrees with the text.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from refbot.bot import segment_corpus
from refbot.corpus import load_corpus
from refbot.errors import RuleError
from refbot.rules import Provenance, run_rule
from tests.helpers import SEED_CORPUS

CLAUSES = segment_corpus(load_corpus(SEED_CORPUS))
PROVENANCE = Provenance(CLAUSES)
CLAUSE_TEXTS = {c.id: c.text for c in CLAUSES}


def params(table: list[dict[str, Any]]) -> list[Any]:
    """Turn a table of case dicts into pytest params, marking the known disagreements."""
    out = []
    for case in table:
        marks = []
        if case.get("xfail"):
            marks.append(pytest.mark.xfail(strict=True, reason=case["xfail"]))
        out.append(pytest.param(case, id=case["id"], marks=marks))
    return out


def _match(actual: Any, want: Any, path: str) -> None:
    if isinstance(want, dict):
        assert isinstance(actual, dict), f"{path}: {actual!r} is not a mapping"
        for key, value in want.items():
            assert key in actual, f"{path}.{key} missing from {actual!r}"
            _match(actual[key], value, f"{path}.{key}")
    elif isinstance(want, list):
        assert isinstance(actual, list | tuple), f"{path}: {actual!r} is not a list"
        assert sorted(map(str, actual)) == sorted(map(str, want)), f"{path}: {actual!r} != {want!r}"
    elif isinstance(want, Fraction):
        assert actual is not None and Fraction(str(actual)) == want, f"{path}: {actual!r} != {want}"
    elif want is None or isinstance(want, bool):
        assert actual is want, f"{path}: {actual!r} is not {want!r}"
    else:
        assert actual == want, f"{path}: {actual!r} != {want!r}"


def check(rule_id: str, default_edition: str, case: dict[str, Any]) -> None:
    """Run one case against the rules core and compare with what the text says."""
    quote = case["clause"]
    assert any(quote in text for text in CLAUSE_TEXTS.values()), f"not in the corpus: {quote!r}"
    if case.get("raises"):
        with pytest.raises(RuleError):
            run_rule(rule_id, case["inputs"], PROVENANCE, edition=None, unit=None)
        return
    results = run_rule(rule_id, case["inputs"], PROVENANCE, edition=None, unit=None)
    edition = case.get("edition", default_edition)
    found = [r for r in results if r.edition == edition]
    assert found, f"no result for {edition}: {[r.edition for r in results]}"
    result = found[0]
    outcome = result.outcome
    _match(outcome, case.get("expect", {}), "outcome")
    for key, value in case.get("unlike", {}).items():
        assert key in outcome and outcome[key] != value, f"outcome.{key}: {outcome.get(key)!r}"
    for key in case.get("absent", ()):
        assert key not in outcome, f"outcome.{key} should be absent: {outcome[key]!r}"
    if case.get("cite", True):
        cited = [CLAUSE_TEXTS[i] for i in result.clauses]
        assert any(quote in text for text in cited), f"{quote!r} not cited: {result.clauses}"
