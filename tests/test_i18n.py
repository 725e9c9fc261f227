from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import tomllib
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from string import Formatter

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import CommandLineInterface, parse_mapping_cfg
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from refbot.i18n import (
    DEFAULT_LOCALES_DIR,
    Writer,
    available_languages,
    detect_language,
    format_distance,
    format_fraction,
    format_probability,
    identify_language,
    language_problem,
    translations,
)
from refbot.rules import dice

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("en", "Is overrunning compulsory?"),
        ("es", "¿Es obligatorio arrasar?"),
        ("ru", "Мои гоблины бежали на 7"),
        ("de", "Wie weit flieht eine Einheit?"),
        ("fr", "La percée est-elle obligatoire ?"),
        ("it", "Di quanto si muove un'unità in fuga?"),
        ("pl", "Czy powalony wojownik może parować ciosy?"),
        # Scripts without spaces: two runs of Han and kana are several words, not two.
        ("zh", "打赢了对面溃逃，我能不追击原地整队吗？"),
        ("ja", "オーバーランって何D6動くんだっけ？"),
    ],
)
def test_short_questions_are_detected(lang: str, text: str) -> None:
    assert detect_language(text) == lang


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # Too short to tell by words, told by a script only one language writes.
        ("그럼 10이면?", "ko"),
        ("そして10なら？", "ja"),
        ("و لو 10؟", "ar"),
        # Han alone is Chinese or Japanese; Latin any of many: not told.
        ("那10呢？", None),
        ("and 10?", None),
    ],
)
def test_a_short_text_is_told_by_a_script_only_one_language_writes(
    text: str, lang: str | None
) -> None:
    identified = identify_language(text)
    assert (identified[0] if identified else None) == lang


@pytest.mark.parametrize(
    ("lang", "text"),
    [
        ("sv", "Mina goblins flydde 7 och förföljarna slog 9. Blir de fångade?"),
        ("cs", "Má jednotka utíkala 5 a pronásledovatelé hodili 3 a 4. Chytí je?"),
        ("da", "Mine nisser flygtede 7, og forfølgerne slog 9. Bliver de fanget?"),
        ("fi", "Yksikköni pakeni 7 ja takaa-ajajat heittivät 9. Jäävätkö he kiinni?"),
        ("ro", "Unitatea mea a fugit 7 iar urmăritorii au dat 9. Sunt prinși?"),
        # Split between two of them (da 0.69, no 0.31): their share together decides.
        ("da", "Hvor langt flytter forfølgerne?"),
        ("no", "Må jeg forfølge en flyktende enhet?"),
    ],
)
def test_a_language_the_model_lacks_is_not_taken_for_a_neighbour(lang: str, text: str) -> None:
    # Swedish read as Spanish would be answered in Spanish, with the Spanish glossary.
    assert detect_language(text) == lang


def test_undecidable_text_falls_back_to_the_default() -> None:
    assert detect_language("7 7 ?", default="es") == "es"


@pytest.mark.parametrize(
    ("lang", "value", "unit", "expected"),
    [
        ("ru", 5, "in", "5 дюймов"),
        ("ru", 2, "in", "2 дюйма"),
        ("ru", 1, "in", "1 дюйм"),
        ("en", 1, "in", "1 inch"),
        ("es", 17.5, "cm", "17,5 centímetros"),
        ("pl", 2, "in", "2 cale"),
    ],
)
def test_distances_are_plural_correct(lang: str, value: float, unit: str, expected: str) -> None:
    assert format_distance(value, unit, lang) == expected


@pytest.mark.parametrize(("lang", "percent"), [("en", "55.6%"), ("fr", "55,6 %"), ("ru", "55,6 %")])
def test_probability_shows_locale_percent_and_exact_fraction(lang: str, percent: str) -> None:
    text = format_probability(Fraction(721, 1296), lang)
    assert re.sub(r"\s", " ", text) == f"{percent} (721/1296)"


# Message catalogs: locales/messages.pot is extracted from the code and templates by
# tools/catalogs.sh, which also merges it into locales/<lang>/LC_MESSAGES/messages.po.
# Translators own the .po files; these tests say what is missing, stale, fuzzy or broken.

