"""Position views through the real entry point (issue 19 §1): ``example --position`` feeds
``hint``, which says which form it read; a position no deal explains is one ``error:``
line naming the key, exit 2; games whose view has one form refuse ``--position``."""

from __future__ import annotations

import json

import pytest


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
