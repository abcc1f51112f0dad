"""User card files: valid edits load, every kind of mistake fails with a message naming
the file and the key."""

from __future__ import annotations

import tomllib
from typing import Callable

import pytest

from cards_data import InvalidDataError, bundled_text, load, load_text
from cards_data._toml import dumps


def edited(game: str, edit: Callable[[dict], object]) -> str:
    """The bundled file of ``game`` with ``edit`` applied to its parsed TOML."""
    doc = tomllib.loads(bundled_text(game))
    edit(doc)
    return dumps(doc)


def rejects(game: str, edit: Callable[[dict], object], *fragments: str) -> str:
    with pytest.raises(InvalidDataError) as caught:
        load_text(edited(game, edit), source="mine.toml")
    message = str(caught.value)
    assert message.startswith("mine.toml: "), message
    for fragment in fragments:
        assert fragment in message, message
    return message


# -- valid edits -----------------------------------------------------------------------

def test_edited_archaeology_loads():
    def edit(doc):  # the other source's five pot shards
        doc["treasures"]["pot_shard"]["sell"][4] = 10
    data = load_text(edited("archaeology", edit), source="mine.toml", game_id="archaeology")
    assert data.treasures["pot_shard"].sell_value(5) == 10 and data.source == "mine.toml"


def test_edited_expedition_loads():
    def edit(doc):
        doc["treasures"]["broken_pendant"]["sell"] = [3, 6, 24]
        doc["treasures"]["broken_pendant"]["provenance"] = "rules"
        del doc["monuments"][1:]
    data = load_text(edited("expedition", edit), source="mine.toml")
    assert data.treasures["broken_pendant"].sell == (3, 6, 24)
    assert dict(data.treasures["broken_pendant"].provenance) == dict.fromkeys(
        ("count", "trade", "sell"), "rules")
    assert [m.key for m in data.monuments] == ["great_pyramid"]


def test_edited_pyramids_loads_with_other_entrance_and_tomb():
    def edit(doc):
        doc["cards"][0]["grid"] = ["..E..", ".....", "##.##", ".....", ".T..."]
        doc["skulls"]["penalties"] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
    data = load_text(edited("pyramids", edit), source="mine.toml")
    card = data.card(1)
    assert (card.entrance, card.tomb, card.shortest_path()) == (2, 21, 6)


def test_edited_lootnrun_loads():
    def edit(doc):
        doc["treasure_types"] = {("gem" if k == "crown" else k): v
                                 for k, v in doc["treasure_types"].items()}
        for room in doc["rooms"]:
            room["treasures"] = ["gem" if t == "crown" else t for t in room["treasures"]]
    assert "gem" in load_text(edited("lootnrun", edit), source="mine.toml").treasure_types


def test_edited_ancients_loads():
    def edit(doc):
        doc["maps"][0].update(name="Test", pattern=["B.", "WW"], space="e5", points=9)
    card = load_text(edited("ancients", edit), source="mine.toml").maps[0]
    assert (card.name, card.cells, card.space, card.points) == (
        "Test", ((0, 0, "B"), (1, 0, "W"), (1, 1, "W")), 24, 9)


# -- rejections ------------------------------------------------------------------------

def _set(path: str, value):
    """Edit that sets a dotted path (``cards.3.order``) to ``value``."""
    *parents, last = path.split(".")

    def edit(doc):
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value
    return edit


def _delete(path: str):
    *parents, last = path.split(".")

    def edit(doc):
        node = doc
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        del node[last]
    return edit


def _unguard(doc: dict, back: str) -> None:
    room = next(r for r in doc["rooms"] if r["back"] == back and r["top"] == "guardian")
    room["top"] = "empty"
    del room["guardian"]


