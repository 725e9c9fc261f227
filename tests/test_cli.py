from __future__ import annotations

import json
import socket
from pathlib import Path
from typing import Any
from unittest.mock import ANY

import pytest
from click.testing import CliRunner

from refbot.bot import Refbot
from refbot.cli import main
from refbot.config import Settings
from refbot.errors import QuestionError
from refbot.i18n import translations
from tests.helpers import write_section


def test_build_then_no_op(runner: CliRunner) -> None:
    first = runner.invoke(main, ["build"])
    assert first.exit_code == 0, first.output
    assert "Built index" in first.output
    second = runner.invoke(main, ["build"])
    assert "up to date" in second.output


def test_search_json_contract(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "pursuers catch fleeing unit", "--k", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["query"] == "pursuers catch fleeing unit"
    assert data["model"] == "hash-256"
    assert len(data["hits"]) == 3
    assert [h["rank"] for h in data["hits"]] == [1, 2, 3]
    assert set(data["hits"][0]) >= {
        "rank",
        "score",
        "id",
        "text",
        "kind",
        "heading",
        "heading_path",
        "lang",
        "game",
        "edition",
        "section",
        "source",
        "units",
        "page",
    }


def test_search_jsonl_and_language_filter(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "отряд", "--lang", "ru", "--jsonl"])
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(rows) == 5 and all(r["lang"] == "ru" for r in rows)


def test_search_text_output(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "Arrasamiento", "--k", "1"])
    assert result.stdout.startswith("1. [")
    assert "no index in" in result.stderr and "; building it now" in result.stderr
    # A heading hit shows its path once, not its path and then its own text again.
    first, *shown = result.stdout.splitlines()
    assert "(heading)" in first and shown == ["   Arrasamiento"]


def test_clauses_json_with_filters(runner: CliRunner) -> None:
    result = runner.invoke(main, ["clauses", "--lang", "en", "--kind", "example", "--json"])
    data = json.loads(result.stdout)
    assert data["count"] == len(data["clauses"]) > 0
    assert all(c["kind"] == "example" and c["lang"] == "en" for c in data["clauses"])


def test_eval_prints_figures(runner: CliRunner, tmp_path: Path) -> None:
    dev = tmp_path / "dev.jsonl"
    dev.write_text('{"q": "Arrasamiento", "lang": "es", "gold": ["Arrasa"]}\n', encoding="utf-8")
    result = runner.invoke(main, ["eval", str(dev)])
    assert result.exit_code == 0, result.output
    assert "R@1" in result.output and "all" in result.output
    data = json.loads(runner.invoke(main, ["eval", str(dev), "--json"]).stdout)
    assert data["overall"]["recall_at_1"] == 1.0


def test_corpus_error_exits_1_with_the_file_named(runner: CliRunner, corpus_dir: Path) -> None:
    write_section(corpus_dir, "wfb/mine/en/bad", "Text.\n", title=None)
    result = runner.invoke(main, ["build"])
    assert result.exit_code == 1
    assert "error: wfb/mine/en/bad.md: missing metadata: title" in result.stderr
    assert "Traceback" not in result.output


def test_bad_eval_file_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    dev = tmp_path / "dev.jsonl"
    dev.write_text("{oops\n", encoding="utf-8")
    result = runner.invoke(main, ["eval", str(dev)])
    assert result.exit_code == 1
    assert "dev.jsonl:1: not valid JSON" in result.stderr


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["search", "flee", "--lang", "zz"], "lang: no clause has 'zz'"),
        (["search", "flee", "--game", "nope"], "game: no clause has 'nope'"),
        (["clauses", "--lang", "xx"], "lang: no clause has 'xx'"),
    ],
)
def test_a_filter_no_clause_matches_is_named(
    runner: CliRunner, args: list[str], named: str
) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 1
    assert named in result.stderr and "the corpus has" in result.stderr