LOCALES = ROOT / "locales"
TEMPLATE = LOCALES / "messages.pot"
LANGS = sorted(p.parent.parent.name for p in LOCALES.glob("*/LC_MESSAGES/messages.po"))
SHIPPED = {"es", "ru", "de", "fr", "it", "pl", "pt"}
# The options of tools/catalogs.sh.
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
COMMENT_TAGS = ("Translators:",)
UPDATE_OPTIONS = ["-D", "messages", "--previous", "--ignore-pot-creation-date"]


def _extract(root: Path = ROOT) -> Catalog:
    """Extract the messages of the code and templates over babel.cfg, as tools/catalogs.sh does."""
    with (root / "babel.cfg").open() as handle:
        method_map, options_map = parse_mapping_cfg(handle)
    catalog = Catalog(project="refbot")
    found = extract_from_dir(
        str(root), method_map, options_map, keywords=KEYWORDS, comment_tags=COMMENT_TAGS
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


@lru_cache(maxsize=1)
def _code_messages() -> Catalog:
    return _extract()


def _read(path: Path) -> Catalog:
    with path.open("rb") as handle:
        return read_po(handle)


def _key(message: Message) -> tuple[str | None, str | tuple[str, ...]]:
    """The whole identity of a message: its context and its msgid (with msgid_plural)."""
    return (
        message.context,
        tuple(message.id) if isinstance(message.id, list | tuple) else message.id,
    )


def _name(message: Message) -> str:
    first = message.id[0] if isinstance(message.id, list | tuple) else message.id
    where = ", ".join(f"{f}:{n}" for f, n in message.locations)
    return f"{first!r}" + (f" ({where})" if where else "")


def _fields(text: str) -> set[str] | None:
    """The str.format fields of text, or None when its braces do not parse."""
    try:
        return {field for _, field, _, _ in Formatter().parse(text) if field is not None}
    except ValueError:
        return None


def catalog_problems(catalog: Catalog, expected: Catalog) -> list[str]:
    """Every way catalog fails to translate the messages of expected, one line each."""
    problems = []
    for message in expected:
        if not message.id:
            continue
        found = catalog.get(message.id, message.context)
        if found is None or _key(found) != _key(message):
            problems.append(f"missing (run tools/catalogs.sh): {_name(message)}")
            continue
        sources = found.id if isinstance(found.id, list | tuple) else (found.id,)
        targets = found.string if isinstance(found.string, list | tuple) else (found.string,)
        if not all(targets):
            problems.append(f"untranslated: {_name(message)}")
            continue
        if found.fuzzy:
            problems.append(f"fuzzy (check it, then remove the flag): {_name(message)}")
        wanted = _fields(sources[-1])
        for target in targets:
            got = _fields(target)
            if got != wanted:
                shown = "unparsable braces" if got is None else sorted(got)
                problems.append(
                    f"placeholders {shown} instead of {sorted(wanted or [])}: "
                    f"{_name(message)} -> {target!r}"
                )
    known = {_key(m) for m in expected if m.id}
    for message in catalog:
        if message.id and _key(message) not in known:
            problems.append(f"no longer in the code (run tools/catalogs.sh): {_name(message)}")
    # Babel's own checks: the number of plural forms, and %-format placeholders if any.
    for message, errors in catalog.check():
        problems.extend(f"{error}: {_name(message)}" for error in errors)
    return problems


def test_template_is_up_to_date_with_the_code() -> None:
    code = {_key(m): m for m in _code_messages() if m.id}
    template = {_key(m): m for m in _read(TEMPLATE) if m.id}
    problems = [f"not in messages.pot: {_name(m)}" for k, m in code.items() if k not in template]
    problems += [f"no longer in the code: {_name(m)}" for k, m in template.items() if k not in code]
    assert not problems, "run tools/catalogs.sh:\n" + "\n".join(problems)


def test_the_template_has_a_header_and_source_locations() -> None:
    template = _read(TEMPLATE)
    with (ROOT / "pyproject.toml").open("rb") as handle:
        version = tomllib.load(handle)["project"]["version"]
    assert (template.project, template.version) == ("refbot", version)
    assert all(m.locations for m in template if m.id)
    assert any(m.pluralizable for m in template), "ngettext messages are extracted"


def test_the_shipped_languages_have_catalogs() -> None:
    assert set(LANGS) >= SHIPPED
    assert available_languages(LOCALES) == ["en", *LANGS]


@pytest.mark.parametrize("lang", LANGS)
def test_catalog_header_names_its_language_and_plural_forms(lang: str) -> None:
    catalog = _read(LOCALES / lang / "LC_MESSAGES" / "messages.po")
    assert str(catalog.locale) == lang
    assert catalog.plural_forms == get_plural(lang).plural_forms
    assert catalog.charset.lower() == "utf-8"
    assert catalog.project == "refbot"


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_is_translated_with_its_placeholders(lang: str) -> None:
    catalog = _read(LOCALES / lang / "LC_MESSAGES" / "messages.po")
    problems = catalog_problems(catalog, _code_messages())
    assert not problems, f"locales/{lang}/LC_MESSAGES/messages.po:\n" + "\n".join(problems)


def test_catalog_problems_name_broken_placeholders() -> None:
    expected = Catalog(locale="de")
    expected.add("Flees {move}.")
    expected.add(("{n} opponent", "{n} opponents"))
    catalog = Catalog(locale="de")
    catalog.add("Flees {move}.", "Flieht {bewegung}.")
    catalog.add(("{n} opponent", "{n} opponents"), ("ein Gegner", "{n} Gegner"))
    catalog.add("Gone.", "Weg.")
    catalog.add("Stray {x}.", "Verirrt {x.")
    expected.add("Stray {x}.")
    problems = catalog_problems(catalog, expected)
    assert any("['bewegung'] instead of ['move']" in p for p in problems)
    assert any("[] instead of ['n']" in p for p in problems)
    assert any("no longer in the code" in p and "Gone." in p for p in problems)
    assert any("unparsable braces" in p for p in problems)


def test_a_changed_message_goes_fuzzy_and_hand_edits_survive_an_update(tmp_path: Path) -> None:
    locales = tmp_path / "locales"
    shutil.copytree(LOCALES, locales)
    old, new = "The pursuers move {move}.", "The pursuers then move {move}."
    # A translator edits the Spanish catalog by hand.
    es = locales / "es" / "LC_MESSAGES" / "messages.po"
    text = es.read_text(encoding="utf-8")
    assert text.count('msgstr "Fuentes"') == 1
    es.write_text(text.replace('msgstr "Fuentes"', 'msgstr "Referencias"'), encoding="utf-8")
    # A developer rewords an English sentence and extracts.
    pot = locales / "messages.pot"
    text = pot.read_text(encoding="utf-8")
    assert text.count(f'msgid "{old}"') == 1
    pot.write_text(text.replace(f'msgid "{old}"', f'msgid "{new}"'), encoding="utf-8")
    before = {lang: _read(LOCALES / lang / "LC_MESSAGES" / "messages.po") for lang in LANGS}

    CommandLineInterface().run(
        ["pybabel", "update", "-i", str(pot), "-d", str(locales), *UPDATE_OPTIONS]
    )

    for lang in LANGS:
        catalog = _read(locales / lang / "LC_MESSAGES" / "messages.po")
        message = catalog.get(new)
        assert message is not None and message.fuzzy
        assert message.string == before[lang].get(old).string
        # The translator sees what the English said before (Babel's reader drops `#|` lines).
        text = (locales / lang / "LC_MESSAGES" / "messages.po").read_text(encoding="utf-8")
        assert f'#| msgid "{old}"\nmsgid "{new}"' in text
        assert catalog.get(old) is None
        problems = catalog_problems(catalog, _read(pot))
        assert problems == [f"fuzzy (check it, then remove the flag): {_name(message)}"]
    assert _read(es).get("Sources").string == "Referencias"
    # Until a translator confirms it, a fuzzy translation is not used: the answer is in English.
    assert translations("es", locales).gettext(new) == new
    assert translations("es", locales).gettext("Sources") == "Referencias"


def test_catalogs_script_merges_a_new_message_into_every_catalog(tmp_path: Path) -> None:
    for name in ("babel.cfg", "pyproject.toml", "tools/catalogs.sh"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, tmp_path / name)
    shutil.copytree(
        ROOT / "refbot", tmp_path / "refbot", ignore=shutil.ignore_patterns("__pycache__")
    )
    shutil.copytree(LOCALES, tmp_path / "locales")
    new = "A brand-new sentence about {unit}."
    with (tmp_path / "refbot" / "answer.py").open("a", encoding="utf-8") as handle:
        handle.write(f'\n\n# Translators: only in this test.\nEXTRA = N_("{new}")\n')
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}

    def run() -> dict[Path, bytes]:
        script = tmp_path / "tools" / "catalogs.sh"
        subprocess.run(["bash", str(script)], check=True, capture_output=True, env=env)
        return {p: p.read_bytes() for p in sorted((tmp_path / "locales").rglob("*.po*"))}

    first = run()
    message = _read(tmp_path / "locales" / "messages.pot").get(new)
    assert message is not None
    assert message.auto_comments == ["Translators: only in this test."]
    assert message.locations[0][0] == "refbot/answer.py"
    expected = _extract(tmp_path)
    for lang in LANGS:
        catalog = _read(tmp_path / "locales" / lang / "LC_MESSAGES" / "messages.po")
        assert catalog_problems(catalog, expected) == [f"untranslated: {_name(message)}"]
    assert run() == first, "running the script again changes nothing"


