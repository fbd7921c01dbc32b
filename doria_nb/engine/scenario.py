"""Scenarios: the story, the setup, what wins and what loses (*End of the Game*, *General
Setup*).

A :class:`Scenario` is data: the read-aloud story, the start Room Tile, the Monster Level, the
Scenario Deck of room tiles, one :class:`Goal`, extra losing conditions (:class:`EndCondition`)
and special rules (:class:`SpecialRule`: text plus, at most, the name of a registered hook).
Goals and end conditions are chosen by ``kind`` from two small registries, :data:`GOALS` and
:data:`END_CONDITIONS`, so a later scenario is data plus, at most, one registered kind — never
an ``if`` in the game. ``docs/scenario-format.md`` documents every kind.

The game answers the scenario's questions through a :class:`ScenarioView`, a protocol of a few
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

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, Protocol

from doria_nb.engine.errors import CardError
from doria_nb.engine.sections import Section

if TYPE_CHECKING:
    from doria_nb.engine.cards import ContentPack
    from doria_nb.engine.tiles import RoomTile

__all__ = [
    "END_CONDITIONS",
    "GOALS",
    "HOOKS",
    "HOOK_PARAMS",
    "MAX_MONSTER_LEVEL",
    "ConditionKind",
    "EndCondition",
    "Goal",
    "GoalProgress",
    "ParamKind",
    "Scenario",
    "ScenarioEnd",
    "ScenarioError",
    "ScenarioView",
    "SpecialRule",
    "register_end_condition",
    "register_goal",
    "register_hook",
]

MAX_MONSTER_LEVEL = 4
"""Monster Level Cards exist for the levels 1 to 4 (*Level Card Anatomy*)."""

ParamValue = str | int | float | bool
Params = Mapping[str, ParamValue]


class ScenarioError(CardError):
    """A scenario, goal, end condition or special rule that is not well formed.

    ``field`` names the offending field (``"goal.per_player"``) so that the content loader can
    point at it in the file.
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class ScenarioView(Protocol):
    """What a scenario may ask of the game. The game (or a test's fake) implements it.

    ``tiles_placed`` counts the Room Tiles placed after the start tile; ``heroes_on_tile``
    names the *conscious* heroes standing on that tile.
    """

    @property
    def round(self) -> int: ...

    @property
    def player_count(self) -> int: ...

    @property
    def monsters_defeated(self) -> int: ...

    @property
    def tiles_placed(self) -> int: ...

    @property
    def tiles_on_board(self) -> tuple[str, ...]: ...

    @property
    def treasures_searched(self) -> int: ...

    def heroes_on_tile(self, tile_id: str) -> tuple[str, ...]: ...


@dataclass(frozen=True, slots=True)
class GoalProgress:
    """How far a goal (or a losing condition) is: ``done`` and a sentence for the players,
    e.g. ``'5 of 8 monsters defeated'``."""

    done: bool
    text: str

    def __str__(self) -> str:
        return self.text


class ParamKind(StrEnum):
    """The type of a goal's or end condition's parameter."""

    COUNT = "count"
    """A whole number, 1 or more."""
    TILE = "tile"
    """The id of a Room Tile of the pack (``"B-3"``)."""


Judge = Callable[[Params, "ScenarioView", bool], GoalProgress]


