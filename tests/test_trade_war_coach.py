"""The Trade War coach's three parts, as rule examples: a table dealt again from one
player's view shows that player exactly what they saw, puts each card only where the
player's memory of the earlier views allows, and never peeks at the real one; play_on
plays any state on as the traced engine does; a game is worth its share of the win.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import replace

import pytest

from wartutor.core import BadInput, Game, play_out
from wartutor.core.engine import Step, Summary
from wartutor.explore.coach import advise
from wartutor.variants.trade_war import TRADE_WAR, TradeRules, TradeState
from wartutor.variants.trade_war.cards import PUTIN, TradeCard, trade_card, trade_codes, trade_deck
from wartutor.variants.trade_war.memory import CENTER, OUT, Memory, hand, memory, pile
from wartutor.variants.trade_war.state import PUTIN_WINDOW
from wartutor.variants.trade_war.view import TradeView

DECK = sorted(c.code for c in trade_deck())


def rules_for(seed: int) -> TradeRules:
    """Rules that vary with the seed: every player count and every ruling a deal reads."""
    return TradeRules(
        players=2 + seed % 4, battle_tie=("defender", "again")[seed % 2],
        streak=("turn", "game")[seed // 2 % 2], end=("at-once", "end-of-turn")[seed // 4 % 2],
        putin_targets=("table", "table-or-hand")[seed % 3 == 0],
        stake_doubles=("stake", "play")[seed % 5 == 0], stake_size=("all", "two")[seed % 6 == 1],
        refill=("to-seven", "optional")[seed % 7 == 0],
        winnings=("resources", "hand-first")[seed % 4 == 3],
        battle_play=("free", "forced")[seed % 9 == 4], ask_hold=seed % 8 == 5,
        reward_to=("resources", "hand")[seed % 3 == 2],
        turn_order=("clockwise", "defender")[seed % 11 == 3],
        turn_limit=400 if seed % 3 == 0 else 60)  # a third of the games play to their end


def seats_for(seed: int, players: int) -> tuple[str, ...]:
    return tuple(("heuristic", "random")[(seed + p) % 2] for p in range(players))


def played(seed: int, rules: TradeRules | None = None
           ) -> tuple[TradeRules, tuple[str, ...], list[TradeState]]:
    """Game ``seed`` (under ``rules``, else this file's mix of rulings for it), its agents,
    and its every state."""
    rules = rules_for(seed) if rules is None else rules
    names = seats_for(seed, rules.players)
    agents = {p: TRADE_WAR.agents[name](p, seed) for p, name in enumerate(names)}
    game = play_out(Game.new(TRADE_WAR, rules, seed), agents)
    return rules, names, [step.state for step in game.steps]


# Played when a test first asks, not when the file is collected (every test worker collects
# every file).
@functools.cache
def played_games() -> list[tuple[TradeRules, tuple[str, ...], list[TradeState]]]:
    return [played(seed) for seed in range(24)]


def every_card(state: TradeState) -> list[str]:
    battle = state.battle
    zones = (*state.hands, *state.piles, state.center, state.removed,
             battle.cards if battle is not None else ())
    return sorted(c.code for zone in zones for c in zone)


def traced_on(rules: TradeRules, state: TradeState, names: tuple[str, ...], seed: int,
              max_length: int | None) -> Summary:
    """The traced engine's own continuation from ``state``, each agent made there with
    ``(p, seed)``, stopped at the first decision at ``max_length`` turns as simulate does."""
    agents = {p: TRADE_WAR.agents[name](p, seed) for p, name in enumerate(names)}
    while (decision := TRADE_WAR.decision(state)) is not None:
        if max_length is not None and state.turn >= max_length:
            return Summary(None, "unfinished", state.turn, dict(vars(state.tally)))
        seen = TRADE_WAR.view(state, decision.player)
        state, _ = TRADE_WAR.apply(state, agents[decision.player](seen, decision))
    return TRADE_WAR.summarize(Game(TRADE_WAR, rules, seed, None, (Step(None, (), state),)))


# deal_unseen


def test_the_played_games_reach_every_stage_and_player_count() -> None:
    states = [s for _, _, game in played_games() for s in game]
    assert {s.phase for s in states} == {"prepare", "ask", "attack", "defend", "putin",
                                         "reward", "over"}
    assert {s.rules.players for s in states} == {2, 3, 4, 5}
    assert any(s.battle is not None and s.battle.earlier for s in states)
    assert any(s.removed for s in states) and any(s.moved for s in states)


def test_a_dealt_table_shows_the_player_exactly_what_they_saw() -> None:
    for rules, _, game in played_games():
        for i, state in enumerate(game[:-1:2]):  # every other moment of 24 games
            decision = TRADE_WAR.decision(state)
            assert decision is not None
            for me in range(rules.players):
                seen = TRADE_WAR.view(state, me)
                dealt = TRADE_WAR.deal_unseen(rules, seen, 1000 * i + me)
                assert TRADE_WAR.view(dealt, me) == seen
                assert every_card(dealt) == DECK
                if decision.player == me:  # the coach can take every choice the player has
                    again = TRADE_WAR.decision(dealt)
                    assert again is not None and again.player == me
                    assert again.kind == decision.kind
                    # The cards moved this turn (TW-SWAP-ONCE) are not in the view: with
                    # none moved, more swaps may be open in the dealt table, never fewer.
                    if state.moved:
                        assert set(decision.legal_actions) <= set(again.legal_actions)
                    else:
                        assert again.legal_actions == decision.legal_actions


def test_the_same_seed_deals_the_same_table_and_another_seed_another() -> None:
    rules, _, game = played_games()[5]
    seen = TRADE_WAR.view(game[len(game) // 2], 1)
    tables = [TRADE_WAR.deal_unseen(rules, seen, seed) for seed in (3, 3, 4)]
    assert tables[0] == tables[1]
    assert tables[0].hands != tables[2].hands or tables[0].center != tables[2].center


def test_every_unseen_card_is_as_likely_as_any_other_in_a_hidden_place() -> None:
    """At the deal of two players you hold 7: each of the other 47 cards lies in the
    computer's hand 7 times in 47, in the centre 40 times in 47."""
    rules = TradeRules(players=2, first_player=0)
    state = TRADE_WAR.new_game(rules, 2, None)[0]
    seen = TRADE_WAR.view(state, 0)
    deals = 940
    in_hand = Counter(c.code for seed in range(deals)
                      for c in TRADE_WAR.deal_unseen(rules, seen, seed).hands[1])
    assert len(in_hand) == 47
    expected = deals * 7 / 47  # 140, give or take 11
    assert all(abs(count - expected) < 45 for count in in_hand.values()), in_hand


def test_at_putins_moment_someone_else_holds_putin_in_the_dealt_table() -> None:
    found = 0
    for rules, _, game in played_games():
        for state in game:
            holder = state.holder_of_putin()
            if state.phase != PUTIN_WINDOW or holder is None:
                continue
            for me in range(rules.players):
                if me != holder:
                    found += 1
                    dealt = TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(state, me), found)
                    assert dealt.holder_of_putin() not in (None, me)
                    assert TRADE_WAR.decision(dealt) is not None
    assert found > 10


