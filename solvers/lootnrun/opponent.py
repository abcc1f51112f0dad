"""The opponent model of Loot N Run's inference (``solvers.ismcts.inference``): how likely
the other seats' observed decisions are in a sampled world, judged by the greedy policy
(``policy``).

**The model** (a softmax over greedy's choice, as Archaeology's,
``solvers.archaeology.opponent``, on what the position shows of a past decision: whether
the seat ran or stayed, by looting or awakening): at a decision of ``n`` legal moves, the
moves of greedy's choice (running, or the ``n - 1`` of staying) each weigh ``e^beta`` and
the others 1. So a seat stays with chance ``(n - 1) e^beta / ((n - 1) e^beta + 1)`` where
greedy, holding that world's rooms, would have stayed, and ``(n - 1) / (n - 1 + e^beta)``
where it would have run; a world in which greedy would have stayed weighs more by the
ratio of the two, with ``n`` taken as 3 (either deck or run: the awakenings then open are not
in the position). At ``beta = 0`` every legal move is equally likely. ``beta`` is fitted
by maximum likelihood on game records (:func:`agreement_data` of each decision,
``solvers.ismcts.inference.fit_agreement``); the service holds the value fitted on the
search bot's self-play (``solvers.lootnrun.service.MODEL``): **beta 1.546**, from eight
3-seat games of the ``ismcts`` bot against itself at 1,000 iterations (deals of seeds
100-107, the bot of seat ``s`` seeded ``10 x seed + s``): of its 253 decisions holding 1
to 4 rooms, it ran or stayed as greedy would have 227 times, against 180.7 by chance (a
log-likelihood gain of 31.1 over beta 0). Each stay greedy explains then weighs 3.0
times (``GreedyAgreement.stay``: 1.107). A ``beta`` of 0 (a player greedy does not
predict, e.g. a uniformly random one) makes every weight equal: the search then samples
as without inference.

**Which decisions count.** The rooms in front of a seat lie in the order it took them,
and every room that leaves a front is revealed, so before a seat's last clear (a run, an
awakening of it) nothing it held is hidden any more, and since then it held, at each of
its decisions, a prefix of the rooms in front of it now: the room ``j + 1`` came with an
action of its own turn (a loot, a Werewolf's keep) taken holding the first ``j`` and not
running. So for each other seat with ``k`` rooms in front the evidence is ``k - 1``
decisions "stayed, holding the first ``j`` rooms" (``j = 1 .. k - 1``), each evaluated by
greedy's rule 1 (``policy.runs``) on the sampled world's rooms: a seat that looted again
holding rooms that would catch it and were worth running with is unlike greedy. A prefix
of ``RUN_AT_ROOMS`` rooms or more, where greedy runs in every world, is not counted (its
likelihood is the same in every world). Conditioning on part of the evidence is still
exact Bayesian updating on that part; the rest is left to the prior.

**What is left out, and approximated.** The view is a position (``games.lootnrun.views``:
no history), so the decisions not seen in it are left to the prior: which deck a seat
looted (greedy's choice reads the other deck's top back at the time, which the position
does not keep), whom it awakened, a Werewolf's keep (its discarded draws are face up but
not named by the position), and the turns it stayed holding the same rooms. The seat's
score at a past decision is taken as today's (it rises meanwhile only by a Mummy's
benefit); a Werewolf's keep of two rooms counts the decision between them that was never
made.
"""

from __future__ import annotations

import math
from typing import Any

from games.errors import InternalFault
from games.lootnrun import LootNRunState, Move, Run
from games.protocol import State

from .policy import RUN_AT_ROOMS, runs

__all__ = ["GreedyAgreement", "agreement_data", "counted", "PAST_MOVES"]

#: The legal moves ``n`` taken at a past decision (module docstring): loot either deck, run.
PAST_MOVES = 3


class GreedyAgreement:
    """The module's model with ``beta``. ``informative`` is false when ``beta`` is 0 and
    when no other seat holds the two rooms a counted decision needs."""

    def __init__(self, beta: float) -> None:
        self.beta = float(beta)
        #: the log-weight of a stay greedy explains (module docstring)
        others = PAST_MOVES - 1
        e = math.exp(self.beta)
        self.stay = self.beta + math.log(others + e) - math.log(others * e + 1)

    def informative(self, root: State[Any], seat: int) -> bool:
        if not self.beta:
            return False
        return counted(_state(root), seat) > 0

    def log_likelihood(self, world: State[Any], seat: int) -> float:
        world = _state(world)
        rules, target, stay = world.rules, world.target, self.stay
        total = 0.0
        for other, front in enumerate(world.fronts):
            if other == seat:
                continue
            score = world.scores[other]
            for j in range(1, min(len(front), RUN_AT_ROOMS)):
                if not runs(rules, front[:j], score, target):
                    total += stay
        return total


def counted(state: LootNRunState, seat: int) -> int:
    """How many decisions of the other seats the model counts for ``seat`` in ``state``."""
    return sum(max(0, min(len(front), RUN_AT_ROOMS) - 1)
               for other, front in enumerate(state.fronts) if other != seat)


def _state(state: State[Any]) -> LootNRunState:
    """``state`` as a Loot N Run state (the inference hands a model its own game's states)."""
    if not isinstance(state, LootNRunState):
        raise InternalFault(f"the Loot N Run opponent model got a {type(state).__name__}")
    return state


def agreement_data(state: LootNRunState, move: Move) -> tuple[bool, float] | None:
    """For fitting (``fit_agreement``): ``(greedy agrees on running or staying, n)`` at a
    decision of ``state`` (the true world) where ``move`` was played, ``n`` such that the
    chance of greedy's choice at ``beta = 0`` is ``1 / n`` (the legal moves when greedy
    runs, ``1 + 1 / (moves - 1)`` when it stays); ``None`` for a decision the model does
    not count (no rooms in front, ``RUN_AT_ROOMS`` or more, a keep)."""
    seat = state.current_player()
    if seat < 0 or state.phase != "act":
        return None
    mine = state.fronts[seat]
    if not mine or len(mine) >= RUN_AT_ROOMS:
        return None
    moves = len(state.legal_moves())
    greedy_runs = runs(state.rules, mine, state.scores[seat], state.target)
    agreed = greedy_runs == isinstance(move, Run)
    return (agreed, moves) if greedy_runs else (agreed, 1 + 1 / (moves - 1))
