"""Hidden information of Archaeology: the public record, information-set keys and an exact
determinizer.

**What a seat knows.** Everything public happens in view of all: who dug a treasure (not
which), every trade (gives and takes), sandstorm discard, sale and exploration (maps spent,
cards taken unseen), and who stole from whom. The state keeps these events in order in a
persistent :class:`Record` (shared by clones). Privately a seat knows its own hand and the
card of every theft it took part in (``steal_cards``, visible to thief and victim). Nothing
else is needed: the cards a seat saw come into its hand (dealt, dug, found in a chamber)
are its hand minus what the record and its thefts moved in and out, and *when* it saw
them does not matter (every unseen place is equally likely to hold any unseen card).
``information_set_key(seat)`` is therefore the record, the seat's theft cards, its hand
and the public position.

**The exact posterior.** A seat ``o`` cannot see the other hands, the unexplored chambers
and the dig site. Take every deal consistent with what ``o`` observed, each as likely as
the shuffle makes it, and play the recorded moves: the hidden part of the result is the
posterior this module samples. It is *not* "known cards plus uniformly random unknown
ones": a seat that sells three coins it was not seen to receive had at least three, so its
remaining cards are less likely to be coins than a fresh draw would be. The sampler is
exact by construction:

* For each other seat ``p`` a **hand DP** (:class:`HandDP`) runs over ``p``'s history as
  ``o`` saw it: cards entering unseen (the deal and chambers, never maps; digs, maybe
  maps) with weight 1 per card type, cards entering seen (trades, thefts from ``o``),
  cards leaving by ``p``'s choice (``reveal``: ``p`` must hold them), cards ``o`` stole
  from ``p`` (weight = how many of that type ``p`` held, the thief's random pick) and
  thefts between two other seats, whose card is a shared unknown (a *port*: weight by the
  victim's count, the same card enters the thief). Its final weight of a composition
  ``h`` counts the sequences of unseen card types that lead there.
* Every hidden card that is in no hand lies in the **rest** (unexplored chambers: never
  maps; the dig site: anything). Summed over the deals, a joint outcome (every hand, every
  port) weighs the product of the hand weights times the number of ways to lay the rest
  out, ``g(rest)`` (``_HiddenTotals``). :class:`Posterior` samples hands and ports from
  that product exactly, with integer weights, so the only randomness is the seat's
  generator: one hand directly; several by a memoised recursion over the hands with the
  cards left, or, when that is large, by a product proposal (each hand against the whole
  pool, which over-weights every joint outcome by at most the same bound) accepted with
  the exact ratio (a rejection step with zero bias). The rest is then laid out uniformly
  (maps in the dig site), the dig site shuffled, and the thieves still to come
  (including one whose victim is being chosen or whose card is being taken) get fresh
  steal rolls.
* Moves in progress constrain the mover's hand as the rules require (a trade being built:
  the announced gives are held and every announced step was legal; a sandstorm: enough
  cards remain for the discards still owed), so a world is valid for any seat, not only
  the one to act.

The key contains exactly what the sampler reads (the record, the seat's theft cards, its
hand and the public position), so two worlds a seat cannot tell apart give the same
sample for the same generator.

**For the New Expedition** (and any game with hands as count vectors): new kinds of event
map onto the same hand-DP steps (``enter``, ``enter_seen``, ``reveal``, ``lose_seen``,
``lose_port``/``gain_port``, ``constrain``). A face-up draw is a seen entry; an announced
hand value is a ``constrain`` predicate; a card put back unseen into a chamber is a port
chosen by the hand's owner (``lose_port(chosen=True)``) into that chamber, whose contents
then become a hand DP of their own; a secret look at a chamber makes its contents seen by
the looker (for that seat the chamber leaves the rest), and by nobody else. The rest is
described by the sizes of its parts that may and may not hold maps; cards that only some
places may hold (the way maps are kept out of chambers) need one more such part each.
"""

from __future__ import annotations

import bisect
from math import comb
from typing import Callable, Hashable, Sequence

from games.errors import InvalidStateError

