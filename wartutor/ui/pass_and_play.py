"""Pass and play: friends at one screen, a game chosen from a menu.

The games with choices take ``humans=`` for this: every seat is played at this screen and a
curtain hides each hand between turns. Needs no server (no room, no database), so the
static site offers it where a server's rooms would be.

>>> menu = pass_and_play(seed=5, pace="instant")
>>> menu.game_names()
['Guerrilla Tactics', 'War Room', 'Trade War']
>>> menu.deal("Guerrilla Tactics", players=2).labels()[-2:]
['Play 10 choices', 'New round']
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from wartutor.ui.markup import html
from wartutor.ui.shell import GameApp


def _guerrilla(**kw: Any) -> GameApp:
    from wartutor.ui.guerrilla_tactics import guerrilla_tactics_app

    return guerrilla_tactics_app(**kw)


def _war_room(**kw: Any) -> GameApp:
    from wartutor.ui.war_room import war_room_app

    return war_room_app(**kw)


def _trade_war(**kw: Any) -> GameApp:
    from wartutor.ui.trade_war import trade_war_app

    return trade_war_app(**kw)


#: name: (make the app, most players). Classic War has no choices; Arsenal is a campaign
#: against the computer.
GAMES: dict[str, tuple[Callable[..., GameApp], int]] = {
    "Guerrilla Tactics": (_guerrilla, 4),
    "War Room": (_war_room, 5),
    "Trade War": (_trade_war, 5),
}


class PassAndPlay(widgets.VBox):
    """A game menu, a table size and a Deal button; the game, once dealt, below them."""

    def __init__(self, seed: int | None = None, pace: str | None = None) -> None:
        self._seed = seed
        self._pace = pace
        self._game = widgets.Dropdown(options=list(GAMES), description="Game",
                                      layout=widgets.Layout(width="260px"))
        self._players = widgets.Dropdown(options=[2, 3, 4], value=2, description="Players",
                                         layout=widgets.Layout(width="180px"))
        self._deal = widgets.Button(description="Deal", button_style="primary")
        self._table = widgets.VBox()
        self.app: GameApp | None = None
        self._game.observe(self._on_game, names="value")
        self._deal.on_click(self._on_deal)
        intro = widgets.HTML(html(
            "<p>Everyone plays at this screen: after each turn the table hides the hands "
            "until the next player presses <b>Ready</b>.</p>"))
        controls = widgets.HBox([self._game, self._players, self._deal])
        super().__init__([intro, controls, self._table])
        self.add_class("wt-pass-and-play")

    def game_names(self) -> list[str]:
        return list(GAMES)

    def _on_game(self, change: dict[str, Any]) -> None:
        most = GAMES[change["new"]][1]
        self._players.options = list(range(2, most + 1))

    def _on_deal(self, _button: widgets.Button) -> None:
        self.deal(self._game.value, self._players.value)

    def deal(self, game: str, players: int) -> GameApp:
        """Deal ``game`` for ``players`` people at this screen, and show it."""
        make, most = GAMES[game]
        if not 2 <= players <= most:
            raise ValueError(f"{game} is played by 2 to {most} here, not {players}")
        kwargs: dict[str, Any] = {"players": players, "humans": tuple(range(players))}
        if self._seed is not None:
            kwargs["seed"] = self._seed
        if self._pace is not None:
            kwargs["pace"] = self._pace
        self.app = make(**kwargs)
        self._table.children = [self.app]
        return self.app


def pass_and_play(seed: int | None = None, pace: str | None = None) -> PassAndPlay:
    return PassAndPlay(seed=seed, pace=pace)


__all__ = ["PassAndPlay", "pass_and_play"]
