"""Loot N Run: the rules engine (2–6 players).

A turn is one decision: **loot** (draw the top room of either deck; forced with no cards
in front), **run** (reveal and score your rooms) or **awaken** another player (reveal
their rooms: if amulets ≥ guardians they escape and score, else they are caught and lose
their rooms while the awakener takes each guardian kind's benefit once, in the order
Mummy, Werewolf, Frank). The Werewolf benefit is a second decision, ``keep``, after
drawing one room from each deck. Frank gives the awakener one extra turn.

Scoring a set of rooms: every treasure symbol is 1 point, and a treasure type that appears
on two or more of the rooms scores double (never more than double).

Decisions on what the rule sheet leaves open (each tested):

- **Awaken needs a target with rooms in front**, and the target is another player: the
  sheet's "a player of your choice" never means yourself (that would be a Run).
- **Two players**: Awaken needs no rooms of your own, and this exception beats "you must
  Loot with no cards in front": with nothing in front you may Loot or Awaken.
- **The game ends the moment a player's score reaches the target**, even in the middle of
  an Awaken: benefits not yet resolved are dropped, then every player reveals and scores
  the rooms still in front of them, and the most points wins; tied players share the win.
- **Discarded rooms are face up**: the discard pile is public (rooms are revealed before
  every discard except the Werewolf's unwanted draws, which we also discard face up).
- **Reshuffle**: when an action leaves a deck empty, the rest of the other deck and the
  discard pile (with that action's discards) are shuffled and split into two new decks,
  the first taking the odd room. It happens once the action is over (after a Werewolf's
  keep, before a Frank's extra turn), and only while the rooms left can fill both decks.
  It is an explicit chance step whose order a deal fixes through its ``chance_seed``.
- **Nothing left to draw**: if both decks and the discard pile are empty, Loot is not
  possible; a player with no rooms then passes (``pass``), the only time passing is legal.
- Back colours are public: everyone sees the back of each deck's top room and of every
  room lying face down in front of a player.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Hashable

from games.errors import IllegalMoveError, InvalidMoveError
from games.protocol import CHANCE, TERMINAL

__all__ = [
    "LootNRunState", "Loot", "Run", "Awaken", "Keep", "Pass", "Reshuffle", "score_rooms",
    "parse_move", "Tables",
]


# --- moves -------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True)
class Loot:
    deck: int  # 0 or 1

    def __str__(self) -> str:
        return f"loot {self.deck + 1}"


@dataclass(frozen=True, slots=True)
class Run:
    def __str__(self) -> str:
        return "run"


@dataclass(frozen=True, slots=True)
class Awaken:
    target: int  # seat

    def __str__(self) -> str:
        return f"awaken {self.target}"


@dataclass(frozen=True, slots=True)
class Keep:
    """After a Werewolf: which of the two drawn rooms (from deck 1, deck 2) to keep."""

    first: bool
    second: bool

    def __str__(self) -> str:
        return {(False, False): "keep none", (True, False): "keep 1",
                (False, True): "keep 2", (True, True): "keep both"}[(self.first, self.second)]


@dataclass(frozen=True, slots=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Reshuffle:
    """Chance: the new decks, each listed from the top down."""

    decks: tuple[tuple[int, ...], tuple[int, ...]]

    def __str__(self) -> str:
        return "reshuffle " + " | ".join(" ".join(map(str, d)) for d in self.decks)


_KEEPS = {"keep none": Keep(False, False), "keep 1": Keep(True, False),
          "keep 2": Keep(False, True), "keep both": Keep(True, True)}


def parse_move(state: "LootNRunState", text: str):
    """Move text (``loot 1``, ``run``, ``awaken 2``, ``keep both``, ``pass``) checked legal."""
    words = " ".join(str(text).split()).lower()
    move: object
    if words in _KEEPS:
        move = _KEEPS[words]
    elif words == "run":
        move = Run()
    elif words == "pass":
        move = Pass()
    elif words.startswith(("loot ", "awaken ")) and words.split()[1].isdigit():
        verb, number = words.split()
        move = Loot(int(number) - 1) if verb == "loot" else Awaken(int(number))
    else:
        raise InvalidMoveError(f"{text!r} is not a Loot N Run move "
                               "(loot 1|2, run, awaken SEAT, keep none|1|2|both, pass)")
    if state.current_player() == CHANCE or move not in state.legal_moves():
        raise IllegalMoveError(f"{text!r} is not legal now")
    return move


# --- card tables ----------------------------------------------------------------------------

class Tables:
    """Per-room facts as flat tuples indexed by room position in the data (fast to read)."""

    def __init__(self, data):
        self.data = data
        self.ids = tuple(room.id for room in data.rooms)
        self.index = {room.id: i for i, room in enumerate(data.rooms)}
        self.back = tuple(room.back for room in data.rooms)
        self.amulet = tuple(room.top == "amulet" for room in data.rooms)
        self.guardian = tuple(room.guardian for room in data.rooms)
        self.treasures = tuple(room.treasures for room in data.rooms)


def score_rooms(tables: Tables, rooms) -> int:
    """Points for revealing ``rooms``: 1 per symbol, a type on ≥2 rooms scores double."""
    symbols: dict[str, int] = {}
    rooms_with: dict[str, int] = {}
    for room in rooms:
        for kind in tables.treasures[room]:
            symbols[kind] = symbols.get(kind, 0) + 1
        for kind in set(tables.treasures[room]):
            rooms_with[kind] = rooms_with.get(kind, 0) + 1
    return sum(n * (2 if rooms_with[kind] >= 2 else 1) for kind, n in symbols.items())


# --- the state ------------------------------------------------------------------------------

class LootNRunState:
    """A Loot N Run position (mutable search board; ``clone`` is cheap)."""

    __slots__ = ("tables", "num_players", "target", "decks", "discard", "fronts", "scores",
                 "to_move", "phase", "drawn", "extra_turn", "chance_rng_state", "log",
                 "finished")
    #: Fields ``clone`` shares: replaced, never mutated in place (conformance test).
    SHARED_SLOTS = ("tables",)

    def __init__(self, tables: Tables, players: int, target: int, decks, first_player: int,
                 chance_seed: int):
        self.tables = tables
        self.num_players = players
        self.target = target
        self.decks = [list(decks[0]), list(decks[1])]  # top of a deck = last element
        self.discard: list[int] = []
        self.fronts: list[list[int]] = [[] for _ in range(players)]
        self.scores = [0] * players
        self.to_move = first_player
        self.phase = "act"  # act | keep | reshuffle
        self.drawn: list[int | None] = []  # the Werewolf's two draws awaiting Keep
        self.extra_turn = False
        self.chance_rng_state = random.Random(chance_seed).getstate()
        self.log: list[str] = []
        self.finished = False

    # -- protocol: whose turn ------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.phase == "reshuffle":
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.finished

    def legal_moves(self) -> list:
        if self.finished or self.phase == "reshuffle":
            return []
        if self.phase == "keep":
            first, second = self.drawn
            options = [(False, False)]
            if first is not None:
                options.append((True, False))
            if second is not None:
                options.append((False, True))
            if first is not None and second is not None:
                options.append((True, True))
            return [Keep(a, b) for a, b in options]
        seat = self.to_move
        mine = self.fronts[seat]
        moves: list = [Loot(d) for d in (0, 1) if self.decks[d]]
        if mine:
            moves.append(Run())
        if mine or self.num_players == 2:
            moves.extend(Awaken(t) for t in range(self.num_players)
                         if t != seat and self.fronts[t])
        return moves or [Pass()]

    def chance_outcomes(self) -> list:
        if self.phase != "reshuffle":
            return []
        rng = random.Random()
        rng.setstate(self.chance_rng_state)
        pool = sorted(self.decks[0] + self.decks[1] + self.discard)
        rng.shuffle(pool)
        half = (len(pool) + 1) // 2
        return [(Reshuffle((tuple(pool[:half]), tuple(pool[half:]))), 1.0)]

    # -- protocol: moving --------------------------------------------------------------

    def apply(self, move) -> None:
        kind = type(move)
        if kind is Reshuffle:
            self._reshuffle(move)
        elif kind is Loot:
            room = self._draw(move.deck)
            self.fronts[self.to_move].append(room)
            self.log.append(f"{self.to_move} {move}")
            self._end_action()
        elif kind is Run:
            seat = self.to_move
            self.log.append(f"{seat} run")
            self._reveal_and_score(seat, seat)
            self._end_action()
        elif kind is Awaken:
            self.log.append(f"{self.to_move} {move}")
            self._awaken(move.target)
        elif kind is Keep:
            self.log.append(f"{self.to_move} {move}")
            for room, keep in zip(self.drawn, (move.first, move.second)):
                if room is None:
                    continue
                (self.fronts[self.to_move] if keep else self.discard).append(room)
            self.drawn = []
            self.phase = "act"
            self._end_action()
        elif kind is Pass:
            self.log.append(f"{self.to_move} pass")
            self._end_action()
        else:
            raise IllegalMoveError(f"{move!r} is not a Loot N Run move")

    def _draw(self, deck: int) -> int:
        return self.decks[deck].pop()

    def _needs_reshuffle(self) -> bool:
        """A deck is empty and the rooms left could fill both decks again."""
        pool = len(self.decks[0]) + len(self.decks[1]) + len(self.discard)
        return (not self.decks[0] or not self.decks[1]) and pool >= 2

    def _reshuffle(self, move: Reshuffle) -> None:
        rng = random.Random()
        rng.setstate(self.chance_rng_state)
        rng.random()  # advance, so the next reshuffle differs
        self.chance_rng_state = rng.getstate()
        self.discard = []
        self.decks = [list(reversed(move.decks[0])), list(reversed(move.decks[1]))]
        self.phase = "act"
        self.log.append("chance reshuffle")

    def _awaken(self, target: int) -> None:
        t = self.tables
        rooms = self.fronts[target]
        self.fronts[target] = []
        amulets = sum(t.amulet[r] for r in rooms)
        guardians = sum(t.guardian[r] is not None for r in rooms)
        self.discard.extend(rooms)
        if amulets >= guardians:  # the target escapes and scores as if running
            self._score(target, score_rooms(t, rooms))
            self._end_action()
            return
        kinds = {t.guardian[r] for r in rooms} - {None}
        if "mummy" in kinds:
            self._score(self.to_move, score_rooms(t, rooms))
            if self.finished:
                return
        self.extra_turn = "frank" in kinds
        if "werewolf" in kinds:
            drawn = [self._draw(deck) if self.decks[deck] else None for deck in (0, 1)]
            if drawn != [None, None]:
                self.drawn = drawn
                self.phase = "keep"
                return
        self._end_action()

    def _reveal_and_score(self, owner: int, scorer: int) -> None:
        rooms = self.fronts[owner]
        self.fronts[owner] = []
        self._score(scorer, score_rooms(self.tables, rooms))
        self.discard.extend(rooms)

    def _score(self, seat: int, points: int) -> None:
        self.scores[seat] += points
        if self.scores[seat] >= self.target and not self.finished:
            self._finish()

    def _finish(self) -> None:
        """Someone reached the target: everyone reveals and scores what is in front."""
        self.finished = True
        self.phase = "act"
        self.drawn = []
        for seat in range(self.num_players):
            rooms = self.fronts[seat]
            self.fronts[seat] = []
            self.scores[seat] += score_rooms(self.tables, rooms)
            self.discard.extend(rooms)

    def _end_action(self) -> None:
        if self.finished:
            return
        if not self.extra_turn:
            self.to_move = (self.to_move + 1) % self.num_players
        self.extra_turn = False
        if self._needs_reshuffle():
            self.phase = "reshuffle"

    # -- protocol: results ---------------------------------------------------------------

    def returns(self) -> list[float]:
        return [float(s) for s in self.scores]

    def winners(self) -> list[int]:
        best = max(self.scores)
        return [seat for seat, s in enumerate(self.scores) if s == best]

    # -- protocol: hidden information ------------------------------------------------------

    def information_set_key(self, seat: int) -> Hashable:
        """What ``seat`` sees: its own rooms, every back colour on the table, the deck tops'
        backs and sizes, the face-up discard pile, the scores and whose turn it is."""
        t = self.tables
        fronts = tuple(
            tuple(self.fronts[s]) if s == seat else tuple(t.back[r] for r in self.fronts[s])
            for s in range(self.num_players)
        )
        drawn = tuple(self.drawn) if self.to_move == seat else tuple(
            None if r is None else t.back[r] for r in self.drawn)
        decks = tuple((len(d), t.back[d[-1]] if d else None) for d in self.decks)
        return (seat, self.to_move, self.phase, self.finished, tuple(self.scores), fronts,
                drawn, decks, tuple(sorted(self.discard)), self.extra_turn)

    def determinize(self, seat: int, rng) -> "LootNRunState":
        """Deal every room ``seat`` cannot see, uniformly among the worlds it cannot tell
        apart: face-down rooms keep their back colours, deck tops keep theirs."""
        world = self.clone()
        t = self.tables
        slots: list[tuple[list, int]] = []  # (list, position) of rooms hidden from seat
        for s in range(self.num_players):
            if s != seat:
                slots.extend((world.fronts[s], i) for i in range(len(world.fronts[s])))
        if self.to_move != seat:
            slots.extend((world.drawn, i) for i, r in enumerate(world.drawn) if r is not None)
        for deck in world.decks:
            slots.extend((deck, i) for i in range(len(deck)))
        hidden = [lst[i] for lst, i in slots]
        by_back: dict[str, list[int]] = {}
        for room in hidden:
            by_back.setdefault(t.back[room], []).append(room)
        for rooms in by_back.values():
            rng.shuffle(rooms)
        # slots whose back is visible to seat take a room of that colour; the others (deck
        # rooms under the top) take what is left, in random order
        visible = [(lst, i) for lst, i in slots if not _is_buried(world, lst, i)]
        buried = [(lst, i) for lst, i in slots if _is_buried(world, lst, i)]
        for lst, i in visible:
            lst[i] = by_back[t.back[lst[i]]].pop()
        rest = [room for rooms in by_back.values() for room in rooms]
        rng.shuffle(rest)
        for (lst, i), room in zip(buried, rest):
            lst[i] = room
        world.chance_rng_state = random.Random(rng.getrandbits(63)).getstate()
        return world

    # -- copying and JSON ---------------------------------------------------------------------

    def clone(self) -> "LootNRunState":
        other = object.__new__(LootNRunState)
        other.tables = self.tables
        other.num_players = self.num_players
        other.target = self.target
        other.decks = [list(self.decks[0]), list(self.decks[1])]
        other.discard = list(self.discard)
        other.fronts = [list(f) for f in self.fronts]
        other.scores = list(self.scores)
        other.to_move = self.to_move
        other.phase = self.phase
        other.drawn = list(self.drawn)
        other.extra_turn = self.extra_turn
        other.chance_rng_state = self.chance_rng_state
        other.log = list(self.log)
        other.finished = self.finished
        return other

    def to_json(self) -> dict:
        ids = self.tables.ids
        return {
            "game": "lootnrun", "players": self.num_players, "target": self.target,
            "to_move": self.to_move, "phase": self.phase, "finished": self.finished,
            "scores": list(self.scores),
            "fronts": [[ids[r] for r in f] for f in self.fronts],
            "decks": [[ids[r] for r in reversed(d)] for d in self.decks],
            "discard": [ids[r] for r in self.discard],
            "drawn": [None if r is None else ids[r] for r in self.drawn],
            "log": list(self.log),
        }


def _is_buried(world: LootNRunState, lst: list, i: int) -> bool:
    """A deck room other than the top one: its back is not visible."""
    return any(lst is deck for deck in world.decks) and i != len(lst) - 1
