"""Save files: a game as JSON — its setup, its inputs and the chance outcomes they produced.

Loading never trusts the file: its shape is checked, the content pack must be the one it was
saved with (id, version and hash), and the inputs are replayed one by one through the same
checks as a player's actions; the dice and cards that come up must be exactly those recorded.
A damaged file, an edited one and one from another content version are refused with
different, clear messages (:class:`SaveFileError`), and nothing of it is executed — it is
data, never code (no pickle, no eval).

What a save file can and cannot detect: the text is read within limits (length, nesting,
integer size: :mod:`doria_nb.engine.limits`); every field is checked, and unknown ones are
refused; every input must be legal where it stands and every answer must answer a question the
rules asked; the dice and cards must come up as recorded; and a ``checksum`` (SHA-256 of the
rest of the file) catches edits that replay cleanly, such as a removed scenario or an honest
game made dishonest. The checksum has no secret key: someone who edits the file on purpose
and recomputes it can make a consistent edit (a different seed, a different party) that no
check detects. Damage and careless or illegal edits: yes; a deliberate consistent edit: no.
"""

from __future__ import annotations

import hashlib
import json
from typing import TYPE_CHECKING, Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.limits import MAX_INT, LimitError, check_shape, check_text
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.table.actions import action_from_json
from doria_nb.engine.table.options_json import options_from_json, options_json, short_repr
from doria_nb.engine.table.records import IllegalAction, SaveFileError

if TYPE_CHECKING:
    from doria_nb.engine.game.game import Game

__all__ = ["FORMAT", "VERSION", "checksum", "dump", "load"]

FORMAT = "doria-nb saved game"
VERSION = 1


_KEYS = frozenset(
    {"format", "version", "pack", "scenario", "heroes", "seed", "options", "ask", "honest",
     "inputs", "outcomes", "events", "pending", "checksum", "notes", "campaign"}
)  # fmt: skip
"""The fields of a save file; any other is refused."""

NOTES = "notes"
"""The one field that is not the game's: what the views that saved the file keep with it (the
play table's seats and undo marks), an object of free data. The engine never reads it, and it
is outside the checksum: changing it changes no game."""


def checksum(data: dict[str, Any]) -> str:
    """SHA-256 of the file's fields other than ``checksum`` and the views' ``notes``, in a
    canonical form."""
    rest = {k: v for k, v in data.items() if k not in ("checksum", NOTES)}
    canonical = json.dumps(rest, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode()).hexdigest()


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
        "options": options_json(setup.options),
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
    data["checksum"] = checksum(data)
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

    pack = pack_or_default(pack)
    data = _parse(text)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError("This is not a doria-nb saved game (its 'format' line is missing).")
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"This save file has format version {data.get('version')!r}; this book reads "
            f"version {VERSION}."
        )
    unknown = sorted(str(k) for k in set(data) - _KEYS)
    if unknown:
        raise SaveFileError(
            f"The save file was damaged or edited: it has fields no save file has: "
            f"{', '.join(unknown)}."
        )
    if NOTES in data and not isinstance(data[NOTES], dict):
        raise SaveFileError(
            f"The save file is damaged: its notes ({NOTES!r}) are {data[NOTES]!r}, not an object."
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
    scenario = _need(data, "scenario", (str, type(None)), "scenario")
    heroes = _need(data, "heroes", list, "heroes")
    if not all(isinstance(h, str) for h in heroes):
        raise SaveFileError("The save file is damaged: its heroes are not all names.")
    seed = _need(data, "seed", int, "seed")
    ask = _need(data, "ask", list, "questions the players answer")
    if not all(isinstance(kind, str) for kind in ask):
        raise SaveFileError("The save file is damaged: its kinds of question are not all names.")
    honest = _need(data, "honest", bool, "honest mode")
    inputs = _need(data, "inputs", list, "inputs")
    outcomes = _need(data, "outcomes", list, "dice and card outcomes")
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in outcomes):
        raise SaveFileError("The save file is damaged: its dice and card outcomes are not numbers.")
    events = _need(data, "events", int, "number of events")
    options = options_from_json(_need(data, "options", dict, "optional rules"))
    campaign = _campaign_from(data.get("campaign"))
    try:
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
    except (DoriaError, ValueError) as error:
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
    if len(game.state.log) != events:
        raise SaveFileError(
            f"The save file was edited: its inputs make {len(game.state.log)} events, not the "
            f"{events} it records."
        )
    if "pending" in data:
        action = _run_entry(game, data["pending"], "the waiting action")
        if game.pending is None:
            raise SaveFileError(
                f"The save file was damaged or edited: the waiting action ({action}) asks the "
                "players nothing more, so it was not waiting for an answer."
            )
    if data.get("checksum") != checksum(data):
        raise SaveFileError(
            "The save file was edited: its checksum does not match its contents (a changed "
            "setup such as the scenario or honest mode replays, but is not the game saved)."
        )
    return game


def _parse(text: object) -> Any:
    """The JSON of ``text``, read within the limits; :class:`SaveFileError` otherwise."""
    if not isinstance(text, str):
        raise SaveFileError("A save file is read as text.")
    try:
        check_text(text, "The save file")
        data = json.loads(text)
        check_shape(data, "The save file")
    except LimitError as error:
        raise SaveFileError(f"This is no save file this book reads: {error}") from None
    except json.JSONDecodeError as error:
        raise SaveFileError(
            f"This is not a saved game: it is not valid JSON (line {error.lineno}, column "
            f"{error.colno})."
        ) from None
    except RecursionError:
        raise SaveFileError(
            "This is no save file this book reads: it is nested too deeply."
        ) from None
    except ValueError:  # an integer of thousands of digits
        raise SaveFileError(
            f"This is no save file this book reads: it holds a number of thousands of digits; "
            f"numbers here are at most {MAX_INT:,}."
        ) from None
    return data


def _campaign_from(data: object) -> object:
    """The campaign start of a saved campaign scenario, or ``None``; a damaged one is a
    :class:`SaveFileError` in words."""
    if data is None:
        return None
    from doria_nb.engine.campaign.start import CampaignStart

    try:
        return CampaignStart.from_json(data)
    except (DoriaError, TypeError, ValueError) as error:
        raise SaveFileError(f"The save file's campaign start is damaged: {error}") from None


def _run_entry(game: Game, entry: object, what: str) -> object:
    """Read one saved input (an action and the players' answers it had), check that it is
    legal at this point, and run it; returns the action."""
    if (
        not isinstance(entry, dict)
        or set(entry) != {"action", "answers"}
        or not isinstance(entry.get("answers"), list)
    ):
        raise SaveFileError(f"The save file is damaged: {what} is {short_repr(entry)}.")
    try:
        action = action_from_json(entry.get("action"))
    except SaveFileError as error:
        raise SaveFileError(f"The save file is damaged: {what}: {error}") from None
    answers = tuple(entry["answers"])
    if not all(isinstance(a, str) for a in answers):
        raise SaveFileError(f"The save file is damaged: the answers of {what}.")
    try:
        game._verify(action)
        game._run(action, answers)  # type: ignore[arg-type]
    except IllegalAction as refusal:
        raise SaveFileError(
            f"The save file was damaged or edited: {what} ({action}) is not legal at that "
            f"point: {refusal}"
        ) from None
    return action


def _compare(produced: list[int], recorded: list[object], number: int, action: object) -> None:
    if produced != recorded[: len(produced)]:
        raise SaveFileError(
            f"The save file was edited: at input {number} ({action}) the dice and cards that "
            "come up differ from those recorded."
        )
