"""Words a player met at the card-game tables (`play archaeology`, `play lootnrun`, `track`;
a player's report, door25): the rulebook's names of the chambers, the rooms and the cards
said as the rulebook and the screen say them, the moves counted as they were made."""

from __future__ import annotations

import json
import re

import pytest

import cards_data
from games import archaeology
from games.errors import InvalidStateError

#: (the screens read as they say, unfolded: tests/cli/test_pipe_width_cli.py folds them)
pytestmark = pytest.mark.usefixtures("unfolded")


@pytest.mark.parametrize("typed", ["explore the small chamber", "explore small",
                                   "Explore the Small Chamber", "explore the 3-card chamber"])
def test_a_chamber_named_as_the_rulebook_names_it_is_explored(run_cli, tmp_path, typed):
    """The rulebook says small, medium and large chambers, the screen "the 3-card chamber":
    both were refused, "did you mean `explore 3`?" (seed 0 holds one map at the start)."""
    result = run_cli("play", "archaeology", "--seed", "0", "--record",
                     str(tmp_path / "game.json"), stdin=f"{typed}\nexplore large\nquit\n")
    assert result.code == 0, result.err
    assert "you explored the 3-card chamber with 1 map and took" in result.out
    # (the large chamber is named too: refused by its rule, not by its words)
    assert result.err == ("error: move 'explore large' is not legal here: exploring it takes "
                          "3 maps; you hold 0 (type a number, or 'moves')\n")


@pytest.mark.parametrize("game, args, accepted", [
    ("archaeology", (), "a chamber is named by its size, explore 3, explore 5 or explore 7, "
                        "or as the rulebook names it, explore small, explore medium or "
                        "explore large"),
    ("expedition", ("--monument", "temple"), "a chamber is named by its letter, explore A, "
                                             "explore B or explore C"),
    ("expedition", ("--monument", "mine"), "a chamber is named by its letter, explore A")])
def test_an_explore_of_no_chamber_lists_the_chambers_as_they_are_typed(run_cli, tmp_path,
                                                                        game, args, accepted):
    """`explore big` was told "an exploration is 'explore CHAMBER' (explore 5), a chamber
    named by its size", not that `explore small` reads; The New Expedition's Mine (one
    chamber, A) was told "(explore B) ... by its letter A, B, ..."."""
    result = run_cli("play", game, *args, "--seed", "0", "--record",
                     str(tmp_path / "game.json"), stdin="explore big\nquit\n")
    assert result.code == 0, result.err
    assert result.err.startswith(f"error: move 'explore big': {accepted}"), result.err


def test_notation_gives_the_rulebooks_names_of_the_chambers(run_cli):
    text = " ".join(run_cli("notation", "archaeology").out.split())
    assert ("the rulebook names them small, medium, large: explore small, explore the large "
            "chamber") in text
    assert "explore: 'the', 'chamber' may be written and are left out" in text


def test_the_keep_prompt_says_the_werewolf_as_the_rooms_say_it(run_cli, tmp_path):
    """The rooms and the awakening say "the werewolf" (the rule sheet's name); the keep
    prompt under them said "a Werewolf you caught" (seed 0: awakening seat 1 catches it)."""
    result = run_cli("play", "lootnrun", "--players", "3", "--seed", "0", "--record",
                     str(tmp_path / "game.json"), stdin="awaken 1\nawaken 2\n1\n" * 40)
    assert result.code == 0, result.err
    assert "was caught: the werewolf lets you draw a room from each deck" in result.out
    assert ("\nthe werewolf lets you keep the rooms you just drew (either, both or none); the "
            "others are discarded face up\n") in result.out
    assert "Werewolf" not in result.out + result.err
    assert "Werewolf" not in run_cli("notation", "lootnrun").out


def test_a_room_with_nothing_on_top_says_so_and_is_read_back(run_cli, tmp_path):
    """A room without guardian or amulet was "an empty top" (the card data's word); it
    says "no guardian or amulet", and the tracker reads the words back as `show` writes
    them, its "amulet" none of the room's."""
    result = run_cli("play", "lootnrun", "--players", "3", "--record",
                     str(tmp_path / "l.json"), stdin="1\n" * 300)
    assert "room 21 (yellow): chest; no guardian or amulet" in result.out
    assert "empty top" not in result.out
    typed = ["0", "green green", "loot 0", "room 41 (green): cup, scarab; no guardian or amulet",
             "yellow", "quit"]
    result = run_cli("track", "lootnrun", "--record", str(tmp_path / "t.json"),
                     stdin="\n".join(typed) + "\n")
    assert result.code == 0 and result.err == "", result.err
    assert "you drew from deck 0: room 41 (green): cup, scarab; no guardian or amulet" in \
        result.out


def test_a_position_with_too_many_of_a_card_names_it_as_printed(run_cli, tmp_path):
    """A written position with 19 pot shards was refused "19 pot_shard cards in view so
    far" (the engine's key, where the key is named apart: marketplace)."""
    view = json.loads(run_cli("example", "archaeology", "--position").out)
    view["marketplace"]["pot_shard"] = 19
    path = tmp_path / "position.json"
    path.write_text(json.dumps(view))
    result = run_cli("hint", "archaeology", str(path))
    assert result.code == 2
    assert result.err == (f"error: {path}: view: marketplace: 19 pot shards in view so far, "
                          f"the game has 18\n")
    view["marketplace"]["pot_shard"] = 7
    view["seats"][1]["holds"]["pot_shard"], view["seats"][1]["hand_size"] = 12, 13
    path.write_text(json.dumps(view))
    assert run_cli("hint", "archaeology", str(path)).err == (
        f"error: {path}: view: 19 pot shards in view, the game has 18: marketplace 7 + "
        f"seats[1].holds 12\n")


