"""JSON deals and player views of Archaeology: The Card Game, read through ``games.reader``.

**Deal** (every hidden thing fixed; ``digsite deal archaeology --seed N``)::

    {"game": "archaeology", "players": 2, "first_player": 1,
     "hands": [["coin", "pot_shard", ...], ...],      # 4 cards per seat
     "marketplace": ["talisman", ...],                  # 5 cards
     "chambers": {"3": [...], "5": [...], "7": [...]},  # face-down pyramid chambers
     "dig_site": ["thief", "coin", ...],                # top card first
     "steal_rolls": [123, ...]}                         # one int per thief card: the k-th
                                                        # thief drawn takes card number
                                                        # roll % hand size of the victim's
                                                        # hand in card order

Every card of the game appears exactly once (maps, thieves and sandstorms only in the dig
site, as the setup sets them aside; sandstorms already reduced by player count).

**Player view** (what one seat sees; ``digsite example archaeology``; format 2)::

    {"game": "archaeology", "players": 2, "seat": 0,
     "to_move": 0,                 # the seat to act: the view's seat
     "phase": "action",            # "action", "steal" (choose a victim) or "sandstorm"
     "hand": {"coin": 2, ...},     # the seat's own cards (card: count)
     "marketplace": {...},
     "dig_site": 40,               # cards left in the dig site
     "thieves_drawn": 1, "sandstorms_drawn": 0,
     "history": ["1 dig", "0 trade pot_shard pot_shard for coin", "1 discard coin",
                 "0 sell talisman 4", "1 explore 5", "1 steal 0 coin", ...],
     "turn": {"trades": 0, "sold": false, "explored": false, "dug": true,
              "first_passer": null},  # this turn so far; first_passer: the seat that
                                      # began the current run of passes (dig site empty)
     "sandstorm": {"left": 2, "last": null, "digger": 1},  # phase "sandstorm" only: cards
                                      # the seat still discards, its last card type, and
                                      # the seat that drew the sandstorm (whose turn it is)
     "trade": {"take": {"coin": 1}, "give": {}}}   # optional: a trade being built

``history`` is the public record since the deal, in order, one event a line (``S`` a
seat): ``S dig`` (found a treasure, unseen), ``S trade GIVES for TAKES`` (card names,
repeated for several), ``S discard CARD`` (sandstorm), ``S sell CARD N``, ``S explore
SIZE`` and ``S steal V`` (``S steal V CARD`` when the view's seat is the thief or the
victim, who see the card). Hand sizes, sold sets, money, explored chambers and the maps
removed follow from it; so does everything every seat knows of the others, and the search
gives each seat exactly that. Format 1 (before issue 9) had ``current`` (now
``to_move``), ``hand_sizes``, ``sold``, ``known_cards``, ``not_maps`` and
``chambers_explored``; they are refused now (the history replaces them).

A view is refused with ``InvalidStateError`` naming the key when it is malformed, has an
unknown key, or is impossible (a card not in the data, more cards than the game holds, a
history no deal can explain).
"""

from __future__ import annotations

from games.errors import InvalidStateError
from games.protocol import CHANCE, parse_checked
from games.reader import Node, read_counts, read_document, read_header, read_view_seat
from games.seeding import make_rng

from .hidden import (EMPTY_RECORD, R_DIG, R_DISCARD, R_EXPLORE, R_SELL, R_STEAL, R_TRADE,
                     history_lines)
from .moves import CARD_INDEX, CARD_NAMES, MAP, SANDSTORM, THIEF, TREASURES, parse_text
from .rules import (MAX_TRADES_BETWEEN_EXPLORES, P_ACTION, P_STEAL, P_STORM, Rules, rules_for)
from .state import ArchaeologyState

__all__ = ["make_deal", "state_from_deal", "state_from_view", "view_of", "example_view",
           "parse_move"]

_TREASURE_NAMES = CARD_NAMES[:TREASURES]


def _start(node: Node, data) -> Rules:
    return rules_for(data, read_header(node, "archaeology", (data.players_min, data.players_max)))