from .moves import CARD_NAMES, MAP, SANDSTORM, THIEF, TREASURES
from .rules import P_ACTION, P_STEAL, P_STOLEN, P_STORM, Rules

__all__ = ["Record", "EMPTY_RECORD", "R_DIG", "R_TRADE", "R_DISCARD", "R_SELL", "R_EXPLORE",
           "R_STEAL", "HandDP", "Posterior", "pack", "unpack", "event_text",
           "history_lines", "HiddenInformation"]

# --- the public record ------------------------------------------------------------------

#: Record events (tuples): ``(R_DIG, seat)``, ``(R_TRADE, seat, gives, takes)`` (count
#: vectors), ``(R_DISCARD, seat, card)``, ``(R_SELL, seat, card, n)``, ``(R_EXPLORE, seat,
#: chamber index)``, ``(R_STEAL, thief, victim)`` (the card is private: ``steal_cards``).
R_DIG, R_TRADE, R_DISCARD, R_SELL, R_EXPLORE, R_STEAL = range(6)


class Record:
    """A persistent list of public events: appending makes a new record that shares its
    past, so clones share it for free; the hash is stored, and equal records compare in
    one step when they share their past."""

    __slots__ = ("prev", "event", "size", "_hash")

    def __init__(self, prev: "Record | None", event):
        self.prev = prev
        self.event = event
        self.size = 0 if prev is None else prev.size + 1
        self._hash = hash((0 if prev is None else prev._hash, event))

    def add(self, event) -> "Record":
        """This record with ``event`` appended."""
        return Record(self, event)

    def events(self) -> list:
        """The events, oldest first."""
        out = []
        node = self
        while node.prev is not None:
            out.append(node.event)
            node = node.prev
        out.reverse()
        return out

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other) -> bool:
        a, b = self, other
        while a is not b:
            if (not isinstance(b, Record) or a._hash != b._hash or a.size != b.size
                    or a.event != b.event):
                return False
            a, b = a.prev, b.prev
            if a is None or b is None:
                return a is b
        return True

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"Record({self.events()!r})"


#: The record of a game before its first event.
EMPTY_RECORD = Record(None, None)


def _names(counts: Sequence[int]) -> str:
    return " ".join(CARD_NAMES[c] for c in range(TREASURES) for _ in range(counts[c]))


def event_text(event, chamber_sizes: Sequence[int], card: int = -1) -> str:
    """One record event as a line of a view's ``history`` (``card``: a theft's card, or
    -1 when the reader did not see it).

    >>> event_text((R_TRADE, 1, (1, 0, 1, 0, 0, 0, 0), (0, 0, 0, 1, 0, 0, 0)), (3, 5, 7))
    '1 trade pot_shard coin for talisman'
    """
    kind, seat = event[0], event[1]
    if kind == R_DIG:
        return f"{seat} dig"
    if kind == R_TRADE:
        return f"{seat} trade {_names(event[2])} for {_names(event[3])}"
    if kind == R_DISCARD:
        return f"{seat} discard {CARD_NAMES[event[2]]}"
    if kind == R_SELL:
        return f"{seat} sell {CARD_NAMES[event[2]]} {event[3]}"
    if kind == R_EXPLORE:
        return f"{seat} explore {chamber_sizes[event[2]]}"
    return f"{seat} steal {event[2]}" + (f" {CARD_NAMES[card]}" if card >= 0 else "")


def history_lines(state, seat: int | None) -> list[str]:
    """The public record of ``state`` as text, with the thefts' cards ``seat`` saw (every
    card for ``seat=None``)."""
    cards = iter(card if seat is None or seat in (thief, victim) else -1
                 for thief, victim, card in state.steals)
    sizes = state.rules.chamber_sizes
    return [event_text(event, sizes, next(cards) if event[0] == R_STEAL else -1)
            for event in state.record.events()]

# --- hand compositions packed into ints ---------------------------------------------------

