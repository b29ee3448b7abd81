"""The front door: one card per variant, with a picture, who plays, how long, and links.

Plain HTML (Jupyter and Voilà show its ``_repr_html_``), and no widgets: the start page
is the first page a whole class opens, so it imports as little as it can.

Its language: a page's kernel makes the whole page once, so the language menu is a row of
links to the page again, each carrying its language in the address
(``start.ipynb?lang=es``: Voilà hands the query to the new kernel). A choice is kept in
the browser, where the apps' language menu (:mod:`wartutor.ui.language`) reads it, and a
start page opened without a language follows the choice kept. In the static site no
query reaches the page's kernel, so the page is made in every language at once and its
script shows the one chosen, kept or the browser's, without a reload (which would start
Python in the page again). The links show in Voilà and Voici pages only: JupyterLab has
its own Settings > Language.

>>> "Classic War" in start_page()._repr_html_()
True
>>> "Jugar a Classic War" in start_page("es")._repr_html_()
True
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from urllib.parse import parse_qs

from wartutor import web
from wartutor.core.cards import cards
from wartutor.language import (
    LANGUAGES,
    N_,
    _,
    chosen_by_server,
    first_language,
    known,
    language,
    speaking_language,
)
from wartutor.ui.lessons import lesson_text
from wartutor.ui.markup import Markup, escaped, html, joined
from wartutor.ui.render import STYLESHEET, card_svg

EXPLORER = "rule_explorer.ipynb"
TOGETHER = "play_together.ipynb"
LAB = "strategy_lab.ipynb"
BOARD = "class_board.ipynb"
PASS_AND_PLAY = "pass_and_play.ipynb"
START = "start.ipynb"
# Where a browser keeps its student's language: the apps' menu's own name for it
# (wartutor.ui.language.STORAGE_NAME, which imports ipywidgets; a test holds them equal).
LANGUAGE_STORAGE = "wartutor-language"


@dataclass(frozen=True)
class Door:
    """What the start page says about one variant (its notebook opens with the game)."""

    title: str  # the variant's name: the same in every language
    variant: str
    players: str  # these three in English, marked N_, said in the language in force
    game_time: str
    blurb: str
    picture: Callable[[], Markup]  # drawn when shown: the tiles' words are in the language

    @property
    def notebook(self) -> str:
        """The game's page (``x.ipynb`` under Voilà, ``x.html`` in the static site)."""
        return web.app_link(f"{self.variant}.ipynb")

    @property
    def explorer(self) -> str:
        """The rule explorer, opened on this variant (it reads the page's query string)."""
        return web.app_link(EXPLORER, f"variant={self.variant}")


def _tile(title: str, line: str, colour: str) -> Markup:
    """A small drawn card for the decks that are not the standard 52 (``title`` and
    ``line`` in English, marked N_)."""
    title, line = _(title), _(line)
    return html(
        '<svg class="wt-tile" role="img" aria-label="{title}, {line}" width="60" height="84" '
        'viewBox="0 0 60 84" font-family="DejaVu Sans, sans-serif">'
        '<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="{colour}" '
        'stroke-width="3"/>'
        '<text x="30" y="36" font-size="{size}" font-weight="700" text-anchor="middle" '
        'fill="#111"{fit}>{title}</text>'
        '<text x="30" y="58" font-size="11" text-anchor="middle" fill="{colour}">'
        "{line}</text></svg>",
        title=title, line=line, colour=colour,
        # Eight letters fill the tile; a longer name (Scharfschütze, Francotirador) is set
        # smaller and pressed into its width rather than cut at the edge.
        size=11 if len(title) <= 8 else 9, fit=_FIT_TILE if len(title) > 8 else "",
    )


_FIT_TILE = Markup(' textLength="52" lengthAdjust="spacingAndGlyphs"')


def _hand(codes: str) -> Markup:
    return joined(card_svg(c) for c in cards(codes))


