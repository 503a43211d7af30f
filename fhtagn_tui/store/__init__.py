"""The campaign store: one append-only JSON-lines file per campaign, read through TinyDB.

This is the IO layer: it may touch files and take locks; it imports the
domain's codec and events, nothing from the app, the CLI or the service.
"""

from .campaign import CampaignStore
from .errors import (
    AppendOnly,
    CorruptRecord,
    Locked,
    NewerSchema,
    NotACampaign,
    SaveFailed,
    StoreError,
    TornTail,
)

__all__ = [
    "AppendOnly",
    "CampaignStore",
    "CorruptRecord",
    "Locked",
    "NewerSchema",
    "NotACampaign",
    "SaveFailed",
    "StoreError",
    "TornTail",
]