_LANE = 8  # bits per card type; counts stay below 128 so bit 7 of a lane is a borrow guard
_UNIT = tuple(1 << (_LANE * c) for c in range(TREASURES))
_GUARD = sum(128 << (_LANE * c) for c in range(TREASURES))
_COUNTS = (1 << (_LANE * TREASURES)) - 1
_PORT_SHIFT = _LANE * TREASURES  # port j (a theft between others) lives at 4 bits from here
_MASK = 127


def pack(counts: Sequence[int]) -> int:
    """A count vector over the seven treasures as one int (7-bit lanes)."""
    out = 0
    for c in range(TREASURES):
        out |= counts[c] << (_LANE * c)
    return out


def unpack(h: int) -> list[int]:
    """The count vector packed by :func:`pack` (port lanes ignored)."""
    return [(h >> (_LANE * c)) & _MASK for c in range(TREASURES)]


def _minus(big: int, small: int) -> int:
    """``big - small`` lane by lane, or -1 if some lane would go negative."""
    diff = (big | _GUARD) - small
    if diff & _GUARD != _GUARD:
        return -1
    return diff ^ _GUARD


class HandDP:
    """Weights over the compositions of one hand (and its port cards), seen from one
    observer: ``table`` maps a packed composition (plus port lanes) to an integer weight.
    Each step is one thing the observer saw happen to the hand."""

    __slots__ = ("table", "caps", "ports")

    def __init__(self, caps: Sequence[int]):
        self.table: dict[int, int] = {0: 1}
        self.caps = tuple(caps)
        self.ports = 0  # port lanes used so far (their order = port ids given)

    def copy(self) -> "HandDP":
        other = HandDP(self.caps)
        other.table = dict(self.table)
        other.ports = self.ports
        return other

    def enter(self, n: int = 1, *, maps: bool = True) -> None:
        """``n`` cards enter unseen (``maps=False``: they cannot be maps)."""
        types = range(TREASURES if maps else MAP)
        caps = self.caps
        for _ in range(n):
            # every composition of a table has the same size: only the types with fewer
            # cards in the game than that can be full already
            size = sum(unpack(next(iter(self.table), 0)))
            tight = [(c, _LANE * c, _UNIT[c]) for c in types if caps[c] <= size]
            loose = [_UNIT[c] for c in types if caps[c] > size]
            out: dict[int, int] = {}
            get = out.get
            for h, w in self.table.items():
                for unit in loose:
                    k = h + unit
                    out[k] = get(k, 0) + w
                for c, shift, unit in tight:
                    if (h >> shift) & _MASK < caps[c]:
                        k = h + unit
                        out[k] = get(k, 0) + w
            self.table = out

    def enter_seen(self, card: int, n: int = 1) -> None:
        """``n`` cards of type ``card`` enter in view of the observer."""
        step = _UNIT[card] * n
        self.table = {h + step: w for h, w in self.table.items()}

    def reveal(self, card: int, n: int = 1) -> None:
        """The hand's owner gives up ``n`` cards of ``card`` by choice (sell, trade,
        discard, maps spent): it held at least ``n``."""
        step = _UNIT[card] * n
        shift = _LANE * card
        self.table = {h - step: w for h, w in self.table.items() if (h >> shift) & _MASK >= n}

    def lose_seen(self, card: int) -> None:
        """A random card of the hand turned out to be ``card`` (the observer stole it):
        weight by how many the hand held."""
        step = _UNIT[card]
        shift = _LANE * card
        out = {}
        for h, w in self.table.items():
            k = (h >> shift) & _MASK
            if k:
                out[h - step] = w * k
        self.table = out

    def lose_port(self, port: int, *, chosen: bool = False) -> None:
        """A card of the hand left unseen for another hand (port ``port``): a random card
        (a thief's pick: weight by how many the hand held), or ``chosen`` by the owner
        (weight 1 per type it held, e.g. a card put back into a chamber face down)."""
        base = _PORT_SHIFT + 4 * port
        out: dict[int, int] = {}
        get = out.get
        for h, w in self.table.items():
            for c in range(TREASURES):
                k = (h >> (_LANE * c)) & _MASK
                if k:
                    key = h - _UNIT[c] + ((c + 1) << base)
                    out[key] = get(key, 0) + (w if chosen else w * k)
        self.table = out

    def gain_port(self, port: int) -> None:
        """The card of port ``port`` (taken unseen from another hand) enters."""
        base = _PORT_SHIFT + 4 * port
        caps = self.caps
        out: dict[int, int] = {}
        for h, w in self.table.items():
            for c in range(TREASURES):
                if (h >> (_LANE * c)) & _MASK < caps[c]:
                    out[h + _UNIT[c] + ((c + 1) << base)] = w
        self.table = out

    def constrain(self, allowed: Callable[[list[int]], bool]) -> None:
        """Keep the compositions whose count vector satisfies ``allowed``."""
        self.table = {h: w for h, w in self.table.items() if allowed(unpack(h))}


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1)."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


