"""A short plain-words reading of simulation results, for a class rather than a statistician.

The reading answers a class's questions, each in its own words: how long a game lasts,
who wins (and whether going first helps, where the game says who went first), whether
games end, and how often each of the variant's events (a war, a tie-break, ...) comes.
Where "p90" or a "95% interval" appears, a line says what it means.

>>> from wartutor.core import Summary
>>> from wartutor.explore.table import Row, Table
>>> from wartutor.variants.classic_war import ClassicRules
>>> rows = tuple(Row.of(s, Summary((s % 2,), "all-cards", 100 + s, {"wars": 3})) for s in range(4))
>>> print(read(Table("classic_war", ClassicRules(), ("turn", "turn"), 10_000, rows)))
Classic War, 4 games (seeds 0 to 3).
How long does a game last? 101.5 battles on average.
  Half the games were over within 101.5, nine in ten within 103 (the p90); the longest took 103.
  p90: nine games in ten were over by then.
Who wins? You won 50% of the games (95% interval 15% to 85%); Computer won 50% (15% to 85%).
  95% interval: the true share lies in this range, 95 times in 100; more games make it narrower.
Does every game end? No game was a draw, and every game finished.
How often is there a war? About once every 33.8 battles (3.0 a game on average).
Too few games for firm conclusions: the intervals are wide.
"""

from __future__ import annotations

from typing import Any

from wartutor.explore.stats import Z95, Comparison, Share, Stats, compare, describe
from wartutor.explore.table import Table
from wartutor.language import N_, _, ngettext, npgettext
from wartutor.variants import find_variant

P90_MEANS = N_("  p90: nine games in ten were over by then.")
INTERVAL_MEANS = N_("  95% interval: the true share lies in this range, 95 times in 100; "
                  "more games make it narrower.")

# The variants' counts as a class would ask about them; any other count is asked plainly.
QUESTIONS = {
    "wars": N_("How often is there a war?"),
    "tie_breaks": N_("How often is there a tie-break?"),
    "supports": N_("How often does a player add support?"),
    "removed_by_loss": N_("How many cards are lost to loss of forces?"),
    "promotions": N_("How often are the Guerrillas promoted?"),
    "cancellations": N_("How often is a promotion cancelled?"),
    "stalemates": N_("How often does a tie-break stall (a stalemate)?"),
    "activations": N_("How often are cards activated?"),
    "eliminations": N_("How often is a player eliminated?"),
    "reshuffles": N_("How often are the draw stacks reshuffled?"),
    "battles": N_("How often is there a battle?"),
    "doubles": N_("How often are doubles played?"),
    "mueller_wins": N_("How often does the Mueller joker win?"),
    "assassinations": N_("How often does Putin assassinate a card?"),
    "rewards": N_("How often does someone win three battles in a row?"),
    "shield_blocks": N_("How often does a shield block a bomb?"),
    "counter_strikes": N_("How often is a bomb turned back by a Counter-Strike?"),
    "level4_wins": N_("How often does a Nuke or a Meteor win a round?"),
    "sudden_death": N_("How often does a match go to sudden death?"),
    "instructions": N_("How often does an activated instruction change a VC?"),
    "no_target": N_("How often does an instruction find no target?"),
    "recruited": N_("How many cards are recruited?"),
    "asks": N_("How often does a player ask for a card?"),
    "misses": N_("How often does an ask miss?"),
    "swaps": N_("How often are hand cards swapped for resource cards?"),
    "center_draws": N_("How often is a card drawn from the centre pile?"),
}
# Counts that are not events to ask "how often" about: the answer to "does going first
# help?" (Arsenal's leader_wins) is read on its own.
LEADER_WINS = "leader_wins"
# Counts that say where the game ended up, not how often something happened.
LEVELS = {"guerrilla_rank": (N_("How high do the Guerrillas climb? The highest Guerrilla rank "
                                "at the end was {level} in every game."),
                             N_("How high do the Guerrillas climb? The highest Guerrilla rank "
                                "at the end was {mean:.1f} on average (from {lowest} to "
                                "{highest})."))}



def unit_of(variant: Any) -> str:
    """The variant's unit of length (battle, skirmish, round, turn), singular."""
    return str(variant.length_unit)


def plural(n: float, word: str) -> str:
    if n == 1:
        return word
    return word + "es" if word.endswith(("s", "sh", "ch", "x")) else word + "s"


def units(n: float, unit: str) -> str:
    """The unit's word for ``n`` of them ("1 battle", "2.5 battles"), in the language in
    force."""
    count = 1 if n == 1 else 2
    if unit == "battle":
        return npgettext("unit of length", "battle", "battles", count)
    if unit == "skirmish":
        return npgettext("unit of length", "skirmish", "skirmishes", count)
    if unit == "round":
        return npgettext("unit of length", "round", "rounds", count)
    if unit == "turn":
        return npgettext("unit of length", "turn", "turns", count)
    return plural(n, unit)


