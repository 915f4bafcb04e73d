"""Errors raised by the client, and the exceptions a job handler raises to steer its fail."""

from __future__ import annotations

from typing import Any, Optional


class ClaimqError(Exception):
    """Base class of every error the client raises."""


class ApiError(ClaimqError):
    """The service answered with an error status (after any retries).

    ``status``: the HTTP status; ``code``: the service's error code (``"stale"``, ``"invalid_job"``,
    ``"forbidden"``, ``"store_unavailable"``, ...), or None when the body carried none; ``message``:
    the service's message; ``errors``: for a 400 or 413, one ``{"field": ..., "reason": ...}`` per
    field; ``retry_after``: seconds from the ``Retry-After`` header (a 503), or None; ``body``: the
    decoded body (a dict), or the raw text when it was not JSON.
    """

    def __init__(
        self,
        status: int,
        code: Optional[str],
        message: str,
        errors: Optional[list] = None,
        retry_after: Optional[float] = None,
        body: Any = None,
    ) -> None:
        self.status = status
        self.code = code
        self.message = message
        self.errors = list(errors) if errors else []
        self.retry_after = retry_after
        self.body = body
        super().__init__(self._describe())

    def _describe(self) -> str:
        text = f"{self.status}"
        if self.code:
            text += f" {self.code}"
        text += f": {self.message}"
        if self.errors:
            fields = "; ".join(
                f"{e.get('field', '?')} {e.get('reason', '')}".strip() if isinstance(e, dict) else str(e) for e in self.errors
            )
            text += f" ({fields})"
        return text


class StaleLeaseError(ApiError):
    """409 ``stale``: the token is not the job's current one, or the job is not running; nothing was recorded."""


class TransportError(ClaimqError):
    """The service could not be reached (refused, reset, timed out), after every retry."""


class Aborted(ClaimqError):
    """The request was given up through its :class:`claimq.Abort` (a worker that stops)."""


class PermanentError(Exception):
    """Raise from a handler to fail the job for good: no retry, whatever attempts are left."""


class RetryLater(Exception):
    """Raise from a handler to fail this attempt and retry after ``delay_ms`` (instead of the job's backoff)."""

    def __init__(self, delay_ms: int, message: str = "") -> None:
        if isinstance(delay_ms, bool) or not isinstance(delay_ms, int) or delay_ms < 0:
            raise ValueError("delay_ms must be an integer >= 0")
        self.delay_ms = delay_ms
        super().__init__(message or f"retry in {delay_ms} ms")
