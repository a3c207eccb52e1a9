"""The one way the server says no: a ``Refusal`` raised wherever a request, a frame or a
move cannot be done, and turned into what the client reads in one place per channel.

Over HTTP (``middleware.http_response``, the app's exception handler) a refusal is the
answer ``{"error": message}`` with its ``status``; on a match's socket (``protocol.Error.of``) it
is an ``Error`` frame of its ``code`` and message, with the request's ``tag`` and, for a
stale move, the match's ``version`` and the fresh ``scene`` and ``steps``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .protocol import Step


class Refusal(Exception):
    """``status``: the HTTP status; ``code``: the socket's error code (``protocol.Error``);
    ``message``: what is wrong, for the person reading it."""

    def __init__(self, status: int, code: str, message: str, *, tag: str | None = None,
                 version: int | None = None, scene: dict[str, Any] | None = None,
                 steps: list[Step] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.tag = tag
        self.version = version
        self.scene = scene
        self.steps = steps

    def prefixed(self, prefix: str) -> Refusal:
        """The same refusal, its message saying first where it happened (``seat 1: ...``)."""
        return Refusal(self.status, self.code, prefix + self.message, tag=self.tag, version=self.version,
                       scene=self.scene, steps=self.steps)

    def __repr__(self) -> str:
        return f"Refusal({self.status}, {self.code!r}, {self.message!r})"