def percent(share: Share) -> str:
    return f"{share.value:.0%}"


def interval(share: Share) -> str:
    lo, hi = share.interval
    return _("{lo:.0%} to {hi:.0%}").format(lo=lo, hi=hi)


def read(table: Table) -> str:
    """A few lines, one question each: how long, who wins, do games end, how often each count."""
    variant = find_variant(table.variant)
    stats = describe(table)
    if not stats.games:
        return _("{title}: no games were played.").format(title=variant.title)
    # Translators: English says "games" for one game too.
    lines = [ngettext("{title}, {games} games (seeds {first} to {last}).",
                      "{title}, {games} games (seeds {first} to {last}).", stats.games).format(
        title=variant.title, games=stats.games, first=table.seeds[0], last=table.seeds[-1])]
    if table.note:
        lines.append(table.note)
    if table.faults:  # a student's player lost these games by breaking the rules
        lines.append(ngettext("{count} game lost by a player's fault, the first: {fault}",
                              "{count} games lost by a player's fault, the first: {fault}",
                              len(table.faults)).format(count=len(table.faults),
                                                        fault=table.faults[0]))
    lines += _lengths(stats, unit_of(variant))
    lines += _wins(stats, variant.player_names(table.rules))
    lines.append(_leading(table))
    lines.append(_("Does every game end? {answer}").format(
        answer=_endings(table, stats, units(2, unit_of(variant)))))
    for name in table.count_names:
        if name in LEVELS:
            lines.append(_level(table, name))
        elif name != LEADER_WINS:
            lines.append(_how_often(table, name))
    if stats.games < 400:
        lines.append(_("Too few games for firm conclusions: the intervals are wide."))
    return "\n".join(line for line in lines if line)


def _lengths(stats: Stats, unit: str) -> list[str]:
    s = stats.lengths
    if not s.n:
        return [_("How long does a game last? No game finished.")]
    return [_("How long does a game last? {mean:.1f} {units} on average.").format(
                mean=s.mean, units=units(2, unit)),
            _("  Half the games were over within {median:g}, nine in ten within {p90} (the "
              "p90); the longest took {longest}.").format(median=s.median, p90=s.p90,
                                                          longest=s.longest), _(P90_MEANS)]


def _wins(stats: Stats, names: tuple[str, ...]) -> list[str]:
    first = (_("You won {share} of the games (95% interval {interval})") if _you(names[0])
             else _("{name} won {share} of the games (95% interval {interval})"))
    parts = [first.format(name=_(names[0]), share=percent(stats.wins[0]),
                          interval=interval(stats.wins[0]))]
    parts += [(_("You won {share} ({interval})") if _you(name)
               else _("{name} won {share} ({interval})")).format(
                   name=_(name), share=percent(share), interval=interval(share))
              for name, share in zip(names[1:], stats.wins[1:], strict=True)]
    text = _("Who wins? {answers}.").format(answers="; ".join(parts))
    if len(names) == 2 and _apart(stats.wins[0], stats.wins[1]):
        better = names[0] if stats.wins[0].value > stats.wins[1].value else names[1]
        # Translators: "You" is the student's own seat (in English with its capital).
        text += (_(" The intervals do not overlap: with these agents, the game favours You.")
                 if _you(better) else
                 _(" The intervals do not overlap: with these agents, the game favours {name}.")
                 .format(name=_(better)))
    return [text, _(INTERVAL_MEANS)]


def _you(name: str) -> bool:
    """The player the variant calls "You" (its seat 0), whose sentences say "you"."""
    return name.casefold() == "you"


def _leading(table: Table) -> str:
    """Does going first help? Read where the game counts the rounds its leader won."""
    if LEADER_WINS not in table.count_names:
        return ""
    rounds = sum(row.length for row in table.rows)
    led = Share(sum(row.counts.get(LEADER_WINS, 0) for row in table.rows), rounds)
    if not rounds:
        return ""
    lo, hi = led.interval
    said = (N_("Does going first help? The side that led (revealed first) won {share} of the "
               "{rounds} rounds (95% interval {interval}): it helps.") if lo > 0.5 else
            N_("Does going first help? The side that led (revealed first) won {share} of the "
               "{rounds} rounds (95% interval {interval}): it is a handicap.") if hi < 0.5 else
            N_("Does going first help? The side that led (revealed first) won {share} of the "
               "{rounds} rounds (95% interval {interval}): these games cannot tell."))
    return _(said).format(share=percent(led), rounds=rounds, interval=interval(led))


