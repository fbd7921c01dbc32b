"""Every widget that reads pasted or uploaded text refuses a huge or hostile paste in words
before parsing it, and changes nothing (issue 18: the kernel stays responsive).

Each test asserts the refusal message, not a time: the refusal is the length check, made
before any reading, so it is as fast as ``len``. The pastes are megabytes of text, a code
packed to exhaust memory, and numbers of thousands of digits (which Python will not even
convert)."""

from __future__ import annotations

import base64
import zlib
from datetime import UTC, datetime

import pytest

from doria_nb.content.loader import starter_pack
from doria_nb.engine.dice import Dice
from doria_nb.engine.dungeon import Dungeon
from doria_nb.engine.errors import DiceExpressionError, GeometryError, SituationError
from doria_nb.engine.geometry import parse_square
from doria_nb.engine.situation import CODE_PREFIX, Situation
from doria_nb.ui.check_roller import CheckRoller
from doria_nb.ui.combat_resolver import CombatResolver
from doria_nb.ui.monster_stepper import MonsterStepper
from doria_nb.ui.pasted import MAX_SAVE_BYTES, PasteError, read_pasted_situation
from doria_nb.ui.play_table.view import PlayTable
from doria_nb.ui.sight_explorer import SightExplorer

PAGE = "x" * 5_000_000
DIGITS = "9" * 5_000
BOMB = CODE_PREFIX + base64.urlsafe_b64encode(zlib.compress(b"#" * 50_000_000, 9)).decode().rstrip(
    "="
)
SITUATION = """
map:
  #D#####
  #W..o.#
  #######
figures:
  W = hero Warrior
  o = monster Orc
"""


@pytest.mark.parametrize(
    ("paste", "words"),
    [
        (PAGE, "characters long; at most"),
        (CODE_PREFIX + "A" * 3_000_000, "characters long; at most"),
        (" \n" * 2_000_000, "characters long; at most"),
        (BOMB, "unpacks to more text than a situation can hold"),
    ],
)
def test_a_huge_situation_paste_is_refused_in_words(paste: str, words: str) -> None:
    with pytest.raises(SituationError if "unpacks" in words else PasteError, match=words):
        read_pasted_situation(paste)


def test_the_monster_stepper_refuses_a_huge_paste_and_keeps_its_situation() -> None:
    stepper = MonsterStepper(Situation.from_text(SITUATION))
    before = stepper.situation
    stepper.parts.paste.value = PAGE
    stepper.parts.load.click()
    assert stepper.situation == before
    assert "5,000,000 characters long" in stepper.status
    assert stepper.load(BOMB) is False and "more text than a situation" in stepper.status
    assert stepper.add_figure("hero", "Warrior", PAGE) is None
    assert "characters long" in stepper.status and len(stepper.status) < 2_000
    assert stepper.situation == before


def test_the_combat_resolver_refuses_a_huge_paste_and_keeps_its_board() -> None:
    resolver = CombatResolver("warrior", "orc", seed=1)
    assert resolver.load_situation(SITUATION)
    before = resolver.situation
    assert resolver.load_situation(PAGE) is False
    assert "5,000,000 characters long" in resolver.status
    assert resolver.load_situation(CODE_PREFIX + "A" * 3_000_000) is False
    assert "characters long" in resolver.status
    assert resolver.situation == before


@pytest.mark.parametrize("paste", [PAGE, DIGITS + "D", "1D+" + DIGITS, " " * 100 + "3D"])
def test_the_check_roller_refuses_a_huge_dice_paste_in_words(paste: str) -> None:
    roller = CheckRoller(animate=False)
    roller.attack_input.value = paste
    assert "characters long" in roller.error_html.value
    assert len(roller.error_html.value) < 2_000  # the paste is not echoed back
    with pytest.raises(DiceExpressionError, match="characters long"):
        Dice.parse(paste)


@pytest.mark.parametrize("paste", [PAGE, DIGITS + "," + DIGITS])
def test_the_sight_explorer_refuses_a_huge_typed_square(paste: str) -> None:
    explorer = SightExplorer(Dungeon.start(starter_pack().tile("A-1")))
    explorer.to_input.value = "2,2"
    explorer.from_input.value = paste
    assert "characters long" in explorer.status.value
    assert len(explorer.status.value) < 2_000
    with pytest.raises(GeometryError, match="characters long"):
        parse_square(paste)


def _upload(name: str, content: bytes) -> dict:
    """A file as the FileUpload widget holds it once the browser sent it."""
    return {
        "name": name,
        "type": "application/json",
        "size": len(content),
        "last_modified": datetime.now(UTC),
        "content": memoryview(content),
    }


def test_the_play_table_refuses_a_huge_save_file_before_reading_it(tmp_path) -> None:
    table = PlayTable.new("the_flooded_archive", ("warrior", "mage"), 7)
    before = table.game.save()
    path = tmp_path / "huge.json"
    with path.open("wb") as file:  # a sparse file: its size is known without a byte written
        file.truncate(MAX_SAVE_BYTES + 1)
    table.files.name.value = str(path)
    table.files.load.click()
    assert table.model.problem and "a saved game is at most" in table.model.message
    table.files.upload.value = (_upload("up.json", b" " * (MAX_SAVE_BYTES + 1)),)
    assert table.model.problem and "a saved game is at most" in table.model.message
    too_long = "{" + " " * 4_000_001 + "}"
    table.files.upload.value = (_upload("long.json", too_long.encode()),)
    assert table.model.problem and "characters long; at most" in table.model.message
    assert table.game.save() == before
