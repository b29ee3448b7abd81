"""Deal codes: a variant, its rulings and a seed, short enough for a teacher to read out.

A code is the variant's two letters, the seed, then one short change per ruling that
differs from the default::

    CW-4821          Classic War, seed 4821, every ruling at its default
    CW-4821-B3       ... with the second ruling (CW-WAR-DOWN) at its third choice (3)
    CW-4821-C=37     ... with the third ruling (CW-LIMIT) set to 37, a number no menu offers

A change is the ruling's letter and its choice's number (1 is the first choice in the
ruling's list), or ``=`` and a whole number for a number that is not one of the
choices. Letters skip I, L and O, which read like 1 and 0; reading a code ignores
case, spaces and dashes, and takes O for 0 and I or L for 1 in the numbers. Rulings
that are neither a listed choice nor a whole number (a deck file of one's own) cannot
travel in a code: share the game's trace instead.

>>> from wartutor.variants.classic_war import ClassicRules
>>> deal_code("classic_war", ClassicRules(war_down=3), 4821)
'CW-4821-B3'
>>> read_deal_code("cw 4821 b3")
DealCode(variant='classic_war', seed=4821, settings={'war_down': 3})
"""

from __future__ import annotations

import re
from dataclasses import dataclass, fields, is_dataclass, replace
from typing import Any

from wartutor.core.chance import check_seed
from wartutor.core.errors import BadInput, quoted
from wartutor.core.limits import check_text
from wartutor.core.registry import find_variant
from wartutor.core.rulings import rules_from, rulings_of, settings_of

# Two letters per variant. A new variant adds a line here (and never reuses a pair).
PREFIXES = {
    "classic_war": "CW",
    "guerrilla_tactics": "GT",
    "war_room": "WR",
    "trade_war": "TW",
    "arsenal": "AR",
}
KEYS = "ABCDEFGHJKMNPQRSTUVWXYZ"  # no I, L or O
MAX_CHARS = 200  # of a typed code; the longest any rulings make has 82, before spaces
EXAMPLE = "CW-4821 (two letters for the game, the seed, then any changed rulings such as B3)"
_SHAPE = re.compile(r"([A-Z]{2})(\d+)((?:[A-Z]=?\d+)*)")
_CHANGE = re.compile(r"([A-Z])(=?)(\d+)")


@dataclass(frozen=True)
class DealCode:
    """What a code stands for: the variant's name, the seed and the changed rulings."""

    variant: str
    seed: int
    settings: dict[str, Any]

    def rules(self) -> Any:
        """The full rules object: the defaults with this code's changes."""
        return rules_from(find_variant(self.variant).rules_type, self.settings)


def _key(number: int) -> str:
    return KEYS[number]


def _same_deal_as(variant: str, rules: Any, seed: int, name: str,
                  choices: tuple[Any, ...]) -> int | None:
    """The choice that deals exactly this table, if one does.

    War Room's app passes its shipped deck as the deck file's text; that deals the same
    cards as the choice "field-manual", so the code can say so in two characters.
    """
    game = find_variant(variant)

    def table(rules: Any) -> Any:
        # A state may carry its rules object; the rest is what was dealt.
        state = game.new_game(rules, seed)[0]
        if not is_dataclass(state):
            return state
        return [getattr(state, f.name) for f in fields(state)
                if not isinstance(getattr(state, f.name), type(rules))]

    dealt = table(rules)
    for index, choice in enumerate(choices):
        try:
            other = replace(rules, **{name: choice})
        except BadInput:
            continue
        if table(other) == dealt:
            return index
    return None


