"""CP-SAT: the best final score of a solo Pyramids deal with every shuffle known.

Enumerate → build → solve → decode → replay (STYLE.md §7). The model chooses the 2 kept
cards, every crossing (pattern placement or single box, and the extra boxes forced by red
crosses) and every replacement card; the objective is the exact final score. ``_Model``
builds it in the named steps below, one method each, and every variable family carries a
name (``x_c12_A1_t3``, ``main_t3_c12_…``) so a model dump can be read.

Model (time-indexed, one Boolean family per physical card ``c``):

* **Cards** (``_choose_cards``): the dealt cards and the queue positions a completion
  count can reach (``instance.QueueWindows``: the ``k`` shortest entrance→tomb paths must
  fit in the cells crossable so far, extras counted by the most red crosses); each card's
  window starts at the first step it can be in hand.
* **Keep** (``_keep``): ``keep_d`` for the 2 kept dealt cards, ``ret_d_j`` for the
  returned ones at the deal's return slot ``j``, the lower order number first.
* **Cells** (``_cells``): ``x[c,i,t]`` — cell ``i`` of card ``c`` is crossed by the end of
  step ``t``; only cells reachable from the entrance exist, and only within the budget: a
  cell at BFS distance ``d`` needs ``d + 1`` crossed boxes on its card, and by step ``t``
  a card holds at most the pattern boxes of the steps since its window opened plus one
  extra per red cross of the cards that can be in hand by then. ``done[c,t] =
  x[c,tomb,t]``.
* **Acquisitions** (``_acquisitions``): the queue fact (checked against the engine in the
  tests): with the display refilled after each action, the ``k``-th new card is any card
  not yet taken among the first ``4+k`` cards of the queue (display first, then deck).
  With two completions in one action the display is refilled only after both picks, so
  the card at the last allowed position may be taken only together with the one just
  before it. ``acq_c_t`` takes card ``c`` after step ``t``; a returned dealt card is taken
  through its slot (``back_d_j_t``).
* **Hand** (``_hand``): ``inhand[c,t] = got[c,t] - done[c,t-1]``; exactly two cards in hand
  (redundant); completions of step ``t`` equal its acquisitions, and each position needs
  enough completions before it.
* **Crossings** (``_crossings``, per step): ``main[t,c,o]`` — the main crossing of step
  ``t`` is option ``o`` (a placement of the step's pattern in any rotation/mirror, or a
  single box) on card ``c``; exactly one per step, only on a card in hand, touching the
  crossed cells of step ``t-1`` (or holding the entrance: a free entrance means an empty
  card). Extra boxes forced by red crosses, exact: per step the extras number the red
  crosses newly crossed (main and extras), unless no legal box is left (*lapse*: then every
  reachable cell of both cards in hand is crossed). The sequential rule (each extra touches
  what is crossed before it; an extra is owed while red crosses outnumber the extras so
  far) holds exactly when one extra, ``ℓ``, is a plain box (unless lapsing) that touches the
  final crossed cells, and all other extras grow from the cells crossed before them without
  using ``ℓ``: a plain box crossed last leaves the owed count at zero only at the very end,
  and every other order can be rearranged to "red-cross extras first". The growth is
  encoded in layers: a layer-1 extra touches a box crossed before the step or by the main
  crossing, a layer-``d`` extra touches a layer-``d-1`` extra of the same card. An action
  forces at most the red crosses of its two cards, so card ``c`` needs ``reds(c) + max
  reds - 1`` layers (1–3 with the data). An action with no red cross in its main crossing
  has no extra (a cut for the LP). Decoded plans are still replayed; a step the engine
  rejected would be forbidden by a no-good cut and the model solved again (a safety net
  that the tests never trigger).
* **Cover** (``_cover``): a cell is crossed at step ``t`` exactly when it was before or one
  crossing of the step covers it.
* **Score** (``_score``): gems (``min`` with the track cap, then pairs), one torch per
  round (max over the round's crossed torches), skulls per action ``k_t = max(0, min(10,
  k_{t-1}+s_t) - 2 p_t)`` and the worst penalty by an element constraint, pyramid points
  from the final colour counts (solo rule), 10 per completed card.

**Solving** (``solve_deal``). Warm start: the best of the greedy-lookahead policy's games
over the keep pairs and, for deals longer than a round, of the pilot method's games over
them (``policy_plans``) is the first incumbent, a solution hint and a floor on the
objective. The budget is deterministic: CP-SAT's deterministic time (``budget`` seconds of
it) with a stated worker count and, for more than one worker, interleaved search, and two
column-generation rounds of the bound per unit (``bound_rounds``), so the same deal, seed
and budget give the same answer; ``time_limit`` is only a wall-clock cap
(a run it cuts says so, and may vary). When CP-SAT does not prove the optimum, the deal
bound of ``solvers.pyramids.bound`` (per-card tables, static) is computed and the smallest
proven bound is reported with its source; a plan whose score reaches the bound is
``OPTIMAL`` too.

CP-SAT runs with ``random_seed`` from ``cpsat_seed(seed)`` and ``workers_for(steps)``
workers: 1 for deals of at most one round (one worker proved 1-round optima 2-4x faster
than two interleaved) and 2 for longer deals (the second worker's neighbourhood search
found better plans: seed 0's full deal 155 against 147 at 40 deterministic seconds).
Deals of at most one round also run a lighter presolve (``max_presolve_iterations=1``,
``cp_model_probing_level=1``) and no LP (``linearization_level=0``): presolve probing was
about half of a 1-round solve; on seeds 0-9 the lighter presolve cut CP-SAT's summed
deterministic time from 18.9 to 12.3 and dropping the LP to 11.3. ``linearization_level=2``,
``symmetry_level=0``, other search branchings and LP connectivity cuts were tried and did
not help; so were the per-card relaxation's Lagrangian cuts (``bound``) as constraints,
which made the model heavier without lowering CP-SAT's bound.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations

from ortools.sat.python import cp_model

from games.errors import SolverFault
from games.protocol import CHANCE
from games.pyramids import Cross, Keep, Take, state_from_deal
from games.registry import get
from games.pyramids.rules import shape_masks
from games.seeding import child_seeds
from grids.cells import NEIGHBOURS, adjacent, cell_name, cells_of, distances, popcount
from solvers.verify import verify_replay

from .. import interrupt
from .bound import DEFAULT_BOUND_ITERATIONS, DealBound, deal_bound
from .instance import QueueWindows, SoloInstance, acquisition_ok
from .policy import playout, policy_move

__all__ = ["SoloInstance", "SolveResult", "PlanStep", "WarmStart", "solve_deal", "policy_plan",
           "policy_plans", "replay", "acquisition_ok", "DEFAULT_WORKERS", "DEFAULT_BUDGET",
           "workers_for", "cpsat_seed", "bound_rounds", "STOP_REASONS"]

DEFAULT_WORKERS = 2  # for deals longer than one round; see ``workers_for``
#: The default budget: seconds of CP-SAT deterministic time (about 1.6 s of one core
#: each on the full deal's model, measured).
DEFAULT_BUDGET = get("pyramids").budgets.best_score  # declared in the registry
STOP_REASONS = ("optimal", "budget", "time_limit", "cuts", interrupt.INTERRUPTED)


def workers_for(steps: int, steps_per_round: int = 7) -> int:
    """The default CP-SAT worker count for a deal of ``steps`` expedition cards."""
    return 1 if steps <= steps_per_round else DEFAULT_WORKERS


def bound_rounds(budget: float) -> int:
    """Column-generation rounds of the deal bound for a ``budget``: two per unit, at most
    ``DEFAULT_BOUND_ITERATIONS`` (the default budget of 30 gets them all).

    >>> bound_rounds(30.0), bound_rounds(0.5), bound_rounds(1000)
    (60, 1, 60)
    """
    return max(1, min(DEFAULT_BOUND_ITERATIONS, int(round(2 * budget))))


def cpsat_seed(seed) -> int:
    """CP-SAT's ``random_seed`` (a 31-bit int) for any seed of the library's convention:
    mapped through ``games.seeding``, so seeds beyond ±2^31 are fine.

    >>> cpsat_seed(2**31) == cpsat_seed(2**31) and 0 <= cpsat_seed(2**31) < 2**31
    True
    """
    return child_seeds(seed, 1)[0] % (1 << 31)


@dataclass(frozen=True)
class PlanStep:
    """One expedition card of a plan: the main crossing (``mask`` on card ``card``), its
    extra boxes ``(card, cell)`` and the cards taken afterwards."""

    card: int
    mask: int
    extras: tuple[tuple[int, int], ...]
    picks: tuple[int, ...]


@dataclass(frozen=True)
class WarmStart:
    """A legal game by the playout policy: its score, moves and plan."""

    score: int
    moves: tuple[str, ...]
    breakdown: dict
    kept: tuple[int, ...]
    steps: tuple[PlanStep, ...]


@dataclass
class SolveResult:
    """The best replayed plan, its proof status and bound. ``elapsed_s`` is measured
    (text output only); everything else is reproducible for a deterministic budget."""

    score: int
    status: str
    bound: int
    bound_source: str
    moves: list[str]
    breakdown: dict
    kept: tuple[int, ...]
    stop_reason: str
    workers: int
    random_seed: int
    budget: float
    time_limit: float | None
    cuts: int = 0
    deal_bound: DealBound | None = None
    elapsed_s: float = 0.0
    solver_stats: dict = field(default_factory=dict)


class _Card:
    __slots__ = ("order", "card", "reach", "cells", "start", "x", "dist")

    def __init__(self, card, start: int):
        self.order = card.order
        self.card = card
        self.dist = distances(card.open, card.entrance)
        self.reach = sum(1 << i for i in self.dist)
        self.cells = cells_of(self.reach)
        self.start = start
        self.x: dict[tuple[int, int], object] = {}

    def at(self, i: int, t: int):
        """``x[c,i,t]`` or the constant 0 before the card's window."""
        return self.x.get((i, t), 0)

    def done(self, t: int):
        return self.at(self.card.tomb, t)

    def icon_cells(self, icon: str) -> tuple[int, ...]:
        return cells_of(self.card.icons[icon] & self.reach)


