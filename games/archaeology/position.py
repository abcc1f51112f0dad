"""Position views of both Archaeology editions (issue 19): what a seat knows *now*, written
down without the history, and the reading of it (``views`` of ``games.archaeology`` and
``games.expedition`` document the format; ``hidden`` samples it).

A position replaces the history by its result: every seat's hand size, money and sold
sets, the cards the view's seat knows are in another hand (``holds``) and the types of
which it knows that hand holds no more (``lacks``), the chambers (and, in the New Expedition, the cards the seat knows are in a
face-down chamber, who knows each chamber, the maps spent). The state read from it has a
record whose first event is ``hidden.R_POSITION`` with those facts; the reading of the
view's seat starts from them (each other hand: its known cards plus unseen cards of any
type it is not known to lack; each chamber with known cards a chamber level) and lays the
rest out as the deal would: every consistent world, weighted by the number of ways the
shuffle makes it (``tests/games/test_position_views.py`` proves it against enumeration).

The deal holds no maps (the rulebook shuffles the maps, sandstorms and thieves into the
deck after it): a hand holds no more maps than the cards it took unseen where maps could
be (its digs, its thefts of a hand that may hold one), less the maps it was seen to spend.
``lacks`` says it only where that is none; ``at_most`` (per other seat, ``{"map": k}``: at
most ``k`` in the hand, known ones included) says it where it is fewer than the hand's
unknown cards, and the reader keeps only the worlds within it (``hidden``: a constraint of
the hand's table once its known and kept cards are in). Without it a world read from the
position put more maps in such a hand than the history allows (seed 23's 3-player record,
seat 0 at decision 4: 5 of 100 worlds; on the small deck's 2- and 3-player positions of
``test_position_views``, 54 and 59 of 300 outside the history's enumerated support), none
with it. ``position_facts`` writes it only where it binds (other positions are written as
before); the reader takes any card type. A bound keeps the worlds in the history's support,
not its law: it read each unknown card of the hand as possibly a map, where the history
knows which of them were dealt (no map) and which dug. ``dug`` (per other seat, ``k``: of
the hand's unknown cards, ``k`` entered where a map could be, the rest are the deal's and
never maps; no more than its unknown cards) says which: the reader enters the dealt ones
first as cards that are no map, then ``k`` of any type (``hidden``), so a hand of 4 that dug
2 holds a map as 2 cards of the dig site would. ``position_facts`` writes it beside
``at_most`` wherever that is written (``k``: the bound less the maps known in the hand), so
the other positions are written as before; a position stating ``at_most`` alone (written
before ``dug``) reads as it did. Not for a keeper whose give-ups ``chamber_left`` states
(its hand is read in their order; refused naming ``seats[p].dug``, and written with
``at_most`` alone). A history view may state it no lower than its history's count. Where a
history adds only the other seats' digs, the position's law is then the history's
(``test_position_views``, enumerated); where the seat also saw cards given up (a sale, a
theft), the history weighs which were dug and the position does not (seed 23's 3-player
record, seat 0 at decision 6, 400 worlds each: seat 2, which dug 2 and sold, holds 0.61
maps on average read with ``at_most`` alone, 0.30 with ``dug``, 0.32 from the history;
seat 1, from which seat 0 stole a pot shard, 0.41, 0.36 and 0.23).

What a history would add and a position does not say is not used: which cards a seat was
seen to give up (a seat that sold three coins it was not seen to receive is less likely to
hold more), the order of events. ``position_facts`` writes the facts a real state's
history gives the seat for sure: the cards it saw enter another hand and not certainly
leave it since, the chambers it looked into less what may have left them.

A seat that kept from a Tomb chamber before another seat did knows the chamber holds some
of the cards it left there and nothing else (its history's reading holds the chamber to
them, the keepers' hands to the rest), where ``chamber_cards`` states only the cards surely
still in it (a type it left more than 2 of). Without more, a world read from the position
put there a card the history rules out (the 2-player table of ``deal expedition --seed 12
--monument tomb``, seat 0 having kept 2 of chamber A's 7 cards and seat 1 2 of the 5
left: 699 of 1000 worlds read from seat 0's position put in A a card seat 0 did not leave
there, a talisman or a second parchment scrap, none of 1000 read from its history). The
New Expedition's ``chamber_left`` says it: the cards left and the keeps since, read as the
history reads a keep (the chamber a level of those cards, each kept card a port into the
keeper's hand). A keeper that gave up cards since (a sale, a trade, a sandstorm discard:
in view of all) may have given up a kept one; then ``chamber_left`` also states its
give-ups beyond the cards it surely held and, for them and each of its keeps, the cards it
got unseen since, so the reading replays its hand in the history's order (on the same
deal, seat 1 selling after both keeps: 879 of 1000 worlds put in A a card seat 0 did not
leave there without it, none with it; 817 and none after a sandstorm discard, seed 14).
A card the seat stole from a keeper is stated the same way (a random pick of its hand:
783 of 1000 worlds over 5 such 2-player tables put in A a card seat 0 did not leave there
without it, none with it), when the keeper surely held no card of that type in view (else
the pick weighs cards a position enters last: that chamber is written as before). Another
seat's theft from a keeper is seen by the thief and the victim alone: a position does not
say which hand took the card, so that chamber is written as before, with the gap above.
"""

from __future__ import annotations

import random
from typing import Any, Iterable, Sequence, TypeVar, cast

from games.errors import InvalidStateError
from games.reader import Node, read_counts, read_names
from games.table import plural

from .hidden import (EMPTY_RECORD, R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_LOOK, R_POSITION, R_RETURN,
                     R_REVEAL, R_SELL, R_STEAL, R_TAKE, R_TRADE, _secret_events)
from .rules import REFILL_ON_SANDSTORM, TAKE_ALL, Rules, absent_words
from .state import ArchaeologyState

