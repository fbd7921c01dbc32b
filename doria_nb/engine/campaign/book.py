"""A Campaign Book (*Create your own campaigns*): the scenarios of a campaign and how they
follow each other.

A :class:`CampaignBook` names its first scenario and, for every scenario, the ones that may
follow it when it is completed: none (the campaign ends), one, or several for the group to
choose from (a branching campaign, where a path can skip scenarios). It is data, written as a
TOML file (``docs/campaign-format.md``) and loaded by :mod:`doria_nb.content.campaigns`.
The record checks itself: every link leads to a scenario of the book, every scenario can be
reached from the first, and the campaign cannot go round in a circle for ever.

>>> book = CampaignBook("c", "C", "", "a", (CampaignEntry("a", ("b", "c")), CampaignEntry("b"),
...     CampaignEntry("c", ("b",))))
>>> book.following("a"), book.following("a", "c"), book.following("b")
('b', 'c', None)
>>> book.longest_path()
3
"""

from __future__ import annotations

from dataclasses import dataclass

from doria_nb.engine.campaign.errors import CampaignError

__all__ = ["CampaignBook", "CampaignBookError", "CampaignEntry"]


class CampaignBookError(CampaignError):
    """A Campaign Book that is not well formed; ``field`` names the offending field."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


@dataclass(frozen=True, slots=True)
class CampaignEntry:
    """One scenario of the book: its id (a scenario of the content pack), the scenarios that
    may follow it (``next``; empty: the last), the text read before it (``intro``) and the
    reward or notes written on the sheet after it (``reward``)."""

    scenario: str
    next: tuple[str, ...] = ()
    intro: str = ""
    reward: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.scenario, str) or not self.scenario:
            raise CampaignBookError(
                f"A campaign scenario is a scenario id, not {self.scenario!r}.", "id"
            )
        following = tuple(self.next)
        for value in following:
            if not isinstance(value, str) or not value:
                raise CampaignBookError(f"'next' lists scenario ids, not {value!r}.", "next")
        if len(set(following)) != len(following):
            raise CampaignBookError("'next' names a scenario twice.", "next")
        if self.scenario in following:
            raise CampaignBookError(f"{self.scenario} cannot follow itself.", "next")
        object.__setattr__(self, "next", following)


@dataclass(frozen=True, slots=True)
class CampaignBook:
    """A campaign: id, name, story, its first scenario and its scenarios (see the module)."""

    id: str
    name: str
    story: str
    first: str
    entries: tuple[CampaignEntry, ...]

    def __post_init__(self) -> None:
        for name in ("id", "name"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise CampaignBookError(f"A campaign needs its {name} (text), not {value!r}.", name)
        entries = tuple(self.entries)
        if not entries:
            raise CampaignBookError("A campaign needs at least one scenario.", "scenario")
        ids = [e.scenario for e in entries]
        for index, entry in enumerate(entries):
            if entry.scenario in ids[:index]:
                raise CampaignBookError(
                    f"the scenario {entry.scenario} is listed twice.", f"scenario[{index}].id"
                )
            for target in entry.next:
                if target not in ids:
                    raise CampaignBookError(
                        f"{entry.scenario} leads to {target!r}, which is not a scenario of this "
                        f"campaign (it has {', '.join(ids)}).",
                        f"scenario[{index}].next",
                    )
        if self.first not in ids:
            raise CampaignBookError(
                f"the first scenario {self.first!r} is not a scenario of this campaign.", "first"
            )
        object.__setattr__(self, "entries", entries)
        unreachable = [i for i in ids if i not in self._reachable()]
        if unreachable:
            raise CampaignBookError(
                f"no path from {self.first} leads to {', '.join(unreachable)}.", "scenario"
            )
        if self._has_cycle():
            raise CampaignBookError(
                "the scenarios' links go round in a circle: a campaign must come to an end.",
                "scenario",
            )

    def entry(self, scenario: str) -> CampaignEntry:
        for entry in self.entries:
            if entry.scenario == scenario:
                return entry
        raise CampaignError(f"{scenario!r} is not a scenario of the campaign {self.name}.")

    @property
    def scenarios(self) -> tuple[str, ...]:
        return tuple(e.scenario for e in self.entries)

    def following(self, scenario: str, choice: str | None = None) -> str | None:
        """The scenario after ``scenario`` is completed: the group's ``choice`` among its
        links (by default the first), or ``None`` after the last."""
        links = self.entry(scenario).next
        if not links:
            if choice is not None:
                raise CampaignError(f"{scenario} is the campaign's last scenario.")
            return None
        if choice is None:
            return links[0]
        if choice not in links:
            raise CampaignError(
                f"After {scenario} the campaign goes on with {' or '.join(links)}, not {choice!r}."
            )
        return choice

    def _reachable(self) -> set[str]:
        seen, todo = set(), [self.first]
        while todo:
            current = todo.pop()
            if current not in seen:
                seen.add(current)
                todo.extend(self.entry(current).next)
        return seen

    def _has_cycle(self) -> bool:
        state: dict[str, int] = {}

        def visit(node: str) -> bool:
            state[node] = 1
            for target in self.entry(node).next:
                if state.get(target) == 1 or (target not in state and visit(target)):
                    return True
            state[node] = 2
            return False

        return any(visit(e.scenario) for e in self.entries if e.scenario not in state)

    def longest_path(self) -> int:
        """The most scenarios one way through the campaign can take."""

        def length(node: str) -> int:
            return 1 + max((length(t) for t in self.entry(node).next), default=0)

        return length(self.first)
