"""Reading an action back from its text: ``Action.parse(str(action)) == action``.

Every kind of :mod:`~doria_nb.engine.table.actions` writes itself in words (``W moves to
(3, 4)``, ``R waits 3 AP``, ``buy shop slots [1] paying with ['W:backpack 0']``); this module
holds one pattern per kind that reads those words into the fields again, so a player (or a
test, or a log) can write an action the way the game prints it.

Letters, hero ids and monster letters are single words; card places are the game's keys
(``hand 1``, ``belt 0``, ``backpack 2``); shop lists are written as Python lists (read with
:func:`ast.literal_eval`, never ``eval``). A text no pattern reads, or whose reading does not
print back to the same text, is refused in words.

>>> parse_action("R waits 3 AP")
Wait(who='R', ap=3)
>>> parse_action("M casts the spell at hand 1 on W")
Cast(who='M', location='hand 1', on='W')
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

from doria_nb.engine.geometry import Square
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import GameError

__all__ = ["parse_action"]

Fields = dict[str, Any]
Reader = Callable[[dict[str, str | None]], Fields]

_WHO = r"(?P<who>\S*)"
_SQUARE = r"\((?P<x>-?\d+), (?P<y>-?\d+)\)"
_BY = r"(?: \(by (?P<who>\S+)\))?"


def _square(groups: dict[str, str | None]) -> Square:
    return Square(int(groups["x"] or 0), int(groups["y"] or 0))


def _text(groups: dict[str, str | None], name: str) -> str:
    return groups.get(name) or ""


def _numbers(text: str | None) -> tuple[int, ...]:
    """A shop list of slot numbers as printed (counting from 1), as slot indices."""
    raw = _literal(text)
    values = [v for v in raw if type(v) is int]
    if len(values) != len(raw):
        raise GameError(f"{text} is not a list of shop slot numbers.")
    return tuple(v - 1 for v in values)


def _texts(text: str | None) -> tuple[str, ...]:
    raw = _literal(text)
    values = [v for v in raw if isinstance(v, str)]
    if len(values) != len(raw):
        raise GameError(f"{text} is not a list of texts.")
    return tuple(values)


def _literal(text: str | None) -> list[object]:
    if text is None:
        return []
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        raise GameError(f"{text} is not a list written like [1, 2] or ['W:belt 0'].") from None
    if not isinstance(value, list):
        raise GameError(f"{text} is not a list written like [1, 2] or ['W:belt 0'].")
    return value


_KINDS: tuple[tuple[type[act.Action], str, Reader], ...] = (
    (
        act.Move,
        _WHO + r" moves to " + _SQUARE + r"(?: jumping at most (?P<jump>-?\d+) squares)?",
        lambda g: {
            "to": _square(g),
            "max_jump": None if g["jump"] is None else int(g["jump"]),
        },
    ),
    (act.OpenDoor, _WHO + r" opens the door at " + _SQUARE, lambda g: {"door": _square(g)}),
    (
        act.Search,
        _WHO + r" searches(?P<careful> carefully)?",
        lambda g: {"careful": g["careful"] is not None},
    ),
    (
        act.Attack,
        _WHO + r" attacks (?P<target>\S+) with the card at (?P<location>.+)",
        lambda g: {"target": _text(g, "target"), "location": _text(g, "location")},
    ),
    (
        act.Drink,
        _WHO + r" uses the potion at (?P<location>.+?)(?: of (?P<holder>\S+))?(?: on (?P<on>\S+))?",
        lambda g: {
            "location": _text(g, "location"),
            "holder": _text(g, "holder"),
            "on": _text(g, "on"),
        },
    ),
    (
        act.Cast,
        _WHO + r" casts the spell at (?P<location>.+?)(?: on (?P<on>\S+))?",
        lambda g: {"location": _text(g, "location"), "on": _text(g, "on")},
    ),
    (
        act.Revive,
        _WHO + r" tries to revive (?P<target>\S+) with (?P<ap>-?\d+) AP",
        lambda g: {"target": _text(g, "target"), "ap": int(g["ap"] or 0)},
    ),
    (
        act.Repair,
        _WHO + r" repairs (?P<locations>.*?)(?: of (?P<holder>\S+))?",
        lambda g: {
            "locations": tuple(g["locations"].split(", ")) if g["locations"] else (),
            "holder": _text(g, "holder"),
        },
    ),
    (
        act.Take,
        _WHO + r" takes the card at (?P<location>.+?) from (?P<holder>\S+)",
        lambda g: {"location": _text(g, "location"), "holder": _text(g, "holder")},
    ),
    (
        act.ClearRubble,
        _WHO + r" clears the Rubble at " + _SQUARE,
        lambda g: {"square": _square(g)},
    ),
    (
        act.Equip,
        _WHO + r" moves the card at (?P<location>.+?) to (?P<to>.+?)(?: for (?P<holder>\S+))?",
        lambda g: {
            "location": _text(g, "location"),
            "to": _text(g, "to"),
            "holder": _text(g, "holder"),
        },
    ),
    (
        act.Throw,
        _WHO + r" throws the card at (?P<location>.+?) to (?P<to>\S+)",
        lambda g: {"location": _text(g, "location"), "to": _text(g, "to")},
    ),
    (act.PickUp, _WHO + r" picks up (?P<target>\S+)", lambda g: {"target": _text(g, "target")}),
    (act.PutDown, _WHO + r" puts down the hero carried", lambda g: {}),
    (
        act.Disarm,
        _WHO + r" tries to disarm lasting trap (?P<trap>-?\d+)",
        lambda g: {"trap": int(g["trap"] or 0) - 1},
    ),
    (act.Wait, _WHO + r" waits (?P<ap>-?\d+) AP", lambda g: {"ap": int(g["ap"] or 0)}),
    (
        act.Buy,
        r"buy shop slots (?P<slots>\[.*?\]) paying with (?P<payments>\[.*?\])"
        r"(?: handing to (?P<receivers>\[.*?\]))?(?: at (?P<places>\[.*?\]))?" + _BY,
        lambda g: {
            "slots": _numbers(g["slots"]),
            "payments": _texts(g["payments"]),
            "receivers": _texts(g["receivers"]),
            "places": _texts(g["places"]),
        },
    ),
    (
        act.ClearTrap,
        r"the trap in shop slot (?P<slot>-?\d+) is "
        r"(?:set off on (?P<who>\S+)|paid with a Doom Counter step)",
        lambda g: {"slot": int(g["slot"] or 0) - 1},
    ),
    (
        act.Discard,
        r"discard shop slots (?P<slots>\[.*?\])" + _BY,
        lambda g: {"slots": _numbers(g["slots"])},
    ),
    (act.Leave, _WHO + r" leaves the game at the end of the round", lambda g: {}),
    (
        act.Join,
        r"the (?P<hero>\S+) joins the game" + _BY,
        lambda g: {"hero": _text(g, "hero")},
    ),
    (act.EndPhase, r"end the phase" + _BY, lambda g: {}),
    (
        act.DeclareEscape,
        r"the group declares its escape at the end of the round" + _BY,
        lambda g: {},
    ),
)

_PATTERNS = tuple((kind, re.compile(pattern), read) for kind, pattern, read in _KINDS)


def parse_action(text: str) -> act.Action:
    """The action that ``text`` writes; anything else raises :class:`GameError` in words."""
    if not isinstance(text, str):
        raise GameError(f"An action is read from its text, not from {text!r}.")
    for kind, pattern, read in _PATTERNS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        groups = match.groupdict()
        action = kind(who=groups.get("who") or "", **read(groups))
        if str(action) != text:
            raise GameError(
                f"{text!r} reads as {action!r}, which is written {str(action)!r}: "
                "check the spelling of its names and places."
            )
        return action
    raise GameError(
        f"{text!r} is no action of this game; actions read like 'R waits 3 AP', "
        "'W moves to (3, 4)' or 'end the phase' (print an action to see its words)."
    )
