"""`digsite play` as a player at a real table plays it: a second trade in a turn, an undo
that shows nothing it should not, the end of a Loot N Run game told, long lists kept short
(a tester's report, f21)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import cards_data
from games.record import read_record

#: (the screens read as they say, unfolded: tests/cli/test_pipe_width_cli.py folds them)
pytestmark = pytest.mark.usefixtures("unfolded")


def _record(path: Path, game: str):
    return read_record(json.loads(path.read_text()), game, cards_data.load(game))


def test_a_second_trade_in_a_turn_is_merged_with_the_first(run_cli, tmp_path):
    """Both rulebooks let a seat trade with the marketplace again and again in a turn; play
    refused the second ("no trade now (one trade before the turn's first explore and one
    after each)"). It plays the turn's trades between two explores as one, as track enters
    them, says so, and `undo` takes back both (seed 7: the person holds a broken cup)."""
    target = tmp_path / "game.json"
    keys = ["trade 1 broken cup for 2 parchment scraps",
            "trade 2 parchment scraps for 1 broken cup",  # (back where it was: no trade)
            "trade 1 parchment scrap for 1 pot shard", "quit"]
    result = run_cli("play", "archaeology", "--seed", "7", "--record", str(target),
                     stdin="\n".join(keys) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you traded earlier this turn and the trades between two explores are played "
        "as one which cannot be: together they change nothing (every card went back where "
        "it was)"]
    assert ("merged with this turn's trade: now trade 1 broken cup for 1 pot shard + 1 "
            "parchment scrap (trade value 2 for 2) (a turn's trades between two explores are "
            "played as one; `undo` takes back both)") in result.out
    assert "one trade before your first explore" not in result.out
    assert "(the trades between two explores are played as one)" in result.out
    mine = [e.move for e in _record(target, "archaeology").moves if e.seat == 0]
    assert mine == ["trade broken_cup for pot_shard parchment_scrap"]
    # undo takes back both trades: the hand of the deal again, no trade recorded
    result = run_cli("play", "archaeology", "--seed", "7", "--record", str(target),
                     stdin="\n".join(keys[:1] + keys[2:3] + ["undo", "quit"]) + "\n")
    assert result.code == 0, result.err
    assert [e.move for e in _record(target, "archaeology").moves if e.seat == 0] == []
    assert result.out.count("you hold 5 cards: 3 pot shards, 1 talisman, 1 broken cup") == 2


def test_a_merged_trade_the_engine_refuses_says_the_rule_in_words(run_cli, tmp_path):
    """A second trade merged with the first and refused by the engine said the engine's
    move text inside the line ("which cannot be: move 'trade pot_shard broken_cup ...' is
    not legal here: ..."); the line says the merged trade once, in the player's words, and
    the rule it breaks (seed 7: the marketplace holds no talisman)."""
    keys = ["trade 1 broken cup for 2 parchment scraps",
            "trade pot shard and broken cup for talisman", "quit"]
    result = run_cli("play", "archaeology", "--seed", "7", "--record",
                     str(tmp_path / "game.json"), stdin="\n".join(keys) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you traded earlier this turn and the trades between two explores are played "
        "as one, here `trade pot shard broken cup broken cup for parchment scrap parchment "
        "scrap talisman`, which cannot be: the marketplace holds 0 talismans, not 1"]
    # a sale after the first trade that the one trade no longer covers: that sale, in words
    keys = ["trade 1 broken cup for 2 parchment scraps", "sell 2 parchment scraps",
            "trade 1 parchment scrap for 1 pot shard", "quit"]
    result = run_cli("play", "archaeology", "--seed", "7", "--record",
                     str(tmp_path / "sold.json"), stdin="\n".join(keys) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you traded earlier this turn and the trades between two explores are played "
        "as one, here `trade broken cup for pot shard parchment scrap`, which cannot be: "
        "your sale after it, `sell parchment scrap 2`, could not be made: you hold 1 "
        "parchment scrap, not 2"]


def test_a_whole_trade_refused_says_the_move_as_typed_and_the_rule_whole(run_cli, tmp_path):
    """A whole trade the engine refused said the engine's move text ("move 'trade pot_shard
    broken_cup for talisman' is not legal here: ..."), and play found its rule by cutting
    the message (the engine carried none apart): the move as typed, the rule whole (seed
    7: the marketplace holds no talisman)."""
    keys = ["trade pot shard and broken cup for talisman", "quit"]
    result = run_cli("play", "archaeology", "--seed", "7", "--record",
                     str(tmp_path / "game.json"), stdin="\n".join(keys) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'trade pot shard and broken cup for talisman' is not legal here: the "
        "marketplace holds 0 talismans, not 1 (type a number, or 'moves')"]


def test_a_hints_words_name_the_seats_as_the_screen_does(run_cli, tmp_path):
    """The hint's words of a thief sent said "seat 1" where the list above them says "seat
    1 (greedy)" (the search's words, told without the screen's names); the same names now
    (seed 8, three seats: the person's first decision is the thief's victim)."""
    result = run_cli("play", "archaeology", "--seed", "8", "--players", "3", "--record",
                     str(tmp_path / "game.json"), stdin="hint 50\nquit\n")
    assert result.code == 0, result.err
    hint = result.out[result.out.index("your move> hint 50"):]
    for seat in (1, 2):
        assert (f"= send the thief to seat {seat} (greedy): it takes a random card of that "
                f"seat's hand") in hint, hint
    assert "send the thief to seat 1:" not in hint


def test_undo_stops_at_what_showed_you_something_new(run_cli, tmp_path):
    """Undo took back a secret look at the Temple's chamber, a room looted, a card dug:
    the deal is fixed, so the card seen came again in the same place and the game played
    again was played knowing it. Undo goes back only over what showed the person nothing
    new, and says where it stops and why; a sale it takes back, as before (seed 3: the
    person sells, the Temple offers a look)."""
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "3", "--record",
                     str(tmp_path / "e.json"), stdin="1\nlook A\nundo\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: undo stops here: you have seen what came since (you looked secretly at "
        "chamber A: 2 pot shards, 2 parchment scraps and a coin); undo goes back only over "
        "what showed you nothing new; `undo anyway` (or `undo!`) takes it back all the same, "
        "and you keep knowing what you saw"]
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "3", "--record",
                     str(tmp_path / "e.json"), stdin="1\nundo\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "(undone: back to your previous decision)" in result.out
    result = run_cli("play", "lootnrun", "--record", str(tmp_path / "l.json"),
                     stdin="loot 0\nundo\nquit\n")
    assert result.code == 0, result.err
    assert result.err.startswith("error: undo stops here: you have seen what came since (you "
                                 "drew from deck 0: room 13 (yellow): scarab"), result.err
    result = run_cli("play", "archaeology", "--seed", "1", "--record", str(tmp_path / "a.json"),
                     stdin="1\nundo\nquit\n")  # (the thief sent, and the card it took seen)
    assert "(the thief took a pot shard from seat 1 (greedy))" in result.err, result.err


@pytest.mark.parametrize("anyway", ["undo anyway", "undo!", "Undo Anyway"])
def test_undo_anyway_takes_back_what_you_saw_and_says_you_keep_knowing_it(run_cli, tmp_path,
                                                                          anyway):
    """Undo stopped at a secret look and left no way past it: `undo anyway` (`undo!`) takes
    it back all the same, the screen says that you keep knowing what you saw, and the
    record marks the takeback (``undone_over_seen``); a plain undo, as before."""
    target = tmp_path / "e.json"
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "3", "--record",
                     str(target), stdin=f"1\nlook A\nundo\n{anyway}\nquit\n")
    assert result.code == 0, result.err
    assert len(result.err.splitlines()) == 1  # (the plain undo's stop)
    seen = "you looked secretly at chamber A: 2 pot shards, 2 parchment scraps and a coin"
    assert (f"(undone anyway: back to your previous decision; you keep knowing what you saw "
            f"({seen}), and the record marks this takeback)") in result.out
    doc = json.loads(target.read_text())
    assert doc["undone_over_seen"] == [{"at": 1, "seen": seen}]
    record = _record(target, "expedition")  # (read back: the key is the format's)
    assert record.undone_over_seen == ({"at": 1, "seen": seen},)
    assert [e.move for e in record.moves] == ["sell pot_shard 1"]
    assert record.to_json() == doc


def test_undo_anyway_over_nothing_seen_and_alone_is_a_plain_undo(run_cli, tmp_path):
    """Where undo goes back anyway (nothing seen; solo practice, over anything) `undo anyway`
    is undo: no takeback over seen information marked."""
    target = tmp_path / "e.json"
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "3", "--record",
                     str(target), stdin="1\nundo!\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "(undone: back to your previous decision)" in result.out
    assert "undone_over_seen" not in json.loads(target.read_text())
    result = run_cli("play", "ancients", "--players", "1", "--record", str(tmp_path / "s.json"),
                     stdin="1\n1\n1\nundo\nundo\nquit\n")  # (a refill drawn, taken back)
    assert result.code == 0 and result.err == "", result.err
    assert result.out.count("(undone: back to your previous decision)") == 2
    assert "undone_over_seen" not in json.loads((tmp_path / "s.json").read_text())


def test_the_end_of_loot_n_run_tells_each_seats_rooms_and_score(run_cli, tmp_path):
    """Game over said "final scores: you 0, seat 1 (greedy) 43, seat 2 (greedy) 19" and no
    more: seat 2's 5 points from its 3 rooms, revealed at the end, were seen nowhere."""
    result = run_cli("play", "lootnrun", "--players", "3", "--record",
                     str(tmp_path / "l.json"), stdin="1\n" * 300)
    assert result.code == 0, result.err
    end = result.out[result.out.index("--- game over ---"):].splitlines()
    assert end[2:6] == [
        "  you: no rooms in front, 0",
        "  seat 1 (greedy): no rooms in front, 43",
        "  seat 2 (greedy): 3 rooms worth 5 points (room 21 (yellow): chest; no guardian or "
        "amulet / room 45 (green): crown, scarab; no guardian or amulet / room 42 (green): "
        "idol, necklace; no guardian or amulet), 14 + 5 = 19",
        "final scores: you 0, seat 1 (greedy) 43, seat 2 (greedy) 19"], end


def test_the_new_expeditions_trades_are_one_line_of_the_list(run_cli, tmp_path):
    """A New Expedition turn listed 38 to 200 trades, numbered, and the turn's other moves
    were lost among them (and without their words): the other moves are listed, with their
    words, and the trades are one line; 'trades' lists them, numbered after the others, and
    a number still picks one (seed 2: 38 trades)."""
    target = tmp_path / "e.json"
    result = run_cli("play", "expedition", "--seed", "2", "--record", str(target),
                     stdin="trades\n44\nquit\n")
    assert result.code == 0, result.err
    screen = result.out[:result.out.index("your move> trades")]
    assert screen.endswith(
        "   5. sell talisman 1          sell 1 talisman for $3\n"
        "   6. end                      end the turn\n"
        "  (38 trades possible, numbered 7 to 44: type 'trades' to list them, or type a "
        "trade, as `trade broken cup for coin`)\n"), screen[-400:]
    assert "trade broken_cup for coin" not in screen
    listed = result.out[result.out.index("your move> trades"):result.out.index("your move> 44")]
    # (each trade as a player types it, its cards spaced, as the line above writes one)
    assert listed.splitlines()[1].startswith("   7. trade broken cup for coin   ")
    assert listed.splitlines()[-1].startswith("  44. trade coin talisman for pot shard pot shard")
    mine = [e.move for e in _record(target, "expedition").moves if e.seat == 0]
    assert mine == ["trade coin talisman for pot_shard pot_shard parchment_scrap "
                    "parchment_scrap"]
    # the JSON stream for programs keeps the engine's list and order
    stream = run_cli("play", "expedition", "--seed", "2", "--json", "--record",
                     str(tmp_path / "j.json"), stdin="quit\n")
    decision = next(json.loads(line) for line in stream.out.splitlines()
                    if '"decision"' in line)
    assert len(decision["legal"]) == 44 and decision["legal"][-1] == "end"
    assert decision["legal"][5] == "trade broken_cup for coin"


def test_on_a_terminal_long_lines_fold_at_word_boundaries(monkeypatch, tmp_path):
    """A terminal cut play's long lines mid-word ("... in any order and as often as you
    c" / "an, ..."): on a terminal, play folds them to its width at word boundaries, a
    line's rest indented under it (through a pipe too, to COLUMNS or 80:
    tests/cli/test_pipe_width_cli.py)."""
    import io
    import sys

    from cli.main import main
    from cli.format import fold

    class Screen(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Screen()
    monkeypatch.setenv("COLUMNS", "61")
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", "archaeology", "--seed", "7", "--record",
                 str(tmp_path / "a.json")]) == 0
    lines = [line for line in out.getvalue().splitlines()
             if str(tmp_path) not in line]  # (a path has no word boundary to fold at)
    assert max(map(len, lines)) <= 60, max(lines, key=len)
    assert ("your turn: trade, sell and explore, in any order and as" in lines
            and "  often as you can, then end your turn (the trades between" in lines), lines
    assert fold("  12. sell talisman 1   sell 1 talisman for $3", 30).splitlines() == [
        "  12. sell talisman 1   sell 1", "      talisman for $3"]


