"""Scenarios: the story, the setup, what wins and what loses (*End of the Game*, *General
Setup*).

A :class:`Scenario` is data: the read-aloud story, the start Room Tile, the Monster Level, the
Scenario Deck of room tiles, one :class:`Goal`, extra losing conditions (:class:`EndCondition`)
and special rules (:class:`SpecialRule`: text plus, at most, the name of a registered hook).
Goals and end conditions are chosen by ``kind`` from two small registries,
:data:`~doria_nb.engine.scenario_kinds.GOALS` and
:data:`~doria_nb.engine.scenario_kinds.END_CONDITIONS` (:mod:`doria_nb.engine.scenario_kinds`,
below this module), so a later scenario is data plus, at most, one registered kind — never an
``if`` in the game. ``docs/scenario-format.md`` documents every kind.

The game answers the scenario's questions through a
:class:`~doria_nb.engine.scenario_kinds.ScenarioView`, a protocol of a few
counters (round, player count, monsters defeated, tiles placed, ...), so a goal can be judged
with a hand-made view in a chapter or a test as well as with a running game.

>>> goal = Goal.of("defeat_monsters", per_player=2)
>>> goal.describe()
'Defeat 2 monsters per player ([PlayerCount] x 2).'
>>> class View:
...     round, player_count, monsters_defeated, tiles_placed, treasures_searched = 4, 3, 5, 2, 0
...     tiles_on_board = ("A-1", "B-2", "C-3")
...     def heroes_on_tile(self, tile_id):
...         return ()
>>> goal.progress(View())
GoalProgress(done=False, text='5 of 6 monsters defeated')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from doria_nb.engine.errors import ScenarioError
from doria_nb.engine.scenario_kinds import (
    END_CONDITIONS,
    GOALS,
    HOOK_PARAMS,
    HOOKS,
    ConditionKind,
    GoalProgress,
    ParamKind,
    ParamValue,
    ScenarioView,
    check_param,
)
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack
    from doria_nb.engine.tiles import RoomTile

__all__ = [
    "MAX_MONSTER_LEVEL",
    "EndCondition",
    "Goal",
    "Scenario",
    "ScenarioEnd",
    "SpecialRule",
]

MAX_MONSTER_LEVEL = 4
"""Monster Level Cards exist for the levels 1 to 4 (*Level Card Anatomy*)."""

# -- records -----------------------------------------------------------------------------------


def _params(params: object) -> tuple[tuple[str, ParamValue], ...]:
    if isinstance(params, Mapping):
        items = list(params.items())
    elif isinstance(params, Iterable) and not isinstance(params, str | bytes):
        items = [tuple(pair) for pair in params]  # type: ignore[arg-type]
    else:
        raise ScenarioError(f"Parameters are name = value pairs, not {params!r}.", "params")
    for pair in items:
        if len(pair) != 2 or not isinstance(pair[0], str):
            raise ScenarioError(f"Parameters are name = value pairs, not {pair!r}.", "params")
    return tuple(sorted(items))  # type: ignore[arg-type]


def _kind(registry: Mapping[str, ConditionKind], what: str, kind: object) -> ConditionKind:
    if not isinstance(kind, str) or kind not in registry:
        choices = ", ".join(f"'{name}'" for name in registry)
        article = "an" if what[0] in "aeiou" else "a"
        raise ScenarioError(
            f"expected {article} {what} kind, one of {choices}; got {kind!r}.", "kind"
        )
    return registry[kind]


class _Condition:
    """What goals and end conditions share: a registered kind and its parameters."""

    __slots__ = ()
    kind: str
    params: tuple[tuple[str, ParamValue], ...]
    text: str
    _registry: Mapping[str, ConditionKind]
    _what: str

    def _validate(self) -> None:
        rule = _kind(self._registry, self._what, self.kind)
        params = _params(self.params)
        object.__setattr__(self, "params", params)
        rule.check(dict(params), self._what)
        if not isinstance(self.text, str):
            raise ScenarioError(f"A {self._what}'s text is text, not {self.text!r}.", "text")

    @property
    def rule(self) -> ConditionKind:
        """The registered kind that judges it."""
        return self._registry[self.kind]

    def get(self, key: str, default: ParamValue | None = None) -> ParamValue | None:
        return dict(self.params).get(key, default)

    def tile_params(self) -> tuple[tuple[str, str], ...]:
        """The ``(parameter, Room Tile id)`` pairs it names (the loader checks the ids against
        the pack)."""
        kinds = dict(self.rule.params)
        return tuple((k, str(v)) for k, v in self.params if kinds.get(k) is ParamKind.TILE)

    def describe(self) -> str:
        """Its own ``text`` if it has one, else the kind's standard wording."""
        return self.text or self.rule.describe(dict(self.params))

    def progress(self, view: ScenarioView, *, round_ended: bool = False) -> GoalProgress:
        """How far it is in ``view``; ``round_ended`` is true when the game asks as a round
        ends (conditions judged at the round's end are only ``done`` then)."""
        return self.rule(dict(self.params), view, round_ended)

    def __repr__(self) -> str:
        inner = "".join(f", {key}={value!r}" for key, value in self.params)
        text = f", text={self.text!r}" if self.text else ""
        return f"{type(self).__name__}.of({self.kind!r}{inner}{text})"


