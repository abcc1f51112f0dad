"""Exact posteriors by enumeration, for the sampler tests of issue 9.

For a position reached by a recorded game, every deal consistent with what one seat saw
is enumerated (on card data small enough, the ``--cards`` way), the recorded moves are
replayed on each, and the probability of every hidden outcome is added up exactly
(``fractions.Fraction``). The rules engine serves only as the simulator of the rules; what
a seat observes and how likely each deal is are written here from the rulebooks and the
deal generators, independently of the engines' samplers.

* Archaeology: the non-map treasures are shuffled into hands, marketplace, chambers and
  the rest of the deck (blocks of a uniformly shuffled sequence); the rest, the maps, the
  thieves and the sandstorms form the dig site in uniformly random order; a thief takes a
  uniformly random card of its victim. A seat sees its own hand at every moment (so the
  card of its own digs, of the chambers it explores and of the thefts it takes part in),
  the marketplace, every decision, and the kind of card (treasure, thief, sandstorm) of
  everyone's digs.
* Loot N Run: both decks are a uniformly random split of the rooms, and each reshuffle a
  uniformly random order of the rooms left. A seat sees its own rooms, every back colour
  on the table (deck tops, rooms in front), every face-up room and every decision.
"""

from __future__ import annotations

import dataclasses
import re
from collections import Counter
from fractions import Fraction
from math import comb

import cards_data
from games.archaeology.moves import CARDS, MAP, REFILL, REVEAL, STOLEN, TREASURES
from games.lootnrun.moves import Reshuffle
from games.protocol import CHANCE

__all__ = ["small_archaeology", "small_archaeology_text", "record_game", "archaeology_posterior",
           "archaeology_hidden",
           "small_lootnrun", "lootnrun_posterior", "lootnrun_hidden", "small_expedition",
           "expedition_posterior", "expedition_hidden", "position_posterior", "position_hidden"]


# --- Archaeology ----------------------------------------------------------------------------

def small_archaeology(counts: dict[str, int], *, hand: int, market: int,
                      chambers: list[tuple[int, int]], thieves: int, sandstorms: int,
                      removed: dict[int, int] | None = None):
    """The bundled card file with other counts and table sizes (a ``--cards`` file)."""
    text = small_archaeology_text(counts, hand=hand, market=market, chambers=chambers,
                                  thieves=thieves, sandstorms=sandstorms, removed=removed)
    return cards_data.load_text(text, source="small-archaeology.toml", game_id="archaeology")


def small_archaeology_text(counts: dict[str, int], *, hand: int, market: int,
                           chambers: list[tuple[int, int]], thieves: int, sandstorms: int,
                           removed: dict[int, int] | None = None) -> str:
    """The text of :func:`small_archaeology`'s card file (for ``--cards FILE``)."""
    text = cards_data.bundled_text("archaeology")
    for name, count in counts.items():
        text = re.sub(rf"(\[treasures\.{name}\][^\[]*?count = )\d+", rf"\g<1>{count}", text,
                      flags=re.S)

        def shorter(match, count=count):  # a set holds at most ``count`` cards
            prices = match.group(2).split(", ")[:count]
            return f"{match.group(1)}[{', '.join(prices)}]"
        text = re.sub(rf"(\[treasures\.{name}\][^\[]*?sell = )\[([^\]]*)\]", shorter, text,
                      flags=re.S)
    text = re.sub(r"\nhand = \d+", f"\nhand = {hand}", text)
    text = re.sub(r"\nmarketplace = \d+", f"\nmarketplace = {market}", text)
    text = re.sub(r"\nthief_cards = \d+", f"\nthief_cards = {thieves}", text)
    text = re.sub(r"\nsandstorm_cards = \d+", f"\nsandstorm_cards = {sandstorms}", text)
    removed_text = ", ".join(f"{p} = {n}" for p, n in (removed or {}).items())
    text = re.sub(r"\nsandstorms_removed = \{[^}]*\}",
                  f"\nsandstorms_removed = {{ {removed_text} }}", text)
    chamber_text = ", ".join(f"{{ size = {s}, maps = {m} }}" for s, m in chambers)
    return re.sub(r"\nchambers = \[.*\]", f"\nchambers = [{chamber_text}]", text)