def _tiles(*tiles: tuple[str, str, str]) -> Markup:
    return joined(_tile(*tile) for tile in tiles)


def _hand_and_tile(codes: str, tile: tuple[str, str, str]) -> Markup:
    return _hand(codes) + _tile(*tile)


# Game lengths come from simulated games at the default rulings (`wartutor simulate`);
# the minutes assume a class that uses the "Play 10" button now and then.
DOORS = (
    Door("Classic War", "classic_war", N_("You against the computer"),
         N_("About 260 battles on average: 15 minutes, less with Play 10 battles"),
         N_("Turn the top cards; the higher rank takes both. Equal ranks start a war."),
         partial(_hand, "9S 9H KD")),
    Door("Guerrilla Tactics", "guerrilla_tactics", N_("2 to 4 players"),
         N_("About 75 skirmishes: 15 to 20 minutes"),
         N_("Play one card, support when losing, and watch the low Guerrillas rise in rank."),
         partial(_hand, "2C 2C AC")),
    Door("War Room", "war_room", N_("2 to 5 players"),
         N_("Hundreds of rounds, hours; house rule for a lesson: 20 rounds in 15 to 30 "
            "minutes"),
         N_("Every card has a value (the lowest wins) and an activation that attacks or "
            "defends."),
         # Translators: "VC 3" is a War Room card's value (VC), as the game writes it.
         partial(_tiles, (N_("Sniper"), N_("VC 3"), "#9c0014"),
                 (N_("Sentry"), N_("VC 1"), "#0b5b1d"))),
    Door("Trade War", "trade_war", N_("2 to 5 players"),
         N_("About 90 turns: 20 to 30 minutes"),
         N_("Guess a card in another player's hand, battle for it, and bank your winnings."),
         partial(_hand_and_tile, "7H 7C", (N_("Joker"), N_("Rebel"), "#1a5fb4"))),
    Door("Arsenal", "arsenal", N_("You against the computer"),
         N_("45 rounds: about 10 minutes a match, ten levels in the campaign"),
         N_("Bombs, shields and Counter-Strikes in six ranked teams: one side plays a card "
            "without seeing the other's, and the other answers seeing it."),
         # Translators: a level of Arsenal's Nuke; a Shield stops up to 3 points.
         partial(_tiles, (N_("Nuke"), N_("level 4"), "#9c0014"),
                 (N_("Shield"), N_("up to 3"), "#1a5fb4"))),
)

