"""Room tiles: the squares of one printed tile, its doors and open sides, and its rotations.

A room tile is a rectangle of squares (*Revealing a Room Tile*). Its outer ring is the outer
wall: every square of it is a wall, a **door** (a single-square passage between walls) or part
of an **open side** (an opening at least 2 squares wide: *Special Feature: Open Room Tiles*).
Inside, each square has a :class:`Terrain` (floor, wall, Hole, Red Solid, Blue Dashed, Blue
Solid, the F-3 bridge, the A-1 stairs: *Difficult Terrain*, *Walls*) and any number of
:class:`Feature` icons printed on it (treasure, monster icons by colour, runes, the start
positions I–VI, the stairs entrance squares: *Additional Symbols on Room Tiles or Markers*).

Tiles are written as text maps, one character per square (the legend is :data:`LEGEND` and
``docs/content-format.md``). Coordinates are ``Square(x, y)``: ``x`` counts columns from the
left, ``y`` rows from the top, both from 0; the top of the map is the tile's north side
(:attr:`Direction.N`). Messages count rows and columns from 1, as a reader does.

>>> tile = RoomTile.from_map("Z-1", "Closet", '''
... ###D###
... #.....#
... #..$..#
... #w....#
... #######
... ''')
>>> tile
<RoomTile Z-1 'Closet' 7×5: 1 door>
>>> [(door.side.name, door.offset) for door in tile.doors]
[('N', 3)]
>>> turned = tile.rotated(Rotation.R90)
>>> (turned.width, turned.height), [door.side.name for door in turned.doors]
((5, 7), ['E'])
>>> print(turned)
#####
#w..#
#...#
#.$.D
#...#
#...#
#####
"""

from __future__ import annotations

import functools
import textwrap
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from html import escape

from doria_nb.engine.cards import Marker
from doria_nb.engine.errors import PlayerCountError, TileError
from doria_nb.engine.geometry import Direction, Rotation, Square, reading_order, rotate

__all__ = [
    "LEGEND",
    "MARKER_RULES",
    "MAX_CHARACTERS",
    "OPEN_CHAR",
    "ROMAN",
    "Door",
    "Feature",
    "Marker",
    "MarkerRule",
    "MonsterColor",
    "OpenSide",
    "RoomTile",
    "RuneColor",
    "Terrain",
    "TileSquare",
    "active_monster_colors",
    "allowed_characters",
    "icon_player_count",
    "monster_icon_active",
    "parse_legend",
]


_CLOCKWISE = tuple(Direction)
"""N, E, S, W: the sides of a tile, clockwise from the top."""
_OPPOSITE_PAIRS = ((Direction.N, Direction.S), (Direction.W, Direction.E))


# -- terrain, features, colours ------------------------------------------------------------------


class Terrain(StrEnum):
    """What a square *is*: the ground a figure may or may not stand on (*Walls*, *Difficult
    Terrain*, *Arrows (Room F-3)*)."""

    FLOOR = "floor"
    WALL = "wall"
    DOOR = "door"
    HOLE = "hole"
    """Red Dashed: cannot be entered, does not block sight, can be jumped over."""
    RED_SOLID = "red_solid"
    """Red Solid: the same as a Wall."""
    BLUE_DASHED = "blue_dashed"
    """Difficult terrain: +1 AP to enter; does not block sight."""
    BLUE_SOLID = "blue_solid"
    """Difficult terrain (+1 AP) that also gives the defender +1D when an attack crosses it."""
    BRIDGE = "bridge"
    """The deck of F-3's bridge: floor on the upper level, with a passage underneath."""
    STAIRS = "stairs"
    """A-1's stairwell: out of play; new monsters wait there and enter by an entrance square."""

    @property
    def walkable(self) -> bool:
        """A figure may stand here (unless a figure or a marker is already in the way)."""
        return self in _WALKABLE

    @property
    def wall_like(self) -> bool:
        """Blocks movement and Line of Sight and closes the outer wall: Wall, Red Solid, the
        stairwell."""
        return self in _WALL_LIKE

    @property
    def blocks_sight(self) -> bool:
        """Blocks Line of Sight (*Range and Line of Sight*). Doors are open here; a closed or
        Blocked Door is the dungeon's business, not the tile's."""
        return self in _WALL_LIKE

    @property
    def extra_ap(self) -> int:
        """Extra Action Points to move onto this square (Blue Dashed and Blue Solid: 1)."""
        return 1 if self in (Terrain.BLUE_DASHED, Terrain.BLUE_SOLID) else 0

    @property
    def gives_cover(self) -> bool:
        """An attack that crosses this square gives the defender +1D (Blue Solid)."""
        return self is Terrain.BLUE_SOLID

    @property
    def jumpable(self) -> bool:
        """Cannot be entered but can be jumped over (a Hole, Red Dashed)."""
        return self is Terrain.HOLE

    @property
    def char(self) -> str:
        """The map character of this terrain with nothing on it."""
        return _TERRAIN_CHARS[self]


_WALKABLE = frozenset(
    {Terrain.FLOOR, Terrain.DOOR, Terrain.BLUE_DASHED, Terrain.BLUE_SOLID, Terrain.BRIDGE}
)
_WALL_LIKE = frozenset({Terrain.WALL, Terrain.RED_SOLID, Terrain.STAIRS})


class MonsterColor(StrEnum):
    """The colour of a monster icon and the fewest characters that use it (*Monster icon
    colors*)."""

    WHITE = "white"
    GREEN = "green"
    YELLOW = "yellow"
    RED = "red"

    @property
    def min_players(self) -> int:
        return {"white": 1, "green": 4, "yellow": 5, "red": 6}[self.value]


class RuneColor(StrEnum):
    """The four rune colours (*Colored Runes*); scenarios give them a meaning."""

    BLUE = "blue"
    PURPLE = "purple"
    ORANGE = "orange"
    GREEN = "green"


