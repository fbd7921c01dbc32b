"""How a view is built on a plain model: the view takes the model's keywords and its own
(:func:`model_keywords`), and runs each intent on the model, then draws itself again from the
model, also when the intent raised, so the view shows the refusal the model put in words
(:func:`then_redraw`). An event handler that a widget library calls is guarded with
:func:`report_errors`, so a problem appears in the view, in words.

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

from doria_nb.engine.errors import DoriaError

__all__ = ["model_keywords", "report_errors", "then_redraw"]

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


def report_errors(show: Callable[[str], None]) -> Callable[[Callable[..., Any]], Any]:
    """Decorate a view's event handler so that a problem is shown in the view, in words,
    instead of a traceback in the kernel log: a rule's :class:`DoriaError` as its message,
    anything else as a short apology naming the error.

    >>> shown = []
    >>> report_errors(shown.append)(lambda: 1 / 0)()
    >>> shown
    ['Something went wrong here (ZeroDivisionError: division by zero).']
    """

    def decorate(handler: Callable[..., Any]) -> Callable[..., Any]:
        def guarded(*args: Any, **kwargs: Any) -> Any:
            try:
                return handler(*args, **kwargs)
            except DoriaError as error:
                show(str(error))
            except Exception as error:  # a view never shows a traceback
                show(f"Something went wrong here ({type(error).__name__}: {error}).")
            return None

        guarded.__name__ = getattr(handler, "__name__", "handler")
        guarded.__doc__ = handler.__doc__
        return guarded

    return decorate