# Words at 17 px and more (a school laptop's screen, read by a twelve-year-old); Large print
# (the box at the top, as in every app) makes them bigger still, without a script: the
# box's own state, read by :has(), so it works wherever the page's HTML is shown.
FRONT_STYLE = Markup("""
<style>
.wt-front-page { font-family: system-ui, 'DejaVu Sans', sans-serif; font-size: 17px;
  line-height: 1.4; }
.wt-front { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr));
  gap: 16px; max-width: 1100px; }
.wt-door { border: 2px solid #1d6b3a; border-radius: 12px; padding: 12px 16px;
  background: var(--jp-layout-color1, #fff); color: var(--jp-ui-font-color0, #111); }
.wt-door h2 { font-size: 24px; margin: 0 0 6px; }
.wt-door p { font-size: 17px; margin: 8px 0; }
.wt-door-picture { background: #1d6b3a; border-radius: 8px; padding: 8px; display: flex;
  gap: 6px; }
.wt-door-picture svg.wt-card { width: 60px; height: 84px; }
.wt-door dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; font-size: 17px;
  margin: 8px 0; }
/* JupyterLab's own rule for dt (a float a fifth wide) broke "A game" over two lines. */
.wt-door dt { font-weight: 700; white-space: nowrap; float: none; width: auto; margin: 0; }
.wt-door dd { margin: 0; float: none; width: auto; }
.wt-door-links { display: flex; gap: 10px; flex-wrap: wrap; }
.wt-door-links a { font-size: 18px; font-weight: 700; padding: 6px 12px; border-radius: 6px;
  text-decoration: none; border: 2px solid var(--jp-brand-color1, #1a5fb4);
  color: var(--jp-content-link-color, #1a5fb4); }
/* JupyterLab's own colour for links in a notebook's output outranks a plain rule. */
.wt-door-links a.wt-play, .jp-RenderedHTMLCommon .wt-door-links a.wt-play {
  background: #1a5fb4; border-color: #1a5fb4; color: #fff; }
.wt-door-links a:focus-visible { outline: 3px solid #e67700; outline-offset: 2px; }
.wt-together { font-size: 20px; margin: 0 0 12px; }
.wt-together a { font-weight: 700; color: var(--jp-content-link-color, #1a5fb4); }
.wt-front-large { display: inline-flex; align-items: center; gap: 8px; font-size: 18px;
  font-weight: 700; margin: 0 0 10px; cursor: pointer; }
.wt-front-large input { width: 20px; height: 20px; margin: 0; }
/* The language links: in a Voila page (its address reaches the kernel) and a Voici page (the
   page is made in every language), not in JupyterLab, which has a language menu of its own. */
.wt-front-languages { display: none; }
body[data-voila] .wt-front-languages { display: flex; flex-wrap: wrap; align-items: center;
  gap: 6px 14px; font-size: 18px; margin: 0 0 10px; }
.wt-front-languages a { font-weight: 700; color: var(--jp-content-link-color, #1a5fb4); }
.wt-front-languages [aria-current] { font-weight: 700; }
.wt-front-page:has(.wt-front-large input:checked) .wt-front-languages { font-size: 24px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-front-large { font-size: 24px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-front-large input { width: 28px;
  height: 28px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-front {
  grid-template-columns: repeat(auto-fill, minmax(440px, 1fr)); max-width: 1400px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-door h2 { font-size: 32px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-door p,
.wt-front-page:has(.wt-front-large input:checked) .wt-door dl { font-size: 23px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-door-links a { font-size: 24px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-together { font-size: 26px; }
.wt-front-page:has(.wt-front-large input:checked) .wt-door-picture svg { width: 84px;
  height: 118px; }
/* The static page's text sections, written in every language: the one the script chose
   (the body's data-wt-language) shows; before it chooses, the kernel's. */
LESSON_RULES
/* The notebook's own words around the cards, in a Voilà or Voici page only (in JupyterLab
   a style would reach every notebook open beside this one). */
body[data-voila] .jp-RenderedMarkdown { font-size: 17px; }
body[data-voila]:has(.wt-front-large input:checked) .jp-RenderedMarkdown { font-size: 23px; }
</style>
""".replace("LESSON_RULES", "".join(
    f'body[data-wt-language="{code}"] .wt-front-lesson:not([lang="{code}"]) {{ display: none; }}\n'
    f'body[data-wt-language="{code}"] .wt-front-lesson[lang="{code}"] {{ display: block; }}\n'
    for code in LANGUAGES)))


# Voilà opens links in an output in a new tab; a class is better kept to one tab per
# student (every page is a kernel), so in Voilà the front door's links open in place.
SAME_TAB = Markup("""
<script>
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest(".wt-front-page a");
  if (link && document.body.dataset.voila !== undefined && !event.defaultPrevented) {
    event.preventDefault();
    window.location.href = link.href;
  }
}, true);
</script>
""")


