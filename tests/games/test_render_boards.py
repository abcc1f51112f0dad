"""The grid games' boards as SVG (games.render.boards): what the analysis board draws."""

from __future__ import annotations

import re

from games import load
from games.record import resolve_fixed_chance
from games.render import position_svg


def test_the_ancients_market_names_each_shop_by_its_price():
    """The market's captions said 'shop 4 + token' and 'shop 1' under the cards the moves
    and the table's words sell from 'the $4 shop' and 'the $1 shop' ('shop 4' reads as
    the fourth shop)."""
    the_game = load("ancients")
    state = the_game.new_initial_state(seed=2)
    resolve_fixed_chance(state)
    svg = position_svg("ancients", state, 0, the_game.data, title="t")
    captions = re.findall(r'font-size="10.0"[^>]*>([^<]*shop[^<]*)</text>', svg)
    assert "$4 shop + a token" in captions and "$1 shop" in captions, captions
    assert not any(re.match(r"shop \d", caption) for caption in captions), captions
