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


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
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


def test_outputs_say_the_card_data_of_a_file_and_only_then(run_cli, tmp_path):
    """hint, arena, review and play said nothing of the card data they used: with a file
    they say its edition (and its digest in JSON); with the bundled data they are as
    before."""
    mine = _edited(run_cli, tmp_path, "archaeology",
                   ("sell = [2, 5, 10, 18, 30]", "sell = [9, 19, 29, 39, 49]"),
                   edition="my house rules")
    copy = tmp_path / "copy.toml"
    copy.write_text(run_cli("data", "show", "archaeology").out)
    import cards_data
    mark = cards_data.fingerprint(cards_data.load("archaeology", mine))
    words = "card data: edition 'my house rules' (a file's, not the bundled data)"
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "archaeology", "--cards", mine).out)
    plain = tmp_path / "plain.json"
    plain.write_text(run_cli("example", "archaeology").out)
    records = tmp_path / "recs"
    runs = {
        "hint": (["hint", "archaeology", str(view), "--iterations", "20"],
                 ["hint", "archaeology", str(plain), "--iterations", "20"]),
        "best-move": (["best-move", "archaeology", str(view), "--iterations", "20"],
                      ["best-move", "archaeology", str(plain), "--iterations", "20"]),
        "arena": (["arena", "archaeology", "--bots", "greedy,random", "--games", "2",
                   "--record", str(records)],
                  ["arena", "archaeology", "--bots", "greedy,random", "--games", "2"]),
    }
    for name, (with_file, bundled) in runs.items():
        text = run_cli(*with_file, "--cards", mine)
        assert text.code == 0, text.err
        assert words in text.out.splitlines(), (name, text.out)
        shown = json.loads(run_cli(*with_file[:-2] if name == "arena" else with_file,
                                   "--cards", mine, "--json").out)
        assert shown["cards"] == mark, name
        # the bundled data, or a copy of it given as a file: as before, byte for byte
        assert "card data" not in run_cli(*bundled).out
        before = run_cli(*bundled, "--json").out
        assert "cards" not in json.loads(before)
        assert run_cli(*bundled, "--cards", str(copy), "--json").out == before
    record = str(next(records.iterdir()))
    review = run_cli("review", "archaeology", record, "--cards", mine, "--iterations", "5")
    assert review.code == 0 and words in review.out.splitlines()
    assert json.loads(run_cli("review", "archaeology", record, "--cards", mine,
                              "--iterations", "5", "--json").out)["cards"] == mark
    played = run_cli("play", "archaeology", "--cards", mine, "--record",
                     str(tmp_path / "p.json"), stdin="quit\n")
    assert played.out.splitlines()[1] == words
    events = run_cli("play", "archaeology", "--cards", mine, "--record",
                     str(tmp_path / "p.json"), "--json", stdin="quit\n").out.splitlines()
    assert json.loads(events[0])["cards"] == mark
    decision = next(json.loads(line) for line in events if '"decision"' in line)
    assert decision["view"]["card_data"] == mark  # (a view, marked as `view` marks it)
    bundled_play = run_cli("play", "archaeology", "--record", str(tmp_path / "q.json"),
                           "--json", stdin="quit\n").out.splitlines()
    assert "cards" not in json.loads(bundled_play[0])


def test_best_score_and_plan_say_the_card_data_of_a_file_and_only_then(run_cli, tmp_path):
    """best-score (a deal, a --seeds batch, both grid games) and plan said nothing of the
    card data they used where hint, arena, review and play say it: they say it the same
    way, and the bundled data's outputs are as before."""
    import cards_data
    words = "card data: edition 'mine' (a file's, not the bundled data)"
    mine = _edited(run_cli, tmp_path, "ancients")
    mark = cards_data.fingerprint(cards_data.load("ancients", mine))
    solve = ("best-score", "ancients", "--seed", "1", "--budget", "1")
    batch = ("best-score", "ancients", "--seeds", "1-2", "--budget", "1", "--workers", "1")
    for command in (solve, batch):
        said = run_cli(*command, "--cards", mine)
        assert said.code == 0 and words in said.out.splitlines(), said.err
        assert json.loads(run_cli(*command, "--cards", mine, "--json").out)["cards"] == mark
        bundled = run_cli(*command)
        assert "card data" not in bundled.out
        assert "cards" not in json.loads(run_cli(*command, "--json").out)
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "ancients", "--cards", mine).out)
    planned = run_cli("plan", "ancients", str(view), "--cards", mine)
    assert planned.code == 0 and planned.out.splitlines()[1] == words, planned.err
    assert json.loads(run_cli("plan", "ancients", str(view), "--cards", mine,
                              "--json").out)["cards"] == mark
    view.write_text(run_cli("example", "ancients").out)
    assert "card data" not in run_cli("plan", "ancients", str(view)).out
    assert "cards" not in json.loads(run_cli("plan", "ancients", str(view), "--json").out)
    pyramids = _edited(run_cli, tmp_path, "pyramids")
    said = run_cli("best-score", "pyramids", "--seed", "1", "--rounds", "1", "--budget", "1",
                   "--cards", pyramids)
    assert said.code == 0 and words in said.out.splitlines(), said.err


