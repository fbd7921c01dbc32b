"""The state of a game: the board, the seats, the decks, the tracks, and the questions asked.

:class:`GameState` is plain, mutable data; only the rule modules of :mod:`doria_nb.engine.game`
and of the concept packages (the shop, the Doom Counter, …) change it, and only through
:class:`~doria_nb.engine.game.game.Game`. :class:`Asker` is how a rule asks
the players a question (a :class:`~doria_nb.engine.decisions.Choice`): an answer given in
advance, the default policy, or — for the kinds the game was told to ask — a stop with
:class:`NeedDecision`, after which the game is rebuilt and the action run again with the answer.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from doria_nb.engine.cards import ContentPack
from doria_nb.engine.chance import Chance
from doria_nb.engine.decisions import Choice, Decided, decide, default_policy
from doria_nb.engine.errors import MovementError
from doria_nb.engine.events import EventLog
from doria_nb.engine.exploration import TileDeck
from doria_nb.engine.geometry import Square
from doria_nb.engine.loot import LootDeck
from doria_nb.engine.monster_ai.monster_deck import MonsterDeck
from doria_nb.engine.movement import MovementBoard
from doria_nb.engine.options import RulesOptions
from doria_nb.engine.progression import GroupXP
from doria_nb.engine.situation import Situation
from doria_nb.engine.situation.figure import Figure
from doria_nb.engine.table.records import Counters, GameResult, HeroSeat, MonsterSeat, Phase

if TYPE_CHECKING:  # the Doom Counter's game half imports this module
    from doria_nb.engine.doom.counter import DoomCounter
from doria_nb.engine.spawning.context import SpawnContext

__all__ = ["Asker", "GameState", "NeedDecision", "default_answer"]


class NeedDecision(Exception):
    """Raised inside a rule when the players must answer ``choice`` first."""

    def __init__(self, choice: Choice) -> None:
        super().__init__(choice.question)
        self.choice = choice


@dataclass
class Asker:
    """Answers the rules' questions. For the kinds in ``ask`` the players answer: the queued
    ``answers`` in order, and a stop (:class:`NeedDecision`) when none is left; every other
    kind gets its default policy. Every answer is kept in ``made``."""

    ask: frozenset[str] = frozenset()
    answers: list[str] = field(default_factory=list)
    made: list[Decided] = field(default_factory=list)

    def __call__(self, choice: Choice) -> str:
        if str(choice.kind) in self.ask:
            if not self.answers:
                raise NeedDecision(choice)
            decided = decide(choice, answer=self.answers.pop(0))
        else:
            decided = decide(choice, _policy_for(choice))
        self.made.append(decided)
        return decided.answer


def default_answer(choice: Choice) -> str:
    """The answer the game gives ``choice`` when the players leave it to the rules' default
    policy of its kind (ruling GM2): what a bot seat answers, and what a table pre-selects."""
    return str(_policy_for(choice)(choice))


def _policy_for(choice: Choice) -> Any:
    try:
        default_policy(choice)
    except KeyError:
        return first_option
    return default_policy


def first_option(choice: Choice) -> str:
    """The first option listed (the default of the game's own choices: tile placements, ties
    among monsters, which card to keep)."""
    return choice.options[0].key


@dataclass
class GameState:
    """Everything a game holds. ``situation`` is the board; heroes and monsters by letter."""

    pack: ContentPack
    options: RulesOptions
    scenario: Any
    chance: Chance
    log: EventLog
    situation: Situation
    heroes: dict[str, HeroSeat]
    monsters: dict[str, MonsterSeat]
    loot: LootDeck
    monster_deck: MonsterDeck
    tile_deck: TileDeck
    doom: DoomCounter
    group_xp: GroupXP
    monster_level: int = 1
    round: int = 0
    phase: Phase = Phase.A
    door_opened: bool = False
    shop: Any = None
    door_deck: Any = None
    active_traps: list[Any] = field(default_factory=list)
    counters: Counters = field(default_factory=Counters)
    result: GameResult | None = None
    player_count: int = 4
    setup_rewards_due: Any = None
    shop_closed: bool = False
    dead_doors: set[Any] = field(default_factory=set)
    """Doors no tile of the deck fits behind (ruling E12): they stay closed."""
    leaving: list[str] = field(default_factory=list)
    """Heroes who leave the game when this round ends (*Player Count*)."""
    gone_cards: list[Any] = field(default_factory=list)
    """Cards that left the game with a hero."""
    waiting_modifiers: tuple[Any, ...] = ()
    """Monster modifiers set aside under *Limit Modifiers* for the next monster."""
    fate: Any = None
    """The Fate Points left (*Fate Points*), or ``None`` when the rule is off."""
    temporary: list[Any] = field(default_factory=list)
    """Effects lasting some rounds: (round cast, hero letter, operation)."""
    campaign: Any = None
    """A campaign scenario's :class:`~doria_nb.engine.campaign.play.CampaignPlay`; ``None``
    in a Single Scenario."""

    # -- the board --

    def figure(self, letter: str) -> Figure:
        return self.situation.figure(letter)

    def hero_figures(self) -> tuple[Figure, ...]:
        return self.situation.heroes

    def unconscious(self, letter: str) -> bool:
        return self.situation.figure(letter).unconscious

    def conscious_heroes(self) -> list[HeroSeat]:
        return [s for s in self.heroes.values() if not self.unconscious(s.letter)]

    def board(self) -> Situation:
        """The situation as the monster AI reads it: the same figures, lent a read-only view
        (:meth:`~doria_nb.engine.situation.Situation.with_numbers`) of every hero's current
        numbers (STR, AGI, WIS, active armor AR, HP) and every monster's range (RNG, its
        modifiers included), so that the AI plans with the range the attack is then checked
        against (ruling RB6). The seats stay the one owner of these numbers: nothing is
        written onto a figure."""
        lent: dict[str, dict[str, int]] = {}
        for fig in self.situation.figures:
            seat = self.heroes.get(fig.letter)
            monster = self.monsters.get(fig.letter)
            if monster is not None:
                lent[fig.letter] = {"RNG": monster.foe.stats.range}
            if seat is not None:
                ch = seat.character
                lent.setdefault(fig.letter, {}).update(
                    STR=ch.attributes.STR,
                    AGI=ch.attributes.AGI,
                    WIS=ch.attributes.WIS,
                    AR=ch.mat.active_armor,
                    HP=ch.hp,
                )
        # Whole numbers by key, made read-only here: the situation keeps such a view as it
        # is, without checking and copying every number again.
        view = MappingProxyType({k: MappingProxyType(v) for k, v in lent.items()})
        return self.situation.with_numbers(view)

    def set_flag(self, letter: str, flag: str, on: bool) -> None:
        fig = self.situation.figure(letter)
        flags = fig.flags | {flag} if on else fig.flags - {flag}
        if flags != fig.flags:
            self.situation = self.situation.with_figure(replace(fig, flags=frozenset(flags)))

    def scenario_rules(self, hook: str) -> tuple[Any, ...]:
        """The scenario's special rules that name ``hook`` (none without a scenario); each
        concept carries out its own hooks (:mod:`doria_nb.engine.scenario_kinds`)."""
        hooked = getattr(self.scenario, "hooked", None)
        return hooked(hook) if hooked is not None else ()

    def free_square_near(self, square: Square, letter: str) -> Square:
        """The nearest square the character ``letter`` may stand on (a waking character
        crawls there; a character put down lands there)."""
        taken = {
            f.square for f in self.situation.figures if f.letter != letter and f.carried_by is None
        }
        dungeon = self.situation.dungeon
        seen, frontier = {square}, [square]
        while frontier:
            nxt = []
            for sq in frontier:
                if sq not in taken and dungeon.passable(sq):
                    return sq
                for n in dungeon.neighbors(sq):
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return square

    def tiles_with_characters(self) -> int:
        """Room Tiles with at least one character, unconscious ones included (Phase G)."""
        tiles = set()
        for fig in self.situation.heroes:
            index = self.situation.dungeon.tile_index(fig.square)
            if index is not None:
                tiles.add(index)
        return len(tiles)

    # -- context objects built from the state (issue 17 item 4) --

    def spawn_context(self, current_initiative: int | None = None) -> SpawnContext:
        """What a spawn needs from this game, in one object: the AI's board
        (:meth:`board`), the monster deck, the dice, the pack, the Monster Level, the player
        count, the optional rules and the modifiers waiting under *Limit Modifiers*; with
        ``current_initiative`` (the value of the character acting now) new monsters above it
        act at once (*Current initiative for monsters*)."""
        return SpawnContext(
            self.board(),
            self.monster_deck,
            self.chance,
            pack=self.pack,
            player_count=self.player_count,
            level=self.monster_level,
            current_initiative=current_initiative,
            options=self.options,
            waiting_modifiers=self.waiting_modifiers,
        )

    def movement_board(self, letter: str) -> MovementBoard:
        """The hero ``letter`` about to move and the board around it, for the movement rules:
        its square, the AP its seat holds (never below 0 for a new movement), the other
        standing heroes, the monsters, whether it carries someone and whether it is buried
        (:meth:`~doria_nb.engine.situation.Situation.movement_board`)."""
        seat = self.heroes.get(letter)
        if seat is None:
            raise MovementError(f"No hero of this game has the letter {letter!r}.")
        return self.situation.movement_board(letter, ap=max(seat.ap, 0))
