"""`digsite play` for a person (issue 20 §2), through a pipe as a person's keys would come:
whole games of every game told in words, numbered moves, hint, undo, help, quit, the record
written as the game goes (kept at quit, at the end of the input and at Ctrl-C), and the
``--json`` stream for programs."""

from __future__ import annotations

import json
import re
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import cards_data
from games.record import read_record

#: (the screens read as they say, unfolded: tests/cli/test_pipe_width_cli.py folds them)
pytestmark = pytest.mark.usefixtures("unfolded")

ROOT = Path(__file__).resolve().parents[2]

#: Every game, and the New Expedition's monuments whose explores ask their own decisions.
TABLES = [("pyramids", ("--players", "1")), ("pyramids", ("--players", "3")),
          ("ancients", ("--players", "1")),
          ("archaeology", ()), ("lootnrun", ("--players", "3")),
          ("expedition", ("--monument", "temple")), ("expedition", ("--monument", "tomb")),
          ("expedition", ("--monument", "mine", "--players", "3")),
          ("expedition", ("--monument", "sphinx")),
          ("expedition", ("--monument", "buried_ruins", "--variant", "fierce-weather"))]


def _record(path: Path, game: str):
    return read_record(json.loads(path.read_text()), game, cards_data.load(game))


@pytest.mark.parametrize("game, options", TABLES,
                         ids=[f"{g}{'-' + o[1] if o else ''}" for g, o in TABLES])
def test_a_whole_game_through_a_pipe_in_words(run_cli, tmp_path, game, options):
    """Answer "1" (the first listed move) at every decision until the game ends."""
    target = tmp_path / "game.json"
    result = run_cli("play", game, *options, "--seed", "2", "--record", str(target),
                     stdin="1\n" * 5000)
    assert result.code == 0, result.err[-500:]
    assert result.err == ""
    out = result.out
    for part in ("--- the table ---", "--- your move ---", "   1. ", "--- game over ---",
                 f"record written to {target}"):
        assert part in out, part
    end = out[out.index("--- game over ---"):].splitlines()
    assert any(w in end[-2] for w in (" win", " wins", "the score is the result")), end
    if options[-2:] != ("--players", "1"):  # (solo: nothing happens between decisions)
        assert "--- since your last move ---" in out
    words = {"archaeology": ("money", "marketplace", "dig site", "dug up"),
             "expedition": ("money", "marketplace", "the monument", "tent"),
             "lootnrun": ("in front of you", "deck 0", "reached 35 points"),
             "pyramids": ("expedition card", "score card", "legend"),
             "ancients": ("the sands", "the market", "came into the market")}[game]
    for word in words:
        assert word in out, word
    record = _record(target, game)
    assert record.result is not None and record.seats[0] == "person"


