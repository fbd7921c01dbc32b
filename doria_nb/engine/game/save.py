"""Save files: a game as JSON — its setup, its inputs and the chance outcomes they produced.

Loading never trusts the file: its shape is checked, the content pack must be the one it was
saved with (id, version and hash), and the inputs are replayed one by one through the same
checks as a player's actions; the dice and cards that come up must be exactly those recorded.
A damaged file, an edited one and one from another content version are refused with
different, clear messages (:class:`SaveFileError`), and nothing of it is executed — it is
data, never code (no pickle, no eval).
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import TYPE_CHECKING, Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.game.actions import action_from_json
from doria_nb.engine.game.records import GameError, SaveFileError
from doria_nb.engine.options import RulesOptions

if TYPE_CHECKING:
    from doria_nb.engine.game.game import Game

__all__ = ["FORMAT", "VERSION", "dump", "load"]

FORMAT = "doria-nb saved game"
VERSION = 1


def _options_json(options: RulesOptions) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for f in fields(options):
        value = getattr(options, f.name)
        if isinstance(value, (frozenset, set, tuple)):
            value = sorted(value)
        out[f.name] = value
    return out


def _options_from(data: object) -> RulesOptions:
    if not isinstance(data, dict):
        raise SaveFileError("The saved optional rules are not a table of names and values.")
    known = {f.name: f for f in fields(RulesOptions)}
    unknown = set(data) - set(known)
    if unknown:
        names = ", ".join(sorted(unknown))
        raise SaveFileError(f"The save file names optional rules this book does not know: {names}.")
    values = {}
    for name, value in data.items():
        default = getattr(RulesOptions(), name)
        if isinstance(default, frozenset) and isinstance(value, list):
            value = frozenset(value)
        values[name] = value
    try:
        return RulesOptions(**values)
    except (TypeError, ValueError) as error:
        raise SaveFileError(f"The saved optional rules are not valid: {error}") from None


def dump(game: Game) -> str:
    """The game as JSON text."""
    pack = game.pack
    setup = game.setup
    data = {
        "format": FORMAT,
        "version": VERSION,
        "pack": {"id": pack.id, "version": pack.version, "hash": pack.content_hash},
        "scenario": setup.scenario,
        "heroes": list(setup.heroes),
        "seed": setup.seed,
        "options": _options_json(setup.options),
        "ask": sorted(setup.ask),
        "honest": setup.honest,
        **({"campaign": setup.campaign.to_json()} if setup.campaign is not None else {}),
        "inputs": [
            {"action": taken.action.to_json(), "answers": list(taken.answers)}
            for taken in game.inputs
        ],
        "outcomes": list(game.state.chance.outcomes),
        "events": len(game.state.log),
    }
    if game.pending is not None:
        data["pending"] = {
            "action": game.pending.action.to_json(),
            "answers": list(game.pending.answers),
        }
    return json.dumps(data, indent=1)


def _need(data: dict[str, Any], key: str, kind: type | tuple[type, ...], what: str) -> Any:
    if key not in data:
        raise SaveFileError(f"The save file is damaged: it has no {what} ({key!r}).")
    value = data[key]
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise SaveFileError(f"The save file is damaged: its {what} ({key!r}) is {value!r}.")
    return value


def load(text: str, *, pack: ContentPack | None = None) -> Game:
    """The game saved in ``text`` (see the module text)."""
    from doria_nb.engine.game.game import Game, Setup

    if pack is None:
        from doria_nb.content import starter_pack

        pack = starter_pack()
    if not isinstance(text, str):
        raise SaveFileError("A save file is read as text.")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(
            f"This is not a saved game: it is not valid JSON (line {error.lineno}, column "
            f"{error.colno})."
        ) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("This is not a doria-nb saved game (its 'format' line is missing).")
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"This save file has format version {data.get('version')!r}; this book reads "
            f"version {VERSION}."
        )
    saved_pack = _need(data, "pack", dict, "content pack")
    mine = {"id": pack.id, "version": pack.version, "hash": pack.content_hash}
    if saved_pack != mine:
        raise SaveFileError(
            f"This game was saved with the content pack {saved_pack.get('id')!r} version "
            f"{saved_pack.get('version')!r} (hash {str(saved_pack.get('hash'))[:12]}…); this "
            f"book has {pack.id!r} version {pack.version!r} (hash {pack.content_hash[:12]}…). "
            "Its cards may differ, so it cannot be replayed here."
        )
    scenario = data.get("scenario")
    if scenario is not None and not isinstance(scenario, str):
        raise SaveFileError(f"The save file is damaged: its scenario is {scenario!r}.")
    heroes = _need(data, "heroes", list, "heroes")
    if not all(isinstance(h, str) for h in heroes):
        raise SaveFileError("The save file is damaged: its heroes are not all names.")
    seed = _need(data, "seed", int, "seed")
    ask = _need(data, "ask", list, "questions the players answer")
    honest = _need(data, "honest", bool, "honest mode")
    inputs = _need(data, "inputs", list, "inputs")
    outcomes = _need(data, "outcomes", list, "dice and card outcomes")
    options = _options_from(data.get("options", {}))
    try:
        campaign = _campaign_from(data.get("campaign"))
        game = Game.new(
            scenario,
            heroes,
            seed,
            options=options,
            pack=pack,
            ask=ask,
            honest=honest,
            campaign=campaign,
        )
    except (GameError, ValueError) as error:
        raise SaveFileError(f"The save file's setup cannot be played: {error}") from None
    assert isinstance(game.setup, Setup)
    for number, entry in enumerate(inputs, start=1):
        action = _run_entry(game, entry, f"input {number}")
        if game.pending is not None:
            raise SaveFileError(
                f"The save file was damaged or edited: input {number} ({action}) lacks the "
                f"players' answer to “{game.pending.choice.question}”."
            )
        _compare(game.state.chance.outcomes, outcomes, number, action)
    if list(game.state.chance.outcomes) != outcomes:
        raise SaveFileError(
            "The save file was edited: its recorded dice and cards do not match what its "
            "inputs produce."
        )
    if "pending" in data:
        action = _run_entry(game, data["pending"], "the waiting action")
        if game.pending is None:
            raise SaveFileError(
                f"The save file was damaged or edited: the waiting action ({action}) asks the "
                "players nothing more, so it was not waiting for an answer."
            )
    return game


def _campaign_from(data: object) -> object:
    """The campaign start of a saved campaign scenario, or ``None``."""
    if data is None:
        return None
    from doria_nb.engine.campaign.start import CampaignStart

    return CampaignStart.from_json(data)


def _run_entry(game: Game, entry: object, what: str) -> object:
    """Read one saved input (an action and the players' answers it had), check that it is
    legal at this point, and run it; returns the action."""
    if not isinstance(entry, dict) or not isinstance(entry.get("answers"), list):
        raise SaveFileError(f"The save file is damaged: {what} is {entry!r}.")
    action = action_from_json(entry.get("action"))
    answers = tuple(entry["answers"])
    if not all(isinstance(a, str) for a in answers):
        raise SaveFileError(f"The save file is damaged: the answers of {what}.")
    verdict = game.can(action)
    if not verdict:
        raise SaveFileError(
            f"The save file was damaged or edited: {what} ({action}) is not legal at that "
            f"point: {verdict.reason}"
        )
    game._run(action, answers)
    return action


def _compare(produced: list[int], recorded: list[object], number: int, action: object) -> None:
    if produced != recorded[: len(produced)]:
        raise SaveFileError(
            f"The save file was edited: at input {number} ({action}) the dice and cards that "
            "come up differ from those recorded."
        )