__all__ = ["POSITION_KEYS", "POSITION_NOTE", "ChamberLeft", "position_facts", "read_position",
           "check_agreement", "view_form", "sample_world"]

#: A record event (``hidden``): its kind and seat, then ints, count vectors and the
#: position's facts.
_Event = tuple[Any, ...]
#: What a position states of another seat's hand: its size, the cards it surely holds (a
#: count vector) and the types it surely lacks (a bit mask); ``None`` for the view's seat.
_Hand = tuple[int, tuple[int, ...], int] | None
#: What a position states of a Tomb chamber the view's seat kept from before other seats
#: did (``chamber_left``): the counts of the cards it left there, the keeps since, each
#: ``(seat, cards kept, cards it got unseen since or -1: not stated)``, and the keepers'
#: give-ups since, each ``(seat, counts given up beyond its holds, cards got unseen since,
#: stolen)``; ``stolen``: a card the view's seat stole from it (one it surely did not hold
#: in view), else cards it gave up in view.
ChamberLeft = tuple[tuple[int, ...], tuple[tuple[int, int, int], ...],
                    tuple[tuple[int, tuple[int, ...], int, bool], ...]]

#: Either edition's state (The New Expedition's derives from the 2007 game's).
StateT = TypeVar("StateT", bound=ArchaeologyState)

#: What a hint read from a position says about it (issue 19).
POSITION_NOTE = ("position view: read from the position as written; what a history would "
                 "add was not used (which cards a seat was seen to give up, sell or trade "
                 "away, and is so less likely to hold more of)")

#: The keys a position states beyond what both forms share (the 2007 game's ``chambers``
#: too; the New Expedition's ``chambers`` belongs to both of its forms).
POSITION_KEYS = ("seats", "maps_spent", "chamber_cards", "chambers_seen", "chamber_left")


def view_form(view: object) -> str:
    """``"history"`` when the view has a ``history`` (the most exact form; any position keys
    beside it must agree with it), else ``"position"`` when it has ``seats``, else
    ``"history"`` (an empty history: the deal's own position)."""
    if isinstance(view, dict) and "history" not in view and "seats" in view:
        return "position"
    return "history"


def without_history(node: Node, game: str, refusal: InvalidStateError) -> InvalidStateError:
    """``refusal`` of a view without ``history`` read in the history form (no ``seats``):
    as the deal's own position, an empty history. A player who took a view's history out
    to write the position down was told of a history it no longer has ("history: does not
    lead from a marketplace of the deal's 5 cards"); it is told what a position needs."""
    if node.has("history"):
        return refusal
    reason = str(refusal).removeprefix("view: ")
    # (the reason names the history it does not have: said only when it names another key)
    why = "" if reason.startswith("history") else f" ({reason})"
    return InvalidStateError(
        f"view: without 'history' (or 'seats') a view is the deal's own position, before "
        f"any move, which this is not{why}: a position written down without its history "
        f"needs 'chambers' and 'seats' too (`digsite view RECORD.json --at N --position`, "
        f"`digsite example {game} --position`)")


def sample_world(node: Node, s: StateT, seat: int, rng: random.Random, form: str) -> StateT:
    """``s.determinize(seat, rng)``; a position whose facts pass every check one by one
    but no deal explains together (two hands lacking all but one type, each needing most
    of its unseen copies) is refused naming ``seats``, not in the sampler's words."""
    try:
        world: StateT = s.determinize(seat, rng)
    except InvalidStateError:
        if form != "position":
            raise
        node.fail("no deal explains the position: the other hands (their sizes, holds and "
                  "lacks), the chambers and the cards left do not fit together", "seats")
    return world


# --- what a real state's history tells a seat for sure ---------------------------------------

