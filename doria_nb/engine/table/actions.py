"""What players ask the game to do: frozen, hashable actions that round-trip through JSON.

Every input a game takes is one of these (python-chess's ``Move``, pokerkit's operations): the
save file is the list of them, a replay applies them again, undo replays all but the last.
``Action.to_json()`` and :func:`action_from_json` convert without ``eval`` or pickling; a
malformed entry raises :class:`~doria_nb.engine.table.records.SaveFileError` in words.

>>> from doria_nb.engine.geometry import Square
>>> move = Move("M", Square(3, 4))
>>> move.to_json()
{'type': 'move', 'who': 'M', 'to': [3, 4], 'max_jump': None}
>>> action_from_json(move.to_json()) == move
True
>>> str(move)
'M moves to (3, 4)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, get_type_hints

from doria_nb.engine.geometry import Square
from doria_nb.engine.sections import Section
from doria_nb.engine.table.records import SaveFileError

__all__ = [
    "ACTION_TYPES",
    "Action",
    "Attack",
    "Buy",
    "Cast",
    "ClearRubble",
    "ClearTrap",
    "DeclareEscape",
    "Disarm",
    "Discard",
    "Drink",
    "EndPhase",
    "Equip",
    "Join",
    "Leave",
    "Move",
    "OpenDoor",
    "PickUp",
    "PutDown",
    "Repair",
    "Revive",
    "Search",
    "Take",
    "Throw",
    "Wait",
    "action_from_json",
]


def _by(who: str) -> str:
    """How a group action names the hero who took it for the group (nothing for the group)."""
    return f" (by {who})" if who else ""


def _as_square(value: object) -> object:
    """``(x, y)`` (a tuple or list of two whole numbers) as a :class:`Square`; anything else
    unchanged, for :meth:`Game.apply` to refuse in words."""
    if isinstance(value, tuple | list) and len(value) == 2 and all(type(v) is int for v in value):
        return Square(value[0], value[1])
    return value


def _squares(action: Action, *names: str) -> None:
    """Let ``action`` be written with plain ``(x, y)`` tuples for its squares ``names``."""
    for name in names:
        value = getattr(action, name)
        if type(value) is not Square:
            object.__setattr__(action, name, _as_square(value))


@dataclass(frozen=True, slots=True)
class Action:
    """An input to the game. ``who`` is the acting hero's letter ("" for the group)."""

    who: str

    type: ClassVar[str] = ""
    rule: ClassVar[Section] = Section.ACTION_PHASE

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"type": self.type}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, Square):
                value = [value.x, value.y]
            elif isinstance(value, tuple):
                value = list(value)
            data[f.name] = value
        return data

    def __str__(self) -> str:
        """The action in words that :meth:`parse` reads back, every field in them (each kind
        writes its own)."""
        return f"{self.who} {self.type}"

    def describe(self) -> str:
        """The action as the game's log and the play table say it to players: its text
        without the details a player does not need there (a move's jump cap, a purchase's
        hand-overs, the actor named as its own target, who took a group action). Several
        actions may share these words; only ``str(action)`` is exact."""
        return str(self)

    @staticmethod
    def parse(text: str) -> Action:
        """The action ``text`` writes (``str(action)``): ``Action.parse(str(a)) == a``.
        A text that writes no action raises :class:`~doria_nb.engine.table.records.GameError`
        in words.

        >>> Action.parse("W moves to (3, 4)") == Move("W", (3, 4))
        True
        """
        from doria_nb.engine.table.action_text import parse_action

        return parse_action(text)


@dataclass(frozen=True, slots=True)
class Move(Action):
    """One movement action to ``to``: walking, jumps and swaps on the cheapest path the
    movement rules find (*Walking*, *Jumping*, *Swap Places*)."""

    to: Square
    max_jump: int | None = None
    """The longest jump allowed on the way, in squares (its TN ÷ 10); ``None``: any."""
    type: ClassVar[str] = "move"
    rule: ClassVar[Section] = Section.WALKING

    def __post_init__(self) -> None:
        _squares(self, "to")

    def __str__(self) -> str:
        jump = f" jumping at most {self.max_jump} squares" if self.max_jump is not None else ""
        return f"{self.describe()}{jump}"

    def describe(self) -> str:
        return f"{self.who} moves to ({self.to.x}, {self.to.y})"


@dataclass(frozen=True, slots=True)
class OpenDoor(Action):
    """Open the closed door on ``door`` and reveal what lies behind (0 AP)."""

    door: Square
    type: ClassVar[str] = "open_door"
    rule: ClassVar[Section] = Section.REVEAL_A_ROOM_TILE

    def __post_init__(self) -> None:
        _squares(self, "door")

    def __str__(self) -> str:
        return f"{self.who} opens the door at ({self.door.x}, {self.door.y})"


