"""JSON deals and player views of Archaeology: The Card Game.

**Deal** (every hidden thing fixed; ``digsite deal archaeology --seed N``)::

    {"game": "archaeology", "players": 2, "start_player": 1,
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

**Player view** (what one seat sees; ``digsite example archaeology``)::

    {"game": "archaeology", "players": 2, "seat": 0,
     "current": 0,                 # whose turn it is (the seat that dug)
     "phase": "action",            # "action", "steal" (choose a victim) or "sandstorm"
     "hand": {"coin": 2, ...},     # the seat's own cards (card: count)
     "marketplace": {...},
     "sold": [[["talisman", 4], ["coin", 5]], []],   # every seat's sold piles
     "hand_sizes": [6, 5],
     "known_cards": [{}, {"coin": 1}],  # cards the seat saw each other seat receive
                                        # (taken from the marketplace, stolen from it)
                                        # and not seen leave
     "not_maps": [0, 4],           # of each other hand's unknown cards, how many are
                                   # certainly not maps (dealt at setup, from a chamber);
                                   # optional, 0 if left out (a weaker but safe view)
     "dig_site": 40,               # cards left in the dig site
     "chambers_explored": [3],     # sizes of the chambers explored so far
     "thieves_drawn": 1, "sandstorms_drawn": 0,
     "turn": {"trades": 0, "sold": false, "explored": false, "dug": true,
              "first_passer": null},  # this turn so far; first_passer: the seat that
                                      # began the current run of passes (dig site empty)
     "sandstorm": {"left": 2, "last": null},       # phase "sandstorm" only: cards the
                                                   # seat still discards, last card type
     "trade": {"take": {"coin": 1}, "give": {}}}   # optional: a trade being built

Maps removed from the game follow from ``chambers_explored``. A view is refused with
``InvalidStateError`` naming the field when it is malformed or impossible: an unknown
card, more cards of a type than the game holds, a hand size that does not match the hand,
counts that do not add up to the game's cards.
"""

from __future__ import annotations

from games.errors import IllegalMoveError, InvalidStateError
from games.seeding import make_rng

from .moves import CARD_INDEX, CARD_NAMES, MAP, SANDSTORM, THIEF, TREASURES, parse_text
from .state import MAX_TRADES_BETWEEN_EXPLORES, P_ACTION, P_STEAL, P_STORM, ArchaeologyState, rules_for

__all__ = ["make_deal", "state_from_deal", "state_from_view", "view_of", "example_view",
           "parse_move"]

T = TREASURES


def _check_players(doc: dict, data, where: str) -> int:
    players = doc.get("players")
    if isinstance(players, bool) or not isinstance(players, int) or not (
            data.players_min <= players <= data.players_max):
        raise InvalidStateError(f"{where}: players must be an integer from {data.players_min} "
                                f"to {data.players_max}, got {players!r}")
    if doc.get("game", "archaeology") != "archaeology":
        raise InvalidStateError(f"{where}: game is {doc.get('game')!r}, not 'archaeology'")
    return players


def make_deal(*, players: int, seed, data, **options) -> dict:
    """A seeded deal (see the module docstring)."""
    if options:
        raise InvalidStateError(f"deal: unknown option(s) {', '.join(sorted(options))}")
    _check_players({"players": players}, data, "deal")
    rng = make_rng(seed)
    R = rules_for(data, players)
    deck = [c for c in range(MAP) for _ in range(R.counts[c])]
    rng.shuffle(deck)
    hands = [[CARD_NAMES[c] for c in sorted(deck[i * data.hand_size:(i + 1) * data.hand_size])]
             for i in range(players)]
    pos = players * data.hand_size
    market = sorted(deck[pos:pos + data.marketplace_size])
    pos += data.marketplace_size
    chambers = {}
    for size in R.chamber_sizes:
        chambers[str(size)] = [CARD_NAMES[c] for c in sorted(deck[pos:pos + size])]
        pos += size
    dig = deck[pos:] + [MAP] * R.counts[MAP] + [THIEF] * R.counts[THIEF] + \
        [SANDSTORM] * R.counts[SANDSTORM]
    rng.shuffle(dig)
    return {
        "game": "archaeology", "players": players, "start_player": rng.randrange(players),
        "hands": hands, "marketplace": [CARD_NAMES[c] for c in market],
        "chambers": chambers, "dig_site": [CARD_NAMES[c] for c in dig],
        "steal_rolls": [rng.getrandbits(30) for _ in range(R.counts[THIEF])],
    }


