"""Exploring: opening a door, drawing room tiles and placing them by the rules.

An :class:`Exploration` is the whole *Reveal a Room Tile* process as a small immutable state
machine: :meth:`Exploration.begin` opens a door, :meth:`~Exploration.draw` takes a tile,
:meth:`~Exploration.options` lists **every** legal placement of it and
:meth:`~Exploration.explain` says why any other one is illegal, :meth:`~Exploration.place`
puts it down. While an open side of the dungeon faces the empty table, the next tile must be
drawn (*Special Feature: Open Room Tiles*); when none is left the exploration is done, and
its log says what appeared: treasure markers, monster icons to spawn.

The placement rules (rulings T2, E1–E11 in ``docs/rulings.md``):

* **At an opened door** (*Revealing a Room Tile*): a tile with a door puts one of its doors
  against the opened one, the two doors side by side across the edge; a tile without doors
  puts an open side there instead.
* **At an open side**, while drawing for a Large Room: an Open Room Tile puts one of its open
  sides against it, the shorter of the two lying entirely along the longer (T2); a tile with
  only doors puts one of its doors anywhere along it. Doors between the tiles of one
  exploration open at once.
* **Never on top of another tile.** Walls of new tiles may wall up old doors.

>>> from doria_nb.content.loader import starter_pack
>>> pack = starter_pack()
>>> start = Dungeon.start(pack.tile("A-1"))
>>> exploration = Exploration.begin(start, Square(8, 4)).draw(pack.tile("A-3"))
>>> [option.describe() for option in exploration.options()]
['A-3 turned 90° at (9, 1): its door meets the opened door at (8, 4) of A-1']
>>> exploration = exploration.place(exploration.options()[0])
>>> exploration.done, len(exploration.dungeon.tiles)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace

from doria_nb.engine.cards import Marker
from doria_nb.engine.chance import Chance
from doria_nb.engine.dungeon import (
    Dungeon,
    DungeonDoor,
    DungeonOpenSide,
    Link,
    PlacedTile,
    _edge_side,
    _takes_secret_door,
)
from doria_nb.engine.errors import DungeonError
from doria_nb.engine.geometry import Direction, Rotation, Square, distance, reading_order
from doria_nb.engine.sections import Section
from doria_nb.engine.tiles import MonsterColor, RoomTile, Terrain, active_monster_colors
from doria_nb.engine.verdict import Verdict

__all__ = [
    "Exit",
    "Exploration",
    "Placement",
    "TileDeck",
    "check_placement",
    "dead_end_sites",
    "newly_connected_icons",
    "open_joined_door",
    "place_dead_end_door",
    "placements",
    "secret_door_trap_sites",
]


# -- where a tile goes ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Exit:
    """Where the next tile goes: the door just opened, or an open side facing the empty table.

    ``squares`` are the door square or the open side's squares, ``side`` the direction they
    face out of their tile."""

    kind: str
    squares: tuple[Square, ...]
    side: Direction
    tile_index: int
    tile_id: str

    @classmethod
    def of_door(cls, door: DungeonDoor) -> Exit:
        return cls("door", (door.square,), door.side, door.tile_index, door.tile_id)

    @classmethod
    def of_open_side(cls, span: DungeonOpenSide) -> Exit:
        return cls("open side", span.squares, span.side, span.tile_index, span.tile_id)

    @property
    def outside(self) -> tuple[Square, ...]:
        """The squares across the edge, where the new tile's door or open side must lie."""
        return tuple(sq.step(self.side) for sq in self.squares)

    def __str__(self) -> str:
        a = self.squares[0]
        if self.kind == "door":
            return f"the opened door at ({a.x}, {a.y}) of {self.tile_id}"
        b = self.squares[-1]
        return f"the open side ({a.x}, {a.y})–({b.x}, {b.y}) of {self.tile_id}"


@dataclass(frozen=True, slots=True)
class Placement:
    """One legal way to lay a drawn tile: the turned ``tile`` with its top-left square at
    ``origin``, joined to ``exit`` as ``rule`` says; ``opens`` are the door squares that open
    when it is laid."""

    tile: RoomTile
    origin: Square
    exit: Exit
    rule: Section
    joined_by: str
    opens: frozenset[Square] = frozenset()

    @property
    def placed(self) -> PlacedTile:
        return PlacedTile(self.tile, self.origin)

    def covers(self, square: Square) -> bool:
        return square in self.placed

    def squares(self) -> frozenset[Square]:
        return frozenset(sq for sq, _ in self.placed.squares())

    @property
    def rotation(self) -> Rotation:
        return self.tile.rotation

    def describe(self) -> str:
        turn = f" turned {self.rotation.degrees}°" if self.rotation.value else ""
        return (
            f"{self.tile.id}{turn} at ({self.origin.x}, {self.origin.y}): "
            f"{self.joined_by} {self.exit}"
        )

    def __str__(self) -> str:
        return self.describe()


