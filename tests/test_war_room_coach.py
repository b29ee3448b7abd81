"""What War Room gives the coach: tables dealt from a player's view, and games played on.

``deal_unseen`` deals every card a view does not show at random among the piles it could
be in; the dealt state must show that player exactly the same view, hold every card
once, and depend on nothing but the view (the coach cannot peek). ``play_on`` plays a
game on from any state on the fast path and must give the very summary the traced
engine gives from that state, with each seat's agent made afresh from (seat, seed).
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import cache
from typing import Any

import pytest

from wartutor.core.engine import Game, Step, Summary
from wartutor.core.errors import BadInput
from wartutor.variants.war_room import WAR_ROOM, Deck, RoomCard, WarRoomRules, WarRoomState, to_toml
from wartutor.variants.war_room.deck import Instruction
from wartutor.variants.war_room.game import ACTIVATE, DECLINE
from wartutor.variants.war_room.memory import LEFT_OUT, Place, memory
from wartutor.variants.war_room.view import WarRoomView

AGENTS = tuple(WAR_ROOM.agents)
RULINGS: list[dict[str, Any]] = [
    {},
    {"reactivate": "once-per-cycle", "stalemate": "void"},
    {"extreme_tie": "all", "stalemate_when": "same-tie"},
    {"reactivate": "once-per-cycle", "extreme_tie": "all", "stalemate_when": "same-tie"},
]


def seatings(players: int) -> list[tuple[str, ...]]:
    """Every agent at every seat, and the agents taking turns round the table."""
    return [(name,) * players for name in AGENTS] + [
        tuple(AGENTS[p % len(AGENTS)] for p in range(players))]


def played(rules: WarRoomRules, seed: int, agents: tuple[str, ...],
           steps: int) -> list[WarRoomState]:
    """The states of game ``seed``, from the deal, for at most ``steps`` actions."""
    state, _ = WAR_ROOM.new_game(rules, seed, None)
    players = [WAR_ROOM.agents[name](seat, seed) for seat, name in enumerate(agents)]
    states = [state]
    while (decision := WAR_ROOM.decision(state)) is not None and len(states) <= steps:
        action = players[decision.player](WAR_ROOM.view(state, decision.player), decision)
        state, _ = WAR_ROOM.apply(state, action)
        states.append(state)
    return states


def summary_of(state: WarRoomState) -> Summary:
    return WAR_ROOM.summarize(Game(WAR_ROOM, state.rules, 0, None, (Step(None, (), state),)))


def traced_on(state: WarRoomState, agents: tuple[str, ...], seed: int,
              max_length: int | None) -> Summary:
    """The traced engine's own continuation, as simulate plays it: agents on views, and a
    stop at the first decision whose round has reached max_length."""
    players = [WAR_ROOM.agents[name](seat, seed) for seat, name in enumerate(agents)]
    while (decision := WAR_ROOM.decision(state)) is not None:
        if max_length is not None and state.round >= max_length:
            break
        action = players[decision.player](WAR_ROOM.view(state, decision.player), decision)
        state, _ = WAR_ROOM.apply(state, action)
    return summary_of(state)


def every_card(state: WarRoomState) -> Counter[object]:
    held = [card for pile in state.stacks + state.collections for card in pile]
    return Counter(held + [here.card for here in state.table if here is not None])


@cache
def tables() -> list[tuple[WarRoomRules, tuple[str, ...], int, list[WarRoomState]]]:
    """Games at every table size under several rulings, each agent at every seat (the
    first 240 steps of each)."""
    games = []
    for players, rulings in itertools.product((2, 3, 4, 5), RULINGS):
        rules = WarRoomRules(players=players, first_player="random", **rulings)
        for i, agents in enumerate(seatings(players)):
            seed = 100 * players + 10 * RULINGS.index(rulings) + i
            games.append((rules, agents, seed, played(rules, seed, agents, 240)))
    return games


# A dealt table


def test_a_dealt_table_shows_the_player_exactly_what_they_saw() -> None:
    seen = Counter[str]()
    for rules, _, seed, states in tables():
        for index, state in enumerate(states[::3]):
            if state.outcome is not None:
                continue
            for seat in range(rules.players):
                view = WAR_ROOM.view(state, seat)
                dealt = WAR_ROOM.deal_unseen(rules, view, seed + index)
                assert WAR_ROOM.view(dealt, seat) == view, (rules, seed, index, seat)
                assert every_card(dealt) == Counter(rules.cards.cards)
                seen[state.phase if state.step == 0 else f"tie-break {state.phase}"] += 1
                hidden = [p for p in state.participants if view.declared[p] and p != seat]
                seen["another's hidden declaration"] += bool(hidden and state.phase == "declare")
                seen["reshuffled"] += bool(state.counts.reshuffles)
                seen["eliminated"] += len(state.remaining) < rules.players
    # The games reach every kind of moment a player can be at.
    for moment in ("declare", "resolve", "tie-break declare", "tie-break resolve",
                   "another's hidden declaration", "reshuffled", "eliminated"):
        assert seen[moment] > 0, moment


def test_the_hidden_cards_are_dealt_at_random_among_the_places_they_could_be() -> None:
    rules = WarRoomRules(players=3)
    state = played(rules, 5, ("heuristic",) * 3, 200)[-1]
    view = WAR_ROOM.view(state, 0)
    deals = [WAR_ROOM.deal_unseen(rules, view, seed) for seed in range(6)]
    assert len({(dealt.stacks, dealt.collections) for dealt in deals}) == 6
    assert WAR_ROOM.deal_unseen(rules, view, 3) == deals[3]  # the same seed, the same deal
    for dealt in deals:  # what the view shows stays as it is
        assert dealt.table == state.table and dealt.first == state.first
        assert [len(pile) for pile in dealt.stacks] == [len(pile) for pile in state.stacks]


def test_a_stacked_lesson_deal_leaves_out_as_many_cards_as_it_did() -> None:
    rules = WarRoomRules(first_player=0)
    game = Game.new(WAR_ROOM, rules, seed=0, stacked=("SN SE SC", "SC SC GH"))
    view = WAR_ROOM.view(game.state, 1)
    dealt = WAR_ROOM.deal_unseen(rules, view, 7)
    assert WAR_ROOM.view(dealt, 1) == view
    assert sum(every_card(dealt).values()) == 6


# What the player remembers


def piles_of(state: WarRoomState) -> dict[Place, tuple[RoomCard, ...]]:
    """Where the hidden cards of a real table lie, place by place."""
    n = len(state.stacks)
    piles = {Place("draw", p): state.stacks[p] for p in range(n)}
    piles.update({Place("collection", p): state.collections[p] for p in range(n)})
    out = Counter(state.rules.cards.cards)
    out.subtract(every_card(state))
    piles[LEFT_OUT] = tuple(out.elements())
    return piles


def histories(states: list[WarRoomState], seat: int, at: int) -> dict[str, list[WarRoomView]]:
    """The views ``seat`` may remember at step ``at``: every step's, only those at its own
    decisions (a computer player's), every third, the last five, none."""
    views = [WAR_ROOM.view(state, seat) for state in states[:at]]
    own = [v for state, v in zip(states, views, strict=False)
           if (d := WAR_ROOM.decision(state)) is not None and d.player == seat]
    return {"every step": views, "own decisions": own, "every third": views[::3],
            "last five": views[-5:], "none": []}


def test_every_real_table_is_one_the_players_memory_allows() -> None:
    checked = Counter[str]()
    for rules, _, _, states in tables()[::2]:
        for at in range(1, len(states), 23):
            if states[at].outcome is not None:
                continue
            real = piles_of(states[at])
            for seat in range(rules.players):
                view = WAR_ROOM.view(states[at], seat)
                for name, seen in histories(states, seat, at).items():
                    assert memory(rules, seen, view).admits(real), (rules, at, seat, name)
                    checked[name] += 1
    assert min(checked.values()) >= 300, checked


def test_a_dealt_table_keeps_to_what_the_player_remembers() -> None:
    for rules, _, seed, states in tables()[1::4]:
        for at in range(2, len(states), 37):
            if states[at].outcome is not None:
                continue
            seat = at % rules.players
            view = WAR_ROOM.view(states[at], seat)
            for seen in histories(states, seat, at).values():
                dealt = WAR_ROOM.deal_unseen(rules, view, seed + at, seen)
                assert WAR_ROOM.view(dealt, seat) == view
                assert every_card(dealt) == Counter(rules.cards.cards)
                assert memory(rules, seen, view).admits(piles_of(dealt))


def test_a_collection_holds_the_cards_its_owner_was_seen_to_win() -> None:
    rules = WarRoomRules(first_player=0)
    game = Game.new(WAR_ROOM, rules, seed=0, stacked=("SN SE GH", "SC SC CO"))
    before = WAR_ROOM.view(game.state, 0)
    game = game.play("decline")  # Ana's Scout (2) beats your Sniper (6): she collects both
    now = WAR_ROOM.view(game.state, 0)
    won = Place("collection", 1)
    remembered = memory(rules, (before,), now)
    assert [lot.codes for lot in remembered.lots if lot.places == {won}] == ["SC SN"]
    assert all(won not in lot.places for lot in remembered.lots if lot.codes != "SC SN")
    for seed in range(5):  # and every dealt table puts them there
        dealt = WAR_ROOM.deal_unseen(rules, now, seed, (before,))
        assert sorted(card.code for card in dealt.collections[1]) == ["SC", "SN"]
    # Not having seen the round end, you cannot tell where they are.
    assert [sorted(lot.places) for lot in memory(rules, (), now).lots] == [
        [Place("collection", 1), Place("draw", 0), Place("draw", 1), LEFT_OUT]]


def test_after_forty_rounds_seen_most_hidden_cards_have_one_place_they_can_be() -> None:
    # Measured over these games: every step's views pin 88-93% of the hidden cards at
    # such moments, a computer player's own decisions 43-50%, nothing remembered 0%.
    known = Counter[str]()
    for players, seed in itertools.product((2, 3, 4), range(2)):
        rules = WarRoomRules(players=players)
        states = played(rules, seed, ("heuristic",) * players, 600)
        at = next(i for i, state in enumerate(states) if state.round >= 40)
        for name, seen in histories(states, 0, at).items():
            remembered = memory(rules, seen, WAR_ROOM.view(states[at], 0))
            known[name] += remembered.known()
            known[f"{name}, unseen"] += remembered.unseen()
    assert known["every step"] >= 0.8 * known["every step, unseen"], known
    assert known["own decisions"] >= 0.3 * known["own decisions, unseen"], known
    assert known["none"] == 0


def test_a_table_the_memory_rules_out_is_not_admitted() -> None:
    rules = WarRoomRules(first_player=0)
    game = Game.new(WAR_ROOM, rules, seed=0, stacked=("SN SE GH", "SC SC CO"))
    before = WAR_ROOM.view(game.state, 0)
    game = game.play("decline")  # Ana collects your Sniper and her Scout
    remembered = memory(rules, (before,), WAR_ROOM.view(game.state, 0))
    real = piles_of(game.state)
    assert remembered.admits(real)
    # Your Ghost (still in your draw stack) and the Sniper Ana won change places.
    swapped = {**real, Place("draw", 0): real[Place("collection", 1)][:1],
               Place("collection", 1): (*real[Place("draw", 0)], *real[Place("collection", 1)][1:])}
    assert [card.code for card in swapped[Place("collection", 1)]] == ["GH", "SC"]
    assert not remembered.admits(swapped)


def test_views_that_are_not_of_one_game_in_order_are_refused() -> None:
    rules = WarRoomRules()
    states = played(rules, 1, ("heuristic", "heuristic"), 30)
    views = [WAR_ROOM.view(state, 0) for state in states]
    with pytest.raises(BadInput, match="cannot come from one game"):
        WAR_ROOM.deal_unseen(rules, views[3], 0, views[10:12])  # a later round first
    with pytest.raises(BadInput, match="among the views of seat 0"):
        WAR_ROOM.deal_unseen(rules, views[3], 0, [WAR_ROOM.view(states[1], 1)])
    with pytest.raises(BadInput, match="among the views of seat 0"):
        WAR_ROOM.deal_unseen(rules, views[3], 0, [WAR_ROOM.view(states[1], None)])
    elsewhere = [WAR_ROOM.view(state, 0) for state in played(rules, 2, ("random",) * 2, 30)]
    same_round = next(v for v in elsewhere if v.round == views[3].round)
    with pytest.raises(BadInput, match="shows two different tables"):
        WAR_ROOM.deal_unseen(rules, views[3], 0, [same_round])  # another game's round


def test_the_coach_cannot_peek_games_seen_alike_deal_alike() -> None:
    # Two deals that differ only in the bottom cards of two draw stacks: until those are
    # revealed you see both games alike, so the coach deals alike from what you saw.
    rules = WarRoomRules(first_player=0)
    start = played(rules, 8, ("heuristic", "heuristic"), 0)[0]
    piles = [[here.card.code] + [c.code for c in stack]
             for here, stack in zip(start.table, start.stacks, strict=True) if here]
    bottom = next(i for i in range(1, 20) if piles[0][-i] != piles[1][-i])
    piles[0][-bottom], piles[1][-bottom] = piles[1][-bottom], piles[0][-bottom]
    games = [Game.new(WAR_ROOM, rules, 8, stacked=tuple(" ".join(p) for p in deal))
             for deal in ([[c.code for c in (h.card, *s)] for h, s in
                           zip(start.table, start.stacks, strict=True) if h], piles)]
    agents = [WAR_ROOM.agents["heuristic"](seat, 8) for seat in range(2)]
    seen: list[list[WarRoomView]] = [[], []]
    while games[0].state.round < 20:
        views = [WAR_ROOM.view(game.state, 0) for game in games]
        assert views[0] == views[1]
        for seed in (0, 1):
            assert WAR_ROOM.deal_unseen(rules, views[0], seed, seen[0]) == \
                WAR_ROOM.deal_unseen(rules, views[1], seed, seen[1])
        decision = games[0].decision
        assert decision is not None
        action = agents[decision.player](WAR_ROOM.view(games[0].state, decision.player),
                                         decision)
        for i in (0, 1):
            seen[i].append(views[i])
            games[i] = games[i].play(action)
    assert games[0].state.stacks != games[1].state.stacks  # the real tables differ
# No peeking


def test_the_coach_cannot_peek_tables_with_the_same_view_deal_alike() -> None:
    for rules, _, seed, states in tables()[::3]:
        for state in states[::15]:
            if state.outcome is not None:
                continue
            for seat in range(rules.players):
                view = WAR_ROOM.view(state, seat)
                other = WAR_ROOM.deal_unseen(rules, view, seed + 1)  # other hidden cards
                assert WAR_ROOM.view(other, seat) == view
                assert WAR_ROOM.deal_unseen(rules, WAR_ROOM.view(other, seat), seed) == \
                    WAR_ROOM.deal_unseen(rules, view, seed)


def test_another_players_hidden_declaration_does_not_change_the_deal() -> None:
    changed = 0
    for rules, _, seed, states in tables():
        for state in states:
            if state.phase != "declare" or state.outcome is not None:
                continue
            for seat, choice in enumerate(state.declared):
                card = state.table[seat]
                if choice is None or card is None or not card.card.can_activate:
                    continue
                position = WAR_ROOM.position_of(state)
                position["declared"][seat] = DECLINE if choice == ACTIVATE else ACTIVATE
                flipped = WAR_ROOM.from_position(rules, position, seed)
                viewer = next(p for p in range(rules.players) if p != seat)
                view = WAR_ROOM.view(state, viewer)
                assert WAR_ROOM.view(flipped, viewer) == view
                assert WAR_ROOM.deal_unseen(rules, WAR_ROOM.view(flipped, viewer), seed) == \
                    WAR_ROOM.deal_unseen(rules, view, seed)
                changed += 1
        if changed >= 40:
            break
    assert changed >= 40


# Refusals


def test_a_teacher_view_has_nothing_unseen_to_deal() -> None:
    state = played(WarRoomRules(), 1, ("heuristic", "heuristic"), 3)[-1]
    with pytest.raises(BadInput, match="teacher's view shows every card"):
        WAR_ROOM.deal_unseen(WarRoomRules(), WAR_ROOM.view(state, None), 0)


def test_a_finished_game_has_nothing_to_play_on_from() -> None:
    rules = WarRoomRules()
    state = played(rules, 2, ("heuristic", "random"), 10_000)[-1]
    assert state.outcome is not None
    with pytest.raises(BadInput, match="the game is over"):
        WAR_ROOM.deal_unseen(rules, WAR_ROOM.view(state, 0), 0)
    # Played on, a finished game is what it is.
    assert WAR_ROOM.play_on(rules, state, ("heuristic", "random"), 0, None) == summary_of(state)


def test_other_rules_or_unknown_agents_are_refused() -> None:
    state = played(WarRoomRules(players=3), 1, ("random",) * 3, 5)[-1]
    with pytest.raises(BadInput, match="table of 3 players"):
        WAR_ROOM.deal_unseen(WarRoomRules(), WAR_ROOM.view(state, 0), 0)
    with pytest.raises(BadInput, match="other rules"):
        WAR_ROOM.play_on(WarRoomRules(), state, ("random",) * 2, 0, None)
    with pytest.raises(BadInput, match="2 agents were named for 3 seats"):
        WAR_ROOM.play_on(WarRoomRules(players=3), state, ("random",) * 2, 0, None)
    with pytest.raises(BadInput, match="plays only the agents heuristic, random, not coach"):
        WAR_ROOM.play_on(WarRoomRules(players=3), state, ("random", "coach", "random"), 0, None)


# Played on


def test_played_on_from_any_step_the_fast_path_gives_the_traced_continuation() -> None:
    moments = Counter[str]()
    for rules, agents, seed, states in tables():
        for index in range(1, len(states), 17):
            state = states[index]
            limit = state.round + 12
            fast = WAR_ROOM.play_on(rules, state, agents, seed + index, limit)
            assert fast == traced_on(state, agents, seed + index, limit), (rules, seed, index)
            moments[state.phase if state.step == 0 else "tie-break"] += 1
    assert min(moments.values()) > 0 and len(moments) == 3, moments


def test_whole_games_played_on_give_the_traced_continuation() -> None:
    rules = WarRoomRules()
    endings = Counter[str]()
    for seed, agents in enumerate(seatings(2)):
        states = played(rules, seed, agents, 400)
        for state in states[100::150]:
            summary = WAR_ROOM.play_on(rules, state, agents, seed, None)
            assert summary == traced_on(state, agents, seed, None)
            endings[summary.ending] += 1
    assert endings["last-player"] >= 4


def test_played_on_from_a_dealt_table_the_fast_path_gives_the_traced_continuation() -> None:
    for rules, agents, seed, states in tables()[::2]:
        for index in range(2, len(states), 40):
            view = WAR_ROOM.view(states[index], index % rules.players)
            if view.outcome is not None:
                continue
            dealt = WAR_ROOM.deal_unseen(rules, view, seed)
            limit = view.round + 10
            assert WAR_ROOM.play_on(rules, dealt, agents, seed, limit) == \
                traced_on(dealt, agents, seed, limit)


def test_played_on_from_the_deal_is_the_fast_game_of_that_seed() -> None:
    for players, rulings in itertools.product((2, 3, 5), RULINGS[:2]):
        rules = WarRoomRules(players=players, **rulings)
        for seed, agents in enumerate(seatings(players)):
            state, _ = WAR_ROOM.new_game(rules, seed, None)
            assert WAR_ROOM.play_on(rules, state, agents, seed, None) == \
                WAR_ROOM.play_fast(rules, seed, agents, None)
            assert WAR_ROOM.play_on(rules, state, agents, seed, 30) == \
                WAR_ROOM.play_fast(rules, seed, agents, 30)


def test_max_length_counts_rounds_from_the_start_of_the_game() -> None:
    rules = WarRoomRules()
    state = played(rules, 4, ("heuristic", "heuristic"), 60)[-1]
    stopped = WAR_ROOM.play_on(rules, state, ("heuristic", "heuristic"), 0, state.round)
    assert stopped == summary_of(state)  # stopped at once: this round is the limit
    assert stopped.winners is None and stopped.ending == "unfinished"
    later = WAR_ROOM.play_on(rules, state, ("heuristic", "heuristic"), 0, state.round + 5)
    assert later == traced_on(state, ("heuristic", "heuristic"), 0, state.round + 5)
    assert later.winners is None and later.length >= state.round + 5


# What a game is worth


def test_a_choice_that_wins_the_game_at_once_is_worth_a_whole_win() -> None:
    # Your Alpha (VC 5) can defend itself to VC 2 and beat Ana's Bravo (VC 4), her last
    # card: activating wins the game this round; declining hands her both cards.
    cards = (RoomCard("A", "Alpha", 5, (Instruction("defend", -3, "self", True),)),
             RoomCard("B", "Bravo", 4, ()))
    rules = WarRoomRules(deck=to_toml(Deck("Duel", "", cards, (10, 10))), first_player=0)
    position = {"stage": "declare", "round": 1, "first": 0, "turn": 0, "draw": ["B", ""],
                "collection": ["", ""], "revealed": ["A", "B"], "stacked": True}
    view = WAR_ROOM.view(WAR_ROOM.from_position(rules, position, 0), 0)
    worth = {}
    for action in ("activate", "decline"):
        values = []
        for seed in range(10):
            after, _ = WAR_ROOM.apply(WAR_ROOM.deal_unseen(rules, view, seed), action)
            summary = WAR_ROOM.play_on(rules, after, ("heuristic", "heuristic"), seed, None)
            values.append(summary.share(0))
        worth[action] = sum(values) / len(values)
    assert worth["activate"] == 1.0 > worth["decline"]