class _Known:
    """The certain knowledge of one seat along a record: per other seat the cards it surely
    holds, per chamber the cards surely in it (``None``: nothing known)."""

    def __init__(self, state: ArchaeologyState, seat: int) -> None:
        rules = state.rules
        self.rules, self.seat = rules, seat
        self.T = T = rules.treasures
        self.holds = [[0] * T for _ in range(state.num_players)]
        # per seat, how many maps its hand may hold at most (a dealt hand holds none)
        self.maps = [0] * state.num_players
        self.chambers: list[list[int] | None] = [None] * len(rules.chamber_sizes)
        # per Tomb chamber: what the seat left at its last keep and the keeps since
        # (``[seat, n, got]``: ``got`` counts the keeper's cards got unseen up to the keep's
        # end, ``None`` if not known), while no card those keeps took can have left the
        # keeper's hand unseen by the seat (``None`` once a keeper was stolen from, or the
        # seat has not kept)
        self.left: list[tuple[list[int], list[list[Any]]] | None] = \
            [None] * len(rules.chamber_sizes)
        # per seat: the cards it got unseen so far (digs, keeps, thefts from a third
        # seat), and its give-ups in view beyond the cards it surely held, each ``(counts,
        # got then, stolen: the seat stole the card)``: ``chamber_left`` places them among
        # its keeps
        self.got = [0] * state.num_players
        self.gave: list[list[tuple[list[int], int, bool]]] = \
            [[] for _ in range(state.num_players)]
        self.current = -1

    def lose(self, p: int, c: int) -> None:
        """The seat stole a card of type ``c`` (no map) from seat ``p``: maybe a known one,
        maybe one it kept (``_keeper_lost``)."""
        self.holds[p][c] = max(0, self.holds[p][c] - 1)
        self._keeper_lost(p)

    def give(self, p: int, counts: Sequence[int]) -> None:
        """Seat ``p`` gave up ``counts`` in view (a sale, a trade, a discard, maps spent
        exploring): a card of a type beyond its known ones was one of those it got unseen,
        kept ones included (``chamber_left`` states it)."""
        beyond = [max(0, n - self.holds[p][c]) for c, n in enumerate(counts)]
        if any(beyond):
            self.gave[p].append((beyond, self.got[p], False))
        for c, n in enumerate(counts):
            self.holds[p][c] = max(0, self.holds[p][c] - n)
        self.maps[p] = max(0, self.maps[p] - counts[self.rules.map])

    def lose_any(self, p: int, n: int = 1) -> None:
        """``n`` unseen cards left seat ``p``'s hand: any known type may have lost them."""
        self.holds[p] = [max(0, k - n) for k in self.holds[p]]
        self._keeper_lost(p)

    def _keeper_lost(self, p: int) -> None:
        """A card was stolen from seat ``p``, maybe one it kept from a chamber the seat
        left cards in: a random card the seat may not have seen (a position does not say
        which hand took it), so ``chamber_left`` is not written for that chamber."""
        for i, left in enumerate(self.left):
            if left is not None and any(e[0] == p for e in left[1]):
                self.left[i] = None

    def gain(self, p: int, counts: Sequence[int]) -> None:
        for c, n in enumerate(counts):
            self.holds[p][c] += n
        self.maps[p] += counts[self.rules.map]

    def counts(self, cards: Iterable[int]) -> list[int]:
        out = [0] * self.T
        for c in cards:
            out[c] += 1
        return out

    def event(self, event: _Event, card: int, secret: Sequence[Any] | None) -> None:
        """One record event (``card``: a theft's card as the seat saw it, -1 unseen;
        ``secret``: the payload of its secret when the seat knows it)."""
        kind, p = event[0], event[1]
        seat = self.seat
        if kind == R_POSITION:
            for q, facts in enumerate(event[2]):
                if facts is not None:
                    self.holds[q] = list(facts[1])
                    lacks_maps = facts[2] >> self.rules.map & 1
                    self.maps[q] = facts[1][self.rules.map] if lacks_maps else facts[0]
            for q, caps in enumerate(event[9] if len(event) > 9 else ()):
                for c, n in caps:  # (a stated ``at_most``: the bound read is the bound written)
                    if c == self.rules.map:
                        self.maps[q] = min(self.maps[q], n)
            for q, dug in enumerate(event[10] if len(event) > 10 else ()):
                if dug >= 0:  # (a stated ``dug``: its unknown cards' maps, as written)
                    self.maps[q] = min(self.maps[q], self.holds[q][self.rules.map] + dug)
            self.chambers = [None if k is None else list(k) for k in event[3]]
            self.current = event[6]
            # (the position's start counts 0 cards got: what came before is negative)
            self.left = [None if k is None else (
                list(k[0]), [[q, n, -got if got >= 0 else None] for q, n, got in k[1]])
                for k in event[8]]
            for k in filter(None, event[8]):
                for q, counts, got, stolen in k[2]:
                    self.gave[q].append((list(counts), -got, stolen))
        elif kind == R_TRADE:
            self.give(p, event[2])
            self.gain(p, event[3])
        elif kind in (R_DISCARD, R_SELL):
            counts = [0] * self.T
            counts[event[2]] = 1 if kind == R_DISCARD else event[3]
            self.give(p, counts)
        elif kind == R_DIG:
            self.maps[p] += 1
            self.got[p] += 1
        elif kind == R_STEAL:
            victim = event[2]
            if p == seat and card == self.rules.map:
                # (a map is never a kept card: given up as the position reads a hand's maps)
                self.give(victim, [int(c == card) for c in range(self.T)])
            elif p == seat and not self.holds[victim][card]:
                # a random pick of the cards it got unseen, kept ones included: read so
                # where ``chamber_left`` states it (a card of a type it held in view too
                # weighs those: ``lose``)
                self.gave[victim].append(([int(c == card) for c in range(self.T)],
                                          self.got[victim], True))
            elif p == seat:
                self.lose(victim, card)
            elif victim == seat:
                self.gain(p, [int(c == card) for c in range(self.T)])
            else:
                self.maps[p] += self.maps[victim] > 0
                self.got[p] += 1
                self.lose_any(victim)
        elif kind == R_TAKE:
            self.gain(p, event[2])
        elif kind in (R_EXPLORE, R_LOOK, R_REVEAL, R_RETURN, R_KEEP):
            self._chamber_event(event, secret)

    def _chamber_event(self, event: _Event, secret: Sequence[Any] | None) -> None:
        kind, p = event[0], event[1]
        rules, seat = self.rules, self.seat
        if kind == R_EXPLORE:
            i = event[2]
            spent = [0] * self.T
            spent[rules.map] = rules.chamber_maps[i]
            self.give(p, spent)
            self.current = i
            if rules.special in TAKE_ALL:
                known = self.chambers[i]
                if secret is not None:
                    known = self.counts(secret[0])
                if known is not None and p != seat:
                    self.gain(p, known)
                elif p != seat:
                    self.got[p] += rules.chamber_sizes[i]
                self.chambers[i] = None
        elif kind == R_LOOK:
            if p == seat and secret is not None:
                self.chambers[event[2]] = self.counts(secret[0])
        elif kind == R_REVEAL:
            known = self.chambers[self.current]
            if known is not None:
                known[event[2]] = max(0, known[event[2]] - 1)
        elif kind == R_RETURN:
            known = self.chambers[self.current] or [0] * self.T
            self.chambers[self.current] = [a + b for a, b in zip(known, event[2])]
        else:  # R_KEEP: the keeper knows what stayed; the others, what surely stayed
            i, n = event[2], event[3]
            if p == seat and secret is not None:
                seen, kept = self.counts(secret[0]), self.counts(secret[1])
                left_there = [a - b for a, b in zip(seen, kept)]
                self.chambers[i] = left_there
                self.left[i] = (list(left_there), [])
            else:
                self.got[p] += n
                if (known := self.chambers[i]) is not None:
                    self.chambers[i] = [max(0, k - n) for k in known]
                if (left := self.left[i]) is not None:
                    left[1].append([p, n, self.got[p]])

    def written_left(self) -> list[tuple[list[int], list[list[int]], list[list[Any]]] | None]:
        """Per chamber what ``chamber_left`` says: the cards left, the keeps since
        (``[seat, n]``, or ``[seat, n, cards got unseen since]`` for a keeper that gave up
        cards since) and those give-ups (``[seat, counts, cards got unseen since]``, in the
        chamber of the keeper's last keep before it); ``None`` where nothing is written.
        A keeper's give-ups before its first keep listed say nothing of the kept cards;
        once it gave up a card that is no map, its maps spent are among them too (each
        map dug is one of the cards it got unseen: the counts need the maps it spent). A
        position read without the cards a keeper got since its keeps stated none of its
        give-ups: one after it leaves the keeper's chambers unwritten, as a theft does."""
        out: list[tuple[list[int], list[list[int]], list[list[Any]]] | None] = [
            None if entry is None or not entry[1] else (entry[0], [e[:2] for e in entry[1]], [])
            for entry in self.left]
        listed: dict[int, list[tuple[int, int | None, list[int]]]] = {}
        for i, entry in enumerate(self.left):
            if (written := out[i]) is not None:
                for e, keep in zip(entry[1] if entry else (), written[1]):
                    listed.setdefault(e[0], []).append((i, e[2], keep))
        for q, keeps in listed.items():
            ends = [end for _, end, _ in keeps]
            if None in ends:
                if self.gave[q]:
                    for i, _, _ in keeps:
                        out[i] = None
                continue
            first = min(cast("list[int]", ends))
            gave = [g for g in self.gave[q] if g[1] >= first]
            if not any(n for counts, _, _ in gave for c, n in enumerate(counts)
                       if c != self.rules.map):
                # written as before: maps spent alone are the position's ``lacks`` business,
                # as a hand's maps always are (a kept card is never a map)
                continue
            now = self.got[q]
            for _, end, keep in keeps:
                keep.append(now - cast(int, end))
            for counts, at, stolen in gave:
                _, i = max((cast(int, end), i) for i, end, _ in keeps
                           if cast(int, end) <= at)
                gives = cast("tuple[Any, Any, list[list[Any]]]", out[i])[2]
                if (not stolen and gives and gives[-1][0] == q and gives[-1][2] == now - at
                        and len(gives[-1]) == 3):
                    # (nothing got or stolen between two give-ups: one, in either order)
                    gives[-1][1] = [a + b for a, b in zip(gives[-1][1], counts)]
                else:
                    gives.append([q, counts, now - at] + (["stolen"] if stolen else []))
        return out


