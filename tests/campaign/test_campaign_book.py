"""*Create your own campaigns*: a campaign as a TOML file of scenarios and links, loaded with
errors naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from doria_nb.content.campaigns import load_campaign, pack_campaigns
from doria_nb.engine.campaign import CampaignError
from doria_nb.engine.campaign.book import CampaignBook, CampaignBookError, CampaignEntry
from doria_nb.engine.errors import ContentError

GOOD = """
[campaign]
id = "rats"
name = "Rats"
story = "Down again."
first = "the_flooded_archive"

[[campaign.scenario]]
id = "the_flooded_archive"
intro = "The first descent."
reward = "Each hero keeps one card."
"""


def _write(tmp_path: Path, text: str, name: str = "rats.toml") -> Path:
    folder = tmp_path / "campaigns"
    folder.mkdir(exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_campaign_file_loads(tmp_path: Path) -> None:
    book = load_campaign(_write(tmp_path, GOOD))
    assert book.id == "rats" and book.scenarios == ("the_flooded_archive",)
    assert book.following("the_flooded_archive") is None
    assert pack_campaigns(tmp_path) == (book,)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (GOOD.replace('first = "the_flooded_archive"', 'first = "nowhere"'), "field 'first'"),
        (GOOD.replace('id = "rats"', 'id = "Rats!"'), "field 'campaign.id'"),
        (GOOD + 'colour = "red"\n', "colour"),
        (GOOD.replace('intro = "The first descent."', 'next = ["elsewhere"]'), "elsewhere"),
        (GOOD.replace('"the_flooded_archive"', '"no_such_scenario"'), "has no scenario"),
        ("[campaign\n", "not valid TOML"),
    ],
)
def test_broken_campaign_files_name_file_entry_and_field(
    tmp_path: Path, change: str, words: str
) -> None:
    with pytest.raises(ContentError, match=words) as caught:
        load_campaign(_write(tmp_path, change))
    assert "rats.toml" in str(caught.value)


def test_duplicate_campaign_ids_in_a_pack(tmp_path: Path) -> None:
    _write(tmp_path, GOOD, "a.toml")
    _write(tmp_path, GOOD, "b.toml")
    with pytest.raises(ContentError, match=r"already used in campaigns/a\.toml"):
        pack_campaigns(tmp_path)


def test_links_must_lead_somewhere_reachable_and_end() -> None:
    """*Create your own campaigns*: a branching campaign may skip scenarios, but every one is
    reachable and the campaign comes to an end."""
    a, b, c = CampaignEntry("a", ("b", "c")), CampaignEntry("b"), CampaignEntry("c", ("b",))
    book = CampaignBook("x", "X", "", "a", (a, b, c))
    assert book.following("a", "c") == "c" and book.longest_path() == 3
    with pytest.raises(CampaignError, match="goes on with b or c"):
        book.following("a", "d")
    with pytest.raises(CampaignBookError, match="no path from a leads to c"):
        CampaignBook("x", "X", "", "a", (CampaignEntry("a", ("b",)), b, CampaignEntry("c")))
    with pytest.raises(CampaignBookError, match="circle"):
        CampaignBook("x", "X", "", "a", (CampaignEntry("a", ("b",)), CampaignEntry("b", ("a",))))
    with pytest.raises(CampaignBookError, match="itself"):
        CampaignEntry("a", ("a",))
    with pytest.raises(CampaignBookError, match="twice"):
        CampaignBook("x", "X", "", "a", (CampaignEntry("a"), CampaignEntry("a")))
