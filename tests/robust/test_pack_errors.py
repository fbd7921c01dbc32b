"""Content checked when loaded, not when used: each of the injected errors in
``pack_errors.json`` (an edit of one line of a copy of the starter pack) is refused by the
loader with its own message naming file, entry and field — among them every kind the probe of
issue 18 found accepted and then failing in play (unknown effect parameters, text, missing,
zero or negative amounts, a hook's ``hp = "one"``, unknown hook parameters, event and trap
effects play cannot carry out)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from doria_nb.content import ContentError, load_pack

STARTER = Path(__file__).resolve().parents[2] / "doria_nb" / "content" / "starter"
CASES = json.loads((Path(__file__).with_name("pack_errors.json")).read_text(encoding="utf-8"))


def test_there_are_at_least_sixty_kinds() -> None:
    assert len(CASES) >= 60
    assert len({(c["file"], c["new"]) for c in CASES}) == len(CASES)


@pytest.mark.parametrize("case", CASES, ids=[f"{c['file']}:{c['new'][:40]}" for c in CASES])
def test_an_injected_error_is_refused_with_its_message(case: dict[str, str], tmp_path: Path):
    pack = tmp_path / "pack"
    shutil.copytree(STARTER, pack)
    path = pack / case["file"]
    text = path.read_text(encoding="utf-8")
    assert case["old"] in text
    path.write_text(text.replace(case["old"], case["new"], 1), encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_pack(pack)
    assert str(info.value) == (
        f"{case['file']}, {case['entry']}, field '{case['field']}': {case['message']}"
    )


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ("deep = " + "[" * 1000 + "]" * 1000, "nested too deeply"),
        ("deep = " + "{ a = " * 40 + "1" + " }" * 40, "nested more than 32 levels deep"),
        ("huge = " + "9" * 5000, "not valid TOML for a pack"),
        ("huge = 99999999999999999", "a number of 17 digits"),
        ("[[item]]\nid = 3", "items/zz.toml"),
    ],
)
def test_malformed_pack_files_are_refused_in_words(tmp_path: Path, extra: str, message: str):
    """Files nested 1,000 deep, integers of thousands of digits: a ContentError, not a
    RecursionError or ValueError."""
    pack = tmp_path / "pack"
    shutil.copytree(STARTER, pack)
    (pack / "items" / "zz.toml").write_text(extra + "\n", encoding="utf-8")
    with pytest.raises(ContentError) as info:
        load_pack(pack)
    assert "items/zz.toml" in str(info.value) and message in str(info.value)


def test_a_folder_named_like_a_pack_file_is_refused(tmp_path: Path):
    pack = tmp_path / "pack"
    shutil.copytree(STARTER, pack)
    (pack / "items" / "x.toml").mkdir()
    with pytest.raises(ContentError, match=r"items/x\.toml: this is a folder"):
        load_pack(pack)


def test_a_huge_tile_map_is_refused_before_it_is_read(tmp_path: Path):
    pack = tmp_path / "pack"
    shutil.copytree(STARTER, pack)
    side = 999
    rows = "\n".join(["#D" + "#" * (side - 2)] + ["#" + "." * (side - 2) + "#"] * (side - 1))
    (pack / "tiles" / "z.toml").write_text(
        f"[[tile]]\nid = \"Z-1\"\nname = \"Huge\"\nmap = '''\n{rows}\n'''\n", encoding="utf-8"
    )
    with pytest.raises(ContentError, match="at most 40 squares along a side"):
        load_pack(pack)
