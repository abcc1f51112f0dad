"""Words a person reads say "1 card" and "2 cards", never "card(s)" (the house rule,
``games.table.plural``): each message that said "(s)" is made here with one and with two,
from the path a user reaches it by."""

from __future__ import annotations

import io
import json
import sys
from types import SimpleNamespace

import pytest

from cards_data import players_words
from games import load, registry
from games.errors import InvalidStateError


def _refusal(call, *args, **kwargs) -> str:
    with pytest.raises(InvalidStateError) as caught:
        call(*args, **kwargs)
    message = str(caught.value)
    assert "(s)" not in message
    return message


@pytest.mark.parametrize("game_id", ["archaeology", "expedition", "lootnrun"])
def test_a_deal_with_unknown_options_names_one_option_or_several(game_id):
    make_deal = registry.engine(game_id).make_deal
    data = load(game_id).data
    assert _refusal(make_deal, players=2, seed=1, data=data, colour=1) \
        == "deal: unknown option colour"
    assert _refusal(make_deal, players=2, seed=1, data=data, colour=1, size=2) \
        == "deal: unknown options colour, size"


@pytest.mark.parametrize("players, said", [(1, "1 player"), (2, "2 players")])
def test_an_ancients_deal_with_a_wrong_removed_count_says_the_players(players, said):
    game = load("ancients")
    deal = game.new_deal(seed=1, players=players)
    deal["deck"].append(deal["removed"].pop())
    message = _refusal(game.state_from_deal, deal)
    assert message.endswith(f"expected {len(deal['removed']) + 1} for {said}"), message


def test_a_pyramids_view_with_more_awards_than_milestones_counts_both():
    game = load("pyramids")
    engine = registry.engine("pyramids")
    view = json.loads(json.dumps(engine.example_view(game.data)))
    colours = {game.data.card(c).colour for c in view["completed"]}
    missing = next(c for c in game.data.colours if c not in colours)
    points = game.data.pyramid_points[0]
    view["score_card"]["pyramid_points"] = [[missing, points]]
    assert f"1 {missing} award but only 0 {missing} milestones completed" \
        in _refusal(engine.state_from_view, view, game.data, 0)
    view["score_card"]["pyramid_points"] = [[missing, points], [missing, points]]
    assert f"2 {missing} awards but only 0 {missing} milestones completed" \
        in _refusal(engine.state_from_view, view, game.data, 0)


def test_a_pyramids_keep_view_with_unknown_keys_names_one_or_several():
    from solvers.pyramids.decisions import world_of
    data = load("pyramids").data
    view = {"game": "pyramids", "players": 1, "decision": "keep", "colour": 1}
    assert "unknown key ['colour'] in a keep view" in _refusal(world_of, view, data, 0)
    view["size"] = 2
    assert "unknown keys ['colour', 'size'] in a keep view" in _refusal(world_of, view, data, 0)


@pytest.mark.parametrize("thefts, keeps, said", [
    (1, 1, ["1 theft between two other seats was read", "1 Tomb keep by another seat from "
                                                        "a chamber this seat knew was read"]),
    (2, 3, ["2 thefts between two other seats were read", "3 Tomb keeps by another seat from "
                                                          "a chamber this seat knew were read"]),
])
def test_the_bounded_reading_counts_its_thefts_and_keeps(thefts, keeps, said):
    from games.archaeology.hidden import bounded_reading_notes
    notes = bounded_reading_notes(thefts, keeps)  # (reading_notes' words)
    assert len(notes) == 2 and not any("(s)" in note for note in notes)
    assert all(words in note for words, note in zip(said, notes)), notes


@pytest.mark.parametrize("winners, said", [([1], "winner: seat 1"),
                                           ([0, 1], "winners: you, seat 1")])
def test_the_plain_result_names_one_winner_or_several(winners, said):
    from games.game import Game
    state = SimpleNamespace(returns=lambda: [1.0, 1.0], winners=lambda: winners)
    game = SimpleNamespace(engine=object())  # an engine without describe_result
    assert Game.describe_result(game, state, viewer=0)[-1] == said


def test_the_pyramids_demo_counts_its_placements():
    from solvers.pyramids.service import demo_section
    line = next(line for line in demo_section(load("pyramids").data).splitlines()
                if "of expedition pattern" in line)
    assert "(s)" not in line and (" 1 placement of " in line or " placements of " in line)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_status_line_counts_steps(monkeypatch):
    from cli.main import _progress
    screen = _Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    with _progress(None, "work") as step:
        step()
        assert "work: 1 step done" in screen.getvalue()
        step()
        assert "work: 2 steps done" in screen.getvalue()
    assert "(s)" not in screen.getvalue()


@pytest.mark.parametrize("low, high, said", [(1, 1, "1 player"), (2, 2, "2 players"),
                                             (1, 2, "1 to 2 players")])
def test_a_range_of_table_sizes_says_one_player_or_several(low, high, said):
    """``players_words(1, 1)`` said "1 players"."""
    assert players_words(low, high) == said