def make_deal(*, players: int, seed, data, **options) -> dict:
    """A seeded deal (see the module docstring)."""
    if options:
        raise InvalidStateError(f"deal: unknown option(s) {', '.join(sorted(options))}")
    rules = _start(read_document({"game": "archaeology", "players": players}, "deal"), data)
    rng = make_rng(seed)
    deck = [c for c in range(MAP) for _ in range(rules.counts[c])]
    rng.shuffle(deck)
    size = data.hand_size
    hands = [[CARD_NAMES[c] for c in sorted(deck[i * size:(i + 1) * size])]
             for i in range(players)]
    pos = players * size
    market = sorted(deck[pos:pos + data.marketplace_size])
    pos += data.marketplace_size
    chambers = {}
    for chamber in rules.chamber_sizes:
        chambers[str(chamber)] = [CARD_NAMES[c] for c in sorted(deck[pos:pos + chamber])]
        pos += chamber
    dig = deck[pos:] + [MAP] * rules.counts[MAP] + [THIEF] * rules.thieves + \
        [SANDSTORM] * rules.sandstorms
    rng.shuffle(dig)
    return {
        "game": "archaeology", "players": players, "first_player": rng.randrange(players),
        "hands": hands, "marketplace": [CARD_NAMES[c] for c in market],
        "chambers": chambers, "dig_site": [CARD_NAMES[c] for c in dig],
        "steal_rolls": [rng.getrandbits(30) for _ in range(rules.thieves)],
    }


def _cards(node: Node, value, where: str, *, allow: int = MAP, length: int | None = None
           ) -> list[int]:
    """A list of card names (ids below ``allow``) at ``where``."""
    node.check_list(value, where, length=length)
    out = []
    for i, name in enumerate(value):
        node.check_str(name, f"{where}[{i}]")
        card = CARD_INDEX.get(name, allow)
        if card >= allow:
            node.fail_at(f"{where}[{i}]", f"unknown card {name!r} (cards: "
                                           f"{', '.join(CARD_NAMES[:allow])})")
        out.append(card)
    return out


def state_from_deal(deal: dict, data) -> ArchaeologyState:
    """The initial state of ``deal``, validated (``InvalidStateError`` names the key)."""
    node = read_document(deal, "deal")
    rules = _start(node, data)
    players = rules.players
    s = ArchaeologyState.blank(rules)
    first = node.integer("first_player", hi=players - 1)
    seen = [0] * (SANDSTORM + 1)
    for p, hand in enumerate(node.items("hands", length=players)):
        for c in _cards(node, hand, f"hands[{p}]", length=data.hand_size):
            s.hands[p * TREASURES + c] += 1
            seen[c] += 1
        s.hand_sizes[p] = data.hand_size
    for c in _cards(node, node.raw("marketplace"), "marketplace", length=data.marketplace_size):
        s.market[c] += 1
        seen[c] += 1
    chambers = node.table("chambers")
    for i, size in enumerate(rules.chamber_sizes):
        cards = _cards(chambers, chambers.raw(str(size)), chambers.where(str(size)), length=size)
        s.chambers[i] = tuple(sorted(cards))
        for c in cards:
            seen[c] += 1
    chambers.done()
    dig = _cards(node, node.raw("dig_site"), "dig_site", allow=SANDSTORM + 1)
    for c in dig:
        seen[c] += 1
    for c in range(SANDSTORM + 1):
        if seen[c] != rules.counts[c]:
            node.fail(f"{seen[c]} {CARD_NAMES[c]} card(s), the game with {players} players "
                      f"has {rules.counts[c]}")
    s.dig = dig[::-1]
    s.steal_rolls = list(node.integers("steal_rolls", length=rules.thieves))
    node.done()
    s.start_turn(first)
    return s


def view_of(state: ArchaeologyState, seat: int) -> dict:
    """The JSON player view of ``seat`` in ``state`` (the inverse of ``state_from_view``)."""
    def counts(vec, base=0):
        return {CARD_NAMES[c]: vec[base + c] for c in range(TREASURES) if vec[base + c]}

    view = {
        "game": "archaeology", "players": state.num_players, "seat": seat,
        "to_move": state.current_player(),
        "phase": {P_ACTION: "action", P_STEAL: "steal", P_STORM: "sandstorm"}.get(
            state.phase, "other"),
        "hand": counts(state.hands, seat * TREASURES), "marketplace": counts(state.market),
        "dig_site": len(state.dig),
        "thieves_drawn": state.thieves_drawn, "sandstorms_drawn": state.storms_drawn,
        "history": history_lines(state, seat),
        "turn": {"trades": state.trades, "sold": state.sold_this_turn, "explored":
                 state.acted and not state.sold_this_turn, "dug": not state.no_dig,
                 "first_passer": state.first_passer if state.first_passer >= 0 else None},
    }
    if state.phase == P_STORM:
        view["sandstorm"] = {"left": state.storm_left, "digger": state.turn,
                             "last": CARD_NAMES[state.storm_last] if state.storm_last else None}
    if state.trade_takes is not None:
        view["trade"] = {"take": counts(state.trade_takes), "give": counts(state.trade_gives)}
    return view


