"""How the board looks: its colour-blind-safe palette, and the fill, glyph and words of a square.

The board reads without colour (``DESIGN.md``, *Accessibility*): every square that is not
plain floor or wall carries a text glyph (door states, markers, treasure, monster icons, runes,
start positions; :data:`GLYPH_MEANINGS` is the legend in words), walls are told from floor by
brightness, and heroes and monsters differ in shape as well as colour (:data:`FIGURE_STYLE`).
Every colour is an Okabe-Ito colour or a grey. :func:`square_look` is the one place that
decides how a square of a dungeon is drawn and said; the board's layers and its text both use
it.

>>> from doria_nb.content.loader import starter_pack
>>> from doria_nb.engine.geometry import Square
>>> a1 = Dungeon.start(starter_pack().tile("A-1"))
>>> square_glyph(a1, Square(4, 0))     # A-1's unexplored north door: an arrow to the unknown
'↑'
"""

from __future__ import annotations

from collections.abc import Sequence

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, DungeonDoor
from doria_nb.engine.geometry import Direction, Square
from doria_nb.engine.tiles import ROMAN, Feature, Terrain

__all__ = [
    "BAR_COLOURS",
    "CLOSED_FILL",
    "EMPTY_FILL",
    "FIGURE_STYLE",
    "GLYPH_MEANINGS",
    "HERO_COLOURS",
    "OKABE_ITO",
    "OPEN_DOOR_FILL",
    "TERRAIN_FILL",
    "WALL_HATCH",
    "hero_colour",
    "ink_for",
    "square_glyph",
    "square_label",
    "square_look",
]

OKABE_ITO = {
    "orange": "#E69F00",
    "sky_blue": "#56B4E9",
    "bluish_green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "reddish_purple": "#CC79A7",
    "black": "#000000",
}
"""The Okabe-Ito colours, safe for the common colour-vision deficiencies; every other colour
of the board is a grey."""

TERRAIN_FILL = {
    Terrain.FLOOR: "#F4F0E6",
    Terrain.WALL: "#555555",
    Terrain.DOOR: OKABE_ITO["orange"],
    Terrain.HOLE: OKABE_ITO["vermillion"],
    Terrain.RED_SOLID: "#8A3A0A",
    Terrain.BLUE_DASHED: OKABE_ITO["sky_blue"],
    Terrain.BLUE_SOLID: OKABE_ITO["blue"],
    Terrain.BRIDGE: OKABE_ITO["bluish_green"],
    Terrain.STAIRS: "#8C8C8C",
}
"""Square fills by terrain. Red terrain is vermillion (Hole) or dark brown (Red Solid), blue
terrain sky blue (Blue Dashed) or blue (Blue Solid); every kind also has its own glyph."""

OPEN_DOOR_FILL = "#F7DFA6"
"""The ground of a door square not yet passable (light orange, nearly floor); the door itself
is drawn as a leaf on the tile's edge, and an open door's square is floor."""

CLOSED_FILL = "#555555"
"""A door that cannot be passed for good (walled up, blocked), and Rubble: wall grey."""

EMPTY_FILL = "#FFFFFF"

FIGURE_STYLE = {
    "hero": {"marker": "circle", "fill": OKABE_ITO["blue"]},
    "monster": {"marker": "square", "fill": OKABE_ITO["vermillion"]},
}
"""How figures are drawn: heroes as circles, monsters as squares (shape and colour both
differ), each with its letter in white."""

HERO_COLOURS = (
    OKABE_ITO["blue"],
    OKABE_ITO["orange"],
    OKABE_ITO["bluish_green"],
    OKABE_ITO["reddish_purple"],
    OKABE_ITO["sky_blue"],
    OKABE_ITO["yellow"],
)
"""The player colours, one per seat in seat order (up to six heroes, *Player Count*): Okabe-Ito
colours other than the monsters' vermillion, so a hero's colour never reads as a monster's.
Heroes are circles with their letter as well, so the colour is never the only cue."""

