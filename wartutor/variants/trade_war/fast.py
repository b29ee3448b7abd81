"""Trade War without states, events or views: the private fast path for simulation.

The same rules as game.py and choices.py, and the same choices as the agents of
agents.py, replayed on plain lists. A card is a number whose order is the order of a
sorted hand: rank by rank from 2 to ace, suits S, H, D, C within a rank, then Mueller,
then Putin; so a hand stays sorted by ``insort`` and Putin, if held, is its last card.
Legal actions are never spelled out: the random agent needs only how many there are
and which one its number names; the heuristic agent weighs the cards themselves. Its
few ties broken by an action's words (between equal swaps) are broken by the same words.

The functions below keep the names of the ones they replay in game.py. The equality
test (tests/test_trade_war_fast.py) pins every summary to the traced engine's.

``play_on`` starts the same replay from any state instead of a deal (for the coach): a
state's every field has its place here, so no step needs the traced engine first. Its
agents are made afresh at that state, as ``agents[p](p, seed)`` would be; the heuristic
agent's only memory, the record of asks, is read back from the state.

>>> from wartutor.variants.trade_war.rules import TradeRules
>>> play_fast(TradeRules(players=2), 7, ("heuristic", "random"), None).ending
'center-empty'
"""

from __future__ import annotations

from bisect import insort

from wartutor.core.cards import SUIT_CODES, Card
from wartutor.core.chance import Rng, shuffle_in_place
from wartutor.core.engine import Summary
from wartutor.core.errors import BadInput
from wartutor.variants.trade_war.cards import MUELLER as MUELLER_CARD
from wartutor.variants.trade_war.cards import TradeCard, trade_deck
from wartutor.variants.trade_war.choices import HAND_LIMIT
from wartutor.variants.trade_war.game import STREAK_REWARD
from wartutor.variants.trade_war.rules import TradeRules
from wartutor.variants.trade_war.state import (
    ASK,
    ATTACK,
    DEFEND,
    PREPARE,
    PUTIN_WINDOW,
    REWARD,
    GameOver,
    Tally,
    TradeState,
)

MUELLER, PUTIN = 52, 53
FACE_RANKS = (11, 12, 13)
ALL_RANKS = tuple(range(2, 15))
COUNTS = tuple(vars(Tally()))  # the names of a Summary's counts, in the traced order


def _number(c: TradeCard) -> int:
    if isinstance(c, Card):
        return (c.rank - 2) * 4 + SUIT_CODES.index(c.suit)
    return MUELLER if c == MUELLER_CARD else PUTIN


