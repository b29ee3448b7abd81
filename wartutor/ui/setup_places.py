"""The places of a position, variant by variant, for the set-up editor (setup_position).

A position (``docs/positions.md``) is plain data; the editor needs to know which of its
keys hold cards (its places: a deck, a hand, a pile, the centre), which hold the stage,
whose turn it is and the counters, and how each is written. :data:`TABLES` says so in a
few lines a variant, read from its position module's own words (its stages, seats and
endings), so that a stage the module learns to accept is offered with no change here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from wartutor.core.engine import Game, Variant
from wartutor.core.errors import BadInput, quoted
from wartutor.language import N_, _

OMIT = object()  # a menu's choice that leaves its key out of the position (the rules decide)

Path = tuple[str | int, ...]


@dataclass(frozen=True)
class Zone:
    """A place on the table that holds cards, found at ``path`` in the position.

    ``kind`` says how the position writes it: "cards" (codes separated by spaces), "one"
    (one code, or null when empty) or "laid" (Guerrilla's table: "play 9S", "support 2H").
    ``fixed`` places keep their cards (Arsenal's captured piles: the rounds played won them).
    """

    path: Path
    label: str
    kind: str = "cards"
    fixed: bool = False


@dataclass(frozen=True)
class Choice:
    """A menu: the value at ``path`` is one of ``options`` (label, value); OMIT leaves it out."""

    path: Path
    label: str
    options: tuple[tuple[str, Any], ...]


@dataclass(frozen=True)
class Number:
    """A whole number at ``path`` (a counter); an empty box leaves it out, or null if
    ``nullable``."""

    path: Path
    label: str
    nullable: bool = False


@dataclass(frozen=True)
class Flag:
    """A yes-or-no at ``path``."""

    path: Path
    label: str


@dataclass(frozen=True)
class Layout:
    """A variant's editor: its deck (each card once: copies are cards of their own), its
    places and its controls."""

    deck: tuple[Any, ...]
    zones: tuple[Zone, ...]
    controls: tuple[Choice | Number | Flag, ...]
    tidy: Callable[[dict[str, Any], set[Path]], None] = field(default=lambda p, changed: None)
    drafts: tuple[Draft, ...] = ()
    # The words a card's button says (short) and its tooltip says (long), and the rule
    # layer's words as the app says them: Trade War's jokers go by the names in force.
    card_words: Callable[[Any], tuple[str, str]] = field(
        default=lambda card: (short_name(card), str(card)))
    worded: Callable[[str], str] = field(default=lambda text: text)


@dataclass(frozen=True)
class Draft:
    """A table the position holds only at some stages (Trade War's battle): while the
    position has none, the editor keeps this one to fill, and writes it once the stage is
    one of ``stages`` or a place in it holds cards (else null)."""

    key: str
    table: Mapping[str, Any]
    stages: tuple[str, ...]


def _whose(names: Sequence[str], seat: int, yours: str, theirs: str, **fields: Any) -> str:
    """A seat's place, in one of two whole labels marked N_: seat 0's ("Your hand"), or
    another seat's, whose name fills {name} ("{name}'s hand")."""
    if seat == 0:
        return _(yours).format(**fields)
    return _(theirs).format(name=_(names[seat]), **fields)


def _seats(names: Sequence[str]) -> tuple[tuple[str, Any], ...]:
    return tuple((_("You") if s == 0 else _(n), s) for s, n in enumerate(names))


def _stage(module: Any) -> Choice:
    # The stages the position module accepts: a stage it learns is offered here at once.
    return Choice(("stage",), _("Stage"), tuple((s.name, s.name) for s in module.stages()))


# Each variant's modules are imported when its editor is made: a page imports its own game
# only (see wartutor.ui), and a class opening thirty pages counts every import.


def _classic(rules: Any, names: Sequence[str]) -> Layout:
    from wartutor.core.cards import standard_deck
    from wartutor.variants.classic_war import position as p

    return Layout(
        standard_deck(),
        (Zone(("decks", "you"), _("Your deck, top card first")),
         Zone(("decks", "computer"), _("The computer's deck, top card first")),
         Zone(("unclaimed",), _("Unclaimed cards (a war that could not be finished)"))),
        (_stage(p), Number(("battles",), _("Battles played")),
         Number(("wars",), _("Wars fought")),
         Choice(("winner",), _("Winner"), ((_("nobody yet"), None),
                                           *((s, s) for s in p.SEATS))),
         Choice(("ending",), _("Ending"), ((_("none yet"), None),
                                           *((e, e) for e in p.ENDINGS))),
         Flag(("stacked",), _("A stacked lesson deal (cards may be left out)"))),
    )


def _guerrilla(rules: Any, names: Sequence[str]) -> Layout:
    from wartutor.variants.guerrilla_tactics import position as p
    from wartutor.variants.guerrilla_tactics.state import DECK

    zones, flags = [], []
    for seat in range(rules.players):
        zones += [Zone(("seats", seat, "draw"), _whose(
                      names, seat, N_("Your draw pile, top card first"),
                      N_("{name}'s draw pile, top card first"))),
                  Zone(("seats", seat, "hand"), _whose(
                      names, seat, N_("Your hand"), N_("{name}'s hand"))),
                  Zone(("seats", seat, "discard"), _whose(
                      names, seat, N_("Your discard pile, top card first"),
                      N_("{name}'s discard pile, top card first"))),
                  Zone(("seats", seat, "table"), _whose(
                      names, seat, N_("Your cards on the table (play, then support)"),
                      N_("{name}'s cards on the table (play, then support)")), "laid")]
        # Translators: {mark} is a mark's name as a position writes it ("shown", "tie drawn").
        flags += [Flag(("seats", seat, mark), _whose(names, seat, N_("Your: {mark}"),
                                                     N_("{name}'s: {mark}"),
                                                     mark=mark.replace("_", " ")))
                  for mark in p.SEAT_MARKS]
    zones.append(Zone(("removed",), _("Removed from the game")))
    turn = Choice(("to_choose",), _("Whose turn"), ((_("as the rules say"), OMIT),
                                                 *((n, [s]) for n, s in _seats(names))))

    def tidy(position: dict[str, Any], changed: set[Path]) -> None:
        # Shown and tie-drawn cards are marks on cards of the hand: a card moved out of
        # the hand takes its mark with it.
        for seat in position["seats"]:
            hand = seat.get("hand", "").split()
            for mark in ("shown", "tie_drawn"):
                if isinstance(seat.get(mark), str):
                    seat[mark] = " ".join(c for c in seat[mark].split() if c in hand)

    return Layout(DECK, tuple(zones),
                  (_stage(p), turn, Number(("skirmish",), _("Skirmish")),
                   Number(("guerrilla_rank",), _("Guerrilla rank")),
                   Number(("tie_round",), _("Tie-break round")), *flags,
                   Flag(("stacked",), _("A stacked lesson deal (any cards, some left out)"))),
                  tidy)


def _war_room(rules: Any, names: Sequence[str]) -> Layout:
    from wartutor.variants.war_room import position as p

    zones, declared = [], []
    for seat in range(rules.players):
        declared.append(Choice(("declared", seat), _whose(
            names, seat, N_("Your declaration"), N_("{name}'s declaration")), (
            (_("not yet"), None), (_("activate"), "activate"), (_("decline"), "decline"))))
        zones += [Zone(("revealed", seat), _whose(names, seat, N_("Your revealed card"),
                                                  N_("{name}'s revealed card")), "one"),
                  Zone(("draw", seat), _whose(names, seat, N_("Your draw stack, top card first"),
                                              N_("{name}'s draw stack, top card first"))),
                  Zone(("collection", seat), _whose(names, seat, N_("Your collection pile"),
                                                    N_("{name}'s collection pile")))]

    def tidy(position: dict[str, Any], changed: set[Path]) -> None:
        # A card newly revealed shows its printed VC (the box's VC was the old card's).
        for path in changed:
            if path[0] == "revealed":
                for key in ("vc", "vc_as_step_began"):
                    if isinstance(position.get(key), list):
                        position[key][path[1]] = None

    return Layout(
        rules.cards.cards, tuple(zones),
        (_stage(p),
         Choice(("turn",), _("Whose turn"), ((_("nobody"), None), *_seats(names))),
         Choice(("first",), _("First player"), _seats(names)),
         Number(("round",), _("Round")), Number(("tie_break_step",), _("Tie-break step")),
         Number(("instruction",), _("Instruction resolving"), nullable=True), *declared,
         Choice(("ending",), _("Ending"), ((_("none yet"), None),
                                           *((e, e) for e in p.ENDINGS))),
         Flag(("stacked",), _("A stacked lesson deal (cards may be left out)"))),
        tidy)


def _trade_war(rules: Any, names: Sequence[str]) -> Layout:
    from wartutor.variants.trade_war import position as p
    from wartutor.variants.trade_war.cards import trade_deck

    zones = []
    for seat in range(rules.players):
        zones += [Zone(("hands", seat), _whose(names, seat, N_("Your hand"),
                                               N_("{name}'s hand"))),
                  Zone(("piles", seat), _whose(names, seat, N_("Your resource pile"),
                                               N_("{name}'s resource pile")))]
    from wartutor.variants.trade_war.cards import PUTIN
    from wartutor.variants.trade_war.explain import joker_word, worded

    # Translators: {removed} is Trade War's word for "Assassinated", {joker} the joker's name.
    zones += [Zone(("center",), _("The centre, top card first")),
              Zone(("removed",), _("{removed} by {joker}").format(
                  removed=worded("Assassinated"), joker=joker_word(PUTIN)))]
    battle_zones = ("stake", "attack", "defence", "earlier", "earlier_attack")
    # Translators: {place} is a place's name as a position writes it ("stake", "attack").
    zones += [Zone(("battle", key), _("The battle: {place}").format(place=key.replace("_", " ")))
              for key in battle_zones]
    from wartutor.core.cards import RANK_CODES

    battle = Draft("battle", {"defender": 1, "rank": "2", **dict.fromkeys(battle_zones, "")},
                   p.BATTLE_STAGES)

    def tidy(position: dict[str, Any], changed: set[Path]) -> None:
        # Cards that moved this turn are the instigator's own: a card moved away leaves it.
        seat = position.get("instigator")
        if isinstance(position.get("moved"), str) and type(seat) is int \
                and 0 <= seat < rules.players:
            own = f"{position['hands'][seat]} {position['piles'][seat]}".split()
            position["moved"] = " ".join(c for c in position["moved"].split() if c in own)

    return Layout(
        trade_deck(), tuple(zones),
        (_stage(p), Choice(("instigator",), _("Whose turn"), _seats(names)),
         Choice(("deciding",), _("Who chooses now"), ((_("nobody"), None), *_seats(names))),
         Number(("turn",), _("Turn")),
         Choice(("battle", "defender"), _("The battle: defender"), _seats(names)),
         Choice(("battle", "rank"), _("The battle: rank asked"),
                tuple((r, r) for r in RANK_CODES)),
         Choice(("ending",), _("Ending"), ((_("none yet"), None),
                                           *((e, e) for e in p.ENDINGS))),
         Flag(("may_draw",), _("May draw from the centre")),
         Flag(("center_emptied",), _("The centre has emptied this turn")),
         Flag(("stacked",), _("A stacked lesson deal (cards may be left out)"))),
        tidy, (battle,), _trade_words, worded)


def _trade_words(card: Any) -> tuple[str, str]:
    from wartutor.variants.trade_war.cards import Joker
    from wartutor.variants.trade_war.explain import joker_word

    if isinstance(card, Joker):
        return joker_word(card), _("the {joker} joker ({code})").format(
            joker=joker_word(card), code=card.code)
    return short_name(card), str(card)


def _arsenal(rules: Any, names: Sequence[str]) -> Layout:
    from wartutor.variants.arsenal import position as p
    from wartutor.variants.arsenal.cards import standard_deck

    return Layout(
        standard_deck(),
        (Zone(("hands", "you"), _("Your hand")),
         Zone(("hands", "npc"), _("The computer's hand")),
         Zone(("lead",), _("The card led"), "one"),
         Zone(("pile",), _("The pile, top card first")),
         Zone(("captured", "you"), _("Your captured pile (won in the rounds played)"),
              fixed=True),
         Zone(("captured", "npc"), _("The computer's captured pile (won in the rounds played)"),
              fixed=True)),
        (_stage(p), Choice(("leader",), _("Who leads"), tuple(
            (_("You") if s == "you" else _("The computer"), s) for s in p.SEATS)),
         Number(("round",), _("Round")),
         Flag(("stacked",), _("A stacked lesson deal (any cards, some left out)"))),
    )


TABLES: dict[str, Callable[[Any, Sequence[str]], Layout]] = {
    "classic_war": _classic, "guerrilla_tactics": _guerrilla, "war_room": _war_room,
    "trade_war": _trade_war, "arsenal": _arsenal,
}


def position_module(variant: Variant[Any]) -> Any:
    """The variant's position module (its ``position_of``, ``from_position``, ``stages``)."""
    return import_module(f"wartutor.variants.{variant.name}.position")


# Reading and writing a position's places


def get_at(data: Any, path: Path) -> Any:
    for key in path:
        if isinstance(data, Mapping) and isinstance(key, str):
            data = data.get(key)
        elif isinstance(data, list) and isinstance(key, int) and 0 <= key < len(data):
            data = data[key]
        else:
            return None
    return data


def has_at(data: Any, path: Path) -> bool:
    parent = get_at(data, path[:-1])
    key = path[-1]
    if isinstance(parent, Mapping):
        return key in parent
    return isinstance(parent, list) and isinstance(key, int) and 0 <= key < len(parent)


def set_at(data: Any, path: Path, value: Any) -> None:
    parent, key = get_at(data, path[:-1]), path[-1]
    if isinstance(parent, list):
        parent[int(key)] = value  # a seat's entry: paths are written here, with numbers
    elif isinstance(parent, dict):
        parent[key] = value


def delete_at(data: Any, path: Path) -> None:
    parent = get_at(data, path[:-1])
    if isinstance(parent, dict):
        parent.pop(path[-1], None)


def codes_at(zone: Zone, value: Any) -> list[str]:
    """The card codes a place holds, in the position's order."""
    if value is None:
        return []
    if zone.kind == "laid":
        return [str(entry).split()[-1] for entry in value if str(entry).split()]
    return str(value).split()


def written(zone: Zone, codes: list[str]) -> Any:
    if zone.kind == "one":
        return " ".join(codes) if codes else None  # two cards are refused, as written
    if zone.kind == "laid":
        return [f"{'play' if n == 0 else 'support'} {code}" for n, code in enumerate(codes)]
    return " ".join(codes)


def check_cards(deck: tuple[Any, ...], zones: list[Zone], position: Mapping[str, Any]) -> None:
    """Refuse places holding a card the deck has not, or more copies of it than it has."""
    spare: dict[str, int] = {}
    for card in deck:
        spare[card.code] = spare.get(card.code, 0) + 1
    for zone in zones:
        for code in codes_at(zone, get_at(position, zone.path)):
            if spare.get(code, 0) == 0:
                raise BadInput(_("{place} holds {card}, which is not a card of this game's "
                                 "deck, or is there once too often").format(
                                     place=zone.label, card=quoted(code)),
                               allowed=_("each card of the deck at most once"))
            spare[code] -= 1


def empty_table(variant: Variant[Any], rules: Any, seed: int) -> dict[str, Any]:
    """A fresh deal's position with every place emptied: nothing played, every counter at
    its start, and the deal a lesson's (``stacked``), which may leave cards out."""
    position = position_module(variant).position_of(Game.new(variant, rules, seed).state)
    for zone in TABLES[variant.name](rules, variant.player_names(rules)).zones:
        if has_at(position, zone.path):
            set_at(position, zone.path, written(zone, []))
    position["stacked"] = True
    return position


def short_name(card: Any) -> str:
    symbol = getattr(card, "symbol", None)
    if symbol:
        return str(symbol)
    suit = getattr(card, "suit", "")
    name = getattr(card, "name", card.code)
    vc = getattr(card, "vc", None)
    return f"{name} {suit}" if suit else f"{name} {vc}" if vc is not None else str(name)


def is_red(card: Any) -> bool:
    return getattr(card, "suit", "") in ("H", "D")


