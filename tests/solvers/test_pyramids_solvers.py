"""Pyramids solvers: CP-SAT against the exhaustive baseline, the acquisition fact against
the engine, graph analyses, hints."""

from __future__ import annotations

import itertools
from itertools import combinations

import pytest

import cards_data
from games.pyramids import example_view, make_deal, state_from_deal, state_from_view
from grids.cells import distances
from solvers.pyramids.bound import _pyramid_split, deal_bound
from solvers.pyramids.instance import SoloInstance, acquisition_ok
from solvers.pyramids.model import policy_plan, portfolio, proof_first, solve_deal
from solvers.pyramids import policy as pyramids_policy
from solvers.pyramids.search import exhaustive_best
from solvers.pyramids.graph import analyse, analysis_lines
from solvers import clock
from solvers.limits import Limit
from solvers.pyramids import service
from solvers.pyramids.service import replay_plan

DATA = cards_data.load("pyramids")


# --- the acquisition fact ---------------------------------------------------------------

def _engine_pick_sets(pattern):
    """Every sequence of picked-card sets the engine allows when the solo player completes
    ``pattern[i]`` cards at action ``i`` (display/deck mechanics of the real engine)."""
    state, _ = state_from_view(_queue_view(), DATA, 0)
    queue = list(state.display) + list(state.deck)
    out = set()

    def rec(st, step, history):
        if step == len(pattern):
            out.add(tuple(history))
            return
        st = st.clone()
        st.phase = "take"
        st.takes = [(1000 + k, 0, k) for k in range(pattern[step])]
        st.round, st.step = 0, 1
        _walk(st, step, history, [])

    def _walk(st, step, history, picked):
        if st.phase != "take":
            rec(st, step + 1, history + [frozenset(picked)])
            return
        for move in st.legal_moves():
            nxt = st.clone()
            card = move.card or nxt.deck[0]
            nxt.apply(move)
            _walk(nxt, step, history, picked + [card])

    rec(state, 0, [])
    return queue, out


def _queue_view():
    return {"game": "pyramids", "players": 1, "seat": 0, "round": 1, "revealed": ["I3"],
            "cards": [{"order": 1, "crossed": []}, {"order": 2, "crossed": []}],
            "completed": [], "score_card": {}, "display": [3, 4, 5, 6], "deck_size": 42,
            "others": []}


@pytest.mark.parametrize("pattern", [(2, 1, 2), (1, 2, 2), (2, 2), (1, 1, 1, 2)])
def test_acquisition_fact_matches_the_engine(pattern):
    queue, engine_sets = _engine_pick_sets(pattern)
    window = queue[: 4 + sum(pattern) + 1]
    model_sets = set()

    def rec(step, taken, history):
        if step == len(pattern):
            if acquisition_ok(queue, history):
                model_sets.add(tuple(history))
            return
        for picks in combinations([c for c in window if c not in taken], pattern[step]):
            rec(step + 1, taken | set(picks), history + [frozenset(picks)])

    rec(0, set(), [])
    assert model_sets == engine_sets
    assert any(len(s) == 2 for h in engine_sets for s in h)


# --- CP-SAT against the exhaustive baseline ---------------------------------------------

SMALL = [(seed, 2) for seed in range(18)] + [(seed, 3) for seed in range(100, 114)]


@pytest.mark.parametrize("seed, steps", SMALL)
def test_cpsat_agrees_with_exhaustive_baseline(seed, steps):
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=steps)
    baseline = exhaustive_best(deal, DATA)
    result = solve_deal(deal, DATA, time_limit=60, seed=0)
    assert result.status == "OPTIMAL" and result.bound == result.score
    assert result.score == baseline.score
    assert result.breakdown["total"] == result.score