def test_empty_search_text_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["search", "  "])
    assert result.exit_code == 2
    assert "empty" in result.stderr


def test_bad_config_exits_1(runner: CliRunner, tmp_path: Path) -> None:
    config = tmp_path / "bad.toml"
    config.write_text("k = 'x'\n", encoding="utf-8")
    result = runner.invoke(main, ["--config", str(config), "clauses"])
    assert result.exit_code == 1
    assert result.stderr == f"error: {config}: k: expected a whole number (at least 1), got 'x'\n"


def test_model_option_selects_another_model_and_rebuilds(runner: CliRunner, tmp_path: Path) -> None:
    from tests.test_embed import tiny_model

    assert runner.invoke(main, ["build"]).exit_code == 0
    path = tiny_model(tmp_path / "tiny")
    result = runner.invoke(main, ["--model", str(path), "search", "unit flees", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["model"] == str(path)
    assert "not the configured" in result.stderr


def test_rule_prints_outcome_and_clauses(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rule", "pursuit", "--flee", "7", "--pursuit", "7"])
    assert result.exit_code == 0, result.output
    assert "caught: yes" in result.stdout
    assert "equal to or higher than the fleeing unit" in result.stdout


def test_rule_json_contract_for_each_edition(runner: CliRunner) -> None:
    args = ["rule", "overrun", "--charged", "--wiped-out", "--movement=20cm", "--json"]
    data = json.loads(runner.invoke(main, args).stdout)
    assert {r["edition"] for r in data["results"]} == {"rulebook-en", "reglamento-es"}
    es = next(r for r in data["results"] if r["edition"] == "reglamento-es")
    assert es["outcome"]["dice"] == "8D6" and es["outcome"]["unit"] == "cm"


def test_rule_reads_a_distance_in_any_language(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rule", "overrun", "--movement", "18 Zoll", "--json"])
    assert result.exit_code == 0, result.output
    es = next(r for r in json.loads(result.stdout)["results"] if r["edition"] == "reglamento-es")
    assert es["inputs"]["movement"] == {"value": 18, "unit": "in"}
    assert es["outcome"]["dice"] == "8D6"  # 18" is 45 cm, above the 15 cm of the 5D6 move


def test_rule_bad_input_exits_1(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rule", "pursuit", "--flee", "13"])
    assert result.exit_code == 1
    assert "error: flee: a 2D6 roll totals 2 to 12, not 13" in result.stderr


@pytest.mark.parametrize(
    "args, named",
    [
        (["ask", "--k", "0", "my goblins fled 7"], "'--k'"),
        (["--bogus"], "--bogus"),
        (["nosuch"], "nosuch"),
        (["rule", "pursuit", "7"], "7"),
    ],
)
def test_a_usage_error_is_one_error_line(runner: CliRunner, args: list[str], named: str) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: ") and named in line and "--help" in line


def test_rule_stray_argument_is_a_usage_error(runner: CliRunner) -> None:
    result = runner.invoke(main, ["rule", "pursuit", "7"])
    assert result.exit_code == 2


def test_rules_lists_every_rule(runner: CliRunner) -> None:
    data = json.loads(runner.invoke(main, ["rules", "--json"]).stdout)
    assert {"pursuit", "restrain", "overrun", "failed_charge", "attack_downed"} <= {
        r["id"] for r in data["rules"]
    }


def test_ask_json_contract(runner: CliRunner) -> None:
    result = runner.invoke(main, ["ask", "my goblins fled 7, the pursuers rolled 7", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["rule"]["outcome"]["caught"] is True
    assert len(data["citations"]) <= 5


def test_ask_text_output(runner: CliRunner) -> None:
    result = runner.invoke(main, ["ask", "Мои гоблины бежали на 4, преследователи выбросили 3"])
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Ушёл")


def test_ask_jsonl_answers_every_line_and_reports_a_bad_one_in_place(
    runner: CliRunner,
) -> None:
    questions = b"my goblins fled 7\n\xff\xfe not utf-8\n" + b"x" * 5000 + b"\nwe fled 9\n"
    result = runner.invoke(main, ["ask", "--jsonl"], input=questions)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.exit_code == 0 and len(rows) == 4
    assert [r.get("error", {}).get("code") for r in rows] == [
        None,
        "invalid_text",
        "question_too_long",
        None,
    ]
    assert rows[1]["line"] == 2 and rows[3]["query"] == "we fled 9"


def test_ask_jsonl_reads_one_question_per_line(runner: CliRunner) -> None:
    questions = "my goblins fled 7, the pursuers rolled 7\n\n¿Cuál es la mejor receta de paella?\n"
    result = runner.invoke(main, ["ask", "--jsonl"], input=questions)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [r["abstained"] for r in rows] == [False, True]
    assert rows[1]["lang"] == "es"


def test_ask_empty_question_exits_1(runner: CliRunner) -> None:
    result = runner.invoke(main, ["ask", " "])
    assert result.exit_code == 1
    assert "error: the question is empty" in result.stderr


@pytest.mark.parametrize(
    ("args", "code"),
    [
        (["ask", " ", "--json"], "empty_question"),
        (["ask", "x" * 5000, "--json"], "question_too_long"),
        (["rule", "no_such_rule", "--json"], "unknown_rule"),
    ],
)
def test_an_error_asked_for_as_json_is_the_apis_error_shape(
    runner: CliRunner, args: list[str], code: str
) -> None:
    result = runner.invoke(main, args)
    assert result.exit_code == 1
    assert json.loads(result.stdout) == {"error": {"code": code, "message": ANY}}
    assert result.stderr.splitlines()[-1].startswith("error: ")


def test_eval_scores_rules_and_abstention(runner: CliRunner, tmp_path: Path) -> None:
    dev = tmp_path / "dev.jsonl"
    dev.write_text(
        '{"q": "my goblins fled 7, the pursuers rolled 7", "lang": "en", '
        '"gold": ["equal to or higher"], "rule": "pursuit", "expect": {"caught": true}}\n'
        '{"q": "Which pizza is best?", "lang": "en", "abstain": true}\n',
        encoding="utf-8",
    )
    result = runner.invoke(main, ["eval", str(dev)])
    assert result.exit_code == 0, result.output
    assert "rules: 1/1 correct" in result.stdout
    assert "abstention: precision 1.000, recall 1.000" in result.stdout


def test_align_json_shape_and_tmx(runner: CliRunner, tmp_path: Path) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text('A unit flees 2D6".\n\nIt stops 1" away.\n', encoding="utf-8")
    b.write_text('A unit flees 3D6".\n\nIt stops 2,5 cm away.\n', encoding="utf-8")
    memory = tmp_path / "out.tmx"
    result = runner.invoke(
        main, ["align", str(a), str(b), "--lang", "en", "--json", "--tmx", str(memory)]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert set(data) == {"a", "b", "linked_share", "translated", "pairs"}
    assert data["a"]["lang"] == "en" and data["translated"] is True
    assert "warning" not in result.stderr
    first = data["pairs"][0]
    assert set(first) == {"a", "b", "score", "flags"}
    assert [f["kind"] for f in first["flags"]] == ["dice"]
    assert data["pairs"][1]["flags"] == []
    assert memory.read_bytes().startswith(b"<?xml")


def test_align_warns_of_texts_that_do_not_translate_each_other(
    runner: CliRunner, tmp_path: Path
) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text('A unit flees 2D6".\n\nPursuers roll 2D6.\n\nTies go to the pursuer.\n', "utf-8")
    b.write_text("Cavalry may wheel once.\n\nArchers shoot at long range.\n", encoding="utf-8")
    result = runner.invoke(main, ["align", str(a), str(b), "--lang", "en", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["translated"] is False
    assert "do not look like translations of each other" in result.stderr


def test_align_concept(runner: CliRunner) -> None:
    data = json.loads(runner.invoke(main, ["align", "--concept", "overrun", "--json"]).stdout)
    assert {e["edition"] for e in data["editions"]} >= {"rulebook-en", "reglamento-es"}


def test_align_errors(runner: CliRunner) -> None:
    assert runner.invoke(main, ["align", "only-one"]).exit_code == 2
    missing = runner.invoke(main, ["align", "nope.md", "nope2.md"])
    assert (
        missing.exit_code == 1
        and "neither a corpus section key nor a readable file" in missing.stderr
    )


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (["--lang", "zz"], "--lang: 'zz' is not a known ISO 639-1 language"),
        (["--lang-b", "zz"], "--lang-b: 'zz' is not a known ISO 639-1 language"),
        (["--tmx", "{missing}/x.tmx"], "--tmx: cannot write"),
    ],
)
def test_align_bad_options_are_one_error_line(
    runner: CliRunner, tmp_path: Path, args: list[str], named: str
) -> None:
    a, b = tmp_path / "a.md", tmp_path / "b.md"
    a.write_text('A unit flees 2D6".\n', encoding="utf-8")
    b.write_text('A unit flees 3D6".\n', encoding="utf-8")
    args = [arg.format(missing=tmp_path / "no" / "such") for arg in args]
    languages = ["--lang-a", "en", "--lang-b", "en"]
    result = runner.invoke(main, ["align", str(a), str(b), *languages, *args])
    assert result.exit_code == 1 and result.stderr.startswith(f"error: {named}")
    assert "Traceback" not in result.output


def test_align_concept_with_tmx_says_it_writes_none(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["align", "--concept", "overrun", "--tmx", str(tmp_path / "c")])
    assert result.exit_code == 1 and "error: --tmx:" in result.stderr
    assert not (tmp_path / "c").exists()


def test_serve_on_a_busy_port_is_one_error_line(runner: CliRunner) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = runner.invoke(main, ["serve", "--port", str(port)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: --port: cannot listen on 127.0.0.1:{port}")


def test_serve_makes_its_bot_from_the_final_settings(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    served: dict[str, Any] = {}

    class App:
        def run(self, host: str, port: int) -> None:
            served["address"] = (host, port)

    def create_app(settings: Settings, bot: Refbot) -> App:
        served.update(settings=settings, bot=bot)
        return App()

    monkeypatch.setattr("refbot.web.create_app", create_app)
    monkeypatch.setattr("refbot.web.demo.serve_demo_site", lambda *args: served.update(demo=args))
    result = runner.invoke(main, ["serve", "--port", "5001", "--demo-site", "--demo-port", "8001"])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8001" in served["settings"].origins
    assert served["bot"].settings is served["settings"]
    assert served["demo"] == ("127.0.0.1", 8001, "http://127.0.0.1:5001")
    assert served["address"] == ("127.0.0.1", 5001)


@pytest.mark.parametrize("command", [["ask", "fled 7, pursued 9?"], ["serve"]])
def test_an_unknown_default_language_is_refused_naming_the_setting(
    runner: CliRunner, command: list[str]
) -> None:
    result = runner.invoke(main, command, env={"REFBOT_DEFAULT_LANG": "zz"})
    assert result.exit_code == 1
    assert result.stderr.startswith(
        "error: REFBOT_DEFAULT_LANG: expected a known ISO 639-1 language code such as en"
    )
    assert result.stderr.count("\n") == 1


@pytest.mark.parametrize("lang", ["en", "es", "ru", "de", "fr", "it", "pl", "pt", "nl", "tr"])
def test_ask_says_what_it_read_with_labels_in_the_answers_language(
    runner: CliRunner, lang: str
) -> None:
    result = runner.invoke(
        main, ["ask", "my goblins fled 7, the pursuers rolled 9", "--lang", lang]
    )
    assert result.exit_code == 0, result.output
    _ = translations(lang).gettext
    flee, pursuit = _("the Flee roll (total or faces)"), _("the Pursuit roll (total or faces)")
    lines = result.stdout.splitlines()
    # The rule by its title in the reader's language, with the id --rule takes.
    rule = f"{_('Pursuit')} (pursuit)"
    read = _("Read: {rule} — {inputs}").format(rule=rule, inputs=f"{flee}: 7, {pursuit}: 9")
    fix = _("To correct it: {options}").format(options="--input flee=7 --input pursuit=9")
    assert f"  {read}" in lines and f"  {fix}" in lines
    assert lines.index(f"  {read}") == 1  # right under the answer


def test_ask_input_corrects_what_was_read(runner: CliRunner) -> None:
    question = ["ask", "my goblins fled 7, the pursuers rolled 9", "--lang", "en"]
    first = json.loads(runner.invoke(main, [*question, "--json"]).stdout)
    assert first["situation"]["inputs"] == {"flee": "7", "pursuit": "9"}
    corrected = runner.invoke(main, [*question, "--input", "pursuit=5", "--json"])
    assert corrected.exit_code == 0, corrected.output
    data = json.loads(corrected.stdout)
    assert data["situation"] == {"rule": "pursuit", "inputs": {"flee": "7", "pursuit": "5"}}
    assert data["rules"][0]["outcome"]["caught"] is False
    text = runner.invoke(main, [*question, "--input", "pursuit=5"]).stdout
    assert "the Pursuit roll (total or faces): 5" in text


def test_an_input_given_no_value_removes_the_one_read(runner: CliRunner) -> None:
    question = [
        "ask",
        "My goblins fled 5, the pursuers rolled 8, my own archers were 3 inches away",
    ]
    read = runner.invoke(main, [*question, "--json"])
    assert "obstacle" in json.loads(read.stdout)["situation"]["inputs"]
    result = runner.invoke(main, [*question, "--input", "obstacle=", "--json"])
    data = json.loads(result.stdout)
    assert data["situation"]["inputs"] == {"flee": "5", "pursuit": "8"}
    assert "stop" not in data["rules"][0]["outcome"]
    # For another rule than the one read, the empty input takes back what its reading finds.
    reread = runner.invoke(main, [*question, "--rule", "restrain", "--input", "roll=", "--json"])
    assert "roll" not in json.loads(reread.stdout)["situation"]["inputs"]
    # A name the rule does not have is refused, empty or not.
    unknown = runner.invoke(main, [*question, "--input", "banana="])
    assert unknown.exit_code == 1 and "has no input 'banana'" in unknown.stderr


@pytest.mark.parametrize(
    ("extra", "problem"),
    [
        # Named by the option the user gave, not the API's field.
        (["--input", "banana=3"], "error: --input: rule 'pursuit' has no input 'banana'"),
        (["--rule", "nosuchrule"], "error: --rule: no rule 'nosuchrule'"),
        (["--input", "pursuit"], "expected NAME=VALUE, got 'pursuit'"),
        # A value the rule refuses is the user's to fix, not an answer that could not be computed.
        # ... saying the form it takes.
        (
            ["--input", "pursuit=abc"],
            "error: --input: pursuit='abc' could not be read: it takes a total or the faces",
        ),
        (["--input", "pursued=maybe"], "pursued='maybe' could not be read: it takes yes or no"),
        (
            ["--input", "pursuit=13"],
            "error: --input: pursuit='13' is not possible: it can be 2 to 12",
        ),
        # Three faces for a 2D6 roll: the dice it rolls.
        (
            ["--input", "pursuit=3,4,5"],
            "error: --input: pursuit='3,4,5' is not possible: it is a roll of 2D6",
        ),
        # An angle's range too, for a rule named with --rule.
        (
            ["--rule", "charge_move", "--input", "wheels=500"],
            "error: --input: wheels='500' is not possible: it can be 0 to 360",
        ),
    ],
)
def test_ask_input_that_cannot_be_used_is_refused(
    runner: CliRunner, extra: list[str], problem: str
) -> None:
    result = runner.invoke(main, ["ask", "my goblins fled 7, the pursuers rolled 9", *extra])
    assert result.exit_code in (1, 2)
    assert problem in result.stderr
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("lang", "shown"),
    [
        ("en", ["knocked down", " yes"]),
        ("es", ["derribado", " sí"]),
        ("de", [" ja"]),
    ],
)
def test_ask_says_read_values_as_a_reader_would_and_corrections_as_options_take_them(
    runner: CliRunner, lang: str, shown: list[str]
) -> None:
    question = "Mordheim: can my warrior attack a knocked down enemy while another stands?"
    result = runner.invoke(main, ["ask", question, "--lang", lang])
    assert result.exit_code == 0, result.output
    read, fix = result.stdout.splitlines()[1:3]
    assert all(word in read for word in shown), read
    assert "knocked_down" not in read and "=yes" not in read
    assert fix.endswith("--input target=knocked_down --input standing_enemy=yes")


def test_ask_says_a_length_read_with_its_unit(runner: CliRunner) -> None:
    question = "Charging with Movement 5, I rolled 1 and 3 and the enemy was 10 inches away"
    read, fix = runner.invoke(main, ["ask", question, "--lang", "en"]).stdout.splitlines()[1:3]
    assert "10 inches" in read and "10in" not in read
    assert fix.endswith("--input distance=10in")


def test_the_correction_line_can_be_pasted_into_a_shell(runner: CliRunner) -> None:
    question = ["ask", "Charging with Movement 5, the enemy 10 inches away. Did I make it?"]
    result = runner.invoke(main, [*question, "--input", "dice=2 5", "--rule", "failed_charge"])
    assert result.exit_code == 0, result.output
    fix = next(line for line in result.stdout.splitlines() if "--input" in line)
    assert "--input 'dice=2 5'" in fix


def test_another_rule_than_the_one_read_reads_the_question_again(runner: CliRunner) -> None:
    # Read as a pursuit; asked as a flee, its Flee roll is still the question's 7.
    question = ["ask", "My goblins fled 7 and the pursuers rolled 9", "--lang", "en"]
    result = runner.invoke(main, [*question, "--rule", "flee"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2].endswith("--input roll=7")
    # The inputs given still correct what the new reading finds.
    result = runner.invoke(main, [*question, "--rule", "flee", "--input", "roll=5"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[2].endswith("--input roll=5")
    # A number only read by order is not given to another situation's input: no Leadership.
    result = runner.invoke(main, [*question, "--rule", "restrain"])
    assert result.exit_code == 0, result.output
    assert "leadership=" not in result.stdout


@pytest.mark.parametrize(
    ("lang", "mark"), [("es", "verificado"), ("de", "bestätigt"), ("en", "verified")]
)
def test_ask_states_each_rules_status_in_the_answers_language(
    runner: CliRunner, lang: str, mark: str
) -> None:
    result = runner.invoke(main, ["ask", "fled 7, the pursuers rolled 9", "--lang", lang])
    assert result.exit_code == 0
    status = [line for line in result.stdout.splitlines() if line.strip().startswith("[pursuit")]
    assert status and status[0].strip().endswith(f"{mark}]")


def test_an_error_of_several_lines_is_one_error_line(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fail(*args: Any, **kwargs: Any) -> None:
        raise QuestionError("cannot load the model\nCheck your connection.", "bad_model")

    monkeypatch.setattr(Refbot, "search", fail)
    result = runner.invoke(main, ["search", "flee"])
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if line.startswith("error:")]
    assert errors == ["error: cannot load the model; Check your connection."]
