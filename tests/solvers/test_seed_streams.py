"""Issue 18 §3: a hint converts its seed once and passes the generator on, as networkx
does. Before, the view's world was drawn from ``make_rng(seed)`` and the search made
``make_rng(seed)`` again, so the search's first sampled world *was* the root's world (the
same draws): the two streams were not independent."""

from __future__ import annotations

import pytest

import cards_data
from games import registry
from solvers import services
from solvers.limits import Limit


@pytest.mark.parametrize("game_id", ["lootnrun", "archaeology", "expedition"])
def test_the_searchs_first_world_is_not_the_roots(game_id, monkeypatch):
    data = cards_data.load(game_id)
    engine = registry.engine(game_id)
    view = engine.example_view(data)
    cls = type(engine.state_from_view(view, data, 0)[0])
    original = cls.determinize
    worlds: list = []

    def recording(self, player, rng):
        world = original(self, player, rng)
        worlds.append(world.to_json())
        return world

    monkeypatch.setattr(cls, "determinize", recording)
    services.hint(game_id, view, data=data, limit=Limit(iterations=5), seed=0)
    # the view's world (drawn while reading the view), then the search's first world
    assert len(worlds) >= 2 and worlds[1] != worlds[0]
    # and the hint stays a function of its seed
    monkeypatch.setattr(cls, "determinize", original)
    again = services.hint(game_id, view, data=data, limit=Limit(iterations=40), seed=3)
    assert again == services.hint(game_id, view, data=data, limit=Limit(iterations=40), seed=3)
