"""Exercises for the chapters, graded by answers the engine computes.

A chapter never types the right answer in by hand: it asks the engine (the odds, a roll's
judgement, a rule function) and hands that answer to an :class:`Exercise`. The reader picks
or types an answer, presses *Check*, and gets a verdict with the engine's explanation.

>>> ex = Exercise.choice("Which roll is a fumble?", ["2D: 1 and 1", "2D: 10→1 and 4"],
...                      correct="2D: 1 and 1", explanation="Two original ones.")
>>> ex.check("2D: 10→1 and 4").correct
False
>>> ex.check("2D: 1 and 1").message
'Right. Two original ones.'
>>> Exercise.number("Chance in % that 2D shows two ones?", 1.0, tolerance=0.2).check("1").correct
True
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import ipywidgets as widgets


@dataclass(frozen=True, slots=True)
class Feedback:
    """The verdict on one answer."""

    correct: bool
    message: str


Grader = Callable[[str], Feedback]


class Exercise:
    """A question with a Check button; ``check(answer)`` grades without any widget."""

    def __init__(self, prompt: str, grade: Grader, *, options: Sequence[str] | None = None) -> None:
        self.prompt = prompt
        self._grade = grade
        self.options = tuple(options) if options is not None else None
        self.attempts: list[tuple[str, Feedback]] = []
        self._widget: widgets.VBox | None = None

    @classmethod
    def choice(
        cls, prompt: str, options: Sequence[str], *, correct: str, explanation: str = ""
    ) -> Exercise:
        """A multiple-choice question; ``correct`` must be one of ``options``."""
        if correct not in options:
            raise ValueError(
                f"The correct answer {correct!r} is not among the options {list(options)}."
            )

        def grade(answer: str) -> Feedback:
            if answer not in options:
                return Feedback(False, "Pick one of the options first.")
            if answer == correct:
                return Feedback(True, f"Right. {explanation}".strip())
            return Feedback(False, f"Not quite: the answer is “{correct}”. {explanation}".strip())

        return cls(prompt, grade, options=options)

    @classmethod
    def number(
        cls,
        prompt: str,
        answer: float,
        *,
        tolerance: float = 0.0,
        explanation: str = "",
        unit: str = "",
    ) -> Exercise:
        """A question with a numeric answer, right within ``tolerance``."""

        def grade(text: str) -> Feedback:
            try:
                value = float(text.strip().rstrip("%").replace(",", "."))
            except ValueError:
                return Feedback(False, f"“{text}” is not a number; type digits, like 12 or 0.5.")
            shown = f"{answer:g}{unit}"
            if abs(value - answer) <= tolerance + 1e-12:
                return Feedback(True, f"Right: {shown}. {explanation}".strip())
            hint = "too high" if value > answer else "too low"
            return Feedback(False, f"{value:g}{unit} is {hint}. {explanation}".strip())

        return cls(prompt, grade)

    def check(self, answer: object) -> Feedback:
        """Grade ``answer`` and remember the attempt."""
        feedback = self._grade(str(answer))
        self.attempts.append((str(answer), feedback))
        return feedback

    @property
    def widget(self) -> widgets.VBox:
        """The exercise as ipywidgets: prompt, answer field, Check button, feedback."""
        if self._widget is None:
            self._widget = self._build()
        return self._widget

    def _build(self) -> widgets.VBox:
        prompt = widgets.HTML(f"<b>Exercise.</b> {html.escape(self.prompt)}")
        if self.options is not None:
            field: widgets.ValueWidget = widgets.RadioButtons(
                options=list(self.options), value=None, layout=widgets.Layout(width="auto")
            )
        else:
            field = widgets.Text(placeholder="your answer")
        button = widgets.Button(description="Check", button_style="primary")
        feedback = widgets.HTML()
        field.add_class("doria-exercise-answer")
        button.add_class("doria-exercise-check")
        feedback.add_class("doria-exercise-feedback")

        def on_click(_: widgets.Button) -> None:
            value = field.value if field.value is not None else ""
            result = self.check(value)
            mark = "✔" if result.correct else "✘"
            feedback.value = f"<span role='status'>{mark} {html.escape(result.message)}</span>"

        button.on_click(on_click)
        box = widgets.VBox([prompt, field, button, feedback])
        box.add_class("doria-exercise")
        return box

    def _repr_mimebundle_(self, **kwargs: object) -> dict[str, object] | None:
        return self.widget._repr_mimebundle_(**kwargs)

    def __repr__(self) -> str:
        return f"Exercise({self.prompt!r})"
