"""The kept words for a square key are the words worked out anew
(doria_nb.engine.monster_ai.outcome)."""

from __future__ import annotations

import pytest

from doria_nb.engine.errors import MonsterAIError
from doria_nb.engine.monster_ai.outcome import _square_label
from doria_nb.engine.monster_ai.route import label, square_of


@pytest.mark.parametrize("key", ["3,2", "-4,10", " 0,0", "(7, 8)", "12,-3"])
def test_a_kept_square_label_is_the_label_worked_out_anew(key: str) -> None:
    for _ in range(2):  # the second time from the memory
        assert _square_label(key) == label(square_of(key))


def test_a_bad_key_is_refused_each_time() -> None:
    for _ in range(2):
        with pytest.raises(MonsterAIError):
            _square_label("3,x")
