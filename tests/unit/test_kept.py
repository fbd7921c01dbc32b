"""The bounded memories the searches share are safe when games run in threads.

A thread-pool study (``simulate(executor=ThreadPoolExecutor(...))``) once failed with a
``KeyError`` from :func:`~doria_nb.engine.combat.attack_options`: two threads found its
memory full and both evicted the same oldest answer. These tests make threads switch as
often as CPython allows, so such a race shows within a few thousand writes (a plain
check-then-delete dictionary fails this way in well under a second).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator

import pytest

from doria_nb.content import starter_pack
from doria_nb.engine.attributes import Attributes
from doria_nb.engine.character import Character
from doria_nb.engine.combat import attack_options
from doria_nb.engine.kept import Kept, PerObject
from doria_nb.engine.mat import Mat, Slot


@pytest.fixture(autouse=True)
def switch_often() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


def in_threads(work: Callable[[int], None], threads: int = 4) -> list[BaseException]:
    """Run ``work(n)`` in ``threads`` threads at once; what they raised."""
    raised: list[BaseException] = []

    def run(n: int) -> None:
        try:
            work(n)
        except BaseException as error:  # the test reports every one
            raised.append(error)

    pool = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    return raised


def test_a_full_memory_filled_from_four_threads_at_once_never_fails() -> None:
    memory: Kept[tuple[int, int], int] = Kept(4)

    def fill(n: int) -> None:
        for i in range(20_000):
            if memory.get((n, i)) is None:
                memory.put((n, i), i)

    assert in_threads(fill) == []
    assert len(memory) <= 4


def test_a_memory_keeps_its_newest_answers() -> None:
    memory: Kept[str, int] = Kept(2)
    memory.put("a", 1)
    memory.put("b", 2)
    memory.put("a", 10)  # replaced where it stands: still the oldest
    memory.put("c", 3)
    assert (memory.get("a"), memory.get("b"), memory.get("c")) == (None, 2, 3)


def test_a_memory_keeps_at_least_one_answer() -> None:
    with pytest.raises(ValueError, match="at least one"):
        Kept(0)


def test_per_object_answers_from_threads_are_each_objects_own() -> None:
    class Room:
        pass

    made = PerObject(lambda room: ("tables of", id(room)), size=3)
    rooms = [Room() for _ in range(12)]

    def ask(n: int) -> None:
        for _ in range(300):
            for room in rooms[n::2]:
                assert made(room) == ("tables of", id(room))

    assert in_threads(ask) == []


def test_attack_options_asked_from_threads_for_many_characters() -> None:
    pack = starter_pack()
    warrior = pack.hero("warrior")
    mat = Mat().with_body(Slot.HAND_1, pack.item("dagger"))
    people = [  # more than the 512 answers kept, so threads evict while others look up
        Character(warrior.name, Attributes(STR=s, CON=c, AGI=a, PER=9, WIS=5, PSI=5), mat=mat)
        for s in range(7, 14)
        for c in range(1, 14)
        for a in range(7, 14)
    ]

    def ask(n: int) -> None:
        for _ in range(2):
            for person in people[n::2] + people[::-1]:
                assert attack_options(person)[0].card_id == "dagger"

    assert in_threads(ask) == []