def test_a_deal_with_a_card_count_off_names_it_as_printed(run_cli):
    """A deal (a record's) with a card too few said "17 pot_shard cards, the game with 2
    players has 18" (the key, where no key is named); it names the card as printed."""
    deal = json.loads(run_cli("deal", "archaeology", "--seed", "1").out)
    assert deal["marketplace"][0] == "pot_shard"
    deal["marketplace"][0] = "coin"
    with pytest.raises(InvalidStateError) as refused:
        archaeology.state_from_deal(deal, cards_data.load("archaeology"))
    assert str(refused.value) == "deal: 17 pot shards, the game with 2 players has 18"


@pytest.mark.parametrize("game, options, stdin, said", [
    ("archaeology", ("--seat", "1"), "", "your 0 moves and the bot's 1"),
    ("lootnrun", ("--players", "3", "--seat", "2"), "1\n", "your 1 move and the bots' 3"),
    ("pyramids", (), "quit\n", "your 0 moves")])
def test_the_game_so_far_counts_your_moves_apart(run_cli, tmp_path, game, options, stdin,
                                                 said):
    """The end of the input before the person's first move said "the game so far (1 move)",
    the bot's move: it says whose moves the record holds."""
    result = run_cli("play", game, *options, "--seed", "2", "--record",
                     str(tmp_path / "game.json"), stdin=stdin)
    assert result.code == 0, result.err
    assert result.out.splitlines()[-1].endswith(
        f"before the end of the game: the game so far ({said}) is in {tmp_path / 'game.json'}")


def test_undo_names_what_you_saw_in_plays_words(run_cli, tmp_path):
    """Undo over a turn the bot dug in, face down, then the person dug, stopped naming
    "seat 1 (greedy) dug up a card" (a card the person never saw): it names the person's
    own dig as the screen said it, "you dug up a coin" (seed 3)."""
    result = run_cli("play", "archaeology", "--seed", "3", "--record",
                     str(tmp_path / "a.json"), stdin="end\nundo\nquit\n")
    assert result.code == 0
    assert "  seat 1 (greedy) dug up a card\n" in result.out
    assert "  you dug up a coin\n" in result.out
    assert result.err.startswith("error: undo stops here: you have seen what came since (you "
                                 "dug up a coin); "), result.err


def _ranks(out: str) -> list[int]:
    """The ranks of a hint's rows (``"     1  sell coin 2   0.445 ..."``)."""
    return [int(found[1]) for found in map(re.compile(r"^ {2,6}(\d+)  \S").match,
                                           out.splitlines()) if found]


def test_the_hint_at_the_prompt_says_how_many_moves_it_left_out(run_cli, tmp_path):
    """`hint` inside `play` showed 5 rows and said nothing of the rest (`digsite hint`
    shows 10): a move the review judged later had been ranked off the screen. It shows 5
    (a row and its words take two lines of an 80-column screen), says how many more and
    how to see them, and `hint all` lists every one (the same search: the same seed)."""
    result = run_cli("play", "archaeology", "--seed", "2", "--record",
                     str(tmp_path / "a.json"), stdin="hint 300\nhint all 300\nquit\n")
    assert result.code == 0 and result.err == "", result.err
    first, every = result.out.split("your move> hint all 300")
    assert _ranks(first) == [1, 2, 3, 4, 5]
    assert "\n  11 more moves ranked below these: `hint all 300` lists them\n" in first
    assert _ranks(every) == list(range(1, 17))
    assert "more moves ranked" not in every
    # track's hint is the same
    lines = ["0", "coin coin talisman pharaohs_mask", "coin talisman pot_shard pot_shard coin",
             "coin", "hint 20"]
    result = run_cli("track", "expedition", "--monument", "temple", "--players", "3",
                     "--record", str(tmp_path / "t.json"), stdin="\n".join(lines) + "\n")
    assert result.code == 0, result.err
    assert _ranks(result.out) == [1, 2, 3, 4, 5]
    assert "more moves ranked below these: `hint all 20` lists them\n" in result.out


def test_a_hints_moves_are_written_as_a_player_types_them(run_cli, views):
    """The hint's move column (and best move) wrote the engine's `sell pot_shard 1` and
    `trade pot_shard pot_shard parchment_scrap for talisman`, where every other line says
    "pot shard" and the reader takes the words spaced: the text writes each move spaced
    (the cards as printed where that reads back), and each reads back as the JSON's move,
    which keeps the engine's text."""
    from cli.format import spelt
    from games import load

    for game in ("archaeology", "expedition"):
        args = ("hint", game, views[game], "--iterations", "60", "--seed", "1", "--top", "30")
        moves = [row["move"] for row in json.loads(run_cli(*args, "--json").out)["moves"]]
        text = run_cli(*args).out
        the_game = load(game)
        with open(views[game], encoding="utf-8") as file:
            state, _ = the_game.state_from_view(json.load(file), 0)
        assert any("_" in move for move in moves), game  # (else the test proves nothing)
        for move in moves:
            said = spelt(the_game, move)
            assert "_" not in said and f"  {said}" in text, (said, text)
            assert str(the_game.parse_move(state.clone(), said)) == move
