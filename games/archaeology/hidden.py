"""Hidden information of Archaeology: the unseen cards of a seat and the determinizer.

What a seat knows is kept in the state's ``known`` and ``nonmap`` fields (see
``state.ArchaeologyState``); these functions, bound as its methods, read them. The
determinizer samples every card the seat has not seen — other hands beyond what it knows,
unexplored chambers, the dig-site order and the steal rolls of thieves still to come — so
that the world shows the seat exactly what it has seen and holds exactly the game's cards.
"""

from __future__ import annotations

from games.errors import InvalidStateError

from .moves import MAP, SANDSTORM, THIEF, TREASURES

__all__ = ["unseen_counts", "determinize"]

T = TREASURES
P_STOLEN = 2  # state.P_STOLEN (not imported: state imports this module)


def unseen_counts(self, seat: int) -> list[int]:
    """Cards of each id (9) that ``seat`` has not seen: in other hands beyond what it
    knows, in unexplored chambers, in the dig site."""
    R = self.R
    P = self.num_players
    pool = list(R.counts)
    hands, market, sold, known = self.hands, self.market, self.sold, self.known
    for c in range(T):
        n = pool[c] - hands[seat * T + c] - market[c]
        for p in range(P):
            n -= sold[p * T + c]
            if p != seat:
                n -= known[(seat * P + p) * T + c]
        pool[c] = n
    pool[MAP] -= self.maps_out
    pool[THIEF] -= self.thieves
    pool[SANDSTORM] -= self.storms
    return pool

def determinize(self, seat: int, rng):
    """A world sampled from those ``seat`` cannot rule out (see the class docstring).

    Maps go uniformly to the slots that may hold one (the dig site, and cards of other
    hands not known to be non-maps), thieves and sandstorms to the dig site, the other
    unseen treasures uniformly to the remaining slots; the dig site is shuffled and the
    thieves still to come get fresh steal rolls.
    """
    P = self.num_players
    w = self.clone()
    pool = self.unseen_counts(seat)
    hn = self.hn
    known = self.known
    nonmap = self.nonmap
    others = [p for p in range(P) if p != seat]
    unknown = []
    for p in others:
        kb = (seat * P + p) * T
        unknown.append(hn[p] - sum(known[kb:kb + T]))
    capable = [hn_u - nonmap[seat * P + p] for p, hn_u in zip(others, unknown)]
    dig_n = len(self.dig)
    dig_free = dig_n - pool[THIEF] - pool[SANDSTORM]
    slots = sum(unknown) + dig_n + sum(len(c) for c in self.chambers if c is not None)
    if sum(pool) != slots or min(pool) < 0 or dig_free < 0:
        raise InvalidStateError(
            f"seat {seat}'s knowledge does not add up: {sum(pool)} unseen cards for "
            f"{slots} hidden places")
    # maps into map-capable places: index 0 is the dig site, then the other hands
    groups = [dig_free] + capable
    total_capable = sum(groups)
    maps_at = [0] * len(groups)
    if pool[MAP] > total_capable:
        raise InvalidStateError(f"seat {seat}'s view leaves {pool[MAP]} maps unseen but "
                                f"only {total_capable} places that could hold a map")
    for _ in range(pool[MAP]):
        r = rng.randrange(total_capable)
        g = 0
        while r >= groups[g]:
            r -= groups[g]
            g += 1
        groups[g] -= 1
        maps_at[g] += 1
        total_capable -= 1
    rest = []
    for c in range(MAP):
        rest.extend([c] * pool[c])
    rng.shuffle(rest)
    pos = 0
    hands = w.hands
    for j, p in enumerate(others):
        base = p * T
        kb = (seat * P + p) * T
        for c in range(T):
            hands[base + c] = known[kb + c]
        hands[base + MAP] += maps_at[j + 1]
        take = unknown[j] - maps_at[j + 1]
        for c in rest[pos:pos + take]:
            hands[base + c] += 1
        pos += take
    for i, contents in enumerate(self.chambers):
        if contents is not None:
            w.chambers[i] = tuple(sorted(rest[pos:pos + len(contents)]))
            pos += len(contents)
    dig = rest[pos:] + [MAP] * maps_at[0] + [THIEF] * pool[THIEF] + [SANDSTORM] * pool[SANDSTORM]
    rng.shuffle(dig)
    w.dig = dig
    first_unknown_roll = self.thieves - 1 if self.phase == P_STOLEN else self.thieves
    w.rolls = list(self.rolls[:max(0, first_unknown_roll)]) + [
        rng.getrandbits(30) for _ in range(len(self.rolls) - max(0, first_unknown_roll))]
    # other seats' knowledge of resampled hands must stay true in the new world
    wk = w.known
    wn = w.nonmap
    for q in others:
        for p in others:
            if p == q:
                continue
            kb = (q * P + p) * T
            for c in range(T):
                if wk[kb + c] > hands[p * T + c]:
                    wk[kb + c] = hands[p * T + c]
            u = hn[p] - sum(wk[kb:kb + T])
            if wn[q * P + p] > u:
                wn[q * P + p] = u
    w._moves = None
    return w
