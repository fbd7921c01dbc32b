"""The round stepper, as a model and a view: :class:`RoundModel` follows a game played by the
bots and records it phase by phase (state and intents, no widgets); :class:`RoundStepper`
shows the page the model is on, with the Initiative Board and the board.

Modules: :mod:`.records` (a phase as recorded), :mod:`.model` (following the game, the
intents, the page to show), :mod:`.controls` (the plain widgets) and :mod:`.view`.
"""

from doria_nb.ui.round_stepper.controls import CSS_CLASSES
from doria_nb.ui.round_stepper.model import MAX_INPUTS, Page, RoundModel
from doria_nb.ui.round_stepper.records import PHASE_WORDS, PhaseRecord
from doria_nb.ui.round_stepper.view import RoundStepper

__all__ = [
    "CSS_CLASSES",
    "MAX_INPUTS",
    "PHASE_WORDS",
    "Page",
    "PhaseRecord",
    "RoundModel",
    "RoundStepper",
]
