"""What every rule is made of: typed parameters, distances, results and provenance."""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from refbot.errors import ProvenanceMissing, RuleError
from refbot.lang import CM_PER_INCH, patterns
from refbot.lang import parse_bool as read_bool
from refbot.segment import Clause, Link

if TYPE_CHECKING:
    from refbot.i18n import Writer

Unit = Literal["in", "cm"]
ConstantKind = Literal["dice", "int"]
# A value that is no number, yes/no, distance or choice at all ("abc"), not an impossible one.
UNREADABLE = "unreadable_input"
ParamKind = Literal["roll", "dice", "int", "bool", "distance", "choice", "angles"]
Inputs = dict[str, Any]


@dataclass(frozen=True)
class Distance:
    """A length in the unit an edition states it in."""

    value: float
    unit: Unit

    def to(self, unit: Unit) -> Distance:
        """Return the same length in another unit (1" = 2.5 cm)."""
        if unit == self.unit:
            return self
        factor = CM_PER_INCH if unit == "cm" else 1 / CM_PER_INCH
        return Distance(round(self.value * factor, 2), unit)

    def to_dict(self, asked: Unit | None = None) -> dict[str, Any]:
        """Return `{"value", "unit"}`, converted only when asked, keeping the edition's number."""
        data: dict[str, Any] = {"value": _number(self.value), "unit": self.unit}
        if asked and asked != self.unit:
            converted = self.to(asked)
            data = {
                "value": _number(converted.value),
                "unit": asked,
                "edition_value": data["value"],
                "edition_unit": self.unit,
            }
        return data


