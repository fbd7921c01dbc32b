"""A campaign at the play table: the sheet, the scenario being played, and the choices between
two scenarios (*Campaigns*, *Campaign Sheet Anatomy*, *Create your own campaigns*).

:class:`CampaignTable` is plain Python (no widgets) so that it can be tested on its own; the
set-up view and :mod:`doria_nb.ui.play_table.campaign_view` only show it. It holds the
:class:`~doria_nb.engine.campaign.sheet.CampaignSheet`, the campaign's book (its scenarios and
their links) and, while a scenario is played, a
:class:`~doria_nb.ui.play_table.model.TableModel`. A group:

1. begins a campaign of the pack (:meth:`CampaignTable.begin`), or continues one from a
   Campaign Sheet written as JSON (:meth:`CampaignTable.resume`; a damaged sheet, or one of a
   campaign the pack does not have, is refused in words);
2. plays the scenario on the table (``table``);
3. when it is over, reads :meth:`CampaignTable.choices` — the cards each hero may keep, the
   hero bonus after an even-numbered scenario, replay or go on after a scenario not won, the
   branch where the book offers one — and fills in the sheet with
   :meth:`CampaignTable.fill_in` (a refused choice changes nothing);
4. starts the next scenario (:meth:`CampaignTable.next_scenario`).

>>> from doria_nb.content.campaigns import starter_campaigns
>>> book = starter_campaigns()[0]
>>> run = CampaignTable.begin(book, ["warrior", "mage"], 3, bots=["warrior", "mage"])
>>> run.sheet.next_scenario == book.first, run.table.game.over
(True, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from doria_nb.engine.campaign import (
    CampaignBook,
    CampaignError,
    CampaignSheet,
    CreatedHero,
    Outcome,
    after_scenario,
    dump_sheet,
    load_sheet,
    outcome_of,
)
from doria_nb.engine.campaign.finish import PROCEED
from doria_nb.engine.campaign.keeping import default_keep
from doria_nb.engine.campaign.sheet import MAX_KEPT_CARDS
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.game import start_game
from doria_nb.engine.health import check_death
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.packs import pack_or_default
from doria_nb.ui.play_table.model import ALL_QUESTIONS, TableModel
from doria_nb.ui.play_table.seats import Seats

__all__ = ["AfterChoices", "CampaignTable"]


@dataclass(frozen=True, slots=True)
class AfterChoices:
    """What the group decides when a campaign scenario is over.

    ``outcome``: how it ended; ``proceed``: the ways on (only "continue" after a win, else
    "replay" or "continue"); ``allowance``: how many cards each hero may keep if the scenario
    counts as completed (``allowance_if_replayed`` otherwise); ``cards``: per hero id, the
    Loot Cards it holds (id, name) and ``default_keep`` the ones kept by default; ``bonuses``:
    per hero id, the hero bonuses it may pick after an even-numbered scenario (empty
    otherwise); ``branches``: the scenarios the book lets the group go on with (several: a
    branch); ``dead``: the heroes who died (a new character takes each one's place, *Death of
    a character in campaigns*)."""

    outcome: Outcome
    proceed: tuple[str, ...]
    allowance: int
    allowance_if_replayed: int
    cards: Mapping[str, tuple[tuple[str, str], ...]]
    default_keep: Mapping[str, tuple[str, ...]]
    bonuses: Mapping[str, tuple[tuple[str, str], ...]]
    branches: tuple[str, ...]
    dead: tuple[str, ...]

    @property
    def won(self) -> bool:
        return self.outcome is Outcome.WON


class CampaignTable:
    """A campaign played at the table; see the module text."""

    def __init__(
        self,
        sheet: CampaignSheet,
        book: CampaignBook,
        *,
        seed: int = 0,
        bots: Sequence[str] = (),
        pack: Any = None,
    ) -> None:
        if not isinstance(sheet, CampaignSheet):
            raise CampaignError(f"A campaign table plays a CampaignSheet, not {sheet!r}.")
        if sheet.campaign != book.id:
            raise CampaignError(
                f"This Campaign Sheet is of the campaign {sheet.campaign!r}, not {book.id!r}."
            )
        self.sheet = sheet
        self.book = book
        self.seed = int(seed)
        self.bots = tuple(bots)
        self.pack = pack
        self.table: TableModel | None = None
        self._filled = False
        """Whether the sheet was filled in after the scenario on the table."""
        self.message = ""

    # -- starting ---------------------------------------------------------------------------

    @classmethod
    def begin(
        cls,
        book: CampaignBook,
        heroes: Sequence[str | CreatedHero],
        seed: int = 0,
        *,
        bots: Sequence[str] = (),
        options: RulesOptions | None = None,
        pack: Any = None,
    ) -> CampaignTable:
        """A new campaign of ``book`` for ``heroes`` (premade ids or created heroes), its
        first scenario on the table; ``bots`` are the hero ids the bot policy plays."""
        sheet = CampaignSheet.begin(
            book.id, book.name, heroes, first_scenario=book.first, options=options, pack=pack
        )
        run = cls(sheet, book, seed=seed, bots=bots, pack=pack)
        run.next_scenario()
        return run

    @classmethod
    def resume(
        cls,
        text: str,
        books: Sequence[CampaignBook],
        seed: int = 0,
        *,
        bots: Sequence[str] = (),
        pack: Any = None,
    ) -> CampaignTable:
        """The campaign of the Campaign Sheet ``text`` (JSON), its next scenario on the table.
        Refused in words: a damaged sheet, a campaign not among ``books``, a campaign over."""
        sheet = load_sheet(text, pack=pack_or_default(pack))
        book = next((b for b in books if b.id == sheet.campaign), None)
        if book is None:
            known = ", ".join(b.name for b in books) or "none"
            raise CampaignError(
                f"This sheet is of the campaign {sheet.name!r} ({sheet.campaign}), which is not "
                f"one of this pack's campaigns ({known})."
            )
        if sheet.over:
            raise CampaignError(f"The campaign {sheet.name} is over: there is no scenario left.")
        if sheet.next_scenario not in book.scenarios:
            raise CampaignError(
                f"The sheet's next scenario {sheet.next_scenario!r} is not in {book.name}."
            )
        run = cls(sheet, book, seed=seed, bots=bots, pack=pack)
        run.next_scenario()
        return run

    def next_scenario(self) -> TableModel:
        """Put the sheet's next scenario on the table (refused while one is being played,
        and when the campaign is over)."""
        if self.table is not None and not self.table.game.over:
            raise CampaignError("A scenario is being played: finish it first.")
        if self.table is not None and self.table.game.over and not self._filled:
            raise CampaignError("Fill in the Campaign Sheet before the next scenario.")
        if self.sheet.over:
            raise CampaignError(f"The campaign {self.sheet.name} is over.")
        seed = self.seed * 1_000 + len(self.sheet.played) + 1
        game = start_game(self.sheet, seed, pack=self.pack, ask=ALL_QUESTIONS)
        ids = {s.character.template.id: letter for letter, s in game.state.heroes.items()}
        letters = [ids.get(b, b) for b in self.bots]
        self.table = TableModel(game, Seats.of(game.state.heroes, bots=letters))
        self._filled = False
        number = self.sheet.scenario_number
        self.message = f"Scenario {number} of {self.sheet.name}: {game.state.scenario}."
        return self.table

    def adopt(self, table: TableModel) -> str:
        """Take over ``table`` (a game loaded at the table) as the scenario being played: it
        must be a campaign scenario of this sheet's heroes, the sheet's next scenario, and the
        sheet not waiting to be filled in. Refused in words; nothing changes then."""
        game = table.game
        start = game.setup.campaign
        if self.scenario_over:
            raise CampaignError("Fill in the Campaign Sheet before loading another game.")
        if start is None:
            raise CampaignError("This saved game is a Single Scenario, not a campaign scenario.")
        if start.hero_ids != tuple(h.hero for h in self.sheet.heroes):
            raise CampaignError("This saved game was not started from this sheet's heroes.")
        if game.setup.scenario != self.sheet.next_scenario:
            raise CampaignError(
                f"This saved game is of {game.setup.scenario}, but the sheet's next scenario is "
                f"{self.sheet.next_scenario}."
            )
        self.table = table
        self._filled = False
        self.message = f"The saved game of {game.state.scenario} continues the campaign."
        return self.message

    # -- reading ----------------------------------------------------------------------------

    @property
    def scenario_over(self) -> bool:
        """Whether the scenario on the table is over and the sheet not yet filled in."""
        return self.table is not None and self.table.game.over and not self._filled

    @property
    def campaign_over(self) -> bool:
        return self.sheet.over

    def sheet_json(self) -> str:
        """The Campaign Sheet as JSON text (to keep and continue from later)."""
        return dump_sheet(self.sheet)

    def choices(self) -> AfterChoices:
        """The choices after the scenario (see :class:`AfterChoices`)."""
        if not self.scenario_over:
            raise CampaignError("The choices come when a scenario is over.")
        game = self.table.game  # type: ignore[union-attr]
        outcome = outcome_of(game)
        number = self.sheet.scenario_number
        allowance = self.sheet.kept_cards
        grown = min(allowance + 1, MAX_KEPT_CARDS) if number % 2 == 1 else allowance
        cards, keep, bonuses, dead = {}, {}, {}, []
        for seat in game.state.heroes.values():
            character = seat.character
            hero = character.template.id
            if check_death(character).dead:
                dead.append(hero)
                continue
            held = [c for c in character.mat.cards if not c.standard]
            cards[hero] = tuple((c.id, c.name) for c in held)
            keep[hero] = tuple(c.id for c in default_keep(held, grown))
            if number % 2 == 0:
                have = {b.id for b in character.hero_bonuses}
                bonuses[hero] = tuple((b.id, b.name) for b in game.pack.bonuses if b.id not in have)
        entry = self.book.entry(str(game.setup.scenario))
        return AfterChoices(
            outcome,
            ("continue",) if outcome is Outcome.WON else PROCEED,
            grown,
            allowance,
            cards,
            keep,
            bonuses,
            entry.next,
            tuple(dead),
        )

    # -- deciding ---------------------------------------------------------------------------

    def fill_in(
        self,
        *,
        proceed: str = "continue",
        keep: Mapping[str, Sequence[str]] | None = None,
        bonuses: Mapping[str, str] | None = None,
        branch: str | None = None,
    ) -> str:
        """Fill in the sheet after the scenario with the group's choices (defaults: the
        default policy, the book's first link); a refused choice changes nothing."""
        choices = self.choices()
        if proceed not in choices.proceed:
            ways = " or ".join(choices.proceed)
            raise CampaignError(f"After this scenario the group can {ways}, not {proceed!r}.")
        game = self.table.game  # type: ignore[union-attr]
        scenario = str(game.setup.scenario)
        if branch is not None and branch not in choices.branches:
            raise CampaignError(
                f"After {scenario} the campaign goes on with "
                f"{' or '.join(choices.branches) or 'nothing (it is the last)'}, not {branch!r}."
            )
        following = self.book.following(scenario, branch)
        try:
            after = after_scenario(
                self.sheet,
                game,
                next_scenario=following,
                proceed=proceed,
                keep=keep,
                bonuses=bonuses,
            )
        except DoriaError as error:
            raise CampaignError(str(error)) from None
        self.sheet = after
        self._filled = True
        record = after.played[-1]
        if after.over:
            self.message = f"{record.describe()}. The campaign {after.name} is over."
        else:
            self.message = f"{record.describe()}. Next: scenario {after.scenario_number}, "
            self.message += f"{after.next_scenario}."
        return self.message
