"""Steps and paths: the parts of a movement, what each costs, and the AP rules between them.

The AP prices of the movement actions (:data:`WALK_AP`, :data:`JUMP_AP`, ...), a :class:`Step`
(a walked square, a jump, a swap, or the step aside after a jump onto another character), a
:class:`Path` (a whole movement), and what the AP rules hold against taking a step with the AP
left (*Phase D: Action Phase*).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from doria_nb.engine.errors import MovementError
from doria_nb.engine.geometry import Square
from doria_nb.engine.sections import Section

__all__ = [
    "CARRY_FACTOR",
    "JUMP_AP",
    "RUBBLE_AP",
    "SIDESTEP_AP",
    "SWAP_AP",
    "TN_PER_SQUARE",
    "WALK_AP",
    "Path",
    "Step",
    "StepKind",
    "move_cost",
]

WALK_AP = 1
"""AP for each square walked (*Walking (1 AP per square)*)."""
JUMP_AP = 5
"""AP for a jump, however far (*Jumping (5 AP)*)."""
SIDESTEP_AP = 1
"""AP for the step aside after landing on another character (*Jumping (5 AP)*, Caution)."""
SWAP_AP = 5
"""AP to swap places with an adjacent character (*Swap Places (5 AP)*)."""
RUBBLE_AP = 10
"""AP to clear a Rubble marker (*Dungeon Markers*)."""
TN_PER_SQUARE = 10
"""A jump's Target Number grows by 10 for every square it covers, the landing square
included."""
CARRY_FACTOR = 2
"""Every movement cost is doubled while carrying an unconscious character."""

StepKind = Literal["walk", "jump", "swap", "sidestep"]

_STEP_RULES: Mapping[str, Section] = {
    "walk": Section.WALKING,
    "jump": Section.JUMPING,
    "sidestep": Section.JUMPING,
    "swap": Section.SWAP_PLACES,
}


def _at(square: Square) -> str:
    return f"({square.x}, {square.y})"


def _count(n: int, word: str, plural: str | None = None) -> str:
    if n == 1:
        return f"1 {word}"
    return f"{n} {plural or word + 's'}"


# -- steps and paths -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One part of a movement: a walked square, a jump, a swap, or the step aside after a jump
    onto another character.

    ``over`` holds the squares a jump passes over (in order); ``target_number`` the jump's TN;
    ``rule`` the section that prices the step; ``reason`` why it costs what it costs;
    ``jumped`` what a jump passes over, in words (``"a Hole"``).

    >>> step = Step("jump", Square(2, 2), Square(4, 2), (Square(3, 2),), 6, 20, Section.JUMPING,
    ...             "5 AP for the jump, however far + 1 AP: landing on difficult terrain", "a Hole")
    >>> step.squares, str(step)
    (2, 'jump 2 squares over a Hole (6 AP, TN 20)')
    """

    kind: StepKind
    start: Square
    end: Square
    over: tuple[Square, ...]
    cost: int
    target_number: int | None
    rule: Section
    reason: str
    jumped: str = ""

    def __post_init__(self) -> None:
        if self.kind not in _STEP_RULES:
            raise MovementError(
                f"A step is a walk, a jump, a swap or a sidestep, not {self.kind!r}."
            )
        for square in (self.start, self.end, *self.over):
            if not isinstance(square, Square):
                raise MovementError(f"A step goes between squares, not {square!r}.")
        if not isinstance(self.cost, int) or isinstance(self.cost, bool) or self.cost < 0:
            raise MovementError(f"A step costs a whole number of AP, not {self.cost!r}.")
        if self.kind == "jump" and self.target_number is None:
            raise MovementError("A jump step needs its Target Number.")

    @property
    def squares(self) -> int:
        """How many squares the step covers: for a jump the squares jumped over plus the
        landing square (what its TN and fall damage count), else 1."""
        return len(self.over) + 1 if self.kind == "jump" else 1

    def __str__(self) -> str:
        if self.kind == "walk":
            return f"walk 1 square ({self.cost} AP)"
        if self.kind == "jump":
            over = f" over {self.jumped}" if self.jumped else ""
            squares = _count(self.squares, "square")
            return f"jump {squares}{over} ({self.cost} AP, TN {self.target_number})"
        if self.kind == "sidestep":
            return f"step aside to {_at(self.end)} ({self.cost} AP)"
        return f"swap places with the character at {_at(self.end)} ({self.cost} AP)"


