"""Every position of a finished arena game, of every game, opens on the analysis board:
a game's last positions differ from its first (an Ancients shop the deck no longer fills,
a card game's empty market), and ``digsite serve`` draws them all."""

from __future__ import annotations

import pytest

import cards_data
from cli.web.board import open_record
from solvers import services
from solvers.arena import play_game


@pytest.mark.parametrize("game,bots", [
    ("ancients", ["random", "greedy"]), ("ancients", ["random", "greedy", "random"]),
    ("pyramids", ["random", "greedy"]), ("archaeology", ["random", "greedy"]),
    ("expedition", ["random", "greedy"]), ("lootnrun", ["random", "greedy"])])
def test_every_position_of_a_finished_arena_game_is_drawn(game, bots):
    data = cards_data.load(game)
    record = play_game(game, bots, bots=services.capability(game, "BOTS"), deal_seed=2,
                       rotation=0, bot_seed=2, data=data, keep_record=True).record
    assert record is not None
    opened = open_record(record, data)
    assert len(opened.decisions) == len(record.moves) + 1
    assert all(d.board.startswith("<svg") for d in opened.decisions)
    assert opened.decisions[-1].words.startswith("end of the game")
    if game == "ancients":  # late in the game the deck no longer fills every shop
        assert any(": empty" in d.board for d in opened.decisions)