def record_game(state, choose, rng, *, stop) -> list[tuple]:
    """Play ``state`` in place with ``choose(state, moves, rng)`` until ``stop(state,
    decisions)`` at a decision; returns the steps: ``("move", move)`` or ``("chance",
    outcome)``."""
    steps = []
    decisions = 0
    while not state.is_terminal():
        if state.current_player() == CHANCE:
            outcome = state.chance_outcomes()[0][0]
            steps.append(("chance", outcome))
            state.apply(outcome)
            continue
        if stop(state, decisions):
            break
        move = choose(state, state.legal_moves(), rng)
        steps.append(("move", move))
        state.apply(move)
        decisions += 1
    return steps


def archaeology_hidden(state, seat: int) -> tuple:
    """What ``seat`` does not see of a world: the other hands, the unexplored chambers,
    the dig site as a multiset (its order is uniform given that), the thefts' cards."""
    treasures = TREASURES
    hands = tuple(tuple(state.hands[p * treasures:(p + 1) * treasures])
                  for p in range(state.num_players) if p != seat)
    chambers = tuple(None if c is None else tuple(sorted(c)) for c in state.chambers)
    dig = [0] * CARDS
    for card in state.dig:
        dig[card] += 1
    return hands, chambers, tuple(dig), tuple(card for _, _, card in state.steals)


def _compositions(pool: list[int], size: int):
    """Every multiset of ``size`` cards from ``pool`` (counts), with the hypergeometric
    probability of drawing it."""
    total = comb(sum(pool), size)

    def walk(c: int, left: int, prefix: list[int], ways: int):
        if c == len(pool):
            if left == 0:
                yield list(prefix), Fraction(ways, total)
            return
        for k in range(min(pool[c], left) + 1):
            prefix.append(k)
            yield from walk(c + 1, left - k, prefix, ways * comb(pool[c], k))
            prefix.pop()

    yield from walk(0, size, [], 1)


def _deals(pool: list[int], blocks: list[int]):
    """Every way to deal the hidden cards ``pool`` (counts) into blocks of the given sizes,
    the rest left over: ``(compositions of the blocks, the rest, probability)``."""
    def deal(i: int, left: list[int], parts: list, prob: Fraction):
        if i == len(blocks):
            yield parts, left, prob
            return
        for part, p in _compositions(left, blocks[i]):
            yield from deal(i + 1, [a - b for a, b in zip(left, part)], parts + [part],
                            prob * p)
    yield from deal(0, pool, [], Fraction(1))


def _branches(s, dig: list[int], kind: str, move, seat: int):
    """One recorded step from world ``s`` (dig site ``dig``): ``(world, dig site left,
    probability)`` for every outcome consistent with what the seat saw: a decision
    replayed where legal, a thief's pick, a dig."""
    if kind == "move":
        if move in s.legal_moves():
            t = s.clone()
            t.apply(move)
            yield t, dig, Fraction(1)
    elif move.kind == STOLEN:
        for t, weight in _stolen_branches(s, move, seat):
            yield t, dig, weight
    else:
        yield from _dig_branches(s, dig, move, seat)


def _stolen_branches(s, move, seat: int):
    """A thief's random pick from world ``s``: ``(world after it, probability)`` for every
    card of the victim the seat may have seen taken (thief and victim see the card)."""
    rules = s.rules
    T = rules.treasures
    victim = s.victim
    size = s.hand_sizes[victim]
    for card in range(T):
        n = s.hands[victim * T + card]
        if not n or (seat in (s.turn, victim) and card != move.a):
            continue
        t = s.clone()
        t.apply(rules.stolen_moves[card])
        yield t, Fraction(n, size)


