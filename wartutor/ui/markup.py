"""Text from people is data, never markup: the one way the apps make HTML from values.

Every piece of HTML made from data goes through :func:`html`: a template whose
``{placeholders}`` are filled with values, each one escaped (``&``, ``<``, ``>`` and both
quotes, so a value is safe between tags and inside a quoted attribute alike) unless it
is already :class:`Markup`, HTML that :func:`html` made or that the program itself
wrote. What :func:`html` returns is Markup, so fragments nest without being escaped twice:

>>> seat = html('<div class="wt-seat-name">{name}</div>', name="<img src=x onerror=f()>")
>>> seat
Markup('<div class="wt-seat-name">&lt;img src=x onerror=f()&gt;</div>')
>>> html('<div aria-label="{name}">{seat}</div>', name='"><b>', seat=seat)  # doctest: +ELLIPSIS
Markup('<div aria-label="&quot;&gt;&lt;b&gt;"><div class="wt-seat-name">&lt;img...</div></div>')
>>> html("{count:,} cards", count=1250)
Markup('1,250 cards')

Why this shape: forgetting fails safe. A name is a plain ``str``, and a plain ``str`` is
escaped whether or not the one who wrote the table remembered that it might be a name;
the one way to put raw HTML in is to say so, ``Markup(...)``, which a reviewer can look
for. HTML a table design forgot to mark as Markup shows as visible ``&lt;`` on the page
(and fails the tests), never as a tag. Two other shapes were weighed:

- ``escape()`` at each f-string, as before: every new line of a table must remember it,
  and one line that forgot let a classmate's name run script on every screen at the table.
- names handed to the designs already escaped: the same names go into plain text too
  (buttons' labels, menus, the log's text, the rules layer's explanations), where they
  would show as ``&lt;`` or be escaped twice; and an escaped name is still a ``str``, so
  nothing would tell the two apart.

Jinja's markupsafe works the same way; a few lines here spare a dependency (the browser
edition preloads every package a page needs). Where HTML is made from fragments, join
them with :func:`joined`; a ``<style>`` element comes from :func:`style`. A field is a
plain name (``{name}``, ``{count:,}``), never ``{card.name}``: whatever a value holds is
worked out before it is escaped. A test (``tests/test_markup.py``) refuses any f-string
that writes a tag in ``wartutor/ui``.

Only an ``HTML`` widget's value is HTML. A button's description and tooltip, a menu's
options and a text box's value are text to the browser (ipywidgets sets them as text):
they take plain ``str``, never :func:`html`, or a name would show as ``&lt;``.
"""

from __future__ import annotations

import functools
import html as _html
import string
from collections.abc import Iterable
from typing import Any, SupportsIndex


class Markup(str):
    """HTML known to be safe: made by :func:`html`, or written by the program itself.

    Adding plain text to Markup escapes the text; repeating it stays Markup:

    >>> Markup("<b>Ana</b>") + " & Bo"
    Markup('<b>Ana</b> &amp; Bo')
    >>> "<i>" + Markup("<br>") * 2
    Markup('&lt;i&gt;<br><br>')
    """

    __slots__ = ()

    def __add__(self, other: str) -> Markup:
        return Markup(str.__add__(self, escaped(other)))

    def __radd__(self, other: str) -> Markup:
        return Markup(str.__add__(escaped(other), self))

    def __mul__(self, times: SupportsIndex) -> Markup:
        return Markup(str.__mul__(self, times))

    __rmul__ = __mul__

    def __html__(self) -> str:
        """The markup itself, as markupsafe and Jinja expect of safe objects."""
        return str(self)

    def __repr__(self) -> str:
        return f"Markup({str.__repr__(self)})"


def escaped(value: object) -> Markup:
    """``value`` as text on a page: escaped, quotes included, unless it is already Markup.

    >>> escaped("Zoë's <b>"), escaped(Markup("<b>"))
    (Markup('Zoë&#x27;s &lt;b&gt;'), Markup('<b>'))
    """
    if isinstance(value, Markup):
        return value
    return Markup(_html.escape(str(value), quote=True))


@functools.lru_cache(maxsize=4096)
def _pieces(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    """A template read once: (text before, field, format spec, conversion), in order.
    A field is a plain name: ``{card.name}`` or ``{hand[0]}`` would reach into a value
    before it is escaped, so the value is worked out by the caller instead."""
    pieces = []
    for before, field, spec, conversion in string.Formatter().parse(template):
        if field is not None and not field.isidentifier():
            raise ValueError(f"html() fields are plain names, not {field!r}: {template[:60]!r}")
        if spec and "{" in spec:
            raise ValueError(f"html() format specs are written out: {template[:60]!r}")
        pieces.append((before, field, spec or "", conversion))
    return tuple(pieces)


def _filled(value: Any, spec: str, conversion: str | None) -> str:
    if conversion is not None:  # {x!r}: text made from x, escaped like any other text
        value = {"r": repr, "a": ascii}.get(conversion, str)(value)
    if isinstance(value, Markup) and not spec:
        return value
    return _html.escape(format(value, spec), quote=True)


def html(template: str, /, **values: Any) -> Markup:
    """``template`` (written in the program, never made from data) with each ``{name}``
    filled with ``values[name]``, escaped unless it is Markup. Braces meant as braces
    are doubled, and format specs work (``{share:.0%}``), as in ``str.format``.

    >>> html("<li>{words}</li>", words="Ana takes the pile & wins")
    Markup('<li>Ana takes the pile &amp; wins</li>')
    """
    parts = []
    for before, field, spec, conversion in _pieces(template):
        parts.append(before)
        if field is not None:
            parts.append(_filled(values[field], spec, conversion))
    return Markup("".join(parts))


def sentence(text: str, /, **values: Any) -> Markup:
    """A sentence in the students' language, between tags, as :func:`html` fills a
    template: the sentence's own words escaped (a catalog is words, never markup; quotes
    need no escaping between tags, so an English sentence reads as its template did), its
    ``{fields}`` filled and escaped unless they are Markup.

    >>> sentence("{name} & co: press {button}.", name="<Ana>", button=Markup("<b>Go</b>"))
    Markup('&lt;Ana&gt; &amp; co: press <b>Go</b>.')
    """
    return html(_html.escape(text, quote=False), **values)


def joined(parts: Iterable[object], sep: str = "") -> Markup:
    """The parts one after another, each escaped unless it is Markup; ``sep`` between them
    is escaped too unless it is Markup.

    >>> joined([Markup("<b>1</b>"), "<2>"], Markup("<br>"))
    Markup('<b>1</b><br>&lt;2&gt;')
    """
    return Markup(escaped(sep).join(escaped(part) for part in parts))


def style(css: str) -> Markup:
    """A ``<style>`` element holding ``css``. Inside it the browser reads no entities, so
    CSS cannot be escaped: it must hold no ``<`` at all (which could end the element).

    >>> style(".wt-a > b { color: red; }")
    Markup('<style>.wt-a > b { color: red; }</style>')
    >>> style("</style><script>")
    Traceback (most recent call last):
    ...
    ValueError: CSS may not hold '<': '</style><script>'
    """
    if "<" in css:
        raise ValueError(f"CSS may not hold '<': {css[:60]!r}")
    return Markup("<style>" + css + "</style>")  # trusted: it holds no "<"


__all__ = ["Markup", "escaped", "html", "joined", "sentence", "style"]