def test_games_takes_a_card_file(run_cli, tmp_path):
    """The README says every command that reads card data takes --cards; `games` did not:
    it lists the file's provenance labels and edition for its game."""
    mine = _edited(run_cli, tmp_path, "lootnrun", ('"reconstructed"', '"rules"'))
    text = run_cli("games", "--cards", mine)
    assert text.code == 0, text.err
    block = text.out.split("lootnrun ")[1]
    assert "card data: edition 'mine'" in block
    listed = {g["id"]: g for g in json.loads(run_cli("games", "--cards", mine, "--json")
                                             .out)["games"]}
    assert listed["lootnrun"]["cards"]["edition"] == "mine"
    assert "cards" not in listed["archaeology"]
    assert "rules" in listed["lootnrun"]["provenance"].values()
    copy = tmp_path / "copy.toml"
    copy.write_text(run_cli("data", "show", "lootnrun").out)
    assert run_cli("games", "--cards", str(copy)).out == run_cli("games").out
    twice = run_cli("games", "--cards", mine, "--cards", mine)
    assert_bad_input(twice, "give one file a game")


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_the_openspiel_bots_are_listed_and_said_to_need_their_extra(run_cli, monkeypatch):
    """openspiel-ismcts and openspiel-mcts were missing from `games` (text and JSON) and
    from arena's bot table; they are listed where the extra is installed and marked as
    needing it where it is not."""
    from solvers import openspiel

    names = ["openspiel-ismcts", "openspiel-mcts"]
    for available in (True, False):
        monkeypatch.setattr(openspiel, "AVAILABLE", available)
        listed = {g["id"]: g for g in json.loads(run_cli("games", "--json").out)["games"]}
        text = run_cli("games").out
        arena_help = " ".join(run_cli("arena", "--help").out.split())
        for game in openspiel.GAMES:
            assert (set(names) <= set(listed[game]["bots"])) is available
            assert ("bots_with_extras" in listed[game]) is not available
        assert "pyramids" not in [g for g, info in listed.items()
                                  if "bots_with_extras" in info]
        assert "openspiel-ismcts, openspiel-mcts" in text
        assert ("pip install 'digsite[openspiel]'" in text) is not available
        assert "pimc, openspiel-ismcts, openspiel-mcts" in arena_help
        assert ("the last two with the openspiel extra" in arena_help) is not available
    refused = run_cli("play", "lootnrun", "--bots", "openspiel-ismcts", stdin="quit\n")
    assert_bad_input(refused, "unknown bot 'openspiel-ismcts'",
                     "openspiel-ismcts plays with the openspiel extra")


def test_play_takes_the_openspiel_bots(run_cli, tmp_path):
    """`play lootnrun --bots openspiel-ismcts` was refused "unknown bot", though play's help
    points to arena's list, where it is."""
    pytest.importorskip("pyspiel")
    from solvers import openspiel
    from solvers.openspiel import adapter

    # (the listings' light list of the adapted games agrees with the adapter's)
    assert tuple(adapter.adapted_games()) == openspiel.GAMES
    played = run_cli("play", "lootnrun", "--bots", "openspiel-mcts", "--iterations", "4",
                     "--record", str(tmp_path / "g.json"), stdin="1\n1\n1\nquit\n")
    assert played.code == 0, played.err
    assert "seat 1 (openspiel-mcts)" in played.out
    assert json.loads((tmp_path / "g.json").read_text())["seats"] == ["person",
                                                                     "openspiel-mcts"]


@pytest.mark.parametrize("game", ["archaeology", "expedition", "lootnrun", "pyramids",
                                  "ancients"])
def test_data_show_with_cards_prints_the_file_as_read_with_its_provenance(run_cli, tmp_path,
                                                                         game):
    """``data show`` took no ``--cards``: someone checking their own file could not see what
    the tool took from it. It prints the file as read (the same data: it validates and
    loads to the file's fingerprint), each key left out written with its default, under
    the file's name, edition and provenance labels; without ``--cards`` it prints the
    bundled file as before."""
    import cards_data
    from cards_data import completed_text, fingerprint, load

    bundled = run_cli("data", "show", game)
    assert bundled.out == cards_data.bundled_text(game)
    path = _edited(run_cli, tmp_path, game)
    shown = run_cli("data", "show", game, "--cards", path)
    assert shown.code == 0, shown.err
    assert shown.out == completed_text(game, path)
    head = [line for line in shown.out.splitlines() if line.startswith("#")]
    assert f"# file: {path}" in head and "# edition: mine" in head
    for table, label in cards_data.provenance(load(game, path)).items():
        assert f"#   {table}: {label}" in head
    copy = tmp_path / "shown.toml"
    copy.write_text(shown.out)
    assert fingerprint(load(game, copy)) == fingerprint(load(game, path))
    assert run_cli("data", "validate", str(copy)).code == 0


def test_data_show_with_cards_writes_the_defaults_it_read(run_cli, tmp_path):
    """A key left out is shown with the value the tool read for it (a New Expedition
    treasure without ``min_players`` is in every game: 0); a file that does not load is
    refused in one line, as ``--cards`` refuses it elsewhere."""
    text = run_cli("data", "show", "expedition").out
    assert 'name = "coin"\n' in text
    path = tmp_path / "mine.toml"
    path.write_text(text)
    shown = run_cli("data", "show", "expedition", "--cards", str(path)).out
    coin = shown[shown.index("[treasures.coin]"):].split("\n\n")[0]
    assert "min_players = 0" in coin and "min_players" not in \
        text[text.index("[treasures.coin]"):].split("\n\n")[0]
    assert_bad_input(run_cli("data", "show", "archaeology", "--cards", str(path)),
                     "holds 'expedition' data, not 'archaeology'")
