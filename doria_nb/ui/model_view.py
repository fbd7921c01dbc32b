"""How a view is built on a plain model: the view takes the model's keywords and its own
(:func:`model_keywords`), and runs each intent on the model, then draws itself again from the
model, also when the intent raised, so the view shows the refusal the model put in words
(:func:`then_redraw`).

>>> drawn = []
>>> then_redraw(lambda: 6 * 7, lambda: drawn.append("drawn"))
42
>>> drawn
['drawn']
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["model_keywords", "then_redraw"]

T = TypeVar("T")


def then_redraw(intent: Callable[[], T], redraw: Callable[[], None]) -> T:
    """Run ``intent`` and return what it returns; call ``redraw`` after it in any case."""
    try:
        return intent()
    finally:
        redraw()


def model_keywords(model: type, keywords: dict[str, Any]) -> dict[str, Any]:
    """Take out of ``keywords`` those the constructor of ``model`` accepts by name only, and
    return them (what is left is for the widget).

    >>> class Model:
    ...     def __init__(self, hero: str, *, seed: int = 0) -> None: ...
    >>> given = {"seed": 3, "layout": "wide"}
    >>> model_keywords(Model, given), given
    ({'seed': 3}, {'layout': 'wide'})
    """
    names = [
        name
        for name, parameter in inspect.signature(model).parameters.items()
        if parameter.kind is inspect.Parameter.KEYWORD_ONLY
    ]
    return {name: keywords.pop(name) for name in names if name in keywords}