def _dig_branches(s, dig: list[int], move, seat: int):
    """A dig from world ``s`` whose dig site holds the multiset ``dig``: the top card is any
    card of it, by its count; the seat sees the card of its own digs and the kind
    (treasure, thief, sandstorm) of the others'. Yields ``(world, dig site left,
    probability)``."""
    rules = s.rules
    T = rules.treasures
    total = sum(dig)
    for card in range(len(dig)):
        if not dig[card]:
            continue
        kind, truth = (card if card >= T else -1), (move.a if move.a >= T else -1)
        if not (card == move.a if s.turn == seat else kind == truth):
            continue
        t = s.clone()
        t.dig[-1] = card
        rest = list(dig)
        rest[card] -= 1
        t.apply(rules.dig_moves[card])
        yield t, rest, Fraction(dig[card], total)


def archaeology_posterior(data, deal_state, steps, seat: int) -> dict[tuple, Fraction]:
    """The exact law of :func:`archaeology_hidden` after ``steps`` from ``deal_state`` (the
    true initial state), given what ``seat`` saw."""
    rules = deal_state.rules
    players = rules.players
    treasures = TREASURES
    pool = [rules.counts[c] - deal_state.market[c] - deal_state.hands[seat * treasures + c]
            for c in range(MAP)]
    others = [p for p in range(players) if p != seat]
    blocks = [data.hand_size] * len(others) + list(rules.chamber_sizes)
    entries: dict[tuple, list] = {}
    for parts, left, prob in _deals(pool, blocks):
        s = deal_state.clone()
        for p, part in zip(others, parts):
            s.hands[p * treasures:(p + 1) * treasures] = part + [0]
        for j, part in enumerate(parts[len(others):]):
            s.chambers[j] = tuple(c for c in range(MAP) for _ in range(part[c]))
        dig = left + [rules.counts[MAP], rules.thieves, rules.sandstorms]
        s.dig = [0] * sum(dig)
        s.steal_rolls = [0] * rules.thieves
        s._moves = None
        s._sampler = None
        entries[archaeology_hidden(s, seat)] = [s, dig, prob]
    truth = deal_state.clone()
    mine = slice(seat * treasures, (seat + 1) * treasures)
    for kind, move in steps:
        nxt: dict[tuple, list] = {}
        truth.apply(move)

        def keep(s, dig, prob):
            if s.hands[mine] != truth.hands[mine]:  # the seat sees its own cards
                return
            key = archaeology_hidden(s, seat) + (tuple(dig),)
            if key in nxt:
                nxt[key][2] += prob
            else:
                nxt[key] = [s, dig, prob]

        for s, dig, prob in entries.values():
            for t, rest, weight in _branches(s, dig, kind, move, seat):
                keep(t, rest, prob * weight)
        entries = nxt
    law: dict[tuple, Fraction] = {}
    for s, dig, prob in entries.values():
        hands, chambers, _, thefts = archaeology_hidden(s, seat)
        key = (hands, chambers, tuple(dig), thefts)
        law[key] = law.get(key, 0) + prob
    total = sum(law.values())
    return {key: p / total for key, p in law.items()}


# --- Loot N Run ------------------------------------------------------------------------------

def small_lootnrun(rooms_per_back: dict[str, int]):
    """The bundled rooms cut down to the first ``n`` rooms of each back colour (guardian
    counts follow the rooms kept)."""
    data = cards_data.load("lootnrun")
    kept, seen = [], Counter()
    for room in data.rooms:
        if seen[room.back] < rooms_per_back.get(room.back, 0):
            seen[room.back] += 1
            kept.append(room)
    backs = {colour: n for colour, n in rooms_per_back.items() if n}
    guardians = {colour: sum(r.top == "guardian" for r in kept if r.back == colour)
                 for colour in backs}
    return dataclasses.replace(data, rooms=tuple(kept), backs=backs, guardians=guardians,
                               edition="small")


