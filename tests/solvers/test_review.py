"""The review of a played game: values from one analysis, hidden cards kept hidden,
reproducible, and the solo grid games measured against the deal's best plan."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import registry
from games.record import GameRecord, final_state, read_record, replay_steps, resolve_fixed_chance
from games.seeding import child_seeds, make_rng
from solvers import services
from solvers.limits import Limit
from solvers.review import ALL_ROWS, LABELS, accuracy, review_game, scale_for

LIMIT = Limit(iterations=40)


def _record(game_id, *, players, moves, seed=2, pick=None, **options):
    """A record of ``moves`` moves (random ones unless ``pick(state, moves, rng)``)."""
    data = cards_data.load(game_id)
    engine = registry.engine(game_id)
    record = GameRecord.start(game_id, engine.make_deal(players=players, seed=seed, data=data,
                                                        **options))
    state = record.initial_state(data)
    rng = make_rng(seed)
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal() or len(record.moves) >= moves:
            break
        options_ = state.legal_moves()
        move = pick(state, options_, rng) if pick else options_[rng.randrange(len(options_))]
        record = record.played(state.current_player(), str(move))
        state.apply(move)
    if state.is_terminal():
        record = record.finished(state)
    return read_record(record.to_json(), game_id, data), data


def test_each_value_is_the_hints_own_value_for_that_move():
    record, data = _record("lootnrun", players=2, moves=30)
    result = review_game(record, seat=0, data=data, limit=LIMIT, seed=4)
    hint = services.capability("lootnrun", "hint")
    engine = registry.engine("lootnrun")
    seeds = child_seeds(4, len(record.moves))
    views = {s.index: engine.view_of(s.state, 0) for s in replay_steps(record, data)
             if s.seat == 0}  # the replay goes on in one state: take each view as it passes
    rated = [d for d in result["decisions"] if d["label"] in LABELS]
    assert rated
    for d in rated:
        again = hint(views[d["index"]], data=data, limit=LIMIT,
                     seed=seeds[d["index"]], top=ALL_ROWS)
        values = {row.move: row.value for row in again.rows}
        assert d["played_value"] == values[d["played"]]
        assert d["best"] == again.best and d["best_value"] == values[d["best"]]
        assert d["loss"] == pytest.approx(max(0.0, d["best_value"] - d["played_value"]),
                                          abs=1e-4)


def test_an_unvisited_played_move_is_searched_again_with_every_move_tried():
    # 4 iterations cannot try every archaeology trade step: the played move gets no value
    record, data = _record("archaeology", players=2, moves=40)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=3), seed=1)
    raised = [d for d in result["decisions"] if "budget_raised" in d]
    assert raised
    for d in raised:
        assert d["budget_raised"] >= 2 * 2 and d["label"] != "unrated"
        assert d["played_value"] is not None and d["iterations"] == d["budget_raised"]


def test_summary_counts_labels_and_accuracy_is_best_or_good_over_rated():
    record, data = _record("archaeology", players=2, moves=60)
    result = review_game(record, seat=1, data=data, limit=LIMIT, seed=0)
    s = result["summary"]
    labels = [d["label"] for d in result["decisions"]]
    assert s["decisions"] == len(labels)
    assert s["counts"] == {k: labels.count(k) for k in (*LABELS, "forced", "unrated")}
    rated = [d for d in result["decisions"] if d["label"] in LABELS]
    assert s["rated"] == len(rated)
    assert s["total_loss"] == pytest.approx(sum(d["loss"] for d in rated), abs=1e-3)
    assert s["accuracy"] == accuracy(s["counts"])
    scale = scale_for("archaeology", 2)
    for d in rated:
        if d["label"] == "blunder":
            assert d["loss"] >= scale.blunder
        if d["label"] == "good":
            assert 0 < d["loss"] < scale.inaccuracy


def _hidden_twin(record: GameRecord, data) -> GameRecord:
    """A record with the same moves whose deal differs only in cards seat 0 never sees:
    one card of seat 1's hand swapped with a dig-site card nobody draws in the record."""
    engine = registry.engine("archaeology")

    def views(rec):
        return [engine.view_of(s.state, 0) for s in replay_steps(rec, data) if s.seat == 0]

    mine = views(record)
    deal = record.deal
    drawn = len(deal["dig_site"]) - len(final_state(record, data).dig)
    for h, card in enumerate(deal["hands"][1]):
        for d in range(len(deal["dig_site"]) - 1, drawn - 1, -1):
            other = deal["dig_site"][d]
            if other == card or other in ("map", "thief", "sandstorm"):
                continue
            twin = json.loads(json.dumps(deal))
            twin["hands"][1][h], twin["dig_site"][d] = other, card
            twin["hands"][1].sort(key=lambda name: deal_order(name))
            candidate = GameRecord(record.game, record.players, twin, record.moves)
            try:
                candidate = read_record(candidate.to_json(), "archaeology", data)
            except Exception:
                continue
            if views(candidate) == mine:
                return candidate
    raise AssertionError("no hidden twin found for this record")


def deal_order(name: str) -> int:
    from games.archaeology import CARD_NAMES
    return CARD_NAMES.index(name)


