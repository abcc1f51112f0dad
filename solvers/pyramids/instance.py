"""A solo Pyramids deal in solver form, shared by the CP-SAT model, the deal bound and the
exhaustive baseline: the acquisition rule they all encode and the queue windows.

>>> import cards_data
>>> from games.pyramids import make_deal
>>> data = cards_data.load("pyramids")
>>> inst = SoloInstance.from_deal(make_deal(players=1, seed=1, data=data), data)
>>> len(inst.shapes), inst.steps_per_round
(28, 7)
>>> windows = QueueWindows.of(inst, data)
>>> windows.first_step(0) >= 1       # a display card needs a completion first
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from cards_data.pyramids import PyramidsData
from games.pyramids import state_from_deal
from games.pyramids.rules import shape_masks
from grids.cells import popcount
from solvers.verify import require_solo

__all__ = ["SoloInstance", "QueueWindows", "acquisition_ok", "completion_possible"]


@dataclass(frozen=True)
class SoloInstance:
    """A solo deal in solver form."""

    dealt: tuple[int, ...]
    rest: tuple[int, ...]  # undealt cards, in deck order
    return_positions: tuple[int, ...]
    shapes: tuple[str, ...]  # the revealed expedition card of every step
    steps_per_round: int

    @classmethod
    def from_deal(cls, deal: dict[str, Any], data: PyramidsData) -> "SoloInstance":
        require_solo(state_from_deal(deal, data).num_players)
        steps = deal.get("steps_per_round", data.expeditions_per_round)
        shapes = tuple(s for order in deal["expedition"] for s in order[:steps])
        return cls(tuple(deal["dealt"][0]), tuple(deal["deck"]), tuple(deal["return_positions"]),
                   shapes, steps)

    @property
    def rounds(self) -> int:
        return (len(self.shapes) + self.steps_per_round - 1) // self.steps_per_round

    def queue(self, kept: Iterable[int]) -> list[int]:
        """The queue after setup (display first) when ``kept`` are kept."""
        returned = sorted(set(self.dealt) - set(kept))
        queue: list[int | None] = [None] * (len(self.rest) + len(returned))
        for card, pos in zip(returned, self.return_positions):
            queue[pos] = card
        rest = iter(self.rest)
        return [next(rest) if c is None else c for c in queue]

    def undealt_slots(self) -> dict[int, int]:
        """``{queue position: card}`` of the undealt cards (the return slots left out):
        these positions do not depend on the keep choice."""
        slots: dict[int, int] = {}
        rest = iter(self.rest)
        for p in range(len(self.rest) + len(self.return_positions)):
            if p not in self.return_positions:
                slots[p] = next(rest)
        return slots


def completion_possible(data: PyramidsData, shapes: Sequence[str]
                        ) -> Callable[[int, int], bool]:
    """``possible(k, t)``: whether ``k`` completions by the end of step ``t`` fit the
    boxes: the ``k`` shortest entrance→tomb paths of the data must fit in the pattern
    boxes of steps ``0..t`` plus one extra box per red cross of the ``k + 2`` cards with
    the most (a valid, deal-independent count)."""
    paths = sorted(c.shortest_path() for c in data.cards)
    reds = sorted((popcount(c.icons["red_cross"]) for c in data.cards), reverse=True)
    cumulative, total = [], 0
    for shape in shapes:
        total += max(popcount(shape_masks(shape)[0]), 1)
        cumulative.append(total)

    def possible(k: int, t: int) -> bool:
        if t < 0:
            return k <= 0
        if k > len(paths):
            return False
        return sum(paths[:k]) <= cumulative[t] + sum(reds[:k + 2])

    return possible


@dataclass(frozen=True)
class QueueWindows:
    """Which queue positions can ever be taken, and from which step.

    The ``k``-th new card is any card not yet taken among the first ``4 + k`` of the queue
    (``acquisition_ok``), so the card at position ``p`` needs ``max(1, p - 3)`` completions
    before it; ``completion_possible`` bounds when that many can have happened.
    """

    steps: int
    positions: int                  # queue positions that matter (0..positions-1)
    first_acquisition: tuple[int, ...]  # per position: the first step it can be taken at

    @classmethod
    def of(cls, inst: SoloInstance, data: PyramidsData) -> "QueueWindows":
        T = len(inst.shapes)
        possible = completion_possible(data, inst.shapes)
        kmax = 0
        while T >= 2 and possible(kmax + 1, T - 2) and kmax < len(inst.rest):
            kmax += 1
        positions = min(len(inst.rest) + len(inst.return_positions), data.display + kmax)
        first = []
        for p in range(positions):
            need = cls.needed(p, data.display)
            first.append(next((t for t in range(T - 1) if possible(need, t)), T))
        return cls(T, positions, tuple(first))

    @staticmethod
    def needed(position: int, display: int = 4) -> int:
        """Completions needed before the card at ``position`` can be taken."""
        return max(1, position - display + 1)

    def first_step(self, position: int) -> int:
        """The first step a card taken from ``position`` can be crossed at."""
        return self.first_acquisition[position] + 1


def acquisition_ok(queue: Sequence[int], picks_per_step: Iterable[Iterable[int]],
                   display: int = 4) -> bool:
    """The acquisition rule the model encodes, in plain Python (tested against the engine):
    ``picks_per_step`` lists, per action, the set of cards taken; ``display`` is the
    display size."""
    taken: set[int] = set()
    count = 0
    position = {c: p for p, c in enumerate(queue)}
    for picks in picks_per_step:
        picks = set(picks)
        if picks & taken or len(picks) > 2:
            return False
        count += len(picks)
        last_allowed = display - 1 + count
        for c in picks:
            if c not in position or position[c] > last_allowed:
                return False
        if len(picks) == 2:
            at_last = [c for c in picks if position[c] == last_allowed]
            if at_last and queue[last_allowed - 1] not in picks:
                return False
        taken |= picks
    return True
