"""What Arsenal gives the coach: tables dealt from one side's view, matches played on from
any state exactly as the traced engine plays them, and what a finished match is worth.

A side sees its own hand, every card played and the sizes of the other hand and the pile;
the coach deals the cards it has not seen at random and plays on from there. The dealt
table must look to that side exactly like the real one, it must be decided by the view
alone (no peeking), and playing on from it must be the same match the traced engine plays.
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from wartutor.core import BadInput, Game, play_out
from wartutor.core.engine import Step, Summary
from wartutor.variants.arsenal import ARSENAL, ArsenalRules, ArsenalState
from wartutor.variants.arsenal.cards import arsenal_codes, standard_deck

AGENTS = tuple(ARSENAL.agents)
OWN_DECK = "NK-SF KV-PR CS-SO RK-ML SH-SD DY-SF MT-PR BW-MC CS-PR AS-SO SX-SO GL-PR"
# Rulings in turn: the named decks and one of one's own, every hand size offered, both
# readings of running dry and every draw order.
RULES = [ArsenalRules(deck=deck, hand_size=hand_size, dry=dry, draw_order=order)
         for deck, hand_size, dry, order in product(
             ("standard", "four-suits", OWN_DECK), (7, 5, 3), ("all-played", "pile-empty"),
             ("winner-first", "you-first", "npc-first"))][::2]
# Stacked deals: a deck of their own cards, and first hands short of the rules' size
# (the last one short with all 90 cards).
WHOLE_DECK = arsenal_codes(standard_deck()).split()
STACKED = (("RK-SF KV-PR", "NK-SO CS-ML", "MT-SF DY-PR BW-SD SH-MC", "npc"),
           ("NK-SD", "SH-PR", "CS-SF MT-ML RK-PR KV-SF", "you"),
           ("MT-SF NK-SF DY-SD", "DY-PR DY-ML CS-SO", ""),
           (" ".join(WHOLE_DECK[:3]), " ".join(WHOLE_DECK[3:6]), " ".join(WHOLE_DECK[6:])))


def played(game: Game[ArsenalState], seed: int) -> Game[ArsenalState]:
    agents = (AGENTS[seed % len(AGENTS)], AGENTS[(5 * seed + 3) % len(AGENTS)])
    return play_out(game, {p: ARSENAL.agents[name](p, seed) for p, name in enumerate(agents)})


def games() -> list[Game[ArsenalState]]:
    found = [played(Game.new(ARSENAL, rules, seed), seed) for seed, rules in enumerate(RULES)]
    found += [played(Game.new(ARSENAL, seed=seed), seed) for seed in range(30, 36)]
    found += [played(Game.new(ARSENAL, seed=seed, stacked=stacked), seed)
              for seed, stacked in enumerate(STACKED)]
    return found


GAMES = games()
IN_PLAY = [step.state for game in GAMES for step in game.steps if step.state.outcome is None]


def continued(state: ArsenalState, agents: tuple[str, str], seed: int,
              max_length: int | None = None) -> Summary:
    """The traced engine's own continuation from ``state``: agents made afresh for ``seed``
    choose on their views, and the match stops at its first choice once it has played
    ``max_length`` rounds (as simulate's traced engine stops)."""
    players = {p: ARSENAL.agents[name](p, seed) for p, name in enumerate(agents)}
    while (decision := ARSENAL.decision(state)) is not None:
        if max_length is not None and len(state.history) >= max_length:
            break
        view = ARSENAL.view(state, decision.player)
        state = ARSENAL.apply(state, players[decision.player](view, decision))[0]
    return ARSENAL.summarize(Game(ARSENAL, state.rules, seed, None, (Step(None, (), state),)))


def every_card(state: ArsenalState) -> Counter[str]:
    lead = () if state.lead is None else (state.lead,)
    return Counter(c.code for c in (*state.hands[0], *state.hands[1], *state.pile, *lead,
                                    *state.captured[0], *state.captured[1]))


def test_the_games_reach_both_stages_stacked_deals_and_sudden_death() -> None:
    assert {state.lead is None for state in IN_PLAY} == {True, False}
    assert any(state.deck != state.rules.cards for state in IN_PLAY)  # a stacked deal
    assert any(game.state.sudden_death for game in GAMES)


def test_a_dealt_table_shows_the_player_exactly_what_they_saw() -> None:
    moved = 0
    for n, state in enumerate(IN_PLAY):
        for seat in (0, 1):
            seen = ARSENAL.view(state, seat)
            dealt = ARSENAL.deal_unseen(state.rules, seen, seed=n * 2 + seat)
            assert ARSENAL.view(dealt, seat) == seen, (n, seat)
            assert every_card(dealt) == Counter(c.code for c in state.deck)
            assert dealt.deck == state.deck and dealt.tally == state.tally
            due, now = ARSENAL.decision(dealt), ARSENAL.decision(state)
            assert due is not None and now is not None
            assert (due.player, due.kind) == (now.player, now.kind)
            assert due == now or now.player != seat  # the other side's cards are other cards
            moved += dealt.hands[1 - seat] != state.hands[1 - seat] or dealt.pile != state.pile
    assert moved > len(IN_PLAY)  # the unseen cards really are dealt anew


def test_the_unseen_cards_go_anywhere_they_could_be() -> None:
    state = Game.new(ARSENAL, seed=5).state
    seen = ARSENAL.view(state, 0)
    npc_hands = [ARSENAL.deal_unseen(state.rules, seen, seed).hands[1] for seed in range(60)]
    held = Counter(c for hand in npc_hands for c in hand)
    assert set(held) == set(seen.unseen())  # every unseen card was in the NPC's hand sometime
    assert len(set(npc_hands)) == 60


def test_the_same_seed_deals_the_same_table() -> None:
    state = IN_PLAY[40]
    seen = ARSENAL.view(state, 1)
    assert ARSENAL.deal_unseen(state.rules, seen, 7) == ARSENAL.deal_unseen(state.rules, seen, 7)
    assert ARSENAL.deal_unseen(state.rules, seen, 7) != ARSENAL.deal_unseen(state.rules, seen, 8)


def other_hidden_cards(state: ArsenalState, seat: int) -> ArsenalState:
    """A real table with the same view for ``seat`` and other hidden cards, if it can have
    any: once the pile is used up, the other hand is every card not yet seen."""
    seen = ARSENAL.view(state, seat)
    for seed in range(100):
        other = ARSENAL.deal_unseen(state.rules, seen, seed)
        if other.pile != state.pile or not seen.pile_count:
            return other
    raise AssertionError("no other hidden cards in 100 deals")


def test_the_coach_does_not_peek_other_hidden_cards_deal_the_same_table() -> None:
    """Two real tables a side cannot tell apart give that side the same dealt table, and so
    the same matches played on from it."""
    for n, state in enumerate(IN_PLAY[::7]):
        for seat in (0, 1):
            seen = ARSENAL.view(state, seat)
            other = other_hidden_cards(state, seat)
            assert ARSENAL.view(other, seat) == seen
            dealt = ARSENAL.deal_unseen(state.rules, seen, seed=n)
            assert ARSENAL.deal_unseen(other.rules, ARSENAL.view(other, seat), seed=n) == dealt
            agents = ("heuristic", "level-5")
            assert ARSENAL.play_on(state.rules, dealt, agents, n, None) == ARSENAL.play_on(
                other.rules, ARSENAL.deal_unseen(other.rules, ARSENAL.view(other, seat), n),
                agents, n, None)


def test_two_positions_differing_only_in_the_npcs_hand_and_pile_deal_alike() -> None:
    position = {
        "stage": "lead", "round": 2, "leader": "you", "lead": None,
        "hands": {"you": "NK-SO RK-ML BW-PR", "npc": "SH-SF CS-SF MT-SF"},
        "pile": "KV-PR DY-SD", "captured": {"you": "AS-PR CS-SO", "npc": ""},
        "rounds": ["npc AS-PR CS-SO"], "sudden_death": None,
    }
    rules = ArsenalRules(deck="NK-SO RK-ML BW-PR DY-SD SH-SF CS-SF MT-SF KV-PR CS-SO AS-PR",
                         hand_size=3)
    swapped = {**position, "hands": {"you": "NK-SO RK-ML BW-PR", "npc": "KV-PR DY-SD MT-SF"},
               "pile": "CS-SF SH-SF"}
    real = ARSENAL.from_position(rules, position, seed=1)
    other = ARSENAL.from_position(rules, swapped, seed=2)
    assert ARSENAL.view(real, 0) == ARSENAL.view(other, 0)
    for seed in range(5):
        assert (ARSENAL.deal_unseen(rules, ARSENAL.view(real, 0), seed)
                == ARSENAL.deal_unseen(rules, ARSENAL.view(other, 0), seed))


def test_playing_on_from_any_step_is_the_traced_engines_own_continuation() -> None:
    """Every agent (the random ones too: made afresh for the seed, they draw the same), cut
    at many steps of games under many rulings, whole and stopped by a maximum length."""
    endings: Counter[str] = Counter()
    for n, state in enumerate(IN_PLAY[::2]):
        agents = (AGENTS[n % len(AGENTS)], AGENTS[(7 * n + 2) % len(AGENTS)])
        want = continued(state, agents, seed=n)
        assert ARSENAL.play_on(state.rules, state, agents, n, None) == want, (n, agents)
        endings[want.ending] += 1
        cut = len(state.history) + n % 4
        assert ARSENAL.play_on(state.rules, state, agents, n, cut) == continued(
            state, agents, n, cut)
    assert {"most-captured", "sudden-death"} <= set(endings)


def test_playing_on_from_a_dealt_table_is_the_traced_engines_continuation_too() -> None:
    for n, state in enumerate(IN_PLAY[1::11]):
        seat = n % 2
        dealt = ARSENAL.deal_unseen(state.rules, ARSENAL.view(state, seat), n)
        agents = ("heuristic", "level-9") if seat else ("level-10", "random")
        assert ARSENAL.play_on(dealt.rules, dealt, agents, n, None) == continued(dealt, agents, n)


def test_playing_on_from_the_deal_is_the_fast_paths_game() -> None:
    for n, (rules, you, npc) in enumerate(product(RULES[::2], AGENTS[::3], AGENTS[1::4])):
        seed = 17 * n + 1
        dealt = Game.new(ARSENAL, rules, seed).state
        assert ARSENAL.play_on(rules, dealt, (you, npc), seed, None) == ARSENAL.play_fast(
            rules, seed, (you, npc), None)
        assert ARSENAL.play_on(rules, dealt, (you, npc), seed, 2) == ARSENAL.play_fast(
            rules, seed, (you, npc), 2)


def test_a_finished_match_plays_on_to_itself() -> None:
    for game in GAMES[:8]:
        assert ARSENAL.play_on(game.rules, game.state, ("random", "random"), 0, None) == (
            ARSENAL.summarize(game))


def test_a_match_is_worth_one_to_its_winner_and_nothing_to_the_loser() -> None:
    won = ARSENAL.summarize(GAMES[0])
    assert won.winners is not None
    (winner,) = won.winners
    assert won.share(winner) == 1.0 and won.share(1 - winner) == 0.0
    unfinished = ARSENAL.play_on(GAMES[0].rules, GAMES[0].steps[0].state, ("random", "random"),
                                 0, 3)
    assert unfinished.ending == "unfinished"
    assert unfinished.share(0) == unfinished.share(1) == 0.0


def test_a_teachers_view_or_a_finished_match_has_nothing_to_deal() -> None:
    state = IN_PLAY[0]
    with pytest.raises(BadInput, match="the teacher's view shows every card"):
        ARSENAL.deal_unseen(state.rules, ARSENAL.view(state, None), 0)
    over = GAMES[0].state
    with pytest.raises(BadInput, match="the match is over"):
        ARSENAL.deal_unseen(over.rules, ARSENAL.view(over, 0), 0)
    with pytest.raises(BadInput, match="under other rules"):
        ARSENAL.deal_unseen(ArsenalRules(hand_size=3), ARSENAL.view(Game.new(ARSENAL).state, 0),
                            0)
    with pytest.raises(BadInput, match="cannot be a seed"):
        ARSENAL.deal_unseen(state.rules, ARSENAL.view(state, 0), -1)


def test_playing_on_refuses_agents_it_does_not_know_and_other_rules() -> None:
    state = Game.new(ARSENAL, seed=1).state
    with pytest.raises(BadInput, match="does not know how the agent 'a student' plays"):
        ARSENAL.play_on(state.rules, state, ("random", "a student"), 0, None)
    with pytest.raises(BadInput, match="3 agents were given for 2 seats"):
        ARSENAL.play_on(state.rules, state, ("random",) * 3, 0, None)
    with pytest.raises(BadInput, match="under other rules"):
        ARSENAL.play_on(ArsenalRules(hand_size=5), state, ("random", "random"), 0, None)


def test_a_stacked_deals_dealt_table_keeps_its_deck_and_its_short_hands() -> None:
    for stacked in (STACKED[0], STACKED[3]):
        state = Game.new(ARSENAL, seed=4, stacked=stacked).state
        seen = ARSENAL.view(state, 0)
        dealt = [ARSENAL.deal_unseen(state.rules, seen, seed) for seed in range(5)]
        assert all(d.deck == state.deck and ARSENAL.view(d, 0) == seen for d in dealt)
        assert all(len(d.hands[1]) == len(state.hands[1]) < state.rules.hand_size for d in dealt)
        assert any(d.hands[1] != state.hands[1] for d in dealt)