def _span_offsets(side: Direction, squares: Sequence[Square]) -> tuple[int, int]:
    """The first and last coordinate along the edge of a run of squares."""
    along = [sq.x if side in (Direction.N, Direction.S) else sq.y for sq in squares]
    return min(along), max(along)


def placements(
    dungeon: Dungeon, tile: RoomTile, exit: Exit, *, chain: bool = False
) -> tuple[Placement, ...]:
    """Every legal placement of ``tile`` (any of its four turns) at ``exit``.

    ``chain`` is true while the tiles of a Large Room are drawn: then tiles placed at an open
    side join through open sides (Open Room Tiles) or one of their doors (door-only tiles).
    """
    out: list[Placement] = []
    facing = exit.side.opposite
    base = tile.unrotated()
    seen: set[tuple[str, Rotation, Square]] = set()
    for rotation in Rotation:
        turned = base.rotated(rotation)
        for origin, rule, joined_by in _candidates(turned, exit, facing):
            key = (turned.id, turned.rotation, origin)
            if key in seen:
                continue
            placed = PlacedTile(turned, origin)
            if any(placed.overlaps(other) for other in dungeon.tiles):
                continue
            seen.add(key)
            opens = _opened_by(dungeon, placed, exit, chain)
            out.append(Placement(turned, origin, exit, rule, joined_by, opens))
    return tuple(sorted(out, key=lambda p: (p.rotation.value, reading_order(p.origin))))


def _candidates(
    turned: RoomTile, exit: Exit, facing: Direction
) -> Iterable[tuple[Square, Section, str]]:
    """Origins that join ``turned`` to ``exit`` by the rule for this kind of exit and tile
    (overlap is checked by the caller)."""
    if exit.kind == "door":
        target = exit.outside[0]
        if turned.doors:
            for door in turned.doors_on(facing):
                origin = Square(target.x - door.square.x, target.y - door.square.y)
                yield origin, Section.REVEALING_A_ROOM_TILE, "its door meets"
        else:
            for span in turned.open_sides_on(facing):
                for sq in span.squares:
                    origin = Square(target.x - sq.x, target.y - sq.y)
                    yield origin, Section.REVEALING_A_ROOM_TILE, "its open side meets"
        return
    outside = exit.outside
    lo, hi = _span_offsets(exit.side, outside)
    horizontal = exit.side in (Direction.N, Direction.S)
    fixed = outside[0].y if horizontal else outside[0].x
    if turned.is_open:
        for span in turned.open_sides_on(facing):
            length, existing = span.length, hi - lo + 1
            if length <= existing:
                starts = range(lo, hi - length + 2)
            else:
                starts = range(hi - length + 1, lo + 1)
            edge = span.squares[0]
            for start in starts:
                shift = start - span.start
                if horizontal:
                    origin = Square(shift, fixed - edge.y)
                else:
                    origin = Square(fixed - edge.x, shift)
                yield origin, Section.OPEN_ROOM_TILES, "its open side lies along"
        return
    for door in turned.doors_on(facing):
        for target in outside:
            origin = Square(target.x - door.square.x, target.y - door.square.y)
            yield origin, Section.OPEN_ROOM_TILES, "its door opens onto"


def _opened_by(dungeon: Dungeon, placed: PlacedTile, exit: Exit, chain: bool) -> frozenset[Square]:
    """The door squares that open when ``placed`` is laid: the opened door and the new tile's
    door against it, or the new door that opens onto the open side; while a Large Room is
    drawn, every door where the new tile meets another tile (*Special Feature: Open Room
    Tiles*, ruling E3)."""
    opens: set[Square] = set()
    if exit.kind == "door":
        opens.add(exit.squares[0])
    for door in placed.tile.doors:
        square = placed.to_table(door.square)
        across = square.step(door.side)
        kind = _edge_kind(dungeon, across)
        if kind is None:
            continue
        if across in exit.squares:
            opens.add(square)
        elif chain and kind != "wall":
            opens.add(square)
            if kind == "door":
                opens.add(across)
    if chain:
        for door in dungeon.doors():
            if door.opened or door.blocked or door.outside not in placed:
                continue
            local = placed.to_local(door.outside)
            content = placed.tile[local]
            if not content.terrain.wall_like:
                opens |= {door.square, door.outside}
    return frozenset(opens)