@dataclass(frozen=True, slots=True)
class ConditionKind:
    """One registered kind of goal or end condition.

    ``params`` are the parameters it accepts with their kinds; ``choose_one`` lists the groups
    of which exactly one must be given (``count`` or ``per_player``); ``judge(params, view,
    round_ended)`` says how far it is; ``describe(params)`` words it for the players;
    ``at_round_end`` says the condition can only be met when a round ends.
    """

    name: str
    params: tuple[tuple[str, ParamKind], ...]
    judge: Judge
    describe: Callable[[Params], str]
    choose_one: tuple[tuple[str, ...], ...] = ()
    at_round_end: bool = False
    summary: str = ""

    def __call__(
        self, params: Params, view: ScenarioView, round_ended: bool = False
    ) -> GoalProgress:
        return self.judge(params, view, round_ended)

    def check(self, params: Params, what: str) -> None:
        """Raise :class:`ScenarioError` naming the field when ``params`` do not fit."""
        kinds = dict(self.params)
        for key, value in params.items():
            if key not in kinds:
                allowed = ", ".join(f"'{name}'" for name in kinds) or "none"
                raise ScenarioError(
                    f"the {what} '{self.name}' has no parameter '{key}'; it takes {allowed}.",
                    key,
                )
            _check_param(self.name, what, key, kinds[key], value)
        for group in self.choose_one:
            given = [name for name in group if name in params]
            if len(given) != 1:
                names = " or ".join(f"'{name}'" for name in group)
                problem = "both" if given else "neither"
                raise ScenarioError(
                    f"the {what} '{self.name}' needs exactly one of {names}, not {problem}.",
                    group[0] if not given else given[1],
                )
        grouped = {name for group in self.choose_one for name in group}
        for name in kinds:
            if name not in grouped and name not in params:
                raise ScenarioError(f"the {what} '{self.name}' needs '{name}'.", name)


def _check_param(kind: str, what: str, key: str, param: ParamKind, value: object) -> None:
    if param is ParamKind.COUNT:
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ScenarioError(
                f"'{key}' of the {what} '{kind}' must be a whole number of at least 1, "
                f"not {value!r}.",
                key,
            )
    elif param is ParamKind.TILE and (not isinstance(value, str) or not value):
        raise ScenarioError(
            f"'{key}' of the {what} '{kind}' must be a Room Tile id like 'B-3', not {value!r}.",
            key,
        )


GOALS: dict[str, ConditionKind] = {}
"""The goal kinds a scenario may name, by name (``docs/scenario-format.md``)."""

END_CONDITIONS: dict[str, ConditionKind] = {}
"""The extra losing conditions a scenario may name, by name."""

HOOKS: dict[str, str] = {}
"""Registered special-rule hooks (name -> what the game does). A special rule naming a hook
that is not registered fails to load: a hook that silently did nothing would mislead."""

HOOK_PARAMS: dict[str, tuple[tuple[str, ParamKind], ...]] = {}
"""The parameters each registered hook takes (all optional) with their kinds: a special rule
giving another name or a value of the wrong kind fails to load, so play never meets it."""


def _register(registry: dict[str, ConditionKind], kind: ConditionKind) -> ConditionKind:
    if kind.name in registry:
        raise ScenarioError(f"The kind '{kind.name}' is registered already.")
    registry[kind.name] = kind
    return kind


def register_goal(kind: ConditionKind) -> ConditionKind:
    """Add a goal kind to :data:`GOALS` (for later scenarios and campaigns)."""
    return _register(GOALS, kind)


def register_end_condition(kind: ConditionKind) -> ConditionKind:
    """Add a losing condition to :data:`END_CONDITIONS`."""
    return _register(END_CONDITIONS, kind)


def register_hook(
    name: str, description: str, params: tuple[tuple[str, ParamKind], ...] = ()
) -> None:
    """Register a special-rule hook the game carries out (see ``docs/scenario-format.md``),
    with the parameters it reads (each optional, of the kind given)."""
    if not name or name in HOOKS:
        raise ScenarioError(f"The hook {name!r} is empty or registered already.")
    HOOKS[name] = description
    HOOK_PARAMS[name] = tuple(params)


# -- the built-in kinds -------------------------------------------------------------------------


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n} {word if n == 1 else (words or word + 's')}"


def _monster_target(params: Params, view: ScenarioView) -> int:
    if "count" in params:
        return int(params["count"])
    return int(params["per_player"]) * view.player_count


