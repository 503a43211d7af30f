"""Serving a campaign at the table: SSH (GM and players) and a web player view.

``fhtagn serve NAME`` runs :func:`serve`; :class:`Tables` starts and stops the
servers inside a running event loop (the tests and the benchmark use it).
"""

from __future__ import annotations

from .server import TableServer, serve

__all__ = ["TableServer", "serve"]
