"""English left in another language's words: the tests of the catalogs and of the pages.

Words that are English and nothing else in the catalogs' languages: one of them in a
Spanish or German sentence is a sentence left untranslated. ("war", "in", "so", "die",
"no", "has", "Hand" are words of German or Spanish too, and left out; so are the names
of the variants and the players, which are names in every language, and the rulings'
ids, such as GT-PLAYERS.)
"""

from __future__ import annotations

import re
from collections.abc import Iterable

ENGLISH = frozenset(re.findall(r"[a-z]+", """
    the and you your yours with of is are have from each their they them this that
    who which because takes take wins win won card cards plays played battle battles pile
    deck player players game turn turns round rounds lays down face beats
    higher lower highest equal rank ranks suit suits ace king queen jack two three four
    five six seven eight nine ten draws draw holds hold could cannot would should
    choose chose chooses only all after before when then than its it by on at for
    out over under next last first second third rule ruling undo redo print large
    pace slow fast instant skip show everything set position players new join
"""))
RULING_ID = re.compile(r"\b[A-Z]{2}-[A-Z0-9]+(-[A-Z0-9]+)*\b")
VARIANT_TITLES = ("Classic War", "Guerrilla Tactics", "War Room", "Trade War", "Arsenal")


def english_words(text: str, names: Iterable[str] = ()) -> set[str]:
    """The English words of ``text``, leaving out the ``names`` and the variants' titles."""
    for name in (*VARIANT_TITLES, *names):
        text = text.replace(name, " ")
    text = RULING_ID.sub(" ", text)
    # Whole words, accents and all: "tenías" is not "ten".
    return {w for w in re.findall(r"[^\W\d_]+", text) if w.casefold() in ENGLISH}
