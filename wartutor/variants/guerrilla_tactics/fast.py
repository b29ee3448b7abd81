"""Private fast path: whole games of Guerrilla Tactics without states, events or views.

It plays the same rules as game.py and skirmish.py, and the built-in agents' choices,
on plain lists of card numbers (the index of a card in the standard deck). Whatever
draws randomness (the shuffles, the random loss of forces, each random agent) draws
it in the same order as the traced engine, so a seed gives the same game.
tests/test_guerrilla_tactics_fast.py proves the summaries equal.

Agents are asked only where the traced engine asks them: a player with one legal
action is not asked (GT-ONE-CARD, and a support that would not help is declined
unasked), except where everyone declares (GT-DECLARE 'everyone': at a support and in a
promotion window, everyone is asked); ``max_length`` stops the game at the first
decision asked at which the skirmish count has reached it.

``play_on`` plays a game on from any state (the coach's games): the engine's own steps
to the end of the skirmish in play, then the fast path from the piles and counts left
between that skirmish and the next. tests/test_guerrilla_tactics_coach.py proves it
equal to the traced engine's continuation.
"""

from __future__ import annotations

from wartutor.core.cards import standard_deck
from wartutor.core.chance import Rng, check_seed, shuffle_in_place
from wartutor.core.engine import Agent, Decision, Summary
from wartutor.core.errors import quoted
from wartutor.variants.guerrilla_tactics.agents import heuristic_agent
from wartutor.variants.guerrilla_tactics.events import GameOver
from wartutor.variants.guerrilla_tactics.forces import ACE, GUERRILLA_STRENGTH
from wartutor.variants.guerrilla_tactics.game import (
    KINDS,
    STEPS,
    asked_with_one,
    legal_actions,
    take,
)
from wartutor.variants.guerrilla_tactics.piles import Events
from wartutor.variants.guerrilla_tactics.rules import MAX_GUERRILLA_RANK, GuerrillaRules
from wartutor.variants.guerrilla_tactics.state import GuerrillaState, changed
from wartutor.variants.guerrilla_tactics.view import view

FAST_AGENTS = ("heuristic", "random")
_DECK = standard_deck()
_SPY = 7
_PAIR = 16  # a force is strength + _PAIR for a pair: every pair beats every single card


def _strengths(guerrilla_rank: int, ace_high: bool) -> tuple[int, ...]:
    """Each card's strength (forces.strength), by card number."""
    def one(rank: int) -> int:
        if 2 <= rank <= guerrilla_rank:
            return GUERRILLA_STRENGTH
        return 0 if rank == ACE and not ace_high else rank

    return tuple(one(c.rank) for c in _DECK)


_STRENGTHS = {(g, high): _strengths(g, high)
              for g in range(2, MAX_GUERRILLA_RANK + 1) for high in (True, False)}
_IS_SPY = tuple(c.rank == _SPY for c in _DECK)
_NUMBER = {c: i for i, c in enumerate(_DECK)}  # a card's number, from the state's Card


def fast_refusal(agents: tuple[str, ...]) -> str | None:
    """Every ruling has a fast path; only an agent it does not know has none."""
    unknown = [name for name in agents if name not in FAST_AGENTS]
    if unknown:
        return (f"the fast path plays only the {' and '.join(FAST_AGENTS)} agents, "
                f"not {quoted(unknown[0])}")
    return None


class _Stopped(Exception):
    """A decision was due when the game had reached ``max_length`` skirmishes."""


def _randoms(agents: tuple[str, ...], seed: int) -> list[Rng | None]:
    """Each random agent's generator, as core.agents.random_agent makes it; None for the
    heuristic agent."""
    return [Rng.from_seed((seed * 8 + p) % (1 << 64)) if name == "random" else None
            for p, name in enumerate(agents)]


def play_fast(
    rules: GuerrillaRules, seed: int, agents: tuple[str, ...], max_length: int | None
) -> Summary:
    """The summary of game ``seed``, exactly as the traced engine gives it."""
    return _Game.dealt(rules, seed, agents, max_length).summary()


