"""The opponent model of Archaeology's inference (``solvers.ismcts.inference``), for the
engine of both editions: how likely the other seats' observed decisions are in a sampled
world, judged by the greedy heuristic (``heuristic``); and what the beliefs of a seat
count in a sampled world (:func:`hand_counts`). It lives with the engine, as the heuristic
does, because both editions' solver packages use it and those never import each other.

**The model** (a softmax over the greedy policy's choice): at a decision of ``n`` legal
moves a seat plays greedy's move with probability ``e^beta / (e^beta + n - 1)`` and each
other move with ``1 / (e^beta + n - 1)``. So a world in which greedy, holding that
world's hand, would have made the observed move weighs ``e^beta`` times one in which it
would not (the number of legal moves changes little between worlds and is left out).
``beta`` is fitted by maximum likelihood on game records (:func:`agreement_data` of each
decision, ``solvers.ismcts.inference.fit_agreement``), separately for the turn's actions
and the sandstorm discards; the services hold the values fitted on the search bots'
self-play.
A ``beta`` of 0 (a player greedy does not predict, e.g. a uniformly random one) makes
every weight equal: the search then samples as without inference.

**Which decisions count.** The hand a seat held at a past decision is the sampled world's
hand with every later change undone, and that is only known back to the seat's last
*unseen* gain (a dig, an explore, a Tomb keep: which cards came in is in no world). So
for each other seat the evidence is its decisions since then, walking the public record
back from now: its sales (greedy's choice with the hand before the sale), the end of its
last turn if that is over (greedy's choice with the hand it ended with: a seat that ends
its turn holding a full set, or maps it could spend, is unlike greedy), and its sandstorm
discards (greedy discards its cheapest card). Trades, thefts (the card is in every world:
the seat's own theft card or the sampler's), face-up takes and the other seats' events
are undone on the way; decisions whose likelihood is the same in every world (a trade,
which greedy never starts; a thief's victim, a tent or a look, which greedy picks from
public counts) are not counted. Conditioning on part of the evidence is still exact
Bayesian updating on that part; the rest is left to the prior.

**What is approximated.** Greedy's context at a past decision is rebuilt from the public
record: the dig site not yet empty if any card was dug after it; the chambers explored
since then back in place at their size (their contents only matter on the Temple, where
greedy scores a chamber it saw by its cards; a placeholder of the right size stands in);
the end-game duty to sell ignored (greedy sells anyway once the dig site is empty). The
Buried Ruins, whose face-up chambers greedy values card by card and which sandstorms
refill, are left to the prior (the model says it cannot inform them).
"""

from __future__ import annotations

from typing import Any, Callable, Literal, Sequence

from games.archaeology.hidden import (R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_LOOK, R_NAME,
                                      R_REVEAL, R_SELL, R_STEAL, R_TAKE, R_TRADE, Record)
from games.archaeology.moves import MoveBase
from games.archaeology.rules import P_ACTION, P_STORM, REFILL_ON_SANDSTORM, Rules
from games.archaeology.state import ArchaeologyState
from games.archaeology.trades import storm_shares
from games.errors import InternalFault
from games.protocol import State

from .policy import greedy_action, greedy_discard

__all__ = ["GreedyAgreement", "agreement_data", "decisions", "hand_counts", "hand_key"]

#: Events a seat makes on its own turn only (their seat field is the turn's seat).
_TURN_EVENTS = frozenset({R_DIG, R_SELL, R_TRADE, R_EXPLORE, R_LOOK, R_TAKE, R_KEEP, R_NAME,
                          R_REVEAL})
#: Events after which a seat's earlier hand is in no world: unseen cards came in.
_UNSEEN_GAIN = frozenset({R_DIG, R_EXPLORE, R_KEEP})
#: Events that draw a card from the dig site (a treasure, a thief; discards follow a storm).
_DIG_DRAWS = frozenset({R_DIG, R_STEAL, R_DISCARD})


