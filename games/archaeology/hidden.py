"""Hidden information of the Archaeology engine (both editions): the public record,
information-set keys and an exact determinizer.

**What a seat knows.** Everything public happens in view of all: who dug a treasure (not
which), every trade (gives and takes), sandstorm discard, sale and exploration (maps spent,
cards taken unseen), who stole from whom, and in the New Expedition every tent used,
chamber looked at, card refilled into the Buried Ruins, card drawn face up from the Mine
or the Sphinx, types named, cards taken or returned face up, and how many cards a Tomb
explorer kept. The state keeps these events in order in a persistent :class:`Record`
(shared by clones). Privately a seat knows its own hand, the card of every theft it took
part in (``steals``, visible to thief and victim) and its **secrets** (``secrets``, each
visible to the seats in its mask): what a Temple look showed (``S_LOOK``), what a Temple
explorer took from a chamber someone looked at (``S_TAKE``, seen by the explorer and the
seats that looked), and a Tomb explorer's view of the chamber and the cards it kept
(``S_KEEP``). Nothing else is needed: the other cards a seat saw come into its hand
(dealt, dug, found in a chamber) are its hand minus what the record, its thefts and its
secrets moved in and out, and *when* it saw them does not matter (nobody else knows them,
and every unseen place is equally likely to hold any unseen card; where somebody else
does know them, the Temple, the explorer's take is a secret). ``information_set_key(seat)``
is therefore the record, the seat's theft cards and secrets, its hand and the public
position.

**The exact posterior.** A seat ``o`` cannot see the other hands, the unexplored chambers,
the Buried Ruins' reserve and the dig site. Take every deal consistent with what ``o``
observed, each as likely as the shuffle makes it, and play the recorded moves: the hidden
part of the result is the posterior this module samples. It is *not* "known cards plus
uniformly random unknown ones": a seat that sells three coins it was not seen to receive
had at least three, so its remaining cards are less likely to be coins than a fresh draw
would be. One modelling choice is needed where a seat chooses cards nobody else sees (the
Tomb's kept cards): the others treat that choice as a uniformly random pick of the
chamber's cards, the same law as a thief's pick. The sampler is exact by construction:

* For each other seat ``p`` a **hand DP** (:class:`HandDP`) runs over ``p``'s history as
  ``o`` saw it: cards entering unseen (the deal and chambers, never maps; digs, maybe
  maps) with weight 1 per card type, cards entering seen (trades, thefts from ``o``, face-up
  takes, a Temple chamber ``o`` looked at), cards leaving by ``p``'s choice (``reveal``:
  ``p`` must hold them), cards ``o`` stole from ``p`` (weight = how many of that type ``p``
  held, the thief's random pick) and thefts between two other seats, whose card is a
  shared unknown (a *port*: weight by the victim's count, the same card enters the thief).
  An announced hand value (Beginner's Luck) keeps the opening compositions of that value
  (``constrain``). Its final weight of a composition ``h`` counts the sequences of unseen
  card types that lead there.
* A chamber whose cards are not laid out uniformly for ``o`` is a **chamber level**, a DP
  of its own whose compositions also count their cards in one more lane (``kappa``): a
  Temple chamber ``o`` looked at and a Tomb chamber ``o`` explored (known cards; the
  cards another explorer keeps from it leave by ports), and the Mine's and the Sphinx's
  chamber, whose cards drawn face up and returned face down are known by type but mixed
  with the cards nobody has seen. Such a level holds only the known part ``K``; the
  chamber's ``size - |K|`` other cards are places of the rest. A face-up draw from the
  chamber is one of ``K``'s cards (weight: how many ``K`` holds of the drawn type) or one
  of the unseen places (weight: how many there are; which card it shows is then the
  rest's business, like any revealed place).
* Every hidden card that is in no hand and no level lies in the **rest** (chambers and
  the reserve: never maps; the dig site: anything). Summed over the deals, a joint outcome
  (every hand and level, every port) weighs the product of the level weights times the
  number of ways to lay out the rest, ``g(rest)`` (``_HiddenTotals``). :class:`Posterior`
  samples the levels and ports from that product exactly, with integer weights, so the
  only randomness is the seat's generator: one level directly; several by a memoised
  recursion over the levels with the cards left, or, when that is large, by a product
  proposal (each level against the whole pool, which over-weights every joint outcome by
  at most the same bound) accepted with the exact ratio (a rejection step with zero
  bias). The rest is then laid out uniformly (maps in the dig site), the dig site
  shuffled, the thieves still to come (including one whose victim is being chosen or
  whose card is being taken) get fresh steal rolls and face-up draws to come fresh draw
  rolls.
* **Other seats' secrets** in the sampled world are those of its cards: a look at a
  chamber still in place shows its sampled cards; the cards an explorer took or kept
  (which a looker or the explorer itself knows) are drawn by **backward sampling** through
  the explorer's hand DP given its sampled final composition (the forward tables from the
  first such entry on are kept, ``HandDP.trace``), exact because the hands are
  independent given the joint draw; a Tomb explorer's view is what it kept plus what the
  chamber then held.
* Moves in progress constrain the mover's hand as the rules require (a trade being built:
  the announced gives are held and every announced step was legal; a sandstorm: enough
  cards remain for the discards still owed), so a world is valid for any seat, not only
  the one to act.

**Position views (issue 19).** A state read from a position view (``position``) has a
record whose first event, ``R_POSITION``, carries what the position states; the view's
seat's replay starts from it instead of the deal (``_replay_position``): each other hand
a DP of its unseen cards (any type it is not known to lack, maps included: mid-game a hand
may hold dug maps) plus its known cards entered seen, each chamber with known cards a
chamber level. The levels, the rest and the sampling are those above, so the reading is
exact with respect to what the position states. No other seat's reading can start from
it (a position is one seat's knowledge). A Tomb chamber the seat left cards in that other
seats kept from since (``chamber_left``) is a level of those cards, each keep since read as
``_replay_keep`` reads one (ports into the keeper's hand), so it is as exact as the
history's reading; a keeper whose give-ups since are stated reads its hand in the
history's order (``_replay_keeper``: the cards it got unseen between them, each give-up a
``reveal`` of what it held then), as the history reads it from its first keep on.

**The bounded reading (issue 20).** Each port multiplies the tables of both seats of a
theft by up to the number of card types, so a long game with many thefts between two
other seats grew them without bound (a late 3-player Buried Ruins view read for over a
minute), and the joint draw over the levels enumerates the ports' values together (a
5-player Tomb game with six live ports drew for over a minute). A hand table that grows
past ``PORT_TABLE_LIMIT`` entries forgets its oldest port, and so does the reading while
more than ``LIVE_PORT_LIMIT`` ports live (a theft's port, or all of a Tomb keep's), in every table that carries it
(``HandDP.forget_port``: each table summed over the port's card). That theft is then read
as the victim losing a random card and the thief gaining an unseen one, no longer the same
card (a keep: random cards leaving the chamber, unseen ones entering the keeper's hand):
the only approximation of the sampler, used only past the limit and counted
(``forgotten``, ``forgotten_keeps``; the hint says how many were read so). Such a theft's
card, or keep's cards, in a sampled world are drawn from the taker's sampled hand (they
only name the event in those seats' information sets).
Everything else stays exact at any size: with ports bounded, the tables are at most the
compositions of a hand (about 44,000 for 10 cards of 9 types): at every fifth decision of
20 long 3- to 5-player greedy games the worst reading of a view took 3.4 s of CPU (it took
over 90 s before), and the views of one game read one after another share their replay
(``_DP_CACHE``).

The key contains exactly what the sampler reads (the record, the seat's theft cards and
secrets, its hand and the public position), so two worlds a seat cannot tell apart give
the same sample for the same generator.
"""

from __future__ import annotations

import bisect
import random
from functools import partial
from typing import Any, Callable, Final, Hashable, Sequence, cast

from games.errors import InvalidStateError
from games.seeding import shuffle
from games.table import plural

from .moves import chamber_letter
from .rules import (BUST, NAME_TYPES, P_ACTION, P_KEEP, P_STEAL, P_STOLEN,
                    P_STORM, P_TENT, REFILL_ON_SANDSTORM, TAKE_ALL, Rules)

__all__ = ["Record", "EMPTY_RECORD", "R_DIG", "R_TRADE", "R_DISCARD", "R_SELL", "R_EXPLORE",
           "R_STEAL", "R_TENT", "R_LOOK", "R_REFILL", "R_REVEAL", "R_TAKE", "R_RETURN",
           "R_NAME", "R_KEEP", "R_POSITION", "S_LOOK", "S_TAKE", "S_KEEP", "Lanes", "HandDP", "Posterior",
           "pack", "unpack", "event_text", "history_lines", "HiddenInformation",
           "bounded_reading_notes"]

# --- the public record ------------------------------------------------------------------

