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

**Hidden information.** A seat sees its own rooms, every back colour on the table, the
deck sizes and the backs of their top rooms, the face-up discard pile, and it remembers
which face-up rooms went into the decks at each reshuffle (``reshuffles``) and when each
face-down room was drawn (``front_epochs``: the number of reshuffles before it). Every
room leaving a front is revealed, every drawn room's back was seen as a deck top, so the
worlds a seat cannot rule out are exactly the assignments of its unseen rooms to the
face-down places in which each place gets a room of its back colour (when seen) that was
in the decks when the place was filled; they are equally likely (see ``determinize``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Hashable, Iterable, Self, Sequence

from games.errors import IllegalMoveError, InvalidStateError
from games.protocol import CHANCE, TERMINAL, State
from games.seeding import below, shuffle
from games.table import plural

from .moves import AWAKEN, KEEP, LOOT, PASS, RUN, Awaken, Keep, Loot, Move, Pass, Reshuffle, Run
from .rules import Rules, score_rooms

__all__ = ["LootNRunState"]


class LootNRunState:
    """A Loot N Run position (mutable search board; ``clone`` is cheap).

    Rooms are positions in the card data (``rules.ids`` maps them to printed ids); a deck
    keeps its top room last. ``to_move`` is the seat whose turn it is (the seat to act at
    every decision). ``front_epochs[s][i]`` is the number of reshuffles before the room
    ``fronts[s][i]`` was drawn; ``reshuffles`` lists, per reshuffle so far, the face-up
    discard pile that went into the new decks (sorted). The order of the next reshuffle is
    that of a ``random.Random(chance_seed)`` after ``chance_draws`` calls of ``random()``
    (one per reshuffle since the seed was set): two ints rather than the generator's
    state, so that a determinization and a reshuffle make no generator (issue 23: that
    was a fifth of a Loot N Run search).
    """

    __slots__ = ("rules", "num_players", "target", "decks", "discard", "fronts",
                 "front_epochs", "reshuffles", "scores", "to_move", "phase", "drawn",
                 "extra_turn", "chance_seed", "chance_draws", "log", "finished", "ended_by",
                 "frank_turn")
    #: Fields ``clone`` shares: replaced, never mutated in place (conformance test).
    SHARED_SLOTS: ClassVar[tuple[str, ...]] = ("rules", "reshuffles")

    rules: Rules
    num_players: int
    target: int
    decks: list[list[int]]  # top: last element
    discard: list[int]
    fronts: list[list[int]]
    front_epochs: list[list[int]]
    reshuffles: tuple[tuple[int, ...], ...]
    scores: list[int]
    to_move: int
    phase: str  # act | keep | reshuffle
    drawn: list[int | None]  # the Werewolf's two draws awaiting Keep
    extra_turn: bool
    chance_seed: int
    chance_draws: int
    log: list[tuple[int, Move]]  # (seat or CHANCE, move): to_json, a view's history
    finished: bool
    ended_by: int  # the seat whose score reached the target (-1 before the end)
    # a view said the seat to move is on Frank's extra turn (a world read from a view has
    # no log to say it; :meth:`on_franks_turn` reads the log first)
    frank_turn: bool

    # (a class method, not ``__init__``: ``clone`` makes a blank state with ``__new__``,
    # and a class compiled by mypyc runs its ``__init__`` from ``__new__``)
    @classmethod
    def new(cls, rules: Rules, decks: Sequence[Iterable[int]], first_player: int,
            chance_seed: int) -> Self:
        """The position at the start of a deal: ``decks`` (top last), the first seat, the
        seed of the reshuffles."""
        self = cls.__new__(cls)
        players = rules.players
        self.rules = rules
        self.num_players = players
        self.target = rules.target
        self.decks = [list(decks[0]), list(decks[1])]
        self.discard = []
        self.fronts = [[] for _ in range(players)]
        self.front_epochs = [[] for _ in range(players)]
        self.reshuffles = ()
        self.scores = [0] * players
        self.to_move = first_player
        self.phase = "act"
        self.drawn = []
        self.extra_turn = False
        self.chance_seed = chance_seed
        self.chance_draws = 0
        self.log = []
        self.finished = False
        self.ended_by = -1
        self.frank_turn = False
        return self

    # -- protocol: whose turn ------------------------------------------------------------

    def current_player(self) -> int:
        if self.finished:
            return TERMINAL
        if self.phase == "reshuffle":
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.finished

    def legal_moves(self) -> list[Move]:
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
            return [KEEP[option] for option in options]
        seat = self.to_move
        mine = self.fronts[seat]
        decks = self.decks
        moves: list[Move] = []
        for d in range(2):
            if decks[d]:
                moves.append(LOOT[d])
        if mine:
            moves.append(RUN)
        if mine or self.num_players == 2:
            fronts = self.fronts
            for t in range(self.num_players):
                if t != seat and fronts[t]:
                    moves.append(AWAKEN[t])
        if not moves:
            moves.append(PASS)
        return moves

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase != "reshuffle":
            return []
        rng = random.Random(self.chance_seed)
        for _ in range(self.chance_draws):
            rng.random()
        pool = sorted(self.decks[0] + self.decks[1] + self.discard)
        shuffle(pool, rng)
        half = (len(pool) + 1) // 2
        return [(Reshuffle((tuple(pool[:half]), tuple(pool[half:]))), 1.0)]

    # -- protocol: moving --------------------------------------------------------------

    def apply(self, move: object) -> None:
        # (``object``: any other value is refused here, with IllegalMoveError; compiled, a
        # ``Move`` parameter would refuse a foreign one with a TypeError first)
        if not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a Loot N Run move")
        if type(move) is Reshuffle:
            self._reshuffle(move)
            self.log.append((CHANCE, move))
            return
        self.log.append((self.to_move, move))
        if type(move) is Loot:
            seat = self.to_move
            self.fronts[seat].append(self.decks[move.deck].pop())
            self.front_epochs[seat].append(len(self.reshuffles))
            self._end_action()
        elif type(move) is Run:
            seat = self.to_move
            self._reveal_and_score(seat, seat)
            self._end_action()
        elif type(move) is Awaken:
            self._awaken(move.target)
        elif type(move) is Keep:
            seat = self.to_move
            epoch = len(self.reshuffles)
            for room, keep in zip(self.drawn, (move.first, move.second)):
                if room is None:
                    continue
                if keep:
                    self.fronts[seat].append(room)
                    self.front_epochs[seat].append(epoch)
                else:
                    self.discard.append(room)
            self.drawn = []
            self.phase = "act"
            self._end_action()
        elif type(move) is Pass:
            self._end_action()
        else:
            self.log.pop()
            raise IllegalMoveError(f"{move!r} is not a Loot N Run move")

    def _needs_reshuffle(self) -> bool:
        """A deck is empty and the rooms left could fill both decks again."""
        pool = len(self.decks[0]) + len(self.decks[1]) + len(self.discard)
        return (not self.decks[0] or not self.decks[1]) and pool >= 2

    def _reshuffle(self, move: Reshuffle) -> None:
        self.chance_draws += 1  # the generator advanced, so the next reshuffle differs
        self.reshuffles = self.reshuffles + (tuple(sorted(self.discard)),)
        self.discard = []
        self.decks = [list(reversed(move.decks[0])), list(reversed(move.decks[1]))]
        self.phase = "act"

    def _take_front(self, seat: int) -> list[int]:
        rooms = self.fronts[seat]
        self.fronts[seat] = []
        self.front_epochs[seat] = []
        return rooms

    def _awaken(self, target: int) -> None:
        rules = self.rules
        rooms = self._take_front(target)
        amulets = sum(rules.amulet[r] for r in rooms)
        guardians = sum(rules.guardian[r] is not None for r in rooms)
        self.discard.extend(rooms)
        if amulets >= guardians:  # the target escapes and scores as if running
            self._score(target, score_rooms(rules, rooms))
            self._end_action()
            return
        kinds = {rules.guardian[r] for r in rooms} - {None}
        if "mummy" in kinds:
            self._score(self.to_move, score_rooms(rules, rooms))
            if self.finished:
                return
        self.extra_turn = "frank" in kinds
        if "werewolf" in kinds:
            drawn = [self.decks[deck].pop() if self.decks[deck] else None for deck in (0, 1)]
            if drawn != [None, None]:
                self.drawn = drawn
                self.phase = "keep"
                return
        self._end_action()

    def _reveal_and_score(self, owner: int, scorer: int) -> None:
        rooms = self._take_front(owner)
        self._score(scorer, score_rooms(self.rules, rooms))
        self.discard.extend(rooms)

    def _score(self, seat: int, points: int) -> None:
        self.scores[seat] += points
        if self.scores[seat] >= self.target and not self.finished:
            self.ended_by = seat
            self._finish()

    def _finish(self) -> None:
        """Someone reached the target: everyone reveals and scores what is in front."""
        self.finished = True
        self.phase = "act"
        self.drawn = []
        for seat in range(self.num_players):
            rooms = self._take_front(seat)
            self.scores[seat] += score_rooms(self.rules, rooms)
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
        """What ``seat`` knows: its own rooms, every back colour on the table with the
        number of reshuffles before each face-down room was drawn, the deck sizes and top
        backs, the face-up discard pile, the rooms each reshuffle put into the decks, the
        scores and whose turn it is. (The determinizer reads exactly this.)"""
        back = self.rules.back
        fronts = tuple(
            tuple(self.fronts[s]) if s == seat else tuple(back[r] for r in self.fronts[s])
            for s in range(self.num_players))
        epochs = tuple(tuple(e) for e in self.front_epochs)
        drawn = tuple(self.drawn) if self.to_move == seat else tuple(
            None if r is None else back[r] for r in self.drawn)
        decks = tuple((len(d), back[d[-1]] if d else None) for d in self.decks)
        return (seat, self.to_move, self.phase, self.finished, tuple(self.scores), fronts,
                epochs, drawn, decks, tuple(sorted(self.discard)), self.reshuffles,
                self.extra_turn)

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A world drawn uniformly from those ``seat`` cannot rule out (exact).

        Every face-down place whose back ``seat`` has seen (a room in front of another
        seat, a Werewolf draw of another seat, a deck top) gets a room of that colour that
        was in the decks when the place was filled: a room that last went from the face-up
        discard into the decks at reshuffle ``k`` fits only places filled after it; a room
        ``seat`` never saw fits every place. These allowed sets are nested per colour
        (earlier places allow fewer rooms), so filling the places of each colour from the
        earliest on, each uniformly among the rooms still allowed, makes every valid
        assignment equally likely; the rooms left go under the deck tops in random order.
        All valid assignments are equally likely because every drawn room's back was seen
        as a deck top, so the colour make-up of the decks at every reshuffle is known and
        no assignment explains the observations more often than another.
        """
        world = self.clone()
        rules = self.rules
        back = rules.back
        epoch = len(self.reshuffles)
        available_from = [0] * len(back)
        for k, rooms in enumerate(self.reshuffles):
            for room in rooms:
                available_from[room] = k + 1
        own_draws = self.phase == "keep" and self.to_move == seat
        known = set(self.fronts[seat])
        known.update(self.discard)
        if own_draws:
            known.update(r for r in self.drawn if r is not None)
        # face-down places, as (list, index, epoch filled); coloured ones are seen
        coloured: dict[str, list[tuple[int, list[int] | list[int | None], int]]] = {}
        buried: list[tuple[list[int], int]] = []
        for s in range(self.num_players):
            if s != seat:
                front, epochs = world.fronts[s], self.front_epochs[s]
                for i, room in enumerate(front):
                    coloured.setdefault(back[room], []).append((epochs[i], front, i))
        if not own_draws:
            for i, drawn in enumerate(world.drawn):
                if drawn is not None:
                    coloured.setdefault(back[drawn], []).append((epoch, world.drawn, i))
        for deck in world.decks:
            if deck:
                coloured.setdefault(back[deck[-1]], []).append((epoch, deck, len(deck) - 1))
                buried.extend((deck, i) for i in range(len(deck) - 1))
        unseen: dict[str, list[int]] = {}
        for room in range(len(back)):
            if room not in known:
                unseen.setdefault(back[room], []).append(room)
        left: list[int] = []
        for colour in rules.colours:
            candidates = sorted(unseen.get(colour, ()), key=available_from.__getitem__)
            places = sorted(coloured.get(colour, ()), key=lambda place: place[0])
            pool: list[int] = []
            nxt = 0
            for filled, lst, i in places:
                while nxt < len(candidates) and available_from[candidates[nxt]] <= filled:
                    pool.append(candidates[nxt])
                    nxt += 1
                if not pool:
                    raise InvalidStateError(
                        f"seat {seat}'s view is impossible: no unseen {colour} room could "
                        f"lie in a face-down {colour} place filled after "
                        f"{plural(filled, 'reshuffle')}")
                pick = below(rng, len(pool))
                pool[pick], pool[-1] = pool[-1], pool[pick]
                lst[i] = pool.pop()
            left.extend(pool)
            left.extend(candidates[nxt:])
        if len(left) != len(buried):
            raise InvalidStateError(f"seat {seat}'s view is impossible: {len(left)} unseen "
                                    f"rooms for {len(buried)} places under the deck tops")
        shuffle(left, rng)
        for (deck, i), room in zip(buried, left):
            deck[i] = room
        world.chance_seed = rng.getrandbits(63)
        world.chance_draws = 0
        return world

    # -- copying and JSON ---------------------------------------------------------------------

    def clone(self) -> Self:
        cls = type(self)
        other = cls.__new__(cls)
        other.rules = self.rules
        other.num_players = self.num_players
        other.target = self.target
        other.decks = [list(self.decks[0]), list(self.decks[1])]
        other.discard = list(self.discard)
        other.fronts = [list(f) for f in self.fronts]
        other.front_epochs = [list(e) for e in self.front_epochs]
        other.reshuffles = self.reshuffles
        other.scores = list(self.scores)
        other.to_move = self.to_move
        other.phase = self.phase
        other.drawn = list(self.drawn)
        other.extra_turn = self.extra_turn
        other.chance_seed = self.chance_seed
        other.chance_draws = self.chance_draws
        other.log = list(self.log)
        other.finished = self.finished
        other.ended_by = self.ended_by
        other.frank_turn = self.frank_turn
        return other

    def on_franks_turn(self) -> bool:
        """Whether the seat to move is on the extra turn a Frank gave it: it made the
        decision before this one too (only a Frank's extra turn does that; not
        ``extra_turn``, which says such a turn is still to come and is spent when the
        awakening ends). A world read from a view, before a move of its own, has it from
        the view's ``frank_turn``."""
        last = next((who for who, _ in reversed(self.log) if who != CHANCE), None)
        return self.frank_turn if last is None else last == self.to_move

    def to_json(self) -> dict[str, Any]:
        ids = self.rules.ids
        return {
            "game": "lootnrun", "players": self.num_players, "target": self.target,
            "to_move": self.to_move, "phase": self.phase, "finished": self.finished,
            "scores": list(self.scores),
            "fronts": [[ids[r] for r in f] for f in self.fronts],
            "front_reshuffles": [list(e) for e in self.front_epochs],
            "decks": [[ids[r] for r in reversed(d)] for d in self.decks],
            "discard": [ids[r] for r in self.discard],
            "reshuffled": [[ids[r] for r in rooms] for rooms in self.reshuffles],
            "drawn": [None if r is None else ids[r] for r in self.drawn],
            "log": self.log_lines(),
        }

    def log_lines(self) -> list[str]:
        """The moves since the deal as text, one a line: ``S MOVE`` (seat ``S`` and the
        move's notation, ``0 loot 1``) or ``chance reshuffle`` (the new decks' order
        unsaid: it is hidden). Every one is public: a player view's ``history``."""
        return ["chance reshuffle" if seat == CHANCE else f"{seat} {move}"
                for seat, move in self.log]


if TYPE_CHECKING:  # mypy checks this engine against the game protocol
    _CONFORMS: type[State[Move]] = LootNRunState