#: The state's fields a context sets (its other slot, ``restored``, is its own).
_STATE_FIELDS = ("rules", "hands", "hand_sizes", "to_move", "explored", "chambers",
                 "chamber_seen", "must_sell", "sold_this_turn", "dig", "storm_last",
                 "storm_left")


class _Context:
    """What ``greedy_action`` and ``greedy_discard`` read of a state, for a past decision
    of ``to_move`` with a rebuilt hand (module docstring)."""

    __slots__ = ("rules", "hands", "hand_sizes", "to_move", "explored", "chambers",
                 "chamber_seen", "must_sell", "sold_this_turn", "dig", "storm_last",
                 "storm_left", "restored")

    def __init__(self, rules: Rules, players: int, seat: int) -> None:
        self.rules = rules
        self.hands = [0] * (players * rules.treasures)
        self.hand_sizes = [0] * players
        self.to_move = seat
        self.explored = False
        # the chambers are set by ``hold``, what the seats knew of them by ``decisions``
        self.chambers: list[tuple[int, ...] | None] = []
        self.chamber_seen: list[int] = []
        self.must_sell = False
        self.sold_this_turn = False
        self.dig: list[int] = []
        self.storm_last = self.storm_left = 0
        self.restored: tuple[int, ...] = ()  # chambers explored since the decision

    def hold(self, hand: list[int], world: ArchaeologyState) -> ArchaeologyState:
        """The decision's hand, and the chambers as they were in ``world`` (its sampled
        cards where still in place; a placeholder of the right size where taken since),
        as a state the greedy policy reads: a copy of ``world`` with this context's fields
        (a real state, not this object, since the compiled policy takes only states)."""
        base = self.to_move * self.rules.treasures
        self.hands[base:base + len(hand)] = hand
        self.hand_sizes[self.to_move] = sum(hand)
        chambers = list(world.chambers)
        for i in self.restored:
            if not chambers[i]:
                chambers[i] = (0,) * self.rules.chamber_sizes[i]
        self.chambers = chambers
        state = world.clone()
        for name in _STATE_FIELDS:
            setattr(state, name, getattr(self, name))
        return state


#: A public event of the record (``games.archaeology.hidden``: a tuple, its kind first).
_Event = tuple[Any, ...]

#: The steps of :func:`decisions`, replayed backwards on a world's hand.
_Undo = tuple[Literal["undo"], int, int]
_Theft = tuple[Literal["theft"], int, int]
_Action = tuple[Literal["action"], MoveBase, _Context]
_Discard = tuple[Literal["discard"], int, _Context]
Step = _Undo | _Theft | _Action | _Discard


def _turn_ids(events: Sequence[_Event]) -> list[int]:
    """A turn number per event: a new turn starts at an event of a seat's own turn made by
    another seat than the last such event (silent turns, passes, are not seen)."""
    ids: list[int] = []
    turn = 0
    owner: int | None = None
    for event in events:
        if event[0] in _TURN_EVENTS or (event[0] == R_STEAL):
            seat = event[1]
            if owner is not None and seat != owner:
                turn += 1
            owner = seat
        ids.append(turn)
    return ids