class _Model:
    """The CP-SAT model of one solo deal, built in the steps of the module docstring."""

    def __init__(self, inst: SoloInstance, data):
        self.inst, self.data = inst, data
        self.model = cp_model.CpModel()
        self.T = len(inst.shapes)
        self._choose_cards()
        self._keep()
        self._cells()
        self._acquisitions()
        self._hand()
        reds = sorted((popcount(c.icons["red_cross"]) for c in data.cards), reverse=True)
        # an action forces at most reds[0] + reds[1] extras; all but the last fit in layers
        self.layers = max(1, reds[0] + reds[1] - 1)
        self.rmax = reds[0]
        self.main: dict[int, list[tuple[object, int, int]]] = {}
        self.extra: dict[int, list[tuple[list, int, int]]] = {}
        self.cover: dict[tuple[int, int, int], list] = {}
        for t in range(self.T):
            self._crossings(t)
        self._cover()
        self._score()

    # --- cards --------------------------------------------------------------------------
    def _choose_cards(self) -> None:
        inst, data = self.inst, self.data
        self.windows = QueueWindows.of(inst, self.data)
        self.slot_card = inst.undealt_slots()
        cards = {d: _Card(data.card(d), 0) for d in inst.dealt}
        for p in range(self.windows.positions):
            if p in self.slot_card:
                order = self.slot_card[p]
                cards[order] = _Card(data.card(order), self.windows.first_step(p))
        self.cards_list = [c for c in cards.values() if c.start < self.T]
        self.cards = {c.order: c for c in self.cards_list}

    # --- keep / return slots ------------------------------------------------------------
    def _keep(self) -> None:
        m, dealt = self.model, self.inst.dealt
        self.keep = {d: m.new_bool_var(f"keep_c{d}") for d in dealt}
        m.add(sum(self.keep.values()) == self.data.keep)
        self.returned = {(d, j): m.new_bool_var(f"ret_c{d}_slot{j}") for d in dealt for j in range(2)}
        for d in dealt:
            m.add(self.returned[d, 0] + self.returned[d, 1] + self.keep[d] == 1)
        for j in range(2):
            m.add(sum(self.returned[d, j] for d in dealt) == 1)
        for d, e in combinations(sorted(dealt), 2):  # the lower order number goes first
            m.add_bool_or([~self.returned[e, 0], ~self.returned[d, 1]])

    # --- cells, within the budget -------------------------------------------------------
    def _cells(self) -> None:
        m = self.model
        for c in self.cards_list:
            budget = self._budget(c)
            for t in range(c.start, self.T):
                for i in c.cells:
                    if c.dist[i] + 1 > budget[t]:
                        continue
                    c.x[i, t] = m.new_bool_var(f"x_c{c.order}_{cell_name(i)}_t{t}")
                    if (i, t - 1) in c.x:
                        m.add_implication(c.x[i, t - 1], c.x[i, t])

    def _budget(self, c: _Card) -> list[int]:
        """``budget[t]``: the most boxes card ``c`` can hold by the end of step ``t``. Every
        step crosses at most its pattern's boxes on ``c`` and every extra box is owed to a
        red cross crossed so far, on a card that can be in hand by then; a cell at BFS
        distance ``d`` from the entrance needs ``d + 1`` connected boxes, so its variable
        is fixed to 0 (left out) while ``d + 1 > budget[t]``."""
        out, boxes = [0] * self.T, 0
        for t in range(c.start, self.T):
            boxes += max(popcount(shape_masks(self.inst.shapes[t])[0]), 1)
            reds = sum(popcount(d.card.icons["red_cross"] & d.reach) for d in self.cards_list
                       if d.start <= t)
            out[t] = boxes + reds
        return out

    # --- acquisitions -------------------------------------------------------------------
    def _acquisitions(self) -> None:
        m, T, inst = self.model, self.T, self.inst
        first = self.windows.first_acquisition
        self.acq: dict[tuple[int, int], object] = {}
        self.taken: dict[tuple[int, int], object] = {}  # (position, step) -> taken then
        for p in range(self.windows.positions):
            order = self.slot_card.get(p)
            if order is None or order not in self.cards:
                continue
            for t in range(first[p], T - 1):
                self.acq[order, t] = self.taken[p, t] = m.new_bool_var(f"acq_c{order}_t{t}")
        back = {}
        for j, p in enumerate(inst.return_positions):
            if p >= self.windows.positions:
                continue
            for t in range(first[p], T - 1):
                lits = []
                for d in inst.dealt:
                    v = back[d, j, t] = m.new_bool_var(f"back_c{d}_slot{j}_t{t}")
                    m.add_implication(v, self.returned[d, j])
                    lits.append(v)
                s = self.taken[p, t] = m.new_bool_var(f"take_p{p}_t{t}")
                m.add(s == sum(lits))
        for d in inst.dealt:
            for t in range(T - 1):
                lits = [back[d, j, t] for j in range(2) if (d, j, t) in back]
                if lits:
                    v = self.acq[d, t] = m.new_bool_var(f"acq_c{d}_t{t}")
                    m.add(v == sum(lits))
        for c in self.cards_list:
            acqs = [self.acq[c.order, t] for t in range(T - 1) if (c.order, t) in self.acq]
            base = self.keep.get(c.order, 0)
            if acqs or c.order in self.keep:
                m.add(base + sum(acqs) <= 1)

    def _got(self, c: _Card, t: int):
        """1 when card ``c`` was kept or taken before step ``t``."""
        return self.keep.get(c.order, 0) + sum(self.acq[c.order, s] for s in range(t)
                                               if (c.order, s) in self.acq)

    # --- hand and completions -----------------------------------------------------------
    def _hand(self) -> None:
        m, T = self.model, self.T
        self.inhand = {}
        for c in self.cards_list:
            for t in range(c.start, T):
                h = self.inhand[c.order, t] = m.new_bool_var(f"inhand_c{c.order}_t{t}")
                m.add(h == self._got(c, t) - c.done(t - 1))
        for t in range(T):  # redundant: exactly two cards in hand at every step
            m.add(sum(self.inhand[c.order, t] for c in self.cards_list
                      if (c.order, t) in self.inhand) == self.data.keep)
        completions, cumulative = [], []
        for t in range(T):
            expr = sum(c.done(t) - c.done(t - 1) for c in self.cards_list)
            completions.append(expr)
            cumulative.append(expr + (cumulative[-1] if cumulative else 0))
        self.double = []
        for t in range(T - 1):
            double = m.new_bool_var(f"double_t{t}")  # two completions in one action
            m.add(double >= completions[t] - 1)
            m.add(2 * double <= completions[t])
            self.double.append(double)
            m.add(sum(v for (p, s), v in self.taken.items() if s == t) == completions[t])
            for (p, s), v in self.taken.items():
                if s != t:
                    continue
                if p > 3:
                    m.add(cumulative[t] >= p - 3).only_enforce_if(v)
                if p >= 5:
                    late = m.new_bool_var(f"late_p{p}_t{t}")  # p is beyond the window of
                    m.add(cumulative[t] >= p - 2).only_enforce_if(late)  # the first pick
                    m.add(cumulative[t] <= p - 3).only_enforce_if(~late)
                    before = self.taken.get((p - 1, t))
                    m.add_bool_or([~v, ~double, late] + ([before] if before is not None else []))

    # --- crossings of one step ----------------------------------------------------------
    def _crossings(self, t: int) -> None:
        options = self._main_options(t)
        extras, last, lapse = self._extra_boxes(t, options)
        self._extra_count(t, options, extras, last, lapse)

    def _main_options(self, t: int) -> list[tuple[object, int, int]]:
        m = self.model
        options = []
        forms = shape_masks(self.inst.shapes[t])
        for c in self.cards_list:
            if t < c.start:
                continue
            masks = [pm for pm in forms if not pm & ~c.reach] + [1 << i for i in c.cells]
            masks = [o for o in masks if all((i, t) in c.x for i in cells_of(o))]
            own = []
            for o in masks:
                if o >> c.card.entrance & 1:
                    touching = None
                else:
                    touching = [c.x[j, t - 1] for j in cells_of(adjacent(o) & c.reach)
                                if (j, t - 1) in c.x]
                    if not touching:
                        continue
                name = "_".join(cell_name(i) for i in cells_of(o))
                v = m.new_bool_var(f"main_t{t}_c{c.order}_{name}")
                m.add_implication(v, self.inhand[c.order, t])
                if touching is not None:
                    m.add_bool_or(touching).only_enforce_if(v)
                options.append((v, c.order, o))
                own.append(v)
                for i in cells_of(o):
                    self.cover.setdefault((c.order, i, t), []).append(v)
            m.add(sum(own) <= self.inhand[c.order, t])
        m.add_exactly_one(v for v, _, _ in options)
        self.main[t] = options
        return options

    def _extra_boxes(self, t: int, options) -> tuple[list, list, object]:
        """The layered extra-box literals of step ``t`` (docstring): ``(extras, last
        literals, lapse)``; each entry of ``extras`` is ``(literals, card, cell)``."""
        m = self.model
        extras = []
        lapse = m.new_bool_var(f"lapse_t{t}")
        layered: dict[tuple[int, int], list] = {}
        last: list = []
        for c in self.cards_list:
            if t < c.start:
                continue
            red_mask = c.card.icons["red_cross"]
            for i in c.cells:
                if (i, t) not in c.x:
                    continue
                where = f"t{t}_c{c.order}_{cell_name(i)}"
                lits = [m.new_bool_var(f"extra_{where}_l{d + 1}") for d in range(self._layers(c))]
                ell = m.new_bool_var(f"last_{where}")
                lits.append(ell)
                last.append(ell)
                if red_mask >> i & 1:  # the last extra is a plain box unless lapsing
                    m.add_implication(ell, lapse)
                if i != c.card.entrance:
                    m.add_bool_or([c.x[j, t] for j in NEIGHBOURS[i] if (j, t) in c.x]
                                  ).only_enforce_if(ell)
                layered[c.order, i] = lits[: self._layers(c)]
                for v in lits:
                    m.add_implication(v, self.inhand[c.order, t])
                extras.append((lits, c.order, i))
                self.cover.setdefault((c.order, i, t), []).extend(lits)
        main_near: dict[tuple[int, int], list] = {}
        for v, order, o in options:
            for j in cells_of(adjacent(o)):
                main_near.setdefault((order, j), []).append(v)
        for c in self.cards_list:
            if t < c.start:
                continue
            for i in c.cells:
                if (c.order, i) not in layered:
                    continue
                lits = layered[c.order, i]
                if i != c.card.entrance:
                    # a first-layer extra touches a box crossed before this step, or is next
                    # to the main crossing
                    near = [c.x[j, t - 1] for j in NEIGHBOURS[i] if (j, t - 1) in c.x]
                    m.add_bool_or(near + main_near.get((c.order, i), [])).only_enforce_if(lits[0])
                for d in range(1, self._layers(c)):
                    m.add_bool_or([layered[c.order, j][d - 1] for j in NEIGHBOURS[i]
                                   if (c.order, j) in layered]).only_enforce_if(lits[d])
        self.extra[t] = extras
        return extras, last, lapse

    def _extra_count(self, t: int, options, extras, last, lapse) -> None:
        """The extras of step ``t`` number its new red crosses, unless the obligation lapses
        (then every reachable cell of both cards in hand is crossed)."""
        m = self.model
        reds = sum(c.at(i, t) - c.at(i, t - 1) for c in self.cards_list if t >= c.start
                   for i in c.icon_cells("red_cross"))
        count = sum(sum(lits) for lits, _, _ in extras)
        deficit = m.new_int_var(0, 12, f"deficit_t{t}")
        has = m.new_bool_var(f"has_extras_t{t}")
        m.add(deficit <= 12 * lapse)
        m.add(count + deficit == reds)
        # no red cross in the main crossing, no extra box (a cut the LP needs: red extras
        # would otherwise pay for themselves)
        main_reds = sum(popcount(o & self.cards[c].card.icons["red_cross"]) * v
                        for v, c, o in options)
        m.add(count <= self.layers * main_reds)
        m.add(count >= has)
        m.add(count <= 12 * has)
        m.add(sum(last) == has)  # one extra is the last crossed (see docstring)
        for c in self.cards_list:
            if t >= c.start:
                m.add(sum(c.at(i, t) for i in c.cells) >= len(c.cells) * self.inhand[c.order, t]
                      ).only_enforce_if(lapse)

    def _layers(self, c: _Card) -> int:
        """Layers an extra on card ``c`` may need: an action forces at most the red crosses
        of ``c`` and of the other card in hand, and all but the last extra are layered."""
        return max(1, popcount(c.card.icons["red_cross"] & c.reach) + self.rmax - 1)

    # --- cover ----------------------------------------------------------------------------
    def _cover(self) -> None:
        m = self.model
        for c in self.cards_list:
            for t in range(c.start, self.T):
                for i in c.cells:
                    if (i, t) in c.x:
                        m.add(c.x[i, t] == c.at(i, t - 1)
                              + sum(self.cover.get((c.order, i, t), [])))

    # --- score ----------------------------------------------------------------------------
    def _new(self, icon: str, t: int):
        return sum(c.at(i, t) - c.at(i, t - 1) for c in self.cards_list if t >= c.start
                   for i in c.icon_cells(icon))

    def _score(self) -> None:
        m, data, T = self.model, self.data, self.T
        self.terms = {"cards": data.card_points * sum(c.done(T - 1) for c in self.cards_list),
                      "torches": data.torch_points * sum(self._torches()),
                      "pyramid": self._pyramid_points(), "gems": self._gems(),
                      "skulls": -self._skull_penalty()}
        self.objective = sum(self.terms.values())
        m.maximize(self.objective)

    def _gems(self):
        m, data, T = self.model, self.data, self.T
        cap = data.gems_per_colour
        counts = []
        for icon, name in (("red_gem", "red"), ("green_gem", "green")):
            crossed = sum(c.at(i, T - 1) for c in self.cards_list for i in c.icon_cells(icon))
            v = m.new_int_var(0, cap, f"gems_{name}")
            m.add_min_equality(v, [crossed, cap])
            counts.append(v)
        red, green = counts
        pairs = m.new_int_var(0, cap, "gem_pairs")
        m.add_min_equality(pairs, [red, green])
        return data.gem_pair_points * pairs + data.single_gem_points * (red + green - 2 * pairs)

    def _torches(self) -> list:
        m, T, steps = self.model, self.T, self.inst.steps_per_round
        torches = []
        for r in range(self.inst.rounds):
            lit = m.new_bool_var(f"torch_r{r + 1}")
            crossed = sum(self._new("torch", t) for t in range(r * steps, min(T, (r + 1) * steps)))
            m.add(lit <= crossed)
            m.add(48 * lit >= crossed)
            torches.append(lit)
        return torches

    def _skull_penalty(self):
        m, data = self.model, self.data
        track = len(data.skull_penalties)
        count = 0
        for t in range(self.T):
            crossed = m.new_int_var(0, track, f"skulls_crossed_t{t}")
            m.add_min_equality(crossed, [count + self._new("skull", t), track])
            after = m.new_int_var(0, track, f"skulls_t{t}")
            m.add_max_equality(after, [0, crossed - 2 * self._new("potion", t)])
            count = after
        penalty = m.new_int_var(0, max(data.skull_penalties), "skull_penalty")
        m.add_element(count, [0] + list(data.skull_penalties), penalty)
        return penalty

    def _pyramid_points(self):
        m, data, T = self.model, self.data, self.T
        points = 0
        for colour in data.colours:
            n = sum(c.done(T - 1) for c in self.cards_list if c.card.colour == colour)
            for need, pts in zip(data.pyramid_milestones, data.pyramid_points):
                reached = m.new_bool_var(f"pyramid_{colour}_{need}")
                m.add(n >= need).only_enforce_if(reached)
                m.add(n <= need - 1).only_enforce_if(~reached)
                points += pts * reached
        return points

    # --- warm start -----------------------------------------------------------------------
    def hint(self, warm: WarmStart) -> None:
        """Warm start from a plan: keep, main crossings, acquisitions and the crossed cells;
        CP-SAT completes the rest (extras layering)."""
        m = self.model
        for d, v in self.keep.items():
            m.add_hint(v, int(d in warm.kept))
        masks = {o: 0 for o in warm.kept}
        for t, step in enumerate(warm.steps[: self.T]):
            for v, c, o in self.main[t]:
                m.add_hint(v, int(c == step.card and o == step.mask))
            masks[step.card] = masks.get(step.card, 0) | step.mask
            for c, i in step.extras:
                masks[c] = masks.get(c, 0) | (1 << i)
            for c in self.cards_list:
                for i in c.cells:
                    if (i, t) in c.x:
                        m.add_hint(c.x[i, t], masks.get(c.order, 0) >> i & 1)
            for (c, s), v in self.acq.items():
                if s == t:
                    m.add_hint(v, int(c in step.picks))
            for c in step.picks:
                masks.setdefault(c, 0)

    # --- decode -------------------------------------------------------------------------
    def decode(self, solver) -> tuple[tuple[int, ...], list[PlanStep]]:
        """``(kept, steps)`` of the solver's solution."""
        kept = tuple(sorted(d for d, v in self.keep.items() if solver.value(v)))
        steps = []
        for t in range(self.T):
            main = [(c, o) for v, c, o in self.main[t] if solver.value(v)]
            if len(main) != 1:
                raise SolverFault(f"step {t} has {len(main)} main crossings in the solution")
            extras = tuple(sorted((c, i) for lits, c, i in self.extra[t]
                                  if any(solver.value(v) for v in lits)))
            picks = tuple(sorted(c for (c, s), v in self.acq.items() if s == t and solver.value(v)))
            (card, mask), = main
            steps.append(PlanStep(card, mask, extras, picks))
        return kept, steps

    def cut(self, solver, t: int) -> None:
        """Forbid the decoded choices of step ``t`` with the same previous crossings."""
        lits = [v for v, _, _ in self.main[t] if solver.value(v)]
        lits += [v for group, _, _ in self.extra[t] for v in group if solver.value(v)]
        involved = {c for v, c, _ in self.main[t] if solver.value(v)}
        involved |= {c for group, c, _ in self.extra[t] if any(solver.value(v) for v in group)}
        for order in involved:
            c = self.cards[order]
            for i in c.cells:
                if (i, t - 1) in c.x:
                    v = c.x[i, t - 1]
                    lits.append(v if solver.value(v) else ~v)
        self.model.add_bool_or([~lit for lit in lits])


