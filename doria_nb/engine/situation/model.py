"""The situation: a dungeon and the figures on it, immutable, with the questions asked of it.

:class:`Situation` checks that every figure stands where a figure can, finds figures by
letter or name, moves them, answers Line of Sight and (through the movement rules) where a
hero can move, and draws itself. Reading, writing, codes and the picture are done by the
modules next to this one.
"""

from __future__ import annotations

import difflib
import importlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.geometry import Square
from doria_nb.engine.sight import SightResult
from doria_nb.engine.situation.code import _pack, _unpack
from doria_nb.engine.situation.figure import Figure, _error
from doria_nb.engine.situation.numbers import NO_NUMBERS, FigureNumbers, numbers_view
from doria_nb.engine.situation.picture import _svg
from doria_nb.engine.situation.reader import _Reader
from doria_nb.engine.situation.standing import _check_figures, _drifts
from doria_nb.engine.situation.writer import _write

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack
    from doria_nb.engine.monster_ai.activation import Activation
    from doria_nb.engine.monster_ai.phase import MonsterPhase
    from doria_nb.engine.monster_ai.trace import Trace
    from doria_nb.engine.movement import MovementBoard, Reach

__all__ = ["Situation"]


@dataclass(frozen=True, slots=True)
class Situation:
    """A board position: the :class:`Dungeon` and the figures on it, with an optional title.

    Immutable: :meth:`moved`, :meth:`with_figure` and :meth:`without` return new situations.
    Building one checks that every figure stands where a figure can (not in a wall, not off
    the board, one figure per square except a carried hero on its carrier's square), and
    raises :class:`SituationError` otherwise.
    """

    dungeon: Dungeon
    figures: tuple[Figure, ...] = ()
    title: str = ""
    numbers: FigureNumbers = field(default_factory=lambda: NO_NUMBERS, compare=False, repr=False)
    """Numbers lent by figure letter for one question (:mod:`.numbers`), read by
    :meth:`value` before a figure's own; not part of the position (not written, compared or
    hashed)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", numbers_view(self.numbers))
        if not isinstance(self.dungeon, Dungeon):
            raise _error(f"A situation needs a Dungeon, not {self.dungeon!r}.")
        figures = tuple(self.figures)
        for figure in figures:
            if not isinstance(figure, Figure):
                raise _error(f"A situation's figures are Figures, not {figure!r}.")
        object.__setattr__(self, "figures", figures)
        if not isinstance(self.title, str) or not (self.title.isprintable()):
            raise _error("A situation's title is one line of text.")
        object.__setattr__(self, "title", self.title.strip())
        _check_figures(self.dungeon, figures)

    # -- reading and writing --

    @classmethod
    def from_text(cls, text: str, pack: ContentPack | None = None) -> Situation:
        """Read a situation written in the text format (``docs/situation-format.md``).

        ``pack`` is where the ``tiles:`` section finds its tiles (the starter pack by
        default). Any mistake raises :class:`SituationError` naming the line (and column).
        """
        dungeon, figures, title = _Reader(text, pack).read()
        return Situation(dungeon, figures, title)

    def to_text(self) -> str:
        """The situation in canonical text: ``Situation.from_text(s.to_text()) == s`` for a
        situation read from text (with the same pack)."""
        return _write(self)

    @property
    def code(self) -> str:
        """The situation as one line to paste into a chat or a bug report: ``doria1:``
        followed by the compressed canonical text (URL-safe base64, no padding)."""
        return _pack(self.to_text())

    @classmethod
    def from_code(cls, code: str, pack: ContentPack | None = None) -> Situation:
        """The situation in a :attr:`code`. A damaged, cut or altered code raises
        :class:`SituationError` saying so."""
        return cls.from_text(_unpack(code), pack)

    # -- figures --

    def figure(self, who: str | Figure) -> Figure:
        """The figure with this letter or name (a name shared by several figures must be
        given as a letter)."""
        if isinstance(who, Figure):
            who = who.letter
        if not isinstance(who, str):
            raise _error(f"Name a figure by its letter or name, not {who!r}.")
        for figure in self.figures:
            if figure.letter == who:
                return figure
        named = [f for f in self.figures if f.name == who] or [
            f for f in self.figures if f.name.casefold() == who.casefold()
        ]
        if len(named) == 1:
            return named[0]
        if named:
            letters = ", ".join(f.letter for f in named)
            raise _error(
                f"{len(named)} figures are called {who} ({letters}); name one by its letter."
            )
        known = [f.name for f in self.figures] + [f.letter for f in self.figures]
        close = difflib.get_close_matches(who, known, n=3)
        hint = f" Did you mean {' or '.join(close)}?" if close else ""
        listed = ", ".join(f"{f.letter} {f.name}" for f in self.figures) or "none"
        raise _error(f"There is no figure {who!r} here (the figures: {listed}).{hint}")

    @property
    def heroes(self) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.is_hero)

    @property
    def monsters(self) -> tuple[Figure, ...]:
        return tuple(f for f in self.figures if f.is_monster)

    def at(self, square: Square) -> Figure | None:
        """The figure standing on ``square`` (a carrier, not the hero it carries; a figure
        standing on an unconscious hero's marker, not the marker), if any."""
        found = None
        for figure in self.figures:
            if figure.square == square and figure.carried_by is None:
                if not figure.unconscious:
                    return figure
                found = figure
        return found

    def carrying(self, who: str | Figure) -> Figure | None:
        """The unconscious hero this figure carries, if any (*Carry Characters*)."""
        carrier = self.figure(who)
        return next((f for f in self.figures if f.carried_by == carrier.letter), None)

    def with_figure(self, figure: Figure) -> Situation:
        """This situation with ``figure`` added, or replacing the figure with its letter."""
        figures = list(self.figures)
        for index, old in enumerate(figures):
            if old.letter == figure.letter:
                figures[index] = figure
                break
        else:
            figures.append(figure)
        return Situation(self.dungeon, tuple(figures), self.title, self.numbers)

    def without(self, who: str | Figure) -> Situation:
        """This situation without that figure (a hero it carried is put down on its square)."""
        gone = self.figure(who)
        figures = tuple(
            replace(f, carried_by=None) if f.carried_by == gone.letter else f
            for f in self.figures
            if f.letter != gone.letter
        )
        return Situation(self.dungeon, figures, self.title, self.numbers)

    def moved(self, who: str | Figure, square: Square | tuple[int, int]) -> Situation:
        """This situation with the figure put on ``square`` (with the hero it carries)."""
        figure = self.figure(who)
        if not isinstance(square, Square):
            if not (isinstance(square, tuple) and len(square) == 2):
                raise _error(f"A figure moves to a Square, not {square!r}.")
            square = Square(*square)
        if figure.carried_by is not None:
            raise _error(
                f"{figure.label} is carried by {figure.carried_by}; move the carrier instead."
            )
        figures = tuple(
            f.at(square) if f.letter == figure.letter or f.carried_by == figure.letter else f
            for f in self.figures
        )
        if _may_stand(self, figure, square):
            return self._same_but(figures=figures)
        return Situation(self.dungeon, figures, self.title, self.numbers)

    def with_numbers(self, numbers: FigureNumbers) -> Situation:
        """This situation lent ``numbers`` (figure letter -> key -> value) for a question,
        in place of any lent before; ``{}`` lends nothing. The figures are not changed.

        >>> s = Situation.from_text("map:\\n  #D#\\n  #W#\\n  ###\\nfigures:\\n  W = hero Warrior")
        >>> lent = s.with_numbers({"W": {"STR": 7}})
        >>> lent.value("W", "STR"), lent.figure("W").value("STR"), lent == s
        (7, None, True)
        >>> lent.with_numbers({}).value("W", "STR") is None
        True
        """
        return self._same_but(numbers=numbers_view(numbers))

    def _same_but(self, **changed: Any) -> Situation:
        """This situation with ``changed`` fields, built without checking the figures again:
        only for a change the caller has checked cannot put a figure where it may not stand
        (:meth:`moved` onto a free square, lent numbers). A game builds thousands of
        situations that differ from the last in one figure's square; each full check looks
        at every figure (tests/unit/test_situation.py compares the two ways)."""
        new = object.__new__(Situation)
        for name in ("dungeon", "figures", "title", "numbers"):
            object.__setattr__(new, name, changed.get(name, getattr(self, name)))
        return new

    def value(self, who: str | Figure, key: str, default: int | None = None) -> int | None:
        """The number ``key`` of a figure (by letter, name or the figure itself): the one
        lent to this situation (:attr:`numbers`) if any, else the figure's own value, else
        ``default``."""
        figure = who if isinstance(who, Figure) else self.figure(who)
        lent = self.numbers.get(figure.letter)
        if lent is not None and key in lent:
            return lent[key]
        return figure.value(key, default)

    def numbers_of(self, who: str | Figure) -> Mapping[str, int]:
        """Every number of a figure as :meth:`value` reads them: its own values with those
        lent to this situation over them (a read-only mapping, ``"STR"`` -> 7)."""
        figure = who if isinstance(who, Figure) else self.figure(who)
        lent = self.numbers.get(figure.letter, {})
        return MappingProxyType({**dict(figure.values), **lent})

    # -- questions --

    def _square(self, where: str | Figure | Square) -> Square:
        return where if isinstance(where, Square) else self.figure(where).square

    def line_of_sight(self, a: str | Figure | Square, b: str | Figure | Square) -> SightResult:
        """Line of Sight between two figures (by letter or name) or squares. Figures never
        block it (*Range and Line of Sight*), so this is the dungeon's answer, except that a
        Poltergeist inside a wall is seen by everyone (*Walls*)."""
        first, second = self._square(a), self._square(b)
        for square in (first, second):
            figure = self.at(square)
            if figure is not None and _drifts(figure) and not self.dungeon.passable(square):
                return SightResult(first, second, visible=True, exposed=True)
        return self.dungeon.line_of_sight(first, second)

    def movement_board(self, who: str | Figure, *, ap: int | None = None) -> MovementBoard:
        """A hero about to move and the board around it, as the movement rules ask it: the
        :class:`~doria_nb.engine.movement.MovementBoard` with the hero's square and AP (or
        ``ap``), the other conscious heroes as characters (unconscious ones have left the
        board), the monsters, the hero's STR and AGI, whether it carries someone and whether
        it is buried.

        Monsters move by their own rules (*Monster Activation*), so they are refused here.
        """
        figure = self.figure(who)
        if figure.is_monster:
            raise _error(
                f"{figure.label} is a monster; monsters move by their own rules (Monster "
                "Activation), and reach() answers for heroes."
            )
        if figure.carried_by is not None or figure.unconscious:
            raise _error(
                f"{figure.label} is unconscious and cannot move on its own; a conscious hero "
                "can carry it (Carry Characters)."
            )
        points = figure.ap if ap is None else ap
        if points is None:
            raise _error(f"{figure.label} has no AP; give it in its line, like 'AP 10'.")
        # Imported here: the movement rules build on the dungeon, not on situations.
        movement = importlib.import_module("doria_nb.engine.movement")
        characters = tuple(
            f.square
            for f in self.heroes
            if f.letter != figure.letter and not f.unconscious and f.carried_by is None
        )
        board: MovementBoard = movement.MovementBoard(
            self.dungeon,
            figure.square,
            points,
            characters=characters,
            monsters=tuple(f.square for f in self.monsters),
            carrying=self.carrying(figure) is not None,
            buried=figure.buried,
            strength=figure.strength,
            agility=figure.agility,
        )
        return board

    def reach(self, who: str | Figure, *, ap: int | None = None, **options: Any) -> Reach:
        """Where a hero can end one movement with its AP (or ``ap``): the
        :class:`~doria_nb.engine.movement.Reach` of its :meth:`movement_board`. ``options``
        (``jumping``, ``swapping``, ``max_jump``) are passed on."""
        return self.movement_board(who, ap=ap).reach(**options)

    # -- the monster AI (the dispute builder) --

    def activate(self, monster: str | Figure, **options: Any) -> Activation:
        """What ``monster`` does when activated here: its target, route and attack, every
        decision with its rule, and the situation after (:func:`~doria_nb.engine.monster_ai.
        activation.activate`; ``options``: ``pack``, ``level``, ``rules``, and ``target``,
        ``square``, ``push_to`` to settle a tie the rules leave to the players)."""
        # Imported when asked: the monster AI's modules load after the situation's (they
        # name situations only for the type checker, so there is no import cycle).
        from doria_nb.engine.monster_ai.activation import activate

        return activate(self, monster, **options)

    def monster_phase(self, **options: Any) -> MonsterPhase:
        """Every monster acting once in *Monster Order*, each on the situation the one before
        left (:func:`~doria_nb.engine.monster_ai.phase.monster_phase`)."""
        from doria_nb.engine.monster_ai.phase import monster_phase

        return monster_phase(self, **options)

    def monster_order(self, **options: Any) -> Trace:
        """The order the monsters act in, with the criteria of *Monster Order*."""
        from doria_nb.engine.monster_ai.order import monster_order

        return monster_order(self, **options)

    # -- showing --

    def __str__(self) -> str:
        """The board as :class:`Dungeon` draws it, each figure's letter on its square."""
        top_left, bottom_right = self.dungeon.bounds
        letters = {f.square: f.letter for f in self.figures if f.carried_by is None}
        rows = []
        for y in range(top_left.y, bottom_right.y + 1):
            row = "".join(
                letters.get(Square(x, y)) or self.dungeon.char_at(Square(x, y))
                for x in range(top_left.x, bottom_right.x + 1)
            )
            rows.append(row.rstrip())
        return "\n".join(rows)

    def __repr__(self) -> str:
        title = f" {self.title!r}" if self.title else ""
        who = ", ".join(f"{f.letter} {f.name}" for f in self.figures) or "no figures"
        return f"<Situation{title}: {self.dungeon!r}; {who}>"

    def describe(self) -> str:
        """The situation in words, for screen readers: the dungeon, then every figure with
        its square, values and flags."""
        lines = [self.title] if self.title else []
        lines.append(self.dungeon.describe())
        if self.figures:
            lines.append(f"{len(self.figures)} figure{'s' * (len(self.figures) != 1)}:")
            lines.extend(f"- {figure.describe()}" for figure in self.figures)
        else:
            lines.append("No figures.")
        return "\n".join(lines)

    def _repr_svg_(self) -> str:
        return _svg(self)


def _may_stand(situation: Situation, figure: Figure, square: Square) -> bool:
    """Whether ``figure`` of ``situation`` (valid, as every situation is), moved to
    ``square`` with the hero it carries, surely stands where a figure may, so that the moved
    situation needs no new check: the figure is not buried, the dungeon lets a figure stand
    on ``square``, and no other figure on its own feet there is conscious as the mover is (a
    conscious figure may share its square only with an unconscious hero's marker). Nothing
    else :func:`_check_figures` asks changes with a figure's square. ``False`` only means
    "check it all"."""
    if figure.buried or not situation.dungeon.passable(square):
        return False
    for other in situation.figures:
        if (
            other.square == square
            and other.letter != figure.letter
            and other.carried_by is None
            and other.unconscious == figure.unconscious
        ):
            return False
    return True
