"""The Pyramids state machine (a mutable search board with cheap ``clone``).

Phases: ``keep`` (every seat keeps 2 of its 4 dealt cards, seat by seat, choices hidden
until all have chosen) → ``reveal`` (chance: the next expedition card) → ``cross`` (every
seat acts on the same card, seat by seat, choices hidden until all have chosen; then all
crossings are resolved together) → ``take`` (replacements seat by seat, ordered by the completed cards'
order numbers, the display refilled after each seat's) → next ``reveal`` … → ``over``.

Simultaneous play: all seats act on the same expedition card (and keep their cards at
setup) at once. The engine asks seat 0, 1, ... in turn and resolves the step only when all
have chosen; a seat's information-set key never shows the pending choices of others, and
``determinize`` resamples them, so later seats decide without seeing earlier ones.

Decisions where the rulebook is silent or ambiguous (each has a test):

* **Connection rule per card.** Each card is its own path: a crossing (pattern, single box
  or extra box) must touch a crossed box *on the same card*, or hold the entrance of that
  card if it is still empty. Boxes are open cells (not walls) not crossed before.
* **Icons of one action are scored together** once the pattern and all its extra boxes
  are crossed: gems (each colour capped at 10), the torch of the current round (at most one
  per round), then skulls, then potions. A player marks a pattern's boxes in any order, and
  skulls-before-potions is the order that never leaves more skulls, so that is the order.
* **Skull track.** A crossed skull takes the leftmost free box (track of 10; more do not
  count); a potion wipes the two rightmost crossed boxes (the worst, as penalties grow).
  The crossed boxes therefore always form a prefix and the track is just a count; wiped
  boxes are free again and refill from the left. Only the worst crossed skull counts.
* **Red crosses.** Each crossed red cross forces one extra single box on either card (same
  connection rule); an extra on a red cross forces one more. An extra box may go on a card
  completed earlier in the same action (it is set aside only in action 3). When no legal
  box is left on either card, the remaining obligation lapses.
* **A pattern that cannot be placed** leaves the "any 1 box" option, which always exists
  while a card is in front of the player (its tomb is reachable and uncrossed). A seat with
  no card at all (deck and display exhausted) passes.
* **Replacements.** The seats that completed cards in a step replace them seat by seat,
  the seat with the lowest order number among its just-completed cards first ("if you have
  the lowest order number, you replace your card first. The player with the next lowest
  number then replaces their card"); a seat that completed both cards replaces both in its
  turn ("make this choice again to replace the 2nd completed pyramid card"), the lower
  order number's slot first. Each takes a display card or the deck top. The display is
  refilled at the end of each seat's action ("only refill the display to 4 cards at the end
  of your action"): after a seat's replacements, not between its two. With an empty deck
  and display a completed card's slot stays empty.
* **Pyramid points.** Multi-player: claims of a step (2nd/4th/6th card of a colour) are
  ordered by the order number of the card that reached the milestone, and take the next
  free tier (10, 6, 3) of that colour. Solo: the player's own 2nd, 4th and 6th completions
  of a colour take 10, 6 and 3.
* **Ties** go to the lowest order number among a player's completed cards; a player with no
  completed card loses such a tie; still tied players share the win.
* **Setup.** The returned cards go back into the deck at positions fixed by the deal (see
  ``games.pyramids.views``), so a deal fixes the whole game whatever is kept.

Chance: each expedition card is a chance step (``reveal``). The pyramid cards a
``take deck`` and the display refill draw come off the state's deck order inside the
move, not as chance steps (the one deviation from ``games.protocol``; ``determinize``
resamples that order).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import TYPE_CHECKING, Any, Hashable, Iterable, Self

from cards_data.pyramids import PyramidCard, PyramidsData
from grids.cells import cells_of

from ..errors import IllegalMoveError, InvalidStateError
from ..protocol import CHANCE, TERMINAL, State
from .moves import PASS, Cross, Keep, Move, Pass, Reveal, Take
from .rules import (
    ActionEffect, Rules, action_effect, crossing_options, final_score, gem_points, rules_for,
    update_skulls,
)

__all__ = ["Seat", "PyramidsState"]


def replacement_order(completions: Iterable[tuple[int, int, int]]) -> list[tuple[int, int, int]]:
    """The replacements of a step's completions ``(order, seat, slot)``: seat by seat, by
    the lowest order number among each seat's completions, and within a seat by order
    number, so a seat's two replacements are one action (the rulebook's action 3)."""
    completions = list(completions)
    first: dict[int, int] = {}
    for order, seat, _ in completions:
        first[seat] = min(order, first.get(seat, order))
    return sorted(completions, key=lambda c: (first[c[1]], c[0]))


class Seat:
    """One player's cards and score card."""

    __slots__ = ("dealt", "hand", "masks", "red", "green", "torches", "skulls", "completed",
                 "pyramid", "returned")

    def __init__(self, dealt: Iterable[int], rounds: int) -> None:
        self.dealt: list[int] = list(dealt)
        self.returned: list[int] = []
        self.hand: list[int | None] = [None, None]
        self.masks: list[int] = [0, 0]
        self.red = 0
        self.green = 0
        self.torches: list[bool] = [False] * rounds
        self.skulls = 0
        self.completed: list[int] = []  # order numbers, in completion order
        self.pyramid: list[tuple[str, int]] = []  # (colour, points) won

    def clone(self) -> "Seat":
        other = Seat.__new__(Seat)
        other.dealt = list(self.dealt)
        other.returned = list(self.returned)
        other.hand = list(self.hand)
        other.masks = list(self.masks)
        other.red, other.green, other.skulls = self.red, self.green, self.skulls
        other.torches = list(self.torches)
        other.completed = list(self.completed)
        other.pyramid = list(self.pyramid)
        return other

    def card(self, slot: int) -> int:
        """The order number of the card in ``slot`` (``InvalidStateError`` if empty)."""
        card = self.hand[slot]
        if card is None:
            raise InvalidStateError(f"card slot {slot} is empty")
        return card

    def public(self) -> Hashable:
        return (tuple(self.hand), tuple(self.masks), self.red, self.green, tuple(self.torches),
                self.skulls, tuple(self.completed), tuple(self.pyramid))