def _level(table: Table, name: str) -> str:
    """Where a level stood at the end of the games: its average, lowest and highest."""
    same, varied = LEVELS[name]
    ends = [row.counts.get(name, 0) for row in table.rows]
    if min(ends) == max(ends):
        return _(same).format(level=ends[0])
    return _(varied).format(mean=sum(ends) / len(ends), lowest=min(ends), highest=max(ends))


def _how_often(table: Table, name: str) -> str:
    """How often a count's event comes: once every so many units, and in how many games."""
    unit = unit_of(find_variant(table.variant))
    question = (_(QUESTIONS[name]) if name in QUESTIONS else
                _("How many {counted} are there in a game?").format(
                    counted=name.replace("_", " ")))
    games = len(table.rows)
    total = sum(row.counts.get(name, 0) for row in table.rows)
    if not total:
        return _("{question} Never, in these games.").format(question=question)
    some = Share(sum(1 for row in table.rows if row.counts.get(name, 0) > 0), games)
    every = sum(row.length for row in table.rows) / total
    fields = {"question": question, "every": every, "units": units(every, unit),
              "per_game": total / games}
    if some.count == games:
        return _("{question} About once every {every:.1f} {units} ({per_game:.1f} a game on "
                 "average).").format(**fields)
    if some.value >= 0.995:  # would read "100%"
        return _("{question} About once every {every:.1f} {units} ({per_game:.1f} a game on "
                 "average); in all but {left} of the games.").format(
                     left=games - some.count, **fields)
    return _("{question} About once every {every:.1f} {units} ({per_game:.1f} a game on "
             "average); at least once in {share} of the games.").format(
                 share=percent(some), **fields)


def _apart(a: Share, b: Share) -> bool:
    return a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]


def _endings(table: Table, stats: Stats, unit: str) -> str:
    if not stats.unfinished.count:
        return (_("No game was a draw, and every game finished.") if not stats.draws.count
                else _("{share} were draws ({interval}), and every game finished.").format(
                    share=percent(stats.draws), interval=interval(stats.draws)))
    draws = (_("No game was a draw") if not stats.draws.count
             else _("{share} were draws ({interval})").format(share=percent(stats.draws),
                                                              interval=interval(stats.draws)))
    # A variant marks games its own rules stopped with their own ending ("limit", ...);
    # "unfinished" means the simulator stopped them at the maximum length.
    ours = sum(1 for row in table.rows if row.winners is None and row.ending == "unfinished")
    why = []
    if stats.unfinished.count - ours:
        why.append(_("{count} by the rules' own limit").format(
            count=stats.unfinished.count - ours))
    if ours:
        why.append(_("{count} still going at the maximum of {most} {units}").format(
            count=ours, most=table.max_length, units=unit))
    # Translators: {draws} is "No game was a draw" or "{share} were draws ({interval})".
    return _("{draws}; {share} were stopped unfinished ({interval}): {why}. They may never "
             "end.").format(draws=draws, share=percent(stats.unfinished),
                            interval=interval(stats.unfinished), why=_(" and ").join(why))


def read_comparison(a: Table, b: Table, label_a: str, label_b: str) -> str:
    """Two rulings on the same deals, in words: what changed and by how much."""
    c: Comparison = compare(a, b)
    unit = units(2, unit_of(find_variant(a.variant)))
    lines = [_("The same {deals} deals, played two ways: {label_a} and {label_b}.").format(
                 deals=c.a.games, label_a=label_a, label_b=label_b),
             _("Mean length: {mean_a:.1f} against {mean_b:.1f} {units} (difference "
               "{difference:+.1f}, give or take {margin:.1f} at 95%).").format(
                 mean_a=c.a.lengths.mean, mean_b=c.b.lengths.mean, units=unit,
                 difference=c.length_diff, margin=Z95 * c.length_diff_se)]
    lines.append(_("The result changed in {share} of the deals ({count} of {total}).").format(
        share=percent(c.changed), count=c.changed.count, total=c.changed.total))
    names = find_variant(a.variant).player_names(a.rules)
    lines.append((_("You won {wins_a} against {wins_b}; draws {draws_a} against {draws_b}; "
                    "unfinished {unfinished_a} against {unfinished_b}.") if _you(names[0]) else
                  _("{name} won {wins_a} against {wins_b}; draws {draws_a} against {draws_b}; "
                    "unfinished {unfinished_a} against {unfinished_b}.")).format(
        name=_(names[0]), wins_a=percent(c.a.wins[0]), wins_b=percent(c.b.wins[0]),
        draws_a=percent(c.a.draws), draws_b=percent(c.b.draws),
        unfinished_a=percent(c.a.unfinished), unfinished_b=percent(c.b.unfinished)))
    return "\n".join(lines)
