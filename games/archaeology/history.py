"""Reading a player view's public history and turn into a state: the part of the JSON
player view both editions of the Archaeology engine share (``views`` of
``games.archaeology`` and ``games.expedition`` document their formats).

``history`` is the public record since the deal, in order, one event a line (``S`` a
seat, ``X`` a chamber: its size in the 2007 game, its letter in the New Expedition):
``S dig`` (found a treasure, unseen), ``S trade GIVES for TAKES`` (card names, repeated
for several), ``S discard CARD`` (sandstorm), ``S sell CARD N``, ``S explore X`` and ``S
steal V`` (``S steal V CARD`` when the view's seat is the thief or the victim, who see the
card); the New Expedition adds ``S tent`` (a tent used), ``S look X`` (the Temple),
``refill X CARD`` (the Buried Ruins), ``S reveal CARD`` (a card drawn face up), ``S take
CARDS`` and ``S return CARDS`` (face-up cards into the hand, back into the chamber), ``S
name CARDS`` (the Sphinx's types) and ``S keep X N`` (the Tomb). A line carries the view's
seat's secret when it knows it: ``S look X saw CARDS``, ``S explore X found CARDS`` (a
Temple chamber somebody looked at: the explorer and the lookers know what it held),
``S keep X N saw CARDS kept CARDS``.
"""

from __future__ import annotations

from typing import Any, Iterable, NoReturn, Sequence, TypedDict

from games.forgiving import did_you_mean
from games.reader import Node, read_counts
from games.table import plural

from .hidden import (EMPTY_RECORD, R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_LOOK, R_NAME,
                     R_REFILL, R_RETURN, R_REVEAL, R_SELL, R_STEAL, R_TAKE, R_TENT, R_TRADE,
                     S_KEEP, S_LOOK, S_TAKE)
from .moves import chamber_letter, not_small
from .rules import (BUST, KEEP_SOME, MAX_TRADES_BETWEEN_EXPLORES, NAME_TYPES, P_ACTION,
                    P_KEEP, P_LOOK, P_MINE, P_NAME, P_STEAL, P_STORM, P_TENT, PEEK_ON_SELL,
                    REFILL_ON_SANDSTORM, TAKE_ALL, Rules, absent_words, no_such_card)
from .state import ArchaeologyState, Secret
from .trades import storm_discarded

__all__ = ["read_cards", "read_hands_and_market", "read_dig_site", "check_card_counts",
           "read_view_cards",
           "check_view_counts", "replay_history", "check_market", "read_turn", "trade_value",
           "VIEW_PHASES"]

#: The phases a player view may be in (the decisions of a seat), by their JSON name.
VIEW_PHASES = {"action": P_ACTION, "steal": P_STEAL, "sandstorm": P_STORM, "tent": P_TENT,
               "look": P_LOOK, "keep": P_KEEP, "mine": P_MINE, "name": P_NAME}


#: The history verbs that only some monuments have.
_ONLY = {"look": (PEEK_ON_SELL,), "keep": (KEEP_SOME,), "refill": (REFILL_ON_SANDSTORM,),
         "reveal": (BUST, NAME_TYPES), "return": (BUST, NAME_TYPES), "name": (NAME_TYPES,),
         "take": (BUST, NAME_TYPES, REFILL_ON_SANDSTORM)}

#: A record event (``hidden``): its kind and seat, then ints, and count vectors or card
#: tuples for trades, takes and namings.
_Event = tuple[Any, ...]
#: The payload of a secret the view's seat knows: the cards it saw (and a keep's kept).
_Payload = tuple[tuple[int, ...], ...]
#: ``_Reader.parse``'s reading of a line (its docstring).
_Parsed = tuple[_Event, int, _Payload | None, bool]
#: ``_Replayer._effect``'s result (its docstring).
_Effect = tuple[Sequence[int], Sequence[int], Sequence[int], Sequence[int], int]


class Replayed(TypedDict):
    """What :func:`replay_history` returns (its docstring)."""

    digs: int
    sizes: list[int | None]
    refills: int
    current: int


def read_cards(node: Node, value: object, where: str, rules: Rules, *, any_card: bool = False,
               length: int | None = None) -> list[int]:
    """A list of card names at ``where`` as ids: treasures a chamber or hand can be dealt
    (never a map), or with ``any_card`` every card of the game."""
    names = rules.cards.names
    allowed = range(len(names)) if any_card else rules.chamber_cards
    index = {names[c]: c for c in allowed}
    out = []
    for i, name in enumerate(node.check_list(value, where, length=length)):
        node.check_str(name, f"{where}[{i}]")
        card = index.get(name)
        absent = names.index(name) if card is None and name in names else -1
        if absent >= 0 and not rules.counts[absent]:
            node.fail_at(f"{where}[{i}]", no_such_card(rules, absent))
        if card is None and name in names:  # a card of the game, not one that lies here
            node.fail_at(f"{where}[{i}]", f"no {name} is dealt here (a map, a thief or a "
                                           f"sandstorm is only ever dug up; cards: "
                                           f"{', '.join(index)})")
        if card is None:
            node.fail_at(f"{where}[{i}]", f"unknown card {name!r} (cards: "
                                           f"{', '.join(index)})"
                                           + did_you_mean(name, list(index)))
        out.append(card)
    return out


