"""The rules of Archaeology: The New Expedition: the Archaeology engine
(``games.archaeology.state``) with this edition's card ids, monument, tents and variants.
Everything the 2007 engine documents (trades as steps, minimal trades, the end-game pass
chain, the winner) holds here too; the rulebook's other differences are data of
``Rules`` (``games.expedition.rules``): chambers by position, explore at most once per
turn, sandstorm decisions and discards from the digger's left (the digger last), one tent
per seat.

Turn additions (rulebook pp. 5-11):

* **Sandstorm.** With the Buried Ruins, the reserve first adds one card to each chamber,
  face up (chance steps ``refill B coin``, chambers in order A, B, C, the reserve's top
  card first). Then from the digger's left, the digger last, each seat with a tent left
  decides ``tent use`` or ``tent keep`` in view of the earlier decisions; a used tent
  leaves the game (Fierce Weather: a tent serves twice). Then the unsheltered seats
  discard half their hands, from the digger's left, the digger last; then the digger
  digs again.
* **Monuments** (``rules.special``): the Great Pyramid takes a whole chamber once; the
  Temple too, and after each sale the seller may look at one chamber (``look B`` or
  ``look none``); the Tomb (1 map) shows the explorer a chamber of which it keeps 2
  (``keep coin talisman``), the rest goes back face down; the Mine (1 map) draws face up
  one card at a time (chance steps ``reveal coin``) until the explorer stops (``stop``:
  it keeps them) or their trade value passes 5 (all go back); the Sphinx (1 map) names 2
  types (``name coin talisman``), draws 5 face up, keeps the matches and returns the
  rest; the Buried Ruins' face-up chambers are taken whole for 1 map.

Decisions on ambiguities (each tested in ``tests/games/test_expedition_rules.py``):

* **The first player.** The rulebook's "the last person to have put their feet in the
  sand" is nothing a deal can know: the deal picks a seat uniformly at random
  (``first_player``); play then goes clockwise (seat + 1).
* **Maps are Treasure cards** (six of the 85) but are set aside at setup (step 1) and
  shuffled into the dig site with the thieves and sandstorms (step 6): never in an
  opening hand, the marketplace, a chamber or the Buried Ruins' reserve. Once dug they
  are cards of the hand like any other: traded, stolen, lost in sandstorms and sold
  (their trade and selling values are reconstructed, see the card data).
* **Who decides on a tent.** A seat with fewer than 2 cards would lose nothing: it is not
  asked and keeps its tent (using it gains nothing now and loses a later shelter).
  Fierce Weather's two uses are two sandstorms: one decision per sandstorm.
* **Chambers explored again.** The Great Pyramid's and the Temple's chambers are taken
  whole, once. The Tomb's, the Mine's, the Sphinx's and the Buried Ruins' chambers may be
  explored whenever they hold a card (the Ruins' are refilled after being emptied: the
  rulebook's "the number of treasures in each chamber may differ"); an empty chamber is
  not (a map spent for nothing). Explore at most once per turn, on every monument.
* **An explore in progress is one action:** no trade, sale or end of turn until its
  cards are settled (the Tomb's keep, the Mine's stop or bust, the Sphinx's draws).
* **Forced to sell with nothing left.** The end-game rule makes the first passer sell;
  an explore that spends its last map and brings nothing (a Mine bust, a Sphinx without a
  match) can leave it no card: it then ends its turn (the game ends when every hand is
  empty and the dig site too).
* **The Mine** draws its first card at once (stopping before any draw spends a map for
  nothing); a chamber run out ends the draws, the drawn cards kept; the bust is a total
  trade value of the drawn cards above 5 (``params.bust_over``).
* **The Sphinx** names two different types that a chamber can hold (in play, never the
  map: maps never enter a chamber), in card order. Fewer than 5 cards: all are drawn.
* **The Tomb's keep** is one move naming the kept cards (every multiset of 2 of the
  chamber's cards, once); with 2 cards or fewer left the explorer takes them all at once.
* **The Temple's look** comes right after the sale (before any other action), at any
  chamber still in place that the seller does not know yet: a look at a chamber it has
  seen shows nothing new (Temple chambers only change when taken whole). No look after
  the sale that ends the game.
* **The Temple caution (trade pruning re-argued).** The 2007 argument for one trade
  between explores needs "a sale between two trades can wait until after them"; a look
  after a sale can inform a later trade, so a look resets the allowance to one more
  trade. On the other monuments nothing but an explore brings new cards or knowledge
  during a turn (sandstorms and thieves strike only while digging; the Mine's, Sphinx's
  and Tomb's draws and keeps are part of the explore, which already resets it), so the
  argument holds as in 2007.
* **Beginner's Luck.** The announced values (the trade values of the four opening cards)
  are public; among tied lowest seats the rulebook's "last to put their feet in the
  sand" is the deal's uniformly random pick, as the first player of a normal game is.
* **Unseen choices in the sampler.** The cards a Tomb explorer keeps are seen by nobody
  else; the others' worlds treat the choice as a uniformly random pick (``hidden``).

Scoring is the 2007 rule (most money, then fewest cards sold); unused tents score
nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.archaeology.moves import MoveBase
from games.archaeology.state import ArchaeologyState
from games.protocol import State

__all__ = ["ExpeditionState"]


class ExpeditionState(ArchaeologyState):
    """A world of The New Expedition: the Archaeology engine's state (every field
    documented there) with this edition's ``rules``."""

    __slots__ = ()


if TYPE_CHECKING:  # mypy checks this engine against the game protocol
    _CONFORMS: type[State[MoveBase]] = ExpeditionState
