"""`best-score` and `plan` from the command line, for both grid games: reproducible JSON,
the budget and time-limit options, big seeds, batches over seeds, and refused input."""

from __future__ import annotations

import json
import re

import pytest

import cards_data
from games.pyramids import make_deal

ERROR_LINE = re.compile(r"^error: \S.*\n$")


def assert_bad_input(result, *fragments):
    assert result.code == 2, (result.code, result.out, result.err)
    assert ERROR_LINE.match(result.err), result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


@pytest.fixture
def short_pyramids_deal(tmp_path):
    deal = make_deal(players=1, seed=8, data=cards_data.load("pyramids"), rounds=1,
                     steps_per_round=3)
    path = tmp_path / "deal.json"
    path.write_text(json.dumps(deal))
    return str(path)


def test_the_usage_line_shows_the_deal_file_as_optional(run_cli):
    result = run_cli("best-score", "--help")
    assert result.code == 0
    assert "Usage: digsite best-score [OPTIONS] GAME [DEAL.json]" in result.out
    assert "--budget" in result.out and "deterministic" in result.out.lower()
    assert "CP-SAT deterministic" in " ".join(result.out.split())
    assert "thousands of search nodes" in " ".join(result.out.split())


def test_best_score_json_is_byte_identical(run_cli, short_pyramids_deal):
    first = run_cli("best-score", "pyramids", short_pyramids_deal, "--json")
    again = run_cli("best-score", "pyramids", short_pyramids_deal, "--json")
    assert first.code == 0, first.err
    assert first.out == again.out
    out = json.loads(first.out)
    assert out["time_s"] is None and out["reproducible"] is True
    assert out["budget"]["units"] == "CP-SAT deterministic seconds"
    assert out["bound_source"] in ("cp-sat", "card-tables", "static", "branch-and-price")
    ancients = [run_cli("best-score", "ancients", "--seed", "4", "--budget", "2", "--json").out
                for _ in range(2)]
    assert ancients[0] == ancients[1] and json.loads(ancients[0])["budget"]["amount"] == 2


def test_text_output_carries_the_measured_time(run_cli, short_pyramids_deal):
    result = run_cli("best-score", "pyramids", short_pyramids_deal)
    assert result.code == 0 and "took " in result.out and "bound " in result.out


def test_a_seed_beyond_31_bits_is_mapped(run_cli):
    result = run_cli("best-score", "pyramids", "--seed", "2147483648", "--budget", "0.5",
                     "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["seed"] == 2147483648 and out["score"] <= out["bound"]
    assert 0 <= int(out["solver"].split("random_seed ")[1].split(")")[0]) < 2**31


@pytest.mark.parametrize("value", ["-1", "0", "nan", "-inf", "inf"])
@pytest.mark.parametrize("game", ["pyramids", "ancients"])
def test_a_bad_time_limit_is_refused(run_cli, game, value):
    assert_bad_input(run_cli("best-score", game, "--seed", "1", f"--time-limit={value}"),
                     "time")


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_a_bad_budget_is_refused(run_cli, value):
    assert_bad_input(run_cli("best-score", "ancients", "--seed", "1", f"--budget={value}"),
                     "budget")


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_plan_refuses_a_non_finite_token_value(run_cli, tmp_path, value):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "ancients").out)
    assert_bad_input(run_cli("plan", "ancients", str(view), f"--token-value={value}"),
                     "--token-value")


def test_plan_json_holds_no_elapsed_time(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "ancients").out)
    first = run_cli("plan", "ancients", str(view), "--json")
    assert first.code == 0 and first.out == run_cli("plan", "ancients", str(view), "--json").out
    assert json.loads(first.out)["time_s"] is None


@pytest.mark.parametrize("args", [[], ["--seed", "1", "--seeds", "1-2"], ["--seeds", "3-1"],
                                  ["--seeds", "x"]])
def test_exactly_one_deal_source(run_cli, args):
    result = run_cli("best-score", "ancients", *args)
    assert result.code == 2 and ERROR_LINE.match(result.err), result.err


@pytest.mark.parametrize("text", ["-1-3", "-5--3", "9223372036854775807-9223372036854775808"])
def test_a_seeds_range_holds_only_seeds_that_seed_takes(run_cli, text):
    # (-1-3 solved five deals, -1 among them, which --seed -1 refuses)
    assert_bad_input(run_cli("best-score", "ancients", "--seeds", text, "--budget", "0.05"),
                     "'--seeds'", "0 to 2**63-1")


def test_a_batch_is_the_same_for_any_worker_count(run_cli):
    one = run_cli("best-score", "ancients", "--seeds", "1-3", "--budget", "1", "--json")
    two = run_cli("best-score", "ancients", "--seeds", "1-3", "--budget", "1", "--json",
                  "--workers", "2")
    assert one.code == 0 and two.code == 0, (one.err, two.err)
    assert one.out == two.out
    out = json.loads(one.out)
    assert [row["seed"] for row in out["deals"]] == [1, 2, 3]
    assert set(out["summary"]) >= {"deals", "proven_optimal", "mean_score", "score_quantiles",
                                   "gap_median", "gap_worst"}
    single = json.loads(run_cli("best-score", "ancients", "--seed", "2", "--budget", "1",
                                "--json").out)
    assert out["deals"][1]["score"] == single["score"] and out["deals"][1]["bound"] == single["bound"]
    text = run_cli("best-score", "ancients", "--seeds", "1-3", "--budget", "1")
    assert "proven optimal" in text.out and "mean score" in text.out


