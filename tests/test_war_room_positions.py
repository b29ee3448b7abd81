"""War Room positions: a state's position rebuilds the very same state, every position the
rules cannot reach is refused with its reason, and a lesson position plays as the text says."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from moments import war_room_moments

from wartutor.core import BadInput, Decision, Game
from wartutor.core.chance import Rng
from wartutor.variants.war_room import WAR_ROOM, WarRoomRules
from wartutor.variants.war_room import game as rules_of_play
from wartutor.variants.war_room.events import (
    Collected,
    Compared,
    DeclarationsShown,
    Declared,
    InstructionResolved,
)
from wartutor.variants.war_room.game import WarRoomState, decision

# A tie-break of round 3 at a table of three: you and Ana tied at VC 5 (your Sentry, Ana's
# Mortar), Ben out of the tie with his Sniper at 6. Everyone declined in the round's step.
LESSON: dict[str, Any] = {
    "stage": "declare", "round": 3, "first": 0, "tie_break_step": 1,
    "participants": [0, 1], "turn": 0,
    "draw": ["AR CO DA SA SA SC MO MO SN CO SN SA ME AR SA MO SE CO GH",
             "GH ME ME SC MO ME SC SC ME MO CO GH SN CO DA SA SN DA DA",
             "GH DA SE SE AR SE CO SC GH SC GH DA ME AR SN SA AR AR SE"],
    "collection": ["", "", ""],
    "revealed": ["SE", "MO", "SN"],
    "vc": [5, 5, 6],
}
THREE = WarRoomRules(players=3)


def lesson(**changes: Any) -> dict[str, Any]:
    position = copy.deepcopy(LESSON)
    position.update(changes)
    return position


def seat(position: dict[str, Any], number: int, **changes: Any) -> dict[str, Any]:
    """``position`` with seat ``number``'s entries changed: ``seat(p, 0, revealed="SC")``."""
    for key, value in changes.items():
        position.setdefault(key, [None] * len(position["draw"]))[number] = value
    return position


def refused(position: Any, *words: str, rules: WarRoomRules = THREE) -> str:
    with pytest.raises(BadInput) as raised:
        WAR_ROOM.from_position(rules, position, 0)
    for word in words:
        assert word in str(raised.value)
    return str(raised.value)


# Round trip: every state of played games, 2 to 5 players, both WR-REACTIVATE rulings.


def played_states(seed: int) -> list[tuple[WarRoomRules, WarRoomState]]:
    game = played(seed)
    return [(game.rules, step.state) for step in game.steps]


