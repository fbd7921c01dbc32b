"""The game: created from a scenario, heroes and a seed; changed only by actions and answers.

*Game Overview*: the heroes explore a dungeon laid tile by tile, round by round, against
monsters that act by fixed rules, until the scenario is won, lost or a hero dies.

>>> game = Game.new(heroes=["warrior", "mage", "ranger", "priestess"], seed=3)
>>> game.round, game.phase.value, len(game.turn) >= 1
(1, 'D', True)
>>> action = game.legal_actions()[0]
>>> game.can(action).ok
True

Every input is checked in full first: an illegal one raises
:class:`~doria_nb.engine.table.records.IllegalAction` in words and changes nothing (verify /
can / do, as in pokerkit). Questions the rules leave to the players are answered by default
policies, except the kinds listed in ``ask``: then :attr:`Game.pending` holds the
:class:`~doria_nb.engine.decisions.Choice` and :meth:`Game.decide` answers it. The game is
deterministic from its seed, so undo, the answer to a pending question and loading a save
file all work without replaying the game: the game keeps a :func:`snapshot
<doria_nb.engine.game.snapshot.snapshot>` of its state before every input (cheap: frozen values
are shared), so undo and answering a question take a few milliseconds at any point of a long
game. Replaying the input log (:meth:`Game.replay`) stays the check a save file goes through.
A game made with ``snapshots=False`` (bots playing many games) keeps none and replays instead.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.decisions import Choice, ChoiceKind
from doria_nb.engine.doom.play import start_doom
from doria_nb.engine.errors import DoriaError
from doria_nb.engine.events import Event
from doria_nb.engine.game.flow import advance, check_end
from doria_nb.engine.game.hero_turn import actors, carry_out, verify
from doria_nb.engine.game.legal import LegalActions, legal_actions
from doria_nb.engine.game.setup import new_state
from doria_nb.engine.game.snapshot import snapshot
from doria_nb.engine.limits import MAX_INT
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.packs import pack_or_default
from doria_nb.engine.table import actions as act
from doria_nb.engine.table.records import (
    GameError,
    GameResult,
    IllegalAction,
    Phase,
    SaveFileError,
)
from doria_nb.engine.table.state import Asker, GameState, NeedDecision
from doria_nb.engine.verdict import Verdict

if TYPE_CHECKING:
    from doria_nb.engine.campaign.start import CampaignStart
    from doria_nb.engine.scenario import Scenario
    from doria_nb.engine.situation import Situation

__all__ = ["Game", "Input", "Pending", "Setup"]

_SHOP_ACTIONS = (act.Buy, act.ClearTrap, act.Discard, act.EndPhase)
_PARTY_ACTIONS = (act.Leave, act.Join)
_GROUP_ACTIONS = (act.Buy, act.Discard, act.EndPhase, act.Join, act.DeclareEscape)
"""Inputs of the whole group: ``who`` is "" or one of its heroes, never anyone else."""


@dataclass(frozen=True, slots=True)
class Setup:
    """Everything a game is built from: with the inputs, all a save file needs."""

    scenario: str | None
    heroes: tuple[str, ...]
    seed: int
    options: RulesOptions
    ask: frozenset[str] = frozenset()
    honest: bool = False
    campaign: CampaignStart | None = None
    """A campaign scenario's :class:`~doria_nb.engine.campaign.start.CampaignStart`."""


@dataclass(frozen=True, slots=True)
class Input:
    """One input taken: the action, the players' answers it needed, and how many chance
    outcomes (dice faces, card draws) the game had used before and after it."""

    action: act.Action
    answers: tuple[str, ...]
    outcomes: tuple[int, int]

    @property
    def used_chance(self) -> bool:
        return self.outcomes[0] != self.outcomes[1]


@dataclass(frozen=True, slots=True)
class Pending:
    """An action waiting for the players' answer to ``choice`` (earlier answers kept)."""

    action: act.Action
    answers: tuple[str, ...]
    choice: Choice


def _check_fields(action: act.Action) -> None:
    """Refuse an action whose fields have the wrong kinds (a tuple for a square, text for a
    number) before any rule reads them: it must survive its own JSON round trip unchanged."""
    try:
        same = act.action_from_json(action.to_json()) == action
    except (SaveFileError, TypeError, ValueError) as error:
        raise IllegalAction(f"{action!r} is malformed: {error}") from None
    if not same:
        raise IllegalAction(
            f"{action!r} is malformed: squares are Square(x, y) or (x, y), places and letters "
            "are text, AP and slots whole numbers."
        )