def read_hands_and_market(node: Node, s: ArchaeologyState) -> list[int]:
    """A deal's ``hands`` and ``marketplace`` into the blank state ``s``; returns how many
    of each card id they hold (for :func:`check_card_counts`)."""
    rules = s.rules
    data = rules.data
    T = rules.treasures
    seen = [0] * len(rules.cards.names)
    for p, hand in enumerate(node.items("hands", length=rules.players)):
        for c in read_cards(node, hand, f"hands[{p}]", rules, length=data.hand_size):
            s.hands[p * T + c] += 1
            seen[c] += 1
        s.hand_sizes[p] = data.hand_size
    for c in read_cards(node, node.raw("marketplace"), "marketplace", rules,
                        length=data.marketplace_size):
        s.market[c] += 1
        seen[c] += 1
    return seen


def read_dig_site(node: Node, s: ArchaeologyState, seen: list[int]) -> None:
    """A deal's ``dig_site`` (top card first) and ``steal_rolls`` into ``s``, after its
    other cards (``seen``: how many of each card id they held): every card of the game
    appears in the deal exactly once."""
    rules = s.rules
    dig = read_cards(node, node.raw("dig_site"), "dig_site", rules, any_card=True)
    for c in dig:
        seen[c] += 1
    check_card_counts(node, seen, rules)
    s.dig = dig[::-1]
    s.steal_rolls = list(node.integers("steal_rolls", length=rules.thieves))


def check_card_counts(node: Node, seen: list[int], rules: Rules) -> None:
    """Every card of the game appears in the deal exactly once."""
    for c, n in enumerate(seen):
        if n != rules.counts[c]:
            # (the card as printed: it said "19 pot_shard cards")
            node.fail(f"{n} {rules.card_name(c, n)}, the game with {rules.players} players "
                      f"has {rules.counts[c]}{absent_words(rules, c)}")


def read_view_cards(node: Node, s: ArchaeologyState, seat: int) -> tuple[list[int], int]:
    """A view's ``hand``, ``marketplace``, ``thieves_drawn`` and ``sandstorms_drawn`` into
    the blank state ``s``; returns the hand and ``dig_site`` (cards left to dig)."""
    rules = s.rules
    T = rules.treasures
    names = rules.cards.treasure_names
    hand = read_counts(node, "hand", names)
    s.hands[seat * T:(seat + 1) * T] = hand
    s.market = read_counts(node, "marketplace", names, default=[0] * T)
    for key, counts in (("hand", hand), ("marketplace", s.market)):
        for c in range(T):
            if counts[c] and not rules.counts[c]:
                node.fail_at(f"{key}.{names[c]}", no_such_card(rules, c))
    dig_n = node.integer("dig_site", hi=sum(rules.counts))
    s.thieves_drawn = node.integer("thieves_drawn", hi=rules.thieves, default=0)
    s.storms_drawn = node.integer("sandstorms_drawn", hi=rules.sandstorms, default=0)
    _check_drawn_for_phase(node, s)
    return hand, dig_n


#: The phases that resolve a card drawn from the dig site: the view's key counting it, and
#: the card in words.
_PHASE_DRAWS = {"sandstorm": ("sandstorms_drawn", "sandstorm"),
                "tent": ("sandstorms_drawn", "sandstorm"), "steal": ("thieves_drawn", "thief")}


def _check_drawn_for_phase(node: Node, s: ArchaeologyState) -> None:
    """A phase resolving a sandstorm or a thief needs that card counted as drawn. Checked
    with the counts, before anything is counted from them: a position in a sandstorm with
    ``sandstorms_drawn`` 0 was refused for its dig site's size, the sum the missing
    sandstorm upset, which did not say what was missing. (``read_turn`` checks the phase's
    name.)"""
    phase = node.raw("phase", "action")
    if not isinstance(phase, str) or phase not in _PHASE_DRAWS:
        return
    key, card = _PHASE_DRAWS[phase]
    if (s.storms_drawn if card == "sandstorm" else s.thieves_drawn) == 0:
        node.fail(f"0, but phase {phase!r} is a {card} being played out, drawn from the "
                  f"dig site: count it (at least 1)", key)