#: Record events (tuples): ``(R_DIG, seat)``, ``(R_TRADE, seat, gives, takes)`` (count
#: vectors), ``(R_DISCARD, seat, card)``, ``(R_SELL, seat, card, n)``, ``(R_EXPLORE, seat,
#: chamber index)``, ``(R_STEAL, thief, victim)`` (the card is private: ``steals``); the New
#: Expedition's ``(R_TENT, seat)``, ``(R_LOOK, seat, chamber)``, ``(R_REFILL, chamber,
#: card)``, ``(R_REVEAL, seat, card)`` (a face-up draw), ``(R_TAKE, seat, counts)`` and
#: ``(R_RETURN, seat, counts)`` (face-up cards into the hand, back into the chamber),
#: ``(R_NAME, seat, cards)``, ``(R_KEEP, seat, chamber, n)`` (the cards are secret).
R_DIG: Final = 0
R_TRADE: Final = 1
R_DISCARD: Final = 2
R_SELL: Final = 3
R_EXPLORE: Final = 4
R_STEAL: Final = 5
R_TENT: Final = 6
R_LOOK: Final = 7
R_REFILL: Final = 8
R_REVEAL: Final = 9
R_TAKE: Final = 10
R_RETURN: Final = 11
R_NAME: Final = 12
R_KEEP: Final = 13
#: A position view's facts as the first event of a state's record (``games.archaeology.
#: position``): ``(R_POSITION, seat, hands, chambers, looked, sizes, current, unseen,
#: left)``, per seat ``None`` (the view's own) or ``(hand size, known cards as counts, types
#: it lacks as a bit mask)``, per chamber the counts of the cards the seat knows are in it
#: (``None``: none), the seats that know each chamber, the chambers' sizes, the chamber being
#: explored, per card type the cards not in view (the other hands' unknown cards are among
#: them), per chamber ``None`` or what the seat left in it (counts), the keeps since,
#: ``(seat, n, cards it got unseen since or -1)`` each, and the keepers' give-ups since,
#: ``(seat, counts, cards it got unseen since)`` each (``chamber_left``), and, only where a
#: position states one, per seat the ``at_most`` bounds of its hand, ``(card, n)`` pairs
#: (``()``: none), and, only where a position states one, per seat its ``dug``: of its
#: unknown cards, how many entered where a map could be (the rest are the deal's, no
#: maps; -1: not stated, any may be a map). The reading of the view's seat starts from it
#: instead of the deal; no other seat's can.
R_POSITION: Final = 14
#: Secrets (``state.secrets``, in record order): ``(S_LOOK, mask, seat, chamber, cards)``,
#: ``(S_TAKE, mask, seat, chamber, cards)``, ``(S_KEEP, mask, seat, chamber, seen, kept)``;
#: ``mask``: the seats that know it; cards as sorted tuples of ids.
S_LOOK: Final = 0
S_TAKE: Final = 1
S_KEEP: Final = 2


class Record:
    """A persistent list of public events: appending makes a new record that shares its
    past, so clones share it for free; the hash is stored once asked for (playouts append
    many events and never hash them), and equal records compare in one step when they
    share their past."""

    __slots__ = ("prev", "event", "size", "_hash")
    prev: "Record | None"
    event: Any
    size: int
    _hash: int | None

    def __init__(self, prev: "Record | None", event: Any):
        self.prev = prev
        self.event = event
        self.size = 0 if prev is None else prev.size + 1
        self._hash = None

    def add(self, event: Any) -> "Record":
        """This record with ``event`` appended."""
        return Record(self, event)

    def events(self) -> list[Any]:
        """The events, oldest first."""
        out = []
        node = self
        while node.prev is not None:
            out.append(node.event)
            node = node.prev
        out.reverse()
        return out

    def __hash__(self) -> int:
        h = self._hash
        if h is None:  # hash((previous record's hash, event)), oldest missing one first
            missing = []
            node: Record | None = self
            while node is not None and node._hash is None:
                missing.append(node)
                node = node.prev
            # (the loop stopped at a record whose hash is stored, or at the start)
            h = 0 if node is None else cast(int, node._hash)
            for older in reversed(missing):
                h = older._hash = hash((h, older.event))
        return h

    def __eq__(self, other: object) -> bool:
        a: Record = self
        b: object = other
        if isinstance(b, Record):  # every older record's hash is stored from here on
            hash(a)
            hash(b)
        while a is not b:
            if (not isinstance(b, Record) or a._hash != b._hash or a.size != b.size
                    or a.event != b.event):
                return False
            older_a, older_b = a.prev, b.prev
            if older_a is None or older_b is None:
                return older_a is older_b
            a, b = older_a, older_b
        return True

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"Record({self.events()!r})"


#: The record of a game before its first event.
EMPTY_RECORD = Record(None, None)


def _names(counts: Sequence[int], names: Sequence[str]) -> str:
    return " ".join(names[c] for c in range(len(counts)) for _ in range(counts[c]))


def _listed(cards: Sequence[int], names: Sequence[str]) -> str:
    return " ".join(names[c] for c in cards)


def event_text(event: Any, rules: Rules, card: int = -1,
               secret: Sequence[Sequence[int]] | None = None) -> str:
    """One record event as a line of a view's ``history`` (``card``: a theft's card, or
    -1 when the reader did not see it; ``secret``: the payload of the event's secret, or
    ``None`` when the reader does not know it).

    >>> import cards_data
    >>> from games.archaeology.rules import rules_for
    >>> rules = rules_for(cards_data.load("archaeology"), 2)
    >>> event_text((R_TRADE, 1, (1, 0, 1, 0, 0, 0, 0), (0, 0, 0, 1, 0, 0, 0)), rules)
    '1 trade pot_shard coin for talisman'
    """
    names = rules.cards.names
    kind = event[0]
    if kind == R_POSITION:
        return f"position of seat {event[1]}"
    if kind == R_REFILL:
        return f"refill {chamber_letter(event[1])} {names[event[2]]}"
    seat = event[1]
    if kind == R_DIG:
        return f"{seat} dig"
    if kind == R_TRADE:
        return f"{seat} trade {_names(event[2], names)} for {_names(event[3], names)}"
    if kind == R_DISCARD:
        return f"{seat} discard {names[event[2]]}"
    if kind == R_SELL:
        return f"{seat} sell {names[event[2]]} {event[3]}"
    if kind == R_EXPLORE:
        chamber = event[2]
        if rules.monument is None:
            return f"{seat} explore {rules.chamber_sizes[chamber]}"
        text = f"{seat} explore {chamber_letter(chamber)}"
        return text if secret is None else f"{text} found {_listed(secret[0], names)}"
    if kind == R_STEAL:
        return f"{seat} steal {event[2]}" + (f" {names[card]}" if card >= 0 else "")
    if kind == R_TENT:
        return f"{seat} tent"
    if kind == R_LOOK:
        text = f"{seat} look {chamber_letter(event[2])}"
        return text if secret is None else f"{text} saw {_listed(secret[0], names)}"
    if kind == R_REVEAL:
        return f"{seat} reveal {names[event[2]]}"
    if kind in (R_TAKE, R_RETURN):
        verb = "take" if kind == R_TAKE else "return"
        return f"{seat} {verb} {_names(event[2], names)}"
    if kind == R_NAME:
        return f"{seat} name {_listed(event[2], names)}"
    text = f"{seat} keep {chamber_letter(event[2])} {event[3]}"  # R_KEEP
    if secret is None:
        return text
    return f"{text} saw {_listed(secret[0], names)} kept {_listed(secret[1], names)}"


def _secret_events(rules: Rules) -> Callable[[Any, list[int]], bool]:
    """A predicate: does this record event come with a secret? (``looked``: per chamber,
    the seats that looked at it so far; updated by the caller.)"""
    special = rules.special

    def has_secret(event: Any, looked: list[int]) -> bool:
        kind = event[0]
        if kind == R_LOOK or kind == R_KEEP:
            return True
        return (kind == R_EXPLORE and special in TAKE_ALL
                and bool(looked[event[2]] & ~(1 << event[1])))
    return has_secret


def history_lines(state: HiddenInformation, seat: int | None) -> list[str]:
    """The public record of ``state`` as text, with the thefts' cards and the secrets
    ``seat`` knows (every one for ``seat=None``)."""
    rules = state.rules
    cards = iter(card if seat is None or seat in (thief, victim) else -1
                 for thief, victim, card in state.steals)
    secrets = iter(state.secrets)
    has_secret = _secret_events(rules)
    looked = [0] * len(rules.chamber_sizes)
    lines = []
    for event in state.record.events():
        secret = None
        if has_secret(event, looked):
            entry = next(secrets)
            if seat is None or entry[1] >> seat & 1:
                secret = entry[4:]
        if event[0] == R_LOOK:
            looked[event[2]] |= 1 << event[1]
        lines.append(event_text(event, rules, next(cards) if event[0] == R_STEAL else -1,
                                secret))
    return lines

# --- hand compositions packed into ints ---------------------------------------------------

_LANE = 8  # bits per card type; counts stay below 128 so bit 7 of a lane is a borrow guard
_MASK = 127


class Lanes:
    """How count vectors are packed into ints: one 8-bit lane per treasure type, then (for
    chamber levels) one lane counting a level's cards (``kappa``), then the 4-bit port
    lanes (a port holds its card + 1). Counts stay below 128 so bit 7 of a lane is a
    borrow guard for :meth:`minus`."""

    __slots__ = ("types", "unit", "kappa_shift", "kappa_unit", "guard", "counts_mask",
                 "port_shift")

    def __init__(self, types: int, *, kappa: bool = False):
        self.types = types
        lanes = types + 1 if kappa else types
        self.unit = tuple(1 << (_LANE * c) for c in range(types))
        self.kappa_shift = _LANE * types if kappa else -1
        self.kappa_unit = 1 << (_LANE * types) if kappa else 0
        self.guard = sum(128 << (_LANE * c) for c in range(lanes))
        self.counts_mask = (1 << (_LANE * lanes)) - 1
        self.port_shift = _LANE * lanes

    def pack(self, counts: Sequence[int], kappa: int = 0) -> int:
        """A count vector (and a kappa count) as one int."""
        out = kappa << self.kappa_shift if kappa else 0
        for c in range(self.types):
            out |= counts[c] << (_LANE * c)
        return out

    def unpack(self, h: int) -> list[int]:
        """The count vector packed by :meth:`pack` (kappa and port lanes ignored)."""
        return [(h >> (_LANE * c)) & _MASK for c in range(self.types)]

    def kappa(self, h: int) -> int:
        """The kappa lane of ``h`` (0 without one)."""
        return (h >> self.kappa_shift) & _MASK if self.kappa_shift >= 0 else 0

    def minus(self, big: int, small: int) -> int:
        """``big - small`` lane by lane, or -1 if some lane would go negative."""
        guard = self.guard
        diff = (big | guard) - small
        if diff & guard != guard:
            return -1
        return diff ^ guard


def pack(counts: Sequence[int]) -> int:
    """A count vector as one int (one 8-bit lane per entry)."""
    out = 0
    for c, n in enumerate(counts):
        out |= n << (_LANE * c)
    return out


def unpack(h: int, types: int = 7) -> list[int]:
    """The first ``types`` lanes of a packed count vector."""
    return [(h >> (_LANE * c)) & _MASK for c in range(types)]


