"""Spanish."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("uno", "una", "un"),
    ("dos",), ("tres",), ("cuatro",), ("cinco",), ("seis",), ("siete",),
    ("ocho",), ("nueve",), ("diez",), ("once",), ("doce",),
)  # fmt: skip

LANGUAGE = Language(
    code="es",
    customary_unit="cm",
    stemmer="spanish",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("si",),
    negations=("no", "sin", "ningún", "ninguna", "ninguno", "nunca", "nadie", "ni", "casi"),
    final_negations=("ninguno", "ninguna"),  # "obstáculo ninguno."
    inch=("pulgada", "pulgadas"),
    cm=("cm", "centímetro", "centímetros", "centimetro", "centimetros"),
    dice_letters=("d",),
    doubles=("doble",),
    joiners=("y", "o"),
    plus=("más",),
    half=("medio", "media"),
    model_nouns=("miniaturas", "minis", "modelos", "tíos", "hombres"),
    determiners=("los", "las", "estos", "estas", "esos", "esas"),
    stat_nouns=("ataques", "ataque", "heridas"),
    turn_nouns=("turno", "ronda", "página"),
    conjunctions=("y", "e"),
    degree=("grado", "grados"),
    again=("otra", "otro", "otros", "otras", "nuevo"),
    above=("más de", "mas de", "superior a", "por encima de"),
    possessives=("mi", "mis", "nuestro", "nuestra", "nuestros", "nuestras"),
    articles=("un", "una", "uno"),
    single_words=("solo", "sola", "único", "única", "unico", "unica"),
    amount_words=(
        "qué",
        "que",
        "cuál",
        "cual",
        "cuáles",
        "cuales",
        "cuántos",
        "cuantos",
        "cuántas",
        "cuantas",
    ),
    apart_words=("de", "del"),
    number_words=_NUMBERS,
    face_nouns=(
        ("unos", 1),
        ("doses", 2),
        ("treses", 3),
        ("cuatros", 4),
        ("cincos", 5),
        ("seises", 6),
    ),
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("ojos de serpiente", (1, 1)),),
    false_friends=("dice", "dices"),
    anaphora=("en este caso", "en ese caso", "en tal caso", "en tales casos", "en estos casos"),
    example_cues=("por ejemplo", "ejemplo:", "p. ej.", "p.ej.", "es decir, si"),
    page_markers=("página", "pág.", "pagina", "pag."),
    book_words=(
        "reglamento",
        "reglas",
        "libro",
        "edición",
        "versión",
        "manual",
        "traducción",
    ),
)
