"""Game records: written by play and the arena, read back only when every move replays."""

from __future__ import annotations

import json

import pytest

import cards_data
from games import registry
from games.errors import InvalidStateError
from games.protocol import random_playout
from games.record import (GameRecord, final_state, read_record, record_text,
                          resolve_fixed_chance)
from games.seeding import make_rng

ENGINES = [g for g in registry.GAME_IDS if registry.has_engine(g)]


def _short_deal(game_id, data, players):
    engine = registry.engine(game_id)
    options = {"rounds": 1, "steps_per_round": 3} if game_id == "pyramids" else {}
    return engine.make_deal(players=players, seed=5, data=data, **options)


def random_record(game_id, *, players=2, moves=40, seed=1, finish=False):
    """A record of ``moves`` uniformly random moves (or a whole game with ``finish``)."""
    data = cards_data.load(game_id)
    record = GameRecord.start(game_id, _short_deal(game_id, data, players))
    state = record.initial_state(data)
    rng = make_rng(seed)
    played = []
    while True:
        resolve_fixed_chance(state)
        if state.is_terminal() or (not finish and len(played) >= moves):
            break
        options = state.legal_moves()
        move = options[rng.randrange(len(options))]
        played.append((state.current_player(), str(move)))
        state.apply(move)
    for seat, text in played:
        record = record.played(seat, text)
    return (record.finished(state) if state.is_terminal() else record), data


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_whole_random_game_round_trips_through_json(game_id):
    record, data = random_record(game_id, finish=True)
    text = record_text(record.to_json())
    back = read_record(json.loads(text), game_id, data)
    assert back == record
    assert final_state(back, data).is_terminal()
    assert back.result["returns"] == final_state(back, data).returns()


def _bad(doc, game_id, data, *fragments):
    with pytest.raises(InvalidStateError) as info:
        read_record(doc, game_id, data)
    message = str(info.value)
    assert "\n" not in message
    for fragment in fragments:
        assert fragment in message, message


def test_bad_records_are_refused_with_one_line_naming_the_place():
    record, data = random_record("archaeology", moves=12)
    good = record.to_json()
    _bad({**good, "extra": 1}, "archaeology", data, "unknown key 'extra'")
    _bad({**good, "game": "lootnrun"}, "archaeology", data, "game")
    _bad({**good, "record": 2}, "archaeology", data, "record: record")
    moves = [dict(m) for m in good["moves"]]
    moves[3] = {**moves[3], "move": "sell nothing 9"}
    _bad({**good, "moves": moves}, "archaeology", data, "record: moves[3]")
    moves = [dict(m) for m in good["moves"]]
    moves[2] = {**moves[2], "seat": 1 - moves[2]["seat"]}
    _bad({**good, "moves": moves}, "archaeology", data, "record: moves[2].seat")
    moves = [dict(m) for m in good["moves"]]
    moves[0]["note"] = "x"
    _bad({**good, "moves": moves}, "archaeology", data, "moves[0]", "unknown key 'note'")
    _bad({**good, "result": {"returns": [0, 0], "winners": [0]}}, "archaeology", data,
         "result")
    deal = dict(good["deal"])
    deal["hands"] = deal["hands"][:1]
    _bad({**good, "deal": deal}, "archaeology", data, "record: deal")
    _bad([], "archaeology", data, "expected a JSON object")


def test_a_claimed_result_must_be_the_replayed_one():
    record, data = random_record("lootnrun", finish=True)
    doc = record.to_json()
    doc["result"] = {"returns": doc["result"]["returns"],
                     "winners": [1 - doc["result"]["winners"][0]]}
    _bad(doc, "lootnrun", data, "result.winners")


def test_moves_after_the_end_are_refused():
    record, data = random_record("lootnrun", finish=True)
    doc = record.to_json()
    doc["moves"].append(dict(doc["moves"][-1]))
    doc.pop("result")
    _bad(doc, "lootnrun", data, "already over")


def test_comments_round_trip_and_change_nothing_in_the_replay():
    record, data = random_record("lootnrun", moves=12)
    annotated = record.annotated({0: "a first move", 5: "?? a blunder"}, "the game")
    doc = json.loads(record_text(annotated.to_json()))
    assert doc["comment"] == "the game" and doc["moves"][5]["comment"] == "?? a blunder"
    assert "comment" not in doc["moves"][1]
    back = read_record(doc, "lootnrun", data)
    assert back == annotated and back.moves[0].comment == "a first move"
    assert final_state(back, data).to_json() == final_state(record, data).to_json()
    again = back.annotated({5: "? a mistake"})
    assert again.comment == "the game" and again.moves[0].comment == "a first move"
    assert again.moves[5].comment == "? a mistake"
    doc["moves"][1]["comment"] = 3
    _bad(doc, "lootnrun", data, "moves[1].comment")


@pytest.mark.parametrize("seats, seat", [(None, 0), (("greedy", "person"), 1),
                                         (("person", "random"), 0),
                                         (("person", "person"), 0), (("greedy", "ismcts"), 0)])
def test_the_default_seat_is_the_only_persons(seats, seat):
    record, _ = random_record("lootnrun", moves=2)
    assert GameRecord(record.game, 2, record.deal, record.moves, seats=seats).default_seat() \
        == seat


def test_record_game_reads_the_game_first():
    from games.record import record_game

    assert record_game({"game": "pyramids", "anything": 1}) == "pyramids"
    for doc, fragment in (([], "expected a JSON object"), ({}, "game"),
                          ({"game": "chess"}, "chess")):
        with pytest.raises(InvalidStateError, match=fragment):
            record_game(doc)


@pytest.mark.parametrize("game_id", ENGINES)
def test_a_bad_deal_field_names_the_deal_once(game_id):
    record, data = random_record(game_id, moves=2)
    good = record.to_json()
    bad_field = {**good["deal"], "first_player" if "first_player" in good["deal"]
                 else "seed": "x"}
    for deal in (bad_field, {**good["deal"], "zzz": 1}):
        with pytest.raises(InvalidStateError) as info:
            read_record({**good, "deal": deal}, game_id, data)
        message = str(info.value)  # (it said 'record: deal: deal: unknown key ...')
        assert message.startswith("record: deal: ") and message.count("deal:") == 1, message
