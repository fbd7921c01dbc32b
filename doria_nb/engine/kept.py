"""Small bounded memories for answers that are worked out again and again, safe in threads.

A dungeon never changes once built, and neither do a character's mat and attributes, so the
searches keep their answers for the last few of them. Those memories are module-level and
shared: when :func:`doria_nb.engine.game.simulate` runs games in a thread pool, two games
may fill the same memory at once. Reading is a single dictionary lookup (atomic in
CPython); making room and storing happen under a lock, so two threads can never both evict
the same oldest entry (the ``KeyError`` a thread-pool study once raised) or change the
dictionary while the other walks it.

>>> memory: Kept[str, int] = Kept(2)
>>> memory.put("a", 1), memory.put("b", 2), memory.put("c", 3)
(1, 2, 3)
>>> memory.get("a") is None, memory.get("c")
(True, 3)
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

__all__ = ["Kept", "PerObject"]

K = TypeVar("K", bound=Hashable)
V = TypeVar("V")
T = TypeVar("T")


class Kept(Generic[K, V]):
    """A map that keeps its ``size`` newest entries, the oldest leaving first."""

    __slots__ = ("_items", "_lock", "_size")

    def __init__(self, size: int) -> None:
        if size < 1:
            raise ValueError(f"a memory keeps at least one answer, not {size}")
        self._size = size
        self._items: dict[K, V] = {}
        self._lock = threading.Lock()

    def get(self, key: K) -> V | None:
        """The kept answer for ``key``, or None."""
        return self._items.get(key)

    def put(self, key: K, value: V) -> V:
        """Keep ``value`` for ``key`` (making room first) and give it back."""
        items = self._items
        with self._lock:
            if key not in items:
                while len(items) >= self._size:
                    del items[next(iter(items))]
            items[key] = value
        return value

    def clear(self) -> None:
        """Forget everything."""
        with self._lock:
            self._items.clear()

    def __len__(self) -> int:
        return len(self._items)


class PerObject(Generic[T, V]):
    """``make(thing)`` worked out once for each of the last ``size`` things seen.

    Things are told apart by identity, not equality (two equal dungeons are still two
    memories' worth of search tables, and hashing a whole dungeon would cost more than it
    saves). A weak reference guards against a new thing that Python placed at a dead one's
    address: it is never handed the dead one's answers.

    >>> class Room: ...
    >>> tables = PerObject(lambda room: object(), size=4)
    >>> room = Room()
    >>> tables(room) is tables(room), tables(room) is tables(Room())
    (True, False)
    """

    __slots__ = ("_kept", "_make")

    def __init__(self, make: Callable[[T], V], size: int = 16) -> None:
        self._make = make
        self._kept: Kept[int, tuple[weakref.ref[T], V]] = Kept(size)

    def __call__(self, thing: T) -> V:
        found = self._kept.get(id(thing))
        if found is not None and found[0]() is thing:
            return found[1]
        answer = self._make(thing)
        self._kept.put(id(thing), (weakref.ref(thing), answer))
        return answer