def replay(deal: dict, data, kept, steps) -> tuple[object, list[str], int | None]:
    """Replay a decoded plan through the engine: ``(state, moves, failed_step)``."""
    state = state_from_deal(deal, data)
    moves = [Keep(tuple(kept))]
    state.apply(moves[0])
    t = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if state.phase != "cross":
            raise SolverFault(f"unexpected phase {state.phase} in a solo replay")
        step = steps[t]
        move = Cross(step.card, step.mask, step.extras)
        if move not in state.legal_moves():
            return state, [str(m) for m in moves], t
        state.apply(move)
        moves.append(move)
        picks = list(step.picks)
        t += 1
        while state.phase == "take":
            legal = state.legal_moves()
            choice = None
            for card in picks:
                options = [mv for mv in legal if mv.card == card] or (
                    [Take(0)] if state.deck and state.deck[0] == card else [])
                if options and (len(picks) == 1 or _second_ok(state, card, picks)):
                    choice = options[0]
                    picks.remove(card)
                    break
            if choice is None:
                if picks:
                    return state, [str(m) for m in moves], t - 1
                choice = legal[0]  # the last step's replacements do not matter
            state.apply(choice)
            moves.append(choice)
    return state, [str(m) for m in moves], None


def _second_ok(state, first: int, picks) -> bool:
    """With two picks in one action: is the other still takeable after ``first``?"""
    other = [c for c in picks if c != first][0]
    display = [c for c in state.display if c != first]
    deck = state.deck[1:] if state.deck and state.deck[0] == first else state.deck
    return other in display or (deck and deck[0] == other)


