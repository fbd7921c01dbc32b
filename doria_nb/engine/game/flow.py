"""The round, phase by phase (*Phases Overview*): everything the game does by itself between
the players' inputs.

:func:`advance` runs the phases in order until the players must act — a hero's turn in
Phase D, the shop in Phase I — or the game ends. Monsters act on their own when their marker
is highest; questions the rules leave to the players go to the :class:`Asker`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.game.events import GameOver, Happened, PhaseBegan
from doria_nb.engine.game.hero_turn import actors
from doria_nb.engine.game.loot_cards import defeat_monsters
from doria_nb.engine.game.monster_turns import (
    activate_monster,
    level_up_monsters,
    monsters_in_order,
    register_spawn,
)
from doria_nb.engine.game.records import GameResult, MonsterSeat, Phase
from doria_nb.engine.game.state import GameState
from doria_nb.engine.health import check_death
from doria_nb.engine.health_care import UNCONSCIOUS_RECOVERY, default_split
from doria_nb.engine.monster_ai.spawn_refill import refill_at_entrance
from doria_nb.engine.monster_ai.zombies import raise_zombies
from doria_nb.engine.phases.doom import DoomMove, ExtraActivation, MonsterLevelUp, doom_steps
from doria_nb.engine.phases.initiative import initiative_phase
from doria_nb.engine.phases.level_up import level_up_phase
from doria_nb.engine.phases.poison import apply_poison, poison_check, poison_monster
from doria_nb.engine.progression import LEVEL_UP_ROUNDS
from doria_nb.engine.sections import Section
from doria_nb.engine.situation.figure import Figure

__all__ = ["advance", "check_end", "install_hook", "run_doom_move"]

Asker = Callable[[Choice], str]

_NEXT = {
    Phase.A: Phase.B,
    Phase.B: Phase.C,
    Phase.C: Phase.D,
    Phase.D: Phase.E,
    Phase.E: Phase.F,
    Phase.F: Phase.G,
    Phase.G: Phase.H,
    Phase.H: Phase.I,
    Phase.I: Phase.A,
}


def end_game(state: GameState, won: bool, reason: str, rule: Section) -> None:
    if state.result is not None:
        return
    state.result = GameResult(won, reason, rule, state.round)
    state.phase = Phase.OVER
    state.log.append(GameOver(rule, won, reason))


def check_end(state: GameState) -> bool:
    """End the game if a character died (−20 HP or PP), or the scenario's goal is met."""
    if state.result is not None:
        return True
    for seat in state.heroes.values():
        death = check_death(seat.character)
        if death.dead:
            end_game(state, False, death.explain(), Section.DEATH_OF_A_CHARACTER)
            return True
    return _scenario_end(state, round_ended=False)


def _scenario_end(state: GameState, *, round_ended: bool) -> bool:
    """The scenario's goal and its own losing conditions (*End of the Game*)."""
    scenario = state.scenario
    if scenario is None:
        return False
    verdict = scenario.check_end(_View(state), round_ended=round_ended)
    if verdict is None:
        return False
    end_game(state, verdict.won, verdict.reason, verdict.rule)
    return True


class _View:
    """What the scenario's goals and end conditions read (``ScenarioView``)."""

    def __init__(self, state: GameState) -> None:
        self._state = state
        self.round = state.round
        self.player_count = state.player_count
        self.monsters_defeated = state.counters.monsters_defeated
        self.tiles_placed = state.counters.tiles_placed
        self.treasures_searched = state.counters.treasures_searched
        dungeon = state.situation.dungeon
        self.tiles_on_board = tuple(t.tile.id for t in dungeon.tiles)

    def heroes_on_tile(self, tile_id: str) -> tuple[str, ...]:
        dungeon = self._state.situation.dungeon
        found = []
        for fig in self._state.situation.heroes:
            index = dungeon.tile_index(fig.square)
            if (
                index is not None
                and dungeon.tiles[index].tile.id == tile_id
                and not fig.unconscious
            ):
                found.append(fig.letter)
        return tuple(found)


def advance(state: GameState, asker: Asker) -> None:
    """Run the game until the players must act or it is over."""
    while state.result is None:
        if state.phase is Phase.D:
            if _action_phase_step(state, asker):
                return
            if check_end(state):
                return
            continue
        if state.phase is Phase.I:
            if _shop_waits(state) and not state.shop_closed:
                return
            state.shop_closed = False
            _end_of_round(state)
            if state.result is not None:
                return
            state.phase = Phase.A
            continue
        phase = state.phase
        if phase is Phase.A:
            state.round += 1
            state.door_opened = False
        state.log.append(PhaseBegan(phase.rule, state.round, phase.value))
        _RUN[phase](state, asker)
        if check_end(state):
            return
        state.phase = _NEXT[phase]
        if state.phase in (Phase.D, Phase.I):
            state.log.append(PhaseBegan(state.phase.rule, state.round, state.phase.value))