def lootnrun_hidden(state, seat: int) -> tuple:
    """What ``seat`` does not see: the rooms in the other fronts, in the Werewolf's draw of
    another seat, and the order of both decks."""
    fronts = tuple(tuple(f) for s, f in enumerate(state.fronts) if s != seat)
    drawn = tuple(state.drawn) if state.to_move != seat else ()
    return fronts, drawn, tuple(tuple(d) for d in state.decks)


def lootnrun_posterior(deal_state, steps, seat: int) -> dict[tuple, Fraction]:
    """The exact law of :func:`lootnrun_hidden` after ``steps`` from ``deal_state``."""
    from itertools import permutations

    rules = deal_state.rules
    back = rules.back
    rooms = list(range(len(rules.ids)))
    sizes = [len(d) for d in deal_state.decks]
    law_entries: dict[tuple, list] = {}
    # every split of the rooms into two ordered decks, each equally likely
    for order in permutations(rooms):
        s = deal_state.clone()
        s.decks = [list(order[:sizes[0]]), list(order[sizes[0]:])]
        law_entries[lootnrun_hidden(s, seat)] = [s, Fraction(1)]

    def visible(s) -> tuple:
        """Everything ``seat`` sees (to compare with the true game after each step)."""
        tops = tuple(back[d[-1]] if d else None for d in s.decks)
        fronts = tuple(tuple(f) if i == seat else tuple(back[r] for r in f)
                       for i, f in enumerate(s.fronts))
        drawn = tuple(s.drawn) if s.to_move == seat else tuple(
            None if r is None else back[r] for r in s.drawn)
        return tops, fronts, drawn, tuple(s.discard), tuple(len(d) for d in s.decks)

    truth = deal_state.clone()
    law_entries = {k: v for k, v in law_entries.items() if visible(v[0]) == visible(truth)}
    for kind, move in steps:
        nxt: dict[tuple, list] = {}
        if isinstance(move, Reshuffle):
            truth.apply(move)
            for s, prob in law_entries.values():
                pool = s.decks[0] + s.decks[1] + s.discard
                half = (len(pool) + 1) // 2
                outcomes = list(permutations(pool))
                for order in outcomes:
                    t = s.clone()
                    t.apply(Reshuffle((tuple(order[:half]), tuple(order[half:]))))
                    if visible(t) == visible(truth):
                        key = lootnrun_hidden(t, seat)
                        nxt.setdefault(key, [t, Fraction(0)])[1] += prob / len(outcomes)
        else:
            truth.apply(move)
            for s, prob in law_entries.values():
                if move in s.legal_moves():
                    t = s.clone()
                    t.apply(move)
                    if visible(t) == visible(truth):
                        key = lootnrun_hidden(t, seat)
                        nxt.setdefault(key, [t, Fraction(0)])[1] += prob
        law_entries = nxt
    total = sum(p for _, p in law_entries.values())
    return {key: p / total for key, (_, p) in law_entries.items()}


# --- The New Expedition -----------------------------------------------------------------------

def small_expedition(counts: dict[str, int], *, hand: int, market: int, thieves: int,
                     sandstorms: int, monuments: dict[str, tuple[list[tuple[int, int]], dict]]):
    """The bundled card data with other counts, table sizes and monuments (chambers as
    ``(size, maps)`` and the rule's parameters), for 2 players (a ``--cards`` file's
    worth of changes; prices cut to the counts)."""
    data = cards_data.load("expedition")
    treasures = {}
    for key, t in data.treasures.items():
        n = counts.get(key, t.count)
        treasures[key] = dataclasses.replace(t, count=n, sell=tuple(t.sell[:n]))
    kept = []
    for m in data.monuments:
        if m.key in monuments:
            chambers, params = monuments[m.key]
            kept.append(dataclasses.replace(
                m, chambers=tuple(dataclasses.replace(m.chambers[0], size=s, maps=c)
                                  for s, c in chambers), params={**m.params, **params}))
    return dataclasses.replace(
        data, treasures=treasures, hand_size=hand, marketplace_size=market,
        thieves_by_players={**data.thieves_by_players, 2: thieves},
        sandstorms_by_players={**data.sandstorms_by_players, 2: sandstorms},
        monuments=tuple(kept), edition="small")