def test_a_stacked_lesson_leaves_as_many_cards_out_of_the_game() -> None:
    rules = TradeRules(players=2, first_player=0)
    game = Game.new(TRADE_WAR, rules, stacked=("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D"))
    game = game.play("ask 1 7")
    seen = TRADE_WAR.view(game.state, 0)
    dealt = TRADE_WAR.deal_unseen(rules, seen, 8)
    assert TRADE_WAR.view(dealt, 0) == seen
    assert len(every_card(dealt)) == 10
    assert dealt.battle is not None and trade_codes(dealt.battle.stake) == "7H 7D"
    # Every copy of the asked rank went down (ruling TW-TRIPLES 'all'), and you hold the
    # seven of clubs: no seven can be in the computer's hand.
    assert all(c.code[0] != "7" for c in dealt.hands[1])


def test_the_deal_never_peeks_two_tables_that_look_alike_deal_alike() -> None:
    """Two real tables that differ only in cards you cannot see: the coach's deals from
    your view of each are the very same, and so are the games it plays on from them."""
    rules = TradeRules(players=3, first_player=0)
    state = TRADE_WAR.new_game(rules, 11, None)[0]
    position = TRADE_WAR.position_of(state)
    hands = position["hands"]
    one, two = hands[1].split(), hands[2].split()
    one[0], two[0] = two[0], one[0]  # the two computers trade a card behind your back
    other = TRADE_WAR.from_position(rules, {**position, "hands": [hands[0], " ".join(one),
                                                                 " ".join(two)]}, seed=11)
    assert other.hands != state.hands
    seen = TRADE_WAR.view(state, 0)
    assert TRADE_WAR.view(other, 0) == seen
    for seed in range(5):
        dealt = TRADE_WAR.deal_unseen(rules, seen, seed)
        assert dealt == TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(other, 0), seed)
        # A table dealt from a view is itself a real table with that view.
        dealt_again = TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(dealt, 0), seed)
        assert dealt_again == dealt
    names = ("heuristic",) * 3
    assert (TRADE_WAR.play_on(rules, TRADE_WAR.deal_unseen(rules, seen, 1), names, 4, None)
            == TRADE_WAR.play_on(rules, TRADE_WAR.deal_unseen(
                rules, TRADE_WAR.view(other, 0), 1), names, 4, None))