def state_from_view(view: dict, data, seed) -> tuple[ArchaeologyState, int]:
    """Validate a player view; return ``(world, seat)`` with one world drawn exactly from
    those the seat cannot rule out (``ArchaeologyState.determinize``)."""
    node = read_document(view, "view")
    rules = _start(node, data)
    players = rules.players
    seat = read_view_seat(node, players)
    s = ArchaeologyState.blank(rules)
    # placeholders of the chambers' sizes: the determinizer deals their cards
    s.chambers = [(0,) * size for size in rules.chamber_sizes]
    hand = read_counts(node, "hand", _TREASURE_NAMES)
    s.hands[seat * TREASURES:(seat + 1) * TREASURES] = hand
    s.market = read_counts(node, "marketplace", _TREASURE_NAMES, default=[0] * TREASURES)
    dig_n = node.integer("dig_site", hi=sum(rules.counts))
    s.thieves_drawn = node.integer("thieves_drawn", hi=rules.thieves, default=0)
    s.storms_drawn = node.integer("sandstorms_drawn", hi=rules.sandstorms, default=0)
    digs = _replay_history(node, s, seat)
    if s.hand_sizes[seat] != sum(hand):
        node.fail(f"the history leaves seat {seat} {s.hand_sizes[seat]} cards but the hand "
                  f"holds {sum(hand)}", "hand")
    initial_dig = sum(rules.counts) - players * data.hand_size - data.marketplace_size - sum(
        rules.chamber_sizes)
    if dig_n + digs + s.thieves_drawn + s.storms_drawn != initial_dig:
        node.fail(f"{dig_n} cards left, {digs} treasures dug, {s.thieves_drawn} thieves and "
                  f"{s.storms_drawn} sandstorms drawn do not make the {initial_dig} cards of "
                  f"the dig site", "dig_site")
    s.dig = [0] * dig_n  # placeholders: the determinizer deals every hidden card
    s.steal_rolls = [0] * rules.thieves
    _read_turn(node, s, seat, hand)
    node.done()
    if not s.legal_moves():
        node.fail("the seat has no legal move in this position")
    return s.determinize(seat, make_rng(seed)), seat


def _replay_history(node: Node, s: ArchaeologyState, seat: int) -> int:
    """Read ``history`` into ``s`` (record, thefts, hand sizes, sales, chambers explored,
    maps removed), checking each line against the public position; returns the number of
    treasures dug. The marketplace before the history must be the deal's."""
    rules = s.rules
    sizes = [rules.data.hand_size] * rules.players
    market_moves = []  # (cards into the marketplace, cards out of it) per line
    seen = list(s.hands[seat * TREASURES:(seat + 1) * TREASURES])  # see below
    seen_size = rules.data.hand_size
    record = EMPTY_RECORD
    steals = []
    digs = 0
    for i, line in enumerate(node.items("history", default=[])):
        where = f"history[{i}]"
        event, stolen = _history_event(node, where, line, rules, seat)
        kind, actor = event[0], event[1]
        change, lost, gained, into, out_of = _flows(event, rules)
        if kind == R_DIG:
            digs += 1
            seen_size += actor == seat
        elif kind == R_SELL:
            card, n = event[2], event[3]
            s.sold[actor * TREASURES + card] += n
            s.money[actor] += rules.sell[card][n - 1]
            s.sold_cards[actor] += n
            s.piles = s.piles[:actor] + (s.piles[actor] + ((card, n),),) + s.piles[actor + 1:]
        elif kind == R_EXPLORE:
            chamber = event[2]
            if s.chambers[chamber] is None:
                node.fail_at(where, f"{line!r}: that chamber was explored before")
            s.chambers[chamber] = None
            s.maps_removed += rules.chamber_maps[chamber]
            seen_size += rules.chamber_sizes[chamber] if actor == seat else 0
        elif kind == R_STEAL:
            victim = event[2]
            steals.append((actor, victim, stolen))
            sizes[victim] -= 1
            if victim == seat:
                seen[stolen] += 1
            elif actor == seat:
                seen[stolen] -= 1
        sizes[actor] += change
        if min(sizes) < 0:
            node.fail_at(where, f"{line!r}: seat {sizes.index(min(sizes))} has no card left "
                                f"to give up")
        if actor == seat:  # what the seat gave up it had seen; what it was given it had not
            for c in range(TREASURES):
                seen[c] += lost[c] - gained[c]
        market_moves.append((into, out_of))
        record = record.add(event)
    _check_market(node, s.market, market_moves, rules.data.marketplace_size)
    # the cards the seat saw dealt, dug or found: its hand, plus what it gave up, minus
    # what it got from the marketplace or a theft (maps only ever come from digs)
    if min(seen) < 0 or sum(seen) != seen_size or seen[MAP] > seen_size - rules.data.hand_size:
        node.fail(f"seat {seat}'s hand does not follow from its history (cards dealt, dug, "
                  f"found, traded, sold and stolen)", "hand")
    s.record = record
    s.steals = tuple(steals)
    s.hand_sizes = sizes
    return digs


