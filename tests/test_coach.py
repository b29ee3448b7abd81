"""The Coach: each choice tried in games played on from a player's view, and the coach as a
computer player. Each variant's own tests (tests/test_*_coach.py) check its dealing of the
unseen cards and its playing on; these check the coach's answers."""

from __future__ import annotations

import copy
import zlib
from pathlib import Path
from typing import Any

import pytest

from wartutor.core import BadInput, Game
from wartutor.core.engine import Summary
from wartutor.explore.coach import (
    Advice,
    Chance,
    _clearly_better,
    advise,
    coach_player,
    look_games,
    player_effort,
)
from wartutor.ui import arsenal_app, guerrilla_tactics_app, trade_war_app, war_room_app
from wartutor.ui.coach_panel import games_for
from wartutor.variants import find_variant

COACHED = ("guerrilla_tactics", "war_room", "trade_war", "arsenal")


def at_decision(name: str, seed: int, skip: int) -> Game[Any]:
    """A heuristic game of ``name`` at seat 0's first decision with two choices or more,
    after ``skip`` such decisions."""
    variant = find_variant(name)
    game = Game.new(variant, None, seed)
    agents = {p: variant.agents["heuristic"](p, seed)
              for p in range(len(variant.player_names(game.rules)))}
    while (decision := game.decision) is not None:
        if decision.player == 0 and len(decision.legal_actions) > 1:
            if skip == 0:
                return game
            skip -= 1
        game = game.play(agents[decision.player](variant.view(game.state, decision.player),
                                                 decision))
    raise AssertionError(f"{name} seed {seed} ended before that decision")


def advice_at(game: Game[Any], seed: int = 0, games: int = 12) -> Advice:
    assert game.decision is not None
    view = game.variant.view(game.state, game.decision.player)
    return advise(game.variant, game.rules, view, game.decision, games=games, seed=seed)


# Obvious positions get the obvious answer


def test_arsenal_a_kevlar_that_blocks_the_rocket_rates_above_spending_the_nuke() -> None:
    # The NPC leads a Rocket; your Kevlar blocks it and the Nuke wins the last round
    # whatever the NPC holds. Spending the Nuke now leaves the Kevlar to lead into a
    # Counter-Strike.
    arsenal = find_variant("arsenal")
    game = Game.new(arsenal, seed=0, stacked=("KV-PR NK-SO", "RK-SF CS-ML", "", "npc"))
    advice = advice_at(game.play("play RK-SF"), games=20)
    assert advice.best.action == "play KV-PR"
    chances = {c.action: c for c in advice.chances}
    assert chances["play KV-PR"].total == 20
    assert chances["play NK-SO"].high < 1.0


def test_guerrilla_a_support_that_wins_the_skirmish_at_once_rates_above_holding_back() -> None:
    # Your 2 of spades against Ana's ace: supporting with the 2 of hearts makes a pair,
    # and a pair beats any single card.
    gt = find_variant("guerrilla_tactics")
    game = Game.new(gt, seed=0, stacked=("2S 2H 9S", "AS 5H KD")).play("play 2S").play("play AS")
    advice = advice_at(game, games=30)
    assert advice.best.action == "support 2H"
    chances = {c.action: c for c in advice.chances}
    assert chances["support 2H"].low > chances["decline"].high


def test_war_room_activating_the_card_that_then_wins_the_last_round_rates_above_declining() -> None:
    # Your Alpha (VC 5) defends itself down to VC 2 and beats Ana's Bravo (VC 4), her last
    # card: the game is won. Declined, the Bravo's 4 beats your 5, Ana collects both, and
    # the game goes on with your last Bravo against her two cards.
    from wartutor.variants.war_room import WarRoomRules
    from wartutor.variants.war_room.deck import Deck, Instruction, RoomCard, to_toml

    war_room = find_variant("war_room")
    cards = (RoomCard("A", "Alpha", 5, (Instruction("defend", -3, "self", True),)),
             RoomCard("B", "Bravo", 4, ()))
    rules = WarRoomRules(deck=to_toml(Deck("Duel", "", cards, (10, 10))), first_player=0)
    position = {"stage": "declare", "round": 1, "first": 0, "turn": 0, "draw": ["B", ""],
                "collection": ["", ""], "revealed": ["A", "B"], "stacked": True}
    game = Game.from_position(war_room, rules, position)
    advice = advice_at(game, games=10)
    chances = {c.action: c for c in advice.chances}
    assert advice.best.action == "activate"
    assert chances["activate"].total == 10 and chances["decline"].total < 10


