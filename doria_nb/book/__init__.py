"""What the chapter notebooks import.

Every chapter starts with::

    from doria_nb.book import setup
    setup()

:func:`setup` makes BokehJS available to the board views without a CDN (see
:mod:`doria_nb.book.setup`). :func:`reset_chapter` puts a chapter of the reader's working copy
back as shipped (see :mod:`doria_nb.book.working_copy`; ``doria-nb --reset 05`` does the same).
"""

from doria_nb.book.setup import BookSetup, setup
from doria_nb.book.working_copy import reset_chapter

__all__ = ["BookSetup", "reset_chapter", "setup"]
