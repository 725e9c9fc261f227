"""French."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("un", "une"),
    ("deux",), ("trois",), ("quatre",), ("cinq",), ("six",), ("sept",),
    ("huit",), ("neuf",), ("dix",), ("onze",), ("douze",),
)  # fmt: skip

LANGUAGE = Language(
    code="fr",
    stemmer="french",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("si",),
    negations=("pas", "sans", "aucun", "aucune", "jamais", "personne", "ni", "presque"),
    # French Warhammer books measure in "pas" (paces), one to the inch: "cible à 12 pas".
    inch=("pouce", "pouces", "pas", "ps"),
    cm=("cm", "centimètre", "centimètres"),
    dice_letters=("d",),
    doubles=("double",),
    joiners=("et", "ou"),
    plus=("plus",),
    half=("demi",),
    model_nouns=("figurines", "figs", "modèles", "gars", "bonhommes"),
    determiners=("les", "ces"),
    stat_nouns=("attaques", "attaque", "blessures", "blessure", "pv", "point", "points"),
    turn_nouns=("tour", "round", "page"),
    conjunctions=("et",),
    amount_words=("quel", "quels", "quelle", "quelles", "combien de"),
    apart_words=("de", "du", "des"),
    degree=("degré", "degrés", "degre", "degres"),
    again=("encore", "nouveau", "autre", "autres"),
    above=("plus de", "au-delà de", "supérieur à", "supérieure à"),
    possessives=("mon", "ma", "mes", "notre", "nos"),
    articles=("un", "une"),
    single_words=("seul", "seule", "unique"),
    number_words=_NUMBERS,
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("yeux de serpent", (1, 1)),),
    anaphora=("dans ce cas", "en ce cas", "dans un tel cas", "dans de tels cas"),
    example_cues=("par exemple", "exemple :", "exemple:"),
    page_markers=("page", "p."),
    # Snowball keeps the "-ent" of the third person plural ("ils détalent", "se reforment"):
    # read as the singular's "-e"; not "-ement" ("mouvement", "commandement", which Snowball
    # stems) nor short words ("lent", "vent").
    stem_rewrites=((r"(?<=\w{4})(?<!em)ent$", "e"),),
    book_words=("livre", "règles", "édition", "version", "traduction"),
)