def decisions(root: ArchaeologyState, seat: int, other: int) -> list[Step]:
    """The public skeleton of ``other``'s counted decisions seen by ``seat`` (module
    docstring), newest first, as steps to replay backwards on a world's hand: ``("undo",
    card, n)`` (the hand held ``n`` more of ``card`` before: negative for fewer),
    ``("theft", index, n)`` (as undo's, the card being the world's card of theft
    ``index``), ``("action", move, context)`` and ``("discard", card, context)``."""
    rules = root.rules
    events: list[_Event] = root.record.events()
    turns = _turn_ids(events)
    theft_index: list[int] = []
    count = 0
    for event in events:
        theft_index.append(count)
        count += event[0] == R_STEAL
    steps: list[Step] = []
    players = root.num_players
    last_own = max((i for i, e in enumerate(events)
                    if (e[0] in _TURN_EVENTS or e[0] == R_STEAL) and e[1] == other),
                   default=None)
    drawn_after = 0  # cards dug from the dig site after the point reached
    looked_after: set[int] = set()  # chambers ``other`` looked at after it
    explored_after: set[int] = set()  # chambers explored after it

    def context(index: int) -> _Context:
        ctx = _Context(rules, players, other)
        ctx.dig = [0] if (root.dig or drawn_after) else []  # only its emptiness is read
        ctx.restored = tuple(sorted(explored_after))
        bit = 1 << other
        ctx.chamber_seen = [m & ~bit if i in looked_after else m
                            for i, m in enumerate(root.chamber_seen)]
        return ctx

    ended = last_own is not None and root.turn != other
    # ``other``'s run of discards, newest first: one sandstorm's, or those of sandstorms
    # dug in a row (the seat discarding last at one and first at the next)
    discards: list[tuple[int, int]] = []

    def flush_discards() -> None:
        # a storm's discards go in card order; each is decided knowing those before it at
        # that storm (it read a run over two storms as one: the second's first card was
        # told the first's last card and the cards owed of both)
        run = list(reversed(discards))
        # the hand after the run: now's, with the steps since (each undone) undone
        after = root.hand_sizes[other] + sum(step[2] for step in steps
                                             if step[0] == "undo" or step[0] == "theft")
        ends, end = [], 0
        for share in storm_shares(after + len(run), len(run)):
            end += share
            ends.append((end - share, end))
        for start, end in reversed(ends):
            for j in range(end - 1, start - 1, -1):
                index, card = run[j]
                ctx = context(index)
                ctx.storm_last = run[j - 1][1] if j > start else 0
                ctx.storm_left = end - j
                steps.append(("undo", card, 1))
                steps.append(("discard", card, ctx))
        discards.clear()

    for index in range(len(events) - 1, -1, -1):
        event = events[index]
        kind = event[0]
        if kind != R_DISCARD or event[1] != other:
            if discards:
                flush_discards()
        if ended and index == last_own:
            ctx = context(index + 1)
            ctx.explored = any(e[0] == R_EXPLORE and e[1] == other and turns[j] == turns[index]
                               for j, e in enumerate(events[:index + 1]))
            steps.append(("action", rules.end_move, ctx))
        if kind in _UNSEEN_GAIN and event[1] == other:
            break
        if kind == R_SELL and event[1] == other:
            _, _, card, n = event
            steps.append(("undo", card, n))
            ctx = context(index)
            ctx.explored = any(e[0] == R_EXPLORE and e[1] == other and turns[j] == turns[index]
                               for j, e in enumerate(events[:index]))
            steps.append(("action", rules.sell_moves[card][n - 1], ctx))
        elif kind == R_TRADE and event[1] == other:
            _, _, gives, takes = event
            for c, n in enumerate(takes):
                if n:
                    steps.append(("undo", c, -n))
            for c, n in enumerate(gives):
                if n:
                    steps.append(("undo", c, n))
        elif kind == R_DISCARD and event[1] == other:
            discards.append((index, event[2]))
        elif kind == R_STEAL and other in (event[1], event[2]):
            steps.append(("theft", theft_index[index], -1 if event[1] == other else 1))
        elif kind == R_TAKE and event[1] == other:
            for c, n in enumerate(event[2]):
                if n:
                    steps.append(("undo", c, -n))
        elif kind == R_EXPLORE:
            explored_after.add(event[2])
        elif kind == R_LOOK and event[1] == other and event[2] >= 0:
            looked_after.add(event[2])
        if kind in _DIG_DRAWS:
            drawn_after += 1
    if discards:
        flush_discards()
    return steps


