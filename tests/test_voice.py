"""Whom the words are for: every variant's explanations speak to the player looking.

At a shared screen or in a room the player looking may be any seat: the words call that
seat "you" and the others by the names the players gave (see :mod:`wartutor.core.voice`).
With the default voice seat 0 is "you" and the seats keep the variant's own names, so the
words are those of the golden playthroughs.
"""

from __future__ import annotations

import re
from functools import cache
from itertools import pairwise
from typing import Any, NamedTuple

import pytest
from golden.playthrough import play

from wartutor.core import Game, play_out, rules_from
from wartutor.core.engine import Event
from wartutor.core.voice import speaking
from wartutor.ui.classic_war import WORKED_EXAMPLE, ClassicTable
from wartutor.ui.render import text_of
from wartutor.ui.shell import GameApp
from wartutor.ui.trade_war import TradeTable
from wartutor.ui.war_room import WarRoomTable
from wartutor.variants import VARIANTS
from wartutor.variants.classic_war import CLASSIC_WAR
from wartutor.variants.trade_war import TRADE_WAR
from wartutor.variants.war_room import WAR_ROOM

NAMES = ("Ada", "Bo", "Cy", "Di", "Ed")

# For each variant, the first event of a kind (with these fields) that names seats 0 and 1
# in its golden game: its words as they always were (seat 0 is "you"), then as seat 1
# reads them.
EXAMPLES = {
    "classic_war": ("Compared", {},
                    "Battle 1: your ten beats the computer's nine.",
                    "Battle 1: Ada's ten beats your nine."),
    "guerrilla_tactics": ("Standing", {},
                          "Skirmish 1: you have a king, Ana has an eight and Ben has a "
                          "Guerrilla, so you lead.",
                          "Skirmish 1: Ada has a king, you have an eight and Cy has a "
                          "Guerrilla, so Ada leads."),
    "war_room": ("Compared", {},
                 "Compare VC: you 4, Ana 8 and Ben 5. The lowest wins: your 4.",
                 "Compare VC: Ada 4, you 8 and Cy 5. The lowest wins: Ada's 4."),
    "trade_war": ("Asked", {"player": 0, "target": 1},
                  "You ask Computer 1 for a jack. Computer 1 has none.",
                  "Ada asks you for a jack. You have none."),
    "arsenal": ("CoinTossed", {},
                "The coin toss says you lead round 1: you show your card first, and the NPC "
                "answers after seeing it.",
                "The coin toss says Ada leads round 1: Ada shows a card first, and you answer "
                "after seeing Ada's card."),
}

# Words that change with the person besides the name: "Ada has" is "you have".
AGREEING = {("is", "are"), ("has", "have"), ("does", "do"), ("was", "were"), ("their", "your")}
# Events worded otherwise to their own player than word for word: a card's targets ("your
# own card", "Ada's own card"), the winner's cheer, who answers knowing whose card.
REWORDED = {"war_room": {"Activates", "GameOver"}, "arsenal": {"CoinTossed", "LeadPassed"}}


class Deal(NamedTuple):
    """A game to play out: its seed, rulings, agent, most steps and stacked deal if any."""

    seed: int
    rulings: dict[str, Any]
    agent: str
    most: int
    stacked: tuple[str, ...] | None = None


# More games, so that with the golden ones every kind of event is said, and every ending
# that names a seat.
MORE_GAMES: dict[str, list[Deal]] = {
    "classic_war": [Deal(1, {}, "turn", 160), Deal(1, {"battle_limit": 100}, "turn", 101),
                    Deal(0, {"both_short": "fewer-cards-loses"}, "turn", 5, ("9C 2C", "9H")),
                    Deal(0, {"both_short": "fewer-cards-loses"}, "turn", 5, ("9C", "9H 2C"))],
    "guerrilla_tactics": [Deal(3, {"tie_cannot_draw": "tie-stands"}, "random", 150),
                          Deal(0, {"spy_removed": "only-if-kept"}, "heuristic", 161)],
    "war_room": [Deal(0, {"players": 3}, "heuristic", 250), Deal(0, {}, "random", 250),
                 Deal(0, {"stalemate": "void"}, "heuristic", 250),
                 Deal(0, {"players": 2, "first_player": 0}, "heuristic", 9, ("SE SC", "SC SC")),
                 Deal(0, {"players": 2, "first_player": 1}, "heuristic", 9, ("SE SC", "SC SC"))],
    "trade_war": [Deal(0, {"players": 5}, "heuristic", 185),
                  Deal(0, {"battle_tie": "again"}, "random", 250)],
    "arsenal": [Deal(0, {}, "random", 89)],
}
GAMES = [(name, n) for name in VARIANTS for n in range(1 + len(MORE_GAMES[name]))]