def test_the_teachers_view_and_a_finished_game_are_refused() -> None:
    rules, _, game = played_games()[0]
    with pytest.raises(BadInput, match="teacher's view"):
        TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(game[3], None), 0)
    assert game[-1].outcome is not None
    with pytest.raises(BadInput, match="the game is over"):
        TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(game[-1], 0), 0)
    with pytest.raises(BadInput, match="other rules"):
        TRADE_WAR.deal_unseen(TradeRules(players=rules.players, ace="low"),
                              TRADE_WAR.view(game[3], 0), 0)


def test_a_view_that_no_table_fits_is_refused_saying_so() -> None:
    rules, _, game = played_games()[0]
    seen = TRADE_WAR.view(game[3], 0)
    crowded = replace(seen, center_size=seen.center_size + 60)
    with pytest.raises(BadInput, match="cards are unseen"):
        TRADE_WAR.deal_unseen(rules, crowded, 0)
    # Putin's moment, and nobody but you has a card in hand, while you do not hold him.
    rules, state = next((r, s) for r, _, g in played_games() for s in g
                        if s.phase == PUTIN_WINDOW and s.holder_of_putin() != 0)
    seen = TRADE_WAR.view(state, 0)
    hidden = sum(seen.hand_sizes) - len(seen.my_hand)
    empty_handed = replace(seen, hand_sizes=(len(seen.my_hand),) + (0,) * (rules.players - 1),
                           center_size=seen.center_size + hidden)
    with pytest.raises(BadInput, match="no deal of the unseen cards fits this view"):
        TRADE_WAR.deal_unseen(rules, empty_handed, 0)


# memory: what a player can know of the hidden cards from the views they saw


def real_places(state: TradeState) -> dict[TradeCard, str]:
    """Where each hidden card really is, in the memory's words ("out": never dealt)."""
    places = {c: CENTER for c in state.center}
    for p in range(state.rules.players):
        places |= {c: hand(p) for c in state.hands[p]} | {c: pile(p) for c in state.piles[p]}
    return places


def histories(game: list[TradeState], me: int, now: int) -> dict[str, tuple[TradeView, ...]]:
    """The views ``me`` saw before state ``now``: all of them, and three kinds of gaps."""
    views = [TRADE_WAR.view(state, me) for state in game[:now]]
    deciding = [i for i, state in enumerate(game[:now])
                if (d := TRADE_WAR.decision(state)) is not None and d.player == me]
    return {"every step": tuple(views), "own decisions": tuple(views[i] for i in deciding),
            "every third": tuple(views[::3]), "the last five": tuple(views[-5:])}


def respects(state: TradeState, known: Memory) -> bool:
    real = real_places(state)
    return all(real.get(c, OUT) in where for c, where in known.places.items())


def test_the_real_table_always_lies_where_the_memory_allows_with_any_gaps() -> None:
    checked = 0
    for rules, _, game in played_games()[::2]:
        for now in range(1, len(game) - 1, 29):
            for me in range(rules.players):
                view = TRADE_WAR.view(game[now], me)
                for kind, seen in histories(game, me, now).items():
                    assert respects(game[now], memory(rules, seen, view)), (kind, now, me)
                    checked += 1
    assert checked > 800, checked


def test_a_table_dealt_from_a_history_shows_the_view_and_keeps_to_the_memory() -> None:
    for rules, _, game in played_games()[::4]:
        for now in range(0, len(game) - 1, 19):
            me = now % rules.players
            view = TRADE_WAR.view(game[now], me)
            for kind, seen in histories(game, me, now).items():
                known = memory(rules, seen, view)
                dealt = TRADE_WAR.deal_unseen(rules, view, now, seen=seen)
                assert TRADE_WAR.view(dealt, me) == view, kind
                assert every_card(dealt) == DECK
                assert respects(dealt, known), (kind, now)


