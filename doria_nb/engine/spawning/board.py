"""The board as spawning sees it: free figure letters, walking distances, the characters
monsters pay attention to, and the words a spawn trace uses for squares.

Shared by :mod:`.placement` (where monsters stand), :mod:`.draw` (bringing a drawn
monster into play), :mod:`.icons` and :mod:`.refill`, so each names squares and checks
its input the same way.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.trace import Decision
from doria_nb.engine.movement.walk_grid import walk_distances
from doria_nb.engine.situation import FIGURE_LETTERS, Figure, Situation

__all__ = [
    "check_count",
    "check_situation",
    "check_square",
    "conscious_characters",
    "free_letters",
    "plain_walking_distances",
    "plural",
    "square_key",
    "square_keys",
    "trace_labels",
    "walking_distances",
]


def square_key(square: Square) -> str:
    """A square as a trace candidate: ``"x,y"``."""
    return f"{square.x},{square.y}"


def square_keys(squares: Iterable[Square]) -> tuple[str, ...]:
    """Several squares as trace candidates, in the order given."""
    return tuple(square_key(sq) for sq in squares)


def trace_labels(situation: Situation, steps: Iterable[Decision]) -> dict[str, str]:
    """Words for the trace's keys: ``"o"`` -> ``"Orc (o)"``, ``"3,4"`` -> ``"(3, 4)"``."""
    labels = {f.letter: f.label for f in situation.figures}
    for step in steps:
        for key in (*step.candidates_before, *step.candidates_after):
            if "," in key and key not in labels:
                x, y = key.split(",")
                labels[key] = f"({x}, {y})"
    return labels


def check_count(value: object, error: type[Exception], message: str) -> int:
    """``value`` when it is a whole number from 1 up (a bool is not), as a Monster Level or a
    number of monsters must be; else ``error`` with ``message``."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise error(message)
    return value


def plural(n: int, word: str) -> str:
    """``n`` and ``word``, with an "s" unless ``n`` is 1: notes read as sentences."""
    return f"{n} {word}" + ("" if n == 1 else "s")


def free_letters(situation: Situation, name: str = "") -> tuple[str, ...]:
    """The figure letters no figure of ``situation`` uses, best first for a monster called
    ``name``: its lower-case initial (when that is not a map character), then the other
    lower-case letters, then the capitals. Map characters are never figure letters
    (:data:`~doria_nb.engine.situation.FIGURE_LETTERS`).

    >>> from doria_nb.engine.situation import Situation
    >>> s = Situation.from_text("map:\\n  #D##\\n  #o.#\\n  ####\\nfigures:\\n  o = monster Orc")
    >>> free_letters(s, "Orc")[:3], free_letters(s, "Zombie")[:3]
    (('a', 'b', 'c'), ('z', 'a', 'b'))
    """
    used = {figure.letter for figure in situation.figures}
    lower = [c for c in FIGURE_LETTERS if c.islower()]
    upper = [c for c in FIGURE_LETTERS if c.isupper()]
    initial = name[:1].lower()
    first = [initial] if initial in lower else []
    return tuple(c for c in dict.fromkeys([*first, *lower, *upper]) if c not in used)


def walking_distances(
    dungeon: Dungeon, sources: Iterable[Square], flight: bool
) -> dict[Square, int]:
    """Walking distance from the nearest of ``sources`` to every square a figure can stand on
    and reach, figures aside (a monster with Flight also crosses Holes). Worked out on the
    dungeon's numbered squares and kept per dungeon (:mod:`~doria_nb.engine.movement.walk_grid`),
    the same as :func:`plain_walking_distances`; the answer is shared: read, never change it."""
    return walk_distances(dungeon, sources, flight)


def plain_walking_distances(
    dungeon: Dungeon, sources: Iterable[Square], flight: bool
) -> dict[Square, int]:
    """The reference walk of :func:`walking_distances`, square by square: a breadth-first walk
    from ``sources`` onto every square a figure can stand on (and Holes, with ``flight``)."""
    found = dict.fromkeys(sources, 0)
    queue = deque(found)
    while queue:
        here = queue.popleft()
        for there in dungeon.neighbors(here):
            if there in found:
                continue
            if dungeon.passable(there) or (flight and dungeon.is_hole(there)):
                found[there] = found[here] + 1
                queue.append(there)
    return found


def conscious_characters(situation: Situation) -> tuple[Figure, ...]:
    """The characters monsters pay attention to: conscious heroes standing on the board
    (unconscious ones are ignored, *Unconsciousness*)."""
    return tuple(h for h in situation.heroes if not h.unconscious and h.carried_by is None)


def check_situation(situation: object) -> Situation:
    """``situation``, refused unless it is a :class:`Situation`."""
    if not isinstance(situation, Situation):
        raise MonsterAIError(f"Monsters spawn into a Situation, not {situation!r}.")
    return situation


def check_square(situation: Situation, square: object, what: str) -> Square:
    """``square``, refused unless it is a table square a room tile covers (``what`` names it
    in the message: "monster icon")."""
    if not isinstance(square, Square):
        raise MonsterAIError(f"The {what} is a Square of the table, not {square!r}.")
    if situation.dungeon.content(square) is None:
        raise MonsterAIError(
            f"The {what} at {square} is not on the dungeon: no room tile covers that square."
        )
    return square