def _card_list(value, where: str, *, allow=T) -> list[int]:
    if not isinstance(value, list):
        raise InvalidStateError(f"{where}: expected a list of card names")
    out = []
    for i, name in enumerate(value):
        card = CARD_INDEX.get(name) if isinstance(name, str) else None
        if card is None or card >= allow:
            raise InvalidStateError(f"{where}[{i}]: unknown card type {name!r} (cards: "
                                    f"{', '.join(CARD_NAMES[:allow])})")
        out.append(card)
    return out


def _counts(value, where: str, *, allow=T) -> list[int]:
    if not isinstance(value, dict):
        raise InvalidStateError(f"{where}: expected an object of card: count")
    out = [0] * T
    for name, n in value.items():
        card = CARD_INDEX.get(name)
        if card is None or card >= allow:
            raise InvalidStateError(f"{where}: unknown card type {name!r} (cards: "
                                    f"{', '.join(CARD_NAMES[:allow])})")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise InvalidStateError(f"{where}.{name}: expected a count >= 0, got {n!r}")
        out[card] = n
    return out


def state_from_deal(deal: dict, data) -> ArchaeologyState:
    """The initial state of ``deal``, validated (``InvalidStateError`` names the field)."""
    if not isinstance(deal, dict):
        raise InvalidStateError("deal: expected a JSON object")
    P = _check_players(deal, data, "deal")
    R = rules_for(data, P)
    s = ArchaeologyState.blank(R)
    hands = deal.get("hands")
    if not isinstance(hands, list) or len(hands) != P:
        raise InvalidStateError(f"deal.hands: expected {P} hands")
    seen = [0] * (SANDSTORM + 1)
    for p, hand in enumerate(hands):
        cards = _card_list(hand, f"deal.hands[{p}]", allow=MAP)
        if len(cards) != data.hand_size:
            raise InvalidStateError(f"deal.hands[{p}]: {len(cards)} cards, the deal gives "
                                    f"{data.hand_size}")
        for c in cards:
            s.hands[p * T + c] += 1
            seen[c] += 1
        s.hn[p] = len(cards)
    market = _card_list(deal.get("marketplace"), "deal.marketplace", allow=MAP)
    if len(market) != data.marketplace_size:
        raise InvalidStateError(f"deal.marketplace: {len(market)} cards, the deal gives "
                                f"{data.marketplace_size}")
    for c in market:
        s.market[c] += 1
        seen[c] += 1
    chambers = deal.get("chambers")
    if not isinstance(chambers, dict) or sorted(chambers) != sorted(map(str, R.chamber_sizes)):
        raise InvalidStateError(f"deal.chambers: expected chambers "
                                f"{', '.join(map(str, R.chamber_sizes))}")
    for i, size in enumerate(R.chamber_sizes):
        cards = _card_list(chambers[str(size)], f"deal.chambers.{size}", allow=MAP)
        if len(cards) != size:
            raise InvalidStateError(f"deal.chambers.{size}: holds {len(cards)} cards")
        s.chambers[i] = tuple(sorted(cards))
        for c in cards:
            seen[c] += 1
    dig = _card_list(deal.get("dig_site"), "deal.dig_site", allow=SANDSTORM + 1)
    for c in dig:
        seen[c] += 1
    for c in range(SANDSTORM + 1):
        if seen[c] != R.counts[c]:
            raise InvalidStateError(f"deal: {seen[c]} {CARD_NAMES[c]} card(s), the game with "
                                    f"{P} players has {R.counts[c]}")
    s.dig = dig[::-1]
    rolls = deal.get("steal_rolls")
    if (not isinstance(rolls, list) or len(rolls) != R.counts[THIEF] or
            any(isinstance(r, bool) or not isinstance(r, int) or r < 0 for r in rolls)):
        raise InvalidStateError(f"deal.steal_rolls: expected {R.counts[THIEF]} integers >= 0")
    s.rolls = list(rolls)
    for o in range(P):
        for p in range(P):
            if o != p:
                s.nonmap[o * P + p] = s.hn[p]
    start = deal.get("start_player")
    if isinstance(start, bool) or not isinstance(start, int) or not 0 <= start < P:
        raise InvalidStateError(f"deal.start_player: expected a seat 0..{P - 1}")
    s.start_turn(start)
    return s