# The same view and seed give the same answer; the coach never sees the real state


@pytest.mark.parametrize("name", COACHED)
def test_the_same_view_and_seed_give_the_same_advice(name: str) -> None:
    game = at_decision(name, seed=1, skip=2)
    assert advice_at(game, seed=7) == advice_at(game, seed=7)


@pytest.mark.parametrize("name", COACHED)
def test_the_coach_does_not_peek_tables_you_saw_alike_get_the_same_answer(name: str) -> None:
    # Two tables that differ only in where two cards of the longest pile lie, each played
    # by its own agents: until those cards come up, you see both games alike, step by
    # step. Given each table's own views, the coach answers alike. (A coach that played on
    # from the real table would not, except in Arsenal, where the two cards change no
    # game: its own tests swap the NPC's hand for the pile.)
    variant = find_variant(name)
    dealt = Game.new(variant, None, 2)
    position = variant.position_of(dealt.state)  # type: ignore[attr-defined]
    games = [Game.from_position(variant, dealt.rules, p, 2)
             for p in (position, with_bottom_cards_swapped(position))]
    seats = range(len(variant.player_names(dealt.rules)))
    agents = [{p: variant.agents["heuristic"](p, 2) for p in seats} for _ in games]
    choices = 0
    while choices < 5:
        decision = games[0].decision
        assert decision is not None and decision == games[1].decision
        views = [[variant.view(step.state, 0) for step in game.steps] for game in games]
        assert views[0] == views[1]
        if decision.player == 0 and len(decision.legal_actions) > 1:
            choices += 1
        games = [game.play(agents[i][decision.player](
            variant.view(game.state, decision.player), decision)) for i, game in enumerate(games)]
    assert games[0].state != games[1].state
    answers = [advise(variant, dealt.rules, seen[-1], decision, games=10, seed=3, seen=seen[:-1])
               for seen in views]
    assert answers[0] == answers[1]


def with_bottom_cards_swapped(position: Any) -> Any:
    """``position`` with the bottom card of its longest pile swapped with one of another
    kind from its middle."""
    piles: list[tuple[int, list[Any], Any]] = []  # (cards, the zone's parent, its key)

    def find_piles(node: Any) -> None:
        items = node.items() if isinstance(node, dict) else enumerate(node)
        for key, value in items:
            if isinstance(value, str):
                piles.append((len(value.split()), node, key))
            elif isinstance(value, (dict, list)):
                find_piles(value)

    swapped = copy.deepcopy(position)
    find_piles(swapped)
    _, parent, key = max(piles, key=lambda pile: pile[0])
    cards = parent[key].split()
    middle = len(cards) // 2
    other = min((i for i, card in enumerate(cards) if card != cards[-1]),
                key=lambda i: abs(i - middle))
    cards[-1], cards[other] = cards[other], cards[-1]
    parent[key] = " ".join(cards)
    return swapped


def test_a_game_is_worth_its_share_of_the_win_and_a_draw_or_unfinished_game_nothing() -> None:
    # The coach counts a game as the player's share of the win in every variant: a win shared
    # by two (as ruling TW-TIE 'shared' allows) is worth a half; no winner (a draw, or a game
    # stopped at its limit) is worth nothing.
    worth = [Summary((1,), "", 80, {}).share(seat) for seat in range(3)]
    assert worth == [0.0, 1.0, 0.0]
    assert [Summary((0, 2), "shared", 80, {}).share(seat) for seat in range(3)] == [0.5, 0.0, 0.5]
    assert Summary((), "nobody", 80, {}).share(0) == 0.0
    assert Summary(None, "unfinished", 80, {}).share(0) == 0.0


@pytest.mark.parametrize("name", COACHED)
def test_every_legal_action_gets_a_chance_between_zero_and_one(name: str) -> None:
    game = at_decision(name, seed=3, skip=0)
    assert game.decision is not None
    advice = advice_at(game, games=8)
    assert [c.action for c in advice.chances] == list(game.decision.legal_actions)
    for chance in advice.chances:
        assert chance.games == 8
        assert 0 <= chance.low <= chance.mean <= chance.high <= 1


# The sentence and the intervals


