"""What a new user meets first (issue 12): moves in words, `digsite notation`, help that
states the budgets, bots, suites and statuses, and precise refusals of bad options."""

from __future__ import annotations

import json
import os
import re

import pytest

from games import registry
from solvers import services

ERROR_LINE = re.compile(r"^error: \S.*\n$")


def bad_input(result, *fragments):
    assert result.code == 2, (result.code, result.out, result.err)
    assert ERROR_LINE.match(result.err), result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


@pytest.mark.parametrize("game", ["pyramids", "ancients"])
@pytest.mark.usefixtures("unfolded")  # (what the lines say, unfolded)
def test_hint_rows_carry_the_move_in_words(run_cli, tmp_path, game):
    view = tmp_path / "view.json"
    view.write_text(run_cli("example", game).out)
    result = run_cli("hint", game, str(view), "--iterations", "30", "--json")
    assert result.code == 0, result.err
    moves = json.loads(result.out)["moves"]
    assert moves and all(m["words"] for m in moves)
    text = run_cli("hint", game, str(view), "--iterations", "30").out
    assert f"      = {moves[0]['words']}" in text


def test_notation_explains_each_form_and_shows_example_moves(run_cli):
    result = run_cli("notation", "pyramids")
    assert result.code == 0, result.err
    assert "12:A1,A2,B2 +30:C3" in result.out and "red cross" in result.out
    assert "moves of the example position" in result.out
    data = json.loads(run_cli("notation", "ancients", "--json").out)
    assert any(f["text"].startswith("find 7 90") for f in data["forms"])
    assert all(e["words"] for e in data["examples"])
    shown = run_cli("notation", "expedition")  # every registered game has an engine now
    assert shown.code == 0 and "moves of the example position" in shown.out, shown.err


def test_hint_help_states_each_default_budget_and_notation(run_cli):
    text = " ".join(run_cli("hint", "--help").out.split())
    for game in registry.GAME_IDS:
        budget = services.hint_budget(game)
        if budget:
            assert f"{game} {budget}" in text, game
    assert "keep 3,17 | 12:A1,A2,B2" in text and "find 7 90 at C3" in text
    assert "digsite notation" in text


def test_arena_and_bench_help_list_the_bots_and_suites(run_cli):
    from benchmarks.runner import SUITES

    arena = " ".join(run_cli("arena", "--help").out.split())
    for game in registry.GAME_IDS:
        if services.bot_names(game):
            assert f"{game} {', '.join(services.bot_names(game))}" in arena
    bench = run_cli("bench", "--help").out
    words = " ".join(bench.split())  # (the help wraps its lines)
    assert f"Suites: {', '.join(SUITES)}" in words and "in seconds" not in words
    best = " ".join(run_cli("best-score", "--help").out.split())
    assert "OPTIMAL means" in best and "FEASIBLE means" in best and "bound" in best


@pytest.mark.parametrize("players", ["0", "-1", "5", "99"])
def test_deal_refuses_a_table_the_game_is_not_played_with(run_cli, players):
    bad_input(run_cli("deal", "pyramids", "--seed", "1", "--players", players),
              "'--players'", "2 to 4 players (1: the solo analysis mode)", f"not {players}")


def test_play_refuses_players_zero(run_cli):
    bad_input(run_cli("play", "lootnrun", "--players", "0"), "2 to 6 players")


def test_bench_json_to_an_unwritable_path_is_refused_before_the_run(run_cli, tmp_path):
    bad_input(run_cli("bench", "--json", str(tmp_path / "no" / "x.json")), "does not exist")
    bad_input(run_cli("bench", "--json", str(tmp_path)), "is a directory")
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        bad_input(run_cli("bench", "--json", str(locked / "x.json")), "permission denied")


def test_a_missing_service_is_said_in_a_users_words(run_cli):
    bad_input(run_cli("best-score", "lootnrun", "--seed", "1"),
              "lootnrun has no best-score solver", "games with a best-score solver: ")


def test_a_json_null_is_named_as_json_names_it(run_cli, tmp_path):
    path = tmp_path / "v.json"
    path.write_text("null")
    bad_input(run_cli("hint", "pyramids", str(path)), "expected a JSON object, got null")