def _edge_kind(dungeon: Dungeon, square: Square) -> str | None:
    """What an edge square of the dungeon is: "door", "open" (an open side), "wall", or
    ``None`` off the dungeon."""
    content = dungeon.content(square)
    if content is None:
        return None
    if content.terrain is Terrain.DOOR or dungeon.marker(square) is Marker.SECRET_DOOR:
        return "door"
    return "wall" if content.terrain.wall_like else "open"


def check_placement(
    dungeon: Dungeon, tile: RoomTile, origin: Square, exit: Exit, *, chain: bool = False
) -> Verdict:
    """Whether ``tile`` (turned as it is) may lie with its top-left square at ``origin``, and
    if not, why, in a player's words.

    The same rules as :func:`placements` (a yes here is one of its placements), checked for
    this one turn and origin only; ``chain`` changes which doors open, not what is legal.
    """
    del chain  # legality is the same while a Large Room is drawn (ruling E2)
    placed = PlacedTile(tile, origin)
    overlapped = next((other for other in dungeon.tiles if placed.overlaps(other)), None)
    if overlapped is not None:
        return Verdict.no(
            f"{tile.id} there would lie on top of {overlapped.id}; room tiles never overlap "
            f"({Section.REVEALING_A_ROOM_TILE})."
        )
    if any(o == origin for o, _, _ in _candidates(tile, exit, exit.side.opposite)):
        return Verdict.yes()
    if exit.kind == "door":
        if tile.doors:
            reason = (
                f"{tile.id} has a door, so one of its doors must meet {exit} side by side, "
                "the two doors pointing at each other"
            )
            if not tile.doors_on(exit.side.opposite):
                reason += "; turned like this it has no door on the side facing it"
            return Verdict.no(reason + f" ({Section.REVEALING_A_ROOM_TILE}).")
        return Verdict.no(
            f"{tile.id} has no door, so one of its open sides must meet {exit} "
            f"({Section.REVEALING_A_ROOM_TILE})."
        )
    if tile.is_open:
        return Verdict.no(
            f"{tile.id} is an Open Room Tile: one of its open sides must lie along {exit}, "
            "the shorter of the two entirely along the longer "
            f"({Section.OPEN_ROOM_TILES}, ruling T2)."
        )
    return Verdict.no(
        f"{tile.id} has only doors: one of its doors must open onto {exit} "
        f"({Section.OPEN_ROOM_TILES})."
    )


# -- the tile deck -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TileDeck:
    """The face-down room tiles, top first. Immutable: :meth:`draw` returns the tile and the
    rest of the deck.

    >>> from doria_nb.content.loader import starter_pack
    >>> deck = TileDeck.shuffled(starter_pack().tiles, Chance.seeded(1), leave_out=("A-1",))
    >>> tile, rest = deck.draw()
    >>> len(rest) == len(deck) - 1, tile.id != "A-1"
    (True, True)
    """

    tiles: tuple[RoomTile, ...] = ()

    @classmethod
    def shuffled(
        cls, tiles: Iterable[RoomTile], chance: Chance, *, leave_out: Iterable[str] = ()
    ) -> TileDeck:
        """The tiles shuffled by ``chance`` (the game's single source of randomness), without
        the ``leave_out`` ids (the start tile)."""
        skip = set(leave_out)
        pile = [t for t in tiles if t.id not in skip]
        chance.shuffle(pile)
        return cls(tuple(pile))

    def __len__(self) -> int:
        return len(self.tiles)

    @property
    def remaining(self) -> int:
        return len(self.tiles)

    def draw(self) -> tuple[RoomTile, TileDeck]:
        """The top tile and the deck without it; an empty deck is an error (ruling E7)."""
        if not self.tiles:
            raise DungeonError(
                "The room tile deck is empty: no more rooms can be revealed, the door stays "
                "closed (ruling E7)."
            )
        return self.tiles[0], TileDeck(self.tiles[1:])

    def to_bottom(self, tile: RoomTile) -> TileDeck:
        """The deck with ``tile`` put back underneath (a tile that fits nowhere, ruling E6)."""
        return TileDeck((*self.tiles, tile.unrotated()))


