"""A card file's ``players_min`` and ``players_max`` hold at every command that seats
players: a Pyramids file saying ``players_min = 3`` let ``play --players 2`` play and
``deal --players 2`` deal, and ``players_max = 3`` was refused as ``error: players: 4 is
not 1..3``, naming neither the file nor its range. Each refusal is one line naming both;
the solo analysis mode stays open to every file."""

from __future__ import annotations

import json

import pytest

from games import load

from .test_foundation_cli import _edited, assert_bad_input


@pytest.fixture(scope="module")
def narrowed(tmp_path_factory):
    """(pyramids with players_min = 3, pyramids with players_max = 3, their folder)."""
    folder = tmp_path_factory.mktemp("seats")
    low = folder / "pyrm3.toml"
    low.write_text(_edited("pyramids", "players_min = 2", "players_min = 3"))
    high = folder / "pyrx3.toml"
    high.write_text(_edited("pyramids", "players_max = 4", "players_max = 3"))
    deal = folder / "deal2.json"
    deal.write_text(json.dumps(load("pyramids").new_deal(seed=3, players=2)))
    view = folder / "view2.json"
    view.write_text(json.dumps(load("pyramids").example_view()))
    return low, high, deal, view


def _refusal(path, count):
    return f"pyramids with {path} is played by 3 to 4 players (1: the solo analysis mode), not {count}"


@pytest.mark.parametrize("command", [
    ["deal", "pyramids", "--seed", "1", "--players", "2"],
    ["play", "pyramids", "--players", "2", "--seed", "1"],
    ["arena", "pyramids", "--bots", "greedy,greedy", "--games", "1"],
    ["track", "pyramids", "--players", "2"],
])
def test_a_table_below_the_files_players_min_is_refused(run_cli, narrowed, tmp_path,
                                                        monkeypatch, command):
    monkeypatch.chdir(tmp_path)  # (play and track would write their records here)
    low = narrowed[0]
    result = run_cli(*command, "--cards", str(low))
    assert_bad_input(result, _refusal(low, 2))
    assert result.out == "" and list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command, index", [(["hint"], 3), (["best-move"], 3),
                                            (["best-score"], 2)])
def test_a_view_or_deal_below_the_files_players_min_is_refused(run_cli, narrowed, command,
                                                               index):
    low, document = narrowed[0], narrowed[index]
    result = run_cli(*command, "pyramids", str(document), "--cards", str(low))
    assert_bad_input(result, f"error: {document}: ", _refusal(low, 2))


def test_a_table_above_the_files_players_max_names_the_file(run_cli, narrowed):
    high = narrowed[1]
    result = run_cli("deal", "pyramids", "--seed", "1", "--players", "4", "--cards", str(high))
    assert_bad_input(result, f"pyramids with {high} is played by 2 to 3 players "
                             f"(1: the solo analysis mode), not 4")


def test_solo_and_the_files_own_tables_are_dealt_and_its_example_is_valid(run_cli, narrowed):
    low = narrowed[0]
    for players in ("1", "3", "4"):
        result = run_cli("deal", "pyramids", "--seed", "1", "--players", players,
                         "--cards", str(low))
        assert result.code == 0, result.err
        assert json.loads(result.out)["players"] == int(players)
    example = run_cli("example", "pyramids", "--cards", str(low))
    assert example.code == 0, example.err
    assert json.loads(example.out)["players"] == 3  # (the file's smallest table)


def test_a_game_without_solo_deals_the_files_smallest_table_by_default(run_cli, tmp_path):
    four = tmp_path / "lnr4.toml"
    four.write_text(_edited("lootnrun", "players_min = 2", "players_min = 4"))
    result = run_cli("deal", "lootnrun", "--seed", "1", "--cards", str(four))
    assert result.code == 0, result.err
    assert json.loads(result.out)["players"] == 4
    example = run_cli("example", "lootnrun", "--cards", str(four))
    assert example.code == 0, example.err
    assert json.loads(example.out)["players"] == 4
    refused = run_cli("deal", "lootnrun", "--seed", "1", "--players", "3", "--cards", str(four))
    assert_bad_input(refused, f"lootnrun with {four} is played by 4 to 6 players, not 3")