class PyramidsState:
    """A position of Pyramids for ``num_players`` seats (1 = solo analysis mode).

    ``rules``: the card tables (``rules.data`` the card data); ``to_move``: the seat to
    act at a decision (seat by seat in the simultaneous keep and cross phases).
    """

    def __init__(self, data: PyramidsData, *, players: int, dealt: Iterable[Iterable[int]],
                 deck: Iterable[int], return_positions: Iterable[int],
                 expedition: Iterable[Iterable[str]], rounds: int, steps_per_round: int
                 ) -> None:
        self.rules: Rules = rules_for(data)
        self.num_players = players
        self.rounds = rounds
        self.steps_per_round = steps_per_round
        self.seats = [Seat(d, rounds) for d in dealt]
        self.deck: list[int] = list(deck)  # before setup: the non-dealt cards, shuffled
        self.return_positions: list[int] = list(return_positions)
        self.display: list[int] = []
        self.expedition: list[list[str]] = [list(e) for e in expedition]
        self.phase = "keep"
        self.round = 0
        self.step = 0  # expedition cards revealed this round
        self.shape: str | None = None
        self.to_move = 0
        # the simultaneous choices of the keep and cross phases, seat by seat
        self.pending: list[Move | None] = [None] * players
        self.takes: list[tuple[int, int, int]] = []  # (completed order, seat, slot)
        self.tiers: dict[str, int] = {c: 0 for c in data.colours}  # multi: tiers awarded
        self.history: list[str] = []

    # --- protocol -------------------------------------------------------------------
    def clone(self) -> Self:
        other = type(self).__new__(type(self))
        other.rules = self.rules
        other.num_players = self.num_players
        other.rounds, other.steps_per_round = self.rounds, self.steps_per_round
        other.seats = [s.clone() for s in self.seats]
        other.deck = list(self.deck)
        other.return_positions = list(self.return_positions)
        other.display = list(self.display)
        other.expedition = [list(e) for e in self.expedition]
        other.phase, other.round, other.step = self.phase, self.round, self.step
        other.shape, other.to_move = self.shape, self.to_move
        other.pending = list(self.pending)
        other.takes = list(self.takes)
        other.tiers = dict(self.tiers)
        other.history = list(self.history)
        return other

    def current_player(self) -> int:
        if self.phase == "over":
            return TERMINAL
        if self.phase == "reveal":
            return CHANCE
        return self.to_move

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def chance_outcomes(self) -> list[tuple[Move, float]]:
        if self.phase != "reveal":
            return []
        return [(Reveal(self.expedition[self.round][self.step]), 1.0)]

    def cards_of(self, seat: int) -> list[PyramidCard | None]:
        """The two cards in front of ``seat`` (``None`` for an empty slot)."""
        cards = self.rules.cards
        return [cards[o] if o is not None else None for o in self.seats[seat].hand]

    def options(self, seat: int) -> list[tuple[int, int, tuple[int, int]]]:
        """``crossing_options`` of ``seat`` for the revealed expedition card."""
        s = self.seats[seat]
        return crossing_options(self.cards_of(seat), s.masks, self.shape)

    def cross_move(self, seat: int, slot: int, main: int, final: tuple[int, int]) -> Cross:
        """The ``Cross`` move of one ``crossing_options`` entry (an option crosses only
        cards in front of the seat)."""
        s = self.seats[seat]
        extras: list[tuple[int, int]] = []
        for sl in (0, 1):
            extra = final[sl] & ~s.masks[sl] & ~(main if sl == slot else 0)
            extras.extend((s.card(sl), c) for c in cells_of(extra))
        return Cross(s.card(slot), main, tuple(sorted(extras)))

    def legal_moves(self) -> list[Move]:
        if self.phase == "keep":
            dealt = sorted(self.seats[self.to_move].dealt)
            keep = self.rules.data.keep
            return [Keep(tuple(c)) for c in combinations(dealt, keep)]
        if self.phase == "cross":
            crosses: list[Move] = [self.cross_move(self.to_move, *o)
                                   for o in self.options(self.to_move)]
            return crosses or [PASS]
        if self.phase == "take":
            takes: list[Move] = [Take(c) for c in sorted(self.display)]
            if self.deck:
                takes.append(Take(0))
            return takes
        return []

    def apply(self, move: Move) -> None:
        phase = self.phase
        if type(move) is Cross and phase == "cross" or type(move) is Keep and phase == "keep" \
                or type(move) is Pass and phase == "cross":
            # simultaneous choices: collected seat by seat, resolved once all have chosen
            self.history.append(str(move))
            self.pending[self.to_move] = move
            self.to_move += 1
            if self.to_move == self.num_players:
                (self._finish_setup if phase == "keep" else self._resolve_crossings)()
        elif type(move) is Reveal and phase == "reveal":
            self.history.append(str(move))
            self.shape = move.shape
            self.step += 1
            self.phase = "cross"
            self.to_move = 0
            self.pending = [None] * self.num_players
        elif type(move) is Take and phase == "take":
            self.history.append(str(move))
            _, seat, slot = self.takes.pop(0)
            s = self.seats[seat]
            if move.card == 0:
                card = self.deck.pop(0)
            else:
                self.display.remove(move.card)
                card = move.card
            s.hand[slot] = card
            s.masks[slot] = 0
            if self.takes and self.takes[0][1] != seat:  # the end of this seat's action
                self._refill()
            self._next_take()
        else:
            raise IllegalMoveError(f"{move!r} is not a Pyramids move of phase {phase}")

    # --- phases ---------------------------------------------------------------------
    def _finish_setup(self) -> None:
        returned = []
        for s, keep in zip(self.seats, self.pending):
            if not isinstance(keep, Keep):  # (every seat has kept: apply's last keep)
                raise IllegalMoveError(f"{keep!r} is not a keep")
            s.hand = list(keep.cards)
            s.returned = sorted(set(s.dealt) - set(keep.cards))
            returned.extend(s.returned)
        places: list[int | None] = [None] * (len(self.deck) + len(returned))
        for card, pos in zip(returned, self.return_positions):
            places[pos] = card
        rest = iter(self.deck)
        queue = [next(rest) if c is None else c for c in places]
        size = self.rules.data.display
        self.display, self.deck = queue[:size], queue[size:]
        self.pending = [None] * self.num_players
        self.phase = "reveal"

    def _resolve_crossings(self) -> None:
        completions: list[tuple[int, int, int]] = []
        for seat, (s, move) in enumerate(zip(self.seats, self.pending)):
            if not isinstance(move, Cross):
                continue
            before = list(s.masks)
            after = list(before)
            slot = s.hand.index(move.card)
            after[slot] |= move.cells
            for card, c in move.extras:
                after[s.hand.index(card)] |= 1 << c
            effect = action_effect(self.cards_of(seat), before, after)
            s.masks = after
            self._score(s, effect)
            for sl in effect.completed:
                completions.append((s.card(sl), seat, sl))
        completions.sort()
        milestones = self.rules.data.pyramid_milestones
        colours = self.rules.colours
        claims = []
        for order, seat, slot in completions:
            s = self.seats[seat]
            colour = colours[order]
            s.completed.append(order)
            s.hand[slot] = None
            s.masks[slot] = 0
            n = sum(colours[o] == colour for o in s.completed)
            if n in milestones:
                claims.append((order, seat, colour, milestones.index(n)))
        points = self.rules.data.pyramid_points
        for order, seat, colour, index in claims:  # already sorted by order number
            if self.num_players == 1:
                self.seats[seat].pyramid.append((colour, points[index]))
            elif self.tiers[colour] < len(points):
                self.seats[seat].pyramid.append((colour, points[self.tiers[colour]]))
                self.tiers[colour] += 1
        self.takes = replacement_order(completions)
        self.pending = [None] * self.num_players
        self.phase = "take"
        self._next_take()

    def _score(self, s: Seat, effect: ActionEffect) -> None:
        cap = self.rules.data.gems_per_colour
        s.red = min(cap, s.red + effect.red)
        s.green = min(cap, s.green + effect.green)
        if effect.torches and self.round < len(s.torches):
            s.torches[self.round] = True
        s.skulls = update_skulls(s.skulls, effect.skulls, effect.potions,
                                 len(self.rules.data.skull_penalties))

    def _next_take(self) -> None:
        if self.takes and (self.display or self.deck):
            self.to_move = self.takes[0][1]
            return
        self.takes = []  # nothing left to take: the slots stay empty
        self._refill()
        self._end_action()

    def _refill(self) -> None:
        while len(self.display) < self.rules.data.display and self.deck:
            self.display.append(self.deck.pop(0))

    def _end_action(self) -> None:
        self.shape = None
        if self.step >= self.steps_per_round:
            self.round += 1
            self.step = 0
        self.phase = "over" if self.round >= self.rounds else "reveal"

    # --- results --------------------------------------------------------------------
    def breakdown(self, seat: int) -> dict[str, int]:
        """Score-card totals of ``seat`` (the terms of the final score)."""
        s = self.seats[seat]
        d = self.rules.data
        torches = sum(s.torches)
        pyramid = sum(p for _, p in s.pyramid)
        gems = gem_points(s.red, s.green, d.gem_pair_points, d.single_gem_points)
        skull = d.skull_penalties[s.skulls - 1] if s.skulls else 0
        cards = d.card_points * len(s.completed)
        total = final_score(torches=torches, pyramid_points=pyramid, red=s.red, green=s.green,
                            skull_penalty=skull, completed=len(s.completed),
                            torch_points=d.torch_points, card_points=d.card_points,
                            pair=d.gem_pair_points, single=d.single_gem_points)
        return {"cards": cards, "torches": d.torch_points * torches, "pyramid": pyramid,
                "gems": gems, "skulls": -skull, "total": total}

    def score(self, seat: int) -> int:
        return self.breakdown(seat)["total"]

    def returns(self) -> list[float]:
        return [float(self.score(i)) for i in range(self.num_players)]

    def winners(self) -> list[int]:
        scores = [self.score(i) for i in range(self.num_players)]
        best = max(scores)
        tied = [i for i in range(self.num_players) if scores[i] == best]
        if len(tied) == 1:
            return tied
        # ties: lowest order number among completed cards; no completed card loses the tie
        key = {i: min(self.seats[i].completed, default=10**9) for i in tied}
        low = min(key.values())
        return [i for i in tied if key[i] == low]

    def information_set_key(self, seat: int) -> Hashable:
        own = self.seats[seat]
        own_private = (tuple(own.dealt), tuple(own.returned), str(self.pending[seat]))
        public = tuple(s.public() for s in self.seats) if self.phase != "keep" else ()
        chosen = tuple(p is not None for p in self.pending)
        revealed = tuple(self.expedition[self.round][: self.step]) if self.round < self.rounds else ()
        return (seat, self.phase, self.round, self.step, self.shape, self.to_move, revealed,
                own_private, public, chosen, tuple(self.display), len(self.deck),
                tuple(self.takes), tuple(sorted(self.tiers.items())))

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """Resample what ``seat`` cannot see: the deck order, the unrevealed expedition
        cards, the other seats' dealt cards (during setup) and their hidden choices.

        Every hidden collection is sorted before it is shuffled, so the sampled world is a
        function of what ``seat`` has seen and the random stream only (never of the true
        hidden order)."""
        world = self.clone()
        if world.phase == "keep":
            pool = list(world.deck)
            for i, s in enumerate(world.seats):
                if i != seat:
                    pool.extend(s.dealt)
            pool.sort()
            rng.shuffle(pool)
            for i, s in enumerate(world.seats):
                if i != seat:
                    s.dealt = sorted(pool[: len(s.dealt)])
                    pool = pool[len(s.dealt):]
            world.deck = pool
            size = len(world.deck) + sum(len(s.dealt) - world.rules.data.keep for s in world.seats)
            world.return_positions = rng.sample(range(size), len(world.return_positions))
            for i in range(world.num_players):
                if i != seat and world.pending[i] is not None:
                    moves = world._moves_for(i)
                    world.pending[i] = moves[rng.randrange(len(moves))]
        else:
            world.deck.sort()
            rng.shuffle(world.deck)
            if world.phase == "cross":
                for i in range(world.num_players):
                    if i != seat and world.pending[i] is not None:
                        moves = world._moves_for(i)
                        world.pending[i] = moves[rng.randrange(len(moves))]
        for r in range(world.round, world.rounds):
            order = world.expedition[r]
            start = world.step if r == world.round else 0
            rest = sorted(order[start:])
            rng.shuffle(rest)
            world.expedition[r] = order[:start] + rest
        return world

    def _moves_for(self, seat: int) -> list[Move]:
        actor = self.to_move
        self.to_move = seat
        try:
            return self.legal_moves()
        finally:
            self.to_move = actor

    def to_json(self) -> dict[str, Any]:
        return {
            "phase": self.phase, "round": self.round + 1, "step": self.step,
            "shape": self.shape, "to_move": self.to_move, "display": list(self.display),
            "deck": list(self.deck),
            "expedition": [list(e) for e in self.expedition],
            "seats": [{
                "hand": list(s.hand), "crossed": list(s.masks), "dealt": list(s.dealt),
                "red_gems": s.red, "green_gems": s.green, "torches": list(s.torches),
                "skulls": s.skulls, "completed": list(s.completed),
                "pyramid_points": [list(p) for p in s.pyramid],
            } for s in self.seats],
            "pending": [None if p is None else str(p) for p in self.pending],
            "history": list(self.history),
        }


if TYPE_CHECKING:  # mypy checks this engine against the game protocol
    _CONFORMS: type[State[Move]] = PyramidsState