# -- the exploration -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Exploration:
    """One *Reveal a Room Tile*: the door opened, every tile drawn and placed, what appeared.

    Immutable; each step returns a new exploration. ``revealed`` are the indices (in
    ``dungeon.tiles``) of the tiles placed by it, ``entries`` its log in words.
    """

    dungeon: Dungeon
    characters: int = 3
    drawn: RoomTile | None = None
    door: Exit | None = None
    """The door that was opened and still waits for its tile (``None`` once a tile is there)."""
    revealed: tuple[int, ...] = ()
    entries: tuple[str, ...] = ()
    counts_as_revealing: bool = True
    """``False`` when a trap opened the way (a Secret Door event): for the Doom Counter it is
    no revealed room (*Traps and Secret Doors*)."""
    woken: tuple[tuple[Square, MonsterColor], ...] = ()
    """Monster icons of tiles laid earlier whose part of the dungeon had no connection and got
    one during this exploration (E-8's larger room behind its Secret Door, a room reached by a
    new tile): they spawn now with the revealed tiles' icons (*No connection to the dungeon*,
    ruling E9)."""
    _options: tuple[Placement, ...] | None = field(default=None, repr=False, compare=False)

    # -- starting --

    @classmethod
    def begin(cls, dungeon: Dungeon, door_square: Square, *, characters: int = 3) -> Exploration:
        """Open the unexplored door on ``door_square`` (the character stands in front of it:
        see the movement rules' ``can_open_door``)."""
        active_monster_colors(characters)  # checks the player count
        door = dungeon.door(door_square)
        if door.blocked:
            raise DungeonError(f"The {door} cannot be opened: it is a Blocked Door.")
        if door.link is not Link.NOTHING:
            raise DungeonError(
                f"The door at ({door.square.x}, {door.square.y}) is {door.link.value}; only a "
                "door facing the unexplored table reveals a new room tile."
            )
        if door.opened:
            raise DungeonError(f"The door at ({door.square.x}, {door.square.y}) is open already.")
        if door.square not in dungeon.connected_squares:
            raise DungeonError(
                f"No character can reach the door at ({door.square.x}, {door.square.y}): its "
                f"part of the dungeon has no connection yet ({Section.NO_CONNECTION})."
            )
        exit = Exit.of_door(door)
        return cls(
            dungeon,
            characters,
            door=exit,
            entries=(
                f"The door at ({door.square.x}, {door.square.y}) on {door.tile_id} is opened "
                f"({Section.REVEAL_A_ROOM_TILE}).",
            ),
        )

    @classmethod
    def continue_open_sides(cls, dungeon: Dungeon, *, characters: int = 3) -> Exploration:
        """Draw for open sides that just became connected (a Secret Door joined E-8's two
        rooms: *No connection to the dungeon*, ruling T4)."""
        active_monster_colors(characters)
        return cls(dungeon, characters, counts_as_revealing=False)

    @classmethod
    def through_secret_door(
        cls, dungeon: Dungeon, square: Square, *, characters: int = 3, trap: bool = True
    ) -> Exploration:
        """A Secret Door appears on the wall square ``square`` and a tile is drawn behind it:
        the *Secret Door* trap (``trap=True``: not a revealed room for the Doom Counter) or
        the dead-end Secret Door once it is opened (*Dead Ends*)."""
        if dungeon.marker(square) is not Marker.SECRET_DOOR:
            if dungeon.content(square) is not None and dungeon.content(square).terrain is (
                Terrain.DOOR
            ):
                return _secret_passage(dungeon, square, characters)
            dungeon = dungeon.with_marker(square, Marker.SECRET_DOOR)
        door = dungeon.door(square)
        if door.link is not Link.NOTHING:
            raise DungeonError(
                f"A Secret Door at ({square.x}, {square.y}) would lead into {door.link.value}; "
                "it needs the empty table behind it for a new room tile."
            )
        why = Section.TRAPS_AND_SECRET_DOORS if trap else Section.DEAD_ENDS
        return cls(
            dungeon,
            characters,
            door=Exit.of_door(door),
            entries=(f"A Secret Door opens at ({square.x}, {square.y}) ({why}).",),
            counts_as_revealing=not trap,
        )

    # -- state --

    @property
    def exits(self) -> tuple[Exit, ...]:
        """Where the next tile may go: the opened door, else every connected open side that
        still faces the empty table."""
        if self.door is not None:
            return (self.door,)
        return tuple(Exit.of_open_side(s) for s in self.dungeon.pending_open_sides())

    @property
    def needs_tile(self) -> bool:
        """Whether a tile must be drawn now."""
        return self.drawn is None and bool(self.exits)

    @property
    def done(self) -> bool:
        """Nothing left to draw or place."""
        return self.drawn is None and not self.exits

    @property
    def chain(self) -> bool:
        return self.door is None

    # -- drawing and placing --

    def draw(self, tile: RoomTile) -> Exploration:
        """Take ``tile`` as the drawn tile (from a :class:`TileDeck`, or chosen by hand)."""
        if not isinstance(tile, RoomTile):
            raise DungeonError(f"Draw a room tile, not {tile!r}.")
        if self.drawn is not None:
            raise DungeonError(
                f"{self.drawn.id} is drawn and waits to be placed; tiles are drawn one by one "
                f"and each placed before the next ({Section.OPEN_ROOM_TILES})."
            )
        if not self.exits:
            raise DungeonError("Nothing is waiting for a tile: this exploration is complete.")
        if any(t.id == tile.id for t in self.dungeon.tiles):
            raise DungeonError(f"{tile.id} is already in the dungeon; each tile is laid once.")
        tile = tile.unrotated()
        options = tuple(
            p for e in self.exits for p in placements(self.dungeon, tile, e, chain=self.chain)
        )
        entry = f"{tile.id} ({tile.name}) is drawn: {_count(len(options), 'legal placement')}."
        return replace(self, drawn=tile, _options=options, entries=(*self.entries, entry))

    def options(self) -> tuple[Placement, ...]:
        """Every legal placement of the drawn tile, over every exit waiting for one."""
        if self.drawn is None:
            return ()
        if self._options is None:  # pragma: no cover - draw() always fills it
            return tuple(
                p
                for e in self.exits
                for p in placements(self.dungeon, self.drawn, e, chain=self.chain)
            )
        return self._options

    def explain(self, tile: RoomTile, origin: Square) -> Verdict:
        """Whether ``tile`` turned as it is may lie at ``origin`` now, and why not."""
        if self.drawn is None:
            return Verdict.no("No tile is drawn yet: draw one first.")
        if tile.id != self.drawn.id:
            return Verdict.no(f"{self.drawn.id} was drawn, not {tile.id}.")
        for p in self.options():
            if p.rotation is tile.rotation and p.origin == origin:
                return Verdict.yes()
        reasons = [
            check_placement(self.dungeon, tile, origin, e, chain=self.chain).reason
            for e in self.exits
        ]
        return Verdict.no(reasons[0] if len(reasons) == 1 else " Or: ".join(dict.fromkeys(reasons)))

    def place(self, placement: Placement) -> Exploration:
        """Lay the drawn tile as ``placement`` says (one of :meth:`options`)."""
        if self.drawn is None:
            raise DungeonError("No tile is drawn: draw one before placing it.")
        if placement not in self.options():
            verdict = self.explain(placement.tile, placement.origin)
            raise DungeonError(verdict.reason or "That is not one of the legal placements.")
        dungeon = self.dungeon.with_tile(placement.placed, open_doors=placement.opens)
        index = len(dungeon.tiles) - 1
        woken = newly_connected_icons(self.dungeon, dungeon, self.characters, skip=self.revealed)
        entries = [f"{placement.describe()} ({placement.rule})."]
        new = dungeon.tiles[index]
        walled = [
            d
            for d in dungeon.doors()
            if d.link is Link.WALL and d.tile_index != index and d.outside in new
        ]
        entries += [
            f"The door at {d.square} on {d.tile_id} is walled up: the new tile's wall closes it "
            "for good."
            for d in walled
        ]
        treasures = [new.to_table(sq) for sq in new.tile.treasures]
        if treasures:
            where = ", ".join(f"({sq.x}, {sq.y})" for sq in treasures)
            entries.append(f"Treasure markers go on {where} ({Section.TREASURE_ICON}).")
        pending = dungeon.pending_open_sides()
        if pending:
            entries.append(
                f"{_count(len(pending), 'open side')} still "
                f"{'faces' if len(pending) == 1 else 'face'} the empty table: draw the next "
                f"tile ({Section.OPEN_ROOM_TILES})."
            )
        else:
            entries.append("No open side is left: the exploration is complete.")
        return replace(
            self,
            dungeon=dungeon,
            drawn=None,
            door=None,
            revealed=(*self.revealed, index),
            entries=(*self.entries, *entries),
            woken=(*self.woken, *woken),
            _options=None,
        )

    def set_aside(self) -> Exploration:
        """Put back a drawn tile that fits nowhere (no legal placement): it goes under the deck
        and the next one is drawn (ruling E6)."""
        if self.drawn is None:
            raise DungeonError("No tile is drawn.")
        if self.options():
            raise DungeonError(
                f"{self.drawn.id} can be placed ({_count(len(self.options()), 'legal placement')}"
                "); only a tile that fits nowhere is put back."
            )
        entry = f"{self.drawn.id} fits nowhere and goes under the deck (ruling E6)."
        return replace(self, drawn=None, entries=(*self.entries, entry), _options=None)

    # -- what appeared --

    def monster_icons(self) -> tuple[tuple[Square, MonsterColor], ...]:
        """The monster icons of the revealed tiles that spawn now: in use with this many
        characters (*Monster icon colors*) and connected to the dungeon (*No connection to the
        dungeon*); in table squares, tile by tile; then the :attr:`woken` icons of earlier
        tiles that got their connection now."""
        active = active_monster_colors(self.characters)
        connected = self.dungeon.connected_squares
        out: list[tuple[Square, MonsterColor]] = []
        for index in self.revealed:
            placed = self.dungeon.tiles[index]
            for local, color in placed.tile.monster_icons():
                square = placed.to_table(local)
                if color in active and square in connected:
                    out.append((square, color))
        out.extend((sq, c) for sq, c in self.woken if c in active and sq in connected)
        return tuple(out)

    def waiting_icons(self) -> tuple[tuple[Square, MonsterColor], ...]:
        """Icons in use on revealed tiles that have no connection yet: no monster until the
        connection is made (*No connection to the dungeon*)."""
        active = active_monster_colors(self.characters)
        connected = self.dungeon.connected_squares
        return tuple(
            (self.dungeon.tiles[i].to_table(local), color)
            for i in self.revealed
            for local, color in self.dungeon.tiles[i].tile.monster_icons()
            if color in active and self.dungeon.tiles[i].to_table(local) not in connected
        )

    def treasure_markers(self) -> tuple[Square, ...]:
        """The treasure markers placed on the revealed tiles (*Treasure Icon on a Room
        Tile*)."""
        return tuple(
            sq
            for i in self.revealed
            for sq in sorted(self.dungeon.treasures, key=reading_order)
            if sq in self.dungeon.tiles[i]
        )

    def log(self) -> tuple[str, ...]:
        """What happened, in words, each line with its rule."""
        lines = list(self.entries)
        if self.done:
            icons = self.monster_icons()
            if icons:
                text = ", ".join(f"{c.value} at ({s.x}, {s.y})" for s, c in icons)
                lines.append(
                    f"Monster icons to spawn with {self.characters} characters: {text} "
                    f"({Section.MONSTER_ICONS})."
                )
            waiting = self.waiting_icons()
            if waiting:
                text = ", ".join(f"({s.x}, {s.y})" for s, _ in waiting)
                lines.append(f"Icons without a connection wait: {text} ({Section.NO_CONNECTION}).")
            if not self.dungeon.unexplored_doors() and not self.dungeon.pending_open_sides():
                lines.append(
                    "No unopened door is left anywhere: a Secret Door appears "
                    f"({Section.DEAD_ENDS}) on the last tile, where the players choose."
                )
        return tuple(lines)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def newly_connected_icons(
    before: Dungeon, after: Dungeon, characters: int, *, skip: Iterable[int] = ()
) -> tuple[tuple[Square, MonsterColor], ...]:
    """The monster icons in use on the tiles of ``before`` (but those in ``skip``) that had no
    connection to the dungeon there and have one in ``after``: they waited, and their monsters
    spawn now that the connection is made (*No connection to the dungeon*, ruling E9).

    ``after`` is ``before`` with more tiles, opened doors or markers (its first tiles are the
    same).
    """
    active = active_monster_colors(characters)
    was, now = before.connected_squares, after.connected_squares
    skipped = set(skip)
    out: list[tuple[Square, MonsterColor]] = []
    for index, placed in enumerate(before.tiles):
        if index in skipped:
            continue
        for local, color in placed.tile.monster_icons():
            square = placed.to_table(local)
            if color in active and square not in was and square in now:
                out.append((square, color))
    return tuple(out)