def test_hint_undo_help_show_and_bad_lines(run_cli, tmp_path):
    # (seed 2: the first decision a sale; seed 1's sent the thief, whose take undo does not
    # go back over)
    target = tmp_path / "game.json"
    lines = ["help", "1", "hint 30", "undo", "undo", "show", "moves", "999", "no such move",
             "hint x", "1", "quit"]
    result = run_cli("play", "archaeology", "--seed", "2", "--record", str(target),
                     stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    out = result.out
    assert "undo" in out and "take back your last decision" in out  # help
    assert "best move" in out and "budget: 30 iterations" in out  # the hint
    assert "(undone: back to your previous decision)" in out
    errors = result.err.splitlines()
    assert len(errors) == 4 and all(e.startswith("error: ") for e in errors), errors
    assert "nothing to undo" in errors[0]
    assert errors[1].startswith("error: there is no move 999: pick 1 to ")
    assert "hint takes a number" in errors[3]
    assert "you quit before the end of the game" in out
    record = _record(target, "archaeology")
    assert record.result is None and len(record.moves) >= 1
    assert [e.seat for e in record.moves].count(0) == 1  # the undone decision is gone


def test_after_undo_the_chance_before_the_decision_is_said_as_its_past(run_cli, tmp_path):
    """After undo the screen showed the coin dug before the first decision under '---
    before your first move ---', after the undo line, as if it had just happened; it is
    said as what came before the decision now on screen again."""
    result = run_cli("play", "archaeology", "--seed", "2", "--record",
                     str(tmp_path / "g.json"), stdin="1\nundo\nquit\n")
    assert result.code == 0, result.err
    after = result.out.split("your move> undo\n")[1].splitlines()
    assert after[:3] == ["(undone: back to your previous decision)",
                         "--- what came just before this decision, as you saw it then ---",
                         "  you dug up a coin"], after[:4]
    # an undo with no chance before the decision: the undo line alone, then the table
    again = run_cli("play", "archaeology", "--seed", "2", "--record",
                    str(tmp_path / "h.json"), stdin="1\n1\nundo\nquit\n")
    after = again.out.split("your move> undo\n")[1].splitlines()
    assert after[:2] == ["(undone: back to your previous decision)", "--- the table ---"]


def test_the_hints_beliefs_name_the_seats_as_the_table_does(run_cli, tmp_path):
    """The beliefs said "seat 1 holds 5 cards" where every other line of the screen says
    "seat 1 (greedy)"."""
    result = run_cli("play", "archaeology", "--players", "3", "--bots", "greedy,random",
                     "--record", str(tmp_path / "g.json"), stdin="hint 20\nquit\n")
    assert result.code == 0, result.err
    held = re.findall(r"\n {4}(.+) holds \d+ cards?:", result.out)
    assert held == ["seat 1 (greedy)", "seat 2 (random)"], result.out
    # the hint is the person's, as the rest of the screen says it ("seat 0" before)
    assert "\n  archaeology: you — best move " in result.out, result.out
    result = run_cli("play", "lootnrun", "--players", "3", "--record",
                     str(tmp_path / "l.json"), stdin="hint 20\nquit\n")
    assert result.code == 0, result.err
    assert re.search(r"\n {4}seat 2 \(greedy\): caught if awakened", result.out), result.out
    assert re.search(r"\n {4}seat 2 \(greedy\)'s room 1 ", result.out), result.out


def test_a_sale_typed_without_its_count_is_the_one_the_hand_allows(run_cli, tmp_path):
    """`sell coin`, the hand holding one coin, was refused "a sale is 'sell CARD N'" and
    the one sale suggested; it is that sale. With 3 parchment scraps the refusal lists the
    sales the hand allows."""
    result = run_cli("play", "archaeology", "--seed", "1", "--record", str(tmp_path / "p.json"),
                     stdin="1\nsell parchment\nsell coin\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'sell parchment': a sale names how many: sell parchment scrap 1, sell "
        "parchment scrap 2 or sell parchment scrap 3 (type a number, or 'moves')"]
    assert "  you sold 1 coin for $2" in result.out


def test_a_sale_typed_without_its_card_asks_which_when_several_are_equally_close(run_cli,
                                                                                 tmp_path):
    """`sell 1` was asked "did you mean `sell coin 1`?", one of three sales of 1 card the
    hand allows, as close as it, picked by the spelling of the card's name: it asks which
    card, listing them; a count only one card can be sold by gets that sale suggested."""
    result = run_cli("play", "archaeology", "--seed", "1", "--record", str(tmp_path / "p.json"),
                     stdin="1\nsell 1\nsell 3\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'sell 1': sell what? (you can sell 1 of: pot shard, parchment scrap, "
        "coin) (type a number, or 'moves')",
        "error: move 'sell 3': a sale is 'sell CARD N', the card and how many (sell coin 2); "
        "did you mean `sell parchment scrap 3`? (type a number, or 'moves')"]


def test_a_refused_move_says_the_rule_and_not_the_engines_steps(run_cli, tmp_path):
    """A legal-looking move that breaks a rule was refused with the engine's own legal steps
    ("legal: take pot_shard, take coin, ...") that this screen, numbering whole decisions,
    never shows: the rule broken, then the way to the screen's list."""
    result = run_cli("play", "archaeology", "--seed", "3", "--iterations", "20", "--record",
                     str(tmp_path / "g.json"), stdin="sell talisman 1\nquit\n")
    assert result.code == 0, result.err
    refusal = result.err.splitlines()[0]
    assert refusal == ("error: move 'sell talisman 1' is not legal here: you hold 0 talismans, "
                       "not 1 (type a number, or 'moves')"), refusal


def test_a_refused_trade_names_the_cards_as_typed(run_cli, tmp_path):
    """A trade the marketplace cannot give was refused "the marketplace holds 1 pharaohs
    mask, not 2", the engine's spelling, where the player typed "pharaoh's mask"."""
    result = run_cli("play", "archaeology", "--seed", "1", "--record", str(tmp_path / "g.json"),
                     stdin="1\ntrade coin for pharaoh's mask pharaoh's mask\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move \"trade coin for pharaoh's mask pharaoh's mask\" is not legal here: the "
        "marketplace holds 1 pharaoh's mask, not 2 (type a number, or 'moves')"]


def test_help_writes_out_a_move_of_the_game_played(run_cli, tmp_path):
    """help's example of a move written out was "sell coin 2" in every game (Loot N Run
    has no such move); it is the list's third move, the one "3" picks."""
    result = run_cli("play", "lootnrun", "--record", str(tmp_path / "g.json"),
                     stdin="help\nquit\n")
    assert result.code == 0, result.err
    assert "sell coin" not in result.out
    assert re.search(r"\n  awaken 1 +the third move written out, as the list and", result.out)
    result = run_cli("play", "pyramids", "--record", str(tmp_path / "p.json"),
                     stdin="help\nquit\n")
    assert re.search(r"\n  keep 1,37 +the third move written out", result.out), result.out


def test_undo_in_solo_takes_back_the_last_move(run_cli, tmp_path):
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    for target, keys in ((first, "1\n2\nquit\n"), (second, "1\n2\nundo\n1\nquit\n")):
        result = run_cli("play", "pyramids", "--players", "1", "--record", str(target),
                         stdin=keys)
        assert result.code == 0 and result.err == "", result.err
    played = [e.move for e in _record(first, "pyramids").moves]
    undone = [e.move for e in _record(second, "pyramids").moves]
    assert len(played) == len(undone) == 2
    assert played[0] == undone[0] and played[1] != undone[1]


def test_a_sandstorms_discards_are_typed_in_one_line_in_any_order(run_cli, tmp_path):
    """The rulebook lets a seat choose the cards it loses, in no order: the prompt offers
    the one-line form, a discard out of card order is refused in one line saying so, and
    ``discard map talisman coin`` is the whole discard, recorded as one move (seed 0: the
    person holds a pot shard, 3 coins, a talisman and a map at its third decision, a
    sandstorm)."""
    target = tmp_path / "game.json"
    keys = "end\nend\nend\ndiscard map\ndiscard map talisman coin\nquit\n"
    result = run_cli("play", "archaeology", "--seed", "0", "--record", str(target),
                     stdin=keys)
    assert result.code == 0, result.err
    # (before any discard: "3", not "3 more")
    assert ("sandstorm: discard 3 cards to the marketplace (half your hand, rounded "
            "down): name them in one line, in any order (`discard CARD CARD CARD`)"
            ) in result.out
    assert result.err.splitlines() == [
        "error: a seat's sandstorm discards are entered in card order (the order changes "
        "nothing): discard a pot shard or a coin first, or name all 3 in one line: "
        "`discard coin talisman map` (type a number, or 'moves')"]
    assert "you discarded a coin, a talisman and a map to the marketplace" in result.out
    mine = [e.move for e in _record(target, "archaeology").moves if e.seat == 0]
    assert mine == ["end", "end", "end", "discard coin talisman map"]


def test_another_seats_discard_at_a_sandstorm_is_one_line(run_cli, tmp_path):
    """A bot's discard at a sandstorm showed one line a card ("seat 1 (greedy) discarded a
    pot shard to the marketplace" twice): the screen tells each seat's whole discard in one
    line, in the words of a discard typed in one line; the record keeps the engine's
    moves, a card each (seed 1: seat 1 discards 2 cards at two sandstorms)."""
    target = tmp_path / "game.json"
    result = run_cli("play", "archaeology", "--seed", "1", "--record", str(target),
                     stdin="1\n" * 200)
    assert result.code == 0, result.err
    said = [line.strip() for line in result.out.splitlines() if " discarded " in line]
    assert said.count("seat 1 (greedy) discarded a pot shard and a parchment scrap to the "
                      "marketplace") == 1, said
    assert said.count("seat 1 (greedy) discarded 2 pot shards to the marketplace") == 1, said
    assert len(said) == 6, said  # (two lines fewer than the seat's 8 discards)
    theirs = [e.move for e in _record(target, "archaeology").moves
              if e.seat == 1 and e.move.startswith("discard")]
    assert len(theirs) == 8 and all(len(m.split()) == 2 for m in theirs), theirs


def test_a_sandstorm_asks_for_more_only_after_a_discard(run_cli, tmp_path):
    """The prompt said "discard 3 more cards" before the first discard (seed 0, as
    above)."""
    result = run_cli("play", "archaeology", "--seed", "0", "--record",
                     str(tmp_path / "g.json"), stdin="end\nend\nend\n1\nquit\n")
    assert result.code == 0, result.err
    asks = [line.partition(" to the")[0] for line in result.out.splitlines()
            if line.startswith("sandstorm: discard ")]
    assert asks == ["sandstorm: discard 3 cards", "sandstorm: discard 2 more cards"], asks


def test_the_end_of_the_input_keeps_the_game_so_far(run_cli, tmp_path):
    target = tmp_path / "game.json"
    result = run_cli("play", "lootnrun", "--record", str(target), stdin="1\n1\n1\n")
    assert result.code == 0, result.err
    assert "the input ended before the end of the game" in result.out
    record = _record(target, "lootnrun")
    assert record.result is None and sum(e.seat == 0 for e in record.moves) == 3


def test_a_record_in_a_file_named_dash_is_named_as_given(run_cli, tmp_path, monkeypatch):
    """'play --record ./-' ended "the game so far (1 move) is in -" (and - given to review
    is the standard input): the file is named as given, ./-, in text, in the JSON stream's
    last event and when the file there is no record."""
    monkeypatch.chdir(tmp_path)
    result = run_cli("play", "lootnrun", "--record", "./-", stdin="1\nquit\n")
    assert result.code == 0 and result.out.rstrip().endswith("is in ./-"), result.out
    result = run_cli("play", "lootnrun", "--json", "--record", "./-", stdin="quit\n")
    assert json.loads(result.out.splitlines()[-1])["path"] == "./-"
    (tmp_path / "-").write_text("not a record")
    result = run_cli("play", "lootnrun", "--record", "./-", stdin="quit\n")
    assert result.code == 2 and result.err.startswith(
        "error: ./-: exists and is not a game record"), result.err


def test_json_stream_for_programs(run_cli, tmp_path):
    target = tmp_path / "game.json"
    result = run_cli("play", "lootnrun", "--json", "--seed", "4", "--record", str(target),
                     stdin="1\nhint 20\n" + "1\n" * 2000)
    assert result.code == 0, result.err
    events = [json.loads(line) for line in result.out.splitlines()]
    kinds = [e["event"] for e in events]
    assert kinds[0] == "start" and kinds[-2:] == ["end", "record"]
    assert {"decision", "move", "hint"} <= set(kinds)
    decision = next(e for e in events if e["event"] == "decision")
    assert decision["view"]["game"] == "lootnrun" and decision["legal"]
    assert events[-1]["finished"] and events[-1]["path"] == str(target)
    hint = next(e for e in events if e["event"] == "hint")["hint"]
    assert hint["budget"]["iterations"] == 20


def test_ctrl_c_keeps_the_record(tmp_path):
    """A real SIGINT while the game waits for the person: exit 130, the record kept."""
    target = tmp_path / "game.json"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", "play", "lootnrun", "--record",
                             str(target)], cwd=tmp_path, env=env, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            # a shell's background job (`make test &`) ignores SIGINT and its
                            # children inherit that: give the child a terminal's default
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    proc.stdin.write("1\n1\n")
    proc.stdin.flush()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:  # wait until both moves are on disk
        if target.exists() and sum(m["seat"] == 0 for m in json.loads(
                target.read_text())["moves"]) == 2:
            break
        time.sleep(0.1)
    else:
        proc.kill()
        raise AssertionError(f"the two moves never reached {target}: {proc.communicate()}")
    proc.send_signal(signal.SIGINT)
    # the input stays open until the process is gone: its end would be a normal quit
    proc.wait(timeout=60)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert f"the game so far is in {target}" in err and "Traceback" not in err
    assert sum(e.seat == 0 for e in _record(target, "lootnrun").moves) == 2