def check_view_counts(node: Node, s: ArchaeologyState, seat: int, hand: list[int], dig_n: int,
                      digs: int, set_aside: int) -> None:
    """After :func:`replay_history`: the hand holds what the history leaves the seat, and
    the cards left to dig, the treasures dug and the thieves and sandstorms drawn make the
    deal's dig site (all the cards but the hands, the marketplace and the ``set_aside``
    monument cards). Fills the dig site and the steal rolls with placeholders: the
    determinizer deals every hidden card."""
    rules = s.rules
    data = rules.data
    if s.hand_sizes[seat] != sum(hand):
        node.fail(f"the history leaves seat {seat} {plural(s.hand_sizes[seat], 'card')} but "
                  f"the hand holds {sum(hand)}", "hand")
    initial = (sum(rules.counts) - rules.players * data.hand_size - data.marketplace_size
               - set_aside)
    if dig_n + digs + s.thieves_drawn + s.storms_drawn != initial:
        node.fail(f"{plural(dig_n, 'card')} left, {plural(digs, 'treasure')} dug, "
                  f"{plural(s.thieves_drawn, 'thief', 'thieves')} and "
                  f"{plural(s.storms_drawn, 'sandstorm')} drawn do not make the {initial} "
                  f"cards of the dig site", "dig_site")
    s.dig = [0] * dig_n
    s.steal_rolls = [0] * rules.thieves


def trade_value(counts: Sequence[int], rules: Rules) -> int:
    """Total trade value of a count vector."""
    return rules.hand_value(counts)


def _one(card: int, n: int, treasures: int) -> list[int]:
    counts = [0] * treasures
    counts[card] = n
    return counts