def _history_event(node: Node, where: str, line, rules: Rules, seat: int) -> tuple:
    """One ``history`` line as a record event, and the card of a theft (-1 when ``seat``
    did not see it)."""
    node.check_str(line, where)
    words = line.split()
    players = rules.players

    def fail(message: str):
        node.fail_at(where, f"{line!r}: {message}")

    def card(word: str) -> int:
        found = CARD_INDEX.get(word, TREASURES)
        if found >= TREASURES:
            fail(f"unknown card {word!r}")
        return found

    def number(word: str) -> int:
        if not (word.isdigit() and word.isascii() and len(word) <= 4):
            fail(f"{word!r} is not a small number")
        return int(word)

    if len(words) < 2 or number(words[0]) >= players:
        fail(f"expected 'SEAT EVENT' with a seat 0..{players - 1}")
    actor, verb, args = int(words[0]), words[1], words[2:]
    if verb == "dig" and not args:
        return (R_DIG, actor), -1
    if verb == "trade" and "for" in args:
        split = args.index("for")
        gives, takes = [0] * TREASURES, [0] * TREASURES
        for word in args[:split]:
            gives[card(word)] += 1
        for word in args[split + 1:]:
            takes[card(word)] += 1
        if not any(takes) or _value(gives, rules) < _value(takes, rules):
            fail("a trade takes at least one card and gives at least the value it takes")
        return (R_TRADE, actor, tuple(gives), tuple(takes)), -1
    if verb == "discard" and len(args) == 1:
        return (R_DISCARD, actor, card(args[0])), -1
    if verb == "sell" and len(args) == 2:
        c, n = card(args[0]), number(args[1])
        if not 1 <= n <= rules.max_set[c]:
            fail(f"a set of {CARD_NAMES[c]} holds 1 to {rules.max_set[c]} cards")
        return (R_SELL, actor, c, n), -1
    if verb == "explore" and len(args) == 1:
        chamber = rules.chamber_index.get(number(args[0]))
        if chamber is None:
            fail(f"no chamber of that size (sizes: {', '.join(map(str, rules.chamber_sizes))})")
        return (R_EXPLORE, actor, chamber), -1
    if verb == "steal" and len(args) in (1, 2):
        victim = number(args[0])
        if victim >= players or victim == actor:
            fail("a thief steals from another seat")
        sees = seat in (actor, victim)
        if sees != (len(args) == 2):
            fail("the card of a theft is written exactly when the view's seat is the thief "
                 "or the victim")
        return (R_STEAL, actor, victim), card(args[1]) if sees else -1
    fail("expected dig, trade GIVES for TAKES, discard CARD, sell CARD N, explore SIZE or "
         "steal SEAT [CARD]")


def _flows(event, rules: Rules) -> tuple:
    """What an event does to its seat's hand and the marketplace: (change in the hand's
    size, known cards lost, known cards gained, cards into the marketplace, cards out of
    it), as count vectors. Unseen cards (a dig, a chamber, a theft) count in the size."""
    none = [0] * TREASURES
    kind = event[0]
    if kind == R_TRADE:
        gives, takes = list(event[2]), list(event[3])
        return sum(takes) - sum(gives), gives, takes, gives, takes
    if kind == R_DISCARD:
        lost = _one(event[2])
        return -1, lost, none, lost, none
    if kind == R_SELL:
        return -event[3], _one(event[2], event[3]), none, none, none
    if kind == R_EXPLORE:
        chamber = event[2]
        maps = rules.chamber_maps[chamber]
        return rules.chamber_sizes[chamber] - maps, _one(MAP, maps), none, none, none
    return 1, none, none, none, none  # a dig, or a theft (the thief's side)


def _value(counts, rules: Rules) -> int:
    """Total trade value of a count vector."""
    return sum(rules.trade[c] * counts[c] for c in range(TREASURES))


