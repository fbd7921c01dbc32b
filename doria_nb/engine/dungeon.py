"""The dungeon on the table: placed room tiles, their doors, the markers in play.

A :class:`Dungeon` is immutable: placing a tile, opening a door or dropping a marker returns a
new dungeon, so a game can keep every earlier state (undo, replay) for free. Squares are
*table* squares: a :class:`PlacedTile` says where its (already turned) tile's top-left square
lies, and every question — what is on this square, can a figure stand here, which squares are
one step away, is there Line of Sight — is asked in table coordinates.

What the tiles print is fixed (:mod:`doria_nb.engine.tiles`); what the dungeon adds is state:

* **Doors** (*Revealing a Room Tile*, *Dungeon Markers*): a door square is passable only once
  opened. A door facing another tile's door or open side is *joined*; facing a wall of another
  tile it is *walled up* for good (Example 3 of *Revealing a Room Tile*); facing the empty
  table it is *unexplored* and opening it reveals the next tile. A door not yet opened and a
  Blocked Door are Walls (ruling T11).
* **Markers** (*Dungeon Markers*): a Hole marker makes its square a Hole, Rubble and a Blocked
  Door block it like a Wall, a Secret Door turns a wall square into a door.
* **Treasure markers** (*Treasure Icon on a Room Tile*) lie on revealed treasure icons until a
  character searches them.

>>> from doria_nb.content.loader import starter_pack
>>> a1 = starter_pack().tile("A-1")
>>> dungeon = Dungeon.start(a1)
>>> [str(door) for door in dungeon.doors()]
['door at (4, 0) on A-1, unexplored', 'door at (0, 4) on A-1, unexplored', \
'door at (8, 4) on A-1, unexplored']
>>> dungeon.passable(Square(4, 1)), dungeon.passable(Square(4, 0))
(True, False)
"""

from __future__ import annotations

import functools
import itertools
import weakref
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum

from doria_nb.engine.cards import Marker
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.geometry import Direction, Square, reading_order
from doria_nb.engine.sight import SightMap, SightResult
from doria_nb.engine.tile_tables import LEVEL_NAMES as _LEVEL_NAMES
from doria_nb.engine.tile_tables import tile_sight, tile_tables
from doria_nb.engine.tiles import LEGEND, MARKER_RULES, RoomTile, Terrain, TileSquare

__all__ = [
    "Dungeon",
    "DungeonDoor",
    "DungeonOpenSide",
    "Link",
    "PlacedTile",
]


ORIGIN = Square(0, 0)
"""Where the first tile's top-left square lies unless a scenario says otherwise."""


class Link(StrEnum):
    """What lies across a door or an open side, on the other side of the tile's edge."""

    NOTHING = "unexplored"
    """The empty table: opening this door (or filling this open side) reveals a tile."""
    DOOR = "joined to a door"
    OPEN = "joined to an open side"
    WALL = "walled up"
    """A wall of another tile: the door can never be opened (*Revealing a Room Tile*)."""


@dataclass(frozen=True, slots=True)
class PlacedTile:
    """A room tile on the table: ``tile`` (already turned) with its top-left square at
    ``origin``.

    >>> from doria_nb.engine.tiles import RoomTile
    >>> tile = RoomTile.from_map("Z-1", "Closet", "###D###\\n#.....#\\n#######")
    >>> placed = PlacedTile(tile, Square(10, 5))
    >>> placed.to_table(Square(3, 0)), placed.to_local(Square(13, 5))
    (Square(x=13, y=5), Square(x=3, y=0))
    """

    tile: RoomTile
    origin: Square = ORIGIN

    def __post_init__(self) -> None:
        if not isinstance(self.tile, RoomTile):
            raise DungeonError(f"A placed tile needs a RoomTile, not {self.tile!r}.")
        if not isinstance(self.origin, Square):
            raise DungeonError(f"A tile is placed at a Square, not {self.origin!r}.")

    @property
    def id(self) -> str:
        return self.tile.id

    @property
    def left(self) -> int:
        return self.origin.x

    @property
    def top(self) -> int:
        return self.origin.y

    @property
    def right(self) -> int:
        """The column just east of the tile."""
        return self.origin.x + self.tile.width

    @property
    def bottom(self) -> int:
        """The row just south of the tile."""
        return self.origin.y + self.tile.height

    def to_table(self, local: Square) -> Square:
        return Square(local.x + self.origin.x, local.y + self.origin.y)

    def to_local(self, square: Square) -> Square:
        return Square(square.x - self.origin.x, square.y - self.origin.y)

    def __contains__(self, square: object) -> bool:
        return (
            isinstance(square, Square)
            and self.left <= square.x < self.right
            and self.top <= square.y < self.bottom
        )

    def overlaps(self, other: PlacedTile) -> bool:
        """Whether the two tiles share a square (touching edges is not overlapping)."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
        )

    def squares(self) -> Iterator[tuple[Square, TileSquare]]:
        """Every table square of the tile with what it holds."""
        for local, content in self.tile.squares():
            yield self.to_table(local), content

    def __str__(self) -> str:
        turn = f" turned {self.tile.rotation.degrees}°" if self.tile.rotation.value else ""
        return f"{self.tile.id}{turn} at ({self.origin.x}, {self.origin.y})"


@dataclass(frozen=True, slots=True)
class DungeonDoor:
    """A door of a placed tile, in table squares, with its state."""

    square: Square
    tile_index: int
    tile_id: str
    side: Direction
    link: Link
    opened: bool
    blocked: bool
    secret: bool = False

    @property
    def outside(self) -> Square:
        """The square across the tile's edge, in front of the door on the other side."""
        return self.square.step(self.side)

    @property
    def inside(self) -> Square:
        """The square in front of the door on its own tile, where a character opens it."""
        return self.square.step(self.side.opposite)

    @property
    def passable(self) -> bool:
        return self.opened and not self.blocked and self.link is not Link.WALL

    @property
    def state(self) -> str:
        if self.blocked:
            return "blocked"
        if self.link is Link.WALL:
            return "walled up"
        if self.opened:
            return "open"
        return "unexplored" if self.link is Link.NOTHING else "closed"

    def __str__(self) -> str:
        kind = "secret door" if self.secret else "door"
        return f"{kind} at ({self.square.x}, {self.square.y}) on {self.tile_id}, {self.state}"