# A language link keeps its choice in the browser (for the apps too); a Voila page opened
# with no language in its address follows the choice kept, else the browser's own
# language where neither the server nor JupyterLab chose one, as the apps do
# (wartutor.ui.language.from_page). LANGUAGE_STORAGE and OFFERED are constants of this
# package; SHOWN and BROWSER are written by the page below from checked values.
LANGUAGE_SCRIPT = """
<script>
(function () {
  var NAME = "LANGUAGE_STORAGE", OFFERED = [OFFERED_CODES];
  if (!window.wartutorStartLanguage) {
    window.wartutorStartLanguage = true;
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest(".wt-front-languages a");
      var code = link && link.getAttribute("hreflang");
      if (code && OFFERED.indexOf(code) >= 0) {
        try { window.localStorage.setItem(NAME, code); } catch (e) { /* private */ }
      }
    }, true);
  }
  var menu = document.querySelector(".wt-front-languages");
  if (!menu || document.body.dataset.voila === undefined
      || /[?&]lang=/.test(window.location.search)) { return; }
  var kept = null;
  try { kept = window.localStorage.getItem(NAME); } catch (e) { kept = null; }
  var wanted = OFFERED.indexOf(kept) >= 0 ? kept : null;
  if (!wanted && menu.getAttribute("data-browser") === "yes") {
    var own = ((navigator.languages && navigator.languages[0]) || navigator.language || "en")
      .toLowerCase().split(/[-_]/)[0];
    wanted = OFFERED.indexOf(own) >= 0 ? own : null;
  }
  if (wanted && wanted !== menu.getAttribute("data-shown")) {
    var search = window.location.search;
    window.location.replace(window.location.pathname + (search ? search + "&" : "?")
                            + "lang=" + wanted + window.location.hash);
  }
})();
</script>
""".replace("LANGUAGE_STORAGE", LANGUAGE_STORAGE).replace(
    "OFFERED_CODES", ", ".join(f'"{code}"' for code in LANGUAGES))


# The static site's start page, made in every language: the one on show is the one chosen
# by a link (kept in the browser), else the one kept, else the browser's own where neither
# JupyterLab nor a server chose one, else the kernel's. A link's choice shows at once: a
# reload would start Python in the page again. Its words are this package's constants.
STATIC_LANGUAGE_SCRIPT = """
<script>
(function () {
  var NAME = "LANGUAGE_STORAGE", OFFERED = [OFFERED_CODES];
  var pages = [].slice.call(document.querySelectorAll(".wt-front-page[data-static]"));
  if (!pages.length) { return; }
  function show(code) {
    document.body.setAttribute("data-wt-language", code);  // the text sections follow
    var now = pages.filter(function (p) { return !p.hidden; })[0];
    var large = now && now.querySelector(".wt-front-large input").checked;
    pages.forEach(function (p) {
      p.hidden = p.getAttribute("lang") !== code;
      if (!p.hidden) { p.querySelector(".wt-front-large input").checked = !!large; }
    });
  }
  if (!window.wartutorStaticLanguage) {
    window.wartutorStaticLanguage = true;
    // Before the page's other click listener, which would follow the link.
    document.addEventListener("click", function (event) {
      var link = event.target.closest && event.target.closest(".wt-front-languages a");
      var code = link && link.getAttribute("hreflang");
      if (!code || OFFERED.indexOf(code) < 0
          || !link.closest(".wt-front-page[data-static]")) { return; }
      event.preventDefault();
      event.stopImmediatePropagation();
      try { window.localStorage.setItem(NAME, code); } catch (e) { /* private */ }
      show(code);
    }, true);
  }
  var kept = null;
  try { kept = window.localStorage.getItem(NAME); } catch (e) { kept = null; }
  var wanted = OFFERED.indexOf(kept) >= 0 ? kept : null;
  var menu = pages[0].querySelector(".wt-front-languages");
  if (!wanted && menu.getAttribute("data-browser") === "yes") {
    var own = ((navigator.languages && navigator.languages[0]) || navigator.language || "en")
      .toLowerCase().split(/[-_]/)[0];
    wanted = OFFERED.indexOf(own) >= 0 ? own : null;
  }
  if (wanted) { show(wanted); }
})();
</script>
""".replace("LANGUAGE_STORAGE", LANGUAGE_STORAGE).replace(
    "OFFERED_CODES", ", ".join(f'"{code}"' for code in LANGUAGES))