@dataclass(frozen=True, slots=True)
class Search(Action):
    """Search the treasure marker underfoot: 1 AP one card, 5 AP two cards keep one."""

    careful: bool = False
    type: ClassVar[str] = "search"
    rule: ClassVar[Section] = Section.SEARCH_TREASURES

    def __str__(self) -> str:
        return f"{self.who} searches{' carefully' if self.careful else ''}"


@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack the monster ``target`` with the card at ``location`` (as ``str(Location)``)."""

    location: str
    target: str
    type: ClassVar[str] = "attack"
    rule: ClassVar[Section] = Section.ATTACK_OR_USE_ITEMS

    def __str__(self) -> str:
        return f"{self.who} attacks {self.target} with the card at {self.location}"


@dataclass(frozen=True, slots=True)
class Drink(Action):
    """Drink (or give, within range 1) the potion at ``location`` of hero ``holder``."""

    location: str
    on: str = ""
    holder: str = ""
    type: ClassVar[str] = "drink"
    rule: ClassVar[Section] = Section.ATTACK_OR_USE_ITEMS

    def __str__(self) -> str:
        whose = f" of {self.holder}" if self.holder else ""
        whom = f" on {self.on}" if self.on else ""
        return f"{self.who} uses the potion at {self.location}{whose}{whom}"

    def describe(self) -> str:
        whom = f" on {self.on}" if self.on and self.on != self.who else ""
        return f"{self.who} uses the potion at {self.location}{whom}"


@dataclass(frozen=True, slots=True)
class Cast(Action):
    """Cast the Target-Number spell at ``location`` on hero ``on`` (the caster if empty)."""

    location: str
    on: str = ""
    type: ClassVar[str] = "cast"
    rule: ClassVar[Section] = Section.PSI_SPELLS

    def __str__(self) -> str:
        whom = f" on {self.on}" if self.on else ""
        return f"{self.who} casts the spell at {self.location}{whom}"

    def describe(self) -> str:
        whom = f" on {self.on}" if self.on and self.on != self.who else ""
        return f"{self.who} casts the spell at {self.location}{whom}"


@dataclass(frozen=True, slots=True)
class Revive(Action):
    """The Tri-Anon healing technique on the unconscious ``target``, giving ``ap`` AP."""

    target: str
    ap: int
    type: ClassVar[str] = "revive"
    rule: ClassVar[Section] = Section.REVIVE_CHARACTER

    def __str__(self) -> str:
        return f"{self.who} tries to revive {self.target} with {self.ap} AP"


@dataclass(frozen=True, slots=True)
class Repair(Action):
    """Repair the damaged cards at ``locations`` (a whole armor set at once) of hero
    ``holder`` (the repairer's own by default; another's costs 5 AP more)."""

    locations: tuple[str, ...]
    holder: str = ""
    type: ClassVar[str] = "repair"
    rule: ClassVar[Section] = Section.REPAIR_EQUIPMENT

    def __str__(self) -> str:
        whose = f" of {self.holder}" if self.holder else ""
        return f"{self.who} repairs {', '.join(self.locations)}{whose}"

    def describe(self) -> str:
        whose = f" of {self.holder}" if self.holder and self.holder != self.who else ""
        return f"{self.who} repairs {', '.join(self.locations)}{whose}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """Take the card at ``location`` from hero ``holder`` next to you (5 AP, *Take, Use or
    Repair Other Items*); it goes where it fits best on the taker's mat."""

    holder: str
    location: str
    type: ClassVar[str] = "take"
    rule: ClassVar[Section] = Section.OTHER_ITEMS

    def __str__(self) -> str:
        return f"{self.who} takes the card at {self.location} from {self.holder}"


@dataclass(frozen=True, slots=True)
class ClearRubble(Action):
    """Clear the Rubble on ``square`` next to you (10 AP, *Dungeon Markers*)."""

    square: Square
    type: ClassVar[str] = "clear_rubble"
    rule: ClassVar[Section] = Section.DUNGEON_MARKERS

    def __post_init__(self) -> None:
        _squares(self, "square")

    def __str__(self) -> str:
        return f"{self.who} clears the Rubble at ({self.square.x}, {self.square.y})"


