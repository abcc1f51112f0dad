"""Loot N Run at the table, in a player's words (``games.table``): the rooms a seat can see
(its own, the backs of the others', the decks' tops, the face-up discard pile), each
event as that seat saw it, what a decision asks, and who won and why.

>>> import cards_data
>>> from games.lootnrun import example_view, state_from_view, parse_move
>>> data = cards_data.load("lootnrun")
>>> state, seat = state_from_view(example_view(data), data, 0)
>>> describe_position(state, seat)[1]
'scores: seat 0 0, seat 1 5, you 2 (the first to 35 ends the game)'
>>> describe_event(state, parse_move(state, "loot 1"), 0)
'seat 2 drew from deck 1: a green room'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from games.table import plural, seat_name

from .moves import PASS, Awaken, Keep, Loot, Pass, Reshuffle, Run
from .rules import score_rooms

if TYPE_CHECKING:
    from .moves import Move
    from .rules import Rules
    from .state import LootNRunState as State

__all__ = ["describe_position", "describe_event", "describe_decision", "describe_result",
           "room_words", "guardian_word", "NO_TOP"]


def room_words(rules: Rules, room: int) -> str:
    """A face-up room: ``room 24 (yellow): cup, crown; an amulet`` (or ``a guardian, the
    mummy``, or ``no guardian or amulet``: it said "an empty top", the card data's word)."""
    top = rules.data.rooms[room].top
    guard = rules.guardian[room]
    what = (f"a guardian, {_guardian(guard)}" if guard is not None
            else "an amulet" if top == "amulet" else NO_TOP)
    return f"room {rules.ids[room]} ({rules.back[room]}): {', '.join(rules.treasures[room])}; {what}"


#: A room's face with neither guardian nor amulet on top (``games.tracking`` reads it back).
NO_TOP = "no guardian or amulet"


def guardian_word(kind: str) -> str:
    """A guardian as a room's face lists it: ``mummy``, ``werewolf``, ``Frank`` (a name,
    written as the rule sheet writes it; the card data's key is ``frank``)."""
    return "Frank" if kind == "frank" else kind


def _guardian(kind: str) -> str:
    """``the mummy``, ``the werewolf``, ``Frank`` (the rule sheet's names)."""
    return guardian_word(kind) if kind == "frank" else f"the {kind}"


def _rooms_line(rules: Rules, rooms: Sequence[int], *, faces: bool = True) -> str:
    """What ``rooms`` are worth, their amulets against their guardians, and (``faces``)
    each room's face after it (left out where the rooms are listed a line each)."""
    amulets = sum(rules.amulet[r] for r in rooms)
    guardians = sum(rules.guardian[r] is not None for r in rooms)
    listed = " / ".join(room_words(rules, r) for r in rooms)  # (each revealed to everyone)
    return (f"{plural(len(rooms), 'room')} worth {plural(score_rooms(rules, rooms), 'point')}, "
            f"{plural(amulets, 'amulet')} against {plural(guardians, 'guardian')}"
            + (f" ({listed})" if rooms and faces else ""))


def describe_position(state: State, seat: int, *, names: Sequence[str] | None = None) -> list[str]:
    """What ``seat`` sees: the scores and target, its own rooms face up (with what a run
    would score now), the backs of the rooms in front of the others, the decks' sizes and
    top backs, and the face-up discard pile."""
    rules = state.rules
    def name(p: int) -> str:
        return seat_name(p, seat, names)

    lines = [f"Loot N Run, {state.num_players} players",
             "scores: " + ", ".join(f"{name(p)} {state.scores[p]}"
                                    for p in range(state.num_players))
             + f" (the first to {state.target} ends the game)"]
    mine = state.fronts[seat]
    if mine:
        lines.append(f"in front of {name(seat)}: {_rooms_line(rules, mine, faces=False)}")
        lines.extend(f"  {room_words(rules, r)}" for r in mine)
    else:
        lines.append(f"in front of {name(seat)}: no room")
    for p in range(state.num_players):
        if p != seat:
            backs = [rules.back[r] for r in state.fronts[p]]
            lines.append(f"in front of {name(p)}: "
                         + (f"{plural(len(backs), 'room')} face down, "
                            f"{'back' if len(backs) == 1 else 'backs'} {', '.join(backs)}"
                            if backs else "no room"))
    for d, deck in enumerate(state.decks):
        lines.append(f"deck {d}: " + (f"{plural(len(deck), 'room')}, the top one has a "
                                      f"{rules.back[deck[-1]]} back" if deck else "empty"))
    if state.discard:
        # face up at the table: what each room shows (a player counts the guardians gone)
        lines.append(f"discard pile (face up): {plural(len(state.discard), 'room')}")
        lines.extend(f"  {room_words(rules, r)}" for r in sorted(state.discard))
    if state.phase == "keep" and state.to_move == seat:
        for d, room in enumerate(state.drawn):
            if room is not None:
                lines.append(f"drawn from deck {d}: {room_words(rules, room)}")
    return lines


def describe_decision(state: State, seat: int) -> str:
    """What the decision of ``seat`` (the seat to act) asks of it."""
    if state.phase == "keep":
        # (the werewolf as the rooms and the awakening say it: it said "a Werewolf you
        # caught" under "the werewolf lets you draw a room from each deck")
        return ("the werewolf lets you keep the rooms you just drew (either, both or none); "
                "the others are discarded face up")
    # (Frank, as the rule sheet names the guardian and the awakening's line says it, "Frank
    # gives you an extra turn": it read "a Frank gave you this extra turn")
    extra = " (Frank gave you this extra turn)" if state.on_franks_turn() else ""
    if state.legal_moves() == [PASS]:  # (two players: an empty hand may still awaken)
        return "nothing to draw and no room in front of you: pass"
    return ("your turn" + extra + ": loot (draw the top room of a deck, face down), run "
            "(reveal and score your rooms) or awaken a seat (reveal their rooms: with at "
            "least as many amulets as guardians they escape and score, else you take each "
            "guardian's benefit)")


def describe_event(state: State, move: Move, seat: int, *, names: Sequence[str] | None = None
                   ) -> str | None:
    """``move`` (about to be played in ``state``) as ``seat`` sees it: a room drawn face
    down is named only to its owner, every revealed room to everyone."""
    rules = state.rules
    actor = state.to_move
    who = seat_name(actor, seat, names)
    if isinstance(move, Reshuffle):
        total = sum(map(len, move.decks))
        return (f"a deck ran out: the decks and the discard pile were shuffled into two new "
                f"decks ({plural(total, 'room')})")
    if isinstance(move, Loot):
        room = state.decks[move.deck][-1]
        what = room_words(rules, room) if actor == seat else f"a {rules.back[room]} room"
        return f"{who} drew from deck {move.deck}: {what}"
    if isinstance(move, Run):
        rooms = state.fronts[actor]
        return (f"{who} ran: revealed {_rooms_line(rules, rooms)} and scored "
                f"{score_rooms(rules, rooms)}")
    if isinstance(move, Awaken):
        target = seat_name(move.target, seat, names)
        rooms = state.fronts[move.target]
        after = state.clone()
        after.apply(move)
        text = f"{who} awakened {target}: {_rooms_line(rules, rooms)}"
        amulets = sum(rules.amulet[r] for r in rooms)
        guardians = sum(rules.guardian[r] is not None for r in rooms)
        if amulets >= guardians:
            return text + f"; {target} escaped and scored {score_rooms(rules, rooms)}"
        kinds = sorted({rules.guardian[r] for r in rooms} - {None},
                       key=rules.data.guardian_kinds.index)
        gains = []
        for kind in kinds:
            if kind == "mummy":
                gains.append(f"the mummy gave {who} {plural(score_rooms(rules, rooms), 'point')}")
            elif kind == "werewolf":
                gains.append(f"the werewolf lets {who} draw a room from each deck")
            elif kind == "frank":
                gains.append(f"Frank gives {who} an extra turn")
        caught = f"{target} {'were' if target == 'you' else 'was'} caught"
        return text + f"; {caught}" + (": " + "; ".join(gains) if gains else "")
    if isinstance(move, Keep):
        kept = [room for room, keep in zip(state.drawn, (move.first, move.second))
                if room is not None and keep]
        dropped = [room for room, keep in zip(state.drawn, (move.first, move.second))
                   if room is not None and not keep]
        # (two rooms apart as a run's are, " / ": joined by ", " they read as one, a room's
        # words having commas of their own: "...; an amulet, room 28 (yellow): cup, ...")
        kept_words = (" / ".join(room_words(rules, r) for r in kept) if actor == seat
                      else plural(len(kept), "room"))
        text = f"{who} kept {kept_words if kept else 'no room'}"
        if dropped:
            text += "; discarded " + " / ".join(room_words(rules, r) for r in dropped)
        return text
    if isinstance(move, Pass):
        return f"{who} passed"
    return f"{who}: {move}"


def _revealed_at_end(state: State) -> list[list[int]] | None:
    """The rooms each seat had in front when the game ended, which the end revealed and
    scored (the state keeps them as the discard pile's last rooms, seat by seat, before
    those of a run that ended the game): how many each seat had is counted off the
    state's log, a loot or a kept room adding one, a run or an awakening taking them all.
    ``None`` when the log cannot tell: the pile since the last reshuffle is not what the
    log's moves put there (a position from a view, whose log starts late)."""
    held = [0] * state.num_players
    ran = 0  # (a run that ended the game: its rooms go to the pile after the end's)
    piled = [0, 0]  # (the fewest and the most rooms the log's moves put on the pile: a
    # Werewolf's draw from an empty deck draws nothing)
    for seat, move in state.log:
        ran = held[seat] if type(move) is Run else 0
        if type(move) is Reshuffle:
            piled = [0, 0]
        elif type(move) is Loot:
            held[seat] += 1
        elif type(move) is Keep:
            held[seat] += move.first + move.second
            piled[0] += not (move.first or move.second)  # (a draw kept none of: 1 or 2)
            piled[1] += 2 - move.first - move.second
        elif isinstance(move, (Run, Awaken)):
            owner = move.target if isinstance(move, Awaken) else seat
            piled = [n + held[owner] for n in piled]
            held[owner] = 0
    if not piled[0] + sum(held) <= len(state.discard) <= piled[1] + sum(held):
        return None
    out, end = [], len(state.discard) - ran
    for count in reversed(held):
        out.append(state.discard[end - count:end])
        end -= count
    return out[::-1]


def describe_result(state: State, *, names: Sequence[str] | None = None,
                    viewer: int | None = None) -> list[str]:
    """Who reached the target (the seat whose score ended the game), everyone's final score
    (the rooms left in front revealed and scored), and the winners: the most points, a
    tie shared."""
    def name(p: int) -> str:
        return seat_name(p, viewer, names)

    scores = state.scores
    lines = []
    if state.ended_by >= 0:  # (a game cut short in a record has no end to tell)
        lines.append(f"{name(state.ended_by)} reached {plural(state.target, 'point')}: the "
                     "game ended, every seat revealed and scored the rooms in front")
        rules = state.rules
        for p, rooms in enumerate(_revealed_at_end(state) or ()):
            # (the screen said the final scores alone: a seat's 7 points from rooms never
            # seen were told nowhere)
            gained = score_rooms(rules, rooms)
            listed = " / ".join(room_words(rules, r) for r in rooms)
            lines.append(f"  {name(p)}: {plural(len(rooms), 'room')} worth "
                         f"{plural(gained, 'point')} ({listed}), {scores[p] - gained} + "
                         f"{gained} = {scores[p]}" if rooms
                         else f"  {name(p)}: no rooms in front, {scores[p]}")
    lines.append("final scores: " + ", ".join(f"{name(p)} {scores[p]}"
                                              for p in range(state.num_players)))
    winners = state.winners()
    if len(winners) == 1:
        who = name(winners[0])
        return lines + [f"{who} {'win' if who == 'you' else 'wins'} with the most points"]
    who = ", ".join(name(p) for p in winners[:-1]) + f" and {name(winners[-1])}"
    return lines + [f"{who} share the win, tied on {plural(scores[winners[0]], 'point')}"]
