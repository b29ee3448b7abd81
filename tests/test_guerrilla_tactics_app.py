"""The Guerrilla Tactics app driven from Python, as a class would click it (no browser)."""

from __future__ import annotations

import re

import pytest
from test_guerrilla_tactics_declare import window

from wartutor.core import BadInput, Game
from wartutor.core.rulings import rules_from
from wartutor.ui import GameApp, guerrilla_tactics_app
from wartutor.ui.guerrilla_moments import at_rest, partway
from wartutor.ui.guerrilla_tactics import GuerrillaTable
from wartutor.ui.playback import frames
from wartutor.ui.render import card_svg, text_of
from wartutor.ui.shell import is_moment
from wartutor.variants.guerrilla_tactics import GUERRILLA_TACTICS, GuerrillaRules
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent
from wartutor.variants.guerrilla_tactics.events import (
    CancelsRevealed,
    Chose,
    ForcesLost,
    Promoted,
    PromotionCancelled,
    Revealed,
    SkirmishBegins,
)
from wartutor.variants.guerrilla_tactics.state import GuerrillaState

# You lose a five to Ana's eight and may support with your king.
SUPPORT = ("5S KS", "9D 8D")
# Both play a 2: tied, you support with a 9, Ana with an 8; you then propose a promotion.
PROMOTION = ("2S 9S 3S QS 4S", "2D 8D 2C JD 5D")


def test_a_skirmish_with_a_support_unfolds_step_by_step() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    assert app.labels()[:2] == ["Play 5♠", "Play K♠"]
    app.press("Play 5♠")
    said = app.happened_text()
    assert "you reveal the five of spades and Ana reveals the eight of diamonds" in said
    assert "so Ana leads" in said
    table = app.table_text()
    assert "five of spades played a five" in table
    assert "eight of diamonds played an eight, leads" in table
    app.press("Support with K♠")
    app.teacher_view.value = True
    log = " ".join(app.log_texts())
    assert "Support: you add the king of spades." in log
    assert "(Support)" in log  # in the teacher's view every explanation cites its rule
    assert "After the supports: you have a king and Ana has an eight, so you win." in log


def test_the_table_shows_the_guerrilla_rank_piles_and_hidden_hands() -> None:
    app = guerrilla_tactics_app(seed=3, players=3, pace="instant")
    table = app.table_text()
    assert "Skirmish 1" in table and "Guerrilla rank 2 Guerrillas: the 2s" in table
    assert "Removed pile (face down): 0 cards" in table
    assert table.count("a face-down card") == 4  # Ana's and Ben's two cards each
    app.show_everything.value = True
    assert "a face-down card" not in app.table_text().split("Ana", 1)[1].split("draw")[0]


def test_the_cards_you_may_play_are_buttons_drawn_as_cards_in_their_suits_colour() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=("5S KH", "9D 8D"), pace="instant")
    assert app.labels()[:2] == ["Play 5♠", "Play K♥"]
    button = ".wt-app.wt-guerrilla-app .wt-actions .wt-main-button:nth-child({})"
    css = app.table_html()
    assert f"{button.format(1)}, {button.format(2)} {{ background: #fff;" in css
    assert f"{button.format(1)} {{ color: #111111; }}" in css  # the spade black
    assert f"{button.format(2)} {{ color: #b0001e; }}" in css  # the heart red
    assert button.format(3) not in css  # "Support" is no card


def test_choices_that_are_not_allowed_are_greyed_out_with_the_reason() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    greyed = app.greyed()
    assert list(greyed) == ["Propose"]
    assert "every player to have played a Guerrilla" in greyed["Propose"]
    assert "Propose : A promotion needs every player" in app.reasons_text()  # said, not hovered
    with pytest.raises(BadInput, match="greyed out"):
        app.press("Propose")


def test_a_promotion_is_proposed_and_the_new_guerrilla_rank_is_shown() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=PROMOTION, pace="instant")
    app.press("Play 2♠")
    app.press("Support with 9♠")  # Ana supports too; your nine beats her eight
    assert app.labels()[:2] == ["Propose", "Don't propose"]
    app.press("Propose")
    assert any("the Guerrilla rank is now 3" in t for t in app.log_texts())
    assert "Guerrilla rank 3 Guerrillas: the 2s and 3s" in app.table_text()