def test_what_happened_before_your_first_move_is_not_since_your_last(run_cli, tmp_path):
    result = run_cli("play", "lootnrun", "--seat", "1", "--seed", "1", "--record",
                     str(tmp_path / "g.json"), stdin="quit\n")
    assert result.code == 0, result.err
    assert "--- before your first move ---" in result.out
    assert "--- since your last move ---" not in result.out


def test_a_whole_dig_is_typed_as_the_hint_names_it(run_cli, tmp_path):
    """Tomb of the Ancients' hint ranks whole turns (``dig find 7 0 at A1; find 18 0 at
    C2``), but `play` took only engine steps (each sand token, each find, ``end``): the
    move the hint named was refused. Now it is played whole, and undone whole."""
    from games.ancients import make_deal, parse_move, state_from_deal
    from games.protocol import resolve_chance
    from solvers.ancients.turn import dig_move, dig_steps, plan_for

    data = cards_data.load("ancients")
    for seed in range(40):  # a solo deal where the map bought first can be found next turn,
        # spending sand
        state = state_from_deal(make_deal(players=1, seed=seed, data=data), data)
        state.apply(parse_move(state, "market buy 1"))
        resolve_chance(state, None)  # (the deal fixes the refill)
        plan = plan_for(state)
        if plan.finds and plan.tokens:
            break
    assert plan.finds and plan.tokens, "no such deal among the seeds tried"
    dig = dig_move(plan)
    steps = [str(m) for m in dig_steps(state, dig)]
    target = tmp_path / "dig.json"
    result = run_cli("play", "ancients", "--players", "1", "--seed", str(seed), "--record",
                     str(target), stdin=f"market buy 1\n{dig}\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    assert [e.move for e in _record(target, "ancients").moves] == ["market buy 1", *steps]
    undone = tmp_path / "undone.json"
    result = run_cli("play", "ancients", "--players", "1", "--seed", str(seed), "--record",
                     str(undone), stdin=f"market buy 1\n{dig}\nundo\nquit\n")
    assert result.code == 0 and [e.move for e in _record(undone, "ancients").moves] == [
        "market buy 1"]
    bad = run_cli("play", "ancients", "--players", "1", "--seed", str(seed),
                  "--record", str(tmp_path / "bad.json"),
                  stdin="dig find 99 0 at A1\nquit\n")
    assert bad.code == 0 and "there is no map 99" in bad.err, bad.err
    # a dig the seat's sand cannot shape: said so, not the legal moves of half a turn
    from games.errors import IllegalMoveError
    from solvers.ancients.service import turn_steps

    tokens = sum(1 for m in steps if m.startswith("sand "))
    state.sand[state.current_player()] = tokens - 1
    with pytest.raises(IllegalMoveError, match=f"this dig needs {tokens} sand token"):
        turn_steps(state, str(dig))


def test_looting_a_deck_not_at_the_table_says_so(run_cli, tmp_path):
    """'loot deck 2' said "'loot deck 2' is not a Loot N Run move" where 'loot 2' said
    there is no deck 2."""
    result = run_cli("play", "lootnrun", "--seed", "1", "--record", str(tmp_path / "g.json"),
                     stdin="loot deck 2\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: move 'loot deck 2': there is no deck 2 (decks 0 and 1) (type a number, or "
        "'moves')"]


def test_a_suggestion_is_in_the_players_words(run_cli, tmp_path):
    """'sel pot shard 2' was asked "did you mean `sell pot_shard 1`?", the engine's
    spelling, where the screen's words say "pot shard"; the suggestion reads as the move."""
    result = run_cli("play", "archaeology", "--seed", "3", "--record",
                     str(tmp_path / "g.json"), stdin="sel pot shard 2\nsell parchmnt 1\n"
                                                     "sell pot shard 1\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        # (no suggestion changes a number typed: 'sell pot shard 1' would sell another count)
        "error: cannot read move 'sel pot shard 2' (moves: sell, trade, end) (type a number, "
        "or 'moves')",
        "error: move 'sell parchmnt 1': unknown card 'parchmnt' (cards: pot shard, "
        "parchment scrap, coin, talisman, broken cup, pharaoh's mask, map); did you mean "
        "`sell parchment scrap 1`? (type a number, or 'moves')"]
    assert "you sold 1 pot shard" in result.out


def test_an_unknown_card_is_refused_listing_the_cards_as_printed():
    """The refusal listed the cards by the engine's spellings ("(cards: pot_shard, ...,
    pharaohs_mask)") where the screen says "pharaoh's mask"; the engine's message (JSON,
    the board) keeps them, carried apart (``cards``), and play says them as printed."""
    from cli.play import unread
    from games import load
    from games.errors import InvalidMoveError
    game = load("archaeology")
    state = game.state_from_deal(game.new_deal(seed=3, players=2))
    with pytest.raises(InvalidMoveError) as refused:
        game.parse_move(state, "sell parchmnt 1")
    assert str(refused.value) == (
        "move 'sell parchmnt 1': unknown card 'parchmnt' (cards: pot_shard, parchment_scrap, "
        "coin, talisman, broken_cup, pharaohs_mask, map)")
    assert refused.value.cards == ("pot_shard", "parchment_scrap", "coin", "talisman",
                                   "broken_cup", "pharaohs_mask", "map")
    assert unread(refused.value, game) == (
        "move 'sell parchmnt 1': unknown card 'parchmnt' (cards: pot shard, parchment "
        "scrap, coin, talisman, broken cup, pharaoh's mask, map)")


def test_an_unknown_card_is_refused_listing_only_the_cards_of_this_game(run_cli, tmp_path):
    """The New Expedition at 2 players: 'keep scarab coin' was refused listing the
    notation's every card, "broken tablet, broken pendant" among them, which a table of 2
    has none of; the list is of this table's game."""
    result = run_cli("play", "expedition", "--players", "2", "--monument", "tomb",
                     "--record", str(tmp_path / "g.json"),
                     stdin="keep scarab coin\nquit\n")  # (no card of the game)
    assert result.code == 0, result.err
    [refusal] = result.err.splitlines()
    assert ("unknown card 'scarab' (cards: pot shard, parchment scrap, coin, broken cup, "
            "talisman, map, pharaoh's mask)") in refusal, refusal
    assert "broken tablet" not in refusal and "broken pendant" not in refusal


def test_a_decision_owed_first_is_said_in_words(run_cli, tmp_path):
    """'card' at the sandstorm's tent (the New Expedition, the Temple, seed 0) was refused
    "cannot read move 'card' (moves: tent)"; the refusal says the decision and its moves,
    as track's does (games.archaeology.table.forced_decision)."""
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "0",
                     "--record", str(tmp_path / "g.json"), stdin="end\nend\nend\ncard\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you first decide on your tent at the sandstorm: tent use or tent keep (type "
        "a number, or 'moves')"]


