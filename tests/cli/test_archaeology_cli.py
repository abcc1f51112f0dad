"""The archaeology commands through the real entry point: example → hint / best-move,
arena, and bad views refused with exit status 2 and one ``error:`` line."""

from __future__ import annotations

import json

import pytest


@pytest.fixture
def view(run_cli):
    result = run_cli("example", "archaeology")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_example_feeds_hint_and_best_move(run_cli, view):
    text = json.dumps(view)
    hint = run_cli("hint", "archaeology", "-", "--iterations", "150", "--json", stdin=text)
    assert hint.code == 0, hint.err
    out = json.loads(hint.out)
    assert out["game"] == "archaeology" and out["seat"] == 0
    assert out["budget"]["iterations"] == 150 and out["budget"]["stop_reason"] == "iterations"
    assert out["moves"][0]["move"] == out["best"] and "win probability" in out["value_meaning"]
    assert {"rank", "move", "value", "visits", "stderr", "expected_money"} <= set(out["moves"][0])
    again = json.loads(run_cli("hint", "archaeology", "-", "--iterations", "150", "--json",
                               stdin=text).out)
    assert again == out, "same seed and iterations: same answer"
    best = run_cli("best-move", "archaeology", "-", "--iterations", "150", stdin=text)
    assert best.code == 0 and best.out.startswith(f"best move: {out['best']}")
    plain = run_cli("hint", "archaeology", "-", "--iterations", "50", "--top", "3", stdin=text)
    assert plain.code == 0 and "win probability" in plain.out


def test_arena_reports_win_rates(run_cli):
    result = run_cli("arena", "archaeology", "--bots", "greedy,random", "--games", "4",
                     "--seed", "2", "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["bots"] == ["greedy", "random"] and out["games"] == 4
    assert len(out["ci95"]) == 2 and sum(out["wins"]) == pytest.approx(4)


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_arena_says_win_rates_as_the_benchmarks_do(run_cli):
    """arena printed "rate 0.000 [0.000, 0.793]" where bench prints "win rate 50.0% [9.5%,
    90.5%]"; both say it in one form (solvers.results.win_rate_words)."""
    from solvers.results import win_rate_words

    text = run_cli("arena", "archaeology", "--bots", "greedy,random", "--games", "4",
                   "--seed", "2")
    out = json.loads(run_cli("arena", "archaeology", "--bots", "greedy,random", "--games",
                             "4", "--seed", "2", "--json").out)
    assert text.code == 0, text.err
    rows = text.out.splitlines()[1:]
    for i, bot in enumerate(out["bots"]):
        words = win_rate_words(out["win_rate"][i], out["ci95"][i])
        assert words.startswith("win rate ") and words.endswith("%]")
        assert rows[i].split()[0] == bot and f"  {words}" in rows[i]
        assert f"{words}  mean score " in rows[i] or f"{words}   " in rows[i]


def _refused(run_cli, view, needle):
    result = run_cli("hint", "archaeology", "-", "--iterations", "10", stdin=json.dumps(view))
    assert result.code == 2, result.out
    lines = result.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error:") and needle in lines[0], lines


def test_bad_views_exit_2(run_cli, view):
    too_many = json.loads(json.dumps(view))
    too_many["hand"]["coin"] = 15
    _refused(run_cli, too_many, "hand")
    unknown = json.loads(json.dumps(view))
    unknown["hand"]["golden_idol"] = 1
    _refused(run_cli, unknown, "unknown card 'golden_idol'")
    typo = json.loads(json.dumps(view))
    typo["not_map"] = [0, 0]
    _refused(run_cli, typo, "unknown key 'not_map'")
    bad_line = json.loads(json.dumps(view))
    bad_line["history"][0] = "1 dance"
    _refused(run_cli, bad_line, "history[0]")
    other_turn = json.loads(json.dumps(view))
    other_turn["to_move"] = 1
    _refused(run_cli, other_turn, "to_move")


def test_arena_unknown_bot_exit_2(run_cli):
    result = run_cli("arena", "archaeology", "--bots", "greedy,oracle", "--games", "2",
                     "--seed", "1")
    assert result.code == 2 and "unknown bot 'oracle'" in result.err


def test_demo_has_an_ismcts_hint(run_cli):
    from solvers.archaeology.service import EDITIONS
    import cards_data
    text = EDITIONS["archaeology"].demo_section(cards_data.load("archaeology"))
    assert "ISMCTS (300 iterations) suggests:" in text