def test_a_sandstorms_later_asks_do_not_say_half_your_hand_again(run_cli, tmp_path):
    """After the first discard the prompt still said "(half your hand, rounded down)" of a
    hand that had shrunk, as if half of it were owed again (seed 0: a sandstorm, 3 cards
    owed of 6)."""
    result = run_cli("play", "archaeology", "--seed", "0", "--record",
                     str(tmp_path / "g.json"), stdin="end\nend\nend\n1\nquit\n")
    assert result.code == 0, result.err
    asks = [line for line in result.out.splitlines() if line.startswith("sandstorm: discard ")]
    assert [ask.partition(": name")[0] for ask in asks] == [
        "sandstorm: discard 3 cards to the marketplace (half your hand, rounded down)",
        "sandstorm: discard 2 more cards to the marketplace"], asks


def test_trades_lists_the_trades_of_a_short_list_too(run_cli, tmp_path):
    """Help lists 'trades'; typed where the list shows every trade among the other moves
    (Archaeology, seed 3: 33 trades, a sale before them and the end after), it was refused
    "cannot read move 'trades'": it lists the trades alone, numbered as the list numbers
    them, the sales and the end left out."""
    result = run_cli("play", "archaeology", "--players", "2", "--seed", "3", "--record",
                     str(tmp_path / "a.json"), stdin="end\ntrades\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    listed = result.out[result.out.index("your move> trades"):result.out.index("your move> quit")]
    lines = listed.splitlines()[1:]
    assert lines[0].startswith("   6. trade coin for parchment scrap ")
    assert len(lines) == 33 and all(". trade " in line for line in lines)
    assert lines[-1].startswith("  38. trade ")


def test_trades_takes_extra_words_as_show_and_moves_do(run_cli, tmp_path):
    """'show me', 'moves 3' and 'help me' ignore the words after them, but 'trades 2' was
    refused "cannot read move 'trades 2'": it lists the trades; a trade typed with
    'trades' ('trades coin for pot shard') is still refused, suggesting the trade."""
    result = run_cli("play", "archaeology", "--players", "2", "--seed", "3", "--record",
                     str(tmp_path / "a.json"),
                     stdin="trades 2\ntrades coin for pot shard\ntrades\nquit\n")
    assert result.code == 0, result.err
    out = result.out
    typed = out[out.index("your move> trades 2"):out.index("your move> trades coin")]
    alone = out[out.index("your move> trades\n"):out.index("your move> quit")]
    assert typed.splitlines()[1:] == alone.splitlines()[1:] and len(alone.splitlines()) > 20
    assert result.err.splitlines() == [
        "error: cannot read move 'trades coin for pot shard' (moves: sell, trade, end); did "
        "you mean `trade coin for pot shard`? (type a number, or 'moves')"]


def test_hint_takes_the_command_lines_beliefs_option(run_cli, tmp_path):
    """`digsite hint --beliefs` adds the beliefs; typed at play's prompt, 'hint --beliefs'
    was refused "hint takes a number of iterations (hint 5000) or 'all' (every move), not
    '--beliefs'", though the hint there shows them: it is the hint, beliefs and all (and
    '--all' is 'all'); a game without beliefs says so in a line."""
    result = run_cli("play", "lootnrun", "--players", "4", "--seed", "5", "--record",
                     str(tmp_path / "l.json"),
                     stdin="hint --beliefs 40\nhint beliefs --all 40\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert result.out.count("beliefs from ") == 2
    assert result.out.count("best move ") == 2
    result = run_cli("play", "ancients", "--seed", "5", "--record", str(tmp_path / "a.json"),
                     stdin="hint --beliefs\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: Tomb of the Ancients has no beliefs about hidden cards: `hint` alone ranks "
        "your moves"]


def test_undo_with_a_number_says_it_takes_back_one_decision(run_cli, tmp_path):
    """'undo 3' took back one decision and said nothing of the 3 (track refuses it as no
    move): it is refused in a line saying undo goes one decision at a time; 'undo'
    alone then takes back the one."""
    result = run_cli("play", "pyramids", "--seed", "0", "--record", str(tmp_path / "p.json"),
                     stdin="keep 2,37\nundo 3\nundo\nquit\n")
    assert result.code == 0
    assert result.err.splitlines() == [
        "error: undo takes back one decision at a time (undo again for the one before; undo "
        "anyway past what you have seen), not '3'"]
    assert result.out.count("(undone: back to your previous decision)") == 1


def test_a_negative_number_is_told_which_numbers_there_are(run_cli, tmp_path):
    # ('-1' was told "move '-1' does not parse (expected keep 3,17, 12:A1,A2 +30:C3, ...)",
    # the move forms, where '0' is told which numbers there are)
    result = run_cli("play", "pyramids", "--seed", "0", "--record", str(tmp_path / "p.json"),
                     stdin="-1\n0\nquit\n")
    assert result.code == 0
    assert result.err.splitlines() == [f"error: there is no move {n}: pick 1 to 6"
                                       for n in ("-1", "0")]


def test_a_number_one_move_names_is_suggested_where_no_move_has_that_number(run_cli,
                                                                             tmp_path):
    # (at a replacement, display card 13 typed '13' was told "there is no move 13: pick 1
    # to 5" alone; where several moves name the number, as card 37's crossings, none is)
    moves = ["keep 2,37", "37:A1", "37:B1,C1,D1,C2", "37:E1,E2,D3,E3 +2:A1", "37:B4,C4,D4",
             "37:C5,D5,E5"]
    result = run_cli("play", "pyramids", "--seed", "0", "--record", str(tmp_path / "p.json"),
                     stdin="\n".join(moves + ["13", "take 13", "37", "quit"]) + "\n")
    assert result.code == 0
    assert result.err.splitlines() == [
        "error: there is no move 13: pick 1 to 5; did you mean `take 13`?",
        "error: there is no move 37: pick 1 to 6"], result.err


def test_help_lists_trades_only_where_there_are_trades(run_cli, tmp_path):
    """Help listed 'trades' in every game; at Loot N Run's table, typed, it was refused
    "'trades' is not a Loot N Run move": help lists it where the moves hold trades."""
    result = run_cli("play", "lootnrun", "--players", "4", "--seed", "5", "--record",
                     str(tmp_path / "l.json"), stdin="help\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "  hint, hint 5000 " in result.out and "  trades " not in result.out
    result = run_cli("play", "archaeology", "--players", "2", "--seed", "3", "--record",
                     str(tmp_path / "a.json"), stdin="help\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "  trades " in result.out


def test_a_seat_typed_as_the_screen_names_it_reads(run_cli, tmp_path):
    """The list's words name the seats as the screen does ("awaken seat 1 (greedy) (1 room
    in front)"); typed so, 'awaken seat 1 (greedy)' was "not a Loot N Run move": a seat's
    screen name reads as the seat."""
    result = run_cli("play", "lootnrun", "--players", "2", "--seed", "4", "--record",
                     str(tmp_path / "l.json"), stdin="awaken Seat 1 (greedy)\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert "you awakened seat 1 (greedy): 1 room worth 2 points" in result.out


def test_a_negative_hint_budget_is_refused_as_zero_is(run_cli, tmp_path):
    """The command line's dashes are read off a hint's words ('hint --beliefs'), and
    they were read off a number too: 'hint -5' ran a hint of 5 iterations where 'hint 0'
    is refused. A number keeps its sign, at play's prompt and at track's (door30a)."""
    result = run_cli("play", "archaeology", "--seed", "2", "--record",
                     str(tmp_path / "g.json"), stdin="hint -5\nhint --5\nhint 0\nquit\n")
    assert result.code == 0, result.err
    assert "best move" not in result.out
    assert result.err.splitlines() == [
        f"error: hint takes a number of iterations (hint 5000) or 'all' (every move), not "
        f"{typed!r}" for typed in ("-5", "--5", "0")]


def test_trades_after_a_trade_says_how_to_trade_again(run_cli, tmp_path):
    """After a trade the list holds no trade (a trade typed is played with the turn's
    trade as one), and 'trades', which help lists, was refused "cannot read move 'trades'
    (moves: sell, end)" though the turn's line says a seat may trade as often as it can:
    it says how to trade again, after a sale too; the trade typed is played as before
    (seed 5: the person holds 2 pot shards, 2 coins and a broken cup) (door30a)."""
    keys = ["trade 2 pot shards for coin", "trades", "sell coin 1", "trades",
            "trade broken cup for pot shard", "quit"]
    result = run_cli("play", "archaeology", "--seed", "5", "--players", "2", "--record",
                     str(tmp_path / "g.json"), stdin="\n".join(keys) + "\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: no trade is listed after this turn's trade: a trade typed now is played "
        "with it as one (`trade CARD for CARD`)"] * 2
    assert "merged with this turn's trade: now trade" in result.out