CASES = [
    # unknown, missing and mistyped keys
    ("pyramids", _set("cards.3.colur", "green"), "cards[3]: unknown key 'colur'"),
    ("ancients", _delete("maps.0.points"), "maps[0]: missing key 'points'"),
    ("archaeology", _set("treasures.coin.trade", "2"), "treasures.coin.trade: expected an integer"),
    ("archaeology", _set("setup.hand", True), "setup.hand: expected an integer, got a boolean"),
    ("lootnrun", _set("rooms.5.treasures", "cup"), "rooms[5].treasures: expected an array"),
    ("expedition", _set("setup.tent_cards", -1), "setup.tent_cards: must be at least"),
    ("archaeology", _set("treasures.map.sell", [-3]), "treasures.map.sell[0]: must be at least 0"),
    ("archaeology", _set("treasures.gold", {"name": "gold"}), "treasures: unknown treasure 'gold'"),
    ("expedition", _delete("treasures.broken_pendant"), "treasures: missing treasure 'broken_pendant'"),
    ("archaeology", _set("pyramid.provenance", "guess"), "pyramid.provenance: 'guess' is not one of"),
    ("expedition", _set("treasures.coin.provenance", {"count": "rules"}),
     "treasures.coin.provenance: missing key 'trade'"),
    ("archaeology", _set("setup.sandstorms_removed", {"7": 1}),
     "setup.sandstorms_removed: key '7' is not a player count allowed here (2 to 4 players)"),
    ("expedition", _set("thieves.by_players", {"2": 4, "3": 6, "4": 8}),
     "thieves.by_players: missing player count 5"),
    # selling tables
    ("archaeology", _set("treasures.broken_cup.sell", [2, 15, 20, 25, 30, 35, 40]),
     "treasures.broken_cup.sell: 7 prices but only 6 cards"),
    ("expedition", _set("treasures.coin.sell", []), "treasures.coin.sell: expected at least 1"),
    ("archaeology", _set("treasures.talisman.sell", [3, 7, 4, 24, 40]),
     "treasures.talisman.sell[2]: prices must not fall"),
    # expedition tables
    ("expedition", _set("monuments.2.special", "dance"), "monuments[2].special: 'dance' is not one of"),
    ("expedition", _delete("monuments.3.params"), "monuments[3]: missing key 'params'"),
    ("expedition", _set("monuments.1.key", "great_pyramid"), "monuments[1].key: duplicate key"),
    ("expedition", _set("long_expedition.extra_thieves", 5), "long_expedition.extra_thieves"),
    ("expedition", _set("long_expedition.add_treasures", ["jade"]),
     "long_expedition.add_treasures[0]: 'jade' is not one of"),
    # pyramids counts and grids
    ("pyramids", lambda d: d["cards"].append(dict(d["cards"][0], order=49)),
     "cards[48]: more than 48 pyramid cards"),
    ("pyramids", lambda d: d["cards"].pop(), "cards: 47 pyramid cards, expected 48"),
    ("pyramids", _set("cards.5.order", 1), "cards[5].order: duplicate order 1 (also cards[0])"),
    ("pyramids", lambda d: next(c for c in d["cards"] if c["colour"] != "green").update(
        colour="green"), "cards: 17 green cards, expected 16"),
    ("pyramids", _set("cards.0.colour", "pink"), "cards[0].colour: 'pink' is not one of"),
    ("pyramids", _set("cards.0.grid", [".....", ".....", ".....", ".....", "....T"]),
     "cards[0].grid: needs exactly one entrance"),
    ("pyramids", _set("cards.0.grid", ["E....", ".....", "..T..", ".....", "....T"]),
     "cards[0].grid: needs exactly one tomb"),
    ("pyramids", _set("cards.0.grid", [".....", "..E..", ".....", ".....", "....T"]),
     "cards[0].grid: the entrance must be on the top row"),
    ("pyramids", _set("cards.0.grid", ["E....", ".....", ".....", "...##", "...#T"]),
     "cards[0].grid: the tomb cannot be reached"),
    ("pyramids", _set("cards.0.grid", ["E.....", ".....", ".....", ".....", "....T"]),
     "cards[0].grid[0]: a row has 5 boxes, not 6"),
    ("pyramids", _set("cards.0.grid", ["E....", ".....", ".....", "....T"]),
     "cards[0].grid: expected 5 entries, got 4"),
    ("pyramids", _set("cards.0.grid", ["E....", "..?..", ".....", ".....", "....T"]),
     "cards[0].grid[1]: unknown box '?'"),
    ("pyramids", _set("expedition.deck.0", "Z5"), "expedition.deck[0]: 'Z5' is not one of"),
    ("pyramids", _set("skulls.penalties", [1, 2, 3, 4, 5, 6, 5, 8, 9, 10]),
     "skulls.penalties[6]: penalties grow"),
    ("pyramids", _set("skulls.penalties", [1, 2, 3]), "skulls.penalties: expected 10 entries"),
    # ancients patterns, spaces, counts
    ("ancients", _set("maps.0.pattern", ["BWBWBW"]), "maps[0].pattern[0]: 6 columns do not fit"),
    ("ancients", _set("maps.0.pattern", ["B"] * 6), "maps[0].pattern: 6 rows do not fit"),
    ("ancients", _set("maps.0.pattern", ["B.", ".W"]), "maps[0].pattern: the pattern is not orthogonally connected"),
    ("ancients", _set("maps.0.pattern", ["BX"]), "maps[0].pattern[0]: unknown mark 'X'"),
    ("ancients", _set("maps.0.pattern", ["B", "WW"]), "maps[0].pattern[1]: every row"),
    ("ancients", _set("maps.0.space", "F7"), "maps[0].space: 'F7' is not a cell"),
    ("ancients", _set("maps.0.token", "grey"), "maps[0].token: 'grey' is not one of black, white"),
    ("ancients", _set("maps.3.id", 1), "maps[3].id: duplicate id 1 (also maps[0])"),
    ("ancients", lambda d: d["maps"].pop(), "maps: 49 map cards, expected 50"),
    ("ancients", _set("rules.removed_by_players", {"2": 18, "3": 10, "4": 7, "5": 3}),
     "rules.removed_by_players: missing player count 6"),
    # lootnrun counts
    ("lootnrun", lambda d: d["rooms"][0].update(back="yellow"), "rooms: 11 red rooms, expected 12"),
    ("lootnrun", lambda d: d["rooms"].pop(), "rooms: 53 rooms, but the backs add up to 54"),
    ("lootnrun", lambda d: _unguard(d, "green"), "rooms: 5 green guardian rooms, expected 6"),
    ("lootnrun", lambda d: next(r for r in d["rooms"] if r["top"] == "empty").update(guardian="mummy"),
     "only a guardian room names a guardian"),
    ("lootnrun", lambda d: next(r for r in d["rooms"] if r["top"] == "guardian").pop("guardian"),
     "missing key 'guardian'"),
    ("lootnrun", _set("rooms.0.treasures", ["cup", "chest", "idol", "crown"]),
     "rooms[0].treasures: a room shows 1 to 3 treasure symbols, not 4"),
    ("lootnrun", _set("rooms.0.treasures", ["gold"]), "rooms[0].treasures[0]: 'gold' is not one of"),
    ("lootnrun", _set("setup.guardians", {"red": 13, "yellow": 6, "green": 6}),
     "setup.guardians.red: 13 guardians but only 12 red rooms"),
    ("lootnrun", _set("setup.guardians", {"red": 6, "yellow": 6}), "setup.guardians: missing key 'green'"),
    # (a kind the engine has no benefit for was accepted, and its catches gave nothing)
    ("lootnrun", _set("setup.guardian_kinds", ["mummy", "werewolf", "frankenstein"]),
     "setup.guardian_kinds[2]: 'frankenstein' is not one of mummy, werewolf, frank"),
    ("lootnrun", _set("setup.guardian_kinds", ["mummy", "mummy", "frank"]),
     "setup.guardian_kinds: a guardian kind is named twice"),
    # a designer's pass: files the check passed that the commands could not use
    ("archaeology", _set("pyramid.chambers.0.size", 5),
     "pyramid.chambers[1].size: two chambers of size 5: the 2007 game names a chamber by its "
     "size"),
    ("archaeology", _set("treasures.coin.name", "talisman"),
     "treasures.talisman.name: the name 'talisman' is another treasure's too"),
    # (a 2007 treasure's min_players was read and ignored: its engine deals every treasure)
    ("archaeology", _set("treasures.coin.min_players", 4),
     "treasures.coin.min_players: the 2007 game has no treasure left out by table size"),
    ("expedition", lambda d: next(m for m in d["monuments"] if m.get("special") ==
                                  "name_types")["params"].update(names=7),
     "params.names: names 7 treasure types, but a chamber holds only 6 types at 2 players"),
    # header
    ("archaeology", _set("game", "chess"), "game: 'chess' is not one of"),
    ("archaeology", _set("format", 2), "format: format 2 is not supported"),
    ("archaeology", _delete("edition"), "missing key 'edition'"),
    ("archaeology", _set("extra", 1), "unknown key 'extra'"),
]


