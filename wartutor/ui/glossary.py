"""Words to know: the glossary of an app's variant, and its terms marked in the words.

Each app lists its variant's terms (from :mod:`wartutor.core.glossary`) in a folded
"Words to know" panel, and marks each term where it first appears in a region's
explanations (What just happened, the log) with a link to its entry: the keyboard reaches
it, a screen reader says it, and following it opens the panel at the word; the meaning is
also its title, for a mouse. A term is marked once in a region, where a reader meets it
first, so the words stay readable.

>>> words = html("<li>{w}</li><li>{v}</li>", w="You are the instigator.",
...              v="The instigator asks.")
>>> marked(words, "trade_war").count('class="wt-term"')
1
>>> 'href="#wt-term-trade_war-instigator"' in marked(words, "trade_war")
True
"""

from __future__ import annotations

import functools
import re

from wartutor.core.glossary import Term, term_in, term_pattern, terms_of
from wartutor.language import _, language
from wartutor.ui.markup import Markup, html, joined, style

GLOSSARY_STYLE = """
.wt-term { color: inherit; text-decoration: underline dotted 2px; text-underline-offset: 3px; }
.wt-term:focus-visible { outline: 3px solid #e67700; outline-offset: 2px; }
.wt-glossary { border: 1px solid var(--wt-line, #bdbdbd); border-radius: 8px; padding: 4px 10px;
  margin: 6px 0; background: var(--wt-panel, #fff); color: var(--wt-ink, #111); font-size: 17px; }
.wt-glossary summary { cursor: pointer; font-weight: 700; }
.wt-glossary dl { margin: 4px 0; display: grid; grid-template-columns: max-content 1fr;
  gap: 4px 14px; }
.wt-glossary dt { font-weight: 700; }
.wt-glossary dd { margin: 0; }
.wt-glossary dt:target, .wt-glossary dt:target + dd { background: var(--wt-shade, #eee); }
.wt-large .wt-glossary, .wt-large .wt-glossary-link { font-size: 22px; }
.wt-glossary-link { font-size: 17px; color: var(--wt-ink, #111); text-decoration: underline; }
"""

_TAG = re.compile(r"(<[^>]*>)")
# Where no term is marked: headings, a teacher's cited rule, the More button, a link.
_QUIET = re.compile(r'<(h3|summary|a)\b|<(span) class="wt-rule"'
                    r'|<(div) class="wt-(?:happened|log)-head"')


def anchor(variant: str, term: Term) -> str:
    return f"wt-term-{variant}-{term.key}"


def glossary_id(variant: str) -> str:
    return f"wt-glossary-{variant}"


def marked(words: Markup, variant: str) -> Markup:
    """``words`` (HTML made by :func:`html`) with each of the variant's terms linked to
    its entry where it first appears; a term in a tag, a heading or a cited rule is not."""
    return _marked(Markup(words), variant, language())


# The moments of a playback redraw the same log again and again: each is marked once
# (in the language it is in, whose spellings of the terms are looked for).
@functools.lru_cache(maxsize=16)
def _marked(words: Markup, variant: str, code: str) -> Markup:
    pattern = term_pattern(variant)
    seen: set[str] = set()
    quiet: str | None = None  # the tag whose end closes a part where nothing is marked

    def link(found: re.Match[str]) -> str:
        term = term_in(variant, found.group(0))
        if term.word in seen:
            return found.group(0)
        seen.add(term.word)
        return html('<a class="wt-term" href="#{anchor}" title="{meaning}">{said}</a>',
                    anchor=anchor(variant, term),
                    # Translators: a term's meaning, shown when the mouse is over the term.
                    meaning=_("{word}: {meaning}").format(word=term.said_word,
                                                          meaning=term.said_meaning),
                    said=Markup(found.group(0)))  # already escaped: it is HTML's own text

    parts = []
    for part in _TAG.split(words):
        if part.startswith("<"):
            if quiet is None and (opened := _QUIET.match(part)):
                quiet = next(g for g in opened.groups() if g)
            elif quiet is not None and part == "</" + quiet + ">":  # its end tag
                quiet = None
            parts.append(part)
        elif quiet is None and part:
            parts.append(pattern.sub(link, part))
        else:
            parts.append(part)
    return Markup("".join(parts))  # the words' own escaped text, and links made by html()


def glossary_html(variant: str, *, open_: bool = False) -> Markup:
    """The variant's terms as a folded "Words to know" list (each entry a link target)."""
    entries = joined(html('<dt id="{anchor}">{word}</dt><dd>{meaning}</dd>',
                          anchor=anchor(variant, t), word=t.said_word,
                          meaning=t.said_meaning)
                     for t in terms_of(variant))
    # Translators: the heading of the folded list of the game's terms and their meanings.
    heading = _("Words to know (glossary)")
    return style(GLOSSARY_STYLE) + html('<details class="wt-glossary"{open}><summary>{heading}'
                "</summary><dl id=\"{id}\">{entries}</dl></details>", heading=heading,
                id=glossary_id(variant), open=Markup(" open") if open_ else "",
                entries=entries)


def glossary_link(variant: str) -> Markup:
    """The top line's way to the glossary, beside Large print."""
    return html('<a class="wt-glossary-link" href="#{id}">{words}</a>',
                id=glossary_id(variant), words=_("Glossary"))
