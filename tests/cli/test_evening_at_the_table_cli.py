"""An evening of whole games played and tracked as a player types them (door24): each
test is a screen that told a player something wrong or unclear, with the lines typed."""

from __future__ import annotations

import pytest

#: (the screens read as they say, unfolded: tests/cli/test_pipe_width_cli.py folds them)
pytestmark = pytest.mark.usefixtures("unfolded")


def test_a_spaced_list_that_is_no_legal_move_is_refused_for_the_rule_it_breaks(
        run_cli, tmp_path):
    # (the notation reads `12:a1 a2 b2` as `12:A1,A2,B2`; a spaced list that was no legal
    # move was blamed on its spaces, "extra boxes are written +CARD:CELL", or read as one
    # card "'1 99' is not a number; did you mean `keep 1,2`?")
    typed = "keep 1 99\nkeep 1 2 34\nkeep 34 37\n37:a1 a2 b2 b1\n"
    result = run_cli("play", "pyramids", "--players", "2", "--record",
                     str(tmp_path / "p.json"), stdin=typed)
    assert result.code == 0
    assert result.err.splitlines() == [
        "error: move 'keep 1 99' is not legal here: there is no card 99 (the pyramid cards "
        "are 1 to 48) (type a number, or 'moves')",
        "error: move 'keep 1 2 34' is not legal here: keep 2 of your 4 dealt cards, not 3 "
        "(type a number, or 'moves')",
        "error: move '37:a1 a2 b2 b1' is not legal here: B2 is a wall on card 37 (type a "
        "number, or 'moves')"]


def test_a_keep_of_words_says_what_keep_takes(run_cli, tmp_path):
    """`keep one two` said "card 'one two' is not a number", as if one card were asked:
    it says what a keep takes."""
    result = run_cli("play", "pyramids", "--players", "2", "--record",
                     str(tmp_path / "p.json"), stdin="keep one two\nquit\n")
    assert result.code == 0
    assert result.err == ("error: move 'keep one two': keep two of your dealt cards by number: "
                          "keep 3,17 (type a number, or 'moves')\n")


def test_a_pyramids_round_end_is_said_before_the_next_round(run_cli, tmp_path):
    """No line said a round had ended (its 8th expedition card unused), only "round 2,
    expedition card 1 of 7": the screen says it first, as the rulebook ends a round; the
    JSON stream for programs keeps its lines, a line a move."""
    typed = "1\n" * 40 + "quit\n"
    result = run_cli("play", "pyramids", "--players", "2", "--record",
                     str(tmp_path / "p.json"), stdin=typed)
    assert result.code == 0, result.err
    lines = result.out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("  round 2, expedition "
                                                                   "card 1 of 7: "))
    assert lines[at - 1] == ("  round 1 ended: its 8th expedition card is not used; the 8 "
                             "are shuffled for round 2")
    as_json = run_cli("play", "pyramids", "--players", "2", "--json", "--record",
                      str(tmp_path / "j.json"), stdin=typed)
    assert as_json.code == 0 and "round 2, expedition card 1 of 7" in as_json.out
    assert "ended" not in as_json.out


def test_a_rest_says_which_map_left_the_one_dollar_shop(run_cli, tmp_path):
    # (resting discards the map of the $1 shop, the rules' market shift; the screen said
    # only "rest: take $2" and the map that came in, so a map vanished unsaid)
    result = run_cli("play", "ancients", "--players", "3", "--seed", "5", "--record",
                     str(tmp_path / "a.json"), stdin="market buy 3\nrest money\nquit\n")
    assert result.code == 0, result.err
    assert "  seat 1 (greedy): rest: take $2; map 12 (Gilded Causeway) in the $1 shop is " \
        "discarded\n" in result.out
    assert "  you: rest: take $2; map 21 (Burning Gate) in the $1 shop is discarded\n" \
        in result.out


def test_another_seats_pack_of_one_map_says_map(run_cli, tmp_path):
    # ("seat 1 (greedy)'s pack: maps 19")
    result = run_cli("play", "ancients", "--players", "3", "--seed", "5", "--record",
                     str(tmp_path / "a.json"), stdin="quit\n")
    assert "seat 1 (greedy)'s pack: map 19\n" in result.out
    assert "seat 1 (greedy)'s pack: maps" not in result.out


def test_the_expedition_pattern_is_not_drawn_in_the_walls_mark(run_cli, tmp_path):
    # (the pattern was drawn "##/##" under a legend where "#" is a wall: a player reading
    # the O4 card saw four walls; its boxes are drawn as crossed boxes, "*")
    result = run_cli("play", "pyramids", "--players", "2", "--record",
                     str(tmp_path / "p.json"), stdin="keep 34 37\nquit\n")
    assert "expedition card 1 of 7: O4, the pattern (any rotation or mirror):\n    **\n" \
        "    **\n" in result.out
    assert "legend: E entrance, # wall" in result.out


