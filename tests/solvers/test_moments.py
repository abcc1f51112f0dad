"""Decision N of a record (``solvers.moments``): the seat's own decisions counted from 1,
whole trades and whole Ancients turns as one, the decision to make now after the last."""

from __future__ import annotations

import pytest

from games import registry
from games.errors import InvalidStateError
from games.record import GameRecord, final_state
from solvers import services
from solvers.moments import decision_at, decisions_of, seat_of, view_at

from .test_review import _record


@pytest.mark.parametrize("game, players", [("archaeology", 2), ("expedition", 3),
                                           ("lootnrun", 3), ("pyramids", 2), ("ancients", 2)])
def test_a_seats_decisions_are_numbered_from_1_and_cover_its_moves(game, players):
    record, data = _record(game, players=players, moves=80)
    for seat in range(players):
        units, _ = decisions_of(record, seat, data)
        assert [u.number for u in units] == list(range(1, len(units) + 1))
        assert all(u.seat == seat and u.game == game for u in units)
        spanned = [i for u in units for i in range(u.index, u.index + len(u.moves))]
        assert spanned == [i for i, e in enumerate(record.moves) if e.seat == seat]
        for u in units[:: max(1, len(units) // 4)]:
            one = decision_at(record, seat, u.number, data)
            assert (one.index, one.moves, one.text, one.whole) == (u.index, u.moves, u.text,
                                                                   u.whole)
            if u.whole:
                assert view_at(one) == view_at(u)


def test_a_whole_trade_is_one_decision():
    record, data = _record("archaeology", players=2, moves=150, seed=8)
    units, _ = decisions_of(record, 0, data)
    trades = [u for u in units if len(u.moves) > 1]
    assert trades, "random play makes trades of several steps"
    for u in trades:
        assert u.text.startswith("trade ") and all(m.startswith(("take ", "give "))
                                                   for m in u.moves)


def test_the_decision_to_make_now_is_the_position_the_record_stops_at():
    record, data = _record("archaeology", players=2, moves=30, seed=2)
    final = final_state(record, data)
    seat = final.current_player()
    made = len(decisions_of(record, seat, data)[0])
    now = decision_at(record, seat, made + 1, data)
    assert now.pending and now.moves == () and now.index == len(record.moves)
    assert view_at(now) == registry.engine("archaeology").view_of(final, seat)
    other = 1 - seat
    made_other = len(decisions_of(record, other, data)[0])
    with pytest.raises(InvalidStateError, match=f"it made {made_other} in this record"):
        decision_at(record, other, made_other + 1, data)  # not its turn: nothing to make now
    with pytest.raises(InvalidStateError, match="is the one it is to make now"):
        decision_at(record, seat, made + 2, data)


def test_a_record_cut_inside_a_trade_has_no_decision_to_make_now():
    record, data = _record("archaeology", players=2, moves=150, seed=8)
    units, _ = decisions_of(record, 0, data)
    trade = next(u for u in units if len(u.moves) > 1)
    cut = GameRecord(record.game, record.players, record.deal,
                     record.moves[: trade.index + 1])
    cut_units, _ = decisions_of(cut, 0, data)
    assert not cut_units[-1].whole and cut_units[-1].number == trade.number
    with pytest.raises(InvalidStateError, match=f"it made {trade.number} in this record"):
        decision_at(cut, 0, trade.number + 1, data)


def test_the_view_at_a_pyramids_keep_is_the_keep_view_the_hint_reads():
    record, data = _record("pyramids", players=2, moves=10, rounds=1, steps_per_round=3)
    keep = decision_at(record, 1, 1, data)
    assert keep.moves[0].startswith("keep ")
    view = view_at(keep)
    assert view == services.capability("pyramids", "decision_view")(keep.state, 1)
    hint = services.hint("pyramids", view, data=data, top=3)
    assert hint.best.startswith("keep ")
    with pytest.raises(InvalidStateError, match="one form"):
        view_at(keep, position=True)


def test_seats_outside_the_table_are_refused():
    record, _ = _record("lootnrun", players=2, moves=4)
    assert seat_of(record, None) == 0 and seat_of(record, 1) == 1
    with pytest.raises(InvalidStateError, match="seat 2 is not a seat"):
        seat_of(record, 2)