@pytest.mark.parametrize("seed", range(10))
def test_two_round_deals_proved_first_by_the_branch_and_price(seed):
    """On 2-round deals the branch and price runs before CP-SAT (``proof_first``); the
    answer is still the exhaustive optimum, proven, and the model is still handed out
    when CP-SAT was not needed."""
    deal = make_deal(players=1, seed=seed, data=DATA, rounds=2, steps_per_round=2)
    assert proof_first(SoloInstance.from_deal(deal, DATA))
    models = []
    result = solve_deal(deal, DATA, seed=0, on_model=models.append)
    assert result.status == "OPTIMAL" and result.bound == result.score
    assert result.score == exhaustive_best(deal, DATA).score
    assert result.breakdown["total"] == result.score and len(models) == 1
    assert replay_plan(deal, DATA, result.moves)[0].score(0) == result.score
    # the result names its methods in the order they ran: the branch and price first
    assert result.method.startswith("policy + pilot games, then per-card tables bound")


@pytest.mark.parametrize("rounds, steps, first", [(1, 3, "policy games, then cp-sat"),
                                                  (4, 7, "policy + pilot games + beam search "
                                                         "(240 paths), then cp-sat")])
def test_the_solver_line_names_the_methods_in_their_order(rounds, steps, first):
    deal = make_deal(players=1, seed=1, data=DATA, rounds=rounds, steps_per_round=steps)
    line = portfolio(SoloInstance.from_deal(deal, DATA), 30, 1, 7)
    assert line.startswith(first) and "random_seed 7" in line


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_cpsat_agrees_with_baseline_on_four_and_five_steps(seed):
    for steps in (4, 5):
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=steps)
        assert solve_deal(deal, DATA, time_limit=120).score == exhaustive_best(deal, DATA).score


@pytest.mark.slow
def test_full_deal_replays_to_the_claimed_score():
    deal = make_deal(players=1, seed=2, data=DATA)
    result = service.best_score(deal, data=DATA, limit=Limit(time_limit=60), seed=0)
    assert result.fact("replayed_score") == result.score <= result.bound
    assert result["score"] >= policy_plan(deal, DATA)[0]


def test_best_score_service_replays_and_analyses():
    deal = make_deal(players=1, seed=5, data=DATA, rounds=1, steps_per_round=3)
    result = service.best_score(deal, data=DATA, limit=Limit(time_limit=30), seed=0)
    assert result.status == "OPTIMAL" and result.bound == result.score
    assert result.fact("replayed_score") == result.score
    assert result.plan[0].startswith("keep ") and result.turns[0] == (result.plan[0],)
    assert any("to the tomb via" in line for line in result.analysis)


def test_a_bound_cut_short_by_ctrl_c_does_not_say_its_budget_was_spent(monkeypatch):
    """Ctrl-C pressed once the deal bound's card tables are built (a press while they are
    leaves the static bound: ``test_time_limits``): its column generation stops after its
    first round, and the analysis line says it was stopped (it said "budget spent", found
    by pressing Ctrl-C in a full deal's best score)."""
    from solvers import interrupt
    from solvers.pyramids import bound

    deal = make_deal(players=1, seed=5, data=DATA, rounds=3, steps_per_round=3)
    real = bound._Relaxation.solve

    def pressed(*args, **kwargs):
        interrupt.request()
        return real(*args, **kwargs)

    monkeypatch.setattr(bound._Relaxation, "solve", pressed)
    try:
        result = service.best_score(deal, data=DATA, limit=Limit(work=1), seed=0)
    finally:
        interrupt.reset()
    line = next(line for line in result.analysis if line.startswith("bound "))
    assert result.budget.stop_reason == interrupt.INTERRUPTED
    assert "1 round, stopped early by the time limit or Ctrl-C" in line, line


# --- graph analyses -------------------------------------------------------------------

def test_graph_analysis_agrees_with_breadth_first_search():
    for card in DATA.cards:
        a = analyse(card)
        dist = distances(card.open, card.entrance)
        assert a.to_tomb == card.shortest_path() == len(a.path)
        assert set(a.reachable) == set(dist)
        for name, d in a.icons.items():
            cells = [c for c in dist if card.icons[name] >> c & 1]
            assert d == (min(dist[c] for c in cells) + 1 if cells else None)


