"""Words a newcomer met in help, refusals and answers (a read-only pass of README and
``--help``): counts in the plural only when they are plural, a game named in a sentence,
an empty input said as empty, and help that says what each game takes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games.forgiving import Forms, described

from .test_foundation_cli import assert_bad_input as bad_input


@pytest.mark.parametrize("stdin", ["", "\n  \n"])
def test_an_empty_input_is_said_to_be_empty(run_cli, stdin):
    result = run_cli("hint", "pyramids", "-", stdin=stdin)
    bad_input(result, "<stdin>: empty input")
    assert "Expecting value" not in result.err


def test_crossed_walls_are_walls_one_is_a_wall(run_cli, tmp_path):
    view = json.loads(run_cli("example", "pyramids").out)
    order = view["cards"][0]["order"]
    path = tmp_path / "view.json"
    view["cards"][0]["crossed"] = ["B1", "B2", "B3", "D3", "E3", "B4", "D5"]
    path.write_text(json.dumps(view))
    bad_input(run_cli("hint", "pyramids", str(path)),
              f"B1, B2, B3, D3, E3, B4, D5 are walls of card {order}")
    view["cards"][0]["crossed"] = ["B1"]
    path.write_text(json.dumps(view))
    bad_input(run_cli("hint", "pyramids", str(path)), f"B1 is a wall of card {order}")


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_notation_says_one_filler_word_is_left_out(run_cli):
    text = run_cli("notation", "archaeology").out
    assert "'the', 'chamber' may be written and are left out" in text
    assert "'from', 'seat' may be written and are left out" in text
    # (Loot N Run's keep takes more than 'deck' since the werewolf's keep reads the table's
    # words: one filler said in the singular, by the same sentence)
    assert ("keep: 'deck', 'and', 'the', 'room', 'rooms', 'from' may be written and are "
            "left out") in run_cli("notation", "lootnrun").out
    assert "loot: 'deck' may be written and is left out" in described(
        Forms(fillers={"loot": ("deck",)}))


def test_plan_counts_its_search_nodes_in_words(run_cli, tmp_path):
    """A pack of one map is searched in one node: "1 search node" (it said "1 search
    nodes"); the example's pack in several."""
    example = json.loads(run_cli("example", "ancients").out)
    one = json.loads(json.dumps(example))
    pack = one["seats"][0]["pack"]
    one["seats"][0]["pack"], one["deck_size"] = pack[:1], one["deck_size"] + len(pack) - 1
    view = tmp_path / "dig.json"
    for dig, words in ((one, "; 1 search node\n"), (example, " search nodes\n")):
        view.write_text(json.dumps(dig))
        result = run_cli("plan", "ancients", str(view))
        assert result.code == 0 and words in result.out, (result.out, result.err)


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_the_ancients_hint_says_what_its_dig_this_turn_is(run_cli, tmp_path):
    view = tmp_path / "dig.json"
    view.write_text(run_cli("example", "ancients").out)
    text = run_cli("hint", "ancients", str(view), "--iterations", "30").out
    assert "(now " not in text
    assert re.search(r"your best dig is then \d+ points? for \d+ tokens? \(this turn: \d+ "
                     r"points? for \d+ tokens?\)", text), text


@pytest.mark.parametrize("game", ["pyramids", "ancients"])
def test_a_view_of_one_form_names_the_game_and_claims_no_public_deal(run_cli, game):
    result = run_cli("example", game, "--position")
    bad_input(result, f"the {game} game's view has one form: it is already a position")
    assert f"{game}'s" not in result.err and "public" not in result.err


def test_an_option_a_game_lacks_names_the_game_in_words(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "pyramids").out)
    result = run_cli("hint", "pyramids", str(view), "--inference", "on")
    bad_input(result, "the pyramids game's move hints take no inference option")


def test_inference_help_names_exactly_the_games_that_take_it(run_cli, tmp_path):
    """hint --help said card games take --inference; Loot N Run's hint refused it. The
    help names the games whose hint has the option, and its default is theirs; Loot N
    Run's hint has an opponent model now and takes it (the contract's flag)."""
    import inspect

    from games import registry
    from solvers import services
    from solvers.archaeology import service as archaeology
    from solvers.lootnrun import service as lootnrun

    taking = [game for game in registry.GAME_IDS if services.has_capability(game, "hint")
              and "inference" in inspect.signature(services.capability(game, "hint")).parameters]
    assert taking == ["archaeology", "expedition", "lootnrun"]
    text = " ".join(run_cli("hint", "--help").out.split())
    assert "--inference [on|off] Only archaeology, expedition and lootnrun (" in text, text
    assert "has none" not in text and "(default: off," in text
    assert not archaeology.INFERENCE and not lootnrun.INFERENCE
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "lootnrun").out)
    for flag in ("off", "on"):
        result = run_cli("hint", "lootnrun", str(view), "--iterations", "20", "--inference",
                         flag)
        assert result.code == 0 and result.out, result.err
    other = tmp_path / "pyramids.json"
    other.write_text(run_cli("example", "pyramids").out)
    bad_input(run_cli("hint", "pyramids", str(other), "--inference", "off"),
              "(games with it: archaeology, expedition, lootnrun)")