def test_a_spy_captor_is_marked_and_reveals_first() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=("7S 3S 8S", "9D 5D 10D"), pace="instant")
    app.press("Play 7♠")  # Ana wins with her nine against your spy
    assert "Reveals first (captured a spy)" in app.table_text()
    assert "Ana captured a spy last skirmish, so Ana reveals the" in app.happened_text()


def test_undo_returns_to_your_last_choice_and_the_end_is_announced() -> None:
    app: GameApp = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    step = app.cursor
    app.press("Play 5♠")
    app.press("Undo")
    assert app.cursor == step and app.labels()[:2] == ["Play 5♠", "Play K♠"]
    app.press("Play K♠")  # your king beats Ana's eight, and her nine could not help her
    for _ in range(5):
        if app.banner_text():
            break
        app.press("Play 10 choices")
    assert app.banner_text()


def test_a_new_round_uses_the_players_chosen() -> None:
    app = guerrilla_tactics_app(seed=4, pace="instant")
    assert app.players is not None and app.players.count is not None
    app.players.count.value = 4
    app.press("New round")
    assert app.table_text().count("draw ") == 4 and "Cleo" in app.table_text()
    assert "GT-PLAYERS" in app.rulings_text()


# Playback: the moments after a choice, on the table one by one.

FOUR = {"players": 4}


def _engine_game(players: int, seed: int, steps: int,
                 propose: bool = False) -> Game[GuerrillaState]:
    """A game of computer players (you propose whenever you may, if ``propose``)."""
    game = Game.new(GUERRILLA_TACTICS, rules_from(GuerrillaRules, {"players": players}), seed)
    agents = {p: heuristic_agent(p, seed) for p in range(players)}
    for _ in range(steps):
        decision = game.decision
        if decision is None:
            break
        if propose and decision.player == 0 and "propose" in decision.legal_actions:
            game = game.play("propose")
        else:
            game = game.play(agents[decision.player](
                GUERRILLA_TACTICS.view(game.state, decision.player), decision))
    return game


def _moment(game: Game[GuerrillaState], step: int, happened: int, viewer: int | None = 0) -> str:
    before = GUERRILLA_TACTICS.view(game.steps[step - 1].state, viewer)
    after = GUERRILLA_TACTICS.view(game.steps[step].state, viewer)
    return GuerrillaTable().moment_html(before, after, game.steps[step].events[:happened])


def _step_with(game: Game[GuerrillaState], kind: type) -> tuple[int, int]:
    """The first step holding an event of this kind, and how many events lead up to it."""
    return next((n, i + 1) for n, step in enumerate(game.steps) if n
                for i, e in enumerate(step.events) if isinstance(e, kind))


def test_the_frames_of_a_step_are_its_events_that_show_something() -> None:
    app = guerrilla_tactics_app(seed=7, rules=FOUR)
    since = app.cursor
    app.press(app.labels()[0])
    assert app.playing_back
    moments = frames(app.game, since, app.cursor, 0, is_moment(GuerrillaTable()))
    said = [frame.words for frame in moments if frame.words]
    events = [e for n in range(since + 1, app.cursor + 1) for e in app.game.steps[n].events
              if not isinstance(e, Chose | SkirmishBegins)]
    assert said == [GUERRILLA_TACTICS.explain(e) for e in events]
    assert said[0].startswith("The cards are revealed: you reveal the")


def test_every_revealed_card_is_on_the_table_while_it_is_revealed() -> None:
    app = guerrilla_tactics_app(seed=7, rules=FOUR)
    app.press(app.labels()[0])
    frame = app.frame()
    assert frame is not None and frame.words.startswith("The cards are revealed")
    revealed = app.game.steps[frame.step].events[frame.happened - 1]
    assert isinstance(revealed, Revealed) and len(revealed.plays) == 4
    for _, laid in revealed.plays:
        assert f'<figure class="wt-changed">{card_svg(laid)}' in app.table_html()
    assert "No cards" not in app.table_text() and "Since your last choice" not in app.table_text()


