"""War Room rule examples: stacked deals for every paragraph of the rule text and every ruling.

Stacked deals give one string of card codes per seat (you, Ana, Ben, ...), top card first.
Field Manual codes: SC Scout 2, SA Saboteur 3, SE Sentry 5, MO Mortar 5, SN Sniper 6,
ME Medic 7, AR Artillery 8, DA Double Agent 9, CO Commander 10, GH Ghost 12.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from wartutor.core import BadInput, Game
from wartutor.variants.war_room import WAR_ROOM, WarRoomRules, default_deck, to_toml
from wartutor.variants.war_room.agents import heuristic_agent
from wartutor.variants.war_room.events import (
    Activates,
    AutoDeclined,
    Collected,
    Compared,
    DeclarationsShown,
    Eliminated,
    GameOver,
    InstructionResolved,
    NoTarget,
    Reshuffled,
    ReturnedUnder,
    Revealed,
    Skipped,
    Stalemate,
    StalemateSettled,
    TieBreak,
)
from wartutor.variants.war_room.game import WarRoomState

YOU, ANA, BEN = 0, 1, 2


def new(*stacks: str, seed: int = 0, **options: Any) -> Game[WarRoomState]:
    options.setdefault("first_player", 0)
    rules = WarRoomRules(players=len(stacks), **options)
    return Game.new(WAR_ROOM, rules, seed, stacks)


def play(game: Game[WarRoomState], *actions: str) -> Game[WarRoomState]:
    for action in actions:
        game = game.play(action)
    return game


def events(game: Game[WarRoomState], kind: type | None = None) -> list[Any]:
    found = [e for step in game.steps for e in step.events]
    return [e for e in found if kind is None or isinstance(e, kind)]


def first(game: Game[WarRoomState], kind: type) -> Any:
    return events(game, kind)[0]


def last(game: Game[WarRoomState], kind: type) -> Any:
    return events(game, kind)[-1]


def vcs(game: Game[WarRoomState]) -> tuple[int | None, ...]:
    return game.state.vcs()


# The deal


@pytest.mark.parametrize(("players", "each"), [(2, 30), (3, 20), (4, 15), (5, 12)])
def test_the_deck_is_dealt_equally_into_face_down_stacks(players: int, each: int) -> None:
    game = Game.new(WAR_ROOM, WarRoomRules(players=players), seed=3)
    state = game.state
    # Each remaining player has revealed one card of the deal already.
    assert [len(s) + 1 for s in state.stacks] == [each] * players
    assert state.collections == ((),) * players
    assert Counter(c for s in state.stacks for c in s) + Counter(
        x.card for x in state.table if x) == Counter(default_deck().cards)
    assert WAR_ROOM.view(state, 0).stacks is None  # nobody may inspect a draw stack


def test_a_deck_that_does_not_divide_by_the_players_is_refused() -> None:
    small = default_deck().with_card("SC", copies=1)  # 55 cards
    with pytest.raises(BadInput, match="55 cards, which cannot be dealt to 2 players") as e:
        WarRoomRules(deck=to_toml(small))
    assert "5" in e.value.allowed  # five players could share it


def test_fewer_than_ten_cards_each_is_refused() -> None:
    deck = default_deck()
    for code in ("SA", "SE", "MO", "SN", "ME", "AR", "DA", "CO", "GH"):
        deck = deck.with_card(code, copies=2)
    text = to_toml(deck.with_card("SC", copies=2))  # 20 cards: 10 each for two, 5 for four
    assert WarRoomRules(deck=text, players=2)
    with pytest.raises(BadInput, match="at least 10 each"):
        WarRoomRules(deck=text, players=4)


def test_the_first_player_is_drawn_at_random_or_named() -> None:
    firsts = {Game.new(WAR_ROOM, WarRoomRules(players=3), seed=s).state.first for s in range(20)}
    assert firsts == {0, 1, 2}
    game = Game.new(WAR_ROOM, WarRoomRules(players=3, first_player=2), seed=0)
    assert game.state.first == 2
    assert "Ben goes first, as the ruling names." in WAR_ROOM.explain(game.steps[0].events[1])


# The round


def test_every_player_reveals_their_top_card_at_its_printed_vc() -> None:
    game = new("GH SC", "SN SC", "SE SC", first_player=1)
    revealed = last(game, Revealed)
    assert [(p, c.code) for p, c in revealed.cards] == [(ANA, "SN"), (BEN, "SE"), (YOU, "GH")]
    assert vcs(game) == (12, 6, 5)


def test_declarations_stay_hidden_until_everyone_has_declared() -> None:
    game = play(new("SE SC", "SE SC", "SE SC"), "activate")
    state = game.state
    ana = WAR_ROOM.view(state, ANA)
    assert ana.declared == (True, False, False) and ana.own_declaration is None
    assert ana.pending is None and ana.shown == (None, None, None)
    assert WAR_ROOM.view(state, YOU).own_declaration == "activate"
    assert WAR_ROOM.view(state, None).pending == ("activate", None, None)  # the teacher
    game = play(game, "decline", "activate")
    shown = events(game, DeclarationsShown)[0]
    assert (shown.activating, shown.declining) == ((YOU, BEN), (ANA,))


def test_activations_resolve_clockwise_from_the_first_player() -> None:
    game = play(new("SE SC", "SE SC", "SE SC", first_player=1), "activate", "activate", "activate")
    assert [e.player for e in events(game, Activates)] == [ANA, BEN, YOU]


def test_an_activated_card_resolves_every_mandatory_instruction() -> None:
    game = play(new("SN SC", "SC SC", "GH SC"), "activate", "decline")
    assert game.decision is not None and game.decision.kind == "target"
    assert game.decision.legal_actions == ("target Ana", "target Ben")  # no 'skip'
    with pytest.raises(BadInput, match="which must be used"):
        game.play("skip")
    game = play(game, "target Ana")
    steps = [e.number for e in events(game, InstructionResolved)]
    assert steps == [1, 2]  # the Sniper's self-cost resolved too
    assert first(game, Compared).vcs == ((YOU, 7), (ANA, 6), (BEN, 12))


def test_an_optional_instruction_may_be_skipped() -> None:
    game = play(new("MO SC", "SC SC", "GH SC"), "activate", "decline")  # Ana's Scout can't
    assert game.decision is not None and game.decision.legal_actions == ("use", "skip")
    game = play(game, "skip")
    assert isinstance(events(game, Skipped)[0], Skipped)
    assert first(game, Compared).vcs == ((YOU, 5), (ANA, 2), (BEN, 16))


def test_the_lowest_vc_wins_collects_every_card_and_goes_first() -> None:
    game = play(new("SE SC", "SC SN", "GH ME", first_player=2), "decline", "decline")
    collected = first(game, Collected)
    assert collected.winner == ANA
    assert sorted(c.code for c in collected.cards) == ["GH", "SC", "SE"]
    assert game.state.collections[ANA] == collected.cards
    assert game.state.first == ANA and last(game, Revealed).first == ANA


def test_a_negative_vc_wins_the_round() -> None:
    # Your Commander helps every opponent by 3: Ana's Scout drops from 2 to -1.
    game = play(new("CO SC", "SC SC"), "activate")
    assert first(game, Compared).vcs == ((YOU, 4), (ANA, -1))
    assert first(game, Collected).winner == ANA
    assert "VC has no lower bound" in WAR_ROOM.explain(events(game, InstructionResolved)[1])


def test_vc_is_never_clamped_above_either() -> None:
    game = play(new("MO SC", "GH SC"), "activate", "decline", "use")
    assert first(game, Compared).vcs == ((YOU, 5), (ANA, 17))


# The tie-break


def test_only_the_tied_players_enter_the_tie_break() -> None:
    game = play(new("SE SC", "SE SC", "GH SC"), "decline", "decline", "decline")
    tie = last(game, TieBreak)
    assert (tie.step, tie.tied, tie.left) == (1, (YOU, ANA), (BEN,))
    assert game.decision is not None and game.decision.player == YOU
    game = play(game, "activate", "decline")  # Ben is not asked
    assert events(game, Compared)[1].vcs == ((YOU, 3), (ANA, 5))
    assert first(game, Collected).winner == YOU
    assert len(first(game, Collected).cards) == 3  # Ben's card too


def test_the_tie_break_continues_the_cycle_without_resetting_vc() -> None:
    game = play(new("SE SC", "SE SC"), "activate", "activate")  # 3 against 3
    assert events(game, TieBreak)
    game = play(game, "activate", "decline")  # ruling WR-REACTIVATE: every step
    assert events(game, Compared)[1].vcs == ((YOU, 1), (ANA, 3))


def test_once_per_cycle_lets_a_card_activate_only_once() -> None:
    game = play(new("SE SC", "SE SC", reactivate="once-per-cycle"), "activate", "activate")
    declined = events(game, AutoDeclined)[:2]
    assert [(e.player, e.already_activated, e.rule) for e in declined] == [
        (YOU, True, "WR-REACTIVATE"), (ANA, True, "WR-REACTIVATE")]
    assert first(game, Stalemate).step == 1


def test_once_per_cycle_starts_afresh_with_the_next_reveal() -> None:
    game = play(new("SE SE", "SE SE", reactivate="once-per-cycle"), "activate", "activate")
    assert first(game, Collected).round == 1  # the stalemate settled round 1
    assert game.decision is not None and game.decision.legal_actions == ("activate", "decline")
    assert game.state.round == 2 and not events(game, AutoDeclined)[2:]


def test_activating_again_in_a_tie_break_cites_the_reactivate_ruling() -> None:
    game = play(new("SE SC", "SE SC"), "activate", "activate", "activate", "decline")
    starts = events(game, Activates)
    assert [(e.player, e.again, e.rule) for e in starts] == [
        (YOU, False, "WR-RESOLVE"), (ANA, False, "WR-RESOLVE"), (YOU, True, "WR-REACTIVATE")]
    assert WAR_ROOM.explain(starts[2]).startswith("Your Sentry activates again, as a card may "
                                                 "in every tie-break step")


def test_a_card_outside_the_tie_break_can_still_be_targeted() -> None:
    game = play(new("MO SC", "SE SC", "GH SC"), "decline", "decline", "decline")
    game = play(game, "activate", "decline", "use")
    mortar = events(game, InstructionResolved)
    assert [(h.player, h.before, h.after) for e in mortar for h in e.hits] == [
        (BEN, 12, 16), (ANA, 5, 6)]  # Ben left the tie-break, yet his Ghost was hit
    assert events(game, Compared)[1].vcs == ((YOU, 5), (ANA, 6))


def test_players_outside_a_remaining_tie_leave_the_tie_break() -> None:
    game = play(new("SE SC", "SE SC", "MO SC"), "decline", "decline", "decline")
    assert last(game, TieBreak).tied == (YOU, ANA, BEN)
    game = play(game, "activate", "activate", "decline")
    tie = last(game, TieBreak)
    assert (tie.step, tie.tied, tie.left) == (2, (YOU, ANA), (BEN,))
    game = play(game, "activate", "decline")
    assert first(game, Collected).winner == YOU
    assert [e.step for e in events(game, TieBreak) if e.round == 1] == [1, 2]


# Targets


def test_an_instruction_without_a_legal_target_has_no_effect_and_the_rest_resolves() -> None:
    medic = default_deck().kind("ME").instructions
    backwards = to_toml(default_deck().with_card("ME", instructions=[medic[1], medic[0]]))
    game = play(new("ME SC", "SE SC", deck=backwards), "activate", "decline")
    nothing = events(game, NoTarget)[0]
    assert (nothing.number, nothing.rule) == (1, "WR-TEAMS")
    assert "no friendly card in individual play" in WAR_ROOM.explain(nothing)
    assert first(game, Compared).vcs == ((YOU, 4), (ANA, 5))


def test_a_single_legal_target_is_taken_without_asking() -> None:
    game = play(new("SN SC", "SE SC"), "activate", "decline")
    assert events(game, InstructionResolved)[0].how == "only"


def test_a_highest_or_lowest_target_is_explained_by_its_vc() -> None:
    # Ana's Mortar hits the highest of her opponents' cards: Ben's Ghost, not your Scout.
    game = play(new("SC SC", "MO SC", "GH SC"), "activate", "decline", "skip")
    mortar = events(game, InstructionResolved)[0]
    assert [h.player for h in mortar.hits] == [BEN]
    assert WAR_ROOM.explain(mortar) == (
        "Ana's Mortar, instruction 1 (Attack +4 VC): Ben's card goes from 12 to 16. "
        "It is the highest of Ana's opponents' cards.")


def test_another_players_activation_is_said_in_their_words_not_yours() -> None:
    game = play(new("SC SC", "SN SC", "GH SC"), "activate", "decline", "target Ben")
    sniper = WAR_ROOM.explain(first(game, Activates))
    assert sniper == ("Ana's Sniper activates: Attack +4 VC to one opponent card, chosen by "
                      "Ana; then Defend +1 VC to Ana's own card.")
    assert "your" not in sniper


def test_tied_lowest_targets_are_chosen_by_the_activating_player() -> None:
    game = play(new("SA SC", "SC SC", "SC SC"), "activate")
    assert game.decision is not None
    assert game.decision.legal_actions == ("target Ana", "target Ben")
    game = game.play("target Ben")
    hit = events(game, InstructionResolved)[0]
    assert hit.rule == "WR-EXTREME-TIE"
    assert WAR_ROOM.explain(hit).endswith(
        "Several of your opponents' cards share the lowest VC, so you chose which one to hit.")
    assert first(game, Collected).winner == ANA


def test_tied_lowest_targets_can_all_be_hit() -> None:
    game = play(new("SA SC", "SC SC", "SC SC", extreme_tie="all"), "activate")
    hit = events(game, InstructionResolved)[0]
    assert [h.player for h in hit.hits] == [ANA, BEN] and hit.how == "all-tied"
    assert WAR_ROOM.explain(hit).endswith(
        "Several of your opponents' cards share the lowest VC, so every one of them is hit.")


def test_a_card_that_is_not_the_lowest_is_refused_as_a_target_with_its_vc() -> None:
    game = play(new("SC SC", "GH SC", "SC SC", "SE SC"), "activate", "decline")
    assert game.decision is not None and game.decision.legal_actions == ("target You",
                                                                         "target Ben")
    reason = WAR_ROOM.why_not(game.state, "target Cho")
    assert reason is not None and reason.endswith(
        "it hits the lowest of Ana's opponents' cards, and Cho's card (VC 5) is not the lowest")


def test_a_card_without_instructions_declines_without_asking() -> None:
    game = new("SC SE", "SE SC")
    assert game.decision is not None and game.decision.player == ANA
    declined = events(game, AutoDeclined)[0]
    assert (declined.player, declined.rule) == (YOU, "WR-NO-ACTIVATION")


# Stalemate


def test_a_tie_nobody_can_change_is_settled_at_random() -> None:
    winners = set()
    for seed in range(12):
        game = new("SC SE", "SC SE", seed=seed)
        stalemate = events(game, Stalemate)[0]
        assert (stalemate.step, stalemate.tied, stalemate.how) == (1, (YOU, ANA), "no-change")
        winners.add(events(game, StalemateSettled)[0].winner)
        assert "could stay tied forever" in WAR_ROOM.explain(stalemate)
    assert winners == {YOU, ANA}


def test_everyone_declining_in_a_tie_break_is_a_stalemate() -> None:
    game = play(new("SE SC", "SE SC"), "decline", "decline", "decline", "decline")
    assert first(game, Stalemate).tied == (YOU, ANA)


def test_a_void_stalemate_returns_every_card_under_its_owner() -> None:
    game = play(new("SC SE", "SC SN", "GH SE", stalemate="void", first_player=1), "decline")
    back = first(game, ReturnedUnder)
    assert [(p, c.code) for p, c in back.cards] == [(ANA, "SC"), (BEN, "GH"), (YOU, "SC")]
    assert first(game, StalemateSettled).winner is None and not events(game, Collected)
    assert game.state.first == ANA  # nobody won, so the first player stays
    assert [x.card.code for x in game.state.table if x] == ["SE", "SN", "SE"]
    assert game.state.stacks == tuple((c,) for c in default_deck().parse("SC SC GH"))


def test_the_same_tie_ruling_stops_mirror_activations() -> None:
    mirror = play(new("SE SC", "SE SC", stalemate_when="same-tie"), "activate", "activate")
    mirror = play(mirror, "activate", "activate")
    assert first(mirror, Stalemate).how == "same-tie"
    plain = play(new("SE SC", "SE SC"), "activate", "activate", "activate", "activate")
    assert not events(plain, Stalemate) and last(plain, TieBreak).step == 2
    assert plain.state.vcs() == (1, 1)  # VC keeps falling: no limit while cards still move


# After each round


def test_a_player_with_no_cards_left_is_eliminated_and_the_last_one_wins() -> None:
    game = play(new("SC SC", "SE"), "decline")
    assert last(game, Eliminated).players == (ANA,)
    over = last(game, GameOver)
    assert (over.winner, over.ending) == (YOU, "last-player")
    assert game.outcome is not None and game.outcome.winners == (YOU,)
    summary = WAR_ROOM.summarize(game)
    assert (summary.winners, summary.ending, summary.length) == ((YOU,), "last-player", 1)


def test_an_empty_draw_stack_makes_every_remaining_player_reshuffle() -> None:
    game = play(new("SC", "SE SE", "GH MO"), "decline", "decline")
    shuffle = last(game, Reshuffled)
    assert shuffle.empty == (YOU,)
    assert shuffle.sizes == ((YOU, 3), (ANA, 1), (BEN, 1))
    assert game.state.collections == ((), (), ())


def test_elimination_comes_before_the_reshuffle() -> None:
    game = play(new("SC", "SE", "GH MO"), "decline", "decline")
    assert last(game, Eliminated).players == (ANA,)
    assert last(game, Reshuffled).sizes == ((YOU, 3), (BEN, 1))


def test_the_game_limit_stops_a_game_unfinished() -> None:
    game = play(new("SE SE", "SE SE", round_limit=1), "activate", "decline")
    over = last(game, GameOver)
    assert (over.ending, over.rule) == ("limit", "WR-MAX-ROUNDS")
    summary = WAR_ROOM.summarize(game)
    assert summary.winners is None and summary.ending == "unfinished"


# Illegal input


def test_illegal_actions_are_refused_with_the_reason_and_change_nothing() -> None:
    game = play(new("SN SC", "SC SC", "GH SC"), "activate", "decline")
    state = game.state
    for action, reason in [
        ("skip", "must be used"), ("use", "choose which card it hits"),
        ("target You", "cannot hit your own card"), ("target Dev", "no player called 'Dev'"),
        ("activate", "'activate' is not a choice now"),
    ]:
        with pytest.raises(BadInput, match=reason):
            WAR_ROOM.apply(state, action)
        assert WAR_ROOM.why_not(state, action) is not None
    assert game.state is state and game.play("target Ben").state is not state
    declare = new("SE SC", "SE SC")
    assert "must declare" in (WAR_ROOM.why_not(declare.state, "target Ana") or "")


def test_no_action_is_allowed_once_the_game_is_over() -> None:
    game = play(new("SC SC", "SE"), "decline")
    with pytest.raises(BadInput, match=r"The game is over\. You are the last player"):
        game.play("decline")


def test_a_stacked_deal_names_its_ruling() -> None:
    dealt = new("SC", "SE").steps[0].events[0]
    assert dealt.rule == "WR-STACKED" and "may be small or uneven" in WAR_ROOM.explain(dealt)
    assert Game.new(WAR_ROOM, WarRoomRules(), 0).steps[0].events[0].rule == "WR-DEAL"


def test_a_view_for_a_seat_that_is_not_at_the_table_is_refused() -> None:
    state = new("SC", "SE").state
    for seat in (2, -1, "Ana"):
        with pytest.raises(BadInput, match="is not a seat at this table"):
            WAR_ROOM.view(state, seat)  # type: ignore[arg-type]


@pytest.mark.parametrize(("stacked", "message"), [
    (("SC SE",), "needs 2 draw stacks"),
    ((["SC"], "SE"), r"your stacked draw stack is \['SC'\], not a string"),
    (("SC", None), "Ana's stacked draw stack is None, not a string"),
    (("SC XX", "SE"), "'XX' is not a card"),
    (("SC", ""), "Ana's stacked draw stack is empty"),
    (("  ", "SE"), "your stacked draw stack is empty"),
    (("SC SC SC SC", "SC SC SC"), "uses 7 Scout cards"),
])
def test_bad_stacked_deals_are_refused(stacked: tuple[str, ...], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        Game.new(WAR_ROOM, WarRoomRules(), 0, stacked)


@pytest.mark.parametrize(("options", "message"), [
    ({"players": 7}, "WR-PLAYERS"),
    ({"players": 2, "first_player": 3}, "cannot be seat 3 with 2 players"),
    ({"reactivate": "sometimes"}, "WR-REACTIVATE"),
    ({"deck": 5}, "WR-DECK"),
    ({"round_limit": 0}, "WR-MAX-ROUNDS"),
    ({"stalemate": "coin"}, "WR-STALEMATE "),
])
def test_bad_rulings_are_refused(options: dict[str, Any], message: str) -> None:
    with pytest.raises(BadInput, match=message):
        WarRoomRules(**options)


# Agents


def test_the_heuristic_aims_at_the_rival_that_threatens_most() -> None:
    game = play(new("SN SC", "SE SC", "GH SC"), "activate", "decline", "decline")
    agent = heuristic_agent(YOU, 0)
    assert game.decision is not None
    assert agent(WAR_ROOM.view(game.state, YOU), game.decision) == "target Ana"


def test_the_heuristic_declines_an_activation_that_hurts_it() -> None:
    game = new("SA SC", "SE SC", "SE SC")  # Saboteur: you 3 to 5, one Sentry 5 to 8: a tie
    agent = heuristic_agent(YOU, 0)
    assert game.decision is not None
    assert agent(WAR_ROOM.view(game.state, YOU), game.decision) == "decline"
    sentry = new("SE SC", "SE SC")
    assert sentry.decision is not None
    assert agent(WAR_ROOM.view(sentry.state, YOU), sentry.decision) == "activate"


def test_every_ruling_has_a_title_to_cite() -> None:
    from wartutor.core import rulings_of

    ids = [r.id for r in rulings_of(WarRoomRules).values()]
    ids += [f.id for f in WAR_ROOM.fixed_rulings]
    assert all(i in WAR_ROOM.rule_titles for i in ids)
    assert len(set(ids)) == len(ids)


def test_a_round_that_can_only_repeat_itself_stops_the_game_unfinished() -> None:
    """Two Scouts can never activate; with a void stalemate they go back and come again."""
    game = Game.new(WAR_ROOM, WarRoomRules(round_limit=None, stalemate="void"), 1, ("SC", "SC"))
    over = game.outcome
    assert over is not None and over.unfinished and not over.winners
    assert over.because.rule == "WR-ENDLESS"
    assert over.because.round == 2  # round 2 begins exactly as round 1 did
    assert "repeat forever" in WAR_ROOM.explain(over.because)
    assert WAR_ROOM.summarize(game).ending == "endless"
