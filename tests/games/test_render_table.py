"""A card game's table as SVG (games.render.table): what the seat sees, and only that."""

from __future__ import annotations

import io

import pytest

from games import load
from games.record import resolve_fixed_chance
from games.render import position_svg
from games.render.table import table_rows, table_svg


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_the_table_shows_the_hand_and_market_not_the_others_hands(game):
    the_game = load(game)
    state = the_game.new_initial_state(seed=4)
    resolve_fixed_chance(state)
    position = the_game.engine.position_of(state, 0)
    rows = dict(table_rows(position))
    hand = " ".join(text for text, _ in rows["your hand"])
    for card, count in position["hand"].items():
        assert card.replace("_", " ") in hand
    assert len(rows["marketplace"]) == len(position["marketplace"])
    # the other seat: its hand size and money, never its cards (it holds none we know yet)
    other = [text for text, _ in rows["seat 1"]]
    assert other[0] == f"hand {position['seats'][1]['hand_size']}"
    assert not any(text.startswith("holds") for text in other)
    svg = position_svg(game, state, 0, the_game.data, title="t")
    assert svg.startswith("<svg") and "your hand" in svg


def test_the_table_draws_in_pixels():
    cairosvg = pytest.importorskip("cairosvg")
    Image = pytest.importorskip("PIL.Image")
    the_game = load("lootnrun")
    state = the_game.new_initial_state(seed=2)
    resolve_fixed_chance(state)
    png = cairosvg.svg2png(bytestring=position_svg("lootnrun", state, 0, the_game.data,
                                                   title="Loot N Run").encode())
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = {image.getpixel((x, y)) for x in range(0, image.width, 4)
               for y in range(0, image.height, 4)}
    assert len(colours) > 10  # chips of several colours, not a blank page


def test_the_rows_call_the_seats_as_the_names_given():
    """A bot's seat seen by itself was "you" / "your hand" whoever read the table."""
    the_game = load("archaeology")
    state = the_game.new_initial_state(seed=4)
    resolve_fixed_chance(state)
    position = the_game.engine.position_of(state, 1)
    labels = [label for label, _ in table_rows(position, ["seat 0 (greedy)",
                                                          "seat 1 (random)"])]
    assert "seat 1's hand" in labels and "seat 0 (greedy)" in labels
    assert "seat 1 (random)" in labels and "your hand" not in labels
    assert "your hand" in [label for label, _ in table_rows(position)]


def test_a_long_seat_label_ends_before_its_row_of_chips():
    """'seat 1 (greedy) in front' ran under the first chip of its row (a fixed 130 px
    label column), the bot's name hidden behind a card back."""
    import re

    ImageFont = pytest.importorskip("PIL.ImageFont")
    try:
        bold = ImageFont.truetype("DejaVuSans-Bold.ttf", 13)
    except OSError:
        pytest.skip("no DejaVu Sans Bold to measure the labels with")
    svg = table_svg({"game": "lootnrun", "players": 2, "seat": 0, "to_move": 0,
                     "phase": "act", "scores": [0, 0], "my_rooms": [19],
                     "front_backs": [["yellow"], ["red", "red"]],
                     "decks": [{"size": 24, "top": "green"}], "discard": []},
                    title="t", names=["you", "seat 1 (openspiel-ismcts)"])
    rows = re.findall(r'<text x="([\d.]+)" y="([\d.]+)" font-size="13" font-weight="bold" '
                      r'fill="#222222">([^<]+)</text>', svg)
    chips = re.findall(r'<rect x="([\d.]+)" y="([\d.]+)" width', svg)
    assert any("openspiel-ismcts) in front" in label for _, _, label in rows)
    for x, y, label in rows:
        first = min((float(cx) for cx, cy in chips if abs(float(cy) + 23 - float(y)) < 1),
                    default=None)
        if first is not None:
            assert float(x) + bold.getlength(label) < first, label


def test_what_another_seat_is_known_to_hold_is_named_as_printed():
    """A seat known to hold the masks read 'holds pharaohs mask x2' (the key's spelling)
    where the hand's own chips say "pharaoh's mask"."""
    view = {"game": "expedition", "seat": 0, "hand": {"pharaohs_mask": 1},
            "marketplace": {}, "dig_site": 40,
            "seats": [{"hand_size": 1, "money": 0},
                      {"hand_size": 4, "money": 3, "holds": {"pharaohs_mask": 2},
                       "lacks": ["pharaohs_mask", "pot_shard"]}]}
    rows = dict(table_rows(view))
    said = [text for text, _ in rows["seat 1"]]
    assert "holds pharaoh's mask x2" in said and "lacks pharaoh's mask" in said, said
    assert "lacks pot shard" in said and not any("pharaohs" in text for text in said), said
