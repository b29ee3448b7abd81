"""Classic War's part of the app: its table, its button words, and the app itself.

The other player sits at the top of the table and you at the bottom, as across a real one.
Each seat shows its deck (face down, with a count) and the cards it laid in the last
battle, in the order they were laid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wartutor.core.engine import Event, Game
from wartutor.core.voice import voice
from wartutor.language import N_, _, ngettext, pgettext
from wartutor.ui.markup import Markup, escaped, html, joined
from wartutor.ui.playback import DEFAULT_PACE
from wartutor.ui.render import STYLESHEET, card_svg, deck_svg, mini_card
from wartutor.ui.shell import GameApp
from wartutor.variants.classic_war import CLASSIC_WAR, ClassicRules, ClassicView
from wartutor.variants.classic_war.game import Compared, Laid, PileTaken, WarLaid

SEATS = CLASSIC_WAR.player_names(ClassicRules())  # the seats' own names


def seat_name(seat: int) -> str:
    """"You" for the player looking (see core.voice), else the seat's name."""
    if voice().you(seat):
        # Translators: the name over your own seat at the table.
        return pgettext("seat", "You")
    return voice().name(seat, SEATS)


def top_to_bottom() -> tuple[int, int]:
    """The other player across the table, you nearest the screen's edge."""
    return (0, 1) if voice().viewer == 1 else (1, 0)


# The rule text's worked example as a stacked deal: your deck, then the computer's, top first.
WORKED_EXAMPLE = ("9S 4C KD 2H", "9H 5D 7C 3S")

PLAY_10 = N_("Play 10 battles")
# Translators: the button that turns both players' top cards: one battle.
TURN_CARDS = N_("Turn cards")


class ClassicTable:
    """How classic War looks: see :class:`wartutor.ui.shell.TableDesign`."""

    @property
    def autoplay_label(self) -> str:
        return _(PLAY_10)

    def action_label(self, action: str) -> str:
        return _(TURN_CARDS) if action == "turn" else action

    def table_html(self, view: ClassicView, events: tuple[Event, ...]) -> Markup:
        taker = next((e.winner for e in events if isinstance(e, PileTaken)), None)
        return self._table(view, view.counts, view.last_battle, taker, fresh=(0, 0))

    def moment_html(self, before: ClassicView, after: ClassicView,
                    happened: tuple[Event, ...]) -> Markup:
        """A battle partway: the cards laid so far (face-down ones hidden as the view hides
        them), the newest marked, and the decks short by the cards they gave."""
        sizes = [_laid_by(e) for e in happened]
        laid = sum(sizes)
        taker = next((e.winner for e in happened if isinstance(e, PileTaken)), None)
        counts = (after.counts if taker is not None else
                  (before.counts[0] - laid, before.counts[1] - laid))
        row = (after.last_battle[0][:laid], after.last_battle[1][:laid])
        newest = sizes[-1] if sizes and sizes[-1] else 0
        return self._table(after, counts, row, taker, fresh=(laid - newest, laid))

    def _table(self, view: ClassicView, counts: tuple[int, int],
               laid: tuple[tuple[Laid, ...], tuple[Laid, ...]], taker: int | None,
               fresh: tuple[int, int]) -> Markup:
        seats = []
        for seat in top_to_bottom():
            order = Markup()
            if view.decks is not None:
                # Translators: a deck with no cards in it, in "Deck, top card first: empty".
                listed = joined(mini_card(c) for c in view.decks[seat]) or _("empty")
                order = html('<div class="wt-order">{words}</div>',
                             words=html(escaped(_("Deck, top card first: {listed}")),
                                        listed=listed))
            count = counts[seat]
            # Translators: under a deck, how many cards it holds; the number is drawn big.
            counted = html(escaped(ngettext("{count} card", "{count} cards", count)),
                           count=html('<span class="wt-count">{count}</span>', count=count))
            seats.append(html(
                '<div class="wt-seat"><div class="wt-seat-name">{name}</div>'
                '<div class="wt-deck">{deck}<br>{counted}'
                '</div><div class="wt-laid">{laid}{took}</div></div>{order}',
                name=seat_name(seat), deck=deck_svg(count), counted=counted,
                laid=laid_html(laid[seat], fresh),
                took=_takes() if seat == taker else "", order=order,
            ))
        if view.battle_limit is None:
            battle = _("Battle {battles} of no limit").format(battles=view.battles)
        else:
            battle = _("Battle {battles} of {limit}").format(battles=view.battles,
                                                             limit=view.battle_limit)
        return html('<div class="wt-table"><span class="wt-battle">{battle}'
                    "</span>{everything}{seats}</div>", battle=battle,
                    everything=_everything() if view.viewer is None else "",
                    seats=joined(seats))