def test_the_memory_follows_the_battle_cards_into_the_winners_resources() -> None:
    """With every step seen, about two thirds of the cards in other players' piles that
    the player once saw are known to be among that player's resources (hand or pile);
    from the view alone, none. Each hidden card has 3.5 places on average, not 4.4."""
    seen_once = within = places = alone = hidden = 0
    for rules, _, game in played_games()[:12]:
        views = [TRADE_WAR.view(state, 0) for state in game]
        shown: set[TradeCard] = set()
        for now in range(len(game) - 1):
            view = views[now]
            shown |= {*view.my_hand, *view.my_pile, *view.removed,
                      *(view.battle.cards if view.battle is not None else ())}
            if now % 10 or now == 0:
                continue
            known = memory(rules, views[:now], view)
            lone = memory(rules, (), view)
            for c, where in real_places(game[now]).items():
                if c in known.places:
                    hidden += 1
                    places += len(known.places[c])
                    alone += len(lone.places[c])
                if where.startswith("pile") and c in shown and c in known.places:
                    owner = where.split()[1]
                    seen_once += 1
                    within += known.places[c] <= {f"hand {owner}", f"pile {owner}"}
    assert within > 0.55 * seen_once, (within, seen_once)
    assert places < 0.85 * alone, (places / hidden, alone / hidden)


def test_a_miss_tells_that_the_asked_hand_lacked_the_rank() -> None:
    rules = TradeRules(players=2, first_player=0)
    game = Game.new(TRADE_WAR, rules, stacked=("AS 7C 2D", "7H 7D 3H 3D KC", "9C 9D QS"))
    game = game.play("ask 1 2")  # Computer 1 holds no two: your turn ends
    views = [TRADE_WAR.view(step.state, 0) for step in game.steps]
    known = memory(rules, views[:-1], views[-1])
    assert all(hand(1) not in known.places[trade_card(f"2{suit}")] for suit in "SHC")
    assert hand(1) in memory(rules, (), views[-1]).places[trade_card("2S")]


def test_under_the_go_fish_rule_an_ask_shows_a_rank_the_asker_holds() -> None:
    """Ruling TW-ASK-HOLD: Computer 1 asks you for a seven and you lay down three; the
    seven of spades is the only one left, so Computer 1 holds it."""
    rules = TradeRules(players=2, first_player=1, ask_hold=True)
    game = Game.new(TRADE_WAR, rules, stacked=("7C 7D 7H 2S", "7S KC 4D", "9C 9D QS"))
    game = game.play("ask 0 7")
    views = [TRADE_WAR.view(step.state, 0) for step in game.steps]
    assert memory(rules, views[:-1], views[-1]).places[trade_card("7S")] == {hand(1)}
    assert memory(rules, (), views[-1]).places[trade_card("7S")] == {hand(1), CENTER, OUT}


def test_putin_is_in_the_centre_just_after_he_struck() -> None:
    found = 0
    for rules, _, game in played_games():
        for now in range(1, len(game) - 1):
            if len(game[now].removed) > len(game[now - 1].removed):
                for me in range(rules.players):
                    views = [TRADE_WAR.view(state, me) for state in game[now - 1:now + 1]]
                    known = memory(rules, views[:1], views[1])
                    if PUTIN in known.places and views[1].center_size > views[0].center_size:
                        assert known.places[PUTIN] == {CENTER}
                        found += 1
    assert found > 5


def test_views_of_another_player_are_refused() -> None:
    rules, _, game = played_games()[0]
    with pytest.raises(BadInput, match="among the views seen by player 0"):
        TRADE_WAR.deal_unseen(rules, TRADE_WAR.view(game[3], 0), 0,
                              seen=(TRADE_WAR.view(game[2], 1),))


def test_equal_histories_deal_equal_tables_whatever_the_real_one() -> None:
    """The deal reads the views alone: the same history as other objects gives the same
    table, and two real tables that look alike to you deal alike."""
    rules, _, game = played_games()[7]
    now = len(game) // 2
    seen = histories(game, 1, now)["every step"]
    copies = tuple(replace(view) for view in seen)
    view = TRADE_WAR.view(game[now], 1)
    assert (TRADE_WAR.deal_unseen(rules, view, 5, seen=seen)
            == TRADE_WAR.deal_unseen(rules, replace(view), 5, seen=copies))
    rules = TradeRules(players=3, first_player=0)
    state = TRADE_WAR.new_game(rules, 11, None)[0]
    position = TRADE_WAR.position_of(state)
    hands = position["hands"]
    one, two = hands[1].split(), hands[2].split()
    one[0], two[0] = two[0], one[0]
    other = TRADE_WAR.from_position(rules, {**position, "hands": [hands[0], " ".join(one),
                                                                 " ".join(two)]}, seed=11)
    decision = TRADE_WAR.decision(state)
    assert decision is not None and decision.player == 0
    action = decision.legal_actions[-1]  # you ask, the same in both
    after = [TRADE_WAR.apply(s, action)[0] for s in (state, other)]
    histories_of = [(TRADE_WAR.view(s, 0),) for s in (state, other)]
    views = [TRADE_WAR.view(s, 0) for s in after]
    assert views[0] == views[1] and histories_of[0] == histories_of[1]
    assert after[0].hands != after[1].hands
    for seed in range(3):
        assert (TRADE_WAR.deal_unseen(rules, views[0], seed, seen=histories_of[0])
                == TRADE_WAR.deal_unseen(rules, views[1], seed, seen=histories_of[1]))


