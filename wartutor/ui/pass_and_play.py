"""Pass and play: friends at one screen, a game chosen from a menu.

Deal gives the game to two people at this screen, with its Players panel open: there,
as in every app, they choose how many play, which seats are people and their names,
and New round deals to them. Between two people's turns a curtain hides the table until
the next presses Ready. Needs no server (no room, no database), so the static site
offers it where a server's rooms would be.

>>> menu = pass_and_play(seed=5, pace="instant")
>>> menu.game_names()
['Guerrilla Tactics', 'War Room', 'Trade War']
>>> menu.deal("Guerrilla Tactics").labels()[-2:]
['Play 10 choices', 'New round']
>>> menu.app.players.about_text().startswith("Pass and play: 2 people take turns")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from wartutor.language import _
from wartutor.ui.markup import Markup, html, sentence
from wartutor.ui.shell import GameApp
from wartutor.ui.widget_tree import close_widgets, held_widgets


def _guerrilla(**kw: Any) -> GameApp:
    from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app

    return guerrilla_tactics_app(**kw)


def _war_room(**kw: Any) -> GameApp:
    from wartutor.ui.war_room import war_room_app

    return war_room_app(**kw)


def _trade_war(**kw: Any) -> GameApp:
    from wartutor.ui.trade_war import trade_war_app

    return trade_war_app(**kw)


#: The games with choices to make. Classic War has none (its own app seats two people
#: under Players all the same); Arsenal is a campaign against the computer.
GAMES: dict[str, Callable[..., GameApp]] = {
    "Guerrilla Tactics": _guerrilla,
    "War Room": _war_room,
    "Trade War": _trade_war,
}


class PassAndPlay(widgets.VBox):
    """A game menu and a Deal button; the game, once dealt, below them."""

    def __init__(self, seed: int | None = None, pace: str | None = None) -> None:
        self._seed = seed
        self._pace = pace
        self._game = widgets.Dropdown(options=list(GAMES), description=_("Game"),
                                      layout=widgets.Layout(width="260px"))
        self._deal = widgets.Button(description=_("Deal"), button_style="primary")
        self._table = widgets.VBox()
        self.app: GameApp | None = None
        self._deal.on_click(self._on_deal)
        def bold(label: str) -> Markup:
            return html("<b>{label}</b>", label=label)

        # Translators: {deal}, {players}, {new_round} and {ready} are the buttons' labels.
        intro = widgets.HTML(html("<p>{intro}</p>", intro=sentence(_(
            "Everyone plays at this screen. Choose a game and press {deal}; then under "
            "{players} choose how many play and type their names, and press {new_round}. "
            "After each turn the table hides the hands until the next player presses "
            "{ready}."), deal=bold(_("Deal")), players=bold(_("Players")),
            new_round=bold(_("New round")), ready=bold(_("Ready")))))
        super().__init__([intro, widgets.HBox([self._game, self._deal]), self._table])
        self.add_class("wt-pass-and-play")

    def game_names(self) -> list[str]:
        return list(GAMES)

    def _on_deal(self, _button: widgets.Button) -> None:
        self.deal(self._game.value)

    def deal(self, game: str, players: int = 2) -> GameApp:
        """Deal ``game`` for ``players`` people at this screen, and show it with its
        Players panel open."""
        kwargs: dict[str, Any] = {"players": players, "humans": tuple(range(players))}
        if self._seed is not None:
            kwargs["seed"] = self._seed
        if self._pace is not None:
            kwargs["pace"] = self._pace
        app = GAMES[game](**kwargs)
        if self.app is not None:  # the game dealt before: none of its controls is left to drive
            close_widgets(held_widgets(self.app))
        self.app = app
        if self.app.players is not None:
            self.app.players.button.value = True
        self._table.children = [self.app]
        return self.app


def pass_and_play(seed: int | None = None, pace: str | None = None) -> PassAndPlay:
    return PassAndPlay(seed=seed, pace=pace)


__all__ = ["PassAndPlay", "pass_and_play"]