class _HiddenTotals:
    """The coupling of the hands through the rest, in product form. ``pool``: every card
    hidden from the observer (hands and rest, packed); the rest has ``no_maps`` places
    that cannot hold a map (unexplored chambers) and ``maps_ok`` that can (the dig site).
    When the hands hold ``s`` (packed), leaving ``r = pool - s``, the rest can be laid out
    in ``maps_ok! / (r_map! (maps_ok - r_map)!) * (no_maps + maps_ok - r_map)! /
    prod(r_c!, c not a map)`` ways: a constant times ``weight(s) = prod_c factor[c][s_c]``
    with ``factor[c][x]`` the falling factorial ``pool_c (pool_c - 1) ... (pool_c - x + 1)``
    (for maps times the dig site's ``maps_ok! / (maps_ok - r_map)!`` and the non-maps'
    ``(no_maps + maps_ok - r_map)!``). Every factor is an integer."""

    def __init__(self, pool: int, no_maps: int, maps_ok: int):
        counts = unpack(pool)
        self.counts = counts
        self.fact = fact = [1] * (sum(counts) + 1)
        for i in range(1, len(fact)):
            fact[i] = fact[i - 1] * i
        rest = no_maps + maps_ok
        self.factor = []
        for c in range(TREASURES):
            row = [_falling(counts[c], x) for x in range(counts[c] + 1)]
            if c == MAP:  # the rest's counts[c] - x maps go to the dig site's places
                row = [w * (_falling(maps_ok, counts[c] - x) * fact[rest - counts[c] + x]
                            if 0 <= rest - counts[c] + x < len(fact) else 0)
                       for x, w in enumerate(row)]
            self.factor.append(row)
        self.rest = rest

    def weight(self, held: int) -> int:
        """Proportional to the ways to lay out the rest when the hands hold ``held``."""
        w = 1
        factor = self.factor
        for c in range(TREASURES):
            x = (held >> (_LANE * c)) & _MASK
            row = factor[c]
            if x >= len(row):
                return 0
            w *= row[x]
            if not w:
                return 0
        return w


