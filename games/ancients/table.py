"""Tomb of the Ancients at the table, in a player's words (``games.table``): the shifting
sands drawn as a 5x5 board, the market's shops with their maps and sand tokens, each map's
pattern drawn in text, every seat's money, sand, pack and artifacts, and each event,
decision and result. Everything but the deck order is public in this game.

>>> import cards_data
>>> from games.ancients import make_deal, state_from_deal
>>> data = cards_data.load("ancients")
>>> state = state_from_deal(make_deal(players=1, seed=3, data=data), data)
>>> describe_decision(state, 0).split(":")[0]
'your turn'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from grids import render_grid
from games.table import plural, possessive, said_of, seat_name, side_by_side

from .moves import Draw, End, Find, Market, Rest, Sand, describe

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Rules
    from .state import AncientsState as State

__all__ = ["describe_position", "describe_event", "describe_decision", "describe_result",
           "map_drawing", "pack_words"]


def map_drawing(rules: Rules, map_id: int) -> list[str]:
    """A map card in text: its id, name, points and its pattern (``B`` black, ``W`` white
    tokens; the map may be turned, never flipped)."""
    info = rules.maps[map_id]
    return [f"map {map_id}: {info.name}", f"{plural(info.points, 'point')}"] + [
        "  " + row for row in info.pattern.text().split("/")]


def _money(n: int) -> str:
    return f"${n}"


def describe_position(state: State, seat: int, *, names: Sequence[str] | None = None) -> list[str]:
    """What ``seat`` sees: the board, the market (each shop's price, map and token), the
    deck, every seat's money, sand, pack (maps drawn) and artifacts, and its score now."""
    rules = state.rules
    data = rules.data
    def name(p: int) -> str:
        return seat_name(p, seat, names)

    players = "solo" if state.num_players == 1 else f"{state.num_players} players"
    # (a position read from a view that did not say its turn has no turn number: "turn 1"
    # there was made up)
    turn = f", turn {state.turns + 1}" if state.turns_known else ""
    lines = [f"Tomb of the Ancients, {players}{turn}"
             + (f"; final round: {plural(state.final_left, 'turn')} left"
                if state.final_left is not None else "")]
    board = render_grid(tuple("".join(state.board_rows()))).splitlines()
    lines.append("the sands (B black token, W white token, . empty):")
    lines.extend("  " + row for row in board)
    lines.append(f"the market ({plural(len(state.deck), 'card')} left in the deck):")
    shops = []
    for i, price in enumerate(data.shops):
        token = " + a token" if state.shop_tokens[i] else ""
        shop = [f"${price} shop{token}"]
        shops.append(shop + (map_drawing(rules, state.market[i][0]) if i < len(state.market)
                             else ["empty"]))
    lines.extend("  " + row for row in side_by_side(shops))
    order = [seat] + [p for p in range(state.num_players) if p != seat]
    for p in order:
        artifacts = sum(rules.maps[a].points for a in state.artifacts[p])
        lines.append(f"{name(p)}: {_money(state.money[p])}, {plural(state.sand[p], 'sand token')}"
                     f", artifacts {', '.join(map(str, state.artifacts[p])) or 'none'} "
                     f"({plural(artifacts, 'point')}); score now {state.score(p):g}")
    pack = state.pack[seat]
    if pack:
        lines.append(f"{possessive(name(seat))} pack (maps to find, turn them as you like):")
        lines.extend("  " + row for row in side_by_side(
            [map_drawing(rules, m) for m in sorted(pack)]))
    else:
        lines.append(f"{possessive(name(seat))} pack: empty")
    for p in order[1:]:
        if state.pack[p]:
            lines.append(f"{possessive(name(p))} pack: {pack_words(state.pack[p])}")
    return lines


def pack_words(pack: Sequence[int]) -> str:
    """A pack's maps as the table writes another seat's pack.

    >>> pack_words([18]), pack_words([29, 3]), pack_words([])
    ('map 18', 'maps 3, 29', 'empty')
    """
    if not pack:
        return "empty"
    return f"{'maps' if len(pack) > 1 else 'map'} {', '.join(map(str, sorted(pack)))}"


def describe_decision(state: State, seat: int) -> str:
    """What the decision of ``seat`` (the seat to act) asks of it."""
    if state.in_desert:
        return ("you are in the desert: find another map (its pattern on matching tokens, "
                "which it flips) or spend sand, or end your turn")
    return ("your turn: visit the market (sell an artifact, buy a map, or both), go into the "
            "desert (find a map of your pack, spend sand tokens to shape the sands), or rest "
            "($2 or a sand token)")


def _draw_on_sands(state: State, move: Draw) -> str:
    """What a map coming into the market does to the sands, read off the state after it
    (it said "it acts on A5", not whether a token was put there or taken off, nor where a
    token taken went): "it puts a black token on A5", "it takes the token off A5 into the
    $3 shop" (or "back to the supply", the $1 shop keeping none)."""
    space = state.rules.maps[move.map].space
    after = state.clone()
    after.apply(move)
    cell = state.rules.maps[move.map].space_name
    if after.occupied >> space & 1:
        return f"it puts a {'black' if after.black >> space & 1 else 'white'} token on {cell}"
    shops = [i for i, (was, now) in enumerate(zip(state.shop_tokens, after.shop_tokens))
             if now and not was]
    where = (f"into the ${state.rules.data.shops[shops[0]]} shop" if shops
             else "back to the supply")
    return f"it takes the token off {cell} {where}"


def describe_event(state: State, move: Move, seat: int, *, names: Sequence[str] | None = None
                   ) -> str | None:
    """``move`` (about to be played in ``state``) as ``seat`` sees it (everything is
    public but the deck order)."""
    if isinstance(move, Draw):
        info = state.rules.maps[move.map]
        return (f"map {move.map} ({info.name}) came into the market; "
                f"{_draw_on_sands(state, move)}")
    who = seat_name(state.to_move, seat, names)
    if isinstance(move, (Find, Market, Rest, Sand)):
        words = describe(state, move)
        if isinstance(move, Find):
            info = state.rules.maps[move.map]
            return f"{who} found map {move.map} ({info.name}) for {plural(info.points, 'point')}" \
                   f" at {words.split(' at ')[1]}"
        if isinstance(move, Rest):  # (the rules' market shift, seen only as a map gone)
            words += _rest_discard(state)
        # (the words are the mover's: "discard map 12 from your pack" is "its pack" when
        # the mover is another seat)
        return f"you: {words}" if who == "you" else said_of(f"you: {words}", who)
    if isinstance(move, End):
        return f"{who} left the desert"


def _rest_discard(state: State) -> str:
    """A rest's market shift in words: the map of the $1 shop is discarded (none when the
    deck's end has left that shop empty)."""
    one_shop = len(state.rules.data.shops) - 1
    if len(state.market) <= one_shop:
        return ""
    gone = state.market[one_shop][0]
    return (f"; map {gone} ({state.rules.maps[gone].name}) in the "
            f"${state.rules.data.shops[one_shop]} shop is discarded")


def describe_result(state: State, *, names: Sequence[str] | None = None,
                    viewer: int | None = None) -> list[str]:
    """Each seat's score (artifact points, half a point per dollar and per sand token) and
    the winner (ties: the seat that went earlier in the first round)."""
    rules = state.rules
    lines = []
    for p in range(state.num_players):
        points = sum(rules.maps[a].points for a in state.artifacts[p])
        score = state.score(p)
        lines.append(f"{seat_name(p, viewer, names)}: {score:g} point{'' if score == 1 else 's'} "
                     f"(artifacts {points}, ${state.money[p]} and {plural(state.sand[p], 'sand token')} "
                     f"at half a point each)")
    if state.num_players == 1:
        return lines + ["the game is over (solo: the score is the result)"]
    winners = state.winners()
    scores = state.returns()
    tied = [p for p in range(state.num_players) if scores[p] == max(scores)]
    who = seat_name(winners[0], viewer, names)
    why = ("the most points" if len(tied) == 1
           else "tied on points, and earlier in the first round's order")
    return lines + [f"{who} {'win' if who == 'you' else 'wins'}: {why}"]
