"""A solo Pyramids deal in solver form, shared by the CP-SAT model and the exhaustive
baseline, and the acquisition rule both encode."""

from __future__ import annotations

from dataclasses import dataclass

from games.errors import NoSolutionError
from games.pyramids import state_from_deal

__all__ = ["SoloInstance", "acquisition_ok"]


@dataclass(frozen=True)
class SoloInstance:
    """A solo deal in solver form."""

    dealt: tuple[int, ...]
    rest: tuple[int, ...]  # undealt cards, in deck order
    return_positions: tuple[int, ...]
    shapes: tuple[str, ...]  # the revealed expedition card of every step
    steps_per_round: int

    @classmethod
    def from_deal(cls, deal: dict, data) -> "SoloInstance":
        state_from_deal(deal, data)  # validation
        if deal["players"] != 1:
            raise NoSolutionError("best-score solves solo deals (players = 1)")
        steps = deal.get("steps_per_round", data.expeditions_per_round)
        shapes = tuple(s for order in deal["expedition"] for s in order[:steps])
        return cls(tuple(deal["dealt"][0]), tuple(deal["deck"]), tuple(deal["return_positions"]),
                   shapes, steps)

    def queue(self, kept) -> list[int]:
        """The queue after setup (display first) when ``kept`` are kept."""
        returned = sorted(set(self.dealt) - set(kept))
        queue: list = [None] * (len(self.rest) + len(returned))
        for card, pos in zip(returned, self.return_positions):
            queue[pos] = card
        rest = iter(self.rest)
        return [next(rest) if c is None else c for c in queue]


def acquisition_ok(queue, picks_per_step, display: int = 4) -> bool:
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