def test_games_json_lists_services_as_typed_and_the_bots_by_name(run_cli):
    """``services`` held the registry's keys ("best_score", "BOTS") and no bot was named:
    it lists what a user types, and ``bots`` the names ``arena --bots`` takes (a deliberate
    change of games --json: ``bots`` is new, ``BOTS`` and ``best_score`` gone)."""
    from games import registry
    from solvers import openspiel

    listed = {g["id"]: g for g in json.loads(run_cli("games", "--json").out)["games"]}
    assert listed["pyramids"]["services"] == ["hint", "best-score"]
    assert listed["ancients"]["services"] == ["hint", "best-score", "plan"]
    assert listed["lootnrun"]["services"] == ["hint", "hint --beliefs"]
    for game, entry in listed.items():
        # (and OpenSpiel's, where the extra is installed: every bot arena --bots takes)
        own = list(registry.get(game).bots)
        extra = list(openspiel.bots_listed(game)) if openspiel.AVAILABLE else []
        assert entry["bots"] == own + extra and entry["bots"], game
        assert "BOTS" not in entry["services"] and "best_score" not in entry["services"]
    text = run_cli("games").out
    assert "offers: hint, best-score, plan; bots: random, greedy, ismcts" in text


def test_track_help_says_its_monument_is_asked_and_each_games_setup(run_cli):
    """track --help said the monument is "drawn at random from the deal's seed" while a
    new expedition table is refused without it; and the README sent readers to `track GAME
    --help` for what each game asks, which said nothing of any game's setup."""
    from games import load
    from games.tracking import setup_questions

    help_text = run_cli("track", "--help").out
    text = " ".join(help_text.split())
    assert "drawn at random" not in text
    assert "(required for a new table: the one on yours; --resume reads the record's)" in text
    bad_input(run_cli("track", "expedition", stdin="quit\n"), "--monument M")
    for game in ("pyramids", "ancients", "archaeology", "expedition", "lootnrun"):
        asked = "; ".join(prompt for _, prompt in setup_questions(load(game)))
        assert f" {game} {asked}" in text, game
    words = " ".join((Path(__file__).parents[2] / "README.md").read_text("utf-8").split())
    assert "`digsite track --help` lists the setup each game asks for" in words
    assert "track GAME --help" not in words


@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_a_budget_the_pyramids_hint_raised_says_so(run_cli, tmp_path):
    """``hint pyramids --iterations 5`` ran and reported 24 iterations without a word of
    the 5 given: the text says it raised them and why, the JSON keeps ``iterations`` (those
    done) and adds ``iterations_given`` (a deliberate addition), only when raised."""
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", "pyramids").out)
    raised = json.loads(run_cli("hint", "pyramids", str(view), "--iterations", "5",
                                "--json").out)
    options = raised["distinct_positions"]
    assert raised["budget"]["iterations"] == 4 * options > 5
    assert raised["budget"]["iterations_given"] == 5
    text = run_cli("hint", "pyramids", str(view), "--iterations", "5").out
    assert (f"budget: {4 * options} iterations (raised from the 5 given: at least 4 sampled "
            f"futures for each of the {options} options), stopped by iterations") in text
    kept = json.loads(run_cli("hint", "pyramids", str(view), "--iterations", "30",
                              "--json").out)["budget"]
    assert kept["iterations"] == 30 and "iterations_given" not in kept
    assert "raised" not in run_cli("hint", "pyramids", str(view), "--iterations", "30").out


def test_took_measures_the_span_the_time_limit_counts(tmp_path, capsys, run_cli):
    """A --time-limit counts from digsite's start, start-up included; "took" counted from
    the command's own start ("time limit 1 s, stopped by time_limit, took 0.53 s"). Here
    0.6 s of start-up went before the command: took is the limit's span, and the help
    says where it counts from."""
    import time

    from cli.main import EXIT_MARGIN, app
    from games import load

    view = tmp_path / "view.json"
    view.write_text(json.dumps(load("lootnrun").example_view()))
    app.main(args=["hint", "lootnrun", str(view), "--time-limit", "1", "--iterations",
                   "100000000"], prog_name="digsite", standalone_mode=False,
             obj={"started": time.monotonic() - 0.6})
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("budget:"))
    took = float(re.search(r"took ([0-9.]+) s", line).group(1))
    # (the search stops EXIT_MARGIN early, for the answer and the process's exit)
    assert "time limit 1 s, stopped by time_limit" in line and 0.95 - EXIT_MARGIN <= took < 3, line
    text = " ".join(run_cli("hint", "--help").out.split())
    assert "counted from digsite's start (start-up included, as the \"took\" it prints)" in text
