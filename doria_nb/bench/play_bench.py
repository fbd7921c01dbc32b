"""The ``play`` benchmark: how fast the play table answers, early and late in a long game.

A long game is played with the table's settings (every kind of question asked, the defaults
answering): the first seed of the starter scenario, under *Monster Difficulty* ``easier``, whose
bots reach round 15 (the seed used is printed). From round 1 and from round 15 it times, each
as the median and maximum over the inputs of that round and the next (up to three rounds, until
25 inputs and 10 answers are timed):

* ``apply`` — one hero input (questions it asks answered at once, each answer timed as
  ``decide``), the monsters and phases it runs included;
* ``undo`` — taking that input back (from the snapshot kept before it);
* ``decide`` — answering a question (the action re-runs from its snapshot with the answer);
* side by side, ``undo by replay`` — the same undo in a game that keeps no snapshots and
  rebuilds itself from its inputs (what every undo cost before snapshots);
* ``load`` — reading the save file at that point (a full checked replay, as loading must be);
* ``table`` — the play table's whole answer to a click from Python: the input, the bots, and
  redrawing every panel and the board (the browser adds the round trip; the browser test
  prints that).

Figures are printed, never asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from doria_nb.bench.registry import benchmark

PARTY = ("warrior", "mage", "ranger", "priestess")
LATE_ROUND = 15


def _configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true", help="a tiny run, for the tests")


def _ms(work: Callable[[], object]) -> float:
    start = time.perf_counter()
    work()
    return (time.perf_counter() - start) * 1e3


def _long_game(late: int) -> tuple[object, int]:
    from doria_nb.engine.game.bots import bot_action
    from doria_nb.engine.game.game import Game
    from doria_nb.engine.options import RulesOptions
    from doria_nb.engine.table.state import default_answer
    from doria_nb.ui.play_table.model import ALL_QUESTIONS

    options = RulesOptions(monster_difficulty="easier")
    for seed in range(200):
        game = Game.new("the_flooded_archive", PARTY, seed, options=options, ask=ALL_QUESTIONS)
        while not game.over and game.round < late:
            if game.pending is not None:
                game.decide(default_answer(game.pending.choice))
            else:
                game.apply(bot_action(game))
        if not game.over:
            return game, seed
    raise RuntimeError(f"no seed below 200 reached round {late}")


def _round_figures(game: object, label: str, *, replay: bool = True) -> None:
    from doria_nb.engine.game.bots import bot_action
    from doria_nb.engine.table.state import default_answer

    applies: list[float] = []
    undos: list[float] = []
    replays: list[float] = []
    decides: list[float] = []
    start_round = game.round  # type: ignore[attr-defined]

    def more() -> bool:
        if game.over or game.round > start_round + 2:  # type: ignore[attr-defined]
            return False
        return len(applies) < 25 or len(decides) < 10 or game.round == start_round  # type: ignore[attr-defined]

    while more():
        if game.pending is not None:  # type: ignore[attr-defined]
            answer = default_answer(game.pending.choice)  # type: ignore[attr-defined]
            decides.append(_ms(lambda a=answer: game.decide(a)))  # type: ignore[attr-defined]
            continue
        action = bot_action(game)
        applies.append(_ms(lambda a=action: game.apply(a)))  # type: ignore[attr-defined]
        if game.pending is None and game.inputs:  # type: ignore[attr-defined]
            copy = game.copy()  # type: ignore[attr-defined]
            undos.append(_ms(copy.undo))
            if replay:
                replays.append(_ms(lambda: _undo_by_replay(game)))

    def line(name: str, values: list[float]) -> str:
        if not values:
            return f"{name} –"
        return f"{name} median {statistics.median(values):.1f} ms, max {max(values):.1f} ms"

    rounds = (
        f"rounds {start_round}-{game.round}"
        if game.round != start_round
        else f"round {start_round}"
    )  # type: ignore[attr-defined]
    print(f"{rounds} ({label}, {len(game.inputs)} inputs at the end):")  # type: ignore[attr-defined]
    print("  " + line("apply", applies) + f" ({len(applies)} inputs)")
    print("  " + line("undo", undos) + " | " + line("undo by replay", replays))
    print("  " + line("decide", decides) + f" ({len(decides)} answers)")


def _undo_by_replay(game: object) -> None:
    """Undo the last input as a game without snapshots does: rebuild from the inputs."""
    from doria_nb.engine.game.game import Game

    slow = Game(game.pack, game.setup, game._scenario_obj, snapshots=False)  # type: ignore[attr-defined]
    slow.inputs = list(game.inputs)  # type: ignore[attr-defined]
    slow.undo()


def _fight(game: object) -> None:
    """Put an Orc next to every hero that has a free square beside it, so the late round has
    attacks and questions (the game is arranged by hand from here: its save file no longer
    replays, so loading is timed before)."""
    from doria_nb.engine.game.arrange import free_square_next_to, place_monster
    from doria_nb.engine.table.records import GameError

    for letter in list(game.state.heroes):  # type: ignore[attr-defined]
        try:
            square = free_square_next_to(game, letter)
        except GameError:  # hemmed in (or lying unconscious in a corner): no Orc for this one
            continue
        place_monster(game, "orc", square)  # type: ignore[arg-type]


def _table_figures(quick: bool) -> None:
    from doria_nb.engine.table import actions as act
    from doria_nb.ui.play_table.view import PlayTable

    table = PlayTable.new("the_flooded_archive", PARTY, 4, bots=["mage", "ranger", "priestess"])
    times: list[float] = []
    for _ in range(3 if quick else 30):
        waiting = table.model.waiting
        if waiting.kind == "over":
            break
        if waiting.kind == "question":
            times.append(_ms(table.question.answer.click))
        elif waiting.kind == "shop":
            times.append(_ms(table.shop.bots.click))
        else:
            who = table.model.acting
            moves = table.model.offers("move")
            if moves and len(times) % 3:
                square = moves[len(moves) // 2].action.to  # type: ignore[attr-defined]
                times.append(_ms(lambda s=square: table.click(s)))
            else:
                ap = table.game.state.heroes[who].ap
                wait = act.Wait(who, ap)
                times.append(_ms(lambda w=wait: table._act(lambda: table.model.take(w))))
    print(
        f"table (Python side of a click or button, redraw included): median "
        f"{statistics.median(times):.0f} ms, max {max(times):.0f} ms over {len(times)} intents"
    )


@benchmark("play", "the play table: apply, undo, decide, load at round 1 and round 15", _configure)
def play_benchmark(args: argparse.Namespace) -> int:
    from doria_nb.engine.game.game import Game
    from doria_nb.engine.options import RulesOptions
    from doria_nb.ui.play_table.model import ALL_QUESTIONS

    early = Game.new(
        "the_flooded_archive",
        PARTY,
        0,
        options=RulesOptions(monster_difficulty="easier"),
        ask=ALL_QUESTIONS,
    )
    _round_figures(early, "a new game")
    text = early.save()
    print(f"  load (a checked replay of the save file) {_ms(lambda: Game.load(text)):.0f} ms")
    if not args.quick:
        game, seed = _long_game(LATE_ROUND)
        text = game.save()
        load = _ms(lambda: Game.load(text))
        slow = _ms(lambda: _undo_by_replay(game))
        print(
            f"round {game.round}: the save file ({len(text) / 1024:.0f} KiB) loads in "
            f"{load:.0f} ms; an undo by replay takes {slow:.0f} ms"
        )
        _fight(game)
        _round_figures(game, f"seed {seed}, Orcs placed to fight", replay=False)
    _table_figures(args.quick)
    return 0
