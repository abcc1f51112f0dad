"""Positions written by hand, as a player at a table writes them (pass 20): an impossible
one is refused in one line naming the key the user wrote and why; a possible one reads.

Each test names the defect it reproduces: a state no game reaches that was read (the
engine then played from it), or a refusal that named another key than the wrong one."""

from __future__ import annotations

import copy

import pytest

import cards_data
from games import archaeology, expedition
from games.errors import InvalidStateError

ARCHAEOLOGY = cards_data.load("archaeology")
EXPEDITION = cards_data.load("expedition")
BOTH = [(archaeology, ARCHAEOLOGY), (expedition, EXPEDITION)]
FORMS = ["example_view", "example_position"]


def _refused(engine, data, view, match):
    with pytest.raises(InvalidStateError, match=match):
        engine.read_view(view, data, 0)


# --- 1. turn.dug ------------------------------------------------------------------------------

@pytest.mark.parametrize("engine,data", BOTH)
@pytest.mark.parametrize("form", FORMS)
def test_no_dig_while_cards_are_left_is_refused(engine, data, form):
    """``turn.dug: false`` was read as "the dig site was empty, no dig this turn" with 41
    cards left (the hint called ``end`` a pass); a run of passes likewise."""
    view = getattr(engine, form)(data)
    assert view["dig_site"] > 0 and view["turn"]["dug"]
    wrong = copy.deepcopy(view)
    wrong["turn"]["dug"] = False
    _refused(engine, data, wrong, rf"view: turn\.dug: false only when the dig site is empty "
                                  rf"\({view['dig_site']} cards left\)")
    wrong = copy.deepcopy(view)
    wrong["turn"]["first_passer"] = 1
    _refused(engine, data, wrong, r"view: turn\.first_passer: a run of passes begins only "
                                  r"once the dig site is empty")


@pytest.mark.parametrize("engine,data", BOTH)
@pytest.mark.parametrize("form", FORMS)
def test_dug_left_out_is_a_dig_while_cards_are_left(engine, data, form):
    """The New Expedition's position form read ``dug`` (left out) before the dig site, so
    its default, "whether cards are left", was false: a turn without a dig."""
    view = getattr(engine, form)(data)
    del view["turn"]["dug"]
    reading = engine.read_view(view, data, 0)
    assert not reading.world.no_dig