def requested_language(query: str | None = None) -> str | None:
    """The language a page's address asks for (``lang=es``), or None. Without ``query``,
    the ``QUERY_STRING`` Voila sets in the page's kernel."""
    text = os.environ.get("QUERY_STRING", "") if query is None else query
    asked = parse_qs(text).get("lang", [])
    return known(asked[0]) if asked else None


def said(sentence: str, **links: Markup) -> Markup:
    """A translated sentence as HTML, its ``{fields}`` filled with ``links``: the sentence
    is escaped, whatever a catalog holds."""
    return html(escaped(sentence), **links)


def link(href: str, words: str, css_class: str = "") -> Markup:
    if css_class:
        return html('<a class="{css_class}" href="{href}">{words}</a>', css_class=css_class,
                    href=href, words=words)
    return html('<a href="{href}">{words}</a>', href=href, words=words)


def languages_html(shown: str) -> Markup:
    """The language links: the page again in each language, named in its own words."""
    choices = joined(
        html('<b aria-current="true" lang="{code}">{name}</b>', code=code, name=name)
        if code == shown else
        # The static site's page shows the language at once, with no query (its kernel
        # never sees one): "?lang=" is for a Voila page's kernel.
        html('<a href="{href}" hreflang="{code}" lang="{code}">{name}</a>',
             href=web.app_link(START, f"lang={code}" if web.has_server() else ""),
             code=code, name=name)
        for code, name in LANGUAGES.items())
    follows_browser = not chosen_by_server() and first_language() == "en"
    # Named in words, as the apps' menu is: a globe needs an emoji font, which not every
    # school's browser has.
    with speaking_language(shown):
        name = _("Language")
    return html('<nav class="wt-front-languages" aria-label="{label}" data-shown="{shown}" '
                'data-browser="{browser}"><span aria-hidden="true">{name}:</span>'
                "{choices}</nav>", label=" / ".join(("Language", "Idioma", "Sprache")),
                shown=shown, browser="yes" if follows_browser else "no", name=name,
                choices=choices)


def door_html(door: Door) -> Markup:
    return html(
        '<section class="wt-door" aria-label="{title}"><h2>{title}</h2>'
        '<div class="wt-door-picture">{picture}</div><p>{blurb}</p>'
        "<dl><dt>{players_word}</dt><dd>{players}</dd><dt>{time_word}</dt>"
        "<dd>{game_time}</dd></dl>"
        '<div class="wt-door-links"><a class="wt-play" href="{notebook}">{play}</a>'
        '<a class="wt-explore" href="{explorer}">{explore}</a></div></section>',
        title=door.title, picture=door.picture(), blurb=_(door.blurb),
        players_word=_("Players"), players=_(door.players), time_word=_("How long"),
        game_time=_(door.game_time), notebook=door.notebook,
        play=_("Play {title}").format(title=door.title), explorer=door.explorer,
        explore=_("Explore its rules"),
    )


def together_html() -> Markup:
    """The line above the games: playing with others, the lab, and the class board."""
    pass_and_play = said(_("{pass_and_play}: friends at one screen."),
                         pass_and_play=link(web.app_link(PASS_AND_PLAY), _("Pass and play")))
    lab = link(web.notebook_link(LAB), _("Strategy lab"))
    if web.has_server():
        sentences = [
            said(_("{play_together}: open a room from any deal code, and classmates join it "
                   "from their own screens."),
                 play_together=link(web.app_link(TOGETHER), _("Play together"))),
            pass_and_play,
            said(_("{strategy_lab}: write a player of your own and rank it."),
                 strategy_lab=lab),
            said(_("Teachers: {class_board}."),
                 class_board=link(web.app_link(BOARD), _("the class board"))),
        ]
    else:  # the static site: no server to referee rooms or hold the class board
        sentences = [
            escaped(web.server_needed_note()), pass_and_play,
            said(_("{strategy_lab}: write a player of your own and rank it (it opens as a "
                   "notebook to edit and run, here in your browser)."), strategy_lab=lab),
        ]
    return html('<p class="wt-together">{sentences}</p>',
                sentences=joined(sentences, " "))


