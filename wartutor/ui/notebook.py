"""What a notebook shows of the package's values: a game, a card, a position, a
simulation table and a trace, drawn as the apps draw them.

python-chess draws its board in ``chess/svg.py``, a pure function of the board, imported
only when a notebook asks for ``_repr_svg_``. Here too: a value's ``_repr_html_`` imports
this module when a notebook asks (the rules layer by name, through
:func:`wartutor.core.engine.notebook_html`), and each function below is a pure function
from the value to HTML, made with :func:`~wartutor.ui.markup.html` like every table of the
apps, so a name is text, never markup. No widget is made or displayed; a game's table is
the app's own table design (:func:`wartutor.ui.room.table_design`), which loads ipywidgets'
module but makes no widget. A card, a simulation table and a trace need no ipywidgets at all.

- ``Game``: its table at its last step, as a teacher sees it (``variant.view(state, None)``),
  with that step's explanations; :func:`show_game` shows one seat's view instead, or the
  seats under the players' names.
- ``Card``: the card as the apps draw it (its repr stays ``card('9S')``).
- a position: plain data, so it cannot show itself; :func:`show_position` shows its table.
- ``Table`` (a simulation's): who won, how long the games lasted, and the first rows.
- ``Trace``: its game, seed, rulings, actions, and how it ends when a replay is quick.

>>> from wartutor.core import Game
>>> from wartutor.variants import find_variant
>>> war = find_variant("classic_war")
>>> game = Game.new(war, seed=1, stacked=("9S 4C KD", "9H 2D 7C"))
>>> shown = show_position(war, war.position_of(game.state))
>>> shown
show_game(<Game of Classic War, a set position, seed 0: just dealt, ...>)
>>> from wartutor.ui.render import text_of
>>> words = text_of(shown._repr_html_())
>>> words[: words.index(" Battle 0")]
'Classic War Seed 0, from a set position · just dealt · Player 1 (seat 0) to choose'
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from wartutor.core.cards import Card
from wartutor.core.engine import Event, Game, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.core.position import read_position
from wartutor.core.record import cited_rule, explanation
from wartutor.core.registry import find_variant
from wartutor.core.rulings import rulings_of
from wartutor.core.trace import Trace
from wartutor.core.voice import speaking, voice
from wartutor.explore.table import units
from wartutor.language import _, ngettext, pgettext
from wartutor.ui.markup import Markup, html, joined, style
from wartutor.ui.render import STYLESHEET, card_svg

FIRST_ROWS = 10  # rows of a simulation table shown under its summary
QUICK_REPLAY = 1_000  # actions a trace's summary replays to say how it ends (at most ~0.4 s)
SHOWN_ACTIONS = 12  # the first actions of a trace listed in its summary
SHORT_ACTION = 40  # characters of one action shown there (an action has at most 15)
SHOWN_RULINGS = 30  # changed rulings a trace's summary lists (a variant has at most 20)

# A design adds a <style> for the app's own buttons (cards drawn on them, one rule per place
# in the row): on a notebook's page those rules would restyle a live app's buttons, so
# they are left out. style() refuses "<" inside, so [^<]* is exactly one element.
_BUTTON_STYLES = re.compile(r"<style>[^<]*\.wt-actions[^<]*</style>")


def card_html(card: Card) -> Markup:
    """A card as the apps draw it, named for a screen reader."""
    return card_svg(card)


# Games and positions


@dataclass(frozen=True)
class Shown:
    """A game shown in a notebook as ``viewer`` sees it (None: the teacher, every card
    face up), the seats called ``names`` (None: the variant's own)."""

    game: Game[Any]
    viewer: int | None = None
    names: tuple[str, ...] | None = None

    def _repr_html_(self) -> str:
        return str(game_html(self.game, self.viewer, self.names))

    def __repr__(self) -> str:
        """The call that shows it, the game by its repr: short, whatever the game."""
        viewer = "" if self.viewer is None else f", viewer={self.viewer}"
        names = "" if self.names is None else f", names={quoted(self.names)}"
        return f"show_game({self.game!r}{viewer}{names})"


def show_game(game: Game[Any], viewer: int | None = None,
              names: Sequence[str] | None = None) -> Shown:
    """``game`` at its last step as ``viewer`` sees it (None: the teacher), its seats
    called ``names``; a notebook shows it as a table, like the game's own repr."""
    seats = len(game.variant.player_names(game.rules))
    # The arguments of a call are a programmer's: their refusals stay in English, as Python's
    # own errors do; what the call shows is in the language in force.
    if viewer is not None and (type(viewer) is not int or not 0 <= viewer < seats):
        raise BadInput(f"{quoted(viewer)} is not a seat of this game",
                       allowed=f"None (the teacher) or a seat from 0 to {seats - 1}")
    if names is not None and (isinstance(names, str)
                              or not all(isinstance(n, str) for n in names)):
        raise BadInput(f"{quoted(names)} are not the seats' names",
                       allowed='a list of names, one a seat, such as ("Ada", "Bo")')
    return Shown(game, viewer, None if names is None else tuple(names))


def show_position(variant: str | Variant[Any], position: Mapping[str, Any] | str,
                  rules: Any = None, seed: int = 0) -> Shown:
    """A position (plain data, or its JSON text) as its table, as a teacher sees it. A
    position is a dict, which cannot show itself: this is the game it starts
    (``Game.from_position``, refused with :class:`BadInput` as that refuses), shown."""
    found = find_variant(variant) if isinstance(variant, str) else variant
    if isinstance(position, str):
        position = read_position(position)
    return Shown(Game.from_position(found, rules, position, seed))


def game_html(game: Game[Any], viewer: int | None = None,
              names: Sequence[str] | None = None) -> Markup:
    """The table at the game's last step as ``viewer`` sees it (None: the teacher), drawn
    by the variant's own table design, with the step's explanations in the words the app
    gives them, and the cited rules."""
    from wartutor.ui.room import table_design  # the designs load ipywidgets' module

    variant, step = game.variant, game.steps[-1]
    number = len(game.steps) - 1
    with speaking(viewer, names):
        table = design_html(table_design(variant.name), variant.view(step.state, viewer),
                            step.events)
        about = _about(game, viewer, names)
    said = [html('{words} <span class="wt-rule">({rule})</span>',
                 words=explanation(game, event, viewer, names), rule=cited_rule(game, event))
            for event in step.events]
    moments = joined(html('<li class="{kind}">{said}</li>',
                          kind="wt-now" if n == len(said) - 1 else "wt-before", said=words)
                     for n, words in enumerate(said))
    head = (_("The set position") if step.action is None and game.position is not None
            else _("The deal") if step.action is None
            else _("Step {number:,}: {action}").format(number=number, action=step.action))
    return html('{sheet}<div class="wt-app wt-notebook"><div class="wt-title">{title}</div>'
                '<p class="wt-note">{about}</p>{table}<div class="wt-happened" role="region" '
                'aria-label="{happened}"><div class="wt-happened-head">{head}</div>'
                '<ol class="wt-moments">{moments}</ol></div></div>',
                sheet=_sheets(variant.name), title=variant.title, about=about, table=table,
                happened=_("What happened"), head=head, moments=moments)


def design_html(design: Any, view: Any, events: tuple[Event, ...]) -> Markup:
    """A table design's table, without the styles of the app's buttons."""
    return Markup(_BUTTON_STYLES.sub("", str(design.table_html(view, events))))


# In an app the words scroll beside the table; under it, in a notebook, they are all shown.
NOTEBOOK_STYLE = style(".wt-app.wt-notebook .wt-happened { height: auto; max-height: none; "
                       "min-height: 0; overflow: visible; margin-top: 8px; }")


def _sheets(variant: str) -> Markup:
    """The apps' stylesheet, and the variant's own where its app adds one to its tables."""
    sheets = Markup(STYLESHEET) + NOTEBOOK_STYLE
    if variant == "arsenal":
        from wartutor.ui.arsenal_table import ARSENAL_STYLE

        return sheets + ARSENAL_STYLE
    return sheets


def _about(game: Game[Any], viewer: int | None, names: Sequence[str] | None) -> str:
    """The seed and deal, how far the game is, and how it stands, in the voice in force."""
    seed = (_("Seed {seed}, from a set position") if game.position is not None
            else _("Seed {seed}, a stacked deal") if game.stacked is not None
            else _("Seed {seed}")).format(seed=game.seed)
    count = len(game.steps) - 1
    played = (_("just dealt") if count == 0
              else ngettext("{count:,} step", "{count:,} steps", count).format(count=count))
    return f"{seed} · {played} · {standing(game, viewer, names)}"


def standing(game: Game[Any], viewer: int | None = None,
             names: Sequence[str] | None = None) -> str:
    """Who must choose now, or how the game ended, worded for ``viewer``."""
    outcome = game.outcome
    if outcome is not None:
        return _("Game over: {why}").format(
            why=explanation(game, outcome.because, viewer, names))
    decision = game.decision
    if decision is None:
        return _("no decision is due")
    own = game.variant.player_names(game.rules)
    with speaking(viewer, names):
        return _("{name} (seat {seat}) to choose").format(
            name=voice().name(decision.player, own), seat=decision.player)


# Simulation tables


def simulation_html(table: Any) -> Markup:
    """A simulation table (:class:`wartutor.explore.table.Table`): what it is, each seat's
    wins with their 95% intervals, draws, lengths, and its first rows."""
    from wartutor.explore.stats import describe

    lines = table.summary()
    head = html("<p><b>{first}</b>; {second}.</p>", first=lines[0], second=lines[1])
    notes = joined(html('<p class="wt-note">{text}</p>', text=text)
                   for text in (table.note, *_faults(table)) if text)
    if not table.rows:
        return html('<div class="wt-notebook-table">{head}{notes}</div>', head=head, notes=notes)
    stats = describe(table)
    wins = joined(
        html("<tr><td>{name}</td><td>{agent}</td><td>{count:,}</td>"
             "<td>{share:.1%} ({lo:.1%} to {hi:.1%})</td></tr>", name=name, agent=agent,
             count=share.count, share=share.value, lo=share.interval[0], hi=share.interval[1])
        for name, agent, share in zip(table.seat_names(), table.agents, stats.wins, strict=True))
    lengths = stats.lengths
    median = f"{lengths.median:,.1f}".removesuffix(".0")  # a median may fall between two
    length = (_("No game finished.") if not lengths.n else html(
        # Translators: {unit} is what a game's length counts, more than one: "battles".
        ngettext("Length of the {n} finished game, in {unit}: mean {mean}, median {median}, "
                 "nine in ten within {p90}, longest {longest}.",
                 "Length of the {n} finished games, in {unit}: mean {mean}, median {median}, "
                 "nine in ten within {p90}, longest {longest}.", lengths.n),
        n=f"{lengths.n:,}", unit=_unit(table), mean=f"{lengths.mean:,.1f}", median=median,
        p90=f"{lengths.p90:,}", longest=f"{lengths.longest:,}"))
    # The counts' names ("wars") are the variant's data, as the table's columns name them.
    counts = joined((html("{name} {mean:,.2f}", name=name.replace("_", " "), mean=mean)
                     for name, mean in stats.counts.items()), ", ")
    per_game = (html(" {said}", said=html(_("Per game on average: {counts}."), counts=counts))
                if stats.counts else "")
    columns = table.columns
    rows = joined(html("<tr>{cells}</tr>", cells=joined(html("<td>{value}</td>", value=record[c])
                                                         for c in columns))
                  for record in _first_records(table))
    more = len(table.rows) - FIRST_ROWS
    rest = ("" if more <= 0 else
            html("<p>{said}</p>", said=html(
                # Translators: records(), to_csv() and to_pandas() are Python, as typed.
                _("The first {shown} of {n} rows; {records}, {csv} or {pandas} give them all."),
                shown=FIRST_ROWS, n=f"{len(table.rows):,}",
                records=Markup("<code>records()</code>"), csv=Markup("<code>to_csv()</code>"),
                pandas=Markup("<code>to_pandas()</code>"))))
    # The rows' columns and values are the records' own (seed, result, "win"): data, the
    # same as to_csv() writes in every language.
    return html(
        '<div class="wt-notebook-table">{head}{notes}<table><tr><th>{player}</th><th>{agent}'
        "</th><th>{won}</th><th>{share}</th></tr>{wins}</table>"
        "<p>{draws} {length}{per_game}</p>"
        "<table><tr>{columns}</tr>{rows}</table>{rest}</div>",
        head=head, notes=notes, wins=wins, player=pgettext("simulation table", "player"),
        agent=pgettext("simulation table", "agent"), won=pgettext("simulation table", "wins"),
        share=pgettext("simulation table", "share (95% interval)"),
        draws=_("Draws: {draws} ({draw_share}); unfinished: {unfinished} "
                "({unfinished_share}).").format(
                    draws=f"{stats.draws.count:,}", draw_share=f"{stats.draws.value:.1%}",
                    unfinished=f"{stats.unfinished.count:,}",
                    unfinished_share=f"{stats.unfinished.value:.1%}"),
        length=length, per_game=per_game,
        columns=joined(html("<th>{name}</th>", name=c) for c in columns), rows=rows, rest=rest)


def _first_records(table: Any) -> list[dict[str, Any]]:
    """The first rows as :meth:`records` gives them, without building every record."""
    counts = table.count_names
    return [{"seed": row.seed, "result": row.result, "winner": row.winner_text,
             "ending": row.ending, "length": row.length,
             **{name: row.counts.get(name, 0) for name in counts}}
            for row in table.rows[:FIRST_ROWS]]


def _faults(table: Any) -> list[str]:
    faults = table.faults
    if not faults:
        return []
    # The fault itself is the referee's message, as the record keeps it.
    return [ngettext("{count} game lost by a player's fault; the first: {fault}",
                     "{count} games lost by a player's fault; the first: {fault}",
                     len(faults)).format(count=f"{len(faults):,}", fault=faults[0])]


def _unit(table: Any) -> str:
    try:
        word = str(find_variant(table.variant).length_unit)
    except BadInput:
        word = "step"
    return units(word)


# Traces


def trace_html(trace: Trace) -> Markup:
    """A trace in short: its game, seed and deal, the rulings it changes, its actions, and
    how the game ends when replaying it is quick (up to :data:`QUICK_REPLAY` actions)."""
    try:
        variant: Variant[Any] | None = find_variant(trace.variant)
    except BadInput:
        variant = None
    title = variant.title if variant is not None else quoted(trace.variant)
    # The seed, the actions and the rulings' settings are the trace's own data.
    head = (_("{trace}: seed {seed}, from a set position.") if trace.position is not None
            else _("{trace}: seed {seed}, a stacked deal.") if trace.stacked is not None
            else _("{trace}: seed {seed}."))
    count = len(trace.actions)
    changed = trace.rulings_changed()
    meanings = rulings_of(variant.rules_type) if variant is not None else {}
    rulings: Markup | str = _("Rulings as written.")
    if changed:
        rows = joined(
            html("<tr><td>{id}</td><td>{question}</td><td>{value}</td></tr>",
                 id=meanings[name].id if name in meanings else _short(name),
                 question=_(meanings[name].question) if name in meanings
                 else _("(not a ruling of this game)"),
                 value=quoted(value))
            for name, value in list(changed.items())[:SHOWN_RULINGS])
        more = len(changed) - SHOWN_RULINGS
        rulings = html("<table><tr><th>{ruling}</th><th>{question}</th><th>{here}</th></tr>"
                       "{rows}</table>{more}", rows=rows, ruling=_("Ruling"),
                       question=_("Question"), here=_("In this game"),
                       more=_("… and {count} more.").format(count=f"{more:,}") if more > 0
                       else "")
    first = joined((html("<code>{action}</code>", action=_short(a)) for a in
                    trace.actions[:SHOWN_ACTIONS]), ", ")
    said = (_("{count} actions.") if not count else
            ngettext("{count} action: {first}.", "{count} actions: {first}.", count)
            if count <= SHOWN_ACTIONS else
            ngettext("{count} action: {first}, …", "{count} actions: {first}, …", count))
    actions = html(said, count=f"{count:,}", first=first)
    return html('<div class="wt-notebook-trace"><p>{head}</p>{rulings}<p>{actions}</p>'
                "<p>{ending}</p></div>",
                head=html(head, trace=html("<b>{words}</b>", words=_("Trace of {title}").format(
                    title=title)), seed=quoted(trace.seed)),
                rulings=rulings, actions=actions, ending=_ending(trace, count))


def _short(action: object) -> str:
    """An action (or a rule option's name) as typed, cut if a trace made by hand holds a
    long one."""
    text = action if isinstance(action, str) else quoted(action)
    return text if len(text) <= SHORT_ACTION else text[: SHORT_ACTION - 3] + "..."


def _ending(trace: Trace, count: int) -> str:
    if count > QUICK_REPLAY:
        # Translators: trace.replay() is Python, as typed.
        return _("Not replayed here ({count} actions take a while): trace.replay() rebuilds "
                 "the game, and shows its table.").format(count=f"{count:,}")
    try:
        game = trace.replay()
    except BadInput as e:
        return _("This trace cannot be replayed: {why}").format(why=e)
    return _("Replayed: {standing}").format(standing=standing(game))


__all__ = ["Shown", "card_html", "design_html", "game_html", "show_game", "show_position",
           "simulation_html", "standing", "trace_html"]