def _defeat_monsters(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    target = _monster_target(params, view)
    done = view.monsters_defeated
    word = "monster" if target == 1 else "monsters"
    return GoalProgress(done >= target, f"{done} of {target} {word} defeated")


def _describe_defeat_monsters(params: Params) -> str:
    if "count" in params:
        return f"Defeat {_plural(int(params['count']), 'monster')}."
    n = int(params["per_player"])
    return f"Defeat {_plural(n, 'monster')} per player ([PlayerCount] x {n})."


def _explore_tiles(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    target = int(params["count"])
    word = "Room Tile" if target == 1 else "Room Tiles"
    placed = view.tiles_placed
    return GoalProgress(placed >= target, f"{placed} of {target} {word} placed")


def _conscious_heroes(view: ScenarioView) -> tuple[str, ...]:
    seen: dict[str, None] = {}
    for tile_id in view.tiles_on_board:
        for hero in view.heroes_on_tile(tile_id):
            seen[hero] = None
    return tuple(seen)


def _reach_tile(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    tile = str(params["tile"])
    if tile not in view.tiles_on_board:
        return GoalProgress(False, f"{tile} has not been revealed yet")
    heroes = _conscious_heroes(view)
    on = set(view.heroes_on_tile(tile))
    there = sum(1 for hero in heroes if hero in on)
    text = f"{there} of {_plural(len(heroes), 'conscious hero', 'conscious heroes')} on {tile}"
    everyone = bool(heroes) and there == len(heroes)
    if everyone and not round_ended:
        text += "; the goal is met if they still stand there when the round ends"
    return GoalProgress(everyone and round_ended, text)


def _round_limit(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    last = int(params["rounds"])
    over = view.round > last or (view.round == last and round_ended)
    if over:
        return GoalProgress(True, f"round {last} has ended: time is up")
    return GoalProgress(False, f"round {view.round} of {last}")


register_goal(
    ConditionKind(
        "defeat_monsters",
        (("count", ParamKind.COUNT), ("per_player", ParamKind.COUNT)),
        _defeat_monsters,
        _describe_defeat_monsters,
        choose_one=(("count", "per_player"),),
        summary="won the moment the heroes have defeated `count` monsters in all, or "
        "`per_player` x [PlayerCount]",
    )
)
register_goal(
    ConditionKind(
        "explore_tiles",
        (("count", ParamKind.COUNT),),
        _explore_tiles,
        lambda p: f"Place {_plural(int(p['count']), 'Room Tile')} besides the start tile.",
        summary="won the moment `count` Room Tiles have been placed after the start tile",
    )
)
register_goal(
    ConditionKind(
        "reach_tile",
        (("tile", ParamKind.TILE),),
        _reach_tile,
        lambda p: f"End a round with every conscious hero on Room Tile {p['tile']}.",
        at_round_end=True,
        summary="won when a round ends with every conscious hero standing on `tile`",
    )
)
register_end_condition(
    ConditionKind(
        "round_limit",
        (("rounds", ParamKind.COUNT),),
        _round_limit,
        lambda p: f"The heroes lose when round {p['rounds']} ends without the goal met.",
        at_round_end=True,
        summary="lost when round `rounds` ends (and the goal is not met)",
    )
)

register_hook(
    "no_escape",
    "the heroes cannot escape this campaign scenario (*Escaping a campaign scenario*)",
)
register_hook(
    "refill_weakened",
    "monsters the Doom Counter's refill brings to the entrance arrive with `hp` Hit Points "
    "less than their level card shows (never below 1)",
    (("hp", ParamKind.COUNT),),
)


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
    doria_nb.engine.scenario.ScenarioError: expected a goal kind, one of ...; got 'slay_the_dragon'.
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
                    _check_param(self.hook, "hook", key, kinds[key], value)
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


from doria_nb.engine import scenario_kinds as _more_kinds  # noqa: E402, F401 - registers them