def page_language(code: str | None = None) -> str:
    """The start page's language: ``code``, else the one its address asks for, else the
    kernel's."""
    return known(code) or requested_language() or language()


class StartPage:
    """The variants' cards, shown by Jupyter and Voilà through ``_repr_html_``, in the
    language ``code`` (None: the page's address's, else the kernel's)."""

    def __init__(self, code: str | None = None) -> None:
        self.code = page_language(code)

    def _repr_html_(self) -> Markup:
        if web.has_server():
            pages = self._page(self.code, languages_html(self.code) + Markup(LANGUAGE_SCRIPT))
        else:  # no address reaches the page's kernel: every language, its script shows one
            pages = joined(self._page(code, languages_html(code), hidden=code != self.code)
                           for code in LANGUAGES) + Markup(STATIC_LANGUAGE_SCRIPT)
        return html("{style}{front}{pages}{same_tab}", style=Markup(STYLESHEET),
                    front=FRONT_STYLE, pages=pages, same_tab=SAME_TAB)

    @staticmethod
    def _page(code: str, menu: Markup, hidden: bool = False) -> Markup:
        """The page in the language ``code``, under its language ``menu``."""
        with speaking_language(code):
            doors = joined(door_html(d) for d in DOORS)
            together = together_html()
            large = _("Large print")
        static = Markup("") if web.has_server() else Markup(
            " data-static" + (" hidden" if hidden else ""))
        return html('<div class="wt-front-page" lang="{code}"{static}>{menu}'
                    '<label class="wt-front-large"><input type="checkbox"> {large}</label>'
                    '{together}<div class="wt-front">{doors}</div></div>', code=code,
                    static=static, menu=menu, large=large, together=together, doors=doors)

    def __repr__(self) -> str:
        return "StartPage()"


def start_page(code: str | None = None) -> StartPage:
    """The start page in the language ``code`` (by default, the one its address asks for,
    else the kernel's)."""
    return StartPage(code)


@dataclass(frozen=True)
class StartLesson:
    """A section of the start page's teaching text, shown by Jupyter and Voilà as
    Markdown (``_repr_markdown_``) in the language ``code``."""

    section: str
    code: str

    def _repr_markdown_(self) -> str:
        if web.has_server():
            with speaking_language(self.code):
                return lesson_text("start", self.section)
        # No address reaches the page's kernel: the section in every language, each in a
        # block of its own (Markdown takes a <div> alone on its line, then Markdown inside),
        # and the start page's script shows the one chosen, as it does the cards.
        blocks = []
        for code in LANGUAGES:
            with speaking_language(code):
                # The package's own Markdown, not markup to escape: the page renders it.
                text = Markup(lesson_text("start", self.section))
            hidden = Markup("") if code == self.code else Markup(" hidden")
            blocks.append(html('<div class="wt-front-lesson" lang="{code}"{hidden}>\n\n'
                               "{text}\n\n</div>", code=code, hidden=hidden, text=text))
        return str(joined(blocks, "\n\n"))

    def __repr__(self) -> str:
        return f"start_lesson({self.section!r})"


def start_lesson(section: str, code: str | None = None) -> StartLesson:
    """The section ``section`` of the start page's teaching text (:mod:`wartutor.ui.lessons`),
    in the start page's language (:func:`page_language`). Plain Markdown, with no widget
    (the apps' lessons are :func:`wartutor.ui.lesson_cell.lesson`): the start page imports
    no ipywidgets, and changes its language by opening again in it.

    >>> start_lesson("welcome", "de")._repr_markdown_().splitlines()[0]
    '# wartutor: Krieg lernen, ein erklärter Schritt nach dem anderen'
    """
    lesson_text("start", section)  # a name not there fails at once
    return StartLesson(section, page_language(code))