def _one(card: int, n: int = 1) -> list[int]:
    counts = [0] * TREASURES
    counts[card] = n
    return counts


def _check_market(node: Node, market: list[int], moves, size: int) -> None:
    """The marketplace the history starts from is the view's marketplace with every move
    undone; it must hold the deal's ``size`` cards, and every take must find its cards."""
    start = list(market)
    for into, out_of in moves:
        for c in range(TREASURES):
            start[c] -= into[c] - out_of[c]
    if min(start) < 0 or sum(start) != size:
        node.fail(f"does not lead from a marketplace of the deal's {size} cards to the "
                  f"view's marketplace", "history")
    current = start
    for i, (into, out_of) in enumerate(moves):
        for c in range(TREASURES):
            current[c] += into[c] - out_of[c]
        if min(current) < 0:
            node.fail("takes a card the marketplace did not hold", f"history[{i}]")


def _read_turn(node: Node, s: ArchaeologyState, seat: int, hand: list[int]) -> None:
    """The turn so far, the phase and what it is in the middle of."""
    rules = s.rules
    players = rules.players
    turn = node.table("turn", default={})
    s.trades = turn.integer("trades", hi=MAX_TRADES_BETWEEN_EXPLORES, default=0)
    s.sold_this_turn = turn.boolean("sold", default=False)
    explored = turn.boolean("explored", default=False)
    s.acted = s.sold_this_turn or explored
    s.no_dig = not turn.boolean("dug", default=bool(s.dig))
    first_passer = turn.optional_integer("first_passer", hi=players - 1)
    turn.done()
    s.first_passer = -1 if first_passer is None else first_passer
    phase = node.text("phase", choices=("action", "steal", "sandstorm"), default="action")
    s.turn = s.to_move = seat
    if phase == "sandstorm":
        if s.storms_drawn == 0:
            node.fail("phase 'sandstorm' but no sandstorm has been drawn", "phase")
        storm = node.table("sandstorm")
        s.storm_left = storm.integer("left", lo=1, hi=max(1, sum(hand)))
        last = storm.raw("last", None)
        if last is not None:
            storm.check_str(last, storm.where("last"), _TREASURE_NAMES)
        s.turn = storm.integer("digger", hi=players - 1)
        storm.done()
        s.phase = P_STORM
        s.storm_index = (seat - s.turn) % players
        s.storm_last = CARD_INDEX[last] if last is not None else 0
    elif phase == "steal":
        if s.thieves_drawn == 0:
            node.fail("phase 'steal' but no thief has been drawn", "phase")
        s.phase = P_STEAL
    else:
        s.phase = P_ACTION
        trade = node.optional_table("trade")
        if trade is not None:
            takes = read_counts(trade, "take", _TREASURE_NAMES)
            gives = read_counts(trade, "give", _TREASURE_NAMES, default=[0] * TREASURES)
            trade.done()
            if not any(takes):
                trade.fail("a trade takes at least one card", "take")
            for c in range(TREASURES):
                if takes[c] > s.market[c]:
                    trade.fail("more than the marketplace holds", f"take.{CARD_NAMES[c]}")
                if gives[c] > hand[c]:
                    trade.fail("more than the hand holds", f"give.{CARD_NAMES[c]}")
            s.trade_takes, s.trade_gives = takes, gives
            s.take_value = _value(takes, rules)
            s.give_value = _value(gives, rules)
            if s.give_value >= s.take_value:
                trade.fail("the gives already cover the takes")
            s.last_take = max(c for c in range(TREASURES) if takes[c])
            s.last_give_pos = max((rules.give_pos[c] for c in range(TREASURES) if gives[c]),
                                  default=0)
    s.must_sell = s.no_dig and s.first_passer == s.turn


def example_view(data) -> dict:
    """A mid-game view of seat 0 from a fixed seeded game (deal seed 5, random play)."""
    state = state_from_deal(make_deal(players=2, seed=5, data=data), data)
    rng = make_rng(11)
    decisions = 0
    end = parse_text("end")
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if (decisions > 40 and player == 0 and state.phase == P_ACTION
                and state.trade_takes is None and state.trades == 0 and not state.acted):
            return view_of(state, 0)
        moves = state.legal_moves()
        # end the turn half the time so that the game moves on
        state.apply(end if end in moves and rng.random() < 0.5 else rng.choice(moves))
        decisions += 1


def parse_move(state: ArchaeologyState, text: str):
    """Move text to a move, checked legal in ``state`` (``games.protocol.parse_checked``)."""
    return parse_checked(state, text, parse_text)