def test_a_typo_at_a_decision_owed_first_is_suggested_the_move_meant(run_cli, tmp_path):
    """'tnet use' at the sandstorm's tent (seed 0, as above) was refused with the decision's
    words alone, where the turn's other prompts suggest the move meant: it says both."""
    result = run_cli("play", "expedition", "--monument", "temple", "--seed", "0",
                     "--record", str(tmp_path / "g.json"), stdin="end\nend\nend\ntnet use\nquit\n")
    assert result.code == 0, result.err
    assert result.err.splitlines() == [
        "error: you first decide on your tent at the sandstorm: tent use or tent keep; did "
        "you mean `tent use`? (type a number, or 'moves')"]


def test_the_moves_name_the_other_seats_as_the_screen_does(run_cli, tmp_path):
    """The thief's victim (Archaeology, seed 1) and the seat to awaken (Loot N Run) were
    "seat 1" in the moves' words where every other line of the screen says "seat 1
    (greedy)"."""
    result = run_cli("play", "archaeology", "--seed", "1", "--record",
                     str(tmp_path / "a.json"), stdin="quit\n")
    assert result.code == 0, result.err
    assert "1. steal 1   send the thief to seat 1 (greedy): it takes a random card" in result.out
    result = run_cli("play", "lootnrun", "--seed", "1", "--record", str(tmp_path / "l.json"),
                     stdin="1\n1\n1\nquit\n")
    assert result.code == 0, result.err
    awakens = re.findall(r"\d\. awaken 1 +(.*)", result.out)
    assert awakens and all(re.fullmatch(r"awaken seat 1 \(greedy\) \(\d rooms? in front\)", a)
                           for a in awakens), awakens


