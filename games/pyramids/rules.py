"""Pure rules of Silver & Gold: Pyramids: card geometry, crossing options, scoring, and
the card tables a state carries (``Rules``).

Everything here is a function of plain values (cards, 25-bit crossed masks, counts), so
the state machine (``games.pyramids.state``), the solvers and the tests share one source
of truth. The decisions on ambiguous rules are listed in ``games.pyramids.state``.

>>> final_score(torches=2, pyramid_points=19, red=6, green=3, skull_penalty=6, completed=7)
111
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from cards_data.pyramids import PyramidCard, PyramidsData
from grids.cells import adjacent, cells_of, popcount
from grids.polyomino import SHAPES, placements

from ..protocol import derived

__all__ = [
    "Rules", "rules_for", "frontier", "shape_masks", "pattern_options", "main_options",
    "extras_closure", "crossing_options", "ActionEffect", "action_effect", "update_skulls",
    "final_score", "gem_points", "is_connected_region",
]

#: The two cards in front of a seat (``None`` for an empty slot).
Slots = Sequence["PyramidCard | None"]


def frontier(card: PyramidCard | None, crossed: int) -> int:
    """Cells where a single box may be crossed: the entrance of an empty card, else the
    free open cells next to the crossed region."""
    if card is None:
        return 0
    if not crossed:
        return 1 << card.entrance
    return adjacent(crossed) & card.open & ~crossed


def is_connected_region(card: PyramidCard, crossed: int) -> bool:
    """Whether ``crossed`` is a legal crossed region: open cells, connected, holding the
    entrance (or empty)."""
    if crossed & card.walls:
        return False
    if not crossed:
        return True
    if not crossed >> card.entrance & 1:
        return False
    seen = 1 << card.entrance
    while True:
        grown = seen | (adjacent(seen) & crossed)
        if grown == seen:
            return seen == crossed
        seen = grown


@dataclass(frozen=True)
class Rules:
    """The card data of a game (``data``, a ``cards_data.PyramidsData``) and the tables
    derived from it once: ``cards[order]`` is the card numbered ``order`` (``cards[0]`` is
    ``None``) and ``colours[order]`` its colour (``colours[0]`` is ``""``)."""

    data: PyramidsData
    cards: tuple[PyramidCard | None, ...]
    colours: tuple[str, ...]

    @classmethod
    def build(cls, data: PyramidsData) -> "Rules":
        cards = (None,) + tuple(data.cards)
        return cls(data, cards, ("",) + tuple(card.colour for card in data.cards))


def rules_for(data: PyramidsData) -> Rules:
    """The (shared) ``Rules`` of ``data``."""
    return derived(data, Rules.build)


@lru_cache(maxsize=None)
def shape_masks(shape: str) -> tuple[int, ...]:
    """Every placement mask of expedition pattern ``shape`` (rotations and mirrors)."""
    return placements(SHAPES[shape], mirrors=True)


def pattern_options(card: PyramidCard, crossed: int, shape: str) -> list[int]:
    """Placements of expedition pattern ``shape`` (any rotation or mirror image) that are
    legal on ``card``: open, uncrossed cells, holding the entrance if the card is empty,
    else touching the crossed region."""
    blocked = card.walls | crossed
    touch = (1 << card.entrance) if not crossed else adjacent(crossed)
    return [m for m in shape_masks(shape) if not m & blocked and m & touch]


def main_options(card: PyramidCard, crossed: int, shape: str | None) -> list[int]:
    """Pattern placements first, then single boxes (as 1-cell masks), deterministic order."""
    out = pattern_options(card, crossed, shape) if shape else []
    out.extend(1 << c for c in cells_of(frontier(card, crossed)))
    return out


def extras_closure(cards: Slots, masks: tuple[int, int], pending: int
                   ) -> list[tuple[int, int]]:
    """Every final pair of crossed masks reachable by crossing the ``pending`` extra boxes
    forced by red crosses (chaining on further red crosses), in a deterministic order.

    An extra box may go on either card (same connection rule). When no legal box is left on
    either card the remaining obligation lapses (documented decision)."""
    if pending == 0:
        return [masks]
    # the red crosses of each card (an empty slot has no box to cross)
    red0, red1 = (0 if card is None else card.icons["red_cross"] for card in cards)
    results: dict[tuple[int, int], None] = {}
    seen: set[tuple[int, int, int]] = set()
    stack = [(masks[0], masks[1], pending)]
    while stack:
        m0, m1, pend = stack.pop()
        if (m0, m1, pend) in seen:
            continue
        seen.add((m0, m1, pend))
        if pend == 0:
            results[(m0, m1)] = None
            continue
        f0, f1 = frontier(cards[0], m0), frontier(cards[1], m1)
        if not f0 and not f1:
            results[(m0, m1)] = None  # nothing legal left: the obligation lapses
            continue
        for c in cells_of(f0):
            bit = 1 << c
            stack.append((m0 | bit, m1, pend - 1 + (red0 >> c & 1)))
        for c in cells_of(f1):
            bit = 1 << c
            stack.append((m0, m1 | bit, pend - 1 + (red1 >> c & 1)))
    return sorted(results)


def crossing_options(cards: Slots, masks: Sequence[int], shape: str | None
                     ) -> list[tuple[int, int, tuple[int, int]]]:
    """All legal actions for one expedition card as ``(slot, main_mask, final_masks)``.

    ``cards`` holds two ``PyramidCard`` or ``None``; ``masks`` their crossed cells. The
    extra boxes are ``final_masks`` minus the main crossing."""
    out = []
    for slot in (0, 1):
        card = cards[slot]
        if card is None:
            continue
        for main in main_options(card, masks[slot], shape):
            after = list(masks)
            after[slot] |= main
            pending = popcount(main & card.icons["red_cross"])
            for final in extras_closure(cards, (after[0], after[1]), pending):
                out.append((slot, main, final))
    return out


@dataclass(frozen=True, slots=True)
class ActionEffect:
    """Icons crossed in one action (main crossing plus its extra boxes)."""

    red: int
    green: int
    torches: int
    skulls: int
    potions: int
    completed: tuple[int, ...]  # slots whose tomb was crossed


def action_effect(cards: Slots, before: Sequence[int], after: Sequence[int]) -> ActionEffect:
    """Count the icons on the cells crossed by one action."""
    counts = {"red_gem": 0, "green_gem": 0, "torch": 0, "skull": 0, "potion": 0}
    completed = []
    for slot in (0, 1):
        card = cards[slot]
        if card is None:
            continue
        new = after[slot] & ~before[slot]
        for name in counts:
            counts[name] += popcount(new & card.icons[name])
        if new >> card.tomb & 1:
            completed.append(slot)
    return ActionEffect(counts["red_gem"], counts["green_gem"], counts["torch"],
                        counts["skull"], counts["potion"], tuple(completed))


def update_skulls(count: int, skulls: int, potions: int, track: int = 10) -> int:
    """Skull track after one action: its skulls are crossed first (capped at the track),
    then each potion wipes the two worst. Crossed skulls always form a prefix of the
    track (new ones take the leftmost free box, wipes remove the rightmost), so the
    track is a count."""
    return max(0, min(track, count + skulls) - 2 * potions)


def gem_points(red: int, green: int, pair: int = 5, single: int = 1) -> int:
    """5 per red+green pair, 1 per leftover gem."""
    pairs = min(red, green)
    return pair * pairs + single * (red + green - 2 * pairs)


def final_score(*, torches: int, pyramid_points: int, red: int, green: int,
                skull_penalty: int, completed: int, torch_points: int = 5,
                card_points: int = 10, pair: int = 5, single: int = 1) -> int:
    """The final score of a score card (the rulebook's worked example is 111)."""
    return (torch_points * torches + pyramid_points + gem_points(red, green, pair, single)
            - skull_penalty + card_points * completed)