def test_both_games_refuse_a_non_solo_deal_alike(run_cli, tmp_path):
    messages = []
    for game in ("pyramids", "ancients"):
        deal = tmp_path / f"{game}.json"
        deal.write_text(run_cli("deal", game, "--seed", "2", "--players", "2").out)
        result = run_cli("best-score", game, str(deal))
        assert_bad_input(result, "best-score needs a solo deal (players 1), got 2 players")
        messages.append(result.err)
    assert messages[0] == messages[1]


# --- --export-model ----------------------------------------------------------------------

@pytest.mark.parametrize("name", ["model.pbtxt", "model.txt", "model.pb"])
def test_export_model_writes_the_proto_the_solve_used(run_cli, short_pyramids_deal, tmp_path,
                                                      name):
    from google.protobuf import text_format
    from ortools.sat import cp_model_pb2

    path = tmp_path / name
    result = run_cli("best-score", "pyramids", short_pyramids_deal, "--json",
                     "--export-model", str(path))
    assert result.code == 0, result.err
    # the JSON is the same with or without the export
    assert result.out == run_cli("best-score", "pyramids", short_pyramids_deal, "--json").out
    proto = cp_model_pb2.CpModelProto()
    if name.endswith("txt"):
        text_format.Parse(path.read_text(), proto)
    else:
        proto.ParseFromString(path.read_bytes())
    names = {v.name for v in proto.variables}
    assert any(n.startswith("keep_c") for n in names) and any(n.startswith("main_t0_") for n in names)
    assert proto.HasField("objective") and len(proto.solution_hint.vars) > 0
    assert not list(tmp_path.glob(".*"))  # no temporary file left behind


def test_export_model_is_checked_before_the_solve(run_cli, tmp_path):
    assert_bad_input(run_cli("best-score", "pyramids", "--seed", "1", "--export-model",
                             str(tmp_path / "missing" / "m.pb")), "does not exist")
    assert_bad_input(run_cli("best-score", "pyramids", "--seeds", "1-2", "--export-model",
                             str(tmp_path / "m.pb")), "one deal")
    assert_bad_input(run_cli("best-score", "ancients", "--seed", "1", "--export-model",
                             str(tmp_path / "m.pb")), "no CP-SAT model")
    assert not list(tmp_path.iterdir())


def test_the_help_says_which_model_is_exported(run_cli):
    words = " ".join(run_cli("best-score", "--help").out.split())
    assert "--export-model FILE" in words and "as last solved" in words
    assert "text format for .pbtxt/.txt, binary otherwise" in words


def _limits_given(monkeypatch, run_cli, *args):
    """The ``Limit`` each best-score search of ``digsite best-score ARGS`` is given (the
    searches themselves stubbed: a stop after the first)."""
    import solvers.batch
    from games.errors import NoSolutionError
    from solvers import services

    seen = []

    def stop(*args, limit, **kwargs):
        seen.append(limit)
        raise NoSolutionError("stopped here")

    real_get = services.capability
    monkeypatch.setattr(solvers.batch, "best_scores", lambda game, seeds, *, limit, **kwargs:
                        stop(limit=limit))
    monkeypatch.setattr(services, "capability", lambda game, name: stop
                        if name == "best_score" else real_get(game, name))
    assert run_cli("best-score", *args).code == 2
    return seen


def test_the_time_limit_counts_from_the_commands_start_less_the_exit_margin(
        monkeypatch, run_cli):
    # (the interpreter's exit, 0.12-0.15 s with the solvers loaded, and the answer came
    # after the deadline: a capped command ended 0.1-0.2 s past its limit)
    import time

    from cli.main import EXIT_MARGIN

    before = time.monotonic()
    limit, = _limits_given(monkeypatch, run_cli, "ancients", "--seed", "0", "--time-limit", "5")
    after = time.monotonic()
    # (an order of instants, not a duration: the command started between the two readings)
    assert limit.started is not None and before <= limit.started + EXIT_MARGIN <= after
    assert EXIT_MARGIN > 0 and limit.time_limit == 5


def test_each_deal_of_seeds_counts_its_time_limit_from_its_own_start(monkeypatch, run_cli):
    # the help: "on the whole command ... each deal with --seeds"; every deal was given the
    # command's start, so each after the first began past its deadline
    limit, = _limits_given(monkeypatch, run_cli, "ancients", "--seeds", "0-2",
                           "--time-limit", "5")
    assert limit.started is None and limit.time_limit == 5


def test_too_many_rounds_is_refused_in_words(run_cli):
    # (it said "rounds: 5 is not 1..4")
    for args in (("best-score", "pyramids", "--seed", "0", "--rounds", "5"),
                 ("deal", "pyramids", "--seed", "0", "--rounds", "9")):
        result = run_cli(*args)
        assert result.code == 2
        assert result.err == f"error: rounds: a deal has 1 to 4 rounds, not {args[-1]}\n"