def play_on(
    state: GuerrillaState, agents: tuple[str, ...], seed: int, max_length: int | None
) -> Summary:
    """The summary of the game played on from ``state`` by these agents, made for ``seed``,
    exactly as the traced engine plays it on (``max_length`` counts skirmishes from the
    start of the game, as in play_fast).

    The fast path starts between two skirmishes, so the rest of this skirmish is played
    by the engine's own steps, the agents choosing on their views. Random agents draw
    from the same generators in both parts, in the order random_agent draws them.
    """
    randoms = _randoms(agents, seed)
    heuristics = {p: heuristic_agent(p, seed) for p, name in enumerate(agents)
                  if name == "heuristic"}

    def agent(player: int) -> Agent:
        if player in heuristics:
            return heuristics[player]

        def pick(seen: object, decision: Decision) -> str:
            rng = randoms[player]
            assert rng is not None
            index, randoms[player] = rng.below(len(decision.legal_actions))
            return decision.legal_actions[index]

        return pick

    state, stopped = _end_of_skirmish(state, [agent(p) for p in range(len(agents))],
                                      max_length)
    if stopped:
        return summary_at(state, None, "unfinished")
    if state.outcome is not None:
        assert isinstance(state.outcome.because, GameOver)
        return summary_at(state, state.outcome.winners, state.outcome.because.ending)
    return _Game.between_skirmishes(state, randoms, max_length).summary()


def _end_of_skirmish(
    state: GuerrillaState, players: list[Agent], max_length: int | None
) -> tuple[GuerrillaState, bool]:
    """The engine's own steps (game.advance's, but going past the decisions, which the
    agents take on their views) to the end of this skirmish: the state between it and the
    next, or at the game's end; or (True) the first decision at which the skirmish count
    has reached ``max_length``, as the traced engine stops there."""
    events: Events = []  # the steps record them; nobody reads them here
    state = changed(state)  # the draft the steps write into, as game.choose makes one
    while state.outcome is None and state.stage != "begin":
        if not state.asked:
            state = STEPS[state.stage](state, events)
            continue
        p = state.asked[0]
        legal = legal_actions(state, p)
        if len(legal) == 1 and not asked_with_one(state):
            state = take(state, legal[0], events, forced=True)
            continue
        if max_length is not None and state.skirmish >= max_length:
            return state, True
        decision = Decision(p, KINDS[state.stage], legal)
        state = take(state, players[p](view(state, p), decision), events)
    return state, False


def summary_at(
    state: GuerrillaState, winners: tuple[int, ...] | None, ending: str
) -> Summary:
    """A summary from the state's own counts (GuerrillaTactics.summarize gives this too)."""
    t = state.tally
    counts = {
        "supports": t.supports, "tie_breaks": t.tie_breaks,
        "removed_by_loss": t.removed_by_loss, "promotions": t.promotions,
        "cancellations": t.cancellations, "recruited": t.recruited,
        "spy_captures": t.spy_captures, "eliminations": t.eliminations,
        "reshuffles": t.reshuffles, "guerrilla_rank": state.guerrilla_rank,
    }
    return Summary(winners, ending, state.skirmish, counts)