@pytest.mark.parametrize("game, edit, fragment", CASES,
                         ids=[f"{game}-{fragment[:40]}" for game, _, fragment in CASES])
def test_rejection_names_file_and_key(game, edit, fragment):
    rejects(game, edit, fragment)


def test_game_must_match_requested_game():
    with pytest.raises(InvalidDataError, match=r"^mine.toml: game: this file holds 'lootnrun'"):
        load_text(bundled_text("lootnrun"), source="mine.toml", game_id="pyramids")


def test_unknown_game_id():
    with pytest.raises(InvalidDataError, match="unknown game 'chess'"):
        load("chess")


def test_malformed_toml_names_line():
    text = bundled_text("ancients").replace("start_money = 4", "start_money = = 4")
    with pytest.raises(InvalidDataError, match=r"^mine.toml: not valid TOML: .*line \d+"):
        load_text(text, source="mine.toml")


def test_unreadable_file(tmp_path):
    with pytest.raises(InvalidDataError, match="cannot read"):
        load("pyramids", tmp_path / "missing.toml")


def test_user_file_path_is_named(tmp_path):
    path = tmp_path / "cards.toml"
    path.write_text(bundled_text("pyramids").replace("order = 7\n", "order = 70\n"))
    with pytest.raises(InvalidDataError, match=r"cards\.toml: cards\[6\]\.order: must be at most 48"):
        load("pyramids", path)


