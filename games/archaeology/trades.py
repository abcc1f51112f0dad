"""A whole trade, and a whole sandstorm discard, as one decision: the rules' and the
notation's side.

The engine plays a trade as ``take``/``give`` steps (``state``: every minimal trade
reachable once, few moves per search node); a player decides on the whole trade
(``trade GIVES for TAKES``, ``moves``). Likewise a seat's sandstorm discard is one
``discard`` step per card (card order, each multiset reached once), where a player
chooses the cards at once (``discard CARDS``, a ``DISCARDS`` move). These helpers
translate between the two: :func:`trading` and :func:`discarding` tell whether such a
decision is in progress (not finished yet), :func:`whole_trade` and :func:`whole_discard`
name the one move a run of steps makes, :func:`example_decisions` lists a position's
decisions as a player makes them (``digsite notation``). How the hints and reviews count
a trade or a discard as one decision is solver code (``solvers.archaeology.trades``).

>>> import cards_data
>>> from games.archaeology import example_view, parse_text, state_from_view
>>> data = cards_data.load("archaeology")
>>> state, _ = state_from_view(example_view(data), data, 0)
>>> steps = [parse_text(text) for text in ("take talisman", "give coin", "give coin")]
>>> str(whole_trade(state, steps))
'trade coin coin for talisman'
>>> str(whole_discard(state, [parse_text("discard coin"), parse_text("discard coin")]))
'discard coin coin'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .hidden import R_DISCARD
from .moves import DISCARD, DISCARDS, GIVE, TAKE, MoveBase
from .rules import P_STORM

if TYPE_CHECKING:  # (the state module imports the moves this one does)
    from .state import ArchaeologyState

__all__ = ["trading", "whole_trade", "discarding", "storm_discarded", "storm_shares",
           "whole_discard", "example_decisions"]


def trading(state: ArchaeologyState) -> bool:
    """Whether a trade is being built (its steps so far taken, the gives not covering)."""
    return state.trade_takes is not None


def whole_trade(state: ArchaeologyState, steps: Sequence[MoveBase]) -> MoveBase:
    """The one move the ``steps`` make: the whole trade of ``take``/``give`` steps, or a
    lone move of another kind itself."""
    return state.rules.move_type.trade_of(tuple(steps))


def discarding(state: ArchaeologyState) -> bool:
    """Whether the seat to act is in the middle of its sandstorm discard: it has discarded
    at least one card of this sandstorm and owes more (still its turn to discard).

    ``storm_begun`` says so: ``storm_last`` cannot (a pot shard is card 0, as before any
    discard), nor the record of a written position (none; its ``sandstorm.last`` tells),
    and a record's run of discards may end the sandstorm dug just before this one (two
    sandstorms in a row: that discard is not this one's, :func:`storm_discarded`)."""
    return state.phase == P_STORM and state.storm_begun


def storm_discarded(state: ArchaeologyState) -> int:
    """How many cards the seat to act has discarded in this sandstorm so far. The public
    record ends with the seat's discards of this sandstorm, after those of the sandstorms
    dug just before it if nothing came between (a sandstorm's dig is no event): each of
    those took half the hand it found, the cards before it, and this one owes half of
    the hand it found, less what it took (:func:`storm_shares`).

    A written position has no record: 0 (its ``sandstorm.last`` tells whether a discard
    is under way, :func:`discarding`, not how many cards it took)."""
    seat, taken = state.to_move, 0
    record = state.record
    while record.prev is not None and record.event[0] == R_DISCARD and \
            record.event[1] == seat:
        taken += 1
        record = record.prev
    hand = state.hand_sizes[seat] + taken
    shares = storm_shares(hand, taken)
    found = hand - sum(shares[:-1])  # (the hand the last of them found)
    return 0 if not shares or shares[-1] == found // 2 else shares[-1]


def storm_shares(hand: int, discards: int) -> list[int]:
    """How a seat's run of ``discards`` sandstorm discards in a row (no event between),
    from a hand of ``hand`` cards before the first, falls into the sandstorms dug in a
    row: each took half the hand it found, rounded down, the last perhaps under way (one
    seat discards last at a sandstorm and first at the next one dug after it).

    >>> storm_shares(8, 6), storm_shares(8, 4), storm_shares(8, 5)
    ([4, 2], [4], [4, 1])
    """
    shares: list[int] = []
    while discards > 0:
        # (a run no halves make, which no game record holds: one share, as it was read)
        share = min(hand // 2, discards) or discards
        shares.append(share)
        hand -= share
        discards -= share
    return shares


def whole_discard(state: ArchaeologyState, steps: Sequence[MoveBase]) -> MoveBase:
    """The one move the ``discard`` ``steps`` make from ``state`` (a seat's sandstorm turn
    to discard): the whole discard of their cards (``discard CARDS``), or the one
    ``discard`` of a seat that owes one card. One step of a seat that owes more is a
    whole discard of one card, which no ``parse_move`` makes (a player's one-card
    ``discard`` is the step): a hint counts it as no decision of its own."""
    if len(steps) == 1 and steps[0].kind == DISCARD and state.storm_left == 1:
        return steps[0]
    return state.rules.move_type.make(DISCARDS, tuple(sorted(m.a for m in steps)))


def example_decisions(state: ArchaeologyState) -> list[MoveBase]:
    """The decisions of ``state`` as a player makes them, for ``digsite notation``: its
    legal moves, each ``take`` replaced by a whole trade it starts (the shortest way on:
    the first legal give, else the first legal step)."""
    out: list[MoveBase] = []
    for move in state.legal_moves():
        if move.kind != TAKE or trading(state):
            out.append(move)
            continue
        probe, steps = state.clone(), [move]
        probe.apply(move)
        while trading(probe):
            steps_now = probe.legal_moves()
            step = next((m for m in steps_now if m.kind == GIVE), steps_now[0])
            probe.apply(step)
            steps.append(step)
        out.append(whole_trade(state, steps))
    return out