class _Reader:
    """One history line at a time: the words, the reader's seat, the chambers' letters.
    ``parse`` reads the seat and verb; ``_edition_event`` the events of both editions,
    ``_monument_event`` the New Expedition's own; the small readers (``card``,
    ``number``, ...) fail with the line being read."""

    def __init__(self, node: Node, rules: Rules, seat: int) -> None:
        self.node, self.rules, self.seat = node, rules, seat
        names = rules.cards.names
        self.treasures = {names[c]: c for c in range(rules.treasures)}
        self.where = self.line = ""

    def fail(self, message: str) -> NoReturn:
        self.node.fail_at(self.where, f"{self.line!r}: {message}")

    def card(self, word: str) -> int:
        found = self.treasures.get(word)
        if found is None:
            self.fail(f"unknown card {word!r}{did_you_mean(word, list(self.treasures))}")
        if not self.rules.counts[found]:
            self.fail(no_such_card(self.rules, found))
        return found

    def cards(self, words: Iterable[str]) -> tuple[int, ...]:
        return tuple(sorted(self.card(w) for w in words))

    def number(self, word: str) -> int:
        if not (word.isdecimal() and word.isascii() and len(word) <= 4):
            self.fail(not_small(word))
        return int(word)

    def chamber(self, word: str) -> int:
        rules = self.rules
        if rules.monument is None:
            found = rules.chamber_index.get(self.number(word))
            if found is None:
                self.fail(f"no chamber of that size (sizes: "
                          f"{', '.join(map(str, rules.chamber_sizes))})")
            return found
        letters = [chamber_letter(i) for i in range(len(rules.chamber_sizes))]
        # (a letter in either case, as a move typed at a prompt reads it: 'S explore b'
        # was refused "no chamber 'b'"; the events read are canonical whatever the case)
        if word.upper() not in letters:
            self.fail(f"no chamber {word!r} (chambers: {', '.join(letters)})")
        return letters.index(word.upper())

    def counts(self, words: Iterable[str]) -> tuple[int, ...]:
        out = [0] * self.rules.treasures
        for w in words:
            out[self.card(w)] += 1
        return tuple(out)

    def payload(self, args: list[str], marker: str, knows: bool) -> list[str] | None:
        """The secret after ``marker`` (written exactly when the seat knows it)."""
        if knows != (marker in args):
            self.fail(f"the cards after {marker!r} are written exactly when the view's seat "
                      f"knows them")
        return args[args.index(marker) + 1:] if knows else None

    def parse(self, where: str, line: object, looked: list[int]) -> _Parsed:
        """``(event, the theft's card or -1, the secret's payload or None, whether the
        line carries a secret at all)``."""
        rules = self.rules
        line = self.node.check_str(line, where)
        self.where, self.line = where, line
        words = line.split()
        expedition = rules.monument is not None
        if rules.monument is not None:  # a line of another monument's rule
            named = words[0] if words and not words[0].isdecimal() else " ".join(words[1:2])
            if named in _ONLY and rules.special not in _ONLY[named]:
                self.fail(f"no {named!r} at the {rules.monument.name}")
        if expedition and len(words) == 3 and words[0] == "refill":
            return (R_REFILL, self.chamber(words[1]), self.card(words[2])), -1, None, False
        if len(words) < 2 or self.number(words[0]) >= rules.players:
            self.fail(f"expected 'SEAT EVENT' with a seat 0..{rules.players - 1}")
        actor, verb, args = int(words[0]), words[1], words[2:]
        found = self._edition_event(actor, verb, args, looked)
        if found is None and expedition:
            found = self._monument_event(actor, verb, args)
        if found is None:
            self.fail("expected dig, trade GIVES for TAKES, discard CARD, sell CARD N, explore "
                      f"{'X' if expedition else 'SIZE'} or steal SEAT [CARD]"
                      + (", tent, look X, refill X CARD, reveal CARD, take CARDS, return "
                         "CARDS, name CARD CARD or keep X N" if expedition else ""))
        return found

    def _edition_event(self, actor: int, verb: str, args: list[str], looked: list[int]
                       ) -> _Parsed | None:
        """The events of both editions (``parse``'s result), or ``None``."""
        rules, seat = self.rules, self.seat
        if verb == "dig" and not args:
            return (R_DIG, actor), -1, None, False
        if verb == "trade" and "for" in args:
            split = args.index("for")
            gives, takes = self.counts(args[:split]), self.counts(args[split + 1:])
            if not any(takes) or trade_value(gives, rules) < trade_value(takes, rules):
                self.fail("a trade takes at least one card and gives at least the value it "
                          "takes")
            return (R_TRADE, actor, gives, takes), -1, None, False
        if verb == "discard" and len(args) == 1:
            return (R_DISCARD, actor, self.card(args[0])), -1, None, False
        if verb == "sell" and len(args) == 2:
            c, n = self.card(args[0]), self.number(args[1])
            if not 1 <= n <= rules.max_set[c]:
                self.fail(f"a set of {rules.cards.names[c]} holds 1 to {rules.max_set[c]} "
                          f"cards")
            return (R_SELL, actor, c, n), -1, None, False
        if verb == "explore" and args:
            i = self.chamber(args[0])
            secret = (rules.monument is not None and rules.special in TAKE_ALL
                      and bool(looked[i] & ~(1 << actor)))
            knows = secret and (actor == seat or bool(looked[i] >> seat & 1))
            if len(args) > 1 and not secret:
                self.fail("nothing but the chamber follows 'explore' here")
            found = self.payload(args, "found", knows) if secret else None
            return ((R_EXPLORE, actor, i), -1,
                    (self.cards(found),) if found is not None else None, secret)
        if verb == "steal" and len(args) in (1, 2):
            victim = self.number(args[0])
            if victim >= rules.players or victim == actor:
                self.fail("a thief steals from another seat")
            sees = seat in (actor, victim)
            if sees != (len(args) == 2):
                self.fail("the card of a theft is written exactly when the view's seat is the "
                          "thief or the victim")
            return (R_STEAL, actor, victim), self.card(args[1]) if sees else -1, None, False
        return None

    def _monument_event(self, actor: int, verb: str, args: list[str]) -> _Parsed | None:
        """The New Expedition's own events (``parse``'s result), or ``None``."""
        mine = actor == self.seat
        if verb == "tent" and not args:
            return (R_TENT, actor), -1, None, False
        if verb == "look" and args:
            i = self.chamber(args[0])
            seen = self.payload(args, "saw", mine)  # given exactly when it is the seat's
            secret = (self.cards(seen),) if seen is not None else None
            return (R_LOOK, actor, i), -1, secret, True
        if verb == "reveal" and len(args) == 1:
            return (R_REVEAL, actor, self.card(args[0])), -1, None, False
        if verb in ("take", "return") and args:
            kind = R_TAKE if verb == "take" else R_RETURN
            return (kind, actor, self.counts(args)), -1, None, False
        if verb == "name" and len(args) == self.rules.params.get("names", 2):
            named = tuple(self.card(word) for word in args)
            if any(a >= b for a, b in zip(named, named[1:])):
                self.fail("different types, in card order")
            return (R_NAME, actor, named), -1, None, False
        if verb == "keep" and len(args) >= 2:
            i, n = self.chamber(args[0]), self.number(args[1])
            if not mine and len(args) > 2:
                self.fail("only the explorer knows the cards it kept")
            if not mine:
                return (R_KEEP, actor, i, n), -1, None, True
            if "saw" not in args or "kept" not in args or args.index("kept") < 3:
                self.fail("the explorer's own keep reads 'keep X N saw CARDS kept CARDS'")
            split = args.index("kept")
            saw, kept = self.cards(args[3:split]), self.cards(args[split + 1:])
            if len(kept) != n or any(kept.count(c) > saw.count(c) for c in kept):
                self.fail("the kept cards are N of the cards seen")
            return (R_KEEP, actor, i, n), -1, (saw, kept), True
        return None


