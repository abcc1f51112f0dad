"""Pure rules of Silver & Gold: Pyramids: card geometry, crossing options, scoring.

Everything here is a function of plain values (cards, 25-bit crossed masks, counts), so
the state machine (``games.pyramids.state``), the solvers and the tests share one source
of truth. The decisions on ambiguous rules are listed in ``games.pyramids``.

>>> final_score(torches=2, pyramid_points=19, red=6, green=3, skull_penalty=6, completed=7)
111
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from grids.cells import ALL_MASK, cell_name, cells_of, parse_cell, popcount
from grids.polyomino import SHAPES, placements

from ..errors import InvalidMoveError

__all__ = [
    "COL_A", "COL_E", "adjacent", "frontier", "shape_masks", "pattern_options", "main_options",
    "extras_closure", "crossing_options", "ActionEffect", "action_effect", "update_skulls",
    "final_score", "gem_points", "Cross", "Keep", "Take", "Reveal", "Pass", "PASS",
    "parse_move_text", "is_connected_region",
]

COL_A = sum(1 << (r * 5) for r in range(5))
COL_E = sum(1 << (r * 5 + 4) for r in range(5))


def adjacent(mask: int) -> int:
    """Cells orthogonally next to ``mask`` (not including ``mask`` itself)."""
    out = (mask >> 5) | ((mask << 5) & ALL_MASK) | ((mask & ~COL_A) >> 1) | ((mask & ~COL_E) << 1)
    return out & ~mask


def frontier(card, crossed: int) -> int:
    """Cells where a single box may be crossed: the entrance of an empty card, else the
    free open cells next to the crossed region."""
    if card is None:
        return 0
    if not crossed:
        return 1 << card.entrance
    return adjacent(crossed) & card.open & ~crossed


def is_connected_region(card, crossed: int) -> bool:
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


@lru_cache(maxsize=None)
def shape_masks(shape: str) -> tuple[int, ...]:
    """Every placement mask of expedition pattern ``shape`` (rotations and mirrors)."""
    return placements(SHAPES[shape], mirrors=True)


def pattern_options(card, crossed: int, shape: str) -> list[int]:
    """Placements of expedition pattern ``shape`` (any rotation or mirror image) that are
    legal on ``card``: open, uncrossed cells, holding the entrance if the card is empty,
    else touching the crossed region."""
    blocked = card.walls | crossed
    touch = (1 << card.entrance) if not crossed else adjacent(crossed)
    return [m for m in shape_masks(shape) if not m & blocked and m & touch]


def main_options(card, crossed: int, shape: str | None) -> list[int]:
    """Pattern placements first, then single boxes (as 1-cell masks), deterministic order."""
    out = pattern_options(card, crossed, shape) if shape else []
    out.extend(1 << c for c in cells_of(frontier(card, crossed)))
    return out


def extras_closure(cards, masks: tuple[int, int], pending: int) -> list[tuple[int, int]]:
    """Every final pair of crossed masks reachable by crossing the ``pending`` extra boxes
    forced by red crosses (chaining on further red crosses), in a deterministic order.

    An extra box may go on either card (same connection rule). When no legal box is left on
    either card the remaining obligation lapses (documented decision)."""
    if pending == 0:
        return [masks]
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
            stack.append((m0 | bit, m1, pend - 1 + (cards[0].icons["red_cross"] >> c & 1)))
        for c in cells_of(f1):
            bit = 1 << c
            stack.append((m0, m1 | bit, pend - 1 + (cards[1].icons["red_cross"] >> c & 1)))
    return sorted(results)


def crossing_options(cards, masks, shape: str | None) -> list[tuple[int, int, tuple[int, int]]]:
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


def action_effect(cards, before, after) -> ActionEffect:
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


# --- moves ------------------------------------------------------------------------------

@dataclass(frozen=True, slots=True, order=True)
class Cross:
    """Cross ``cells`` (a pattern placement or one box) on the card numbered ``card``,
    then the extra boxes ``extras`` ((card, cell) pairs, sorted) forced by red crosses.
    Text: ``12:A1,A2,B2 +30:C3``."""

    card: int
    cells: int
    extras: tuple[tuple[int, int], ...] = ()

    def __str__(self) -> str:
        text = f"{self.card}:" + ",".join(cell_name(c) for c in cells_of(self.cells))
        return text + "".join(f" +{card}:{cell_name(c)}" for card, c in self.extras)


@dataclass(frozen=True, slots=True, order=True)
class Keep:
    """Keep these two dealt cards (sorted order numbers); return the others."""

    cards: tuple[int, ...]

    def __str__(self) -> str:
        return "keep " + ",".join(str(c) for c in self.cards)


@dataclass(frozen=True, slots=True, order=True)
class Take:
    """Replace a completed card by display card ``card``, or the deck top (``card=0``)."""

    card: int

    def __str__(self) -> str:
        return "take deck" if self.card == 0 else f"take {self.card}"


@dataclass(frozen=True, slots=True, order=True)
class Reveal:
    """Chance: reveal expedition card ``shape``."""

    shape: str

    def __str__(self) -> str:
        return f"reveal {self.shape}"


@dataclass(frozen=True, slots=True, order=True)
class Pass:
    """No crossing is possible (both card slots empty once the deck and display ran out)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()


def _int(text: str, where: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise InvalidMoveError(f"move {where!r}: {text!r} is not a card number") from None


def _card_cell(part: str, where: str) -> tuple[int, int]:
    if ":" not in part:
        raise InvalidMoveError(f"move {where!r}: expected CARD:CELL, got {part!r}")
    card, cells = part.split(":", 1)
    try:
        return _int(card, where), parse_cell(cells)
    except ValueError as exc:
        if isinstance(exc, InvalidMoveError):
            raise
        raise InvalidMoveError(f"move {where!r}: {exc}") from None


def parse_move_text(text: str):
    """Parse move text (no legality check): ``keep 3,17``, ``take 12``, ``take deck``,
    ``reveal I3``, ``pass`` or ``12:A1,A2,B2 +30:C3``."""
    raw = " ".join(str(text).split())
    if not raw:
        raise InvalidMoveError("empty move text")
    head, _, rest = raw.partition(" ")
    if head == "pass" and not rest:
        return PASS
    if head == "keep":
        cards = tuple(sorted(_int(p, raw) for p in rest.split(",") if p.strip()))
        return Keep(cards)
    if head == "take":
        return Take(0 if rest == "deck" else _int(rest, raw))
    if head == "reveal":
        if rest not in SHAPES:
            raise InvalidMoveError(f"move {raw!r}: unknown expedition pattern {rest!r}")
        return Reveal(rest)
    parts = raw.split(" ")
    main = parts[0]
    if ":" not in main:
        raise InvalidMoveError(f"move {raw!r} does not parse (expected e.g. '12:A1,A2 +30:C3')")
    card_text, cells_text = main.split(":", 1)
    card = _int(card_text, raw)
    mask = 0
    for name in cells_text.split(","):
        try:
            bit = 1 << parse_cell(name)
        except ValueError as exc:
            raise InvalidMoveError(f"move {raw!r}: {exc}") from None
        if mask & bit:
            raise InvalidMoveError(f"move {raw!r}: cell {name} twice")
        mask |= bit
    extras = []
    for part in parts[1:]:
        if not part.startswith("+"):
            raise InvalidMoveError(f"move {raw!r}: extra boxes are written +CARD:CELL")
        extras.append(_card_cell(part[1:], raw))
    return Cross(card, mask, tuple(sorted(extras)))
