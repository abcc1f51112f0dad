"""Root-parallel search: independent trees with seeds derived from the seed, root statistics
merged exactly; deterministic for a fixed seed, budget and worker count (search, bots,
hints and the CLI)."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import archaeology, lootnrun
from games.errors import DigsiteError
from games.seeding import child_seeds, make_rng
from solvers import services
from solvers.backends import Execution
from solvers.hints import SearchBudget
from solvers.limits import MAX_WORKERS, Limit
from solvers.ismcts.bots import IsmctsBot
from solvers.ismcts.parallel import merge_results, root_parallel
from solvers.ismcts.search import ismcts


def _loot_position():
    data = cards_data.load("lootnrun")
    return lootnrun.state_from_view(lootnrun.example_view(data), data, 0)


def test_merge_adds_the_root_statistics_exactly():
    world, seat = _loot_position()
    a = ismcts(world, seat, iterations=150, seed=1)
    b = ismcts(world, seat, iterations=150, seed=2)
    merged = merge_results([a, b])
    assert merged.iterations == 300 and merged.extra["workers"] == 2
    assert sum(s.visits for s in merged.moves) == sum(s.visits for s in a.moves + b.moves)
    for stat in merged.moves:
        parts = [s for s in a.moves + b.moves if s.move == stat.move]
        assert stat.visits == sum(p.visits for p in parts)
        assert stat.mean == pytest.approx(sum(p.total for p in parts) / stat.visits)
        assert stat.finished == sum(p.finished for p in parts)
    assert merged.moves == sorted(merged.moves, key=lambda s: (-s.visits, -s.mean, str(s.move)))
    one = merge_results([a])
    assert [(s.move, s.visits, s.stderr) for s in one.moves] == \
        [(s.move, s.visits, s.stderr) for s in a.moves]


def test_root_parallel_is_the_merge_of_trees_with_child_seeds():
    world, seat = _loot_position()
    parallel = root_parallel(world, seat, workers=2, seed=7, iterations=120)
    again = root_parallel(world, seat, workers=2, seed=7, iterations=120)
    by_hand = merge_results([ismcts(world, seat, iterations=120, seed=s)
                             for s in child_seeds(7, 2)])
    rows = lambda r: [(str(s.move), s.visits, s.total, s.win_sum) for s in r.moves]  # noqa: E731
    assert rows(parallel) == rows(again) == rows(by_hand)
    assert parallel.best in world.legal_moves()  # the root's own move object
    assert root_parallel(world, seat, workers=1, seed=7, iterations=50).iterations == 50


def test_root_parallel_bot_plays_legal_moves():
    world, seat = _loot_position()
    bot = IsmctsBot(seat=seat, seed=3, limit=Limit(iterations=40, workers=2))
    assert bot.choose(world) in world.legal_moves()
    timed = IsmctsBot(seat=seat, seed=3, limit=Limit(time_limit=0.05))
    assert timed.choose(world) in world.legal_moves()


def test_limit_workers_must_be_a_whole_number_within_bounds():
    assert Limit(workers=3).resolve(10) == Limit(iterations=10, workers=3)
    # issue 20 §6 cause 3: a billion workers was a MemoryError (an internal fault)
    for bad in (0, 1.5, True, MAX_WORKERS + 1, 10**9):
        with pytest.raises(DigsiteError, match="workers"):
            Limit(workers=bad)
        with pytest.raises(DigsiteError, match="workers"):
            Execution(workers=bad)


@pytest.mark.parametrize("game_id", ["archaeology", "lootnrun"])
def test_a_parallel_hint_is_built_from_the_trees_raw_sums(game_id):
    """Issue 18 §3: the root-parallel merge adds the trees' raw statistics, then computes
    every value once (not an average of rounded values)."""
    engine = {"archaeology": archaeology, "lootnrun": lootnrun}[game_id]
    data = cards_data.load(game_id)
    view = engine.example_view(data)
    limit = Limit(iterations=100, workers=2)
    merged = services.hint(game_id, view, data=data, limit=limit, seed=4, top=3)
    assert merged == services.hint(game_id, view, data=data, limit=limit, seed=4, top=3)
    assert merged.budget == SearchBudget(200, None, "iterations", 2)
    assert len(merged.rows) == 3
    if game_id == "lootnrun":  # one move per row: the root statistics themselves
        rng = make_rng(4)  # the hint's one stream: the view's world, then the trees' seeds
        world, seat = engine.state_from_view(view, data, rng)
        trees = merge_results([ismcts(world, seat, iterations=100, seed=s)
                               for s in child_seeds(rng, 2)])
        for row in merged.rows:
            stat = next(s for s in trees.moves if str(s.move) == row.move)
            assert row.visits == stat.visits
            assert row.value == round(stat.win_sum / stat.finished, 4)


def test_pooled_allocations_join_every_options_samples():
    from solvers.pyramids.service import Allocation, pooled

    a = Allocation({0: [1.0, 2.0], 1: [5.0]}, (0, 1), 3, "iterations", 1)
    b = Allocation({0: [3.0], 1: [4.0, 6.0, 8.0]}, (1, 0), 4, "iterations", 2)
    run = pooled([a, b])
    assert run.samples == {0: [1.0, 2.0, 3.0], 1: [5.0, 4.0, 6.0, 8.0]}
    assert run.ranking == (1, 0) and run.used == 7 and run.rounds == 2


def test_cli_hint_with_workers_is_reproducible(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "lootnrun").out)
    args = ["hint", "lootnrun", str(view), "--iterations", "60", "--workers", "2", "--json"]
    first, second = run_cli(*args), run_cli(*args)
    assert first.code == 0, first.err
    assert first.out == second.out
    assert json.loads(first.out)["budget"]["workers"] == 2
    text = run_cli("best-move", "lootnrun", str(view), "--iterations", "60", "--workers", "2")
    assert "over 2 root-parallel searches" in text.out
    bad = run_cli("hint", "lootnrun", str(view), "--workers", "0")
    assert bad.code == 2 and bad.err.startswith("error:")