class Posterior:
    """The joint posterior of the hidden hands of some seats and the rest (see the module
    docstring), ready to sample. ``hands``: the seats' :class:`HandDP` tables, in seat
    order; ``pool``: the packed composition of every card hidden from the observer (in
    those hands or the rest); ``no_maps``/``maps_ok``: the rest's places; ``ports``: the
    number of port lanes (thefts between two of those seats).

    With one hand the draw is direct. With several, the exact draw is a recursion over
    the hands with the cards still left for the others (memoised); when that is large it
    draws each hand from its own posterior against the whole pool (a product proposal
    that over-weights every joint outcome by at most the same bound) and accepts with the
    exact ratio, integer arithmetic throughout: a rejection step with zero bias, which
    falls back on the recursion when it accepts too rarely.
    """

    #: The recursion is used when its work (products of table sizes) stays below this.
    EXACT_WORK = 60_000
    #: Rejections in a row after which the exact recursion takes over.
    PATIENCE = 200

    def __init__(self, hands: Sequence[dict[int, int]], pool: int, no_maps: int, maps_ok: int,
                 ports: int):
        self.hands = list(hands)
        self.pool = pool
        self.ports = ports
        self.totals = _HiddenTotals(pool, no_maps, maps_ok)
        self.no_maps, self.maps_ok = no_maps, maps_ok
        work = 1
        for table in self.hands[:-1]:
            work *= max(1, len(table))
        work *= max(1, len(self.hands[-1])) if self.hands else 1
        self.relaxed = None
        self.exact = None
        if len(self.hands) > 1 and work > self.EXACT_WORK:
            # the cards every outcome gives a hand (its floor) do not vary: the proposal
            # and the bound only see the rest of each hand, against the pool left
            self.floors = [_floor(table) for table in self.hands]
            variable_pool = _minus(pool, sum(self.floors))
            if variable_pool >= 0:
                totals = _HiddenTotals(variable_pool, no_maps, maps_ok)
                if totals.weight(0):
                    self.relaxed = _Levels(self.hands, ports, totals, self.floors,
                                           coupled=False)
                    self.total = self.relaxed.total  # callers only test it for 0
        if self.relaxed is None:
            self.exact = _Levels(self.hands, ports, self.totals, None, coupled=True, pool=pool)
            self.total = self.exact.total
        self.tries = self.accepted = 0

    def sample(self, rng) -> tuple[list[int], int, int]:
        """One draw: (packed composition per hand, port values (4-bit lanes), packed rest)."""
        if self.relaxed is not None:
            totals = self.relaxed.totals
            for _ in range(self.PATIENCE):
                self.tries += 1
                hands, ports = self.relaxed.sample(rng)
                variable = [_minus(h, f) for h, f in zip(hands, self.floors)]
                together = 0
                bound = 1
                for u in variable:
                    together += u
                    bound *= totals.weight(u)
                numerator = totals.weight(together) * totals.weight(0) ** (len(variable) - 1)
                if numerator and rng.randrange(bound) < numerator:
                    self.accepted += 1
                    held = sum(hands)
                    return hands, ports, _minus(self.pool, held)
            # accepting too rarely: the exact recursion from now on (still exact: a draw
            # is accepted with the target law whenever it is accepted)
            self.relaxed = None
            self.exact = _Levels(self.hands, self.ports, self.totals, None, coupled=True,
                                 pool=self.pool)
            if not self.exact.total:
                raise InvalidStateError("no deal explains what the seat has seen")
        hands, ports = self.exact.sample(rng)
        held = 0
        for h in hands:
            held += h
        return hands, ports, _minus(self.pool, held)


def _floor(table: dict[int, int]) -> int:
    """The per-type minimum of the compositions in ``table`` (packed)."""
    low = [_MASK] * TREASURES
    for key in {key & _COUNTS for key in table}:  # port lanes aside
        for c in range(TREASURES):
            x = (key >> (_LANE * c)) & _MASK
            if x < low[c]:
                low[c] = x
    return pack(low) if table else 0


