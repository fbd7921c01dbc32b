"""Shared test settings.

Hypothesis runs derandomized by default, so a property test finds the same examples on every
run and CI cannot turn red by chance. Set ``HYPOTHESIS_PROFILE=explore`` to search with fresh
random examples (and more of them) when working on the engine.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture(scope="session")
def dask_cluster(tmp_path_factory):
    """One Dask ``LocalCluster`` of two single-threaded worker processes for the whole run
    (starting one takes seconds): local TCP only, no dashboard, scratch space in a temporary
    folder, so it runs as root with no network and never clashes over a port."""
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=2,
        processes=True,
        threads_per_worker=1,
        host="127.0.0.1",
        dashboard_address=None,
        # No dashboard; the scheduler's small HTTP server (health checks) on any free port.
        scheduler_kwargs={"dashboard_address": ":0"},
        local_directory=str(tmp_path_factory.mktemp("dask")),
    ) as cluster:
        yield cluster