class Feature(StrEnum):
    """An icon printed on a square (*Additional Symbols on Room Tiles or Markers*)."""

    TREASURE = "treasure"
    MONSTER_WHITE = "monster_white"
    MONSTER_GREEN = "monster_green"
    MONSTER_YELLOW = "monster_yellow"
    MONSTER_RED = "monster_red"
    RUNE_BLUE = "rune_blue"
    RUNE_PURPLE = "rune_purple"
    RUNE_ORANGE = "rune_orange"
    RUNE_GREEN = "rune_green"
    START_I = "start_1"
    START_II = "start_2"
    START_III = "start_3"
    START_IV = "start_4"
    START_V = "start_5"
    START_VI = "start_6"
    ENTRANCE = "entrance"
    """One of A-1's stairs entrance squares, where new monsters come in (*Phase G*)."""
    SECRET_DOOR_SITE = "secret_door_site"
    """A wall square where a Secret Door joins two rooms of one tile (E-8's middle square)."""

    @property
    def monster_color(self) -> MonsterColor | None:
        if self.value.startswith("monster_"):
            return MonsterColor(self.value.removeprefix("monster_"))
        return None

    @property
    def rune_color(self) -> RuneColor | None:
        if self.value.startswith("rune_"):
            return RuneColor(self.value.removeprefix("rune_"))
        return None

    @property
    def start_position(self) -> int | None:
        """1 to 6 for the start positions I to VI."""
        if self.value.startswith("start_"):
            return int(self.value.removeprefix("start_"))
        return None

    @property
    def char(self) -> str:
        return _FEATURE_CHARS[self]

    @classmethod
    def monster(cls, color: MonsterColor) -> Feature:
        return cls(f"monster_{MonsterColor(color).value}")

    @classmethod
    def rune(cls, color: RuneColor) -> Feature:
        return cls(f"rune_{RuneColor(color).value}")

    @classmethod
    def start(cls, number: int) -> Feature:
        """The start position ``number`` (1 for I, ... 6 for VI)."""
        if number not in range(1, 7):
            raise TileError(f"The start positions are I to VI (1 to 6), not {number!r}.")
        return cls(f"start_{number}")


_FEATURE_ORDER = {feature: index for index, feature in enumerate(Feature)}
ROMAN = ("I", "II", "III", "IV", "V", "VI")


# -- markers -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MarkerRule:
    """What a dungeon marker does to the square it lies on (*Dungeon Markers*).

    ``enterable``: a figure may move onto it; ``jumpable``: it may be jumped over;
    ``blocks_sight``: it blocks Line of Sight like a Wall; ``opens_wall``: it lies on a wall
    square and makes it passable (a Secret Door); ``closes_door``: it lies on a door and makes
    it a Wall (a Blocked Door); ``monsters_ignore``: monsters pay it no attention.
    """

    enterable: bool
    jumpable: bool
    blocks_sight: bool
    opens_wall: bool = False
    closes_door: bool = False
    monsters_ignore: bool = False
    scenario_defined: bool = False


MARKER_RULES: Mapping[Marker, MarkerRule] = {
    Marker.SECRET_DOOR: MarkerRule(enterable=True, jumpable=True, blocks_sight=False,
                                   opens_wall=True),
    Marker.BLOCKED_DOOR: MarkerRule(enterable=False, jumpable=False, blocks_sight=True,
                                    closes_door=True),
    Marker.HOLE: MarkerRule(enterable=False, jumpable=True, blocks_sight=False),
    Marker.RUBBLE: MarkerRule(enterable=False, jumpable=False, blocks_sight=True),
    Marker.FIRE: MarkerRule(enterable=True, jumpable=True, blocks_sight=False,
                            monsters_ignore=True, scenario_defined=True),
    Marker.ICE: MarkerRule(enterable=True, jumpable=True, blocks_sight=False,
                           monsters_ignore=True, scenario_defined=True),
    Marker.AIR: MarkerRule(enterable=True, jumpable=True, blocks_sight=False,
                           monsters_ignore=True, scenario_defined=True),
}  # fmt: skip
"""The markers placed in play, from *Dungeon Markers*: a Secret Door is an open door in a
wall; a Blocked Door is a Wall; a Hole marker is a Red Dashed square; Rubble blocks the square
and sight like a Wall and cannot be jumped; Fire, Ice and Air are crossed (or jumped) as the
scenario says, and monsters ignore them. Rubble's burial rules and the Poltergeist's flight are
exceptions for the rules that move figures."""


# -- player count --------------------------------------------------------------------------------

MAX_CHARACTERS = 6


def icon_player_count(characters: int) -> int:
    """The player count the monster icons are read for: one or two characters use the icons of
    three players (*Special Rules for 1 or 2 Players*); otherwise the number of characters
    (*Player Count*).

    >>> [icon_player_count(n) for n in range(1, 7)]
    [3, 3, 3, 4, 5, 6]
    """
    if isinstance(characters, bool) or not isinstance(characters, int):
        raise PlayerCountError(f"The player count is a whole number, not {characters!r}.")
    if not 1 <= characters <= MAX_CHARACTERS:
        raise PlayerCountError(
            f"Dungeons of Doria is played with 1 to {MAX_CHARACTERS} characters, not {characters}."
        )
    return max(characters, 3)


def monster_icon_active(color: MonsterColor, characters: int) -> bool:
    """Whether a monster icon of ``color`` spawns a monster with ``characters`` characters in
    play: white always, green from 4, yellow from 5, red with 6 (*Monster icon colors*).

    >>> monster_icon_active(MonsterColor.GREEN, 4), monster_icon_active(MonsterColor.GREEN, 2)
    (True, False)
    """
    return icon_player_count(characters) >= MonsterColor(color).min_players


def active_monster_colors(characters: int) -> frozenset[MonsterColor]:
    """The monster icon colours in use with ``characters`` characters.

    >>> sorted(color.value for color in active_monster_colors(5))
    ['green', 'white', 'yellow']
    """
    return frozenset(c for c in MonsterColor if monster_icon_active(c, characters))