class _Levels:
    """Sampling one composition per hand (and the port values) level by level, each
    level's entries weighted by the levels below: coupled through the cards left (exact:
    the rest's ways at the bottom), or, ``coupled=False``, each entry weighted by its own
    product factor against the pool (the relaxed proposal) and coupled by ports only."""

    def __init__(self, hands: Sequence[dict[int, int]], ports: int, totals: _HiddenTotals,
                 floors, *, coupled: bool, pool: int = 0):
        self.levels = len(hands)
        self.coupled = coupled
        self.totals = totals
        self.port_masks = []
        self.entries: list[dict[int, list[tuple[int, int, int]]]] = []
        for i, table in enumerate(hands):
            used = 0
            for key in table:
                used |= key >> _PORT_SHIFT
            lanes = 0
            for port in range(ports):
                if used >> (4 * port) & 15:
                    lanes |= 15 << (4 * port)
            self.port_masks.append(lanes)
        # per level: the port lanes met at an earlier level that this level or a later one
        # still has to agree with, and those of them this level itself carries
        self.needed = []
        for level in range(self.levels):
            before = after = 0
            for j in range(self.levels):
                if j < level:
                    before |= self.port_masks[j]
                else:
                    after |= self.port_masks[j]
            self.needed.append(before & after)
        self.fixed_at = [self.port_masks[i] & self.needed[i] for i in range(self.levels)]
        for i, table in enumerate(hands):
            grouped: dict[int, list[tuple[int, int, int]]] = {}
            factors: dict[int, int] = {}  # per composition (entries differ in ports)
            for key, w in table.items():
                h = key & _COUNTS
                if not coupled:
                    factor = factors.get(h)
                    if factor is None:
                        factor = factors[h] = totals.weight(_minus(h, floors[i]))
                    w *= factor
                if w:
                    ports_of = key >> _PORT_SHIFT
                    grouped.setdefault(ports_of & self.fixed_at[i], []).append((h, ports_of, w))
            self.entries.append(grouped)
        self._z: dict[tuple[int, int, int], int] = {}
        self._choices: dict[tuple[int, int, int], tuple[list, list[int]]] = {}
        self.pool = pool
        self.total = self._weight(0, pool, 0)

    def _weight(self, level: int, pool: int, ports: int) -> int:
        """Total weight of the levels from ``level`` on, with ``pool`` cards left for them
        and the rest (coupled), and the port values ``ports`` already chosen."""
        if level == self.levels:
            if not self.coupled:
                return 1
            return self.totals.weight(_minus(self.totals_pool, pool))
        key = (level, pool, ports & self.needed[level])
        found = self._z.get(key)
        if found is not None:
            return found
        total = 0
        coupled = self.coupled
        for h, ports_of, w in self.entries[level].get(ports & self.fixed_at[level], ()):
            if coupled:
                left = _minus(pool, h)
                if left < 0:
                    continue
            else:
                left = 0
            total += w * self._weight(level + 1, left, ports | ports_of)
        self._z[key] = total
        return total

    @property
    def totals_pool(self) -> int:
        return self.pool

    def sample(self, rng) -> tuple[list[int], int]:
        """One composition per level and the port values."""
        pool, ports = self.pool, 0
        hands = []
        coupled = self.coupled
        for level in range(self.levels):
            key = (level, pool, ports & self.needed[level])
            found = self._choices.get(key)
            if found is None:
                options, cumulative = [], []
                acc = 0
                for h, ports_of, w in self.entries[level].get(ports & self.fixed_at[level], ()):
                    left = _minus(pool, h) if coupled else 0
                    if left >= 0:
                        weight = w * self._weight(level + 1, left, ports | ports_of)
                        if weight:
                            acc += weight
                            options.append((h, ports_of))
                            cumulative.append(acc)
                found = self._choices[key] = (options, cumulative)
            options, cumulative = found
            pick = rng.randrange(cumulative[-1])
            h, ports_of = options[bisect.bisect_right(cumulative, pick)]
            hands.append(h)
            if coupled:
                pool = _minus(pool, h)
            ports |= ports_of
        return hands, ports


# --- the archaeology state's hidden-information methods ------------------------------------

#: Hand DPs already run over a record, per (record, observer, its theft cards): a new
#: decision of the same game extends the last one's record, so the DPs continue from there.
_DP_CACHE: dict[tuple, tuple] = {}
_DP_CACHE_SIZE = 8
_DP_LOOKBACK = 64


def _trade_steps_legal(rules: Rules, hand: list[int], take_value: int,
                       gives: Sequence[int]) -> bool:
    """Whether the takes (worth ``take_value``) and the gives announced so far were legal
    steps for a hand ``hand`` (the trader's cards before the trade)."""
    trade = rules.trade
    if take_value > sum(trade[c] * hand[c] for c in range(TREASURES)):
        return False
    given = [0] * TREASURES
    need = take_value
    order = rules.give_order
    for i, card in enumerate(order):
        for _ in range(gives[card]):
            if hand[card] <= given[card]:
                return False
            suffix = sum(trade[c] * (hand[c] - given[c]) for c in order[i:])
            if suffix < need:
                return False
            given[card] += 1
            need -= trade[card]
    return True


