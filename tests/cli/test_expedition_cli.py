"""The New Expedition through the real entry point: ``deal`` with its game options,
example → hint / best-move, arena, the demo section, and bad input refused with exit
status 2 and one ``error:`` line."""

from __future__ import annotations

import json

import pytest

from cli.format import spelt
from games import load


@pytest.fixture
def view(run_cli):
    result = run_cli("example", "expedition")
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_deal_takes_the_monument_and_variants(run_cli):
    result = run_cli("deal", "expedition", "--seed", "3", "--players", "3", "--monument",
                     "buried_ruins", "--variant", "long-expedition", "--variant",
                     "beginners-luck")
    assert result.code == 0, result.err
    deal = json.loads(result.out)
    assert deal["monument"] == "buried_ruins" and len(deal["reserve"]) == 12
    assert deal["variants"] == ["beginners-luck", "long-expedition"]
    assert deal["announced"][deal["first_player"]] == min(deal["announced"])
    again = run_cli("deal", "expedition", "--seed", "3", "--players", "3", "--monument",
                    "buried_ruins", "--variant", "long-expedition,beginners-luck")
    assert again.out == result.out
    drawn = json.loads(run_cli("deal", "expedition", "--seed", "3").out)
    assert drawn["monument"] in {"great_pyramid", "temple", "tomb", "mine", "sphinx",
                                 "buried_ruins"}


@pytest.mark.parametrize("args,needle", [
    (("--monument", "moon"), "unknown monument 'moon'"),
    (("--variant", "hail"), "unknown variant 'hail'"),
    (("--players", "4", "--variant", "long-expedition"), "2 or 3 players"),
    (("--players", "6"), "players"),
])
def test_bad_deal_options_exit_2(run_cli, args, needle):
    result = run_cli("deal", "expedition", "--seed", "1", *args)
    assert result.code == 2 and result.err.startswith("error:") and needle in result.err


@pytest.mark.parametrize("args", [
    ("deal", "archaeology", "--seed", "1", "--monument", "tomb"),
    # issue 20 §6 cause 5: these were a TypeError (an internal fault)
    ("deal", "pyramids", "--seed", "1", "--monument", "temple"),
    ("deal", "lootnrun", "--seed", "1", "--variant", "fierce-weather"),
    ("play", "pyramids", "--players", "1", "--monument", "temple"),
])
def test_other_games_refuse_the_expedition_options(run_cli, args):
    result = run_cli(*args, stdin="")
    option = "monument" if "--monument" in args else "variant"
    assert result.code == 2 and result.err.count("\n") <= 1
    assert f"{args[1]} takes no deal option '{option}'" in result.err


@pytest.mark.parametrize("command", [("deal", "--seed", "1", "--players", "4"),
                                     ("play", "--players", "4"),
                                     ("arena", "--bots", "greedy,random,random,random",
                                      "--games", "1")])
def test_the_long_expedition_refused_in_the_options_words(run_cli, command):
    """A 4-player Long Expedition was refused as "deal: variants: the Long Expedition is
    for 2 or 3 players, not 4", the deal document's spelling: play, deal and arena say it
    as the option is typed."""
    result = run_cli(command[0], "expedition", *command[1:], "--variant", "long-expedition",
                     stdin="")
    assert result.code == 2
    assert result.err == ("error: --variant long-expedition: the Long Expedition is for 2 "
                          "or 3 players, not 4\n")


def test_example_feeds_hint_and_best_move(run_cli, view):
    text = json.dumps(view)
    hint = run_cli("hint", "expedition", "-", "--iterations", "120", "--json", stdin=text)
    assert hint.code == 0, hint.err
    out = json.loads(hint.out)
    assert out["game"] == "expedition" and out["seat"] == 0
    assert {"rank", "move", "value", "visits", "stderr", "expected_money"} <= set(out["moves"][0])
    best = run_cli("best-move", "expedition", "-", "--iterations", "120", stdin=text)
    # (the text writes the move as a player does, its cards spaced: "sell pot shard 1")
    said = spelt(load("expedition"), out["best"])
    assert best.code == 0 and best.out.startswith(f"best move: {said}\n")


