"""Figure tokens beyond the marker: a hero's HP and PP bars, a monster's label, their words.

A hero token is a circle in its player colour (:func:`~doria_nb.ui.board.style.hero_colour`)
with two thin vertical bars inside its square: Hit Points on the left edge and Psi Points on
the right, each filled from the bottom in proportion to the current value (an empty bar at 0
or below; the side tells the two apart without colour). A monster token is a square with a
label — name, level and HP — that the layout places next to it where it meets no other text
(:mod:`doria_nb.ui.board.labels`). :func:`token_words` says a token in words for the hover and
the board's text.

>>> from doria_nb.engine.geometry import Square
>>> orc = Token(Square(3, 2), "O", "monster", "Orc", hp=5, max_hp=7, level=2)
>>> monster_label_text(orc), token_words(orc)
('Orc L2 HP 5/7', 'O Orc (monster, level 2): HP 5/7')
"""

from __future__ import annotations

from collections.abc import Sequence

from doria_nb.ui.board.labels import Anchor, Label
from doria_nb.ui.board.layers import Columns, Token
from doria_nb.ui.board.style import BAR_COLOURS

__all__ = [
    "BAR_COLUMNS",
    "LETTER_SIZE",
    "MONSTER_LABEL_SIZE",
    "bar_columns",
    "monster_label_text",
    "token_labels",
    "token_name",
    "token_values",
    "token_words",
]

BAR_COLUMNS = ("left", "right", "top", "bottom", "fill", "line")
BAR_WIDTH = 0.09
"""A bar's width in squares: it fits between the square's edge and the token's circle."""
BAR_INSET = 0.04
LETTER_SIZE = 0.4
MONSTER_LABEL_SIZE = 0.27


def _share(value: int | None, maximum: int | None) -> float | None:
    if value is None or not maximum or maximum <= 0:
        return None
    return max(0.0, min(1.0, value / maximum))


def bar_columns(tokens: Sequence[Token]) -> Columns:
    """Two quads per bar of every hero token with a maximum: the bar's frame (white) and its
    filled part (green for HP on the left, purple for PP on the right)."""
    data: Columns = {column: [] for column in BAR_COLUMNS}

    def add(left: float, top: float, bottom: float, fill: str, line: str) -> None:
        data["left"].append(round(left, 4))
        data["right"].append(round(left + BAR_WIDTH, 4))
        data["top"].append(round(top, 4))
        data["bottom"].append(round(bottom, 4))
        data["fill"].append(fill)
        data["line"].append(line)

    for token in tokens:
        if token.kind != "hero":
            continue
        x, y = token.square.x, token.square.y
        top, bottom = y + 0.1, y + 0.9
        for key, value, maximum, left in (
            ("hp", token.hp, token.max_hp, x + BAR_INSET),
            ("pp", token.pp, token.max_pp, x + 1 - BAR_INSET - BAR_WIDTH),
        ):
            share = _share(value, maximum)
            if share is None:
                continue
            add(left, top, bottom, BAR_COLOURS["empty"], "#000000")
            if share > 0:
                add(left, bottom - share * (bottom - top), bottom, BAR_COLOURS[key], "#000000")
    return data


def monster_label_text(token: Token) -> str:
    """A monster's label: ``"Orc L2 HP 5/7"`` (the parts it has)."""
    parts = [token.name or token.letter]
    if token.level is not None:
        parts.append(f"L{token.level}")
    if token.hp is not None:
        parts.append(f"HP {token.hp}" + (f"/{token.max_hp}" if token.max_hp else ""))
    return " ".join(parts)


def token_values(token: Token) -> str:
    """A token's HP and PP in words (``""`` when it has none): ``"HP 5/9, PP 2/3"``."""
    values = []
    if token.hp is not None:
        values.append(f"HP {token.hp}" + (f"/{token.max_hp}" if token.max_hp else ""))
    if token.pp is not None and (token.max_pp or token.pp):
        values.append(f"PP {token.pp}" + (f"/{token.max_pp}" if token.max_pp else ""))
    return ", ".join(values)


def token_name(token: Token) -> str:
    """A token's letter, name and kind (with a monster's level): ``"O Orc (monster, level 2)"``."""
    kind = token.kind + (f", level {token.level}" if token.level is not None else "")
    name = f" {token.name}" if token.name and token.name != token.letter else ""
    return f"{token.letter}{name} ({kind})"


def token_words(token: Token) -> str:
    """A token in words: letter, name, kind (and level), HP and PP."""
    values = token_values(token)
    return token_name(token) + (f": {values}" if values else "")


def token_labels(tokens: Sequence[Token], inks: Sequence[str]) -> list[Label]:
    """The texts of the tokens: each letter fixed in its token (placed first), and each
    monster's label above, below, right or left of its square, whichever is free first,
    further out if none is (the layout hides it when nothing is free)."""
    labels: list[Label] = []
    for token, ink in zip(tokens, inks, strict=True):
        cx, cy = token.square.x + 0.5, token.square.y + 0.5
        labels.append(
            Label(
                token.letter,
                (Anchor(cx, cy, "center", "middle"),),
                LETTER_SIZE,
                ink,
                bold=True,
                priority=100,
                key=f"letter:{token.letter}",
            )
        )
    for token in tokens:
        if token.kind != "monster":
            continue
        x, y = token.square.x, token.square.y
        cx = x + 0.5
        anchors = (
            Anchor(cx, y - 0.02, "center", "bottom"),
            Anchor(cx, y + 1.02, "center", "top"),
            Anchor(x + 1.04, y + 0.5, "left", "middle"),
            Anchor(x - 0.04, y + 0.5, "right", "middle"),
            Anchor(cx, y - 0.38, "center", "bottom"),
            Anchor(cx, y + 1.38, "center", "top"),
        )
        labels.append(
            Label(
                monster_label_text(token),
                anchors,
                MONSTER_LABEL_SIZE,
                "#000000",
                bold=True,
                priority=60,
                key=f"monster:{token.letter}",
                boxed=True,
            )
        )
    return labels