class _Replayer:
    """:func:`replay_history`'s walk over the lines: what each line does to the public
    position (``_effect``: the cards a seat loses and gains, what goes into and out of the
    marketplace, its hand size change) and what the view's seat saw come and go (``seen``:
    the cards it saw dealt, dug or found, see ``finish``)."""

    def __init__(self, node: Node, s: ArchaeologyState, seat: int) -> None:
        rules = s.rules
        T = rules.treasures
        self.node, self.s, self.seat, self.rules = node, s, seat, rules
        self.hand_size = rules.data.hand_size
        self.sizes = [self.hand_size] * rules.players
        # per chamber its cards now, None once taken whole: Any, for the counts kept of
        # the monuments whose chambers are never taken whole (reveals, returns, keeps)
        self.chambers: list[Any] = list(rules.chamber_sizes)
        # (cards into the marketplace, cards out of it) per line
        self.market_moves: list[tuple[Sequence[int], Sequence[int]]] = []
        self.seen = list(s.hands[seat * T:(seat + 1) * T])
        self.seen_size = self.hand_size
        self.record = EMPTY_RECORD
        self.steals: list[tuple[int, int, int]] = []
        self.secrets: list[Secret] = []
        self.looked = [0] * len(self.chambers)
        self.digs = self.refills = 0
        self.current = -1
        self.reader = _Reader(node, rules, seat)
        self.none = [0] * T

    def read(self, where: str, line: object) -> None:
        """One history line."""
        event, stolen, payload, secret = self.reader.parse(where, line, self.looked)
        kind, actor = event[0], event[1]
        none = self.none
        if kind == R_REFILL:
            self.refills += 1
            self.chambers[actor] += 1
            self.record = self.record.add(event)
            self.market_moves.append((none, none))
            return
        lost, gained, into, out_of, change = self._effect(where, line, event, stolen)
        if secret:
            self._secret(event, payload)
        sizes = self.sizes
        sizes[actor] += change
        if min(sizes) < 0:
            self.node.fail_at(where, f"{line!r}: seat {sizes.index(min(sizes))} has no card "
                                     f"left to give up")
        if actor == self.seat:  # what the seat gave up it had seen; what it was given it had not
            for c in range(self.rules.treasures):
                self.seen[c] += lost[c] - gained[c]
        self.market_moves.append((into, out_of))
        self.record = self.record.add(event)

    def _effect(self, where: str, line: object, event: _Event, stolen: int) -> _Effect:
        """``(lost, gained, into the marketplace, out of it, hand size change)`` of the
        actor, the sales, thefts and digs counted on the way."""
        s, rules, seat = self.s, self.rules, self.seat
        T = rules.treasures
        kind, actor = event[0], event[1]
        none = self.none
        if kind == R_DIG:
            self.digs += 1
            self.seen_size += actor == seat
            return none, none, none, none, 1
        if kind == R_TRADE:
            lost, gained = list(event[2]), list(event[3])
            return lost, gained, lost, gained, sum(gained) - sum(lost)
        if kind == R_DISCARD:
            lost = _one(event[2], 1, T)
            return lost, none, lost, none, -1
        if kind == R_SELL:
            card, n = event[2], event[3]
            s.sold[actor * T + card] += n
            s.money[actor] += rules.sell[card][n - 1]
            s.sold_cards[actor] += n
            s.piles = s.piles[:actor] + (s.piles[actor] + ((card, n),),) + s.piles[actor + 1:]
            return _one(card, n, T), none, none, none, -n
        if kind == R_STEAL:
            victim = event[2]
            self.steals.append((actor, victim, stolen))
            self.sizes[victim] -= 1
            if victim == seat:
                self.seen[stolen] += 1
            elif actor == seat:
                self.seen[stolen] -= 1
            return none, none, none, none, 1
        return self._chamber_effect(where, line, event)

    def _chamber_effect(self, where: str, line: object, event: _Event) -> _Effect:
        """``_effect`` of the explores and the New Expedition's events."""
        s, rules, seat, chambers = self.s, self.rules, self.seat, self.chambers
        T = rules.treasures
        kind, actor = event[0], event[1]
        none = self.none

        def fail(message: str) -> NoReturn:
            self.node.fail_at(where, f"{line!r}: {message}")

        if kind == R_EXPLORE:
            chamber = event[2]
            if not chambers[chamber]:
                fail("that chamber was explored before" if chambers[chamber] is None
                     else "that chamber is empty")
            maps = rules.chamber_maps[chamber]
            s.maps_removed += maps
            self.current = chamber
            change = -maps
            if rules.special in TAKE_ALL:
                size = chambers[chamber]
                change += size
                self.seen_size += size if actor == seat else 0
                chambers[chamber] = None
            return _one(rules.map, maps, T), none, none, none, change
        if kind == R_TENT:
            if s.tents[actor] == 0:
                fail(f"seat {actor} has no tent left")
            s.tents[actor] -= 1
        elif kind == R_LOOK:
            if not chambers[event[2]]:
                fail("that chamber is no longer in place")
            self.looked[event[2]] |= 1 << actor
        elif kind == R_REVEAL:
            if self.current < 0 or not chambers[self.current]:
                fail("no chamber being explored holds a card")
            chambers[self.current] -= 1
            s.draws_used += 1
        elif kind == R_TAKE:
            gained = list(event[2])
            if rules.special == REFILL_ON_SANDSTORM and self.current >= 0:
                chambers[self.current] = 0
            return none, gained, none, none, sum(gained)
        elif kind == R_RETURN:
            if self.current < 0:
                fail("no chamber is being explored")
            chambers[self.current] += sum(event[2])
        elif kind == R_KEEP:
            chamber, n = event[2], event[3]
            if chambers[chamber] is None or chambers[chamber] < n:
                fail(f"the chamber does not hold {plural(n, 'card')}")
            chambers[chamber] -= n
            self.seen_size += n if actor == seat else 0
            s.chamber_seen[chamber] = 1 << actor
            return none, none, none, none, n
        return none, none, none, none, 0

    def _secret(self, event: _Event, payload: _Payload | None) -> None:
        """The secret a look, a Temple explore or a Tomb keep comes with."""
        kind, actor = event[0], event[1]
        kind_of = {R_LOOK: S_LOOK, R_EXPLORE: S_TAKE, R_KEEP: S_KEEP}[kind]
        mask = 1 << actor
        if kind == R_EXPLORE:
            mask |= self.looked[event[2]]
        if kind == R_LOOK:
            self.s.chamber_seen[event[2]] |= 1 << actor
        self.secrets.append((kind_of, mask, actor, event[2]) + (payload or (None,) * (
            2 if kind == R_KEEP else 1)))

    def finish(self) -> Replayed:
        """Check the marketplace and the seat's hand against the whole history; store the
        record, thefts, secrets and hand sizes in the state; return ``replay_history``'s
        result."""
        s, rules, seat, seen = self.s, self.rules, self.seat, self.seen
        check_market(self.node, s.market, self.market_moves, rules.data.marketplace_size)
        # the cards the seat saw dealt, dug or found: its hand, plus what it gave up, minus
        # what it got from the marketplace, face up or by a theft (maps only ever come
        # from digs)
        if (min(seen) < 0 or sum(seen) != self.seen_size
                or seen[rules.map] > self.seen_size - self.hand_size):
            self.node.fail(f"seat {seat}'s hand does not follow from its history (cards dealt, "
                           f"dug, found, traded, sold and stolen)", "hand")
        s.record = self.record
        s.steals = tuple(self.steals)
        s.secrets = tuple(self.secrets)
        s.hand_sizes = self.sizes
        return {"digs": self.digs, "sizes": self.chambers, "refills": self.refills,
                "current": self.current}


