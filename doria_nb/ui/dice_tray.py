"""The dice tray: one or two rolls drawn as ten-sided dice, with explosions, fumbles and crits.

Python turns an engine result into plain state (a list of roll dicts and a verdict) and the
front end (``widgets/dice_tray.js``) only draws it. An exploding die is drawn as a chain
(10 → 6), the original ones of a fumble are marked with the word FUMBLE, not with colour
alone, and :attr:`DiceTray.summary` says the whole roll in words for screen readers.

>>> from doria_nb.engine.checks import compare
>>> from doria_nb.engine.dice import Roll
>>> tray = DiceTray(animate=False)
>>> tray.show_result(compare(Roll.from_faces("3D", [5, 8, 4]), Roll.from_faces("2D+5", [2, 5])))
>>> [roll["total"] for roll in tray.rolls], tray.verdict
([17, 12], '✔ HIT')
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from doria_nb.engine.checks import CheckResult, ComparativeResult, Outcome, OutcomeKind, Side
from doria_nb.engine.dice import Roll
from doria_nb.ui.assets import widget_asset

Result = ComparativeResult | CheckResult | Roll
"""What :meth:`DiceTray.show_result` accepts."""


TIMES = "\u00d7"
"""The multiplication sign of "\u00d72 crit"."""


def _crit_text(criticals: int) -> str:
    return f"{TIMES}{criticals} crit" if criticals else ""


def verdict_text(outcome: Outcome, *, check: bool = False) -> str:
    """A short verdict with a glyph and capitals, readable without colour.

    >>> verdict_text(Outcome(OutcomeKind.HIT, 2))
    '✔ HIT \u00d72 crit'
    >>> verdict_text(Outcome(OutcomeKind.MISS, 1), check=True)
    '✘ FAILURE \u00d71 crit fail'
    >>> verdict_text(Outcome(OutcomeKind.FUMBLE))
    '✖ FUMBLE: MISS'
    """
    if outcome.kind is OutcomeKind.FUMBLE:
        return "✖ FUMBLE: " + ("FAILURE" if check else "MISS")
    if outcome.kind is OutcomeKind.HIT:
        head = "✔ " + ("SUCCESS" if check else "HIT")
        crits = _crit_text(outcome.criticals)
    else:
        head = "✘ " + ("FAILURE" if check else "MISS")
        crits = f"{TIMES}{outcome.criticals} crit fail" if outcome.criticals else ""
    return f"{head} {crits}".strip()


def roll_state(
    roll: Roll,
    label: str,
    *,
    fumble: bool | None = None,
    who: str = "",
    bonuses: tuple[tuple[str, int], ...] = (),
    target: int | None = None,
    crit_text: str = "",
    no_fumbles: bool = False,
) -> dict[str, Any]:
    """The plain state the front end draws for one roll.

    ``fumble`` is whether the fumble *counts* (the checker's verdict); it defaults to what the
    dice show. ``bonuses`` are added terms outside the dice (a check's attributes);
    ``total`` includes them.
    """
    counted = roll.shows_fumble if fumble is None else fumble
    note = ""
    if roll.fixed:
        note = "Dice Rolling: every die counts 6"
    elif roll.shows_fumble and not counted:
        note = "two ones, but No Fumbles is on: no fumble" if no_fumbles else "no fumble"
    return {
        "label": label,
        "expression": str(roll.dice),
        "who": who,
        "chains": [list(chain.faces) for chain in roll.chains],
        "modifier": roll.dice.modifier,
        "bonuses": [{"name": name, "value": value} for name, value in bonuses],
        "total": roll.total + sum(value for _, value in bonuses),
        "dice_total": roll.dice_total,
        "fumble": bool(counted),
        "shows_fumble": roll.shows_fumble,
        "original_ones": roll.original_ones,
        "fixed": roll.fixed,
        "target": target,
        "crit_text": crit_text,
        "crit_kind": ("crit-fail" if "fail" in crit_text else "crit") if crit_text else "",
        "note": note,
        "describe": roll.describe(),
    }


def _sentence(state: dict[str, Any]) -> str:
    text = f"{state['label']} {state['expression']}: {state['describe']}"
    if state["bonuses"]:
        terms = " + ".join(
            f"{b['name']} {b['value']}" if b["name"] else str(b["value"]) for b in state["bonuses"]
        )
        text += f", plus {terms}, total {state['total']}"
    if state["target"] is not None:
        text += f" against TN {state['target']}"
    if state["fumble"]:
        text += ", FUMBLE (two ones)"
    elif state["note"]:
        text += f" ({state['note']})"
    if state["crit_text"]:
        text += f", {state['crit_text']}"
    return text + "."


class DiceTray(anywidget.AnyWidget):
    """Draws one or two labelled rolls as ten-sided dice, with the verdict.

    Set it from an engine result with :meth:`show_result`; ``animate=False`` switches the short
    roll animation off (the front end also honours *prefers-reduced-motion*).
    """

    _esm = widget_asset("dice_tray.js")
    _css = widget_asset("dice_tray.css")

    rolls = traitlets.List(traitlets.Dict()).tag(sync=True)
    """One dict per roll (see :func:`roll_state`)."""
    verdict = traitlets.Unicode("").tag(sync=True)
    """The verdict in capitals with a glyph, e.g. ``'✔ HIT \u00d72 crit'``."""
    outcome_kind = traitlets.Unicode("").tag(sync=True)
    """``'hit'``, ``'miss'``, ``'fumble'`` or ``''`` (no verdict): the verdict's style."""
    summary = traitlets.Unicode("No roll yet.").tag(sync=True)
    """The whole roll in words; the front end uses it as the tray's aria-label."""
    animate = traitlets.Bool(True).tag(sync=True)
    """Play the short roll animation when a new roll arrives."""
    serial = traitlets.Int(0).tag(sync=True)
    """Counts the rolls shown, so the same dice rolled twice still animate twice."""

    def __init__(self, result: Result | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if result is not None:
            self.show_result(result)

    def show(self, rolls: list[dict[str, Any]], verdict: str = "", outcome_kind: str = "") -> None:
        """Show rolls given as plain state (see :func:`roll_state`) with a verdict."""
        parts = [_sentence(state) for state in rolls]
        if verdict:
            parts.append(f"Verdict: {verdict}.")
        with self.hold_sync():
            self.rolls = [dict(state) for state in rolls]
            self.verdict = verdict
            self.outcome_kind = outcome_kind
            self.summary = " ".join(parts) if parts else "No roll yet."
            self.serial += 1

    def show_result(self, result: Result) -> None:
        """Show a :class:`ComparativeResult`, a :class:`CheckResult` or a bare :class:`Roll`."""
        if isinstance(result, ComparativeResult):
            outcome = result.outcome
            no_fumbles = result.options.no_fumbles
            if result.hit:
                attack_crits = _crit_text(result.criticals)
            elif result.critical_failures:
                attack_crits = f"{TIMES}{result.critical_failures} crit fail"
            else:
                attack_crits = ""
            rolls = [
                roll_state(
                    result.attack,
                    "Attack",
                    fumble=result.attacker_fumbled,
                    who=Side(result.attacker).value,
                    crit_text=attack_crits,
                    no_fumbles=no_fumbles,
                ),
                roll_state(
                    result.defense,
                    "Defense",
                    fumble=result.defender_fumbled,
                    who=Side(result.defender).value,
                    no_fumbles=no_fumbles,
                ),
            ]
            self.show(rolls, verdict_text(outcome), outcome.kind.value)
        elif isinstance(result, CheckResult):
            outcome = result.outcome
            if result.success:
                crits = _crit_text(result.critical_successes)
            elif result.critical_failures:
                crits = f"{TIMES}{result.critical_failures} crit fail"
            else:
                crits = ""
            state = roll_state(
                result.roll,
                "Check",
                fumble=result.fumbled,
                bonuses=result.bonuses,
                target=result.target,
                crit_text=crits,
                no_fumbles=result.roll.shows_fumble and not result.fumbled,
            )
            self.show([state], verdict_text(outcome, check=True), outcome.kind.value)
        elif isinstance(result, Roll):
            self.show([roll_state(result, "Roll")])
        else:
            raise TypeError(
                "DiceTray.show_result takes a ComparativeResult, a CheckResult or a Roll, "
                f"not {type(result).__name__}."
            )

    def clear(self) -> None:
        """Empty the tray."""
        self.show([])