def test_graph_analysis_of_a_part_crossed_card():
    card = DATA.card(6)
    crossed = sum(1 << c for c in (0, 1, 6, 7, 8, 9, 14, 19))  # A1 B1 B2 C2 D2 E2 E3 E4
    a = analyse(card, crossed)
    assert a.to_tomb == 1 and a.path == (24,)
    assert not set(a.reachable) & {0, 1, 6}
    assert "1 box to the tomb" in analysis_lines(card, crossed)[0]


def test_graph_analysis_finds_networkx_paths_on_the_card_graph():
    # (analyse searches itself, networkx being 0.2-0.4 s of the hint's start-up: the same
    # distances, reachable cells and, among equal shortest paths, the same path, which the
    # hint's and the best score's words print)
    import random

    import networkx as nx

    from solvers.pyramids.graph import card_graph

    rng = random.Random(5)
    for card in DATA.cards:
        crossings = [0] + [rng.getrandbits(25) & card.open for _ in range(40)]
        for crossed in crossings:
            a = analyse(card, crossed)
            dist, paths = nx.single_source_dijkstra(card_graph(card, crossed), "start")
            assert set(a.reachable) == {c for c in dist if c != "start" and not crossed >> c & 1}
            tomb = card.tomb
            if not crossed >> tomb & 1:
                assert a.to_tomb == dist.get(tomb)
                assert a.path == tuple(c for c in paths.get(tomb, ["start"])[1:]
                                       if not crossed >> c & 1)
            for name, d in a.icons.items():
                cells = [dist[c] for c in dist if c != "start" and card.icons[name] >> c & 1
                         and not crossed >> c & 1]
                assert d == (min(cells) if cells else None)


# --- hints and the policy --------------------------------------------------------------

def test_the_hints_order_is_named_as_it_is_ranked():
    # the hint said "ranked most visits first" with 16 visits above 17: one allocation
    # ranks by rounds survived, then value; pooled allocations do rank by samples
    from cli.format import format_hint

    view = example_view(DATA)
    one = service.hint(view, data=DATA, limit=Limit(iterations=60), seed=4, top=1000)
    assert one.order == "halving"
    text = format_hint(one)
    assert "ranked by successive halving" in text and "most visits first" not in text
    pooled = service.hint(view, data=DATA, limit=Limit(iterations=60, workers=2), seed=4,
                          top=1000)
    visits = [m.visits for m in pooled.rows]
    assert pooled.order == "visits" and visits == sorted(visits, reverse=True)
    assert "ranked most visits first" in format_hint(pooled)


def test_hint_ranks_every_option_and_is_deterministic():
    view = example_view(DATA)
    first = service.hint(view, data=DATA, limit=Limit(iterations=30), seed=4, top=1000)
    again = service.hint(view, data=DATA, limit=Limit(iterations=30), seed=4, top=1000)
    assert first == again
    world, seat = state_from_view(view, DATA, 4)
    assert sorted(m.move for m in first.rows) == sorted(str(m) for m in world.legal_moves())
    # successive halving: the options that stayed in longest (most samples) come first
    visits = [m.visits for m in first.rows]
    assert all(v >= service.MIN_SAMPLES for v in visits)
    assert all(a >= b - 1 for a, b in zip(visits, visits[1:]))
    assert first.order == "halving" and first.best == first.rows[0].move
    assert any("to the tomb via" in line for line in first.explanation)
    assert first.budget.iterations >= 30


def test_policy_beats_plain_greedy_and_random(monkeypatch):
    def mean_score(progress):
        monkeypatch.setattr(pyramids_policy, "PROGRESS", progress)
        total = 0
        for seed in range(8):
            state = state_from_deal(make_deal(players=1, seed=seed, data=DATA), DATA)
            pyramids_policy.playout(state)
            total += state.score(0)
        return total / 8

    lookahead, greedy = mean_score(8.0), mean_score(0.0)
    assert lookahead >= greedy
    assert lookahead > 80


