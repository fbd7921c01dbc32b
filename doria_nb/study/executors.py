"""What plays a study's games: this process, a local process pool, or a Dask cluster.

``serial`` plays here, one game after the other; ``process`` opens a
:class:`~concurrent.futures.ProcessPoolExecutor` of ``workers`` processes; ``dask`` starts a
``distributed.LocalCluster`` of ``workers`` single-threaded worker processes on this machine,
or — given a scheduler address such as ``tcp://10.0.0.5:8786`` — connects to a running Dask
cluster (see ``docs/study.md``). Dask is imported only for ``dask``, so the rest works
without the ``scale`` extra.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass

from doria_nb.engine.game.distribute import GameExecutor
from doria_nb.study.wilson import StudyError

__all__ = ["EXECUTOR_KINDS", "Running", "open_executor"]

EXECUTOR_KINDS = ("serial", "process", "dask")


@dataclass(frozen=True, slots=True)
class Running:
    """An open executor and a sentence saying what it is (for the study's log)."""

    executor: GameExecutor | None
    description: str


def _plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, made plural unless it is one.

    >>> _plural(1, "worker process"), _plural(2, "worker process"), _plural(0, "worker")
    ('1 worker process', '2 worker processes', '0 workers')
    """
    if count == 1:
        return f"1 {noun}"
    return f"{count} {noun}{'es' if noun.endswith('s') else 's'}"


def _dask():  # -> the distributed module
    try:
        import distributed
    except ImportError:
        raise StudyError(
            "The dask executor needs Dask: install the extra with "
            "`pip install 'doria-nb[scale]'` (or `uv sync`, which has it in the dev group)."
        ) from None
    return distributed


@contextmanager
def open_executor(
    kind: str, *, workers: int | None = None, scheduler: str | None = None
) -> Iterator[Running]:
    """Open the executor ``kind`` (one of :data:`EXECUTOR_KINDS`) for a ``with`` block and
    close it afterwards; ``workers`` defaults to the machine's cores. ``scheduler`` (Dask
    only) is the address of a running cluster's scheduler; its workers are the cluster's."""
    if kind not in EXECUTOR_KINDS:
        raise StudyError(f"The executor is serial, process or dask, not {kind!r}.")
    if workers is not None and (isinstance(workers, bool) or workers < 1):
        raise StudyError(f"Workers is a whole number from 1 up, not {workers!r}.")
    if scheduler is not None and kind != "dask":
        raise StudyError("A scheduler address is for the dask executor (--executor dask).")
    count = workers or os.cpu_count() or 1
    if kind == "serial":
        yield Running(None, "serial, in this process")
        return
    if kind == "process":
        with ProcessPoolExecutor(max_workers=count) as pool:
            yield Running(pool, f"a process pool of {_plural(count, 'worker')}")
        return
    distributed = _dask()
    with ExitStack() as stack:
        if scheduler is not None:
            client = stack.enter_context(distributed.Client(scheduler))
            seen = _plural(len(client.scheduler_info().get("workers", {})), "worker")
            yield Running(client, f"the Dask cluster at {scheduler} ({seen} now)")
            return
        cluster = stack.enter_context(
            distributed.LocalCluster(
                n_workers=count,
                processes=True,
                threads_per_worker=1,
                host="127.0.0.1",
                dashboard_address=None,
                # No dashboard; the scheduler's small HTTP server (health checks) on any free port.
                scheduler_kwargs={"dashboard_address": ":0"},
            )
        )
        client = stack.enter_context(distributed.Client(cluster))
        yield Running(client, f"a Dask LocalCluster of {_plural(count, 'worker process')}")