@dataclass(frozen=True)
class Roll:
    """A roll of n six-sided dice: the total, and the faces when they were given.

    `count` is 0 when the total fits several counts and none was said (`counts`).
    """

    total: int
    count: int
    faces: tuple[int, ...] = ()
    counts: tuple[int, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the roll as JSON-ready data."""
        data: dict[str, Any] = {
            "total": self.total,
            "dice": f"{self.count}D6" if self.count else None,
        }
        if not self.count:
            data["dice_either"] = [f"{n}D6" for n in self.counts]  # which, the inputs leave open
        if self.faces:
            data["faces"] = list(self.faces)
        return data


def _number(value: float) -> float | int:
    return int(value) if float(value).is_integer() else value


@dataclass(frozen=True)
class Cue:
    """How the router reads one input from a question, by the glossary concepts that cue it.

    A number input takes the nearest free number beside one of `concepts`, else `named` when a
    concept is mentioned without one ("fighting a standing enemy": one), else "0" when one of
    `unless` is ("his opponent is knocked down": no standing enemy); a flag is yes when a concept
    is mentioned and no when one of `unless` is; a choice takes the first of its choices the
    question mentions (the choices are concept names), or the `nth` different one named after
    it; `faces` reads the die faces it gives.
    """

    concepts: tuple[str, ...] = ()
    unless: tuple[str, ...] = ()
    faces: bool = False
    named: str | None = None
    # Whether a number no cue claimed may fill this input by order once the situation is set
    # ("fled 7, they rolled 9"); off where the question's other numbers are mostly model counts.
    by_order: bool = True
    # A flag read only as a no (denied, or one of `unless` said): its word alone says nothing.
    only_denied: bool = False
    # Intents that make the flag's word a statement of the rule, not of the situation: "what is
    # the chance to catch them, ties count as caught?" asks a chance, it reports no tie.
    not_when: tuple[str, ...] = ()
    # Concepts whose denial says no whatever else the flag's words say: "passes 2 cm from them
    # without touching them, though he says an overrun must charge" reached no enemy.
    denied_by: tuple[str, ...] = ()
    # Reads only a number written as the roll a test needs ("a 5+ save"), which nothing else
    # reads.
    needed: bool = False
    # A roll made against another input's needed number ("needed 5+, rolled 3"): the next free
    # number after that one, read only when that one is.
    against: str | None = None
    # Which of the choices named, in the question's order, a choice takes: "charged the flank
    # but touched the front" names the charged side first (0) and the side touched second (1).
    nth: int = 0
    # A flag's word says yes only when said before the first of these, or a few words after it
    # in its clause: "with his first attack he knocked him down" and "knocked him down with his
    # first attack" downed him with those attacks; "knocked down, then my hero attacks twice"
    # did not.
    before: tuple[str, ...] = ()


@dataclass(frozen=True)
class Premise:
    """A value a situation takes for granted, unless the question says one of `unless`."""

    value: str
    # Concepts that speak against it: "2 models were left and fled" says no wipe-out.
    unless: tuple[str, ...] = ()
    # Concepts one of which the question must say for it to be taken for granted at all (none:
    # always): the extra wounds a question tells of took the last models ("se los llevó la
    # inestabilidad por las heridas adicionales").
    when: tuple[str, ...] = ()


@dataclass(frozen=True)
class Param:
    """One typed input of a rule, and the cue that reads it from a question."""

    name: str
    kind: ParamKind
    help: str
    required: bool = False
    choices: tuple[str, ...] = ()
    low: int | None = None
    high: int | None = None
    # For a roll: how many D6, the name of the input that says so, or a function of the inputs
    # and the rule's constants (as an erratum may have amended them).
    # A function may return several counts when the inputs leave the dice open (an overrun roll
    # of 5D6 or 8D6 by a Movement not given): the roll is read as any of them.
    dice: int | str | Callable[[dict[str, Any], Mapping[str, int]], int | tuple[int, ...]] = 2
    cue: Cue | None = None
    # The question to ask when the input is missing and would decide the outcome (a message).
    ask: str | None = None
    # Another input this one never exceeds ("models in contact" of "the most that could touch"):
    # a question giving both, in either order, means the smaller by this one.
    at_most: str | None = None
    # A count of models that a list sums: "two orcs and a goblin" are three opponents.
    listed: bool = False
    # The value a question about the rule's situation takes for granted unless it says
    # otherwise ("may my knights overrun?" presumes they wiped out their foe): read only when
    # the question gives the rule other inputs, and said in the answer so it can be corrected.
    presumed: Premise | None = None
    # Read only beside another input: alone it does not make the question this rule's ("must I
    # pursue, or may I stay put?" is no flee move, though "stay put" says nobody pursued).
    with_others: bool = False
    # Inputs that decide this one when all are given: a question's "my friend says we tied"
    # is not read beside both rolls, which say whether they tied.
    decided_by: tuple[str, ...] = ()
    # A value of the unit's profile (Movement): its word without a value ("how far do I move?")
    # names no detail of the situation whose clauses the answer should cite.
    profile: bool = False


@dataclass(frozen=True)
class Constant:
    """A number an edition states and a rule computes with, which an erratum may amend.

    `dice` is a count of D6 written as `5D6`; `int` a whole number. `help` says what it is
    (a message, shown in answers: "the overrun dice with Movement up to 15 cm").
    """

    name: str
    kind: ConstantKind
    value: int
    help: str

    def parse(self, text: str) -> int:
        """Read a new value as an erratum writes it ("3D6", "3"); raise RuleError if unreadable."""
        if self.kind == "dice":
            # Dice as any language module writes them: 3D6, 3W6, 3Д6, 3K6.
            match = patterns().notation.fullmatch(text.strip())
            count = int(match.group(1)) if match else 0
            if not 1 <= count <= 20:
                raise RuleError(f"{self.name}: expected dice such as 3D6, got {text!r}")
            return count
        try:
            return int(text.strip())
        except ValueError:
            raise RuleError(f"{self.name}: expected a whole number, got {text!r}") from None

    def show(self, value: int) -> str:
        """Return a value as the rule texts write it: `3D6`, `15`."""
        return f"{value}D6" if self.kind == "dice" else str(value)


class ConstantsRead(Mapping[str, int]):
    """A rule's constants, remembering which ones the computation read.

    Only an erratum that changed a value the outcome rests on is named in the answer.
    """

    def __init__(self, values: Mapping[str, int]) -> None:
        self._values = dict(values)
        self.read: set[str] = set()

    def __getitem__(self, name: str) -> int:
        value = self._values[name]
        self.read.add(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)


@dataclass(frozen=True)
class Override:
    """A constant of one rule in one edition, amended by an erratum."""

    rule: str
    game: str
    edition: str
    constant: str
    value: str  # as the erratum writes it, e.g. "3D6"
    erratum: str  # the erratum's id
    title: str  # the erratum's title


@dataclass(frozen=True)
class Amended:
    """An erratum a result was computed under: which constant it changed, from what to what."""

    erratum: str
    title: str
    constant: str
    value: str
    was: str


@dataclass(frozen=True)
class RuleResult:
    """A computed outcome, JSON-serialisable as the outcome contract."""

    id: str
    game: str
    edition: str
    concept: str
    inputs: dict[str, Any]
    outcome: dict[str, Any]
    clauses: list[str]
    # The errata whose values the outcome was computed with, in place of the edition's own.
    amended_by: tuple[Amended, ...] = ()
    # What readers call the edition and its game ("Reglamento (español) (Warhammer Fantasy)"),
    # set by the answer from the corpus before its sentence is written; not part of the contract.
    label: str = ""

    @property
    def edition_label(self) -> str:
        """Return the edition as readers name it, or its slug and game when none is known."""
        return self.label or f"{self.edition} ({self.game})"

    def to_dict(self) -> dict[str, Any]:
        """Return the outcome contract (id … clauses, and the errata it was computed under)."""
        return {
            "id": self.id,
            "game": self.game,
            "edition": self.edition,
            "concept": self.concept,
            "inputs": self.inputs,
            "outcome": self.outcome,
            "clauses": self.clauses,
            "amended_by": [asdict(a) for a in self.amended_by],
        }


Compute = Callable[[Inputs, "Context"], tuple[dict[str, Any], Iterable[str]]]
Explain = Callable[[RuleResult, "Writer"], str]


@dataclass(frozen=True)
class Chart:
    """Dice distributions to draw beside an answer: (label message, number of D6) per series.

    `region` is the range of totals (inclusive) that decides the outcome, drawn in full colour
    with `region_label` (a message with {low} and {high}) in the legend; the rest is faded.
    """

    title: str
    series: tuple[tuple[str, int], ...]
    region: tuple[int, int] | None = None
    region_label: str | None = None


Draw = Callable[[RuleResult], Chart | None]


class Provenance:
    """Clause texts by edition, casefolded once, to find the clauses that state a rule."""

    def __init__(self, clauses: Iterable[Clause]) -> None:
        self._texts: dict[tuple[str, str], list[tuple[str, str]]] = {}
        # The translated clauses linked to each original clause: (language, id, link).
        self._translations: dict[str, list[tuple[str, str, Link]]] = {}
        for c in clauses:
            for link in c.translates:
                self._translations.setdefault(link.original, []).append((c.lang, c.id, link))
            self._texts.setdefault((c.game, c.edition), []).append((c.text.casefold(), c.id))
        self._found: dict[tuple[str, str, str], str | None] = {}

    def translated(self, clause_id: str, lang: str) -> list[tuple[str, Link]]:
        """Return the clauses in `lang` that translate a clause, with their links, in order."""
        return [
            (i, link) for found, i, link in self._translations.get(clause_id, []) if found == lang
        ]

    def find(self, game: str, edition: str, needle: str) -> str | None:
        """Return the id of the first clause of that edition containing needle, if any."""
        key = (game, edition, needle)
        if key not in self._found:
            wanted = needle.casefold()
            texts = self._texts.get((game, edition), [])
            self._found[key] = next((i for text, i in texts if wanted in text), None)
        return self._found[key]


@dataclass(frozen=True)
class Context:
    """What a rule's computation may know besides its inputs."""

    units: Unit | None
    asked_unit: Unit | None
    # The rule's constants by name: the edition's values, or an erratum's where one amends them.
    constants: Mapping[str, int] = field(default_factory=dict)

    @property
    def unit(self) -> Unit:
        """Return the unit the outcome's lengths are given in: the one asked for, or the edition's."""
        return self.asked_unit or self.units or "in"

    def distance(self, value: float) -> dict[str, Any]:
        """Return a distance in the edition's unit, converted if the user asked for another."""
        unit: Unit = self.units or "in"
        return Distance(value, unit).to_dict(self.asked_unit)


@dataclass(frozen=True)
class Rule:
    """A rule of one edition: its inputs, its computation and the clause texts that state it."""

    id: str
    game: str
    edition: str
    lang: str
    units: Unit | None
    concept: str
    summary: str
    params: tuple[Param, ...]
    compute: Compute
    # Provenance: for each tag the computation may report, substrings of the clauses stating it.
    provenance: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    # What a player calls the rule, in the reader's language (a gettext message): "Pursuit".
    title: str = ""
    # One short paragraph stating a result, in the writer's language (gettext messages).
    explain: Explain | None = None
    # Groups of glossary concepts: a question naming every concept of one group is about this rule.
    when: tuple[tuple[str, ...], ...] = ()
    # Every value an enumerated outcome field can take, so each can be checked to have a sentence.
    outcome_values: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    chart: Draw | None = None
    # Numbers the edition states that the computation reads from `Context.constants`.
    constants: tuple[Constant, ...] = ()
    # Named without any input, the rule still states its general outcome ("may I leave combat?").
    general: bool = False

    def constant(self, name: str) -> Constant | None:
        """Return the constant of that name, if the rule has one."""
        return next((c for c in self.constants if c.name == name), None)

    def describe(self) -> dict[str, Any]:
        """Return the rule's id, edition, concept, summary and inputs as JSON-ready data."""
        return {
            "id": self.id,
            "game": self.game,
            "edition": self.edition,
            "lang": self.lang,
            "units": self.units,
            "concept": self.concept,
            "summary": self.summary,
            "inputs": [
                {"name": p.name, "kind": p.kind, "help": p.help, "required": p.required}
                for p in self.params
            ],
            "constants": [
                {"name": c.name, "kind": c.kind, "value": c.show(c.value), "help": c.help}
                for c in self.constants
            ],
        }

    def param(self, name: str) -> Param | None:
        """Return the parameter of that name, if the rule has one."""
        return next((p for p in self.params if p.name == name), None)

    def locate(self, clauses: Iterable[Clause] | Provenance, tags: Iterable[str]) -> list[str]:
        """Return the ids of the clauses stating the given tags, then the rule's base clauses.

        Raise ProvenanceMissing if one has disappeared.
        """
        texts = clauses if isinstance(clauses, Provenance) else Provenance(clauses)
        ids: list[str] = []
        # The clauses that decide this outcome first: "caught" before "a unit pursues 2D6".
        for tag in [*tags, "base"]:
            for needle in self.provenance.get(tag, ()):
                found = texts.find(self.game, self.edition, needle)
                if found is None:
                    raise ProvenanceMissing(
                        f"rule {self.id!r} ({self.edition}): no clause of {self.game}/"
                        f"{self.edition} states {needle!r} any more; the rule cannot be cited"
                    )
                if found not in ids:
                    ids.append(found)
        return ids


def eligibility(barriers: Mapping[str, bool | None]) -> dict[str, Any]:
    """Judge eligibility from named barriers: any True bars it, any unknown (None) leaves it open.

    Returns `{"eligible": True | False | None}` with `reasons` (the barriers that hold) or
    `unknown` (the conditions the question did not settle).
    """
    reasons = [name for name, present in barriers.items() if present]
    if reasons:
        return {"eligible": False, "reasons": reasons}
    unknown = [name for name, present in barriers.items() if present is None]
    if unknown:
        return {"eligible": None, "unknown": unknown}
    return {"eligible": True}


def parse_bool(name: str, value: Any) -> bool:
    """Read yes/no, true/false, y/n, on/off, 1/0 (and real booleans)."""
    try:
        return read_bool(value)
    except ValueError as exc:
        raise RuleError(f"{name}: {exc}, got {value!r}", reason=UNREADABLE) from None


def parse_int(name: str, value: Any, low: int | None = None, high: int | None = None) -> int:
    """Read a whole number within [low, high]."""
    if isinstance(value, bool):
        raise RuleError(f"{name}: expected a whole number, got {value!r}", reason=UNREADABLE)
    try:
        number = int(str(value).strip()) if not isinstance(value, int) else value
    except ValueError:
        raise RuleError(
            f"{name}: expected a whole number, got {value!r}", reason=UNREADABLE
        ) from None
    if low is not None and number < low:
        raise RuleError(f"{name}: must be at least {low}, got {number}", allowed=(low, high))
    if high is not None and number > high:
        raise RuleError(f"{name}: must be at most {high}, got {number}", allowed=(low, high))
    return number


def parse_faces(name: str, value: Any) -> tuple[int, ...]:
    """Read die faces from a list or a string such as "2,5" or "2 5"; each must be 1 to 6."""
    items = value if isinstance(value, list | tuple) else re.split(r"[\s,;+]+", str(value).strip())
    faces = tuple(parse_int(name, item) for item in items if str(item).strip())
    if not faces:
        raise RuleError(f"{name}: no dice given")
    bad = [f for f in faces if not 1 <= f <= 6]
    if bad:
        raise RuleError(f"{name}: a D6 shows 1 to 6, not {bad[0]}")
    return faces


def parse_roll(name: str, value: Any, count: int | tuple[int, ...]) -> Roll:
    """Read a roll of `count` D6, or of any of several counts: its faces or its total."""
    counts = (count,) if isinstance(count, int) else tuple(sorted(count))
    said = " or ".join(f"{n}D6" for n in counts)
    text = str(value)
    if isinstance(value, list | tuple) or re.search(r"\d\s*[\s,;+]\s*\d", text):
        faces = parse_faces(name, value)
        if len(faces) not in counts:
            dice = " or ".join(str(n) for n in counts)
            raise RuleError(
                f"{name}: a {said} roll has {dice} dice, got {len(faces)}",
                dice=counts[0] if len(counts) == 1 else None,
            )
        return Roll(sum(faces), len(faces), faces)
    total = parse_int(name, value)
    fitting = [n for n in counts if n <= total <= 6 * n]
    if not fitting:
        low, high = counts[0], 6 * counts[-1]
        raise RuleError(
            f"{name}: a {said} roll totals {low} to {high}, not {total}", allowed=(low, high)
        )
    # A total only one count can make says the dice; one several can make leaves them open.
    return (
        Roll(total, fitting[0], counts=()) if len(fitting) == 1 else Roll(total, 0, counts=counts)
    )


def parse_distance(name: str, value: Any, default: Unit) -> Distance:
    """Read a non-negative length such as 5, 5", 5in, 12.5 cm, 12,5 см or 18 Zoll."""
    match = patterns().distance.fullmatch(str(value))
    if not match:
        raise RuleError(
            f'{name}: expected a distance such as 5, 5" or 12.5 cm, got {value!r}',
            reason=UNREADABLE,
        )
    number = float(match.group(1).replace(",", "."))
    if number < 0:
        raise RuleError(f"{name}: a distance cannot be negative, got {value!r}")
    unit: Unit = "in" if match.group(2) else "cm" if match.group(3) else default
    return Distance(number, unit)


def written_unit(value: str) -> Unit | None:
    """Return the unit a length is written in ("5 Zoll": in), None for a bare number or no length."""
    match = patterns().distance.fullmatch(value.strip())
    if match is None:
        return None
    return "in" if match.group(2) else "cm" if match.group(3) else None


def parse_angles(name: str, value: Any) -> tuple[float, ...]:
    """Read a list of wheel angles in degrees, each between 0 and 360; ">90" is past 90."""
    written = re.sub(r">\s+", ">", str(value).strip())  # "> 90" is one angle
    items = value if isinstance(value, list | tuple) else re.split(r"[\s,;]+", written)
    angles = []
    for item in items:
        if str(item).strip() == "":
            continue
        written = str(item).strip().rstrip("°")
        try:
            angle = float(written.removeprefix(">").strip())
            if written.startswith(">"):
                # "more than 90 degrees": any angle past 90, the least of which decides.
                angle = math.nextafter(angle, math.inf)
        except ValueError:
            raise RuleError(
                f"{name}: expected angles in degrees, got {item!r}", reason=UNREADABLE
            ) from None
        if not 0 <= angle <= 360:
            raise RuleError(
                f"{name}: an angle is between 0 and 360 degrees, got {angle:g}", allowed=(0, 360)
            )
        angles.append(angle)
    return tuple(angles)


def coerce_inputs(
    rule: Rule,
    raw: Mapping[str, Any],
    constants: Mapping[str, int] | None = None,
    alone: bool = True,
) -> tuple[Inputs, dict[str, Any]]:
    """Parse raw inputs by the rule's parameters; return typed values and their JSON form.

    Not `alone` (computed beside other editions), a roll whose dice the inputs leave open is
    refused: "I rolled 7" beside a 2D6 edition is that edition's roll, not five dice here.

    `constants` are the rule's constants as amended (its own values when not given).
    """
    known = {c.name: c.value for c in rule.constants} if constants is None else constants
    typed: Inputs = {}
    shown: dict[str, Any] = {}
    default_unit: Unit = rule.units or "in"
    for param in rule.params:
        value = raw.get(param.name)
        if value is None or value == "":
            if param.required:
                raise RuleError(
                    f"rule {rule.id!r} ({rule.edition}) needs {param.name}: {param.help}",
                    param.name,
                    "missing_input",
                )
            continue
        parsed: Any
        try:
            if param.kind == "bool":
                parsed = parse_bool(param.name, value)
            elif param.kind == "int":
                parsed = parse_int(param.name, value, param.low, param.high)
            elif param.kind == "choice":
                parsed = str(value).strip().lower().replace("-", "_")
                if parsed not in param.choices:
                    raise RuleError(
                        f"{param.name}: expected one of {', '.join(param.choices)}, got {value!r}",
                        reason=UNREADABLE,
                    )
            elif param.kind == "dice":
                parsed = parse_faces(param.name, value)
            elif param.kind == "distance":
                parsed = parse_distance(param.name, value, default_unit)
                # Bounds are in the rule's own unit: a Movement of 45 inches is no Movement.
                if param.high is not None and parsed.to(default_unit).value > param.high:
                    raise RuleError(
                        f"{param.name}: must be at most {param.high}{default_unit}, got {value!r}",
                        allowed=(param.low or 0, param.high),
                    )
            elif param.kind == "angles":
                parsed = parse_angles(param.name, value)
            else:
                if callable(param.dice):
                    count = param.dice(typed, known)
                    if not alone and not isinstance(count, int):
                        dice = " or ".join(f"{n}D6" for n in count)
                        raise RuleError(
                            f"{param.name}: {dice} left open by the inputs, and other editions "
                            "read this roll as theirs"
                        )
                elif isinstance(param.dice, str):
                    count = typed.get(param.dice, 2)
                else:
                    count = param.dice
                parsed = parse_roll(param.name, value, count)
        except RuleError as exc:
            # Named by the input being read: an edition may drop it.
            raise RuleError(str(exc), param.name, exc.reason, exc.allowed, exc.dice) from None
        typed[param.name] = parsed
        shown[param.name] = _show(parsed)
    return typed, shown


def _show(value: Any) -> Any:
    if isinstance(value, Roll | Distance):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_number(v) if isinstance(v, float) else v for v in value]
    return value
