"""The one error of campaigns: a request or a sheet the campaign rules refuse, in words."""

from __future__ import annotations

from doria_nb.engine.errors import DoriaError

__all__ = ["CampaignError", "CampaignSheetError"]


class CampaignError(DoriaError):
    """A campaign request the rules do not allow; nothing was changed."""


class CampaignSheetError(CampaignError):
    """A Campaign Sheet file that cannot be read: damaged, edited or out of range."""