# -- bounds and cross-checks: data that validates must not hang or break an engine --------

def _set(table: str, key: str, value):
    def edit(doc):
        node = doc
        for part in table.split("."):
            node = node[part]
        node[key] = value
    return edit


@pytest.mark.parametrize("game, table, key, value, fragments", [
    # the reproducers: a coin count that hung `deal`, a deal size over the deck
    ("archaeology", "treasures.coin", "count", 100_000_000,
     ["treasures.coin.count:", "beyond 1,000"]),
    ("pyramids", "rules", "deal", 100, ["rules.deal:", "at most 12"]),
    ("lootnrun", "setup", "target", 1_000_000_000, ["setup.target:", "beyond 1,000"]),
    ("lootnrun", "setup", "target", 999, ["setup.target:", "cannot be reached",
                                          "score at most"]),
    ("lootnrun", "setup", "target_by_players", {"6": 900}, ["setup.target_by_players.6:"]),
    ("lootnrun", "setup", "decks", 3, ["setup.decks:", "at most 2"]),
    ("lootnrun", "setup", "players_max", 100_000_000, ["setup.players_max:"]),
    ("archaeology", "setup", "thief_cards", 600, ["setup.thief_cards:", "at most 500"]),
    ("archaeology", "setup", "players_max", 9, ["setup.players_max:", "at most 4"]),
    ("archaeology", "treasures.coin", "count", 999, ["treasures:", "more than the 500"]),
    ("archaeology", "treasures.coin", "trade", 0, ["treasures.coin.trade:", "at least 1"]),
    # a $0 sale: the engine leaves out trades that overpay because the spare card sells
    # for $1 or more; at $0 dumping it unsold in a trade was a legal move the steps missed
    ("archaeology", "treasures.parchment_scrap", "sell", [0, 0, 0, 10],
     ["treasures.parchment_scrap.sell[0]:", "pays $0", "$1 or more"]),
    ("expedition", "treasures.coin", "sell", [0, 5, 10, 18, 30],
     ["treasures.coin.sell[0]:", "pays $0"]),
    ("pyramids", "rules", "keep", 1, ["rules.keep:", "at least 2"]),
    ("pyramids", "rules", "display", 41, ["rules.display:", "at most 40"]),
    ("pyramids", "score", "torches", 3, ["score.torches:", "one torch box per round"]),
    ("pyramids", "score", "pyramid_milestones", [2, 4, 17],
     ["score.pyramid_milestones[2]:", "at most 16"]),
    ("ancients", "rules", "shops", [4, 3, 3, 1], ["rules.shops[2]:", "dearest first"]),
    ("ancients", "rules", "deck_size", 10**6, ["rules.deck_size:"]),
    ("ancients", "rules", "pack_limit", 51, ["rules.pack_limit:", "at most 50"]),
    ("expedition", "setup", "sandstorm_cards", 10**5, ["setup.sandstorm_cards:"]),
])
def test_counts_beyond_a_physical_game_are_refused(game, table, key, value, fragments):
    rejects(game, _set(table, key, value), *fragments)


@pytest.mark.parametrize("game, table", [("pyramids", "rules"), ("ancients", "rules"),
                                         ("archaeology", "setup"), ("expedition", "setup"),
                                         ("lootnrun", "setup")])