# -- Secret Doors --------------------------------------------------------------------------------


def _free_sides(dungeon: Dungeon, index: int) -> list[Direction]:
    """The sides of tile ``index`` with no tile next to them anywhere along."""
    placed = dungeon.tiles[index]
    free = []
    for side in Direction:
        squares = [placed.to_table(sq) for sq in placed.tile.side_squares(side)]
        if all(dungeon.tile_index(sq.step(side)) is None for sq in squares):
            free.append(side)
    return free


def _middle_wall(dungeon: Dungeon, index: int, side: Direction) -> Square | None:
    """The wall square nearest the middle of ``side`` whose inner neighbour a figure can
    stand on (ruling E4), ``None`` if there is none."""
    placed = dungeon.tiles[index]
    squares = placed.tile.side_squares(side)
    middle = (len(squares) - 1) / 2
    order = sorted(range(1, len(squares) - 1), key=lambda i: (abs(i - middle), i))
    for i in order:
        local = squares[i]
        if not _takes_secret_door(placed.tile[local]) or dungeon.marker(placed.to_table(local)):
            continue
        inner = placed.to_table(local.step(side.opposite))
        if dungeon.passable(inner) and inner in dungeon.connected_squares:
            return placed.to_table(local)
    return None


def dead_end_sites(dungeon: Dungeon) -> tuple[Square, ...]:
    """Where the dead-end Secret Door may appear when no unopened door is left (*Dead Ends*):
    the middle of each wall side of the last placed tile with no tile next to it; if it is
    surrounded, those of every other tile (the players choose). A tile with a secret-door site
    (E-8's middle square) that still divides it takes the Secret Door there (*FAQ*, ruling T4).
    Empty while an unopened door or a waiting open side is left."""
    if dungeon.unexplored_doors() or dungeon.pending_open_sides():
        return ()
    last = len(dungeon.tiles) - 1
    site = _unopened_site(dungeon, last)
    if site is not None:
        return (site,)
    found = _wall_middles(dungeon, last)
    if found:
        return found
    out: list[Square] = []
    for index in range(len(dungeon.tiles) - 1):
        site = _unopened_site(dungeon, index)
        out.extend([site] if site is not None else _wall_middles(dungeon, index))
    return tuple(out)