def test_arena_plays_all_four_bots(run_cli):
    result = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "4",
                     "--seed", "2", "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["bots"] == ["greedy", "random"] and sum(out["wins"]) == pytest.approx(4)
    result = run_cli("arena", "expedition", "--bots", "ismcts,pimc", "--games", "2",
                     "--seed", "2", "--iterations", "20", "--json")
    assert result.code == 0, result.err


def test_arena_takes_the_deal_options(run_cli, tmp_path):
    result = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "4",
                     "--seed", "2", "--monument", "tomb", "--variant", "fierce-weather",
                     "--record", str(tmp_path), "--json")
    assert result.code == 0, result.err
    out = json.loads(result.out)
    assert out["deal_options"] == {"monument": "tomb", "variant": ["fierce-weather"]}
    for path in sorted(tmp_path.iterdir()):  # every deal was dealt with the options
        deal = json.loads(path.read_text())["deal"]
        assert deal["monument"] == "tomb" and deal["variants"] == ["fierce-weather"]
    text = run_cli("arena", "expedition", "--bots", "greedy,random", "--games", "2",
                   "--seed", "2", "--monument", "mine")
    assert text.code == 0 and "monument mine" in text.out.splitlines()[0]


@pytest.mark.parametrize("game,args,needle", [
    ("expedition", ("--monument", "moon"), "unknown monument 'moon'"),
    ("expedition", ("--variant", "hail"), "unknown variant 'hail'"),
    ("archaeology", ("--monument", "tomb"), "takes no deal option 'monument'"),
])
def test_arena_refuses_bad_deal_options(run_cli, game, args, needle):
    result = run_cli("arena", game, "--bots", "greedy,random", "--games", "2", *args)
    lines = result.err.strip().splitlines()
    assert result.code == 2 and len(lines) == 1 and needle in lines[0], lines


def test_bad_views_exit_2(run_cli, view):
    for mutate, needle in ((lambda v: v["hand"].update(golden_idol=1), "unknown card"),
                           (lambda v: v.update(monument="moon"), "monument"),
                           (lambda v: v["history"].__setitem__(0, "1 dance"), "history[0]")):
        bad = json.loads(json.dumps(view))
        mutate(bad)
        result = run_cli("hint", "expedition", "-", "--iterations", "10", stdin=json.dumps(bad))
        lines = result.err.strip().splitlines()
        assert result.code == 2 and len(lines) == 1 and needle in lines[0], lines


def test_the_demo_has_an_expedition_section():
    import cards_data
    from solvers.archaeology.service import EDITIONS
    text = EDITIONS["expedition"].demo_section(cards_data.load("expedition"))
    assert "the monument, Temple:" in text and "ISMCTS (300 iterations) suggests:" in text


