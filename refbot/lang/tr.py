"""Turkish: units, dice, die faces and number words; the glossary has no Turkish terms.

Number words from two: "bir" (one) is also the indefinite article ("bir Skaven"), so every
question would gain a 1; "on" (ten) is left out as an English word in mixed posts, and with it
the two-word 11 and 12. Concepts come from the nearest glossary term of each word
(refbot.terms).
"""

from __future__ import annotations

from refbot.lang import Language

_NUMBERS = (
    (),
    ("iki",), ("üç", "uc"), ("dört", "dort"), ("beş", "bes"), ("altı", "alti"),
    ("yedi",), ("sekiz",), ("dokuz",), (), (), (),
)  # fmt: skip

# Light verbs (etmek, olmak, yapmak) make verbs of nouns: "hücum ettim", "panik oldu".
_AUXILIARIES = (
    "et", "etmek", "ettim", "etti", "ettik", "ettiler", "eder", "ederim", "ediyor",
    "ediyorum", "edebilir", "edebilirim", "edemez", "ol", "olmak", "oldu", "oldum", "olur",
    "olursa", "oluyor", "olabilir", "yap", "yapmak", "yaptım", "yaptı", "yapıyorum",
    "yapabilir", "yapabilirim",
)  # fmt: skip

LANGUAGE = Language(
    code="tr",
    stemmer="turkish",
    # A word for "almost" denies too: a unit almost wiped out was not.
    conditionals=("eğer",),
    negations=("değil", "yok", "hiç", "olmadan", "hiçbir", "neredeyse"),
    trailing_negations=("yok", "değil", "yoktu"),
    # "7 inç", "9 inçlik"; typed without the cedilla too.
    inch=("inç", "inc", "inçlik", "inclik"),
    cm=("cm", "santim", "santimetre"),
    dice_letters=("d",),
    doubles=("çift",),
    possessives=("benim", "bizim"),  # "benim 20 goblinim": my own models
    pronouns=("ben", "biz", "sen", "siz", "onlar"),
    auxiliaries=_AUXILIARIES,
    joiners=("ve", "veya", "ile"),
    plus=("artı", "arti"),
    model_nouns=("model", "kişilik", "kişi"),
    stat_nouns=("saldırı", "saldırısı", "saldırılı", "atak", "ataklı"),
    turn_nouns=("tur", "turda", "turunda", "sayfa"),
    conjunctions=("ve",),
    amount_words=("kaç", "hangi", "ne kadar"),
    apart_words=("yanından", "uzağında", "uzakta", "ötesinde"),
    articles=("bir",),  # "iki Skaven ve bir ogre": one more model in a list
    single_words=("tek", "sadece", "yalnızca"),  # "sadece bir rakip": only one opponent
    single_first=True,
    degree=("derece", "derecelik", "dereceden", "derecenin", "dereceyi"),
    again=("daha", "tekrar", "yine"),
    above_after=("fazla", "daha fazla", "fazlası", "üstü", "üzeri", "üzerinde"),
    number_words=_NUMBERS,
    # "iki altı attım": two sixes, the face said as its number word after the count.
    face_nouns=(("iki", 2), ("üç", 3), ("dört", 4), ("beş", 5), ("altı", 6)),
    anaphora=("bu durumda", "böyle durumlarda", "o durumda"),
    example_cues=("örneğin", "mesela"),
    page_markers=("sayfa",),
    book_words=(
        "kurallar",
        "kurallarda",
        "kurallara",
        "kitap",
        "kitabı",
        "kitapta",
        "baskı",
        "sürüm",
        "versiyon",
        "çeviri",
    ),
)