def _unopened_site(dungeon: Dungeon, index: int) -> Square | None:
    placed = dungeon.tiles[index]
    for local in placed.tile.secret_door_sites:
        square = placed.to_table(local)
        if dungeon.marker(square) is None:
            return square
    return None


def _wall_middles(dungeon: Dungeon, index: int) -> tuple[Square, ...]:
    out = []
    for side in _free_sides(dungeon, index):
        square = _middle_wall(dungeon, index, side)
        if square is not None:
            out.append(square)
    return tuple(out)


def place_dead_end_door(dungeon: Dungeon, square: Square, *, characters: int = 3) -> Exploration:
    """Put the dead-end Secret Door on ``square`` (one of :func:`dead_end_sites`).

    On an outer wall it is an ordinary unopened door: the heroes open it later with
    :meth:`Exploration.begin` (*Dead Ends*); the returned exploration is already done. On a
    secret-door site inside a tile (E-8) it opens at once, joining the two rooms, and the
    returned exploration draws for the open sides that became connected (*FAQ*).
    """
    sites = dead_end_sites(dungeon)
    if square not in sites:
        where = ", ".join(f"({s.x}, {s.y})" for s in sites) or "none (a door is still unopened)"
        raise DungeonError(
            f"A dead-end Secret Door cannot go on ({square.x}, {square.y}); the places are: "
            f"{where} ({Section.DEAD_ENDS})."
        )
    before = dungeon
    dungeon = dungeon.with_marker(square, Marker.SECRET_DOOR)
    placed = dungeon.tile_at(square)
    assert placed is not None
    inside = _edge_side(placed.tile, placed.to_local(square)) is None
    if inside:
        dungeon = dungeon.with_opened(square)
        exploration = Exploration.continue_open_sides(dungeon, characters=characters)
        woken = newly_connected_icons(before, dungeon, characters)
        exploration = replace(exploration, woken=woken)
        entry = (
            f"A Secret Door opens in the middle of {placed.id} at ({square.x}, {square.y}), "
            f"joining its two rooms ({Section.DEAD_ENDS}, FAQ)."
        )
    else:
        exploration = Exploration(dungeon, characters, counts_as_revealing=False)
        entry = (
            f"A Secret Door appears at ({square.x}, {square.y}) on {placed.id}; it is opened "
            f"like any door ({Section.DEAD_ENDS})."
        )
    return replace(exploration, entries=(entry,))