def expedition_hidden(state, seat: int) -> tuple:
    """What ``seat`` does not see of a world: the other hands, the chambers (face-down
    ones), the reserve and the dig site as multisets, the thefts' cards, the other seats'
    secrets."""
    rules = state.rules
    T = rules.treasures
    hands = tuple(tuple(state.hands[p * T:(p + 1) * T])
                  for p in range(state.num_players) if p != seat)
    chambers = tuple(None if c is None else tuple(sorted(c)) for c in state.chambers)
    dig = [0] * len(rules.cards.names)
    for card in state.dig:
        dig[card] += 1
    secrets = tuple(entry[4:] for entry in state.secrets if not entry[1] >> seat & 1)
    return (hands, chambers, tuple(sorted(state.reserve)), tuple(dig),
            tuple(card for _, _, card in state.steals), secrets)


def expedition_posterior(data, deal_state, steps, seat: int) -> dict[tuple, Fraction]:
    """The exact law of :func:`expedition_hidden` after ``steps`` from ``deal_state`` (the
    true initial state), given what ``seat`` saw: its hand at every moment, every decision
    (but the cards another seat keeps in the Tomb: only their number), the kind of every
    dig, every face-up card, the announced opening values (Beginner's Luck), and its own
    looks and views of a chamber. The unseen keep is a
    uniformly random pick of the chamber's cards (the model the engine documents)."""
    from games.archaeology.moves import KEEP
    from games.archaeology.rules import P_KEEP

    rules = deal_state.rules
    T = rules.treasures
    players = rules.players
    chamber_types = rules.chamber_cards
    pool = [0] * T
    for c in chamber_types:
        pool[c] = (rules.counts[c] - deal_state.market[c] - deal_state.hands[seat * T + c])
    public = rules.special == "refill_on_sandstorm"
    others = [p for p in range(players) if p != seat]
    blocks = [data.hand_size] * len(others)
    if not public:
        blocks += list(rules.chamber_sizes)
    else:  # the Ruins' chambers are face up: the truth's, public
        for contents in deal_state.chambers:
            for c in contents:
                pool[c] -= 1
    blocks.append(rules.reserve_size)
    entries: dict[tuple, list] = {}
    for parts, left, prob in _deals(pool, blocks):
        s = deal_state.clone()
        if any(s.announced and rules.hand_value(part) != s.announced[p]
               for p, part in zip(others, parts)):
            continue  # Beginner's Luck: every seat announced its opening value
        for p, part in zip(others, parts):
            s.hands[p * T:(p + 1) * T] = part
        if not public:
            for j, part in enumerate(parts[len(others):len(others) + len(rules.chamber_sizes)]):
                s.chambers[j] = tuple(c for c in range(T) for _ in range(part[c]))
        s.reserve = [c for c in range(T) for _ in range(parts[-1][c])]
        dig = left + [0] * (len(rules.cards.names) - T)
        dig[rules.map] = rules.counts[rules.map]
        dig[rules.thief] = rules.thieves
        dig[rules.sandstorm] = rules.sandstorms
        s.dig = [0] * sum(dig)
        s._moves = None
        s._sampler = None
        entries[expedition_hidden(s, seat) + (tuple(dig),)] = [s, dig, prob]
    truth = deal_state.clone()
    mine = slice(seat * T, (seat + 1) * T)
    for kind, move in steps:
        nxt: dict[tuple, list] = {}
        keeper = truth.turn
        truth.apply(move)

        def keep(s, dig, prob):
            if s.hands[mine] != truth.hands[mine]:  # the seat sees its own cards
                return
            looks = [e[4:] for e in s.secrets if e[1] >> seat & 1]
            if looks != [e[4:] for e in truth.secrets if e[1] >> seat & 1]:
                return  # what the seat's looks and keeps showed it
            if (s.phase == P_KEEP and s.turn == seat
                    and s.chambers[s.exploring] != truth.chambers[truth.exploring]):
                return  # the Tomb's explorer sees the chamber
            key = expedition_hidden(s, seat) + (tuple(dig),)
            if key in nxt:
                nxt[key][2] += prob
            else:
                nxt[key] = [s, dig, prob]

        for s, dig, prob in entries.values():
            if kind == "move" and move.kind == KEEP and keeper != seat:
                # an unseen keep: a uniformly random pick of the chamber's cards
                contents = s.chambers[s.exploring]
                have = [contents.count(c) for c in range(T)]
                for part, p in _compositions(have, len(move.a)):
                    kept = tuple(c for c in range(T) for _ in range(part[c]))
                    t = s.clone()
                    t.apply(rules.move_type.make(KEEP, kept))
                    keep(t, dig, prob * p)
            elif kind == "move" or move.kind not in (REVEAL, REFILL):
                for t, rest, weight in _branches(s, dig, kind, move, seat):
                    keep(t, rest, prob * weight)
            elif move.kind == REVEAL:  # a uniformly random card of the chamber, public
                contents = s.chambers[s.exploring]
                n = contents.count(move.a)
                if n:
                    t = s.clone()
                    t.apply(move)
                    keep(t, dig, prob * Fraction(n, len(contents)))
            elif move.kind == REFILL:  # the reserve's top card, public
                n = s.reserve.count(move.b)
                if n:
                    t = s.clone()
                    t.reserve = [c for c in t.reserve if c != move.b] + [move.b] * n
                    t.apply(move)
                    keep(t, dig, prob * Fraction(n, len(s.reserve)))
        entries = nxt
    law: dict[tuple, Fraction] = {}
    for s, dig, prob in entries.values():
        hidden = expedition_hidden(s, seat)
        key = hidden[:3] + (tuple(dig),) + hidden[4:]
        law[key] = law.get(key, 0) + prob
    total = sum(law.values())
    return {key: p / total for key, p in law.items()}