@dataclass(frozen=True, slots=True)
class Equip(Action):
    """Move the card at ``location`` to ``to`` (a Body slot, ``belt`` or ``backpack``) on the
    mat of hero ``holder`` (one's own by default; helping a companion next to you costs 5 AP,
    *Equip Items*)."""

    location: str
    to: str
    holder: str = ""
    type: ClassVar[str] = "equip"
    rule: ClassVar[Section] = Section.EQUIP_ITEMS

    def __str__(self) -> str:
        whose = f" for {self.holder}" if self.holder else ""
        return f"{self.who} moves the card at {self.location} to {self.to}{whose}"

    def describe(self) -> str:
        whose = f" for {self.holder}" if self.holder and self.holder != self.who else ""
        return f"{self.who} moves the card at {self.location} to {self.to}{whose}"


@dataclass(frozen=True, slots=True)
class Throw(Action):
    """Throw the card at ``location`` to hero ``to`` (0/4/10 AP by where it lies)."""

    location: str
    to: str
    type: ClassVar[str] = "throw"
    rule: ClassVar[Section] = Section.THROW_ITEMS

    def __str__(self) -> str:
        return f"{self.who} throws the card at {self.location} to {self.to}"


@dataclass(frozen=True, slots=True)
class PickUp(Action):
    """Pick up the unconscious hero ``target`` on an adjacent or the same square (0 AP)."""

    target: str
    type: ClassVar[str] = "pick_up"
    rule: ClassVar[Section] = Section.CARRY_CHARACTERS

    def __str__(self) -> str:
        return f"{self.who} picks up {self.target}"


@dataclass(frozen=True, slots=True)
class PutDown(Action):
    """Put down the hero carried (0 AP)."""

    type: ClassVar[str] = "put_down"
    rule: ClassVar[Section] = Section.CARRY_CHARACTERS

    def __str__(self) -> str:
        return f"{self.who} puts down the hero carried"


@dataclass(frozen=True, slots=True)
class Disarm(Action):
    """Try to disarm the lasting trap number ``trap`` (``game.state.active_traps``)."""

    trap: int
    type: ClassVar[str] = "disarm"
    rule: ClassVar[Section] = Section.TRAPS_AND_SECRET_DOORS

    def __str__(self) -> str:
        return f"{self.who} tries to disarm lasting trap {self.trap + 1}"


@dataclass(frozen=True, slots=True)
class Wait(Action):
    """Let ``ap`` Action Points pass (*Wait*)."""

    ap: int
    type: ClassVar[str] = "wait"
    rule: ClassVar[Section] = Section.WAIT

    def __str__(self) -> str:
        return f"{self.who} waits {self.ap} AP"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Phase I: one purchase of the shop ``slots`` with the cards at ``payments``
    (``"letter:place"``, e.g. ``"W:backpack 0"``); each bought card (traps aside) goes to the
    hero in ``receivers`` at the same position, at ``places`` (a Body slot, ``belt``,
    ``backpack``; ``""`` for the default place)."""

    slots: tuple[int, ...]
    payments: tuple[str, ...]
    receivers: tuple[str, ...] = ()
    places: tuple[str, ...] = ()
    type: ClassVar[str] = "buy"
    rule: ClassVar[Section] = Section.PHASE_I

    def __str__(self) -> str:
        handing = f" handing to {list(self.receivers)}" if self.receivers else ""
        places = f" at {list(self.places)}" if self.places else ""
        return f"{self.describe()}{handing}{places}{_by(self.who)}"

    def describe(self) -> str:
        return f"buy shop slots {[s + 1 for s in self.slots]} paying with {list(self.payments)}"


@dataclass(frozen=True, slots=True)
class ClearTrap(Action):
    """*Optional Rule: Trap Shop*: take the trap in shop ``slot`` out by a Doom Counter step
    (``who`` empty) or by setting it off on hero ``who``."""

    slot: int
    type: ClassVar[str] = "clear_trap"
    rule: ClassVar[Section] = Section.TRAP_SHOP

    def __str__(self) -> str:
        how = f"set off on {self.who}" if self.who else "paid with a Doom Counter step"
        return f"the trap in shop slot {self.slot + 1} is {how}"


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Phase I: clear shop ``slots`` to the discard pile."""

    slots: tuple[int, ...]
    type: ClassVar[str] = "discard"
    rule: ClassVar[Section] = Section.PHASE_I

    def __str__(self) -> str:
        return f"{self.describe()}{_by(self.who)}"

    def describe(self) -> str:
        return f"discard shop slots {[s + 1 for s in self.slots]}"


@dataclass(frozen=True, slots=True)
class Leave(Action):
    """Hero ``who`` leaves the game: the round is finished, then it goes with its items and
    [PlayerCount] drops (*Player Count*)."""

    type: ClassVar[str] = "leave"
    rule: ClassVar[Section] = Section.PLAYER_COUNT

    def __str__(self) -> str:
        return f"{self.who} leaves the game at the end of the round"