def _quiet_opponent(state, moves, rng):
    """Seat 0 plays at random; seat 1 keeps its cards to itself (ends its turns)."""
    if state.current_player() == 1:
        ends = [m for m in moves if str(m) == "end"]
        if ends:
            return ends[0]
    return moves[rng.randrange(len(moves))]


def test_cards_the_seat_cannot_see_do_not_change_the_review():
    record, data = _record("archaeology", players=2, moves=50, seed=7, pick=_quiet_opponent)
    twin = _hidden_twin(record, data)
    assert twin.deal != record.deal and twin.moves == record.moves
    a = review_game(record, seat=0, data=data, limit=LIMIT, seed=3)
    b = review_game(twin, seat=0, data=data, limit=LIMIT, seed=3)
    assert [d["label"] for d in a["decisions"]].count("forced") < len(a["decisions"])
    assert json.dumps(a) == json.dumps(b)


def _plan_pick(plan_moves):
    """A move picker that follows ``plan_moves`` (texts) and then the first legal move."""
    queue = list(plan_moves)

    def pick(state, moves, rng):
        if queue:
            text = queue.pop(0)
            return next(m for m in moves if str(m) == text)
        return moves[0]

    return pick


def test_pyramids_solo_review_sets_the_best_plan_beside_the_game():
    data = cards_data.load("pyramids")
    engine = registry.engine("pyramids")
    options = {"rounds": 1, "steps_per_round": 3}
    deal = engine.make_deal(players=1, seed=4, data=data, **options)
    best = services.capability("pyramids", "best_score")(deal, data=data,
                                                         limit=Limit(time_limit=20))
    assert best.status == "OPTIMAL"
    plan = [m for turn in best.turns for m in turn]
    followed, _ = _record("pyramids", players=1, moves=999, seed=4, pick=_plan_pick(plan),
                          **options)
    result = review_game(followed, seat=0, data=data, limit=LIMIT, seed=0,
                         best_limit=Limit(time_limit=20))
    section = result["best_score"]
    assert section["parted"] is None
    assert section["score"] == section["score_reached"] == best.score
    assert section["status"] == "OPTIMAL" and section["gap"] == 0
    # leave the plan at the second decision (the first crossing)
    first_cross = plan[1]

    def other(state, moves, rng, _done=[False]):
        if not _done[0] and str(moves[0]) != first_cross and len(state.to_json()["history"]) \
                and any(str(m) == first_cross for m in moves):
            _done[0] = True
            return next(m for m in moves if str(m) != first_cross)
        return None

    keep = plan[0]
    strayed, _ = _record("pyramids", players=1, moves=999, seed=4,
                         pick=lambda s, ms, rng: next(m for m in ms if str(m) == keep)
                         if str(ms[0]).startswith("keep") else
                         next(m for m in ms if str(m) != first_cross), **options)
    result = review_game(strayed, seat=0, data=data, limit=LIMIT, seed=0,
                         best_limit=Limit(time_limit=20))
    parted = result["best_score"]["parted"]
    assert parted["decision"] == 2 and parted["plan"] == first_cross
    assert result["best_score"]["score_reached"] <= best.score


def test_ancients_reviews_whole_turns_named_as_the_hint_names_them():
    from solvers.ancients.policy import greedy_turn
    from solvers.ancients.turn import Dig, dig_steps

    queue = []

    def greedy(state, moves, rng):
        if not queue:
            turn = greedy_turn(state)
            queue.extend(dig_steps(state, turn) if isinstance(turn, Dig) else [turn])
        return queue.pop(0)

    record, data = _record("ancients", players=1, moves=60, seed=1, pick=greedy)
    result = review_game(record, seat=0, data=data, limit=Limit(iterations=30), seed=0)
    decisions = result["decisions"]
    digs = [d for d in decisions if d["played"].startswith("dig ")]
    assert digs, "the greedy player digs"
    assert all(len(d["moves"]) > 1 and d["moves"][-1] == "end" for d in digs)
    unrated = [d for d in decisions if d["label"] == "unrated"]
    assert all(d is decisions[-1] and "inside this turn" in d["reason"]
               for d in unrated), unrated  # the record cut a dig short
    added = [d for d in decisions if d.get("added_to_options")]
    assert added, "greedy makes a dig the planner's front does not hold"
    assert all(d["played_value"] is not None for d in added)
    assert sum(len(d.get("moves", [1])) for d in decisions) == len(record.moves)
    assert "best_score" in result and result["best_score"]["score_reached"] is None


def test_pyramids_keep_decisions_are_rated_through_the_keep_view():
    data = cards_data.load("pyramids")
    record, _ = _record("pyramids", players=2, moves=999, seed=4,
                        pick=lambda state, moves, rng: moves[-1], rounds=1, steps_per_round=3)
    result = review_game(record, seat=1, data=data, limit=LIMIT, seed=0)
    keep = result["decisions"][0]
    assert keep["played"].startswith("keep ") and keep["best"].startswith("keep ")
    assert keep["label"] not in ("unrated", "forced") and keep["loss"] >= 0