def deal_code(variant: str, rules: Any, seed: int) -> str:
    """The code of a deal; :class:`BadInput` if a ruling cannot be written in one."""
    prefix = PREFIXES.get(variant)
    if prefix is None:
        raise BadInput(f"the game {quoted(variant)} has no deal code letters",
                       allowed=", ".join(PREFIXES))
    defaults = settings_of(type(rules)())
    changes = []
    for number, (name, meta) in enumerate(rulings_of(type(rules)).items()):
        value = getattr(rules, name)
        if value == defaults[name] and type(value) is type(defaults[name]):
            continue
        index = next((i for i, c in enumerate(meta.choices)
                      if c == value and type(c) is type(value)), None)
        if index is None and isinstance(value, str):
            index = _same_deal_as(variant, rules, seed, name, meta.choices)
        if index is not None and meta.choices[index] == defaults[name]:
            continue
        if index is not None:
            changes.append(f"{_key(number)}{index + 1}")
        elif type(value) is int and value >= 0:
            changes.append(f"{_key(number)}={value}")
        else:
            raise BadInput(f"ruling {meta.id} is set to something a deal code cannot hold",
                           allowed="a listed choice or a whole number; share the game's "
                                   "trace (Take this game home) to share the rest")
    head = f"{prefix}-{check_seed(seed)}"
    return f"{head}-{''.join(changes)}" if changes else head


def _normalised(text: str) -> str:
    squeezed = re.sub(r"[\s\-_.]+", "", text).upper()
    # After the two letters, O, I and L are never letters of a code: they are 0 and 1.
    return squeezed[:2] + squeezed[2:].translate(str.maketrans("OIL", "011"))


def read_deal_code(text: str) -> DealCode:
    """The deal a code stands for, or :class:`BadInput` saying what is wrong with it."""
    check_text(text, max_chars=MAX_CHARS, what="the deal code",
               allowed=f"a code such as {EXAMPLE}")
    code = _normalised(text)
    if not code:
        raise BadInput("the deal code box is empty", allowed=f"a code such as {EXAMPLE}")
    shape = _SHAPE.fullmatch(code)
    if shape is None:
        raise BadInput(f"{quoted(text.strip())} is not a deal code",
                       allowed=f"a code such as {EXAMPLE}")
    prefix, seed_text, changes = shape.groups()
    by_prefix = {p: name for name, p in PREFIXES.items()}
    if prefix not in by_prefix:
        raise BadInput(f"{quoted(text.strip())} is not a deal code: no game starts with "
                       f"{prefix!r}",
                       allowed=f"a code such as {EXAMPLE}, starting with one of "
                               + ", ".join(PREFIXES.values()))
    variant = find_variant(by_prefix[prefix])
    try:
        seed = check_seed(int(seed_text))
    except BadInput as e:
        raise BadInput(f"the seed in {quoted(text.strip())} is too large",
                       allowed=e.allowed) from None
    rulings = list(rulings_of(variant.rules_type).items())
    settings: dict[str, Any] = {}
    for key, literal, digits in _CHANGE.findall(changes):
        number = KEYS.find(key)
        if not 0 <= number < len(rulings):
            raise BadInput(f"{quoted(key)} is not a ruling of {variant.title}",
                           allowed=f"letters {KEYS[0]} to {KEYS[len(rulings) - 1]} "
                                   "(I, L and O are never used)")
        name, meta = rulings[number]
        if name in settings:
            raise BadInput(f"the code changes ruling {key} ({meta.id}) twice",
                           allowed="each ruling's letter at most once")
        if literal:
            value: Any = int(digits)
        elif 1 <= int(digits) <= len(meta.choices):
            value = meta.choices[int(digits) - 1]
        else:
            raise BadInput(f"ruling {key} ({meta.id}) has no choice {quoted(int(digits))}",
                           allowed=f"{key}1 to {key}{len(meta.choices)}: "
                                   f"{meta.describe_allowed()}")
        if not meta.allows(value):
            raise BadInput(f"ruling {key} ({meta.id}) cannot be {quoted(value)}",
                           allowed=meta.describe_allowed())
        settings[name] = value
    rules_from(variant.rules_type, settings)  # the rules' own checks (players and seats agree)
    return DealCode(variant.name, seed, settings)
