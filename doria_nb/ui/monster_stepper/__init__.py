"""The monster stepper, as a model and a view: :class:`StepperModel` holds a monster's
activation cut into stages (state and intents, no widgets), :class:`MonsterStepper` draws it on
the board and turns taps and clicks into the model's intents.

Modules: :mod:`.model` (the state and the stepping), :mod:`.stages` (the engine's answer cut
into stages), :mod:`.edit` (new figures, pasted situations), :mod:`.marks` (how a stage is
drawn on the board), :mod:`.controls` (the plain widgets) and :mod:`.view` (the composed view).
"""

from doria_nb.ui.monster_stepper.controls import CSS_CLASSES
from doria_nb.ui.monster_stepper.model import MODES, StepperModel
from doria_nb.ui.monster_stepper.stages import Stage, build_stages
from doria_nb.ui.monster_stepper.view import MonsterStepper

__all__ = ["CSS_CLASSES", "MODES", "MonsterStepper", "Stage", "StepperModel", "build_stages"]
