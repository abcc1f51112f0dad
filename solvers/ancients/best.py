"""Best score of a solo Tomb of the Ancients deal (the deck order known): beam searches
over whole turns with a proven upper bound."""

from __future__ import annotations

import time
from typing import Sequence

from .policy import greedy_turn
from .turn import apply_turn, turn_options

__all__ = ["score_upper_bound", "best_score_search", "BEAM_WIDTHS"]

def score_upper_bound(state) -> tuple[float, str]:
    """A proven upper bound on the solo seat's final score from ``state`` (start of a turn).

    Score = artifact points + ½·(money + sand). From now on: every buy costs at least $1 and
    brings at most one shop token (the $1 shop never holds one), so it adds at most the
    card's points − ½ (selling the card instead pays its value in dollars, worth half);
    every rest adds at most 1 ($2); digs and sand spends add nothing beyond the cards. Buys
    and rests each draw a card while the deck lasts and one more turn follows the last draw,
    so they number at most ``deck + 1`` (+ the turn's own count in the final round). Money:
    ``b`` buys cost at least $b, and the money can only come from what the seat holds, $2
    per rest, or sales, which cost half a point per dollar (the card scores its value
    instead of its full value), so a shortfall of $d costs at least d/2 points."""
    seat = 0
    cat = state.rules
    turns = len(state.deck) + 1 if state.final_left is None else state.final_left
    pool = [cat.maps[c].points - 0.5 for c, _ in state.market]
    pool += [cat.maps[c].points - 0.5 for c in state.deck]
    pool.sort(reverse=True)
    base = state.score(seat) + sum(cat.maps[c].points for c in state.pack[seat])
    money = state.money[seat]
    best = 0.0
    acc = 0.0
    for b in range(0, min(turns, len(pool)) + 1):
        if b:
            acc += pool[b - 1]
        rests = turns - b
        shortfall = max(0, b - money - 2 * rests)
        best = max(best, acc + rests - shortfall / 2)
    note = (f"bound: current score + pack points + at most {turns} buys/rests, each buy "
            "worth at most its card's points − ½, each rest at most 1, and money short for "
            "the buys raised by sales at half a point per dollar")
    return base + best, note


def _heuristic(state) -> float:
    cat = state.rules
    return state.score(0) + 0.6 * sum(cat.maps[c].points for c in state.pack[0])


def _greedy_finish(state) -> list:
    """Moves finishing the game greedily (``policy.greedy_turn``)."""
    moves = []
    while not state.is_terminal():
        move = greedy_turn(state)
        apply_turn(state, move)
        moves.append(move)
    return moves


def _beam(state, width: int, best: list) -> None:
    """One beam search of ``width``; improves ``best = [score, moves]`` in place."""

    def consider(s, moves):
        finish = s.clone()
        tail = _greedy_finish(finish)
        if finish.score(0) > best[0]:
            best[0], best[1] = finish.score(0), moves + tail

    consider(state, [])
    beam = [(state, [])]
    while beam:
        children: dict = {}
        for s, moves in beam:
            for move in turn_options(s):
                child = s.clone()
                apply_turn(child, move)
                path = moves + [move]
                if child.is_terminal():
                    if child.score(0) > best[0]:
                        best[0], best[1] = child.score(0), path
                    continue
                key = child.public_key()
                h = _heuristic(child)
                old = children.get(key)
                if old is None or h > old[0]:
                    children[key] = (h, child, path)
        ranked = sorted(children.values(), key=lambda e: (-e[0], [str(m) for m in e[2]]))
        beam = [(s, path) for _, s, path in ranked[:width]]
        for s, path in beam[:1]:
            consider(s, path)


#: Beam widths tried in turn by ``best_score_search`` (a wider beam is not always better).
BEAM_WIDTHS = (4, 8, 16)


def best_score_search(state, *, widths: Sequence[int] = BEAM_WIDTHS,
                      time_limit: float | None = None) -> dict:
    """Beam searches over whole turns of a solo game with the deck order known.

    Each layer expands every kept position by every ``turn_options`` move, merges equal
    positions, and keeps the ``width`` best by score + 0.6 × points in the pack; the best
    kept position is also finished greedily at every layer. One beam per width in
    ``widths``; the best result wins. A ``time_limit`` is checked between beams (the first
    always runs), so results stay deterministic for a given set of completed beams.
    Returns the best ``moves``, ``score``, the ``bound`` of ``score_upper_bound`` and the
    ``widths`` run.
    """
    start = time.perf_counter()
    bound, note = score_upper_bound(state)
    best: list = [-1.0, []]
    done = []
    for width in widths:
        if done and time_limit is not None and time.perf_counter() - start > time_limit:
            break
        _beam(state, width, best)
        done.append(width)
        if best[0] >= bound:
            break
    return {"score": best[0], "moves": best[1], "bound": bound, "bound_note": note,
            "widths": done}
