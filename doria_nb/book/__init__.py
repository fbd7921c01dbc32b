"""What the chapter notebooks import.

Every chapter starts with::

    from doria_nb.book import setup
    setup()

:func:`setup` makes BokehJS available to the board views without a CDN (see
:mod:`doria_nb.book.setup`).
"""

from doria_nb.book.setup import BookSetup, setup

__all__ = ["BookSetup", "setup"]
