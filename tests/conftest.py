"""Shared test settings.

Hypothesis runs derandomized by default, so a property test finds the same examples on every
run and CI cannot turn red by chance. Set ``HYPOTHESIS_PROFILE=explore`` to search with fresh
random examples (and more of them) when working on the engine.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("repeatable", derandomize=True, deadline=None)
settings.register_profile("explore", max_examples=500, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))