# -- one square ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TileSquare:
    """What one square of a tile holds: its terrain and the icons printed on it, in
    :class:`Feature` order (so equal squares compare and hash equal).

    >>> TileSquare(Terrain.BLUE_DASHED, (Feature.MONSTER_WHITE,)).char
    '~w'
    """

    terrain: Terrain = Terrain.FLOOR
    features: tuple[Feature, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.terrain, Terrain):
            raise TileError(f"A square's terrain must be a Terrain, not {self.terrain!r}.")
        features = tuple(self.features)
        for feature in features:
            if not isinstance(feature, Feature):
                raise TileError(f"A square's features must be Features, not {feature!r}.")
        if len(set(features)) != len(features):
            raise TileError(f"A square lists the same icon twice: {_names(features)}.")
        ordered = tuple(sorted(features, key=_FEATURE_ORDER.__getitem__))
        if ordered != self.features:
            object.__setattr__(self, "features", ordered)
        for kind, count in (
            ("monster icon", sum(f.monster_color is not None for f in ordered)),
            ("rune", sum(f.rune_color is not None for f in ordered)),
            ("start position", sum(f.start_position is not None for f in ordered)),
        ):
            if count > 1:
                raise TileError(f"A square holds at most one {kind}, not {_names(ordered)}.")
        if Feature.SECRET_DOOR_SITE in ordered:
            if self.terrain is not Terrain.WALL or len(ordered) > 1:
                raise TileError(
                    "A secret-door site ('?') is a wall square with nothing else on it."
                )
        elif ordered and not self.terrain.walkable:
            raise TileError(
                f"Icons ({_names(ordered)}) are printed only on squares a figure can stand on, "
                f"not on {self.terrain.value.replace('_', ' ')}."
            )

    @property
    def walkable(self) -> bool:
        return self.terrain.walkable

    @property
    def monster_color(self) -> MonsterColor | None:
        return next((f.monster_color for f in self.features if f.monster_color), None)

    @property
    def rune_color(self) -> RuneColor | None:
        return next((f.rune_color for f in self.features if f.rune_color), None)

    @property
    def start_position(self) -> int | None:
        return next((f.start_position for f in self.features if f.start_position), None)

    @property
    def treasure(self) -> bool:
        return Feature.TREASURE in self.features

    @property
    def char(self) -> str:
        """The standard character(s) for this square: one when the legend has it, else the
        terrain's character followed by the icons' (the form a tile's ``legend`` uses)."""
        found = _SQUARE_CHARS.get(self)
        if found is not None:
            return found
        terrain = "" if self.terrain is Terrain.FLOOR else self.terrain.char
        return terrain + "".join(f.char for f in self.features) or "."


def _names(features: Iterable[Feature]) -> str:
    return ", ".join(f.value for f in features)


# -- the legend ----------------------------------------------------------------------------------

OPEN_CHAR = ":"
"""The character of an open side's floor square on the outer edge."""

LEGEND: Mapping[str, tuple[TileSquare, str]] = {
    "#": (TileSquare(Terrain.WALL), "wall"),
    ".": (TileSquare(), "floor"),
    OPEN_CHAR: (TileSquare(), "open side (floor on the outer edge)"),
    "D": (TileSquare(Terrain.DOOR), "door (on the outer edge)"),
    "x": (TileSquare(Terrain.HOLE), "Hole (Red Dashed)"),
    "X": (TileSquare(Terrain.RED_SOLID), "Red Solid (as a wall)"),
    "~": (TileSquare(Terrain.BLUE_DASHED), "Blue Dashed (difficult terrain)"),
    "%": (TileSquare(Terrain.BLUE_SOLID), "Blue Solid (difficult terrain, +1D cover)"),
    "=": (TileSquare(Terrain.BRIDGE), "bridge (upper level)"),
    "S": (TileSquare(Terrain.STAIRS), "stairs"),
    "?": (TileSquare(Terrain.WALL, (Feature.SECRET_DOOR_SITE,)), "secret-door site (wall)"),
    "$": (TileSquare(features=(Feature.TREASURE,)), "treasure icon"),
    "w": (TileSquare(features=(Feature.MONSTER_WHITE,)), "white monster icon"),
    "g": (TileSquare(features=(Feature.MONSTER_GREEN,)), "green monster icon"),
    "y": (TileSquare(features=(Feature.MONSTER_YELLOW,)), "yellow monster icon"),
    "r": (TileSquare(features=(Feature.MONSTER_RED,)), "red monster icon"),
    "B": (TileSquare(features=(Feature.RUNE_BLUE,)), "blue rune"),
    "P": (TileSquare(features=(Feature.RUNE_PURPLE,)), "purple rune"),
    "O": (TileSquare(features=(Feature.RUNE_ORANGE,)), "orange rune"),
    "G": (TileSquare(features=(Feature.RUNE_GREEN,)), "green rune"),
    **{
        str(n): (TileSquare(features=(Feature.start(n),)), f"start position {ROMAN[n - 1]}")
        for n in range(1, 7)
    },
    "e": (TileSquare(features=(Feature.ENTRANCE,)), "stairs entrance"),
}
"""Every standard map character: the square it stands for and its name. ``.`` and ``:`` are
both floor; ``:`` marks the floor of an open side on the outer edge, ``.`` floor inside."""

_TERRAIN_CHARS: dict[Terrain, str] = {
    Terrain.FLOOR: ".",
    Terrain.WALL: "#",
    Terrain.DOOR: "D",
    Terrain.HOLE: "x",
    Terrain.RED_SOLID: "X",
    Terrain.BLUE_DASHED: "~",
    Terrain.BLUE_SOLID: "%",
    Terrain.BRIDGE: "=",
    Terrain.STAIRS: "S",
}
_FEATURE_CHARS: dict[Feature, str] = {
    square.features[0]: char for char, (square, _) in LEGEND.items() if square.features
}
_SQUARE_CHARS: dict[TileSquare, str] = {}
for _char, (_square, _name) in LEGEND.items():
    _SQUARE_CHARS.setdefault(_square, _char)


def allowed_characters(legend: Mapping[str, TileSquare] | None = None) -> str:
    """The allowed map characters in words, for error messages."""
    text = ", ".join(f"'{char}' {name}" for char, (_, name) in LEGEND.items())
    if legend:
        text += ", and this tile's legend " + ", ".join(f"'{char}'" for char in legend)
    return text


