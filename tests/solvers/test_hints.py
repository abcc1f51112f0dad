"""The hint's result shape (``solvers.hints``): what its close call compares."""

from __future__ import annotations

from solvers.hints import hint_result
from solvers.limits import Limit


def _hint(rows, order="visits", top=10):
    return hint_result("archaeology", seat=0, rows=rows, value_meaning="win probability",
                       limit=Limit(), iterations=300, stop_reason="iterations", seed=0,
                       top=top, order=order)


ROWS = [{"move": "sell coin 1", "value": 0.464, "stderr": 0.067, "visits": 56},
        {"move": "trade coin for parchment_scrap", "value": 0.40, "stderr": 0.069, "visits": 52},
        {"move": "trade coin for pot_shard pot_shard", "value": 0.587, "stderr": 0.073,
         "visits": 46}]


def test_a_close_call_names_the_rival_valued_highest_not_the_second_by_visits():
    """Ranked by visits, the third move was valued above the best (0.587 against 0.464)
    and the close call named only the second (found by a player reading a hint)."""
    close = _hint(ROWS).close_call
    assert close is not None
    assert close.moves == ("sell coin 1", "trade coin for pot_shard pot_shard")
    assert close.gap == 0.123
    # best-move shows one row and says the same
    assert _hint(ROWS, top=1).close_call == close
    # ranked by value, the rival is the next row
    by_value = sorted(ROWS, key=lambda r: -r["value"])
    assert _hint(by_value, order="value").close_call.moves == (
        "trade coin for pot_shard pot_shard", "sell coin 1")


def test_no_close_call_when_every_rival_is_clearly_worse():
    rows = [dict(ROWS[0], stderr=0.01), dict(ROWS[1], value=0.1, stderr=0.01)]
    assert _hint(rows).close_call is None


def test_a_move_tried_a_few_times_is_no_rival():
    """Its few playouts may all have gone well: a close call named a move the hint did
    not even show (found by a player reading a Pyramids hint)."""
    rows = ROWS + [{"move": "end", "value": 0.9, "stderr": 0.3, "visits": 2}]
    assert _hint(rows).close_call.moves[1] == "trade coin for pot_shard pot_shard"


def test_a_close_call_the_second_makes_is_never_lost():
    """The second by visits within the noise is a close call whatever the other rows are
    (the rival rule dropped two: a second on fewer than half the best's visits, and a
    second beside a row valued far above the best)."""
    few = [dict(ROWS[0]), {"move": "b", "value": 0.44, "stderr": 0.08, "visits": 20}]
    assert _hint(few).close_call.moves == ("sell coin 1", "b")
    far = few + [{"move": "c", "value": 0.95, "stderr": 0.01, "visits": 40}]
    assert _hint(far).close_call.moves == ("sell coin 1", "b")