class GreedyAgreement:
    """The module's model with ``beta`` for the turn's actions and ``beta_discard`` for
    the sandstorm discards. ``informative`` is false when both are 0, on the Buried Ruins,
    and before any other seat has made a counted decision."""

    def __init__(self, beta: float, beta_discard: float) -> None:
        self.beta = float(beta)
        self.beta_discard = float(beta_discard)
        # (record's id, its length, seat) -> (the record, [(other seat, its steps)])
        self._skeletons: dict[tuple[int, int, int],
                              tuple[Record, list[tuple[int, list[Step]]]]] = {}

    def _skeleton(self, root: ArchaeologyState, seat: int) -> list[tuple[int, list[Step]]]:
        key = (id(root.record), len(root.record), seat)
        cached = self._skeletons.get(key)
        if cached is None or cached[0] is not root.record:
            cached = (root.record, [(o, decisions(root, seat, o))
                                    for o in range(root.num_players) if o != seat])
            self._skeletons = {key: cached}  # one position at a time
        return cached[1]

    def informative(self, root: State[Any], seat: int) -> bool:
        if not (self.beta or self.beta_discard):
            return False
        if not isinstance(root, ArchaeologyState):
            raise _not_this_game(root)
        if root.rules.special == REFILL_ON_SANDSTORM:
            return False
        return any(step[0] in ("action", "discard") for _, steps in self._skeleton(root, seat)
                   for step in steps)

    def log_likelihood(self, world: State[Any], seat: int) -> float:
        if not isinstance(world, ArchaeologyState):
            raise _not_this_game(world)
        rules = world.rules
        T = rules.treasures
        total = 0.0
        for other, steps in self._skeleton(world, seat):
            hand = world.hands[other * T:(other + 1) * T]
            for step in steps:
                if step[0] == "undo":
                    hand[step[1]] += step[2]
                elif step[0] == "theft":
                    hand[world.steals[step[1]][2]] += step[2]
                elif min(hand) < 0:
                    # no world of the prior gets here (its hands explain the record); a
                    # world that did would be impossible, weight 0
                    return float("-inf")
                elif step[0] == "action":
                    if greedy_action(step[2].hold(hand, world)) is step[1]:
                        total += self.beta
                else:
                    if greedy_discard(step[2].hold(hand, world)) == step[1]:
                        total += self.beta_discard
        return total


def _not_this_game(state: State[Any]) -> InternalFault:
    """The fault of a state of another game handed to the model (the inference hands a
    model its own game's states)."""
    return InternalFault(f"the Archaeology opponent model got a {type(state).__name__}")


def agreement_data(state: ArchaeologyState, move: MoveBase) -> tuple[str, bool, int] | None:
    """For fitting: ``(kind, greedy agrees, legal moves)`` of a decision of ``state``
    (the true world) where ``move`` was played, or ``None`` for a decision the model does
    not count (a trade in progress, a thief's victim, tents, looks, explores' choices)."""
    if state.current_player() < 0:
        return None
    moves = state.legal_moves()
    if len(moves) < 2:
        return None
    if state.phase == P_ACTION and state.trade_takes is None:
        return "action", greedy_action(state) == move, len(moves)
    if state.phase == P_STORM:
        return "discard", state.rules.discard_moves[greedy_discard(state)] == move, len(moves)
    return None


def hand_counts(world: ArchaeologyState, seat: int) -> dict[tuple[int, int], int]:
    """What a belief counts in a sampled world: ``{(other seat, card): count}`` for every
    other seat and every card type in play (maps included)."""
    rules = world.rules
    T = rules.treasures
    hands = world.hands
    return {(p, c): hands[p * T + c] for p in range(world.num_players) if p != seat
            for c in rules.in_play if c < T}


def hand_key(world: ArchaeologyState) -> Callable[[tuple[int, int]], dict[str, Any]]:
    """``describe(key)`` of :func:`hand_counts`' keys in ``world``: the JSON fields of a
    belief row (``seat``, its public ``hand_size``, ``card`` by name)."""
    names = world.rules.cards.names
    sizes = world.hand_sizes
    return lambda key: {"seat": key[0], "hand_size": sizes[key[0]], "card": names[key[1]]}
