"""The decomposed proof of a solo deal's best score (issue 21 §2): the branch and price over
card plans (``solvers.pyramids.branching``) after CP-SAT, in one portfolio.

CP-SAT finds plans; its own bound on deals longer than a round stays far above them, and
the deal bound (``solvers.pyramids.bound``, the per-card relaxation) converges well above
them too. The branch and price starts from that relaxation and branches on the score's
non-linear terms, so it lowers the bound where the relaxation is loose; its dives follow
the card plans of each node through the engine and sometimes find a better game. Measured
on the 2-round deal 105 of ``benchmarks.pyramids_sides`` (CPU, one run, machine loaded):
the root 102.04 after 50 rounds (deal bound 104), the bound 99 after 100 rounds (11 s),
98 after 150 (17 s).

It can prove a 2-round deal, given the rounds (2026-11-26, 2-round deal 0 of the bench,
pure Python, CPU): from the policy's and the pilot's games alone (74) the search proved
the optimum **91** in 1,003 rounds and 203 nodes, 144 s, its dives finding 88 and then
91 on the way (CP-SAT's plan at the default budget was 87, the reported bound 93); given
91 as the incumbent from the start, in 684 rounds and 161 nodes, 87-89 s (10 rounds a node
at the most: 745 rounds, 98 s; 50: as 25). The bound falls slowly at the end (92 after
about 40 s, 91 after 85-130 s): the default's 300 rounds do not reach it. Deals 4 and 7
proved in 446 and 393 rounds (40 and 54 s) from CP-SAT's plans, so a 2-round deal gets 600
(``price_rounds``). The default path on the bench's 2-round deals 0-9, before (main 5bcb3d9:
300 rounds, the search stopping at whole nodes) and after, plan / bound (CPU s):
87/93 -> 88/92 (119), 84/97 -> 84/94 (145), 77/95 -> 77/94 (124), 76/90 -> 76/87 (110),
75/76 -> **75/75** (101), 95/99 -> 95/96 (149), 86/90 -> 86/88 (156), 85/86 -> 85/86 (104),
89/92 -> 89/90 (137), **99/99** both (79): OPTIMAL 1 -> 2 of 10, the gap median 4.45% ->
1.75%, worst 23.4% -> 22.1%; CPU median about 115 s before and 122 s after (the machine
loaded at 4-8), so none within the issue's 60 s.

Then (same day) three changes: the pricing's max-plus step by ranked columns
(``tables.Edges.best``, identical values, 1.4-1.5x on the branch and price), the master
LP kept in HiGHS between rounds (``solvers.pyramids.master``: 400 rounds on deal 0 33.3 ->
16.4 s; the proof of deal 0 from the policy's and pilot's games 1,003 rounds / 144 s ->
1,011 rounds / 66 s), and on 2-round deals the branch and price first with CP-SAT's share
(1,200 rounds), CP-SAT after it only when a gap is left (``model.proof_first``). The
default path on the same deals 0-9, plan / bound (CPU s of the whole solve, the machine
loaded at 2-3): 91/91 (59), 89/94 (155), 94/94 (105), 76/83 (127), 75/75 (23), 96/96
(77), 88/88 (55), 86/86 (30), 89/89 (162), 99/99 (12): **OPTIMAL 8 of 10** (2 before),
5 of them within 60 s of CPU (deals 0, 4, 6, 7, 9; the issue's target is 8); the gap
median 0% (1.75% before), worst 9.2% (22.1%). CP-SAT after the search raised the plan
on the four deals it ran on (85 -> 89, 90 -> 94 proving deal 2, 74 -> 76, 70 -> 89
proving deal 8): the dives alone are weak on some deals.

On 2-round deals (``model.proof_first``) the master is made whole once, after the root's
rounds (``integral=True``: ``BranchAndPrice.integral_dive``, a node-limited HiGHS MIP over
the pool at the best solved open node, 0.2-0.9 s there): the dives follow fractional
solutions whose card plans need not fit together, the whole master's plans fit its rows.
It played the optimum of deals 5 and 6 (96 and 88) at the root, where the dives reached
them after 1,000 rounds or more, and raised deals 1 and 2 from 70 and 75 to 85; on deals
0 and 8 it found nothing better (78 and 68). Later in the search it costs about 2 s at
1,500 plans and found little more (deal 8: 84 at round 270, the optimum 89), so it runs
once. After the rounds, when a gap is left, every deal also plays the whole master over
the whole pool at the root's ranges (``whole=True``, ``BranchAndPrice.root_whole_game``):
on 2-round deal 2 that game is the optimum 94, which the search and CP-SAT after it had
missed since the return-slot rows changed its path (2026-11-27). The before/after table of
the default path is in ``model``'s docstring.

It starts from the card plans of the games already known (the warm starts and CP-SAT's
plan), so its master holds a real game's score from the first round. The budget is
deterministic: ``price_rounds(budget, steps)`` column-generation rounds, the root's first (up to
``ROOT_ITERATIONS``), then in chunks of ``CHUNK``; a ``deadline`` is consulted between
chunks, between nodes and between the rounds of a node, and by the card tables' build (a
deadline that falls there leaves no bound of this method).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cards_data.pyramids import PyramidsData
from games.pyramids import Keep, PyramidsState, parse_move, state_from_deal
from games.record import resolve_fixed_chance
from solvers.clock import expired
from solvers.verify import verify_replay

from .. import interrupt
from .branching import ROOT_ITERATIONS, BranchAndPrice
from .position import SoloPosition
from .relax import plans_of
from .tables import TablesCut

__all__ = ["SOURCE", "CHUNK", "FULL_DEAL_STEPS", "PriceProof", "price_rounds", "prove_deal",
           "resolve_tail"]

#: ``bound_source`` of a bound this method proved.
SOURCE = "branch-and-price"
#: Column-generation rounds between two looks at the deadline (and progress reports).
CHUNK = 25
#: Expedition cards of a full deal (4 rounds of 7): the length ``price_rounds`` is set for.
FULL_DEAL_STEPS = 28


def price_rounds(budget: float, steps: int = FULL_DEAL_STEPS, *, first: bool = False) -> int:
    """Branch-and-price rounds for a best-score ``budget`` on a deal of ``steps``
    expedition cards: ten per unit on a full deal (300 at the default budget of 30), more
    on a shorter deal in proportion, since a round prices every card over every step (a
    2-round deal gets 600: measured on its deals 4 and 7, the proof took 446 and 393
    rounds, beyond the 300 a full deal's share gave them). ``first``: the branch and price
    runs before CP-SAT (``model.proof_first``) and gets CP-SAT's share of the budget too,
    twice the rounds (the proofs of 2-round deals from the policy's games took 265 to
    1,091 rounds, module docstring).

    >>> price_rounds(30.0), price_rounds(30.0, steps=14), price_rounds(0.5), price_rounds(0)
    (300, 600, 5, 0)
    >>> price_rounds(30.0, steps=14, first=True)
    1200
    """
    share = 2 if first else 1
    return max(0, int(round(share * 10 * budget * FULL_DEAL_STEPS / max(1, steps))))


@dataclass(frozen=True)
class PriceProof:
    """What the branch and price leaves: its proven bound (whole points), the root's
    relaxation, nodes solved, rounds used, whether it stopped for the clock, and the
    best game its dives played above the incumbent (``(score, moves, kept, breakdown)``,
    replayed through the engine) if any."""

    bound: int
    root: float
    nodes: int
    iterations: int
    stopped_by_clock: bool
    game: tuple[int, tuple[str, ...], tuple[int, ...], dict[str, int]] | None

    @classmethod
    def cut(cls, clock: bool = True) -> "PriceProof":
        """No round done (before the deadline, with ``clock``; else a card had no table,
        ``tables.MAX_REGIONS``): no bound (above any score) and no game."""
        return cls(10 ** 9, float("inf"), 0, 0, clock, None)


def _replayed(deal: dict[str, Any], data: PyramidsData, moves: Sequence[str]
              ) -> tuple[PyramidsState, tuple[int, ...]]:
    """The final state and kept cards of ``moves`` played from the deal (each legal)."""
    state = state_from_deal(deal, data)
    kept: tuple[int, ...] = ()
    for text in moves:
        resolve_fixed_chance(state)
        move = parse_move(state, text)
        if isinstance(move, Keep):
            kept = tuple(sorted(move.cards))
        state.apply(move)
    resolve_fixed_chance(state)
    if not state.is_terminal():
        raise ValueError("the dive's game does not reach the end of the deal")
    return state, kept


def prove_deal(deal: dict[str, Any], data: PyramidsData, *, incumbent: int,
               games: Sequence[Sequence[str]], iterations: int, deadline: float | None = None,
               integral: bool = False, whole: bool = False, warm: bool = False,
               progress: Callable[[int, int], None] | None = None) -> PriceProof:
    """Branch and price from the deal's start with the best known score ``incumbent``;
    ``games`` (move lists of legal games) seed its column pool. ``integral``: after the
    root's column generation, a game from the master made whole
    (``BranchAndPrice.integral_dive``; once: its cost grows fast with the pool, 0.2-0.9 s
    after the root on the 2-round deals of the bench, about 2 s at 1,500 plans).
    ``whole``: after the rounds, if the bound is not reached, a game from the master made
    whole at the root's ranges over the whole pool (``BranchAndPrice.root_whole_game``;
    ``model.solve_deal`` asks for it on every deal). ``warm``: a child node's first master
    solve starts from its parent's final basis (``BranchAndPrice(warm=True)``; the 2-round
    deals' path, ``master``'s docstring).
    ``progress(bound, best)`` after each chunk. A ``deadline`` that falls before the card
    tables are built, or a card with too many regions for one (``tables.MAX_REGIONS``),
    leaves no bound (``PriceProof.cut``)."""
    state = state_from_deal(deal, data)
    try:
        search = BranchAndPrice(SoloPosition.from_deal(deal, data), data, state=state,
                                warm=warm, deadline=deadline)
    except TablesCut as cut:
        return PriceProof.cut(cut.clock)
    for moves in games:
        search.add_plans(plans_of(search.space, state, moves))
    return _price(search, deal, data, (), incumbent=incumbent, iterations=iterations,
                  deadline=deadline, integral=integral, whole=whole, progress=progress)


def resolve_tail(deal: dict[str, Any], data: PyramidsData, moves: Sequence[str], *,
                 score: int, step: int, iterations: int, deadline: float | None = None,
                 progress: Callable[[int, int], None] | None = None) -> PriceProof:
    """The game ``moves`` (a legal game of the deal scoring ``score``) kept up to
    expedition step ``step`` and the rest solved again: the branch and price from the
    position where ``step`` is the next card to cross (after its keep and replacements),
    seeded with the game's own continuation, warm, its master made whole after the root
    and after the rounds (``prove_deal``'s ``warm``, ``integral`` and ``whole``).
    ``iterations`` column-generation rounds at the most; ``progress`` as ``prove_deal``'s.

    The bound is over the games that share the prefix, not the deal's; the game, when
    better than ``score``, holds the whole deal's moves (the prefix, then the search's),
    replayed. Measured in ``model``'s docstring (the full deals' last three rounds)."""
    state, prefix = _position_at(deal, data, moves, step)
    try:
        search = BranchAndPrice(SoloPosition.from_state(state), data, state=state.clone(),
                                warm=True, deadline=deadline)
    except TablesCut as cut:
        return PriceProof.cut(cut.clock)
    search.add_plans(plans_of(search.space, state, moves[len(prefix):]))
    return _price(search, deal, data, prefix, incumbent=score, iterations=iterations,
                  deadline=deadline, integral=True, whole=True, progress=progress)


def _position_at(deal: dict[str, Any], data: PyramidsData, moves: Sequence[str], step: int
                 ) -> tuple[PyramidsState, tuple[str, ...]]:
    """The engine state of ``moves`` played from the deal up to the crossing of expedition
    step ``step`` (the keep and the replacements before it done), and the moves before it."""
    state = state_from_deal(deal, data)
    for k, text in enumerate(moves):
        resolve_fixed_chance(state)
        position = SoloPosition.from_state(state)
        if position.step == step and position.takes == 0 and not position.keep_pending:
            return state, tuple(moves[:k])
        state.apply(parse_move(state, text))
    raise ValueError(f"the game has no crossing of expedition step {step}")


def _price(search: BranchAndPrice, deal: dict[str, Any], data: PyramidsData,
           prefix: Sequence[str], *, incumbent: int, iterations: int, deadline: float | None,
           integral: bool, whole: bool, progress: Callable[[int, int], None] | None
           ) -> PriceProof:
    """``search``'s rounds (``prove_deal``'s docstring); its dives' best game above the
    incumbent is ``prefix`` (the moves from the deal to the search's position) then
    theirs, replayed from the deal."""
    clock = False
    result = None
    while search.used < iterations:
        if expired(deadline):
            clock = True
            break
        if interrupt.requested():  # Ctrl-C: the bound so far stands
            break
        used = search.used
        # the root's column generation first, whole: branching on an unconverged root
        # splits on the artificial columns' noise (measured on full deal 101: 51,480
        # after 25 rounds)
        chunk = ROOT_ITERATIONS if search.root is None else CHUNK
        result = search.run(incumbent=incumbent, iterations=min(chunk, iterations - search.used),
                            deadline=deadline)
        clock = result.stopped == "time_limit"
        if integral and result.stopped == "budget" and used == 0:  # after the root
            search.integral_dive(deadline=deadline)
        if progress is not None:
            progress(result.bound, search.incumbent(incumbent))
        if result.stopped != "budget" or search.used == used:  # closed, or nothing left to do
            break
    if result is None:
        return PriceProof(10 ** 9, float("inf"), 0, 0, clock, None)
    if (whole and result.bound > search.incumbent(incumbent) and not clock
            and not interrupt.requested()):
        search.root_whole_game(deadline=deadline)
        # the whole master's MIP and its follower stop at the deadline without saying so:
        # past it, the game may have been cut
        clock = expired(deadline)
        if progress is not None:
            progress(result.bound, search.incumbent(incumbent))
    game = None
    if search.found is not None and search.found[0] > incumbent:
        score, moves = search.found
        final, kept = _replayed(deal, data, [*prefix, *moves])
        verify_replay("score", claimed=score, replayed=final.score(0))
        game = (score, (*prefix, *moves), kept, final.breakdown(0))
    return PriceProof(result.bound, result.root, result.nodes, result.iterations, clock, game)