def test_other_languages_fall_back_to_english() -> None:
    assert (
        translations("cs").gettext("This warrior is out of action.")
        == "This warrior is out of action."
    )
    assert available_languages(DEFAULT_LOCALES_DIR)[:1] == ["en"]


def test_one_fraction_format_for_outcomes_and_answers() -> None:
    assert dice.show is format_fraction
    assert format_fraction(Fraction(2, 4)) == "1/2"
    assert format_fraction(Fraction(1)) == "1"
    assert format_probability(Fraction(1), "en") == "100.0% (1)"


def test_the_language_model_is_cached_uncompressed_and_rebuilt_when_damaged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from refbot.i18n import _identifier_model

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    languages = ("en", "es", "ru")
    first = _identifier_model(languages)
    (cached,) = (tmp_path / "refbot").glob("langid-*.npz")
    second = _identifier_model(languages)  # read back from the cache
    assert first[2] == second[2] and set(first[2]) == set(languages)
    assert (first[0] == second[0]).all() and first[3] == second[3] and first[5] == second[5]
    cached.write_bytes(b"not a model")
    assert _identifier_model(languages)[2] == first[2]  # a damaged cache is rebuilt
    assert cached.stat().st_size > 1000


@pytest.mark.parametrize("text", ["flee", "overrun?", "Ld 8", "7 7 ?"])
def test_a_question_of_one_or_two_words_takes_the_given_default(text: str) -> None:
    assert detect_language(text, "es") == "es"


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("en", None),
        ("uk", None),
        ("xx", "'xx' is not a known ISO 639-1 language"),
        ("klingon", "'klingon' is not a two-letter ISO 639-1 code (such as en or es)"),
        ("EN", "'EN' is not a two-letter ISO 639-1 code (such as en or es)"),
        ("", "'' is not a two-letter ISO 639-1 code (such as en or es)"),
    ],
)
def test_language_problem_names_what_is_wrong(code: str, problem: str | None) -> None:
    assert language_problem(code) == problem


