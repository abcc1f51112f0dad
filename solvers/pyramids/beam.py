"""Beam search over a solo Pyramids deal's decisions, the policy's playout as evaluation.

A solo deal's future is known (the deck order, the expedition cards), so a plan is a path
through the engine's decisions. The pilot method (``model.policy_plans(pilot=True)``)
walks one path: at each decision it plays every option out with the greedy-lookahead
policy (``solvers.pyramids.policy``) and takes the best. The beam keeps ``width`` paths:

* a level is one expedition card; the root level holds every keep choice;
* a node's children are its distinct crossings (the engine's ``crossing_options``, those
  with the same crossed boxes once), each with every sequence of replacement picks it
  leads to (display cards or the deck top), up to the next crossing;
* each child is valued by the final score of the policy's playout from it; children with
  the same position (``position_key``) are merged, the first one kept;
* the ``width`` best children by that value (ties: generation order) form the next level;
* a ``seed`` game (``solve_deal`` gives the best of the policy's and the pilot's games)
  keeps its path: at each level its node is valued at the seed's score (its own
  continuation is a legal game) and kept, so the answer is never below the seed, and the
  seed's neighbours (one crossing changed, then the policy) are all played out.

Every playout is a complete legal game, so the best one seen is the search's answer
(``BeamGame``: its score, kept cards and the path's moves, then the policy plays on); it
is never below the beam's own best path's value. The search is deterministic: no random
number, its budget is the width (playouts grow about linearly with it). A ``deadline``
(``time.monotonic()`` instant) and a stop request (``solvers.interrupt``) are consulted
before each playout; once either has come the best game so far is answered
(``stopped`` says so). The caller replays the game through the engine
(``model.beam_plans``). The pilot is not a special case of it (its levels are single
decisions, and one pilot game per keep choice), and the beam is not monotone in its
width: on one short deal (2 rounds of 3, seed 4) width 4 found 14 where the pilot found
15, and on full deal 7 width 60 found 151 and width 120 147. ``solve_deal`` keeps the
pilot's games beside it.

**Measured** (issue 21; full solo deals 0-9 of the bench, ``/work/w6/p0r-*.json``; one
run per deal and width, ``nice``, the other core loaded; CPU of the search and its
replay, ``time.process_time``). Score (CPU s); the default's plan is ``solve_deal`` at
the default budget before the beam (the pilot's warm start plus CP-SAT), its bound the
deal's bound then:

=====  =======  ===========  ==========  ==========  ===========  =====
deal   default  pilot        width 30    width 60    width 120    bound
=====  =======  ===========  ==========  ==========  ===========  =====
0      156      156 (2.5)    156 (15)    156 (29)    160 (54)     183
1      144      144 (2.8)    160 (16)    164 (34)    164 (61)     184
2      153      153 (3.2)    162 (16)    162 (35)    170 (79)     193
3      140      140 (2.7)    147 (12)    147 (23)    152 (35)     176
4      137      137 (2.0)    142 (13)    145 (24)    145 (42)     172
5      148      148 (2.1)    153 (12)    161 (23)    161 (40)     187
6      151      150 (2.9)    157 (12)    155 (23)    158 (43)     184
7      133      133 (3.2)    148 (18)    151 (37)    147 (64)     174
8      144      144 (2.3)    149 (13)    149 (27)    154 (54)     185
9      158      158 (4.0)    160 (18)    164 (36)    164 (64)     186
=====  =======  ===========  ==========  ==========  ===========  =====

Width 120 (``model.beam_width`` of the default budget) beats the default's plan on all
10 deals, by 4-20 (median +11); the gap (bound - plan) / plan against the same bounds
falls from median 25.9% / worst 30.8% to 16.0% / 20.1% (width 30: 18.4% / 24.2%; width
60: 18.0% / 24.2%), for a median 54 s of CPU (35-79), about what CP-SAT spends at the
default budget. So the full deals' plan side was weak by at least 3-14%; where the rest
of the gap (16% at the median) sits is not settled: the plan may still rise (width 60 ->
120 gained on 5 of 10 deals, and lost 4 on deal 7).

Wider and seeded (2026-11-26, same deals, one run each, machine loaded at 3-4): width
600 found 165, 155, 151 on deals 0, 3, 7 (290, 222, 414 s), +5, +3, +4 over width 120;
width 240 seeded with the best of the policy's and pilot's games (156, 140, 137) found
162, 154, 146 on deals 0, 3, 4 (135, 87, 115 s, the policy's and pilot's games
included), +2, +2, +1 over width 120 (on deal 4 CP-SAT had raised the width-120 plan to
149). ``solve_deal`` now runs the seeded beam at 8 paths per budget unit (240 at the
default; ``model.BEAM_PER_UNIT``).

On 2-round deals (``p2r-*``, where the optimum is known for 0, 2, 4 and 5: 91, 94, 75,
96) width 64 found 87, 83, 89, 76, 68, 79 on deals 0-5 (pilot: 74, 70, 75, 74, 63, 78;
the default's plans: 87, 84, 77, 76, 75, 95) at 6-11 s of CPU; ``solve_deal`` does not
run it there (its outputs there stay as they were).

Tried and not kept (2-round deals 0-5 and full deals 0-2, width 16-64): at most 3
children kept per parent (sum over 2-round deals 0-5 at width 64: 476 against 482); one
beam per keep choice at a sixth of the width (480 against 482); a playout whose
replacement picks prefer a colour's next pyramid milestone and may take the known deck
top (2-round deals 0-5 at width 16: 469 against 453; full deals 0-2 at width 16: 455,
each of the two changes alone 477 and 476, the plain playout 156 and 156 on deals 0 and
1 where the changed one had 158 and 145): all within the noise of one deal's run.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations

from games.protocol import CHANCE
from games.pyramids import Keep, PyramidsState, Take
from games.pyramids.moves import Move
from solvers.clock import expired

from .. import interrupt
from .policy import playout

__all__ = ["BeamGame", "BeamResult", "beam_search", "position_key"]


@dataclass(frozen=True)
class BeamGame:
    """A complete game the search found: the kept cards, the moves after the keep along
    the beam's path, and the final score once the policy has played on from there."""

    score: int
    kept: tuple[int, ...]
    path: tuple[Move, ...]


