"""``digsite track`` through a pipe (issue 19 §3): whole games entered line by line from
what one seat of a real (seeded) game saw, with hints along the way; a resume after a cut;
undo; refused lines kept in the record."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from games import load
from games.tracking import read_table, table_session

#: (the screens read as they say, unfolded: tests/cli/test_pipe_width_cli.py folds them)
pytestmark = pytest.mark.usefixtures("unfolded")

#: The games and tables ``track`` follows.
TABLES = [("archaeology", ()), ("ancients", ()), ("pyramids", ()), ("lootnrun", ()),
          ("expedition", ("--monument", "temple"))] + [
    # (the other monuments: tests/games/test_tracking.py follows each in-process)
    pytest.param("expedition", ("--monument", m), marks=pytest.mark.slow,
                 id=f"expedition-{m}") for m in ("tomb", "mine", "sphinx", "buried_ruins",
                                                 "great_pyramid")]


def table_lines(game_id: str, seed: int, seat: int = 0, *, hints: int = 2,
                options: tuple[str, ...] = (), players: int = 2) -> list[str]:
    """What the person at ``seat`` types while a seeded random game is played at the
    table (``games.tracking.table_session``)."""
    opts = {k.lstrip("-"): v for k, v in zip(options[::2], options[1::2])}
    return table_session(load(game_id, **opts), players=players, seat=seat, seed=seed,
                         hints=hints)


def _read(path: Path, game: str):
    return read_table(json.loads(path.read_text()), lambda gid, **o: load(gid, **o))


@pytest.mark.parametrize("game, options", TABLES)
def test_a_whole_game_entered_line_by_line(run_cli, tmp_path, game, options):
    target = tmp_path / "table.json"
    lines = table_lines(game, 4, options=options)
    result = run_cli("track", game, *options, "--players", "2", "--record", str(target),
                     stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err[-500:]
    assert result.err == "", result.err[:500]
    assert "--- game over ---" in result.out and f"table record written to {target}" in result.out
    assert "best move" in result.out and "budget: 20 iterations" in result.out
    tracker = _read(target, game)
    assert tracker.ask().kind == "over"
    assert tracker.record.refused == ()


def test_resume_after_a_cut_gives_the_same_record(run_cli, tmp_path):
    lines = table_lines("archaeology", 5, hints=0)
    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    assert run_cli("track", "archaeology", "--record", str(whole),
                   stdin="\n".join(lines) + "\n").code == 0
    first = run_cli("track", "archaeology", "--record", str(cut),
                    stdin="\n".join(lines[:40]) + "\n")
    assert first.code == 0 and "the input ended" in first.out and "--resume" in first.out
    second = run_cli("track", "archaeology", "--resume", str(cut),
                     stdin="\n".join(lines[40:]) + "\n")
    assert second.code == 0, second.err
    assert "--- game over ---" in second.out
    assert json.loads(cut.read_text()) == json.loads(whole.read_text())


def test_undo_and_refused_lines_are_kept(run_cli, tmp_path):
    target = tmp_path / "t.json"
    lines = table_lines("archaeology", 4, hints=0)
    typed = lines[:3] + ["unicorn", "theif"] + lines[3:5] + ["undo"] + lines[4:6] + [
        "explore 7", "seat 0: end", "hint", "quit"]
    result = run_cli("track", "archaeology", "--record", str(target),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    errors = result.err.splitlines()
    assert all(e.startswith("error: ") for e in errors)
    # undo says what it took back (it said only "the last line is taken back")
    undone = next(line for line in result.out.splitlines() if "(undone: " in line)
    assert undone.endswith(")") and "last line" not in undone, undone
    tracker = _read(target, "archaeology")
    refused = [r["line"] for r in tracker.record.refused]
    assert "unicorn" in refused and "theif" in refused and "explore 7" in refused
    assert "out of turn: it is seat 1's move, not seat 0's" in result.err
    assert len(tracker.record.events) == 3
    assert "did you mean" in result.err


def test_the_hint_names_your_seat_as_the_prompts_do(run_cli, tmp_path):
    """The hint's header said "expedition: seat 0 — best move" where every prompt says
    "you" (play's says "you — best move")."""
    lines = ["0", "coin coin talisman pharaohs_mask", "coin talisman pot_shard pot_shard coin",
             "coin", "hint 20"]
    result = run_cli("track", "expedition", "--monument", "temple", "--players", "3",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert "  expedition: you — best move " in result.out
    assert "seat 0 — best move" not in result.out
    assert "    seat 1 holds 4 cards:" in result.out  # (the others as the prompts call them)


def test_the_beliefs_name_the_cards_in_words_with_their_columns_aligned(run_cli, tmp_path):
    """The hint's beliefs listed the cards by the engine's spellings (pot_shard,
    pharaohs_mask); they say them in words, the columns aligned (the JSON unchanged)."""
    lines = ["0", "coin coin talisman pharaohs_mask", "coin talisman pot_shard pot_shard coin",
             "coin", "hint 20"]
    result = run_cli("track", "expedition", "--monument", "temple", "--players", "3",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    rows = [line for line in result.out.splitlines() if "  mean " in line]
    assert rows and not any("_" in row for row in rows), rows
    assert any(row.startswith("      pharaoh's mask  ") for row in rows), rows
    assert len({row.index("  mean ") for row in rows}) == 1, rows


def test_an_explore_of_no_chamber_is_refused_and_the_table_goes_on(run_cli, tmp_path):
    """'explore 9' (chambers 3, 5, 7), the person's own or another seat's, ended the
    session with an internal fault (a KeyError)."""
    lines = table_lines("archaeology", 4, hints=0)
    assert lines[0] == "1" and lines[3] == "card"  # seat 1 begins: its dig, then its move
    typed = lines[:4] + ["seat 1: explore 9", "explore 2", "explore chamber", "quit"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    errors = result.err.splitlines()
    assert errors[0].startswith("error: seat 1: move 'explore 9' is not legal here: there is "
                                "no chamber 9 (chambers: 3, 5, 7)"), errors
    assert "there is no chamber 2 (chambers: 3, 5, 7)" in errors[1]
    assert "a chamber is named by its size, explore 3, explore 5 or explore 7" in errors[2]
    assert "you quit" in result.out


def test_undo_says_cards_as_printed(run_cli, tmp_path):
    """Undo said the engine's spellings the table never writes: '(undone: you: sell
    pot_shard 1)', '(undone: you dug: pot_shard)'."""
    typed = ["0", "pot shard, 2 parchment scraps, pharaoh's mask", "coin " * 5, "pot shard",
             "sell 2 pot shards", "undo", "undo", "quit"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    undone = [line for line in result.out.splitlines() if line.startswith("(undone: ")]
    assert undone == ["(undone: you: sell pot shard 2)", "(undone: you dug: pot shard)"], undone


def test_undo_with_a_count_is_refused_as_play_refuses_it(run_cli, tmp_path):
    """`undo 2` at the dig's chance prompt was read as the answer ("'undo 2' is no
    card"), where play says undo goes one decision at a time: track says undo goes a line
    at a time, and takes nothing back."""
    typed = ["0", "pot shard, 2 parchment scraps, pharaoh's mask", "coin " * 5, "undo 2",
             "pot shard", "undo 3", "quit"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: undo takes back one line at a time (undo again for the one before), not "
        f"'{n}'" for n in (2, 3)]
    assert "  you dug up a pot shard\n" in result.out and "(undone" not in result.out


def test_undo_with_a_count_after_the_end_does_not_end_the_session(run_cli, tmp_path):
    """At the game's end any line but `undo` ended the session: `undo 2` did, taking
    nothing back; it is refused as at any prompt, and `undo` after it still works."""
    lines = table_lines("archaeology", 5, hints=0) + ["undo 2", "undo"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert result.err == ("error: undo takes back one line at a time (undo again for the "
                          "one before), not '2'\n")
    assert "(undone: " in result.out


def test_undo_says_a_loot_n_run_room_as_the_table_does(run_cli, tmp_path):
    """A room typed by its face is kept by its number; undo named it by that number alone
    ('(undone: 41)', a number the person never typed): it says the room as the table's
    words do."""
    typed = ["0", "green green", "loot 0", "cup scarab", "yellow", "undo", "undo", "quit"]
    result = run_cli("track", "lootnrun", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert ("you drew from deck 0: room 41 (green): cup, scarab; no guardian or amulet"
            in result.out)
    undone = [line for line in result.out.splitlines() if line.startswith("(undone: ")]
    assert undone == ["(undone: the back colour on top of deck 0 now: yellow)",
                      "(undone: the room you drew from deck 0: room 41 (green): cup, scarab; "
                      "no guardian or amulet)"], undone


def test_undo_says_the_question_an_answer_answered_and_your_moves_as_yours(run_cli,
                                                                            tmp_path):
    """Your own moves came back as '(undone: seat 0: take 37)' and answers bare
    ('(undone: 47 48 44 36)', '(undone: red)'): a move is said as the table names its
    seat, an answer after the question it answered."""
    typed = ["0", "green green", "loot 0", "cup scarab", "yellow"] + ["undo"] * 5 + [
        "1", "green green", "loot 0", "undo", "quit"]
    result = run_cli("track", "lootnrun", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    undone = [line for line in result.out.splitlines() if line.startswith("(undone: ")]
    assert undone == [
        "(undone: the back colour on top of deck 0 now: yellow)",
        "(undone: the room you drew from deck 0: room 41 (green): cup, scarab; no guardian "
        "or amulet)",
        "(undone: you: loot 0)",
        "(undone: the back colours on top of deck 0 and deck 1: green green)",
        "(undone: who plays first: 0)",
        "(undone: seat 1: loot 0)"], undone
    target = tmp_path / "a.json"
    lines = table_lines("archaeology", 4, hints=0)
    result = run_cli("track", "archaeology", "--record", str(target),
                     stdin="\n".join(lines[:4] + ["undo", "quit"]) + "\n")
    assert "(undone: seat 1 dug: card)" in result.out.splitlines()


def test_an_impossible_card_is_refused(run_cli, tmp_path):
    # the 2007 game has 4 pharaoh's masks: a fifth in the marketplace is refused
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="0\npharaohs_mask pharaohs_mask pharaohs_mask pharaohs_mask\n"
                           "pharaohs_mask coin coin coin coin\n"
                           "quit\n")
    assert result.code == 0
    assert result.err.startswith("error: the marketplace: there is no pharaoh's mask left")


def test_a_refused_trade_names_the_cards_as_typed(run_cli, tmp_path):
    """The engine's refusal of a trade spelt the cards its way ("the marketplace holds 2
    pharaohs masks, not 3") where the person typed "pharaoh's mask", at either seat."""
    typed = ["1", "pot shard, 2 parchment scraps, coin",
             "coin coin coin pharaoh's mask pharaoh's mask", "card",
             "trade coin for pharaoh's mask pharaoh's mask pharaoh's mask",
             "sell pharaoh's mask 5", "end", "coin",
             "trade pharaoh's mask for coin", "quit"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: seat 1: move \"trade coin for pharaoh's mask pharaoh's mask pharaoh's mask\" "
        "is not legal here: the marketplace holds 2 pharaoh's masks, not 3",
        "error: seat 1: move \"sell pharaoh's mask 5\" is not legal here: a set of pharaoh's "
        "masks holds at most 4 cards",
        "error: move \"trade pharaoh's mask for coin\" is not legal here: you hold 0 "
        "pharaoh's masks, not 1"], result.err


def test_a_sandstorm_discard_is_entered_whole_or_a_card_at_a_time(run_cli, tmp_path):
    """The notation's two discard forms, as the notation says the table enters them: the
    whole discard in one line in any order, or one card at a time in card order."""
    setup = "0\npot shard, parchment scrap, coin, talisman\n3 pot shards, coin, talisman\n"
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin=setup + "sandstorm\ndiscard talisman coin\ndiscard pot shard\n"
                                   "discard coin\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "you discarded a coin and a talisman to the marketplace" in result.out
    assert "seat 1 discards 1 more card to the marketplace> discard coin" in result.out
    assert "you dug> quit" in result.out  # (both discards done: the digger digs again)

def test_a_discard_a_card_at_a_time_is_said_whole_as_play_says_it(run_cli, tmp_path):
    """A seat's discard entered a card at a time was told a line a card ('seat 1 discarded
    a pot shard', then 'seat 1 discarded a coin'), where play tells the whole discard in one
    line (``joined_event``); its last card says the whole discard, the table record keeps a
    card an event."""
    setup = "0\npot shard, parchment scrap, coin, talisman\n3 pot shards, coin, talisman\n"
    record = tmp_path / "t.json"
    result = run_cli("track", "archaeology", "--record", str(record),
                     stdin=setup + "sandstorm\ndiscard talisman coin\ndiscard pot shard\n"
                                   "discard coin\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert ("seat 1 discards 1 more card to the marketplace> discard coin\n"
            "  seat 1 discarded a pot shard and a coin to the marketplace\n") in result.out
    assert [e.get("move") for e in json.loads(record.read_text())["events"][-2:]] == [
        "discard pot_shard", "discard coin"]


def test_the_rest_of_a_discard_in_one_line_is_said_as_the_whole_discard(run_cli, tmp_path):
    """A discard begun a card at a time and ended in one line ('discard pot shard', then
    'discard coin talisman') told the line's cards alone ('seat 1 discarded a coin and a
    talisman'), where a card at a time tells the discard so far: it says the whole
    discard, yours and another seat's."""
    setup = "0\npot shard, parchment scrap, coin, talisman\n3 pot shards, coin, talisman\n"
    turns = "coin\nend\ncard\nend\ncoin\nend\ncard\nend\nsandstorm\n"
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin=setup + turns + "discard pot shard\ndiscard coin talisman\n"
                                   "discard pot shard\ndiscard coin talisman\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert ("you discard 2 more cards to the marketplace> discard coin talisman\n"
            "  you discarded a pot shard, a coin and a talisman to the marketplace\n"
            ) in result.out
    assert ("seat 1 discards 2 more cards to the marketplace> discard coin talisman\n"
            "  seat 1 discarded a pot shard, a coin and a talisman to the marketplace\n"
            ) in result.out


def test_a_thief_sent_to_yourself_says_whom_it_can_steal_from(run_cli, tmp_path):
    """``steal me`` at the person's own thief was refused "'me' is not a small number", and
    ``steal 0`` (the person's own seat) with the prompt's words alone: each says the rule
    and the seats the thief can steal from."""
    typed = ["0", "pot shard, 2 parchment scraps, coin",
             "coin coin coin pharaoh's mask pharaoh's mask", "thief", "steal me", "steal 0",
             "quit"]
    result = run_cli("track", "archaeology", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        f"error: move {text!r} is not legal here: you cannot steal from yourself: the thief "
        "steals from seat 1 or seat 2" for text in ("steal me", "steal 0")]


def test_a_sale_at_the_thief_suggests_no_steal(run_cli, tmp_path):
    """At the person's thief (steal 1 or 2), `sell 2` was answered "did you mean `steal
    2`?": a likeness of another verb, sharing the number alone. The prompt's question is
    said, with no suggestion; a typo of `steal` is still suggested its move."""
    typed = ["0", "pot shard, 2 parchment scraps, coin",
             "coin coin coin pharaoh's mask pharaoh's mask", "thief", "sell 2", "sell 1",
             "sell coin -1", "stael 1", "quit"]
    result = run_cli("track", "archaeology", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == ["error: you first send the thief: steal 1 or steal 2"] * 3 \
        + ["error: you first send the thief: steal 1 or steal 2; did you mean `steal 1`?"]


def test_a_move_with_words_it_does_not_take_at_a_dig_is_told_a_card_is_asked(run_cli,
                                                                              tmp_path):
    """`trade 99 coins for talisman` typed where the dig is asked was refused as an
    answer, "cannot be what came out here (what can: ...); did you mean `talisman`?",
    where a move read whole is told it is a move: a move's verb with words it does not
    take is told so too, at any seat's dig; a dig's own verb is still an answer's."""
    typed = ["0", "pot shard, 2 parchment scraps, pharaoh's mask", "coin " * 5,
             "trade 99 coins for talisman", "dig xyz", "dig coin", "end",
             "seat 1: sell coin coin", "quit"]
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    errors = result.err.splitlines()
    assert errors[0] == ("error: 'trade 99 coins for talisman' is a move; first say what "
                         "came out here: you dug")
    assert errors[1].startswith("error: 'dig xyz' cannot be what came out here (what can: ")
    assert errors[2] == ("error: 'seat 1: sell coin coin' is a move; first say what came "
                         "out here: seat 1 dug (a card, a thief or a sandstorm)")
    assert len(errors) == 3


def test_a_typo_at_the_mine_is_suggested_the_move_meant(run_cli, tmp_path):
    """A move word mistyped at the Mine ('stpo') was refused with the decision's words alone
    ("you first decide at the Mine: draw or stop"), where every other prompt suggests the
    move meant: it says both."""
    typed = ["0", "pot shard, 2 parchment scraps, coin",
             "coin coin coin pharaoh's mask pharaoh's mask", "map", "explore A", "coin",
             "stpo", "draww", "trade coin for coin", "quit"]
    result = run_cli("track", "expedition", "--monument", "mine", "--record",
                     str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you first decide at the Mine: draw or stop; did you mean `stop`?",
        "error: you first decide at the Mine: draw or stop; did you mean `draw`?",
        "error: you first decide at the Mine: draw or stop"]


def test_a_corrupt_resume_file_is_one_error_line_and_left_untouched(run_cli, tmp_path):
    bad = tmp_path / "bad.json"
    for text in ("{", '{"table": 1, "game": "archaeology"}', "[]",
                 '{"table": 1, "game": "archaeology", "players": 2, "seat": 0, "seed": 0, '
                 '"setup": {"first": "0"}, "events": [{"saw": "coin"}]}'):
        bad.write_text(text)
        result = run_cli("track", "archaeology", "--resume", str(bad), stdin="quit\n")
        assert result.code == 2, (text, result.err)
        assert result.err.count("\n") == 1 and result.err.startswith("error: ")
        assert bad.read_text() == text


def test_a_table_from_stdin_is_written_to_the_record_file_named(run_cli, tmp_path,
                                                               monkeypatch):
    """'track --resume -' read the table from stdin and wrote it back to a file named '-'
    in the working folder: it needs --record FILE, and '--record -' is refused (play's
    too), never a file named '-'."""
    monkeypatch.chdir(tmp_path)
    table = tmp_path / "t.json"
    lines = table_lines("lootnrun", 4, hints=0)
    assert run_cli("track", "lootnrun", "--record", str(table),
                   stdin="\n".join(lines[:6]) + "\n").code == 0
    text = table.read_text()
    for args, message in (
            (("--resume", "-"), "error: track --resume -: the table read from the standard "
                                "input is written back after every line; name its file with "
                                "--record FILE\n"),
            (("--resume", "-", "--record", "-"), "error: --record -: a record is a file "
                                                 "written as the game goes, not the standard "
                                                 "output; name a file (./- for one named -)\n"),
            (("--record", "-"), "error: --record -: ")):
        result = run_cli("track", "lootnrun", *args, stdin=text)
        assert result.code == 2 and result.err.startswith(message), (args, result.err)
        assert result.err.count("\n") == 1
        assert not (tmp_path / "-").exists()
    result = run_cli("play", "lootnrun", "--record", "-", stdin="")
    assert result.code == 2 and result.err.startswith("error: --record -: "), result.err
    result = run_cli("track", "lootnrun", "--resume", "-", "--record", "again.json", stdin=text)
    assert result.code == 0, result.err
    assert json.loads((tmp_path / "again.json").read_text()) == json.loads(text)
    assert not (tmp_path / "-").exists()


def test_a_table_in_a_file_named_dash_is_named_as_given(run_cli, tmp_path, monkeypatch):
    """'track --record ./-' ended "the table so far is in -; --resume - goes on", and
    --resume - is the standard input (refused): the file is named as given, ./-."""
    monkeypatch.chdir(tmp_path)
    result = run_cli("track", "lootnrun", "--record", "./-", stdin="quit\n")
    assert result.code == 0 and result.out.rstrip().endswith(
        "the table so far (0 events) is in ./-; --resume ./- goes on"), result.out
    for args in (("--resume", "./-"), ("--resume", "./-", "--record", "./-")):
        result = run_cli("track", "lootnrun", *args, stdin="quit\n")
        assert result.code == 0 and result.out.rstrip().endswith(
            "is in ./-; --resume ./- goes on"), (args, result.out)
    result = run_cli("track", "lootnrun", "--record", "./-", stdin="quit\n")
    assert result.code == 2 and result.err == (
        "error: ./-: holds a table record already; --resume ./- goes on with it, or name a "
        "new file with --record FILE\n"), result.err


def test_bad_tables_are_refused_with_one_line(run_cli, tmp_path):
    for args in (("--players", "9"), ("--seat", "5"), ("--monument", "temple")):
        result = run_cli("track", "lootnrun", *args, "--record", str(tmp_path / "t.json"))
        assert result.code == 2 and result.err.startswith("error: "), args
        assert result.err.count("\n") == 1
    result = run_cli("track", "expedition", "--record", str(tmp_path / "t.json"))
    assert result.code == 2 and "--monument" in result.err


def test_a_table_whose_setup_was_edited_is_refused_naming_the_file(run_cli, tmp_path):
    """A setup answer a table record holds is checked again when it is read: the refusal
    said "error: your cards: 4 card numbers 1 to 48, not '7 10 21 44 45'", naming neither
    the file nor the key, where other table errors name both."""
    target = tmp_path / "table.json"
    lines = table_lines("pyramids", 4, hints=0)
    assert run_cli("track", "pyramids", "--record", str(target),
                   stdin="\n".join(lines[:20]) + "\n").code == 0
    doc = json.loads(target.read_text())
    for cards, why in (("7 10 21 44 45", r"your cards: 4 cards, got 5 \('7 10 21 44 45'\)"),
                       ("7 10 21 99", "your cards: '99' is no card number \\(the cards are 1 "
                                      "to 48\\)")):
        doc["setup"]["cards"] = cards
        target.write_text(json.dumps(doc))
        for args in (("track", "pyramids", "--resume", str(target)),
                     ("view", str(target), "--at", "1"),
                     ("hint", "pyramids", str(target), "--at", "1")):
            result = run_cli(*args, stdin="quit\n")
            assert result.code == 2, (args, result.err)
            assert re.fullmatch(f"error: {re.escape(str(target))}: table: setup: {why}\n",
                                result.err), (args, result.err)


@pytest.mark.parametrize("game, options", [("lootnrun", ()), ("pyramids", ()),
                                           ("expedition", ("--monument", "tomb"))])
def test_view_and_hint_read_a_table_at_decision_n(run_cli, tmp_path, game, options):
    target = tmp_path / "table.json"
    lines = table_lines(game, 4, seat=1, hints=0, options=options)
    assert run_cli("track", game, *options, "--players", "2", "--seat", "1", "--record",
                   str(target), stdin="\n".join(lines[:60]) + "\n").code == 0
    view = run_cli("view", str(target), "--at", "2")
    assert view.code == 0, view.err
    doc = json.loads(view.out)
    assert doc["game"] == game and doc["seat"] == 1
    hint = run_cli("hint", game, str(target), "--at", "2", "--iterations", "20", "--json")
    assert hint.code == 0, hint.err
    assert json.loads(hint.out)["seat"] == 1
    # (a seat the game has not was "seat 99's view is not in it": the seats it has)
    for args, words in ((("--at", "999"), "has no decision 999"),
                        (("--at", "1", "--seat", "0"), "holds what seat 1 saw"),
                        (("--at", "1", "--seat", "99"), "table: seat 99 is not a seat of this "
                                                        "2-player game (seats 0-1)")):
        bad = run_cli("view", str(target), *args)
        assert bad.code == 2 and words in bad.err and bad.err.count("\n") == 1, bad.err
        bad = run_cli("hint", game, str(target), *args, "--iterations", "5")
        assert bad.code == 2 and words in bad.err and bad.err.count("\n") == 1, bad.err


def test_ctrl_c_keeps_the_table(tmp_path):
    """A real SIGINT while the companion waits for a line: exit 130, every line kept."""
    import os
    import signal
    import subprocess
    import sys
    import time

    root = Path(__file__).resolve().parents[2]
    target = tmp_path / "table.json"
    lines = table_lines("lootnrun", 2, hints=0)[:6]
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "track", "lootnrun", "--record",
                             str(target)], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(root)},
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True,
                            # a background job's children inherit SIG_IGN: the default here
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdin is not None
    proc.stdin.write("".join(line + "\n" for line in lines))
    proc.stdin.flush()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # until every line is on disk
        if target.exists():
            doc = json.loads(target.read_text())
            held = doc["events"] + ([doc["pending"]] if "pending" in doc else [])
            if len(doc["setup"]) + sum(1 + len(e.get("shown", {})) for e in held) \
                    == len(lines):
                break
        time.sleep(0.1)
    else:
        proc.kill()
        raise AssertionError(f"the lines never reached {target}: {proc.communicate()}")
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=60)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert f"the table so far is in {target}" in err and "Traceback" not in err
    tracker = _read(target, "lootnrun")  # (the last line answers a move's first question)
    assert tracker.pending is not None and tracker.pending.answers


@pytest.mark.parametrize("game", ["archaeology", "expedition", "lootnrun", "ancients",
                                  "pyramids"])
def test_help_speaks_the_game_being_tracked(run_cli, tmp_path, game):
    """``help`` shows a move in this game's notation (one ``digsite notation GAME``
    prints), not another game's."""
    options = ("--monument", "temple") if game == "expedition" else ()
    result = run_cli("track", game, *options, "--record", str(tmp_path / "t.json"),
                     stdin="help\nquit\n")
    assert result.code == 0, result.err[-300:]
    move_line = next(line for line in result.out.splitlines()
                     if "a move of the seat to act" in line)
    move = move_line.split("  a move")[0].strip().split(">")[-1].strip()
    assert move in run_cli("notation", game).out
    if game not in ("archaeology", "expedition"):
        assert "sell coin" not in result.out and "sandstorm" not in result.out


def test_a_record_file_replaces_only_a_record_of_its_kind(run_cli, tmp_path):
    """``--record`` is written over at the first line: a card-data file, a link or a game
    record given by mistake was replaced without a word (and a new table at the default
    name replaced the last table's record). Now each is refused with one line, exit 2,
    and left as it was; a table record given to ``--resume`` is written on."""
    data = tmp_path / "mine.toml"
    data.write_text(run_cli("data", "show", "lootnrun").out)
    game = tmp_path / "game.json"
    assert run_cli("play", "lootnrun", "--record", str(game), stdin="quit\n").code == 0
    link = tmp_path / "link.json"
    link.symlink_to(game)
    table = tmp_path / "table.json"
    assert run_cli("track", "lootnrun", "--record", str(table), stdin="0\nquit\n").code == 0
    before = {p: p.read_bytes() for p in (data, game, table)}
    for command, path, why in [("track", data, "is not a table record"),
                               ("track", game, "is not a table record"),
                               ("track", table, "holds a table record already; --resume"),
                               ("play", data, "is not a game record"),
                               ("play", table, "is not a game record"),
                               ("play", link, "is not a regular file")]:
        result = run_cli(command, "lootnrun", "--record", str(path), stdin="0\nquit\n")
        assert result.code == 2 and result.err.count("\n") == 1, (command, path, result.err)
        assert why in result.err, result.err
    assert {p: p.read_bytes() for p in before} == before and link.is_symlink()
    assert run_cli("play", "lootnrun", "--record", str(game), stdin="quit\n").code == 0
    result = run_cli("track", "lootnrun", "--resume", str(table), stdin="red red\nquit\n")
    assert result.code == 0 and _read(table, "lootnrun").record.setup["tops"] == "red red"
    # resumed into another file: another table's record is kept as a new table keeps it
    # (it was replaced by this table), the record resumed itself (another path) is fine
    other = tmp_path / "other.json"
    assert run_cli("track", "pyramids", "--record", str(other), stdin="quit\n").code == 0
    kept = other.read_bytes()
    result = run_cli("track", "lootnrun", "--resume", str(table), "--record", str(other),
                     stdin="quit\n")
    assert result.code == 2 and "holds a table record already" in result.err, result.err
    assert other.read_bytes() == kept
    again = run_cli("track", "lootnrun", "--resume", str(table), "--record",
                    str(tmp_path / "." / "table.json"), stdin="quit\n")
    assert again.code == 0, again.err


def test_resume_takes_the_records_table_said_again(run_cli, tmp_path):
    """``--resume`` with ``--monument`` naming the record's own monument was refused; the
    record's table said again is fine, another one is refused naming the record's."""
    table = tmp_path / "t.json"
    assert run_cli("track", "expedition", "--monument", "temple", "--record", str(table),
                   stdin="0\nquit\n").code == 0
    again = run_cli("track", "expedition", "--monument", "temple", "--players", "2",
                    "--resume", str(table), stdin="quit\n")
    assert again.code == 0, again.err
    for args, said in [(("--monument", "tomb"), "(--monument temple)"),
                       (("--players", "3"), "(--players 2)"), (("--seat", "1"), "(--seat 0)")]:
        result = run_cli("track", "expedition", *args, "--resume", str(table), stdin="quit\n")
        assert result.code == 2 and said in result.err, result.err


def test_resume_with_seat_0_of_another_seats_record_is_refused(run_cli, tmp_path):
    """``--seat 0`` (the default's value) on a seat-1 record was taken as not given, and the
    table went on for seat 1 without a word."""
    table = tmp_path / "t.json"
    assert run_cli("track", "lootnrun", "--seat", "1", "--record", str(table),
                   stdin="0\nquit\n").code == 0
    result = run_cli("track", "lootnrun", "--seat", "0", "--resume", str(table), stdin="quit\n")
    assert result.code == 2 and "(--seat 1)" in result.err, result.err
    assert run_cli("track", "lootnrun", "--resume", str(table), stdin="quit\n").code == 0


def test_the_last_line_of_a_finished_table_can_be_taken_back(run_cli, tmp_path):
    """The line that ended the game closed the session, and ``--resume`` of the finished
    record only printed the result: a slip in the last move could not be put right."""
    target = tmp_path / "table.json"
    lines = table_lines("lootnrun", 4, hints=0)
    result = run_cli("track", "lootnrun", "--record", str(target),
                     stdin="\n".join(lines) + "\nshow\nundo\nquit\n")  # (show: not the end)
    assert result.code == 0, result.err[-500:]
    assert "--- game over ---" in result.out and "(undone: " in result.out
    assert "you quit: the table so far" in result.out
    tracker = _read(target, "lootnrun")
    assert tracker.ask().kind != "over"
    again = run_cli("track", "lootnrun", "--resume", str(target), stdin=lines[-1] + "\n\n")
    assert again.code == 0 and "table record written to" in again.out, again.err[-300:]
    assert _read(target, "lootnrun").ask().kind == "over"


def test_a_trade_entered_a_step_at_a_time_is_told_and_refusals_say_no_engine_steps(
        run_cli, tmp_path):
    """`take coin` was accepted without a word, `show` said nothing of the trade and
    `end` was refused with the engine's steps ("legal: take talisman, give ..."), as was
    `sell 4 coins` with 2 coins ("legal: take pot_shard, ..."): the trade under way, what it
    holds, how it goes on and `undo`; a rule broken without the engine's list."""
    setup = "0\npot shard, parchment scrap, coin, talisman\n3 pot shards, coin, talisman\ncoin\n"
    result = run_cli("track", "archaeology", "--players", "3", "--record",
                     str(tmp_path / "t.json"),
                     stdin=setup + "sell 4 coins\ndiscard coin\ntake coin\nshow\nend\nquit\n")
    assert result.code == 0, result.err
    under_way = ("a trade is under way (1 coin taken, nothing given: trade value 0 for 2): it "
                 "ends when the gives cover the takes (next: take talisman, give talisman, give "
                 "coin or give pot_shard); `undo` takes back")
    assert result.out.count(under_way) == 2, result.out  # (the take's echo and `show`)
    assert "your move (a trade under way)> " in result.out
    refused = result.err.splitlines()
    assert refused[0] == "error: move 'sell 4 coins' is not legal here: you hold 2 coins, not 4"
    assert refused[1].startswith("error: move 'discard coin' is not legal here (moves: sell "
                                 "pot_shard 1, "), refused[1]
    assert "trade talisman for coin" in refused[1] and "take " not in refused[1]
    assert refused[2].startswith("error: move 'end' is not legal here: " + under_way), refused[2]
    assert "legal:" not in result.err


def test_your_whole_trade_refused_says_it_as_typed_and_the_rule_whole(run_cli, tmp_path):
    """Your whole trade refused said the engine's move text ("move 'trade pot_shard
    pot_shard for coin' is not legal here: ..."): as typed, with the rule it breaks."""
    setup = "0\npot shard, parchment scrap, coin, talisman\n3 pot shards, coin, talisman\ncoin\n"
    result = run_cli("track", "archaeology", "--players", "3", "--record",
                     str(tmp_path / "t.json"),
                     stdin=setup + "trade 2 pot shards for coin\ntrade coin for talisman\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'trade 2 pot shards for coin' is not legal here: you hold 1 pot "
        "shard, not 2",
        "error: move 'trade coin for talisman' is not legal here: the gives (trade value 2) "
        "do not cover the takes (trade value 3)"]


def test_looting_a_deck_not_at_the_table_says_so(run_cli, tmp_path):
    """'loot deck 2', yours or another seat's, was "not a Loot N Run move" where 'loot 2'
    says there is no deck 2."""
    lines = table_lines("lootnrun", 4, hints=0)
    assert lines[:5] == ["1", "green yellow", "loot 0", "yellow", "loot 1"]
    result = run_cli("track", "lootnrun", "--record", str(tmp_path / "l.json"),
                     stdin="\n".join(lines[:2] + ["loot deck 2"] + lines[2:4]
                                     + ["loot deck 2", "quit"]) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: seat 1: move 'loot deck 2': there is no deck 2 (decks 0 and 1)",
        "error: move 'loot deck 2': there is no deck 2 (decks 0 and 1)"]


def test_a_suggestion_is_in_a_players_words(run_cli, tmp_path):
    """A misspelt move was asked "did you mean `sell parchment_scrap 1`?" (the engine's
    spelling; the table says "parchment scrap"); the refusal kept in the record is the
    one said."""
    lines = table_lines("archaeology", 4, hints=0)
    assert lines[9] == "parchment_scrap"  # (your dig: then your move)
    target = tmp_path / "a.json"
    result = run_cli("track", "archaeology", "--record", str(target),
                     stdin="\n".join(lines[:10] + ["sell parchmnt scrap 1", "quit"]) + "\n")
    assert result.code == 0, result.err
    said = ("error: move 'sell parchmnt scrap 1': a sale is 'sell CARD N', the card and how "
            "many (sell coin 2); did you mean `sell parchment scrap 1`?")
    assert result.err.splitlines() == [said]
    assert [r["why"] for r in json.loads(target.read_text())["refused"]] == [said[7:]]
    # another seat's move too
    result = run_cli("track", "archaeology", "--record", str(tmp_path / "b.json"),
                     stdin="\n".join(lines[:4] + ["sel broken_cup 1", "quit"]) + "\n")
    refusal = result.err.splitlines()[0]
    # (by its spelling alone: it was `sell parchment scrap 1`, a move of the tracker's
    # guess of seat 1's hand; the verbs some hand it could hold allows, `explore` too)
    assert refusal == ("error: seat 1: cannot read move 'sel broken_cup 1' (moves: explore, "
                       "sell, trade, end); did you mean `sell broken cup 1`?"), refusal


def test_the_cards_a_refusal_names_are_as_printed(run_cli, tmp_path):
    """What cannot have come out listed 'pharaohs_mask', a suggestion said 'pharaohs
    mask', the setup's `pharaohs_mask`, where the table says "pharaoh's mask"."""
    lines = ["0", "pharohs mask coin coin talisman", "coin coin talisman pharaohs_mask", "coin talisman pot_shard pot_shard coin",
             "pharaos mask", "coin", "selll mask 1", "quit"]
    result = run_cli("track", "expedition", "--monument", "temple", "--players", "3",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: your hand: no card 'pharohs'; did you mean `pharaoh's mask`?",
        "error: 'pharaos mask' cannot be what came out here (what can: broken cup, coin, map, "
        "parchment scrap, pharaoh's mask, pot shard, sandstorm, talisman, thief)",
        "error: cannot read move 'selll mask 1' (moves: sell, trade, end); did you mean `sell "
        "pharaoh's mask 1`?"]


def test_your_explore_of_the_buried_ruins_takes_the_face_up_cards_unasked(run_cli, tmp_path):
    """The Buried Ruins' chambers lie face up (entered at the setup): your explore asked
    'the cards you saw in the chamber' and took whatever was typed (a talisman from
    chamber B, which showed a pot shard), the worlds' chambers swapped to hold it; it takes
    the chamber's face-up cards, as another seat's explore does."""
    setup = ("1\npot shard, coin, coin, talisman\npot shard, 2 parchment scraps, coin, "
             "talisman\ncoin, pot shard, broken cup\n")
    result = run_cli("track", "expedition", "--monument", "buried_ruins", "--players", "2",
                     "--record", str(tmp_path / "t.json"),
                     stdin=setup + "card\nend\nmap\nexplore b\nshow\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert ("your move> explore b\n  you explored chamber B with 1 map and took a pot shard\n"
            "your move> show\n") in result.out
    assert ("  chamber A (1 map): face up, 1 coin\n  chamber B (1 map): face up, nothing\n"
            "  chamber C (1 map): face up, 1 broken cup\n") in result.out


def test_the_replacement_after_the_last_expedition_card_is_taken_unasked(run_cli, tmp_path):
    """Pyramids: play takes the replacement owed after the game's last expedition card
    without asking (it changes nothing: ``Game.moot_decision``); track asked it ("your
    move (replacing card 20)") and then the refilled display, which nobody at the table
    lays out. It takes it as play does, says so in play's words, and ``undo`` at the end
    takes it back with the line before it (alone, it would be taken again at once)."""
    target = tmp_path / "t.json"
    lines = table_lines("pyramids", 12, players=1, hints=0)
    result = run_cli("track", "pyramids", "--players", "1", "--record", str(target),
                     stdin="\n".join(lines + ["undo", lines[-1], ""]) + "\n")
    assert result.code == 0 and result.err == "", result.err
    said = ("  you took card 5 from the display; the display is refilled (the first choice, "
            "not asked: the game ends with this expedition card, and a card not completed "
            "scores nothing, so the replacement changes nothing)\n--- game over ---\n")
    assert result.out.count(said) == 2, result.out[-2000:]
    last = result.out[result.out.rindex("round 4, expedition card 7 of 7"):]
    assert "replacing" not in last and "the display now" not in last
    assert f"(undone: you: {lines[-1]})\n" in result.out
    # recorded as the first choice typed, the display the world's own
    events = json.loads(target.read_text())["events"]
    assert events[-1]["seat"] == 0 and events[-1]["move"] == "take 5"
    assert list(events[-1]["shown"]) == ["display"]
    assert _read(target, "pyramids").ask().kind == "over"
    # a record that stopped where it was asked (written before) goes on without asking
    cut = tmp_path / "cut.json"
    doc = json.loads(target.read_text())
    doc["events"] = doc["events"][:-1]
    cut.write_text(json.dumps(doc))
    again = run_cli("track", "pyramids", "--resume", str(cut), stdin="\n")
    assert again.code == 0 and again.err == "", again.err
    assert said in again.out and "your move" not in again.out


def test_undo_says_a_setup_hand_in_the_cards_printed_names(run_cli, tmp_path):
    """`undo` of the marketplace said "(undone: the marketplace, the 5 cards face up:
    pot_shard parchment_scrap parchment_scrap coin broken_cup)", the engine's card keys run
    together; it says the cards as printed, apart, as they can be typed again."""
    typed = ["1", "pot shard, broken cup, 2 talismans",
             "pot shard, 2 parchment scraps, coin, pharaohs mask", "undo", "undo", "quit"]
    result = run_cli("track", "expedition", "--players", "2", "--monument", "tomb",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    undone = [line for line in result.out.splitlines() if "(undone: " in line]
    assert [line[line.index("(undone: "):] for line in undone] == [
        "(undone: the marketplace, the 5 cards face up: pot shard, parchment scrap, "
        "parchment scrap, coin, pharaoh's mask)",
        "(undone: your hand, the 4 cards dealt to you: pot shard, broken cup, talisman, "
        "talisman)"]


#: A 2-player Tomb table (the cards of `digsite deal expedition --seed 12 --monument
#: tomb`): you explore chamber A and keep 2 broken cups, then seat 1 explores it.
_TOMB_TABLE = ["1", "pot shard, broken cup, 2 talismans",
               "pot shard, 2 parchment scraps, coin, broken cup",
               "card", "sell talisman 1", "end", "pot shard", "end", "card", "end",
               "parchment scrap", "end", "card", "end", "map", "explore A",
               "2 pot shards, parchment scrap, 2 coins, 2 broken cups", "keep 2 broken cups",
               "end", "card", "explore A"]


def test_another_seats_tomb_keep_is_not_asked_what_it_kept(run_cli, tmp_path):
    """The Tomb's explorer keeps 2 cards "without letting any opponents see them", but
    track asked "seat 1, the Tomb: keep 2 cards of chamber A>" and took only a keep naming
    them ('keep' alone: "a keep names its cards"): the person had to invent them. The
    prompt says they are unseen, 'keep' enters the keep, and what the person sees of the
    chamber later is read whichever cards seat 1 kept."""
    for seen in ("coin, coin, parchment scrap", "pot shard, pot shard, coin"):
        typed = _TOMB_TABLE + ["keep", "end", "map", "explore A", seen, "quit"]
        result = run_cli("track", "expedition", "--players", "2", "--monument", "tomb",
                         "--record", str(tmp_path / f"{seen[:3]}.json"),
                         stdin="\n".join(typed) + "\n")
        assert result.code == 0 and result.err == "", (seen, result.err)
        assert ("seat 1, the Tomb: keep 2 cards of chamber A (unseen: type keep)> keep\n"
                "  seat 1 kept 2 cards from chamber A; the rest went back face down") \
            in result.out
        assert f"the cards you saw in the chamber> {seen}\n  you explored chamber A" \
            in result.out


def test_a_tomb_chamber_another_seat_kept_from_since_holds_only_what_you_left(run_cli,
                                                                             tmp_path):
    """You saw every card of chamber A and left 2 pot shards, a parchment scrap and 2
    coins; seat 1 kept 2 of them unseen. A talisman you said you saw there next was
    accepted (the world made up by swapping one in); it is refused, saying why."""
    typed = _TOMB_TABLE + ["keep", "end", "map", "explore A", "talisman, coin, pot shard",
                           "pot shard, coin, coin", "quit"]
    result = run_cli("track", "expedition", "--players", "2", "--monument", "tomb",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: the chamber: you saw chamber A hold 2 pot shards, 1 parchment scrap, 2 coins "
        "after your keep; seat 1 kept 2 of them since, so no talisman can be in it"]
    assert "the cards you saw in the chamber> pot shard, coin, coin\n  you explored chamber A" \
        in result.out


def test_the_first_player_may_be_typed_as_a_screen_names_the_seat(run_cli, tmp_path):
    """'seat 1' at "who plays first (a seat number)>" was refused "the first player is a
    seat number, 0 to 1", two seats said as a range: 'seat 1' reads, and a refusal at a
    table of two says "0 or 1"."""
    result = run_cli("track", "lootnrun", "--players", "2", "--record",
                     str(tmp_path / "t.json"), stdin="seat 2\nSeat 1\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: the first player is a seat number, 0 or 1, not 'seat 2'"]
    assert "the back colours on top of deck 0 and deck 1>" in result.out


def test_the_faces_listed_write_frank_as_every_screen_does(run_cli, tmp_path):
    """A face no hidden room shows was answered with the faces still hidden, Frank's
    written "chest; frank", and a word on no room with "mummy, werewolf, frank or amulet",
    where every screen writes "Frank" (his name is read back in any case)."""
    result = run_cli("track", "lootnrun", "--record", str(tmp_path / "t.json"),
                     stdin="0\nyellow red\nloot 0\ncup cup cup Frank\nbanana\nquit\n")
    assert result.code == 0, result.err
    listed, unread = result.err.splitlines()
    assert "shows cup, cup, cup; Frank (" in listed and " / chest; Frank / " in listed
    assert "its treasures, mummy, werewolf, Frank or amulet)" in unread
    assert "frank" not in result.err


def test_a_pyramids_hint_is_asked_before_the_earlier_seats_choices_are_seen(run_cli, tmp_path):
    """Every seat keeps and crosses at once, but the tracker asks seat by seat: at seat 1,
    'hint' at seat 0's prompt was refused "it is not your move", so the person could not
    ask before choosing (seat 0's choice shows only once all have chosen). The hint reads
    the person's view at seat 0's prompt too, for the keep and each crossing, until the
    person has chosen."""
    lines = ["1 2 34 37", "hint 20", "seat 0: keep 5,9", "keep 1,2", "seat 2: keep 11,12",
             "13 15 21 24", "O4", "hint 20", "seat 0: 5:A1", "1:A1", "hint 20", "quit"]
    result = run_cli("track", "pyramids", "--players", "3", "--seat", "1", "--record",
                     str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert result.out.count("pyramids: you — best move keep ") == 1
    assert result.out.count("pyramids: you — best move 2:A1") == 1  # (the crossing's)
    assert result.err.splitlines() == [
        "error: hints are for your decisions: it is not your move"]  # (after choosing)
