"""The table record and the tracker: following a game played at a real table
(``digsite track``, issue 19 §3).

A companion has no deal. What it has is what one seat (the person's) saw happen: the cards
dealt to it and laid out face up, every seat's public action, the outcome of every chance
step it saw (its own draws with the card; another seat's draw as the public part only).
The **table record** holds exactly that, and nothing it could not know::

    {"table": 1,                             # the format version
     "game": "archaeology", "players": 2, "seat": 0,
     "deal_options": {},                     # the New Expedition's monument and variants
     "seed": 0,                              # seeds the tracker's scratch worlds (below)
     "cards": {"edition": "2007 (Z-Man 2009 reprint unchanged)", "digest": "cb96f2f80f74f31a"},
                                             # the card data (cards_data.fingerprint)
     "setup": {"first": "1", "hand": "coin coin pot_shard talisman",
               "market": "pot_shard pot_shard coin talisman broken_cup"},   # per game
     "events": [{"seat": 1, "move": "sell coin 2"},   # a seat's public action
                {"saw": "coin"},                      # a chance step the seat saw: what it saw
                ...],
     "refused": [{"after": 7, "line": "dig dig", "why": "..."}],   # lines not accepted
     "pending": {"seat": 0, "move": "explore 7", "shown": {}}}     # optional (below)

``pending`` is a move entered whose effect shows the seat cards the tracker asks for next
(the chamber an explorer sees, a room drawn, the deck tops after a draw: the game's
questions, ``_SHOWS``), with the answers so far: it becomes an event, ``{"seat", "move",
"shown": {question: answer}}``, once every question is answered.

``setup`` answers the game's setup questions (:data:`SETUPS`: the seat's own dealt
cards, what lies face up, who begins), each as the words the person typed, normalised.
``events`` are in the order they happened; a chance step the seat does not see at all
(another seat's card drawn unseen in a way the table does not show) is no event: the
tracker plays it itself. ``refused`` keeps every line that was not accepted, with the
number of events before it and the reason, so nothing typed is lost and a mistaken refusal
can be taken up later by hand; it changes nothing in the replay.

**How the tracker follows the game.** It keeps a *world*: a full engine state (every hidden
card fixed) that shows the seat exactly what the seat saw. The world starts from a deal
made from ``seed`` and rearranged so that the seat's dealt cards, the face-up cards and
the first player are the ones entered (``_SETUP`` builders; a card the game does not have
enough copies of is refused). Then, event by event:

* a **decision** is parsed in the world (``games.protocol.parse_checked``, so every
  forgiving form is accepted) and applied. The seat's own decisions are legal or not in
  every world alike (they depend on its own cards and the public position). Another
  seat's may depend on its hidden cards (a trade gives cards nobody saw it take): when
  the world refuses it, the tracker draws worlds from the seat's information set
  (``State.determinize``, exact for the card games) until one allows it;
* a **chance step** the seat sees is asked for: the world's outcome is shown to the seat
  as :func:`answer` words it (``coin`` for its own dig, ``card`` for another seat's
  treasure, ``thief``); the tracker draws worlds from the information set until one has
  the outcome the person entered and goes on in that world. Drawing from the information
  set and keeping the worlds that show what was seen is sampling the posterior given the
  observation, so the world stays a fair sample of what the seat cannot see;
* a move that **shows the seat cards** (an explorer sees the chamber, a Pyramids seat takes
  the deck's top card, a Loot N Run run reveals a front, a draw shows a deck's next back)
  raises questions (``_SHOWS``), asked before the move becomes an event; the cards are
  put in place in the world by swapping them with cards in places the seat has not seen
  (where the backs agree), the deck tops' colours drawn for as chance outcomes are;
* anything no drawn world allows is refused (:data:`TRIES` worlds; an outcome or a
  move that none of them allows is, in practice, impossible: a card whose copies are all
  accounted for, a trade of cards a seat cannot hold, a move out of turn).

The hint is asked of the seat's player view of the world (``Game.view_of``): for the card
games with a history view that is the history form, the most exact, built from the public
events and the seat's own cards only (the world's hidden cards are not in it), so the hint
is the one ``digsite hint`` gives for the history the person entered.

The replay is deterministic: the worlds are drawn from generators seeded by ``seed`` and
the event's index, so a record read back (``--resume``) gives the same world.

>>> from games import load
>>> tracker = Tracker.start(load("ancients"), players=1, seat=0, seed=3)
>>> tracker.ask().kind, tracker.ask().key
('setup', 'market')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import Any, Callable, Container, Hashable, Iterator, Mapping, Sequence

import cards_data

from .errors import DigsiteError, IllegalMoveError, InvalidMoveError, InvalidStateError
from .forgiving import PLAIN, did_you_mean, respelt, suggest
from .game import Game
from .protocol import CHANCE, State, read_text
from .reader import read_document, read_fingerprint
from .seeding import make_rng
from .table import card_names, owed_refusal, owed_suggestion, plural, said_of, said_to

__all__ = ["TABLE_FORMAT", "TRIES", "LONGEST_LINE", "TableRecord", "Ask", "Tracker", "SETUPS",
           "answer", "chamber_shown", "merged_trade", "setup_questions", "read_table",
           "tracked_games", "table_session"]

TABLE_FORMAT = 1
#: A move written with its seat: ``seat 1: sell coin 2``, ``seat 1 sell coin 2``, ``1: ...``.
_SEAT_PREFIX = re.compile(r"^(?:seat\s+(\d{1,2})\s*:?|(\d{1,2})\s*:)\s+(.+)$", re.IGNORECASE)
#: Another seat's thief sent to the person, as the person says it: ``steal me``, ``steal
#: from me``.
_STEAL_ME = re.compile(r"^steal\s+(?:from\s+)?me$", re.IGNORECASE)
#: The longest line the tracker reads (a whole trade of many cards is well under it).
LONGEST_LINE = 300
#: Worlds drawn from the seat's information set before an outcome or a move is refused.
#: An entry whose posterior probability is 0.2% is missed by all of them with probability
#: 0.25% (a drawn world costs about 10 to 30 microseconds of CPU: the readings are cached,
#: so a refusal costs well under a second).
TRIES = 3000
#: Worlds whose legal moves' verbs a refusal of another seat's misspelt move takes (the
#: verbs a hand allows, not what a hand holds: a few worlds find them).
VERB_WORLDS = 64


@dataclass(frozen=True)
class TableRecord:
    """What one seat saw of a game at a real table (the module docstring's format)."""

    game: str
    players: int
    seat: int
    options: dict[str, Any]
    seed: int = 0
    setup: dict[str, str] = field(default_factory=dict)
    events: tuple[dict[str, Any], ...] = ()
    refused: tuple[dict[str, Any], ...] = ()
    #: the card data the table was tracked with (``--cards FILE``'s;
    #: ``cards_data.fingerprint``): a record resumed with other data says so
    cards: dict[str, str] | None = None

    def to_json(self) -> dict[str, Any]:
        """The record as JSON (the module docstring's format, without ``pending``: the
        tracker's :meth:`Tracker.document` adds it)."""
        doc = {"table": TABLE_FORMAT, "game": self.game, "players": self.players,
               "seat": self.seat, "deal_options": dict(self.options), "seed": self.seed}
        if self.cards is not None:
            doc["cards"] = dict(self.cards)
        return {**doc, "setup": dict(self.setup), "events": [dict(e) for e in self.events],
                "refused": [dict(r) for r in self.refused]}


@dataclass(frozen=True)
class Ask:
    """What the tracker needs next: ``setup`` (the answer to setup question ``key``),
    ``move`` (the decision of ``seat``), ``saw`` (a chance step the person's seat sees:
    ``prompt`` says which), ``shown`` (question ``key`` of a move entered: what it showed)
    or ``over`` (the game has ended)."""

    kind: str
    prompt: str
    seat: int | None = None
    key: str | None = None


# --- setup: what the seat sees dealt -----------------------------------------------------

#: Each game's setup questions: (key, prompt). The answers are words; the deal builder
#: of the game reads them. ``{n}``: the count the game's card data deals (``_dealt_counts``).
SETUPS: dict[str, tuple[tuple[str, str], ...]] = {
    "archaeology": (("first", "who plays first (a seat number)"),
                    ("hand", "your hand, the {n} cards dealt to you"),
                    ("market", "the marketplace, the 5 cards face up")),
    "expedition": (("first", "who plays first (a seat number)"),
                   ("hand", "your hand, the {n} cards dealt to you"),
                   ("market", "the marketplace, the 5 cards face up")),
    "pyramids": (("cards", "your {n} dealt cards (their order numbers)"),),
    "lootnrun": (("first", "who plays first (a seat number)"),
                 ("tops", "the back colours on top of deck 0 and deck 1")),
    "ancients": (("first", "who plays first (a seat number)"),
                 ("market", "the market, the {n} map cards as the screen shows them, the "
                            "${dear} shop first (the ${cheap} shop first is read too)")),
}


#: The New Expedition's monument whose chambers lie face up from the start.
FACE_UP_CHAMBERS = "buried_ruins"
#: The New Expedition's variant in which every seat announces its opening hand's value.
BEGINNERS_LUCK = "beginners-luck"


def setup_questions(game: Game) -> tuple[tuple[str, str], ...]:
    """``game``'s setup questions (:data:`SETUPS`, the counts the game's card data deals:
    a ``--cards FILE`` may deal 5; the Buried Ruins add their face-up chambers)."""
    counts = _dealt_counts(game)
    questions = tuple((key, prompt.format(**counts, n=counts[key]) if key in counts
                       else prompt) for key, prompt in SETUPS[game.id])
    if game.id == "expedition" and game.options.get("monument") == FACE_UP_CHAMBERS:
        questions += (("chambers", "the chambers' face-up cards, A to C"),)
    variants = game.options.get("variant") or ()
    if game.id == "expedition" and BEGINNERS_LUCK in ([variants] if isinstance(variants, str)
                                                      else list(variants)):
        questions += (("announced", "the opening hand values announced, seat 0 first"),)
    return questions


def _dealt_counts(game: Game) -> dict[str, int]:
    """How many cards a setup answer names, by the game's card data (4 bundled; a
    ``--cards FILE`` may deal 5)."""
    data = game.data
    if game.id == "pyramids":
        return {"cards": int(getattr(data, "deal"))}
    if game.id == "ancients":
        shops = getattr(data, "shops")
        return {"market": len(shops), "dear": max(shops), "cheap": min(shops)}
    if game.id in ("archaeology", "expedition"):
        return {"hand": int(getattr(data, "hand_size"))}
    return {}


def _check_alone(tracker: "Tracker", pending: "_Pending", key: str, text: str,
                 index: int) -> None:
    """An answer to a question a move raised, checked on its own when it is given (a deck
    top's colour, a card's number and whether the deck can hold it): checked only with the
    last answer, a bad first one refused every later line with its own error."""
    game = tracker.game
    if game.id == "lootnrun" and key.startswith("top "):
        _colours(game, text, 1, f"deck {key.split()[1]}'s top")
    if game.id == "pyramids" and key == "card":  # (a card in front of a seat or in the
        # display was accepted, and every display after it refused)
        _pyramids_apply(tracker, pending.world, pending.move, {"card": text}, index)
    if game.id == "pyramids" and key == "display":  # (its count and the cards kept, before
        # the new cards are checked with the other answers)
        after = pending.world.clone()
        after.apply(pending.move)
        _pyramids_display(game, getattr(pending.world, "display"), getattr(after, "display"),
                          text)


def _map_points(game: Game) -> dict[int, int]:
    """Each Tomb of the Ancients map's points (the market is sorted by them)."""
    return {m.id: m.points for m in getattr(game.data, "maps")}


def _card_count(game: Game) -> int:
    """The highest card number of a Pyramids game's data (48 bundled)."""
    return len(getattr(game.data, "cards"))


def tracked_games() -> tuple[str, ...]:
    """The games ``track`` follows."""
    return tuple(SETUPS)


def _in_order(said: str) -> tuple[bool, int, str]:
    """How a list of outcomes is sorted for a person: numbers by value (maps 2, 10, not 10,
    2), words by spelling after them."""
    return (not said.isdecimal(), int(said) if said.isdecimal() else 0, said)


def _words(text: str) -> list[str]:
    return text.replace(",", " ").split()


def _first(text: str, players: int) -> int:
    # ('seat 1', as every screen names a seat, was refused "the first player is a seat
    # number, 0 to 1"; two seats are "0 or 1")
    words = [w for w in _words(text.lower()) if w != "seat"]
    if len(words) != 1 or not words[0].isdecimal() or not int(words[0]) < players:
        seats = "0 or 1" if players == 2 else f"0 to {players - 1}"
        raise InvalidMoveError(f"the first player is a seat number, {seats}, "
                               f"not {text[:30]!r}")
    return int(words[0])


def _card_names(text: str, names: Sequence[str], count: int, what: str,
                aside: Mapping[str, str] | None = None) -> list[str]:
    """``count`` card names of ``names`` from ``text`` (forgiving, as moves are: plurals,
    spaces for underscores, ``2 coins`` for two, one word of a name only one card has; in
    a list split by commas, ``coins 2`` too). ``aside``: the game's other cards, each with
    why it cannot be among them (``_not_dealt``)."""
    from .forgiving import Forms, normalise
    items = []
    for item in text.split(","):  # "pot shards 2, talisman": the count is the pot shards'
        tokens = item.split()
        if len(tokens) >= 2 and tokens[-1].isdecimal() and not tokens[0].isdecimal():
            tokens = tokens[-1:] + tokens[:-1]  # (it went to the talisman after it)
        items.append(" ".join(tokens))

    def read(cards: Sequence[str]) -> list[str]:
        return normalise("cards " + " ".join(items),
                         Forms(cards=tuple(cards), counted=("cards",))).split()[1:]
    try:
        words = read(names)
    except InvalidMoveError as exc:
        raise InvalidMoveError(f"{what}: {str(exc).partition(': ')[2] or exc}") from None
    if aside and any(word not in names for word in words):
        try:  # a card of the game that is not dealt there: why ("no card 'map'" read as if
            # the game had no maps)
            why = next((aside[w] for w in read([*names, *aside]) if w in aside), None)
        except InvalidMoveError:
            why = None
        if why is not None:
            raise InvalidMoveError(f"{what}: {why}")
    for word in words:
        if word not in names:
            # (the suggestion apart: a screen says it as printed, 'broken cup')
            raise InvalidMoveError(f"{what}: no card {word[:30]!r}",
                                   suggestion=suggest(word.lower(), names))
    if len(words) != count:
        raise InvalidMoveError(f"{what}: {plural(count, 'card')}, got {len(words)}")
    return words


def _numbers(text: str, count: int | None, what: str, top: int) -> list[int]:
    """``count`` card numbers 1 to ``top`` (``None``: any number of them), each once."""
    words = _words(text)
    bad = next((w for w in words if not (w.isdecimal() and len(w) < 4 and 1 <= int(w) <= top)),
               None)
    if count == 1 and (bad is not None or len(words) != 1):  # (it said "1 card number")
        raise InvalidMoveError(f"{what}: a card number 1 to {top}, not {text[:40]!r}")
    if bad is not None:
        raise InvalidMoveError(f"{what}: {bad[:20]!r} is no card number (the cards are 1 to "
                               f"{top})")
    if count is not None and len(words) != count:  # (it said "4 card numbers 1 to 48")
        raise InvalidMoveError(f"{what}: {plural(count, 'card')}, got {len(words)} "
                               f"({text[:40]!r})")
    cards = [int(w) for w in words]
    if len(set(cards)) != len(cards):  # (the card named: "each card is in the game once")
        twice = next(c for c in cards if cards.count(c) > 1)
        raise InvalidMoveError(f"{what}: card {twice} is named twice (each card is in the "
                               f"game once)")
    return cards


def _colours(game: Game, text: str, count: int, what: str) -> list[str]:
    """``count`` Loot N Run back colours."""
    colours = list(getattr(game.data, "backs"))
    words = [w.lower() for w in _words(text)]
    for word in words:
        if word not in colours:
            raise InvalidMoveError(f"{what}: no back colour {word[:20]!r} (colours: "
                                   f"{', '.join(colours)})" + did_you_mean(word, colours))
    if len(words) != count:
        raise InvalidMoveError(f"{what}: {plural(count, 'colour')}, got {len(words)}")
    return words


def _swap_in(deal_lists: list[list[Any]], target: int, wanted: list[Any], locked: set[int],
             what: str, printed: Mapping[Any, str] | None = None) -> None:
    """Rearrange the cards of ``deal_lists`` (the deal's places of cards) so that list
    ``target`` holds ``wanted`` (a multiset), taking each missing card from a list not
    ``locked`` and putting one of the target's surplus cards in its place (the callers'
    targets hold only cards that may lie anywhere: treasures, map cards).
    ``InvalidMoveError`` when no copy of a wanted card is left, the card named as
    ``printed`` has it (``pharaoh's mask``, not the deal's ``pharaohs_mask``)."""
    have = list(deal_lists[target])
    need = list(wanted)
    for card in list(need):
        if card in have:
            have.remove(card)
            need.remove(card)
    spare = have  # the target's cards that must go elsewhere
    for card in need:
        for k, lst in enumerate(deal_lists):
            if k == target or k in locked or card not in lst:
                continue
            lst[lst.index(card)] = spare.pop()
            break
        else:
            raise InvalidMoveError(f"{what}: there is no {(printed or {}).get(card, card)} left "
                                   f"to be there (every copy is accounted for)")
    deal_lists[target][:] = list(wanted)


#: Where the setup (or a chamber shown) asks for cards: what lies there is dealt before
#: the maps, thieves and sandstorms are shuffled into the dig site (both rulebooks' setup,
#: steps 1 to 6), and after what.
_DEALT_BEFORE = {"your hand": ("in a dealt hand", "the deal"),
                 "the marketplace": ("in the marketplace at the start", "it is laid out"),
                 "the chambers": ("in a chamber", "the chambers are filled"),
                 "the chamber": ("in a chamber", "the chambers are filled")}


def _not_dealt(rules: Any, what: str) -> dict[str, str]:
    """The cards of the game that cannot lie in ``what`` (a place of :data:`_DEALT_BEFORE`),
    each with why: the maps, thieves and sandstorms, and a treasure this table leaves in
    the box (the New Expedition's broken tablet with 2 or 3 players)."""
    from .archaeology.table import card_name
    where, after = _DEALT_BEFORE[what]
    why = {}
    for card, key in enumerate(rules.cards.names):
        if card in (rules.map, rules.thief, rules.sandstorm):
            why[key] = (f"a {card_name(rules, card)} cannot be {where}: the maps, thieves and "
                        f"sandstorms are shuffled into the dig site after {after}")
        elif not rules.counts[card]:
            why[key] = (f"there is no {card_name(rules, card)} in a game of "
                        f"{plural(rules.players, 'player')} (its cards go back to the box)")
    return why


def _archaeology_deal(game: Game, players: int, seat: int, setup: dict[str, str],
                      seed: int) -> dict[str, Any]:
    deal = game.new_deal(seed=seed, players=players)
    rules = getattr(game.state_from_deal(deal), "rules")
    names = [rules.cards.names[c] for c in rules.chamber_cards]  # what a hand is dealt
    printed = card_names(game.data)
    deal["first_player"] = _first(setup["first"], players)
    chambers = deal["chambers"]
    chamber_lists = list(chambers.values()) if isinstance(chambers, dict) else list(chambers)
    dig = deal["dig_site"]
    lists = [deal["hands"][s] for s in range(players)] + [deal["marketplace"]] + \
        chamber_lists + [dig] + ([deal["reserve"]] if "reserve" in deal else [])
    # the dig site may give any card; the others take only treasures, and only treasures
    # are ever moved out of the seat's hand and the marketplace
    if "hand" in setup:  # (a setup being entered is checked answer by answer)
        hand = _card_names(setup["hand"], names, len(deal["hands"][seat]), "your hand",
                           _not_dealt(rules, "your hand"))
        _swap_in(lists, seat, hand, set(), "your hand", printed)
    if "market" in setup:
        market = _card_names(setup["market"], names, len(deal["marketplace"]),
                             "the marketplace", _not_dealt(rules, "the marketplace"))
        _swap_in(lists, players, market, {seat}, "the marketplace", printed)
    if "chambers" in setup:  # the Buried Ruins: one card face up in each chamber
        cards = _card_names(setup["chambers"], names, len(chamber_lists), "the chambers",
                            _not_dealt(rules, "the chambers"))
        for k, card in enumerate(cards):
            _swap_in(lists, players + 1 + k, [card],
                     {seat, players} | set(range(players + 1, players + 1 + k)),
                     "the chambers", printed)
    if "announced" in setup:  # Beginner's Luck: the other hands are worth what was said
        _announce(deal, rules, players, seat, [int(w) for w in setup["announced"].split()],
                  make_rng(seed), chambers_seen="chambers" in setup)
    return deal


def _announce(deal: dict[str, Any], rules: Any, players: int, seat: int, values: list[int],
              rng: Any, *, chambers_seen: bool) -> None:
    """Deal the other seats hands worth their announced ``values`` (Beginner's Luck) from
    the cards the seat has not seen, each drawn at random among those hands (up to
    :data:`TRIES` draws a seat); ``InvalidMoveError`` when none is found."""
    names = list(rules.cards.names)
    trade = rules.trade

    def worth(hand: list[str]) -> int:
        return sum(trade[names.index(c)] for c in hand)

    own = worth(deal["hands"][seat])
    if values[seat] != own:
        raise InvalidMoveError(f"the announced values: your hand is worth {own}, not "
                               f"{values[seat]}")
    dealable = {names[c] for c in rules.chamber_cards}
    chambers = deal["chambers"]
    chamber_lists = [] if chambers_seen else (  # (face-up chambers stay as entered)
        list(chambers.values()) if isinstance(chambers, dict) else list(chambers))
    places = [deal["hands"][p] for p in range(players) if p != seat] + chamber_lists + (
        [deal["reserve"]] if "reserve" in deal else [])
    dig = deal["dig_site"]
    pool = [c for place in places for c in place] + [c for c in dig if c in dealable]
    for p in range(players):
        if p == seat:
            continue
        size = len(deal["hands"][p])
        for _ in range(TRIES):
            picks = rng.sample(range(len(pool)), size)
            hand = [pool[i] for i in picks]
            if worth(hand) == values[p]:
                break
        else:
            raise InvalidMoveError(f"the announced values: no hand of the cards left is "
                                   f"worth {values[p]} for seat {p}")
        deal["hands"][p][:] = sorted(hand)
        for i in sorted(picks, reverse=True):
            pool.pop(i)
    rng.shuffle(pool)  # the rest back into the chambers, the reserve and the dig site
    for place in places[players - 1:]:
        for i in range(len(place)):
            place[i] = pool.pop()
    for i, c in enumerate(dig):
        if c in dealable:
            dig[i] = pool.pop()
    deal["announced"] = list(values)


def _ancients_deal(game: Game, players: int, seat: int, setup: dict[str, str],
                   seed: int) -> dict[str, Any]:
    deal = game.new_deal(seed=seed, players=players)
    deal["first_player"] = _first(setup["first"], players)
    if "market" not in setup:
        return deal
    words = _words(setup["market"])
    ids = set(deal["market"]) | set(deal["removed"]) | set(deal["deck"])
    if len(words) != len(deal["market"]) or not all(w.isdecimal() for w in words):
        raise InvalidMoveError(f"the market: {len(deal['market'])} map numbers, shop 1 "
                               f"first, not {setup['market'][:40]!r}")
    market = [int(w) for w in words]
    for card in market:
        if card not in ids:
            raise InvalidMoveError(f"the market: there is no map {card} (maps "
                                   f"{min(ids)} to {max(ids)})")
    _maps_once(market)
    # the shops hold their maps sorted by points ("larger values going into the
    # higher-priced shops"): out of that order the person read the shops the other way,
    # and a tie would be broken against the table's
    points = _map_points(game)
    for cheap, dear in zip(market, market[1:]):
        if points[cheap] > points[dear]:
            raise InvalidMoveError(f"the market: shop 1 first: map {cheap} "
                                   f"({plural(points[cheap], 'point')}) cannot lie in a "
                                   f"cheaper shop than map {dear} "
                                   f"({plural(points[dear], 'point')}); the maps are sorted "
                                   "by points")
    lists = [deal["market"], deal["removed"], deal["deck"]]
    _swap_in(lists, 0, market, set(), "the market")
    deal["market"] = market  # in shop order
    return deal


def _maps_once(market: list[int]) -> None:
    """A market naming a map twice refused naming it, as the Pyramids' cards are ("card 41
    is named twice"): it said only "each map card is in the game once", and, the shops
    read out of order, blamed the order."""
    twice = next((m for m in market if market.count(m) > 1), None)
    if twice is not None:
        raise InvalidMoveError(f"the market: map {twice} is named twice (each map card is in "
                               f"the game once)")


def _ancients_market(game: Game, text: str) -> str:
    """The market as entered, the dearest shop first as every screen shows it or the
    cheapest first, written the cheapest shop first (shop 1, as the table record keeps it).
    The shops hold their maps sorted by points, so the order tells which end was read
    first; only a market of equal points reads both ways, and is read as the screen shows
    it (as the prompt says). Reversed, not sorted again: a tie stays as entered."""
    counts = _dealt_counts(game)
    shops, dear, cheap = counts["market"], counts["dear"], counts["cheap"]
    words = _words(text)
    if len(words) != shops or not all(w.isdecimal() and len(w) < 4 for w in words):
        raise InvalidMoveError(f"the market: {shops} map numbers, the ${dear} shop first, "
                               f"not {text[:40]!r}")
    market = [int(w) for w in words]
    _maps_once(market)
    points = _map_points(game)
    if not all(m in points for m in market):  # (the deal names the map that is not one)
        return " ".join(map(str, reversed(market)))
    worth = [points[m] for m in market]
    if all(a >= b for a, b in zip(worth, worth[1:])):  # as the screen shows it
        return " ".join(map(str, reversed(market)))
    if all(a <= b for a, b in zip(worth, worth[1:])):  # the cheapest shop first
        return " ".join(map(str, market))
    raise InvalidMoveError(
        "the market: " + ", ".join(f"map {m} ({plural(p, 'point')})"
                                   for m, p in zip(market, worth))
        + f": the shops hold their maps sorted by points, the most in the ${dear} shop; "
          f"enter them from the ${dear} shop, or from the ${cheap} shop")


def _setup_answer(game: Game, players: int, key: str, text: str) -> str:
    """A setup answer checked on its own and written canonically (``InvalidMoveError``)."""
    if key == "first":
        return str(_first(text, players))
    if game.id == "pyramids":
        return " ".join(str(c) for c in _numbers(text, _dealt_counts(game)["cards"],
                                                 "your cards", _card_count(game)))
    if game.id == "lootnrun":
        return " ".join(_colours(game, text, 2, "the deck tops"))
    if game.id == "ancients":
        return _ancients_market(game, text)
    if key == "announced":
        words = _words(text)
        if len(words) != players or not all(w.isdecimal() and len(w) < 4 for w in words):
            raise InvalidMoveError(f"the announced values: {players} numbers, seat 0 first, "
                                   f"not {text[:40]!r}")
        return " ".join(str(int(w)) for w in words)
    deal = game.new_deal(seed=0, players=players)
    rules = getattr(game.state_from_deal(deal), "rules")
    names = [rules.cards.names[c] for c in rules.chamber_cards]
    size = {"hand": len(deal["hands"][0]), "market": len(deal["marketplace"]),
            "chambers": len(deal["chambers"])}[key]
    what = {"hand": "your hand", "market": "the marketplace", "chambers": "the chambers"}[key]
    return " ".join(_card_names(text, names, size, what, _not_dealt(rules, what)))


def _pyramids_deal(game: Game, players: int, seat: int, setup: dict[str, str],
                   seed: int) -> dict[str, Any]:
    deal = game.new_deal(seed=seed, players=players)
    if "cards" in setup:
        cards = _numbers(setup["cards"], len(deal["dealt"][seat]), "your cards",
                         _card_count(game))
        lists = [deal["dealt"][s] for s in range(players)] + [deal["deck"]]
        _swap_in(lists, seat, cards, set(), "your cards")
        deal["dealt"][seat] = sorted(cards)
    return deal


def _lootnrun_deal(game: Game, players: int, seat: int, setup: dict[str, str],
                   seed: int) -> dict[str, Any]:
    deal = game.new_deal(seed=seed, players=players)
    deal["first_player"] = _first(setup["first"], players)
    if "tops" in setup:
        back = {room.id: room.back for room in getattr(game.data, "rooms")}
        decks = deal["decks"]
        for d, colour in enumerate(_colours(game, setup["tops"], 2, "the deck tops")):
            if back[decks[d][0]] == colour:
                continue
            for k, deck in enumerate(decks):  # a room of that colour to the top
                start = 1 if k <= d else 0
                spot = next((i for i in range(start, len(deck)) if back[deck[i]] == colour),
                            None)
                if spot is not None:
                    deck[spot], decks[d][0] = decks[d][0], deck[spot]
                    break
            else:
                raise InvalidMoveError(f"the deck tops: no {colour} room is left for deck {d}")
    return deal


_SETUP: dict[str, Callable[[Game, int, int, dict[str, str], int], dict[str, Any]]] = {
    "archaeology": _archaeology_deal, "expedition": _archaeology_deal,
    "ancients": _ancients_deal, "pyramids": _pyramids_deal, "lootnrun": _lootnrun_deal}


# --- chance steps as the seat sees them --------------------------------------------------

def answer(game_id: str, state: State[Any], outcome: Hashable, seat: int) -> str | None:
    """What ``seat`` sees of the chance ``outcome`` about to happen in ``state``, as the
    words the person enters (``None``: the seat sees nothing of it to enter).

    Archaeology (both editions): its own dig shows the card; another seat's dig shows a
    thief or a sandstorm, else only that a ``card`` was dug; a theft's card is seen by the
    thief and the victim. Every other chance step of the five games is public (a market
    refill, a card drawn face up): its card."""
    verb, _, rest = str(outcome).partition(" ")
    if game_id in ("archaeology", "expedition"):
        if verb == "dig":
            digger = getattr(state, "turn")
            if digger == seat or rest in ("thief", "sandstorm"):
                return rest
            return "card"
        if verb == "stolen":
            thief, victim = getattr(state, "turn"), getattr(state, "victim")
            return rest if seat in (thief, victim) else None
    if game_id == "lootnrun" and verb == "reshuffle":
        back = getattr(state, "rules").back
        decks = getattr(outcome, "decks")
        return " ".join(back[d[0]] for d in decks)  # the new decks' tops, seen by all
    return rest or verb


def _chance_prompt(game_id: str, state: State[Any], outcome: Hashable, seat: int) -> str:
    verb = str(outcome).partition(" ")[0]
    if game_id in ("archaeology", "expedition"):
        if verb == "dig":
            digger = getattr(state, "turn")
            return ("you dug" if digger == seat else
                    f"seat {digger} dug (a card, a thief or a sandstorm)")
        if verb == "stolen":
            thief = getattr(state, "turn")
            return "the thief took from you" if thief != seat else "you stole"
    phrases = {
        ("ancients", "draw"): "the map drawn into the market (its number)",
        ("pyramids", "reveal"): "the expedition card revealed",
        ("expedition", "reveal"): "the card drawn face up",
        ("expedition", "refill"): "the Buried Ruins' refill (the chamber and the card: A coin)",
        ("lootnrun", "reshuffle"): "reshuffled: the back colours on top of deck 0 and deck 1"}
    return phrases.get((game_id, verb), f"what came out ({verb})")


def chamber_shown(game_id: str, state: State[Any], move: Hashable, seat: int) -> int | None:
    """The chamber ``move`` shows ``seat`` (its index), else ``None``: Archaeology's
    explorer sees the chamber's cards (takes them, or keeps some in the Tomb), and the
    Temple's look shows a chamber to the seat that sold. An explore of the Mine or the
    Sphinx shows nothing at once: its cards are drawn face up one by one (chance steps,
    each asked as it comes); one of the Buried Ruins shows nothing new: its cards lie face
    up, entered at the setup and at each refill (asked, any card was taken, the worlds'
    face-up chambers swapped to hold it)."""
    verb, _, where = str(move).partition(" ")
    if game_id not in ("archaeology", "expedition") or state.current_player() != seat \
            or verb not in ("explore", "look"):
        return None
    from .archaeology.rules import KEEP_SOME, TAKE_ALL
    special = getattr(state, "rules").special
    if verb == "explore" and special not in TAKE_ALL and special != KEEP_SOME:
        return None
    word = where.split(" ")[0]
    if word == "none":  # the Temple's look declined
        return None
    if word.isdecimal():  # the 2007 game names a chamber by its size
        index = list(getattr(state, "rules").chamber_sizes).index(int(word))
    else:  # the New Expedition by its letter
        index = ord(word.upper()) - ord("A")
    return index if getattr(state, "chambers")[index] else None


#: A Tomb chamber a seat knows in part: the cards it left there, the keeps since.
_KeptSince = tuple[list[int], list[tuple[int, int]]]


def _kept_since(state: State[Any], seat: int) -> dict[int, _KeptSince]:
    """The Tomb chambers ``seat`` knows in part: per chamber it kept from before another
    seat did, the cards it left there (counts per type) and the keeps since (``(seat,
    n)``, in order). Nobody saw which cards those keeps took, but no card enters a Tomb
    chamber: it holds some of the cards the seat left, and nothing else (the sampler's
    ports, ``games.archaeology.hidden``), where ``chamber_seen`` says only that the seat
    no longer knows them all."""
    from .archaeology.hidden import R_KEEP, S_KEEP
    rules = getattr(state, "rules")
    T = rules.treasures
    own = iter(s for s in getattr(state, "secrets") if s[0] == S_KEEP and s[2] == seat)
    known: dict[int, _KeptSince] = {}
    for event in getattr(state, "record").events():
        if event[0] != R_KEEP:
            continue
        _, p, i, n = event
        if p == seat:
            _, _, _, _, seen, kept = next(own)
            left = [0] * T
            for c in seen:
                left[c] += 1
            for c in kept:
                left[c] -= 1
            known[i] = (left, [])
        elif i in known:
            known[i][1].append((p, n))
    return {i: entry for i, entry in known.items() if entry[1]}


def _fill_chamber(state: State[Any], i: int, cards: list[int], seat: int,
                  partly: Container[int]) -> bool:
    """Make chamber ``i`` of the world ``state`` hold ``cards`` by swapping with the other
    places ``seat`` has not seen (the other chambers it has not looked into, nor kept from,
    and the dig site); ``False`` when they do not hold the cards. ``partly``: the chambers
    it knows in part (``_kept_since``). (A chamber the seat has seen holds what it saw in every
    world, and one it kept from some of what it left there: ``_chamber_apply`` reads those
    first.)"""
    chambers, seen = getattr(state, "chambers"), getattr(state, "chamber_seen")
    old = list(chambers[i])
    need = list(cards)
    for c in list(need):
        if c in old:
            old.remove(c)
            need.remove(c)
    # (a chamber the seat kept from holds only cards it left there: no swap into it)
    others = [k for k, ch in enumerate(chambers)
              if k != i and ch and not seen[k] >> seat & 1 and k not in partly]
    places = [list(chambers[k]) for k in others]
    dig = getattr(state, "dig")
    for c in need:
        for place in places + [dig]:
            if c in place:
                place[place.index(c)] = old.pop()
                break
        else:
            return False
    for k, place in zip(others, places):
        chambers[k] = tuple(sorted(place))
    chambers[i] = tuple(sorted(cards))
    return True


def merged_trade(game: Game, state: State[Any], first: str, second: str) -> tuple[str, str]:
    """The one trade that a seat's trade ``first`` and then ``second`` (texts) make, as the
    engine plays a turn's trades between two explores (Archaeology and the New Expedition:
    at the table a seat may trade any number of times), and why it cannot be ('' when it
    can: the gives cover the takes, it gives and takes something); ``state``: the
    position, for the card names and values. ``DigsiteError`` when ``second`` is no trade.
    ``track`` enters the one trade in place of the first, and ``play`` too.
    """
    engine = game.engine
    first_move = engine.parse_text(first)
    second_move = read_text(state, second, engine.parse_text, engine.FORMS)
    if str(second_move).partition(" ")[0] != "trade":
        raise InvalidMoveError(f"{second!r} is no trade")
    # the one trade: a card the first took and the second gave (or the first gave and
    # the second took) never moved
    took, gave = list(first_move.b), list(first_move.a)
    more_gives, more_takes = _unless_in(second_move.a, took), _unless_in(second_move.b, gave)
    gives, takes = gave + more_gives, took + more_takes
    rules = getattr(state, "rules")
    names = rules.cards.names
    merged = (f"trade {' '.join(names[c] for c in sorted(gives)) or 'nothing'} for "
              f"{' '.join(names[c] for c in sorted(takes)) or 'nothing'}")
    given, taken = (sum(rules.trade[c] for c in cards) for cards in (gives, takes))
    # (reasons that hold whatever the seat's hand: the engine's own would vary with it)
    why = ("" if gives and takes else "it would give cards for none" if gives
           else "it would take cards for none" if takes
           else "together they change nothing (every card went back where it was)")
    if not why and given < taken:
        why = f"the gives (trade value {given}) do not cover the takes (trade value {taken})"
    return merged, why


def _unless_in(cards: Sequence[int], pool: list[int]) -> list[int]:
    """``cards`` but those found in ``pool``, each found one removed from it (a multiset
    difference that also takes the matches out of ``pool``)."""
    left = []
    for card in cards:
        if card in pool:
            pool.remove(card)
        else:
            left.append(card)
    return left


def _same(entered: str, seen: str) -> bool:
    """Whether the words entered name what the seat saw (case, spaces, apostrophes, an
    article and a plural aside)."""
    def key(text: str) -> str:
        words = text.lower().replace("'", "").replace("-", "_").split()
        if len(words) > 1 and words[0] in ("a", "an", "the"):  # ("you stole> the talisman")
            words = words[1:]
        return "_".join(words)
    a, b = key(entered), key(seen)
    return a == b or a == b + "s" or a == b + "es"  # (a plural: "pot shards", "coins")


def _one_card(world: State[Any], text: str) -> str | None:
    """The one card of an Archaeology edition ``text`` names as a move would read it (one
    word of a name only one card has: 'mask', 'cup'), else ``None`` (another game, no card
    or several)."""
    cards = getattr(getattr(world, "rules", None), "cards", None)
    if cards is None or not isinstance(getattr(cards, "index", None), Mapping):
        return None
    from .forgiving import Forms, normalise
    try:
        words = normalise("cards " + text, Forms(cards=tuple(cards.index),
                                                 counted=("cards",))).split()[1:]
    except InvalidMoveError:
        return None
    return words[0] if len(words) == 1 and words[0] in cards.index else None


def _drawn_face_up(game_id: str, world: State[Any], text: str) -> list[str] | None:
    """The cards ``text`` names, when it names two or more and the chance step is a card
    drawn face up from a chamber (the Sphinx draws five at once, the Mine one at a time):
    they are entered in order, one a step (``Tracker._enter_each``); ``None`` otherwise.
    The five the Sphinx lays out were refused typed in one line ("cannot be what came out
    here"), the prompt taking one card at a time."""
    if game_id != "expedition" or not world.chance_outcomes() or \
            str(world.chance_outcomes()[0][0]).partition(" ")[0] != "reveal":
        return None
    from .forgiving import Forms, normalise
    rules = getattr(world, "rules")
    names = tuple(rules.cards.index)  # (every card: one a chamber cannot hold is refused
    # as itself, 'map', not as the whole line)
    try:
        words = normalise("cards " + text, Forms(cards=names, counted=("cards",))).split()[1:]
    except InvalidMoveError:
        return None
    return words if len(words) >= 2 and all(w in names for w in words) else None


# --- what a move shows -------------------------------------------------------------------

@dataclass
class _Pending:
    """A move entered whose effect shows the seat cards the tracker must ask for (the
    chamber an explorer sees, the card a Pyramids seat takes from the deck): the world it
    is legal in, the questions and the answers so far. (Its words wait for the answers:
    the explorer took the chamber's cards the person entered, not the world's.)"""

    world: State[Any]
    move: Hashable
    seat: int
    questions: list[tuple[str, str]]
    answers: dict[str, str]


def _chamber_questions(tracker: "Tracker", state: State[Any], move: Hashable,
                       answers: dict[str, str]) -> list[tuple[str, str]]:
    seat = tracker.seat
    game_id = getattr(state, "rules").game_id
    if chamber_shown(game_id, state, move, seat) is None:
        return []
    return [("chamber", "the cards you saw in the chamber")]


def _chamber_apply(tracker: "Tracker", world: State[Any], move: Hashable,
                   answers: dict[str, str], index: int) -> tuple[State[Any], State[Any]]:
    """A world drawn from the seat's information set whose chamber holds the cards
    entered: before ``move`` and after it."""
    rules = getattr(world, "rules")
    names = list(rules.cards.names)
    i = chamber_shown(rules.game_id, world, move, tracker.seat)
    assert i is not None
    size = len(getattr(world, "chambers")[i])
    cards = _card_names(answers["chamber"], [names[c] for c in rules.chamber_cards], size,
                        "the chamber", _not_dealt(rules, "the chamber"))
    answers["chamber"] = " ".join(sorted(cards))
    ids = [names.index(c) for c in cards]
    known = getattr(world, "chamber_seen")[i] >> tracker.seat & 1
    if known and sorted(ids) != sorted(getattr(world, "chambers")[i]):
        # (a look in the Temple, or the cards put back after a Tomb explore, showed it)
        from .archaeology.table import card_words

        def told(held: Sequence[int]) -> str:
            counts: dict[int, int] = {}
            for c in held:
                counts[c] = counts.get(c, 0) + 1
            return card_words(rules, counts)

        raise IllegalMoveError(f"the chamber: you have seen it hold "
                               f"{told(getattr(world, 'chambers')[i])}, not {told(ids)}")
    partly = _kept_since(world, tracker.seat)  # (the same in every world drawn)
    if i in partly:
        return _partly_known_apply(tracker, world, move, i, ids, partly[i], index)
    for w in tracker._worlds(world, index):
        if _fill_chamber(w, i, ids, tracker.seat, partly):
            before = w.clone()
            w.apply(tracker.game.parse_move(w, str(move)))
            return before, w
    raise IllegalMoveError(f"the chamber cannot hold {', '.join(cards)}: not that many "
                           f"of them are unseen")


def _partly_known_apply(tracker: "Tracker", world: State[Any], move: Hashable, i: int,
                        ids: list[int], partly: _KeptSince, index: int
                        ) -> tuple[State[Any], State[Any]]:
    """``_chamber_apply`` for a Tomb chamber the seat kept from before other seats did
    (``_kept_since``): the cards entered must be some of those it left there, and the
    world one whose chamber holds them as dealt, the tracker's own or one drawn from the
    seat's information set (a draw holding them is a draw of what the seat now knows).
    Swapping cards in from elsewhere, as for a chamber never seen, made worlds no deal
    explains: a talisman in a chamber the seat saw hold none."""
    from .archaeology.moves import chamber_letter
    from .archaeology.table import card_words
    rules = getattr(world, "rules")
    left, keeps = partly
    counts = [0] * len(left)
    for c in ids:
        counts[c] += 1
    letter = chamber_letter(i)
    since = " and ".join(f"seat {p} kept {n}" for p, n in keeps)
    if any(n > k for n, k in zip(counts, left)):
        none = [rules.card_name(c) for c, (n, k) in enumerate(zip(counts, left)) if n and not k]
        fewer = [f"{k} {rules.card_name(c, k)}" for c, (n, k) in enumerate(zip(counts, left))
                 if n > k and k]
        why = []
        if none:
            why.append(f"no {' and no '.join(none)} can be in it")
        if fewer:
            why.append(f"it holds at most {' and '.join(fewer)}")
        raise IllegalMoveError(f"the chamber: you saw chamber {letter} hold "
                               f"{card_words(rules, left)} after your keep; {since} of them "
                               f"since, so {', and '.join(why)}")
    for w in tracker._worlds(world, index):
        if sorted(getattr(w, "chambers")[i]) == sorted(ids):
            before = w.clone()
            w.apply(tracker.game.parse_move(w, str(move)))
            return before, w
    # (the draws follow what the seat knows, so this is rare: cards it left that the
    # keepers' later moves rule out, e.g. sales of what they must have kept, or that
    # they make less likely than about 1 in TRIES)
    raise IllegalMoveError(f"the chamber cannot hold {card_words(rules, counts)}: you left "
                           f"{card_words(rules, left)} in chamber {letter}, {since} since, "
                           f"and none of {TRIES} deals drawn from what you have seen left "
                           f"those there")


def _unseen_swap(places: list[list[int]], card: int, instead: int) -> bool:
    """Put ``instead`` where ``card`` lies among ``places`` (lists of unseen cards)."""
    for place in places:
        if card in place:
            place[place.index(card)] = instead
            return True
    return False


def _pyramids_questions(tracker: "Tracker", state: State[Any], move: Hashable,
                        answers: dict[str, str]) -> list[tuple[str, str]]:
    """A take from the deck shows its card; a move after which the display is refilled
    (the last keep of the setup, the last take of each seat's action) shows the new
    display."""
    after = state.clone()
    after.apply(move)
    questions = []
    if str(move) == "take deck":
        questions.append(("card", "the card taken from the deck (its number)"))
    before = set(getattr(state, "display"))
    if set(getattr(after, "display")) - before:
        questions.append(("display", "the display now (its card numbers)"))
    return questions


def _pyramids_apply(tracker: "Tracker", world: State[Any], move: Hashable,
                    answers: dict[str, str], index: int) -> tuple[State[Any], State[Any]]:
    """``world``, and ``move`` played in it, with the cards it showed put where the person
    saw them: the deck's order is unseen, so any card still in it may be the one. A take
    from the deck draws its top card, so the card taken is put on top of the deck in the
    world before the move too: the take's words name it ("you took card 23, the top card
    of the deck")."""
    before_display = list(getattr(world, "display"))
    if "card" in answers:
        card = _numbers(answers["card"], 1, "the card taken", _card_count(tracker.game))[0]
        answers["card"] = str(card)
        deck = getattr(world, "deck")
        if card not in deck:
            raise InvalidMoveError(f"the card taken: card {card} is not in the deck "
                                   f"({_pyramids_where(world, card, tracker.seat)})")
        world = world.clone()
        deck = getattr(world, "deck")
        at = deck.index(card)
        deck[0], deck[at] = deck[at], deck[0]
    after = world.clone()
    after.apply(move)
    deck, display = getattr(after, "deck"), getattr(after, "display")
    if "display" in answers:
        cards = _pyramids_display(tracker.game, before_display, display, answers["display"])
        answers["display"] = " ".join(map(str, cards))
        surplus = [c for c in display if c not in cards]
        for c in cards:
            if c in display:
                continue
            if c not in deck:
                raise InvalidMoveError(f"the display: card {c} is not in the deck "
                                       f"({_pyramids_where(after, c, tracker.seat)})")
            deck[deck.index(c)] = surplus.pop()
        display[:] = cards
    return world, after


def _pyramids_display(game: Game, before: Sequence[int], after: Sequence[int], text: str
                      ) -> list[int]:
    """The display answered (``text``) after a move that refilled it (``before``, ``after``
    in a world): its card numbers, each card that stayed among them."""
    cards = _numbers(text, len(after), "the display", _card_count(game))
    for c in after:
        if c in before and c not in cards:
            raise InvalidMoveError(f"the display: card {c} was in it and was not taken")
    return cards


def _pyramids_where(world: State[Any], card: int, seat: int) -> str:
    """Where card ``card``, not in the deck, is in ``world`` as the table sees it."""
    if card in getattr(world, "display"):
        return "it is in the display"
    for i, s in enumerate(getattr(world, "seats")):
        who = "you" if i == seat else f"seat {i}"
        if card in s.hand:
            return f"it is in front of {who}"
        if card in s.completed:
            return f"{who} completed it"
    return "it is in the display, in front of a seat or done"


def _pyramids_arrange(tracker: "Tracker", world: State[Any], text: str) -> State[Any] | None:
    """Another seat's keep names the cards it keeps, which the world dealt it or not:
    a world whose deal gives it those cards (from the cards the person has not seen),
    or ``None`` when the text is no keep."""
    from .pyramids.moves import Keep, parse_text
    words = text.lower().replace(",", " ").split()
    if words[:1] == ["keep"]:  # (its cards' commas may be spaces, as the person's own keep's:
        # no legal move of the world reads it, whose deal gives that seat other cards)
        text = "keep " + ",".join(words[1:])
    try:
        move = parse_text(text)
    except DigsiteError:
        return None
    if not isinstance(move, Keep):
        return None
    w = world.clone()
    actor = w.current_player()
    seats = getattr(w, "seats")
    pending = getattr(w, "pending")
    dealt = seats[actor].dealt
    spare = [c for c in dealt if c not in move.cards]
    for card in move.cards:
        if card in dealt:
            continue
        places = [getattr(w, "deck")] + [
            seats[i].dealt for i in range(w.num_players) if i not in (actor, tracker.seat)
            and (pending[i] is None or card not in getattr(pending[i], "cards", ()))]
        if not spare:
            return None
        out = spare.pop()
        if not _unseen_swap(places, card, out):
            return None
        dealt[dealt.index(out)] = card
    seats[actor].dealt = sorted(dealt)
    return w


#: Words of a room's face that say nothing of it (``show`` writes ``room 2 (red):
#: scarab, necklace; a guardian, the mummy``; any of it may be typed back).
_FACE_FILLER = frozenset({"a", "an", "the", "room", "guardian", "top", "with", "and", "of",
                          "empty"})


@dataclass(frozen=True)
class _Face:
    """A Loot N Run room as the person describes its face: its top (a guardian's kind,
    ``amulet`` or ``empty``), its treasures (sorted) and its back colour when said. At a
    real table no number is printed on a room: its face is what the person can read."""

    top: str
    treasures: tuple[str, ...]
    back: str | None

    def fits(self, rules: Any, room: int) -> bool:
        top = rules.guardian[room] or ("amulet" if rules.amulet[room] else "empty")
        return (top == self.top and tuple(sorted(rules.treasures[room])) == self.treasures
                and self.back in (None, rules.back[room]))

    def __str__(self) -> str:
        from .lootnrun.table import guardian_word
        # (Frank as every screen writes him: the tracker listed faces "chest; frank")
        top = "" if self.top == "empty" else f"; {guardian_word(self.top)}"
        return f"{self.back + ' ' if self.back else ''}{', '.join(self.treasures)}{top}"


def _face(rules: Any, words: list[str], what: str) -> _Face:
    """The face ``words`` describe (fillers dropped, a plural read as its singular)."""
    data = rules.data
    kinds, treasures, colours = data.guardian_kinds, data.treasure_types, rules.colours
    vocabulary = [*kinds, "amulet", *treasures, *colours]
    tops, found, backs = [], [], []
    for word in words:
        if word in _FACE_FILLER:
            continue
        if word not in vocabulary and word.endswith("s") and word[:-1] in vocabulary:
            word = word[:-1]
        if word in kinds or word == "amulet":
            tops.append(word)
        elif word in treasures:
            found.append(word)
        elif word in colours:
            backs.append(word)
        else:
            from .lootnrun.table import guardian_word
            raise InvalidMoveError(f"{what}: {word!r} is not on a room (a room is its number "
                                   f"or its face: its treasures, "
                                   f"{', '.join(map(guardian_word, kinds))} or "
                                   f"amulet){did_you_mean(word, vocabulary)}")
    if len(tops) > 1 or len(backs) > 1 or not found:
        raise InvalidMoveError(f"{what}: a room's face is its 1 to 3 treasures and at most "
                               f"one guardian or amulet, not {' '.join(words)[:60]!r}")
    return _Face(tops[0] if tops else "empty", tuple(sorted(found)), backs[0] if backs else None)


def _rooms(tracker: "Tracker", text: str, what: str) -> list[int | _Face]:
    """Loot N Run rooms as typed: each its number (an engine room position) or its face
    (:class:`_Face`, resolved to a room by :func:`_lnr_place`). Numbers may be listed with
    spaces (``2 17``); faces, or rooms of both kinds, are split by ``/``
    (``mummy scarab necklace / cup idol``)."""
    from .lootnrun.table import NO_TOP
    rules = getattr(tracker.world, "rules")
    # (``show``'s words for a room with nothing on top, dropped whole: its "amulet" is none)
    text = re.sub(r"\s+".join(NO_TOP.split()), " ", text.lower())
    words = _words(text)
    if not words:
        raise InvalidMoveError(f"{what}: no room given ({_THEIR_FACES})")
    numbered = [w for w in words if w.isdecimal()]
    chunks = [words] if len(numbered) == len(words) else [
        _words(re.sub(r"[;:()]", " ", chunk)) for chunk in text.lower().split("/")]
    entries: list[int | _Face] = []
    for chunk in chunks:
        numbers = [w for w in chunk if w.isdecimal()]
        if numbers and len(numbers) < len(chunk) and len(numbers) > 1:
            raise InvalidMoveError(f"{what}: split rooms written by their faces with '/'")
        for number in numbers:
            if not (len(number) < 4 and int(number) in rules.index):
                raise InvalidMoveError(f"{what}: room numbers ({min(rules.ids)} to "
                                       f"{max(rules.ids)}), not {number!r}")
        face_words = [w for w in chunk if not w.isdecimal() and w not in _FACE_FILLER]
        if not numbers:
            entries.append(_face(rules, face_words, what))
            continue
        rooms = [rules.index[int(w)] for w in numbers]
        face = _face(rules, face_words, what) if face_words else None
        if face is not None and not face.fits(rules, rooms[0]):
            raise InvalidMoveError(f"{what}: room {numbers[0]} is not {face}")
        entries += rooms
    numbers_only = [e for e in entries if isinstance(e, int)]
    if len(set(numbers_only)) != len(numbers_only):
        raise InvalidMoveError(f"{what}: each room is in the game once")
    return entries


def _lnr_unseen(w: State[Any], person: int) -> list[list[Any]]:
    """The places of a Loot N Run world the person has not seen into: the decks, the
    other seats' fronts and a Werewolf draw of another seat."""
    places: list[list[Any]] = [d for d in getattr(w, "decks")]
    places += [f for s, f in enumerate(getattr(w, "fronts")) if s != person]
    if w.current_player() != person:
        places.append(getattr(w, "drawn"))
    return places


def _faces_resolved(tracker: "Tracker", w: State[Any], target: list[Any], spots: list[int],
                    entries: list[int | _Face], what: str,
                    placed: frozenset[int] = frozenset()) -> list[int]:
    """``entries`` with each face a room that shows it and may lie at ``spots``: one of
    theirs, or one hidden from the person, whose back one of the spots still needs. Rooms
    with the same face and back are alike in every rule, so within a back colour the
    first such is taken; the colours are matched to the faces by a search, since a face
    that two colours show may need the one another face cannot take (a green and a yellow
    scarab, and a scarab and necklace only yellow: typed in either order). ``placed``: the
    rooms another answer of the same move put (a room is never given twice)."""
    rules = getattr(w, "rules")
    back = rules.back
    at_spots = [target[i] for i in spots]
    hidden = set(at_spots).union(*map(set, _lnr_unseen(w, tracker.seat)))
    needed = [back[r] for r in at_spots]
    for entry in entries:
        if isinstance(entry, int) and back[entry] in needed:
            needed.remove(back[entry])
    faces = [e for e in entries if not isinstance(e, int)]
    # the back each face lies on when typed in the spots' order (a front left to right,
    # deck 0's draw then deck 1's), as the person reads them: a face that two colours
    # show takes that colour first (it took the lowest room number's, a yellow cup and
    # scarab for the green one typed first, and the yellow room left hidden was refused
    # when drawn later); typed in another order, the search still finds the colours
    placed_on = [back[r] for r, e in zip(at_spots, entries) if not isinstance(e, int)] \
        if len(entries) == len(at_spots) else [None] * len(faces)

    def options(k: int, needed: list[str], taken: set[int]) -> list[int]:
        """One room for each back colour face ``k`` can still take, the likeliest first
        (its place's colour, then one in place: no swap)."""
        fits = sorted((r for r in range(len(back)) if faces[k].fits(rules, r)
                       and r in hidden and back[r] in needed and r not in taken
                       and r not in entries and r not in placed),
                      key=lambda r: (back[r] != placed_on[k], r not in at_spots, r))
        return [r for i, r in enumerate(fits) if back[r] not in {back[q] for q in fits[:i]}]

    def match(k: int, needed: list[str], taken: set[int]) -> list[int] | None:
        if k == len(faces):
            return []
        for room in options(k, needed, taken):
            left = list(needed)
            left.remove(back[room])
            rest = match(k + 1, left, taken | {room})
            if rest is not None:
                return [room, *rest]
        return None

    found = match(0, needed, set())
    if found is None:
        for k, face in enumerate(faces):
            if not options(k, needed, set()):
                colours = " or ".join(sorted(set(needed))) or "other"
                raise InvalidMoveError(f"{what}: no {colours} room still hidden from you "
                                       f"shows {face} (seen face up, yours, or not in the "
                                       f"card data){_faces_left(rules, hidden, needed)}")
        raise InvalidMoveError(f"{what}: no rooms still hidden from you show "
                               f"{' / '.join(map(str, faces))} on the backs "
                               f"{', '.join(sorted(needed))}")
    chosen = iter(found)
    return [e if isinstance(e, int) else next(chosen) for e in entries]


def _faces_left(rules: Any, hidden: set[int], backs: list[str]) -> str:
    """The faces the rooms still hidden from the person show on the backs ``backs``, for
    an answer that named none of them (at a real table the person reads a face that is
    there: one typed wrong is best put right from the list). Empty when none is left."""
    faces = sorted({str(_Face(rules.guardian[r] or ("amulet" if rules.amulet[r] else "empty"),
                              tuple(sorted(rules.treasures[r])), None))
                    for r in hidden if rules.back[r] in backs})
    if not faces:
        return ""
    return f"; the {' or '.join(sorted(set(backs)))} rooms still hidden show: {' / '.join(faces)}"


def _lnr_place(tracker: "Tracker", w: State[Any], target: list[Any], spots: list[int],
               entries: list[int | _Face], what: str,
               taken: dict[int, str] | None = None) -> list[int]:
    """Put the rooms ``entries`` name at the positions ``spots`` of ``target`` (a front, a
    deck, a draw) of the world ``w``, each where the back colour agrees, swapping with the
    unseen places; the rooms put, or ``InvalidMoveError`` when the colours or the rooms
    cannot be. ``taken``: the rooms other answers of the same move placed (room -> what
    it was given as), which none of these may be."""
    rules = getattr(w, "rules")
    back, ids = rules.back, rules.ids
    taken = taken or {}
    for entry in entries:
        if isinstance(entry, int) and entry in taken:
            raise InvalidMoveError(f"{what}: room {ids[entry]} is one of {taken[entry]} "
                                   f"already (each room is in the game once)")
    rooms = _faces_resolved(tracker, w, target, spots, entries, what, frozenset(taken))
    want = sorted(back[r] for r in rooms)
    have = sorted(back[target[i]] for i in spots)
    if want != have:
        raise InvalidMoveError(f"{what}: the backs are {', '.join(have)}, not "
                               f"{', '.join(want)}")
    free = list(spots)
    for room in rooms:
        if room in [target[i] for i in spots]:
            free.remove(target.index(room))
    places = _lnr_unseen(w, tracker.seat)
    for room in rooms:
        if room in [target[i] for i in spots]:
            continue
        i = next(i for i in free if back[target[i]] == back[room])
        free.remove(i)
        for place in places:
            if room in place:
                place[place.index(room)] = target[i]
                break
        else:
            raise InvalidMoveError(f"{what}: room {ids[room]} is not hidden anywhere (it "
                                   f"was seen face up, or it is yours)")
        target[i] = room
    if [back[target[i]] for i in spots] == [back[r] for r in rooms]:
        for i, room in zip(spots, rooms):  # in the order entered (the discard pile's)
            target[i] = room
    return rooms


#: How a question about several rooms says they may be typed.
_THEIR_FACES = "their numbers, or their faces split by /: cup idol mummy / chest amulet"


#: The Loot N Run questions answered by rooms (``_room_numbers`` keeps them).
_ROOM_ANSWER = re.compile(r"(room|rooms \d+|discarded|drawn)$")


def _room_numbers(rules: Any, rooms: list[int]) -> str:
    """Rooms as the record keeps them, whatever the person typed: their numbers."""
    return " ".join(str(rules.ids[r]) for r in rooms)


def _lnr_prepare(tracker: "Tracker", world: State[Any], move: Hashable,
                 answers: dict[str, str]
                 ) -> tuple[State[Any], State[Any], list[tuple[str, str]]]:
    """The world with the rooms answered put in place, before ``move`` and after it, and
    the questions the move raises given those answers (in order)."""
    seat = tracker.seat
    w = world.clone()
    rules = getattr(w, "rules")
    actor = w.current_player()
    verb, _, arg = str(move).partition(" ")
    fronts, decks = getattr(w, "fronts"), getattr(w, "decks")
    questions: list[tuple[str, str]] = []
    placed: dict[int, str] = {}  # the rooms this move's answers put (a room shows once)

    def place(key: str, target: list[Any], spots: list[int], what: str) -> None:
        """The rooms answered to ``key`` put at ``spots`` of ``target``, and the answer
        kept as their numbers (the record is exact however they were typed)."""
        rooms = _rooms(tracker, answers[key], what)
        if len(rooms) != len(spots):
            raise InvalidMoveError(f"{what}: {plural(len(spots), 'room')}, got {len(rooms)}")
        put = _lnr_place(tracker, w, target, spots, rooms, what, placed)
        placed.update((room, what) for room in put)
        answers[key] = _room_numbers(rules, put)

    def ask_rooms(p: int) -> None:
        key = f"rooms {p}"
        questions.append((key, f"the rooms of seat {p}, revealed ({_THEIR_FACES})"))
        if key in answers and fronts[p]:
            place(key, fronts[p], list(range(len(fronts[p]))), f"seat {p}'s rooms")

    if verb == "run" and actor != seat:
        ask_rooms(actor)
    if verb == "awaken" and int(arg) != seat:
        ask_rooms(int(arg))
    if verb == "loot" and actor == seat:
        questions.append(("room", f"the room you drew from deck {arg} (its number, or its "
                                  f"face: cup idol mummy)"))
        if "room" in answers:
            deck = decks[int(arg)]
            place("room", deck, [len(deck) - 1], "the room drawn")
    if verb == "keep" and actor != seat:
        drawn = getattr(w, "drawn")
        kept = {"keep none": (), "keep 0": (0,), "keep 1": (1,), "keep both": (0, 1)}[str(move)]
        gone = [i for i, r in enumerate(drawn) if r is not None and i not in kept]
        if gone:
            questions.append(("discarded", f"the rooms it discarded, face up "
                                           f"({_THEIR_FACES})"))
            if "discarded" in answers:
                place("discarded", drawn, gone, "the rooms discarded")
    before = [list(f) for f in fronts]
    # what each deck showed before the move: a deck the move drew from is asked again even
    # when the rooms answered put the same room back on top (a Werewolf draw's placement)
    tops = [d[-1] if d else None for d in decks]
    sizes = [len(d) for d in decks]
    probe = w.clone()
    probe.apply(move)
    if getattr(probe, "finished"):  # everyone reveals the rooms in front of them
        for p in range(w.num_players):
            if p != seat and before[p] and not any(k == f"rooms {p}" for k, _ in questions):
                ask_rooms(p)
        shown = w.clone()
        w.apply(move)
        return shown, w, questions
    shown = w.clone()
    w.apply(move)
    if getattr(w, "phase") == "keep" and w.current_player() == seat:
        questions.append(("drawn", f"the rooms you drew, deck 0's then deck 1's "
                                   f"({_THEIR_FACES})"))
        if "drawn" in answers:
            drawn = getattr(w, "drawn")
            place("drawn", drawn, [i for i, r in enumerate(drawn) if r is not None],
                  "the rooms drawn")
    if getattr(w, "phase") != "reshuffle":
        for d, deck in enumerate(getattr(w, "decks")):
            if deck and (tops[d] is None or deck[-1] != tops[d] or len(deck) != sizes[d]):
                questions.append((f"top {d}", f"the back colour on top of deck {d} now"))
    return shown, w, questions


def _lnr_questions(tracker: "Tracker", world: State[Any], move: Hashable,
                   answers: dict[str, str]) -> list[tuple[str, str]]:
    return _lnr_prepare(tracker, world, move, answers)[2]


def _lnr_apply(tracker: "Tracker", world: State[Any], move: Hashable,
               answers: dict[str, str], index: int) -> tuple[State[Any], State[Any]]:
    """A world drawn from the seat's information set in which ``move`` shows what was
    answered, before the move and after it: the rooms put in place, the deck tops'
    colours drawn for."""
    back = getattr(world, "rules").back
    tops = {int(k.split()[1]): _colours(tracker.game, v, 1, f"deck {k.split()[1]}'s top")[0]
            for k, v in answers.items() if k.startswith("top ")}
    for k in [k for k in answers if k.startswith("top ")]:
        answers[k] = tops[int(k.split()[1])]
    seen: set[str] = set()
    for w in tracker._worlds(world, index):
        shown, after, _ = _lnr_prepare(tracker, w, move, answers)
        decks = getattr(after, "decks")
        showing = {d: back[decks[d][-1]] for d in tops if decks[d]}
        if showing == tops:
            return shown, after
        seen.add(" ".join(f"deck {d} {c}" for d, c in sorted(showing.items())))
    raise IllegalMoveError(f"the deck tops cannot show "
                           f"{', '.join(f'{c} on deck {d}' for d, c in sorted(tops.items()))}"
                           f" (the rooms left of that colour are all accounted for)")


def _pyramids_note(world: State[Any], person: int) -> str | None:
    """At a take, which completed cards the seat replaces, in order: a seat's two are one
    action, and the next seat waits for both (the display refilled between)."""
    from .pyramids.state import PyramidsState
    from .pyramids.table import replacing
    cards = replacing(world) if isinstance(world, PyramidsState) else []
    return f"replacing card {', then card '.join(map(str, cards))}" if cards else None


def _trade_under_way(world: State[Any], seat: int | None = None) -> str | None:
    """A trade entered a step at a time (``take coin``) and not yet covered: what it
    holds and how it goes on, its steps to the trading seat only (it was accepted
    without a word, and ``end`` then refused with the engine's steps)."""
    from .archaeology.state import ArchaeologyState
    from .archaeology.table import trade_under_way
    return trade_under_way(world, seat) if isinstance(world, ArchaeologyState) else None


def _action_note(world: State[Any], person: int) -> str | None:
    """A trade entered a step at a time and not yet covered, or the sale the end game's
    passes force on the seat to act (its prompt said "seat 1's move", and its ``end``
    was then refused)."""
    if _trade_under_way(world) is not None:
        return "a trade under way"
    if getattr(world, "must_sell", False) and not getattr(world, "sold_this_turn", True):
        who, its = (("you", "your") if world.current_player() == person else ("it", "its"))
        return (f"every other seat has passed since {its} pass: {who} must sell at least "
                f"one set this turn")
    return None


def _werewolf_note(world: State[Any], person: int) -> str | None:
    """At the keep of a Werewolf's draw, what the decision is and its moves, and the
    Frank's extra turn after it (the prompt said "your move" or "seat 1's move" alone)."""
    if getattr(world, "phase", None) != "keep":
        return None
    moves = [str(m) for m in world.legal_moves()]
    then = "; then Frank's extra turn" if getattr(world, "extra_turn", False) else ""
    return (f"the werewolf's draw: {', '.join(moves[:-1])} or {moves[-1]}{then}"
            if len(moves) > 1 else f"the werewolf's draw: {''.join(moves)}{then}")


#: Per game: what the prompt of a move adds to whose move it is (said to ``person``).
_MOVE_NOTES: dict[str, Callable[[State[Any], int], str | None]] = {
    "pyramids": _pyramids_note, "archaeology": _action_note, "expedition": _action_note,
    "lootnrun": _werewolf_note}


#: Another seat's move the table does not show, as a player types it: the Tomb's keep
#: ("keep", "kept 2 cards", "keep ? ?", "?").
_UNSEEN_KEEP = re.compile(r"^(?:(?:keep|kept)(?: (?:2|two) cards?| unseen| hidden| \?(?: \?)*)?"
                          r"|\?)$")


def _tomb_keep_unseen(tracker: "Tracker", world: State[Any], text: str, index: int
                      ) -> tuple[State[Any], Hashable] | None:
    """Another seat's Tomb keep, which the explorer makes "without letting any opponents
    see" the cards: the tracker asked which cards it kept, which the person cannot know.
    Typed as unseen (``_UNSEEN_KEEP``), the keep is the world's: a random choice of the
    chamber's cards as the world holds them (each card of it as likely kept), as a fair
    sample of what the person cannot see stays one; ``None`` for any other text or
    decision (the keep typed with its cards is read as typed)."""
    from .archaeology.rules import P_KEEP
    if getattr(world, "phase", None) != P_KEEP or not _UNSEEN_KEEP.match(text.lower()):
        return None
    w = world.clone()
    rules = getattr(w, "rules")
    cards = list(getattr(w, "chamber")(getattr(w, "exploring")))
    rng = make_rng(tracker.record.seed * 1_000_003 + index)
    kept = sorted(rng.sample(cards, min(rules.params["keep"], len(cards))))
    return w, tracker.game.parse_move(w, "keep " + " ".join(rules.cards.names[c] for c in kept))


#: Per game, another seat's move the table does not show, typed as unseen: the world's
#: choice of it (``None``: the text is no such move).
_UNSEEN: dict[str, Callable[["Tracker", State[Any], str, int],
                            tuple[State[Any], Hashable] | None]] = {
    "expedition": _tomb_keep_unseen}


#: Per game, a world in which another seat's move is legal when the world's hidden
#: cards (dealt it at random) are not the ones the move shows (``None``: no such world).
_ARRANGE: dict[str, Callable[["Tracker", State[Any], str], State[Any] | None]] = {
    "pyramids": _pyramids_arrange}


#: Per game: the questions a move raises (``(key, prompt)``, none for most moves) and
#: the world with the answers, before the move (its words are told from it) and after
#: (``InvalidMoveError`` when they cannot be).
_SHOWS: dict[str, tuple[Callable[["Tracker", State[Any], Hashable, dict[str, str]],
                                 list[tuple[str, str]]],
                        Callable[["Tracker", State[Any], Hashable, dict[str, str], int],
                                 tuple[State[Any], State[Any]]]]] = {
    "archaeology": (_chamber_questions, _chamber_apply),
    "expedition": (_chamber_questions, _chamber_apply),
    "pyramids": (_pyramids_questions, _pyramids_apply),
    "lootnrun": (_lnr_questions, _lnr_apply),
}


# --- the tracker ------------------------------------------------------------------------

#: A reason's closing list in brackets (``(dealt: 2, 9, 30, 41)``): what one world's hand
#: holds, left out of a reason said of another seat in every world.
_HAND_LIST = re.compile(r" \([^()]*\)$")
#: A reason that is a rule of the refused seat's own cards (``why_illegal`` says them
#: "you hold ..."): of another seat, the tracker knows its hand only as the hands it could
#: hold, given what its seat has seen, and says so.
_OWN_HAND = re.compile(r"\byou hold\b")


class Tracker:
    """A game followed from one seat (module docstring): :meth:`ask` what is needed next,
    :meth:`enter` a line, :attr:`record` what was entered, :attr:`world` the state."""

    def __init__(self, game: Game, record: TableRecord) -> None:
        if game.id not in _SETUP:
            raise InvalidStateError(f"track: {game.id} is not tracked yet (tracked: "
                                    f"{', '.join(tracked_games())})")
        self.game = game
        self.record = record
        self.world: State[Any] | None = None
        #: A move waiting for what it showed (an explore: the chamber's cards).
        self.pending: _Pending | None = None
        self._rebuild()

    @classmethod
    def start(cls, game: Game, *, players: int, seat: int, seed: int = 0) -> "Tracker":
        refused = cards_data.seats_refused(game.data, players)
        if refused is not None:
            raise InvalidStateError(f"track: {refused}")
        if not 0 <= seat < players:
            raise InvalidStateError(f"track: seat must be 0 to {players - 1}, got {seat}")
        game.new_deal(seed=0, players=players)  # (the card data's own player range, in one line)
        setup = {"first": "0"} if players == 1 else {}  # (solo: nobody else to begin)
        return cls(game, TableRecord(game.id, players, seat, dict(game.options), seed, setup,
                                     cards=cards_data.fingerprint(game.data)))

    # --- reading the state ----------------------------------------------------------
    @property
    def seat(self) -> int:
        return self.record.seat

    def ask(self) -> Ask:
        """What the tracker needs next."""
        for key, prompt in setup_questions(self.game):
            if key not in self.record.setup:
                return Ask("setup", prompt, key=key)
        world = self._state()
        if self.pending is not None:
            key, prompt = next((k, q) for k, q in self.pending.questions
                               if k not in self.pending.answers)
            return Ask("shown", f"{self.pending.move}: {prompt}", seat=self.pending.seat,
                       key=key)
        if world.is_terminal():
            return Ask("over", "the game is over")
        actor = world.current_player()
        if actor == CHANCE:
            outcome = world.chance_outcomes()[0][0]
            return Ask("saw", _chance_prompt(self.game.id, world, outcome, self.seat))
        forced = self._forced(world)
        if forced is not None:  # (what it is, where "seat 2's move" said nothing of it)
            return Ask("move", forced[0], seat=actor)
        who = "your move" if actor == self.seat else f"seat {actor}'s move"
        note = (_MOVE_NOTES[self.game.id](world, self.seat) if self.game.id in _MOVE_NOTES
                else None)
        return Ask("move", f"{who} ({note})" if note else who, seat=actor)

    def _state(self) -> State[Any]:
        if self.world is None:
            raise InvalidStateError("track: the setup is not complete")
        return self.world

    # --- entering -------------------------------------------------------------------
    def enter(self, text: str) -> str | None:
        """Take one line: a setup answer, a move of the seat to act (``S`` omitted) or what
        the seat saw of a chance step. Returns the event in the seat's words (``None``: no
        words). ``DigsiteError`` with one line when it cannot be (nothing changes)."""
        ask = self.ask()
        text = " ".join(text.split())
        if len(text) > LONGEST_LINE:  # (nothing entered is that long; difflib on it is slow)
            raise InvalidMoveError(f"a line of {len(text)} characters: no entry is longer "
                                   f"than {LONGEST_LINE}")
        if ask.kind == "over":
            raise InvalidMoveError("the game is over: nothing more to enter (undo, show, quit)")
        if ask.kind == "setup":
            assert ask.key is not None
            setup = dict(self.record.setup)
            setup[ask.key] = _setup_answer(self.game, self.record.players, ask.key, text)
            trial = replace(self.record, setup=setup)
            _SETUP[self.game.id](self.game, trial.players, trial.seat, setup, trial.seed)
            self.record = trial
            self._rebuild()
            return None
        world = self._state()
        index = len(self.record.events)
        if ask.kind == "shown":
            pending = self.pending
            assert pending is not None and ask.key is not None
            answers = dict(pending.answers)
            _check_alone(self, pending, ask.key, text, index)  # (now, not after the last
            # question)
            answers[ask.key] = text
            # (the questions may depend on the answers: a Loot N Run awakening shows the
            # target's rooms, and a Werewolf among them draws two more)
            questions = _SHOWS[self.game.id][0](self, pending.world, pending.move, answers)
            if any(key not in answers for key, _ in questions):
                pending.answers = answers
                pending.questions = questions
                return None
            try:
                shown, new_world = _SHOWS[self.game.id][1](self, pending.world, pending.move,
                                                           answers, index)
            except DigsiteError as exc:
                raise type(exc)(f"{exc}{self._earlier_answer(pending, text)}") from None
            words = self.game.describe_event(shown, pending.move, self.seat)
            event: dict[str, Any] = {"seat": pending.seat, "move": str(pending.move),
                                     "shown": answers}
            self.pending = None
        elif ask.kind == "saw":
            try:
                new_world, outcome = self._force_chance(world, text, index)
            except InvalidMoveError:
                if not self._is_move(world, text):
                    several = _drawn_face_up(self.game.id, world, text)
                    if several is not None:
                        return self._enter_each(several)
                    raise
                # (a move typed before what came out was answered with the move's last
                # number as a suggestion: "did you mean `2`?" of "seat 2: market buy 2")
                raise InvalidMoveError(f"{text[:40]!r} is a move; first say what came out "
                                       f"here: {ask.prompt}") from None
            words = self.game.describe_event(new_world, outcome, self.seat)
            entered = answer(self.game.id, new_world, outcome, self.seat)
            new_world.apply(outcome)
            event = {"saw": entered}
        else:
            try:
                new_world, move = self._seated_move(world, text, ask, index)
            except DigsiteError as refused:
                owed_verb = self._owed_verb(world, text)
                try:  # (the decision's move without its verb, as its prompt lists them)
                    if owed_verb is None:
                        raise refused
                    new_world, move = self._seated_move(world, f"{owed_verb} {text}", ask,
                                                        index)
                except DigsiteError:  # (said of the text as typed)
                    owed = self._owed_first(world, text, ask, refused)
                    if owed is not None:  # (it said "a whole trade is made in a turn's
                        # actions, with no trade in progress" of a trade at a Temple's look)
                        close = owed_suggestion(
                            [str(m).split()[0] for m in world.legal_moves()], refused)
                        if close is not None:  # (a typo of the decision's move: 'stpo')
                            raise InvalidMoveError(owed, suggestion=close) from None
                        raise IllegalMoveError(owed) from None
                    if not isinstance(refused, IllegalMoveError):
                        raise refused from None
                    assert ask.seat is not None
                    return self._trade_again(text, ask.seat, refused)
            shows = _SHOWS.get(self.game.id)
            questions = shows[0](self, new_world, move, {}) if shows else []
            if questions:  # asked next: what the move showed
                assert ask.seat is not None
                self.pending = _Pending(new_world, move, ask.seat, questions, {})
                return None
            # (a seat's sandstorm discard entered a card at a time, a card an event of the
            # table: its later cards say the whole discard so far, the line play gives it,
            # where each said its card alone)
            words = (self.game.joined_event(new_world, move, self.seat)
                     or self.game.describe_event(new_world, move, self.seat))
            event = {"seat": ask.seat, "move": str(move)}
            new_world.apply(move)
        self.world = new_world
        self._settle(self.world)
        self.record = replace(self.record, events=self.record.events + (event,))
        if words is None:  # (a trade's step before its last: the trade so far)
            words = self.under_way()
        return words

    def under_way(self) -> str | None:
        """A move being built a step at a time (an Archaeology trade entered card by
        card) in words, and that ``undo`` takes back its last step; ``None``: none is."""
        world = self.world
        if world is None or self.pending is not None or world.is_terminal() or \
                world.current_player() == CHANCE:
            return None
        words = _trade_under_way(world, self.seat)
        return f"{words}; `undo` takes back its last step" if words else None

    def _trade_again(self, text: str, seat: int, refused: IllegalMoveError) -> str | None:
        """A second trade of ``seat`` after its first, with only its sales between: at the
        table a seat may trade any number of times, and the engine plays a turn's trades
        between two explores as one (the same hands and marketplace after them; a sale
        between them sells cards the first trade left, which the one trade leaves too).
        The two are entered as that one trade in place of the first, the sales after it
        (``undo`` takes back the one trade, and each sale, a line at a time); ``refused``
        is raised when ``text`` is no trade or there is no such first trade, and the one
        trade's reason when it cannot be (it would give cards for none, say)."""
        events = self.record.events
        k = len(events) - 1
        while k >= 0 and events[k].get("seat") == seat and \
                str(events[k].get("move", "")).startswith("sell "):
            k -= 1
        last = events[k] if k >= 0 else {}
        if last.get("seat") != seat or not str(last.get("move", "")).startswith("trade "):
            raise refused
        sales = [str(e["move"]) for e in events[k + 1:]]
        sold = f"before the sale{'s' if len(sales) > 1 else ''}" if sales else ""
        try:
            merged, why = merged_trade(self.game, self._state(), str(last["move"]), text)
        except DigsiteError:
            raise refused from None
        if not why:
            try:
                self._replace_from(k, [])
                words = self.enter(merged)
                for sale in sales:
                    self.enter(sale)
                return (f"{words} (with the trade {sold or 'before it'}: the engine plays a "
                        f"turn's trades between explores as one)")
            except DigsiteError as exc:
                self._replace_from(k, [str(last["move"])] + sales)  # (as it was)
                why = getattr(exc, "reason", None) or str(exc)  # (the rule, not the list)
        said = sold or "just before"
        who = "you" if seat == self.seat else f"seat {seat}"
        raise IllegalMoveError(f"{who} traded {said}: the engine plays a turn's trades "
                               f"between explores as one, here `{merged}`, and it "
                               f"cannot be: {why}")

    def _replace_from(self, k: int, lines: Sequence[str]) -> None:
        """The events from index ``k`` on taken back (``undo``, a line at a time) and
        ``lines`` entered in their place."""
        while len(self.record.events) > k:
            self.undo()
        for line in lines:
            self.enter(line)

    def document(self) -> dict[str, Any]:
        """The table record as JSON, with the move waiting on its questions (``pending``:
        its seat, text and the answers so far) when there is one: what ``track`` writes
        after every line, so that nothing typed is lost."""
        doc = self.record.to_json()
        if self.pending is not None:
            doc["pending"] = {"seat": self.pending.seat, "move": str(self.pending.move),
                              "shown": dict(self.pending.answers)}
        return doc

    def _seated_move(self, world: State[Any], text: str, ask: Ask, index: int
                     ) -> tuple[State[Any], Hashable]:
        """The move ``text`` names, written with its seat or without. ``N: ...`` is a move
        itself in Pyramids (``12: a1, a2``, card 12's crossing): read as the move first,
        then as seat N's move."""
        match = _SEAT_PREFIX.match(text)
        if match is not None and match.group(2) is not None:
            try:
                return self._force_move(world, text, index)
            except DigsiteError:  # (no move as written: read `N:` as the seat's, below)
                pass
        text = self._own_turn(text, ask)
        if ask.seat != self.seat:  # a thief sent to you, as you say it ("steal from me")
            text = _STEAL_ME.sub(f"steal {self.seat}", text)
        return self._force_move(world, text, index)

    def _owed_first(self, world: State[Any], text: str, ask: Ask, refused: DigsiteError
                    ) -> str | None:
        """What a refusal (``refused``) of ``text`` says when the seat to act owes a
        decision first (a Temple's look, a tent: ``games.table.owed_refusal``): for a move
        of another kind, that decision and its moves, not the engine's reason for the move
        typed; for one of its kind not legal, the refusal and what the decision asks, not
        the engine's legal list ("(legal: look none, look A, ...)"); ``None`` when there is
        none, the move's own rule says what is wrong, or ``text`` is written for another
        seat (out of turn)."""
        forced = self._forced(world)
        if forced is None:
            return None
        match = _SEAT_PREFIX.match(text)
        if match is not None:
            if int(match.group(1) or match.group(2)) != ask.seat:
                return None
            text = match.group(3)
        return owed_refusal(forced, [str(m).split()[0] for m in world.legal_moves()], text,
                            refused)

    def _owed_verb(self, world: State[Any], text: str) -> str | None:
        """The verb of the decision the seat to act owes first, when ``text`` is one of its
        moves without it, as the prompt lists them ("seat 1 sold at the Temple: look A, B,
        C or none": ``B``; "tent use or keep": ``keep``; "steal 0 (you) or 1": ``1``); they
        were refused saying the decision, as if another move were typed. ``None``: no such
        decision, its moves have several verbs (the Mine's draw or stop), or ``text`` has
        its verb or a seat already."""
        if self._forced(world) is None or _SEAT_PREFIX.match(text):
            return None
        verbs = {str(m).split()[0] for m in world.legal_moves()}
        if len(verbs) != 1:
            return None
        verb = verbs.pop()
        return None if text.lower().split()[0] == verb else verb

    def _forced(self, world: State[Any]) -> tuple[str, str] | None:
        """The decision the seat to act owes first, said to the person (``Game``'s
        ``forced_decision``)."""
        return self.game.forced_decision(world, self.seat)

    def _own_turn(self, text: str, ask: Ask) -> str:
        """A move written with its seat (``seat 1: sell coin 2``, ``1: sell coin 2``) without
        the seat, refused when it is not that seat's turn."""
        match = _SEAT_PREFIX.match(text)
        if match is None:
            return text
        seat = int(match.group(1) or match.group(2))
        if seat >= self.record.players:
            raise IllegalMoveError(f"there is no seat {seat} at this table (seats 0 to "
                                   f"{self.record.players - 1})")
        if seat != ask.seat:
            forced = self._forced(self._state())
            if forced is not None:  # (the prompt is no "seat 1's move" to name here)
                raise IllegalMoveError(f"out of turn (not seat {seat}'s move): {forced[1]}")
            raise IllegalMoveError(f"out of turn: it is {ask.prompt}, not seat {seat}'s")
        return match.group(3)

    def _earlier_answer(self, pending: "_Pending", text: str) -> str:
        """What a refusal of a move's last answer (``text``) adds when the move has earlier
        answers: the slip may be in one of those, which no later answer mends (the tracker
        would refuse every one with the same error), so it names the last of them and that
        ``undo`` takes it back. A Pyramids card taken from the deck is that slip only for a
        display that names it (a display card in front of you is the display's own slip)."""
        if not pending.answers:
            return ""
        key, value = list(pending.answers.items())[-1]
        if self.game.id == "pyramids" and key == "card" and \
                value not in [w.lstrip("0") for w in _words(text)]:
            return ""
        prompt = dict(pending.questions).get(key, key).partition(" (")[0]
        return (f" (or the slip is your earlier answer, {prompt}: "
                f"{self.answer_words(key, value)}; `undo` takes it back)")

    def _waiting(self) -> str | None:
        """The question a move entered waits on (``None``: none)."""
        return self.ask().key if self.pending is not None else None

    def answer_words(self, key: str, value: str) -> str:
        """An answer as the table says it: Loot N Run rooms by their faces, as ``show`` and
        the events write them (``room 41 (green): cup, scarab; an empty top``; the record
        keeps their numbers, whether they were typed as numbers or faces), anything else
        as it is kept."""
        if self.game.id != "lootnrun" or self.world is None or not _ROOM_ANSWER.match(key):
            return value
        from .lootnrun.table import room_words
        rules = getattr(self.world, "rules")
        return " / ".join(room_words(rules, rules.index[int(n)]) for n in value.split())

    def take_moot(self) -> tuple[str | None, str] | None:
        """The decision of the seat to act taken for the table when it changes nothing
        (``Game.moot_decision``: a Pyramids replacement after the game's last expedition
        card), as ``digsite play`` takes it: its first legal move, and what that shows
        answered by the world's own cards (nobody at the table takes or looks, so there is
        nothing to enter; it asked for the card and then the refilled display). Recorded
        as that move typed; ``(its words, why it changes nothing)``, or ``None`` where the
        decision is a real one (or none is asked)."""
        world = self.world
        why = self.game.moot_decision(world) if world is not None else None
        # (asked of the seat to act only: not at a chance step, nor a move's questions)
        if why is None or self.ask().kind != "move":
            return None
        assert world is not None
        move = world.legal_moves()[0]
        words = self.enter(str(move))
        while self.pending is not None:
            pending = self.pending
            after = pending.world.clone()
            after.apply(pending.move)
            key = self._waiting()
            assert key is not None
            # (the world's own answer, read as a simulated table reads the true game's)
            words = self.enter(_truth_answer(self.game.id, key, pending.world, after,
                                             pending.move, self.seat))
        return words, why

    def moot_last(self) -> bool:
        """Whether the last event (or the move waiting on its questions) was a decision
        that changes nothing (:meth:`take_moot`'s): ``undo`` takes it back with the line
        before it, which the person typed (taken back alone, it is taken again at once)."""
        if self.pending is not None:
            return self.game.moot_decision(self.pending.world) is not None
        world = self.world
        if not self.record.events or "move" not in self.record.events[-1] or world is None:
            return False
        # (one is followed by the game's end or by another: the replay only then)
        if not world.is_terminal() and self.game.moot_decision(world) is None:
            return False
        before = None
        for _, _, world in self.replay():  # (the world before each event, the last's last)
            before = world
        return before is not None and self.game.moot_decision(before) is not None

    def refuse(self, line: str, why: str) -> None:
        """Keep a refused line in the record's ``refused`` log."""
        entry = {"after": len(self.record.events), "line": line[:500], "why": why[:500]}
        self.record = replace(self.record, refused=self.record.refused + (entry,))

    def undo(self) -> bool:
        """Take back the last event (or the last setup answer); ``False``: nothing to undo."""
        if self.pending is not None:
            if self.pending.answers:
                self.pending.answers.popitem()
            else:
                self.pending = None
            return True
        if self.record.events:
            last = self.record.events[-1]
            self.record = replace(self.record, events=self.record.events[:-1])
            if "shown" in last:  # back to the move's last question, its answer taken back
                self._rebuild()
                self.enter(last["move"])
                shown = list(last["shown"].values())
                for text in shown[:-1]:
                    self.enter(text)
                return True
        elif self.record.setup:
            setup = dict(self.record.setup)
            setup.pop(list(setup)[-1])
            self.record = replace(self.record, setup=setup)
        else:
            return False
        self._rebuild()
        return True

    # --- worlds ---------------------------------------------------------------------
    def _worlds(self, world: State[Any], index: int) -> Iterator[State[Any]]:
        """The world itself, then worlds drawn from the seat's information set."""
        yield world.clone()
        rng = make_rng(self.record.seed * 1_000_003 + index)
        for _ in range(TRIES):
            yield world.determinize(self.seat, rng)

    def _verbs(self, world: State[Any], index: int) -> tuple[list[str], list[str]]:
        """The verbs of the decision of the seat to act that some hand it could hold allows,
        from worlds drawn from what the person has seen by a draw of their own (not the
        tracker's seed, nor its world: a refusal reads the same whatever hand the tracker
        guessed): as a screen writes the moves (a whole ``trade``, not its steps), in the
        order the decisions list them; and every verb those worlds' moves are typed with,
        the engine's steps among them (``take``: what a suggestion may put right)."""
        rng = make_rng(index)
        decided: list[str] = []
        typed: list[str] = []
        for _ in range(VERB_WORLDS):
            w = world.determinize(self.seat, rng)
            listed = list(dict.fromkeys(str(m).split()[0] for m in self.game.decisions(w)))
            for i, verb in enumerate(listed):  # (a verb new here goes before the next known)
                if verb not in decided:
                    after = [v for v in listed[i + 1:] if v in decided]
                    decided.insert(decided.index(after[0]) if after else len(decided), verb)
            typed.extend(str(m).split()[0] for m in w.legal_moves())
        return decided, list(dict.fromkeys(decided + typed))

    def _enter_each(self, cards: list[str]) -> str | None:
        """Cards drawn face up entered in one line (the Sphinx's five: the seat saw them
        laid out together), each as its own line would be, in the order named; all or
        none: a card that cannot be, or more cards than the table draws before its next
        question, leaves the table as it was, said of that card."""
        before = self.record
        said: list[str] = []
        for k, card in enumerate(cards):
            ask = self.ask()
            try:
                if ask.kind != "saw":
                    raise InvalidMoveError(
                        f"{plural(len(cards), 'card')} named, but after {k} the table asks "
                        f"{ask.prompt!r}")
                words = self.enter(card)
            except DigsiteError as exc:
                self.record = before
                self._rebuild()
                where = f"{card!r}, card {k + 1} of the {len(cards)} named: "
                raise type(exc)(str(exc) if ask.kind != "saw" else f"{where}{exc}") from None
            if words:
                said.append(words)
        return "; ".join(said) or None

    def _force_chance(self, world: State[Any], text: str, index: int
                      ) -> tuple[State[Any], Hashable]:
        seen: list[str] = []
        # (a card by one word of its name, as moves take it: 'you dug> mask' was refused
        # "cannot be what came out here; did you mean `pharaoh's mask`?")
        card = _one_card(world, text)
        for w in self._worlds(world, index):
            outcome = w.chance_outcomes()[0][0]
            said = answer(self.game.id, w, outcome, self.seat)
            verb = str(outcome).partition(" ")[0]
            if said is not None and (_same(text, said) or _same(text, f"{verb} {said}")
                                     or card is not None and _same(card, said)):
                return w, outcome
            if said is not None and said not in seen:
                seen.append(said)
        word = text.split(" ")[-1] if text else text
        # (what can come out carried apart, the suggestion too: a screen says them as the
        # cards are printed, 'pharaoh's mask', not 'pharaohs_mask')
        raise InvalidMoveError(f"{text[:40]!r} cannot be what came out here",
                               suggestion=suggest(word.lower(), seen),
                               cards=sorted(seen, key=_in_order), listed="what can")

    def _is_move(self, world: State[Any], text: str) -> bool:
        """Whether ``text`` is written as a move of the game (with its seat or without),
        legal here or not: what a chance step's answer never is. Read as a move typed at a
        decision is (``parse_move``, the forgiving reader: ``explore b``, ``sell 2 coins``),
        which the strict notation refused, so that those were told "cannot be what came
        out" where ``explore B`` was told it is a move."""
        match = _SEAT_PREFIX.match(text)
        for written in (text, match.group(3) if match is not None else None):
            if written is None:
                continue
            try:
                self.game.parse_move(world.clone(), written)
            except IllegalMoveError:  # (read, and not legal at a chance step)
                return True
            except InvalidMoveError as exc:
                # (a move's verb with words it does not take, 'trade 99 coins for
                # talisman', was told what can come out and "did you mean `talisman`?")
                if not exc.unknown_verb and self._move_verb(world, written):
                    return True
                continue
            except DigsiteError:
                continue
            return True
        return False

    def _move_verb(self, world: State[Any], text: str) -> bool:
        """Whether ``text`` begins with a verb of the game's moves (its notation's) that no
        outcome of this chance step begins with (``dig coin`` answers a dig)."""
        verbs = {alt.split()[0] for form, _ in self.game.notation for alt in form.split(" / ")
                 if alt.split() and alt.split()[0].isalpha()}
        drawn = {str(outcome).partition(" ")[0] for outcome, _ in world.chance_outcomes()}
        word = text.split(" ")[0].lower()
        return word in verbs - drawn

    def _arranged(self, world: State[Any], text: str) -> tuple[State[Any], Hashable] | None:
        """Another seat's move in a world arranged for it (``_ARRANGE``), else ``None``."""
        arrange = _ARRANGE.get(self.game.id)
        arranged = arrange(self, world, text) if arrange else None
        if arranged is not None:
            try:
                return arranged, self.game.parse_move(arranged, text)
            except DigsiteError:
                pass
        return None

    def _force_move(self, world: State[Any], text: str, index: int
                    ) -> tuple[State[Any], Hashable]:
        actor = world.current_player()
        unseen = _UNSEEN.get(self.game.id) if actor != self.seat else None
        found = unseen(self, world, text, index) if unseen is not None else None
        if found is not None:
            return found
        try:  # (your own move as typed at a screen: `sell mask` with one pharaoh's mask)
            read = self.game.parse_typed if actor == self.seat else self.game.parse_move
            return world, read(world, text)
        except InvalidMoveError as exc:  # (no move as written: the seat's, as a refusal says)
            if actor == self.seat:
                raise
            # (a form read by the legal moves, 'keep 10 35', reads in a world that deals
            # the seat those cards only)
            found = self._arranged(world, text)
            if found is not None:
                return found
            # the suggestion by spelling alone, not among the moves of the world's hand: a
            # guess of the hidden hand ('sel broken_cup 1' was asked `sell parchment_scrap
            # 1`, another world `sell coin 1`)
            decided, typed = self._verbs(world, index)
            close = respelt(text, getattr(self.game.engine, "FORMS", PLAIN),
                            self.game.engine.parse_text, typed)
            if close is None and self.game.info.kind == "grid":
                # (a grid game hides no seat's position: its legal moves are the seat's
                # own, and their suggestion is play's; "rest mony" got none)
                close = exc.suggestion
            # (the verbs the refusal lists were the sampled world's: `explore` only where
            # its guess of the hand held maps; the verbs some hand it could hold allows)
            moves = exc.unknown_verb and exc.listed == "moves"
            raise InvalidMoveError(f"seat {actor}: {exc.said}", suggestion=close,
                                   cards=decided if moves else exc.cards,
                                   listed=exc.listed) from None
        except IllegalMoveError:
            if actor == self.seat:
                raise
        found = self._arranged(world, text)
        if found is not None:
            return found
        messages: dict[str, tuple[str, str | None]] = {}  # message -> (said, legal listed)
        reasons: set[str | None] = set()
        of_hand: set[bool] = set()  # whether each reason is a rule of the seat's own cards
        name = f"seat {actor}"
        for w in self._worlds(world, index):
            try:
                return w, self.game.parse_move(w, text)
            except DigsiteError as exc:
                # (the engine's reason is said to the seat to move: "you have no room"; a
                # seat it names may be yours: "seat 0 has no room" is "you have no room")
                reason = getattr(exc, "reason", None)
                told = said_to(said_of(reason, name), self.seat) if reason else None
                said = getattr(exc, "said", str(exc))
                if reason and told:
                    said = said.replace(reason, told, 1)
                legal = getattr(exc, "legal", None)
                messages[said if legal is None else f"{said} (legal: {legal})"] = (said, legal)
                reasons.add(told)
                of_hand.add(bool(reason and _OWN_HAND.search(reason)))
        # a rule of its cards in every world tried ("you hold no coin to give", it said "no
        # hand it could hold, given what you have seen, allows it"): that rule, of what
        # it could hold
        hand = of_hand == {True}
        # the same refusal in every world tried: a rule of the turn or of what lies face up
        # (a trade made already, a wall on a Pyramids card), not the hidden hand
        if len(messages) == 1 and not hand:
            said, legal = messages.popitem()[1]
            # (the rule carried apart too, as said: a screen says it whole)
            reason = next(iter(reasons)) if len(reasons) == 1 else None
            raise IllegalMoveError(f"{name}: {said}", reason=reason, legal=legal)
        if None not in reasons:  # (its legal moves name the hand)
            # the rule without what it lists of the hand ("keep 2 of the 4 cards dealt
            # to seat 1 (2, 9, 30, 41)"), when that is the same in every world
            rules = {_HAND_LIST.sub("", r) if len(reasons) > 1 else r
                     for r in reasons if r is not None}
            if len(rules) == 1 and hand:
                raise IllegalMoveError(f"{name}: move {text[:60]!r} is not possible here: "
                                       f"{rules.pop()}, in any hand it could hold, given "
                                       f"what you have seen")
            if len(rules) == 1:
                rule = rules.pop()
                raise IllegalMoveError(f"{name}: move {text[:60]!r} is not legal here: {rule}",
                                       reason=rule)
        # (not the engine's reason: it would name the hand of one sampled world)
        raise IllegalMoveError(f"{name}: move {text[:60]!r} is not possible here: no hand "
                               f"it could hold, given what you have seen, allows it")

    def _settle(self, world: State[Any]) -> None:
        """Play the chance steps the seat does not see (in the world's own outcome)."""
        while world.current_player() == CHANCE:
            outcome = world.chance_outcomes()[0][0]
            if answer(self.game.id, world, outcome, self.seat) is not None:
                return
            world.apply(outcome)

    def _world_from_setup(self, record: TableRecord) -> State[Any]:
        deal = _SETUP[self.game.id](self.game, record.players, record.seat,
                                    dict(record.setup), record.seed)
        world = self.game.state_from_deal(deal)
        self._settle(world)
        return world

    def _rebuild(self) -> None:
        """The world after the record's setup and events (replayed)."""
        for _ in self.replay():
            pass

    def replay(self) -> Iterator[tuple[int, dict[str, Any], State[Any]]]:
        """Replay the record from its setup (this tracker follows it), yielding before
        each event ``(index, event, a copy of the world before it)``: the position each
        event was entered in (``solvers.tables`` numbers the seat's decisions by it)."""
        record = self.record
        # (keys, not a count: a solo record holds "first" beside the questions asked)
        if any(key not in record.setup for key, _ in setup_questions(self.game)):
            self.world = None
            return
        events = record.events
        self.pending = None
        self.record = replace(record, events=())
        try:  # (a record's setup answers: read back, they were checked when entered)
            self.world = self._world_from_setup(record)
        except DigsiteError as exc:  # (it said "your cards: ...", naming neither the file
            # nor the key, when a table's setup was edited)
            raise InvalidStateError(f"table: setup: {exc}") from None
        for i, event in enumerate(events):
            text = event["saw"] if "saw" in event else event["move"]
            ask = self.ask()
            expect = "saw" if "saw" in event else "move"
            if ask.kind != expect or ("seat" in event and event["seat"] != ask.seat):
                raise InvalidStateError(f"table: events[{i}]: expected {ask.prompt}")
            yield i, event, self.world.clone()
            try:
                self.enter(text)
                shown = event.get("shown", {})
                asked = set()
                while (key := self._waiting()) is not None:
                    if key not in shown:
                        raise InvalidStateError(f"shown: no answer {key!r}")
                    asked.add(key)
                    self.enter(shown[key])
                if set(shown) - asked:  # (dropped when written back: refused, as a view's)
                    extra = sorted(set(shown) - asked)[0]
                    raise InvalidStateError(f"shown: unknown key {extra!r} (this move asks "
                                            f"{', '.join(map(repr, sorted(asked))) or 'nothing'})")
            except DigsiteError as exc:
                raise InvalidStateError(f"table: events[{i}]: {exc}") from None
        self.record = replace(self.record, refused=record.refused)


def read_table(doc: Any, load: Callable[..., Game]) -> Tracker:
    """A table record read back (``--resume``), validated by replay; ``load(game_id,
    **options)`` makes the game. ``InvalidStateError`` with one line naming the key."""
    from . import registry
    node = read_document(doc, "table")
    node.integer("table", lo=TABLE_FORMAT, hi=TABLE_FORMAT)
    game_id = node.text("game", choices=tracked_games())
    info = registry.get(game_id)
    players = node.integer("players", lo=info.player_counts[0], hi=info.player_counts[-1])
    seat = node.integer("seat", lo=0, hi=players - 1)
    options = node.raw("deal_options", {})
    if not isinstance(options, dict):
        node.fail("expected a JSON object", "deal_options")
    seed = node.integer("seed", lo=0, hi=2 ** 62)
    try:
        game = load(game_id, **options)
    except DigsiteError as exc:
        raise InvalidStateError(f"table: deal_options: {exc}") from None
    cards = read_fingerprint(node, game.data)
    seats_refused = cards_data.seats_refused(game.data, players)
    if seats_refused is not None:
        node.fail(seats_refused, "players")
    setup_node = node.table("setup", default={})
    keys = [key for key, _ in setup_questions(game)]
    setup = {}
    if players == 1 and "first" not in keys and setup_node.has("first"):
        # a solo table starts with "first" answered (``Tracker.start``), asked or not
        setup["first"] = setup_node.text("first", choices=("0",))
    for key in keys:
        if setup_node.has(key):
            setup[key] = setup_node.text(key)
    setup_node.done()
    answered = sum(key in setup for key in keys)
    if any(key not in setup for key in keys[:answered]):
        node.fail("the setup answers are given in order", "setup")
    events: list[dict[str, Any]] = []
    for i, item in enumerate(node.items("events")):
        entry = node.node_at(item, f"events[{i}]")
        if entry.has("saw"):
            events.append({"saw": entry.text("saw")})
        else:
            event: dict[str, Any] = {"seat": entry.integer("seat", lo=0, hi=players - 1),
                     "move": entry.text("move")}
            if entry.has("shown"):
                event["shown"] = entry.text_table("shown")
            events.append(event)
        entry.done()
    refused = []
    for i, item in enumerate(node.items("refused", min_length=0) if node.has("refused")
                             else []):
        entry = node.node_at(item, f"refused[{i}]")
        refused.append({"after": entry.integer("after", lo=0), "line": entry.text("line"),
                        "why": entry.text("why")})
        entry.done()
    pending = None
    waiting = node.optional_table("pending")
    if waiting is not None:
        pending = (waiting.integer("seat", lo=0, hi=players - 1), waiting.text("move"),
                   waiting.text_table("shown") if waiting.has("shown") else {})
        waiting.done()
    node.done()
    if events and answered < len(keys):
        node.fail("events before the setup is complete", "events")
    record = TableRecord(game_id, players, seat, dict(options), seed, setup, tuple(events),
                         tuple(refused), cards)
    tracker = Tracker(game, record)
    if pending is not None:
        ask = tracker.ask()
        if ask.kind != "move" or ask.seat != pending[0]:
            raise InvalidStateError(f"table: pending: expected {ask.prompt}")
        try:
            tracker.enter(pending[1])
            for text in pending[2].values():
                tracker.enter(text)
        except DigsiteError as exc:
            raise InvalidStateError(f"table: pending: {exc}") from None
        if tracker.pending is None:
            raise InvalidStateError("table: pending: the move waits on no question")
    return tracker


# --- a table, simulated (tests, examples) -------------------------------------------------

def _truth_answer(game_id: str, key: str, before: State[Any], after: State[Any],
                  move: Hashable, seat: int) -> str:
    """What the person at ``seat`` saw of ``move`` for question ``key``, read from the true
    states before and after it (a simulated table)."""
    if key == "chamber":
        i = chamber_shown(game_id, before, move, seat)
        assert i is not None
        names = getattr(before, "rules").cards.names
        return " ".join(names[c] for c in getattr(before, "chambers")[i])
    if key == "card":  # Pyramids: the card a seat took from the deck
        new = [c for b, a in zip(getattr(before, "seats"), getattr(after, "seats"))
               for x, c in zip(b.hand, a.hand) if x != c]
        return str(new[0])
    if key == "display":
        return " ".join(map(str, getattr(after, "display")))
    rules = getattr(after, "rules")
    ids, back = rules.ids, rules.back
    if key.startswith("rooms "):
        return " ".join(str(ids[r]) for r in getattr(before, "fronts")[int(key.split()[1])])
    if key == "room":
        return str(ids[getattr(after, "fronts")[seat][-1]])
    if key == "discarded":
        kept = {"keep none": (), "keep 0": (0,), "keep 1": (1,), "keep both": (0, 1)}[str(move)]
        return " ".join(str(ids[r]) for i, r in enumerate(getattr(before, "drawn"))
                        if r is not None and i not in kept)
    if key == "drawn":
        return " ".join(str(ids[r]) for r in getattr(after, "drawn") if r is not None)
    if key.startswith("top "):
        return str(back[getattr(after, "decks")[int(key.split()[1])][-1]])
    raise InvalidStateError(f"no answer for {key!r}")


def _truth_setup(game: Game, deal: dict[str, Any], seat: int) -> list[str]:
    """The setup answers of the person at ``seat`` for ``deal``."""
    if game.id == "pyramids":
        return [" ".join(map(str, deal["dealt"][seat]))]
    if game.id == "ancients":
        first = [str(deal["first_player"])] if int(deal["players"]) > 1 else []
        # the market as the screen shows it, the dearest shop first: sorted by points, the
        # later dealt of a tie in the dearer shop (the deal's order is the order the maps
        # came in); a market of equal points reads only this way (_ancients_market)
        points = _map_points(game)
        market = sorted(deal["market"], key=lambda m: (points[m], deal["market"].index(m)))
        return first + [" ".join(map(str, reversed(market)))]
    if game.id == "lootnrun":
        back = {room.id: room.back for room in getattr(game.data, "rooms")}
        return [str(deal["first_player"]), " ".join(back[d[0]] for d in deal["decks"])]
    lines = [str(deal["first_player"]), " ".join(deal["hands"][seat]),
             " ".join(deal["marketplace"])]
    keys = [key for key, _ in setup_questions(game)]
    if "chambers" in keys:
        lines.append(" ".join(chamber[0] for chamber in deal["chambers"]))
    if "announced" in keys:
        lines.append(" ".join(map(str, deal["announced"])))
    return lines


def table_session(game: Game, *, players: int, seat: int, seed: int, tracker_seed: int = 0,
                  hints: int = 0, check: Callable[[State[Any], Tracker], None] | None = None,
                  told: list[tuple[str | None, str | None]] | None = None) -> list[str]:
    """The lines a person at ``seat`` types to ``track`` the game of ``game``'s deal of
    ``seed`` played by seeded random moves: the setup, every move, what each chance step
    and move showed the seat, and ``hints`` lines ``hint 20`` at its first decisions
    after the fourth. A tracker follows along (its record seeded by ``tracker_seed``), so
    that the questions are the ones ``track`` asks; ``check(truth, tracker)`` is called at
    each decision of the seat (the tests compare the seat's views); ``told``, when given,
    gets for every event the seat enters the true game's words for it and the tracker's.
    For tests and examples: a simulated table."""
    from .protocol import CHANCE as _CHANCE
    deal = game.new_deal(seed=seed, players=players)
    truth = game.state_from_deal(deal)
    tracker = Tracker.start(game, players=players, seat=seat, seed=tracker_seed)
    lines: list[str] = []

    def feed(line: str) -> str | None:
        lines.append(line)
        return tracker.enter(line)

    def tell(truth_words: str | None, words: str | None) -> None:
        if told is not None:
            told.append((truth_words, words))

    for line in _truth_setup(game, deal, seat):
        feed(line)
    rng = make_rng(seed)
    decisions = 0
    while not truth.is_terminal():
        actor = truth.current_player()
        if actor == _CHANCE:
            outcome = truth.chance_outcomes()[0][0]
            said = answer(game.id, truth, outcome, seat)
            if said is not None:
                tell(game.describe_event(truth, outcome, seat), feed(said))
            truth.apply(outcome)
            continue
        if actor == seat:
            if check is not None:
                check(truth, tracker)
            if hints and decisions > 3:
                lines.append("hint 20")
                hints -= 1
        if tracker.take_moot() is not None:  # (track takes it unasked: nothing is typed)
            truth.apply(truth.legal_moves()[0])
            continue
        move = rng.choice(game.decisions(truth))
        decisions += 1
        before = truth.clone()
        words = feed(str(move))
        truth.apply(move)
        while (key := tracker._waiting()) is not None:
            words = feed(_truth_answer(game.id, key, before, truth, move, seat))
        tell(game.joined_event(before, move, seat) or game.describe_event(before, move, seat),
             words)
    return lines