def test_playing_back_never_changes_the_game() -> None:
    app = guerrilla_tactics_app(seed=7, rules=FOUR)
    app.press(app.labels()[0])
    game, cursor = app.game, app.cursor
    tables = []
    while app.playing_back:
        tables.append(app.table_html())
        app.next_moment()
    assert app.game is game and app.cursor == cursor
    assert len(set(tables)) == len(tables) > 3  # every moment draws a table of its own


def test_skip_next_and_instant_reach_the_same_table() -> None:
    stepped, skipped = (guerrilla_tactics_app(seed=5, rules=FOUR) for _ in range(2))
    instant = guerrilla_tactics_app(seed=5, rules=FOUR, pace="instant")
    for app in (stepped, skipped, instant):
        app.press("Play 10 choices")
    while stepped.playing_back:
        stepped.next_moment()
    skipped.skip()
    assert stepped.table_html() == skipped.table_html() == instant.table_html()
    assert stepped.labels() == skipped.labels() == instant.labels()


CARD_LABEL = re.compile(r'aria-label="([^"]* of (?:spades|hearts|diamonds|clubs))')


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_moment_shows_a_card_its_viewer_cannot_see(players: int) -> None:
    game = _engine_game(players, seed=3, steps=150)
    design = GuerrillaTable()
    for viewer in (0, 1):
        for frame in frames(game, 0, len(game.steps) - 1, viewer, is_moment(design)):
            if frame.final:
                continue
            before = GUERRILLA_TACTICS.view(game.steps[frame.step - 1].state, viewer)
            after = GUERRILLA_TACTICS.view(game.steps[frame.step].state, viewer)
            events = game.steps[frame.step].events
            seen = set(CARD_LABEL.findall(design.table_html(before, ()) +
                                          design.table_html(after, ())))
            told = " ".join(GUERRILLA_TACTICS.explain(e) for e in events)
            drawn = CARD_LABEL.findall(design.moment_html(before, after, events[:frame.happened]))
            assert [c for c in drawn if c not in seen and c not in told] == [], frame


def test_the_last_moment_of_a_step_counts_what_the_table_after_it_shows() -> None:
    game = _engine_game(4, seed=0, steps=120)
    for n in range(1, len(game.steps)):
        before, after = (GUERRILLA_TACTICS.view(game.steps[k].state, 0) for k in (n - 1, n))
        moved, rest = partway(before, after, game.steps[n].events), at_rest(after)
        assert (moved.rank, moved.skirmish, moved.removed) == (rest.rank, rest.skirmish,
                                                               rest.removed)
        assert [(s.draw, s.discard, s.hand_count, s.rows, s.out) for s in moved.seats] == [
            (s.draw, s.discard, s.hand_count, s.rows, s.out) for s in rest.seats]


def test_a_promotion_raises_the_rank_on_the_table_and_marks_it() -> None:
    game = _engine_game(4, seed=0, steps=60)
    step, happened = _step_with(game, Promoted)
    table = _moment(game, step, happened)
    assert '<span class="gt-rank wt-changed">Guerrilla rank 3</span>' in table
    assert "Guerrillas: the 2s and 3s" in text_of(table)
    # Since the rank rose, every player must play a Guerrilla again before the next one.
    assert "No Guerrilla played since rank 3" in text_of(table)


def test_a_cancelled_promotion_is_marked_on_the_canceller_and_the_recruits_counted() -> None:
    game = _engine_game(4, seed=28, steps=90, propose=True)
    step, happened = _step_with(game, PromotionCancelled)
    cancelled = game.steps[step].events[happened - 1]
    assert isinstance(cancelled, PromotionCancelled)
    table = _moment(game, step, happened)
    mark = (f'<span class="gt-mark wt-mark-new">Cancels the promotion with '
            f"{cancelled.card.symbol}: recruits {cancelled.recruited} cards</span>")
    assert mark in table
    assert card_svg(cancelled.card) in table  # the Guerrilla shown stays in sight, in hand


