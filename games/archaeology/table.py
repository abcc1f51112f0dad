"""Both Archaeology editions at the table, in a player's words (``games.table``): the
position a seat sees, each event as that seat saw it, what a decision asks, who won and
why, and the decisions of a position as a player makes them (a whole trade is one).

Everything here reads only what the reading seat may know: its own hand, the public
record (digs, trades, sales, discards, explores), the cards of the thefts it took part
in, the chambers it saw. The other seats' hands are shown as what the seat *knows* they
hold at least (:func:`known_cards`), read off the public record.

>>> import cards_data
>>> from games.archaeology import example_view, state_from_view, parse_move
>>> data = cards_data.load("archaeology")
>>> state, seat = state_from_view(example_view(data), data, 0)
>>> print(describe_position(state, seat)[1])
you hold 6 cards: 2 parchment scraps, 2 coins, 1 broken cup, 1 pharaoh's mask
>>> describe_event(state, parse_move(state, "sell coin 2"), 1)
'seat 0 sold 2 coins for $5'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, cast

from games.table import either, plural, possessive, seat_name

from .hidden import (R_DIG, R_DISCARD, R_EXPLORE, R_KEEP, R_LOOK, R_POSITION, R_RETURN, R_SELL,
                     R_STEAL, R_TAKE, R_TRADE, _secret_events)
from .moves import (DIG, DISCARD, DISCARDS, DRAW, END, EXPLORE, GIVE, KEEP, LOOK, NAME, REFILL,
                    REVEAL, SELL, STEAL, STOLEN, STOP, TAKE, TENT, TRADE, chamber_letter)
from .rules import (BUST, KEEP_SOME, NAME_TYPES, P_ACTION, P_KEEP, P_LOOK, P_MINE, P_NAME,
                    P_STEAL, P_STORM, P_TENT, PEEK_ON_SELL, REFILL_ON_SANDSTORM, TAKE_ALL)
from .trades import discarding, storm_discarded, trading, whole_trade
from .words import a_card as _a, discarded_cards, named_types, tent_uses_left

if TYPE_CHECKING:
    from .moves import MoveBase as Move
    from .rules import Rules
    from .state import ArchaeologyState as State

__all__ = ["describe_position", "describe_event", "describe_decision", "describe_result",
           "describe_cards", "decisions", "known_cards", "card_words", "trade_under_way",
           "forced_decision", "card_name", "joined_event"]


# --- cards in words -----------------------------------------------------------------------

def _name(rules: Rules, card: int, n: int = 1) -> str:
    return rules.card_name(card, n)


def card_name(rules: Rules, card: int, n: int = 1) -> str:
    """A card's printed name (``pharaoh's mask``), plural for ``n`` != 1 (``Rules.card_name``,
    which the engine's refusals say too)."""
    return rules.card_name(card, n)


def card_words(rules: Rules, counts: Sequence[int] | dict[int, int], *, empty: str = "nothing") -> str:
    """Card counts (a vector over the treasures, or ``{card: n}``) in words, in card
    order: ``2 coins, 1 talisman``."""
    items = counts.items() if isinstance(counts, dict) else enumerate(counts)
    parts = [f"{n} {_name(rules, c, n)}" for c, n in sorted(items) if n]
    return ", ".join(parts) if parts else empty


def _listed(rules: Rules, cards: Sequence[int]) -> str:
    counts: dict[int, int] = {}
    for c in cards:
        counts[c] = counts.get(c, 0) + 1
    return card_words(rules, counts)


def _told(rules: Rules, cards: Sequence[int]) -> str:
    """Cards an event names, in card order, as a discard's event says them
    (``words.discarded_cards``: ``a parchment scrap and 2 coins``), ``nothing`` for none.
    (Events said them in the table's counts, "you kept 1 coin, 1 talisman from chamber
    B", beside "you discarded a parchment scrap and a coin": one screen, two styles.)"""
    return discarded_cards(cards, rules.card_name) if cards else "nothing"


def _cards_of(counts: Sequence[int]) -> list[int]:
    """A count vector over the treasures as its cards, in card order."""
    return [c for c, n in enumerate(counts) for _ in range(n)]


def _hand(state: State, seat: int) -> list[int]:
    T = state.rules.treasures
    return state.hands[seat * T:(seat + 1) * T]


# --- what a seat knows of the other hands -------------------------------------------------

def known_cards(state: State, seat: int) -> list[list[int]]:
    """Per seat, count vectors of the cards ``seat`` knows that seat holds at least: its own
    hand for itself; for the others, what the public record (and the thefts and chambers
    ``seat`` saw) puts there for sure, from a written position's ``holds`` on. A lower
    bound, never a guess: cards taken from the marketplace or a face-up chamber count until
    the seat gives, sells or discards cards of that type, or loses a card it could have
    been to a thief; a card taken unseen (a dig, a theft, a hidden chamber) adds nothing."""
    rules = state.rules
    T = rules.treasures
    known = [[0] * T for _ in range(state.num_players)]
    steals = iter(state.steals)
    secrets = iter(state.secrets)
    has_secret = _secret_events(rules)
    looked = [0] * len(rules.chamber_sizes)

    def lose(p: int, card: int, n: int = 1) -> None:
        known[p][card] = max(0, known[p][card] - n)

    for event in state.record.events():
        secret: tuple[tuple[int, ...], ...] | None = None
        if has_secret(event, looked):
            entry = next(secrets)  # (kind, who saw it: a seat mask, seat, chamber, cards...)
            if cast(int, entry[1]) >> seat & 1:
                secret = cast("tuple[tuple[int, ...], ...]", entry[4:])
        kind = event[0]
        if kind == R_POSITION and event[1] == seat:
            # a written position's start: what the seat wrote each hand holds (its "holds")
            for p, written in enumerate(event[2]):
                if written is not None:
                    known[p] = list(written[1])
        elif kind == R_LOOK:
            looked[event[2]] |= 1 << event[1]
        elif kind == R_TRADE:
            p = event[1]
            for c in range(T):
                lose(p, c, event[2][c])
                known[p][c] += event[3][c]
        elif kind == R_SELL:
            lose(event[1], event[2], event[3])
        elif kind == R_DISCARD:
            lose(event[1], event[2])
        elif kind == R_EXPLORE:
            p, i = event[1], event[2]
            lose(p, rules.map, rules.chamber_maps[i])
            if secret is not None and rules.special in TAKE_ALL:  # a chamber it had seen
                for c in secret[0]:
                    known[p][c] += 1
        elif kind == R_STEAL:
            thief, victim, card = next(steals)
            if seat in (thief, victim):
                lose(victim, card)
                known[thief][card] += 1
            else:  # a random card left: any type the victim held may be one fewer
                for c in range(T):
                    lose(victim, c)
        elif kind == R_TAKE:
            for c in range(T):
                known[event[1]][c] += event[2][c]
        elif kind == R_RETURN:
            for c in range(T):
                lose(event[1], c, event[2][c])
        elif kind == R_KEEP and secret is not None:
            for c in secret[1]:
                known[event[1]][c] += 1
    known[seat] = _hand(state, seat)
    return known


# --- the position -------------------------------------------------------------------------

def _chambers(state: State, seat: int, me: str = "you") -> list[str]:
    """The chambers as ``seat`` (called ``me``: "you", or a name) sees them."""
    rules = state.rules
    lines = []
    for i, size in enumerate(rules.chamber_sizes):
        maps = rules.chamber_maps[i]
        cost = plural(maps, "map")
        contents = state.chambers[i]
        if rules.monument is None:
            name = f"the {size}-card chamber"
        else:
            name = f"chamber {chamber_letter(i)}"
        if contents is None:
            lines.append(f"  {name}: explored (gone)")
            continue
        if rules.special == REFILL_ON_SANDSTORM:  # face up
            lines.append(f"  {name} ({cost}): face up, {_listed(rules, contents)}")
            continue
        held = len(contents)
        if not held:
            lines.append(f"  {name} ({cost}): empty")
            continue
        seen = state.chamber_seen[i] >> seat & 1
        knows = "you know" if me == "you" else f"{me} knows"
        what = f", which {knows}: {_listed(rules, contents)}" if seen else ", face down"
        lines.append(f"  {name} ({cost}): {plural(held, 'card')}{what}")
    return lines


def describe_position(state: State, seat: int, *, names: Sequence[str] | None = None) -> list[str]:
    """What ``seat`` sees at the table, a screen of lines: its hand and money, every other
    seat's hand size, money, sales and the cards it is known to hold, the marketplace, the
    dig site, the chambers (and the New Expedition's monument, tents, reserve and an
    explore in progress)."""
    rules = state.rules
    known = known_cards(state, seat)
    me = seat_name(seat, seat, names)
    hand = _hand(state, seat)
    lines = [_title(state)]
    if state.announced:
        # (Beginner's Luck: every seat announced its opening hand's trade value, which
        # chose the first player and tells of the hands; the screen never said them)
        said = ", ".join(f"{seat_name(p, seat, names)} {value}"
                         for p, value in enumerate(state.announced))
        lines.append(f"opening hands' trade values, announced (Beginner's Luck: the lowest "
                     f"played first): {said}")
    lines.append(f"{me} hold{'' if me == 'you' else 's'} "
                 f"{plural(state.hand_sizes[seat], 'card')}: {card_words(rules, hand)}"
                 if state.hand_sizes[seat] else f"{possessive(me)} hand is empty")
    lines.append(f"{possessive(me)} money: ${state.money[seat]}, "
                 f"{plural(state.sold_cards[seat], 'card')} sold"
                 + _tents(state, seat))
    for p in range(state.num_players):
        if p == seat:
            continue
        who = seat_name(p, seat, names)
        certain = card_words(rules, known[p], empty="")
        lines.append(f"{who}: {plural(state.hand_sizes[p], 'card')} in hand"
                     + (f" (known to hold at least {certain})" if certain else "")
                     + f", ${state.money[p]}, {plural(state.sold_cards[p], 'card')} sold"
                     + _tents(state, p))
    lines.append(f"marketplace: {card_words(rules, state.market, empty='empty')}")
    lines.append(f"dig site: {plural(len(state.dig), 'card')} left ({state.thieves_drawn} of "
                 f"{rules.thieves} thieves and {state.storms_drawn} of {rules.sandstorms} "
                 f"sandstorms dug up so far)")
    where = ("the pyramid" if rules.monument is None
             else f"the monument, {rules.monument.name}")
    lines.append(f"{where}:")
    lines.extend(_chambers(state, seat, me))
    if rules.reserve_size:
        # (empty, it said "the reserve: 0 cards face down", as if a sandstorm still fed
        # the chambers)
        lines.append(f"  the reserve: {plural(len(state.reserve), 'card')} face down"
                     if state.reserve else "  the reserve: empty, a sandstorm adds no more "
                                           "cards to the chambers")
    if state.drawn:
        lines.append(f"drawn face up from chamber {chamber_letter(state.exploring)}: "
                     f"{_listed(rules, state.drawn)}")
    if state.named:
        lines.append(f"named: {' and '.join(_name(rules, c, 2) for c in state.named)}")
    return lines


def _title(state: State) -> str:
    rules = state.rules
    name = ("Archaeology: The Card Game" if rules.monument is None
            else "Archaeology: The New Expedition")
    return f"{name}, {state.num_players} players" + (
        f", variants {', '.join(rules.variants)}" if rules.variants else "")


def _tents(state: State, seat: int) -> str:
    if not state.rules.tents:
        return ""
    left = state.tents[seat]
    if not left:
        return ", tent used"
    # Fierce Weather: a tent serves twice; the count of uses left, once used as before
    return ", tent ready" if state.rules.tents == 1 else f", tent ready ({tent_uses_left(left)})"


def describe_cards(state: State) -> list[str]:
    """The treasures' trade values and what sets of them sell for (a player's card list)."""
    rules = state.rules
    lines = ["treasure: trade value; a set of 1, 2, ... sells for"]
    for c in rules.in_play:
        prices = " ".join(f"${p}" for p in rules.sell[c])
        lines.append(f"  {_name(rules, c)}: {rules.trade[c]}; {prices} "
                     f"({plural(rules.counts[c], 'card')} in the game)")
    return lines


# --- the decision -------------------------------------------------------------------------

def describe_decision(state: State, seat: int) -> str:
    """What the decision of ``seat`` (the seat to act) asks of it, in words."""
    rules = state.rules
    phase = state.phase
    if phase == P_STEAL:
        return ("you dug up a thief: choose whom it steals from (it takes a random card of "
                "that seat's hand)")
    if phase == P_STORM:
        owed = state.storm_left
        # ("2 more" before the first discard read as if one had been made; "half your
        # hand" after it, of a hand since shrunk, as if half of it were owed again; a
        # written position's discard under way has no record of it: not storm_discarded)
        discarded = discarding(state)
        more = "more card" if discarded else "card"
        why = "" if discarded else " (half your hand, rounded down)"
        text = f"sandstorm: discard {plural(owed, more)} to the marketplace{why}"
        if owed == 1:
            return text
        return (text + f": name them in one line, in any order (`discard "
                f"{' '.join(['CARD'] * owed)}`), or one at a time in card order")
    if phase == P_TENT:
        half = state.hand_sizes[seat] // 2
        left = state.tents[seat] - 1
        # ("it is used up" read as if the tent were gone already)
        after = "it is then used up" if not left else f"{tent_uses_left(left)} after this"
        return (f"sandstorm: shelter in your tent ({after}) or keep it and discard "
                f"{plural(half, 'card')}, half your hand")
    if phase == P_LOOK:
        return "the Temple: after your sale you may look secretly at one chamber"
    if phase == P_KEEP:
        contents = state.chambers[state.exploring]
        return (f"the Tomb: chamber {chamber_letter(state.exploring)} holds "
                f"{_listed(rules, contents or ())}; keep {rules.params['keep']}, the rest goes "
                f"back face down")
    if phase == P_MINE:
        value = sum(rules.trade[c] for c in state.drawn)
        return (f"the Mine: drawn so far {_listed(rules, state.drawn)} (trade value {value}); "
                f"draw one more (all go back if the value passes {rules.params['bust_over']}) "
                f"or stop and keep them")
    if phase == P_NAME:
        names = rules.params.get("names", 2)
        return (f"the Sphinx: name {plural(names, 'type')}; "
                f"{plural(rules.params['draw'], 'card')} "
                f"{'is' if rules.params['draw'] == 1 else 'are'} drawn face up and you keep "
                f"those of the {named_types(names)}")
    if phase == P_ACTION:
        under_way = trade_under_way(state)
        if under_way is not None:
            return under_way
        if state.must_sell and not state.sold_this_turn:  # (once sold, the turn is free)
            # (a seat whose hand is empty passes with no turn shown: the screen showed none
            # of the passes it spoke of)
            empty = any(not n for p, n in enumerate(state.hand_sizes) if p != state.to_move)
            return ("the dig site is empty and every other seat has passed since your pass"
                    + (" (a seat with an empty hand passes at once)" if empty else "")
                    + ": sell at least one set, then end your turn")
        if state.no_dig and not state.acted:
            return ("the dig site is empty: trade, sell or explore, or end your turn without "
                    "selling or exploring (a pass)")
        if rules.explore_once:
            # (the New Expedition's explore is once a turn, its other actions as often as
            # the seat can: the line said "explore ... as often as you can" and spoke of
            # trades between two explores, which that turn never has)
            if state.explored:
                return ("your turn: trade and sell, in any order and as often as you can, "
                        "then end your turn (you have explored: a turn has one explore)")
            return ("your turn: trade and sell, in any order and as often as you can, and "
                    "explore once, then end your turn (the trades before the explore are "
                    "played as one, and those after it)")
        return ("your turn: trade, sell and explore, in any order and as often as you can, "
                "then end your turn (the trades between two explores are played as one)")
    return "wait"


def trade_under_way(state: State, seat: int | None = None) -> str | None:
    """A trade being built a step at a time (``take``/``give``, as ``track`` enters a
    trade told card by card), in words: what it holds and the steps that go on with it
    (it ends when the gives' trade value covers the takes'); ``None`` when there is none.
    Every other move waits until it ends: ``end`` was refused with the engine's steps
    alone, and ``show`` said nothing of it. The steps are said to the trading seat only
    (``seat`` ``None`` or its own): the gives a seat can make tell its hand."""
    if not trading(state):
        return None
    rules = state.rules
    takes, gives = state.trade_takes or (), state.trade_gives or ()
    steps = ([str(m) for m in state.legal_moves()] if seat is None or seat == state.to_move
             else [])
    more = (f" (next: {', '.join(steps[:-1])} or {steps[-1]})" if len(steps) > 1
            else f" (next: {steps[0]})" if steps else "")
    return (f"a trade is under way ({card_words(rules, takes)} taken, "
            f"{card_words(rules, gives)} given: trade value {state.give_value} for "
            f"{state.take_value}): it ends when the gives cover the takes{more}")


def forced_decision(state: State, viewer: int) -> tuple[str, str] | None:
    """The decision the seat to act owes before anything else (a thief to send, a
    sandstorm's tent and discards, the Temple's look, the Tomb's keep, the Mine's draw,
    the Sphinx's naming), that seat called as ``viewer`` calls it ("you", "seat 1"):
    ``(asked, first)``, what a prompt asks ("seat 1 sold at the Temple: look A, B, C or
    none") and what a refusal of another move says ("seat 1 first decides the Temple's
    look: look A, look B, look C or look none"); ``None`` in a turn's actions. (The
    tracker's prompt said "seat 1's move>" at each of them, and a trade typed there was
    refused as if a trade were under way.)"""
    rules = state.rules
    phase = state.phase
    if phase not in (P_LOOK, P_TENT, P_STORM, P_STEAL, P_KEEP, P_MINE, P_NAME):
        return None
    who = seat_name(state.to_move, viewer)
    s = "" if who == "you" else "s"  # (the verb after "you" or a seat)
    its = "your" if who == "you" else "its"
    # (a look at no chamber said last, as the choice not taken: "look A, B, C or none")
    moves = sorted(map(str, state.legal_moves()), key=lambda m: m == "look none")
    if phase == P_LOOK:
        chambers = [m.partition(" ")[2] for m in moves]
        return (f"{who} sold at the Temple: look {either(chambers)}",
                f"{who} first decide{s} the Temple's look: {either(moves)}")
    if phase == P_TENT:
        return (f"{who}, the sandstorm: tent use or keep",
                f"{who} first decide{s} on {its} tent at the sandstorm: tent use or tent keep")
    if phase == P_STORM:  # ("2 more cards" after a discard, as describe_decision says it)
        owed = plural(state.storm_left, "more card" if discarding(state) else "card")
        example = " ".join(["CARD"] * state.storm_left)
        return (f"{who} discard{s} {owed} to the marketplace",
                f"{who} first discard{s} {owed} to the marketplace (discard {example})")
    if phase == P_STEAL:
        targets = [f"{m.partition(' ')[2]}" + (" (you)" if m == f"steal {viewer}" else "")
                   for m in moves]
        return (f"{who} dug up a thief: steal {either(targets)}",
                f"{who} first send{s} the thief: {either([f'steal {t}' for t in targets])}")
    if phase == P_KEEP:  # (a chamber of fewer cards than the keep gives them all)
        chamber = chamber_letter(state.exploring)
        kept = min(rules.params["keep"], len(state.chambers[state.exploring] or ()))
        example = " ".join(["CARD"] * kept)
        # (another seat keeps "without letting any opponents see": its cards are not
        # asked, 'keep' enters it, games.tracking)
        unseen = "" if who == "you" else " (unseen: type keep)"
        return (f"{who}, the Tomb: keep {plural(kept, 'card')} of chamber {chamber}{unseen}",
                f"{who} first keep{s} {plural(kept, 'card')} of chamber {chamber} "
                f"(keep {example})")
    if phase == P_MINE:
        return (f"{who}, the Mine: {either(moves)}",
                f"{who} first decide{s} at the Mine: {either(moves)}")
    names = rules.params.get("names", 2)  # P_NAME
    example = " ".join(["CARD"] * names)
    return (f"{who}, the Sphinx: name {plural(names, 'type')}",
            f"{who} first name{s} {plural(names, 'type')} for the Sphinx (name {example})")


# --- the decisions --------------------------------------------------------------------------

def _net(trade: Move) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """What a trade changes: the cards it gives and takes, a card on both sides cancelled
    (``coin pot_shard for pot_shard talisman`` changes what ``coin for talisman`` would)."""
    gives, takes = list(trade.a), list(trade.b)
    for card in list(gives):
        if card in takes:
            gives.remove(card)
            takes.remove(card)
    return tuple(sorted(gives)), tuple(sorted(takes))


def _whole_trades(state: State) -> list[Move]:
    """The whole trades of ``state`` (no trade in progress) as a player tells them apart:
    of the trades the ``take``/``give`` steps reach, one per change they make to the hand
    and the marketplace (the one with fewest cards), and none that changes nothing (a
    card given for the same card)."""
    found: dict[tuple[tuple[int, ...], tuple[int, ...]], Move] = {}

    def walk(s: State, steps: list[Move]) -> None:
        for step in s.legal_moves():
            if step.kind not in (TAKE, GIVE):
                continue
            after = s.clone()
            after.apply(step)
            path = steps + [step]
            if trading(after):
                walk(after, path)
                continue
            trade = whole_trade(state, path)
            net = _net(trade)
            if not net[0] and not net[1]:
                continue
            old = found.get(net)
            if old is None or (len(trade.a) + len(trade.b), str(trade)) < \
                    (len(old.a) + len(old.b), str(old)):
                found[net] = trade

    walk(state, [])
    return sorted(found.values(), key=lambda t: (len(t.b), len(t.a), str(t)))


def decisions(state: State) -> list[Move]:
    """The legal moves of ``state`` as a player decides them: in a turn's actions the
    ``take``/``give`` steps are replaced by the whole trades they make (after the sales
    and explores, before the end of the turn); a trade in progress (a view's) keeps its
    steps."""
    moves = list(state.legal_moves())
    if state.phase != P_ACTION or trading(state) or not any(m.kind == TAKE for m in moves):
        return moves
    others = [m for m in moves if m.kind not in (TAKE, GIVE)]
    ends = [m for m in others if m.kind == END]
    return [m for m in others if m.kind != END] + _whole_trades(state) + ends


# --- events -------------------------------------------------------------------------------

def describe_event(state: State, move: Move, seat: int, *, names: Sequence[str] | None = None
                   ) -> str | None:
    """``move`` (about to be played in ``state``) as ``seat`` sees it happen, one line, or
    ``None`` for a step nobody sees on its own (a trade's steps before the last: the whole
    trade is told with its last step). Hidden cards stay hidden: another seat's dig is "a
    card", a theft's card is named only to the thief and the victim."""
    rules = state.rules
    kind = move.kind
    actor = state.to_move if kind not in (DIG, STOLEN, REVEAL, REFILL) else state.turn
    who = seat_name(actor, seat, names)
    if kind == DIG:
        card = move.a
        if card == rules.thief:
            if not any(state.hand_sizes[p] for p in range(state.num_players) if p != actor):
                return f"{who} dug up a thief: no other seat holds a card, so it steals nothing"
            return f"{who} dug up a thief"
        if card == rules.sandstorm:
            sheltered = " who does not shelter in a tent" if rules.tents else ""
            return (f"{who} dug up a sandstorm: everyone with 2 cards or more{sheltered} "
                    f"loses half their hand to the marketplace")
        return f"{who} dug up {_a(_name(rules, card)) if actor == seat else 'a card'}"
    if kind == STEAL:
        return f"{who} sent the thief to {seat_name(move.a, seat, names)}"
    if kind == STOLEN:
        victim = state.victim
        taken = _a(_name(rules, move.a)) if seat in (actor, victim) else "a card"
        victim_name = seat_name(victim, seat, names)
        return f"the thief took {taken} from {'you' if victim == seat else victim_name}"
    if kind in (TAKE, GIVE):
        after = state.clone()
        after.apply(move)
        if trading(after):
            return None
        event = after.record.events()[-1]
        return (f"{who} traded {_told(rules, _cards_of(event[2]))} for "
                f"{_told(rules, _cards_of(event[3]))}")
    if kind == TRADE:
        return (f"{who} traded {_told(rules, move.a)} for {_told(rules, move.b)}")
    if kind == SELL:
        return (f"{who} sold {move.b} {_name(rules, move.a, move.b)} for "
                f"${rules.sell[move.a][move.b - 1]}")
    if kind == DISCARD:
        return f"{who} discarded {_a(_name(rules, move.a))} to the marketplace"
    if kind == DISCARDS:
        return f"{who} discarded {discarded_cards(move.a, rules.card_name)} to the marketplace"
    if kind == EXPLORE:
        i = rules.chamber_index[move.a]
        maps = plural(rules.chamber_maps[i], "map")
        name = (f"the {rules.chamber_sizes[i]}-card chamber" if rules.monument is None
                else f"chamber {chamber_letter(i)}")
        text = f"{who} explored {name} with {maps}"
        contents = state.chambers[i]
        if rules.special in TAKE_ALL or rules.special == REFILL_ON_SANDSTORM:
            visible = (actor == seat or rules.special == REFILL_ON_SANDSTORM
                       or state.chamber_seen[i] >> seat & 1)
            text += (f" and took {_told(rules, contents)}" if visible and contents
                     else f" and took its {plural(len(contents or ()), 'card')}")
        return text
    if kind == END:
        if state.no_dig and not state.acted:
            return f"{who} passed"
        return f"{who} ended the turn"
    if kind == TENT:
        own = "your" if who == "you" else "its"  # (it said "the tent", "the hand")
        return (f"{who} sheltered in {own} tent" if move.a
                else f"{who} kept {own} tent and will discard half {own} hand")
    if kind == LOOK:
        if move.a < 0:
            return f"{who} looked at no chamber"
        text = f"{who} looked secretly at chamber {chamber_letter(move.a)}"
        if actor == seat:
            text += f": {_told(rules, state.chambers[move.a])}"
        return text
    if kind == KEEP:
        i = state.exploring
        if actor == seat:
            return (f"{who} kept {_told(rules, move.a)} from chamber {chamber_letter(i)}; "
                    f"the rest went back face down")
        return (f"{who} kept {plural(len(move.a), 'card')} from chamber {chamber_letter(i)}; "
                f"the rest went back face down")
    if kind == NAME:
        return f"{who} named {' and '.join(_name(rules, c, 2) for c in move.a)}"
    if kind == DRAW:
        return f"{who} drew another card"
    if kind == STOP:
        return f"{who} stopped and kept {_told(rules, state.drawn)}"
    if kind == REVEAL:
        after = state.clone()
        after.apply(move)
        text = f"{_a(_name(rules, move.a))} came up face up"
        if rules.special == BUST and not after.drawn and state.drawn:
            return text + f": trade value over {rules.params['bust_over']}, all go back"
        if rules.special == NAME_TYPES and after.exploring < 0:
            # every card drawn lies face up: the whole table sees what is kept
            drawn = state.drawn + (move.a,)
            kept = [c for c in drawn if c in state.named]
            back = [c for c in drawn if c not in state.named]
            where = f"chamber {chamber_letter(state.exploring)}"
            took = f"{who} took {_told(rules, kept)}" if kept else f"{who} took nothing"
            return (text + f"; the draw is over: {took}"
                    + (f"; {_told(rules, back)} went back into {where} face down"
                       if back else ""))
        return text
    if kind == REFILL:
        return (f"the reserve added {_a(_name(rules, move.b))} to chamber "
                f"{chamber_letter(move.a)}, face up")
    return f"{who}: {move}"


# --- the end ------------------------------------------------------------------------------

def joined_event(state: State, move: Move, seat: int, *,
                 names: Sequence[str] | None = None) -> str | None:
    """The line that tells ``move`` (about to be played in ``state``) together with the
    moves just before it that make one event with it, as ``seat`` sees them, to stand in
    for their line on a screen: a seat's discards at one sandstorm, one card a move, are
    its whole discard so far ("seat 1 discarded 2 pot shards to the marketplace", where
    the screen said "discarded a pot shard" twice). ``None`` where ``move`` begins an event
    of its own (``describe_event`` tells it). The records are the engine's, one card
    each; ``move`` may name the rest of the discard in one line (``discard coin map`` after
    ``discard pot_shard``, as track takes it), told as the whole discard too."""
    if move.kind not in (DISCARD, DISCARDS):
        return None
    taken = storm_discarded(state)  # (the seat to act's discards at this sandstorm so far)
    if not taken:
        return None
    cards, record = list(move.a) if move.kind == DISCARDS else [move.a], state.record
    for _ in range(taken):  # (the last events: its discards)
        if record.prev is None:
            break
        cards.append(record.event[2])
        record = record.prev
    who = seat_name(state.to_move, seat, names)
    return f"{who} discarded {discarded_cards(cards, state.rules.card_name)} to the marketplace"


def describe_result(state: State, *, names: Sequence[str] | None = None,
                    viewer: int | None = None) -> list[str]:
    """The end of the game: each seat's money and cards sold, the winners and the rule
    that decided (most money; on a tie, fewest cards sold; still tied, a shared win)."""
    players = range(state.num_players)
    lines = [f"{seat_name(p, viewer, names)}: ${state.money[p]} from "
             f"{plural(state.sold_cards[p], 'card')} sold" for p in players]
    winners = state.winners()
    best = max(state.money)
    rich = [p for p in players if state.money[p] == best]
    who = " and ".join(seat_name(p, viewer, names) for p in winners)
    if len(rich) == 1:
        why = f"the most money (${best})"
    elif len(winners) == 1:
        why = (f"tied on ${best} with {' and '.join(seat_name(p, viewer, names) for p in rich if p not in winners)}, "
               f"and fewer cards sold ({state.sold_cards[winners[0]]})")
    else:
        why = f"tied on ${best} and on cards sold: a shared win"
    verb = "win" if who == "you" or len(winners) > 1 else "wins"
    return lines + [f"{who} {verb}: {why}"]
