"""The bundled card files: they load, round-trip, match the generator and keep every
known fact (``/shared/card-facts.md``)."""

from __future__ import annotations

import dataclasses
import io
from collections import Counter

import pytest

import cards_data
from cards_data import (GAME_IDS, LABELS, bundled_path, bundled_text, load, load_text,
                        provenance, validate_file)
from cards_data.generate import main as generate_main, render
from grids.polyomino import SHAPES, is_connected


@pytest.mark.parametrize("game", GAME_IDS)
def test_bundled_file_loads_and_round_trips(game):
    data = load(game)
    assert data.source == f"{game}.toml"
    again = load_text(bundled_text(game), source="copy.toml", game_id=game)
    assert dataclasses.replace(again, source=data.source) == data
    assert load(game, bundled_path(game)) == dataclasses.replace(data, source=str(bundled_path(game)))


@pytest.mark.parametrize("game", GAME_IDS)
def test_generator_reproduces_committed_file(game):
    assert render(game) == bundled_text(game)


def test_generate_check_passes_on_committed_files():
    assert generate_main(["--check"]) == 0


@pytest.mark.parametrize("game", GAME_IDS)
def test_file_header(game):
    text = bundled_text(game)
    header = " ".join(line[2:] for line in text.split("\ngame = ")[0].splitlines())
    assert text.startswith("# ")
    # one instruction for users (copy, edit, validate, use), none that contradicts it, and
    # no pointer to a document the repository does not ship
    for step in (f"digsite data show {game} > mine.toml", "edit mine.toml",
                 "digsite data validate mine.toml", "--cards mine.toml"):
        assert step in header, step
    assert "not this file" not in header and "card-facts" not in header
    assert f'game = "{game}"\nformat = 1\nedition = "' in text


@pytest.mark.parametrize("game", GAME_IDS)
def test_provenance_labels_are_the_four_allowed(game):
    labels = provenance(load(game))
    assert labels and set(labels.values()) <= set(LABELS)


def test_validate_file_reads_paths_and_stdin(monkeypatch):
    assert isinstance(validate_file(bundled_path("ancients")), cards_data.AncientsData)
    monkeypatch.setattr("sys.stdin", io.StringIO(bundled_text("lootnrun")))
    assert validate_file("-").source == "<stdin>"


# -- anchors -----------------------------------------------------------------------------

def test_archaeology_anchors():
    data = load("archaeology")
    t = data.treasures
    assert [(k, v.count) for k, v in t.items()] == [
        ("pot_shard", 18), ("parchment_scrap", 16), ("coin", 14), ("talisman", 8),
        ("broken_cup", 6), ("pharaohs_mask", 4), ("map", 6)]
    assert t["talisman"].trade == 3 and t["talisman"].sell[3] == 24
    assert t["talisman"].sell_value(2) == 7 and t["coin"].sell[4] == 30
    assert t["pot_shard"].sell == (1, 2, 3, 4, 15) and t["broken_cup"].sell == (2, 15)
    assert t["pharaohs_mask"].sell == (4, 12, 26, 50) and t["map"].sell == (3,)
    assert t["talisman"].max_set == 5
    with pytest.raises(ValueError):
        t["map"].sell_value(2)
    assert data.thief_cards == 8 and [data.sandstorms_for(p) for p in (2, 3, 4)] == [6, 5, 4]
    assert [(c.size, c.maps) for c in data.pyramid] == [(3, 1), (5, 2), (7, 3)]
    assert (data.hand_size, data.marketplace_size, data.players_min, data.players_max) == (4, 5, 2, 4)
    assert data.provenance["treasures.count"] == "rules"
    assert data.provenance["treasures.sell"] == "community"


def test_expedition_anchors():
    data = load("expedition")
    t = data.treasures
    assert sum(v.count for v in t.values()) == 85
    assert t["talisman"].sell_value(2) == 10 and t["talisman"].sell_value(4) == 32
    assert t["talisman"].max_set == 5 and t["coin"].sell_value(5) == 30
    assert t["broken_tablet"].sell_value(3) == 10 and t["broken_tablet"].trade == 1
    assert t["parchment_scrap"].sell == (1, 2, 3, 10)
    assert (t["coin"].trade, t["talisman"].trade, t["pot_shard"].trade) == (2, 3, 1)
    keys = lambda players, **kw: {x.key for x in data.treasures_for(players, **kw)}
    assert "broken_tablet" not in keys(3) and "broken_tablet" in keys(4)
    assert "broken_pendant" not in keys(4) and "broken_pendant" in keys(5)
    assert {"broken_tablet", "broken_pendant"} <= keys(2, long_expedition=True)
    assert dict(data.thieves_by_players) == {2: 4, 3: 6, 4: 8, 5: 10}
    assert data.thieves_for(2, long_expedition=True) == 5
    assert dict(data.sandstorms_by_players) == {2: 4, 3: 5, 4: 6, 5: 6}
    assert data.tents == 5 and data.thief_cards == 10 and data.sandstorm_cards == 6
    monuments = {m.key: m for m in data.monuments}
    assert [(c.size, c.maps) for c in monuments["great_pyramid"].chambers] == [(2, 1), (5, 2), (8, 3)]
    assert [c.size for c in monuments["temple"].chambers] == [5, 5, 5]
    assert [c.size for c in monuments["tomb"].chambers] == [7, 8]
    assert monuments["tomb"].params["keep"] == 2 and monuments["mine"].params["bust_over"] == 5
    assert dict(monuments["sphinx"].params) == {"names": 2, "draw": 5}
    assert monuments["buried_ruins"].params["reserve"] == 12
    assert monuments["buried_ruins"].setup_cards == 15
    assert data.provenance["thieves_by_players"] == "community"
    assert data.provenance["sandstorms_by_players"] == "inferred"
    assert data.provenance["treasures.sell"] == "reconstructed"
    assert t["parchment_scrap"].provenance["sell"] == "community"