@pytest.mark.parametrize(("lang", "inches"), [("th", "7 inches"), ("ru", "7 дюймов")])
def test_a_language_without_a_catalog_writes_english_numbers_and_units(
    lang: str, inches: str
) -> None:
    # The sentences of a language without a catalog are English: so are their units.
    assert Writer(lang).distance({"value": 7, "unit": "in"}) == inches


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Can I overrun in Mordheim?", "en"),
        ("Mordheim: mein Held flieht aus dem Nahkampf. Wie viele Treffer?", "de"),
        ("Kings of War: ¿puede contracargar una unidad cargada?", "es"),
    ],
)
def test_games_names_do_not_tell_the_language(text: str, lang: str) -> None:
    names = {"mordheim", "kings of war"}
    assert detect_language(text, names=names) == lang


@pytest.mark.parametrize(
    "lang, joined",
    [("en", "5D6 cm or 8D6 cm"), ("es", "5D6 cm o 8D6 cm"), ("pl", "5D6 cm lub 8D6 cm")],
)
def test_alternatives_are_joined_as_the_locale_says_or(lang: str, joined: str) -> None:
    assert Writer(lang).alternatives(["5D6 cm", "8D6 cm"]) == joined


@pytest.mark.parametrize(
    ("lang", "joined"),
    [
        ("en", "magic, shooting, and points"),
        ("es", "magic, shooting y points"),
        ("ja", "magic、shooting、points"),
    ],
)
def test_a_list_is_joined_as_the_locale_says_and(lang: str, joined: str) -> None:
    assert Writer(lang).together(["magic", "shooting", "points"]) == joined
