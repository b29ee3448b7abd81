"""The front door: one card per variant, with a picture, who plays, how long, and links.

Plain HTML (Jupyter and Voilà show its ``_repr_html_``), and no widgets: the start page
is the first page a whole class opens, so it imports as little as it can.

>>> "Classic War" in start_page()._repr_html_()
True
"""

from __future__ import annotations

from dataclasses import dataclass

from wartutor import web
from wartutor.core.cards import cards
from wartutor.ui.markup import Markup, html, joined
from wartutor.ui.render import STYLESHEET, card_svg

EXPLORER = "rule_explorer.ipynb"
TOGETHER = "play_together.ipynb"
LAB = "strategy_lab.ipynb"
BOARD = "class_board.ipynb"
PASS_AND_PLAY = "pass_and_play.ipynb"


@dataclass(frozen=True)
class Door:
    """What the start page says about one variant (its notebook opens with the game)."""

    title: str
    variant: str
    players: str
    game_time: str
    blurb: str
    picture: Markup

    @property
    def notebook(self) -> str:
        """The game's page (``x.ipynb`` under Voilà, ``x.html`` in the static site)."""
        return web.app_link(f"{self.variant}.ipynb")

    @property
    def explorer(self) -> str:
        """The rule explorer, opened on this variant (it reads the page's query string)."""
        return web.app_link(EXPLORER, f"variant={self.variant}")


def _tile(title: str, line: str, colour: str) -> Markup:
    """A small drawn card for the decks that are not the standard 52."""
    return html(
        '<svg class="wt-tile" role="img" aria-label="{title}, {line}" width="60" height="84" '
        'viewBox="0 0 60 84" font-family="DejaVu Sans, sans-serif">'
        '<rect x="1" y="1" width="58" height="82" rx="6" fill="#fff" stroke="{colour}" '
        'stroke-width="3"/>'
        '<text x="30" y="36" font-size="11" font-weight="700" text-anchor="middle" '
        'fill="#111">{title}</text>'
        '<text x="30" y="58" font-size="11" text-anchor="middle" fill="{colour}">'
        "{line}</text></svg>",
        title=title, line=line, colour=colour,
    )


def _hand(codes: str) -> Markup:
    return joined(card_svg(c) for c in cards(codes))


# Game lengths come from simulated games at the default rulings (`wartutor simulate`);
# the minutes assume a class that uses the "Play 10" button now and then.
DOORS = (
    Door("Classic War", "classic_war", "You against the computer",
         "About 260 battles on average: 15 minutes, less with Play 10 battles",
         "Turn the top cards; the higher rank takes both. Equal ranks start a war.",
         _hand("9S 9H KD")),
    Door("Guerrilla Tactics", "guerrilla_tactics", "2 to 4 players",
         "About 75 skirmishes: 15 to 20 minutes",
         "Play one card, support when losing, and watch the low Guerrillas rise in rank.",
         _hand("2C 2C AC")),
    Door("War Room", "war_room", "2 to 5 players",
         "Hundreds of rounds, hours; house rule for a lesson: 20 rounds in 15 to 30 minutes",
         "Every card has a value (the lowest wins) and an activation that attacks or defends.",
         _tile("Sniper", "VC 3", "#9c0014") + _tile("Sentry", "VC 1", "#0b5b1d")),
    Door("Trade War", "trade_war", "2 to 5 players",
         "About 90 turns: 20 to 30 minutes",
         "Guess a card in another player's hand, battle for it, and bank your winnings.",
         _hand("7H 7C") + _tile("Joker", "Rebel", "#1a5fb4")),
    Door("Arsenal", "arsenal", "You against the computer",
         "45 rounds: about 10 minutes a match, ten levels in the campaign",
         "Bombs, shields and Counter-Strikes in six ranked teams: one side plays a card "
         "without seeing the other's, and the other answers seeing it.",
         _tile("Nuke", "level 4", "#9c0014") + _tile("Shield", "up to 3", "#1a5fb4")),
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
/* The notebook's own words around the cards, in a Voilà or Voici page only (in JupyterLab
   a style would reach every notebook open beside this one). */
body[data-voila] .jp-RenderedMarkdown { font-size: 17px; }
body[data-voila]:has(.wt-front-large input:checked) .jp-RenderedMarkdown { font-size: 23px; }
</style>
""")


# Voilà opens links in an output in a new tab; a class is better kept to one tab per
# student (every page is a kernel), so in Voilà the front door's links open in place.
SAME_TAB = Markup("""
<script>
document.addEventListener("click", function (event) {
  var link = event.target.closest && event.target.closest(".wt-front-page a");
  if (link && document.body.dataset.voila !== undefined) {
    event.preventDefault();
    window.location.href = link.href;
  }
}, true);
</script>
""")


def door_html(door: Door) -> Markup:
    return html(
        '<section class="wt-door" aria-label="{title}"><h2>{title}</h2>'
        '<div class="wt-door-picture">{picture}</div><p>{blurb}</p>'
        "<dl><dt>Players</dt><dd>{players}</dd><dt>How long</dt><dd>{game_time}</dd></dl>"
        '<div class="wt-door-links"><a class="wt-play" href="{notebook}">Play {title}</a>'
        '<a class="wt-explore" href="{explorer}">Explore its rules</a></div></section>',
        title=door.title, picture=door.picture, blurb=door.blurb, players=door.players,
        game_time=door.game_time, notebook=door.notebook, explorer=door.explorer,
    )


class StartPage:
    """The variants' cards, shown by Jupyter and Voilà through ``_repr_html_``."""

    def _repr_html_(self) -> Markup:
        doors = joined(door_html(d) for d in DOORS)
        if web.has_server():
            together = html(
                '<p class="wt-together"><a href="{together}">Play together</a>: open a room '
                "from any deal code, and classmates join it from their own screens. "
                '<a href="{pass_and_play}">Pass and play</a>: friends at one screen. '
                '<a href="{lab}">Strategy lab</a>: write a player of your own and rank it. '
                'Teachers: <a href="{board}">the class board</a>.</p>',
                together=web.app_link(TOGETHER), pass_and_play=web.app_link(PASS_AND_PLAY),
                lab=web.notebook_link(LAB), board=web.app_link(BOARD))
        else:  # the static site: no server to referee rooms or hold the class board
            together = html(
                '<p class="wt-together">{no_server} '
                '<a href="{pass_and_play}">Pass and play</a>: friends at one screen. '
                '<a href="{lab}">Strategy lab</a>: write a player of your own and rank it '
                "(it opens as a notebook to edit and run, here in your browser).</p>",
                no_server=web.server_needed_note(),
                pass_and_play=web.app_link(PASS_AND_PLAY), lab=web.notebook_link(LAB))
        return html('{style}{front}<div class="wt-front-page">'
                    '<label class="wt-front-large"><input type="checkbox"> Large print</label>'
                    '{together}<div class="wt-front">{doors}</div></div>{same_tab}',
                    style=Markup(STYLESHEET), front=FRONT_STYLE, together=together, doors=doors,
                    same_tab=SAME_TAB)

    def __repr__(self) -> str:
        return "StartPage()"


def start_page() -> StartPage:
    return StartPage()