def parse_legend(legend: Mapping[str, str] | None) -> dict[str, TileSquare]:
    """A tile's own characters: each maps to a combination of standard characters, e.g.
    ``{"W": "~w"}`` is a white monster icon on Blue Dashed terrain.

    >>> parse_legend({"W": "~w", "T": "%$"})["T"]
    TileSquare(terrain=<Terrain.BLUE_SOLID: 'blue_solid'>, features=(<Feature.TREASURE: \
'treasure'>,))
    """
    out: dict[str, TileSquare] = {}
    for key, value in (legend or {}).items():
        if not isinstance(key, str) or len(key) != 1 or key.isspace() or not key.isprintable():
            raise TileError(f"A legend key is one printable character, not {key!r}.")
        if key in LEGEND:
            raise TileError(
                f"The legend key '{key}' is a standard map character ({LEGEND[key][1]}); "
                "choose a character the standard legend does not use."
            )
        if not isinstance(value, str) or not value:
            raise TileError(
                f"The legend entry '{key}' must combine standard characters, like '~w' "
                f"(a white monster icon on Blue Dashed terrain), not {value!r}."
            )
        terrains: set[Terrain] = set()
        features: list[Feature] = []
        for char in value:
            if char not in LEGEND:
                raise TileError(
                    f"The legend entry '{key}' = '{value}' uses '{char}', which is not a "
                    f"standard map character; allowed are {allowed_characters()}."
                )
            square = LEGEND[char][0]
            if square.terrain is not Terrain.FLOOR:
                terrains.add(square.terrain)
            features.extend(square.features)
        if len(terrains) > 1:
            names = " and ".join(sorted(t.value for t in terrains))
            raise TileError(
                f"The legend entry '{key}' = '{value}' has two terrains ({names}); a square "
                "has one terrain and any icons on it."
            )
        terrain = terrains.pop() if terrains else Terrain.FLOOR
        try:
            out[key] = TileSquare(terrain, tuple(features))
        except TileError as error:
            raise TileError(f"The legend entry '{key}' = '{value}': {error}") from None
    return out


# -- doors and open sides ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Door:
    """A door of a tile: its square on the outer wall, the side it is on, and its ``offset``
    along that side (the column for the north and south sides, the row for east and west, from
    0). ``level`` is 1 for a door onto F-3's bridge, else 0."""

    square: Square
    side: Direction
    offset: int
    level: int = 0


@dataclass(frozen=True, slots=True)
class OpenSide:
    """An open side: a run of at least 2 open squares on one side of the outer wall, from
    ``start`` (the offset along the side, as for :class:`Door`) for ``length`` squares."""

    side: Direction
    start: int
    length: int
    squares: tuple[Square, ...]
    level: int = 0

    @property
    def stop(self) -> int:
        """The offset just past the last square."""
        return self.start + self.length

    @property
    def offsets(self) -> range:
        return range(self.start, self.stop)


# -- the tile ------------------------------------------------------------------------------------


Grid = tuple[tuple[TileSquare, ...], ...]


