"""Exhaustive memoised search for small solo Pyramids deals (the CP-SAT cross-check).

A depth-first search over every keep choice, every legal action of every expedition card
(from the engine's own ``crossing_options``, so extras and the connection rule are the
engine's) and every replacement pick, memoised on the position: the two cards with their
crossed boxes, the display and deck position, the gem and skull counts, whether this
round's torch is taken, and the completed cards per colour. Torches are additive, so the
memo stores the best *rest of the game* value. Meant for short deals: one round of up to
5 expedition cards runs in seconds, a whole 7-card round does not (the position count
grows about tenfold per card); ``max_states`` guards against runaway instances.

>>> import cards_data
>>> from games.pyramids import make_deal
>>> data = cards_data.load("pyramids")
>>> deal = make_deal(players=1, seed=3, data=data, rounds=1, steps_per_round=2)
>>> exhaustive_best(deal, data).score >= 0
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from cards_data.pyramids import PyramidsData
from games.errors import SolverFault
from games.pyramids import Cross, Keep, PyramidsState, Seat, Take, state_from_deal
from games.pyramids.rules import action_effect, crossing_options, gem_points, update_skulls
from games.protocol import CHANCE
from grids.cells import cells_of

from solvers.verify import verify_replay

from .instance import SoloInstance

__all__ = ["BaselineResult", "exhaustive_best", "exhaustive_from", "StateLimitReached"]


#: The cards in hand with their crossed boxes, sorted.
Hand = tuple[tuple[int, int], ...]
#: A memo entry's best action: ``(card, main crossing, final masks, slot, replacement
#: picks)``; ``None`` at the end of the game.
Choice = tuple[int, int, tuple[int, int], int, tuple[int, ...]]
#: The memo's position: step, hand, display, deck index, red, green, skull track, this
#: round's torch taken, completed cards per colour.
Key = tuple[int, Hand, tuple[int, ...], int, int, int, int, bool, tuple[int, ...]]


class StateLimitReached(RuntimeError):
    """The exhaustive search passed its ``max_states`` before finishing."""


@dataclass
class BaselineResult:
    score: int
    moves: list[str]
    kept: tuple[int, ...]
    states: int
    time_s: float


class _Search:
    def __init__(self, data: PyramidsData, shapes: Sequence[str], steps_per_round: int,
                 queue: Sequence[int], max_states: int):
        self.data = data
        self.shapes = shapes
        self.steps = steps_per_round
        self.queue = queue
        self.max_states = max_states
        self.memo: dict[Key, tuple[int, Choice | None]] = {}
        colours = list(data.colours)
        self.colour_index = {c.order: colours.index(c.colour) for c in data.cards}
        self.penalty = (0,) + tuple(data.skull_penalties)

    def final(self, red: int, green: int, skulls: int, counts: tuple[int, ...]) -> int:
        d = self.data
        pyramid = sum(p for n in counts for need, p in zip(d.pyramid_milestones, d.pyramid_points)
                      if n >= need)
        return (gem_points(red, green, d.gem_pair_points, d.single_gem_points)
                - self.penalty[skulls] + d.card_points * sum(counts) + pyramid)

    def best(self, t: int, hand: Hand, display: tuple[int, ...], idx: int, red: int, green: int,
             skulls: int, torch: bool, counts: tuple[int, ...]) -> tuple[int, Choice | None]:
        if t == len(self.shapes):
            return self.final(red, green, skulls, counts), None
        if t % self.steps == 0:
            torch = False
        key: Key = (t, hand, display, idx, red, green, skulls, torch, counts)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if len(self.memo) >= self.max_states:
            raise StateLimitReached(f"exhaustive search exceeded {self.max_states} states")
        d = self.data
        cards = [d.card(o) for o, _ in hand]
        masks = [m for _, m in hand]
        seen: set[tuple[int, int]] = set()
        best_value: int | None = None
        best_choice: Choice | None = None
        for slot, main, final in crossing_options(cards, masks, self.shapes[t]):
            if final in seen:
                continue
            seen.add(final)
            eff = action_effect(cards, masks, final)
            r = min(d.gems_per_colour, red + eff.red)
            g = min(d.gems_per_colour, green + eff.green)
            k = update_skulls(skulls, eff.skulls, eff.potions, len(d.skull_penalties))
            gain = d.torch_points if eff.torches and not torch else 0
            new_torch = torch or eff.torches > 0
            cnt = list(counts)
            done = sorted(hand[s][0] for s in eff.completed)
            for o in done:
                cnt[self.colour_index[o]] += 1
            kept = tuple((hand[s][0], final[s]) for s in (0, 1) if s not in eff.completed)
            for picks, new_display, new_idx in self.picks(display, idx, len(done)):
                new_hand = tuple(sorted(kept + tuple((p, 0) for p in picks)))
                value, _ = self.best(t + 1, new_hand, new_display, new_idx, r, g, k, new_torch,
                                     tuple(cnt))
                value += gain
                if best_value is None or value > best_value:
                    best_value = value
                    best_choice = (hand[slot][0], main, final, slot, picks)
        if best_value is None:  # the engine always offers a crossing (one box at the least)
            raise SolverFault(f"no crossing option at step {t} for the hand {hand}")
        self.memo[key] = (best_value, best_choice)
        return best_value, best_choice

    def picks(self, display: tuple[int, ...], idx: int, n: int
              ) -> list[tuple[tuple[int, ...], tuple[int, ...], int]]:
        """Every sequence of ``n`` replacement picks: ``(picks, display, deck index)``,
        the display refilled once after all picks."""
        if n == 0:
            return [((), display, idx)]
        out: list[tuple[tuple[int, ...], tuple[int, ...], int]] = []

        def rec(display: tuple[int, ...], idx: int, chosen: list[int], left: int) -> None:
            if left == 0:
                disp = list(display)
                i = idx
                while len(disp) < self.data.display and i < len(self.queue):
                    disp.append(self.queue[i])
                    i += 1
                out.append((tuple(chosen), tuple(sorted(disp)), i))
                return
            for c in display:
                rec(tuple(x for x in display if x != c), idx, chosen + [c], left - 1)
            if idx < len(self.queue):
                rec(display, idx + 1, chosen + [self.queue[idx]], left - 1)

        rec(display, idx, [], n)
        return out


def exhaustive_best(deal: dict[str, Any], data: PyramidsData, *, max_states: int = 2_000_000
                    ) -> BaselineResult:
    """Best final score of a (small) solo deal by exhaustive memoised search; the plan is
    replayed through the engine and must reach the same score."""

    start = time.perf_counter()
    inst = SoloInstance.from_deal(deal, data)
    best: tuple[int, tuple[int, ...], _Search, list[int]] | None = None
    states = 0
    for kept in combinations(sorted(inst.dealt), data.keep):
        queue = inst.queue(kept)
        search = _Search(data, inst.shapes, inst.steps_per_round, queue, max_states)
        hand = tuple(sorted((o, 0) for o in kept))
        display = tuple(sorted(queue[: data.display]))
        value, _ = search.best(0, hand, display, data.display, 0, 0, 0, False,
                               tuple(0 for _ in data.colours))
        states += len(search.memo)
        if best is None or value > best[0]:
            best = (value, kept, search, queue)
    if best is None:  # a deal deals at least ``keep`` cards: one keep at the least
        raise SolverFault("exhaustive_best: no keep choice")
    value, kept, search, queue = best
    moves = _replay(deal, data, kept, search, queue, value)
    return BaselineResult(value, moves, kept, states, time.perf_counter() - start)


def exhaustive_from(state: PyramidsState, deal: dict[str, Any], data: PyramidsData, *,
                    max_states: int = 2_000_000) -> int:
    """The best final score still reachable from ``state``, a solo game of ``deal`` at a
    crossing (``cross`` phase, nothing chosen yet) or between actions: the same memoised
    search from that position (the value only; the bound tests of issue 21 use it)."""
    inst = SoloInstance.from_deal(deal, data)
    s = state.seats[0]
    if state.phase == "keep":
        return exhaustive_best(deal, data, max_states=max_states).score
    if state.phase == "over":
        return state.score(0)
    if state.phase not in ("cross", "reveal") or state.phase == "cross" and state.pending[0]:
        raise ValueError(f"exhaustive_from needs a position before a crossing, not phase {state.phase}")
    t = state.round * inst.steps_per_round + state.step - (1 if state.phase == "cross" else 0)
    queue = inst.queue(tuple(sorted(set(s.dealt) - set(s.returned))))
    search = _Search(data, inst.shapes, inst.steps_per_round, queue, max_states)
    hand = tuple(sorted((o, m) for o, m in zip(s.hand, s.masks) if o is not None))
    round_now = state.round
    torch = s.torches[round_now] if t % inst.steps_per_round else False
    value, _ = search.best(t, hand, tuple(sorted(state.display)), len(queue) - len(state.deck),
                           s.red, s.green, s.skulls, torch, _counts(search, s))
    past = sum(s.torches[:round_now]) + (s.torches[round_now] if torch else 0)
    return value + data.torch_points * past


def _replay(deal: dict[str, Any], data: PyramidsData, kept: tuple[int, ...], search: _Search,
            queue: Sequence[int], value: int) -> list[str]:
    """Follow the memo's best choices through the engine; the replayed score must be the
    search's (``verify_replay``)."""
    state = state_from_deal(deal, data)
    state.apply(Keep(tuple(kept)))
    moves = [str(Keep(tuple(kept)))]
    t, torch = 0, False
    hand = tuple(sorted((o, 0) for o in kept))
    display, idx = tuple(sorted(queue[: data.display])), data.display
    s = state.seats[0]
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if t % search.steps == 0:
            torch = False
        key = (t, hand, display, idx, s.red, s.green, s.skulls, torch, _counts(search, s))
        _, choice = search.memo[key]
        if choice is None:  # the memo has no action only at the end, which the loop stops at
            raise SolverFault(f"baseline: no action stored at step {t}")
        card, main, final, slot, picks = choice
        before = {o: m for o, m in zip(s.hand, s.masks)}
        after = {hand[0][0]: final[0], hand[1][0]: final[1]}
        extras = tuple(sorted((o, c) for o in after for c in
                              cells_of(after[o] & ~before[o] & ~(main if o == card else 0))))
        move = Cross(card, main, extras)
        if move not in state.legal_moves():
            raise SolverFault(f"baseline move {move} rejected by the engine")
        held = [o for o in s.hand if o is not None]  # both slots, at a crossing
        effect = action_effect([data.card(o) for o in held], s.masks, [after[o] for o in held])
        torch = torch or effect.torches > 0
        state.apply(move)
        moves.append(str(move))
        for p in picks:
            take = Take(p) if p in state.display else Take(0)
            if take not in state.legal_moves():
                raise SolverFault(f"baseline pick {p} not available")
            state.apply(take)
            moves.append(str(take))
        while state.phase == "take":  # replacements after the last step
            rest = state.legal_moves()[0]
            state.apply(rest)
            moves.append(str(rest))
        t += 1
        hand = tuple(sorted((o, m) for o, m in zip(s.hand, s.masks) if o is not None))
        display, idx = tuple(sorted(state.display)), len(queue) - len(state.deck)
    verify_replay("score", claimed=value, replayed=state.score(0))
    return moves


def _counts(search: _Search, seat: Seat) -> tuple[int, ...]:
    counts = [0] * len(search.data.colours)
    for o in seat.completed:
        counts[search.colour_index[o]] += 1
    return tuple(counts)