def test_the_end_of_the_game_names_the_last_skirmish_fought() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    app.press("Play 5♠")
    app.press("Support with K♠")  # you win skirmish 1; Ana cannot draw for skirmish 2
    table = app.table_text()
    assert table.startswith("Game over after skirmish 1 ")
    assert "Removed pile (face down): 1 card " in table  # Ana's last card, unseen
    assert "a king, wins: takes 3 cards" in table


def test_loss_of_forces_marks_the_cards_it_removes_on_the_table() -> None:
    game = _engine_game(4, seed=0, steps=60)
    step, happened = _step_with(game, ForcesLost)
    lost = game.steps[step].events[happened - 1]
    assert isinstance(lost, ForcesLost) and lost.removed
    table = _moment(game, step, happened)
    for removed in lost.removed:
        assert (f'<figure class="gt-lost wt-changed">{card_svg(removed)}<figcaption>removed'
                in table)
    assert '<span class="gt-removed wt-changed">' in table


def test_declarations_revealed_together_mark_each_seat_and_show_every_cancel() -> None:
    # Under GT-DECLARE 'everyone', Ana and Ben both cancel your proposal: the moment of
    # the reveal marks both, shows both Guerrillas, and no seat still reads "has chosen".
    game = window(GuerrillaRules(players=3, declare="everyone"), ("", "2H QH", "2D QD"))
    for action in ("propose", "pass", "pass", "cancel 2H", "cancel 2D"):
        game = game.play(action)
    step = len(game.steps) - 1
    events = game.steps[step].events
    happened = next(i + 1 for i, e in enumerate(events) if isinstance(e, CancelsRevealed))
    table = _moment(game, step, happened)
    assert "Cancels too with 2♦: the first recruits" in text_of(table)
    assert card_svg(events[happened - 1].cancels[1][1]) in table
    assert "has chosen" not in text_of(table).casefold()


def test_when_everyone_declares_a_guerrilla_holder_sees_why_proposing_is_greyed_out() -> None:
    rules = GuerrillaRules(players=3, declare="everyone")
    app = guerrilla_tactics_app(rules=rules, position=window(rules, ("2S KS", "QH", "QD")).position,
                                pace="instant")
    assert app.labels()[0] == "Don't propose"
    assert app.greyed() == {
        "Propose": "You may not propose a promotion while holding a Guerrilla (the two of spades)."}


def test_a_support_you_were_never_offered_is_not_called_your_choice() -> None:
    # Four players, skirmish 1 (seed 2): your five loses to Ben's queen, and the two of
    # spades left in your hand is a Guerrilla, which cannot help: you are not asked.
    app = guerrilla_tactics_app(seed=2, players=4, pace="normal")
    app.press("Play 5♠")
    seen = []
    while (frame := app.frame()) is not None:
        seen.append((frame.words, app.table_text()))
        app.next_moment()
    assert not any("Chose: Don't support" in table for _, table in seen)
    support = next((words, table) for words, table in seen if words.startswith("Support:"))
    assert "You do not support. A second card may be added only if it does better" in support[0]
    you = support[1][support[1].index("You "):support[1].index("Ana ")]
    assert "No card would help: no support" in you


def test_a_support_you_turned_down_is_marked_as_your_choice() -> None:
    # Three players: you may support your five with the king, and say no; the others
    # still to choose see only that you are ready.
    app = guerrilla_tactics_app(seed=1, stacked=("5S KS", "9D 8D", "QC 3C"), pace="instant")
    app.press("Play 5♠")
    assert "Don't support" in app.labels()
    app.press("Don't support")
    assert "Chose: Don't support" not in app.table_text()  # the skirmish is settled
    assert "You do not support" in " ".join(app.log_texts())


def test_the_cards_of_your_hand_on_the_table_stand_for_the_choices_that_play_them() -> None:
    app = guerrilla_tactics_app(seed=1, stacked=SUPPORT, pace="instant")
    table = app._table.value  # the page makes these buttons while the choice is offered
    assert 'data-choice="Play 5♠" data-name="Play the five of spades"' in table
    assert 'data-choice="Play K♠"' in table and table.count("wt-card-choice") == 2
    app.press("Play 5♠")
    assert 'data-choice="Support with K♠"' in app._table.value