@pytest.mark.parametrize("game, service, phrase", [
    ("archaeology", "best-score", "archaeology has no best-score solver (games with a "
                                  "best-score solver: pyramids, ancients)"),
    ("lootnrun", "best-score", "lootnrun has no best-score solver (games with a "
                               "best-score solver: pyramids, ancients)"),
])
def test_a_missing_service_reads_as_english(run_cli, game, service, phrase):
    # issue 20 §1: "archaeology has no a best-score solver"
    args = {"best-score": ("best-score", game, "--seed", "1"),
            "arena": ("arena", game, "--bots", "a", "--games", "1")}[service]
    result = run_cli(*args)
    bad_input(result, phrase)
    assert " no a " not in result.err and " an a " not in result.err


def _commands(group, path=()):
    import click

    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            yield from _commands(command, path + (name,))
        else:
            yield path + (name,), command


def test_every_option_of_every_command_is_described_with_its_default():
    # issue 20 §4: --seed, --top and arena --games were bare; defaults and units unsaid
    import click

    from cli.main import app

    bare, silent = [], []
    for path, command in _commands(app):
        for option in command.params:
            if not isinstance(option, click.Option) or option.name == "help":
                continue
            if not (option.help or "").strip():
                bare.append((" ".join(path), option.opts[0]))
            has_default = (not option.is_flag and not option.required
                           and option.default not in (None, ()))
            if has_default and not option.show_default and "default" not in option.help:
                silent.append((" ".join(path), option.opts[0]))
    assert not bare, f"options without a description: {bare}"
    assert not silent, f"options that do not say their default: {silent}"


def test_every_commands_help_fits_80_columns(run_cli, monkeypatch):
    """Click wraps a command's options and text to the terminal, not the tables and
    paragraphs a help adds after them (the per-game budgets, notations, bots): each of
    their lines fits a terminal of 80 (hint's and best-move's two paragraphs ran to 82;
    it held them to 100)."""
    from cli.main import app

    monkeypatch.setenv("COLUMNS", "80")
    wide = {}
    for path, _ in _commands(app):
        result = run_cli(*path, "--help")
        assert result.code == 0, (path, result.err)
        longest = max(result.out.splitlines(), key=len)
        if len(longest) > 80:
            wide[" ".join(path)] = longest
    assert not wide, wide


def test_the_help_texts_source_lines_are_wrapped_as_the_code_is():
    """The help texts are written in cli/main.py's source, wrapped by hand within the
    code's 99 columns (click rewraps them on the screen); `view`'s epilog had a line of
    121 characters."""
    import cli.main
    with open(cli.main.__file__, encoding="utf-8") as source:
        wide = [n for n, line in enumerate(source, 1) if len(line.rstrip("\n")) > 99]
    assert not wide, f"cli/main.py lines over 99 characters: {wide}"


def test_help_lists_the_choices_and_every_games_default_budget(run_cli):
    deal = " ".join(run_cli("deal", "--help").out.split())
    for monument in ("great_pyramid", "temple", "tomb", "mine", "sphinx", "buried_ruins"):
        assert monument in deal, monument
    for variant in ("long-expedition", "fierce-weather", "beginners-luck"):
        assert variant.replace("-", "- ") in deal or variant in deal, variant
    best = " ".join(run_cli("best-score", "--help").out.split())
    for info in registry.GAMES.values():
        if "best_score" in info.services:
            assert f"{info.id}, {info.budgets.best_score_units} (default " \
                   f"{info.budgets.best_score:g}" in best, info.id
    arena = " ".join(run_cli("arena", "--help").out.split())
    assert "--games" in arena and "groups of k on one deal" in arena
    assert "Search bots' budget without --iterations" in arena
    for game in registry.GAME_IDS:
        if "ismcts" in services.bot_names(game):
            assert f"{game} " in arena.split("Search bots' budget")[1], game
    hint = " ".join(run_cli("hint", "--help").out.split())
    assert "--top INTEGER RANGE How many of the ranked moves" in hint
    assert "--seed INTEGER Seed of the search's random choices" in hint