def secret_door_trap_sites(dungeon: Dungeon, character: Square) -> tuple[Square, ...]:
    """Where a *Secret Door* trap may open for a character on ``character`` (*Secret Doors*):
    the middle of a wall side of the character's tile with no tile next to it; if there is
    none, a door of that tile walled up by the next tile whose wall can open onto a square a
    figure can stand on (ruling E5); if there is none either, the nearest other tile's free
    wall sides (closest to the character first)."""
    index = dungeon.tile_index(character)
    if index is None:
        raise DungeonError(f"({character.x}, {character.y}) is not on the dungeon.")
    own = _wall_middles(dungeon, index)
    if own:
        return own
    walled = tuple(
        d.square
        for d in dungeon.doors()
        if d.tile_index == index and d.link is Link.WALL and _passage_behind(dungeon, d)
    )
    if walled:
        return walled
    others: list[Square] = []
    for other in range(len(dungeon.tiles)):
        if other != index:
            others.extend(_wall_middles(dungeon, other))
    return tuple(sorted(others, key=lambda sq: (distance(sq, character), reading_order(sq))))


def _passage_behind(dungeon: Dungeon, door: DungeonDoor) -> bool:
    """Whether a Secret Door on the walled-up ``door`` can open through the wall behind it: the
    wall square takes a Secret Door and a figure can stand beyond it (ruling E5)."""
    if door.blocked:
        return False
    behind = door.outside
    content = dungeon.content(behind)
    return (
        content is not None
        and _takes_secret_door(content)
        and dungeon.marker(behind) is None
        and dungeon.passable(behind.step(door.side))
    )


