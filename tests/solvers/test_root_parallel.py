"""Root-parallel search: independent trees with seeds derived from the seed, root statistics
merged exactly; deterministic for a fixed seed, budget and worker count (search, bots,
hints and the CLI)."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import archaeology, lootnrun
from games.errors import DigsiteError
from games.seeding import child_seeds
from solvers import services
from solvers.hints import Limit, merge_hints
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
    bot = IsmctsBot(seat=seat, seed=3, iterations=40, workers=2)
    assert bot.choose(world) in world.legal_moves()
    timed = IsmctsBot(seat=seat, seed=3, time_limit=0.05)
    assert timed.choose(world) in world.legal_moves()


def test_limit_workers_must_be_a_positive_whole_number():
    assert Limit(workers=3).resolve(10) == Limit(iterations=10, workers=3)
    for bad in (0, 1.5, True):
        with pytest.raises(DigsiteError, match="workers"):
            Limit(workers=bad)


@pytest.mark.parametrize("game_id", ["archaeology", "lootnrun"])
def test_parallel_hint_merges_the_single_hints(game_id):
    engine = {"archaeology": archaeology, "lootnrun": lootnrun}[game_id]
    data = cards_data.load(game_id)
    view = engine.example_view(data)
    limit = Limit(iterations=100, workers=2)
    merged = services.hint(game_id, view, data=data, limit=limit, seed=4, top=3)
    assert merged == services.hint(game_id, view, data=data, limit=limit, seed=4, top=3)
    singles = [services.hint(game_id, view, data=data, limit=Limit(iterations=100), seed=s,
                             top=10**6) for s in child_seeds(4, 2)]
    assert merged == merge_hints(singles, limit=limit, seed=4, top=3)
    assert merged["budget"] == {"iterations": 200, "time_s": None,
                                "stop_reason": "iterations", "workers": 2}
    assert len(merged["moves"]) == 3
    best = merged["moves"][0]
    parts = [r for h in singles for r in h["moves"] if r["move"] == best["move"]]
    assert best["visits"] == sum(r["visits"] for r in parts)
    weighted = sum(r["visits"] * r["value"] for r in parts) / best["visits"]
    assert best["value"] == pytest.approx(weighted, abs=1e-4)


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