def test_a_decision_of_one_move_says_so(run_cli, tmp_path):
    """A number past a list of one move (seed 1: the thief's one victim) said "pick 1 to
    1"."""
    result = run_cli("play", "archaeology", "--seed", "1", "--record",
                     str(tmp_path / "g.json"), stdin="2\nquit\n")
    assert result.code == 0, result.err
    assert "   1. steal 1 " in result.out and "   2. " not in result.out
    assert result.err.splitlines() == ["error: there is no move 2: the only move is 1"]


def test_a_hint_in_the_middle_of_an_ancients_dig(run_cli, tmp_path):
    """A player's pass: sand spent, then "hint" was "error: no hint for this decision: a
    view is taken at the start of a turn, not in the middle of one". The hint ranks the
    rest of the desert turn, and its dig can be typed as it is written."""
    target = tmp_path / "mid.json"
    moves = ["market buy 4", "rest money", "market buy 2", "rest sand", "sand B D1"]
    result = run_cli("play", "ancients", "--seed", "4", "--record", str(target),
                     stdin="\n".join(moves + ["hint 60", "quit"]) + "\n")
    assert result.code == 0 and "no hint" not in result.err, result.err
    assert "rest of this desert turn" in result.out
    best = re.search(r"best move (dig [^\n]+|end)\n", result.out)
    assert best, result.out
    result = run_cli("play", "ancients", "--seed", "4", "--record", str(target),
                     stdin="\n".join(moves + [best.group(1), "quit"]) + "\n")
    assert result.code == 0 and result.err == "", result.err
    played = [e.move for e in _record(target, "ancients").moves]
    assert played[:5] == moves and len(played) > 5 and played[-1] == "end"