class HandDP:
    """Weights over the compositions of one hand (and its port cards), seen from one
    observer: ``table`` maps a packed composition (plus port lanes) to an integer weight.
    Each step is one thing the observer saw happen to the hand.

    ``chamber=True`` makes a chamber level: every card in or out also moves the kappa lane
    (so a composition knows its size). Steps tagged for backward sampling (``enter(...,
    tag=...)``) start a trace: from then on every step keeps the table it started from,
    and :meth:`trace` draws which cards entered at the tagged steps."""

    __slots__ = ("table", "caps", "ports", "lanes", "units", "map", "trail")

    def __init__(self, caps: Sequence[int], lanes: Lanes | None = None, *,
                 chamber: bool = False, map_card: int = -1):
        self.table: dict[int, int] = {0: 1}
        self.caps = tuple(caps)
        self.lanes = lanes or Lanes(len(caps))
        extra = self.lanes.kappa_unit if chamber else 0
        self.units = tuple(u + extra for u in self.lanes.unit)
        self.map = map_card if map_card >= 0 else len(caps) - 1
        self.ports = 0  # port lanes used so far (their order = port ids given)
        self.trail: tuple[Any, ...] | None = None  # (previous trail, step) once a tagged step was met

    def copy(self) -> "HandDP":
        # (through __init__, not HandDP.__new__: a compiled class's __new__ runs __init__)
        other = HandDP(self.caps, self.lanes)
        other.table = dict(self.table)
        other.caps = self.caps
        other.lanes = self.lanes
        other.units = self.units
        other.map = self.map
        other.ports = self.ports
        other.trail = self.trail  # persistent
        return other

    def _step(self, step: tuple[Any, ...], before: dict[int, int]) -> None:
        if self.trail is not None:
            self.trail = (self.trail, step, before)

    def enter(self, n: int = 1, *, maps: bool = True,
              tag: tuple[str, int] | None = None) -> None:
        """``n`` cards enter unseen (``maps=False``: they cannot be maps; ``tag``: the
        cards are to be drawn back by :meth:`trace` under that name)."""
        types = [c for c in range(len(self.caps)) if maps or c != self.map]
        caps = self.caps
        lanes = self.lanes
        units = self.units
        for _ in range(n):
            if tag is not None and self.trail is None:
                self.trail = ()
            before = self.table
            # every composition of a table has the same size: only the types with fewer
            # cards in the game than that can be full already
            size = sum(lanes.unpack(next(iter(before), 0)))
            tight = [(c, _LANE * c, units[c]) for c in types if caps[c] <= size]
            loose = [units[c] for c in types if caps[c] > size]
            out: dict[int, int] = {}
            get = out.get
            for h, w in before.items():
                for unit in loose:
                    k = h + unit
                    out[k] = get(k, 0) + w
                for c, shift, unit in tight:
                    if (h >> shift) & _MASK < caps[c]:
                        k = h + unit
                        out[k] = get(k, 0) + w
            self.table = out
            self._step(("enter", tuple(types), tag), before)

    def enter_fresh(self, n: int, within: Sequence[int]) -> None:
        """``n`` cards enter unseen into an empty hand (a table of the empty composition
        alone, no step traced), at most ``within[c]`` of type ``c`` (the cards of that
        type the observer cannot see). The table is :meth:`enter`'s (``n`` steps) without
        the compositions that break ``within``: each composition ``v`` weighted by the
        orders its cards can enter in, ``n! / prod(v_c!)``, built directly, one entry per
        composition, not through the tables of every smaller hand.

        >>> dp = HandDP([2, 2, 2])
        >>> dp.enter_fresh(2, [2, 1, 0]); sorted(dp.table.values())
        [1, 2]
        """
        if self.table != {0: 1} or self.trail is not None:
            raise ValueError("enter_fresh fills an empty hand")
        bounds = [min(cap, limit) for cap, limit in zip(self.caps, within)]
        fact = [1] * (n + 1)
        for i in range(1, n + 1):
            fact[i] = fact[i - 1] * i
        units = self.units
        types = len(bounds)
        room = [0] * (types + 1)  # room[c]: cards types c.. may still take
        for c in range(types - 1, -1, -1):
            room[c] = room[c + 1] + bounds[c]
        out: dict[int, int] = {}
        # depth-first over the types: (next type, cards left, key so far, prod(v_c!) so far)
        stack = [(0, n, 0, 1)]
        while stack:
            c, left, key, denominator = stack.pop()
            if c == types - 1 or not left:
                if left <= bounds[c]:
                    key += units[c] * left
                    out[key] = fact[n] // (denominator * fact[left])
                continue
            low = max(0, left - room[c + 1])
            for k in range(low, min(bounds[c], left) + 1):
                stack.append((c + 1, left - k, key + units[c] * k, denominator * fact[k]))
        self.table = out

    def enter_seen(self, card: int, n: int = 1) -> None:
        """``n`` cards of type ``card`` enter in view of the observer."""
        step = self.units[card] * n
        before = self.table
        self.table = {h + step: w for h, w in before.items()}
        self._step(("shift", -step), before)

    def reveal(self, card: int, n: int = 1) -> None:
        """The hand's owner gives up ``n`` cards of ``card`` by choice (sell, trade,
        discard, maps spent): it held at least ``n``."""
        step = self.units[card] * n
        shift = _LANE * card
        before = self.table
        self.table = {h - step: w for h, w in before.items() if (h >> shift) & _MASK >= n}
        self._step(("shift", step), before)

    def lose_seen(self, card: int) -> None:
        """A random card of the hand turned out to be ``card`` (the observer stole it):
        weight by how many the hand held."""
        step = self.units[card]
        shift = _LANE * card
        out = {}
        before = self.table
        for h, w in before.items():
            k = (h >> shift) & _MASK
            if k:
                out[h - step] = w * k
        self.table = out
        self._step(("shift", step), before)

    def lose_port(self, port: int, *, chosen: bool = False) -> None:
        """A card of the hand left unseen for another hand (port ``port``): a random card
        (a thief's pick: weight by how many the hand held), or ``chosen`` by the owner
        (weight 1 per type it held)."""
        base = self.lanes.port_shift + 4 * port
        units = self.units
        out: dict[int, int] = {}
        get = out.get
        before = self.table
        for h, w in before.items():
            for c in range(len(units)):
                k = (h >> (_LANE * c)) & _MASK
                if k:
                    key = h - units[c] + ((c + 1) << base)
                    out[key] = get(key, 0) + (w if chosen else w * k)
        self.table = out
        self._step(("port", base, 1), before)

    def gain_port(self, port: int) -> None:
        """The card of port ``port`` (taken unseen from another hand) enters."""
        base = self.lanes.port_shift + 4 * port
        caps = self.caps
        units = self.units
        out: dict[int, int] = {}
        before = self.table
        for h, w in before.items():
            for c in range(len(caps)):
                if (h >> (_LANE * c)) & _MASK < caps[c]:
                    out[h + units[c] + ((c + 1) << base)] = w
        self.table = out
        self._step(("port", base, -1), before)

    def port_ids(self) -> set[int]:
        """The ports whose lanes some entry of the table carries."""
        shift = self.lanes.port_shift
        used = 0
        for key in self.table:
            used |= key >> shift
        return {i for i in range(used.bit_length() // 4 + 1) if used >> (4 * i) & 15}

    def forget_port(self, port: int) -> None:
        """Sum the table over the card of port ``port``: the hand keeps its weights but no
        longer says which card the port carried (the bounded reading's decoupling of a
        theft between two other seats, see ``PORT_TABLE_LIMIT``)."""
        base = self.lanes.port_shift + 4 * port
        lane = 15 << base
        out: dict[int, int] = {}
        get = out.get
        before = self.table
        for h, w in before.items():
            key = h & ~lane
            out[key] = get(key, 0) + w
        self.table = out
        self._step(("forget", base), before)

    def draw(self, card: int, size: int) -> None:
        """A chamber level of a chamber of ``size`` cards showed ``card`` in a face-up
        draw: one of the known cards (weight: how many of ``card`` the level holds) or one
        of the ``size - |level|`` places nobody has seen (weight: their number)."""
        step = self.units[card]
        shift = _LANE * card
        lanes = self.lanes
        out: dict[int, int] = {}
        get = out.get
        before = self.table
        for h, w in before.items():
            k = (h >> shift) & _MASK
            if k:
                key = h - step
                out[key] = get(key, 0) + w * k
            unseen = size - lanes.kappa(h)
            if unseen > 0:
                out[h] = get(h, 0) + w * unseen
        self.table = out
        self._step(("draw", card, size), before)

    def constrain(self, allowed: Callable[[list[int]], bool]) -> None:
        """Keep the compositions whose count vector satisfies ``allowed``."""
        unpack_ = self.lanes.unpack
        before = self.table
        self.table = {h: w for h, w in before.items() if allowed(unpack_(h))}
        self._step(("same",), before)

    def trace(self, key: int, rng: random.Random) -> dict[tuple[str, int], list[int]]:
        """Backward sampling: given the final entry ``key`` (composition and port lanes),
        draw the path through the recorded steps by the forward tables and return, per
        tag, the cards that entered at its steps (exact: each step back is drawn with
        probability proportional to the forward weight of its predecessor)."""
        out: dict[tuple[str, int], list[int]] = {}
        node = self.trail
        units = self.units
        lanes = self.lanes
        while node:
            node, step, before = node
            op = step[0]
            if op == "shift":
                key += step[1]
            elif op == "enter":
                options, weights = [], []
                for c in step[1]:
                    if (key >> (_LANE * c)) & _MASK:
                        prev = key - units[c]
                        w = before.get(prev, 0)
                        if w:
                            options.append((c, prev))
                            weights.append(w)
                c, key = options[_pick(weights, rng)]
                if step[2] is not None:
                    out.setdefault(step[2], []).append(c)
            elif op == "port":
                base, sign = step[1], step[2]
                c = ((key >> base) & 15) - 1
                key += sign * units[c] - ((c + 1) << base)
            elif op == "forget":  # which card the port carried, by the forward weights
                base = step[1]
                keys: list[int] = []  # (not ``options``: mypyc fixes a name's type)
                weights = []
                for c in range(len(units)):
                    prev = key + ((c + 1) << base)
                    w = before.get(prev, 0)
                    if w:
                        keys.append(prev)
                        weights.append(w)
                key = keys[_pick(weights, rng)]
            elif op == "draw":
                card, size = step[1], step[2]
                prev = key + units[card]
                from_known = before.get(prev, 0) * ((prev >> (_LANE * card)) & _MASK)
                from_unseen = before.get(key, 0) * (size - lanes.kappa(key))
                if _pick([from_known, from_unseen], rng) == 0:
                    key = prev
        return out


def _pick(weights: Sequence[int], rng: random.Random) -> int:
    """An index drawn with probability proportional to the integer ``weights``."""
    pick = rng.randrange(sum(weights))
    for i, w in enumerate(weights):
        pick -= w
        if pick < 0:
            return i
    raise InvalidStateError("no path explains what the seat has seen")


def _falling(n: int, k: int) -> int:
    """n (n-1) ... (n-k+1)."""
    out = 1
    for i in range(k):
        out *= n - i
    return out


class _HiddenTotals:
    """The coupling of the levels through the rest, in product form. ``pool``: every card
    hidden from the observer (levels and rest, packed; its kappa lane: the cards of the
    chambers that are levels); the rest has ``no_maps`` places that cannot hold a map
    (chambers and the reserve) besides the level chambers' unseen places, and ``maps_ok``
    that can (the dig site). When the levels hold ``s`` (packed), leaving ``r = pool - s``
    with ``u = pool_kappa - s_kappa`` unseen places in level chambers, the rest can be laid
    out in ``maps_ok! / (r_map! (maps_ok - r_map)!) * (no_maps + u + maps_ok - r_map)! /
    prod(r_c!, c not a map)`` ways: a constant times ``weight(s) = prod_c factor[c][s_c] *
    fact[no_maps + u + maps_ok - r_map]`` with ``factor[c][x]`` the falling factorial
    ``pool_c (pool_c - 1) ... (pool_c - x + 1)`` (for maps times the dig site's ``maps_ok!
    / (maps_ok - r_map)!``). Every factor is an integer."""

    def __init__(self, pool: int, no_maps: int, maps_ok: int, lanes: Lanes, map_card: int):
        counts = lanes.unpack(pool)
        self.lanes = lanes
        self.map = map_card
        self.fact = fact = [1] * (sum(counts) + 1)
        for i in range(1, len(fact)):
            fact[i] = fact[i - 1] * i
        self.factor = []
        for c in range(lanes.types):
            row = [_falling(counts[c], x) for x in range(counts[c] + 1)]
            if c == map_card:  # the rest's counts[c] - x maps go to the dig site's places
                row = [w * _falling(maps_ok, counts[c] - x) for x, w in enumerate(row)]
            self.factor.append(row)
        # fact index of the rest's non-map cards: base - u_held + map_held
        self.base = no_maps + lanes.kappa(pool) + maps_ok - counts[map_card]
        self.kappa_shift = lanes.kappa_shift

    def weight(self, held: int) -> int:
        """Proportional to the ways to lay out the rest when the levels hold ``held``."""
        w = 1
        factor = self.factor
        for c in range(len(factor)):
            x = (held >> (_LANE * c)) & _MASK
            row = factor[c]
            if x >= len(row):
                return 0
            w *= row[x]
            if not w:
                return 0
        index = self.base + ((held >> (_LANE * self.map)) & _MASK)
        if self.kappa_shift >= 0:
            index -= (held >> self.kappa_shift) & _MASK
        if not 0 <= index < len(self.fact):
            return 0
        return w * self.fact[index]


class Posterior:
    """The joint posterior of the hidden levels (hands of some seats, chamber levels) and
    the rest (see the module docstring), ready to sample. ``levels``: their
    :class:`HandDP` tables, in order; ``pool``: the packed composition of every card hidden
    from the observer (in those levels or the rest); ``no_maps``/``maps_ok``: the rest's
    places; ``ports``: the number of port lanes.

    With one level the draw is direct. With several, the exact draw is a recursion over
    the levels with the cards still left for the others (memoised); when that is large it
    draws each level from its own posterior against the whole pool (a product proposal
    that over-weights every joint outcome by at most the same bound) and accepts with the
    exact ratio, integer arithmetic throughout: a rejection step with zero bias, which
    falls back on the recursion when it accepts too rarely. The bound holds when at most
    one level's kappa lane varies (a level chamber whose known part may have several
    sizes): ``fact[base - u + m]`` is log-concave in the maps ``m`` held with the dig
    site's factor and log-supermodular in ``(-u, m)``, but not in two varying kappas, so
    with two such levels only the recursion is used.
    """

    #: The recursion is used when its work (products of table sizes) stays below this.
    EXACT_WORK = 60_000
    #: Rejections in a row after which the exact recursion takes over.
    PATIENCE = 200

    def __init__(self, hands: Sequence[dict[int, int]], pool: int, no_maps: int, maps_ok: int,
                 ports: int, lanes: Lanes | None = None, map_card: int = 6):
        self.hands = list(hands)
        self.pool = pool
        self.ports = ports
        self.lanes = lanes = lanes or Lanes(7)
        self.totals = _HiddenTotals(pool, no_maps, maps_ok, lanes, map_card)
        work = 1
        for table in self.hands:
            work *= max(1, len(table))
        self.relaxed: _Levels | None = None
        self.exact: _Levels | None = None
        varying = sum(1 for table in self.hands
                      if len({lanes.kappa(key) for key in table}) > 1)
        if len(self.hands) > 1 and work > self.EXACT_WORK and varying <= 1:
            # the cards every outcome gives a level (its floor) do not vary: the proposal
            # and the bound only see the rest of each level, against the pool left
            self.floors = [_floor(table, lanes) for table in self.hands]
            variable_pool = lanes.minus(pool, sum(self.floors))
            if variable_pool >= 0:
                totals = _HiddenTotals(variable_pool, no_maps, maps_ok, lanes, map_card)
                if totals.weight(0):
                    self.relaxed = _Levels(self.hands, ports, totals, self.floors, lanes,
                                           coupled=False)
                    self.total = self.relaxed.total  # callers only test it for 0
        if self.relaxed is None:
            self.exact = _Levels(self.hands, ports, self.totals, None, lanes, coupled=True,
                                 pool=pool)
            self.total = self.exact.total
        self.tries = self.accepted = 0

    def sample(self, rng: random.Random) -> tuple[list[int], int, int]:
        """One draw: (packed composition per level, port values (4-bit lanes), packed
        rest)."""
        minus = self.lanes.minus
        if self.relaxed is not None:
            totals = self.relaxed.totals
            for _ in range(self.PATIENCE):
                self.tries += 1
                hands, ports = self.relaxed.sample(rng)
                variable = [minus(h, f) for h, f in zip(hands, self.floors)]
                together = 0
                bound = 1
                for u in variable:
                    together += u
                    bound *= totals.weight(u)
                numerator = totals.weight(together) * totals.weight(0) ** (len(variable) - 1)
                if numerator and rng.randrange(bound) < numerator:
                    self.accepted += 1
                    held = sum(hands)
                    return hands, ports, minus(self.pool, held)
            # accepting too rarely: the exact recursion from now on (still exact: a draw
            # is accepted with the target law whenever it is accepted)
            self.relaxed = None
            self.exact = _Levels(self.hands, self.ports, self.totals, None, self.lanes,
                                 coupled=True, pool=self.pool)
            if not self.exact.total:
                raise InvalidStateError("no deal explains what the seat has seen")
        # (without the proposal, the exact recursion is there: set above or in __init__)
        hands, ports = cast(_Levels, self.exact).sample(rng)
        held = 0
        for h in hands:
            held += h
        return hands, ports, minus(self.pool, held)

    def port_lanes(self, level: int) -> int:
        """The port lanes (bits, from the port shift) level ``level`` carries."""
        return cast(_Levels, self.exact or self.relaxed).port_masks[level]


def _floor(table: dict[int, int], lanes: Lanes) -> int:
    """The per-lane minimum (types and kappa) of the compositions in ``table`` (packed)."""
    if not table:
        return 0
    keys = {key & lanes.counts_mask for key in table}  # port lanes aside
    shifts = [_LANE * c for c in range(lanes.types)]
    if lanes.kappa_shift >= 0:
        shifts.append(lanes.kappa_shift)
    low = 0
    for shift in shifts:
        low |= min((key >> shift) & _MASK for key in keys) << shift
    return low


class _Levels:
    """Sampling one composition per level (and the port values) level by level, each
    level's entries weighted by the levels below: coupled through the cards left (exact:
    the rest's ways at the bottom), or, ``coupled=False``, each entry weighted by its own
    product factor against the pool (the relaxed proposal) and coupled by ports only."""

    def __init__(self, hands: Sequence[dict[int, int]], ports: int, totals: _HiddenTotals,
                 floors: Sequence[int] | None, lanes: Lanes, *, coupled: bool, pool: int = 0
                 ) -> None:
        self.levels = len(hands)
        self.coupled = coupled
        self.totals = totals
        self.minus = lanes.minus
        self.port_masks = []
        self.entries: list[dict[int, list[tuple[int, int, int]]]] = []
        port_shift = lanes.port_shift
        counts_mask = lanes.counts_mask
        for i, table in enumerate(hands):
            used = 0
            for key in table:
                used |= key >> port_shift
            port_lanes = 0
            for port in range(ports):
                if used >> (4 * port) & 15:
                    port_lanes |= 15 << (4 * port)
            self.port_masks.append(port_lanes)
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
        minus = self.minus
        floor_of: Sequence[int] = floors if floors is not None else ()  # (uncoupled: given)
        for i, table in enumerate(hands):
            grouped: dict[int, list[tuple[int, int, int]]] = {}
            factors: dict[int, int] = {}  # per composition (entries differ in ports)
            for key, w in table.items():
                h = key & counts_mask
                if not coupled:
                    factor = factors.get(h)
                    if factor is None:
                        factor = factors[h] = totals.weight(minus(h, floor_of[i]))
                    w *= factor
                if w:
                    ports_of = key >> port_shift
                    grouped.setdefault(ports_of & self.fixed_at[i], []).append((h, ports_of, w))
            self.entries.append(grouped)
        self._z: dict[tuple[int, int, int], int] = {}
        self._choices: dict[tuple[int, int, int], tuple[list[Any], list[int]]] = {}
        self.pool = pool
        self.total = self._weight(0, pool, 0)

    def _weight(self, level: int, pool: int, ports: int) -> int:
        """Total weight of the levels from ``level`` on, with ``pool`` cards left for them
        and the rest (coupled), and the port values ``ports`` already chosen."""
        if level == self.levels:
            if not self.coupled:
                return 1
            return self.totals.weight(self.minus(self.pool, pool))
        key = (level, pool, ports & self.needed[level])
        found = self._z.get(key)
        if found is not None:
            return found
        total = 0
        coupled = self.coupled
        minus = self.minus
        # the top level's one key: its weights are the first draw's choices (``sample``),
        # kept rather than weighed again (a large hand's table is most of the work)
        top = level == 0
        options: list[tuple[int, int]] = []
        cumulative: list[int] = []
        for h, ports_of, w in self.entries[level].get(ports & self.fixed_at[level], ()):
            if coupled:
                left = minus(pool, h)
                if left < 0:
                    continue
            else:
                left = 0
            weight = w * self._weight(level + 1, left, ports | ports_of)
            if weight:
                total += weight
                if top:
                    options.append((h, ports_of))
                    cumulative.append(total)
        self._z[key] = total
        if top:
            self._choices[key] = (options, cumulative)
        return total

    def sample(self, rng: random.Random) -> tuple[list[int], int]:
        """One composition per level and the port values."""
        pool, ports = self.pool, 0
        hands = []
        coupled = self.coupled
        minus = self.minus
        for level in range(self.levels):
            key = (level, pool, ports & self.needed[level])
            found = self._choices.get(key)
            if found is None:
                options, cumulative = [], []
                acc = 0
                for h, ports_of, w in self.entries[level].get(ports & self.fixed_at[level], ()):
                    left = minus(pool, h) if coupled else 0
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
                pool = minus(pool, h)
            ports |= ports_of
        return hands, ports


# --- one observer's replay of the record ---------------------------------------------------

class _Replay:
    """The hand DPs of the other seats and the chamber levels, as one observer saw the
    record up to some event: ``dps`` (seat -> DP), ``levels`` (chamber -> DP), ``ports``
    (theft number -> port, for the thefts between two other seats), ``keep_ports``
    (secret number -> its ports, the cards a Tomb explorer kept from a level),
    ``tagged`` (secret number -> the seat whose DP traces its cards), ``thefts`` and
    ``secrets`` (how many of each were read), ``looked`` (per chamber, the seats that
    looked at it), ``current`` (the chamber being explored), ``next_port``, ``sizes`` (the
    chambers' sizes, public), ``forgotten`` and ``forgotten_keeps`` (the thefts and the
    Tomb keeps read without their cards' link, ``PORT_TABLE_LIMIT``)."""

    __slots__ = ("dps", "levels", "ports", "keep_ports", "tagged", "thefts", "secrets",
                 "looked", "current", "next_port", "sizes", "forgotten", "forgotten_keeps")
    dps: dict[int, "HandDP"]
    levels: dict[int, "HandDP"]
    ports: dict[int, int]
    keep_ports: dict[int, Any]
    tagged: dict[tuple[str, int], int]
    thefts: int
    secrets: int
    looked: list[int]
    current: int
    next_port: int
    sizes: list[int]
    forgotten: set[int]
    forgotten_keeps: set[int]

    def copy(self) -> "_Replay":
        other = _Replay.__new__(_Replay)
        other.dps = {p: dp.copy() for p, dp in self.dps.items()}
        other.levels = {i: dp.copy() for i, dp in self.levels.items()}
        other.ports = dict(self.ports)
        other.keep_ports = dict(self.keep_ports)
        other.tagged = dict(self.tagged)
        other.thefts = self.thefts
        other.secrets = self.secrets
        other.looked = list(self.looked)
        other.current = self.current
        other.next_port = self.next_port
        other.sizes = list(self.sizes)
        other.forgotten = set(self.forgotten)
        other.forgotten_keeps = set(self.forgotten_keeps)
        return other


#: Replays already run over a record, per (record, observer, rules, announced opening values:
#: the start of a replay reads them): a new decision of the
#: same game extends the last one's record, so the replay continues from there. Records
#: are matched by value (hash, then equality), so that the views of one game read one
#: after another (a review, a companion) continue each other's replay too: each public
#: event is read once.
_DP_CACHE: dict[tuple[Any, ...], tuple[Any, ...]] = {}
_DP_CACHE_SIZE = 8
_DP_LOOKBACK = 64


#: The bounded reading (issue 20): a hand table larger than this that carries the ports of
#: thefts between two other seats forgets the oldest of them (``HandDP.forget_port`` in
#: the thief's and the victim's tables) until it is no larger or carries none.
PORT_TABLE_LIMIT = 60_000
#: The bounded reading: at most this many ports live at once (the joint draw over the
#: levels enumerates their values together: up to the number of card types to this power).
LIVE_PORT_LIMIT = 3


def _bound_ports(r: "_Replay") -> None:
    """Keep every table of ``r`` within ``PORT_TABLE_LIMIT`` entries and the live ports
    within ``LIVE_PORT_LIMIT`` by forgetting ports, oldest first (each port multiplies the
    tables of both its seats by up to the number of card types, and the joint draw over the
    levels by as much, so a few thefts or keeps between other seats would grow both
    without bound)."""
    owner = {port: ("theft", theft) for theft, port in r.ports.items()
             if theft not in r.forgotten}
    for number, ports in r.keep_ports.items():
        if number not in r.forgotten_keeps:
            owner.update((port, ("keep", number)) for port in ports)
    tables = list(r.dps.values()) + list(r.levels.values())

    def forget(port: int) -> None:
        what, which = owner[port]
        ports = [r.ports[which]] if what == "theft" else r.keep_ports[which]
        for one in ports:  # a keep's ports go together
            del owner[one]
            for table in tables:
                if one in table.port_ids():
                    table.forget_port(one)
        (r.forgotten if what == "theft" else r.forgotten_keeps).add(which)

    while len(owner) > LIVE_PORT_LIMIT:
        forget(min(owner))
    for dp in tables:
        while len(dp.table) > PORT_TABLE_LIMIT:
            live = [port for port in dp.port_ids() if port in owner]
            if not live:
                break
            forget(min(live))


def _trade_steps_legal(rules: Rules, hand: list[int], take_value: int,
                       gives: Sequence[int]) -> bool:
    """Whether the takes (worth ``take_value``) and the gives announced so far were legal
    steps for a hand ``hand`` (the trader's cards before the trade)."""
    trade = rules.trade
    T = rules.treasures
    if take_value > sum(trade[c] * hand[c] for c in range(T)):
        return False
    given = [0] * T
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


def _has_value(rules: Rules, value: int, counts: Sequence[int]) -> bool:
    """Beginner's Luck: an opening hand of the announced trade ``value``."""
    return rules.hand_value(counts) == value


#: A position's other hand of more unknown cards than this has its table built at once
#: (``HandDP.enter_fresh``): the same law, its entries in another order, so the worlds a
#: seed draws differ; smaller hands, cheap one card at a time, keep the order (and the
#: hints) they had.
FRESH_AT = 12
#: The steps of a position's keeper read in order (``_replay_keeper``): cards given up in
#: view, a keep's cards, a card the view's seat stole from it.
_GAVE, _KEPT, _STOLEN = 0, 1, 2


def _lacks_none(lacks: int, counts: Sequence[int]) -> bool:
    """A position's hand: none of the types in the bit mask ``lacks``."""
    return not any(counts[c] for c in range(len(counts)) if lacks >> c & 1)


def _at_most(bound: Sequence[tuple[int, int]], counts: Sequence[int]) -> bool:
    """A position's hand: no more of each card than its stated ``at_most``, ``(card, n)``
    pairs."""
    return all(counts[c] <= n for c, n in bound)


def _lanes_of(rules: Rules) -> Lanes:
    return Lanes(rules.treasures, kappa=rules.monument is not None)


def bounded_reading_notes(thefts: int, keeps: int) -> list[str]:
    """The hint's notes on a bounded reading that decoupled ``thefts`` thefts between two
    other seats and ``keeps`` Tomb keeps (``HiddenInformation.reading_notes``)."""
    notes = []
    if thefts:
        notes.append(f"bounded reading: {plural(thefts, 'theft')} between two other seats "
                     f"{'was' if thefts == 1 else 'were'} read as a random card lost by the "
                     f"victim and an unseen card gained by the thief (not the same card), to "
                     f"keep the reading bounded ({LIVE_PORT_LIMIT} linked cards at most, "
                     f"tables within {PORT_TABLE_LIMIT:,} entries)")
    if keeps:
        notes.append(f"bounded reading: {plural(keeps, 'Tomb keep')} by another seat from a "
                     f"chamber this seat knew {'was' if keeps == 1 else 'were'} read as random "
                     f"cards leaving the chamber and unseen cards entering the keeper's hand "
                     f"(not the same cards), to keep the reading bounded ({LIVE_PORT_LIMIT} "
                     f"linked cards at most, tables within {PORT_TABLE_LIMIT:,} entries)")
    return notes


class HiddenInformation:
    """Mixin of ``ArchaeologyState``: the information-set key and the exact determinizer
    (see the module docstring). Reads the state's ``record``, ``steals``, ``secrets``,
    hands and public fields; ``_sampler`` caches one seat's :class:`Posterior` until the
    next move."""

    __slots__ = ()

    # The state's fields (documented on ``ArchaeologyState``, which holds them in its
    # ``__slots__``), declared here because this mixin reads them: the type checker and
    # mypyc (a compiled class has a fixed layout of declared attributes) need their types.
    rules: Rules
    num_players: int
    hands: list[int]
    hand_sizes: list[int]
    market: list[int]
    sold: list[int]
    money: list[int]
    sold_cards: list[int]
    piles: tuple[tuple[tuple[int, int], ...], ...]
    dig: list[int]
    chambers: list[tuple[int, ...] | None]  # None: explored for good
    chamber_seen: list[int]
    steal_rolls: list[int]
    thieves_drawn: int
    storms_drawn: int
    maps_removed: int
    record: Record
    steals: tuple[tuple[int, int, int], ...]
    secrets: tuple[tuple[Any, ...], ...]
    turn: int
    to_move: int
    phase: int
    victim: int
    storm_index: int
    storm_left: int
    storm_last: int
    storm_begun: bool
    trade_takes: Any
    trade_gives: Any
    last_take: int
    last_give_pos: int
    take_value: int
    give_value: int
    trades: int
    acted: bool
    sold_this_turn: bool
    explored: bool
    no_dig: bool
    first_passer: int
    must_sell: bool
    tents: list[int]
    protected: int
    reserve: list[int]
    refill_left: int
    draw_rolls: list[int]
    draws_used: int
    exploring: int
    drawn: tuple[int, ...]
    named: tuple[int, ...]
    announced: tuple[int, ...]
    _moves: list[Any] | None
    _sampler: tuple[int, bool, tuple[Posterior, list[int], list[int], _Replay]] | None

    def clone(self) -> Any:
        """A copy of the state (``ArchaeologyState.clone``; declared here for the checker:
        ``determinize`` starts from one)."""
        raise NotImplementedError

    def steal_cards_seen_by(self, seat: int) -> tuple[int, ...]:
        """The card of every theft so far, or -1 where ``seat`` was neither thief nor victim."""
        return tuple(card if seat == thief or seat == victim else -1
                     for thief, victim, card in self.steals)

    def secrets_seen_by(self, seat: int) -> tuple[Any, ...]:
        """The payload of every secret so far, or ``None`` where ``seat`` does not know it."""
        return tuple(entry[4:] if entry[1] >> seat & 1 else None for entry in self.secrets)

    def information_set_key(self, seat: int) -> Hashable:
        """What ``seat`` knows now: the public record and position, its hand, the cards of
        the thefts it took part in and its secrets."""
        players = self.num_players
        T = self.rules.treasures
        base = seat * T
        storm = ((self.to_move, self.storm_index, self.storm_left, self.storm_last,
                  self.storm_begun) if self.phase == P_STORM else None)
        trade = ((tuple(self.trade_takes), tuple(self.trade_gives), self.last_take,
                  self.last_give_pos) if self.trade_takes is not None else None)
        key = (
            seat, self.phase, self.turn, self.victim, storm, trade, self.trades,
            self.acted, self.sold_this_turn, self.no_dig, self.first_passer, self.must_sell,
            tuple(self.hands[base:base + T]), tuple(self.market),
            tuple(self.money), tuple(self.hand_sizes), len(self.dig), self.thieves_drawn,
            self.storms_drawn, tuple(c is None for c in self.chambers), players,
            self.record, self.steal_cards_seen_by(seat),
        )
        if self.rules.monument is None:
            return key
        public_chambers = self.rules.special == REFILL_ON_SANDSTORM
        view = (self.chambers[self.exploring]
                if self.phase == P_KEEP and self.turn == seat else None)
        return key + (
            tuple(self.tents), self.protected, self.storm_index if self.phase == P_TENT
            else -1, self.to_move, len(self.reserve), self.refill_left,
            tuple(c if public_chambers or c is None else len(c) for c in self.chambers),
            self.explored, self.exploring, self.drawn, self.named, self.draws_used,
            self.announced, self.secrets_seen_by(seat), view,
        )

    # -- the posterior ------------------------------------------------------------------

    def _start_replay(self, seat: int) -> _Replay:
        rules = self.rules
        lanes = _lanes_of(rules)
        caps = rules.counts[:rules.treasures]
        hand = rules.data.hand_size
        r = _Replay()
        r.dps = {}
        for p in range(self.num_players):
            if p != seat:
                dp = r.dps[p] = HandDP(caps, lanes, map_card=rules.map)
                dp.enter(hand, maps=False)
                if self.announced:  # Beginner's Luck: the opening hand had this value
                    value = self.announced[p]
                    dp.constrain(partial(_has_value, rules, value))
        r.levels = {}
        if rules.special in (BUST, NAME_TYPES):  # the drawing chambers are levels throughout
            for i in range(len(rules.chamber_sizes)):
                r.levels[i] = HandDP(caps, lanes, chamber=True, map_card=rules.map)
        r.ports, r.keep_ports, r.tagged = {}, {}, {}
        r.thefts = r.secrets = r.next_port = 0
        r.looked = [0] * len(rules.chamber_sizes)
        r.current = -1
        r.sizes = list(rules.chamber_sizes)
        r.forgotten = set()
        r.forgotten_keeps = set()
        return r

    def _replay(self, seat: int) -> _Replay:
        """The replay of the whole record as ``seat`` saw it (continued from the cache)."""
        rules = self.rules
        seen = self.steal_cards_seen_by(seat)
        secrets = self.secrets_seen_by(seat)
        node = self.record
        pending = []
        start = None
        for _ in range(_DP_LOOKBACK):
            found = _DP_CACHE.get((hash(node), seat, id(rules), self.announced))
            if (found is not None and found[0] == node and found[1] == seen[:found[3].thefts]
                    and found[2] == secrets[:found[3].secrets]):
                start = found
                break
            if node.prev is None:
                break
            pending.append(node.event)
            node = node.prev
        if start is None:
            pending = self.record.events()
            r = self._start_replay(seat)
        else:
            pending.reverse()
            r = start[3].copy()
        for event in pending:
            self._replay_event(r, event, seat, seen, secrets)
            _bound_ports(r)
        if len(_DP_CACHE) >= _DP_CACHE_SIZE:
            del _DP_CACHE[next(iter(_DP_CACHE))]
        _DP_CACHE[(hash(self.record), seat, id(rules), self.announced)] = (
            self.record, seen[:r.thefts], secrets[:r.secrets], r.copy())
        return r

    def _replay_position(self, r: _Replay, event: Any, seat: int) -> None:
        """A position view's facts (``R_POSITION``) as ``seat``'s replay: each other hand
        its unseen cards (any type it is not known to lack) plus the cards known in it,
        each chamber with known cards a chamber level; the deal's start is replaced."""
        _, owner, hands, chambers, looked, sizes, current, unseen, left = event[:9]
        at_most = event[9] if len(event) > 9 else ()  # (stated bounds: only where written)
        dug = event[10] if len(event) > 10 else ()  # (stated digs: only where written)
        if owner != seat:
            raise InvalidStateError(f"a position view tells seat {owner}'s knowledge only, "
                                    f"not seat {seat}'s")
        rules = self.rules
        lanes = _lanes_of(rules)
        caps = rules.counts[:rules.treasures]
        # the cards each keeper took of what the seat left in a chamber enter its hand by
        # ports from that chamber's level (below), not as unknown cards; a keeper whose
        # later give-ups are stated reads its hand in order (``_replay_keeper``)
        kept = [0] * len(hands)
        gave = [0] * len(hands)
        timed: set[int] = set()
        for entry in filter(None, left):
            for p, n, _ in entry[1]:
                kept[p] += n
            for p, cards, _, _ in entry[2]:
                gave[p] += sum(cards)
                timed.add(p)
        r.dps = {}
        for p, facts in enumerate(hands):
            if facts is None:
                continue
            size, holds, lacks = facts
            dp = r.dps[p] = HandDP(caps, lanes, map_card=rules.map)
            if p in timed:
                continue  # (below, once the ports are numbered)
            unknown = size - sum(holds) - kept[p]
            # of the unknown cards, those stated dug may be maps, the others are the deal's
            # (the rulebook deals no maps): first, as the history enters them
            dealt = unknown - min(dug[p], unknown) if p < len(dug) and dug[p] >= 0 else 0
            if unknown <= FRESH_AT:
                dp.enter(dealt, maps=False)
                dp.enter(unknown - dealt)
                if lacks:
                    dp.constrain(partial(_lacks_none, lacks))
            else:
                # at once, and only from the cards not in view (a lacked type from none): one
                # card at a time against the game's counts, a 34-card hand's table held
                # 415,308 compositions, most of them holding cards the seat sees (16 s)
                within = [0 if lacks >> c & 1 else n for c, n in enumerate(unseen)]
                if dealt:
                    within[rules.map] = 0
                dp.enter_fresh(dealt or unknown, within)
                if dealt:
                    dp.enter(unknown - dealt)
                    if lacks:
                        dp.constrain(partial(_lacks_none, lacks))
            for c, n in enumerate(holds):
                if n:
                    dp.enter_seen(c, n)
        r.levels = {}
        for i, known in enumerate(chambers):
            if known is not None or rules.special in (BUST, NAME_TYPES):
                level = r.levels[i] = HandDP(caps, lanes, chamber=True, map_card=rules.map)
                for c, n in enumerate(known or ()):
                    if n:
                        level.enter_seen(c, n)
        # per timed keeper, its steps since its first keep listed: (cards it got unseen
        # from the step on, kind: ``_GAVE``, ``_KEPT`` or ``_STOLEN``, what: a count
        # vector given up or stolen, or the ports kept)
        steps: dict[int, list[tuple[int, int, Any]]] = {p: [] for p in timed}
        for i, entry in enumerate(left):
            if entry is None:
                continue
            # what the seat left, then each keep since as the history reads it (``_replay_
            # keep``): random picks of the chamber's cards, ports into the keeper's hand
            level = r.levels[i] = HandDP(caps, lanes, chamber=True, map_card=rules.map)
            for c, n in enumerate(entry[0]):
                if n:
                    level.enter_seen(c, n)
            for p, n, got in entry[1]:
                ports = []
                for _ in range(n):
                    port = r.next_port
                    r.next_port += 1
                    level.lose_port(port)
                    ports.append(port)
                if p in timed:
                    steps[p].append((got + n, _KEPT, tuple(ports)))
                else:
                    for port in ports:
                        r.dps[p].gain_port(port)
            for p, cards, got, stolen in entry[2]:
                steps[p].append((got, _STOLEN if stolen else _GAVE, cards))
        for p in sorted(timed):
            size, holds, lacks = cast("tuple[int, tuple[int, ...], int]", hands[p])
            self._replay_keeper(r, p, steps[p], size - sum(holds) - kept[p] + gave[p],
                                kept[p], holds, lacks, unseen)
        for p, bound in enumerate(at_most):
            if bound:  # (the whole hand at the end: known, unknown and kept cards)
                r.dps[p].constrain(partial(_at_most, bound))
        r.looked = list(looked)
        r.sizes = list(sizes)
        r.current = current

    def _replay_keeper(self, r: _Replay, p: int, steps: list[tuple[int, int, Any]],
                       unknown: int, ports: int, holds: Sequence[int], lacks: int,
                       unseen: Sequence[int]) -> None:
        """A position's keeper whose give-ups since its keeps are stated (``chamber_left``):
        its hand read in the order the history reads it, which matters (a card given up
        was in the hand then, not among the cards it got since). ``steps``: ``(cards it got
        unseen from the step on, kind, what)`` in the order stated (a keep's ports, a count
        vector given up in view or stolen by the seat); the ``unknown`` cards it got unseen
        in all enter between them, the cards given up leave what it held then (``reveal``,
        its choice; a card the seat stole, ``lose_seen``, a random pick: beyond its
        ``holds``, which are entered last, each holding only cards it got in view after
        any give-up or theft of their type), its ``lacks`` hold for the hand at the end.
        A table past ``PORT_TABLE_LIMIT`` forgets the ports of its keeps so far (in it and
        the chamber levels), counted in ``forgotten_keeps`` as the history's bounded
        reading counts a keep: a large hand that got many cards after a keep multiplied its
        table by the kept cards' types (28 s for a 17-card hand)."""
        rules = self.rules
        dp = r.dps[p]
        live: list[tuple[int, ...]] = []  # the ports of each keep not forgotten

        def bound() -> None:
            if live and len(dp.table) > PORT_TABLE_LIMIT:
                for ports in live:
                    for port in ports:
                        dp.forget_port(port)
                        for level in r.levels.values():
                            if port in level.port_ids():
                                level.forget_port(port)
                    r.forgotten_keeps.add(-1 - ports[0])  # (a position has no secrets)
                live.clear()

        total = unknown + ports  # the hand's cards got unseen, kept ones included
        # (stable: a give-up or a theft before a keep that starts where it is, and the
        # give-ups and thefts between two cards got in the order stated)
        steps.sort(key=lambda step: (-step[0], step[1] == _KEPT))
        for got, kind, what in steps:
            if total < got:  # (``read_position`` refuses such a position)
                raise InvalidStateError("a keeper's stated give-ups and keeps leave fewer "
                                        "cards got unseen than they name")
            if total > got:
                if dp.table == {0: 1} and total - got > FRESH_AT:
                    given = [0] * rules.treasures  # (a card given up was not in view then)
                    for _, k, w in steps:
                        for c, n in enumerate(w if k != _KEPT else ()):
                            given[c] += n
                    dp.enter_fresh(total - got, [(0 if lacks >> c & 1 else n) + given[c]
                                                 for c, n in enumerate(unseen)])
                else:
                    for _ in range(total - got):
                        dp.enter()
                        bound()
                total = got
            if kind == _KEPT:
                for port in what:
                    dp.gain_port(port)
                live.append(what)
                bound()
                total -= len(what)
            elif kind == _STOLEN:
                for c, n in enumerate(what):
                    for _ in range(n):
                        dp.lose_seen(c)
            else:
                for c, n in enumerate(what):
                    if n:
                        dp.reveal(c, n)
        for _ in range(total):
            dp.enter()
            bound()
        if lacks:
            dp.constrain(partial(_lacks_none, lacks))
        for c, n in enumerate(holds):
            if n:
                dp.enter_seen(c, n)

    def _replay_event(self, r: _Replay, event: Any, seat: int, seen: Sequence[int],
                      secrets: Sequence[Any]) -> None:
        """One record event into ``seat``'s replay ``r`` (see the module docstring)."""
        rules = self.rules
        kind, actor = event[0], event[1]
        if kind == R_POSITION:
            self._replay_position(r, event, seat)
            return
        if kind == R_STEAL:
            victim = event[2]
            card = seen[r.thefts]
            if actor == seat:
                r.dps[victim].lose_seen(card)
            elif victim == seat:
                r.dps[actor].enter_seen(card)
            else:
                port = r.ports[r.thefts] = r.next_port
                r.next_port += 1
                r.dps[victim].lose_port(port)
                r.dps[actor].gain_port(port)
            r.thefts += 1
            return
        if kind == R_REFILL:
            r.sizes[actor] += 1  # a public card into a face-up chamber (actor: the chamber)
            return
        if kind == R_TENT or kind == R_NAME:
            return
        if kind == R_LOOK:
            chamber = event[2]
            secret = secrets[r.secrets]
            r.secrets += 1
            if actor == seat and chamber not in r.levels:
                level = r.levels[chamber] = HandDP(rules.counts[:rules.treasures],
                                                   _lanes_of(rules), chamber=True,
                                                   map_card=rules.map)
                for c in secret[0]:
                    level.enter_seen(c)
            r.looked[chamber] |= 1 << actor
            return
        if kind == R_REVEAL:
            r.levels[r.current].draw(event[2], r.sizes[r.current])
            r.sizes[r.current] -= 1
            return
        if kind == R_RETURN:
            level = r.levels[r.current]
            for c, n in enumerate(event[2]):
                if n:
                    level.enter_seen(c, n)
            r.sizes[r.current] += sum(event[2])
            return
        if kind == R_KEEP:
            self._replay_keep(r, event, seat, secrets)
            return
        if kind == R_EXPLORE:
            chamber = event[2]
            r.current = chamber
            if actor != seat:
                r.dps[actor].reveal(rules.map, rules.chamber_maps[chamber])
            if rules.special not in TAKE_ALL:
                return
            if r.looked[chamber] & ~(1 << actor):  # the explore comes with an S_TAKE secret
                r.secrets += 1
            looked = r.levels.pop(chamber, None)
            r.sizes[chamber] = 0
            if actor == seat:
                return
            dp = r.dps[actor]  # (the observer has no hand DP of its own)
            if looked is not None:  # the observer looked: it knows the cards
                (known,) = looked.table
                for c, n in enumerate(looked.lanes.unpack(known)):
                    if n:
                        dp.enter_seen(c, n)
            elif r.looked[chamber]:  # somebody else knows these cards: trace them
                r.tagged[("chamber", chamber)] = actor
                dp.enter(rules.chamber_sizes[chamber], maps=False, tag=("chamber", chamber))
            else:
                dp.enter(rules.chamber_sizes[chamber], maps=False)
            return
        if actor == seat:
            return
        dp = r.dps[actor]
        if kind == R_DIG:
            dp.enter()
        elif kind == R_TRADE:
            gives, takes = event[2], event[3]
            for c, n in enumerate(gives):
                if n:
                    dp.reveal(c, n)
            for c, n in enumerate(takes):
                if n:
                    dp.enter_seen(c, n)
        elif kind == R_DISCARD:
            dp.reveal(event[2])
        elif kind == R_SELL:
            dp.reveal(event[2], event[3])
        elif kind == R_TAKE:
            for c, n in enumerate(event[2]):
                if n:
                    dp.enter_seen(c, n)

    def _replay_keep(self, r: _Replay, event: Any, seat: int, secrets: Sequence[Any]
                     ) -> None:
        """A Tomb explorer kept ``n`` cards of a chamber and returned the rest face down."""
        rules = self.rules
        _, actor, chamber, n = event
        number = r.secrets
        secret = secrets[number]
        r.secrets += 1
        r.sizes[chamber] -= n
        level = r.levels.get(chamber)
        if actor == seat:
            seen, kept = secret
            if level is None:
                level = r.levels[chamber] = HandDP(rules.counts[:rules.treasures],
                                                   _lanes_of(rules), chamber=True,
                                                   map_card=rules.map)
                for c in seen:
                    level.enter_seen(c)
            else:  # the observer looked again: the chamber holds exactly what it saw
                target = _count_list(seen, rules.treasures)
                level.constrain(lambda counts: counts == target)
            for c in kept:
                level.reveal(c)
            return
        if level is not None:  # the observer knows the chamber: the kept cards are ports
            ports = []
            for _ in range(n):
                port = r.next_port
                r.next_port += 1
                level.lose_port(port)  # an unseen choice: modelled as a random pick
                r.dps[actor].gain_port(port)
                ports.append(port)
            r.keep_ports[number] = tuple(ports)
        else:
            r.tagged[("keep", number)] = actor
            r.dps[actor].enter(n, maps=False, tag=("keep", number))

    def _posterior(self, seat: int, given_hands: bool = False
                   ) -> tuple[Posterior, list[int], list[int], _Replay]:
        """``seat``'s posterior (cached until the next move); ``given_hands``: restricted to
        the worlds whose other hands are this state's (:meth:`determinize_given_hands`)."""
        cached = self._sampler
        if cached is not None and cached[0] == seat and cached[1] == given_hands:
            return cached[2]
        rules = self.rules
        T = rules.treasures
        r = self._replay(seat)
        dps = r.dps
        # moves in progress: the mover's hand must have allowed every announced step
        if self.phase == P_ACTION and self.trade_takes is not None and self.turn != seat:
            takes_value = self.take_value
            gives = list(self.trade_gives)
            dps[self.turn].constrain(
                lambda hand: _trade_steps_legal(rules, hand, takes_value, gives))
        if self.phase == P_STORM and self.to_move != seat:
            last, left = self.storm_last, self.storm_left
            dps[self.to_move].constrain(lambda hand: sum(hand[last:]) >= left)
        if self.phase == P_KEEP and self.turn == seat:  # the keeper sees the chamber
            # (the chamber being explored is in play: not ``None``)
            contents = cast("tuple[int, ...]", self.chambers[self.exploring])
            level = r.levels.get(self.exploring)
            if level is None:
                level = r.levels[self.exploring] = HandDP(
                    rules.counts[:T], _lanes_of(rules), chamber=True, map_card=rules.map)
                for c in contents:
                    level.enter_seen(c)
            else:
                target = _count_list(contents, T)
                level.constrain(lambda counts: counts == target)
        public = rules.special == REFILL_ON_SANDSTORM
        base = seat * T
        pool = []
        for c in range(T):
            n = rules.counts[c] - self.market[c] - self.hands[base + c]
            for p in range(self.num_players):
                n -= self.sold[p * T + c]
            pool.append(n)
        pool[rules.map] -= self.maps_removed
        for c in self.drawn:
            pool[c] -= 1
        if public:
            for in_play in self.chambers:  # (not ``contents``: mypyc fixes a name's type)
                for c in in_play or ():
                    pool[c] -= 1
        if min(pool) < 0:
            card = rules.cards.names[min(range(T), key=pool.__getitem__)]
            raise InvalidStateError(f"seat {seat} sees more {card} cards than the game has")
        chamber_ids = sorted(r.levels)
        kappa = sum(len(self.chambers[i] or ()) for i in chamber_ids)
        no_maps = len(self.reserve) + sum(
            len(contents) for i, contents in enumerate(self.chambers)
            if contents is not None and not public and i not in r.levels)
        maps_ok = (len(self.dig) - (rules.counts[rules.thief] - self.thieves_drawn)
                   - (rules.counts[rules.sandstorm] - self.storms_drawn))
        others = sorted(dps)
        lanes = _lanes_of(rules)
        tables = [dps[p].table for p in others]
        if given_hands:
            # Conditioning, not rejection: a joint outcome's weight is the product of its
            # levels' weights times the rest's ways (``Posterior``), so the worlds with
            # these hands are drawn exactly by keeping, in each hand's table, the entries
            # of its composition (they may still differ in port lanes: the cards of the
            # thefts between two other seats stay unknown).
            mask = lanes.counts_mask
            for index, p in enumerate(others):
                truth = lanes.pack(self.hands[p * T:(p + 1) * T])
                tables[index] = {key: w for key, w in tables[index].items()
                                 if key & mask == truth}
        posterior = Posterior(tables + [r.levels[i].table for i in chamber_ids],
                              lanes.pack(pool, kappa), no_maps, max(0, maps_ok), r.next_port,
                              lanes, rules.map)
        if maps_ok < 0 or posterior.total == 0:
            raise InvalidStateError(
                f"no deal explains what seat {seat} has seen (the hands, the record and "
                f"the cards left do not fit together)"
                + (" with the other hands as they are" if given_hands else ""))
        # (the slot is ArchaeologyState's; mypy only sees this mixin's empty __slots__)
        self._sampler = (seat, given_hands,  # type: ignore[misc]
                         (posterior, others, chamber_ids, r))
        return self._sampler[2]

    def reading_notes(self, seat: int) -> list[str]:
        """What the hint must say about how ``seat``'s reading of the hidden cards was
        made: the thefts the bounded reading decoupled (module docstring), if any."""
        r = self._posterior(seat)[3]
        return bounded_reading_notes(len(r.forgotten), len(r.forgotten_keeps))

    def determinize(self, seat: int, rng: random.Random) -> Any:
        """A world drawn exactly from those ``seat`` cannot rule out (module docstring)."""
        return self._determinize(seat, rng, False)

    def determinize_given_hands(self, seat: int, rng: random.Random) -> Any:
        """A world drawn exactly from those ``seat`` cannot rule out *and whose other hands
        are this state's*: the exact posterior conditioned on the other seats' hands, so
        everything else ``seat`` has not seen (the dig site and its order, the chambers,
        the reserve, the cards of thefts between two other seats, the other seats'
        secrets) is drawn as :meth:`determinize` would draw it given those hands. Only
        meaningful on the true world (an arena's state, not a view's): the search that
        sees the other hands but not the deck, the most an inference of the hands from
        the opponents' play could give (``benchmarks/strength_bench``)."""
        return self._determinize(seat, rng, True)

    def _determinize(self, seat: int, rng: random.Random, given_hands: bool) -> Any:
        posterior, others, chamber_ids, r = self._posterior(seat, given_hands)
        levels, port_values, rest = posterior.sample(rng)
        rules = self.rules
        T = rules.treasures
        lanes = posterior.lanes
        world = self.clone()
        world._moves = None
        world._sampler = None
        for p, h in zip(others, levels):
            world.hands[p * T:(p + 1) * T] = lanes.unpack(h)
        known = {i: lanes.unpack(h) for i, h in zip(chamber_ids, levels[len(others):])}
        if r.ports:
            steals = list(world.steals)
            for theft, port in r.ports.items():
                thief, victim, _ = steals[theft]
                if theft in r.forgotten:
                    card = _forgotten_card(world, thief, victim, rng)
                else:
                    card = ((port_values >> (4 * port)) & 15) - 1
                steals[theft] = (thief, victim, card)
            world.steals = tuple(steals)
        counts = lanes.unpack(rest)
        cards = [c for c in range(T) if c != rules.map for _ in range(counts[c])]
        shuffle(cards, rng)
        pos = 0
        if rules.special != REFILL_ON_SANDSTORM:
            chambers = world.chambers
            for i, contents in enumerate(chambers):
                if contents is None:
                    continue
                inside = [c for c, n in enumerate(known[i]) for _ in range(n)] if i in known \
                    else []
                unseen = len(contents) - len(inside)
                chambers[i] = tuple(sorted(inside + cards[pos:pos + unseen]))
                pos += unseen
        if world.reserve:
            world.reserve = cards[pos:pos + len(world.reserve)]
            pos += len(world.reserve)
        dig = cards[pos:] + [rules.map] * counts[rules.map]
        dig += [rules.thief] * (rules.counts[rules.thief] - self.thieves_drawn)
        dig += [rules.sandstorm] * (rules.counts[rules.sandstorm] - self.storms_drawn)
        shuffle(dig, rng)
        world.dig = dig
        used = self.thieves_drawn - (1 if self.phase in (P_STEAL, P_STOLEN) else 0)
        world.steal_rolls = [0] * used + [rng.getrandbits(30)
                                          for _ in range(rules.counts[rules.thief] - used)]
        if rules.draw_rolls:
            world.draw_rolls = [0] * self.draws_used + [
                rng.getrandbits(30) for _ in range(rules.draw_rolls - self.draws_used)]
        if any(not entry[1] >> seat & 1 for entry in self.secrets):
            world.secrets = self._secrets_of(world, seat, posterior, levels, port_values, r,
                                             rng)
        return world

    def _secrets_of(self, world: HiddenInformation, seat: int, posterior: Posterior,
                    levels: list[int], port_values: int, r: _Replay, rng: random.Random
                    ) -> tuple[Any, ...]:
        """The other seats' secrets as the sampled ``world`` has them: a look at a chamber
        in place shows its cards; cards taken or kept are traced back through the taker's
        hand DP (``HandDP.trace``) or read from the ports; a Tomb explorer's view is what
        it kept plus what the chamber held after it (module docstring)."""
        lanes = posterior.lanes
        shift = lanes.port_shift
        traced: dict[tuple[str, int], list[int]] = {}
        for index, p in enumerate(sorted(r.dps)):
            dp = r.dps[p]
            if dp.trail is not None:
                key = levels[index] | ((port_values & posterior.port_lanes(index)) << shift)
                traced.update(dp.trace(key, rng))
        secrets = list(self.secrets)
        # the cards of each taken-whole chamber (Temple), from what the seat saw or traced
        taken: dict[int, tuple[int, ...]] = {}
        for entry in secrets:
            if entry[0] in (S_LOOK, S_TAKE) and entry[1] >> seat & 1:
                taken.setdefault(entry[3], entry[4])
        for (what, which), cards in traced.items():
            if what == "chamber":
                taken[which] = tuple(sorted(cards))
        kept: dict[int, tuple[int, ...]] = {}
        for number, entry in enumerate(secrets):
            if entry[0] != S_KEEP:
                continue
            if entry[1] >> seat & 1:
                kept[number] = entry[5]
            elif number in r.forgotten_keeps:
                kept[number] = _forgotten_keep(world, entry[2], entry[3],
                                               len(r.keep_ports[number]), rng)
            elif number in r.keep_ports:
                kept[number] = tuple(sorted(((port_values >> (4 * port)) & 15) - 1
                                            for port in r.keep_ports[number]))
            else:
                kept[number] = tuple(sorted(traced[("keep", number)]))
        # a Tomb chamber before each keep: what it holds now plus every later keep
        after = {i: list(contents or ()) for i, contents in enumerate(world.chambers)}
        for number in range(len(secrets) - 1, -1, -1):
            entry = secrets[number]
            if entry[0] != S_KEEP:
                continue
            chamber = entry[3]
            before = tuple(sorted(after[chamber] + list(kept[number])))
            if not entry[1] >> seat & 1:
                secrets[number] = entry[:4] + (before, kept[number])
            after[chamber] = list(before)
        for number, entry in enumerate(secrets):
            if entry[0] in (S_LOOK, S_TAKE) and not entry[1] >> seat & 1:
                chamber = entry[3]
                shown = world.chambers[chamber]
                secrets[number] = entry[:4] + (shown if shown is not None else taken[chamber],)
        return tuple(secrets)


def _forgotten_card(world: HiddenInformation, thief: int, victim: int, rng: random.Random
                    ) -> int:
    """The card of a theft the bounded reading decoupled (``PORT_TABLE_LIMIT``), as the
    sampled world tells it to the thief and the victim: a random card of the thief's
    sampled hand (else of the victim's, else a pot shard). It only names the theft in
    those two seats' information sets inside the searched world; every hand is sampled
    without it."""
    T = world.rules.treasures
    for seat in (thief, victim):
        hand = world.hands[seat * T:(seat + 1) * T]
        if any(hand):
            return _pick(hand, rng)
    return 0


def _forgotten_keep(world: HiddenInformation, keeper: int, chamber: int, n: int,
                    rng: random.Random) -> tuple[int, ...]:
    """The cards of a Tomb keep the bounded reading decoupled (``PORT_TABLE_LIMIT``), as
    the sampled world tells them to the keeper: ``n`` cards drawn from its sampled hand
    (then from the chamber, then pot shards). Like ``_forgotten_card`` it only names the
    keep in that seat's information set; every hand and chamber is sampled without it."""
    T = world.rules.treasures
    pool = [c for c in range(T) for _ in range(world.hands[keeper * T + c])]
    shuffle(pool, rng)
    rest = list(world.chambers[chamber] or ())
    shuffle(rest, rng)
    return tuple(sorted((pool + rest + [0] * n)[:n]))


def _count_list(cards: Sequence[int], types: int) -> list[int]:
    """A tuple of card ids as a count list."""
    out = [0] * types
    for c in cards:
        out[c] += 1
    return out