BAR_COLOURS = {
    "hp": OKABE_ITO["bluish_green"],
    "pp": OKABE_ITO["reddish_purple"],
    "empty": "#FFFFFF",
}
"""A hero token's bars: Hit Points on the left edge, Psi Points on the right (the side tells
them apart without colour)."""

WALL_HATCH = {"wall": "/", "rubble": "x", "blue_dashed": "-", "blue_solid": "+"}
"""Hatch patterns on top of the fills, so walls, Rubble and difficult terrain differ in texture
as well as in colour."""


def hero_colour(seat: int) -> str:
    """The player colour of the hero in seat ``seat`` (0 for the first), the same wherever
    that hero is drawn.

    >>> hero_colour(0), hero_colour(6) == hero_colour(0)
    ('#0072B2', True)
    """
    return HERO_COLOURS[seat % len(HERO_COLOURS)]


_SIDE_ARROWS = {Direction.N: "↑", Direction.E: "→", Direction.S: "↓", Direction.W: "←"}

_DOOR_GLYPHS = {"open": "/", "closed": "D", "walled up": "#", "blocked": "⊠"}
"""Door glyphs by state; an unexplored door shows an arrow pointing to the unknown."""

_MARKER_GLYPHS = {
    Marker.HOLE: "○",
    Marker.RUBBLE: "▲",
    Marker.BLOCKED_DOOR: "⊠",
    Marker.FIRE: "Fi",
    Marker.ICE: "Ic",
    Marker.AIR: "Ai",
    Marker.SECRET_DOOR: "S?",
}

_TERRAIN_GLYPHS = {
    Terrain.FLOOR: "",
    Terrain.WALL: "",
    Terrain.DOOR: "D",
    Terrain.HOLE: "○",
    Terrain.RED_SOLID: "X",
    Terrain.BLUE_DASHED: "~",
    Terrain.BLUE_SOLID: "%",
    Terrain.BRIDGE: "=",
    Terrain.STAIRS: "≡",
}

GLYPH_MEANINGS = {
    "↑ → ↓ ←": "unexplored door (the arrow points to the unknown)",
    "D": "closed door",
    "/": "open door",
    "#": "door walled up by another tile",
    "⊠": "Blocked Door",
    "S?": "Secret Door, not opened yet",
    "○": "Hole (Red Dashed terrain or a Hole marker)",
    "X": "Red Solid (like a wall)",
    "~": "Blue Dashed (difficult terrain, +1 AP)",
    "%": "Blue Solid (difficult terrain, +1 AP, +1D to the defender when crossed)",
    "=": "bridge",
    "≡": "stairs",
    "▲": "Rubble",
    "Fi Ic Ai": "Fire, Ice, Air markers",
    "$": "treasure marker",
    "Mw Mg My Mr": "monster icon: white, green, yellow, red",
    "*b *p *o *g": "rune: blue, purple, orange, green",
    "I … VI": "start positions",
    "E": "stairs entrance",
    "?": "secret-door site",
}
"""What the glyphs mean (the legend of the board in words)."""

_COLOUR_INITIAL = {"white": "w", "green": "g", "yellow": "y", "red": "r"}
_RUNE_INITIAL = {"blue": "b", "purple": "p", "orange": "o", "green": "g"}


def square_label(square: Square) -> str:
    """``"(4, 1)"``: how the views write a square.

    >>> square_label(Square(4, 1))
    '(4, 1)'
    """
    return f"({square.x}, {square.y})"


