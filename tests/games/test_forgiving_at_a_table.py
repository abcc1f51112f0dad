"""The move reader reads what a player at a table types (``games.forgiving``): cards
listed with 'and' and commas, the screen's own words for the moves they name, a verb
alone, and no suggestion that changes a number typed (a tester's report, f21)."""

from __future__ import annotations

import pytest

from games import registry
from games.errors import InvalidMoveError
from games.forgiving import normalise, read


def test_cards_are_listed_with_and_and_commas():
    """'trade broken cup and talisman for pharaoh's mask' said "unknown card 'broken'" (the
    culprit was 'and'): cards are listed as a player lists them, in trades, discards, keeps
    and namings."""
    forms = registry.engine("archaeology").FORMS
    assert normalise("trade broken cup and talisman for pharaoh's mask", forms) == \
        "trade broken_cup talisman for pharaohs_mask"
    assert normalise("trade 1 pot shard and 1 coin for 1 talisman", forms) == \
        "trade pot_shard coin for talisman"
    assert normalise("discard coin, map and talisman", forms) == "discard coin map talisman"
    assert normalise("discard coin , map", forms) == "discard coin map"
    assert normalise("name coins and talismans", registry.engine("expedition").FORMS) == \
        "name coin talisman"


def test_the_screens_own_words_read_as_the_moves_they_name():
    """The screen says "shelter in your tent (...) or keep it" and "draw the top room of
    deck 0": 'use tent', 'shelter', 'use my tent', 'draw from deck 0' got no suggestion;
    they read as the moves. A verb alone is the one move of it there is ('loot' with one
    deck left), and asks which when there are more."""
    expedition, lootnrun = registry.engine("expedition"), registry.engine("lootnrun")
    for typed in ("use tent", "use my tent", "shelter", "shelter in your tent", "Use the tent"):
        assert normalise(typed, expedition.FORMS) == "tent use", typed
    for typed in ("keep it", "keep my tent", "keep tent"):
        assert normalise(typed, expedition.FORMS) == "tent keep", typed
    for typed, canonical in (("draw from deck 0", "loot 0"),
                             ("draw the top room of deck 1", "loot 1")):
        assert normalise(typed, lootnrun.FORMS) == canonical
    one, both = lootnrun.parse_text("loot 1"), lootnrun.parse_text("loot 0")
    assert read("loot", lootnrun.parse_text, lootnrun.FORMS, lambda: [one, RUN]) == one
    with pytest.raises(InvalidMoveError, match=r"^move 'loot': which deck\? \(loot 0\|1, "):
        read("loot", lootnrun.parse_text, lootnrun.FORMS, lambda: [both, one])


RUN = registry.engine("lootnrun").parse_text("run")


def test_no_suggestion_changes_a_number_typed():
    """'sell 2 pot shards and 1 talisman' was asked 'did you mean `sell pot_shard 1`?'
    (another count than the 2 typed), 'loot 2' `loot 1`: a suggestion keeps the numbers
    typed, or has none ('run 3': `run`)."""
    engine = registry.engine("archaeology")
    sales = [engine.parse_text(t) for t in ("sell pot_shard 1", "sell talisman 1", "end")]
    with pytest.raises(InvalidMoveError) as error:
        read("sell 2 pot shards and 1 talisman", engine.parse_text, engine.FORMS,
             lambda: sales)
    assert "did you mean" not in str(error.value), str(error.value)
    with pytest.raises(InvalidMoveError, match="did you mean `sell pot_shard 1`"):
        read("sel 1 pot shard", engine.parse_text, engine.FORMS, lambda: sales)
    lootnrun = registry.engine("lootnrun")
    loots = [lootnrun.parse_text(t) for t in ("loot 1", "run")]
    with pytest.raises(InvalidMoveError) as error:
        read("lot 2", lootnrun.parse_text, lootnrun.FORMS, lambda: loots)
    assert "did you mean" not in str(error.value), str(error.value)


def test_the_2007_games_forms_are_its_own():
    """`digsite notation archaeology` listed "use tent is tent use", "keep it is tent keep"
    and 'look: at, chamber', The New Expedition's words (the 2007 game has neither tent nor
    looks): its forms are its own, and the tent's words stay the New Expedition's."""
    archaeology = registry.engine("archaeology").FORMS
    assert not [t for t in archaeology.phrases if "tent" in t or t in ("shelter", "use it")]
    assert "look" not in archaeology.fillers
    assert "keep" not in archaeology.counted and "name" not in archaeology.counted
    expedition = registry.engine("expedition").FORMS
    assert expedition.phrases["keep it"] == "tent keep"
    assert expedition.fillers["look"] == ("at", "chamber")


@pytest.mark.parametrize("game", ["archaeology", "expedition"])
def test_a_pass_and_a_trade_for_a_card_read_as_a_player_says_them(game):
    """With the dig site empty the screen says "end your turn without selling or exploring
    (a pass)", the review "pass: end the turn", the rulebook "a player may choose to pass":
    'pass' was refused "cannot read move 'pass'". And 'trade 2 coins for a talisman' was
    refused "unknown card 'a'" where 'discard a talisman' was read. Both read as the
    moves."""
    forms = registry.engine(game).FORMS
    assert normalise("pass", forms) == "end"
    assert normalise("Pass", forms) == "end"
    assert normalise("trade 2 coins for a talisman", forms) == "trade coin coin for talisman"
    assert normalise("trade one pot shard and a coin for an talisman", forms) == \
        "trade pot_shard coin for talisman"


def test_a_count_of_cards_asks_which_cards():
    """'discard 4 cards' at a sandstorm (its prompt: "discards 4 cards to the
    marketplace") was refused "unknown card '4'": it asks which cards."""
    forms = registry.engine("expedition").FORMS
    with pytest.raises(InvalidMoveError,
                       match=r"^move 'discard 4 cards': say which cards \(discard CARD CARD "
                             r"CARD CARD\)$"):
        normalise("discard 4 cards", forms)
    with pytest.raises(InvalidMoveError, match=r"say which cards \(trade CARD\)$"):
        normalise("trade 1 card for talisman", forms)