def _known_of(state: ArchaeologyState, seat: int) -> _Known:
    """What ``seat``'s history tells it for sure (``_Known``), its record replayed."""
    known = _Known(state, seat)
    cards = iter(state.steal_cards_seen_by(seat))
    secrets = iter(state.secrets_seen_by(seat))
    has_secret = _secret_events(state.rules)
    looked = [0] * len(state.rules.chamber_sizes)
    for event in state.record.events():
        secret = None
        if event[0] != R_POSITION and has_secret(event, looked):
            secret = next(secrets)
        if event[0] == R_LOOK:
            looked[event[2]] |= 1 << event[1]
        known.event(event, next(cards) if event[0] == R_STEAL else -1, secret)
    return known


def position_facts(state: ArchaeologyState, seat: int) -> dict[str, Any]:
    """The position keys of ``seat``'s view of ``state`` (a real state, or a view's
    reading): what its history tells the seat for sure (module docstring)."""
    rules = state.rules
    names = rules.cards.names
    known = _known_of(state, seat)
    written_left = known.written_left()
    # keepers whose give-ups ``chamber_left`` states: their hands are read in its order, not
    # as dealt cards and dug ones (they get ``at_most`` alone)
    timed = {g[0] for i, e in enumerate(written_left) if e and state.chambers[i] is not None
             for g in e[2]} if rules.monument is not None else set()
    seats: list[dict[str, Any]] = []
    for p in range(state.num_players):
        entry: dict[str, Any] = {"hand_size": state.hand_sizes[p], "money": state.money[p],
                                 "sold": [[names[c], n] for c, n in state.piles[p]]}
        if p != seat:
            entry["holds"] = {names[c]: n for c, n in enumerate(known.holds[p]) if n}
            # maps only enter a hand by digs, thefts and face-up takes: none that could be
            # unseen maps means none beyond the known ones
            entry["lacks"] = ([names[rules.map]]
                              if known.maps[p] <= known.holds[p][rules.map] else [])
            if known.holds[p][rules.map] < known.maps[p] < _hand_room(state, known, p):
                # fewer maps than the hand's unknown cards could hold: said where it binds
                # (other positions are written as before)
                entry["at_most"] = {names[rules.map]: known.maps[p]}
                if p not in timed:
                    # and which of its unknown cards may be maps: the dug ones, the others
                    # the deal's (the bound alone read each of them as possibly a map)
                    entry["dug"] = known.maps[p] - known.holds[p][rules.map]
        seats.append(entry)
    out: dict[str, Any] = {"seats": seats}
    if rules.monument is None:
        return out
    out["maps_spent"] = state.maps_removed
    if rules.special != REFILL_ON_SANDSTORM:
        out["chamber_cards"] = [
            None if state.chambers[i] is None or counts is None or not any(counts) else
            [names[c] for c, n in enumerate(counts) for _ in range(n)]
            for i, counts in enumerate(known.chambers)]
    out["chambers_seen"] = [[p for p in range(state.num_players) if mask >> p & 1]
                            for mask in state.chamber_seen]
    left = [None if state.chambers[i] is None or entry is None else
            {"cards": [names[c] for c, n in enumerate(entry[0]) for _ in range(n)],
             "kept": entry[1],
             **({"gave": [[g[0], [names[c] for c, n in enumerate(g[1]) for _ in range(n)],
                           *g[2:]] for g in entry[2]]} if entry[2] else {})}
            for i, entry in enumerate(written_left)]
    if any(left):  # (only where it applies: other positions are written as before)
        out["chamber_left"] = left
    return out


