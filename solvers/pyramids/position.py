"""A solo Pyramids position in solver form: the deal's start or any point of a game.

The best-score methods of issue 21 start from any position, not only from the deal
(``review`` asks for the best score still reachable after each decision). A position is
what carries into the rest of the game:

* ``step``: the next expedition card to cross, counted over the whole game (0..T; T is
  the end), with every shape of the game in ``shapes``;
* ``hand``: the cards in front of the player with their crossed boxes, and ``takes``:
  replacements still owed in the current action (the take decision);
* the queue: ``display`` (face up) and ``deck`` (in order). The next card taken is any
  display card or the top of the deck, and the display is refilled after each action, so
  a display card needs one more acquisition and ``deck[i]`` needs ``i + 1``;
* before the keep (``dealt`` non-empty): the dealt cards, two of which are kept; the two
  others go back into the queue at the deal's return slots (``rest``, ``return_positions``);
* the score card: ``red``, ``green``, the skull track ``skulls``, ``torches`` per round,
  ``completed`` cards (order numbers).

>>> import cards_data
>>> from games.pyramids import make_deal
>>> data = cards_data.load("pyramids")
>>> deal = make_deal(players=1, seed=1, data=data, rounds=1)
>>> start = SoloPosition.from_deal(deal, data)
>>> start.step, start.keep_pending, start.score_so_far(data)
(0, True, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cards_data.pyramids import PyramidsData
from games.errors import InvalidStateError
from games.pyramids import PyramidsState
from games.pyramids.rules import final_score
from solvers.verify import require_solo

from .bound import pyramid_points
from .instance import QueueWindows, SoloInstance

__all__ = ["SoloPosition"]


@dataclass(frozen=True)
class SoloPosition:
    """A solo position (module docstring)."""

    shapes: tuple[str, ...]
    steps_per_round: int
    step: int
    hand: tuple[tuple[int, int], ...] = ()         # (card, crossed mask)
    takes: int = 0
    display: tuple[int, ...] = ()
    deck: tuple[int, ...] = ()
    dealt: tuple[int, ...] = ()                    # before the keep only
    rest: tuple[int, ...] = ()                     # before the keep: the undealt cards
    return_positions: tuple[int, ...] = ()         # before the keep
    red: int = 0
    green: int = 0
    skulls: int = 0
    torches: tuple[bool, ...] = ()
    completed: tuple[int, ...] = ()

    # --- construction -----------------------------------------------------------------
    @classmethod
    def from_deal(cls, deal: dict[str, Any], data: PyramidsData) -> "SoloPosition":
        """The deal's start: the keep is still to choose."""
        inst = SoloInstance.from_deal(deal, data)
        return cls(inst.shapes, inst.steps_per_round, 0, dealt=tuple(sorted(inst.dealt)),
                   rest=inst.rest, return_positions=inst.return_positions,
                   torches=(False,) * inst.rounds)

    @classmethod
    def from_state(cls, state: PyramidsState) -> "SoloPosition":
        """The position of an engine ``state`` of a solo game at a decision (keep, cross or
        take), between decisions, or at the end (the state holds its deal's expedition
        cards, the queue and, before the keep, the return slots)."""
        require_solo(state.num_players)
        spr = state.steps_per_round
        shapes = tuple(s for order in state.expedition for s in order[:spr])
        s = state.seats[0]
        if state.phase == "keep":
            return cls(shapes, spr, 0, dealt=tuple(sorted(s.dealt)), rest=tuple(state.deck),
                       return_positions=tuple(state.return_positions),
                       torches=(False,) * state.rounds)
        if state.phase == "cross":
            step = state.round * spr + state.step - 1
        elif state.phase == "over":
            step = len(shapes)
        else:  # reveal: the next card is the next step; take: the crossing is done
            step = state.round * spr + state.step
        if state.phase == "cross" and state.pending[0] is not None:
            raise InvalidStateError("the crossing of this step is chosen but not resolved")
        hand = tuple((o, m) for o, m in zip(s.hand, s.masks) if o is not None)
        return cls(shapes, spr, step, hand, len(state.takes) if state.phase == "take" else 0,
                   tuple(sorted(state.display)), tuple(state.deck), red=s.red, green=s.green,
                   skulls=s.skulls, torches=tuple(s.torches), completed=tuple(s.completed))

    # --- what the solvers ask ---------------------------------------------------------
    @property
    def T(self) -> int:
        return len(self.shapes)

    @property
    def rounds(self) -> int:
        return len(self.torches)

    @property
    def keep_pending(self) -> bool:
        return bool(self.dealt)

    @property
    def over(self) -> bool:
        return self.step >= self.T

    def round_of(self, t: int) -> int:
        return t // self.steps_per_round

    def torch_open(self, r: int) -> bool:
        """Whether round ``r``'s torch can still be won from here."""
        return r >= self.round_of(self.step) and not self.torches[r] and r < self.rounds

    def colour_counts(self, data: PyramidsData) -> list[int]:
        colours = list(data.colours)
        counts = [0] * len(colours)
        for order in self.completed:
            counts[colours.index(data.card(order).colour)] += 1
        return counts

    def score_so_far(self, data: PyramidsData) -> int:
        """The score card's total now (what the position has already won, net)."""
        pyramid = sum(pyramid_points(data, n) for n in self.colour_counts(data))
        skull = data.skull_penalties[self.skulls - 1] if self.skulls else 0
        return final_score(torches=sum(self.torches), pyramid_points=pyramid, red=self.red,
                           green=self.green, skull_penalty=skull, completed=len(self.completed),
                           torch_points=data.torch_points, card_points=data.card_points,
                           pair=data.gem_pair_points, single=data.single_gem_points)

    def queue_needs(self, data: PyramidsData) -> list[tuple[int, int]]:
        """``(card, acquisitions it needs from now)`` for every card that can still be taken
        (the kept-or-returned dealt cards of a deal start excepted: ``returned_needs``)."""
        if self.keep_pending:
            inst = SoloInstance(self.dealt, self.rest, self.return_positions, self.shapes,
                                self.steps_per_round)
            return [(card, QueueWindows.needed(p, data.display))
                    for p, card in sorted(inst.undealt_slots().items())]
        return [(c, 1) for c in self.display] + [(c, i + 1) for i, c in enumerate(self.deck)]

    def returned_needs(self, data: PyramidsData) -> int:
        """Before the keep: acquisitions a returned dealt card needs at the least (it goes
        back at one of the deal's return slots)."""
        return QueueWindows.needed(min(self.return_positions), data.display)
