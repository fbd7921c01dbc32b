"""More goal kinds, losing conditions and special-rule hooks for the book's scenarios and
campaigns (``docs/scenario-format.md``), registered in :mod:`doria_nb.engine.scenario`'s
registries when that module loads. Each concept carries out its own hooks, read from the
state with :meth:`~doria_nb.engine.table.state.GameState.scenario_rules`: the Doom Counter's
in :mod:`doria_nb.engine.doom.play`, Phase H's in :mod:`doria_nb.engine.level_up.play`.

>>> from doria_nb.engine.scenario import Goal
>>> Goal.of("survive_rounds", rounds=8).describe()
'Hold out until round 8 ends.'
"""

from __future__ import annotations

from doria_nb.engine.scenario import (
    ConditionKind,
    GoalProgress,
    ParamKind,
    Params,
    ScenarioView,
    register_end_condition,
    register_goal,
    register_hook,
)

__all__: list[str] = []


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _treasure_target(params: Params, view: ScenarioView) -> int:
    if "count" in params:
        return int(params["count"])
    return int(params["per_player"]) * view.player_count


def _search_treasures(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    target = _treasure_target(params, view)
    done = view.treasures_searched
    return GoalProgress(done >= target, f"{done} of {_plural(target, 'treasure')} searched")


def _describe_search(params: Params) -> str:
    if "count" in params:
        return f"Search {_plural(int(params['count']), 'treasure')}."
    n = int(params["per_player"])
    return f"Search {_plural(n, 'treasure')} per player ([PlayerCount] x {n})."


def _survive(params: Params, view: ScenarioView, round_ended: bool) -> GoalProgress:
    last = int(params["rounds"])
    if view.round > last or (view.round == last and round_ended):
        return GoalProgress(True, f"round {last} has ended with the heroes standing")
    return GoalProgress(False, f"round {view.round} of {last}")


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
        _describe_search,
        choose_one=(("count", "per_player"),),
        summary="won the moment the heroes have searched `count` treasures in all, or "
        "`per_player` x [PlayerCount] (Search Treasures actions)",
    )
)
register_goal(
    ConditionKind(
        "survive_rounds",
        (("rounds", ParamKind.COUNT),),
        _survive,
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