class _Game:
    """One game's piles and counts, as lists; each method is a step of the rule text."""

    def __init__(
        self, rules: GuerrillaRules, randoms: list[Rng | None], max_length: int | None
    ) -> None:
        """An empty table: no cards anywhere, nothing counted yet (see ``dealt`` and
        ``between_skirmishes`` for the two ways a game is set up)."""
        self.rules, self.max_length = rules, max_length
        n = self.n = rules.players
        # Random agents draw from their own generators (core.agents.random_agent);
        # None is the heuristic agent.
        self.randoms = randoms
        self.rng = 0
        self.draw: list[list[int]] = [[] for _ in range(n)]
        self.discard: list[list[int]] = [[] for _ in range(n)]
        self.hand: list[list[int]] = [[] for _ in range(n)]
        self.tie_drawn: list[list[int]] = [[] for _ in range(n)]
        self.out = [False] * n
        self.active = list(range(n))  # the players not out, in seat order
        self.supported = [False] * n
        self.reveals_first = [False] * n
        self.played_guerrilla = [False] * n
        self.ace_high = rules.ace == "high"
        # No more fields: a thirtieth (GT-DECLARE's setting, read from ``rules`` instead)
        # made whole games 2 to 4% slower, every field of a game slower to read.
        self.rank = 2
        self.st = _STRENGTHS[2, self.ace_high]
        self.skirmish = 0
        self.winners: tuple[int, ...] = ()
        self.ending = ""
        self.supports = self.tie_breaks = self.removed_by_loss = self.promotions = 0
        self.cancellations = self.recruited = self.spy_captures = 0
        self.eliminations = self.reshuffles = 0

    @classmethod
    def dealt(
        cls, rules: GuerrillaRules, seed: int, agents: tuple[str, ...], max_length: int | None
    ) -> _Game:
        """Game ``seed`` as game.deal deals it: each player's suits shuffled in seat order."""
        rng = check_seed(seed)
        game = cls(rules, _randoms(agents, seed), max_length)
        for p, suits in enumerate(rules.suits):
            pile = [i for i, c in enumerate(_DECK) if c.suit in suits]
            rng = shuffle_in_place(pile, rng)
            game.draw[p] = pile
        game.rng = rng
        return game

    @classmethod
    def between_skirmishes(
        cls, state: GuerrillaState, randoms: list[Rng | None], max_length: int | None
    ) -> _Game:
        """The game at ``state``, a skirmish just ended: the piles, marks, rank and counts
        the next skirmishes use (the removed pile and the shown cards change nothing)."""
        game = cls(state.rules, randoms, max_length)
        for p, seat in enumerate(state.seats):
            game.draw[p] = [_NUMBER[c] for c in seat.draw]
            game.discard[p] = [_NUMBER[c] for c in seat.discard]
            game.hand[p] = [_NUMBER[c] for c in seat.hand]
            game.out[p], game.supported[p] = seat.out, seat.supported
            game.reveals_first[p] = seat.reveals_first
            game.played_guerrilla[p] = seat.played_guerrilla
        game.active = list(state.active)
        game.rng = state.rng.state
        game.rank = state.guerrilla_rank
        game.st = _STRENGTHS[game.rank, game.ace_high]
        game.skirmish = state.skirmish
        t = state.tally
        game.supports, game.tie_breaks = t.supports, t.tie_breaks
        game.removed_by_loss, game.promotions = t.removed_by_loss, t.promotions
        game.cancellations, game.recruited = t.cancellations, t.recruited
        game.spy_captures, game.eliminations = t.spy_captures, t.eliminations
        game.reshuffles = t.reshuffles
        return game

    def counts(self) -> dict[str, int]:
        return {
            "supports": self.supports, "tie_breaks": self.tie_breaks,
            "removed_by_loss": self.removed_by_loss, "promotions": self.promotions,
            "cancellations": self.cancellations, "recruited": self.recruited,
            "spy_captures": self.spy_captures, "eliminations": self.eliminations,
            "reshuffles": self.reshuffles, "guerrilla_rank": self.rank,
        }

    def summary(self) -> Summary:
        """Play the game on to its end (or to ``max_length``): its summary."""
        try:
            self.play()
        except _Stopped:
            return Summary(None, "unfinished", self.skirmish, self.counts())
        return Summary(self.winners, self.ending, self.skirmish, self.counts())

    def decide(self) -> None:
        """A decision is asked (more than one legal action, or a declaration under
        GT-DECLARE 'everyone'): stop here at max_length."""
        if self.max_length is not None and self.skirmish >= self.max_length:
            raise _Stopped

    def pick(self, player: int, count: int) -> int:
        """A random agent's index among ``count`` legal actions."""
        rng = self.randoms[player]
        assert rng is not None
        index, self.randoms[player] = rng.below(count)
        return index

    # The game: skirmish after skirmish until one player (or none) is left.

    def play(self) -> None:
        rules = self.rules
        before_draw = rules.promotion_window == "before-draw"
        limit = rules.skirmish_limit
        while True:
            self.skirmish += 1
            if before_draw:
                self.promotion()
            if self.draw_step():
                return
            if not before_draw:
                self.promotion()
            if self.skirmish_fought():
                return
            if limit is not None and self.skirmish >= limit:
                self.winners, self.ending = (), "limit"
                return

    def decided(self) -> bool:
        """The last remaining player wins; if nobody remains the game is a draw."""
        left = self.active
        if len(left) > 1:
            return False
        self.winners = tuple(left)
        self.ending = "last-standing" if left else "all-out"
        return True

    # Piles: drawing (with the reshuffle) and elimination.

    def take_top(self, player: int, count: int, reshuffle: bool = True) -> list[int]:
        pile = self.draw[player]
        taken = pile[:count]
        del pile[:count]
        discard = self.discard[player]
        if len(taken) < count and reshuffle and discard:
            self.rng = shuffle_in_place(discard, self.rng)
            self.draw[player], self.discard[player] = discard, []
            self.reshuffles += 1
            more = count - len(taken)
            taken += discard[:more]
            del discard[:more]
        return taken

    def eliminate(self, player: int) -> None:
        self.eliminations += 1
        self.hand[player] = []
        self.tie_drawn[player] = []
        self.out[player] = True
        self.active = [p for p in self.active if p != player]
        self.reveals_first[player] = self.supported[player] = False

    def draw_step(self) -> bool:
        """1. Draw; True when the game is over."""
        fill = self.rules.draw_to == "fill-to-two"
        for p in self.active:
            due = 1 if self.supported[p] else 2
            wanted = max(0, due - len(self.hand[p])) if fill else due
            self.supported[p] = False
            if not wanted:
                continue
            got = self.take_top(p, wanted)
            if not got:
                self.eliminate(p)
                continue
            self.hand[p] += got
        return self.decided()

    # Guerrilla promotion, cancellation and recruitment.

    def promotion(self) -> None:
        if self.rank >= MAX_GUERRILLA_RANK:
            return
        active = self.active
        if not all(self.played_guerrilla[p] for p in active):
            return
        st, hand = self.st, self.hand
        if self.rules.declare == "everyone":
            self.declare_proposals()
            return
        for p in [p for p in active if all(st[c] != GUERRILLA_STRENGTH for c in hand[p])]:
            self.decide()
            if self.randoms[p] is None:
                rivals = [q for q in active if q != p]
                wants = all(not hand[q] for q in rivals) or not self.draw[p]
            else:
                wants = self.pick(p, 2) == 0
            if wants:
                self.propose(p)
                return

    def declare_proposals(self) -> None:
        """GT-DECLARE 'everyone': every player still in declares, one holding a Guerrilla
        only "pass"; the first proposer in seat order proposes."""
        st, hand, active = self.st, self.hand, self.active
        proposers = []
        for p in active:
            self.decide()
            able = all(st[c] != GUERRILLA_STRENGTH for c in hand[p])
            if self.randoms[p] is not None:
                wants = self.pick(p, 2 if able else 1) == 0 and able
            else:
                wants = able and (all(not hand[q] for q in active if q != p) or not self.draw[p])
            if wants:
                proposers.append(p)
        if proposers:
            self.propose(proposers[0])

    def propose(self, proposer: int) -> None:
        st, n, everyone = self.st, self.n, self.rules.declare == "everyone"
        canceller = None
        for q in [(proposer + i) % n for i in range(1, n)]:
            if self.out[q]:
                continue
            guerrillas = [c for c in self.hand[q] if st[c] == GUERRILLA_STRENGTH]
            if not guerrillas and not everyone:
                continue
            self.decide()
            # The heuristic cancels when it may; a random agent's last choice is "allow".
            cancels = (bool(guerrillas) if self.randoms[q] is None
                       else self.pick(q, len(guerrillas) + 1) < len(guerrillas))
            if cancels and canceller is None:
                canceller = q
                if not everyone:
                    break  # asked in turn: the first to cancel ends the window
        if canceller is not None:
            recruits = self.take_top(proposer, self.rank,
                                     reshuffle=self.rules.recruit_short == "reshuffle")
            self.discard[canceller] += recruits
            self.cancellations += 1
            self.recruited += len(recruits)
            return
        self.rank += 1
        self.st = _STRENGTHS[self.rank, self.ace_high]
        if self.rules.guerrillas_played == "since-rank-change":
            self.played_guerrilla = [False] * n
        self.promotions += 1

    # 2. Play, 3. evaluate, support, tie resolution; then the spoils.

    def choose_play(self, player: int, shown_top: int | None) -> int:
        hand = self.hand[player]
        if len(hand) == 1:
            return hand[0]
        self.decide()
        if self.randoms[player] is not None:
            return hand[self.pick(player, len(hand))]
        # The heuristic: the cheapest card that beats a captor's card already shown, else
        # the cheapest card (the first of the hand among equals, as a stable sort gives).
        key = self.st.__getitem__
        if shown_top is not None:
            beating = [c for c in hand if key(c) > shown_top]
            if beating:
                return min(beating, key=key)
        return min(hand, key=key)

    def lay(self, player: int, c: int, table: list[list[int]]) -> None:
        self.hand[player].remove(c)
        if self.st[c] == GUERRILLA_STRENGTH:
            self.played_guerrilla[player] = True
        table[player].append(c)

    def skirmish_fought(self) -> bool:
        """Play, evaluate, support, tie-breaks and spoils; True when the game is over."""
        n, st = self.n, self.st
        active = self.active
        table: list[list[int]] = [[] for _ in range(n)]
        spies: list[list[int]] = [[] for _ in range(n)]  # spies revealed face up
        face_down: set[int] = set()
        first = [p for p in active if self.reveals_first[p]]
        if first and len(first) < len(active):
            plays = {p: self.choose_play(p, None) for p in first}
            for p, c in plays.items():
                self.lay(p, c, table)
            top = max(st[c] for c in plays.values())
            plays = {p: self.choose_play(p, top) for p in active if not table[p]}
        else:
            plays = {p: self.choose_play(p, None) for p in active}
        for p, c in plays.items():
            self.lay(p, c, table)
        for p in active:
            if _IS_SPY[table[p][0]]:
                spies[p].append(table[p][0])
        forces = {p: st[table[p][0]] for p in active}
        contenders = _best(forces)
        if any(self.hand[p] and contenders != [p] for p in active):
            contenders = self.support(active, forces, contenders, table, spies)
        while len(contenders) > 1:
            contenders, settled = self.tie_break(contenders, table, spies, face_down)
            if settled:
                break
        return self.spoils(contenders, table, spies, face_down)

    def support(
        self, active: list[int], forces: dict[int, int], contenders: list[int],
        table: list[list[int]], spies: list[list[int]],
    ) -> list[int]:
        """Tied and losing players may add a card that improves their outcome."""
        st, chosen = self.st, []
        asks_all = self.rules.declare == "everyone"  # GT-DECLARE: even those it cannot help
        for p in active:
            hand = self.hand[p]
            if not hand or contenders == [p]:
                continue
            mine = st[table[p][0]]
            rivals = max(f for q, f in forces.items() if q != p)
            now = _standing(mine, rivals)
            helps = [c for c in hand if _standing(_two(mine, st[c]), rivals) > now]
            if not helps and not asks_all:
                continue  # declined without asking
            self.decide()
            if self.randoms[p] is None:
                # The heuristic supports only to win outright.
                wins = [c for c in helps if _two(mine, st[c]) > rivals]
                if wins:
                    chosen.append((p, wins[0]))
            else:
                index = self.pick(p, len(helps) + 1)
                if index < len(helps):
                    chosen.append((p, helps[index]))
        if not chosen:
            return contenders
        for p, c in chosen:
            self.lay(p, c, table)
            self.supported[p] = True
            if _IS_SPY[c]:
                spies[p].append(c)
        self.supports += len(chosen)
        return _best({p: _two(st[table[p][0]], st[table[p][1]]) if len(table[p]) > 1
                      else st[table[p][0]] for p in active})

    def tie_break(
        self, tied: list[int], table: list[list[int]], spies: list[list[int]],
        face_down: set[int],
    ) -> tuple[list[int], bool]:
        """One round of tie resolution: (the players still tied or the winner, whether the
        skirmish is settled without comparing: a tie that stands, or fewer than two left)."""
        rules, st = self.rules, self.st
        self.tie_breaks += 1
        if rules.tie_cannot_draw == "tie-stands" and any(
                len(self.draw[p]) + len(self.discard[p]) < 2 for p in tied):
            return tied, True
        for p in tied:
            got = self.take_top(p, 2)
            if not got:
                self.eliminate(p)
                continue
            self.hand[p] += got
            self.tie_drawn[p] = got
        left = [p for p in tied if not self.out[p]]
        if len(left) < 2:
            return left, True
        just_drawn = rules.tie_cards == "just-drawn"
        laid = {p: self.choose_tie(p, self.tie_drawn[p] if just_drawn else self.hand[p])
                for p in left}
        pair_up = rules.tie_down == "pair"
        penalty = rules.tie_penalty == "yes"
        forces = {}
        for p in left:
            up, down = laid[p]
            self.lay(p, up, table)
            if _IS_SPY[up]:
                spies[p].append(up)
            forces[p] = st[up]
            if down is not None:
                self.lay(p, down, table)
                if pair_up and st[down] == st[up]:
                    forces[p] = st[up] + _PAIR  # turned up: a pair
                else:
                    face_down.add(down)
                if penalty:
                    self.supported[p] = True
            self.tie_drawn[p] = []
        return _best(forces), False

    def choose_tie(self, player: int, choices: list[int]) -> tuple[int, int | None]:
        """(the card face up, the card face down): every ordered pair of different
        choices is a legal action, or just the one card when there is one."""
        if len(choices) == 1:
            return choices[0], None
        self.decide()
        if self.randoms[player] is not None:
            index, others = divmod(self.pick(player, len(choices) * (len(choices) - 1)),
                                   len(choices) - 1)
            up = choices[index]
            return up, [c for c in choices if c != up][others]
        # The heuristic: its best card up (the first among equals), the cheapest down.
        key = self.st.__getitem__
        up = max(choices, key=key)
        return up, min((c for c in choices if c != up), key=key)

    def spoils(
        self, winners: list[int], table: list[list[int]], spies: list[list[int]],
        face_down: set[int],
    ) -> bool:
        """Loss of forces, spoils and spies; True when the game is over."""
        rules, st = self.rules, self.st
        used = [c for row in table for c in row]
        if rules.involved == "any":
            involved = any(st[c] == GUERRILLA_STRENGTH for c in used)
        else:
            involved = any(st[c] == GUERRILLA_STRENGTH and c not in face_down for c in used)
        gone: set[int] = set()
        if involved:
            count = len(used) // 2
            if rules.loss_pick == "random":
                order = list(range(len(used)))
                self.rng = shuffle_in_place(order, self.rng)
                chosen = set(order[:count])
            else:
                chosen = set(sorted(range(len(used)), key=lambda i: st[used[i]])[:count])
            self.removed_by_loss += count
            gone.update(used[i] for i in chosen)
            kept = [c for i, c in enumerate(used) if i not in chosen]
        else:
            kept = used
        if not winners:
            gone.update(kept)
        else:
            k = len(winners)
            dealt = len(kept)
            if rules.spoils_split == "odd-removed":
                dealt -= dealt % k  # equal shares; the odd cards are removed
            for i, w in enumerate(winners):
                self.discard[w] += kept[i:dealt:k]
            gone.update(kept[dealt:])
        captors = set()
        for w in winners:
            theirs = [c for p in range(self.n) if p != w for c in spies[p]]
            if not theirs:
                continue
            if rules.spy_removed == "only-if-kept" and all(c in gone for c in theirs):
                continue
            captors.add(w)
            self.spy_captures += 1
        self.reveals_first = [p in captors for p in range(self.n)]
        return self.decided()


def _best(forces: dict[int, int]) -> list[int]:
    """The players with the highest force, in seat order (the order of ``forces``)."""
    top = max(forces.values())
    return [p for p, f in forces.items() if f == top]


def _two(a: int, b: int) -> int:
    """The force of two cards of strengths a and b: a pair if equal, else the better one."""
    return a + _PAIR if a == b else max(a, b)


def _standing(mine: int, rivals: int) -> int:
    """0 losing, 1 tied for best, 2 winning alone, against the best rival force."""
    return 2 if mine > rivals else 1 if mine == rivals else 0