@dataclass(frozen=True, slots=True)
class DungeonOpenSide:
    """An open side of a placed tile, in table squares, with what it meets."""

    tile_index: int
    tile_id: str
    side: Direction
    squares: tuple[Square, ...]
    link: Link
    connected: bool
    """Whether the tile part this open side belongs to is connected to the dungeon (*No
    connection to the dungeon*)."""

    @property
    def outside(self) -> tuple[Square, ...]:
        """The squares across the edge, where a tile joined to this side lies."""
        return tuple(sq.step(self.side) for sq in self.squares)

    @property
    def pending(self) -> bool:
        """Still to be filled by drawing a tile: it faces the empty table and is connected."""
        return self.link is Link.NOTHING and self.connected

    def __str__(self) -> str:
        a, b = self.squares[0], self.squares[-1]
        state = "waiting for a tile" if self.pending else self.link.value
        if self.link is Link.NOTHING and not self.connected:
            state = "not connected to the dungeon"
        return f"open side ({a.x}, {a.y})–({b.x}, {b.y}) of {self.tile_id}, {state}"


@dataclass(frozen=True)
class Dungeon:
    """The explored dungeon: placed tiles, opened doors, markers and treasure markers.

    ``opened`` holds the table squares of opened doors (both squares of a joined pair, and the
    squares of opened Secret Doors); ``markers`` one marker per square; ``treasures`` the
    treasure markers still lying in the dungeon.
    """

    tiles: tuple[PlacedTile, ...]
    opened: frozenset[Square] = frozenset()
    markers: tuple[tuple[Square, Marker], ...] = ()
    treasures: frozenset[Square] = frozenset()

    _owner: dict[Square, int] = field(init=False, repr=False, compare=False, hash=False)
    _markers: dict[Square, Marker] = field(init=False, repr=False, compare=False, hash=False)
    _neighbor_cache: dict[Square, tuple[Square, ...]] = field(
        init=False, repr=False, compare=False, hash=False
    )
    # What each square holds, and whether a figure may stand there: derived once, since a
    # dungeon never changes (the search of every move asks these thousands of times).
    _contents: dict[Square, TileSquare] = field(init=False, repr=False, compare=False, hash=False)
    _passable_cache: dict[Square, bool] = field(init=False, repr=False, compare=False, hash=False)

    def __post_init__(self) -> None:
        tiles = tuple(self.tiles)
        object.__setattr__(self, "tiles", tiles)
        if not tiles:
            raise DungeonError("A dungeon starts with one room tile (usually A-1).")
        owner: dict[Square, int] = {}
        contents: dict[Square, TileSquare] = {}
        for index, placed in enumerate(tiles):
            if not isinstance(placed, PlacedTile):
                raise DungeonError(f"The dungeon holds placed tiles, not {placed!r}.")
            for earlier in tiles[:index]:
                if placed.overlaps(earlier):
                    raise DungeonError(
                        f"{placed} would lie on top of {earlier}; tiles never overlap."
                    )
            for square, content in placed.squares():
                owner[square] = index
                contents[square] = content
            # What the tile alone gives the searches and Line of Sight, worked out once per
            # turned tile as it is placed (:mod:`~doria_nb.engine.tile_tables`): a dungeon's
            # own tables are then only put together from them.
            tile_tables(placed.tile)
            tile_sight(placed.tile)
        object.__setattr__(self, "_owner", owner)
        object.__setattr__(self, "_contents", contents)
        object.__setattr__(self, "_neighbor_cache", {})
        object.__setattr__(self, "_passable_cache", {})
        object.__setattr__(self, "opened", frozenset(self.opened))
        object.__setattr__(self, "treasures", frozenset(self.treasures))
        pairs = tuple(sorted(dict(self.markers).items(), key=lambda kv: reading_order(kv[0])))
        if len(pairs) != len(self.markers):
            raise DungeonError("A square holds at most one marker.")
        object.__setattr__(self, "markers", pairs)
        object.__setattr__(self, "_markers", dict(pairs))
        for square, marker in pairs:
            if square not in owner:
                raise DungeonError(
                    f"A {marker_name(marker)} marker at ({square.x}, {square.y}) lies off the "
                    "dungeon; markers go on squares of a room tile."
                )

    def __getstate__(self) -> dict[str, object]:
        """Copied or pickled without the link to the dungeon it grew from (a weak
        reference, see :meth:`with_tile`)."""
        state = dict(self.__dict__)
        state.pop("_grown_from", None)
        return state

    # -- building --

    @classmethod
    def start(cls, tile: RoomTile, origin: Square = ORIGIN) -> Dungeon:
        """A dungeon of one tile (the scenario's start tile, A-1 in most scenarios)."""
        return cls((PlacedTile(tile, origin),))

    def with_tile(self, placed: PlacedTile, *, open_doors: Iterable[Square] = ()) -> Dungeon:
        """This dungeon with ``placed`` added (and the door squares ``open_doors`` opened).

        The treasure icons of the new tile get their treasure markers (*Treasure Icon on a Room
        Tile*).
        """
        treasures = {placed.to_table(sq) for sq in placed.tile.treasures}
        grown = Dungeon(
            (*self.tiles, placed),
            self.opened | frozenset(open_doors),
            self.markers,
            self.treasures | treasures,
        )
        # Not a field: lets :attr:`connected_squares` start from this dungeon's answer.
        object.__setattr__(grown, "_grown_from", weakref.ref(self))
        return grown

    def with_opened(self, *squares: Square) -> Dungeon:
        """This dungeon with the door squares ``squares`` opened."""
        return self._same_layout(
            Dungeon(self.tiles, self.opened | frozenset(squares), self.markers, self.treasures)
        )

    def with_marker(self, square: Square, marker: Marker) -> Dungeon:
        """This dungeon with ``marker`` placed on ``square`` (replacing nothing: a square holds
        one marker)."""
        marker = self.check_marker(square, marker, self._markers)
        return self._same_layout(
            Dungeon(self.tiles, self.opened, (*self.markers, (square, marker)), self.treasures)
        )

    def with_markers(self, placed: Iterable[tuple[Square, Marker]]) -> Dungeon:
        """This dungeon with every marker of ``placed`` added, each checked as
        :meth:`with_marker` checks it, the dungeon built once (so many markers cost one
        build, not one each)."""
        markers = dict(self._markers)
        for square, marker in placed:
            markers[square] = self.check_marker(square, marker, markers)
        return self._same_layout(
            Dungeon(self.tiles, self.opened, tuple(markers.items()), self.treasures)
        )

    def check_marker(
        self, square: Square, marker: Marker, markers: Mapping[Square, Marker]
    ) -> Marker:
        """``marker`` as a :class:`Marker`, if it may go on ``square`` with ``markers`` already
        placed; :class:`DungeonError` in words otherwise."""
        marker = Marker(marker)
        if square in markers:
            raise DungeonError(
                f"({square.x}, {square.y}) already holds a {marker_name(markers[square])} marker."
            )
        if square not in self._owner:
            raise DungeonError(f"({square.x}, {square.y}) is not on a room tile.")
        content = self.content(square)
        rule = MARKER_RULES[marker]
        if rule.opens_wall and content is not None and not _takes_secret_door(content):
            raise DungeonError(
                "A Secret Door is placed on a wall square (not a floor, a door or the stairs)."
            )
        if rule.closes_door and not self._is_door_square(square):
            raise DungeonError("A Blocked Door marker goes on a door.")
        return marker

    def without_marker(self, square: Square) -> Dungeon:
        """This dungeon with the marker on ``square`` removed (Rubble cleared, a trap
        disarmed)."""
        if square not in self._markers:
            raise DungeonError(f"There is no marker at ({square.x}, {square.y}).")
        return self._same_layout(
            Dungeon(
                self.tiles,
                self.opened,
                tuple((sq, m) for sq, m in self.markers if sq != square),
                self.treasures,
            )
        )

    def without_treasure(self, square: Square) -> Dungeon:
        """This dungeon with the treasure marker on ``square`` taken (it was searched)."""
        if square not in self.treasures:
            raise DungeonError(f"There is no treasure marker at ({square.x}, {square.y}).")
        return self._same_layout(
            Dungeon(self.tiles, self.opened, self.markers, self.treasures - {square})
        )

    def _same_layout(self, new: Dungeon) -> Dungeon:
        """``new``, sharing this dungeon's answers to "which squares are one step apart" when
        they cannot differ: the same placed tiles and the same Secret Doors (the one marker
        that joins squares, :func:`_edge_pair_open`). Opening doors, other markers and
        treasures never change them, so a game's next dungeon need not work them out again."""
        if new.tiles is self.tiles and _secret_doors(new) == _secret_doors(self):
            object.__setattr__(new, "_neighbor_cache", self._neighbor_cache)
        return new

    # -- what is where --

    def tile_index(self, square: Square) -> int | None:
        """The index (in placing order) of the tile ``square`` lies on, ``None`` off the
        dungeon."""
        return self._owner.get(square)

    def tile_at(self, square: Square) -> PlacedTile | None:
        index = self._owner.get(square)
        return None if index is None else self.tiles[index]

    def content(self, square: Square) -> TileSquare | None:
        """What the tile prints on ``square``, ``None`` off the dungeon."""
        return self._contents.get(square)

    def marker(self, square: Square) -> Marker | None:
        return self._markers.get(square)

    def level(self, square: Square) -> int | None:
        """The F-3 level of ``square`` on a tile with a bridge (0 below, 1 the bridge), else
        ``None``."""
        placed = self.tile_at(square)
        if placed is None or not placed.tile.has_levels:
            return None
        return placed.tile.level(placed.to_local(square))

    def squares(self) -> Iterator[Square]:
        """Every square of the dungeon, tile by tile."""
        return iter(self._owner)

    @property
    def bounds(self) -> tuple[Square, Square]:
        """The top-left and bottom-right squares of the smallest rectangle around the
        dungeon."""
        return (
            Square(min(t.left for t in self.tiles), min(t.top for t in self.tiles)),
            Square(max(t.right for t in self.tiles) - 1, max(t.bottom for t in self.tiles) - 1),
        )

    # -- doors and open sides --

    def door_square(self, square: Square) -> bool:
        """Whether ``square`` is a door: printed on the tile, or a Secret Door marker."""
        return self._is_door_square(square)

    def _is_door_square(self, square: Square) -> bool:
        content = self.content(square)
        if content is None:
            return False
        if content.terrain is Terrain.DOOR:
            return True
        return self._markers.get(square) is Marker.SECRET_DOOR

    def _link(self, square: Square, side: Direction) -> Link:
        across = square.step(side)
        content = self.content(across)
        if content is None:
            return Link.NOTHING
        placed = self.tile_at(across)
        assert placed is not None
        if content.terrain is Terrain.DOOR or self._markers.get(across) is Marker.SECRET_DOOR:
            return Link.DOOR
        if content.terrain.wall_like:
            return Link.WALL
        if placed.tile.on_edge(placed.to_local(across)):
            return Link.OPEN
        return Link.WALL  # pragma: no cover - an edge square is a wall, a door or open

    def doors(self) -> Iterator[DungeonDoor]:
        """Every door in the dungeon, tile by tile: printed doors and Secret Doors on a tile's
        outer wall."""
        return iter(self._all_doors)

    @functools.cached_property
    def _all_doors(self) -> tuple[DungeonDoor, ...]:
        return tuple(self._find_doors())

    def _find_doors(self) -> Iterator[DungeonDoor]:
        for index, placed in enumerate(self.tiles):
            for door in placed.tile.doors:
                yield self._door(index, placed, door.square, door.side, secret=False)
            for local in self._secret_squares(placed):
                side = _edge_side(placed.tile, local)
                if side is not None:
                    yield self._door(index, placed, local, side, secret=True)

    def _secret_squares(self, placed: PlacedTile) -> list[Square]:
        return [
            placed.to_local(sq)
            for sq, m in self.markers
            if m is Marker.SECRET_DOOR and sq in placed
        ]

    def _door(
        self, index: int, placed: PlacedTile, local: Square, side: Direction, *, secret: bool
    ) -> DungeonDoor:
        square = placed.to_table(local)
        return DungeonDoor(
            square,
            index,
            placed.id,
            side,
            self._link(square, side),
            square in self.opened,
            self._markers.get(square) is Marker.BLOCKED_DOOR,
            secret,
        )

    def door(self, square: Square) -> DungeonDoor:
        """The door on ``square``; a clear error when there is none."""
        for door in self.doors():
            if door.square == square:
                return door
        raise DungeonError(f"There is no door at ({square.x}, {square.y}).")

    def open_sides(self) -> Iterator[DungeonOpenSide]:
        """Every open side of every tile with what it meets."""
        return iter(self._all_open_sides)

    @functools.cached_property
    def _all_open_sides(self) -> tuple[DungeonOpenSide, ...]:
        return tuple(self._find_open_sides())

    def _find_open_sides(self) -> Iterator[DungeonOpenSide]:
        connected = self.connected_squares
        for index, placed in enumerate(self.tiles):
            for span in placed.tile.open_sides:
                squares = tuple(placed.to_table(sq) for sq in span.squares)
                links = {self._link(sq, span.side) for sq in squares}
                if links == {Link.NOTHING}:
                    link = Link.NOTHING
                elif Link.OPEN in links:
                    link = Link.OPEN
                elif Link.DOOR in links:
                    link = Link.DOOR
                else:
                    link = Link.WALL if Link.WALL in links else Link.NOTHING
                yield DungeonOpenSide(
                    index,
                    placed.id,
                    span.side,
                    squares,
                    link,
                    squares[0] in connected,
                )

    def pending_open_sides(self) -> tuple[DungeonOpenSide, ...]:
        """Open sides that still draw a tile: facing the empty table and connected to the
        dungeon (*Special Feature: Open Room Tiles*, *No connection to the dungeon*)."""
        return tuple(side for side in self.open_sides() if side.pending)

    def unexplored_doors(self) -> tuple[DungeonDoor, ...]:
        """Doors that can still be opened to reveal a tile: not opened, not blocked, facing
        the empty table, on a part of the dungeon the heroes can reach (*Dead Ends*)."""
        return self._unexplored_doors

    @functools.cached_property
    def _unexplored_doors(self) -> tuple[DungeonDoor, ...]:
        connected = self.connected_squares
        return tuple(
            door
            for door in self.doors()
            if door.link is Link.NOTHING
            and not door.opened
            and not door.blocked
            and door.inside in connected
        )

    # -- standing and stepping --

    def passable(self, square: Square) -> bool:
        """Whether a figure may stand on ``square`` as far as the dungeon goes (figures are
        the movement rules' business): floor and difficult terrain, an opened door, an opened
        Secret Door; never a wall, a Hole, Rubble, a Blocked or unopened door, the stairs."""
        found = self._passable_cache.get(square)
        if found is None:
            found = self._passable_cache[square] = self._passable(square)
        return found

    def _passable(self, square: Square) -> bool:
        content = self.content(square)
        if content is None:
            return False
        marker = self._markers.get(square)
        if marker is not None:
            rule = MARKER_RULES[marker]
            if not rule.enterable:
                return False
            if rule.opens_wall:
                return square in self.opened
        terrain = content.terrain
        if terrain is Terrain.DOOR:
            return square in self.opened and self._link_of_door(square) is not Link.WALL
        return terrain.walkable

    def _link_of_door(self, square: Square) -> Link:
        placed = self.tile_at(square)
        assert placed is not None
        side = _edge_side(placed.tile, placed.to_local(square))
        return Link.NOTHING if side is None else self._link(square, side)

    def is_hole(self, square: Square) -> bool:
        """A Hole: Red Dashed terrain or a Hole marker. It cannot be entered but can be jumped
        and seen across (*Difficult Terrain*, *Dungeon Markers*)."""
        content = self.content(square)
        if content is None:
            return False
        return content.terrain is Terrain.HOLE or self._markers.get(square) is Marker.HOLE

    def jumpable(self, square: Square) -> bool:
        """Whether a jump may pass over ``square`` (figures aside): open ground, Holes,
        difficult terrain, an opened door; never a wall, Red Solid, Rubble or a closed door."""
        if self.content(square) is None:
            return False
        marker = self._markers.get(square)
        if marker is not None and not MARKER_RULES[marker].jumpable:
            return False
        return self.passable(square) or self.is_hole(square)

    def extra_ap(self, square: Square) -> int:
        """The extra AP for stepping onto ``square``: 1 on Blue Dashed or Blue Solid
        (*Difficult Terrain*)."""
        content = self.content(square)
        return 0 if content is None else content.terrain.extra_ap

    def neighbors(self, square: Square) -> tuple[Square, ...]:
        """The squares one step from ``square`` that are on the dungeon and on the same level,
        whatever stands there: orthogonal neighbours within a tile, across the edge between
        two tiles only where both squares are open (joined doors, open sides), and across the
        ignored middle square under F-3's bridge (*Arrows (Room F-3)*)."""
        return self._neighbors(square)

    def _neighbors(self, square: Square) -> tuple[Square, ...]:
        found = self._neighbor_cache.get(square)
        if found is None:
            found = self._neighbor_cache[square] = _neighbors_of(self, square)
        return found

    def steps(self, square: Square) -> tuple[Square, ...]:
        """The squares a figure on ``square`` may walk onto next, figures aside."""
        return tuple(n for n in self._neighbors(square) if self.passable(n))

    # -- connection and rooms --

    @functools.cached_property
    def connected_squares(self) -> frozenset[Square]:
        """Every square joined to the first tile by walking or jumping (Holes count as
        crossable; closed doors do not): the part of the dungeon that is "connected" in the
        sense of *No connection to the dungeon*. Unopened doors on the edge are included so
        that they can be opened.

        A dungeon made by :meth:`with_tile` from one whose answer is known grows that answer
        (:func:`_grown_walk`) instead of walking the whole dungeon again; it is the
        answer of :meth:`_connected_squares_plain` (tests/unit/test_dungeon.py compares
        them)."""
        grown_from = self.__dict__.pop("_grown_from", None)
        before = grown_from() if grown_from is not None else None
        seen = None
        if before is not None and "_walked" in before.__dict__:
            seen = _grown_walk(before, self)
        if seen is None:
            seen = self._walk_from_first_tile()
        self.__dict__["_walked"] = seen  # not a field: read by the next grown dungeon
        return self._with_doors(seen)

    def _connected_squares_plain(self) -> frozenset[Square]:
        """:attr:`connected_squares` worked out from nothing: a walk from the first tile."""
        return self._with_doors(self._walk_from_first_tile())

    def _walk_from_first_tile(self) -> set[Square]:
        """The open ground (floor, opened doors, Holes) joined to the first tile."""
        first = self.tiles[0]
        start = [sq for sq, _ in first.squares() if self._open_ground(sq)]
        return self._spread(set(start), list(start))

    def _spread(self, seen: set[Square], todo: list[Square]) -> set[Square]:
        """``seen`` grown by every open-ground square joined to a square of ``todo`` (which
        ``seen`` already holds): the walk both the whole and the grown dungeon's walk take."""
        while todo:
            sq = todo.pop()
            for n in self._neighbors(sq):
                if n not in seen and self._open_ground(n):
                    seen.add(n)
                    todo.append(n)
        return seen

    def _with_doors(self, seen: set[Square]) -> frozenset[Square]:
        """``seen`` with the doors (not Blocked) in front of its squares."""
        doors = {door.square for door in self.doors() if not door.blocked and door.inside in seen}
        return frozenset(seen | doors)

    def _open_ground(self, square: Square) -> bool:
        return self.passable(square) or self.is_hole(square)

    def room_of(self, square: Square) -> tuple[int, ...]:
        """The tiles of the room ``square`` is in: its own tile, and for Open Room Tiles every
        tile joined to it through open sides, up to the nearest doors (a Large Room, *Special
        Feature: Open Room Tiles*); sorted tile indices. Room Traps act on this room."""
        index = self._owner.get(square)
        if index is None:
            raise DungeonError(f"({square.x}, {square.y}) is not on a room tile.")
        joined = self._open_side_joins()
        room = {index}
        todo = [index]
        while todo:
            t = todo.pop()
            for other in joined.get(t, ()):
                if other not in room:
                    room.add(other)
                    todo.append(other)
        return tuple(sorted(room))

    def _open_side_joins(self) -> dict[int, set[int]]:
        joins: dict[int, set[int]] = {}
        for span in self.open_sides():
            if span.link is not Link.OPEN:
                continue
            for out in span.outside:
                other = self._owner.get(out)
                if other is not None and other != span.tile_index:
                    joins.setdefault(span.tile_index, set()).add(other)
                    joins.setdefault(other, set()).add(span.tile_index)
        return joins

    def tiles_connected(self, a: int, b: int) -> bool:
        """Whether tiles ``a`` and ``b`` are the same tile or adjacent with a direct connection
        (an opened door or Secret Door, or an open side), as *Throw Items* asks."""
        if a == b:
            return True
        for door in self.doors():
            if door.tile_index not in (a, b) or not door.passable or door.link is Link.NOTHING:
                continue
            other = self._owner.get(door.outside)
            if {door.tile_index, other} == {a, b} and self.passable(door.outside):
                return True
        return b in self._open_side_joins().get(a, set())

    # -- Line of Sight --

    @functools.cached_property
    def sight_map(self) -> SightMap:
        """The dungeon as a :class:`SightMap`: walls, Red Solid, the stairs, closed, walled-up
        and Blocked doors, Rubble, and the empty table around the tiles block; Blue Solid is
        an obstacle; F-3's two levels see only their own passage (*Range and Line of
        Sight*).

        What a tile's terrain blocks, its Blue Solid and its levels never change: they are
        kept per turned tile (:func:`~doria_nb.engine.tile_tables.tile_sight`), and only
        doors and squares with a marker are asked square by square (:meth:`_blocks_sight`);
        the empty table is what the tiles' rectangles leave of the rectangle around them.
        :meth:`_plain_sight_map` asks every square and is the reference
        (``tests/unit/test_grid_tables.py``)."""
        top_left, bottom_right = self.bounds
        left, right = top_left.x - 1, bottom_right.x + 2
        rows: dict[int, list[int]] = {y: [] for y in range(top_left.y - 1, bottom_right.y + 2)}
        blue: list[Square] = []
        levels: dict[Square, str] = {}
        asked: list[Square] = []
        for placed in self.tiles:
            kept = tile_sight(placed.tile)
            ox, oy = placed.origin.x, placed.origin.y
            for x, y in kept.walls:
                rows[oy + y].append(ox + x)
            blue += [Square(ox + x, oy + y) for x, y in kept.blue]
            asked += [Square(ox + x, oy + y) for x, y in kept.doors]
            for (x, y), level in kept.levels:
                levels[Square(ox + x, oy + y)] = level
        for square in (*asked, *self._markers):
            content = self.content(square)
            assert content is not None
            row = rows[square.y]
            if self._blocks_sight(square, content):
                if square.x not in row:
                    row.append(square.x)
            elif square.x in row:
                row.remove(square.x)
        spans = sorted((t.left, t.right, t.top, t.bottom) for t in self.tiles)
        for y, row in rows.items():
            x = left
            for a, b, top, bottom in spans:
                if not top <= y < bottom:
                    continue
                row += range(x, a)  # the empty table
                x = max(x, b)
            row += range(x, right)
        obstacles = [sq for sq in blue if sq.x not in rows[sq.y]]
        return SightMap._from_rows(rows, obstacles, levels)

    def _plain_sight_map(self) -> SightMap:
        """:attr:`sight_map` worked out square by square, the reference."""
        blocking: set[Square] = set()
        obstacles: set[Square] = set()
        levels: dict[Square, str] = {}
        contents = self._contents
        with_levels = [placed.tile.has_levels for placed in self.tiles]
        for square, index in self._owner.items():
            content = contents[square]
            if self._blocks_sight(square, content):
                blocking.add(square)
            elif content.terrain is Terrain.BLUE_SOLID:
                obstacles.add(square)
            if with_levels[index]:  # only F-3's bridge has levels
                level = self.level(square)
                if level is not None:
                    levels[square] = _LEVEL_NAMES[level]
        top_left, bottom_right = self.bounds
        for y in range(top_left.y - 1, bottom_right.y + 2):
            for x in range(top_left.x - 1, bottom_right.x + 2):
                sq = Square(x, y)
                if sq not in self._owner:
                    blocking.add(sq)
        return SightMap(blocking, obstacles, levels)

    def _blocks_sight(self, square: Square, content: TileSquare) -> bool:
        marker = self._markers.get(square)
        if marker is not None:
            rule = MARKER_RULES[marker]
            if rule.blocks_sight:
                return True
            if rule.opens_wall:
                return square not in self.opened
        if content.terrain is Terrain.DOOR:  # open: seen through, even with a Hole (RB7)
            return square not in self.opened or self._link_of_door(square) is Link.WALL
        return content.terrain.blocks_sight

    def range(self, a: Square, b: Square) -> int:
        """The range from ``a`` to ``b``: squares counted orthogonally (*Adjacent*), except that
        a line along the passage under F-3's bridge skips the bridge's middle square, which
        "is simply ignored" for range too (*Arrows (Room F-3)*, ruling T3).

        Range ignores walls (Line of Sight is a separate question); neither square may be on
        the bridge above the passage it would skip.
        """
        ax, ay, bx, by = a.x, a.y, b.x, b.y
        count = abs(ax - bx) + abs(ay - by)  # distance(a, b), asked very often
        for column, row, mx, my in self._crossing_lines:
            if (mx == ax and my == ay) or (mx == bx and my == by):
                continue  # one of the two squares is the middle square itself
            if (column and ax == bx == mx and min(ay, by) < my < max(ay, by)) or (
                row and ay == by == my and min(ax, bx) < mx < max(ax, bx)
            ):
                count -= 1
        return count

    @functools.cached_property
    def _crossing_lines(self) -> tuple[tuple[bool, bool, int, int], ...]:
        """The passages under F-3's bridge as :meth:`range` reads them: whether each runs along
        a column, along a row, and its middle square's x and y."""
        return tuple(
            (pa.x == qa.x, pa.y == qa.y, middle.x, middle.y) for pa, qa, middle in self._crossings
        )

    @functools.cached_property
    def _crossings(self) -> tuple[tuple[Square, Square, Square], ...]:
        """The passages under F-3's bridge in table squares: both ends and the middle."""
        found = []
        for placed in self.tiles:
            for p, q in placed.tile.crossings:
                pa, qa = placed.to_table(p), placed.to_table(q)
                found.append((pa, qa, Square((pa.x + qa.x) // 2, (pa.y + qa.y) // 2)))
        return tuple(found)

    def line_of_sight(self, a: Square, b: Square) -> SightResult:
        """Line of Sight between two squares of the dungeon, with its proof."""
        for sq in (a, b):
            if sq not in self._owner:
                raise DungeonError(f"({sq.x}, {sq.y}) is not on the dungeon.")
        return self.sight_map.line_of_sight(a, b)

    def sees(self, a: Square, b: Square) -> bool:
        """Whether two squares of the dungeon see each other: ``bool(line_of_sight(a, b))``
        without its proof (:meth:`SightMap.sees`)."""
        for sq in (a, b):
            if sq not in self._owner:
                raise DungeonError(f"({sq.x}, {sq.y}) is not on the dungeon.")
        return self.sight_map.sees(a, b)

    # -- text --

    def char_at(self, square: Square) -> str:
        """One character for ``square``: the tile's map character, a marker's
        (:data:`MARKER_CHARS`), ``'/'`` for an opened door, ``'$'`` only while a treasure
        marker lies there, ``' '`` off the dungeon."""
        placed = self.tile_at(square)
        if placed is None:
            return " "
        marker = self._markers.get(square)
        if marker is not None:
            if marker is Marker.SECRET_DOOR and square in self.opened:
                return "/"
            return MARKER_CHARS[marker]
        content = self.content(square)
        assert content is not None
        if content.terrain is Terrain.DOOR and square in self.opened:
            return "/"
        char = placed.tile.char_at(placed.to_local(square))
        if content.treasure and square not in self.treasures:
            plain = TileSquare(
                content.terrain, tuple(f for f in content.features if f.value != "treasure")
            )
            return _plain_char(plain)
        return char

    def __str__(self) -> str:
        top_left, bottom_right = self.bounds
        return "\n".join(
            "".join(
                self.char_at(Square(x, y)) for x in range(top_left.x, bottom_right.x + 1)
            ).rstrip()
            for y in range(top_left.y, bottom_right.y + 1)
        )

    def __repr__(self) -> str:
        ids = ", ".join(str(t) for t in self.tiles)
        return f"<Dungeon of {len(self.tiles)} tile{'s' * (len(self.tiles) != 1)}: {ids}>"

    def describe(self) -> str:
        """The dungeon in words: its tiles, doors and open sides, markers."""
        lines = [f"A dungeon of {len(self.tiles)} room tile{'s' * (len(self.tiles) != 1)}."]
        for placed in self.tiles:
            lines.append(f"- {placed}")
        for door in self.doors():
            lines.append(f"- {door}")
        for span in self.open_sides():
            lines.append(f"- {span}")
        for square, marker in self.markers:
            lines.append(f"- {marker_name(marker)} marker at ({square.x}, {square.y})")
        for square in sorted(self.treasures, key=reading_order):
            lines.append(f"- treasure marker at ({square.x}, {square.y})")
        return "\n".join(lines)


MARKER_CHARS: Mapping[Marker, str] = {
    Marker.HOLE: "o",
    Marker.RUBBLE: "R",
    Marker.BLOCKED_DOOR: "K",
    Marker.FIRE: "f",
    Marker.ICE: "i",
    Marker.AIR: "a",
    Marker.SECRET_DOOR: "Q",
}
"""How :meth:`Dungeon.char_at` shows a marker (an opened Secret Door shows as ``/``)."""


def marker_name(marker: Marker) -> str:
    """A marker's name in words.

    >>> marker_name(Marker.BLOCKED_DOOR)
    'Blocked Door'
    """
    return Marker(marker).value.replace("_", " ").title()


def _plain_char(content: TileSquare) -> str:
    for char, (square, _) in LEGEND.items():
        if square == content and char != ":":
            return char
    return content.features[0].char if content.features else content.terrain.char


def _takes_secret_door(content: TileSquare) -> bool:
    """Whether a Secret Door marker may lie on a square holding ``content``: a wall or Red
    Solid (the same as a Wall, *Difficult Terrain*), never A-1's stairs, which are out of play
    (rulings T8, E10)."""
    return content.terrain.wall_like and content.terrain is not Terrain.STAIRS


def _edge_side(tile: RoomTile, local: Square) -> Direction | None:
    """The side of the outer wall ``local`` lies on (``None`` inside or on a corner)."""
    sides = []
    if local.y == 0:
        sides.append(Direction.N)
    if local.y == tile.height - 1:
        sides.append(Direction.S)
    if local.x == 0:
        sides.append(Direction.W)
    if local.x == tile.width - 1:
        sides.append(Direction.E)
    return sides[0] if len(sides) == 1 else None


def _neighbors_of(dungeon: Dungeon, square: Square) -> tuple[Square, ...]:
    owner = dungeon._owner
    index = owner.get(square)
    if index is None:
        return ()
    placed = dungeon.tiles[index]
    tile = placed.tile
    local = placed.to_local(square)
    level = tile.level(local) if tile.has_levels else None
    out: list[Square] = []
    for n in square.neighbors():
        other = owner.get(n)
        if other is None:
            continue
        if other == index:
            if level is not None:
                n_level = tile.level(placed.to_local(n))
                if n_level is not None and n_level != level:
                    continue
            out.append(n)
        elif _edge_pair_open(dungeon, square, n):
            out.append(n)
    if tile.crossings:
        for a, b in tile.crossings:
            if local == a:
                out.append(placed.to_table(b))
            elif local == b:
                out.append(placed.to_table(a))
    return tuple(out)


def _grown_walk(before: Dungeon, after: Dungeon) -> set[Square] | None:
    """The walk from the first tile of ``after`` (:meth:`Dungeon._walk_from_first_tile`),
    grown from that of ``before``, where ``after`` is ``before`` with one more tile (and maybe
    more opened doors); ``None`` when a square walked before is closed now (a new tile's
    wall behind an opened door), and the whole walk must be made again.

    Why it is the same answer: a new tile changes nothing about which old squares are one
    step apart (that depends on the two squares alone), nor whether an old square is open
    ground, except for doors (opened now, or met by the new tile) and newly opened Secret
    Doors. So if no walked square closed, every walked square stays walked, and a square
    newly joined is first reached through a new square or a changed one next to a walked
    square (or on the first tile, where the walk starts): the walk goes on from those."""
    walked: set[Square] = before.__dict__["_walked"]
    changed = {door.square for door in before.doors()} | (after.opened - before.opened)
    entries: list[Square] = []
    for sq in changed:
        if sq not in before._owner:
            continue  # a square of the new tile: below
        was, now = before._open_ground(sq), after._open_ground(sq)
        if was and not now and sq in walked:
            return None
        if now and not was:
            entries.append(sq)
    # The new tile's squares come last in ``_owner`` (tiles never overlap).
    new_squares = itertools.islice(after._owner, len(before._owner), None)
    entries += [sq for sq in new_squares if after._open_ground(sq)]
    seen = set(walked)
    todo = [
        sq
        for sq in entries
        if sq not in seen
        and (after._owner[sq] == 0 or any(n in seen for n in after._neighbors(sq)))
    ]
    seen.update(todo)
    return after._spread(seen, todo)


def _secret_doors(dungeon: Dungeon) -> frozenset[Square]:
    return frozenset(sq for sq, m in dungeon.markers if m is Marker.SECRET_DOOR)


def _edge_pair_open(dungeon: Dungeon, a: Square, b: Square) -> bool:
    """Two squares side by side across the edge between two tiles: a figure can cross only
    between two squares that are not wall (doors, open sides)."""
    for sq in (a, b):
        content = dungeon.content(sq)
        if content is None:
            return False
        if content.terrain.wall_like and dungeon.marker(sq) is not Marker.SECRET_DOOR:
            return False
    return True