def test_the_sentence_names_the_best_and_the_next_and_the_least() -> None:
    advice = Advice(0, (Chance("decline", 100, 48, 0.38, 0.58),
                               Chance("support", 100, 62, 0.52, 0.71),
                               Chance("pass", 100, 30, 0.22, 0.40)))
    words = {"support": "Supporting", "decline": "holding back", "pass": "passing"}
    assert advice.sentence(words.__getitem__) == (
        "“Supporting” won 62 of 100 games from here, “holding back” won 48; the least, "
        "“passing”, won 30.")
    assert advice.best.action == "support"


def test_a_shared_win_counts_a_share_of_a_game() -> None:
    advice = Advice(0, (Chance("a", 10, 6.5, 0.3, 0.9), Chance("b", 10, 2, 0.05, 0.5)))
    assert advice.sentence() == "“a” won 6.5 of 10 games from here, “b” won 2."


# Refusals


def test_the_coach_refuses_what_it_cannot_answer() -> None:
    game = at_decision("guerrilla_tactics", seed=0, skip=0)
    variant, decision = game.variant, game.decision
    assert decision is not None
    view = variant.view(game.state, decision.player)
    with pytest.raises(BadInput, match="cannot play 0 games a choice"):
        advise(variant, game.rules, view, decision, games=0)
    with pytest.raises(BadInput, match=r"the view of the teacher \(every card\), but player 0"):
        advise(variant, game.rules, variant.view(game.state, None), decision)
    with pytest.raises(BadInput, match="given the view of player 1, but player 0 must choose"):
        advise(variant, game.rules, variant.view(game.state, 1), decision)
    with pytest.raises(BadInput, match="one built-in agent per seat"):
        advise(variant, game.rules, view, decision, agents=("nobody", "heuristic"))
    war = find_variant("classic_war")
    dealt = Game.new(war, None, 0)
    assert dealt.decision is not None
    with pytest.raises(BadInput, match="Classic War has no coach"):
        advise(war, dealt.rules, war.view(dealt.state, 0), dealt.decision)


def test_many_choices_get_fewer_games_each_so_a_press_stays_quick() -> None:
    assert games_for(2) == 100 and games_for(10) == 100
    assert games_for(20) == 50 and games_for(48) == 20 and games_for(293) == 10


# The coach as a player: the heuristic, overruled where the coach is sure


@pytest.mark.parametrize("name", COACHED)
def test_the_coach_player_keeps_the_heuristics_move_unless_the_coach_is_sure(name: str) -> None:
    assert_coach_player_is_sure(at_decision(name, seed=4, skip=1))


def test_the_coach_player_overrules_the_heuristic_where_it_is_sure() -> None:
    # Arsenal, late in game 2: the heuristic would lead the Spy-Sweeper; the coach, which
    # finds the Nuke does better, leads that.
    assert assert_coach_player_is_sure(at_decision("arsenal", seed=2, skip=37)) == (
        "play SX-SO", "play NK-SD")


def test_a_coach_player_given_more_games_plays_on_where_its_test_leans_the_other_way() -> None:
    # Guerrilla Tactics, game 0: in 6 games the Ace did better than the heuristic's Jack,
    # but not surely; played on to 48, it is sure.
    game = at_decision("guerrilla_tactics", seed=0, skip=67)
    variant, decision = game.variant, game.decision
    assert decision is not None
    view = variant.view(game.state, decision.player)
    assert coach_player(variant, game.rules, games=6)(view, decision) == "play JS"
    assert coach_player(variant, game.rules, games=6, most_games=48)(view, decision) == "play AH"


def assert_coach_player_is_sure(game: Game[Any]) -> tuple[str, str]:
    """The heuristic's move and the coach player's (6 games a choice) at ``game``'s decision:
    another move only if it did better in the look, and in the test on fresh deals."""
    variant, decision = game.variant, game.decision
    assert decision is not None
    view = variant.view(game.state, decision.player)
    player = coach_player(variant, game.rules, games=6)
    chosen = player(view, decision)
    assert chosen == player(view, decision)  # the same table, the same move
    seed = zlib.crc32(repr(view).encode())
    usual = variant.agents["heuristic"](decision.player, seed)(view, decision)
    if chosen != usual:
        look = advise(variant, game.rules, view, decision, seed=seed,
                      games=look_games(len(decision.legal_actions), 6))
        test = advise(variant, game.rules, view, decision, games=6, seed=seed + 1)
        for advice in (look, test):
            chances = {c.action: c for c in advice.chances}
            assert chances[chosen].total > chances[usual].total
    return usual, chosen