@dataclass(frozen=True)
class BeamResult:
    """The best game (``None`` only if the limit came before the first playout), the
    playouts made and whether a deadline or stop request cut the search."""

    best: BeamGame | None
    playouts: int
    stopped: bool


def position_key(state: PyramidsState) -> Hashable:
    """What the rest of a solo game depends on, at a crossing or between actions: the
    step, the cards in hand with their crossed boxes (the slots' order does not matter),
    the display and deck position (the deck is the queue's suffix), the gem and skull
    tracks, the torches and the completed cards per colour (the solo pyramid award
    depends on the counts only). Two states with the same key have the same score so far
    and the same futures; ``PyramidsState.information_set_key`` would tell them apart by
    the slots' and completions' order."""
    s = state.seats[0]
    colours = state.rules.colours
    counts: dict[str, int] = {}
    for order in s.completed:
        counts[colours[order]] = counts.get(colours[order], 0) + 1
    return (state.phase, state.round, state.step,
            tuple(sorted((o, m) for o, m in zip(s.hand, s.masks) if o is not None)),
            tuple(sorted(state.display)), len(state.deck), s.red, s.green, s.skulls,
            tuple(s.torches), tuple(sorted(counts.items())))


def _advance(state: PyramidsState) -> None:
    """Apply chance (the next expedition card) until a decision or the end."""
    while not state.is_terminal() and state.current_player() == CHANCE:
        state.apply(state.chance_outcomes()[0][0])


@dataclass
class _Node:
    state: PyramidsState
    kept: tuple[int, ...]
    path: tuple[Move, ...]
    value: int = 0


def _children(node: _Node) -> list[_Node]:
    """Every distinct crossing of the node's step, each with every sequence of
    replacement picks up to the next decision of a crossing (or the end)."""
    state = node.state
    out: list[_Node] = []
    seen: set[tuple[int, int]] = set()
    for slot, main, final in state.options(0):
        if final in seen:
            continue
        seen.add(final)
        move = state.cross_move(0, slot, main, final)
        child = state.clone()
        child.apply(move)
        out.extend(_picks(_Node(child, node.kept, node.path + (move,))))
    if not seen:  # no card in hand (the deck and the display ran out): the engine's pass
        only = state.legal_moves()[0]
        child = state.clone()
        child.apply(only)
        out.extend(_picks(_Node(child, node.kept, node.path + (only,))))
    return out


