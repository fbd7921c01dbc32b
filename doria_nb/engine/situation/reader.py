"""Reading a situation text (``docs/situation-format.md``), with messages that name the place.

:class:`_Reader` splits the text into sections, reads the figure lines, the ``map:`` or the
``tiles:``, the markers, the opened doors and the treasures, and checks the whole; any mistake
raises :class:`~doria_nb.engine.errors.SituationError` naming the line (and column) as an
editor counts them, from 1.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doria_nb.engine.cards import Marker
from doria_nb.engine.dungeon import Dungeon, PlacedTile
from doria_nb.engine.errors import DoriaError, DungeonError, SituationError, TileError
from doria_nb.engine.geometry import Rotation, Square, reading_order
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.situation.figure import (
    _KEY_RE,
    FIGURE_LETTERS,
    FLAGS,
    KINDS,
    Figure,
    Kind,
    _check_letter,
    _check_name,
    _error,
    _pos,
    _unknown_flag,
)
from doria_nb.engine.situation.standing import _check_figures
from doria_nb.engine.situation.syntax import (
    _SQUARE_RE,
    _TOKEN_RE,
    MAP_ID,
    SECTIONS,
    _default_treasures,
    _first_name_word,
    _next_name_word,
)
from doria_nb.engine.tiles import LEGEND, OPEN_CHAR, RoomTile

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack

__all__: list[str] = []

_INT_RE = re.compile(r"[+-]?\d{1,6}")
_ROW_COLUMN_RE = re.compile(r"row (\d+), column (\d+)")
_HEADER_RE = re.compile(r"([A-Za-z][A-Za-z_]+):(\s.*)?")
_MAX_COORDINATE = 999
MAX_TEXT = 200_000
"""The longest situation text read (characters): a drawn dungeon of the largest size with
every square marked stays far below it, so every situation's canonical text (and code) reads
back."""
MAX_MAP_SIDE = 80
"""The most squares a drawn map may have along a side."""
MAX_MAP_SQUARES = 2_500
"""The most squares a drawn map may hold (a tile is at most 9 x 9; a drawn dungeon of many
tiles fits). Movement questions on a map this size answer in about a second at worst (an
empty room, where every straight line is a possible jump)."""


def _located(error: DoriaError, line: int | None, column: int | None = None) -> SituationError:
    """``error`` with a place in the text (a problem found without one gets this one)."""
    if isinstance(error, SituationError):
        if error.line is not None:
            return error
        return _error(error.problem, line, column)
    return _error(str(error), line, column)


@dataclass(frozen=True, slots=True)
class _Text:
    """A piece of one line: its text, the line number and the column of its first character
    (both from 1)."""

    text: str
    line: int
    column: int

    def tokens(self) -> list[_Text]:
        return [
            _Text(m.group(), self.line, self.column + m.start())
            for m in _TOKEN_RE.finditer(self.text)
        ]

    def split(self, separator: str) -> Iterator[_Text]:
        start = 0
        for part in self.text.split(separator):
            stripped = part.strip()
            if stripped:
                offset = start + len(part) - len(part.lstrip())
                yield _Text(stripped, self.line, self.column + offset)
            start += len(part) + 1

    def fail(self, problem: str) -> SituationError:
        return _error(problem, self.line, self.column)


@dataclass
class _Section:
    name: str
    line: int
    inline: _Text | None
    body: list[tuple[int, str]] = field(default_factory=list)

    def entries(self) -> Iterator[_Text]:
        """The section's content, split at line ends and ';'."""
        pieces: list[_Text] = []
        if self.inline is not None:
            pieces.append(self.inline)
        for number, raw in self.body:
            stripped = raw.strip()
            if stripped:
                pieces.append(_Text(stripped, number, len(raw) - len(raw.lstrip()) + 1))
        for piece in pieces:
            yield from piece.split(";")

    def tokens(self) -> list[_Text]:
        return [token for entry in self.entries() for token in entry.tokens()]


@dataclass
class _FigureLine:
    entry: _Text
    letter: str
    kind: Kind
    name: str
    values: dict[str, int]
    flags: set[str]
    at: Square | None = None
    at_token: _Text | None = None
    on: str | None = None
    on_token: _Text | None = None
    carried_by: str | None = None