def _takes() -> Markup:
    # Translators: beside the cards of the player who won the battle.
    return html('<span class="wt-took wt-mark-new">{words}</span>', words=_("Takes the pile"))


def _everything() -> Markup:
    # Translators: after "Battle 3 of 500" when the teacher sees every card.
    return html(" &middot; {words}", words=_("showing everything"))


def _laid_by(event: Event) -> int:
    """How many cards each player lays in this event."""
    if isinstance(event, Compared) and event.war == 0:
        return 1
    if isinstance(event, WarLaid):
        return len(event.down[0]) + 1
    return 0


def laid_html(row: tuple[Laid, ...], fresh: tuple[int, int] = (0, 0)) -> Markup:
    """One player's cards of a battle, captioned by the part each played; the cards in
    places ``fresh`` (from, to) were laid in the moment on show, and are marked."""
    return joined(
        html("<figure{new}>{drawn}<figcaption>{caption}</figcaption></figure>",
             new=_CHANGED if fresh[0] <= number < fresh[1] else "",
             drawn=card_svg(laid.card, laid_down=not laid.face_up and laid.card is not None),
             caption=_caption(laid, number))
        for number, laid in enumerate(row))


_CHANGED = Markup(' class="wt-changed"')


def _caption(laid: Laid, number: int) -> str:
    """The part a laid card played: face down in a war, the battle's card, or a war's."""
    if not laid.face_up:
        return pgettext("caption", "face down")
    # Translators: under the first card a player laid in a battle.
    return pgettext("caption", "battle") if number == 0 else pgettext("caption", "war")


def worked_example_html() -> Markup:
    """The worked example, played by the engine and drawn face up, with its explanations."""
    game = Game.new(CLASSIC_WAR, seed=0, stacked=WORKED_EXAMPLE).play("turn")
    table = CLASSIC_WAR.view(game.state, None).last_battle
    rows = joined(
        html('<div class="wt-seat"><div class="wt-seat-name">{name}</div>'
             '<div class="wt-laid">{laid}</div></div>',
             name=seat_name(seat), laid=laid_html(table[seat]))
        for seat in top_to_bottom()
    )
    said = joined(html("<li>{words}</li>", words=CLASSIC_WAR.explain(e))
                  for e in game.steps[-1].events)
    return html('<div class="wt-app"><div class="wt-table">{rows}</div><ol>{said}</ol></div>',
                rows=rows, said=said)


class WorkedExample:
    """The worked example as a notebook output (Jupyter shows its ``_repr_html_``)."""

    def _repr_html_(self) -> Markup:
        return Markup(STYLESHEET) + worked_example_html()

    def __repr__(self) -> str:
        return "WorkedExample()"


def worked_example() -> WorkedExample:
    return WorkedExample()


def classic_war_app(
    seed: int | None = None,
    rules: ClassicRules | Mapping[str, Any] | None = None,
    stacked: tuple[str, ...] | None = None,
    pace: str = DEFAULT_PACE,
    position: Mapping[str, Any] | None = None,
) -> GameApp:
    """You against the computer. There are no choices in classic War, so every decision
    is yours (player 0): pressing Turn cards turns both top cards, and the battle plays
    out on the table at ``pace``.

    >>> app = classic_war_app(stacked=("KD", "7C"), pace="instant")
    >>> app.press("Turn cards")
    >>> app.banner_text()
    'You win! You hold all 2 cards: you win the game.'
    """
    return GameApp(CLASSIC_WAR, ClassicTable(), human=0, seed=seed, rules=rules,
                   stacked=stacked, pace=pace, position=position)