def _secret_passage(dungeon: Dungeon, square: Square, characters: int) -> Exploration:
    """A Secret Door on a door walled up by the next tile: the wall behind it opens too, a
    way out into that tile (*Secret Doors*, ruling E5). Nothing is drawn."""
    door = dungeon.door(square)
    if door.link is not Link.WALL:
        raise DungeonError(
            f"A Secret Door never goes on an existing door ({door}); only on a door that the "
            f"next tile walls up, when nothing else is left ({Section.SECRET_DOORS})."
        )
    behind = door.outside
    placed = dungeon.tile_at(behind)
    assert placed is not None
    beyond = behind.step(door.side)
    if not dungeon.passable(beyond):
        raise DungeonError(
            f"The wall behind the door at ({square.x}, {square.y}) leads to no square a figure "
            "can stand on; the Secret Door cannot open there."
        )
    before = dungeon
    dungeon = dungeon.with_marker(behind, Marker.SECRET_DOOR).with_opened(square, behind)
    woken = newly_connected_icons(before, dungeon, characters)
    entry = (
        f"A Secret Door opens through the walled-up door at ({square.x}, {square.y}) into "
        f"{placed.id} ({Section.SECRET_DOORS})."
    )
    return Exploration(
        dungeon, characters, entries=(entry,), counts_as_revealing=False, woken=woken
    )


def open_joined_door(dungeon: Dungeon, square: Square) -> Dungeon:
    """Open a closed door that already meets another tile's door or open side (a tile laid
    later put its door or open side there): nothing is revealed, the two tiles are joined
    (ruling E5). Walled-up and Blocked Doors stay shut."""
    door = dungeon.door(square)
    if door.blocked:
        raise DungeonError(f"The {door} cannot be opened: it is a Blocked Door.")
    if door.link is Link.WALL:
        raise DungeonError(f"The {door}: a wall of the next tile closes it for good.")
    if door.link is Link.NOTHING:
        raise DungeonError(
            f"The door at ({square.x}, {square.y}) faces the unexplored table: opening it "
            "reveals a room tile (Exploration.begin)."
        )
    if door.opened:
        raise DungeonError(f"The door at ({square.x}, {square.y}) is open already.")
    across = door.outside
    return dungeon.with_opened(square, *([across] if dungeon.door_square(across) else []))