@dataclass(frozen=True, slots=True, repr=False)
class Goal(_Condition):
    """What wins the scenario: a kind of :data:`GOALS` and its parameters.

    >>> Goal.of("slay_the_dragon")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    doria_nb.engine.errors.ScenarioError: expected a goal kind, one of ...; got 'slay_the_dragon'.
    """

    kind: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    text: str = ""
    _registry = GOALS
    _what = "goal"

    def __post_init__(self) -> None:
        self._validate()

    @classmethod
    def of(cls, kind: str, *, text: str = "", **params: ParamValue) -> Goal:
        return cls(kind, tuple(sorted(params.items())), text)


@dataclass(frozen=True, slots=True, repr=False)
class EndCondition(_Condition):
    """An extra way to lose, besides the rulebook's: a kind of :data:`END_CONDITIONS`."""

    kind: str
    params: tuple[tuple[str, ParamValue], ...] = ()
    text: str = ""
    _registry = END_CONDITIONS
    _what = "end condition"

    def __post_init__(self) -> None:
        self._validate()

    @classmethod
    def of(cls, kind: str, *, text: str = "", **params: ParamValue) -> EndCondition:
        return cls(kind, tuple(sorted(params.items())), text)


@dataclass(frozen=True, slots=True)
class SpecialRule:
    """A scenario's special rule: its ``text`` and, optionally, the name of a registered hook
    (:data:`HOOKS`) with parameters. A rule without a hook is for the players to carry out."""

    text: str
    hook: str | None = None
    params: tuple[tuple[str, ParamValue], ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.text, str) or not self.text.strip():
            raise ScenarioError("A special rule needs its text.", "text")
        if self.hook is not None and self.hook not in HOOKS:
            known = ", ".join(f"'{name}'" for name in HOOKS) or "none is registered yet"
            raise ScenarioError(
                f"the hook {self.hook!r} is not registered (known hooks: {known}); leave "
                "'hook' out for a rule the players carry out themselves.",
                "hook",
            )
        object.__setattr__(self, "params", _params(self.params))
        if self.params and self.hook is None:
            raise ScenarioError(
                "parameters belong to a hook; this rule names none, so nothing would read "
                f"{', '.join(k for k, _ in self.params)}.",
                "params",
            )
        if self.hook is not None:
            kinds = dict(HOOK_PARAMS.get(self.hook, ()))
            for key, value in self.params:
                if key not in kinds:
                    allowed = ", ".join(f"'{name}'" for name in kinds) or "none"
                    raise ScenarioError(
                        f"the hook '{self.hook}' has no parameter '{key}'; it takes {allowed}.",
                        f"params.{key}",
                    )
                try:
                    check_param(self.hook, "hook", key, kinds[key], value)
                except ScenarioError as error:
                    raise ScenarioError(str(error), f"params.{key}") from None


