"""The CLI contract: version, games, data show/validate, error lines and exit codes."""

from __future__ import annotations

import json
import re

import pytest

import cards_data
from games.registry import GAME_IDS

ERROR_LINE = re.compile(r"^error: \S.*\n$")


def assert_bad_input(result, *fragments):
    assert result.code == 2, (result.code, result.out, result.err)
    assert ERROR_LINE.match(result.err), result.err
    assert "Traceback" not in result.err
    for fragment in fragments:
        assert fragment in result.err, (fragment, result.err)


def test_version(run_cli):
    result = run_cli("--version")
    assert result.code == 0 and "digsite" in result.out


def test_games_lists_all_five_with_provenance(run_cli):
    result = run_cli("games")
    assert result.code == 0
    for game_id in GAME_IDS:
        assert game_id in result.out
    for label in ("rules", "community", "inferred", "reconstructed"):
        assert label in result.out


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_data_show_pipes_into_validate(run_cli, game_id):
    shown = run_cli("data", "show", game_id)
    assert shown.code == 0, shown.err
    assert shown.out.startswith("#") or "game" in shown.out
    checked = run_cli("data", "validate", "-", stdin=shown.out)
    assert checked.code == 0, checked.err
    assert checked.out == f"ok: stdin is valid {game_id} card data\n"  # (it said "- is")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_a_copy_of_a_bundled_file_validates(run_cli, tmp_path, game_id):
    copy = tmp_path / f"{game_id}.toml"
    copy.write_text(cards_data.bundled_text(game_id))
    assert run_cli("data", "validate", str(copy)).code == 0


def _edited(game_id: str, old: str, new: str, count: int = 1) -> str:
    text = cards_data.bundled_text(game_id)
    assert old in text, f"{old!r} not in the bundled {game_id} file"
    return text.replace(old, new, count)


def test_validate_rejects_a_wrong_key(run_cli):
    text = cards_data.bundled_text("archaeology").replace("\ngame =", "\ncolour_of_sky = 3\ngame =", 1)
    if "colour_of_sky" not in text:
        text = "colour_of_sky = 3\n" + text
    assert_bad_input(run_cli("data", "validate", "-", stdin=text), "colour_of_sky")


def test_validate_rejects_a_negative_value(run_cli):
    text = re.sub(r"(?m)^trade = (\d+)", r"trade = -\1", cards_data.bundled_text("archaeology"), count=1)
    assert_bad_input(run_cli("data", "validate", "-", stdin=text), "trade")


def test_validate_rejects_a_49th_pyramid_card(run_cli):
    text = cards_data.bundled_text("pyramids")
    first = text.index("[[cards]]")
    end = text.index("[[cards]]", first + 1)
    card = text[first:end].replace("order = 1\n", "order = 49\n")
    assert_bad_input(run_cli("data", "validate", "-", stdin=text + "\n" + card), "cards")


def test_validate_rejects_a_pattern_off_the_board(run_cli):
    text = cards_data.bundled_text("ancients")
    text = re.sub(r'(?m)^space = "[A-E][1-5]"', 'space = "F7"', text, count=1)
    assert_bad_input(run_cli("data", "validate", "-", stdin=text), "F7")


def test_validate_rejects_an_unknown_game(run_cli):
    text = cards_data.bundled_text("lootnrun").replace('game = "lootnrun"', 'game = "chess"', 1)
    assert_bad_input(run_cli("data", "validate", "-", stdin=text), "chess")


def test_validate_rejects_malformed_toml(run_cli):
    assert_bad_input(run_cli("data", "validate", "-", stdin='game = "pyramids"\n[[cards]\n'), "line")


def test_missing_file_is_bad_input(run_cli, tmp_path):
    assert_bad_input(run_cli("data", "validate", str(tmp_path / "nope.toml")), "nope.toml")


def test_unknown_command_and_game_are_bad_input(run_cli):
    assert_bad_input(run_cli("frobnicate"))
    assert_bad_input(run_cli("data", "show", "chess"))


def test_malformed_json_view_names_line_and_column(run_cli, tmp_path):
    view = tmp_path / "view.json"
    view.write_text('{"seat": 0,\n  "hand": [}\n')
    assert_bad_input(run_cli("hint", "archaeology", str(view)), "view.json", "line 2")


def test_cards_override_is_used(run_cli, tmp_path):
    broken = tmp_path / "cards.toml"
    broken.write_text("not = [valid\n")
    assert_bad_input(run_cli("example", "pyramids", "--cards", str(broken)), "cards.toml")


# --- hostile input files: one error line, exit 2 ------------------------------------------

@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,             # nested too deeply for the parser
    '{"players": ' + "1" * 5000 + "}",         # an integer over Python's 4300 digits
    " " * (3 * 1024 * 1024) + "{}",            # over the input size limit
])
def test_hostile_json_is_refused_in_one_line(run_cli, tmp_path, text):
    path = tmp_path / "view.json"
    path.write_text(text)
    assert_bad_input(run_cli("hint", "lootnrun", str(path)), str(path))


@pytest.mark.parametrize("text", [
    "a = " + "[" * 100_000 + "]" * 100_000,
    "a = " + "1" * 5000,
])
def test_hostile_toml_is_refused_in_one_line(run_cli, tmp_path, text):
    path = tmp_path / "cards.toml"
    path.write_text(text)
    assert_bad_input(run_cli("data", "validate", str(path)), str(path))


def test_a_byte_order_mark_is_read(run_cli, tmp_path):
    toml = tmp_path / "cards.toml"
    toml.write_text("\ufeff" + cards_data.bundled_text("lootnrun"), encoding="utf-8")
    assert run_cli("data", "validate", str(toml)).code == 0
    view = tmp_path / "view.json"
    shown = run_cli("example", "lootnrun")
    view.write_text("\ufeff" + shown.out, encoding="utf-8")
    result = run_cli("hint", "lootnrun", str(view), "--iterations", "5")
    assert result.code == 0, result.err


def test_games_json_lists_every_game(run_cli):
    result = run_cli("games", "--json")
    assert result.code == 0, result.err
    listed = json.loads(result.out)["games"]
    assert [g["id"] for g in listed] == list(GAME_IDS)
    assert all(g["provenance"] for g in listed)
