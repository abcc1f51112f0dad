"""A designer's own card file and a researcher's outputs: which card data a command used,
said where it is not the bundled data; the card file's checks; arena's reports."""

from __future__ import annotations

import json

import pytest

from .test_foundation_cli import assert_bad_input


def _edited(run_cli, folder, game: str, *replace: tuple[str, str], edition: str = "mine"
            ) -> str:
    """``digsite data show GAME`` with ``replace`` made and its edition ``edition``: the
    path of the file."""
    text = run_cli("data", "show", game).out
    for old, new in replace:
        assert old in text
        text = text.replace(old, new, 1)
    lines = [f'edition = "{edition}"' if line.startswith("edition = ") else line
             for line in text.splitlines()]
    path = folder / f"{game}-{edition.replace(' ', '-')}.toml"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


@pytest.mark.parametrize("name", ['""', '"   "'])
def test_an_empty_or_blank_treasure_name_is_refused(run_cli, tmp_path, name):
    """An empty treasure name was valid, and a hint then read "for 1 (trade value ...)"."""
    path = _edited(run_cli, tmp_path, "archaeology", ('name = "coin"', f"name = {name}"))
    assert_bad_input(run_cli("data", "validate", path), "treasures.coin.name: ")
    assert "empty" in run_cli("data", "validate", path).err \
        or "blank" in run_cli("data", "validate", path).err


def test_a_json_file_given_as_card_data_is_named_json(run_cli, tmp_path):
    """A JSON file given for card data was refused "not valid TOML: Invalid statement (at
    line 1, column 1)"; it says card data is TOML and where to get a game's."""
    deal = tmp_path / "deal.json"
    deal.write_text(run_cli("deal", "archaeology", "--seed", "1").out)
    refused = run_cli("data", "validate", str(deal))
    assert_bad_input(refused, "this is JSON, and card data is TOML")
    assert "`digsite data show GAME`" in refused.err
    example = tmp_path / "view.json"
    example.write_text(run_cli("example", "archaeology").out)
    hinted = run_cli("hint", "archaeology", str(example), "--cards", str(deal))
    assert_bad_input(hinted, "`digsite data show archaeology` prints the game's card data")


def test_a_variant_given_twice_is_said_once(run_cli):
    out = run_cli("arena", "expedition", "--bots", "greedy,greedy", "--games", "1",
                  "--variant", "long-expedition", "--variant", "long-expedition").out
    assert out.splitlines()[0].count("long-expedition") == 1, out


def test_arena_s_mean_scores_stand_in_one_column(run_cli):
    """A win rate of "0.0% [0.0%, 56.1%]" beside "66.7% [20.8%, 93.9%]" shifted the mean
    scores right of it."""
    out = run_cli("arena", "lootnrun", "--bots", "greedy,random,random", "--games", "3").out
    rows = out.splitlines()[1:]
    assert len(rows) == 3 and len({row.index("mean score") for row in rows}) == 1, out


def test_play_with_a_bot_per_seat_of_a_larger_table_says_players(run_cli):
    refused = run_cli("play", "archaeology", "--bots", "greedy,greedy,greedy", stdin="")
    assert_bad_input(refused, "got 3; for a table of 4 with these bots, add --players 4")
    # a table the game is not played at is not suggested
    too_many = run_cli("play", "archaeology", "--bots", "greedy,greedy,greedy,greedy",
                       stdin="")
    assert too_many.code == 2 and "--players" not in too_many.err


def test_arena_says_the_monument_each_deal_drew(run_cli, tmp_path):
    """An expedition match without --monument never said which monument a deal drew: each
    game of the JSON has its deal's options, the text a line per monument drawn."""
    folder = tmp_path / "recs"
    result = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "6",
                     "--json", "--record", str(folder))
    assert result.code == 0, result.err
    per_game = json.loads(result.out)["per_game"]
    for game, path in zip(per_game, sorted(folder.iterdir())):
        assert game["deal_options"] == {"monument": json.loads(path.read_text())["deal"]
                                        ["monument"]}
    drawn = {game["deal_options"]["monument"] for game in per_game}
    assert len(drawn) > 1  # (seed 0's three deals: two monuments)
    text = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "6").out
    assert "by monument (drawn for each deal from its seed):" in text
    for monument in drawn:
        assert any(line.split()[0] == monument and "greedy won" in line
                   for line in text.splitlines()), text
    # one monument: no such lines; a variant is each game's too; other games: no key
    one = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "2",
                  "--monument", "tomb", "--variant", "fierce-weather", "--json").out
    assert all(game["deal_options"] == {"monument": "tomb", "variant": ["fierce-weather"]}
               for game in json.loads(one)["per_game"])
    assert "by monument" not in run_cli("arena", "expedition", "--bots", "greedy,random",
                                        "--games", "2", "--monument", "tomb").out
    loot = json.loads(run_cli("arena", "lootnrun", "--bots", "greedy,random", "--games", "2",
                              "--json").out)
    assert all("deal_options" not in game for game in loot["per_game"])