def test_static_bound_pieces_are_tight_and_valid():
    """The FEASIBLE bound's pyramid term is the best split of the completions over the
    colours (not every tier of every colour), and the whole static bound never falls below
    a proven optimum."""
    assert [_pyramid_split(DATA, k) for k in (0, 1, 2, 3, 4, 6, 13)] == [0, 0, 10, 10, 20, 30, 48]
    for seed in range(3):
        deal = make_deal(players=1, seed=seed, data=DATA, rounds=1, steps_per_round=3)
        bound = deal_bound(SoloInstance.from_deal(deal, DATA), DATA, iterations=0)
        assert bound.source == "static" and bound.value >= exhaustive_best(deal, DATA).score


# --- the hint's sample allocation and its other decisions ---------------------------------

def test_allocation_follows_one_schedule_for_both_budget_kinds(monkeypatch):
    """Iterations cut the schedule after N samples; a wall clock cuts the same sequence
    wherever it falls (a counter stands in for the clock: one tick per reading)."""
    calls = {"iterations": [], "time": []}

    def sampler(kind):
        def sample(k, j):
            calls[kind].append((k, j))
            return float((k * 7 + j * 3) % 11)  # a fixed noisy payoff
        return sample

    by_count = service.allocate(9, sampler("iterations"), iterations=120, time_limit=None)
    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: float(next(ticks)))
    by_time = service.allocate(9, sampler("time"), iterations=None, time_limit=150.0)
    assert calls["time"][:120] == calls["iterations"]
    assert by_count.used == 120 and by_count.stop_reason == "iterations"
    assert by_time.used > 120 and by_time.stop_reason == "time_limit"
    for run in (by_count, by_time):
        assert all(len(v) >= service.MIN_SAMPLES for v in run.samples.values())
        counts = [len(run.samples[k]) for k in run.ranking]
        assert all(a >= b - 1 for a, b in zip(counts, counts[1:]))  # longer-kept first


def test_a_lucky_option_with_few_samples_is_never_ranked_first(monkeypatch):
    def sample(k, j):  # option 0 is lucky once, then poor; option 1 is steadily good
        return 200.0 if (k, j) == (0, 0) else (100.0 if k == 1 else 10.0)

    ticks = itertools.count()
    monkeypatch.setattr(clock, "now", lambda: float(next(ticks)))
    run = service.allocate(4, sample, iterations=None, time_limit=40.0)
    assert run.ranking[0] == 1


@pytest.mark.parametrize("decision", ["keep", "take"])
def test_the_hint_answers_keep_and_take_decisions(decision):
    from games.protocol import CHANCE
    from solvers.pyramids.decisions import keep_view, take_view, world_of

    state = state_from_deal(make_deal(players=2, seed=5, data=DATA), DATA)
    if decision == "take":
        while state.phase != "take":
            if state.current_player() == CHANCE:
                state.apply(state.chance_outcomes()[0][0])
                continue
            state.apply(pyramids_policy.policy_move(state))
        view = take_view(state, state.takes[0][1])
    else:
        view = keep_view(state, 0)
    first = service.hint(view, data=DATA, limit=Limit(iterations=40), seed=2, top=100)
    assert first == service.hint(view, data=DATA, limit=Limit(iterations=40), seed=2, top=100)
    assert first.fact("decision") == decision
    assert sorted(m.move for m in first.rows) == sorted(str(m) for m in state.legal_moves())
    world, seat, kind = world_of(view, DATA, 9)
    assert kind == decision and sorted(map(str, world.legal_moves())) == \
        sorted(map(str, state.legal_moves()))
    # the cards are said in words, as every screen says them (it was "dealt [1, 2, 34, 37]")
    said = first.explanation[0]
    cards = sorted(state.seats[0].dealt) if decision == "keep" else sorted(state.display)
    listed = ", ".join(map(str, cards[:-1])) + f" and {cards[-1]}"
    assert "[" not in said and listed in said, said