DEAL_ORDER = tuple(_number(c) for c in trade_deck())  # the deck the shuffle starts from
CODE = {_number(c): c.code for c in trade_deck()}
NUMBER = {c.code: _number(c) for c in trade_deck()}  # a state's card, by its code
FAST_AGENTS = ("heuristic", "random")  # the agents of agents.py this module plays
RANK = tuple(c // 4 + 2 for c in range(52))  # of the standard cards; jokers have none


def fast_refusal(rules: TradeRules, agents: tuple[str, ...]) -> str | None:
    """None: the fast path plays every ruling with any of the built-in agents in each seat."""
    unknown = [name for name in agents if name not in FAST_AGENTS]
    if unknown:
        return (f"the fast path knows only the agents {' and '.join(FAST_AGENTS)}, "
                f"not {', '.join(unknown)}")
    if len(agents) != rules.players:
        return f"the fast path needs one agent for each of the {rules.players} players"
    return None


def play_fast(
    rules: TradeRules, seed: int, agents: tuple[str, ...], max_length: int | None
) -> Summary:
    """The summary of game ``seed``, exactly as the traced engine and its agents give it."""
    return _Game(rules, seed, agents).play(max_length)


def play_on(
    rules: TradeRules, state: TradeState, agents: tuple[str, ...], seed: int,
    max_length: int | None,
) -> Summary:
    """The summary of playing ``state`` on to the end, seat ``p`` by the agent
    ``agents[p]`` made at this state with ``(p, seed)``: exactly the traced engine's
    continuation with those agents. ``max_length`` counts turns from the game's start."""
    refused = fast_refusal(rules, agents)
    if refused is not None:
        raise BadInput(refused, allowed=f"{rules.players} names from "
                                        f"{', '.join(FAST_AGENTS)}")
    if state.rules != rules:
        raise BadInput("the state is of a game under other rules than those given",
                       allowed="the rules the state was dealt or set up with")
    return _Game(rules, seed, agents, state).play(max_length)


class _Battle:
    __slots__ = ("attack", "defence", "defender", "earlier", "earlier_attack", "stake")

    def __init__(self, defender: int, stake: list[int]) -> None:
        self.defender = defender
        self.stake = stake
        self.attack: list[int] = []
        self.defence: list[int] = []
        self.earlier: list[int] = []
        self.earlier_attack: list[int] = []

    def cards(self) -> list[int]:
        return self.stake + self.earlier + self.attack + self.defence


class _Game:
    def __init__(self, rules: TradeRules, seed: int, agents: tuple[str, ...],
                 state: TradeState | None = None) -> None:
        """Game ``seed`` from its deal, or the game at ``state`` (``seed`` then seeds
        only the agents)."""
        n = self.n = rules.players
        self.rules = rules
        self.heuristic = [name == "heuristic" for name in agents]
        self.agent_rngs = [Rng.from_seed((seed * 8 + p) % (1 << 64)) for p in range(n)]
        ace_low = rules.ace == "low"
        self.value = [1 if ace_low and r == 14 else r for r in RANK]  # battle.rank_value
        self.mueller_beats = [  # battle.mueller_beats
            (r == 14 and not ace_low and rules.mueller_vs_ace == "mueller") or r in FACE_RANKS
            for r in RANK
        ]
        self.strength = [float(v) for v in self.value] + [10.5, 20.0]  # agents.strength
        self.tally = dict.fromkeys(COUNTS, 0)
        # The public record of asks as the heuristic agent reads it (agents.Hints): for
        # each player, the ranks it must hold and the ranks it was seen to lack.
        self.hinted: list[set[int]] = [set() for _ in range(n)]
        self.lacking: list[set[int]] = [set() for _ in range(n)]
        self.ending: str | None = None
        self.winners: tuple[int, ...] = ()
        if state is None:
            self._deal(seed)
        else:
            self._load(state)

    def _deal(self, seed: int) -> None:
        """game.deal, unstacked."""
        n, rules = self.n, self.rules
        deck = list(DEAL_ORDER)
        rng = Rng(shuffle_in_place(deck, Rng.from_seed(seed).state))
        self.hands = [sorted(deck[HAND_LIMIT * p:HAND_LIMIT * (p + 1)]) for p in range(n)]
        self.piles: list[list[int]] = [[] for _ in range(n)]
        self.center = deck[HAND_LIMIT * n:]
        if rules.first_player == "random":
            first, rng = rng.below(n)
        else:
            first = int(rules.first_player)
        self.rng = rng
        self.removed: list[int] = []
        self.turn = 0
        self.streaks = [0] * n
        self.instigator = first
        self.phase = PREPARE
        self.battle: _Battle | None = None
        self.moved: set[int] = set()
        self.may_draw = False
        self.rewarded = -1
        self.center_emptied = False
        self.passes = 0
        self.declared: int | None = None
        self.strike: tuple[int, int] | None = None
        self._start_turn(first)

    def _load(self, state: TradeState) -> None:
        """Every field of ``state`` in this module's terms; the record of asks as the
        heuristic agent reads it; a finished game's ending."""
        def numbers(cards: tuple[TradeCard, ...]) -> list[int]:
            return [NUMBER[c.code] for c in cards]

        self.hands = [sorted(numbers(hand)) for hand in state.hands]
        self.piles = [numbers(pile) for pile in state.piles]
        self.center = numbers(state.center)
        self.removed = numbers(state.removed)
        self.rng = state.rng
        self.turn, self.instigator, self.phase = state.turn, state.instigator, state.phase
        self.streaks = list(state.streaks)
        self.battle = None
        if state.battle is not None:
            held = state.battle
            battle = self.battle = _Battle(held.defender, numbers(held.stake))
            battle.attack, battle.defence = numbers(held.attack), numbers(held.defence)
            battle.earlier = numbers(held.earlier)
            battle.earlier_attack = numbers(held.earlier_attack)
        self.moved = set(numbers(state.moved))
        self.may_draw = state.may_draw
        self.rewarded = -1 if state.rewarded is None else state.rewarded
        self.center_emptied, self.passes = state.center_emptied, state.passes
        # Ruling TW-PUTIN-WHO 'everyone': the declarations made so far (in seat order).
        made = [d for d in state.declared if d is not None]
        self.declared = len(made) if state.declared else None
        self.strike = None
        for words in made:
            if words != "pass":
                target = words.split()[1:]
                self.strike = ((-1, int(target[1])) if target[0] == "hand"
                               else (NUMBER[target[0]], -1))
        self.tally = dict(vars(state.tally))
        for record in state.log:
            self._record(record.player, record.target, record.rank, bool(record.shown))
        if state.outcome is not None:
            over = state.outcome.because
            assert isinstance(over, GameOver)
            self.ending, self.winners = over.ending, state.outcome.winners

    # The game as the simulation plays it (wartutor.explore.simulate._play)

    def play(self, max_length: int | None) -> Summary:
        while (player := self._settle()) >= 0:
            if max_length is not None and self.turn >= max_length:
                return Summary(None, "unfinished", self.turn, self.tally)
            if self.heuristic[player]:
                self._heuristic(player)
            else:
                self._random(player)
        winners = None if self.ending == "limit" else self.winners
        return Summary(winners, self.ending or "", self.turn, self.tally)

    # choices.py

    def _unmoved(self, cards: list[int]) -> list[int]:
        moved = self.moved
        return [c for c in cards if c not in moved] if moved else list(cards)

    def _targets(self) -> list[int]:
        p, hands = self.instigator, self.hands
        return [t for t in range(self.n) if t != p and hands[t]]

    def _ask_ranks(self) -> tuple[int, ...]:
        """The ranks a guess may name now (none without a battle card): ask_actions."""
        hand = self.hands[self.instigator]
        if not _can_fight(hand) and not (hand and self.rules.putin_window == "everyone"):
            return ()
        if not self.rules.ask_hold:
            return ALL_RANKS
        held = {RANK[c] for c in hand if c < MUELLER}
        return tuple(r for r in ALL_RANKS if r in held)

    def _may_draw_now(self) -> bool:
        return (self.may_draw and len(self.hands[self.instigator]) < HAND_LIMIT
                and bool(self.center))

    def _refill_pending(self) -> bool:
        p = self.instigator
        return (self.rules.refill == "to-seven" and len(self.hands[p]) < HAND_LIMIT
                and any(c not in self.moved for c in self.piles[p]))

    def _worth_preparing(self) -> bool:
        p = self.instigator
        hand = self.hands[p]
        takes = len(hand) < HAND_LIMIT and any(c not in self.moved for c in self.piles[p])
        pending = takes and self.rules.refill == "to-seven"
        asks = not pending and bool(self._ask_ranks()) and bool(self._targets())
        return asks or self._may_draw_now() or pending or (takes and not _can_fight(hand))

    def _putin_holder(self) -> int:
        for player, hand in enumerate(self.hands):
            if hand and hand[-1] == PUTIN:
                return player
        return -1

    def _reward_options(self, player: int) -> list[tuple[int, str]]:
        """(victim, source) in the order of reward_actions; the centre's victim is -1."""
        options = [(-1, "center")] if self.center else []
        for t in range(self.n):
            if t != player:
                options += [(t, "pile")] if self.piles[t] else []
                options += [(t, "hand")] if self.hands[t] else []
        return options

    # game.py: the start of a turn

    def _start_turn(self, player: int) -> None:
        turn = self.turn + 1
        limit = self.rules.turn_limit
        if limit is not None and turn > limit:
            self._game_over("limit")
            return
        self.may_draw = bool(self.center) and (
            len(self.hands[player]) + len(self.piles[player]) < HAND_LIMIT)
        if self.rules.streak != "game":
            self.streaks = [0] * self.n
        self.phase, self.instigator, self.turn = PREPARE, player, turn
        self.moved = set()
        self.battle = None
        self.rewarded = -1

    def _take(self, cards: list[int]) -> None:
        p = self.instigator
        hand, pile = self.hands[p], self.piles[p]
        for c in cards:
            insort(hand, c)
            pile.remove(c)
        self.moved.update(cards)
        self.passes = 0

    def _swap(self, out: int, into: int) -> None:
        p = self.instigator
        hand, pile = self.hands[p], self.piles[p]
        hand.remove(out)
        insort(hand, into)
        pile.remove(into)
        pile.append(out)
        self.moved.update((out, into))
        self.tally["swaps"] += 1

    def _draw(self) -> None:
        top = self.center.pop(0)
        insort(self.hands[self.instigator], top)
        self.may_draw = False
        self.moved.add(top)
        self.tally["center_draws"] += 1
        self._after_center_draw()

    def _after_center_draw(self) -> None:
        if self.center:
            return
        if self.rules.end == "at-once":
            self._game_over("center-empty")
        else:
            self.center_emptied = True

    def _ask(self, target: int, rank: int) -> None:
        p, tally = self.instigator, self.tally
        hand = self.hands[target]
        held = [c for c in hand if c < MUELLER and RANK[c] == rank]
        tally["asks"] += 1
        if not held:
            tally["misses"] += 1
            self._record(p, target, rank, False)
            self._end_turn("miss", target)
            return
        stake = held if self.rules.stake_size == "all" else held[:2]
        for c in stake:
            hand.remove(c)
        self.phase, self.battle = ATTACK, _Battle(target, stake)
        tally["battles"] += 1
        self._record(p, target, rank, True)

    def _record(self, player: int, target: int, rank: int, shown: bool) -> None:
        """The ask record, as agents.Hints reads it."""
        if self.rules.ask_hold:
            self.hinted[player].add(rank)
        self.hinted[target].discard(rank)
        if not shown:
            self.lacking[target].add(rank)

    # TW-BATTLE

    def _play(self, cards: list[int], stake: bool = False) -> None:
        battle = self.battle
        assert battle is not None
        attacking = self.phase == ATTACK
        if len(cards) == 2:
            self.tally["doubles"] += 1
        if stake:
            for c in cards:
                battle.stake.remove(c)
            battle.defence = cards
        else:
            hand = self.hands[self.instigator if attacking else battle.defender]
            for c in cards:
                hand.remove(c)
            if attacking:
                battle.attack = cards
            else:
                battle.defence = cards
        self.phase = DEFEND if attacking else PUTIN_WINDOW

    def _assassinate(self, victim: int, owner: int) -> None:
        """A card on the table (``owner`` -1), or a random card from ``owner``'s hand."""
        battle = self.battle
        assert battle is not None
        holder = self._putin_holder()
        self.hands[holder].pop()  # Putin, the last card of a sorted hand
        if owner >= 0:
            hand = self.hands[owner]
            index, self.rng = self.rng.below(len(hand))
            victim = hand.pop(index)
        else:
            for group in (battle.stake, battle.earlier, battle.earlier_attack, battle.attack,
                          battle.defence):
                if victim in group:
                    group.remove(victim)
        self.center.append(PUTIN)
        self.rng = Rng(shuffle_in_place(self.center, self.rng.state))
        self.removed.append(victim)
        self.tally["assassinations"] += 1
        self._decide_battle()

    def _declare(self, strike: tuple[int, int] | None) -> None:
        """game._declare: one more player in seat order has declared."""
        assert self.declared is not None
        self.declared += 1
        if strike is not None:
            self.strike = strike

    def _reveal(self) -> None:
        """game._reveal: a strike declared is carried out; then the battle is decided."""
        strike, self.strike, self.declared = self.strike, None, None
        if strike is None:
            self._decide_battle()
        else:
            self._assassinate(*strike)

    def _decide_battle(self) -> None:
        battle = self.battle
        assert battle is not None
        sign, tie = self._compare(battle.attack, battle.defence)
        if tie and self.rules.battle_tie == "again":
            battle.earlier = battle.earlier + battle.attack + battle.defence
            battle.earlier_attack = battle.earlier_attack + battle.attack
            battle.attack, battle.defence = [], []
            self.phase = ATTACK
            return
        self._collect(self.instigator if sign > 0 else battle.defender)

    def _compare(self, attack: list[int], defence: list[int]) -> tuple[int, bool]:
        """battle.compare: (1: the attack wins, -1: the defence, 0: neither; a true tie?)."""
        if not attack or not defence:
            return (1 if attack else -1 if defence else 0), False
        if len(attack) != len(defence):
            pair, single = (attack, defence) if len(attack) == 2 else (defence, attack)
            sign = 1 if pair is attack else -1
            if (single[0] == MUELLER and pair[0] < MUELLER and self.mueller_beats[pair[0]]
                    and self.rules.mueller_vs_doubles == "mueller"):
                return -sign, False
            return sign, False
        a, d = attack[0], defence[0]
        if a == MUELLER or d == MUELLER:
            mueller_wins = self.mueller_beats[d if a == MUELLER else a]
            return (1 if (a == MUELLER) == mueller_wins else -1), False
        va, vd = self.value[a], self.value[d]
        return (1 if va > vd else -1 if va < vd else 0), va == vd

    def _collect(self, winner: int) -> None:
        battle = self.battle
        assert battle is not None
        p = self.instigator
        won = battle.cards()
        hand = self.hands[winner]
        room = HAND_LIMIT - len(hand) if self.rules.winnings == "hand-first" else 0
        room = max(room, 0)
        for c in won[:room]:
            insort(hand, c)
        self.piles[winner] += won[room:]
        if MUELLER in (battle.attack if winner == p else battle.defence):
            self.tally["mueller_wins"] += 1
        self.battle = None
        self._count_streak(winner, battle.defender if winner == p else p)

    # TW-CONTINUE, TW-DEFENCE and TW-THREE-WINS

    def _count_streak(self, winner: int, loser: int) -> None:
        p, streaks = self.instigator, self.streaks
        if self.rules.streak == "game" or winner == p:
            streaks[winner] += 1
        streaks[loser] = 0
        if streaks[winner] >= STREAK_REWARD:
            streaks[winner] = 0
            self.phase, self.rewarded = REWARD, winner
        elif winner == p:
            self.phase = ASK
        else:
            self._end_turn("lost", winner)

    def _reward(self, victim: int, source: str) -> None:
        player = self.rewarded
        if victim < 0:
            prize = self.center.pop(0)
        else:
            group = self.piles[victim] if source == "pile" else self.hands[victim]
            index, self.rng = self.rng.below(len(group))
            prize = group.pop(index)
        hand = self.hands[player]
        if self.rules.reward_to == "hand" and len(hand) < HAND_LIMIT:
            insort(hand, prize)
        else:
            self.piles[player].append(prize)
        self.rewarded = -1
        self.tally["rewards"] += 1
        if victim < 0:
            self._after_center_draw()
            if self.ending is not None:
                return
        self._end_of_reward(player)

    def _end_of_reward(self, player: int) -> None:
        if player == self.instigator:
            self._end_turn("reward", None)
        else:
            self._end_turn("lost", player)

    # The end of a turn, and of the game

    def _end_turn(self, why: str, ender: int | None) -> None:
        if self.center_emptied:
            self._game_over("center-empty")
            return
        passing = why in ("no-battle-card", "nobody-to-ask") and self.phase == PREPARE
        self.passes = self.passes + 1 if passing and not self.moved else 0
        self.battle, self.phase = None, PREPARE
        if self.passes >= self.n:
            self._game_over("stalled")
        elif self.rules.turn_order == "defender" and ender is not None:
            self._start_turn(ender)
        else:
            self._start_turn((self.instigator + 1) % self.n)

    def _game_over(self, ending: str) -> None:
        scores = [len(pile) for pile in self.piles]
        best = max(scores)
        winners = tuple(p for p, s in enumerate(scores) if s == best)
        if ending == "limit" or (len(winners) > 1 and self.rules.final_tie == "draw"):
            winners = ()
        self.ending, self.winners = ending, winners

    # Everything that happens without a choice

    def _settle(self) -> int:
        """game._settle; then the player who must choose now, or -1 once the game is over."""
        rules = self.rules
        while self.ending is None:
            phase, p = self.phase, self.instigator
            if phase == PREPARE:
                if rules.refill == "to-seven" and len(self.hands[p]) < HAND_LIMIT:
                    pile = self._unmoved(self.piles[p])
                    if 0 < len(pile) <= HAND_LIMIT - len(self.hands[p]):
                        self._take(pile)
                        continue
                if self._worth_preparing():
                    return p
                self._end_turn("no-battle-card" if self._targets() else "nobody-to-ask", None)
            elif phase == ASK:
                if self._ask_ranks() and self._targets():
                    return p
                self._end_turn("no-battle-card" if self._targets() else "nobody-to-ask", None)
            elif phase in (ATTACK, DEFEND):
                battle = self.battle
                assert battle is not None
                player = p if phase == ATTACK else battle.defender
                hand = self.hands[player]
                if (phase == DEFEND and rules.stake_doubles == "play" and len(battle.stake) >= 2
                        and not battle.earlier):
                    self._play(battle.stake[:2], stake=True)
                elif not _can_fight(hand):
                    self._decide_battle()
                elif rules.battle_play == "forced":
                    self._play(self._forced_play(hand))
                elif len(hand) - (hand[-1] == PUTIN and rules.putin_window == "holder") == 1:
                    self._play([hand[0]])  # one battle card: one play (but see game._settle)
                else:
                    return player
            elif phase == PUTIN_WINDOW:
                battle = self.battle
                assert battle is not None
                if not (battle.attack and battle.defence):
                    self._decide_battle()
                elif rules.putin_window == "everyone":  # every player, in seat order
                    if self.declared is None:
                        self.declared = 0
                    if self.declared < self.n:
                        return self.declared
                    self._reveal()
                else:
                    holder = self._putin_holder()
                    if holder < 0:
                        self._decide_battle()
                    else:
                        return holder
            else:  # REWARD
                if self._reward_options(self.rewarded):
                    return self.rewarded
                player, self.rewarded = self.rewarded, -1
                self._end_of_reward(player)
        return -1

    def _forced_play(self, hand: list[int]) -> list[int]:
        """battle.forced_play: the highest rank, twice if held twice; else Mueller."""
        ranked = [c for c in hand if c < MUELLER]
        if not ranked:
            return [MUELLER]
        value = self.value
        top = max(value[c] for c in ranked)
        return [c for c in ranked if value[c] == top][:2]

    # The random agent (wartutor.core.agents.random_agent): a number below the count of
    # legal actions, and the action that number names in the order of choices.py.

    def _random(self, player: int) -> None:
        phase, p = self.phase, self.instigator
        if phase in (PREPARE, ASK):
            ranks, targets = self._ask_ranks(), self._targets()
            takes, swaps, draws = 0, 0, 0
            if phase == PREPARE:
                hand, pile = self.hands[p], self._unmoved(self.piles[p])
                free = self._unmoved(hand)
                takes = len(pile) if len(hand) < HAND_LIMIT else 0
                swaps = len(free) * len(pile)
                draws = 1 if self._may_draw_now() else 0
                if self._refill_pending():
                    ranks = ()
            asks = len(targets) * len(ranks)
            i = self._pick(player, takes + swaps + draws + asks)
            if i < takes:
                self._take([pile[i]])
            elif i < takes + swaps:
                out, into = divmod(i - takes, len(pile))
                self._swap(free[out], pile[into])
            elif i < takes + swaps + draws:
                self._draw()
            else:
                target, rank = divmod(i - takes - swaps - draws, len(ranks))
                self._ask(targets[target], ranks[rank])
        elif phase in (ATTACK, DEFEND):
            plays = _possible_plays(self.hands[player])
            self._play(plays[self._pick(player, len(plays))])
        elif phase == PUTIN_WINDOW:
            battle = self.battle
            assert battle is not None
            everyone = self.declared is not None
            if everyone and player != self._putin_holder():
                self._pick(player, 1)  # "pass", the one declaration it has
                self._declare(None)
                return
            kills = battle.cards()
            owners = ([t for t in range(self.n) if t != player and self.hands[t]]
                      if self.rules.putin_targets == "table-or-hand" else [])
            i = self._pick(player, len(kills) + len(owners) + 1)
            strike = ((kills[i], -1) if i < len(kills) else
                      (-1, owners[i - len(kills)]) if i < len(kills) + len(owners) else None)
            self._strike(strike, everyone)
        else:
            options = self._reward_options(player)
            self._reward(*options[self._pick(player, len(options))])

    def _pick(self, player: int, count: int) -> int:
        index, self.agent_rngs[player] = self.agent_rngs[player].below(count)
        return index

    # The heuristic agent (agents.heuristic_agent), on the cards the decider may see.

    def _heuristic(self, player: int) -> None:
        phase = self.phase
        if phase == PREPARE:
            if not self._prepare():
                self._best_ask(player)
        elif phase == ASK:
            self._best_ask(player)
        elif phase in (ATTACK, DEFEND):
            self._play(self._battle_play(player, phase == ATTACK))
        elif phase == PUTIN_WINDOW:
            if self.declared is None:
                self._strike(self._putin(player), False)
            else:  # ruling TW-PUTIN-WHO 'everyone': without Putin, "pass" is all there is
                self._strike(self._putin(player) if player == self._putin_holder() else None,
                             True)
        else:
            options = self._reward_options(player)
            piles = [option for option in options if option[1] == "pile"]
            if piles:
                self._reward(*max(piles, key=lambda option: len(self.piles[option[0]])))
            else:
                self._reward(*options[0])  # the centre if it has a card, else the first hand

    def _prepare(self) -> bool:
        """agents._prepare: a draw, a take or a swap worth making (False: go on to ask)."""
        if self._may_draw_now():
            self._draw()
            return True
        p, strength = self.instigator, self.strength
        hand, pile = self.hands[p], self._unmoved(self.piles[p])
        if len(hand) < HAND_LIMIT and pile:
            self._take([max(pile, key=strength.__getitem__)])
            return True
        best, swaps = 1.0, []  # a swap must gain more than 1
        for out in self._unmoved(hand):
            for into in pile:
                gain = strength[into] - strength[out]
                if gain > best:
                    best, swaps = gain, [(out, into)]
                elif gain == best and swaps:
                    swaps.append((out, into))
        if not swaps:
            return False
        # Equal gains: the traced agent takes the greatest action in words.
        out, into = max(swaps, key=lambda swap: f"swap {CODE[swap[0]]} for {CODE[swap[1]]}")
        self._swap(out, into)
        return True

    def _best_ask(self, player: int) -> None:
        """agents._best_asks, then one of the best at random from the agent's own seed."""
        unknown = [4] * 15  # copies of each rank the agent cannot account for
        for c in self.hands[player] + self.piles[player] + self.removed:
            if c < MUELLER:
                unknown[RANK[c]] -= 1
        ranks = self._ask_ranks()
        best, chosen = -2.0, []
        for t in self._targets():
            size, hinted, lacking = len(self.hands[t]), self.hinted[t], self.lacking[t]
            for rank in ranks:
                if rank in lacking:
                    score = -1.0
                else:
                    base = max(unknown[rank], 0) * size / 10
                    score = base + (10 if rank in hinted else 0)
                if score > best:
                    best, chosen = score, [(t, rank)]
                elif score == best:
                    chosen.append((t, rank))
        self._ask(*chosen[self._pick(player, len(chosen))])

    def _battle_play(self, player: int, attacking: bool) -> list[int]:
        """agents._battle: attack with the lowest doubles, else the second-best card;
        defend with the cheapest play that wins, else the weakest."""
        strength = self.strength
        ranked = sorted(_possible_plays(self.hands[player]),  # doubles count 20 more
                        key=lambda play: strength[play[0]] if len(play) == 1
                        else strength[play[0]] + strength[play[1]] + 20)
        if attacking:
            pairs = [play for play in ranked if len(play) == 2]
            if pairs:
                return pairs[0]
            singles = [play for play in ranked if len(play) == 1]
            return singles[-2] if len(singles) >= 3 else singles[-1]
        battle = self.battle
        assert battle is not None
        for play in ranked:
            if self._compare(battle.attack, play)[0] < 0:
                return play
        return ranked[0]

    def _strike(self, strike: tuple[int, int] | None, declared: bool) -> None:
        """Putin's strike (victim, or -1 and the owner of a hand), or None to hold back:
        done at once, or under ruling TW-PUTIN-WHO 'everyone' declared."""
        if declared:
            self._declare(strike)
        elif strike is None:
            self._decide_battle()  # spare
        else:
            self._assassinate(*strike)

    def _putin(self, me: int) -> tuple[int, int] | None:
        """agents._putin: assassinate a card that turns a lost battle into a won one."""
        battle = self.battle
        assert battle is not None
        attacking = self.instigator == me
        if attacking or battle.defender == me:
            mine, theirs = ((battle.attack, battle.defence) if attacking
                            else (battle.defence, battle.attack))
            if self._compare(mine, theirs)[0] <= 0:
                for victim in battle.cards():
                    if victim in theirs:
                        left = [c for c in theirs if c != victim]
                        if self._compare(mine, left)[0] > 0:
                            return victim, -1
        return None


def _can_fight(hand: list[int]) -> bool:
    """A battle card in hand: anything but Putin, who is last if held."""
    return len(hand) > 1 or (len(hand) == 1 and hand[0] != PUTIN)


def _possible_plays(hand: list[int]) -> list[list[int]]:
    """battle.possible_plays: every single card, then every pair of one rank, in hand order."""
    fighters = [c for c in hand if c != PUTIN]
    singles = [[c] for c in fighters]
    pairs = [[a, b] for i, a in enumerate(fighters) for b in fighters[i + 1:]
             if b < MUELLER and a // 4 == b // 4]
    return singles + pairs