def replay_history(node: Node, s: ArchaeologyState, seat: int) -> Replayed:
    """Read ``history`` into the blank state ``s`` (record, thefts, secrets, hand sizes,
    sales, chambers explored or emptied, maps removed, tents used, face-up draws),
    checking each line against the public position. Returns what the caller checks
    against the rest of the view: ``digs`` (treasures dug), ``sizes`` (per chamber, its
    cards now, ``None`` once taken whole), ``refills``, ``current`` (the chamber of the
    last explore). The marketplace before the history must be the deal's."""
    replayer = _Replayer(node, s, seat)
    for i, line in enumerate(node.items("history", default=[])):
        replayer.read(f"history[{i}]", line)
    return replayer.finish()


def check_market(node: Node, market: list[int],
                 moves: Sequence[tuple[Sequence[int], Sequence[int]]], size: int) -> None:
    """The marketplace the history starts from is the view's marketplace with every move
    undone; it must hold the deal's ``size`` cards, and every take must find its cards."""
    start = list(market)
    for into, out_of in moves:
        for c in range(len(start)):
            start[c] -= into[c] - out_of[c]
    if min(start) < 0 or sum(start) != size:
        node.fail(f"does not lead from a marketplace of the deal's {size} cards to the "
                  f"view's marketplace", "history")
    current = start
    for i, (into, out_of) in enumerate(moves):
        for c in range(len(current)):
            current[c] += into[c] - out_of[c]
        if min(current) < 0:
            node.fail("takes a card the marketplace did not hold", f"history[{i}]")


