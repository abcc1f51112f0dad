"""The whole-command timing behind the benchmarks' time-limit cap tables."""

from __future__ import annotations

from benchmarks.commands import _searches, cap_lines, run_command


def test_a_command_runs_whole_in_a_child_and_its_json_is_read():
    run = run_command("games")
    assert run.code == 0 and run.args == ("games",)
    assert any(game["id"] == "pyramids" for game in run.out["games"])
    assert run.wall_s > 0 and run.cpu_s >= 0


def test_a_failing_command_has_no_output():
    run = run_command("best-score", "archaeology", "--seed", "1")
    assert run.code == 2 and run.out is None


def test_a_review_counts_each_search_and_each_added_turn():
    out = {"decisions": [{"best": "a"}, {"best": "b", "added_to_options": True},
                         {"label": "forced"}]}
    assert _searches(out) == 3


def test_the_table_says_which_commands_are_within_their_cap():
    rows = [{"command": "hint pyramids", "S": 1.0, "code": 0, "wall_s": 1.5, "cpu_s": 1.2,
             "cap_s": 2.0, "searches": 0, "within_cap_wall": True, "within_cap_cpu": True,
             "stop": "time_limit"},
            {"command": "review pyramids", "S": 5.0, "code": 0, "wall_s": 40.0, "cpu_s": 20.0,
             "cap_s": 31.0, "searches": 5, "within_cap_wall": False, "within_cap_cpu": True,
             "stop": "best score cut"}]
    first, hint, review = cap_lines(rows)
    assert "start-up included" in first
    assert "hint pyramids S=1: wall 1.50 s" in hint and "wall within" in hint
    assert "review pyramids S=5 (5 searches)" in review and "wall OVER" in review


def test_the_json_report_is_readable_as_every_output_is(tmp_path):
    """``bench --json FILE`` wrote mode 0600 (a temporary file's), every other output 0644
    under the usual umask."""
    import os

    from benchmarks.runner import write_report
    mask = os.umask(0o022)
    try:
        write_report({"suites": {}, "text": "x"}, str(tmp_path / "b.json"))
    finally:
        os.umask(mask)
    assert (tmp_path / "b.json").stat().st_mode & 0o777 == 0o644
