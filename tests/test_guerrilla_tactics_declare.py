"""Ruling GT-DECLARE: in a promotion window everyone declares at once, so that being asked
gives nothing away.

With the default, 'those-able', only a player with no Guerrilla in hand is asked to
propose, and only one holding a Guerrilla is asked to cancel: watching who is asked tells
you who holds one. With 'everyone' the window opens on public facts alone (rank below 6,
every player still in has played a Guerrilla), every player still in declares, hidden
until all have declared, even one whose only choice is "pass" or "allow", and the
declarations are revealed together: the first proposer in seat order proposes
(GT-PROMO-ONCE), every Guerrilla declared to cancel is shown (GT-CANCEL-CARD), and the
first canceller in seat order after the proposer recruits (GT-MULTI-CANCEL).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest
from test_guerrilla_tactics_coach import real_place, states_of, traced_on, where

from wartutor.core import BadInput, Game, card, cards
from wartutor.core.engine import Summary
from wartutor.core.voice import speaking
from wartutor.explore.simulate import play_one
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.events import (
    CancelsRevealed,
    Chose,
    Promoted,
    PromotionCancelled,
    PromotionProposed,
    ProposalsRevealed,
)
from wartutor.variants.guerrilla_tactics.memory import memories
from wartutor.variants.guerrilla_tactics.state import DECK

GT = GUERRILLA_TACTICS
YOU, ANA, BEN = 0, 1, 2
EVERYONE = GuerrillaRules(players=3, declare="everyone")
THOSE_ABLE = GuerrillaRules(players=3)
AGENTS = tuple(GT.agents)


def window(rules: GuerrillaRules, hands: tuple[str, str, str], **more: Any) -> Game[Any]:
    """Skirmish 2 is about to begin and every player has played a Guerrilla: the promotion
    window is open. You hold ``hands[0]``, Ana ``hands[1]``, Ben ``hands[2]``; each has a
    short draw pile, and every other card is in the removed pile."""
    draws = ("9S 10S JS QS", "9H 10H JH", "9D 10D JD")
    held = {c for text in (*hands, *draws) for c in cards(text)}
    position = {
        "stage": "promote", "skirmish": 2, "guerrilla_rank": 2,
        "removed": " ".join(c.code for c in DECK if c.suit in "SHD" and c not in held),
        "seats": [{"draw": draw, "hand": hand, "played_guerrilla": True}
                  for draw, hand in zip(draws, hands, strict=True)],
        **more,
    }
    return Game.from_position(GT, rules, position, seed=0)


def play(game: Game[Any], *actions: str) -> Game[Any]:
    for action in actions:
        game = game.play(action)
    return game


def asked(game: Game[Any]) -> tuple[int, str, tuple[str, ...]]:
    decision = game.decision
    assert decision is not None
    return decision.player, decision.kind, decision.legal_actions


def last_events(game: Game[Any], kind: type) -> list[Any]:
    return [e for e in game.steps[-1].events if isinstance(e, kind)]


# The flow, step by step


def test_everyone_is_asked_to_declare_even_with_only_pass_to_declare() -> None:
    # You hold nothing and may propose; Ana and Ben hold a Guerrilla and may only pass.
    game = window(EVERYONE, ("", "2H", "2D"))
    assert asked(game) == (YOU, "promote", ("propose", "pass"))
    game = game.play("propose")
    assert asked(game) == (ANA, "promote", ("pass",))
    game = game.play("pass")
    assert asked(game) == (BEN, "promote", ("pass",))


def test_a_declaration_stays_hidden_until_everyone_has_declared() -> None:
    game = play(window(EVERYONE, ("", "2H", "2D")), "propose")
    # Nothing is proposed yet: the log says only that you have declared.
    assert [type(e) for e in game.steps[-1].events] == [Chose]
    assert GT.explain(game.steps[-1].events[0]) == (
        "You have declared; every declaration stays hidden until all are in.")
    seen = GT.view(game.state, ANA)
    assert seen.stage == "promote" and seen.proposer is None
    assert seen.seats[YOU].has_chosen and seen.seats[YOU].pending is None
    assert GT.view(game.state, YOU).seats[YOU].pending == "propose"
    assert seen.waiting_for == (ANA, BEN)  # everyone yet to declare


def test_the_declarations_are_revealed_together_and_the_proposal_is_answered_at_once() -> None:
    game = play(window(EVERYONE, ("", "2H", "2D")), "propose", "pass", "pass")
    revealed = last_events(game, ProposalsRevealed)[0]
    assert (revealed.proposers, revealed.passed, revealed.rule) == ((YOU,), (ANA, BEN),
                                                                    "GT-DECLARE")
    assert GT.explain(revealed) == (
        "Everyone declares at once, and the declarations are revealed together: you propose "
        "a promotion, Ana and Ben pass. Every other player now declares at once whether to "
        "cancel it or allow it.")
    assert last_events(game, PromotionProposed)[0].player == YOU
    assert asked(game) == (ANA, "cancel", ("cancel 2H", "allow"))
    assert GT.view(game.state, YOU).waiting_for == (ANA, BEN)


def test_every_cancel_is_shown_and_the_first_after_the_proposer_recruits() -> None:
    game = play(window(EVERYONE, ("", "2H", "2D")), "propose", "pass", "pass")
    game = game.play("cancel 2H")
    assert [type(e) for e in game.steps[-1].events] == [Chose]  # Ben has yet to answer
    assert asked(game) == (BEN, "cancel", ("cancel 2D", "allow"))
    game = game.play("cancel 2D")
    revealed = last_events(game, CancelsRevealed)[0]
    assert revealed.cancels == ((ANA, card("2H")), (BEN, card("2D")))
    assert GT.explain(revealed) == (
        "Everyone declares at once, and the declarations are revealed together: Ana cancels "
        "with the two of hearts and Ben cancels with the two of diamonds. Each Guerrilla "
        "shown stays in its owner's hand, seen by everyone; Ana, first in seat order after "
        "you, recruits.")
    with speaking(ANA, ("Ada", "Bo", "Cy")):  # the log as Ana reads it, in a room
        assert GT.explain(revealed).endswith("you, first in seat order after Ada, recruit.")
    cancelled = last_events(game, PromotionCancelled)[0]
    assert (cancelled.canceller, cancelled.recruited) == (ANA, 2)
    assert game.state.guerrilla_rank == 2 and game.state.tally.cancellations == 1
    assert game.state.seats[ANA].discard == cards("9S 10S")  # recruited from your draw pile
    assert not game.state.seats[BEN].discard
    mine = GT.view(game.state, YOU)
    assert (mine.seats[ANA].shown, mine.seats[BEN].shown) == (cards("2H"), cards("2D"))


def test_the_first_in_seat_order_after_the_proposer_goes_round_the_table() -> None:
    # Ben proposes: after him come you, then Ana. Both of you cancel; you recruit.
    game = play(window(EVERYONE, ("2S", "2H", "")), "pass", "pass", "propose")
    assert last_events(game, PromotionProposed)[0].player == BEN
    assert asked(game) == (YOU, "cancel", ("cancel 2S", "allow"))
    game = play(game, "cancel 2S", "cancel 2H")
    assert last_events(game, PromotionCancelled)[0].canceller == YOU
    assert game.state.seats[YOU].discard == cards("9D 10D")


def test_of_several_proposers_the_first_in_seat_order_proposes_and_the_others_answer() -> None:
    game = play(window(EVERYONE, ("", "", "2D")), "propose", "propose", "pass")
    revealed = last_events(game, ProposalsRevealed)[0]
    assert revealed.proposers == (YOU, ANA)
    assert ("Only one proposal is made before a skirmish: you, first in seat order, are the "
            "proposer.") in GT.explain(revealed)
    # Ana proposed too, and holds no Guerrilla: allowing is all she may do, and she is asked.
    assert asked(game) == (ANA, "cancel", ("allow",))
    game = play(game, "allow", "allow")
    revealed = last_events(game, CancelsRevealed)[0]
    assert (revealed.cancels, revealed.allowed) == ((), (ANA, BEN))
    assert GT.explain(revealed) == ("Everyone declares at once, and the declarations are "
                                    "revealed together: Ana and Ben allow the promotion.")
    assert last_events(game, Promoted)[0].rank == 3


def test_when_everyone_passes_the_skirmish_begins_without_a_promotion() -> None:
    game = play(window(EVERYONE, ("", "", "2D")), "pass", "pass", "pass")
    revealed = last_events(game, ProposalsRevealed)[0]
    assert GT.explain(revealed) == (
        "Everyone declares at once, and the declarations are revealed together: you, Ana "
        "and Ben pass, so nobody proposes a promotion.")
    assert game.state.proposer is None and asked(game)[1] == "play"


def test_every_event_of_a_declaration_cites_a_known_rule() -> None:
    game = play(window(EVERYONE, ("", "2H", "2D")), "propose", "pass", "pass", "cancel 2H",
                "allow")
    for step in game.steps[1:]:
        for e in step.events:
            assert e.rule in GT.rule_titles and GT.explain(e)
    assert GT.rule_titles["GT-DECLARE"].startswith("ruling GT-DECLARE")


def test_a_declaration_out_of_reach_is_refused_with_the_reason() -> None:
    game = play(window(EVERYONE, ("", "2H", "2D")), "propose")
    assert GT.why_not(game.state, "propose") == (
        "Ana may not propose a promotion while holding a Guerrilla (the two of hearts).")
    game = play(window(EVERYONE, ("", "KH", "2D")), "propose", "propose", "pass")
    assert asked(game) == (ANA, "cancel", ("allow",))
    assert GT.why_not(game.state, "cancel KH") == (
        "Only a Guerrilla cancels a promotion, and the king of hearts is not one: the "
        "Guerrillas are the 2s.")


# Being asked gives nothing away


def test_the_others_see_the_same_window_whoever_holds_a_guerrilla() -> None:
    # Ana holds a Guerrilla, or does not: until the declarations are revealed, you see the
    # same table and the same players asked, in the same order.
    games = [window(EVERYONE, ("", ana, "2D")) for ana in ("2H", "KH")]
    for action in ("propose", "pass", None):
        views = [GT.view(g.state, YOU) for g in games]
        decisions = [(g.decision.player, g.decision.kind) for g in games if g.decision]
        assert views[0] == views[1] and decisions[0] == decisions[1]
        if action is None:
            break
        games = [g.play(action) for g in games]
        logs = [[GT.explain(e) for e in g.steps[-1].events] for g in games]
        assert logs[0] == logs[1]


def test_by_default_only_those_able_to_act_are_asked_in_turn() -> None:
    # Today's behaviour, unchanged: Ana and Ben hold a Guerrilla, so only you may propose;
    # Ana cancels first, at once, and Ben is never asked.
    game = window(THOSE_ABLE, ("", "2H", "2D"))
    assert asked(game) == (YOU, "promote", ("propose", "pass"))
    assert GT.view(game.state, ANA).waiting_for == (YOU,)
    game = game.play("propose")
    assert last_events(game, PromotionProposed)[0].player == YOU
    assert not last_events(game, ProposalsRevealed)
    assert asked(game) == (ANA, "cancel", ("cancel 2H", "allow"))
    game = game.play("cancel 2H")
    assert not last_events(game, CancelsRevealed)
    assert last_events(game, PromotionCancelled)[0].canceller == ANA
    assert GT.view(game.state, YOU).seats[BEN].shown == ()
    assert asked(game)[1] == "play"


def test_by_default_there_is_no_window_when_nobody_may_propose() -> None:
    with pytest.raises(BadInput, match="nobody would be asked in stage 'promote'"):
        window(THOSE_ABLE, ("2S", "2H", "2D"))
    assert asked(window(EVERYONE, ("2S", "2H", "2D"))) == (YOU, "promote", ("pass",))


def test_the_window_opens_on_public_facts_only() -> None:
    # Not every player has played a Guerrilla: no window, under either ruling.
    for rules in (EVERYONE, THOSE_ABLE):
        with pytest.raises(BadInput, match="once every player still in has played a Guerrilla"):
            Game.from_position(GT, rules, {
                "stage": "promote", "skirmish": 2, "guerrilla_rank": 2,
                "removed": " ".join(c.code for c in DECK if c.suit in "SHD"
                                    and c not in cards("9S 9H 9D")),
                "seats": [{"draw": "9S", "played_guerrilla": True}, {"draw": "9H"},
                          {"draw": "9D", "played_guerrilla": True}]}, seed=0)


# The support step: everyone tied or losing with a card in hand is asked

SUPPORT = ("KS 3S 5S 6S", "9H KH 7H 8H", "8D 4D 9D 10D")  # the top two are drawn first


def test_a_player_with_no_support_that_helps_is_asked_all_the_same() -> None:
    # You lead the king. Ana's KH would tie it; Ben's 4D helps nothing: by default he
    # declines unasked, which would tell Ana he holds no card that helps.
    game = play(Game.new(GT, EVERYONE, seed=0, stacked=SUPPORT),
                "play KS", "play 9H", "play 8D")
    assert asked(game) == (ANA, "support", ("support KH", "decline"))
    assert GT.view(game.state, YOU).waiting_for == (ANA, BEN)
    game = game.play("decline")
    assert asked(game) == (BEN, "support", ("decline",))
    game = game.play("decline")
    assert any(GT.explain(e).startswith("Ana and Ben do not support, so you win the skirmish.")
               for e in game.steps[-1].events)
    default = play(Game.new(GT, THOSE_ABLE, seed=0, stacked=SUPPORT),
                   "play KS", "play 9H", "play 8D", "decline")
    assert asked(default)[1] == "play"  # Ben was not asked


def test_who_is_asked_to_support_shows_nothing_of_the_hands() -> None:
    games = [play(Game.new(GT, EVERYONE, seed=0, stacked=("KS 3S 5S 6S", ana, "8D 4D 9D 10D")),
                  "play KS", "play 9H", "play 8D") for ana in ("9H KH 7H 8H", "9H 5H 7H 8H")]
    for action in ("decline", "decline", None):
        assert GT.view(games[0].state, BEN) == GT.view(games[1].state, BEN)
        assert [asked(g)[:2] for g in games] == [asked(games[0])[:2]] * 2
        if action is None:
            break
        games = [g.play(action) for g in games]


# Positions


def fields(state: Any) -> dict[str, Any]:
    return {f.name: getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "rng"}


@pytest.mark.parametrize("actions", [(), ("propose",), ("propose", "pass"),
                                     ("propose", "pass", "pass"),
                                     ("propose", "pass", "pass", "cancel 2H")])
def test_a_window_with_declarations_pending_is_a_position_and_back(
        actions: tuple[str, ...]) -> None:
    state = play(window(EVERYONE, ("", "2H", "2D")), *actions).state
    position = GT.position_of(state)
    back = GT.from_position(EVERYONE, position, seed=0)
    assert fields(back) == fields(state) and GT.position_of(back) == position
    assert back.decision == state.decision


def test_a_support_position_asks_a_player_who_may_only_decline() -> None:
    # You led the king; Ana has declined; Ben, whose 4D cannot help, is still to declare.
    held = cards("KS 3S 9H KH 8D 4D")
    position = {
        "stage": "support", "skirmish": 1, "guerrilla_rank": 2, "to_choose": [BEN],
        "removed": " ".join(c.code for c in DECK if c.suit in "SHD" and c not in held),
        "seats": [{"hand": "3S", "table": ["play KS"]},
                  {"hand": "KH", "table": ["play 9H"], "chosen": "decline"},
                  {"hand": "4D", "table": ["play 8D"]}],
    }
    state = GT.from_position(EVERYONE, position, seed=0)
    assert state.decision is not None and state.decision.legal_actions == ("decline",)
    assert GT.position_of(state)["to_choose"] == [BEN]
    # Under the text's reading nobody asks Ben: the game takes his one choice and plays on
    # (a moment where the rules go on by themselves is a position too), to the end here.
    played_on = GT.from_position(THOSE_ABLE, position, seed=0)
    assert played_on.decision is None and GT.position_of(played_on)["stage"] == "over"


def test_a_position_with_a_declaration_the_rules_forbid_is_refused() -> None:
    position = GT.position_of(play(window(EVERYONE, ("", "2H", "2D")), "propose", "pass").state)
    position["seats"][ANA]["chosen"] = "propose"  # she holds the 2H
    with pytest.raises(BadInput, match="has chosen 'propose'"):
        GT.from_position(EVERYONE, position, seed=0)
    # Under the default nobody's answer waits: each acts at once.
    position = GT.position_of(play(window(EVERYONE, ("", "", "2D")), "propose").state)
    del position["to_choose"]
    with pytest.raises(BadInput, match="not among those who have chosen"):
        GT.from_position(THOSE_ABLE, position, seed=0)


# The fast path and the coach


def assert_same(rules: GuerrillaRules, seed: int, agents: tuple[str, ...],
                max_length: int | None) -> Summary:
    fast = GT.play_fast(rules, seed, agents, max_length)
    assert fast == play_one("guerrilla_tactics", rules, seed, agents=agents, traced=True,
                            max_length=max_length), (rules, seed, agents, max_length)
    return fast


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("more", [{}, {"promotion_window": "after-draw"},
                                  {"guerrillas_played": "whole-game",
                                   "recruit_short": "reshuffle"}], ids=str)
def test_the_fast_path_plays_the_declarations_as_the_traced_engine(
    players: int, more: dict[str, Any]
) -> None:
    rules = GuerrillaRules(players=players, declare="everyone", **more)
    mixed = tuple(AGENTS[p % 2] for p in range(players))
    counts: Counter[str] = Counter()
    for seed in range(8):
        for agents in [(name,) * players for name in AGENTS] + [mixed, mixed[::-1]]:
            for max_length in (None, 4):
                counts.update(assert_same(rules, seed, agents, max_length).counts)
    assert counts["promotions"] and counts["cancellations"]  # windows were played


@pytest.mark.parametrize("players", [2, 3, 4])
def test_heuristic_players_play_the_same_games_either_way(players: int) -> None:
    # The heuristic proposes, cancels and supports on what it sees, and a player who may
    # only pass, allow or decline does just that: asking everyone changes who is asked,
    # not what is done (random players draw for every choice asked, so theirs differ).
    seats = ("heuristic",) * players
    for seed in range(20):
        assert GT.play_fast(GuerrillaRules(players=players, declare="everyone"), seed, seats,
                            None) == GT.play_fast(GuerrillaRules(players=players), seed, seats,
                                                  None)


def test_play_on_from_inside_a_window_plays_on_as_the_traced_engine() -> None:
    inside = 0
    for seed in range(10):
        rules = GuerrillaRules(players=2 + seed % 3, declare="everyone")
        agents = tuple(AGENTS[(p + seed) % 2] for p in range(rules.players))
        for state in states_of(rules, seed, agents, steps=200):
            if state.stage not in ("promote", "cancel"):
                continue
            inside += 1
            assert GT.play_on(rules, state, agents, seed, 300) == traced_on(
                rules, state, agents, seed, 300), (seed, state.skirmish)
    assert inside > 20


@pytest.mark.parametrize("seed", range(3))  # 2, 3 and 4 players
def test_the_memory_stays_sound_and_the_dealt_table_looks_the_same(seed: int) -> None:
    rules = GuerrillaRules(players=2 + seed % 3, declare="everyone")
    deck = Counter(c for c in DECK if c.suit in "".join(rules.suits))
    agents = tuple(AGENTS[(p + seed) % 2] for p in range(rules.players))
    states = [s for s in states_of(rules, seed, agents, steps=160) if s.outcome is None]
    assert any(s.stage == "cancel" for s in states)
    for p in range(rules.players):
        views = [GT.view(s, p) for s in states]
        for i, known in enumerate(memories(rules, views)):
            real = real_place(states[i])
            assert all(real[c] in places for c, places in known.allowed.items()), (seed, p, i)
            if states[i].stage in ("promote", "cancel") or i % 20 == 0:
                dealt = GT.deal_unseen(rules, views[i], seed + i, seen=views[:i])
                assert GT.view(dealt, p) == views[i] and where(dealt) == deck, (seed, p, i)
                if p == states[i].asked[0]:
                    assert GT.decision(dealt) == GT.decision(states[i])


def test_under_everyone_being_asked_says_nothing_of_a_hand() -> None:
    # Ana and Ben may only pass, and you cannot tell: dealt from your view, either of
    # them may hold a Guerrilla or not.
    game = play(window(EVERYONE, ("", "2H", "KD")), "propose")
    seen = GT.view(game.state, YOU)
    hands = [GT.deal_unseen(EVERYONE, seen, s).seats for s in range(40)]
    for p in (ANA, BEN):
        kinds = {any(c.rank == 2 for c in seats[p].hand) for seats in hands}
        assert kinds == {True, False}, p
