"""The dice tray and the widget assets, from Python (no browser).

Rulebook sections: *Comparative Rolls and Target Numbers* (the Scoundrel against the Orc, the
Warrior's pit, the Priestess's healing spell) and *Critical Rolls and Fumbles*.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from anywidget._file_contents import FileContents

from doria_nb.engine.checks import compare, evaluate_check
from doria_nb.engine.dice import Roll
from doria_nb.engine.options import RulesOptions
from doria_nb.ui import WIDGET_CLASSES, DiceTray, assets, widget_asset

TIMES = "\u00d7"


# --- assets ------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", WIDGET_CLASSES, ids=lambda cls: cls.__name__)
def test_every_widget_esm_and_css_is_an_existing_file(cls: type) -> None:
    for key in ("_esm", "_css"):
        value = cls.__dict__[key]
        # anywidget turns the Path given in the class body into FileContents at class creation.
        assert isinstance(value, FileContents), f"{cls.__name__}.{key} was not given as a Path"
        path = value._path
        assert isinstance(path, Path)
        assert path.is_file()
        assert path == widget_asset(path.name)
        assert str(value) == path.read_text(encoding="utf-8")


def test_widget_asset_finds_the_checkout_file() -> None:
    path = widget_asset("dice_tray.js")
    assert path.is_absolute() and path.is_file()
    assert path.parent.name in {"widgets", "_widgets"}


def test_widget_asset_prefers_the_wheel_location(tmp_path: Path, monkeypatch) -> None:
    (tmp_path / "dice_tray.js").write_text("export default {};", encoding="utf-8")
    monkeypatch.setattr(assets, "WHEEL_WIDGETS_DIR", tmp_path)
    assert widget_asset("dice_tray.js") == tmp_path / "dice_tray.js"


def test_a_missing_asset_fails_clearly(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(assets, "WHEEL_WIDGETS_DIR", tmp_path / "wheel")
    monkeypatch.setattr(assets, "CHECKOUT_WIDGETS_DIR", tmp_path / "checkout")
    with pytest.raises(FileNotFoundError, match=r"nope\.js.*installed wheel.*checkout"):
        widget_asset("nope.js")


@pytest.mark.parametrize("name", ["", "../pyproject.toml", "/etc/passwd"])
def test_asset_names_stay_inside_widgets(name: str) -> None:
    with pytest.raises(ValueError, match="file name inside widgets"):
        widget_asset(name)


@pytest.mark.parametrize("cls", WIDGET_CLASSES, ids=lambda cls: cls.__name__)
def test_front_ends_are_plain_es_modules_without_imports(cls: type) -> None:
    source = str(cls.__dict__["_esm"])
    assert "export default" in source
    assert "render" in source
    assert not re.search(r"^\s*import\s", source, re.MULTILINE)
    assert "import(" not in source
    assert "http://" not in source.replace("http://www.w3.org/2000/svg", "")
    assert "https://" not in source


# --- the tray ----------------------------------------------------------------------------


def test_empty_tray() -> None:
    tray = DiceTray()
    assert tray.rolls == []
    assert tray.verdict == ""
    assert tray.summary == "No roll yet."
    assert tray.animate is True


def test_scoundrel_attacks_the_orc() -> None:
    # Comparative Rolls and Target Numbers: 5+8+4 = 17 against 2+5+5 = 12, a hit.
    result = compare(Roll.from_faces("3D", [5, 8, 4]), Roll.from_faces("2D+5", [2, 5]))
    tray = DiceTray(animate=False)
    tray.show_result(result)
    attack, defense = tray.rolls
    assert (attack["label"], attack["expression"], attack["total"]) == ("Attack", "3D", 17)
    assert attack["chains"] == [[5], [8], [4]]
    assert (defense["label"], defense["expression"], defense["total"]) == ("Defense", "2D+5", 12)
    assert defense["modifier"] == 5
    assert defense["chains"] == [[2], [5]]
    assert not attack["fumble"] and not defense["fumble"]
    assert (attack["who"], defense["who"]) == ("character", "monster")
    assert tray.verdict == "✔ HIT"
    assert tray.outcome_kind == "hit"
    assert "Attack 3D: 5+8+4 = 17" in tray.summary
    assert "Defense 2D+5: 2+5+5 = 12" in tray.summary
    assert tray.animate is False


def test_an_exploding_die_is_sent_as_a_chain() -> None:
    # Critical Rolls and Fumbles: a zero counts 10 and is rolled again.
    result = compare(Roll.from_faces("3D+5", [3, 4, 10, 6]), Roll.from_faces("2D", [2, 3]))
    tray = DiceTray(result)
    attack = tray.rolls[0]
    assert attack["chains"] == [[3], [4], [10, 6]]
    assert attack["total"] == 28
    assert attack["crit_text"] == f"{TIMES}2 crit"  # 28 - 5 = 23: two full tens
    assert attack["crit_kind"] == "crit"
    assert tray.verdict == f"✔ HIT {TIMES}2 crit"


def test_a_zero_then_a_one_is_eleven_not_a_fumble() -> None:
    result = compare(Roll.from_faces("2D", [10, 1, 1]), Roll.from_faces("2D", [5, 5]))
    tray = DiceTray(result)
    attack = tray.rolls[0]
    assert attack["chains"] == [[10, 1], [1]]
    assert attack["original_ones"] == 1
    assert not attack["fumble"] and not attack["shows_fumble"]


def test_an_attackers_fumble_is_flagged_in_words() -> None:
    result = compare(Roll.from_faces("3D+9", [1, 1, 10, 9]), Roll.from_faces("2D", [2, 3]))
    tray = DiceTray(result)
    attack = tray.rolls[0]
    assert attack["fumble"] and attack["shows_fumble"]
    assert tray.verdict == "✖ FUMBLE: MISS"
    assert tray.outcome_kind == "fumble"
    assert "FUMBLE" in tray.summary


def test_a_defenders_fumble_is_a_hit_with_one_critical_more() -> None:
    result = compare(Roll.from_faces("2D", [2, 2]), Roll.from_faces("2D+5", [1, 1]))
    tray = DiceTray(result)
    attack, defense = tray.rolls
    assert defense["fumble"]
    assert attack["crit_text"] == f"{TIMES}1 crit"
    assert tray.verdict == f"✔ HIT {TIMES}1 crit"


def test_no_fumbles_shows_the_ones_but_no_fumble() -> None:
    options = RulesOptions(no_fumbles=True)
    result = compare(Roll.from_faces("2D", [1, 1]), Roll.from_faces("2D", [2, 3]), options=options)
    tray = DiceTray(result)
    attack = tray.rolls[0]
    assert attack["shows_fumble"] and not attack["fumble"]
    assert "No Fumbles" in attack["note"]
    assert tray.outcome_kind == "miss"


def test_dice_rolling_fixed_dice_are_marked() -> None:
    result = compare(
        Roll.from_faces("3D", [5, 8, 4]),
        Roll.fixed_for("2D+5"),
        options=RulesOptions(dice_rolling=True),
    )
    tray = DiceTray(result)
    defense = tray.rolls[1]
    assert defense["fixed"] and defense["chains"] == [[6], [6]] and defense["total"] == 17
    assert "Dice Rolling" in defense["note"]
    assert tray.verdict == "✔ HIT"


def test_a_critical_failure_on_a_miss() -> None:
    result = compare(Roll.from_faces("2D", [2, 3]), Roll.from_faces("2D+10", [5, 4]))
    tray = DiceTray(result)
    assert tray.rolls[0]["crit_text"] == f"{TIMES}1 crit fail"
    assert tray.rolls[0]["crit_kind"] == "crit-fail"
    assert tray.verdict == f"✘ MISS {TIMES}1 crit fail"


def test_the_warriors_pit_check() -> None:
    # Target numbers, example 1: STR 15 + AGI 10 + 6 + 4 = 35 against TN 35.
    result = evaluate_check(Roll.from_faces("2D", [6, 4]), 35, {"STR": 15, "AGI": 10})
    tray = DiceTray(result)
    (check,) = tray.rolls
    assert check["label"] == "Check"
    assert check["bonuses"] == [{"name": "STR", "value": 15}, {"name": "AGI", "value": 10}]
    assert check["total"] == 35 and check["dice_total"] == 10
    assert check["target"] == 35
    assert tray.verdict == "✔ SUCCESS"
    assert "against TN 35" in tray.summary


def test_the_priestess_fails_her_spell() -> None:
    # Target numbers, example 2: CON 8 + PSI 15 + 2 + 5 = 30 against TN 32.
    result = evaluate_check(Roll.from_faces("2D", [2, 5]), 32, {"CON": 8, "PSI": 15})
    tray = DiceTray(result)
    assert tray.rolls[0]["total"] == 30
    assert tray.verdict == "✘ FAILURE"
    assert tray.outcome_kind == "miss"


def test_a_fumbled_check() -> None:
    result = evaluate_check(Roll.from_faces("2D", [1, 1]), 35, {"STR": 15, "AGI": 10})
    tray = DiceTray(result)
    check = tray.rolls[0]
    assert check["fumble"]
    assert check["crit_text"] == f"{TIMES}1 crit fail"
    assert tray.verdict == "✖ FUMBLE: FAILURE"


def test_a_bare_roll() -> None:
    tray = DiceTray(Roll.from_faces("3D+2", [10, 10, 3, 1, 7]))
    (roll,) = tray.rolls
    assert roll["chains"] == [[10, 10, 3], [1], [7]]
    assert roll["total"] == 33
    assert tray.verdict == ""


def test_every_roll_bumps_the_serial_so_the_same_dice_animate_again() -> None:
    tray = DiceTray()
    result = compare(Roll.from_faces("2D", [2, 3]), Roll.from_faces("2D", [2, 3]))
    tray.show_result(result)
    first = tray.serial
    tray.show_result(result)
    assert tray.serial == first + 1


def test_clear_empties_the_tray() -> None:
    tray = DiceTray(Roll.from_faces("2D", [2, 3]))
    tray.clear()
    assert tray.rolls == [] and tray.summary == "No roll yet."


def test_show_result_refuses_other_things() -> None:
    with pytest.raises(TypeError, match="ComparativeResult"):
        DiceTray().show_result("3D")  # type: ignore[arg-type]


def test_state_is_plain_json() -> None:
    import json

    result = evaluate_check(Roll.from_faces("2D", [10, 3, 4]), 35, {"STR": 15, "AGI": 10})
    tray = DiceTray(result)
    json.dumps(tray.rolls)
    state = tray.get_state()
    assert state["rolls"] == tray.rolls
    assert state["verdict"] == tray.verdict
