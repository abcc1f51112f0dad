"""Batch work gives the same results wherever it runs: one process, a local pool of any
size, or a real local Ray cluster (``solvers.backends``, ``solvers.arena``)."""

from __future__ import annotations

import json

import pytest

import cards_data
from games.errors import DigsiteError
from games.seeding import make_rng
from solvers.limits import Limit
from solvers.arena import bot_table, run_arena
from solvers.backends import Execution, run_jobs


def _noisy_square(job):
    """A pure function of its job, whose cost varies so that workers finish out of order."""
    seed, n = job
    rng = make_rng(seed)
    total = sum(rng.random() for _ in range(n))
    return seed * seed, round(total, 9)


JOBS = [(seed, 2000 * (7 - seed)) for seed in range(7)]


def test_local_pool_matches_one_process_and_keeps_job_order():
    ticks = []
    alone = run_jobs(_noisy_square, JOBS, progress=lambda n=1: ticks.append(n))
    pooled = run_jobs(_noisy_square, JOBS, workers=3)
    assert alone == pooled == [_noisy_square(job) for job in JOBS]
    assert sum(ticks) == len(JOBS)
    assert run_jobs(_noisy_square, []) == []


def test_local_pool_runs_closures():
    offset = 5
    assert run_jobs(lambda n: n + offset, range(4), workers=2) == [5, 6, 7, 8]


@pytest.mark.parametrize("settings, message", [
    (dict(backend="spark"), "unknown backend"),
    (dict(workers=0), "workers"),
    (dict(address="auto"), "--address needs --backend ray"),
])
def test_bad_settings_are_bad_input(settings, message):
    with pytest.raises(DigsiteError, match=message):
        Execution(**settings)


def _arena(**kwargs):
    data = cards_data.load("lootnrun")
    return run_arena("lootnrun", ["ismcts", "greedy"], bots=bot_table("lootnrun", data),
                     games=4, seed=11, limit=Limit(iterations=20), data=data, **kwargs)


def test_arena_identical_for_any_number_of_local_workers():
    one = _arena()
    assert _arena(execution=Execution(workers=2)) == one
    assert _arena(execution=Execution(workers=3)) == one
    assert [g.index for g in one.per_game] == [0, 1, 2, 3]


# --- a real local Ray cluster ------------------------------------------------------------------

@pytest.fixture(scope="module")
def ray_cluster():
    ray = pytest.importorskip("ray")
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_jobs_come_back_in_job_order(ray_cluster):
    assert run_jobs(_noisy_square, JOBS, backend="ray", workers=2) == \
        [_noisy_square(job) for job in JOBS]


def test_ray_arena_equals_local_arena(ray_cluster):
    ticks = []
    on_ray = _arena(execution=Execution("ray", workers=2),
                    progress=lambda n=1, note=None: ticks.append(n))
    assert on_ray == _arena()
    assert sum(ticks) == 4


def test_cli_arena_on_ray_prints_what_the_local_pool_prints(ray_cluster, run_cli):
    args = ["arena", "lootnrun", "--bots", "random,greedy", "--games", "4", "--seed", "5",
            "--json"]
    # The local side runs in this process, without a forked pool: this module's Ray
    # cluster is up, and forking a process that holds Ray's threads and gRPC channels is
    # unsafe: the likeliest cause of a one-off CI failure here, where the Ray side's workers
    # ran the best-score batch's function on the arena's jobs (not reproduced in 6 runs of
    # this module). That a pool of 2 plays what one process plays is
    # test_arena_identical_for_any_number_of_local_workers'.
    local = run_cli(*args, "--workers", "1")
    on_ray = run_cli(*args, "--backend", "ray", "--workers", "2")
    assert local.code == on_ray.code == 0, (local.err, on_ray.err)
    assert on_ray.out == local.out
    assert json.loads(local.out)["games"] == 4
    assert on_ray.err == ""  # no progress bar when not on a terminal


def test_cli_batch_best_score_on_ray_equals_the_local_pool(ray_cluster, run_cli):
    args = ["best-score", "ancients", "--seeds", "1-3", "--budget", "1", "--json"]
    local = run_cli(*args)
    on_ray = run_cli(*args, "--backend", "ray", "--workers", "2")
    assert local.code == on_ray.code == 0, (local.err, on_ray.err)
    assert on_ray.out == local.out
    assert [row["seed"] for row in json.loads(local.out)["deals"]] == [1, 2, 3]


def test_cli_address_without_ray_backend_is_bad_input(run_cli):
    result = run_cli("arena", "lootnrun", "--bots", "random,greedy", "--games", "2",
                     "--seed", "1", "--address", "auto")
    assert result.code == 2
    assert result.err.startswith("error: --address needs --backend ray")


def _nested(job):
    """A job that itself runs a pool of jobs (as a root-parallel bot in a parallel arena)."""
    return run_jobs(_noisy_square, [(job, 10), (job + 1, 10)], workers=2)


def test_pools_nest_by_running_inner_jobs_in_the_worker():
    assert run_jobs(_nested, [1, 2], workers=2) == [_nested(1), _nested(2)]