@dataclass(frozen=True, slots=True)
class ScenarioEnd:
    """A scenario's verdict: ``won`` or lost, and why."""

    won: bool
    reason: str
    rule: Section = Section.END_OF_THE_GAME


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True, kw_only=True)
class Scenario:
    """One scenario (*Selecting a Game Mode*, *General Setup*).

    ``tiles`` is the Scenario Deck (``None``: every room tile of the pack but the start tile);
    ``defeats`` are losing conditions on top of the rulebook's own (all characters unconscious
    at once, a character's death), which the game checks itself.
    """

    id: str
    name: str
    story: str
    goal: Goal
    start_tile: str = "A-1"
    monster_level: int = 1
    tiles: tuple[str, ...] | None = None
    defeats: tuple[EndCondition, ...] = ()
    special_rules: tuple[SpecialRule, ...] = ()
    setup: str = ""
    rule: Section = field(default=Section.END_OF_THE_GAME, repr=False, compare=False)

    def __post_init__(self) -> None:
        for name in ("id", "name", "story"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise ScenarioError(f"A scenario needs its {name} (text), not {value!r}.", name)
        if not isinstance(self.goal, Goal):
            raise ScenarioError(f"A scenario's goal is a Goal, not {self.goal!r}.", "goal")
        if not isinstance(self.start_tile, str) or not self.start_tile:
            raise ScenarioError(
                f"The start tile is a tile id, not {self.start_tile!r}.", "start_tile"
            )
        level = self.monster_level
        if not _whole(level) or not 1 <= level <= MAX_MONSTER_LEVEL:
            raise ScenarioError(
                f"The Monster Level is a whole number from 1 to {MAX_MONSTER_LEVEL}, not "
                f"{level!r}.",
                "monster_level",
            )
        if self.tiles is not None:
            tiles = tuple(self.tiles)
            for index, tile in enumerate(tiles):
                if not isinstance(tile, str) or not tile:
                    raise ScenarioError(f"A deck lists tile ids, not {tile!r}.", f"tiles[{index}]")
                if tile == self.start_tile:
                    raise ScenarioError(
                        f"the start tile {tile} is on the table from the start, so it is not "
                        "in the Scenario Deck.",
                        f"tiles[{index}]",
                    )
                if tile in tiles[:index]:
                    raise ScenarioError(f"the tile {tile} is listed twice.", f"tiles[{index}]")
            object.__setattr__(self, "tiles", tiles)
        defeats = tuple(self.defeats)
        for index, condition in enumerate(defeats):
            if not isinstance(condition, EndCondition):
                raise ScenarioError(
                    f"A losing condition is an EndCondition, not {condition!r}.",
                    f"defeat[{index}]",
                )
        rules = tuple(self.special_rules)
        for index, special in enumerate(rules):
            if not isinstance(special, SpecialRule):
                raise ScenarioError(
                    f"A special rule is a SpecialRule, not {special!r}.", f"special_rule[{index}]"
                )
        object.__setattr__(self, "defeats", defeats)
        object.__setattr__(self, "special_rules", rules)

    def __str__(self) -> str:
        return self.name

    # -- the table --------------------------------------------------------------------------

    def deck_ids(self, pack_tiles: Iterable[str]) -> tuple[str, ...]:
        """The Scenario Deck's tile ids, given the ids of every tile of the pack in order."""
        if self.tiles is not None:
            return self.tiles
        return tuple(tile for tile in pack_tiles if tile != self.start_tile)

    def scenario_deck(self, pack: ContentPack) -> tuple[RoomTile, ...]:
        """The Room Tiles of the Scenario Deck, unshuffled (*General Setup*)."""
        return tuple(pack.tile(tile) for tile in self.deck_ids(t.id for t in pack.tiles))

    def tile_ids(self) -> tuple[tuple[str, str], ...]:
        """Every ``(field, tile id)`` the scenario names, for checking against a pack."""
        named = [("start_tile", self.start_tile)]
        named += [(f"tiles[{i}]", tile) for i, tile in enumerate(self.tiles or ())]
        named += [(f"goal.{key}", tile) for key, tile in self.goal.tile_params()]
        for i, condition in enumerate(self.defeats):
            named += [(f"defeat[{i}].{key}", tile) for key, tile in condition.tile_params()]
        return tuple(named)

    # -- winning and losing -----------------------------------------------------------------

    def goal_met(self, view: ScenarioView, *, round_ended: bool = False) -> GoalProgress:
        """How far the goal is (``done`` when it is met)."""
        return self.goal.progress(view, round_ended=round_ended)

    def lost(self, view: ScenarioView, *, round_ended: bool = False) -> EndCondition | None:
        """The first of the scenario's own losing conditions that holds, if any. The rulebook's
        (all unconscious, a death) are the game's to check."""
        for condition in self.defeats:
            if condition.progress(view, round_ended=round_ended).done:
                return condition
        return None

    def hooked(self, hook: str) -> tuple[SpecialRule, ...]:
        """The special rules that use the registered ``hook``."""
        return tuple(rule for rule in self.special_rules if rule.hook == hook)

    def check_end(self, view: ScenarioView, *, round_ended: bool = False) -> ScenarioEnd | None:
        """Won, lost or going on. The goal is judged first: a goal met as the last round ends
        wins (ruling SC2)."""
        progress = self.goal_met(view, round_ended=round_ended)
        if progress.done:
            return ScenarioEnd(True, f"{self.goal.describe()} ({progress.text})")
        condition = self.lost(view, round_ended=round_ended)
        if condition is not None:
            text = condition.progress(view, round_ended=round_ended).text
            return ScenarioEnd(False, f"{condition.describe()} ({text})")
        return None

    def briefing(self) -> str:
        """The scenario as the players hear it: name, story, goal, losing conditions, special
        rules and setup notes."""
        parts = [self.name, self.story.strip(), f"Goal: {self.goal.describe()}"]
        lose = ["All heroes are unconscious at the same time.", "A hero dies."]
        lose += [c.describe() for c in self.defeats]
        parts.append("The heroes lose if:\n" + "\n".join(f"- {line}" for line in lose))
        parts += [f"Special rule: {r.text.strip()}" for r in self.special_rules]
        if self.setup.strip():
            parts.append(f"Setup: {self.setup.strip()}")
        return "\n\n".join(parts)