# -- A, B, C -----------------------------------------------------------------------------------


def _phase_a(state: GameState, asker: Asker) -> None:
    from doria_nb.engine.game.event_play import dead_end

    dead_end(state, asker)
    if state.round in LEVEL_UP_ROUNDS:
        state.log.append(
            Happened(Section.PHASE_A, f"Round {state.round}: the heroes level up in Phase H.")
        )


def _phase_b(state: GameState, asker: Asker) -> None:
    from doria_nb.engine.game.shop_play import refill

    refill(state)


def _phase_c(state: GameState, asker: Asker) -> None:
    for seat in state.heroes.values():
        seat.out_this_round = False
    characters = {s.letter: s.character for s in state.heroes.values()}
    kept = frozenset(s.letter for s in state.heroes.values() if s.kept_unconscious)
    monster_ap = {
        m.letter: int(state.situation.figure(m.letter).value("AP", m.foe.stats.ap) or 0)
        for m in state.monsters.values()
        if m.spawned_round < state.round
    }
    phase = initiative_phase(
        characters,
        state.chance,
        state.doom,
        kept_unconscious=kept,
        monster_ap=monster_ap,
        options=state.options,
        solo=state.player_count == 1,
    )
    state.log.append(Happened(Section.PHASE_C, phase.explain()))
    for letter, ap in phase.character_ap.items():
        state.heroes[letter].ap = ap
    for letter in phase.out_this_round:
        state.heroes[letter].out_this_round = True
    for m in state.monsters.values():
        m.acted = False
        m.ap = monster_ap.get(m.letter)
    if state.round == 1:
        _place_heroes(state, asker)
    for letter in phase.unconscious:
        state.set_flag(letter, "unconscious", True)
    for letter in state.heroes:
        if letter not in phase.unconscious and not state.heroes[letter].kept_unconscious:
            state.set_flag(letter, "unconscious", False)
    if state.heroes and all(state.unconscious(s) for s in state.heroes):
        end_game(
            state,
            False,
            "every character is unconscious at the same time",
            Section.END_OF_THE_GAME,
        )
        return
    move = state.doom.move(phase.doom_steps) if phase.doom_steps else None
    if move is not None:
        run_doom_move(state, move, asker)


def _place_heroes(state: GameState, asker: Asker) -> None:
    """Round 1: the heroes stand on the start positions I to VI by their first initiative
    (*Phase C*; *Starting Positions*); ties keep the party's order (the players' choice)."""
    placed = state.situation.dungeon.tiles[0]
    starts = placed.tile.start_positions
    order = sorted(state.heroes.values(), key=lambda s: -s.ap)
    situation = state.situation
    for number, seat in enumerate(order, start=1):
        square = placed.to_table(starts[number])
        situation = situation.with_figure(Figure.hero(seat.name, seat.letter, square))
    state.situation = situation
    state.log.append(
        Happened(
            Section.STARTING_POSITIONS,
            "The heroes enter on the start positions: "
            + ", ".join(f"{_roman(i)} {s.name}" for i, s in enumerate(order, start=1)),
        )
    )


def _roman(n: int) -> str:
    return ["", "I", "II", "III", "IV", "V", "VI"][n]


# -- D -------------------------------------------------------------------------------------------


def _action_phase_step(state: GameState, asker: Asker) -> bool:
    """One step of Phase D: ``True`` when a hero must act (the game waits for input)."""
    if actors(state):
        return True
    heroes_top = max(
        (
            s.ap
            for s in state.heroes.values()
            if s.ap >= 1 and not s.out_this_round and not state.unconscious(s.letter)
        ),
        default=None,
    )
    waiting = [m for m in state.monsters.values() if m.ap is not None and not m.acted]
    if waiting:
        top = max(m.ap for m in waiting if m.ap is not None)
        if heroes_top is None or top > heroes_top:
            tied = [m.letter for m in waiting if m.ap == top]
            first = monsters_in_order(state, tied, asker)[0]
            state.monsters[first].acted = True
            activate_monster(state, first, asker)
            if first in state.monsters:
                state.monsters[first].ap = 0
            return False
    state.phase = Phase.E
    return False


# -- E, F, G, H ----------------------------------------------------------------------------------


