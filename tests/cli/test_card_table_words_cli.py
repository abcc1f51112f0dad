"""Words a player met at the card-game tables (`play archaeology`, `play lootnrun`, `track`;
a player's report, door25): the rulebook's names of the chambers, the rooms and the cards
said as the rulebook and the screen say them, the moves counted as they were made."""

from __future__ import annotations

import pytest


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