def _play(deal: dict, data, kept, choose) -> WarmStart:
    """The game that keeps ``kept`` and then plays ``choose(state)`` at every decision."""
    state = state_from_deal(deal, data)
    moves = [Keep(tuple(kept))]
    state.apply(moves[0])
    steps: list[dict] = []
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        move = choose(state)
        if isinstance(move, Cross):
            steps.append({"card": move.card, "mask": move.cells, "extras": move.extras,
                          "picks": []})
        elif isinstance(move, Take):
            steps[-1]["picks"].append(move.card or state.deck[0])
        state.apply(move)
        moves.append(move)
    return WarmStart(state.score(0), tuple(str(m) for m in moves), state.breakdown(0),
                     tuple(kept), tuple(PlanStep(s["card"], s["mask"], s["extras"],
                                                 tuple(s["picks"])) for s in steps))


def _pilot_move(state):
    """The pilot method's move (the future known): every distinct option is played out by
    the greedy-lookahead policy and the best final score wins (ties: the option order)."""
    if state.phase == "cross":
        options: dict = {}
        for slot, main, final in state.options(state.to_move):
            options.setdefault(final, state.cross_move(state.to_move, slot, main, final))
        moves = list(options.values()) or state.legal_moves()
    else:
        moves = state.legal_moves()
    best, best_score = None, None
    for move in moves:
        world = state.clone()
        world.apply(move)
        playout(world)
        if best_score is None or world.score(0) > best_score:
            best, best_score = move, world.score(0)
    return best