def view_of(state: ArchaeologyState, seat: int) -> dict:
    """The JSON player view of ``seat`` in ``state`` (the inverse of ``state_from_view``)."""
    P = state.num_players
    R = state.R

    def counts(vec, base=0):
        return {CARD_NAMES[c]: vec[base + c] for c in range(T) if vec[base + c]}

    view = {
        "game": "archaeology", "players": P, "seat": seat, "current": state.current,
        "phase": {P_ACTION: "action", P_STEAL: "steal", P_STORM: "sandstorm"}.get(
            state.phase, "other"),
        "hand": counts(state.hands, seat * T), "marketplace": counts(state.market),
        "sold": [[[CARD_NAMES[c], n] for c, n in state.piles[p]] for p in range(P)],
        "hand_sizes": list(state.hn),
        "known_cards": [{} if p == seat else counts(state.known, (seat * P + p) * T)
                        for p in range(P)],
        "not_maps": [0 if p == seat else state.nonmap[seat * P + p] for p in range(P)],
        "dig_site": len(state.dig),
        "chambers_explored": [size for size, c in zip(R.chamber_sizes, state.chambers)
                              if c is None],
        "thieves_drawn": state.thieves, "sandstorms_drawn": state.storms,
        "turn": {"trades": state.trades, "sold": state.sold_turn, "explored":
                 state.acted and not state.sold_turn, "dug": not state.nodig,
                 "first_passer": state.first_passer if state.first_passer >= 0 else None},
    }
    if state.phase == P_STORM:
        view["sandstorm"] = {"left": state.storm_left,
                             "last": CARD_NAMES[state.storm_last] if state.storm_last else None}
    if state.tk is not None:
        view["trade"] = {"take": counts(state.tk), "give": counts(state.gv)}
    return view


def _int(view: dict, key: str, lo: int, hi: int, default=None) -> int:
    value = view.get(key, default)
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidStateError(f"view.{key}: expected an integer from {lo} to {hi}, "
                                f"got {value!r}")
    return value