class HiddenInformation:
    """Mixin of ``ArchaeologyState``: the information-set key and the exact determinizer
    (see the module docstring). Reads the state's ``record``, ``steals``, hands and public
    fields; ``_sampler`` caches one seat's :class:`Posterior` until the next move."""

    __slots__ = ()

    def steal_cards_seen_by(self, seat: int) -> tuple[int, ...]:
        """The card of every theft so far, or -1 where ``seat`` was neither thief nor victim."""
        return tuple(card if seat == thief or seat == victim else -1
                     for thief, victim, card in self.steals)

    def information_set_key(self, seat: int) -> Hashable:
        """What ``seat`` knows now: the public record and position, its hand and the cards
        of the thefts it took part in."""
        players = self.num_players
        base = seat * TREASURES
        storm = ((self.to_move, self.storm_index, self.storm_left, self.storm_last)
                 if self.phase == P_STORM else None)
        trade = ((tuple(self.trade_takes), tuple(self.trade_gives), self.last_take,
                  self.last_give_pos) if self.trade_takes is not None else None)
        return (
            seat, self.phase, self.turn, self.victim, storm, trade, self.trades,
            self.acted, self.sold_this_turn, self.no_dig, self.first_passer, self.must_sell,
            tuple(self.hands[base:base + TREASURES]), tuple(self.market),
            tuple(self.money), tuple(self.hand_sizes), len(self.dig), self.thieves_drawn,
            self.storms_drawn, tuple(c is None for c in self.chambers), players,
            self.record, self.steal_cards_seen_by(seat),
        )

    # -- the posterior ------------------------------------------------------------------

    def _hand_dps(self, seat: int) -> tuple[dict[int, HandDP], dict[int, int]]:
        """The hand DPs of every other seat over the whole record, as ``seat`` saw it, and
        the ports: theft number -> port, for the thefts between two other seats."""
        rules = self.rules
        seen = self.steal_cards_seen_by(seat)
        node = self.record
        pending = []
        start = None
        for _ in range(_DP_LOOKBACK):
            found = _DP_CACHE.get((id(node), seat, id(rules)))
            if found is not None and found[0] is node and found[1] == seen[:found[2]]:
                start = found
                break
            if node.prev is None:
                break
            pending.append(node.event)
            node = node.prev
        if start is None:
            pending = self.record.events()
            caps = rules.counts[:TREASURES]
            dps = {p: HandDP(caps) for p in range(self.num_players) if p != seat}
            for dp in dps.values():
                dp.enter(rules.data.hand_size, maps=False)
            ports: dict[int, int] = {}
            thefts = 0
        else:
            pending.reverse()
            dps = {p: dp.copy() for p, dp in start[3].items()}
            ports = dict(start[4])
            thefts = start[2]
        for event in pending:
            kind, actor = event[0], event[1]
            if kind == R_STEAL:
                victim = event[2]
                card = seen[thefts]
                if actor == seat:
                    dps[victim].lose_seen(card)
                elif victim == seat:
                    dps[actor].enter_seen(card)
                else:
                    port = ports[thefts] = len(ports)
                    dps[victim].lose_port(port)
                    dps[actor].gain_port(port)
                thefts += 1
                continue
            if actor == seat:
                continue
            dp = dps[actor]
            if kind == R_DIG:
                dp.enter()
            elif kind == R_TRADE:
                gives, takes = event[2], event[3]
                for c in range(TREASURES):
                    if gives[c]:
                        dp.reveal(c, gives[c])
                for c in range(TREASURES):
                    if takes[c]:
                        dp.enter_seen(c, takes[c])
            elif kind == R_DISCARD:
                dp.reveal(event[2])
            elif kind == R_SELL:
                dp.reveal(event[2], event[3])
            else:  # R_EXPLORE
                chamber = event[2]
                dp.reveal(MAP, rules.chamber_maps[chamber])
                dp.enter(rules.chamber_sizes[chamber], maps=False)
        if len(_DP_CACHE) >= _DP_CACHE_SIZE:
            del _DP_CACHE[next(iter(_DP_CACHE))]
        _DP_CACHE[(id(self.record), seat, id(rules))] = (
            self.record, seen[:thefts], thefts, {p: dp.copy() for p, dp in dps.items()},
            dict(ports))
        return dps, ports

    def _posterior(self, seat: int) -> tuple[Posterior, list[int], dict[int, int]]:
        cached = self._sampler
        if cached is not None and cached[0] == seat:
            return cached[1]
        rules = self.rules
        dps, ports = self._hand_dps(seat)
        # moves in progress: the mover's hand must have allowed every announced step
        if self.phase == P_ACTION and self.trade_takes is not None and self.turn != seat:
            takes_value = self.take_value
            gives = list(self.trade_gives)
            dps[self.turn].constrain(
                lambda hand: _trade_steps_legal(rules, hand, takes_value, gives))
        if self.phase == P_STORM and self.to_move != seat:
            last, left = self.storm_last, self.storm_left
            dps[self.to_move].constrain(lambda hand: sum(hand[last:]) >= left)
        base = seat * TREASURES
        pool = []
        for c in range(TREASURES):
            n = rules.counts[c] - self.market[c] - self.hands[base + c]
            for p in range(self.num_players):
                n -= self.sold[p * TREASURES + c]
            pool.append(n)
        pool[MAP] -= self.maps_removed
        if min(pool) < 0:
            card = CARD_NAMES[min(range(TREASURES), key=pool.__getitem__)]
            raise InvalidStateError(f"seat {seat} sees more {card} cards than the game has")
        no_maps = sum(rules.chamber_sizes[i] for i, c in enumerate(self.chambers)
                      if c is not None)
        maps_ok = (len(self.dig) - (rules.counts[THIEF] - self.thieves_drawn)
                   - (rules.counts[SANDSTORM] - self.storms_drawn))
        others = sorted(dps)
        posterior = Posterior([dps[p].table for p in others], pack(pool), no_maps,
                              max(0, maps_ok), len(ports))
        if maps_ok < 0 or posterior.total == 0:
            raise InvalidStateError(
                f"no deal explains what seat {seat} has seen (the hands, the record and "
                f"the cards left do not fit together)")
        self._sampler = (seat, (posterior, others, ports))
        return self._sampler[1]

    def determinize(self, seat: int, rng):
        """A world drawn exactly from those ``seat`` cannot rule out (module docstring)."""
        posterior, others, ports = self._posterior(seat)
        hands, port_values, rest = posterior.sample(rng)
        rules = self.rules
        world = self.clone()
        world._moves = None
        world._sampler = None
        for p, h in zip(others, hands):
            world.hands[p * TREASURES:(p + 1) * TREASURES] = unpack(h)
        if ports:
            steals = list(world.steals)
            for theft, port in ports.items():
                thief, victim, _ = steals[theft]
                steals[theft] = (thief, victim, ((port_values >> (4 * port)) & 15) - 1)
            world.steals = tuple(steals)
        counts = unpack(rest)
        cards = [c for c in range(MAP) for _ in range(counts[c])]
        rng.shuffle(cards)
        pos = 0
        chambers = world.chambers
        for i, contents in enumerate(chambers):
            if contents is not None:
                size = rules.chamber_sizes[i]
                chambers[i] = tuple(sorted(cards[pos:pos + size]))
                pos += size
        dig = cards[pos:] + [MAP] * counts[MAP]
        dig += [THIEF] * (rules.counts[THIEF] - self.thieves_drawn)
        dig += [SANDSTORM] * (rules.counts[SANDSTORM] - self.storms_drawn)
        rng.shuffle(dig)
        world.dig = dig
        used = self.thieves_drawn - (1 if self.phase in (P_STEAL, P_STOLEN) else 0)
        world.steal_rolls = [0] * used + [rng.getrandbits(30)
                                          for _ in range(rules.counts[THIEF] - used)]
        return world
