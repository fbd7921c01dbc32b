"""What a monster did in one activation, as records: the attack, a push, a tie left to the
players, and the whole :class:`Activation` with its explanation in words and HTML.

:func:`~doria_nb.engine.monster_ai.activation.activate` builds them.
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape
from typing import TYPE_CHECKING, Literal

from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.moves import MonsterStep
from doria_nb.engine.monster_ai.route import label, square_of
from doria_nb.engine.monster_ai.trace import Decision, Trace
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.situation import Situation

__all__ = ["DIG_OUT", "Activation", "Attack", "Pending", "Push"]

DIG_OUT = "dig out the buried character"
"""The criterion of the note left when a monster clears the Rubble off its buried target
instead of attacking (ruling A9)."""


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack a monster makes at the end of its activation: who attacks whom from
    where, who else its area attack strikes, and whether it strikes across a Hole."""

    attacker: str
    defender: str
    square: Square
    struck: tuple[str, ...]
    across_hole: bool = False

    def __str__(self) -> str:
        others = [s for s in self.struck if s != self.defender]
        text = f"{self.attacker} attacks {self.defender} from {label(self.square)}"
        if others:
            text += f", also striking {', '.join(others)}"
        if self.across_hole:
            text += ", straight across the Hole"
        return text


@dataclass(frozen=True, slots=True)
class Push:
    """A monster pushed aside (or swapped with) by the active monster."""

    letter: str
    start: Square
    end: Square
    swap: bool = False


@dataclass(frozen=True, slots=True)
class Pending:
    """A tie the rules leave to the players: what to pick, and the keys to pick from
    (figure letters for a target, ``"x,y"`` squares otherwise)."""

    kind: Literal["order", "target", "square", "push"]
    question: str
    options: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Activation:
    """What a monster does in one activation, with the reasons.

    ``steps`` are the movement's steps (with their rules), ``pushes`` the monsters moved
    aside, ``attack`` the attack made (or ``None``), ``ap_left`` the AP after moving (below 0
    after a jump or Rubble cleared with too few AP). ``notes`` are the decisions not part of a
    trace (the movement, the attack). With ``pending`` set the monster has not acted yet:
    ``after`` equals ``before``.
    """

    monster: str
    label: str
    before: Situation
    after: Situation
    target: Trace
    route: tuple[Decision, ...]
    steps: tuple[MonsterStep, ...]
    pushes: tuple[Push, ...]
    attack: Attack | None
    ap_left: int
    notes: tuple[Decision, ...] = ()
    pending: Pending | None = None

    @property
    def target_letter(self) -> str | None:
        return self.target.result[0] if len(self.target.result) == 1 else None

    @property
    def start(self) -> Square:
        return self.before.figure(self.monster).square

    @property
    def end(self) -> Square:
        return self.after.figure(self.monster).square

    @property
    def path(self) -> tuple[Square, ...]:
        """The squares the monster stood on, from start to end."""
        squares = [self.start]
        for step in self.steps:
            if step.end != squares[-1]:
                squares.append(step.end)
        return tuple(squares)

    def decisions(self) -> tuple[Decision, ...]:
        """Every decision in the order taken: target criteria, route criteria, notes."""
        return (*self.target.steps, *self.route, *self.notes)

    def _labels(self) -> dict[str, str]:
        labels = dict(self.target.labels)
        labels.update({f.letter: f.label for f in self.before.figures})
        for decision in self.route:
            for k in decision.candidates_before:
                if "," in k:
                    labels[k] = _square_label(k)
        return labels

    def summary(self) -> str:
        """One sentence: what the monster did."""
        labels = self._labels()
        if self.pending is not None:
            options = ", ".join(labels.get(o, o) for o in self.pending.options)
            return f"{self.label}: the players decide first: {self.pending.question} ({options})"
        if not self.target.result:
            return f"{self.label} has no conscious character to go for: it does nothing."
        moved = (
            f"moves to {label(self.end)} ({sum(s.cost for s in self.steps)} AP)"
            if self.steps
            else "stays where it is"
        )
        if self.attack is None:
            dug = [n for n in self.notes if n.criterion == DIG_OUT]
            if dug:
                whom = labels.get(dug[0].candidates_after[0], dug[0].candidates_after[0])
                return (
                    f"{self.label} {moved} and digs {whom} out of the Rubble (the attack "
                    "comes in a later activation)."
                )
            return f"{self.label} {moved} and cannot attack."
        whom = labels.get(self.attack.defender, self.attack.defender)
        also = [labels.get(s, s) for s in self.attack.struck if s != self.attack.defender]
        extra = f", striking {', '.join(also)} too" if also else ""
        return f"{self.label} {moved} and attacks {whom}{extra}."

    def deciding(self) -> tuple[str, ...]:
        """The criteria that narrowed a choice (the target, then the square), in the order
        taken, each as one line with its rule: the steps that made the monster do what it did,
        without the criteria that separated nobody."""
        labels = self._labels()
        return tuple(d.explain(labels) for d in self.decisions() if d.decided)

    def explain(self) -> str:
        """The whole activation in words, each decision with its rule."""
        labels = self._labels()
        lines = [self.target.explain()]
        if self.route:
            lines.append(f"Where does the {self.label} go?")
            lines += [f"{n}. {d.explain(labels)}" for n, d in enumerate(self.route, start=1)]
        if self.steps:
            lines.append("Movement: " + "; ".join(str(s) for s in self.steps) + ".")
        for push in self.pushes:
            verb = "swaps places with" if push.swap else "pushes"
            lines.append(
                f"It {verb} {labels.get(push.letter, push.letter)}: {label(push.start)} -> "
                f"{label(push.end)} ({Section.MONSTERS_AND_OBSTACLES.value})."
            )
        lines += [d.explain(labels) for d in self.notes]
        lines.append(self.summary())
        return "\n".join(lines)

    def to_html(self) -> str:
        items = "".join(f"<li>{escape(line)}</li>" for line in self.explain().split("\n"))
        return f'<div class="doria-activation"><ul>{items}</ul></div>'

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.summary()


_SQUARE_LABELS: dict[str, str] = {}
"""The words for each square key met (``"3,2"`` -> ``"(3, 2)"``), kept: every activation's
explanation names dozens of candidate squares, the same ones again and again."""


def _square_label(key: str) -> str:
    """``label(square_of(key))``, kept."""
    found = _SQUARE_LABELS.get(key)
    if found is None:
        found = label(square_of(key))
        if len(_SQUARE_LABELS) < 1 << 16:
            _SQUARE_LABELS[key] = found
    return found
