"""Who sits at the table: a person or the bot policy for each hero, and who answers a question.

A :class:`Seats` maps each hero's letter to a :class:`SeatKind`. The table asks a person, and
lets the default policy answer for a bot (:func:`~doria_nb.engine.table.state.default_answer`,
ruling GM2). A question names who decides in words (``Choice.who``: "the Mage", "the players");
:func:`answerer` turns that into a hero's letter, or ``None`` for the group.

"Quick answers" (:data:`QUICK_KINDS`) are the questions of every fight — which defense roll,
which armor, Psi Points after a psi resistance roll, an enchanted weapon's element — that a
group that knows the rules may leave to the defaults for one hero, without handing the whole
hero to the bot.

>>> seats = Seats.of(["W", "M"], bots=["M"])
>>> seats.kind("W"), seats.kind("M"), seats.people
(<SeatKind.PERSON: 'person'>, <SeatKind.BOT: 'bot'>, ('W',))
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum

from doria_nb.engine.decisions import Choice, ChoiceKind
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.table.state import GameState

__all__ = ["QUICK_KINDS", "SeatError", "SeatKind", "Seats", "answerer"]

QUICK_KINDS = frozenset(
    {ChoiceKind.DEFENSE, ChoiceKind.ARMOR, ChoiceKind.PSI_POINTS, ChoiceKind.ENCHANTMENT}
)
"""The questions of every fight, which a seat may leave to the defaults (quick answers)."""


class SeatError(DoriaError):
    """A seat that does not exist, or a kind of seat that does not."""


class SeatKind(StrEnum):
    """Who plays a hero: a person at the table, or the bot policy."""

    PERSON = "person"
    BOT = "bot"


@dataclass(frozen=True, slots=True)
class Seats:
    """Each hero's seat (by letter) and the heroes whose fight questions get quick answers."""

    kinds: tuple[tuple[str, SeatKind], ...]
    quick: frozenset[str] = field(default=frozenset())

    @classmethod
    def of(cls, letters: Iterable[str], *, bots: Iterable[str] = ()) -> Seats:
        """Every hero a person, except those in ``bots``."""
        robots = set(bots)
        return cls(tuple((x, SeatKind.BOT if x in robots else SeatKind.PERSON) for x in letters))

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(letter for letter, _ in self.kinds)

    def kind(self, letter: str) -> SeatKind:
        for known, kind in self.kinds:
            if known == letter:
                return kind
        raise SeatError(f"No hero sits at {letter!r}; the heroes are {', '.join(self.letters)}.")

    def is_person(self, letter: str) -> bool:
        return self.kind(letter) is SeatKind.PERSON

    @property
    def people(self) -> tuple[str, ...]:
        return tuple(letter for letter, kind in self.kinds if kind is SeatKind.PERSON)

    def with_kind(self, letter: str, kind: SeatKind | str) -> Seats:
        """These seats with hero ``letter`` played by ``kind`` (``"person"`` or ``"bot"``)."""
        self.kind(letter)
        try:
            new = SeatKind(kind)
        except ValueError:
            raise SeatError(f"A seat is 'person' or 'bot', not {kind!r}.") from None
        return replace(self, kinds=tuple((x, new if x == letter else k) for x, k in self.kinds))

    def with_quick(self, letter: str, on: bool) -> Seats:
        """Quick answers on or off for hero ``letter``."""
        self.kind(letter)
        quick = self.quick | {letter} if on else self.quick - {letter}
        return replace(self, quick=frozenset(quick))

    def following(self, letters: Iterable[str]) -> Seats:
        """The seats for the heroes now in the game: new heroes sit as people, heroes who
        left lose their seat."""
        known = dict(self.kinds)
        kinds = tuple((x, known.get(x, SeatKind.PERSON)) for x in letters)
        return Seats(kinds, frozenset(q for q in self.quick if q in dict(kinds)))

    def to_json(self) -> dict[str, object]:
        return {"seats": {x: str(k) for x, k in self.kinds}, "quick": sorted(self.quick)}

    @classmethod
    def from_json(cls, data: object, letters: Iterable[str]) -> Seats:
        """Seats read back from :meth:`to_json` for a game of heroes ``letters`` (heroes the
        data does not name sit as people; anything malformed is refused in words)."""
        if not isinstance(data, Mapping) or not isinstance(data.get("seats", {}), Mapping):
            raise SeatError(f"The saved seats are not a table of heroes and seats: {data!r}.")
        seats = cls.of(letters)
        for letter, kind in dict(data.get("seats", {})).items():
            if letter in seats.letters:
                seats = seats.with_kind(letter, kind)
        quick = data.get("quick", [])
        if not isinstance(quick, list):
            raise SeatError(f"The saved quick answers are not a list of heroes: {quick!r}.")
        for letter in quick:
            if letter in seats.letters:
                seats = seats.with_quick(letter, True)
        return seats


def answerer(choice: Choice, state: GameState) -> str | None:
    """The letter of the hero whose player answers ``choice``, or ``None`` when the group does
    (tile placements, monster ties: "the players")."""
    for seat in state.heroes.values():
        if choice.who in (seat.name, seat.character.who):
            return seat.letter
    return None