# play_on


def test_play_on_plays_on_as_the_traced_engine_does_from_anywhere() -> None:
    """Each agent made afresh at the cut, with the same seed, as the coach makes them; the
    random agent too, since both draw from that seed."""
    cuts = 0
    for n, (rules, names, game) in enumerate(played_games()):
        for state in game[:: max(len(game) // 8, 1)] + game[-1:]:
            for max_length in (None, state.turn + 3):
                on = TRADE_WAR.play_on(rules, state, names, n + 7, max_length)
                assert on == traced_on(rules, state, names, n + 7, max_length), (n, state.turn)
                cuts += 1
    assert cuts > 300


def test_play_on_from_the_deal_is_play_fast() -> None:
    for seed in range(24):
        rules = rules_for(seed)
        names = seats_for(seed + 1, rules.players)
        state = TRADE_WAR.new_game(rules, seed, None)[0]
        for max_length in (None, 9):
            assert (TRADE_WAR.play_on(rules, state, names, seed, max_length)
                    == TRADE_WAR.play_fast(rules, seed, names, max_length))


def test_play_on_from_a_finished_game_or_past_the_length_only_sums_it_up() -> None:
    rules, names, game = played_games()[2]
    over = TRADE_WAR.summarize(Game(TRADE_WAR, rules, 2, None, (Step(None, (), game[-1]),)))
    assert TRADE_WAR.play_on(rules, game[-1], names, 0, None) == over
    state = game[len(game) // 2]
    stopped = TRADE_WAR.play_on(rules, state, names, 0, max_length=1)
    assert stopped == Summary(None, "unfinished", state.turn, dict(vars(state.tally)))


def test_play_on_refuses_an_agent_it_cannot_play_and_a_state_of_other_rules() -> None:
    rules, _, game = played_games()[1]
    with pytest.raises(BadInput, match="not coach"):
        TRADE_WAR.play_on(rules, game[4], ("heuristic",) * (rules.players - 1) + ("coach",),
                          0, None)
    with pytest.raises(BadInput, match="one agent for each"):
        TRADE_WAR.play_on(rules, game[4], ("heuristic",) * (rules.players + 1), 0, None)
    with pytest.raises(BadInput, match="other rules"):
        TRADE_WAR.play_on(TradeRules(players=rules.players, ace="low"), game[4],
                          ("heuristic",) * rules.players, 0, None)



# An obvious position gets the obvious answer


def test_defending_with_the_ace_on_the_last_turn_rates_above_giving_the_battle_away() -> None:
    # The centre emptied this turn (TW-END 'end-of-turn'), so the game ends with the turn.
    # Computer 1 attacks your eight with a king: your ace wins the battle, its three cards
    # and the game; your two hands them all to Computer 1. (The ace is not quite sure to
    # win: Computer 1's unseen card may be Putin.)
    position = {"stage": "defend", "turn": 2, "instigator": 1, "deciding": 0,
                "hands": ["AS 2C", "5H"], "piles": ["KC", "QC JC"], "center": "",
                "center_emptied": True, "stacked": True,
                "battle": {"defender": 0, "rank": "8", "stake": "8S", "attack": "KD",
                           "defence": "", "earlier": "", "earlier_attack": ""}}
    game = Game.from_position(TRADE_WAR, TradeRules(players=2, end="end-of-turn"), position)
    assert game.decision is not None
    advice = advise(TRADE_WAR, game.rules, TRADE_WAR.view(game.state, 0), game.decision,
                    games=20, seed=0)
    chances = {c.action: c for c in advice.chances}
    assert advice.best.action == "play AS"
    assert chances["play AS"].low > chances["play 2C"].high
