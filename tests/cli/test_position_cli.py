"""Position views through the real entry point (issue 19 §1): ``example --position`` feeds
``hint``, which says which form it read; a position no deal explains is one ``error:``
line naming the key, exit 2; games whose view has one form refuse ``--position``."""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

import pytest

import cards_data
from games import archaeology

sys.path.insert(0, str(Path(__file__).parents[1] / "games"))  # the enumerators live there
import test_card_posteriors  # noqa: E402
from posterior_enumeration import position_hidden, position_posterior  # noqa: E402


@pytest.mark.parametrize("game", ["archaeology", "expedition", "lootnrun"])
def test_example_position_feeds_the_hint(run_cli, game):
    result = run_cli("example", game, "--position")
    assert result.code == 0, result.err
    view = json.loads(result.out)
    assert "history" not in view
    hint = run_cli("hint", game, "-", "--iterations", "40", "--json", stdin=result.out)
    assert hint.code == 0, hint.err
    out = json.loads(hint.out)
    assert out["view_form"] == "position"
    if game != "lootnrun":  # its view is its position: nothing left out
        assert any("what a history would add was not used" in line
                   for line in out["explanation"])
        text = run_cli("hint", game, "-", "--iterations", "40", stdin=result.out)
        assert "position view" in text.out
    history = run_cli("hint", game, "-", "--iterations", "40", "--json",
                      stdin=run_cli("example", game).out)
    assert json.loads(history.out)["view_form"] == ("position" if game == "lootnrun"
                                                     else "history")


def test_an_impossible_position_is_one_error_line(run_cli):
    view = json.loads(run_cli("example", "archaeology", "--position").out)
    view["seats"][1]["holds"] = {"pot_shard": 9}
    result = run_cli("hint", "archaeology", "-", "--iterations", "20", stdin=json.dumps(view))
    assert result.code == 2
    assert result.err.strip().count("\n") == 0 and "seats[1].holds" in result.err


@pytest.mark.parametrize("game", ["pyramids", "ancients"])
def test_one_form_games_refuse_the_position_flag(run_cli, game):
    result = run_cli("example", game, "--position")
    assert result.code == 2 and "--position" in result.err


def test_view_takes_the_game_first_as_review_and_hint_do(run_cli, tmp_path):
    """`view ancients game.json --at 2`, the game named as review, plan and hint take it,
    was refused "Got unexpected extra argument (game.json)": the game may come first; a
    record of another game, or no game, is one error line."""
    record = str(tmp_path / "a.json")
    assert run_cli("play", "ancients", "--seed", "3", "--record", record,
                   stdin="rest money\nquit\n").code == 0
    alone = run_cli("view", record, "--at", "2")
    named = run_cli("view", "ancients", record, "--at", "2")
    assert alone.code == 0 and named.code == 0, named.err
    assert named.out == alone.out and json.loads(named.out)["game"] == "ancients"
    other = run_cli("view", "pyramids", record, "--at", "2")
    assert other.code == 2 and other.err.count("\n") == 1 and "not 'pyramids'" in other.err
    typo = run_cli("view", "ancent", record, "--at", "2")
    assert typo.code == 2 and typo.err.startswith("error: Invalid value for 'GAME': ")
    assert "did you mean `ancients`?" in typo.err


def test_a_record_s_moment_in_both_forms_with_a_card_file(run_cli, tmp_path, monkeypatch):
    """``view RECORD --at N`` and ``--position`` of the same moment, with a small ``--cards``
    file: the position is what the history tells the seat for sure (each world drawn from
    the history, written as a position, is that position), every world of the history is
    one the position allows, and the position's worlds follow the exact law of what it
    states (``posterior_enumeration``; a history adds what the position leaves out, so the
    history's own law is narrower: ``test_position_views`` compares both laws where it
    adds nothing)."""
    monkeypatch.setattr(test_card_posteriors, "SAMPLES", 1000)
    cards = tmp_path / "small.toml"
    cards.write_text(test_card_posteriors.SMALL_TEXT)
    data = cards_data.load("archaeology", cards)
    records = tmp_path / "records"
    assert run_cli("arena", "archaeology", "--bots", "greedy,greedy", "--games", "1",
                   "--seed", "2", "--cards", str(cards), "--record", str(records)).code == 0
    path = str(next(records.iterdir()))
    for at in ("3", "6"):
        history = json.loads(run_cli("view", path, "--at", at, "--cards", str(cards)).out)
        position = json.loads(run_cli("view", path, "--at", at, "--position", "--cards",
                                      str(cards)).out)
        seat = history["seat"]
        assert position["seat"] == seat and "history" not in position
        rules = archaeology.read_view(copy.deepcopy(position), data, 0).world.rules
        law = position_posterior(position, rules)
        written = {k: v for k, v in position.items() if k != "card_data"}
        for k in range(100):
            world = archaeology.read_view(copy.deepcopy(history), data, k).world
            assert json.loads(json.dumps(archaeology.position_of(world, seat))) == written
            assert position_hidden(world, seat) in law
        assert len(law) > 1
        rng = random.Random(int(at))
        test_card_posteriors._agrees(law, lambda: position_hidden(archaeology.read_view(
            copy.deepcopy(position), data, rng.getrandbits(32)).world, seat), f"--at {at}")


def test_a_position_without_the_explored_chamber_says_how_to_write_it(run_cli):
    """A player who wrote the pyramid after the 3-card chamber was explored dropped it
    (``"chambers": [5, 7]``) and read "chambers: expected 3 entries, got 2", nothing of
    how to write an explored chamber: the line says it, null, with the list to write."""
    view = json.loads(run_cli("example", "archaeology", "--position").out)
    view["chambers"] = [5, 7]
    result = run_cli("hint", "archaeology", "-", "--iterations", "20", stdin=json.dumps(view))
    assert result.code == 2 and result.out == ""
    assert result.err == (
        "error: <stdin>: view: chambers: expected 3 entries, got 2: one a chamber, its size while "
        "in place and null once explored ([null, 5, 7] with the 3-card chamber explored)\n")