@dataclass(frozen=True, slots=True, repr=False)
class RoomTile:
    """One room tile, as printed (``rotation`` R0) or turned in 90° steps.

    ``grid`` holds the rows from top to bottom. ``north`` is the side of this (rotated) map
    that points north, for A-1's compass (*Compass*); ``legend`` keeps the tile's own map
    characters so that ``str(tile)`` writes the map back. Everything else is derived and
    checked when the tile is built; a tile that is not well formed raises
    :class:`~doria_nb.engine.errors.TileError` naming the tile, the row and the column.
    """

    id: str
    name: str
    grid: Grid
    north: Direction | None = None
    rotation: Rotation = Rotation.R0
    text: str = ""
    legend: tuple[tuple[str, TileSquare], ...] = ()

    doors: tuple[Door, ...] = field(init=False, repr=False, compare=False, hash=False)
    """Every door, in reading order (top to bottom, left to right)."""
    open_sides: tuple[OpenSide, ...] = field(init=False, repr=False, compare=False, hash=False)
    """Every open side, by side (N, E, S, W) and position."""
    levels: tuple[frozenset[Square], ...] = field(init=False, repr=False, compare=False, hash=False)
    """The squares of each level a figure can be on (walkable squares and Holes): one level,
    or two on a tile with a bridge (0 below, 1 the bridge and the doors onto it)."""
    crossings: frozenset[tuple[Square, Square]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """Pairs of squares one step apart *under* a bridge: the bridge square between them is
    ignored on the lower level (*Arrows (Room F-3)*)."""
    areas: tuple[frozenset[Square], ...] = field(init=False, repr=False, compare=False, hash=False)
    """The parts of the tile a figure can reach without a Secret Door: one, or two for E-8
    (its smaller and larger room) and F-3 (its two levels)."""
    _level_of: dict[Square, int] = field(init=False, repr=False, compare=False, hash=False)
    _icons: tuple[tuple[Square, MonsterColor], ...] = field(
        init=False, repr=False, compare=False, hash=False
    )
    """Every monster icon, in reading order (:meth:`monster_icons`), found once: the
    dungeon asks it of every tile each time one is laid."""

    # -- building --

    @classmethod
    def from_map(
        cls,
        tile_id: str,
        name: str,
        text_map: str,
        *,
        legend: Mapping[str, str] | Mapping[str, TileSquare] | None = None,
        north: Direction | str | None = None,
        text: str = "",
    ) -> RoomTile:
        """Read a text map (one character per square, see :data:`LEGEND`).

        ``legend`` adds the tile's own characters, each a combination of standard ones
        (``{"W": "~w"}``); ``north`` is the side of the map that points north (``"N"`` for
        A-1). Leading and trailing blank lines and a common indentation are ignored.
        """
        own = _own_legend(legend)
        lines = textwrap.dedent(text_map.expandtabs(4)).split("\n")
        while lines and not lines[0].strip():
            lines.pop(0)
        while lines and not lines[-1].strip():
            lines.pop()
        lines = [line.rstrip() for line in lines]
        if not lines:
            raise TileError("The map is empty.", tile=tile_id)
        width = len(lines[0])
        for number, line in enumerate(lines, start=1):
            if len(line) != width:
                raise TileError(
                    f"row {number} has {len(line)} squares but row 1 has {width}: a map is a "
                    "rectangle, every row as long as the first.",
                    tile=tile_id,
                )
        height = len(lines)
        rows: list[tuple[TileSquare, ...]] = []
        for y, line in enumerate(lines):
            row: list[TileSquare] = []
            for x, char in enumerate(line):
                at = {"tile": tile_id, "row": y + 1, "column": x + 1}
                on_edge = x in (0, width - 1) or y in (0, height - 1)
                if char in own:
                    row.append(own[char])
                    continue
                if char not in LEGEND:
                    shown = "a space" if char == " " else f"'{char}'"
                    raise TileError(
                        f"{shown} is not a map character; allowed are {allowed_characters(own)}.",
                        **at,
                    )
                if char == "." and on_edge and width >= 3 and height >= 3:
                    raise TileError(
                        "'.' is floor inside the tile; on the outer edge write ':' for an open "
                        "side (at least 2 squares wide) or 'D' for a door (one square).",
                        **at,
                    )
                if char == OPEN_CHAR and not on_edge:
                    raise TileError(
                        "':' marks an open side and belongs on the outer edge (the first or "
                        "last row or column); inside the tile write '.' for floor.",
                        **at,
                    )
                row.append(LEGEND[char][0])
            rows.append(tuple(row))
        if isinstance(north, str):
            north = _direction(north, tile_id)
        return cls(
            tile_id,
            name,
            tuple(rows),
            north=north,
            text=text,
            legend=tuple(own.items()),
        )

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not self.id:
            raise TileError(f"A tile needs an id like 'A-1', not {self.id!r}.")
        if not isinstance(self.name, str):
            raise TileError("A tile's name is text.", tile=self.id)
        grid = tuple(tuple(row) for row in self.grid)
        if grid != self.grid:
            object.__setattr__(self, "grid", grid)
        if not grid or not grid[0]:
            raise TileError("The map is empty.", tile=self.id)
        width = len(grid[0])
        for number, row in enumerate(grid, start=1):
            if len(row) != width:
                raise TileError(
                    f"row {number} has {len(row)} squares but row 1 has {width}: a map is a "
                    "rectangle, every row as long as the first.",
                    tile=self.id,
                )
            for square in row:
                if not isinstance(square, TileSquare):
                    raise TileError(f"the grid holds {square!r}, not a TileSquare.", tile=self.id)
        if width < 3 or len(grid) < 3:
            raise TileError(
                f"the map is {width}×{len(grid)}; a tile is at least 3×3 (its outer wall "
                "around at least one square).",
                tile=self.id,
            )
        if not isinstance(self.rotation, Rotation):
            raise TileError(f"rotation must be a Rotation, not {self.rotation!r}.", tile=self.id)
        if self.north is not None and not isinstance(self.north, Direction):
            raise TileError(
                f"north must be a side (N, E, S or W), not {self.north!r}.", tile=self.id
            )
        _Checker(self).run()
        icons = tuple(
            (sq, content.monster_color)
            for sq, content in self.squares()
            if content.monster_color is not None
        )
        object.__setattr__(self, "_icons", icons)

    # -- size and squares --

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def size(self) -> tuple[int, int]:
        """``(width, height)`` in squares, outer wall included."""
        return (self.width, self.height)

    def __contains__(self, square: object) -> bool:
        return (
            isinstance(square, Square)
            and 0 <= square.x < self.width
            and 0 <= square.y < self.height
        )

    def __getitem__(self, square: Square) -> TileSquare:
        if square not in self:
            raise TileError(
                f"{square!r} is not on this {self.width}×{self.height} tile.", tile=self.id
            )
        return self.grid[square.y][square.x]

    def squares(self) -> Iterator[tuple[Square, TileSquare]]:
        """Every square with what it holds, in reading order."""
        for y, row in enumerate(self.grid):
            for x, square in enumerate(row):
                yield Square(x, y), square

    def on_edge(self, square: Square) -> bool:
        """Whether ``square`` is on the outer ring (the outer wall)."""
        return square.x in (0, self.width - 1) or square.y in (0, self.height - 1)

    def side_length(self, side: Direction) -> int:
        """How many squares the ``side`` of the tile is long."""
        return self.width if side in (Direction.N, Direction.S) else self.height

    def side_squares(self, side: Direction) -> tuple[Square, ...]:
        """The squares of ``side``'s outer wall, by offset (corners included)."""
        w, h = self.width, self.height
        if side is Direction.N:
            return tuple(Square(x, 0) for x in range(w))
        if side is Direction.S:
            return tuple(Square(x, h - 1) for x in range(w))
        if side is Direction.W:
            return tuple(Square(0, y) for y in range(h))
        return tuple(Square(w - 1, y) for y in range(h))

    # -- icons --

    def find(self, feature: Feature) -> tuple[Square, ...]:
        """The squares that show ``feature``, in reading order."""
        return tuple(sq for sq, content in self.squares() if feature in content.features)

    def monster_icons(
        self, characters: int | None = None
    ) -> tuple[tuple[Square, MonsterColor], ...]:
        """The monster icons, in reading order; with ``characters``, only those in use
        (*Monster icon colors*, *Special Rules for 1 or 2 Players*)."""
        icons = self._icons
        if characters is None:
            return icons
        active = active_monster_colors(characters)
        return tuple((sq, color) for sq, color in icons if color in active)  # type: ignore[misc]

    @property
    def treasures(self) -> tuple[Square, ...]:
        return self.find(Feature.TREASURE)

    @property
    def runes(self) -> tuple[tuple[Square, RuneColor], ...]:
        return tuple(
            (sq, content.rune_color)  # type: ignore[misc]
            for sq, content in self.squares()
            if content.rune_color is not None
        )

    @property
    def start_positions(self) -> dict[int, Square]:
        """Start position number (1 for I … 6 for VI) → square."""
        found = {
            content.start_position: sq
            for sq, content in self.squares()
            if content.start_position is not None
        }
        return dict(sorted(found.items()))  # type: ignore[arg-type]

    @property
    def entrances(self) -> tuple[Square, ...]:
        return self.find(Feature.ENTRANCE)

    @property
    def secret_door_sites(self) -> tuple[Square, ...]:
        return self.find(Feature.SECRET_DOOR_SITE)

    # -- exits --

    def doors_on(self, side: Direction) -> tuple[Door, ...]:
        return tuple(door for door in self.doors if door.side is side)

    def open_sides_on(self, side: Direction) -> tuple[OpenSide, ...]:
        return tuple(span for span in self.open_sides if span.side is side)

    @property
    def exits(self) -> int:
        """Doors plus open sides."""
        return len(self.doors) + len(self.open_sides)

    @property
    def is_open(self) -> bool:
        """An Open Room Tile: one or more open sides."""
        return bool(self.open_sides)

    @property
    def is_dead_end(self) -> bool:
        """Only one way in and none on: a single door or a single open side."""
        return self.exits == 1

    # -- levels and steps --

    @property
    def has_levels(self) -> bool:
        return len(self.levels) > 1

    def level(self, square: Square) -> int | None:
        """The level of ``square`` (0, or 1 on a bridge), ``None`` for walls and the like."""
        return self._level_of.get(square)

    def steps(self, square: Square) -> tuple[Square, ...]:
        """The squares one step from ``square`` on the same level within this tile: the
        orthogonal neighbours a figure could be on (walkable or a Hole), plus the square on the
        far side of a bridge for a square under it. Markers and figures are not considered."""
        level = self._level_of.get(square)
        if level is None:
            return ()
        out = [n for n in square.neighbors() if self._level_of.get(n) == level]
        out.extend(b if a == square else a for a, b in self.crossings if square in (a, b))
        return tuple(out)

    # -- rotation --

    def rotated(self, rotation: Rotation) -> RoomTile:
        """This tile turned clockwise by ``rotation`` (on top of its own rotation)."""
        if not isinstance(rotation, Rotation):
            raise TileError(f"A tile turns by a Rotation, not {rotation!r}.", tile=self.id)
        if rotation is Rotation.R0:
            return self
        return _turned(self, rotation)

    def rotations(self) -> tuple[RoomTile, ...]:
        """The tile in its four orientations, starting with this one."""
        return tuple(self.rotated(r) for r in Rotation)

    def unrotated(self) -> RoomTile:
        """The tile as printed."""
        return self.rotated(self.rotation.inverse)

    def rotate_square(self, square: Square, rotation: Rotation) -> Square:
        """Where ``square`` of this tile lies on ``self.rotated(rotation)``."""
        return rotate(square, rotation, self.size)

    # -- text --

    def char_at(self, square: Square) -> str:
        """The map character of ``square``."""
        content = self[square]
        for char, own in self.legend:
            if own == content:
                return char
        if content == LEGEND["."][0] and self.on_edge(square):
            return OPEN_CHAR
        found = _SQUARE_CHARS.get(content)
        if found is not None:
            return found
        # A combination without a legend character: show its most telling icon.
        return content.features[0].char if content.features else content.terrain.char

    def __str__(self) -> str:
        return "\n".join(
            "".join(self.char_at(Square(x, y)) for x in range(self.width))
            for y in range(self.height)
        )

    def __repr__(self) -> str:
        parts = [_count(len(self.doors), "door")]
        if self.open_sides:
            parts.append(_count(len(self.open_sides), "open side"))
        turn = f" turned {self.rotation.name}" if self.rotation is not Rotation.R0 else ""
        return (
            f"<RoomTile {self.id} {self.name!r} {self.width}×{self.height}{turn}: "
            f"{', '.join(parts)}>"
        )

    def describe(self) -> str:
        """The tile in words, for screen readers and text descriptions of the board."""
        lines = [f"Room tile {self.id}, {self.name}: {self.width} by {self.height} squares."]
        for side in _CLOCKWISE:
            doors = self.doors_on(side)
            spans = self.open_sides_on(side)
            bits = [f"door at {d.offset + 1}" for d in doors]
            bits += [f"open side {s.start + 1}–{s.stop}" for s in spans]
            if bits:
                lines.append(f"{_SIDE_NAMES[side]} side: {', '.join(bits)}.")
        icons = self.monster_icons()
        if icons:
            counts = {c: sum(1 for _, col in icons if col is c) for c in MonsterColor}
            lines.append(
                "Monster icons: "
                + ", ".join(f"{n} {c.value}" for c, n in counts.items() if n)
                + "."
            )
        if self.treasures:
            lines.append(_count(len(self.treasures), "treasure icon") + ".")
        if self.runes:
            lines.append("Runes: " + ", ".join(c.value for _, c in self.runes) + ".")
        if self.entrances:
            lines.append(
                f"Stairs with {_count(len(self.entrances), 'entrance square')} for new monsters."
            )
        if self.secret_door_sites:
            lines.append(_count(len(self.secret_door_sites), "secret-door site") + ".")
        if self.has_levels:
            lines.append(
                f"A bridge: {len(self.levels[1])} squares on the bridge, "
                f"{len(self.levels[0])} on the level below."
            )
        if self.start_positions:
            lines.append(
                "Start positions " + ", ".join(ROMAN[n - 1] for n in self.start_positions) + "."
            )
        if self.north is not None:
            lines.append(f"The compass points north to the {_SIDE_NAMES[self.north]}.")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return _svg(self)


@functools.lru_cache(maxsize=1024)
def _turned(tile: RoomTile, rotation: Rotation) -> RoomTile:
    """``tile.rotated(rotation)``, built (and checked) once per tile and turn."""
    grid = tile.grid
    for _ in range(rotation.value):
        grid = tuple(zip(*grid[::-1], strict=True))
    return RoomTile(
        tile.id,
        tile.name,
        grid,
        north=tile.north.rotated(rotation) if tile.north is not None else None,
        rotation=tile.rotation.then(rotation),
        text=tile.text,
        legend=tile.legend,
    )


_SIDE_NAMES = {Direction.N: "top", Direction.E: "right", Direction.S: "bottom", Direction.W: "left"}


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def _direction(value: str, tile_id: str | None) -> Direction:
    try:
        return Direction[value]
    except KeyError:
        raise TileError(
            f"north must be one of 'N', 'E', 'S', 'W' (the side of the map that points "
            f"north), not {value!r}.",
            tile=tile_id,
        ) from None


def _own_legend(
    legend: Mapping[str, str] | Mapping[str, TileSquare] | None,
) -> dict[str, TileSquare]:
    if not legend:
        return {}
    if all(isinstance(v, TileSquare) for v in legend.values()):
        for key in legend:
            if not isinstance(key, str) or len(key) != 1 or key in LEGEND:
                raise TileError(f"A legend key is one non-standard character, not {key!r}.")
        return dict(legend)  # type: ignore[arg-type]
    return parse_legend(legend)  # type: ignore[arg-type]


# -- checks ----------------------------------------------------------------------------------------


def _where(square: Square) -> str:
    return f"row {square.y + 1}, column {square.x + 1}"


class _Checker:
    """Checks a tile and fills in its derived fields."""

    def __init__(self, tile: RoomTile) -> None:
        self.tile = tile
        self.w, self.h = tile.width, tile.height

    def error(self, problem: str, square: Square | None = None) -> TileError:
        if square is None:
            return TileError(problem, tile=self.tile.id)
        return TileError(problem, tile=self.tile.id, row=square.y + 1, column=square.x + 1)

    def at(self, square: Square) -> TileSquare:
        return self.tile.grid[square.y][square.x]

    def inside(self, square: Square) -> bool:
        return 0 <= square.x < self.w and 0 <= square.y < self.h

    def corner(self, square: Square) -> bool:
        return square.x in (0, self.w - 1) and square.y in (0, self.h - 1)

    def inward(self, square: Square, side: Direction) -> Square:
        return square.step(side.opposite)

    def run(self) -> None:
        tile = self.tile
        doors: list[Door] = []
        spans: list[OpenSide] = []
        # Interior squares: no doors, no bridges at the edge is checked below.
        for sq, content in tile.squares():
            t = content.terrain
            if not tile.on_edge(sq):
                if t is Terrain.DOOR:
                    raise self.error(
                        "this door is inside the tile, but doors are single-square passages in "
                        "the outer wall (the first or last row or column of the map).",
                        sq,
                    )
                continue
            if t is Terrain.BRIDGE:
                raise self.error(
                    "a bridge square ('=') lies inside the tile; its ends meet doors in the "
                    "outer wall.",
                    sq,
                )
            if Feature.SECRET_DOOR_SITE in content.features:
                raise self.error(
                    "a secret-door site ('?') lies inside the tile, between two of its rooms; "
                    "Secret Doors in the outer wall need no mark.",
                    sq,
                )
            if self.corner(sq) and not t.wall_like:
                raise self.error(
                    f"this corner of the outer wall is '{tile.char_at(sq)}'; the corners are "
                    "always wall ('#', 'X' or 'S'), so doors and open sides lie between them.",
                    sq,
                )
        for side in _CLOCKWISE:
            squares = tile.side_squares(side)
            run: list[int] = []
            for offset, sq in enumerate([*squares, None]):
                content = self.at(sq) if sq is not None else None
                is_open = (
                    content is not None
                    and not content.terrain.wall_like
                    and content.terrain is not Terrain.DOOR
                )
                if is_open:
                    run.append(offset)
                    continue
                if run:
                    spans.append(self.open_side(side, squares, run))
                    run = []
                if content is not None and content.terrain is Terrain.DOOR:
                    doors.append(self.door(side, squares, offset))
        doors.sort(key=lambda d: reading_order(d.square))
        self.check_features()
        levels, level_of, crossings = self.levels(doors, spans)
        doors = [Door(d.square, d.side, d.offset, level_of.get(d.square, 0)) for d in doors]
        spans = [
            OpenSide(s.side, s.start, s.length, s.squares, level_of.get(s.squares[0], 0))
            for s in spans
        ]
        object.__setattr__(tile, "doors", tuple(doors))
        object.__setattr__(tile, "open_sides", tuple(spans))
        object.__setattr__(tile, "_level_of", level_of)
        object.__setattr__(tile, "crossings", frozenset(crossings))
        object.__setattr__(tile, "levels", levels)
        areas = self.connectivity(level_of, crossings)
        object.__setattr__(tile, "areas", areas)
        self.check_exits(doors, spans, levels)

    def door(self, side: Direction, squares: tuple[Square, ...], offset: int) -> Door:
        sq = squares[offset]
        for beside in (squares[offset - 1], squares[offset + 1]):
            if not self.at(beside).terrain.wall_like:
                raise self.error(
                    f"this door is not a single-square passage: the square beside it on the "
                    f"outer wall ({_where(beside)}, '{self.tile.char_at(beside)}') must be wall "
                    "('#', 'X' or 'S'); an opening 2 or more squares wide is an open side (':').",
                    sq,
                )
        inner = self.inward(sq, side)
        if not self.at(inner).terrain.walkable:
            raise self.error(
                f"this door leads nowhere: the square inside it ({_where(inner)}, "
                f"'{self.tile.char_at(inner)}') must be one a figure can stand on.",
                sq,
            )
        return Door(sq, side, offset)

    def open_side(self, side: Direction, squares: tuple[Square, ...], run: list[int]) -> OpenSide:
        first = squares[run[0]]
        if len(run) < 2:
            raise self.error(
                "this opening in the outer wall is 1 square wide; open sides are at least 2 "
                "squares wide (a 1-square opening is a door 'D').",
                first,
            )
        return OpenSide(side, run[0], len(run), tuple(squares[i] for i in run))

    def check_features(self) -> None:
        tile = self.tile
        starts: dict[int, Square] = {}
        for sq, content in tile.squares():
            number = content.start_position
            if number is not None:
                if number in starts:
                    raise self.error(
                        f"start position {ROMAN[number - 1]} appears twice (here and at "
                        f"{_where(starts[number])}); each of I–VI appears at most once.",
                        sq,
                    )
                starts[number] = sq
            if Feature.ENTRANCE in content.features and not any(
                self.inside(n) and self.at(n).terrain is Terrain.STAIRS for n in sq.neighbors()
            ):
                raise self.error(
                    "a stairs entrance ('e') lies next to the stairs ('S'), where new monsters "
                    "come in; this one has no stairs beside it.",
                    sq,
                )
            if content.terrain is Terrain.STAIRS and not any(
                self.inside(n) and Feature.ENTRANCE in self.at(n).features for n in sq.neighbors()
            ):
                raise self.error(
                    "the stairs ('S') lead into the room through entrance squares ('e'); this "
                    "stairs square has no entrance beside it.",
                    sq,
                )
            if Feature.SECRET_DOOR_SITE in content.features and not any(
                self.at(sq.step(a)).walkable and self.at(sq.step(b)).walkable
                for a, b in _OPPOSITE_PAIRS
            ):
                raise self.error(
                    "a secret-door site ('?') joins two rooms: it needs squares a figure "
                    "can stand on at both sides (above and below, or left and right).",
                    sq,
                )

    def levels(
        self, doors: list[Door], spans: list[OpenSide]
    ) -> tuple[tuple[frozenset[Square], ...], dict[Square, int], set[tuple[Square, Square]]]:
        tile = self.tile
        level_of: dict[Square, int] = {}
        for sq, content in tile.squares():
            if content.walkable or content.terrain.jumpable:
                level_of[sq] = 1 if content.terrain is Terrain.BRIDGE else 0
        for door in doors:
            inner = self.inward(door.square, door.side)
            if self.at(inner).terrain is Terrain.BRIDGE:
                level_of[door.square] = 1
        crossings: set[tuple[Square, Square]] = set()
        for sq, content in tile.squares():
            if content.terrain is not Terrain.BRIDGE:
                continue
            for a_dir, b_dir in _OPPOSITE_PAIRS:
                a, b = sq.step(a_dir), sq.step(b_dir)
                if level_of.get(a) == 0 and level_of.get(b) == 0:
                    crossings.add((a, b))
        if any(level == 1 for level in level_of.values()):
            levels = tuple(frozenset(sq for sq, lv in level_of.items() if lv == n) for n in (0, 1))
        else:
            levels = (frozenset(level_of),)
        return levels, level_of, crossings

    def connectivity(
        self, level_of: dict[Square, int], crossings: set[tuple[Square, Square]]
    ) -> tuple[frozenset[Square], ...]:
        """The areas without Secret Doors; raises when a level is not one piece even with
        its secret-door sites opened."""
        links: dict[Square, set[Square]] = {sq: set() for sq in level_of}
        for sq, level in level_of.items():
            for d in (Direction.E, Direction.S):
                n = sq.step(d)
                if level_of.get(n) == level:
                    links[sq].add(n)
                    links[n].add(sq)
        for a, b in crossings:
            links[a].add(b)
            links[b].add(a)
        areas = _components(links)
        with_sites = {sq: set(ns) for sq, ns in links.items()}
        for site in self.tile.secret_door_sites:
            for a_dir, b_dir in _OPPOSITE_PAIRS:
                a, b = site.step(a_dir), site.step(b_dir)
                if a in with_sites and b in with_sites and level_of[a] == level_of[b]:
                    with_sites[a].add(b)
                    with_sites[b].add(a)
        pieces = _components(with_sites)
        for level in sorted(set(level_of.values())):
            on_level = [p for p in pieces if level_of[next(iter(p))] == level]
            if len(on_level) > 1:
                first, second = (min(p, key=reading_order) for p in on_level[:2])
                where = " on the bridge" if level == 1 else ""
                raise self.error(
                    f"the floor{where} is not connected: {_where(second)} cannot be reached "
                    f"from {_where(first)} (Holes count as crossable by jumping; a "
                    "secret-door site '?' joins the rooms on its two sides)."
                )
        return tuple(sorted(areas, key=lambda p: min(map(reading_order, p))))

    def check_exits(
        self,
        doors: list[Door],
        spans: list[OpenSide],
        levels: tuple[frozenset[Square], ...],
    ) -> None:
        if not doors and not spans:
            raise self.error(
                "this tile has no door ('D') and no open side (':') in its outer wall, so it "
                "could never be placed."
            )
        if len(levels) > 1:
            for level in range(len(levels)):
                if not any(d.level == level for d in doors) and not any(
                    s.level == level for s in spans
                ):
                    name = "the bridge" if level == 1 else "the level under the bridge"
                    raise self.error(f"{name} has no door or open side: nobody could reach it.")


def _components(links: Mapping[Square, set[Square]]) -> list[frozenset[Square]]:
    seen: set[Square] = set()
    out: list[frozenset[Square]] = []
    for start in sorted(links, key=reading_order):
        if start in seen:
            continue
        piece = {start}
        todo = [start]
        while todo:
            sq = todo.pop()
            for n in links[sq]:
                if n not in piece:
                    piece.add(n)
                    todo.append(n)
        seen |= piece
        out.append(frozenset(piece))
    return out


# -- a small picture -------------------------------------------------------------------------------

_CELL = 18
_FILL = {
    Terrain.FLOOR: "#f3efe4",
    Terrain.WALL: "#4a4a4a",
    Terrain.DOOR: "#a6611a",
    Terrain.HOLE: "#ffffff",
    Terrain.RED_SOLID: "#7f2704",
    Terrain.BLUE_DASHED: "#c6dbef",
    Terrain.BLUE_SOLID: "#9ecae1",
    Terrain.BRIDGE: "#dfc27d",
    Terrain.STAIRS: "#969696",
}
_BORDER = {
    Terrain.HOLE: ("#d7301f", "4 2"),
    Terrain.RED_SOLID: ("#d7301f", ""),
    Terrain.BLUE_DASHED: ("#2171b5", "4 2"),
    Terrain.BLUE_SOLID: ("#2171b5", ""),
}


def _svg(tile: RoomTile) -> str:
    c = _CELL
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{tile.width * c}" '
        f'height="{tile.height * c}" viewBox="0 0 {tile.width * c} {tile.height * c}" '
        f'role="img" aria-label="{escape(tile.describe())}">'
    ]
    for sq, content in tile.squares():
        x, y = sq.x * c, sq.y * c
        stroke, dash = _BORDER.get(content.terrain, ("#bdbdbd", ""))
        dash_attr = f' stroke-dasharray="{dash}"' if dash else ""
        parts.append(
            f'<rect x="{x + 0.5}" y="{y + 0.5}" width="{c - 1}" height="{c - 1}" '
            f'fill="{_FILL[content.terrain]}" stroke="{stroke}"{dash_attr}/>'
        )
        char = tile.char_at(sq)
        if char not in "#.:" and not (len(char) == 1 and char in "xX~%="):
            parts.append(
                f'<text x="{x + c / 2}" y="{y + c * 0.72}" font-size="{c * 0.65}" '
                f'text-anchor="middle" font-family="monospace" fill="#111">'
                f"{escape(char)}</text>"
            )
    parts.append("</svg>")
    return "".join(parts)