def _kind(kind: object) -> str:
    """A kind of question the players answer themselves, checked."""
    try:
        return str(ChoiceKind(kind))
    except ValueError:
        known = ", ".join(repr(str(k)) for k in ChoiceKind)
        raise GameError(f"{kind!r} is no kind of question; the kinds are {known}.") from None


def _scenario(
    pack: ContentPack, scenario: str | Scenario | None
) -> tuple[str | None, Scenario | None]:
    if scenario is None:
        return None, None
    if isinstance(scenario, str):
        finder = getattr(pack, "scenario", None)
        if finder is None:
            raise GameError(f"The content pack {pack.id!r} has no scenarios.")
        return scenario, finder(scenario)
    return getattr(scenario, "id", None), scenario


def _refusal(action: act.Action, error: Exception) -> IllegalAction:
    """The refusal of an action that failed while being carried out (the game unchanged):
    a rule's own words, or an engine fault named as one."""
    if isinstance(error, IllegalAction):
        return error
    if isinstance(error, DoriaError):
        return IllegalAction(f"{action} cannot be carried out here: {error}")
    return IllegalAction(
        f"{action} cannot be carried out here: an engine fault ({type(error).__name__}: "
        f"{error}); please report it with the save file."
    )


class Game:
    """A game of Dungeons of Doria in progress (see the module text)."""

    def __init__(
        self,
        pack: ContentPack,
        setup: Setup,
        scenario: Scenario | None,
        *,
        snapshots: bool = True,
    ) -> None:
        self.pack = pack
        self.setup = setup
        self._scenario_obj = scenario
        self.inputs: list[Input] = []
        self.pending: Pending | None = None
        self.keeps_snapshots = snapshots
        """Whether the state before every input is kept (undo and answers without replay)."""
        self._before: list[GameState] = []
        """The state before each input (parallel to :attr:`inputs`), never changed once kept;
        empty when :attr:`keeps_snapshots` is off."""
        self.state = self._fresh()

    # -- creation ------------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        scenario: str | Scenario | None = None,
        heroes: Sequence[str] = ("warrior", "mage", "ranger", "priestess"),
        seed: int = 0,
        *,
        options: RulesOptions | None = None,
        pack: ContentPack | None = None,
        ask: Iterable[ChoiceKind | str] = (),
        honest: bool = False,
        snapshots: bool = True,
        campaign: CampaignStart | None = None,
    ) -> Game:
        """A new game of ``scenario`` (an id of the pack or a scenario record; ``None`` plays
        without one) for ``heroes`` (hero ids), with every card and die fixed by ``seed``.
        ``ask`` lists the kinds of question the players answer themselves (see
        :class:`~doria_nb.engine.decisions.ChoiceKind`); ``honest`` refuses to undo a die
        roll or a revealed card. ``snapshots=False`` keeps no state per input: undo and
        answers then replay the game (for bots playing many games, where nobody undoes).
        ``campaign`` (a :class:`~doria_nb.engine.campaign.start.CampaignStart`) plays the
        scenario in *Campaign Mode*; :func:`doria_nb.engine.game.start_game` builds it
        from a Campaign Sheet."""
        pack = pack_or_default(pack)
        options = options if options is not None else RulesOptions()
        if not isinstance(options, RulesOptions):
            raise GameError(f"A game's optional rules are RulesOptions, not {options!r}.")
        scenario_id, record = _scenario(pack, scenario)
        if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_INT:
            raise GameError(
                f"A game's seed is a whole number of at most {MAX_INT:,}, not {seed!r}."
            )
        kinds = frozenset(_kind(k) for k in ask)
        if campaign is not None:
            from doria_nb.engine.campaign.start import CampaignStart

            if not isinstance(campaign, CampaignStart):
                raise GameError(
                    f"A campaign scenario starts from a CampaignStart, not {campaign!r}."
                )
        setup = Setup(scenario_id, tuple(heroes), seed, options, kinds, bool(honest), campaign)
        return cls(pack, setup, record, snapshots=snapshots)

    def _fresh(self) -> GameState:
        created = {}
        if self.setup.campaign is not None:
            created = self.setup.campaign.created_templates(self.pack)
        state = new_state(
            self.pack,
            self._scenario_obj,
            self.setup.heroes,
            self.setup.seed,
            self.setup.options,
            created,
        )
        start_doom(state)  # the scenario's start square, if any
        if self.setup.campaign is not None:
            from doria_nb.engine.campaign.start import apply_start

            apply_start(state, self.setup.campaign)
        advance(state, Asker())
        return state

    # -- reading -------------------------------------------------------------------------------

    @property
    def phase(self) -> Phase:
        return self.state.phase

    @property
    def round(self) -> int:
        return self.state.round

    @property
    def result(self) -> GameResult | None:
        return self.state.result

    @property
    def over(self) -> bool:
        return self.state.result is not None

    @property
    def events(self) -> tuple[Event, ...]:
        return tuple(self.state.log)

    @property
    def situation(self) -> Situation:
        """The board: the dungeon laid so far and every figure on it."""
        return self.state.situation

    @property
    def turn(self) -> tuple[str, ...]:
        """The heroes who may act now (tied markers: any of them)."""
        return tuple(actors(self.state))

    def legal_actions(self) -> LegalActions:
        """The actions the rules allow now: ``action in game.legal_actions()`` is true for
        every legal one; iterating lists representatives (one ``Move`` per square reachable,
        ...: see :class:`~doria_nb.engine.game.legal.LegalActions`). None while a question
        is pending or once the game is over."""
        if self.pending is not None or self.over:
            return LegalActions(self, ())
        return LegalActions(self, legal_actions(self.state))

    # -- changing ------------------------------------------------------------------------------

    def _verify(self, action: object) -> None:
        if self.over:
            assert self.state.result is not None
            raise IllegalAction(f"The game is over: {self.state.result.explain()}")
        if self.pending is not None:
            raise IllegalAction(
                f"The players must first answer: {self.pending.choice.question} "
                f"(options: {', '.join(self.pending.choice.keys)})."
            )
        if not isinstance(action, act.Action):
            raise IllegalAction(f"{action!r} is not an action of this game.")
        _check_fields(action)
        if (
            isinstance(action, _GROUP_ACTIONS)
            and action.who
            and action.who not in self.state.heroes
        ):
            raise IllegalAction(
                f'{action} is the group\'s; it is taken by "" (the group) or a hero of the '
                f"game ({', '.join(self.state.heroes)}), not {action.who!r}."
            )
        if isinstance(action, act.DeclareEscape):
            from doria_nb.engine.campaign.escape import verify_declaration

            verify_declaration(self.state)
        elif isinstance(action, _PARTY_ACTIONS):
            from doria_nb.engine.game.party import verify_party

            verify_party(self.state, action)
        elif isinstance(action, _SHOP_ACTIONS):
            from doria_nb.engine.shop.play import verify_shop

            verify_shop(self.state, action)
        else:
            verify(self.state, action)

    def can(self, action: object) -> Verdict:
        """Whether ``action`` may be taken now, and if not, why.

        The rules' checks come first; then the action is carried out on a copy of the game
        (a snapshot: the game itself is never touched), because some rules only find a
        problem while carrying an input out (a door event that walls up the very door being
        opened). So an action ``can`` approves never fails in :meth:`apply` (ruling RB2)."""
        try:
            self._verify(action)
            assert isinstance(action, act.Action)
            self._trial(action)
        except IllegalAction as refusal:
            return Verdict.no(str(refusal))
        return Verdict.yes()

    def _trial(self, action: act.Action) -> None:
        """Carry ``action`` out on a copy of the state; raise :class:`IllegalAction` if that
        fails. A question for the players ends the trial: the rules before it passed."""
        trial = snapshot(self.state)
        try:
            self._do(trial, action, Asker(ask=self.setup.ask, answers=[]))
        except NeedDecision:
            return
        except Exception as error:  # every failure becomes a refusal in words
            raise _refusal(action, error) from error

    def apply(self, action: act.Action) -> tuple[Event, ...]:
        """Take ``action`` and return the events it added; an illegal one raises
        :class:`IllegalAction` and changes nothing. When the action needs an answer the
        players give themselves, nothing is added yet: :attr:`pending` holds the question."""
        self._verify(action)
        return self._run(action, ())

    def _run(self, action: act.Action, answers: tuple[str, ...]) -> tuple[Event, ...]:
        before = len(self.state.chance.outcomes)
        events = len(self.state.log)
        kept = snapshot(self.state) if self.keeps_snapshots else None
        asker = Asker(ask=self.setup.ask, answers=list(answers))
        try:
            self._do(self.state, action, asker)
            if asker.answers:
                raise IllegalAction(
                    f"{action} was given answers no question asked for: "
                    f"{', '.join(map(repr, asker.answers))}."
                )
        except NeedDecision as need:
            self._restore(kept)
            self.pending = Pending(action, answers, need.choice)
            return ()
        except Exception as error:
            self._restore(kept)
            raise _refusal(action, error) from error
        except BaseException:
            self._restore(kept)
            raise
        self.pending = None
        self.inputs.append(Input(action, answers, (before, len(self.state.chance.outcomes))))
        if kept is not None:
            self._before.append(kept)
        return tuple(self.state.log[i] for i in range(events, len(self.state.log)))

    @staticmethod
    def _do(state: GameState, action: act.Action, asker: Asker) -> None:
        """Carry ``action`` out on ``state`` and let the game run on to the next input."""
        if isinstance(action, act.DeclareEscape):
            from doria_nb.engine.campaign.escape import declare

            declare(state)
        elif isinstance(action, _PARTY_ACTIONS):
            from doria_nb.engine.game.party import carry_out_party

            carry_out_party(state, action, asker)
        elif isinstance(action, _SHOP_ACTIONS):
            from doria_nb.engine.shop.play import carry_out_shop

            carry_out_shop(state, action, asker)
        else:
            carry_out(state, action, asker)
        if not check_end(state):
            advance(state, asker)

    def decide(self, answer: str) -> tuple[Event, ...]:
        """Answer the pending question (one of ``pending.choice.keys``) and return the events
        the action then added (none if it asks another question)."""
        if self.pending is None:
            raise GameError("No question is waiting for an answer.")
        self.pending.choice.option(answer)
        pending = self.pending
        self.pending = None
        try:
            return self._run(pending.action, (*pending.answers, answer))
        except IllegalAction:
            self.pending = pending
            raise

    # -- history -------------------------------------------------------------------------------

    def _restore(self, kept: GameState | None) -> None:
        """Go back to the state ``kept`` before an input (a copy: kept states never change),
        or rebuild it by replay when the game keeps no snapshots."""
        if kept is None:
            self._rebuild()
        else:
            self.state = snapshot(kept)

    def _rebuild(self) -> None:
        self.state = self._fresh()
        for taken in self.inputs:
            asker = Asker(ask=self.setup.ask, answers=list(taken.answers))
            self._do(self.state, taken.action, asker)

    def replay(self) -> Game:
        """A new game built from this one's setup and inputs: its events must be identical."""
        copy = Game(self.pack, self.setup, self._scenario_obj, snapshots=self.keeps_snapshots)
        for taken in self.inputs:
            copy._verify(taken.action)
            copy._run(taken.action, taken.answers)
        return copy

    def copy(self) -> Game:
        """An independent game in the same position (same inputs, question and history): what
        one does to the copy never changes this game. Cheap: frozen values are shared."""
        twin = Game.__new__(Game)
        twin.pack, twin.setup, twin._scenario_obj = self.pack, self.setup, self._scenario_obj
        twin.inputs = list(self.inputs)
        twin.pending = self.pending
        twin.keeps_snapshots = self.keeps_snapshots
        twin._before = list(self._before)
        twin.state = snapshot(self.state)
        return twin

    def can_undo(self) -> Verdict:
        if self.pending is not None:
            return Verdict.yes()
        if not self.inputs:
            return Verdict.no("Nothing has been done yet.")
        last = self.inputs[-1]
        if self.setup.honest and last.used_chance:
            return Verdict.no(
                f"“{last.action}” rolled dice or revealed a card; in honest mode that cannot "
                "be taken back."
            )
        return Verdict.yes()

    def undo(self) -> None:
        """Take back the last input (or the question pending)."""
        verdict = self.can_undo()
        if not verdict:
            raise GameError(verdict.reason)
        if self.pending is not None:
            self.pending = None
            return
        self.inputs.pop()
        self._restore(self._before.pop() if self._before else None)

    # -- saving --------------------------------------------------------------------------------

    def save(self) -> str:
        """The game as JSON text (see :mod:`doria_nb.engine.game.save`)."""
        from doria_nb.engine.game.save import dump

        return dump(self)

    @classmethod
    def load(cls, text: str, *, pack: ContentPack | None = None) -> Game:
        """The game saved in ``text``; a damaged, edited or foreign file raises
        :class:`~doria_nb.engine.table.records.SaveFileError` and nothing is run."""
        from doria_nb.engine.game.save import load

        return load(text, pack=pack)

    def __repr__(self) -> str:
        state = self.state
        where = (
            state.result.explain() if state.result else f"round {state.round}, {state.phase.title}"
        )
        return f"<Game {self.setup.scenario or 'without scenario'}: {where}>"