@cache
def golden_game(name: str) -> Game[Any]:
    return play(name)


@cache
def played(name: str, number: int) -> Game[Any]:
    """The variant's golden game (number 0), or one of its MORE_GAMES."""
    if number == 0:
        return golden_game(name)
    deal = MORE_GAMES[name][number - 1]
    variant = golden_game(name).variant
    rules = rules_from(variant.rules_type, deal.rulings)
    make_agent = variant.agents[deal.agent]
    agents = {p: make_agent(p, deal.seed) for p in range(len(variant.player_names(rules)))}
    return play_out(Game.new(variant, rules, deal.seed, deal.stacked), agents, deal.most)


def names_of(game: Game[Any]) -> tuple[str, ...]:
    return NAMES[: len(game.variant.player_names(game.rules))]


def words(game: Game[Any], event: Event, seat: int | None, you: int | None) -> str:
    """The event as ``seat`` may know it, spoken to ``you`` (None: nobody), with the seats
    called NAMES."""
    explain_for = getattr(game.variant, "explain_for", None)
    with speaking(you, names_of(game)):
        return explain_for(event, seat) if explain_for else game.variant.explain(event)


def events(game: Game[Any]) -> list[Event]:
    return [e for step in game.steps for e in step.events]


def tokens(text: str) -> list[str]:
    return re.findall(r"[\w']+|[^\w\s]", text)


def said_to(third: str, second: str, name: str) -> bool:
    """Whether ``second`` is the word ``third`` becomes when the seat called ``name`` is
    the one spoken to."""
    return (third == second
            or (third == name and second in ("you", "You", "yours"))
            or (third == f"{name}'s" and second in ("your", "Your"))
            or (third, second) in AGREEING
            or third in (second + "s", second + "es"))


@pytest.mark.parametrize("name", list(VARIANTS))
def test_seat_1_reads_you_for_itself_and_seat_0_by_name(name: str) -> None:
    kind, fields, seat_0_reads, seat_1_reads = EXAMPLES[name]
    game = golden_game(name)
    event = next(e for e in events(game) if type(e).__name__ == kind
                 and all(getattr(e, k) == v for k, v in fields.items()))
    assert game.variant.explain(event).startswith(seat_0_reads)
    assert words(game, event, 1, 1).startswith(seat_1_reads)


@pytest.mark.parametrize(("name", "number"), GAMES)
def test_with_nobody_looking_nobody_is_you(name: str, number: int) -> None:
    game = played(name, number)
    for event in events(game):
        said = words(game, event, None, None)
        assert not re.search(r"\byou(rs?)?\b", said, re.IGNORECASE), said


@pytest.mark.parametrize(("name", "number"), GAMES)
def test_only_the_player_looking_is_you_and_every_seat_has_its_given_name(
        name: str, number: int) -> None:
    game = played(name, number)
    names = names_of(game)
    own = [n for n in game.variant.player_names(game.rules) if n != "You"]
    own_name = re.compile(r"\b(" + "|".join(map(re.escape, own)) + r")\b", re.IGNORECASE)
    for seat, looking in enumerate(names):
        for event in events(game):
            said = words(game, event, seat, seat)
            assert not own_name.search(said), said
            assert not re.search(rf"\b{looking}\b", said), said
            if type(event).__name__ in REWORDED.get(name, ()):
                continue
            # Said of the seat in the third person, word for word but for its person.
            third = tokens(words(game, event, seat, None))
            second = tokens(said)
            assert len(third) == len(second), (third, second)
            pairs = list(zip(third, second, strict=True))
            changed = [(a, b) for a, b in pairs if not said_to(a, b, looking)]
            assert not changed, (changed, said)
            # "Ada takes" is "you take": the verb after a name loses its -s with the name.
            kept = [b for (a, b), (_, after) in pairwise(pairs)
                    if a == looking and b.lower() == "you" and after.endswith("s")]
            assert not kept, (kept, said)