def _picks(node: _Node) -> list[_Node]:
    if node.state.phase != "take":
        _advance(node.state)
        return [node]
    if node.state.round * node.state.steps_per_round + node.state.step \
            >= node.state.rounds * node.state.steps_per_round:
        # the last step's replacements score nothing: one of them
        move: Move = node.state.legal_moves()[0]
        node.state.apply(move)
        return _picks(_Node(node.state, node.kept, node.path + (move,)))
    out: list[_Node] = []
    for move in node.state.legal_moves():
        if not isinstance(move, Take):  # (every move of a take phase is a Take)
            continue
        child = node.state.clone()
        child.apply(move)
        out.extend(_picks(_Node(child, node.kept, node.path + (move,))))
    return out


def seed_keys(start: PyramidsState, seed: BeamGame) -> list[Hashable]:
    """The ``position_key`` of each level a complete game ``seed`` passes through from
    ``start`` (keep phase): after its keep, then after each crossing with its
    replacement picks (the levels of ``beam_search``)."""
    if start.phase != "keep":
        raise ValueError("a seed game starts at the keep: the search must start there too")
    state = start.clone()
    state.apply(Keep(seed.kept))
    _advance(state)
    keys = [position_key(state)]
    for move in seed.path:
        state.apply(move)
        if state.phase != "take":
            _advance(state)
            keys.append(position_key(state))
    return keys


def beam_search(start: PyramidsState, width: int, *, deadline: float | None = None,
                seed: BeamGame | None = None) -> BeamResult:
    """The beam search of the module docstring from ``start``, a solo game in its keep
    phase (every keep choice is a root) or at any later decision of a crossing.

    ``seed``: a complete legal game from ``start`` (its keep and every move after it)
    whose path the beam keeps at every level, valued at the seed's final score, so the
    search's answer is never below it and the children of the seed's path (a deviation
    at one crossing, then the policy) are all played out."""
    if width < 1:
        raise ValueError(f"beam width {width} is not positive")
    best: BeamGame | None = seed
    keys = seed_keys(start, seed) if seed is not None else []
    playouts = 0

    def stop() -> bool:
        return expired(deadline) or interrupt.requested()

    if start.phase == "keep":
        level = []
        for pair in combinations(sorted(start.seats[0].dealt), start.rules.data.keep):
            state = start.clone()
            state.apply(Keep(pair))
            _advance(state)
            level.append(_Node(state, pair, ()))
    else:
        state = start.clone()
        kept = tuple(sorted(set(state.seats[0].dealt) - set(state.seats[0].returned)))
        level = [n for n in _picks(_Node(state, kept, ())) if not n.state.is_terminal()]
    depth = 0
    while level:
        depth += 1
        ranked: list[_Node] = []
        seen: set[Hashable] = set()
        on_seed: _Node | None = None
        for parent in level:
            for child in _children(parent):
                key = position_key(child.state)
                if key in seen:
                    continue
                seen.add(key)
                if stop():
                    return BeamResult(best, playouts, True)
                world = child.state.clone()
                playout(world)
                playouts += 1
                child.value = world.score(0)
                if best is None or child.value > best.score:
                    best = BeamGame(child.value, child.kept, child.path)
                if seed is not None and depth < len(keys) and key == keys[depth]:
                    # the seed's own continuation scores seed.score from here: a legal
                    # game, so the node is worth at least that
                    child.value = max(child.value, seed.score)
                    on_seed = child
                ranked.append(child)
        ranked.sort(key=lambda n: -n.value)  # stable: ties keep the generation order
        chosen = ranked[:width]
        if on_seed is not None and all(n is not on_seed for n in chosen):
            chosen[-1] = on_seed  # the seed's path stays in the beam
        level = [n for n in chosen if not n.state.is_terminal()]
    return BeamResult(best, playouts, False)