def policy_plans(deal: dict, data, *, pilot: bool = False) -> list[WarmStart]:
    """A game for every keep choice, best score first (ties: the keep pairs' order): played
    by the greedy-lookahead policy, or with ``pilot`` by the pilot method over it (each
    decision tries every option played out by the policy on the known deal; measured on
    the full deals 0-9 it scores 133-158 in 3-5 s of CPU against the policy's 117-146)."""
    inst = SoloInstance.from_deal(deal, data)
    choose = _pilot_move if pilot else policy_move
    plans = [_play(deal, data, kept, choose) for kept in combinations(sorted(inst.dealt), data.keep)]
    return sorted(plans, key=lambda w: -w.score)


def policy_plan(deal: dict, data) -> WarmStart:
    """The greedy-lookahead policy's best game over the keep choices."""
    return policy_plans(deal, data)[0]


def _parameters(solver, inst: SoloInstance, *, workers: int, seed: int) -> None:
    p = solver.parameters
    p.random_seed = seed
    p.num_workers = workers
    # Ctrl-C is ours (cli.signals): CP-SAT's own handler would end only its phase and leave
    # SIGINT at the default action after the solve
    p.catch_sigint_signal = False
    if workers > 1:
        p.interleave_search = True  # deterministic with several workers
    if len(inst.shapes) <= inst.steps_per_round:
        # lighter presolve: on 1-round models the default three presolve passes with full
        # probing take about half of the solve (see the module docstring)
        p.max_presolve_iterations = 1
        p.cp_model_probing_level = 1
        p.linearization_level = 0  # the proof here is mostly propagation