def _read_sheltered(storm: Node, s: ArchaeologyState, seat: int, phase: str,
                    history: bool) -> None:
    """``sandstorm.sheltered``: distinct seats, each of which used a tent in this
    sandstorm: in a history view, a ``S tent`` line among the tent (and refill) lines that
    end the history (after them only this sandstorm's discards). The seats decide from the
    digger's left, the digger last (``ArchaeologyState._tent_next``), so never the view's
    own seat (in phase ``"sandstorm"`` it discards, which a sheltered seat does not; in
    phase ``"tent"`` it decides now) nor, in phase ``"tent"``, a seat that decides after
    it; and a sheltered seat has used a tent (``tents`` below the game's uses)."""
    rules = s.rules
    players = rules.players
    where = storm.where("sheltered")
    sheltered = [storm.check_int(p, f"{where}[{i}]", hi=players - 1)
                 for i, p in enumerate(storm.items("sheltered", default=[]))]
    if len(set(sheltered)) != len(sheltered):
        storm.fail("a seat is listed twice", "sheltered")

    def order(p: int) -> int:
        return (p - s.turn - rules.storm_offset) % players

    for i, p in enumerate(sheltered):
        if p == seat and phase == "sandstorm":
            storm.fail_at(f"{where}[{i}]", f"seat {seat} is the view's seat, which discards "
                                           f"in this sandstorm: a seat sheltered in its tent "
                                           f"discards nothing")
        if p == seat:
            storm.fail_at(f"{where}[{i}]", f"seat {seat} is the view's seat, which decides "
                                           f"on its tent now (phase 'tent'): it is sheltered "
                                           f"once it has used it")
        if phase == "tent" and order(p) > order(seat):
            storm.fail_at(f"{where}[{i}]", f"seat {p} decides on its tent after seat {seat} "
                                           f"(from the digger's left, the digger last): it "
                                           f"has not sheltered yet")
        if s.tents[p] >= rules.tents:
            storm.fail_at(f"{where}[{i}]", f"seat {p} has used no tent (tents[{p}] is "
                                           f"{s.tents[p]}, all its uses): a sheltered seat "
                                           f"has used one in this sandstorm")
    if history:
        tents = set()
        node = s.record
        while node.prev is not None and node.event[0] == R_DISCARD:
            node = node.prev
        while node.prev is not None and node.event[0] in (R_TENT, R_REFILL):
            if node.event[0] == R_TENT:
                tents.add(node.event[1])
            node = node.prev
        stray = [p for p in sheltered if p not in tents]
        if stray:
            storm.fail(f"seat {stray[0]} used no tent in this sandstorm (no 'tent' line of "
                       f"it ends the history)", "sheltered")
    for p in sheltered:
        s.protected |= 1 << p


def _storm_left(storm: Node, size: int, discarded: bool) -> int:
    """``sandstorm.left``, the discards the seat still owes with ``size`` cards in hand:
    a sandstorm takes half a hand, rounded down (both rulebooks), so at most half of it,
    and after a first discard of this sandstorm (``discarded``: a ``last`` card) at most
    half of that hand and the card, less the card."""
    owed = (size + 1) // 2 - 1 if discarded else size // 2
    after = " that has discarded ('last' names its card)" if discarded else ""
    if owed < 1:
        storm.fail(f"a sandstorm takes half a hand, rounded down: a hand of "
                   f"{plural(size, 'card')}{after} owes no more discards", "left")
    left = storm.integer("left", lo=1)
    if left > owed:
        storm.fail(f"a sandstorm takes half a hand, rounded down: at most {owed} more from a "
                   f"hand of {plural(size, 'card')}{after}, got {left}", "left")
    return left


def _storm_last(storm: Node, s: ArchaeologyState, seat: int, card: int | None
                ) -> int | None:
    """The card ``seat`` discarded last at this sandstorm, ``None`` before its first, as a
    history view's record tells it (the run of its discards the history ends with,
    ``storm_discarded``): ``card``, the view's ``sandstorm.last``, must say the same. A
    null ``last`` after a pot shard reads as the record tells: views written before the
    pot shard was named there wrote null."""
    rules = s.rules
    if not storm_discarded(s):
        if card is not None:
            storm.fail(f"the history ends with no discard of seat {seat} at this sandstorm: "
                       f"null before its first discard, not {rules.cards.names[card]!r}",
                       "last")
        return None
    told: int = s.record.event[2]
    if card != told and not (card is None and told == 0):
        storm.fail(f"the history ends with seat {seat}'s discard of a "
                   f"{rules.card_name(told)} at this sandstorm: 'last' names it "
                   f"({rules.cards.names[told]!r}), not "
                   f"{'null' if card is None else repr(rules.cards.names[card])}", "last")
    return told


