"""Portuguese."""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    ("um", "uma"),
    ("dois", "duas"),
    ("três",), ("quatro",), ("cinco",), ("seis",), ("sete",), ("oito",),
    ("nove",), ("dez",), ("onze",), ("doze",),
)  # fmt: skip

LANGUAGE = Language(
    code="pt",
    stemmer="portuguese",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("caso",),
    negations=("não", "sem", "nenhum", "nenhuma", "nunca", "ninguém", "nem", "quase"),
    final_negations=("nenhum", "nenhuma"),  # "obstáculo nenhum."
    inch=("polegada", "polegadas"),
    cm=("cm", "centímetro", "centímetros"),
    dice_letters=("d",),
    doubles=("duplo",),
    joiners=("e", "ou"),
    plus=("mais",),
    half=("meia", "meio"),
    model_nouns=("modelos", "miniaturas", "minis", "homens"),
    determiners=("os", "as", "estes", "esses"),
    stat_nouns=("ataques", "ataque", "ferimentos"),
    turn_nouns=("turno", "rodada", "página"),
    conjunctions=("e",),
    amount_words=("qual", "quais", "quantos", "quantas", "que"),
    apart_words=("de", "do", "da", "dos", "das"),
    degree=("grau", "graus"),
    again=("outra", "outro", "novo", "novamente"),
    above=("mais de", "mais que", "acima de", "superior a"),
    possessives=("meu", "minha", "meus", "minhas", "nosso", "nossa", "nossos", "nossas"),
    articles=("um", "uma"),
    single_words=("só", "único", "única", "unico", "unica", "solitário"),
    number_words=_NUMBERS,
    face_nouns=(("senas", 6),),
    # Rolls players call by name: "snake eyes" is a double 1.
    named_rolls=(("olhos de cobra", (1, 1)), ("olhos de serpente", (1, 1))),
    anaphora=("nesse caso", "neste caso", "em tal caso", "em tais casos", "nestes casos"),
    example_cues=("por exemplo", "exemplo:"),
    page_markers=("página", "pág.", "pagina", "pag."),
    book_words=("livro", "regras", "edição", "versão", "manual", "tradução"),
)