def test_bad_decision_views_are_refused():
    from games.errors import InvalidStateError
    from solvers.pyramids.decisions import world_of

    view = example_view(DATA)
    with pytest.raises(InvalidStateError, match="decision"):
        world_of({**view, "decision": "dance"}, DATA, 0)
    with pytest.raises(InvalidStateError, match="null"):
        world_of({**view, "decision": "take"}, DATA, 0)
    with pytest.raises(InvalidStateError, match="dealt"):
        world_of({"game": "pyramids", "players": 1, "decision": "keep", "dealt": [1, 1, 2, 3]},
                 DATA, 0)
    with pytest.raises(InvalidStateError, match="unknown"):
        world_of({"game": "pyramids", "players": 1, "decision": "keep", "dealt": [1, 2, 3, 4],
                  "extra": 1}, DATA, 0)


def test_a_second_replacement_in_one_step_is_answered():
    """Two completions in one action: after the first replacement the display is short
    until the step ends; the take view of the second is still read (and hinted)."""
    from solvers.pyramids.decisions import take_view, world_of

    state = state_from_deal(make_deal(players=1, seed=5, data=DATA), DATA)
    state.apply(state.legal_moves()[0])  # keep
    state.phase, state.round, state.step = "take", 0, 1
    s = state.seats[0]
    s.completed = list(s.hand)
    state.takes = [(s.hand[0], 0, 0), (s.hand[1], 0, 1)]
    s.hand, s.masks = [None, None], [0, 0]
    state.apply(state.legal_moves()[0])  # the first replacement: the display is now short
    assert len(state.display) == DATA.display - 1 and state.phase == "take"
    view = take_view(state, 0)
    world, seat, decision = world_of(view, DATA, 3)
    assert decision == "take" and sorted(world.display) == sorted(state.display)
    assert sorted(map(str, world.legal_moves())) == sorted(map(str, state.legal_moves()))
    assert len(world.deck) == len(state.deck)
    result = service.hint(view, data=DATA, limit=Limit(iterations=20), seed=1)
    assert result.best in {str(m) for m in state.legal_moves()}


@pytest.mark.parametrize("first", ["display", "deck"])
def test_the_second_of_a_seats_two_replacements_is_answered_before_a_lower_card(first):
    """Seat 0 completes cards 6 and 24, seat 1 card 10: seat 0 replaces both in one action
    (the rulebook's action 3), so at its second take seat 1's 10 waits, lower than 24. The
    take view there was refused ('seat 1 replaces its card first'): no hint in play or
    track, and review left the decision unrated."""
    from games.errors import InvalidStateError
    from games.pyramids import Take, parse_move
    from grids.cells import cell_name, mask_of, parse_cell
    from solvers.pyramids.decisions import take_view, world_of

    path6 = ["A1", "B1", "B2", "C2", "D2", "E2", "E3", "E4"]  # card 6: its tomb E5 left
    path24 = ["A1", "B1", "C1", "D1", "D2", "D3", "D4"]  # card 24: E4 red cross, tomb E5
    path10 = ["A1", "A2", "A3", "A4", "A5", "B5", "C5"]  # card 10: D5 and its tomb E5 left
    used = {6, 24, 10, 3}
    display = [c.order for c in DATA.cards if c.order not in used][:4]

    def gems(*cards):  # (the gems crossed on the cards are on the score card at once)
        return {f"{icon}s": sum(bin(mask_of(map(parse_cell, crossed))
                                    & DATA.card(order).icons[icon]).count("1")
                                for order, crossed in cards)
                for icon in ("red_gem", "green_gem")}

    view = {"game": "pyramids", "players": 2, "seat": 0, "round": 1, "revealed": ["domino"],
            "cards": [{"order": 24, "crossed": path24}, {"order": 6, "crossed": path6}],
            "completed": [], "score_card": gems((24, path24), (6, path6)),
            "display": display, "deck_size": 48 - len(used) - len(display),
            "others": [{"seat": 1, "cards": [{"order": 10, "crossed": path10},
                                             {"order": 3, "crossed": []}],
                        "completed": [], "score_card": gems((10, path10))}]}
    state, _ = state_from_view(view, DATA, 0)
    state.apply(parse_move(state, "24:E4,E5 +6:E5"))
    state.apply(parse_move(state, "10:D5,E5"))
    state.apply(Take(0 if first == "deck" else state.display[0]))
    assert state.phase == "take" and [seat for _, seat, _ in state.takes] == [0, 1]
    world, seat, decision = world_of(take_view(state, 0), DATA, 3)
    assert (seat, decision) == (0, "take")
    assert [(order, who) for order, who, _ in world.takes] == [(24, 0), (10, 1)]
    assert sorted(map(str, world.legal_moves())) == sorted(map(str, state.legal_moves()))
    result = service.hint(take_view(state, 0), data=DATA, limit=Limit(iterations=20), seed=1)
    assert "replacing completed card 24" in "\n".join(result.explanation)
    # a box crossed on the other card: it was not just taken, so seat 1 (10) is next
    crossed = take_view(state, 0)
    taken = next(slot for slot in crossed["cards"] if slot is not None)
    taken["crossed"] = [cell_name(DATA.card(taken["order"]).entrance)]
    with pytest.raises(InvalidStateError, match="seat 1 replaces its card first"):
        world_of(crossed, DATA, 3)