def test_track_lists_your_moves_at_your_decisions(run_cli, tmp_path):
    # (play lists them on every screen; track answered `moves` with "error: move 'moves'
    # does not parse", so at the table there was no way to see what it would take)
    typed = "15 16 34 40\nkeep 15 40\nmoves\nkeep 12,47\nseat 2: keep 37 43\n29 9 1 23\n" \
            "domino\nmoves\nquit\n"
    result = run_cli("track", "pyramids", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin=typed)
    assert result.code == 0, result.err
    assert result.err == ("error: the moves are listed at your decisions: it is not your "
                          "move\n")
    assert "your move> moves\n" \
        "  15:A1,B1   card 15: cross A1, B1 (the domino pattern)\n" \
        "  15:A1,A2   card 15: cross A1, A2 (the domino pattern)\n" \
        "  15:A1      card 15: cross the single box A1 (any 1 box, instead of the pattern)\n" \
        "  40:A1,A2   card 40: cross A1, A2 (the domino pattern)\n" \
        "  40:A1      card 40: cross the single box A1 (any 1 box, instead of the pattern)\n" \
        in result.out
    help_ = run_cli("track", "pyramids", "--record", str(tmp_path / "h.json"),
                    stdin="help\nquit\n")
    assert "  moves            your legal moves, at your decisions\n" in help_.out


def test_pyramid_points_are_announced_when_a_card_wins_them(run_cli, tmp_path):
    # (the rules have a 2nd, 4th or 6th card of a colour announced "loudly and clearly";
    # the screen said "(completes card 34: 10 points)" and the 10 pyramid points showed
    # only as a changed score card)
    typed = "keep 34 37\n2\n3\n4\n37:c5 d5 e5\ntake 45\n1\n5\n4\n" + "1\n" * 8 + "quit\n"
    result = run_cli("play", "pyramids", "--players", "2", "--record",
                     str(tmp_path / "p.json"), stdin=typed)
    assert result.code == 0, result.err
    assert "you: card 34: cross the single box E5 (any 1 box, instead of the pattern) " \
        "(completes card 34: 10 points)\n  seat 1 (greedy) chose; all have chosen: seat 1 " \
        "(greedy): card 21: cross the single box E5 (any 1 box, instead of the pattern) " \
        "(completes card 21: 10 points); you take 10 pyramid points for orange\n" in result.out
    assert result.out.count("pyramid points for") == 1  # (card 37, the first orange: none)


def test_a_hint_of_one_legal_move_says_so_in_words(run_cli, tmp_path):
    # (hint --at 5 of a turn with an empty hand: "budget: 0 iterations, stopped by
    # single_move", the JSON's key)
    record = str(tmp_path / "e.json")
    typed = "tent keep\ndiscard broken pendant and broken tablet\nsell broken tablet 3\n" \
            "look A\nquit\n"
    played = run_cli("play", "expedition", "--variant", "long-expedition", "--players", "3",
                     "--seed", "4", "--record", record, stdin=typed)
    assert played.code == 0, played.err
    hint = run_cli("hint", "expedition", record, "--at", "5")
    assert hint.code == 0, hint.err
    assert "budget: 0 iterations, not searched: the only legal move, took " in hint.out
    assert "single_move" not in hint.out


def test_a_misspelt_buy_gets_its_suggestion(run_cli, tmp_path):
    # ("by $4", one letter from the notation's "buy $4", was refused without the
    # suggestion "mraket buy 4" gets: only the legal moves' first words were respelt)
    result = run_cli("play", "ancients", "--record", str(tmp_path / "a.json"),
                     stdin="by $4\nquit\n")
    assert result.code == 0, result.err
    assert result.err.rstrip().endswith("did you mean `market buy 4`? (type a number, or "
                                        "'moves')")


def test_a_tracked_seats_choice_is_not_said_to_be_unseen(run_cli, tmp_path):
    # (track answered the keep just typed for seat 1 with "seat 1 chose, unseen")
    typed = "15 16 34 40\nkeep 15 40\nkeep 12,47\nquit\n"
    result = run_cli("track", "pyramids", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin=typed)
    assert "seat 1's move> keep 12,47\n  seat 1 chose (told when every seat has chosen)\n" \
        in result.out
    assert "unseen" not in result.out