def ink_for(fill: str) -> str:
    """Black or white text, whichever reads better on ``fill`` (a ``#RRGGBB`` colour).

    >>> ink_for("#F4F0E6"), ink_for("#0072B2")
    ('#000000', '#FFFFFF')
    """
    r, g, b = (int(fill[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    luminance = 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
    return "#000000" if luminance > 0.25 else "#FFFFFF"


def _feature_glyph(features: Sequence[Feature], *, treasure_marker: bool) -> str:
    parts = []
    for feature in features:
        if feature is Feature.TREASURE:
            if treasure_marker:
                parts.append("$")
        elif feature.monster_color is not None:
            parts.append("M" + _COLOUR_INITIAL[feature.monster_color.value])
        elif feature.rune_color is not None:
            parts.append("*" + _RUNE_INITIAL[feature.rune_color.value])
        elif feature.start_position is not None:
            parts.append(ROMAN[feature.start_position - 1])
        elif feature is Feature.ENTRANCE:
            parts.append("E")
        elif feature is Feature.SECRET_DOOR_SITE:
            parts.append("?")
    return "".join(parts)


def square_look(dungeon: Dungeon, square: Square, door: DungeonDoor | None) -> tuple[str, str, str]:
    """``(fill, glyph, what)`` of ``square``: its fill colour, the glyph printed on it and
    what lies there in words. ``door`` is the dungeon's door on the square, if any (passed in
    so that drawing a whole dungeon looks its doors up once)."""
    content = dungeon.content(square)
    assert content is not None
    terrain = content.terrain
    marker = dungeon.marker(square)
    names = [terrain.value.replace("_", " ")]
    fill = TERRAIN_FILL[terrain]
    glyph = _TERRAIN_GLYPHS[terrain]
    if door is not None:
        state = door.state
        names = [f"{'secret door' if door.secret else 'door'}, {state}"]
        unexplored = state == "unexplored"
        glyph = _SIDE_ARROWS[door.side] if unexplored else _DOOR_GLYPHS.get(state, "D")
        fill = {
            "open": TERRAIN_FILL[Terrain.FLOOR],
            "walled up": CLOSED_FILL,
            "blocked": CLOSED_FILL,
        }.get(state, OPEN_DOOR_FILL)  # the door itself is a leaf on the edge (:mod:`.walls`)
    elif marker is not None:
        names.append(f"{marker.value.replace('_', ' ')} marker")
        if marker is Marker.SECRET_DOOR:
            opened = square in dungeon.opened
            glyph = "/" if opened else "S?"
            fill = OPEN_DOOR_FILL if opened else OKABE_ITO["orange"]
        else:
            glyph = _MARKER_GLYPHS[marker]
            if marker is Marker.HOLE:
                fill = TERRAIN_FILL[Terrain.HOLE]
            elif marker is Marker.RUBBLE:
                fill = CLOSED_FILL
    treasure_marker = square in dungeon.treasures
    features = _feature_glyph(content.features, treasure_marker=treasure_marker)
    if features:
        glyph = features if terrain is Terrain.FLOOR else glyph + features
    for feature in content.features:
        if feature is Feature.TREASURE:
            names.append("treasure marker" if treasure_marker else "treasure icon (searched)")
        else:
            names.append(_feature_name(feature))
    return fill, glyph, ", ".join(names)


def _feature_name(feature: Feature) -> str:
    """An icon's name in words, e.g. ``'white monster icon'``, ``'start position III'``."""
    if feature.monster_color is not None:
        return f"{feature.monster_color.value} monster icon"
    if feature.rune_color is not None:
        return f"{feature.rune_color.value} rune"
    if feature.start_position is not None:
        return f"start position {ROMAN[feature.start_position - 1]}"
    if feature is Feature.ENTRANCE:
        return "stairs entrance"
    return feature.value.replace("_", " ")


def square_glyph(dungeon: Dungeon, square: Square) -> str:
    """The text glyph the board prints on ``square`` (``""`` for floor, wall and off the
    board); see :data:`GLYPH_MEANINGS`.

    >>> from doria_nb.content.loader import starter_pack
    >>> a1 = Dungeon.start(starter_pack().tile("A-1"))
    >>> [square_glyph(a1, Square(x, 3)) for x in range(1, 8)]
    ['', 'I', '', 'II', '', 'III', '']
    """
    if dungeon.content(square) is None:
        return ""
    doors = {door.square: door for door in dungeon.doors()}
    return square_look(dungeon, square, doors.get(square))[1]