@dataclass
class _Search:
    """What the CP-SAT search of ``solve_deal`` leaves: the best replayed plan, CP-SAT's
    proven bound, why it stopped, the cuts added and the deterministic time used."""

    best: WarmStart
    optimal: bool = False
    cp_bound: int | None = None
    stop: str = "budget"
    cuts: int = 0
    used: float = 0.0


class _Report(cp_model.CpSolverSolutionCallback):
    """Tells ``progress`` each better plan CP-SAT finds and each better bound it proves
    (only when someone watches: a terminal's progress line). Reading the search changes
    nothing in it."""

    def __init__(self, progress, start: float):
        super().__init__()
        self.progress, self.best, self.bound = progress, start, None

    def on_solution_callback(self) -> None:
        self.best = max(self.best, self.objective_value)
        self.bound = self.best_objective_bound
        self.tell()

    def on_bound(self, bound: float) -> None:
        self.bound = bound
        self.tell()

    def tell(self) -> None:
        bound = "" if self.bound is None else f", bound {math.floor(self.bound + 1e-6):g}"
        self.progress(f"CP-SAT search: best {self.best:g}{bound}")


def _cp_sat_search(deal: dict, data, inst: SoloInstance, model: _Model, warm: WarmStart, *,
                   budget: float, deadline: float | None, workers: int, random_seed: int,
                   max_cuts: int, progress=None) -> _Search:
    """Solve, decode, replay; a plan the engine rejects is cut and the model solved again."""
    search = _Search(warm)

    def out_of_time() -> bool:
        return deadline is not None and time.perf_counter() >= deadline

    def stopped() -> str:
        return (interrupt.INTERRUPTED if interrupt.requested()
                else "time_limit" if out_of_time() else "budget")

    while True:
        solver = cp_model.CpSolver()
        _parameters(solver, inst, workers=workers, seed=random_seed)
        solver.parameters.max_deterministic_time = max(0.01, budget - search.used)
        if deadline is not None:
            solver.parameters.max_time_in_seconds = max(0.01, deadline - time.perf_counter())
        report = None
        if progress is not None:
            report = _Report(progress, search.best.score)
            solver.best_bound_callback = report.on_bound
        with interrupt.on_stop(solver.stop_search):
            code = solver.solve(model.model, report)
        search.used += solver.deterministic_time
        if code in (cp_model.INFEASIBLE, cp_model.MODEL_INVALID):
            raise SolverFault(f"the CP-SAT model of the deal is {solver.status_name(code)} "
                              "(a modelling fault: the policy's game is a solution)")
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            search.stop = stopped()
            return search  # no solution and no bound from this run
        search.cp_bound = int(math.floor(solver.best_objective_bound + 1e-6))
        kept, steps = model.decode(solver)
        state, moves, failed = replay(deal, data, kept, steps)
        if failed is None:
            score = state.score(0)
            verify_replay("score", claimed=int(round(solver.objective_value)), replayed=score)
            if score >= search.best.score:
                search.best = WarmStart(score, tuple(moves), state.breakdown(0), tuple(kept),
                                        tuple(steps))
            search.optimal = code == cp_model.OPTIMAL
            search.stop = "optimal" if search.optimal else stopped()
            return search
        model.cut(solver, failed)
        search.cuts += 1
        if (search.cuts >= max_cuts or out_of_time() or search.used >= budget
                or interrupt.requested()):
            search.stop = "cuts" if search.cuts >= max_cuts else stopped()
            return search


