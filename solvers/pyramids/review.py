"""What ``solvers.review`` and the pictures need of a Pyramids best-score plan.

``service.best_score`` writes its plan for people: a crossing is annotated with its round,
step and expedition card (``"round 1 card 2 (L3): 18:C1,C2,D2"``), other moves are plain
move text (``"keep 18,48"``, ``"take 4"``). :func:`plan_turns` reads the engine moves back.
"""

from __future__ import annotations

from typing import Sequence

__all__ = ["plan_turns", "plan_moves"]

#: What separates ``plan_lines``' annotation from the move (no move text contains it).
_ANNOTATION_END = ": "


def plan_moves(plan: Sequence[str]) -> list[str]:
    """The engine move texts of a best-score ``plan``, in order.

    >>> plan_moves(["keep 18,48", "round 1 card 1 (domino): 18:A1,B1", "take 4"])
    ['keep 18,48', '18:A1,B1', 'take 4']
    """
    return [line.rsplit(_ANNOTATION_END, 1)[-1] for line in plan]


def plan_turns(state, plan: Sequence[str]) -> list[list[str]]:
    """The plan's decisions, one engine move each (``state``, the deal's start, is not
    needed: every Pyramids decision is one move)."""
    return [[text] for text in plan_moves(plan)]