def _hand_room(state: ArchaeologyState, known: _Known, p: int) -> int:
    """The most maps seat ``p``'s hand may hold by what a position states without
    ``at_most``: its known maps and every unknown card."""
    return state.hand_sizes[p] - sum(known.holds[p]) + known.holds[p][state.rules.map]


def check_agreement(node: Node, s: ArchaeologyState, seat: int) -> None:
    """A history view that also states position keys: a fact (hand sizes, money, sold sets,
    chambers, maps spent, who knows a chamber) must be what the history gives, and a piece
    of knowledge (``holds``, ``lacks``, ``chamber_cards``) no more than the history gives
    for sure (a position may know less); else the view is refused naming the key."""
    rules = s.rules
    stated = [key for key in POSITION_KEYS if node.has(key)]
    if rules.monument is None and node.has("chambers"):
        stated.append("chambers")
    if not stated:
        return
    facts = position_facts(s, seat)
    if rules.monument is None:
        facts["chambers"] = [None if c is None else len(c) for c in s.chambers]
    for key in stated:
        given = node.raw(key)
        want: Any = facts.get(key)  # (None: a key the edition's history does not give)
        if key == "seats" and isinstance(given, list) and len(given) == len(want) and all(
                isinstance(a, dict) for a in given):
            for p, (a, b) in enumerate(zip(given, want)):
                if "at_most" in a:  # (below what the history allows: claims too much)
                    _agree_bounds(node, f"seats[{p}].at_most", a["at_most"],
                                  _bounds(s, _known_of(s, seat), p))
                if "dug" in a:  # (fewer than the history's: claims too much)
                    _agree_dug(node, p, seat, a["dug"], s, _known_of(s, seat))
                for field in sorted((set(a) | set(b)) - {"at_most", "dug"}):
                    _agree(node, f"seats[{p}].{field}", field, a.get(field),
                           b.get(field, _DEFAULTS.get(field)))
        else:
            _agree(node, key, key, given, want)


def _bounds(s: ArchaeologyState, known: _Known, p: int) -> dict[str, int]:
    """The most cards of each type seat ``p``'s hand may hold by its history: its known
    ones and every unknown card, and of maps no more than it may have got unseen."""
    names = s.rules.cards.names
    room = s.hand_sizes[p] - sum(known.holds[p])
    out = {names[c]: n + room for c, n in enumerate(known.holds[p])}
    out[names[s.rules.map]] = min(known.maps[p], _hand_room(s, known, p))
    return out


def _dug(s: ArchaeologyState, known: _Known, p: int) -> int:
    """How many of seat ``p``'s unknown cards its history lets be maps (``dug``): the
    cards it took unseen where maps could be, less the maps it was seen to spend."""
    return min(known.maps[p], _hand_room(s, known, p)) - known.holds[p][s.rules.map]


def _agree_dug(node: Node, p: int, seat: int, given: object, s: ArchaeologyState,
               known: _Known) -> None:
    """A stated ``dug`` against the history's: a count of the hand's unknown cards, none
    below the history's (a position may know less: more cards that may be maps), never
    the view's own (its cards are its ``hand``)."""
    where = f"seats[{p}].dug"
    if p == seat:
        node.fail_at(node.where(where), "the view's own cards are its 'hand'")
    n = node.check_int(given, node.where(where), 0, s.hand_sizes[p] - sum(known.holds[p]))
    want = _dug(s, known, p)
    if n < want:
        node.fail(f"the history allows {want}, the position claims {n}", where)


def _agree_bounds(node: Node, where: str, given: object, want: dict[str, int]) -> None:
    """A stated ``at_most`` against the history's bounds: none below them (a position may
    know less, a larger bound; a malformed value is the reader's to refuse)."""
    if not isinstance(given, dict):
        return
    for name, n in given.items():
        if isinstance(n, int) and name in want and n < want[name]:
            node.fail(f"the history allows {want[name]}, the position claims at most {n}",
                      f"{where}.{name}")


#: Optional position keys of a seat and their defaults.
_DEFAULTS: dict[str, object] = {"holds": {}, "lacks": [], "sold": []}


def _agree(node: Node, where: str, key: str, given: object, want: object) -> None:
    """One stated position value against the history's (``check_agreement``)."""
    if given is None and key in _DEFAULTS:
        return  # an optional piece of knowledge left out
    if key == "chamber_left" and isinstance(given, list) and isinstance(want, list) \
            and len(given) == len(want):
        # a chamber left out (null) knows less; one written is what the history gives
        for i, (a, b) in enumerate(zip(given, want)):
            if a is not None and _normal(key, a) != _normal(key, b):
                node.fail(f"the history gives {b!r}, the position {a!r}", f"{where}[{i}]")
        return
    if key in ("holds", "lacks", "chamber_cards"):
        if _known_within(key, given, want):
            return
        node.fail(f"the history gives {want!r} for sure, the position claims {given!r}",
                  where)
    if _normal(key, given) != _normal(key, want):
        node.fail(f"the history gives {want!r}, the position {given!r}", where)


def _known_within(key: str, given: Any, want: Any) -> bool:
    """Whether the knowledge ``given`` claims no more than ``want`` (well-formed or not,
    hence ``Any``: a malformed value is the reader's to refuse)."""
    def counts(cards: Iterable[Any]) -> dict[Any, int]:
        out: dict[Any, int] = {}
        for card in cards:
            out[card] = out.get(card, 0) + 1
        return out

    try:
        if key == "holds":
            return all(n <= want.get(card, 0) for card, n in given.items() if n)
        if key == "lacks":
            return set(given) <= set(want)
        return len(given) == len(want) and all(
            not g or w is not None and all(n <= counts(w).get(c, 0)
                                           for c, n in counts(g).items())
            for g, w in zip(given, want))
    except (AttributeError, TypeError):
        return False