def solve_deal(deal: dict, data, *, budget: float = DEFAULT_BUDGET,
               time_limit: float | None = None, seed=0, workers: int | None = None,
               bound_iterations: int | None = None, max_cuts: int = 50,
               progress=None) -> SolveResult:
    """Maximise the final score of a solo deal (module docstring); the plan is replayed
    through the engine. ``budget``: seconds of CP-SAT deterministic time, and
    ``bound_rounds(budget)`` column-generation rounds for the deal bound unless
    ``bound_iterations`` says otherwise; ``time_limit``: a wall-clock cap on the whole solve
    (its result may vary). ``progress(text)``, when given, hears the phase, the best score
    and the bound as they improve; a stop request (``solvers.interrupt``: Ctrl-C) ends the
    search with the best plan so far and a proven bound (stop reason ``interrupted``)."""
    tell = progress or (lambda text: None)
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    inst = SoloInstance.from_deal(deal, data)
    if workers is None:
        workers = workers_for(len(inst.shapes), inst.steps_per_round)
    random_seed = cpsat_seed(seed)
    tell("the policy's games (a first plan)")
    model = _Model(inst, data)
    warm = policy_plans(deal, data)
    if len(inst.shapes) > inst.steps_per_round:  # CP-SAT alone proves 1-round deals faster
        warm = sorted(warm + policy_plans(deal, data, pilot=True), key=lambda w: -w.score)
    model.hint(warm[0])
    # the policy's plan is legal, so the optimum is at least its score: prune below it
    model.model.add(model.objective >= warm[0].score)
    tell(f"CP-SAT search: best {warm[0].score:g}")
    search = _cp_sat_search(deal, data, inst, model, warm[0], budget=budget, deadline=deadline,
                            workers=workers, random_seed=random_seed, max_cuts=max_cuts,
                            progress=progress)
    best, stop, proof = search.best, search.stop, None
    if search.optimal:
        bound, source = best.score, "cp-sat"
    else:
        rounds = bound_rounds(budget) if bound_iterations is None else bound_iterations
        tell(f"the deal bound (per-card tables, up to {rounds} rounds): best {best.score:g}"
             + (f", CP-SAT bound {search.cp_bound}" if search.cp_bound is not None else ""))
        proof = deal_bound(inst, data, iterations=rounds, deal=deal,
                           games=[w.moves for w in warm] + [best.moves], deadline=deadline,
                           cards=[c.order for c in model.cards_list])
        bound, source = proof.value, proof.source
        if search.cp_bound is not None and search.cp_bound < bound:
            bound, source = search.cp_bound, "cp-sat"
        if interrupt.requested():
            stop = interrupt.INTERRUPTED
        elif proof.stopped_by_clock:
            stop = "time_limit"
    if bound < best.score:
        raise SolverFault(f"proven bound {bound} ({source}) is below the replayed score "
                          f"{best.score}")
    status = "OPTIMAL" if bound == best.score else "FEASIBLE"
    return SolveResult(best.score, status, bound, source, list(best.moves), best.breakdown,
                       best.kept, stop, workers, random_seed, budget, time_limit, search.cuts,
                       proof, time.perf_counter() - start,
                       {"variables": len(model.model.proto.variables),
                        "constraints": len(model.model.proto.constraints),
                        "deterministic_s": round(search.used, 3)})