def _phase_e(state: GameState, asker: Asker) -> None:
    for seat in state.heroes.values():
        if seat.poison <= 0:
            continue
        result = poison_check(
            seat.character,
            seat.poison,
            state.chance,
            monster_level=state.monster_level,
            options=state.options,
        )
        seat.poison = apply_poison(seat.character, result)
        state.log.append(Happened(Section.PHASE_E, result.explain(), seat.letter))
    beaten = []
    for m in state.monsters.values():
        if m.poison > 0:
            m.foe = m.foe.with_hp(m.foe.hp - poison_monster(m.poison))
            state.log.append(
                Happened(Section.PHASE_E, f"{m.name} loses {m.poison} HP to poison", m.letter)
            )
            if m.foe.defeated:
                beaten.append(m.letter)
    if beaten:
        first = next(iter(state.heroes))
        defeat_monsters(state, first, beaten, asker)


def _phase_f(state: GameState, asker: Asker) -> None:
    from doria_nb.engine.game.modifier_play import modifiers_phase_f
    from doria_nb.engine.game.trap_play import traps_phase_f

    modifiers_phase_f(state, asker)  # the order of Phase F: modifiers, traps, Zombies, other
    if state.result is not None:
        return
    traps_phase_f(state, asker)
    if state.result is not None:
        return
    rising = raise_zombies(state.board(), pack=state.pack, level=state.monster_level)
    if not rising.raised and not rising.extra_activations:
        return
    from doria_nb.engine.game.monster_turns import _strip_values, foe_for

    state.situation = _strip_values(rising.situation, state)
    for zombie, new in rising.raised:
        parent = state.monsters[zombie]
        name = state.situation.figure(new).name
        state.monsters[new] = MonsterSeat(
            new, parent.card_id, (), foe_for(state, parent.card_id, (), name), state.round
        )
    state.log.append(Happened(Section.PHASE_F, rising.explain()))
    for extra in rising.extra_activations:
        activate_monster(state, extra.letter, asker, reason="a Zombie that cannot multiply")
        if check_end(state):
            return


def _phase_g(state: GameState, asker: Asker) -> None:
    bought_off = False
    if state.player_count == 1 and not state.door_opened and state.group_xp.xp >= 1:
        seat = next(iter(state.heroes.values()))
        choice = Choice(
            ChoiceKind.DOOM_XP,
            seat.name,
            "No door was opened: spend 1 XP to keep the Doom Counter from its extra step?",
            (Option("spend", "spend 1 XP"), Option("keep", "keep the XP")),
            Section.SMALL_GROUPS,
        )
        if asker(choice) == "spend":
            state.group_xp = state.group_xp.spend(1)
            bought_off = True
    steps = doom_steps(
        max(state.tiles_with_characters(), 1), state.door_opened, door_step_bought_off=bought_off
    )
    run_doom_move(state, state.doom.move(steps), asker)


def run_doom_move(state: GameState, move: DoomMove, asker: Asker) -> None:
    """Move the Doom Counter and play what it sets off, in order (*Phase G: Doom Counter*)."""
    state.doom = move.end
    state.log.append(Happened(Section.PHASE_G, move.explain()))
    for trigger in move.triggers:
        if state.result is not None:
            return
        if isinstance(trigger, MonsterLevelUp):
            level_up_monsters(state)
        elif isinstance(trigger, ExtraActivation):
            _extra_activation(state, asker)


def _extra_activation(state: GameState, asker: Asker) -> None:
    from doria_nb.engine.game.monster_turns import _strip_values

    refill = refill_at_entrance(
        state.board(),
        state.monster_deck,
        state.chance,
        pack=state.pack,
        level=state.monster_level,
        player_count=state.player_count,
        options=state.options,
        waiting_modifiers=state.waiting_modifiers,
    )
    refill = replace(refill, situation=_strip_values(refill.situation, state))
    register_spawn(state, refill, asker)
    for letter in monsters_in_order(state, list(state.monsters), asker):
        activate_monster(state, letter, asker, reason="Extra Activation")
        if check_end(state):
            return


