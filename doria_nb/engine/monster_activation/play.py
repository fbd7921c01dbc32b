"""The monsters' side of a game: coming onto the board, acting, levelling up, being defeated.

Spawns and activations are the monster AI's (:mod:`doria_nb.engine.monster_ai`); this module
keeps the game's records in step with them — a :class:`MonsterSeat` per figure, the attack
resolved by the combat rules and applied to the characters, a defeated monster's loot and XP —
and turns the ties the monster rules leave to the players into questions for the
:class:`~doria_nb.engine.table.state.Asker`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from doria_nb.engine.combat.board import monster_attack_on_board
from doria_nb.engine.combat.foe import Foe
from doria_nb.engine.decisions import Choice, ChoiceKind, Option
from doria_nb.engine.geometry import Square
from doria_nb.engine.monster_ai.activation import activate
from doria_nb.engine.monster_ai.order import monster_order
from doria_nb.engine.sections import Section
from doria_nb.engine.situation import Situation
from doria_nb.engine.spawning.records import SpawnResult
from doria_nb.engine.table.events import (
    AttackMade,
    ExtraActivationGiven,
    MonsterActed,
    MonsterLevelRose,
    MonsterSpawned,
)
from doria_nb.engine.table.records import MonsterSeat, Phase
from doria_nb.engine.table.state import GameState

__all__ = [
    "act_at_once",
    "activate_monster",
    "board_ap",
    "foe_for",
    "level_up_monsters",
    "monsters_in_order",
    "register_spawn",
]


def foe_for(state: GameState, card_id: str, modifier_ids: Sequence[str], name: str) -> Foe:
    """The monster of ``card_id`` with its modifiers at the current Monster Level."""
    pack = state.pack
    modifiers = tuple(pack.modifier(m) for m in modifier_ids)
    return Foe.of(
        pack.monster(card_id), state.monster_level, modifiers, name=name, options=state.options
    )


def board_ap(state: GameState, seat: MonsterSeat) -> int:
    """The square of the Initiative Board a monster's marker goes on: its AP with its
    modifiers (*Phase C*: "include possible Monster Modifiers (like Faster)")."""
    figure = state.situation.figure(seat.letter)
    return int(figure.value("AP", seat.foe.stats.ap) or 0)


def act_at_once(state: GameState, letter: str, asker: object, *, reason: str = "") -> None:
    """The monster ``letter`` takes its turn of this round now: it activates and its marker
    goes to 0 (*Phase D*; ruling GM3)."""
    if letter in state.monsters:
        state.monsters[letter].acted = True
    activate_monster(state, letter, asker, reason=reason)
    if letter in state.monsters:
        state.monsters[letter].ap = 0


def register_spawn(state: GameState, spawn: SpawnResult, asker: object) -> None:
    """Take a spawn's board and deck, seat every new figure, and play out the Extra
    Activations a full box of figures caused (*Multiple monsters per monster icon*).

    A monster that comes in during Phase D goes onto the Initiative Board at its AP at once,
    so it acts this round: at once when its value is above the current character's marker
    (the callers activate ``spawn.acts_now``), else when its marker is highest (*Phase D*,
    *Current initiative for monsters*; ruling GM3)."""
    state.situation = plain_board(spawn.situation)
    state.monster_deck = spawn.deck
    state.waiting_modifiers = spawn.waiting_modifiers
    for spawned in spawn.spawned:
        mod_ids = tuple(m.id for m in spawned.modifiers)
        for letter in spawned.letters:
            name = state.situation.figure(letter).name
            state.monsters[letter] = MonsterSeat(
                letter,
                spawned.card.id,
                mod_ids,
                foe_for(state, spawned.card.id, mod_ids, name),
                state.round,
            )
            if state.phase is Phase.D:
                state.monsters[letter].ap = board_ap(state, state.monsters[letter])
        where = spawned.squares[0] if spawned.squares else None
        at = f" at ({where.x}, {where.y})" if where else ""
        names = " ".join([*(m.name for m in spawned.modifiers), spawned.card.name])
        count = len(spawned.letters)
        state.log.append(
            MonsterSpawned(
                Section.MONSTER_ICONS,
                f"{names} appears{at} ({count} figure{'s' * (count != 1)}: "
                f"{', '.join(spawned.letters) or 'none left in the box'})",
                monster=spawned.card.id,
                modifiers=mod_ids,
                letters=tuple(spawned.letters),
                squares=tuple(spawned.squares),
            )
        )
    for extra in spawn.extra_activations:
        seat = state.monsters.get(extra.letter)
        if seat is None:
            continue
        seat.modifier_ids = seat.modifier_ids + tuple(m.id for m in extra.modifiers)
        damage = seat.foe.stats.hp - seat.foe.hp
        fresh = foe_for(state, seat.card_id, seat.modifier_ids, seat.foe.name)
        seat.foe = fresh.with_hp(fresh.stats.hp - damage)
        state.log.append(
            ExtraActivationGiven(Section.MULTIPLE_MONSTERS, extra.reason, extra.letter)
        )
        activate_monster(state, extra.letter, asker, reason="an Extra Activation")
        if state.result is not None:
            return


def _tie(asker: object, question: str, keys: Sequence[str], labels: dict[str, str]) -> str:
    choice = Choice(
        ChoiceKind.MONSTER_TIE,
        "the players",
        question,
        tuple(Option(k, labels.get(k, k)) for k in keys),
        Section.MONSTER_ORDER,
    )
    return asker(choice)  # type: ignore[operator,no-any-return]


def monsters_in_order(state: GameState, letters: Iterable[str], asker: object) -> list[str]:
    """``letters`` in *Monster Order*; every tie is a question for the players."""
    among = [letter for letter in letters if letter in state.monsters]
    if len(among) < 2:
        return among
    trace = monster_order(state.board(), pack=state.pack, level=state.monster_level, among=among)
    ordered: list[str] = []
    groups = trace.ranking or tuple((k,) for k in trace.result)
    for group in groups:
        rest = list(group)
        while len(rest) > 1:
            first = _tie(asker, "Which of these monsters acts first?", rest, dict(trace.labels))
            ordered.append(first)
            rest.remove(first)
        ordered.extend(rest)
    return ordered


def activate_monster(state: GameState, letter: str, asker: object, *, reason: str = "") -> None:
    """One activation of the monster ``letter``: move and attack by the monster AI, the
    attack resolved against the characters with their own defense choices."""
    if letter not in state.monsters or state.result is not None:
        return
    seat = state.monsters[letter]
    settle: dict[str, str] = {}
    tied: dict[str, tuple[str, ...]] = {}
    board = state.board()
    for _ in range(8):
        act = activate(
            board,
            letter,
            pack=state.pack,
            level=state.monster_level,
            options=state.options,
            **settle,  # type: ignore[arg-type]
        )
        if act.pending is None:
            break
        labels = {f.letter: f.label for f in board.figures}
        key = _tie(asker, act.pending.question, act.pending.options, labels)
        field = {"target": "target", "square": "square", "push": "push_to"}.get(
            act.pending.kind, "target"
        )
        settle[field] = key
        tied[act.pending.kind] = tuple(act.pending.options)
    else:  # pragma: no cover - the AI settles each tie once
        return
    state.situation = plain_board(act.after)
    before = seat.ap if seat.ap is not None else 0
    why = f" ({reason})" if reason else ""
    settled = tuple((kind, settle["push_to" if kind == "push" else kind]) for kind in tied)
    state.log.append(
        MonsterActed(
            Section.MONSTER_ACTIVATION,
            letter,
            act.explain() + why,
            (before, 0),
            activation=act,
            settled=settled,
            tied=tuple(tied.items()),
        )
    )
    if act.attack is None:
        return
    struck = act.attack.struck or (act.attack.defender,)
    characters = {h: state.heroes[h].character for h in struck if h in state.heroes}
    if not characters:
        return
    attack = _resolve(state, act, characters, seat, asker)
    attack.apply(characters)  # type: ignore[attr-defined]
    from doria_nb.engine.monster_activation.modifiers import venom

    venom(state, seat, attack)
    state.log.append(AttackMade.of(attack))


def _resolve(
    state: GameState, act: object, characters: dict[str, object], seat: MonsterSeat, asker: object
) -> object:
    """The monster's attack resolved with each defender's temporary armor (ruling Y21); under
    *Fate Points* a hit defender may spend a point to have the whole attack rolled again."""
    from doria_nb.engine.effects_play import extra_armor, fate_reroll_wanted

    def resolve() -> object:
        return monster_attack_on_board(
            act.after,  # type: ignore[attr-defined]
            act.attack,  # type: ignore[attr-defined]
            characters,  # type: ignore[arg-type]
            seat.foe,
            state.chance,
            options=state.options,
            policy=asker,  # type: ignore[arg-type]
            extra_armor=extra_armor(state),
        )

    attack = resolve()
    hit = [h.defender for h in attack.hits if h.resolution.hit]  # type: ignore[attr-defined]
    for letter in hit:
        if fate_reroll_wanted(state, letter, asker, "the hit it takes"):
            return resolve()
    return attack


def plain_board(situation: Situation) -> Situation:
    """The AI's board back as the game keeps it: the same figures, without the view of the
    seats' numbers that :meth:`GameState.board` lent (the seats own them; a kept view would
    go stale as they change)."""
    return situation.with_numbers({})


def level_up_monsters(state: GameState) -> None:
    """*+1 Level (Monsters)*: every monster takes its next level card; damage taken stays."""
    state.monster_level += 1
    for seat in state.monsters.values():
        damage = seat.foe.stats.hp - seat.foe.hp
        fresh = foe_for(state, seat.card_id, seat.modifier_ids, seat.foe.name)
        seat.foe = fresh.with_hp(max(fresh.stats.hp - damage, 1))
    state.log.append(
        MonsterLevelRose(
            Section.PHASE_G,
            f"The monsters rise to Monster Level {state.monster_level}.",
            level=state.monster_level,
        )
    )


def remove_monster(state: GameState, letter: str) -> Square:
    """Take a defeated monster off the board; returns the square it stood on."""
    square = state.situation.figure(letter).square
    state.situation = state.situation.without(letter)
    del state.monsters[letter]
    return square