def test_more_seats_than_the_engine_plays_are_refused_naming_the_range(game, table):
    # (a Pyramids file saying 8 passed the check: only 8 seats was the limit)
    from games import registry

    low, high = registry.get(game).players
    rejects(game, _set(table, "players_max", high + 1), f"{table}.players_max:",
            f"at most {high}, got {high + 1}", f"seats {low} to {high} players at a table")


@pytest.mark.parametrize("game, table", [("pyramids", "rules"), ("ancients", "rules"),
                                         ("archaeology", "setup"), ("expedition", "setup"),
                                         ("lootnrun", "setup")])
def test_fewer_seats_than_the_engine_plays_are_refused_naming_the_range(game, table):
    # (a Loot N Run file saying players_min = 1 passed the check; only `--players 1` was
    # refused, by the registry's range, when a deal was asked for)
    from games import registry

    low, high = registry.get(game).players
    rejects(game, _set(table, "players_min", low - 1), f"{table}.players_min:",
            f"must be {low} to {high}, got {low - 1}", f"seats {low} to {high} players at a table")


@pytest.mark.parametrize("players_min", [0, 1, 5])
def test_a_players_min_out_of_the_table_range_is_refused_by_one_message(players_min):
    # (0 said "must be at least 1, got 0" without the range; 1 said "must be at least 2
    # (digsite's pyramids engine plays 2 to 4 players ...)", though 1 seat is the solo
    # mode; 5, above the 4 seats, blamed rules.players_max)
    message = rejects("pyramids", _set("rules", "players_min", players_min),
                      "rules.players_min:", f"must be 2 to 4, got {players_min}",
                      "seats 2 to 4 players at a table, and 1 in its solo analysis mode")
    assert "players_max" not in message
    message = rejects("lootnrun", _set("setup", "players_min", 1), "setup.players_min:")
    assert "solo" not in message


def test_a_player_count_table_of_one_count_says_it_in_words():
    """A table of counts read for one count only said "is not a player count 3-3"."""
    from cards_data._schema import Node

    table = Node({"by_players": {"2": 4, "3": 6}}, "mine.toml")
    with pytest.raises(InvalidDataError) as caught:
        table.player_table("by_players", range(3, 4), complete=True)
    assert str(caught.value) == ("mine.toml: by_players: key '2' is not a player count allowed "
                                 "here (3 players)")


def test_a_huge_integer_is_named_by_its_digits():
    message = rejects("ancients", _set("rules", "start_money", 10**40),
                      "rules.start_money:")
    assert "41 digits" in message and "0000000000" not in message


def test_a_card_file_is_read_no_further_than_the_size_limit(monkeypatch):
    """``--cards /dev/zero`` (or a sparse file of gigabytes) was read whole into memory
    before the size check: an internal fault (MemoryError) under a memory cap."""
    import io

    with pytest.raises(InvalidDataError, match="more than the 2,097,152 an input file may hold"):
        load("lootnrun", "/dev/zero")
    # `-` reads the card data from stdin, as the help says every input file may
    monkeypatch.setattr("sys.stdin", io.StringIO(bundled_text("lootnrun")))
    assert load("lootnrun", "-").target == load("lootnrun").target


# -- a file narrowing its game's table range -------------------------------------------

def _seating(table: str, low: int, high: int):
    """Edit that sets ``players_min`` and ``players_max`` of ``table``, nothing else."""
    def edit(doc):
        doc[table].update(players_min=low, players_max=high)
    return edit


#: game → (the table with the range, the per-count tables as loaded at 3 seats, what
#: they hold at 3 seats, the edit a designer had to make to narrow the file before)
_PER_COUNT_AT_THREE = {
    "ancients": ("rules", lambda d: {"removed_by_players": dict(d.removed_by_players)},
                 {"removed_by_players": {3: 10}},
                 lambda d: d["rules"].update(removed_by_players={"3": 10})),
    "archaeology": ("setup", lambda d: {"sandstorms_removed": dict(d.sandstorms_removed)},
                    {"sandstorms_removed": {3: 1}},
                    lambda d: d["setup"].update(sandstorms_removed={"3": 1})),
    "expedition": ("setup", lambda d: {"thieves": dict(d.thieves_by_players),
                                       "sandstorms": dict(d.sandstorms_by_players),
                                       "long": d.long_expedition.players},
                   {"thieves": {3: 6}, "sandstorms": {3: 5}, "long": (3,)},
                   lambda d: (d["thieves"].update(by_players={"3": 6}),
                              d["sandstorms"].update(by_players={"3": 5}),
                              d["long_expedition"].update(players=[3]))),
    "lootnrun": ("setup", lambda d: {"target_by_players": dict(d.target_by_players)},
                 {"target_by_players": {}}, lambda d: d["setup"].update(target_by_players={})),
}