@dataclass(frozen=True, slots=True)
class Join(Action):
    """Phase I: the premade hero ``hero`` (an id) joins for the next round (ruling GM7)."""

    hero: str
    type: ClassVar[str] = "join"
    rule: ClassVar[Section] = Section.PLAYER_COUNT

    def __str__(self) -> str:
        return f"{self.describe()}{_by(self.who)}"

    def describe(self) -> str:
        return f"the {self.hero} joins the game"


@dataclass(frozen=True, slots=True)
class DeclareEscape(Action):
    """The group declares it escapes the campaign scenario: the round is played to its end,
    then the heroes leave if they can reach the entrance (*Escaping a campaign scenario*)."""

    type: ClassVar[str] = "declare_escape"
    rule: ClassVar[Section] = Section.ESCAPING_A_CAMPAIGN_SCENARIO

    def __str__(self) -> str:
        return f"{self.describe()}{_by(self.who)}"

    def describe(self) -> str:
        return "the group declares its escape at the end of the round"


@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    """The group is done with the phase waiting for it (Phase I)."""

    type: ClassVar[str] = "end_phase"
    rule: ClassVar[Section] = Section.PHASES_OVERVIEW

    def __str__(self) -> str:
        return f"{self.describe()}{_by(self.who)}"

    def describe(self) -> str:
        return "end the phase"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls
    for cls in (
        Move,
        OpenDoor,
        Search,
        Attack,
        Drink,
        Cast,
        Revive,
        Repair,
        Take,
        ClearRubble,
        Equip,
        Throw,
        PickUp,
        PutDown,
        Disarm,
        Wait,
        Buy,
        ClearTrap,
        Discard,
        Leave,
        Join,
        DeclareEscape,
        EndPhase,
    )
}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_MISSING = object()
"""What a reader below returns for a value of the wrong kind."""


def _square(value: object) -> object:
    if isinstance(value, list) and len(value) == 2 and all(_whole(v) for v in value):
        return Square(value[0], value[1])
    return _MISSING


_DECODERS: dict[object, tuple[Callable[[object], object], str]] = {
    Square: (_square, "a square [x, y]"),
    int: (lambda v: v if _whole(v) else _MISSING, "a whole number"),
    int | None: (lambda v: v if v is None or _whole(v) else _MISSING, "a whole number or null"),
    bool: (lambda v: v if isinstance(v, bool) else _MISSING, "true or false"),
    str: (lambda v: v if isinstance(v, str) else _MISSING, "a text"),
    tuple[int, ...]: (
        lambda v: tuple(v) if isinstance(v, list) and all(_whole(x) for x in v) else _MISSING,
        "a list of whole numbers",
    ),
    tuple[str, ...]: (
        lambda v: (
            tuple(v) if isinstance(v, list) and all(isinstance(x, str) for x in v) else _MISSING
        ),
        "a list of texts",
    ),
}
"""How a save file writes each type an action's field has: the reader of the JSON value, and
what the value must be in words. Keyed by the fields' real types (``get_type_hints``), so a
field of a new type fails loudly at import (:data:`_FIELD_TYPES`) instead of being read as
text."""

_FIELD_TYPES: dict[type[Action], dict[str, object]] = {
    cls: {f.name: get_type_hints(cls)[f.name] for f in fields(cls)} for cls in ACTION_TYPES.values()
}
if unread := {str(t) for h in _FIELD_TYPES.values() for t in h.values()} - {
    str(t) for t in _DECODERS
}:
    raise TypeError(f"An action field's type has no reader in _DECODERS: {sorted(unread)}")


def _field_value(cls: type[Action], name: str, value: object) -> object:
    read, words = _DECODERS[_FIELD_TYPES[cls][name]]
    found = read(value)
    if found is _MISSING:
        raise SaveFileError(f"a {cls.type!r} action's {name!r} must be {words}, not {value!r}.")
    return found


def action_from_json(data: object) -> Action:
    """The action written as ``data`` (from :meth:`Action.to_json`); anything else raises
    :class:`SaveFileError` naming what is wrong."""
    if not isinstance(data, dict):
        raise SaveFileError(f"An action is written as an object, not {data!r}.")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise SaveFileError(f"{kind!r} is not an action this game knows.")
    known = _FIELD_TYPES[cls]
    extra = set(data) - set(known) - {"type"}
    if extra:
        raise SaveFileError(f"A {kind!r} action has unknown fields: {', '.join(sorted(extra))}.")
    values = {}
    for name in known:
        if name not in data:
            raise SaveFileError(f"A {kind!r} action is missing its {name!r}.")
        values[name] = _field_value(cls, name, data[name])
    return cls(**values)