#: A pass's files narrowing the card games to 3 players: the two keys alone (the per-count
#: tables keep their entries for the other tables: they are left out on load).
_NARROWED_TO_THREE = {
    "archaeology": [("players_max = 4", "players_max = 3")],
    "expedition": [("players_max = 5", "players_max = 3")],
}


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_a_card_game_narrowed_to_three_gives_its_example_and_notation(run_cli, tmp_path,
                                                                       game):
    """``example`` and ``notation`` of Archaeology and the New Expedition dealt 2 players
    whatever the file said: a file for 3 players only had both refused ("is played by 3
    players, not 2"); the example is now dealt for the table the file allows nearest 2,
    and its view is one the file's hint reads."""
    three = tmp_path / f"{game}3.toml"
    text = _edited(game, "players_min = 2", "players_min = 3")
    for old, new in _NARROWED_TO_THREE[game]:
        assert old in text
        text = text.replace(old, new, 1)
    three.write_text(text)
    for form in ([], ["--position"]):
        example = run_cli("example", game, *form, "--cards", str(three))
        assert example.code == 0, example.err
        assert json.loads(example.out)["players"] == 3
    view = tmp_path / "view.json"
    view.write_text(example.out)
    hint = run_cli("hint", game, str(view), "--cards", str(three), "--iterations", "20")
    assert hint.code == 0, hint.err
    notation = run_cli("notation", game, "--cards", str(three))
    assert notation.code == 0, notation.err
    assert "move notation" in notation.out


def test_track_follows_the_files_smallest_table_and_its_help_says_so(run_cli, tmp_path,
                                                                     monkeypatch):
    """``track --help`` said "default: two, the smallest real table", and with a file
    whose smallest table is 4 the table is 4 seats: it says the card data's smallest table,
    as ``play`` and ``deal`` follow it."""
    monkeypatch.chdir(tmp_path)
    four = tmp_path / "lnr4.toml"
    four.write_text(_edited("lootnrun", "players_min = 2", "players_min = 4"))
    result = run_cli("track", "lootnrun", "--cards", str(four), stdin="quit\n")
    assert result.code == 0 and "tracked for seat 0 of 4" in result.out, result.out
    help_text = " ".join(run_cli("track", "--help").out.split())
    assert "(default: the card data's smallest table, two with the bundled data;" in \
        help_text
    assert "default: two" not in help_text


@pytest.mark.parametrize("game, table_max", [("ancients", 6), ("archaeology", 4),
                                             ("expedition", 5), ("lootnrun", 6)])
def test_a_file_narrowed_by_its_two_keys_alone_is_dealt(run_cli, tmp_path, game, table_max):
    """A copy of the bundled file saying ``players_min = 3`` and ``players_max = 3`` and
    nothing else was refused ("rules.removed_by_players: key '2' is not a player count
    3-3"): a designer narrowing the range had to edit every table by player count."""
    three = tmp_path / f"{game}3.toml"
    three.write_text(_edited(game, "players_min = 2", "players_min = 3").replace(
        f"players_max = {table_max}", "players_max = 3", 1))
    result = run_cli("data", "validate", str(three))
    assert result.code == 0, result.err
    deal = run_cli("deal", game, "--seed", "1", "--players", "3", "--cards", str(three))
    assert deal.code == 0, deal.err
    assert json.loads(deal.out)["players"] == 3


def test_the_long_expedition_at_a_file_seating_neither_of_its_tables(run_cli, tmp_path):
    """The variant's tables (2 and 3) outside a file for 4 to 5 players: the file loads,
    and the variant is refused at its tables in words, not "is for  players"."""
    four = tmp_path / "exp4.toml"
    four.write_text(_edited("expedition", "players_min = 2", "players_min = 4"))
    result = run_cli("deal", "expedition", "--seed", "1", "--players", "4", "--variant",
                     "long-expedition", "--cards", str(four))
    assert_bad_input(result, "the Long Expedition is for none of the tables the card data "
                             "seats (4 to 5 players)")
    plain = run_cli("deal", "expedition", "--seed", "1", "--players", "4", "--cards", str(four))
    assert plain.code == 0, plain.err
