"""Arsenal's rule text, section by section, and every ruling, as small stacked games.

A stacked deal is (your hand, the NPC's hand, the pile top first[, who leads]).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import pytest

from wartutor.core import BadInput, Game, play_out, rules_from
from wartutor.core.chance import Rng
from wartutor.core.rulings import rulings_of
from wartutor.variants import find_variant
from wartutor.variants.arsenal import ARSENAL, ArsenalRules, arsenal_card, arsenal_cards, beats
from wartutor.variants.arsenal.agents import AGENTS
from wartutor.variants.arsenal.cards import KINDS, SUITS, standard_deck
from wartutor.variants.arsenal.clash import clash
from wartutor.variants.arsenal.game import (
    NPC,
    YOU,
    Clashed,
    CoinTossed,
    LeadPassed,
    Led,
    MatchOver,
    RanDry,
    Refilled,
    SuddenDeathDrawn,
)


def new(*stacked: str, seed: int = 0, **settings: Any) -> Game[Any]:
    return Game.new(ARSENAL, ArsenalRules(**settings), seed, stacked)


def events_of(game: Game[Any], kind: type) -> list[Any]:
    return [e for step in game.steps for e in step.events if isinstance(e, kind)]


def said(game: Game[Any]) -> str:
    return "\n".join(ARSENAL.explain(e) for step in game.steps for e in step.events)


# The Deck


def test_the_deck_is_ninety_cards_six_suits_of_fifteen() -> None:
    deck = standard_deck()
    assert len(deck) == len(set(deck)) == 90
    for suit in SUITS:
        names = [c.name for c in deck if c.suit == suit]
        assert len(names) == 15
        assert sum(c.family == "bomb" for c in deck if c.suit == suit) == 11
        assert [sum(c.level == n for c in deck if c.suit == suit and c.family == "bomb")
                for n in (1, 2, 3, 4)] == [3, 3, 3, 2]
        assert {"Kevlar", "Brick Wall", "Shield", "Counter-Strike"} <= set(names)
    assert [arsenal_card(f"KV-{s}").suit_rank for s in SUITS] == [6, 5, 4, 3, 2, 1]


def test_cards_that_are_not_text_are_refused_plainly() -> None:
    for bad in (None, 7):
        with pytest.raises(BadInput, match="is not an Arsenal card"):
            arsenal_card(bad)  # type: ignore[arg-type]
        with pytest.raises(BadInput, match="is not an Arsenal card"):
            beats(bad, "RK-SF")  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="is not a list of Arsenal cards"):
        arsenal_cards(["RK-SF"])  # type: ignore[arg-type]
    with pytest.raises(BadInput, match="is not a list of Arsenal cards"):
        Game.new(ARSENAL, ArsenalRules(), 0, ("RK-SF", None, ""))  # type: ignore[arg-type]


def test_cards_read_back_from_their_codes_and_refuse_bad_ones() -> None:
    for c in standard_deck():
        assert arsenal_card(c.code) == c
        assert eval(repr(c), {"arsenal_card": arsenal_card}) == c
    assert str(arsenal_card("cs-pr")) == "Counter-Strike (Pirates)"
    for bad in ("RK", "RK-XX", "ZZ-SF", "RKSF", ""):
        with pytest.raises(BadInput, match="is not an Arsenal card"):
            arsenal_card(bad)


# Playing a Round, Breaking a Same-Suit Tie, Shields, Counter-Strike: every kind of clash

CLASHES = [
    # (winner, loser, how, rule)
    ("AS-PR", "RK-SF", "level", "AR-ROUND"),  # a higher level wins whatever the suit
    ("NK-PR", "AS-SF", "level", "AR-ROUND"),
    ("SX-SF", "CM-PR", "suit", "AR-ROUND"),  # same level: the higher suit, whatever the card
    ("DY-SO", "RK-SD", "suit", "AR-ROUND"),
    ("RK-ML", "GL-ML", "pecking", "AR-SAME-SUIT"),  # Dynamite < Grenade Launcher < Rocket
    ("GL-ML", "DY-ML", "pecking", "AR-SAME-SUIT"),
    ("CM-SO", "RM-SO", "pecking", "AR-SAME-SUIT"),  # Semtex < Rapid Missiles < Cruise Missile
    ("RM-SO", "SX-SO", "pecking", "AR-SAME-SUIT"),
    ("AS-SD", "SB-SD", "pecking", "AR-SAME-SUIT"),  # Chemical < Stealth Bomber < Airstrike
    ("SB-SD", "CB-SD", "pecking", "AR-SAME-SUIT"),
    ("MT-PR", "NK-PR", "pecking", "AR-SAME-SUIT"),  # Nuke < Meteor
    ("KV-PR", "RK-SF", "blocks", "AR-SHIELDS"),  # at its cap
    ("BW-PR", "GL-SF", "blocks", "AR-SHIELDS"),  # under its cap
    ("BW-PR", "CM-SF", "blocks", "AR-SHIELDS"),
    ("SH-PR", "AS-SF", "blocks", "AR-SHIELDS"),
    ("CM-PR", "KV-SF", "above-cap", "AR-BOMB-VS-SHIELD-ABOVE-CAP"),  # over its cap
    ("AS-PR", "BW-SF", "above-cap", "AR-BOMB-VS-SHIELD-ABOVE-CAP"),
    ("NK-PR", "SH-SF", "unblockable", "AR-SHIELDS"),  # level 4 against a shield
    ("MT-PR", "KV-SF", "unblockable", "AR-SHIELDS"),
    ("SH-PR", "BW-SF", "shield-cap", "AR-SHIELDS"),
    ("KV-SF", "KV-PR", "shield-suit", "AR-SHIELDS"),
    ("CS-PR", "AS-SF", "turned-back", "AR-COUNTER-STRIKE"),
    ("CS-PR", "DY-SF", "turned-back", "AR-COUNTER-STRIKE"),
    ("NK-PR", "CS-SF", "untouchable", "AR-LEVEL4-VS-COUNTER"),  # level 4 against a Counter-Strike
    ("MT-PR", "CS-SF", "untouchable", "AR-LEVEL4-VS-COUNTER"),
    ("CS-PR", "SH-SF", "breaks-shield", "AR-COUNTER-STRIKE"),
    ("CS-PR", "KV-SF", "breaks-shield", "AR-COUNTER-STRIKE"),
    ("CS-SF", "CS-PR", "counter-suit", "AR-COUNTER-STRIKE"),
]


@pytest.mark.parametrize(("winner", "loser", "how", "rule"), CLASHES)
def test_every_kind_of_clash(winner: str, loser: str, how: str, rule: str) -> None:
    w, lose = arsenal_card(winner), arsenal_card(loser)
    for first, second in ((w, lose), (lose, w)):  # whoever plays it first
        met = clash(first, second)
        assert (met.winning_card, met.losing_card, met.how, met.rule) == (w, lose, how, rule)
    assert beats(winner, loser) and not beats(loser, winner)
    assert beats(winner, loser).why == beats(loser, winner).why


def test_the_explanations_name_the_cards_and_the_reason() -> None:
    assert beats("KV-PR", "RK-SF").why.startswith("Kevlar (Pirates) blocks a level-1 Rocket")
    assert beats("SH-PR", "BW-SF").why == (
        "Two shields: Shield (Pirates) stops bombs up to level 3, Brick Wall (Space Force) only "
        "up to level 2, so the stronger shield wins.")
    assert "pecking order" in beats("RK-ML", "GL-ML").why
    assert "cannot touch" in beats("NK-PR", "CS-SF").why
    assert "gets through" in beats("CM-PR", "KV-SF").why
    with pytest.raises(BadInput, match="cannot meet itself"):
        beats("RK-SF", "RK-SF")


def test_every_pair_of_distinct_standard_cards_has_exactly_one_winner() -> None:
    for a, b in combinations(standard_deck(), 2):
        one, other = clash(a, b), clash(b, a)
        assert one.winning_card == other.winning_card
        assert {one.winning_card, one.losing_card} == {a, b}


def test_the_standard_deck_can_never_end_tied() -> None:
    # 90 cards make 45 rounds; every round has a winner, who banks 2 cards. Equal counts
    # would need 22.5 rounds each, so sudden death cannot come with the standard deck.
    assert len(standard_deck()) // 2 == 45 and 45 % 2 == 1
    for seed in range(5):
        agents = {p: AGENTS["random"](p, seed) for p in (0, 1)}
        game = play_out(Game.new(ARSENAL, seed=seed), agents)
        totals = tuple(len(c) for c in game.state.captured)
        assert len(game.state.history) == 45 and sum(totals) == 90 and totals[0] != totals[1]
        assert game.state.sudden_death is None


def test_kinds_are_listed_once_each() -> None:
    assert len({k.code for k in KINDS}) == len({k.name for k in KINDS}) == 15


# Setup and Who Leads


def test_each_side_is_dealt_seven_and_the_rest_is_the_pile() -> None:
    game = Game.new(ARSENAL, seed=11)
    assert [len(h) for h in game.state.hands] == [7, 7]
    assert len(game.state.pile) == 76
    assert "7 cards each, and the other 76 make a face-down draw pile" in said(game)


def test_the_deal_gives_you_the_first_cards_the_npc_the_next_and_piles_the_rest() -> None:
    # Ruling AR-DEAL, with ruling AR-HAND's smaller hands: after the shuffle, the first 3
    # cards are yours, the next 3 the NPC's, and the rest is the pile, top card first.
    game = Game.new(ARSENAL, ArsenalRules(hand_size=3), 8)
    shuffled, _ = Rng.from_seed(8).shuffled(standard_deck())
    assert set(game.state.hands[YOU]) == set(shuffled[:3])
    assert set(game.state.hands[NPC]) == set(shuffled[3:6])
    assert game.state.pile == shuffled[6:]
    assert "3 cards each, and the other 84 make a face-down draw pile" in said(game)
    while len(game.state.pile) == 84:  # play one round: both draw back up to 3
        assert game.decision is not None
        game = game.play(game.decision.legal_actions[0])
    assert [len(h) for h in game.state.hands] == [3, 3] and len(game.state.pile) == 82


def test_a_coin_toss_decides_who_opens_round_one() -> None:
    leaders = {Game.new(ARSENAL, seed=s).state.leader for s in range(20)}
    assert leaders == {YOU, NPC}
    game = Game.new(ARSENAL, seed=3)
    toss = events_of(game, CoinTossed)[0]
    assert not toss.stacked and game.decision is not None
    assert (game.decision.player, game.decision.kind) == (toss.leader, "lead")


def test_the_opener_reveals_blind_and_the_other_side_answers_knowing_the_card() -> None:
    game = new("RK-SF KV-PR", "CS-ML NK-SO", "", "you")
    assert game.decision is not None and game.decision.kind == "lead"
    assert ARSENAL.view(game.state, NPC).lead is None
    game = game.play("play RK-SF")
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (NPC, "answer")
    assert ARSENAL.view(game.state, NPC).lead == arsenal_card("RK-SF")
    assert game.decision.legal_actions == ("play NK-SO", "play CS-ML")


def test_the_lead_passes_to_whoever_just_won_the_round() -> None:
    # You lead a Rocket; the NPC's Counter-Strike turns it back: the NPC leads round 2.
    game = new("RK-SF AS-PR", "CS-ML DY-PR", "KV-SO BW-SO", "you")
    game = game.play("play RK-SF").play("play CS-ML")
    assert events_of(game, LeadPassed)[-1] == LeadPassed(2, NPC)
    assert game.decision is not None
    assert (game.decision.player, game.decision.kind) == (NPC, "lead")
    assert "The NPC won the round, so the NPC leads round 2" in said(game)
    # Now the NPC leads its Dynamite and your Airstrike wins: you lead round 3.
    game = game.play("play DY-PR").play("play AS-PR")
    assert events_of(game, LeadPassed)[-1] == LeadPassed(3, YOU)


def test_the_winner_captures_both_cards_for_good() -> None:
    game = new("RK-SF AS-PR CB-SO", "KV-ML DY-PR NK-SO", "", "you")
    game = game.play("play RK-SF").play("play KV-ML")
    assert game.state.captured == ((), arsenal_cards("RK-SF KV-ML"))
    assert "captures both cards; they are out of the game for good" in said(game)


# Refilling & Winning, and ruling AR-DRAW-ORDER


def test_both_sides_draw_back_up_the_rounds_winner_first() -> None:
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "SH-SO CS-SO", "you", hand_size=2)
    game = game.play("play RK-SF").play("play KV-ML")  # the NPC wins and draws first
    assert events_of(game, Refilled)[-1] == Refilled(1, (1, 1), NPC, "winner-first", 0)
    assert arsenal_card("SH-SO") in game.state.hands[NPC]
    assert arsenal_card("CS-SO") in game.state.hands[YOU]
    assert "the NPC first (the round's winner draws first)" in said(game)


@pytest.mark.parametrize(("order", "gets_the_top_card"), [("you-first", YOU), ("npc-first", NPC)])
def test_draw_order_ruling_fixes_who_draws_first(order: str, gets_the_top_card: int) -> None:
    for lead, answer in (("play RK-SF", "play KV-ML"), ("play AS-PR", "play DY-PR")):
        game = new("RK-SF AS-PR", "KV-ML DY-PR", "SH-SO CS-SO", "you",
                   hand_size=2, draw_order=order).play(lead).play(answer)
        assert arsenal_card("SH-SO") in game.state.hands[gets_the_top_card]
        assert events_of(game, Refilled)[-1].rule == "AR-DRAW-ORDER"


def test_once_the_pile_is_empty_the_hands_shrink_together() -> None:
    game = new("RK-SF AS-PR CB-SO", "KV-ML DY-PR NK-SO", "", "you")
    game = game.play("play RK-SF").play("play KV-ML")
    assert [len(h) for h in game.state.hands] == [2, 2]
    assert not events_of(game, Refilled)


def test_a_last_card_is_played_without_a_choice() -> None:
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "", "you").play("play AS-PR").play("play DY-PR")
    forced = [e for e in game.steps[-1].events if e.rule == "AR-FORCED"]
    assert [ARSENAL.explain(e) for e in forced] == [
        "Round 2: you have one card left, so it is led without a choice: Rocket (Space Force).",
        "The NPC has one card left, so it answers without a choice: Kevlar (Militia).",
    ]
    assert game.outcome is not None and game.decision is None


def test_the_deck_runs_dry_when_every_card_is_played() -> None:
    # AS-PR beats DY-PR (you), then KV-ML blocks RK-SF (the NPC): 2-2, so sudden death.
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "", "you").play("play AS-PR").play("play DY-PR")
    assert events_of(game, RanDry) == [RanDry(2, (2, 2), 0, "all-played")]
    assert game.state.sudden_death is not None


def test_a_clear_majority_wins_the_match() -> None:
    game = new("RK-SF AS-PR", "DY-ML DY-PR", "", "you").play("play AS-PR").play("play DY-PR")
    over = game.outcome
    assert over is not None and over.winners == (YOU,)
    assert over.because == MatchOver(YOU, (4, 0), "most-captured", 2, "AR-WINNING")
    assert ARSENAL.explain(over.because) == "You captured 4 cards to 0: you win the match."


def test_pile_empty_ruling_ends_the_match_when_the_pile_is_used_up() -> None:
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "SH-SO CS-SO", "you", hand_size=2,
               dry="pile-empty").play("play AS-PR").play("play DY-PR")
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    assert events_of(game, RanDry) == [RanDry(1, (2, 0), 4, "pile-empty")]
    assert "the 4 cards still in hand are not played" in said(game)
    standard = play_out(Game.new(ARSENAL, ArsenalRules(dry="pile-empty"), 5),
                        {p: AGENTS["random"](p, 5) for p in (0, 1)})
    assert len(standard.state.history) == 38  # 76 cards in the pile, 2 drawn a round


def test_pile_empty_ruling_does_not_promise_more_rounds_when_the_pile_empties() -> None:
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "SH-SO CS-SO", "you", hand_size=2,
               dry="pile-empty").play("play AS-PR").play("play DY-PR")
    assert events_of(game, Refilled)[-1].play_on is False
    words = said(game)
    assert "1 card each. The pile is now empty.\n" in words
    assert "from here on the hands get smaller" not in words
    assert "ends the match after 1 round; the 4 cards still in hand are not played" in words


def test_pile_empty_ruling_plays_out_a_deal_that_has_no_pile() -> None:
    # No pile to use up: the hands are played out, as under the text's reading.
    game = new("RK-SF AS-PR CB-SO", "KV-ML DY-PR NK-SO", "", "you", dry="pile-empty")
    game = game.play("play AS-PR").play("play DY-PR")
    assert game.outcome is None and [len(h) for h in game.state.hands] == [2, 2]
    game = play_out(game, {p: AGENTS["random"](p, 0) for p in (0, 1)})
    assert len(game.state.history) == 3
    assert events_of(game, RanDry)[0].dry == "all-played"
    assert "Every card has been played: the deck has run dry after 3 rounds." in said(game)


def test_a_deal_of_the_whole_deck_says_there_is_no_draw_pile() -> None:
    game = Game.new(ARSENAL, ArsenalRules(hand_size=45), 1)
    assert ARSENAL.explain(game.steps[0].events[0]) == (
        "The deck of 90 cards is shuffled (seed 1): 45 cards each, and there is no draw pile.")
    one_round = new("RK-SF", "KV-ML", "", "you")
    assert "the deck has run dry after 1 round." in said(one_round)


# Sudden Death, and ruling AR-SUDDEN-DEATH


def tied_game(seed: int) -> Game[Any]:
    """You win round 1, the NPC round 2: 2-2 when the four cards are played."""
    return new("RK-SF AS-PR", "KV-ML DY-PR", "", "you", seed=seed).play("play AS-PR").play(
        "play DY-PR")


def test_a_tie_goes_to_a_sudden_death_draw_from_the_whole_reshuffled_deck() -> None:
    winners = set()
    for seed in range(12):
        game = tied_game(seed)
        drawn = events_of(game, SuddenDeathDrawn)[0]
        assert set(drawn.cards) <= set(arsenal_cards("RK-SF AS-PR KV-ML DY-PR"))
        decided = next(e for e in events_of(game, Clashed) if e.sudden)
        assert decided.clash == clash(*drawn.cards) and decided.leader == YOU
        assert game.outcome is not None and game.outcome.winners == (decided.winner,)
        assert game.outcome.because.ending == "sudden-death"
        winners.add(decided.winner)
    assert winners == {YOU, NPC}
    assert "it is sudden death: the whole deck of 4 cards is reshuffled" in said(tied_game(0))


def test_sudden_death_is_reachable_with_the_four_suit_deck() -> None:
    # 60 cards make 30 rounds, so the counts can tie; seed 4 is the golden game's.
    rules = ArsenalRules(deck="four-suits")
    game = play_out(Game.new(ARSENAL, rules, 4), {p: AGENTS["random"](p, 4) for p in (0, 1)})
    summary = ARSENAL.summarize(game)
    assert summary.length == 30 and summary.counts["sudden_death"] == 1
    assert summary.ending == "sudden-death"


def test_a_deck_of_your_own_is_played_as_given() -> None:
    rules = ArsenalRules(deck="NK-SF KV-PR CS-SO RK-ML")
    game = Game.new(ARSENAL, rules, 1)
    assert sorted(c.code for c in game.state.deck) == ["CS-SO", "KV-PR", "NK-SF", "RK-ML"]
    assert [len(h) for h in game.state.hands] == [2, 2] and game.state.pile == ()


# Rulings: validation, and every id explained


@pytest.mark.parametrize(("settings", "complaint"), [
    ({"deck": "RK-SF RK-SF"}, "a card appears twice in the deck: RK-SF"),
    ({"deck": "RK-SF KV-PR CS-SO"}, "a deck of 3 cards cannot be shared evenly"),
    ({"deck": "RK-SF ZZ-PR"}, "'ZZ-PR' is not an Arsenal card"),
    ({"deck": 90}, "ruling AR-CUSTOM-DECK (deck) cannot be 90"),
    ({"hand_size": 0}, "ruling AR-HAND (hand_size) cannot be 0"),
    ({"hand_size": 7.0}, "ruling AR-HAND (hand_size) cannot be 7.0"),
    ({"dry": "never"}, "ruling AR-DRY (dry) cannot be 'never'"),
    ({"draw_order": "loser-first"}, "ruling AR-DRAW-ORDER (draw_order) cannot be 'loser-first'"),
])
def test_bad_rulings_are_refused_with_what_is_allowed(settings: dict[str, Any],
                                                      complaint: str) -> None:
    with pytest.raises(BadInput) as refused:
        rules_from(ArsenalRules, settings)
    assert refused.value.problem.startswith(complaint) and refused.value.allowed
    if "deck" in settings:  # what a deck may be, not only what a card code looks like
        assert "'four-suits'" in refused.value.allowed


@pytest.mark.parametrize(("stacked", "complaint"), [
    (("RK-SF", "KV-ML"), "a stacked deal has 3 or 4 parts, not 2"),
    (("RK-SF", "KV-ML DY-PR", ""), "the hands hold 1 and 2 cards"),
    (("", "", ""), "the hands hold 0 and 0 cards"),
    (("RK-SF", "RK-SF", ""), "a card appears twice in the stacked deal: RK-SF"),
    (("RK-SF", "KV-ML", "CS-SO"), "a pile of 1 cards cannot be shared evenly"),
    (("RK-SF", "KV-ML", "", "me"), "'me' cannot lead"),
    (("RK-SF XX-YY", "KV-ML DY-PR", ""), "'XX-YY' is not an Arsenal card"),
    (("RK-SF AS-PR DY-SF", "KV-ML DY-PR DY-SO", ""), "the hands hold 3 and 3 cards"),
])
def test_bad_stacked_deals_are_refused(stacked: tuple[str, ...], complaint: str) -> None:
    with pytest.raises(BadInput) as refused:
        Game.new(ARSENAL, ArsenalRules(hand_size=2), 0, stacked)
    assert refused.value.problem == complaint


def test_every_rule_and_ruling_has_a_title() -> None:
    ids = {r.id for r in rulings_of(ArsenalRules).values()} | {f.id for f in ARSENAL.fixed_rulings}
    assert ids <= set(ARSENAL.rule_titles)
    for seed in range(3):
        game = play_out(Game.new(ARSENAL, ArsenalRules(deck="four-suits"), seed),
                        {p: AGENTS["heuristic"](p, seed) for p in (0, 1)})
        for step in game.steps:
            for e in step.events:
                assert e.rule in ARSENAL.rule_titles
                assert ARSENAL.explain(e)


def test_arsenal_is_registered() -> None:
    assert find_variant("arsenal") is ARSENAL
    assert ARSENAL.player_names(ArsenalRules()) == ("You", "NPC")


# Illegal actions


@pytest.mark.parametrize(("action", "reason"), [
    ("play KV-ML", "You do not hold Kevlar (Militia): it is not in hand"),
    ("play rk-sf", "Write the card exactly as 'play RK-SF' (capital letters, one space)"),
    ("play  RK-SF", "Write the card exactly as 'play RK-SF' (capital letters, one space)"),
    ("play XX-SF", "'XX-SF' is not an Arsenal card: write a kind and a suit code, such as RK-SF"),
    ("turn", "The only move is to play a card from the hand, such as 'play RK-SF'"),
    (7, "The only move is to play a card from the hand, such as 'play RK-SF'"),
])
def test_illegal_actions_are_refused_with_the_reason_and_change_nothing(action: Any,
                                                                        reason: str) -> None:
    game = new("RK-SF AS-PR", "KV-ML DY-PR", "", "you")
    before = game.state
    assert ARSENAL.why_not(game.state, action) == reason
    with pytest.raises(BadInput) as refused:
        game.play(action)
    assert refused.value.problem == reason
    assert game.state == before and game.state.hands[YOU] == arsenal_cards("RK-SF AS-PR")


def test_a_played_card_and_a_finished_match_are_refused() -> None:
    game = new("RK-SF AS-PR CB-SO", "KV-ML DY-PR NK-SO", "", "you").play("play RK-SF")
    assert ARSENAL.why_not(game.state, "play RK-SF") == (
        "Rocket (Space Force) is already on the table: you led it")
    game = game.play("play KV-ML")
    assert ARSENAL.why_not(game.state, "play KV-ML") == (
        "The NPC does not hold Kevlar (Militia): it is already played")
    done = new("RK-SF AS-PR", "DY-ML DY-PR", "", "you").play("play AS-PR").play("play DY-PR")
    assert ARSENAL.why_not(done.state, "play RK-SF") == (
        "The match is over. You captured 4 cards to 0: you win the match.")


# Views


def test_a_side_sees_its_own_hand_and_the_played_cards_never_the_other_hand() -> None:
    game = new("RK-SF AS-PR CB-SO", "KV-ML DY-PR NK-SO", "SH-SO CS-SO", "you", hand_size=3)
    game = game.play("play RK-SF").play("play KV-ML")
    mine = ARSENAL.view(game.state, YOU)
    assert mine.hand == game.state.hands[YOU] and mine.hands is None and mine.pile is None
    assert mine.hand_counts == (3, 3) and mine.pile_count == 0
    assert set(mine.unseen()) == set(game.state.hands[NPC])
    teacher = ARSENAL.view(game.state, None)
    assert teacher.hands == game.state.hands and teacher.hand == ()


def test_the_summary_counts_rounds_and_kinds_of_win() -> None:
    game = play_out(Game.new(ARSENAL, seed=2), {p: AGENTS["random"](p, 2) for p in (0, 1)})
    summary = ARSENAL.summarize(game)
    assert summary.length == 45 and summary.ending == "most-captured"
    assert set(summary.counts) == {"leader_wins", "shield_blocks", "counter_strikes",
                                   "level4_wins", "sudden_death"}
    assert summary.counts["shield_blocks"] == sum(r.how == "blocks" for r in game.state.history)
    assert len(events_of(game, Led)) == 45


def test_the_summary_counts_every_round_a_level_4_bomb_wins() -> None:
    # The Meteor beats a bomb by level, the Nuke gets through a shield: two level-4 wins.
    game = new("MT-SF NK-SD", "DY-PR SH-PR", "", "you").play("play MT-SF").play("play DY-PR")
    summary = ARSENAL.summarize(game)
    assert [r.how for r in game.state.history] == ["level", "unblockable"]
    assert summary.counts["level4_wins"] == 2