def played(seed: int) -> Game[WarRoomState]:
    """A game of 2 to 5 players under varied rulings, with random choices, to round 40."""
    players = 2 + seed % 4
    rules = WarRoomRules(players=players, reactivate=("every-step", "once-per-cycle")[seed % 2],
                         stalemate_when=("no-change", "same-tie")[seed // 2 % 2],
                         round_limit=40)
    choose = random.Random(seed)
    game = Game.new(WAR_ROOM, rules, seed=seed)
    while (now := game.decision) is not None:
        game = game.play(choose.choice(now.legal_actions))
    return game


def short_games() -> list[tuple[WarRoomRules, WarRoomState]]:
    """Games that end with a winner: small stacked deals of a 20-card deck's worth."""
    found = []
    for seed in range(12):
        rules = WarRoomRules(players=2, first_player=0)
        choose = random.Random(seed)
        game = Game.new(WAR_ROOM, rules, seed=seed, stacked=("SC GH SN ME", "SE AR CO SA"))
        found.append((rules, game.state))
        while (now := game.decision) is not None:
            game = game.play(choose.choice(now.legal_actions))
            found.append((rules, game.state))
    return found


@pytest.mark.parametrize("seed", range(60))
def test_a_state_s_position_rebuilds_the_same_state(seed: int) -> None:
    for rules, state in played_states(seed):
        position = WAR_ROOM.position_of(state)
        rebuilt = WAR_ROOM.from_position(rules, position, 11)
        assert WAR_ROOM.position_of(rebuilt) == position
        if state.outcome is None:  # the very state, but for the generator
            assert rebuilt == dataclasses.replace(state, rng=Rng.from_seed(11))
            assert decision(rebuilt) == decision(state)


def test_positions_of_games_that_end_with_a_winner_round_trip() -> None:
    endings = set()
    for rules, state in short_games():
        position = WAR_ROOM.position_of(state)
        assert WAR_ROOM.position_of(WAR_ROOM.from_position(rules, position, 0)) == position
        endings.add(position["ending"])
    assert "last-player" in endings


def test_a_rebuilt_state_plays_on_exactly_as_the_original() -> None:
    for rules, state in played_states(5)[::7]:
        original = dataclasses.replace(state, rng=Rng.from_seed(3))
        rebuilt = WAR_ROOM.from_position(rules, WAR_ROOM.position_of(state), 3)
        choose_a, choose_b = random.Random(1), random.Random(1)
        for _ in range(30):
            if decision(original) is None:
                break
            assert decision(rebuilt) == decision(original)
            action = choose_a.choice(decision(original).legal_actions)  # type: ignore[union-attr]
            assert action == choose_b.choice(decision(rebuilt).legal_actions)  # type: ignore[union-attr]
            original, events_a = WAR_ROOM.apply(original, action)
            rebuilt, events_b = WAR_ROOM.apply(rebuilt, action)
            assert events_a == events_b
        assert original == rebuilt


def test_a_position_is_plain_data_that_starts_a_game() -> None:
    import json

    rules, state = played_states(3)[10]
    position = WAR_ROOM.position_of(state)
    assert json.loads(json.dumps(position)) == position
    game = Game.from_position(WAR_ROOM, rules, position, seed=4)
    assert WAR_ROOM.position_of(game.state) == position and game.position == position


# The lesson: a tie-break between two players.


def test_lesson_only_the_tied_players_declare_and_are_compared_but_every_card_is_won() -> None:
    state = WAR_ROOM.from_position(THREE, LESSON, 0)
    assert decision(state) is not None and decision(state).player == 0  # type: ignore[union-attr]
    state, first = WAR_ROOM.apply(state, "activate")  # your Sentry: Defend -2 to itself
    assert decision(state).player == 1  # type: ignore[union-attr]  # Ana, not Ben, is asked
    state, second = WAR_ROOM.apply(state, "activate")  # Ana's Mortar
    events = first + second
    assert [e.player for e in events if isinstance(e, Declared)] == [0, 1]
    shown = next(e for e in events if isinstance(e, DeclarationsShown))
    assert shown.activating == (0, 1) and shown.declining == ()
    hits = [(h.player, h.before, h.after) for e in events
            if isinstance(e, InstructionResolved) for h in e.hits]
    # Ben's Sniper is out of the tie but still a target: the Mortar hits the highest card.
    assert hits == [(0, 5, 3), (2, 6, 10)]
    assert decision(state).legal_actions == ("use", "skip")  # type: ignore[union-attr]
    state, third = WAR_ROOM.apply(state, "use")  # +1 to the lowest opponent card: yours
    compared = next(e for e in third if isinstance(e, Compared))
    assert compared.vcs == ((0, 4), (1, 5)) and compared.lowest == (0,)
    collected = next(e for e in third if isinstance(e, Collected))
    assert collected.winner == 0 and [c.code for c in collected.cards] == ["SE", "MO", "SN"]


def test_lesson_a_tie_that_stays_goes_to_another_step_with_the_same_players() -> None:
    state = WAR_ROOM.from_position(THREE, LESSON, 0)
    state, _ = WAR_ROOM.apply(state, "decline")
    state, events = WAR_ROOM.apply(state, "decline")  # nothing changed: WR-STALEMATE-WHEN
    assert any(type(e).__name__ == "Stalemate" for e in events)


# Refusals, each a rule of the position.


def test_a_card_twice_is_refused() -> None:
    refused(seat(lesson(), 2, collection="SE"), "7 Sentry cards (SE)", "1 too many")


def test_a_card_missing_is_refused() -> None:
    refused(seat(lesson(), 0, draw="AR CO"), "1 missing",
            "or 'stacked' true for a lesson's stacked deal, which may leave cards out")


def test_a_card_not_in_this_deck_is_refused() -> None:
    refused(seat(lesson(), 0, revealed="9S"), "'9S' is not a card of the deck")


def test_a_stage_that_does_not_exist_is_refused() -> None:
    refused(lesson(stage="war"), "the stage is 'war'. Allowed: 'before-the-reveal' or 'declare' "
                                 "or 'resolve' or 'compare' or 'over'")


def test_a_revealed_zone_of_two_cards_is_refused() -> None:
    refused(seat(lesson(), 0, revealed="SE SE"), "2 cards", "one card code")


def test_more_seats_than_players_are_refused() -> None:
    position = lesson()
    position["draw"].append("")
    refused(position, "'draw' has 4 entries but the rules seat 3 players")


def test_a_counter_below_what_the_position_shows_is_refused() -> None:
    refused(lesson(counts={"tie_breaks": 0}), "the count 'tie_breaks' is 0", "from 1")


def test_an_elimination_count_that_disagrees_is_refused() -> None:
    refused(lesson(counts={"eliminations": 1}), "'eliminations' is 1 but 0 players")


def test_a_round_past_the_limit_is_refused() -> None:
    refused(lesson(round=5001), "'round' is 5001", "from 1 to 5000")


def test_a_turn_that_is_not_the_next_to_declare_is_refused() -> None:
    refused(lesson(turn=1), "'turn' is 1", "You is next to declare")


def test_a_card_that_can_only_decline_declines_unasked() -> None:
    position = seat(lesson(), 0, revealed="SC", vc=5)
    position = seat(position, 2, draw=LESSON["draw"][2].replace("SC", "SE", 1))
    state, events = WAR_ROOM.play_from_position(THREE, position, 0)
    assert [type(e).__name__ for e in events] == ["AutoDeclined"]  # WR-NO-ACTIVATION
    assert decision(state) == Decision(1, "declare", ("activate", "decline"))  # Ana next


def test_declarations_out_of_clockwise_order_are_refused() -> None:
    refused(seat(lesson(), 1, declared="decline"), "Ana has declared before You")


def test_a_declaration_outside_the_tie_break_is_refused() -> None:
    refused(seat(lesson(), 2, declared="decline"), "takes no part in this step")


def test_tie_break_players_who_are_not_tied_are_refused() -> None:
    refused(seat(lesson(), 1, vc=4), "not tied")


def test_a_round_s_own_step_with_changed_vcs_is_refused() -> None:
    position = lesson(tie_break_step=0, participants=[0, 1, 2])
    refused(seat(position, 0, vc=3), "Sentry has VC 3", "printed VC 5")


def test_a_round_s_own_step_for_some_players_only_is_refused() -> None:
    refused(lesson(tie_break_step=0), "every remaining player")


def test_an_instruction_that_needs_no_choice_resolves_by_itself() -> None:
    position = lesson(stage="resolve", turn=0, instruction=1)
    position = seat(position, 0, declared="activate")
    position = seat(position, 1, declared="decline")
    _, events = WAR_ROOM.play_from_position(THREE, position, 0)
    assert isinstance(events[0], InstructionResolved) and events[0].player == 0


def test_a_resolve_stage_before_everyone_declared_is_refused() -> None:
    position = seat(lesson(stage="resolve", turn=0, instruction=1), 0, declared="activate")
    refused(position, "Ana has not declared")


def test_a_game_over_with_two_players_holding_cards_and_a_winner_is_refused() -> None:
    position = lesson(stage="over", turn=None, ending="last-player", tie_break_step=0,
                      participants=[])
    refused(position, "'last-player' does not fit 3 remaining players")


def test_an_eliminated_player_holding_cards_is_refused() -> None:
    refused(lesson(eliminated=[2]), "Ben is eliminated but holds cards")


@pytest.mark.parametrize(("key", "value", "words"), [
    ("round", True, "'round' is True"),
    ("first", "You", "'first' is 'You', not a seat"),
    ("draw", "all of them", "not a list"),
    ("activated", [1, 0, 0], "your 'activated' is 1"),
    ("participants", [0, 0], "names a seat twice"),
    ("counts", {"battles": 1}, "unknown key 'battles'"),
])
def test_wrong_types_are_refused(key: str, value: Any, words: str) -> None:
    refused(lesson(**{key: value}), words)


def test_a_pile_that_is_not_text_is_refused() -> None:
    refused(seat(lesson(), 0, draw=["AR", "CO"]), "your draw pile is ['AR', 'CO'], not text. "
            'Allowed: card codes separated by spaces, top card first, e.g. "SC SN" ("" for none)')
    refused(seat(lesson(), 0, revealed=7), "your revealed card is 7, not text. Allowed: one card "
                                           "code, or None")


def test_unknown_keys_are_refused() -> None:
    refused(lesson(hand=["SE", "", ""]), "unknown key 'hand'")


def test_a_missing_key_is_refused() -> None:
    position = lesson()
    del position["turn"]
    refused(position, "has no 'turn'")


def test_a_position_that_is_not_a_dict_is_refused() -> None:
    refused(["stage", "declare"], "the position is ['stage', 'declare'], not a table")


def test_a_stacked_lesson_may_leave_cards_out_but_never_add_one() -> None:
    position = seat(seat(lesson(stacked=True), 0, draw="SC"), 1, draw="")
    position = seat(position, 2, draw="GH")
    state = WAR_ROOM.from_position(THREE, position, 0)
    assert WAR_ROOM.position_of(state)["stacked"] is True
    refused(seat(position, 2, collection="SE SE SE SE SE SE"), "7 Sentry cards", "at most")


def test_a_game_from_a_position_saves_and_replays_through_its_trace() -> None:
    from wartutor.core import Trace

    game = Game.from_position(WAR_ROOM, THREE, LESSON, seed=2)
    game = game.play("activate").play("decline")
    replayed = Trace.from_json(Trace.of(game).to_json()).replay()
    assert replayed.state == game.state and replayed.actions == ("activate", "decline")


def resolving_mortar(**changes: Any) -> dict[str, Any]:
    """The lesson a moment later: your Sentry has resolved (5 to 3), Ana's Mortar has hit
    Ben (6 to 10), and Ana chooses whether to use its optional +1 on your card."""
    position = lesson(stage="resolve", turn=1, instruction=2,
                      declared=["activate", "activate", None], activated=[True, False, False],
                      vc=[3, 5, 10], vc_as_step_began=[5, 5, 6], counts={"activations": 2})
    position.update(changes)
    return position


def test_a_resolve_position_asks_the_owner_of_the_resolving_card() -> None:
    state = WAR_ROOM.from_position(THREE, resolving_mortar(), 0)
    assert decision(state) == decision(WAR_ROOM.from_position(THREE, resolving_mortar(), 9))
    assert decision(state).player == 1  # type: ignore[union-attr]
    assert decision(state).legal_actions == ("use", "skip")  # type: ignore[union-attr]
    state, events = WAR_ROOM.apply(state, "skip")
    compared = next(e for e in events if isinstance(e, Compared))
    assert compared.vcs == ((0, 3), (1, 5))


def test_an_instruction_the_card_does_not_have_is_refused() -> None:
    refused(resolving_mortar(instruction=3), "'instruction' is 3", "from 1 to 2")


def test_a_resolved_card_not_marked_activated_is_refused() -> None:
    refused(resolving_mortar(activated=[False, False, False]),
            "your card has resolved this step but is not marked activated")


def test_a_second_activation_in_a_cycle_is_refused_under_once_per_cycle() -> None:
    once = WarRoomRules(players=3, reactivate="once-per-cycle")
    refused(resolving_mortar(activated=[True, True, False]), "activated already", rules=once)


def test_counts_below_the_activations_shown_are_refused() -> None:
    refused(resolving_mortar(counts={"activations": 1}), "'activations' is 1", "from 2")


# Stages where nobody chooses: a round before its reveal, a card that can only decline, an
# instruction with one way to go, the comparison. The game plays on from them as the rules do.


@pytest.mark.parametrize("seed", range(24))
def test_every_moment_of_a_played_game_plays_on_from_its_position(seed: int) -> None:
    game = played(seed)
    stages: set[str] = set()
    for before, step in zip(game.steps[:150], game.steps[1:150], strict=False):
        assert step.action is not None
        for moment in war_room_moments(before.state, step.action):
            position = WAR_ROOM.position_of(moment)
            stages.add(position["stage"])
            state, events = WAR_ROOM.play_from_position(game.rules, position, seed)
            expected: list[Any] = []
            original = rules_of_play.advance(dataclasses.replace(moment, rng=Rng.from_seed(seed)),
                                             expected)
            assert state == original
            assert events == tuple(expected)
    assert {"before-the-reveal", "compare"} <= stages


A_ROUND = {"stage": "before-the-reveal", "round": 1, "first": 0, "turn": None,
           "draw": ["SC " + " ".join(["GH"] * 3), "SN " + " ".join(["GH"] * 3)],
           "collection": ["", ""], "stacked": True}


def test_lesson_a_round_before_its_reveal() -> None:
    rules = WarRoomRules(players=2)
    game = Game.from_position(WAR_ROOM, rules, A_ROUND, seed=0)
    _, revealed, *_ = game.steps[0].events
    assert [(seat, card.code) for seat, card in revealed.cards] == [(0, "SC"), (1, "SN")]
    assert game.state.round == 1 and game.decision is not None


def test_a_round_before_its_reveal_holds_nothing_revealed_and_a_card_in_every_draw_stack(
) -> None:
    rules = WarRoomRules(players=2)
    refused(A_ROUND | {"revealed": ["SE", None]}, "You has a revealed card before the reveal",
            rules=rules)
    refused(A_ROUND | {"turn": 0}, "'turn' is 0, but nobody chooses before the reveal",
            rules=rules)
    refused(A_ROUND | {"draw": ["", "SN GH"], "collection": ["SC", ""]},
            "your draw stack is empty before the reveal", "WR-RESHUFFLE", rules=rules)
    refused(A_ROUND | {"participants": [0, 1]}, "no tie-break step or participants", rules=rules)
    refused(A_ROUND | {"round": 41}, "'round' is 41",
            rules=WarRoomRules(players=2, round_limit=40))


def test_lesson_the_comparison_after_everyone_declined() -> None:
    position = lesson(stage="compare", turn=None)
    position = seat(seat(position, 0, declared="decline"), 1, declared="decline")
    _, events = WAR_ROOM.play_from_position(THREE, position, 0)
    assert isinstance(events[0], Compared) and events[0].lowest == (0, 1)  # still tied
    refused(lesson(stage="compare", turn=None), "You has not declared")
    refused(seat(seat(lesson(stage="compare", turn=0), 0, declared="decline"), 1,
                 declared="decline"), "'turn' is 0, but every activation has resolved")


def test_the_stages_a_teacher_can_name_are_listed_with_what_each_needs() -> None:
    names = [s.name for s in WAR_ROOM.stages()]
    assert names == ["before-the-reveal", "declare", "resolve", "compare", "over"]
    assert [s.name for s in WAR_ROOM.stages() if not s.choice] == [
        "before-the-reveal", "compare", "over"]