def _normal(key: str, value: object) -> object:
    """A stated value in a comparable form (lists of seats in any order)."""
    if key == "chambers_seen" and isinstance(value, list):
        return [sorted(v) if isinstance(v, list) else v for v in value]
    if key == "chamber_left" and isinstance(value, dict) and isinstance(value.get("cards"),
                                                                          list):
        gave = value.get("gave")
        if isinstance(gave, list):  # (the cards of each give-up in any order too)
            gave = [[*g[:1], sorted(map(str, g[1])), *g[2:]]
                    if isinstance(g, list) and len(g) > 1 and isinstance(g[1], list) else g
                    for g in gave]
            value = {**value, "gave": gave}
        return {**value, "cards": sorted(map(str, value["cards"]))}
    return value


# --- reading a position -----------------------------------------------------------------------

def _read_sold(node: Node, rules: Rules) -> tuple[list[tuple[int, int]], int]:
    """A seat's ``sold`` sets (``[[card, n], ...]``) and their value in money."""
    names = rules.cards.treasure_names
    where = node.where("sold")
    piles, value = [], 0
    for j, pile in enumerate(node.items("sold", default=[])):
        name, n = node.check_list(pile, f"{where}[{j}]", length=2)
        card = names.index(node.check_str(name, f"{where}[{j}][0]", names))
        n = node.check_int(n, f"{where}[{j}][1]", lo=1, hi=rules.max_set[card])
        piles.append((card, n))
        value += rules.sell[card][n - 1]
    return piles, value


def read_position(node: Node, s: ArchaeologyState, seat: int, hand: list[int], dig_n: int, *,
                  chamber_known: list[list[int] | None], chambers_seen: list[int],
                  maps_spent: int, maps_least: int,
                  visible: list[tuple[str, list[int]]],
                  chamber_left: Sequence[ChamberLeft | None] | None = None) -> None:
    """The position keys ``seats`` (and the caller's chamber facts) into the blank state
    ``s`` whose chambers, reserve, tents and cards in view are already read: hand sizes,
    money, sold sets, the record's ``R_POSITION`` event, the dig site and the steal rolls
    as placeholders. ``chamber_known``: per chamber the counts of the known cards or
    ``None``; ``maps_spent``: the maps spent exploring, at least ``maps_least`` (the
    fewest the chambers show; the 2007 game's are its explored chambers', both the same
    number); ``visible``: ``(key, counts)`` of every card in view besides the hand, the
    marketplace, the sold sets and the known cards (face-up chambers, drawn cards), in the
    order their keys are named when a card type overflows; ``chamber_left``: per chamber
    ``None`` or what the seat left in it, the keeps since and the keepers' give-ups since
    (``ChamberLeft``): the chamber holds some of those cards, the keepers' hands or the cards
    given up the others (its chamber's ``chamber_known`` is then ``None``)."""
    rules = s.rules
    T = rules.treasures
    names = rules.cards.treasure_names
    players = rules.players
    used = [("hand", list(hand)), ("marketplace", list(s.market))]
    hands: list[_Hand] = []
    # per seat the types whose count its hand holds at most (``at_most``): ``(card, n)``
    caps: list[tuple[tuple[int, int], ...]] = [()] * players
    # per seat how many of its unknown cards may be maps (``dug``; -1: not stated, all)
    digs = [-1] * players
    for p, item in enumerate(node.items("seats", length=players)):
        one = node.node_at(item, f"seats[{p}]")
        size = one.integer("hand_size", hi=sum(rules.counts[:T]))
        money = one.integer("money", hi=10_000)
        piles, value = _read_sold(one, rules)
        if money != value:
            one.fail(f"the sold sets are worth ${value}", "money")
        if p == seat:
            if size != sum(hand):
                one.fail(f"the hand holds {plural(sum(hand), 'card')}", "hand_size")
            for key in ("holds", "lacks", "at_most", "dug"):
                if one.has(key):
                    one.fail("the view's own cards are its 'hand'", key)
            hands.append(None)
        else:
            holds = read_counts(one, "holds", names, default=[0] * T)
            lacks = read_names(one, "lacks", names) if one.has("lacks") else []
            if sum(holds) > size:
                one.fail(f"{plural(sum(holds), 'known card')} in a hand of {size}", "holds")
            if len(set(lacks)) != len(lacks):
                one.fail("a type is listed twice", "lacks")
            if len(lacks) == T and size > sum(holds):
                one.fail(f"the hand's {size - sum(holds)} unknown cards must be of some type",
                         "lacks")
            mask = 0
            for c in lacks:
                mask |= 1 << c
            if one.has("at_most"):
                bound = read_counts(one, "at_most", names, hi=size)
                stated = [names.index(name) for name in cast("dict[str, Any]",
                                                             one.raw("at_most"))]
                for c in stated:
                    if bound[c] < holds[c]:
                        one.fail(f"at most {bound[c]} but it holds {holds[c]}",
                                 f"at_most.{names[c]}")
                caps[p] = tuple((c, bound[c]) for c in sorted(stated))
            if one.has("dug"):
                digs[p] = one.integer("dug", hi=size - sum(holds))
            hands.append((size, tuple(holds), mask))
            used.append((f"seats[{p}].holds", holds))
        one.done()
        sold = [0] * T
        for c, n in piles:
            sold[c] += n
            s.sold[p * T + c] += n
        used.append((f"seats[{p}].sold", sold))
        s.hand_sizes[p] = size
        s.money[p] = money
        s.sold_cards[p] = sum(sold)
        s.piles = s.piles[:p] + (tuple(piles),) + s.piles[p + 1:]
    maps = [0] * T
    maps[rules.map] = maps_spent
    left = list(chamber_left or [None] * len(s.chambers))
    # the cards the keepers took of what the seat left: in their hands, not unknown there,
    # unless given up since (in view then: a card left and one given up may be one card)
    kept = [0] * players
    gave = [0] * players
    given = [0] * T
    for entry in filter(None, left):
        for p, n, _ in entry[1]:
            kept[p] += n
        for p, counts, _, _ in entry[2]:
            gave[p] += sum(counts)
            given = [a + b for a, b in zip(given, counts)]
    cards_left = [sum(e[0][c] for e in left if e) for c in range(T)]
    # the 2007 game's maps spent are its explored chambers' (its view has no maps_spent)
    used += [("chamber_cards", [sum(k[c] for k in chamber_known if k) for c in range(T)])]
    if any(left):
        used.append(("chamber_left", [max(0, n - g) for n, g in zip(cards_left, given)]))
    used += [("maps_spent" if rules.monument is not None else "chambers", maps)] + visible
    for p, facts in enumerate(hands):
        if facts is None:
            continue
        room = facts[0] - sum(facts[1])
        if kept[p] - gave[p] > room:
            node.fail(f"seat {p} kept {plural(kept[p], 'card')} of those seat {seat} left, but "
                      f"seats[{p}] leaves {plural(room, 'unknown card')} in its hand"
                      + (f" and it gave up {gave[p]} since" if gave[p] else ""), "chamber_left")
        starts = [got + n for e in filter(None, left) for q, n, got in e[1] if q == p] + [
            got for e in filter(None, left) for q, _, got, _ in e[2] if q == p]
        if gave[p] and max(starts) > room + gave[p]:
            node.fail(f"seat {p}'s keeps and give-ups say it got {max(starts)} cards unseen "
                      f"since its first keep, but its hand leaves room for "
                      f"{room + gave[p]} (seats[{p}]: {room} unknown, {gave[p]} given up)",
                      "chamber_left")
    _check_totals(node, rules, used)
    for p in sorted({q for e in filter(None, left) for q, _, _, _ in e[2]}):
        if digs[p] >= 0:
            node.fail(f"seat {p}'s give-ups in chamber_left are read in their order, not as "
                      f"dealt and dug cards: leave one of them out", f"seats[{p}].dug")
    _check_lacks(node, rules, hands, used, kept, caps)
    _check_dealt(node, rules, hands, used, kept, caps, digs)
    # (a chamber the seat left cards in holds only those: none of its places is unknown,
    # and its keepers' hands hold the others; the cards given up counted once above are
    # counted as left here, as the places count them)
    places_known = [list(e[0]) if e else k for k, e in zip(chamber_known, left)]
    _check_places(node, s, seat, hands, places_known, dig_n,
                  used + [("chamber_left", [min(n, g) for n, g in zip(cards_left, given)])],
                  maps_spent, maps_least)
    s.maps_removed = maps_spent
    s.chamber_seen = list(chambers_seen)
    sizes = tuple(0 if c is None else len(c) for c in s.chambers)
    known = tuple(None if k is None else tuple(k) for k in chamber_known)
    # the cards of each type not in view: the other hands' unknown cards are among them
    unseen = tuple(rules.counts[c] - sum(counts[c] for _, counts in used) for c in range(T))
    start = (R_POSITION, seat, tuple(hands), known, tuple(chambers_seen), sizes, s.exploring,
             unseen, tuple(left))
    # (stated bounds and digs only where written: a position without them keeps its
    # record, and so the worlds a seed draws from it)
    tail: tuple[Any, ...] = ((tuple(caps), tuple(digs)) if any(d >= 0 for d in digs)
                             else (tuple(caps),) if any(caps) else ())
    s.record = EMPTY_RECORD.add(start + tail)
    s.steals = ()
    s.secrets = ()
    s.dig = [0] * dig_n
    s.steal_rolls = [0] * rules.thieves