def _pipe_script() -> str:
    """Lines a person might type, in a cycle: each decision takes the first legal one
    (the others are refused with one line and asked again)."""
    cards = ["pot_shard", "parchment_scrap", "coin", "broken_cup", "talisman", "map",
             "pharaohs_mask", "broken_tablet", "broken_pendant"]
    cycle = (["end", "steal 1", "tent keep", "look none", "stop"]
             + [f"discard {c}" for c in cards] + [f"sell {c} 1" for c in cards])
    return "\n".join(cycle * 300) + "\n"


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_play_through_a_pipe_then_review_the_record(run_cli, tmp_path):
    import cards_data
    from games.record import read_record

    target = tmp_path / "game.json"
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "3", "--record",
                     str(target), stdin=_pipe_script())
    assert result.code == 0, result.err.splitlines()[-1:]
    assert "game over" in result.out and "seat 1 (greedy)" in result.out
    assert all(line.startswith("error: ") for line in result.err.splitlines())
    doc = json.loads(target.read_text())
    assert doc["deal"]["monument"] == "temple" and "--monument temple" in doc["source"]
    record = read_record(doc, "expedition", cards_data.load("expedition"))
    assert record.result is not None and record.seats == ("person", "greedy")
    review = run_cli("review", "expedition", str(target), "--seat", "0", "--iterations", "20",
                     "--json")
    assert review.code == 0, review.err
    summary = json.loads(review.out)["summary"]
    assert summary["decisions"] > 0 and summary["rated"] > 0
    refused = run_cli("play", "archaeology", "--monument", "tomb", stdin="end\n")
    assert refused.code == 2 and "takes no deal option 'monument'" in refused.err


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_a_monuments_step_typed_among_the_turns_actions_says_when_it_comes(run_cli, tmp_path):
    """'draw' typed at a turn's actions, before exploring the Mine, was refused "move
    'draw' is not legal here" with no reason (a Tomb keep, a Sphinx name, a Temple look
    too): it says when the monument asks for it, or which monument is on the table (seed 4:
    a sandstorm first, then the turn)."""
    typed = ["tent keep", "discard scrap talisman", "draw", "keep coin", "quit"]
    result = run_cli("play", "expedition", "--monument", "mine", "--players", "3", "--seed",
                     "4", "--record", str(tmp_path / "e.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'draw' is not legal here: at the Mine, 'draw' comes after exploring it "
        "(type a number, or 'moves')",
        "error: move 'keep coin' is not legal here: 'keep' is the Tomb's, and the monument "
        "on this table is the Mine (type a number, or 'moves')"]


def test_a_monument_and_a_variant_may_be_written_as_the_screens_name_them(run_cli):
    """`--monument "Great Pyramid"` (the table's words) and `--monument great-pyramid` (as
    `--variant long-expedition` joins its words) were "unknown monument"; a variant with
    the monument's joins (`long_expedition`, `Fierce Weather`) too: both read."""
    for monument, variant in (("Great Pyramid", "Fierce Weather"),
                              ("great-pyramid", "long_expedition")):
        result = run_cli("deal", "expedition", "--seed", "3", "--monument", monument,
                         "--variant", variant)
        assert result.code == 0, result.err
        deal = json.loads(result.out)
        assert deal["monument"] == "great_pyramid"
        assert deal["variants"] == [variant.lower().replace(" ", "-").replace("_", "-")]


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_the_turns_line_says_a_turn_has_one_explore(run_cli, tmp_path):
    """The New Expedition's rulebook lets a seat trade and sell as often as it can but
    explore once a turn; the turn's line said the 2007 game's "trade, sell and explore, in
    any order and as often as you can ... (the trades between two explores are played as
    one)". It says one explore, and once the seat has explored, that it has (seed 1, the
    Sphinx: the person's first move explores it); the 2007 game's line is as before
    (door30a)."""
    result = run_cli("play", "expedition", "--monument", "sphinx", "--seed", "1",
                     "--record", str(tmp_path / "e.json"),
                     stdin="explore A\nname broken cups and masks\nquit\n")
    assert result.code == 0, result.err
    turns = [line for line in result.out.splitlines() if line.startswith("your turn:")]
    assert turns == [
        "your turn: trade and sell, in any order and as often as you can, and explore once, "
        "then end your turn (the trades before the explore are played as one, and those "
        "after it)",
        "your turn: trade and sell, in any order and as often as you can, then end your "
        "turn (you have explored: a turn has one explore)"]
    result = run_cli("play", "archaeology", "--seed", "2", "--record",
                     str(tmp_path / "a.json"), stdin="quit\n")
    assert ("your turn: trade, sell and explore, in any order and as often as you can, then "
            "end your turn (the trades between two explores are played as one)") in result.out


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_the_table_says_the_opening_values_announced_at_beginners_luck(run_cli, tmp_path):
    """With Beginner's Luck every seat announces its opening hand's trade value, and the
    lowest plays first; play's table never said the values, so a player saw seat 2 begin
    without knowing why, nor what the others had announced of their hands. The table says
    them (seed 6, four seats: 5, 4, 4, 5; seat 2, tied lowest, begins); without the variant
    the line is not there (door30a)."""
    result = run_cli("play", "expedition", "--monument", "tomb", "--players", "4",
                     "--variant", "beginners-luck", "--seed", "6", "--record",
                     str(tmp_path / "e.json"), stdin="quit\n")
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    title = lines.index("Archaeology: The New Expedition, 4 players, variants beginners-luck")
    assert lines[title + 1] == (
        "opening hands' trade values, announced (Beginner's Luck: the lowest played first): "
        "you 5, seat 1 (greedy) 4, seat 2 (greedy) 4, seat 3 (greedy) 5")
    assert "  seat 2 (greedy) dug up a card" in lines[3]
    result = run_cli("play", "expedition", "--monument", "tomb", "--players", "4", "--seed",
                     "6", "--record", str(tmp_path / "f.json"), stdin="quit\n")
    assert result.code == 0, result.err
    assert "announced" not in result.out