def test_a_move_typed_where_track_asks_what_came_out_is_told_so(run_cli, tmp_path):
    # (the move was refused with its last number as the suggestion: "'seat 2: market buy
    # 2' cannot be what came out here (what can: 1, 2, ...); did you mean `2`?")
    typed = "1\n19 38 10 12\nseat 1: market buy 4\nseat 2: market buy 2\n28\nquit\n"
    result = run_cli("track", "ancients", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin=typed)
    assert result.code == 0, result.err
    assert result.err == ("error: 'seat 2: market buy 2' is a move; first say what came out "
                          "here: the map drawn into the market (its number)\n")
    assert "  map 28 (Silent Shrine) came into the market; it puts a white token on A2\n" \
        in result.out


def test_another_seats_misspelt_move_in_a_grid_game_gets_plays_suggestion(run_cli, tmp_path):
    # (play asked "did you mean `rest money`?" of "rest mony"; track, of seat 1's, nothing:
    # its suggestion for another seat is by spelling alone, for the card games' hidden
    # hands, and "mony" is no card; a grid game hides nothing)
    typed = "1\n19 38 10 12\nrest mony\nquit\n"
    result = run_cli("track", "ancients", "--players", "3", "--record",
                     str(tmp_path / "t.json"), stdin=typed)
    assert result.err.rstrip().endswith("did you mean `rest money`?")


#: Seat 0's decisions of a whole Sphinx game, fierce weather (seed 3): seat 1 ends with
#: an empty hand while seat 0 still holds cards.
_SPHINX_GAME = (
    "sell parchment_scrap 1;sell pot_shard 1;trade pot_shard for parchment_scrap;end;"
    "end;tent use;end;tent use;steal 1;sell parchment_scrap 4;end;end;end;"
    "discard pot_shard;discard coin;end;discard coin;end;end;"
    "trade broken_cup for coin;sell coin 5;end;trade coin for broken_cup;end;end;"
    "steal 1;end;end;end;discard pot_shard;discard parchment_scrap;end;"
    "discard talisman;discard pharaohs_mask;end;end;steal 1;end;end;steal 1;end;end;"
    "explore A;name parchment_scrap pharaohs_mask;sell broken_cup 2;"
    "sell pharaohs_mask 1;end;end;sell coin 1;end;end;sell broken_cup 1;end;end;"
    "sell parchment_scrap 3;end;end;sell pot_shard 1")


def test_the_forced_sale_says_an_empty_hand_passes_at_once(run_cli, tmp_path):
    # ("every other seat has passed since your pass", when the screen had shown no pass of
    # seat 1, whose empty hand passed with no turn)
    typed = "\n".join(_SPHINX_GAME.split(";")) + "\n"
    result = run_cli("play", "expedition", "--monument", "sphinx", "--variant",
                     "fierce-weather", "--seed", "3", "--record", str(tmp_path / "e.json"),
                     stdin=typed)
    assert result.code == 0, result.err
    assert "the dig site is empty and every other seat has passed since your pass (a seat " \
        "with an empty hand passes at once): sell at least one set, then end your turn\n" \
        in result.out
    assert "you win: the most money ($69)" in result.out


def test_a_refused_sphinx_name_or_tomb_keep_says_why(run_cli, tmp_path):
    # (both were refused "move 'name coin' is not legal here" with no reason, where other
    # refusals say the rule they break)
    explore = _SPHINX_GAME.split(";").index("explore A")
    typed = _SPHINX_GAME.split(";")[:explore + 1] + ["name coin", "name map coin", "quit"]
    result = run_cli("play", "expedition", "--monument", "sphinx", "--variant",
                     "fierce-weather", "--seed", "3", "--record", str(tmp_path / "e.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.err.splitlines()[-2:] == [
        "error: move 'name coin' is not legal here: the Sphinx: you name 2 different treasure "
        "types that you would like to find, not 1 (type a number, or 'moves')",
        "error: move 'name map coin' is not legal here: maps are shuffled into the dig site, "
        "never into the Sphinx's chamber: name 2 of the treasure types it can hold (type a "
        "number, or 'moves')"]
    # the Tomb, tracked: another seat's keep (its chamber unseen), then your own
    from games import load
    from games.tracking import table_session
    lines = table_session(load("expedition", monument="tomb"), players=2, seat=0, seed=4,
                          hints=0)
    assert lines[11:13] == ["explore B", "keep pot_shard coin"] and lines[52] == "explore B"
    typed = lines[:12] + ["keep coin"] + lines[12:54] + ["keep talisman", "quit"]
    result = run_cli("track", "expedition", "--monument", "tomb", "--players", "2",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(typed) + "\n")
    assert result.err.splitlines() == [
        "error: seat 1: move 'keep coin' is not legal here: the Tomb: seat 1 chooses 2 cards "
        "to keep, not 1, and the rest go back face down",
        "error: move 'keep talisman' is not legal here: the Tomb: you choose 2 cards to keep, "
        "not 1, and the rest go back face down (chamber B holds 2 parchment scraps, 2 coins, "
        "2 broken cups)"]