def _check_totals(node: Node, rules: Rules, used: list[tuple[str, list[int]]]) -> None:
    """No card type appears more often than the game holds: the key that alone holds more
    than the game, or else every key holding that type, named together (the running total
    blamed the last of them: one talisman too many in a seat's ``holds`` was blamed on its
    ``sold``, read after it)."""
    T = rules.treasures
    total = [0] * T
    for key, counts in used:
        for c in range(T):
            total[c] += counts[c]
            if total[c] <= rules.counts[c]:
                continue
            # (the card as printed: it said "19 pot_shard cards"; the key is named apart)
            if counts[c] > rules.counts[c]:
                spent = (f" ({counts[c]} of them spent on the explored chambers)"
                         if key == "chambers" and c == rules.map else "")
                node.fail(f"{counts[c]} {rules.card_name(c, counts[c])} in view so far{spent}, "
                          f"the game has {rules.counts[c]}{absent_words(rules, c)}", key)
            held = [(where, n[c]) for where, n in used if n[c]]
            parts = " + ".join(
                f"{where} {n}" + (" (spent on the explored chambers)"
                                  if where == "chambers" and c == rules.map else "")
                for where, n in held)
            seen = sum(n for _, n in held)
            node.fail(f"{seen} {rules.card_name(c, seen)} in view, the game has "
                      f"{rules.counts[c]}{absent_words(rules, c)}: {parts}")