@pytest.mark.parametrize(("name", "number"), GAMES)
def test_a_verb_after_another_players_name_agrees_with_it(name: str, number: int) -> None:
    """"Ada takes", never "Ada take" (unless Ada is one of several: "Bo and Ada take")."""
    game = played(name, number)
    names = names_of(game)
    said = [tokens(words(game, e, seat, you)) for e in events(game)
            for seat, you in [(None, None), *((s, s) for s in range(len(names)))]]
    after_a_name = {b for text in said for a, b in pairwise(text) if a in names}
    plain = {b[:-1] for b in after_a_name if b.endswith("s")} | {"are", "have", "do", "were"}
    wrong = {" ".join(text[i:i + 2]) for text in said for i in range(1, len(text) - 1)
             if text[i] in names and text[i - 1] != "and" and text[i + 1] in plain}
    assert not wrong


# The tables: the seat labels and the buttons follow the voice as the words do.


def test_the_classic_table_names_the_player_looking_you_at_the_bottom() -> None:
    game = Game.new(CLASSIC_WAR, seed=0, stacked=WORKED_EXAMPLE).play("turn")
    events = game.steps[-1].events
    as_ever = text_of(ClassicTable().table_html(CLASSIC_WAR.view(game.state, 0), events))
    with speaking(1, ("Ada", "Bo")):
        seat_1 = text_of(ClassicTable().table_html(CLASSIC_WAR.view(game.state, 1), events))
    assert as_ever.index("Computer") < as_ever.index("You")
    assert seat_1.index("Ada") < seat_1.index("You")
    assert "Computer" not in seat_1 and "Bo" not in seat_1


def at_one_screen(variant: Any, design: Any) -> GameApp:
    """Seats 0 and 1 at one screen, seat 1 first, and the screen handed to it."""
    app = GameApp(variant, design, humans=(0, 1), seed=3, pace="instant",
                  rules={"players": 3, "first_player": 1})
    app.press("Ready")
    return app


def test_the_war_room_table_and_buttons_speak_to_the_player_on_screen() -> None:
    app = at_one_screen(WAR_ROOM, WarRoomTable())
    table = app.table_text()
    assert "You go first" in table
    assert "Player 1 Sentry" in table and "You Goes first Medic" in table
    assert "Player 2" not in table and "Ana" not in table
    assert "You go first, as the ruling names." in app.log_texts()
    design = WarRoomTable()
    assert design.action_label("target Ana") == "Aim at Ana's card"
    with speaking(1, ("Ada", "Bo", "Cy")):
        assert design.action_label("target You") == "Aim at Ada's card"


def test_the_trade_war_table_and_menus_speak_to_the_player_on_screen() -> None:
    app = at_one_screen(TRADE_WAR, TradeTable())
    table = app.table_text()
    assert table.startswith("Turn 1 · You are the instigator")
    assert "Player 1 a face-down card" in table and "Computer 2 a face-down card" in table
    assert table.index("Computer 2") < table.index("You Instigator")  # you at the edge
    assert "Turn 1: you (chosen to go first) are the instigator." in app.log_texts()
    design = app._design  # the menus are the design's widgets
    assert isinstance(design, TradeTable)
    whom, _ = design.menu("ask")[0]
    assert list(whom.options) == [("Player 1", 0), ("Computer 2", 2)]
    assert design.action_label("ask 1 7") == "Ask Computer 1 for 7"
    with speaking(1, ("Ada", "Bo", "Cy")):
        assert design.action_label("ask 0 7") == "Ask Ada for 7"
        assert design.action_label("reward 2 pile") == "Reward: a random card from Cy's pile"


def test_a_student_reads_doubles_by_their_suit_symbols_and_a_teacher_by_their_codes() -> None:
    from wartutor.core.cards import cards as card_list
    from wartutor.variants.trade_war.explain import card_words

    doubles = tuple(card_list("3H 3D"))
    assert card_words(doubles) == "two threes (3H 3D)"  # the record and the golden files
    with speaking(0, plain=True):
        assert card_words(doubles) == "two threes (3♥ 3♦)"
