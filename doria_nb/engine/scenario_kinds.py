"""What a scenario's goal, losing conditions and special rules may name: the registered goal
kinds (:data:`GOALS`), losing conditions (:data:`END_CONDITIONS`) and special-rule hooks
(:data:`HOOKS`), with the records a kind is made of (``docs/scenario-format.md``).

The registries are filled here, by the kinds this module defines, before anyone can read them:
:mod:`doria_nb.engine.scenario`, which checks a scenario's goal, conditions and rules against
them, imports this module (never the reverse), so what a scenario may name does not depend on
which modules happen to be imported. A later kind is registered by whoever adds it
(:func:`register_goal`, :func:`register_end_condition`, :func:`register_hook`). Each concept
carries out its own hooks, read from the state with
:meth:`~doria_nb.engine.table.state.GameState.scenario_rules`: the Doom Counter's in
:mod:`doria_nb.engine.doom.play`, Phase H's in :mod:`doria_nb.engine.level_up.play`.

>>> from doria_nb.engine.scenario import Goal
>>> Goal.of("survive_rounds", rounds=8).describe()
'Hold out until round 8 ends.'
>>> GOALS["defeat_monsters"].describe({"per_player": 2})
'Defeat 2 monsters per player ([PlayerCount] x 2).'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Protocol

from doria_nb.engine.errors import ScenarioError

__all__ = [
    "END_CONDITIONS",
    "GOALS",
    "HOOKS",
    "HOOK_PARAMS",
    "ConditionKind",
    "GoalProgress",
    "ParamKind",
    "ParamValue",
    "Params",
    "ScenarioView",
    "check_param",
    "register_end_condition",
    "register_goal",
    "register_hook",
]


ParamValue = str | int | float | bool
Params = Mapping[str, ParamValue]


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
            check_param(self.name, what, key, kinds[key], value)
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


def check_param(kind: str, what: str, key: str, param: ParamKind, value: object) -> None:
    """Raise :class:`ScenarioError` when ``value`` is not of the kind ``param`` (``key`` of the
    ``what`` named ``kind``)."""
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


def _count_target(params: Params, view: ScenarioView) -> int:
    """``count`` in all, or ``per_player`` x [PlayerCount] (the goals that take either)."""
    if "count" in params:
        return int(params["count"])
    return int(params["per_player"]) * view.player_count


def _describe_count(verb: str, word: str) -> Callable[[Params], str]:
    """The standard wording of a goal that takes ``count`` or ``per_player``."""

    def describe(params: Params) -> str:
        if "count" in params:
            return f"{verb} {_plural(int(params['count']), word)}."
        n = int(params["per_player"])
        return f"{verb} {_plural(n, word)} per player ([PlayerCount] x {n})."

    return describe


def _defeat_monsters(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    target = _count_target(params, view)
    done = view.monsters_defeated
    word = "monster" if target == 1 else "monsters"
    return GoalProgress(done >= target, f"{done} of {target} {word} defeated")


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


def _rounds_over(ended: str) -> Judge:
    """The judge of a kind met when round ``rounds`` ends: ``ended`` follows "round N has
    ended" once it has."""

    def judge(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
        last = int(params["rounds"])
        if view.round > last or (view.round == last and round_ended):
            return GoalProgress(True, f"round {last} has ended{ended}")
        return GoalProgress(False, f"round {view.round} of {last}")

    return judge


register_goal(
    ConditionKind(
        "defeat_monsters",
        (("count", ParamKind.COUNT), ("per_player", ParamKind.COUNT)),
        _defeat_monsters,
        _describe_count("Defeat", "monster"),
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
        _rounds_over(": time is up"),
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


def _search_treasures(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    target = _count_target(params, view)
    done = view.treasures_searched
    return GoalProgress(done >= target, f"{done} of {_plural(target, 'treasure')} searched")


def _tiles_limit(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    limit = int(params["count"])
    placed = view.tiles_placed
    return GoalProgress(placed >= limit, f"{placed} of at most {limit - 1} Room Tiles placed")


def _treasure_limit(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    limit = int(params["count"])
    done = view.treasures_searched
    return GoalProgress(done >= limit, f"{done} treasures searched; {limit} bring it down")


register_goal(
    ConditionKind(
        "search_treasures",
        (("count", ParamKind.COUNT), ("per_player", ParamKind.COUNT)),
        _search_treasures,
        _describe_count("Search", "treasure"),
        choose_one=(("count", "per_player"),),
        summary="won the moment the heroes have searched `count` treasures in all, or "
        "`per_player` x [PlayerCount] (Search Treasures actions)",
    )
)
register_goal(
    ConditionKind(
        "survive_rounds",
        (("rounds", ParamKind.COUNT),),
        _rounds_over(" with the heroes standing"),
        lambda p: f"Hold out until round {p['rounds']} ends.",
        at_round_end=True,
        summary="won when round `rounds` ends (the rulebook's own losses still apply)",
    )
)
register_end_condition(
    ConditionKind(
        "tiles_limit",
        (("count", ParamKind.COUNT),),
        _tiles_limit,
        lambda p: f"The heroes lose the moment the {p['count']}th Room Tile is placed.",
        summary="lost the moment `count` Room Tiles have been placed after the start tile",
    )
)
register_end_condition(
    ConditionKind(
        "treasure_limit",
        (("count", ParamKind.COUNT),),
        _treasure_limit,
        lambda p: f"The heroes lose the moment they search treasure number {p['count']}.",
        summary="lost the moment the heroes have searched `count` treasures",
    )
)
register_hook(
    "start_doom",
    "the Doom Counter marker starts on `square` instead of the red monster head",
    (("square", ParamKind.COUNT),),
)
register_hook(
    "doom_extra_steps",
    "in every Phase G the Doom Counter moves `steps` squares more",
    (("steps", ParamKind.COUNT),),
)
register_hook(
    "campaign_points_per_treasure",
    "in a campaign, every Search Treasures action adds `points` Monster Points to the "
    "scenario's (*Monster level in campaigns*: a scenario's own conditions, added on top)",
    (("points", ParamKind.COUNT),),
)
register_hook(
    "phase_h_heal",
    "in every Phase H each conscious hero on the start tile regains `hp` Hit Points (up to "
    "its maximum)",
    (("hp", ParamKind.COUNT),),
)
