"""What the Coach needs of Guerrilla Tactics: a table dealt from one player's view that
shows that player exactly what they saw (and reads nothing else), games played on from
any state exactly as the traced engine plays them on, and the worth of a finished game.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections import Counter
from typing import Any

import pytest

from wartutor.core import BadInput, Game, rulings_of
from wartutor.core.engine import Step, Summary
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules, GuerrillaState
from wartutor.variants.guerrilla_tactics.game import legal_actions
from wartutor.variants.guerrilla_tactics.memory import REMOVED, Place, memories, memory
from wartutor.variants.guerrilla_tactics.state import BY_CODE, DECK

GT = GUERRILLA_TACTICS
YOU, ANA = 0, 1
ONE_SUIT = GuerrillaRules(players=2, two_player_deck="one-suit")  # you spades, Ana hearts
AGENTS = tuple(GT.agents)


def rules_for(seed: int) -> GuerrillaRules:
    """Rulings drawn by seed, for 2, 3 and 4 players in turn."""
    pick = random.Random(seed)
    settings = {name: pick.choice(r.choices) for name, r in rulings_of(GuerrillaRules).items()}
    settings["players"] = 2 + seed % 3
    if settings["players"] != 2:
        settings["two_player_deck"] = "two-suits"
    return GuerrillaRules(**settings)


def agents_for(rules: GuerrillaRules, seed: int) -> tuple[str, ...]:
    pick = random.Random(seed)
    return tuple(pick.choice(AGENTS) for _ in range(rules.players))


def states_of(rules: GuerrillaRules, seed: int, agents: tuple[str, ...],
              steps: int) -> list[GuerrillaState]:
    """The states of a traced game, from the deal, at most ``steps`` actions long."""
    players = [GT.agents[name](p, seed) for p, name in enumerate(agents)]
    state, _ = GT.new_game(rules, seed)
    states = [state]
    while (decision := GT.decision(state)) is not None and len(states) <= steps:
        action = players[decision.player](GT.view(state, decision.player), decision)
        state, _ = GT.apply(state, action)
        states.append(state)
    return states


def traced_on(rules: GuerrillaRules, state: GuerrillaState, agents: tuple[str, ...], seed: int,
              max_length: int | None) -> Summary:
    """The traced engine's own continuation: fresh agents for ``seed``, each on its view,
    stopped at the first decision at which the skirmish count reaches ``max_length``."""
    players = [GT.agents[name](p, seed) for p, name in enumerate(agents)]
    while (decision := GT.decision(state)) is not None:
        if max_length is not None and state.skirmish >= max_length:
            break
        state, _ = GT.apply(state, players[decision.player](GT.view(state, decision.player),
                                                            decision))
    return GT.summarize(Game(GT, rules, seed, None, (Step(None, (), state),)))


def where(state: GuerrillaState) -> Counter[Any]:
    """How many times each card is in a place (the last skirmish is only a picture)."""
    found: Counter[Any] = Counter(state.removed)
    for seat in state.seats:
        found.update(seat.draw + seat.hand + seat.discard)
    found.update(x.card for row in state.table for x in row)
    return found


def fields(state: GuerrillaState) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state)}


# A dealt table


@pytest.mark.parametrize("seed", range(0, 18, 2))
def test_a_dealt_table_shows_the_player_exactly_what_they_saw(seed: int) -> None:
    rules = rules_for(seed)
    deck = [c for c in DECK if c.suit in "".join(rules.suits)]
    for i, state in enumerate(states_of(rules, seed, agents_for(rules, seed), steps=200)):
        if state.outcome is not None:
            continue
        for p in range(rules.players):
            seen = GT.view(state, p)
            dealt = GT.deal_unseen(rules, seen, 1000 * seed + 10 * i + p)
            assert GT.view(dealt, p) == seen, (seed, i, p)
            assert where(dealt) == Counter(deck), (seed, i, p)  # every card exactly once
            if p == state.asked[0]:
                assert GT.decision(dealt) == GT.decision(state)  # the same choice to make


def test_the_player_keeps_their_own_cards_and_the_others_are_dealt_afresh() -> None:
    state = states_of(GuerrillaRules(players=3), 4, ("heuristic",) * 3, steps=60)[-1]
    seen = GT.view(state, ANA)
    deals = [GT.deal_unseen(state.rules, seen, s) for s in range(20)]
    assert all(d.seats[ANA].hand == state.seats[ANA].hand for d in deals)
    assert len({d.seats[ANA].draw for d in deals}) > 10  # her own draw pile is hidden too
    assert len({d.seats[2].hand for d in deals}) > 10


# You led the ace of spades against Ana's two of hearts: Ana, losing, is asked to support
# with the one card in her hand.
ANA_TO_SUPPORT: dict[str, Any] = {
    "stage": "support", "skirmish": 1, "guerrilla_rank": 2, "to_choose": [ANA],
    "seats": [
        {"draw": "4S 5S 6S 7S 8S 9S 10S JS QS KS", "hand": "3S", "table": ["play AS"]},
        {"draw": "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "hand": "2S", "table": ["play 2H"],
         "played_guerrilla": True},
    ],
}


def test_a_player_the_table_waits_on_to_support_holds_a_card_that_helps() -> None:
    # Only a Guerrilla (a pair beats the ace) or the other ace (a tie) helps Ana; the
    # engine declines unasked for a player with no such card, so asking her says she has one.
    state = GT.from_position(ONE_SUIT, ANA_TO_SUPPORT, seed=0)
    seen = GT.view(state, YOU)
    hands = {GT.deal_unseen(ONE_SUIT, seen, s).seats[ANA].hand for s in range(30)}
    assert {c.code for hand in hands for c in hand} == {"2S", "AH"}


def test_a_player_asked_to_propose_a_promotion_holds_no_guerrilla() -> None:
    # Both have played a Guerrilla; you passed, and Ana may propose only without one in hand.
    position = {
        "stage": "promote", "skirmish": 3, "guerrilla_rank": 2, "to_choose": [ANA],
        "seats": [
            {"draw": "2S 4S 5S 6S 7S 8S 2H", "discard": "3S 10S JS QS KS AS", "hand": "9H",
             "played_guerrilla": True},
            {"draw": "3H 4H 6H 7H 9S", "discard": "10H JH QH KH AH", "hand": "5H 8H",
             "played_guerrilla": True},
        ],
    }
    seen = GT.view(GT.from_position(ONE_SUIT, position, seed=0), YOU)
    hands = [GT.deal_unseen(ONE_SUIT, seen, s).seats[ANA].hand for s in range(40)]
    assert not [c for hand in hands for c in hand if c.rank == 2]
    assert len(set(hands)) > 10


def test_a_choice_already_made_is_made_again_in_the_dealt_table() -> None:
    # You chose a card face down; Ana, still to choose, cannot see which.
    position = {
        "stage": "play", "skirmish": 1, "guerrilla_rank": 2, "to_choose": [ANA],
        "seats": [
            {"draw": "4S 5S 6S 7S 8S 9S 10S JS QS KS", "hand": "3S AS", "chosen": "play AS"},
            {"draw": "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "hand": "2H AH"},
        ],
        "removed": "2S",
    }
    state = GT.from_position(ONE_SUIT, position, seed=0)
    seen = GT.view(state, ANA)
    assert seen.seats[YOU].has_chosen and seen.seats[YOU].pending is None
    for s in range(10):
        dealt = GT.deal_unseen(ONE_SUIT, seen, s)
        assert dealt.pending[YOU] in legal_actions(dealt, YOU)
        assert GT.view(dealt, ANA) == seen


def test_a_stacked_deal_is_dealt_from_every_card_not_shown() -> None:
    # A stacked lesson may use any cards of the 52, and the view cannot say which.
    game = Game.new(GT, seed=0, stacked=("2S 2H 9S", "AS 5H KD")).play("play 2S").play("play AS")
    seen = GT.view(game.state, YOU)
    for s in range(10):
        dealt = GT.deal_unseen(game.rules, seen, s)
        assert GT.view(dealt, YOU) == seen
        assert sum(where(dealt).values()) == 6 and max(where(dealt).values()) == 1


@pytest.mark.parametrize("seed", range(8))
def test_a_dealt_stacked_table_shows_the_player_exactly_what_they_saw(seed: int) -> None:
    rules = rules_for(seed)
    pick = random.Random(seed)
    # As many cards as the rules' deck, or not: the view cannot say whether it is that deck.
    size = 13 * len("".join(rules.suits)) if seed % 2 else pick.randint(rules.players, 52)
    chosen = pick.sample(DECK, size)
    stacked = tuple(" ".join(c.code for c in chosen[p::rules.players])
                    for p in range(rules.players))
    game = Game.new(GT, rules, seed, stacked)
    players = {p: GT.agents[name](p, seed) for p, name in enumerate(agents_for(rules, seed))}
    seen: list[list[Any]] = [[] for _ in range(rules.players)]
    for _ in range(80):
        decision = game.decision
        if decision is None:
            break
        for p in range(rules.players):
            now = GT.view(game.state, p)
            dealts = [GT.deal_unseen(rules, now, seed)]
            if len(seen[p]) % 5 == 0:  # with the views before: a stacked deal, not the rules'
                dealts.append(GT.deal_unseen(rules, now, seed, seen=seen[p]))
            for dealt in dealts:
                assert GT.view(dealt, p) == now
                assert sum(where(dealt).values()) == len(chosen)
                assert max(where(dealt).values()) == 1
                assert all(x.card in where(dealt) for row in dealt.last_table for x in row)
            seen[p].append(now)
        game = game.play(players[decision.player](GT.view(game.state, decision.player), decision))


# The coach does not peek


@pytest.mark.parametrize("seed", range(0, 18, 3))
def test_the_deal_reads_only_the_view(seed: int) -> None:
    """Two tables that differ only in cards the player cannot see deal alike."""
    rules = rules_for(seed)
    for state in states_of(rules, seed, agents_for(rules, seed), steps=120)[1::10]:
        if state.outcome is not None:
            continue
        p = state.asked[0]
        other = GT.deal_unseen(rules, GT.view(state, p), seed + 1)  # another real table
        assert GT.view(other, p) == GT.view(state, p)
        assert other.seats != state.seats  # the hidden cards lie elsewhere
        assert fields(GT.deal_unseen(rules, GT.view(other, p), 7)) == fields(
            GT.deal_unseen(rules, GT.view(state, p), 7))


# Refusals


def test_a_teachers_view_or_a_finished_game_is_refused() -> None:
    states = states_of(GuerrillaRules(), 0, ("heuristic",) * 2, steps=5000)
    with pytest.raises(BadInput, match="the teacher's view shows every card"):
        GT.deal_unseen(GuerrillaRules(), GT.view(states[3], None), 0)
    assert states[-1].outcome is not None
    with pytest.raises(BadInput, match="the game is over"):
        GT.deal_unseen(GuerrillaRules(), GT.view(states[-1], YOU), 0)
    with pytest.raises(BadInput, match="under other rules"):
        GT.deal_unseen(GuerrillaRules(players=3), GT.view(states[3], YOU), 0)
    with pytest.raises(BadInput, match="cannot be a seed"):
        GT.deal_unseen(GuerrillaRules(), GT.view(states[3], YOU), -1)


def test_play_on_refuses_agents_it_does_not_know_and_other_rules() -> None:
    state = states_of(GuerrillaRules(), 0, ("heuristic",) * 2, steps=3)[-1]
    with pytest.raises(BadInput, match="not 'coach'"):
        GT.play_on(GuerrillaRules(), state, ("heuristic", "coach"), 0, None)
    with pytest.raises(BadInput, match="3 agents were given for 2 seats"):
        GT.play_on(GuerrillaRules(), state, ("heuristic",) * 3, 0, None)
    with pytest.raises(BadInput, match="under other rules"):
        GT.play_on(GuerrillaRules(ace="low"), state, ("heuristic",) * 2, 0, None)


# Playing on


@pytest.mark.parametrize("seed", range(0, 24, 2))
def test_play_on_plays_on_as_the_traced_engine_does(seed: int) -> None:
    rules = rules_for(seed)
    agents = agents_for(rules, seed + 1)
    states = states_of(rules, seed, agents, steps=240)
    for i, state in enumerate(states[::13]):
        for max_length in (None, state.skirmish + 2):
            if rules.skirmish_limit is None and max_length is None:
                max_length = 3000  # without any limit a game may never end
            on = GT.play_on(rules, state, agents, seed + i, max_length)
            assert on == traced_on(rules, state, agents, seed + i, max_length), (seed, i)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_play_on_from_the_deal_is_play_fast(players: int) -> None:
    rules = GuerrillaRules(players=players)
    for seed in range(10):
        agents = agents_for(rules, seed)
        state, _ = GT.new_game(rules, seed)
        assert GT.play_on(rules, state, agents, seed, None) == GT.play_fast(rules, seed, agents,
                                                                            None)


def test_play_on_from_a_dealt_table_plays_on_as_the_traced_engine_does() -> None:
    for seed in range(6):
        rules = rules_for(seed)
        agents = agents_for(rules, seed)
        for state in states_of(rules, seed, agents, steps=150)[1::25]:
            if state.outcome is not None:
                continue
            dealt = GT.deal_unseen(rules, GT.view(state, state.asked[0]), seed)
            assert GT.play_on(rules, dealt, agents, 3, 400) == traced_on(rules, dealt, agents,
                                                                          3, 400)


def test_a_finished_game_plays_on_to_itself() -> None:
    rules = GuerrillaRules()
    end = states_of(rules, 2, ("random",) * 2, steps=5000)[-1]
    assert end.outcome is not None
    assert GT.play_on(rules, end, ("random",) * 2, 0, None) == traced_on(
        rules, end, ("random",) * 2, 0, None)


# What a game is worth


# What the player remembers: the unseen cards dealt only where the earlier views allow


def real_place(state: GuerrillaState) -> dict[Any, Place]:
    """Where each card really is."""
    places: dict[Any, Place] = {c: REMOVED for c in state.removed}
    for p, seat in enumerate(state.seats):
        for pile, cards in (("draw", seat.draw), ("discard", seat.discard), ("hand", seat.hand)):
            places.update((c, Place(pile, p)) for c in cards)
        places.update((x.card, Place("table", p)) for x in state.table[p])
    return places


def histories(states: list[GuerrillaState], p: int) -> dict[str, list[int]]:
    """Which of a game's states seat ``p`` remembers: every one, only those of its own
    decisions (a computer player's), or every third."""
    return {"every step": list(range(len(states))),
            "own decisions": [i for i, s in enumerate(states) if s.asked and s.asked[0] == p],
            "every third": list(range(0, len(states), 3))}


@pytest.mark.parametrize("seed", range(0, 24, 2))
def test_the_real_table_is_always_one_the_player_remembers_as_possible(seed: int) -> None:
    rules = rules_for(seed)
    states = [s for s in states_of(rules, seed, agents_for(rules, seed), steps=240)
              if s.outcome is None]
    for p in range(rules.players):
        views = [GT.view(s, p) for s in states]
        for name, kept in histories(states, p).items():
            for i, known in zip(kept, memories(rules, [views[i] for i in kept]), strict=True):
                real = real_place(states[i])
                assert known.by_the_deal, (seed, p, name, i)  # the deal is the rules' own
                assert all(real[c] in places for c, places in known.allowed.items()), (
                    seed, p, name, i, [(c, real[c], places) for c, places in
                                       known.allowed.items() if real[c] not in places])
        for i in range(5, len(states), 7):  # the last five views only
            known = memory(rules, views[i - 5:i], views[i])
            real = real_place(states[i])
            assert all(real[c] in places for c, places in known.allowed.items()), (seed, p, i)


def test_the_memory_of_each_view_is_the_memory_made_in_one_pass() -> None:
    rules = rules_for(4)
    states = [s for s in states_of(rules, 4, agents_for(rules, 4), steps=120)
              if s.outcome is None]
    views = [GT.view(s, ANA) for s in states]
    in_one_pass = list(memories(rules, views))
    for i in range(0, len(views), 15):
        assert memory(rules, views[:i], views[i]) == in_one_pass[i]


@pytest.mark.parametrize("seed", range(0, 24, 3))
def test_a_remembered_deal_shows_the_view_holds_every_card_once_and_fits_the_memory(
        seed: int) -> None:
    rules = rules_for(seed)
    deck = [c for c in DECK if c.suit in "".join(rules.suits)]
    states = [s for s in states_of(rules, seed, agents_for(rules, seed), steps=200)
              if s.outcome is None]
    for p in range(rules.players):
        views = [GT.view(s, p) for s in states]
        for i, known in enumerate(memories(rules, views)):
            if i % 9:
                continue
            dealt = GT.deal_unseen(rules, views[i], 100 * seed + i, seen=views[:i])
            assert GT.view(dealt, p) == views[i], (seed, p, i)
            assert where(dealt) == Counter(deck), (seed, p, i)
            there = real_place(dealt)
            assert all(there[c] in places for c, places in known.allowed.items()), (seed, p, i)
            if p == states[i].asked[0]:
                assert GT.decision(dealt) == GT.decision(states[i])


def test_at_the_deal_each_seat_holds_its_own_suits() -> None:
    game = Game.new(GT, seed=15)  # you hearts and diamonds, Ana clubs and spades
    seen = GT.view(game.state, YOU)
    for s in range(10):
        dealt = GT.deal_unseen(game.rules, seen, s)  # no earlier views: the rules' deal
        assert {c.suit for c in dealt.seats[YOU].draw} <= set("HD")
        assert {c.suit for c in dealt.seats[ANA].draw + dealt.seats[ANA].hand} == set("CS")


def test_spoils_won_without_a_guerrilla_stay_in_the_winners_discard_pile() -> None:
    # You lead the king of hearts, Ana her eight of clubs: you take both into your discard
    # pile, which the table then shows only as two cards face down.
    game = Game.new(GT, seed=15)
    seen = [GT.view(game.state, YOU)]
    game = game.play("play KH").play("play 8C")
    now = GT.view(game.state, YOU)
    assert now.seats[YOU].discard_count == 2
    for s in range(10):
        assert {c.code for c in GT.deal_unseen(game.rules, now, s, seen=seen)
                .seats[YOU].discard} == {"KH", "8C"}


def test_with_every_step_remembered_most_unseen_cards_have_one_place_early_on() -> None:
    # Measured on ten two-player heuristic games: over the first 50 steps about 43% of the
    # cards a player cannot see have one place they can be (the view alone says only that
    # each is in one of five or six hidden places), 1.5 to 2.6 places on average.
    rules = GuerrillaRules()
    known, places, hidden = [], [], []
    for seed in range(10):
        states = [s for s in states_of(rules, seed, ("heuristic",) * 2, steps=50)
                  if s.outcome is None]
        views = [GT.view(s, YOU) for s in states]
        for m in memories(rules, views):
            known.append(len(m.known()) / len(m.allowed))
            places.append(sum(len(a) for a in m.allowed.values()) / len(m.allowed))
            hidden.append(len(m.room))
    assert sum(known) / len(known) > 0.35
    assert sum(places) / len(places) < 2.6 < 5 < sum(hidden) / len(hidden)


def test_the_remembered_deal_reads_only_the_views() -> None:
    """Two real tables that differ only in cards the player cannot see, with the same
    earlier views, deal alike; so do copies of the views (nothing is read from who they are)."""
    rules = rules_for(5)
    states = [s for s in states_of(rules, 5, agents_for(rules, 5), steps=150)
              if s.outcome is None]
    for i in range(10, len(states), 20):
        p = states[i].asked[0]
        seen = [GT.view(s, p) for s in states[:i]]
        now = GT.view(states[i], p)
        other = GT.deal_unseen(rules, now, 1, seen=seen)  # another real table
        assert GT.view(other, p) == now and other.seats != states[i].seats
        dealt = GT.deal_unseen(rules, GT.view(other, p), 7, seen=copy.deepcopy(seen))
        assert fields(dealt) == fields(GT.deal_unseen(rules, now, 7, seen=seen))


def test_a_position_set_up_by_hand_is_remembered_without_the_rules_deal() -> None:
    # Ana holds a spade: no deal of the rules' own gives that, so the memory forgets the deal.
    state = GT.from_position(ONE_SUIT, ANA_TO_SUPPORT, seed=0)
    assert not memory(ONE_SUIT, (), GT.view(state, YOU)).by_the_deal
    assert memory(ONE_SUIT, (), GT.view(state, YOU)).allowed[BY_CODE["2S"]] == {
        Place("draw", YOU), Place("draw", ANA), Place("hand", ANA)}


def test_views_that_cannot_be_of_one_game_or_one_player_are_refused() -> None:
    states = states_of(GuerrillaRules(), 0, ("heuristic",) * 2, steps=60)
    early, late = GT.view(states[5], YOU), GT.view(states[50], YOU)
    with pytest.raises(BadInput, match="cannot all be of one game"):
        memory(GuerrillaRules(), (late,), early)  # newest first
    with pytest.raises(BadInput, match="one player remembers only what they saw"):
        GT.deal_unseen(GuerrillaRules(), late, 0, seen=(GT.view(states[5], ANA),))
    with pytest.raises(BadInput, match="the teacher's view"):
        memory(GuerrillaRules(), (GT.view(states[5], None),), late)
