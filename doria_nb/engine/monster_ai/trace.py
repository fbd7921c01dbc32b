"""Traces: a monster decision written down step by step, so players can check it.

Each rule of the monster AI (*Monster Order*, *Target of a Monster*, *Fastest Way to the
Target*) is a list of criteria applied one after the other. A :class:`Trace` keeps every
criterion as a :class:`Decision`: who (or which square) was still in the running before it,
what was left after it, and why. Its ``result`` holds the winners; when more than one is
left, the rulebook lets the players decide, and the trace says so instead of picking one
silently.

Candidates are keys (a figure's letter, a square written ``"x,y"``); ``labels`` turns a key
into the words a player reads.

>>> from doria_nb.engine.sections import Section
>>> step = Decision(Section.TARGET_OF_A_MONSTER, "closer targets", ("M", "H"), ("M",),
...     "Mage 4 AP away, Huntress 5.")
>>> trace = Trace("Whom does the Orc attack?", (step,), ("M",),
...     labels={"M": "Mage (M)", "H": "Huntress (H)"})
>>> print(trace.explain())
Whom does the Orc attack?
1. closer targets (Target of a Monster): Mage (M), Huntress (H) -> Mage (M). Mage 4 AP away, \
Huntress 5.
Result: Mage (M).
>>> trace.players_decide
False
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from html import escape
from types import MappingProxyType

from doria_nb.engine.sections import Section

__all__ = ["Decision", "Trace"]

_NO_LABELS: Mapping[str, str] = MappingProxyType({})


_SHOWN = 8
"""Longer candidate lists are cut short in the text (the records keep them all)."""


def _names(keys: tuple[str, ...], labels: Mapping[str, str] = _NO_LABELS) -> str:
    if not keys:
        return "nobody"
    words = [labels.get(key, key) for key in keys]
    if len(words) > _SHOWN:
        return ", ".join(words[: _SHOWN - 2]) + f", ... ({len(words)} in all)"
    return ", ".join(words)


@dataclass(frozen=True, slots=True)
class Decision:
    """One criterion of a rule applied to the candidates still in the running.

    ``candidates_after`` is a part of ``candidates_before`` (equal to it when the criterion
    separated nobody or did not apply); ``note`` says in player words what was compared.
    """

    rule: Section
    criterion: str
    candidates_before: tuple[str, ...]
    candidates_after: tuple[str, ...]
    note: str = ""

    @property
    def decided(self) -> bool:
        """Whether this criterion narrowed the candidates."""
        return self.candidates_after != self.candidates_before

    @property
    def struck(self) -> tuple[str, ...]:
        """The candidates this criterion ruled out."""
        return tuple(c for c in self.candidates_before if c not in self.candidates_after)

    def explain(self, labels: Mapping[str, str] = _NO_LABELS) -> str:
        """One line: the criterion, its section, before -> after, and the note."""
        text = (
            f"{self.criterion} ({self.rule.value}): "
            f"{_names(self.candidates_before, labels)} -> "
            f"{_names(self.candidates_after, labels)}."
        )
        return f"{text} {self.note}" if self.note else text


@dataclass(frozen=True, slots=True)
class Trace:
    """The answer to a question of the monster AI, with every step that led to it.

    ``result`` is a tuple of winners: one key is a decision of the rules; several keys mean
    the rules leave a tie and the *players decide* (the last criterion of every such rule).
    ``ranking`` is set by questions about an order (*Monster Order*): the groups in the order
    they act, a group of several being a tie the players settle.
    """

    question: str
    steps: tuple[Decision, ...]
    result: tuple[str, ...]
    ranking: tuple[tuple[str, ...], ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple(self.steps))
        object.__setattr__(self, "result", tuple(self.result))
        object.__setattr__(self, "labels", MappingProxyType(dict(self.labels)))

    @property
    def players_decide(self) -> bool:
        """Whether the rules leave a tie for the players to settle."""
        return len(self.result) > 1 or any(len(group) > 1 for group in self.ranking)

    def label(self, key: str) -> str:
        """The words for a candidate key (``"M"`` -> ``"Mage (M)"``)."""
        return self.labels.get(key, key)

    def _order_text(self) -> str:
        return " | ".join(" = ".join(self.label(k) for k in group) for group in self.ranking)

    def _result_text(self) -> str:
        if len(self.result) > 1:
            return f"the players decide between {_names(self.result, self.labels)}"
        return _names(self.result, self.labels)

    def explain(self) -> str:
        """The trace as plain text: the question, numbered steps, then the result."""
        lines = [self.question]
        lines += [f"{n}. {step.explain(self.labels)}" for n, step in enumerate(self.steps, start=1)]
        if self.ranking:
            lines.append(f"Order: {self._order_text()}.")
        lines.append(f"Result: {self._result_text()}.")
        if any(len(group) > 1 for group in self.ranking):
            lines.append("Figures joined by '=' are tied: the players decide their order.")
        return "\n".join(lines)

    def to_html(self) -> str:
        """The trace as a small HTML fragment (a heading, an ordered list, the result).

        >>> Trace("Who acts first?", (), ("o", "m")).to_html()
        '<div class="doria-trace"><p><b>Who acts first?</b></p><ol></ol><p>Result: the \
players decide between o, m.</p></div>'
        """
        items = "".join(f"<li>{escape(step.explain(self.labels))}</li>" for step in self.steps)
        parts = [
            '<div class="doria-trace">',
            f"<p><b>{escape(self.question)}</b></p>",
            f"<ol>{items}</ol>",
        ]
        if self.ranking:
            parts.append(f"<p>Order: {escape(self._order_text())}</p>")
        parts.append(f"<p>Result: {escape(self._result_text())}.</p></div>")
        return "".join(parts)

    def _repr_html_(self) -> str:
        return self.to_html()

    def __str__(self) -> str:
        return self.explain()
