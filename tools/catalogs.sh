#!/usr/bin/env bash
# Message catalogs, with Babel's own commands: run after adding, changing or moving a message in
# refbot/ (gettext `_`, `ngettext`, `N_`) or in the web templates.
#
#   tools/catalogs.sh
#
# 1. extracts every message of the code and templates (babel.cfg) into locales/messages.pot,
#    with its source locations and the comments that start with "Translators:";
# 2. merges the template into every locales/<lang>/LC_MESSAGES/messages.po: translations are kept,
#    a changed message keeps its old translation marked fuzzy (with the old msgid as `#|`),
#    a new message is added untranslated, a removed one is kept as an obsolete `#~` entry.
#
# Then translate the empty and fuzzy entries (remove the `fuzzy` flag once checked) and run the
# tests: tests/test_i18n.py names every message that is missing, untranslated, fuzzy or has lost
# a placeholder. No .mo files: refbot/i18n.py reads the .po files and compiles them in memory
# (fuzzy entries are left out, so they read in English until a translator confirms them).
# A new language: pybabel init -i locales/messages.pot -d locales -D messages -l <code>
set -euo pipefail
cd "$(dirname "$0")/.."

version=$(python3 -c 'import tomllib; print(tomllib.load(open("pyproject.toml", "rb"))["project"]["version"])')
template=locales/messages.pot
extracted=$(mktemp --suffix=.pot)
trap 'rm -f "$extracted"' EXIT

pybabel extract -F babel.cfg -k N_ --add-comments=Translators: --sort-by-file \
  --project refbot --version "$version" --copyright-holder "refbot contributors" \
  -o "$extracted" .

# Keep the template untouched when only its POT-Creation-Date would change.
if [[ -f $template ]] && diff -q <(grep -v '^"POT-Creation-Date:' "$template") \
  <(grep -v '^"POT-Creation-Date:' "$extracted") >/dev/null; then
  echo "$template: no change"
else
  cp "$extracted" "$template"
  echo "$template: updated"
fi

pybabel update -i "$template" -d locales -D messages --previous --ignore-pot-creation-date