@pytest.mark.parametrize("game", sorted(_PER_COUNT_AT_THREE))
def test_a_file_narrowed_to_three_seats_keeps_its_games_entries_for_other_counts(game):
    """A file narrowed to ``players_min = players_max = 3`` had to delete every entry for
    another count or was refused (Ancients' removed_by_players "key '2' is not a player
    count 3-3", Archaeology's sandstorms_removed, Loot N Run's target_by_players, the New
    Expedition's thieves and sandstorms and its tablets' min_players = 4): they are read,
    checked and left out, so the file loads as the one with them deleted."""
    from cards_data import fingerprint

    table, per_count, expected, deleted = _PER_COUNT_AT_THREE[game]
    data = load_text(edited(game, _seating(table, 3, 3)), source="mine.toml")
    assert (data.players_min, data.players_max) == (3, 3)
    assert per_count(data) == expected
    by_hand = load_text(edited(game, lambda d: (_seating(table, 3, 3)(d), deleted(d))),
                        source="mine.toml")
    assert fingerprint(by_hand) == fingerprint(data)


def test_an_expedition_file_for_three_leaves_the_tablets_to_the_long_expedition():
    """The rulebook returns tablets and pendants to the box below 4 players and adds both
    in the Long Expedition (2 or 3 players): at a file's 3-seat table their min_players
    of 4 and 5 mean exactly that."""
    data = load_text(edited("expedition", _seating("setup", 3, 3)), source="mine.toml")
    assert (data.treasures["broken_tablet"].min_players,
            data.treasures["broken_pendant"].min_players) == (4, 5)
    plain = [t.key for t in data.treasures_for(3)]
    assert "broken_tablet" not in plain and "broken_pendant" not in plain
    assert [t.key for t in data.treasures_for(3, long_expedition=True)][-2:] == [
        "broken_tablet", "broken_pendant"]
    # (a count no table of the game has stays refused)
    rejects("expedition", lambda d: (_seating("setup", 3, 3)(d),
                                     d["treasures"]["broken_pendant"].update(min_players=6)),
            "treasures.broken_pendant.min_players: must be at most 5, got 6")


@pytest.mark.parametrize("game, edit, fragments", [
    # an entry missing for a count the file seats stays an error
    ("ancients", lambda d: (_seating("rules", 3, 4)(d),
                            d["rules"].update(removed_by_players={"2": 18, "3": 10})),
     ["rules.removed_by_players: missing player count 4"]),
    ("expedition", lambda d: (_seating("setup", 3, 4)(d),
                              d["thieves"].update(by_players={"2": 4, "3": 6, "5": 10})),
     ["thieves.by_players: missing player count 4"]),
    # a count the game has no table for, as before
    ("archaeology", lambda d: (_seating("setup", 3, 3)(d),
                               d["setup"].update(sandstorms_removed={"3": 1, "5": 2})),
     ["setup.sandstorms_removed: key '5' is not a player count allowed here (2 to 4 players)"]),
    ("expedition", lambda d: (_seating("setup", 3, 3)(d),
                              d["long_expedition"].update(players=[1, 3])),
     ["long_expedition.players[0]: must be at least 2, got 1"]),
    # an entry for another count is still checked
    ("ancients", lambda d: (_seating("rules", 3, 3)(d),
                            d["rules"]["removed_by_players"].update({"2": -1})),
     ["rules.removed_by_players.2: must be at least 0, got -1"]),
    ("lootnrun", lambda d: (_seating("setup", 3, 3)(d),
                            d["setup"].update(target_by_players={"6": "thirty"})),
     ["setup.target_by_players.6: expected an integer"]),
    # the deal is checked with the treasures in the game at each table the file seats (a
    # 3-seat file counted the tablets its tables never deal)
    ("expedition", lambda d: (_seating("setup", 3, 3)(d), d["setup"].update(hand=15)),
     ["monuments[0]: 62 treasure cards in the game at 3 players cannot deal 3 hands of 15"]),
])
def test_a_narrowed_file_is_still_checked(game, edit, fragments):
    rejects(game, edit, *fragments)