def _phase_h(state: GameState, asker: Asker) -> None:
    rewards = state.setup_rewards_due
    if rewards is not None:
        state.setup_rewards_due = None
        if rewards.xp:
            state.group_xp = state.group_xp.gain(rewards.xp)
    if state.round in LEVEL_UP_ROUNDS:
        _hero_bonuses(state, asker)
    if state.group_xp.conversions:
        redemption = state.group_xp.redeem()
        state.group_xp = redemption.track
        for seat in state.heroes.values():
            seat.character.gain_points(redemption.points)
    for seat in state.heroes.values():
        _spend_points(state, seat, asker)
        unconscious = state.unconscious(seat.letter)
        stay = False
        if unconscious:
            choice = Choice(
                ChoiceKind.WAKE,
                seat.name,
                f"Does {seat.name} wake up for the next round?",
                (Option("wake", "wake up and roll initiative"), Option("stay", "stay unconscious")),
                Section.PHASE_H,
            )
            stay = asker(choice) == "stay"
        split = _split(seat, asker) if unconscious else None
        result = level_up_phase(
            seat.character, unconscious=unconscious, split=split, stay_unconscious=stay
        )
        seat.kept_unconscious = stay
        if unconscious and not stay:
            _crawl_free(state, seat.letter)
        state.log.append(Happened(Section.PHASE_H, result.explain(), seat.letter))


def _split(seat: object, asker: Asker) -> tuple[int, int]:
    """The players split the 3 recovered points; the default policy's split is offered first."""
    character = seat.character  # type: ignore[attr-defined]
    points = UNCONSCIOUS_RECOVERY
    first = default_split(character, points)
    splits = [first] + [
        (hp, points - hp) for hp in range(points, -1, -1) if (hp, points - hp) != first
    ]
    choice = Choice(
        ChoiceKind.SPLIT,
        character.name,
        f"How does {character.name} share the {points} points it recovers?",
        tuple(Option(f"{hp}/{pp}", f"{hp} HP and {pp} PP") for hp, pp in splits),
        Section.UNCONSCIOUSNESS,
    )
    hp, pp = (int(x) for x in asker(choice).split("/"))
    return hp, pp


def _crawl_free(state: GameState, letter: str) -> None:
    """A waking character crawls to the nearest free square (it is put down if carried)."""
    from dataclasses import replace as _replace

    from doria_nb.engine.game.hero_turn import _free_square_near

    fig = state.situation.figure(letter)
    if fig.buried:
        return  # it stays under the Rubble until someone clears it (*Dungeon Markers*)
    square = _free_square_near(state, fig.square, letter)
    state.situation = state.situation.with_figure(_replace(fig, carried_by=None, square=square))


def _hero_bonuses(state: GameState, asker: Asker) -> None:
    for seat in state.heroes.values():
        ch = seat.character
        ch.set_level(ch.level + 1)
        while ch.bonuses_to_choose > 0:
            options = [b for b in state.pack.bonuses if ch.can_choose_bonus(b)]
            if not options:
                break
            choice = Choice(
                ChoiceKind.HERO_BONUS,
                seat.name,
                f"Which hero bonus does {seat.name} take?",
                tuple(Option(b.id, b.name) for b in options),
                Section.HERO_AND_MONSTER_LEVEL,
            )
            key = asker(choice)
            ch.choose_bonus(next(b for b in options if b.id == key))


def _spend_points(state: GameState, seat: object, asker: Asker) -> None:
    ch = seat.character  # type: ignore[attr-defined]
    while ch.saved_points > 0:
        ranked = sorted(
            ("STR", "CON", "AGI", "PER", "WIS", "PSI"),
            key=lambda a: getattr(ch.attributes, a),
        )
        choice = Choice(
            ChoiceKind.RAISE,
            ch.name,
            f"Which attribute does {ch.name} raise by 1?",
            tuple(Option(a, a) for a in ranked),
            Section.CHARACTER_IMPROVEMENT,
        )
        ch.raise_attributes({asker(choice): 1})


def _shop_waits(state: GameState) -> bool:
    shop = state.shop
    return shop is not None and any(slot is not None for slot in shop.slots)


def _end_of_round(state: GameState) -> None:
    """As the round ends: effects of the round wear off and the scenario's goals and losing
    conditions are judged (ruling SC1)."""
    from doria_nb.engine.game.effects_play import expire
    from doria_nb.engine.game.party import leave_now

    expire(state)
    _scenario_end(state, round_ended=True)
    if state.result is None:
        leave_now(state)


_RUN: dict[Phase, Callable[[GameState, Asker], None]] = {
    Phase.A: _phase_a,
    Phase.B: _phase_b,
    Phase.C: _phase_c,
    Phase.E: _phase_e,
    Phase.F: _phase_f,
    Phase.G: _phase_g,
    Phase.H: _phase_h,
}

_HOOKS: dict[str, Callable[..., None]] = {}


def install_hook(name: str, hook: Callable[..., None]) -> None:
    """Plug in a phase's part kept in its own module (the shop, the traps)."""
    _HOOKS[name] = hook