def _parse_square(token: _Text) -> Square:
    match = _SQUARE_RE.fullmatch(token.text)
    if match is None:
        raise token.fail(
            f"'{token.text}' is not a square: write it x,y (the column, then the row, both "
            "counted from 0 at the top-left), like 3,4."
        )
    x, y = int(match.group(1)), int(match.group(2))
    if abs(x) > _MAX_COORDINATE or abs(y) > _MAX_COORDINATE:
        raise token.fail(f"'{token.text}' is too far out: coordinates go up to {_MAX_COORDINATE}.")
    return Square(x, y)


class _Reader:
    """Reads one situation text (see ``docs/situation-format.md``)."""

    def __init__(self, text: str, pack: ContentPack | None) -> None:
        if not isinstance(text, str):
            raise _error(f"A situation is read from text, not {type(text).__name__}.")
        if len(text) > MAX_TEXT:
            raise _error(
                f"This situation text is {len(text):,} characters long; a situation is at most "
                f"{MAX_TEXT:,}."
            )
        self.pack = pack
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        self.lines = [line.expandtabs(4) for line in text.split("\n")]
        self.title = ""
        self.sections: dict[str, _Section] = {}
        self.places: dict[tuple[str, Square], _Text] = {}
        """Where each square of 'open:' and 'treasures:' was written, for messages."""

    def read(self) -> tuple[Dungeon, tuple[Figure, ...], str]:
        """The dungeon, the figures and the title the text describes, every figure checked
        to stand where it can (the messages name the lines of the text)."""
        self.split()
        figures = self.read_figures()
        if "map" in self.sections and "tiles" in self.sections:
            later = max(self.sections["map"].line, self.sections["tiles"].line)
            raise _error(
                "A situation has a 'map:' (a drawn board) or a 'tiles:' section (tiles of the "
                "pack), not both.",
                later,
            )
        squares: dict[str, tuple[Square, _Text]] = {}
        if "map" in self.sections:
            tiles, opened = self.read_map(self.sections["map"], figures, squares)
        elif "tiles" in self.sections:
            tiles, opened = self.read_tiles(self.sections["tiles"]), set()
        else:
            raise _error(
                "This situation has no dungeon: add a 'map:' section (a board drawn square by "
                "square) or a 'tiles:' section (room tiles of the pack, like 'A-1 at 0,0')."
            )
        dungeon = Dungeon(tiles)
        dungeon = self.read_markers(dungeon)
        opened |= self.read_squares("open", dungeon)
        for square in sorted(opened, key=reading_order):
            if not dungeon.door_square(square):
                raise self.square_error(
                    "open", square, "is not a door: only doors and Secret Doors open."
                )
        treasures = _default_treasures(dungeon)
        if "treasures" in self.sections:
            treasures = frozenset(self.read_squares("treasures", dungeon))
            for square in sorted(treasures - _default_treasures(dungeon), key=reading_order):
                raise self.square_error(
                    "treasures",
                    square,
                    "has no treasure icon ('$'); treasure markers lie on treasure icons.",
                )
        dungeon = Dungeon(dungeon.tiles, frozenset(opened), dungeon.markers, treasures)
        built = self.place_figures(figures, squares, "map" in self.sections)
        where = {f.letter: (f.entry.line, f.entry.column) for f in figures}
        _check_figures(dungeon, built, where)
        return dungeon, built, self.title

    # -- lines into sections --

    def split(self) -> None:
        current: _Section | None = None
        seen_content = False
        for number, raw in enumerate(self.lines, start=1):
            if not raw.strip():
                continue
            header = None if raw[:1].isspace() else _HEADER_RE.fullmatch(raw.rstrip())
            if header is not None:
                name = header.group(1).lower()
                if name not in SECTIONS:
                    close = difflib.get_close_matches(name, SECTIONS, n=1)
                    hint = f" Did you mean '{close[0]}:'?" if close else ""
                    raise _error(
                        f"'{header.group(1)}:' is not a section; the sections are "
                        f"{', '.join(s + ':' for s in SECTIONS)}.{hint}",
                        number,
                        1,
                    )
                if name in self.sections:
                    raise _error(
                        f"The '{name}:' section is given twice (lines "
                        f"{self.sections[name].line} and {number}); write it once.",
                        number,
                        1,
                    )
                rest = header.group(2) or ""
                inline = None
                if rest.strip():
                    offset = len(name) + 1 + len(rest) - len(rest.lstrip())
                    inline = _Text(rest.strip(), number, offset + 1)
                current = self.sections[name] = _Section(name, number, inline)
                seen_content = True
                continue
            if current is None:
                if not seen_content and raw.lstrip().startswith("#"):
                    self.title = raw.strip()[1:].strip()
                    if not self.title.isprintable():
                        raise _error("The title is one line of printable text.", number, 1)
                    seen_content = True
                    continue
                raise _error(
                    "Expected a section first, such as 'map:' or 'tiles:' on a line of its own "
                    "(a '# title' may come before it, on the first line).",
                    number,
                    1,
                )
            current.body.append((number, raw))
        if not self.sections:
            raise _error(
                "The situation is empty: write a 'map:' or a 'tiles:' section, and the figures "
                "under 'figures:'."
                if not self.title
                else "The situation has only a title: add a 'map:' or a 'tiles:' section."
            )

    # -- figures --

    def read_figures(self) -> list[_FigureLine]:
        section = self.sections.get("figures")
        if section is None:
            return []
        out: list[_FigureLine] = []
        seen: dict[str, _FigureLine] = {}
        for entry in section.entries():
            figure = self.figure_line(entry)
            if figure.letter in seen:
                raise entry.fail(
                    f"The figure letter '{figure.letter}' is used twice (lines "
                    f"{seen[figure.letter].entry.line} and {entry.line}); each figure has its "
                    "own letter."
                )
            seen[figure.letter] = figure
            out.append(figure)
        return out

    def figure_line(self, entry: _Text) -> _FigureLine:
        head, equals, rest = entry.text.partition("=")
        letter = head.strip()
        if not equals or not letter:
            raise entry.fail(
                "A figure line reads 'letter = hero Name values', like "
                "'H = hero Huntress AP 19 STR 7', or 'o = monster Orc AP 10'."
            )
        try:
            _check_letter(letter)
        except SituationError as error:
            raise entry.fail(error.problem) from None
        body = _Text(rest, entry.line, entry.column + len(head) + 1)
        tokens = body.tokens()
        if not tokens or tokens[0].text.lower() not in KINDS:
            got = f", not '{tokens[0].text}'" if tokens else ""
            where = tokens[0] if tokens else body
            raise where.fail(
                f"After '{letter} =' comes 'hero' or 'monster'{got}, like '{letter} = hero "
                "Huntress AP 19'."
            )
        kind: Kind = "hero" if tokens[0].text.lower() == "hero" else "monster"
        index = 1
        name_tokens: list[_Text] = []
        if index < len(tokens) and tokens[index].text.startswith('"'):
            token = tokens[index]
            if len(token.text) < 2 or not token.text.endswith('"'):
                raise token.fail('A quoted name needs its closing quote, like "Dark Mage".')
            name = token.text[1:-1]
            index += 1
        else:
            while index < len(tokens):
                word = tokens[index].text
                ok = _first_name_word(word) if not name_tokens else _next_name_word(word)
                if not ok:
                    break
                name_tokens.append(tokens[index])
                index += 1
            name = " ".join(t.text for t in name_tokens)
            name = " ".join(name.split())
        if not name.strip():
            where = tokens[index] if index < len(tokens) else tokens[0]
            raise where.fail(
                f"The {kind} needs a name after '{kind}', like '{letter} = {kind} "
                f"{'Huntress' if kind == 'hero' else 'Orc'}' (in double quotes if it could be "
                "mistaken for the rest of the line)."
            )
        try:
            _check_name(name)
        except SituationError as error:
            raise tokens[1].fail(error.problem) from None
        figure = _FigureLine(entry, letter, kind, name, {}, set())
        while index < len(tokens):
            token = tokens[index]
            word = token.text
            following = tokens[index + 1] if index + 1 < len(tokens) else None
            if _KEY_RE.fullmatch(word):
                if following is None or not _INT_RE.fullmatch(following.text):
                    shown = f" '{word} {following.text}'" if following else f" '{word}'"
                    raise (following or token).fail(
                        f"The value{shown} is not well formed: {word} needs a whole number, "
                        f"like {word} 10."
                    )
                if word in figure.values:
                    raise token.fail(f"{word} is given twice for {name} ({letter}).")
                figure.values[word] = int(following.text)
                index += 2
            elif word in FLAGS:
                figure.flags.add(word)
                index += 1
            elif word == "at":
                if following is None:
                    raise token.fail("'at' needs a square, like 'at 3,4'.")
                figure.at, figure.at_token = _parse_square(following), following
                index += 2
            elif word == "on":
                if following is None or (following.text not in LEGEND and following.text != "/"):
                    got = f", not '{following.text}'" if following else ""
                    raise (following or token).fail(
                        "'on' names the one map character under a figure drawn on the map, "
                        f"like 'on ~' or 'on /' (an opened door){got}."
                    )
                figure.on, figure.on_token = following.text, token
                index += 2
            elif word == "carried":
                carrier = tokens[index + 2] if index + 2 < len(tokens) else None
                if following is None or following.text != "by" or carrier is None:
                    raise token.fail("Write who carries the figure as 'carried by H'.")
                try:
                    _check_letter(carrier.text)
                except SituationError as error:
                    raise carrier.fail(error.problem) from None
                figure.carried_by = carrier.text
                index += 3
            else:
                raise token.fail(_unknown_flag(word))
        return figure

    def place_figures(
        self,
        lines: list[_FigureLine],
        drawn: Mapping[str, tuple[Square, _Text]],
        as_map: bool,
    ) -> tuple[Figure, ...]:
        squares: dict[str, Square] = {}
        for line in lines:
            if line.carried_by is not None:
                if line.at is not None or line.letter in drawn:
                    raise line.entry.fail(
                        f"{line.name} ({line.letter}) is carried by {line.carried_by}, so it "
                        "stands on its carrier's square: do not draw it or give it 'at'."
                    )
                continue
            if line.at is not None:
                if line.letter in drawn:
                    raise line.entry.fail(
                        f"{line.name} ({line.letter}) is drawn on the map and also given "
                        "'at'; give its square once."
                    )
                squares[line.letter] = line.at
            elif line.letter in drawn:
                squares[line.letter] = drawn[line.letter][0]
            elif as_map:
                raise line.entry.fail(
                    f"{line.name} ({line.letter}) is not on the map: draw its letter on the "
                    "map, give its square with 'at x,y', or say 'carried by' whom."
                )
            else:
                raise line.entry.fail(
                    f"Say where {line.name} ({line.letter}) stands, like 'at 3,4', or "
                    "'carried by' whom."
                )
            if line.on is not None and line.letter not in drawn:
                assert line.on_token is not None
                raise line.on_token.fail("'on' is only for a figure drawn on the map.")
        figures: list[Figure] = []
        for line in lines:
            square = squares.get(line.letter)
            if square is None:
                square = squares.get(line.carried_by or "")
                if square is None:
                    raise line.entry.fail(
                        f"{line.name} ({line.letter}) is carried by '{line.carried_by}', but no "
                        "figure standing on the board has that letter."
                    )
            try:
                figures.append(
                    Figure(
                        line.name,
                        line.letter,
                        line.kind,
                        square,
                        tuple(line.values.items()),
                        frozenset(line.flags),
                        line.carried_by,
                    )
                )
            except SituationError as error:
                raise _located(error, line.entry.line, line.entry.column) from None
        return tuple(figures)

    # -- the dungeon --

    def read_map(
        self,
        section: _Section,
        figures: list[_FigureLine],
        drawn: dict[str, tuple[Square, _Text]],
    ) -> tuple[tuple[PlacedTile, ...], set[Square]]:
        if section.inline is not None:
            raise section.inline.fail("The map starts on the line after 'map:'.")
        rows = [(n, raw.rstrip()) for n, raw in section.body if raw.strip()]
        if not rows:
            raise _error("The map is empty: draw it on the lines after 'map:'.", section.line)
        indent = min(len(raw) - len(raw.lstrip()) for _, raw in rows)
        width = len(rows[0][1]) - indent
        height = len(rows)
        if max(width, height) > MAX_MAP_SIDE or width * height > MAX_MAP_SQUARES:
            raise _error(
                f"The map is {width} x {height} squares; a map is at most {MAX_MAP_SIDE} "
                f"squares along a side and {MAX_MAP_SQUARES:,} squares in all.",
                section.line,
            )
        by_letter = {f.letter: f for f in figures}
        opened: set[Square] = set()
        text_rows: list[str] = []
        for y, (number, raw) in enumerate(rows):
            row = raw[indent:]
            if len(row) != width:
                raise _error(
                    f"This map row is {len(row)} squares long but the first is {width}: a map "
                    "is a rectangle, every row as long as the first.",
                    number,
                )
            chars = []
            for x, char in enumerate(row):
                square, column = Square(x, y), indent + x + 1
                place = _Text(char, number, column)
                on_edge = x in (0, width - 1) or y in (0, height - 1)
                figure = by_letter.get(char)
                if figure is not None:
                    if char in drawn:
                        first = drawn[char][1]
                        raise place.fail(
                            f"The figure letter '{char}' is drawn twice on the map (line "
                            f"{first.line}, column {first.column} and here)."
                        )
                    if x in (0, width - 1) and y in (0, height - 1):
                        raise place.fail(
                            f"{figure.name} ({char}) stands on a corner of the outer wall; "
                            "corners are always wall."
                        )
                    drawn[char] = (square, place)
                    char = figure.on or (OPEN_CHAR if on_edge else ".")
                if char == "/":
                    opened.add(square)
                    char = "D"
                elif char not in LEGEND:
                    if char == " ":
                        raise place.fail(
                            "A space is not a map character: every square of the map needs "
                            "one ('#' wall, '.' floor, ':' open side on the edge, 'D' door)."
                        )
                    if char in FIGURE_LETTERS:
                        raise place.fail(
                            f"'{char}' is neither a map character nor the letter of a figure; "
                            f"declare it under 'figures:', like '{char} = hero Huntress'."
                        )
                    raise place.fail(
                        f"'{char}' is not a map character; the map characters are "
                        f"{''.join(LEGEND)} and '/' for an opened door."
                    )
                chars.append(char)
            text_rows.append("".join(chars))
        try:
            tile = RoomTile.from_map(MAP_ID, "Map", "\n".join(text_rows))
        except TileError as error:
            raise self.map_error(error, rows, indent, drawn, by_letter, section.line) from None
        return (PlacedTile(tile, Square(0, 0)),), opened

    @staticmethod
    def map_error(
        error: TileError,
        rows: list[tuple[int, str]],
        indent: int,
        drawn: Mapping[str, tuple[Square, _Text]],
        by_letter: Mapping[str, _FigureLine],
        header: int,
    ) -> SituationError:
        """A problem of the map (read as a room tile) in the words and places of the text."""
        if "no door ('D') and no open side" in error.problem:
            return _error(
                "The map needs a door ('D' or '/') or an open side (':') somewhere in its outer "
                "wall: the engine reads the board as a room tile, and every tile has a way in.",
                header,
            )

        def place(match: re.Match[str]) -> str:
            row, column = int(match.group(1)), int(match.group(2))
            if not 1 <= row <= len(rows):  # pragma: no cover - the tile names its own squares
                return match.group()
            return f"line {rows[row - 1][0]}, column {indent + column}"

        problem = _ROW_COLUMN_RE.sub(place, _map_problem(error.problem))
        if error.row is None or error.column is None:
            return _error(problem, header)
        for letter, (square, _) in drawn.items():
            if square == Square(error.column - 1, error.row - 1):
                problem += (
                    f" ({by_letter[letter].name} ({letter}) stands there: say what lies under it "
                    "with 'on' in its figure line, e.g. 'on /' for an opened door.)"
                )
        return _error(problem, rows[error.row - 1][0], indent + error.column)

    def read_tiles(self, section: _Section) -> tuple[PlacedTile, ...]:
        pack = pack_or_default(self.pack)
        placed: list[tuple[PlacedTile, _Text]] = []
        for entry in section.entries():
            tokens = entry.tokens()
            tile_token = tokens[0]
            if not pack.has_tile(tile_token.text):
                ids = [t.id for t in pack.tiles]
                close = [i for i in ids if i.casefold() == tile_token.text.casefold()]
                close = close or difflib.get_close_matches(tile_token.text, ids, n=3, cutoff=0.5)
                hint = f" Did you mean {' or '.join(close)}?" if close else ""
                raise tile_token.fail(
                    f"The pack {pack.id!r} has no tile '{tile_token.text}'.{hint}"
                )
            tile = pack.tile(tile_token.text)
            origin: Square | None = None
            rotation = Rotation.R0
            index = 1
            while index < len(tokens):
                word, following = (
                    tokens[index],
                    tokens[index + 1] if index + 1 < len(tokens) else None,
                )
                if word.text == "at" and following is not None:
                    origin = _parse_square(following)
                elif word.text == "turned" and following is not None:
                    degrees = following.text.removesuffix("°")
                    if not _INT_RE.fullmatch(degrees) or int(degrees) % 90:
                        raise following.fail(
                            f"A tile turns by 90, 180 or 270 (degrees clockwise), not "
                            f"'{following.text}'."
                        )
                    rotation = Rotation.from_degrees(int(degrees))
                else:
                    raise word.fail(
                        f"A tile line reads 'A-3 at 9,1' or 'A-3 at 9,1 turned 90'; "
                        f"'{word.text}' does not fit there."
                    )
                index += 2
            if origin is None:
                raise entry.fail(
                    f"Say where tile {tile.id} lies: '{tile.id} at x,y' (its top-left square)."
                )
            new = PlacedTile(tile.rotated(rotation), origin)
            for earlier, where in placed:
                if earlier.id == new.id:
                    raise entry.fail(
                        f"Tile {new.id} is placed twice (lines {where.line} and {entry.line}); "
                        "the game has one of each tile."
                    )
                if earlier.overlaps(new):
                    raise entry.fail(
                        f"Tile {new} would lie on top of {earlier} (line {where.line}); tiles "
                        "never overlap."
                    )
            placed.append((new, entry))
        if not placed:
            raise _error(
                "The 'tiles:' section is empty: add a tile like 'A-1 at 0,0'.", section.line
            )
        return tuple(p for p, _ in placed)

    def read_markers(self, dungeon: Dungeon) -> Dungeon:
        section = self.sections.get("markers")
        if section is None:
            return dungeon
        placed: dict[Square, Marker] = dict(dungeon.markers)
        added: list[tuple[Square, Marker]] = []
        for entry in section.entries():
            if entry.text.lower() == "none":
                continue
            tokens = entry.tokens()
            words = [t for t in tokens if not _SQUARE_RE.fullmatch(t.text)]
            squares = [t for t in tokens if _SQUARE_RE.fullmatch(t.text)]
            name = "_".join(t.text.lower().replace("-", "_") for t in words)
            kinds = [m.value for m in Marker]
            if name not in kinds:
                close = difflib.get_close_matches(name, kinds, n=1)
                hint = f" Did you mean '{close[0]}'?" if close else ""
                raise entry.fail(
                    f"'{' '.join(t.text for t in words) or entry.text}' is not a marker; the "
                    f"markers are {', '.join(kinds)}, each followed by its squares, like "
                    f"'hole 3,4'.{hint}"
                )
            if not squares:
                raise entry.fail(f"Say where the {name} markers lie, like '{name} 3,4'.")
            if tokens.index(squares[0]) < tokens.index(words[-1]):
                raise entry.fail(f"Write the marker first, then its squares: '{name} 3,4 5,6'.")
            for token in squares:
                square = _parse_square(token)
                try:
                    placed[square] = dungeon.check_marker(square, Marker(name), placed)
                except DungeonError as error:
                    raise token.fail(_map_problem(str(error))) from None
                added.append((square, placed[square]))
        return dungeon.with_markers(added)  # one build for all the markers

    def read_squares(self, name: str, dungeon: Dungeon) -> set[Square]:
        section = self.sections.get(name)
        if section is None:
            return set()
        out: set[Square] = set()
        for token in section.tokens():
            if token.text.lower() == "none":
                continue
            square = _parse_square(token)
            if dungeon.content(square) is None:
                raise token.fail(
                    f"{_pos(square)} is off the board (no square of the dungeon is there)."
                )
            if square in out:
                raise token.fail(f"{_pos(square)} is listed twice.")
            out.add(square)
            self.places[(name, square)] = token
        return out

    def square_error(self, name: str, square: Square, problem: str) -> SituationError:
        token = self.places.get((name, square))
        if token is None:  # an opened door drawn as '/' on the map
            return _error(f"{_pos(square)} {problem}", self.sections["map"].line)
        return token.fail(f"{_pos(square)} {problem}")


def _map_problem(problem: str) -> str:
    """A tile's or dungeon's message in the words of a situation (the map is not a tile)."""
    problem = problem.replace("the tile", "the map").replace("this tile", "this map")
    return problem[:1].upper() + problem[1:]