# --- position views (issue 19) ----------------------------------------------------------------

def position_posterior(view: dict, rules) -> dict[tuple, Fraction]:
    """The exact law of a position view's hidden cards, read from the view's JSON alone:
    the cards the seat does not see are laid out uniformly (every physical card equally
    likely in every place) over the places it cannot see into, given what the view
    states: each other hand holds its ``holds`` plus unseen cards of no type it ``lacks``
    and of no type more than its ``at_most``, all but its ``dug`` of them (where stated)
    dealt ones, never a map,
    each face-down chamber its ``chamber_cards`` plus unseen cards (the chamber a Tomb
    explorer is keeping from: ``explore.cards``, all of it), never a map (nor in the
    reserve); the dig site holds the rest with the thieves and sandstorms not drawn.
    Keys: ``(other hands, chambers, sorted reserve, dig site multiset)`` as
    :func:`position_hidden` writes them."""
    T = rules.treasures
    names = rules.cards.names
    index = {names[c]: c for c in range(T)}
    seat = view["seat"]
    pool = [rules.counts[c] for c in range(T)]

    def take(cards, n=1):
        for c in cards:
            pool[index[c] if isinstance(c, str) else c] -= n

    for name, n in view["hand"].items():
        pool[index[name]] -= n
    for name, n in view.get("marketplace", {}).items():
        pool[index[name]] -= n
    blocks, fixed = [], []  # (size, forbidden types); the known part of each block
    bounds = []  # per other hand its ``at_most``: (type, n) pairs
    dealt = []  # (hand, cards of it dealt, forbidden types): its unknown cards not dug
    for p, entry in enumerate(view["seats"]):
        for name, n in entry.get("sold", []):
            pool[index[name]] -= n
        if p == seat:
            continue
        holds = [0] * T
        for name, n in entry.get("holds", {}).items():
            holds[index[name]] += n
            pool[index[name]] -= n
        unknown = entry["hand_size"] - sum(holds)
        lacks = {index[n] for n in entry.get("lacks", [])}
        if "dug" in entry:  # (a block of its own, laid out with the others, no maps)
            dealt.append((len(blocks), unknown - min(entry["dug"], unknown), lacks | {rules.map}))
            unknown = min(entry["dug"], unknown)
        blocks.append((unknown, lacks))
        fixed.append(holds)
        bounds.append([(index[name], n) for name, n in entry.get("at_most", {}).items()])
    hands = len(blocks)
    public = rules.special == "refill_on_sandstorm"
    chambers = view["chambers"]
    known_cards = list(view.get("chamber_cards") or [None] * len(chambers))
    explore = view.get("explore", {})
    if "cards" in explore:  # a Tomb explorer choosing its keep sees the whole chamber
        known_cards[ord(explore["chamber"]) - ord("A")] = explore["cards"]
    pool[rules.map] -= view.get("maps_spent", sum(
        rules.chamber_maps[i] for i, c in enumerate(chambers) if c is None))
    face_down = []
    for i, size in enumerate(chambers):
        if size is None:
            continue
        if public:
            take(size)
            continue
        known = [0] * T
        for name in known_cards[i] or ():
            known[index[name]] += 1
            pool[index[name]] -= 1
        blocks.append((size - sum(known), {rules.map}))
        fixed.append(known)
        face_down.append(i)
    drawn = view.get("explore", {}).get("drawn", [])
    take(drawn)
    reserve = view.get("reserve", 0)
    blocks.append((reserve, {rules.map}))
    fixed.append([0] * T)
    placed = len(blocks)  # the dealt blocks come after, each added to its hand
    blocks += [(n, forbidden) for _, n, forbidden in dealt]
    law: dict[tuple, Fraction] = {}

    def deal(i: int, left: list[int], parts: list, prob: Fraction):
        if i == len(blocks):
            full = [tuple(a + b for a, b in zip(part, known))
                    for part, known in zip(parts, fixed)]
            for (hand, _, _), part in zip(dealt, parts[placed:]):
                full[hand] = tuple(a + b for a, b in zip(full[hand], part))
            if any(hand[c] > n for hand, bound in zip(full, bounds) for c, n in bound):
                return
            chamber_of = dict(zip(face_down, full[hands:-1]))
            chambers_key = []
            for j, value in enumerate(chambers):
                if value is None:
                    chambers_key.append(None)
                elif public:
                    chambers_key.append(tuple(sorted(index[n] for n in value)))
                else:
                    chambers_key.append(tuple(k for k in range(T)
                                              for _ in range(chamber_of[j][k])))
            chambers_key = tuple(chambers_key)
            dig = list(left) + [0] * (len(names) - T)
            dig[rules.thief] = rules.thieves - view.get("thieves_drawn", 0)
            dig[rules.sandstorm] = rules.sandstorms - view.get("sandstorms_drawn", 0)
            reserve_key = tuple(k for k in range(T) for _ in range(full[-1][k]))
            key = (tuple(full[:hands]), chambers_key, reserve_key, tuple(dig))
            law[key] = law.get(key, 0) + prob
            return
        size, forbidden = blocks[i]
        for part, p in _compositions(left, size):
            if any(part[c] for c in forbidden):
                continue
            deal(i + 1, [a - b for a, b in zip(left, part)], parts + [part], prob * p)

    deal(0, pool, [], Fraction(1))
    total = sum(law.values())
    return {key: p / total for key, p in law.items()}


def position_hidden(world, seat: int) -> tuple:
    """The hidden part of a sampled world in :func:`position_posterior`'s keys."""
    hands, chambers, reserve, dig = expedition_hidden(world, seat)[:4]
    return hands, chambers, reserve, dig