def test_a_stop_request_during_cp_sats_solve_stops_it():
    """Ctrl-C while CP-SAT solves (``interrupt.on_stop``): the solve ends at once with its
    best plan, labelled interrupted. (The CLI's Ctrl-C tests press during the beam search,
    which now comes first on full deals.) The request is made from the progress line that
    CP-SAT's own solution callback prints, so it lands inside the solve."""
    from solvers import interrupt

    deal = make_deal(players=1, seed=1, data=DATA, rounds=1)

    def progress(text: str) -> None:
        if text.startswith("CP-SAT search") and "bound" in text:
            interrupt.request()

    try:
        result = solve_deal(deal, DATA, seed=0, progress=progress)
    finally:
        interrupt.reset()
    assert result.stop_reason == "interrupted" and result.status == "FEASIBLE"
    # uninterrupted: OPTIMAL after 1.46 deterministic s; stopped at the first solution: 0.56
    assert result.solver_stats["deterministic_s"] < 1.2
    assert replay_plan(deal, DATA, result.moves)[0].score(0) == result.score


# --- bots (play and arena at a table of 2-4) ----------------------------------------------

def test_the_greedy_bot_reads_only_what_its_seat_sees_and_beats_random():
    """``play pyramids --players 2`` said "pyramids has no bots yet". The greedy bot plays
    the hint's policy; its choice is the same in every world its seat cannot tell apart
    (the deck's order, another seat's choice waiting for the step), and it beats random
    play over seat-swapped games."""
    from games.seeding import make_rng
    from solvers.arena import run_arena
    from solvers.pyramids.service import BOTS

    rng = make_rng(5)
    state = make_deal(players=3, seed=9, data=DATA)
    state = state_from_deal(state, DATA)
    checked = 0
    while not state.is_terminal():
        if state.current_player() < 0:
            state.apply(state.chance_outcomes()[0][0])
            continue
        seat = state.current_player()
        bot = BOTS["greedy"](seat=seat, seed=1)
        move = bot.choose(state)
        for _ in range(2):
            assert BOTS["greedy"](seat=seat, seed=1).choose(state.determinize(seat, rng)) == move
        checked += 1
        state.apply(move if rng.random() < 0.7 else BOTS["random"](seat=seat, seed=checked)
                    .choose(state))
    assert checked > 50
    result = run_arena("pyramids", ["greedy", "random"], bots=BOTS, games=4, seed=2, data=DATA)
    assert result.wins[0] >= 3.5


def test_card_data_the_models_do_not_hold_is_refused_in_one_line():
    """A --cards FILE dealing 5 (the engine plays it) made best-score an internal fault:
    "the CP-SAT model of the deal is INFEASIBLE (a modelling fault ...)"."""
    import dataclasses

    from games.errors import NoSolutionError

    five = dataclasses.replace(DATA, deal=5)
    deal = make_deal(players=1, seed=1, data=five)
    with pytest.raises(NoSolutionError, match="models 4 dealt cards, 2 kept and 2 returned; "
                                              "this card data deals 5"):
        service.best_score(deal, data=five, limit=Limit(work=1))