def state_from_view(view: dict, data, seed) -> tuple[ArchaeologyState, int]:
    """Validate a player view; return ``(world, seat)`` with one sampled world."""
    if not isinstance(view, dict):
        raise InvalidStateError("view: expected a JSON object")
    P = _check_players(view, data, "view")
    R = rules_for(data, P)
    seat = _int(view, "seat", 0, P - 1)
    current = _int(view, "current", 0, P - 1)
    s = ArchaeologyState.blank(R)
    hand = _counts(view.get("hand"), "view.hand")
    sizes = view.get("hand_sizes")
    if not isinstance(sizes, list) or len(sizes) != P or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in sizes):
        raise InvalidStateError(f"view.hand_sizes: expected {P} counts >= 0")
    if sizes[seat] != sum(hand):
        raise InvalidStateError(f"view.hand_sizes[{seat}]: says {sizes[seat]} cards but "
                                f"view.hand holds {sum(hand)}")
    s.hn = list(sizes)
    s.hands[seat * T:(seat + 1) * T] = hand
    s.market = _counts(view.get("marketplace", {}), "view.marketplace")
    sold = view.get("sold", [[] for _ in range(P)])
    if not isinstance(sold, list) or len(sold) != P:
        raise InvalidStateError(f"view.sold: expected {P} lists of piles")
    piles = []
    for p, seat_piles in enumerate(sold):
        if not isinstance(seat_piles, list):
            raise InvalidStateError(f"view.sold[{p}]: expected a list of [card, count] piles")
        mine = []
        for i, pile in enumerate(seat_piles):
            where = f"view.sold[{p}][{i}]"
            if not (isinstance(pile, list) and len(pile) == 2):
                raise InvalidStateError(f"{where}: expected [card, count]")
            card = CARD_INDEX.get(pile[0]) if isinstance(pile[0], str) else None
            if card is None or card >= T:
                raise InvalidStateError(f"{where}: unknown card type {pile[0]!r}")
            n = pile[1]
            if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= R.max_set[card]:
                raise InvalidStateError(f"{where}: a set of {CARD_NAMES[card]} holds 1 to "
                                        f"{R.max_set[card]} cards, got {n!r}")
            mine.append((card, n))
            s.sold[p * T + card] += n
            s.money[p] += R.sell[card][n - 1]
            s.sold_cards[p] += n
        piles.append(tuple(mine))
    s.piles = tuple(piles)
    known = view.get("known_cards", [{} for _ in range(P)])
    if not isinstance(known, list) or len(known) != P:
        raise InvalidStateError(f"view.known_cards: expected {P} objects")
    not_maps = view.get("not_maps", [0] * P)
    if not isinstance(not_maps, list) or len(not_maps) != P or any(
            isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in not_maps):
        raise InvalidStateError(f"view.not_maps: expected {P} counts >= 0")
    for p in range(P):
        if p == seat:
            continue
        k = _counts(known[p], f"view.known_cards[{p}]")
        if sum(k) > sizes[p]:
            raise InvalidStateError(f"view.known_cards[{p}]: {sum(k)} known cards but seat "
                                    f"{p} holds {sizes[p]}")
        if not_maps[p] > sizes[p] - sum(k):
            raise InvalidStateError(f"view.not_maps[{p}]: {not_maps[p]} but seat {p} has "
                                    f"only {sizes[p] - sum(k)} unknown cards")
        s.known[(seat * P + p) * T:(seat * P + p + 1) * T] = k
        s.nonmap[seat * P + p] = not_maps[p]
    explored = view.get("chambers_explored", [])
    if not isinstance(explored, list) or any(e not in R.chamber_index for e in explored) \
            or len(set(explored)) != len(explored):
        raise InvalidStateError(f"view.chambers_explored: expected distinct sizes from "
                                f"{', '.join(map(str, R.chamber_sizes))}")
    for i, size in enumerate(R.chamber_sizes):
        if size in explored:
            s.chambers[i] = None
            s.maps_out += R.chamber_maps[i]
        else:
            s.chambers[i] = (0,) * size  # placeholder, resampled below
    s.thieves = _int(view, "thieves_drawn", 0, R.counts[THIEF], 0)
    s.storms = _int(view, "sandstorms_drawn", 0, R.counts[SANDSTORM], 0)
    dig_n = _int(view, "dig_site", 0, sum(R.counts))
    s.dig = [0] * dig_n
    s.rolls = [0] * R.counts[THIEF]
    pool = s.unseen_counts(seat)
    for c in range(SANDSTORM + 1):
        if pool[c] < 0:
            raise InvalidStateError(
                f"view: {R.counts[c] - pool[c]} {CARD_NAMES[c]} cards are seen (hand, "
                f"marketplace, sold, known, removed) but the game holds {R.counts[c]}")
    unknown = sum(sizes[p] - sum(s.known[(seat * P + p) * T:(seat * P + p + 1) * T])
                  for p in range(P) if p != seat)
    hidden = unknown + dig_n + sum(len(c) for c in s.chambers if c is not None)
    if sum(pool) != hidden:
        raise InvalidStateError(
            f"view: the cards do not add up: {sum(pool)} cards unseen by seat {seat} but "
            f"{hidden} hidden places (other hands' unknown cards, chambers, dig site)")
    if pool[THIEF] + pool[SANDSTORM] > dig_n:
        raise InvalidStateError(f"view.dig_site: {dig_n} cards cannot hold the "
                                f"{pool[THIEF]} thieves and {pool[SANDSTORM]} sandstorms left")
    # turn and phase
    turn = view.get("turn", {})
    if not isinstance(turn, dict):
        raise InvalidStateError("view.turn: expected an object")
    s.current = current
    s.trades = _int(turn, "trades", 0, MAX_TRADES_BETWEEN_EXPLORES, 0)
    s.sold_turn = bool(turn.get("sold", False))
    s.acted = s.sold_turn or bool(turn.get("explored", False))
    s.nodig = not bool(turn.get("dug", dig_n > 0))
    fp = turn.get("first_passer")
    if fp is not None and (isinstance(fp, bool) or not isinstance(fp, int) or not 0 <= fp < P):
        raise InvalidStateError(f"view.turn.first_passer: expected a seat or null, got {fp!r}")
    s.first_passer = -1 if fp is None else fp
    s.must_sell = s.nodig and s.first_passer == current
    phase = view.get("phase", "action")
    if phase == "action":
        if current != seat:
            raise InvalidStateError(f"view: phase 'action' is seat {current}'s turn, not seat "
                                    f"{seat}'s: a view is for the seat to move")
        s.phase = P_ACTION
        trade = view.get("trade")
        if trade is not None:
            if not isinstance(trade, dict):
                raise InvalidStateError("view.trade: expected {take, give}")
            tk = _counts(trade.get("take", {}), "view.trade.take")
            gv = _counts(trade.get("give", {}), "view.trade.give")
            if not sum(tk):
                raise InvalidStateError("view.trade.take: a trade takes at least one card")
            for c in range(T):
                if tk[c] > s.market[c]:
                    raise InvalidStateError(f"view.trade.take.{CARD_NAMES[c]}: more than the "
                                            f"marketplace holds")
                if gv[c] > hand[c]:
                    raise InvalidStateError(f"view.trade.give.{CARD_NAMES[c]}: more than the "
                                            f"hand holds")
            s.tk, s.gv = tk, gv
            s.vt = sum(R.trade[c] * tk[c] for c in range(T))
            s.vg = sum(R.trade[c] * gv[c] for c in range(T))
            if s.vg >= s.vt:
                raise InvalidStateError("view.trade: the gives already cover the takes")
            s.tk_last = max(c for c in range(T) if tk[c])
            s.gv_last = max((R.give_pos[c] for c in range(T) if gv[c]), default=0)
    elif phase == "steal":
        if current != seat:
            raise InvalidStateError(f"view: phase 'steal' is seat {current}'s choice")
        if not any(sizes[v] for v in range(P) if v != seat):
            raise InvalidStateError("view: phase 'steal' but no other seat holds cards")
        s.phase = P_STEAL
        if s.thieves == 0:
            raise InvalidStateError("view: phase 'steal' but no thief has been drawn")
    elif phase == "sandstorm":
        storm = view.get("sandstorm")
        if not isinstance(storm, dict):
            raise InvalidStateError("view.sandstorm: expected {left, last}")
        left = _int(storm, "left", 1, max(1, sum(hand)))
        last = storm.get("last")
        if last is not None and (CARD_INDEX.get(last, T) >= T):
            raise InvalidStateError(f"view.sandstorm.last: unknown card type {last!r}")
        if s.storms == 0:
            raise InvalidStateError("view: phase 'sandstorm' but no sandstorm has been drawn")
        s.phase = P_STORM
        s.actor = seat
        s.storm_idx = (seat - current) % P
        s.storm_left = left
        s.storm_last = CARD_INDEX[last] if last is not None else 0
    else:
        raise InvalidStateError(f"view.phase: expected 'action', 'steal' or 'sandstorm', "
                                f"got {phase!r}")
    if not s.legal_moves():
        raise InvalidStateError("view: the seat has no legal move in this position")
    world = s.determinize(seat, make_rng(seed))
    return world, seat