def read_turn(node: Node, s: ArchaeologyState, seat: int, hand: list[int], dig_n: int, *,
              history: bool = True) -> str:
    """The turn so far, the phase and what it is in the middle of (the sandstorm's
    ``digger``, the trade being built); returns the phase's name for the caller's own
    fields. ``turn`` is required; inside it ``trades`` defaults to 0, ``sold`` and
    ``explored`` to false, ``dug`` to whether cards are left to dig (``dig_n``, the view's
    ``dig_site``), ``first_passer`` to null. A turn starts with a dig while cards are left
    (both rulebooks), so ``dug`` false and a ``first_passer`` (a run of passes) need an
    empty dig site. ``history``: the view has a history (checked against the phase)."""
    rules = s.rules
    players = rules.players
    names = rules.cards.treasure_names
    turn = node.table("turn")  # required: the turn so far is never guessed (issue 20)
    s.trades = turn.integer("trades", hi=MAX_TRADES_BETWEEN_EXPLORES, default=0)
    s.sold_this_turn = turn.boolean("sold", default=False)
    explored = turn.boolean("explored", default=False)
    s.acted = s.sold_this_turn or explored
    s.explored = explored
    s.no_dig = not turn.boolean("dug", default=dig_n > 0)
    if s.no_dig and dig_n:
        turn.fail(f"false only when the dig site is empty ({plural(dig_n, 'card')} left): "
                  f"a turn starts with a dig while cards are left", "dug")
    first_passer = turn.optional_integer("first_passer", hi=players - 1)
    if first_passer is not None and dig_n:
        turn.fail(f"a run of passes begins only once the dig site is empty "
                  f"({plural(dig_n, 'card')} left)", "first_passer")
    turn.done()
    s.first_passer = -1 if first_passer is None else first_passer
    phases = [name for name, phase in VIEW_PHASES.items()
              if phase in (P_ACTION, P_STEAL, P_STORM) or rules.monument is not None]
    phase = node.text("phase", choices=phases, default="action")
    s.turn = s.to_move = seat
    s.phase = VIEW_PHASES[phase]
    if phase in ("sandstorm", "tent"):  # (its sandstorm counted: _check_drawn_for_phase)
        # the engine asks only a seat with a tent use left that would lose cards
        # (``ArchaeologyState._tent_next``)
        if phase == "tent" and not s.tents[seat]:
            node.fail(f"phase 'tent' but seat {seat} has no tent use left (tents[{seat}] is "
                      f"0): only a seat with a tent decides on it", "phase")
        if phase == "tent" and sum(hand) < 2:
            node.fail(f"phase 'tent' but the hand holds {plural(sum(hand), 'card')}: a seat "
                      f"that would lose nothing in the sandstorm is not asked (it keeps its "
                      f"tent)", "phase")
        storm = node.table("sandstorm")
        if phase == "sandstorm":
            last = storm.raw("last", None)
            if last is not None:
                storm.check_str(last, storm.where("last"), names)
            card = rules.cards.index[last] if last is not None else None
            if history:
                card = _storm_last(storm, s, seat, card)
            s.storm_begun = card is not None
            s.storm_left = _storm_left(storm, sum(hand), s.storm_begun)
            # a record enters a discard in card order, the cards after ``last`` then; at a
            # table the order changes nothing: a written position's cards still owed are
            # any of the hand (a talisman discarded first, the pot shards held may follow)
            s.storm_last = (card or 0) if history else 0
        s.turn = storm.integer("digger", hi=players - 1)
        if rules.tents:
            _read_sheltered(storm, s, seat, phase, history)
        storm.done()
        s.storm_index = (seat - s.turn - rules.storm_offset) % players
    elif phase == "look":
        last = s.record.event if history else None
        if not s.sold_this_turn or (history and not (
                last is not None and last[0] == R_SELL and last[1] == seat)):
            node.fail("phase 'look' comes right after a sale of the seat (turn.sold, and the "
                      "history's last line a sale of the seat)", "phase")
    elif phase == "action":
        trade = node.optional_table("trade")
        if trade is not None:
            takes = read_counts(trade, "take", names)
            gives = read_counts(trade, "give", names, default=[0] * rules.treasures)
            trade.done()
            if not any(takes):
                trade.fail("a trade takes at least one card", "take")
            for c in range(rules.treasures):
                if takes[c] > s.market[c]:
                    trade.fail("more than the marketplace holds", f"take.{names[c]}")
                if gives[c] > hand[c]:
                    trade.fail("more than the hand holds", f"give.{names[c]}")
            s.trade_takes, s.trade_gives = takes, gives
            s.take_value = trade_value(takes, rules)
            s.give_value = trade_value(gives, rules)
            if s.give_value >= s.take_value:
                trade.fail("the gives already cover the takes")
            s.last_take = max(c for c in range(rules.treasures) if takes[c])
            s.last_give_pos = max((rules.give_pos[c] for c in range(rules.treasures)
                                   if gives[c]), default=0)
    s.must_sell = s.no_dig and s.first_passer == s.turn
    return phase
