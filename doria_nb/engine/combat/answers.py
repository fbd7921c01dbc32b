"""Explicit answers to combat decisions, keyed by decision kind, checked before any roll."""

from __future__ import annotations

from collections.abc import Mapping

from doria_nb.engine.decisions import Choice, ChoiceKind, Decided, DecisionError, Policy, decide
from doria_nb.engine.errors import CombatError

__all__ = ["ask", "parse_answers"]


def parse_answers(answers: Mapping[ChoiceKind | str, str] | None) -> dict[ChoiceKind, str]:
    """Answers given by decision kind (``"armor"`` or ``ChoiceKind.ARMOR``), checked."""
    if answers is None:
        return {}
    result: dict[ChoiceKind, str] = {}
    for key, value in answers.items():
        try:
            kind = ChoiceKind(key)
        except ValueError:
            legal = ", ".join(k.value for k in ChoiceKind)
            raise CombatError(f"{key!r} is not a kind of decision; use one of {legal}.") from None
        if not isinstance(value, str):
            raise CombatError(f"The answer to the {kind} decision must be text, not {value!r}.")
        result[kind] = value
    return result


def ask(choice: Choice, policy: Policy | None, answer: str | None) -> Decided:
    """:func:`~doria_nb.engine.decisions.decide`, reporting an illegal answer as a
    :class:`CombatError` (combat's one error type)."""
    try:
        return decide(choice, policy, answer=answer)
    except DecisionError as error:
        raise CombatError(str(error)) from None