def test_lootnrun_anchors():
    data = load("lootnrun")
    assert len(data.rooms) == 54 and [r.id for r in data.rooms] == list(range(1, 55))
    assert dict(data.backs) == {"red": 12, "yellow": 18, "green": 24}
    per_back = {back: [r for r in data.rooms if r.back == back] for back in data.backs}
    for back, rooms in per_back.items():
        assert len(rooms) == data.backs[back]
        assert sum(r.top == "guardian" for r in rooms) == 6
        assert all((r.guardian is not None) == (r.top == "guardian") for r in rooms)
    assert {r.guardian for r in data.rooms} - {None} == {"mummy", "werewolf", "frank"}
    assert len(data.treasure_types) == 6 and {"cup", "chest"} <= set(data.treasure_types)
    assert all(1 <= len(r.treasures) <= 3 for r in data.rooms)
    mean = {b: sum(len(r.treasures) for r in rs) / len(rs) for b, rs in per_back.items()}
    assert mean["red"] > mean["yellow"] > mean["green"]
    assert (data.players_min, data.players_max, data.decks) == (2, 6, 2)
    assert data.target_for(5) == 35 and data.target_for(6) == 30
    assert data.provenance["rooms"] == "reconstructed"


def test_pyramids_anchors():
    data = load("pyramids")
    assert [c.order for c in data.cards] == list(range(1, 49))
    assert Counter(c.colour for c in data.cards) == {"green": 16, "orange": 16, "purple": 16}
    for card in data.cards:
        assert card.entrance == 0 and card.tomb == 24  # the generator's community layout
        assert 9 <= card.shortest_path() <= 13
        assert bin(card.walls).count("1") >= 3
    assert sum(c.icons["torch"] > 0 for c in data.cards) < 48
    assert sum(c.icons["potion"] > 0 for c in data.cards) < 48
    assert all(c.icons["red_gem"] | c.icons["green_gem"] for c in data.cards)
    deck = data.expedition_deck
    assert len(deck) == 8 and len(set(deck)) == 6 and set(deck) <= set(SHAPES)
    assert Counter(deck) == {"domino": 1, "I3": 2, "L3": 2, "T4": 1, "L4": 1, "O4": 1}
    assert data.pyramid_points == (10, 6, 3) and data.gems_per_colour == 10
    assert (data.torches, data.torch_points, data.card_points) == (4, 5, 10)
    penalties = data.skull_penalties
    assert len(penalties) == 10 and 6 in penalties and list(penalties) == sorted(penalties)
    # the rulebook's worked example: 7 cards, 2 torches, 10+6+3, 3 pairs + 3 reds, skull -6
    gems = 3 * data.gem_pair_points + 3 * data.single_gem_points
    assert 7 * data.card_points + 2 * data.torch_points + 19 + gems - 6 == 111
    assert data.provenance["skull_penalties"] == "reconstructed"
    assert data.provenance["expedition_deck"] == "inferred"


def test_pyramid_masks_match_grid():
    card = load("pyramids").card(1)
    text = "".join(card.grid)
    assert card.walls == sum(1 << i for i, ch in enumerate(text) if ch == "#")
    assert card.icons["skull"] == sum(1 << i for i, ch in enumerate(text) if ch == "s")
    assert card.open & card.walls == 0


def test_ancients_anchors():
    data = load("ancients")
    assert len(data.maps) == 50 and [m.id for m in data.maps] == list(range(1, 51))
    for card in data.maps:
        assert 3 <= card.size <= 6
        assert is_connected((r, c) for r, c, _ in card.cells)
        assert all(0 <= r < 5 and 0 <= c < 5 for r, c, _ in card.cells)
        assert 1 <= card.points <= 8 and card.token in ("black", "white")
        assert 0 <= card.space < 25
    assert len({m.name for m in data.maps}) == 50
    assert data.shops == (4, 3, 2, 1)
    assert dict(data.removed_by_players) == {2: 18, 3: 10, 4: 7, 5: 3, 6: 0}
    assert (data.start_money, data.start_sand, data.pack_limit) == (4, 1, 4)
    assert (data.players_min, data.players_max) == (2, 6)
    assert data.edition.startswith("beta-2.16")
    assert data.provenance == {"rules": "rules", "maps": "reconstructed"}


def test_load_caches_bundled_data():
    assert load("pyramids") is load("pyramids")


def test_cards_are_hashable_values():
    cards = {load("pyramids").card(1), load("ancients").maps[0], load("lootnrun").rooms[0],
             load("archaeology").treasures["coin"], load("expedition").monuments[0]}
    assert len(cards) == 5


def test_generate_check_reports_stale_files(monkeypatch):
    before = bundled_text("lootnrun")
    monkeypatch.setattr("cards_data.generate.render", lambda game: "stale\n")
    assert generate_main(["--check"]) == 1
    assert bundled_text("lootnrun") == before  # --check writes nothing


def test_layer_rule_imports():
    """cards_data imports only the standard library, numpy and grids."""
    import ast
    import sys
    from pathlib import Path
    allowed = set(sys.stdlib_module_names) | {"numpy", "grids", "cards_data"}
    for path in Path(cards_data.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                roots = [alias.name.split(".")[0] for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                roots = [node.module.split(".")[0]]
            else:
                continue
            assert set(roots) <= allowed, (path.name, roots)