def _check_lacks(node: Node, rules: Rules, hands: list[_Hand],
                 used: list[tuple[str, list[int]]], kept: list[int],
                 caps: Sequence[tuple[tuple[int, int], ...]]) -> None:
    """Each other hand's unknown cards are of types it does not lack, and of no type more
    than its ``at_most``: enough such cards must be unseen, or no deal explains the hand
    (the sampler would find no world and could not say which key is wrong)."""
    T = rules.treasures
    unseen = [rules.counts[c] - sum(counts[c] for _, counts in used) for c in range(T)]
    for p, facts in enumerate(hands):
        if facts is None or not facts[2] and not caps[p]:
            continue
        size, holds, lacks = facts
        need = size - sum(holds) - kept[p]  # (kept: of the cards a chamber was left)
        room = list(unseen)
        for c, n in caps[p]:
            room[c] = min(room[c], n - holds[c])
        allowed = sum(room[c] for c in range(T) if not lacks >> c & 1)
        if allowed < need:
            node.fail(f"the hand's {plural(need, 'unknown card')} must be of types it does "
                      f"not lack{', within its at_most' if caps[p] else ''}, and of those "
                      f"types only {plural(allowed, 'card')} {'is' if allowed == 1 else 'are'} "
                      f"not in view", f"seats[{p}].{'lacks' if facts[2] else 'at_most'}")


def _check_dealt(node: Node, rules: Rules, hands: list[_Hand],
                 used: list[tuple[str, list[int]]], kept: list[int],
                 caps: Sequence[tuple[tuple[int, int], ...]], digs: Sequence[int]) -> None:
    """A hand's unknown cards beyond its ``dug`` are the deal's, never maps: enough cards
    of the types it does not lack, within its ``at_most``, must be unseen besides maps."""
    T = rules.treasures
    unseen = [rules.counts[c] - sum(counts[c] for _, counts in used) for c in range(T)]
    for p, facts in enumerate(hands):
        if facts is None or digs[p] < 0:
            continue
        size, holds, lacks = facts
        need = size - sum(holds) - kept[p]
        dealt = need - min(digs[p], need)
        room = list(unseen)
        for c, n in caps[p]:
            room[c] = min(room[c], n - holds[c])
        allowed = sum(room[c] for c in range(T) if not lacks >> c & 1 and c != rules.map)
        if allowed < dealt:
            node.fail(f"the hand's {plural(dealt, 'card')} not dug must be dealt ones, no "
                      f"maps, of types it does not lack, and of those types only "
                      f"{plural(allowed, 'card')} {'is' if allowed == 1 else 'are'} not in "
                      f"view", f"seats[{p}].dug")


def _check_places(node: Node, s: ArchaeologyState, seat: int, hands: list[_Hand],
                  chamber_known: list[list[int] | None], dig_n: int,
                  used: list[tuple[str, list[int]]], maps_spent: int, maps_least: int
                  ) -> None:
    """The cards the seat does not see fill exactly the places it cannot see into: the
    other hands' unknown cards, the face-down chambers' unknown cards, the reserve and the
    dig site's treasures (the thieves and sandstorms left are the rest of the dig site).
    Every card is in one place, so the other counts leave the maps spent one number: a
    ``maps_spent`` above it (fewer cards unseen than the places hide, by no more than the
    maps it may be above ``maps_least``) is refused naming it, not the dig site."""
    rules = s.rules
    T = rules.treasures
    unseen = sum(rules.counts[:T]) - sum(sum(counts) for _, counts in used)
    public = rules.special == REFILL_ON_SANDSTORM
    places = sum(size - sum(holds) for size, holds, _ in filter(None, hands))
    for i, contents in enumerate(s.chambers):
        if contents is not None and not public:
            places += len(contents) - sum(chamber_known[i] or ())
    places += len(s.reserve)
    treasures_left = (dig_n - (rules.thieves - s.thieves_drawn)
                      - (rules.sandstorms - s.storms_drawn))
    if treasures_left < 0:
        node.fail(f"{plural(dig_n, 'card')} left cannot hold the "
                  f"{plural(rules.thieves - s.thieves_drawn, 'thief', 'thieves')} and "
                  f"{plural(rules.sandstorms - s.storms_drawn, 'sandstorm')} not drawn",
                  "dig_site")
    hidden = places + treasures_left
    # the places counted, by their table names: a game without a reserve (the 2007 game,
    # every monument but the Buried Ruins) names none, and face-up chambers hide nothing
    where = ("the other hands, " + ("the reserve" if public else "the chambers")
             + " and the dig site")
    if 0 < hidden - unseen <= maps_spent - maps_least:
        node.fail(f"{plural(maps_spent, 'map')} spent, but the other counts leave room for "
                  f"{maps_spent - (hidden - unseen)}: each map spent has left the game, so "
                  f"with {maps_spent} spent the seat does not see "
                  f"{plural(unseen, 'treasure card')}, while {where} hide {hidden}",
                  "maps_spent")
    unknown = [(p, facts[0], facts[0] - sum(facts[1])) for p, facts in enumerate(hands) if facts]
    in_hands = sum(n for _, _, n in unknown)
    if places > unseen and in_hands > places - unseen:
        # more places than unseen cards even with a dig site of thieves and sandstorms
        # alone: no dig site fits, the other hands' sizes do not (a hand_size of 40 was
        # blamed on the dig site)
        sizes = [entry for entry in unknown if entry[2]]
        room = unseen - (places - in_hands)
        left = (f"the treasure cards the seat does not see leave at most {room} for the other "
                "hands (after the " + ("reserve" if public else "chambers")
                + ", with none in the dig site)")
        if len(sizes) == 1:
            p, size, n = sizes[0]
            node.fail(f"{plural(size, 'card')} ({n} of them unknown), but {left}",
                      f"seats[{p}].hand_size")
        said = ", ".join(f"seats[{p}].hand_size" for p, _, _ in sizes)
        node.fail(f"the other hands hold {plural(in_hands, 'unknown card')} ({said}), but "
                  f"{left}", "seats")
    if hidden != unseen:
        # the dig site is the count a writer most often gets wrong: say what would fit
        fits = dig_n + unseen - hidden
        fit = (f": with the other counts as written, the dig site holds "
               f"{plural(fits, 'card')}" if fits >= dig_n - treasures_left else "")
        node.fail(f"the seat does not see {plural(unseen, 'treasure card')}, but {where} "
                  f"hide {hidden}{fit}", "dig_site")