def example_view(data) -> dict:
    """A mid-game view of seat 0 from a fixed seeded game (deal seed 5, random play)."""
    from games.protocol import CHANCE
    state = state_from_deal(make_deal(players=2, seed=5, data=data), data)
    rng = make_rng(11)
    decisions = 0
    while True:
        player = state.current_player()
        if player == CHANCE:
            state.apply(state.chance_outcomes()[0][0])
            continue
        if (decisions > 40 and player == 0 and state.phase == P_ACTION and state.tk is None
                and state.trades == 0 and not state.acted):
            return view_of(state, 0)
        moves = state.legal_moves()
        # end the turn half the time so that the game moves on
        end = [m for m in moves if str(m) == "end"]
        state.apply(end[0] if end and rng.random() < 0.5 else rng.choice(moves))
        decisions += 1


def parse_move(state: ArchaeologyState, text: str):
    """Move text to a move, checked legal in ``state`` (``IllegalMoveError`` if not)."""
    if not isinstance(text, str):
        raise IllegalMoveError(f"move must be text, got {type(text).__name__}")
    mv = parse_text(text, state.R.chamber_index)
    from games.protocol import CHANCE
    if state.current_player() == CHANCE:
        options = [o for o, _ in state.chance_outcomes()]
    else:
        options = state.legal_moves()
    if mv not in options:
        raise IllegalMoveError(f"move {text!r} is not legal here (legal: "
                               f"{', '.join(map(str, options)) or 'none'})")
    return mv