def test_a_trade_for_a_card_is_typed_as_said(run_cli, tmp_path):
    """'trade 2 coins for a talisman' was refused "unknown card 'a'" where 'discard a
    talisman' was read (seed 3, two players: the person's second decision holds 2 coins,
    the marketplace a talisman)."""
    target = tmp_path / "game.json"
    result = run_cli("play", "archaeology", "--players", "2", "--seed", "3", "--record",
                     str(target), stdin="end\ntrade 2 coins for a talisman\nquit\n")
    assert result.code == 0, result.err
    assert result.err == ""
    assert "you traded 2 coins for a talisman" in result.out
    mine = [e.move for e in _record(target, "archaeology").moves if e.seat == 0]
    assert mine == ["end", "trade coin coin for talisman"]


@pytest.mark.parametrize("command", ["play", "track"])
def test_ctrl_c_in_a_long_hint_stops_the_hint_and_not_the_game(tmp_path, command):
    """A real SIGINT during ``hint 9999999`` typed at the prompt ended the game (as at the
    prompt itself): it stops the search, whose ranking so far is shown (stopped by
    Ctrl-C), and the prompt comes back; a SIGINT there ends the game as before (exit 130,
    the record kept)."""
    import threading

    target = tmp_path / "game.json"
    setup = "0\nyellow red\n" if command == "track" else ""  # (track: who starts, the decks)
    proc = subprocess.Popen([sys.executable, "-m", "cli.main", command, "lootnrun", "--record",
                             str(target)], cwd=tmp_path, env={**os.environ, "PYTHONPATH": str(ROOT)},
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True,
                            # a background job's children inherit SIG_IGN: the default here
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert proc.stdin is not None and proc.stdout is not None
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(iter(lambda: proc.stdout.read(1), "")),
                              daemon=True)
    reader.start()

    def wait_for(text: str, times: int = 1) -> None:
        deadline = time.monotonic() + 120
        while "".join(out).count(text) < times:
            if time.monotonic() > deadline or proc.poll() is not None:
                proc.kill()
                raise AssertionError(f"never saw {text!r}: {''.join(out)[-1500:]}"
                                     f"{proc.stderr.read() if proc.stderr else ''}")
            time.sleep(0.05)

    # (a short hint first: the search's imports are done before the long one starts)
    proc.stdin.write(setup + "hint 1\nhint 9999999\n")
    proc.stdin.flush()
    wait_for("your move> ", 2)
    wait_for("hint 9999999")  # (the line is echoed as it is read: the search is starting)
    time.sleep(1.5)
    proc.send_signal(signal.SIGINT)
    wait_for("stopped by Ctrl-C")
    wait_for("your move> ", 3)  # the prompt again: the game goes on
    assert proc.poll() is None
    proc.send_signal(signal.SIGINT)  # at the prompt: the end, as before
    proc.wait(timeout=60)
    reader.join(timeout=10)
    err = proc.stderr.read() if proc.stderr else ""
    assert proc.returncode == 130, err
    assert "interrupted: stopping the search" in err and "Traceback" not in err
    assert f"the {'game' if command == 'play' else 'table'} so far is in {target}" in err
    assert target.exists()
