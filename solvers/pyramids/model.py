"""CP-SAT: the best final score of a solo Pyramids deal with every shuffle known.

Enumerate → build → solve → decode → replay (STYLE.md §7). The model chooses the 2 kept
cards, every crossing (pattern placement or single box, and the extra boxes forced by red
crosses) and every replacement card; the objective is the exact final score.

Model (time-indexed, one Boolean family per physical card ``c``):

* ``x[c,i,t]`` — cell ``i`` of card ``c`` is crossed by the end of step ``t`` (only cells
  reachable from the entrance exist; a card's variables start at the first step it can be
  in hand, see *windows*). ``done[c,t] = x[c,tomb,t]``.
* ``m[t,c,o]`` — the main crossing of step ``t`` is option ``o`` (a placement of the
  step's pattern in any rotation/mirror, or a single box) on card ``c``; exactly one per
  step, only on a card in hand, touching the crossed cells of step ``t-1`` (or holding the
  entrance: a free entrance means an empty card).
* Extra boxes forced by red crosses, exact: per step the extras number the red crosses
  newly crossed (main and extras), unless no legal box is left (*lapse*: then every
  reachable cell of both cards in hand is crossed). The sequential rule (each extra
  touches what is crossed before it; an extra is owed while red crosses outnumber the
  extras so far) holds exactly when one extra, ``ℓ``, is a plain box (unless lapsing)
  that touches the final crossed cells, and all other extras grow from the cells crossed
  before them without using ``ℓ``: a plain box crossed last leaves the owed count at
  zero only at the very end, and every other order can be rearranged to "red-cross
  extras first". The growth is encoded in layers: a layer-1 extra touches a box crossed
  before the step or by the main crossing, a layer-``d`` extra touches a layer-``d-1``
  extra of the same card (or the main crossing's neighbours for layer 1, without extra
  variables). An action forces at most the red crosses of its two cards, so card ``c``
  needs ``reds(c) + max reds - 1`` layers (1–3 with the data). An action with no red
  cross in its main crossing has no extra (a cut for the LP).
  Decoded plans are still replayed; a step the engine rejected would be forbidden by a
  no-good cut and the model solved again (a safety net that the tests never trigger).
* Hand: ``inhand[c,t] = got[c,t] - done[c,t-1]``; ``got`` is "kept" for dealt cards plus
  earlier acquisitions. Completions of step ``t`` equal its acquisitions.
* Acquisitions use the queue fact (checked against the engine in the tests): with the
  display refilled after each action, the ``k``-th new card is any card not yet taken
  among the first ``4+k`` cards of the queue (display first, then deck). With two
  completions in one action the display is refilled only after both picks, so the card
  at the last allowed position may be taken only together with the one just before it.
  The two returned cards sit at the deal's return positions, the lower order number first;
  which dealt card is where follows from the keep choice.
* Score: gems (``min`` with the track cap, then pairs), one torch per round (max over the
  round's crossed torches), skulls per action ``k_t = max(0, min(10, k_{t-1}+s_t) - 2 p_t)``
  and the worst penalty by an element constraint, pyramid points from the final colour
  counts (solo rule), 10 per completed card.
* Budgets: a cell at BFS distance ``d`` from the entrance needs ``d + 1`` crossed boxes on
  its card, and by step ``t`` a card holds at most the pattern boxes of the steps since its
  window opened plus one extra per red cross of the cards that can be in hand by then;
  cells beyond the budget get no variable (fixed to 0).
* Windows: a valid bound on completions (the ``k`` shortest entrance→tomb paths must fit
  in the cells crossable so far, extras counted by the most red crosses) limits the queue
  positions that matter and the first step each queue card can be in hand.

Warm start: the greedy-lookahead policy's plan (``policy_plan``) is the first incumbent
and a solution hint. Status ``OPTIMAL``: CP-SAT proved the optimum and its plan replayed
to the same score. ``FEASIBLE``: the best replayed plan so far and the solver's proven
bound: the smaller of ``best_objective_bound`` and a static bound (completions limited by
the cells the expedition cards can cross; pyramid points of the best split of those
completions over the colours; gems of the ``2 + completions`` richest cards, track-capped;
every torch; no skull).
CP-SAT runs with ``random_seed`` from the caller and a stated ``num_workers``: by default
``workers_for(steps)`` = 1 for deals of at most one round (on the shared 2-core machine one
worker proved 1-round optima 2-3x faster than two) and 2 for longer deals (where the
second worker's neighbourhood search finds better plans within the time limit). Deals of at
most one round also run a lighter presolve (``max_presolve_iterations=1``,
``cp_model_probing_level=1``) and no LP (``linearization_level=0``): presolve probing was
about half of a 1-round solve; on seeds 0-9 the lighter presolve cut CP-SAT's summed
deterministic time from 18.9 to 12.3 and dropping the LP to 11.3. ``linearization_level=2``,
``symmetry_level=0``, other search branchings and LP connectivity cuts (a crossed box implies
a crossed entrance and a crossed neighbour; a box at distance ``d`` needs ``d + 1`` boxes)
were tried and did not help.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field
from itertools import combinations

from ortools.sat.python import cp_model

from games.errors import NoSolutionError
from games.pyramids import Cross, Keep, Take, state_from_deal
from games.pyramids.rules import shape_masks
from games.protocol import CHANCE
from grids.cells import NEIGHBOURS, adjacent, cells_of, distances, popcount

from .instance import SoloInstance, acquisition_ok
from .policy import policy_move

__all__ = ["SoloInstance", "SolveResult", "solve_deal", "policy_plan", "replay", "acquisition_ok",
           "DEFAULT_WORKERS", "workers_for"]

DEFAULT_WORKERS = 2  # for deals longer than one round; see ``workers_for``


def workers_for(steps: int, steps_per_round: int = 7) -> int:
    """The default CP-SAT worker count for a deal of ``steps`` expedition cards."""
    return 1 if steps <= steps_per_round else DEFAULT_WORKERS


@dataclass
class SolveResult:
    score: int
    status: str
    bound: int
    moves: list[str]
    breakdown: dict
    kept: tuple[int, ...]
    time_s: float
    cuts: int
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


def _completion_bound(data, shapes):
    """``possible(k, t)``: whether ``k`` completions by the end of step ``t`` fit the cells."""
    sps = sorted(c.shortest_path() for c in data.cards)
    reds = sorted((popcount(c.icons["red_cross"]) for c in data.cards), reverse=True)
    cum, total = [], 0
    for s in shapes:
        total += max(popcount(shape_masks(s)[0]), 1)
        cum.append(total)

    def possible(k: int, t: int) -> bool:
        if t < 0:
            return k <= 0
        if k > len(sps):
            return False
        return sum(sps[:k]) <= cum[t] + sum(reds[:k + 2])

    return possible


def _pyramid_bound(data, completions: int) -> int:
    """The most pyramid points ``completions`` completed cards can earn (solo rule): the
    best split of the completions over the colours."""
    def value(n):
        return sum(p for need, p in zip(data.pyramid_milestones, data.pyramid_points) if n >= need)

    best = {0: 0}
    for _ in data.colours:
        best = {k: max(best[j] + value(k - j) for j in range(k + 1) if j in best)
                for k in range(completions + 1)}
    return max(best.values())


def _gem_bound(data, cards, completions: int) -> int:
    """The most gem points: at most ``2 + completions`` cards are ever held, so each colour
    counts at most the gems of that many of the model's cards (track-capped); the gem
    score is nondecreasing in both counts."""
    held = data.keep + completions
    counts = []
    for icon in ("red_gem", "green_gem"):
        per_card = sorted((popcount(c.card.icons[icon] & c.reach) for c in cards), reverse=True)
        counts.append(min(data.gems_per_colour, sum(per_card[:held])))
    pairs = min(counts)
    return data.gem_pair_points * pairs + data.single_gem_points * (sum(counts) - 2 * pairs)


class _Model:
    def __init__(self, inst: SoloInstance, data):
        self.inst, self.data = inst, data
        m = self.model = cp_model.CpModel()
        T = self.T = len(inst.shapes)
        possible = _completion_bound(data, inst.shapes)
        kmax = 0
        while T >= 2 and possible(kmax + 1, T - 2) and kmax < len(inst.rest):
            kmax += 1
        self.P = P = min(len(inst.rest) + 2, 4 + kmax)  # queue positions that matter

        def first_acq(p: int) -> int:
            need = max(1, p - 3)
            for t in range(T - 1):
                if possible(need, t):
                    return t
            return T

        # the queue: positions of undealt cards (skipping the two return slots)
        rp = list(inst.return_positions)
        slot_card: dict[int, int] = {}
        rest = iter(inst.rest)
        for p in range(len(inst.rest) + 2):
            if p not in rp:
                slot_card[p] = next(rest)
        self.cards: dict[int, _Card] = {}
        for d in inst.dealt:
            self.cards[d] = _Card(data.card(d), 0)
        for p in range(P):
            if p in slot_card:
                self.cards[slot_card[p]] = _Card(data.card(slot_card[p]), first_acq(p) + 1)
        cards = [c for c in self.cards.values() if c.start < T]
        self.cards = {c.order: c for c in cards}

        # keep / return slots
        self.keep = {d: m.new_bool_var(f"keep{d}") for d in inst.dealt}
        m.add(sum(self.keep.values()) == data.keep)
        at = {(d, j): m.new_bool_var(f"at{d}_{j}") for d in inst.dealt for j in range(2)}
        for d in inst.dealt:
            m.add(at[d, 0] + at[d, 1] + self.keep[d] == 1)
        for j in range(2):
            m.add(sum(at[d, j] for d in inst.dealt) == 1)
        for d, e in combinations(sorted(inst.dealt), 2):  # lower order number goes first
            m.add_bool_or([~at[e, 0], ~at[d, 1]])

        # x variables, only where the cell can be crossed by then (see ``_budget``)
        for c in cards:
            budget = self._budget(c, cards)
            for t in range(c.start, T):
                for i in c.cells:
                    if c.dist[i] + 1 > budget[t]:
                        continue
                    c.x[i, t] = m.new_bool_var("")
                    if (i, t - 1) in c.x:
                        m.add_implication(c.x[i, t - 1], c.x[i, t])

        # acquisitions
        self.acq: dict[tuple[int, int], object] = {}
        sa: dict[tuple[int, int], object] = {}
        for p in range(P):
            t0 = first_acq(p)
            for t in range(t0, T - 1):
                if p in slot_card:
                    if slot_card[p] in self.cards:
                        v = self.acq[slot_card[p], t] = m.new_bool_var("")
                        sa[p, t] = v
        y = {}
        for j, p in enumerate(rp):
            if p >= P:
                continue
            for t in range(first_acq(p), T - 1):
                ys = []
                for d in inst.dealt:
                    v = y[d, j, t] = m.new_bool_var("")
                    m.add_implication(v, at[d, j])
                    ys.append(v)
                s = sa[p, t] = m.new_bool_var("")
                m.add(s == sum(ys))
        for d in inst.dealt:
            for t in range(T - 1):
                ys = [y[d, j, t] for j in range(2) if (d, j, t) in y]
                if ys:
                    v = self.acq[d, t] = m.new_bool_var("")
                    m.add(v == sum(ys))
        for c in cards:
            acqs = [self.acq[c.order, t] for t in range(T - 1) if (c.order, t) in self.acq]
            base = self.keep[c.order] if c.order in self.keep else 0
            if acqs or c.order in self.keep:
                m.add(base + sum(acqs) <= 1)

        def got(c: _Card, t: int):
            base = self.keep[c.order] if c.order in self.keep else 0
            return base + sum(self.acq[c.order, s] for s in range(t) if (c.order, s) in self.acq)

        def done(c: _Card, t: int):
            return c.at(c.card.tomb, t)

        reds = sorted((popcount(c.icons["red_cross"]) for c in data.cards), reverse=True)
        # an action forces at most reds[0] + reds[1] extras; all but the last fit in layers
        self.layers = max(1, reds[0] + reds[1] - 1)
        self.rmax = reds[0]
        self.inhand = {}
        for c in cards:
            for t in range(c.start, T):
                h = self.inhand[c.order, t] = m.new_bool_var("")
                m.add(h == got(c, t) - done(c, t - 1))

        for t in range(T):  # redundant: exactly two cards in hand at every step
            m.add(sum(self.inhand[c.order, t] for c in cards if (c.order, t) in self.inhand) == data.keep)
        comp, cum = [], []
        for t in range(T):
            expr = sum(done(c, t) - done(c, t - 1) for c in cards)
            comp.append(expr)
            cum.append(expr + (cum[-1] if cum else 0))
        self.dbl = []
        for t in range(T - 1):
            dbl = m.new_bool_var("")
            m.add(dbl >= comp[t] - 1)
            m.add(2 * dbl <= comp[t])
            self.dbl.append(dbl)
            m.add(sum(v for (p, s), v in sa.items() if s == t) == comp[t])
            for (p, s), v in sa.items():
                if s != t:
                    continue
                if p > 3:
                    m.add(cum[t] >= p - 3).only_enforce_if(v)
                if p >= 5:
                    b = m.new_bool_var("")
                    m.add(cum[t] >= p - 2).only_enforce_if(b)
                    m.add(cum[t] <= p - 3).only_enforce_if(~b)
                    prev = sa.get((p - 1, t))
                    lits = [~v, ~dbl, b] + ([prev] if prev is not None else [])
                    m.add_bool_or(lits)

        # crossings
        self.main: dict[int, list[tuple[object, int, int]]] = {}
        self.extra: dict[int, list[tuple[object, int, int]]] = {}
        cover: dict[tuple[int, int, int], list] = {}
        for t in range(T):
            options = []
            forms = shape_masks(inst.shapes[t])
            for c in cards:
                if t < c.start:
                    continue
                masks = [pm for pm in forms if not pm & ~c.reach] + [1 << i for i in c.cells]
                masks = [o for o in masks if all((i, t) in c.x for i in cells_of(o))]
                own = []
                for o in masks:
                    if o >> c.card.entrance & 1:
                        lits = None
                    else:
                        lits = [c.x[j, t - 1] for j in cells_of(adjacent(o) & c.reach)
                                if (j, t - 1) in c.x]
                        if not lits:
                            continue
                    v = m.new_bool_var("")
                    m.add_implication(v, self.inhand[c.order, t])
                    if lits is not None:
                        m.add_bool_or(lits).only_enforce_if(v)
                    options.append((v, c.order, o))
                    own.append(v)
                    for i in cells_of(o):
                        cover.setdefault((c.order, i, t), []).append(v)
                m.add(sum(own) <= self.inhand[c.order, t])
            m.add_exactly_one(v for v, _, _ in options)
            self.main[t] = options
            extras = []
            lapse = m.new_bool_var("")
            layered: dict[tuple[int, int], list] = {}
            last: list = []
            for c in cards:
                if t < c.start:
                    continue
                red_mask = c.card.icons["red_cross"]
                for i in c.cells:
                    if (i, t) not in c.x:
                        continue
                    lits = [m.new_bool_var("") for _ in range(self._layers(c))]
                    if True:
                        ell = m.new_bool_var("")
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
                    cover.setdefault((c.order, i, t), []).extend(lits)
            main_near: dict[tuple[int, int], list] = {}
            for v, order, o in options:
                for j in cells_of(adjacent(o)):
                    main_near.setdefault((order, j), []).append(v)
            for c in cards:
                if t < c.start:
                    continue
                for i in c.cells:
                    if (c.order, i) not in layered:
                        continue
                    lits = layered[c.order, i]
                    if i != c.card.entrance:
                        # a first-layer extra touches a box crossed before this step, or
                        # is next to the main crossing
                        near = [c.x[j, t - 1] for j in NEIGHBOURS[i] if (j, t - 1) in c.x]
                        m.add_bool_or(near + main_near.get((c.order, i), [])
                                      ).only_enforce_if(lits[0])
                    for d in range(1, self._layers(c)):
                        m.add_bool_or([layered[c.order, j][d - 1] for j in NEIGHBOURS[i]
                                       if (c.order, j) in layered]).only_enforce_if(lits[d])
            self.extra[t] = extras
            reds = sum(c.at(i, t) - c.at(i, t - 1) for c in cards if t >= c.start
                       for i in cells_of(c.card.icons["red_cross"] & c.reach))
            count = sum(sum(lits) for lits, _, _ in extras)
            deficit = m.new_int_var(0, 12, "")
            has = m.new_bool_var("")
            m.add(deficit <= 12 * lapse)
            m.add(count + deficit == reds)
            # no red cross in the main crossing, no extra box (a cut the LP needs: red
            # extras would otherwise pay for themselves)
            main_reds = sum(popcount(o & self.cards[c].card.icons["red_cross"]) * v
                            for v, c, o in options)
            m.add(count <= self.layers * main_reds)
            m.add(count >= has)
            m.add(count <= 12 * has)
            m.add(sum(last) == has)  # one extra is the last crossed (see docstring)
            for c in cards:
                if t >= c.start:
                    m.add(sum(c.at(i, t) for i in c.cells) >= len(c.cells) * self.inhand[c.order, t]
                          ).only_enforce_if(lapse)
        for c in cards:
            for t in range(c.start, T):
                for i in c.cells:
                    if (i, t) in c.x:
                        m.add(c.x[i, t] == c.at(i, t - 1) + sum(cover.get((c.order, i, t), [])))

        # score
        def new(icon: str, t: int):
            return sum(c.at(i, t) - c.at(i, t - 1) for c in cards if t >= c.start
                       for i in cells_of(c.card.icons[icon] & c.reach))

        def final(icon: str):
            return sum(c.at(i, T - 1) for c in cards for i in cells_of(c.card.icons[icon] & c.reach))

        cap = data.gems_per_colour
        red, green = m.new_int_var(0, cap, "red"), m.new_int_var(0, cap, "green")
        m.add_min_equality(red, [final("red_gem"), cap])
        m.add_min_equality(green, [final("green_gem"), cap])
        pairs = m.new_int_var(0, cap, "pairs")
        m.add_min_equality(pairs, [red, green])
        gems = data.gem_pair_points * pairs + data.single_gem_points * (red + green - 2 * pairs)
        steps = inst.steps_per_round
        torches = []
        for r in range((T + steps - 1) // steps):
            lit = m.new_bool_var(f"torch{r}")
            got_t = sum(new("torch", t) for t in range(r * steps, min(T, (r + 1) * steps)))
            m.add(lit <= got_t)
            m.add(48 * lit >= got_t)
            torches.append(lit)
        track = len(data.skull_penalties)
        k = 0
        for t in range(T):
            a = m.new_int_var(0, track, "")
            m.add_min_equality(a, [k + new("skull", t), track])
            kt = m.new_int_var(0, track, f"k{t}")
            m.add_max_equality(kt, [0, a - 2 * new("potion", t)])
            k = kt
        penalty = m.new_int_var(0, max(data.skull_penalties), "penalty")
        m.add_element(k, [0] + list(data.skull_penalties), penalty)
        pyramid = 0
        for colour in data.colours:
            n = sum(done(c, T - 1) for c in cards if c.card.colour == colour)
            for need, pts in zip(data.pyramid_milestones, data.pyramid_points):
                b = m.new_bool_var("")
                m.add(n >= need).only_enforce_if(b)
                m.add(n <= need - 1).only_enforce_if(~b)
                pyramid += pts * b
        completed = sum(done(c, T - 1) for c in cards)
        self.terms = {"cards": data.card_points * completed, "torches": data.torch_points * sum(torches),
                      "pyramid": pyramid, "gems": gems, "skulls": -penalty}
        self.objective = sum(self.terms.values())
        m.maximize(self.objective)
        self.cards_list = cards
        # a bound needing no search: every term at its most (the most completions the
        # cells allow, every pyramid tier, every torch, full gem tracks, no skull)
        most = 0
        while possible(most + 1, T - 1):
            most += 1
        self.static_bound = (data.card_points * most + data.torch_points * len(torches)
                             + _pyramid_bound(data, most) + _gem_bound(data, cards, most))

    def _budget(self, c: _Card, cards) -> list[int]:
        """``budget[t]``: the most boxes card ``c`` can hold by the end of step ``t``. Every
        step crosses at most its pattern's boxes on ``c`` and every extra box is owed to a
        red cross crossed so far, on a card that can be in hand by then; a cell at BFS
        distance ``d`` from the entrance needs ``d + 1`` connected boxes, so its variable
        is fixed to 0 (left out) while ``d + 1 > budget[t]``."""
        out, boxes = [0] * self.T, 0
        for t in range(c.start, self.T):
            boxes += max(popcount(shape_masks(self.inst.shapes[t])[0]), 1)
            reds = sum(popcount(d.card.icons["red_cross"] & d.reach) for d in cards if d.start <= t)
            out[t] = boxes + reds
        return out

    def _layers(self, c: _Card) -> int:
        """Layers an extra on card ``c`` may need: an action forces at most the red crosses
        of ``c`` and of the other card in hand, and all but the last extra are layered."""
        return max(1, popcount(c.card.icons["red_cross"] & c.reach) + self.rmax - 1)

    def hint(self, kept, steps) -> None:
        """Warm start from a plan (``policy_plan``): keep, main crossings, acquisitions and
        the crossed cells; CP-SAT completes the rest (extras layering)."""
        m = self.model
        for d, v in self.keep.items():
            m.add_hint(v, int(d in kept))
        masks = {o: 0 for o in kept}
        for t, st in enumerate(steps[: self.T]):
            for v, c, o in self.main[t]:
                m.add_hint(v, int(c == st["card"] and o == st["mask"]))
            masks[st["card"]] = masks.get(st["card"], 0) | st["mask"]
            for c, i in st["extras"]:
                masks[c] = masks.get(c, 0) | (1 << i)
            for c in self.cards_list:
                for i in c.cells:
                    if (i, t) in c.x:
                        m.add_hint(c.x[i, t], masks.get(c.order, 0) >> i & 1)
            for (c, s), v in self.acq.items():
                if s == t:
                    m.add_hint(v, int(c in st["picks"]))
            for c in st["picks"]:
                masks.setdefault(c, 0)

    # --- decode -------------------------------------------------------------------------
    def decode(self, solver):
        """``(kept, steps)``: per step the main (card, mask), the extras and the picks."""
        kept = tuple(sorted(d for d, v in self.keep.items() if solver.value(v)))
        steps = []
        for t in range(self.T):
            main = [(c, o, v) for v, c, o in self.main[t] if solver.value(v)]
            extras = tuple(sorted((c, i) for lits, c, i in self.extra[t]
                                  if any(solver.value(v) for v in lits)))
            picks = sorted(c for (c, s), v in self.acq.items() if s == t and solver.value(v))
            (card, mask, lit), = main
            steps.append({"card": card, "mask": mask, "lit": lit, "extras": extras, "picks": picks})
        return kept, steps

    def cut(self, solver, t: int) -> None:
        """Forbid the decoded choices of step ``t`` with the same previous crossings."""
        lits = [v for v, _, _ in self.main[t] if solver.value(v)]
        lits += [v for group, _, _ in self.extra[t] for v in group if solver.value(v)]
        involved = {c for _, c, _ in self.main[t] if solver.value(_)}
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
        if state.phase == "cross":
            s = steps[t]
            move = Cross(s["card"], s["mask"], s["extras"])
            if move not in state.legal_moves():
                return state, [str(m) for m in moves], t
            state.apply(move)
            moves.append(move)
            picks = list(s["picks"])
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
            continue
        raise RuntimeError(f"unexpected phase {state.phase} in a solo replay")
    return state, [str(m) for m in moves], None


def _second_ok(state, first: int, picks) -> bool:
    """With two picks in one action: is the other still takeable after ``first``?"""
    other = [c for c in picks if c != first][0]
    display = [c for c in state.display if c != first]
    deck = state.deck[1:] if state.deck and state.deck[0] == first else state.deck
    return other in display or (deck and deck[0] == other)


def policy_plan(deal: dict, data):
    """The greedy-lookahead policy's plan for the best of the keep choices:
    ``(score, moves, breakdown, kept, steps)`` with steps in ``decode`` form."""

    inst = SoloInstance.from_deal(deal, data)
    best = None
    for kept in combinations(sorted(inst.dealt), data.keep):
        state = state_from_deal(deal, data)
        moves = [Keep(tuple(kept))]
        state.apply(moves[0])
        steps = []
        while not state.is_terminal():
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            move = policy_move(state)
            if isinstance(move, Cross):
                steps.append({"card": move.card, "mask": move.cells, "extras": move.extras,
                              "picks": []})
            elif isinstance(move, Take):
                steps[-1]["picks"].append(move.card or state.deck[0])
            state.apply(move)
            moves.append(move)
        score = state.score(0)
        if best is None or score > best[0]:
            best = (score, [str(m) for m in moves], state.breakdown(0), kept, steps)
    return best


def solve_deal(deal: dict, data, *, time_limit: float | None = 60.0, seed: int = 0,
               workers: int | None = None, max_cuts: int = 50) -> SolveResult:
    """Maximise the final score of a solo deal; the plan is replayed through the engine."""
    start = time.perf_counter()
    inst = SoloInstance.from_deal(deal, data)
    if workers is None:
        workers = workers_for(len(inst.shapes), inst.steps_per_round)
    model = _Model(inst, data)
    warm = policy_plan(deal, data)
    model.hint(warm[3], warm[4])
    # the policy's plan is legal, so the optimum is at least its score: prune below it
    model.model.add(model.objective >= warm[0])
    best = warm[:4]  # the policy's plan is the incumbent to beat
    cuts = 0
    bound = None
    status_name = "FEASIBLE"
    while True:
        solver = cp_model.CpSolver()
        solver.parameters.random_seed = seed
        solver.parameters.num_workers = workers
        if len(inst.shapes) <= inst.steps_per_round:
            # lighter presolve: on 1-round models the default three presolve passes with
            # full probing take about half of the solve; one pass with level-1 probing cut
            # CP-SAT's deterministic time by ~30% on seeds 0-9 (see the docstring)
            solver.parameters.max_presolve_iterations = 1
            solver.parameters.cp_model_probing_level = 1
            solver.parameters.linearization_level = 0  # the proof here is mostly propagation
        if time_limit is not None:
            remaining = time_limit - (time.perf_counter() - start)
            solver.parameters.max_time_in_seconds = max(0.1, remaining)
        status = solver.solve(model.model)
        if status == cp_model.INFEASIBLE:
            raise NoSolutionError("the CP-SAT model is infeasible (a modelling fault)")
        if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            break  # no proven bound from this run: keep the previous one or the static one
        bound = int(math.floor(solver.best_objective_bound + 1e-6))
        kept, steps = model.decode(solver)
        state, moves, failed = replay(deal, data, kept, steps)
        if failed is None:
            score = state.score(0)
            objective = int(round(solver.objective_value))
            assert score == objective, f"replayed score {score} != model objective {objective}"
            if score >= best[0]:
                best = (score, moves, state.breakdown(0), kept)
            if status == cp_model.OPTIMAL:
                status_name = "OPTIMAL"
                bound = score
            break
        model.cut(solver, failed)
        cuts += 1
        out_of_time = time_limit is not None and time.perf_counter() - start >= time_limit
        if cuts >= max_cuts or out_of_time:
            break
    score, moves, breakdown, kept = best
    # both bounds are valid; the static one is often the tighter early on
    bound = model.static_bound if bound is None else min(bound, model.static_bound)
    assert bound >= score, f"bound {bound} below a replayed score {score}"
    return SolveResult(score, status_name, bound, moves, breakdown, kept,
                       time.perf_counter() - start, cuts,
                       {"workers": workers, "variables": len(model.model.proto.variables),
                        "constraints": len(model.model.proto.constraints)})