def test_the_coach_players_look_is_short_where_there_are_many_choices() -> None:
    assert look_games(2, 40) == 10 and look_games(26, 40) == 4 and look_games(65, 40) == 4
    assert look_games(2, 6) == 4


def test_each_variant_asks_its_coach_player_to_think_as_hard_as_its_games_need() -> None:
    # War Room's thousand rounds want a short look and test; Guerrilla's small differences
    # a test that plays on while it leans the challenger's way.
    assert player_effort(find_variant("war_room")) == (20, 2, None)
    assert player_effort(find_variant("guerrilla_tactics")) == (40, None, 320)
    assert player_effort(find_variant("trade_war")) == player_effort(find_variant("arsenal")) \
        == (40, None, None)


def test_only_a_clear_difference_game_by_game_overrules_the_heuristic() -> None:
    assert _clearly_better([1.0] * 10, [0.0] * 10)
    assert not _clearly_better([1.0, 0.0] * 5, [1.0, 0.0] * 5)  # the same games
    assert not _clearly_better([1.0, 0.0, 0.0, 0.0], [0.0] * 4)  # one game in four
    assert _clearly_better([1.0, 0.0, 0.0, 0.0], [0.0] * 4, sure=0.9)  # enough for a bolder one
    assert _clearly_better([1.0] * 8 + [0.0] * 2, [0.0] * 8 + [0.0, 1.0])
    assert not _clearly_better([0.0] * 10, [1.0] * 10)


# In the apps

APPS = {
    "guerrilla_tactics": lambda tmp: guerrilla_tactics_app(seed=1, pace="instant"),
    "war_room": lambda tmp: war_room_app(seed=1, pace="instant"),
    "trade_war": lambda tmp: trade_war_app(seed=1, pace="instant"),
    "arsenal": lambda tmp: arsenal_app(tmp, seed=1, pace="instant").match,
}


@pytest.mark.parametrize("name", COACHED)
def test_pressing_coach_shows_every_choice_with_its_chance(name: str, tmp_path: Path) -> None:
    app = APPS[name](tmp_path)
    assert "Coach" in app.labels()
    said = app.coach()
    assert said.startswith("Coach: chance to win from here")
    assert "games from here" in said and "95% interval" in said
    decision = app.game.decision
    assert decision is not None and decision.player == 0
    assert app.message_text() == ""
    panel = app._coach  # the coach was given every view this player saw before
    assert panel is not None and panel._question is not None
    assert len(panel._question.seen()) == app.cursor


def test_the_coachs_answer_goes_once_the_game_moves_on(tmp_path: Path) -> None:
    app = arsenal_app(tmp_path, seed=1, pace="instant").match
    app.coach()
    first = app.labels()[0]
    app.press(first)
    panel = app._coach  # the panel's text, as a screen reader would read it
    assert panel is not None and panel.text() == ""


def test_the_computers_can_play_as_the_coach_the_hardest_opponent(tmp_path: Path) -> None:
    app = guerrilla_tactics_app(seed=1, pace="instant")
    assert [label for label, _ in app.opponent.options] == ["Sensible", "Coach (hardest)"]
    app.opponent.value = "coach"
    seats = range(len(app.game.variant.player_names(app.game.rules)))
    computers = [seat for seat in seats if not app.seats.is_person(seat)]
    assert {app.seats.agent(seat).__name__ for seat in computers} == {"coach"}
    app.press(app.labels()[0])
    assert app.message_text() == ""
    assert len(app.game.steps) > 1


def test_the_coach_computers_play_on_after_an_undo_remembering_only_what_was_kept() -> None:
    app = war_room_app(seed=1, pace="instant")
    app.opponent.value = "coach"
    for _ in range(30):
        app.press("Decline")
    while app.cursor > 3:
        app.press("Undo")
    app.press("Decline")  # the computers saw round 24 in the line undone, not in this one
    assert app.message_text() == ""
    assert app.cursor > 3


def test_an_arsenal_match_against_the_coach_is_practice(tmp_path: Path) -> None:
    campaign = arsenal_app(tmp_path, seed=0, stacked=("MT-SF NK-SF", "DY-PR DY-ML", "", "you"),
                           pace="instant")
    campaign.match.opponent.value = "coach"
    while campaign.match.game.outcome is None:
        campaign.match.press(campaign.match.labels()[0])
    assert "against the Coach, so it was practice" in campaign.news_text()
    assert campaign.campaign.progress.unlocked == 1