@dataclass(frozen=True, slots=True)
class Path:
    """A whole movement: the squares stood on in turn, from ``start``, through ``steps``.

    >>> a, b, c = Square(1, 1), Square(2, 1), Square(3, 1)
    >>> walk = [Step("walk", a, b, (), 1, None, Section.WALKING, "1 AP"),
    ...         Step("walk", b, c, (), 2, None, Section.WALKING, "1 AP + 1 AP")]
    >>> path = Path(a, tuple(walk))
    >>> path.cost, path.end, str(path)
    (3, Square(x=3, y=1), 'walk 2 squares (3 AP): 3 AP')
    """

    start: Square
    steps: tuple[Step, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.start, Square):
            raise MovementError(f"A path starts on a square, not {self.start!r}.")
        steps = tuple(self.steps)
        object.__setattr__(self, "steps", steps)
        at = self.start
        for step in steps:
            if not isinstance(step, Step):
                raise MovementError(f"A path is made of steps, not {step!r}.")
            if step.start != at:
                raise MovementError(
                    f"The steps of a path must follow each other: a step from {_at(step.start)}"
                    f" cannot come after arriving at {_at(at)}."
                )
            at = step.end

    @property
    def cost(self) -> int:
        """The AP the whole movement costs: the sum of its steps."""
        return sum(step.cost for step in self.steps)

    @property
    def end(self) -> Square:
        """Where the character stands after the movement."""
        return self.steps[-1].end if self.steps else self.start

    @property
    def jumps(self) -> tuple[Step, ...]:
        """The jumps of the movement, in order: each is checked after the movement."""
        return tuple(step for step in self.steps if step.kind == "jump")

    @property
    def squares(self) -> tuple[Square, ...]:
        """Every square the character stands on in turn, the start first (squares passed over
        by a jump are in the jump's ``over``)."""
        return (self.start, *(step.end for step in self.steps))

    @property
    def target_numbers(self) -> tuple[int, ...]:
        """The Target Numbers of the jump checks rolled after the movement."""
        return tuple(step.target_number or 0 for step in self.jumps)

    def __len__(self) -> int:
        return len(self.steps)

    def __str__(self) -> str:
        if not self.steps:
            return "stay (0 AP)"
        parts: list[str] = []
        for kind, group in itertools.groupby(self.steps, key=lambda step: step.kind):
            steps = list(group)
            if kind == "walk":
                cost = sum(step.cost for step in steps)
                parts.append(f"walk {_count(len(steps), 'square')} ({cost} AP)")
            else:
                parts.extend(str(step) for step in steps)
        return f"{', '.join(parts)}: {self.cost} AP"


def move_cost(path: Path) -> int:
    """The AP a movement costs (:attr:`Path.cost`): what the Initiative Marker goes down by."""
    if not isinstance(path, Path):
        raise MovementError(f"move_cost needs a Path, not {path!r}.")
    return path.cost


# -- the AP rules between steps ------------------------------------------------------------------


_KIND_WORDS = {"walk": "walk", "jump": "jump", "swap": "swap", "sidestep": "step aside"}


def _ap_problem(steps: Sequence[Step], index: int, left: int) -> str:
    """What the AP rules hold against taking ``steps[index]`` with ``left`` AP, or ``""``
    (*Phase D: Action Phase*, *Walking (1 AP per square)*, *Jumping (5 AP)*)."""
    step = steps[index]
    previous = steps[index - 1].kind if index else ""
    if step.kind == "sidestep":
        if left < 1:
            return (
                f"after the jump onto {_at(step.start)} the character has {left} AP, and at least"
                " 1 AP must be left to step aside to a free square, so that jump cannot be made "
                "(Jumping (5 AP), Caution)"
            )
        return ""
    if left < 1 and previous in ("jump", "sidestep", "swap"):
        return (
            f"after the {_KIND_WORDS[previous]} the character has {left} AP: once a jump or a "
            "swap has used up the last AP, the movement ends (Jumping (5 AP))"
        )
    if step.kind == "walk" and step.cost > left:
        return (
            f"walking onto {_at(step.end)} costs {step.cost} AP with {left} AP left: walking "
            "can never take a character below 0 AP (Walking (1 AP per square))"
        )
    if left < 1:
        return (
            f"a {_KIND_WORDS[step.kind]} needs at least 1 AP left before it, and the character "
            f"has {left} AP (Phase D: Action Phase)"
        )
    return ""
