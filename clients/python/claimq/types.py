"""The values the protocol carries: a claimed job, a claim's lease settings, a heartbeat's reply, a cancel, a settlement."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Dict, List, Mapping, NamedTuple, Optional, Tuple, Union

from ._version import __version__


def parse_time(value: Any) -> Optional[datetime]:
    """An ISO-8601 time of a reply (``2026-11-28T17:40:00.000Z``) as an aware datetime; None when absent."""
    if not isinstance(value, str) or value == "":
        return None
    text = value[:-1] + "+00:00" if value.endswith("Z") else value
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        return None


@dataclass
class WorkerInfo:
    """What a worker says about itself in claims and heartbeats (shown in ``GET /workers``)."""

    id: str
    host: Optional[str] = None
    pid: Optional[int] = None
    language: Optional[str] = "python"
    version: Optional[str] = __version__
    concurrency: Optional[int] = None

    def to_json(self, include_id: bool = True) -> Dict[str, Any]:
        out: Dict[str, Any] = {"id": self.id} if include_id else {}
        for key in ("host", "pid", "language", "version", "concurrency"):
            value = getattr(self, key)
            if value is not None:
                out[key] = value
        return out


@dataclass(frozen=True)
class ClaimMeta:
    """The lease settings a claim's reply carries: how long a lease lasts, how often to heartbeat (ms)."""

    lease_ms: int
    heartbeat_ms: int


@dataclass(frozen=True)
class HeartbeatResult:
    """A heartbeat's reply: jobs whose cancel was asked for, leases no longer the worker's, the renewed leases' end."""

    cancelled: List[str]
    stale: List[str]
    lease_expires_at: Optional[datetime]


class CancelledLease(NamedTuple):
    """One cancel a cancel poll (``GET /workers/{workerId}/cancels``) heard: the job and the token of the
    lease it was asked of. A ``(id, token)`` pair, so also a lease to pass wherever one is taken."""

    id: str
    token: int

    @classmethod
    def from_json(cls, data: Any) -> "CancelledLease":
        token = data.get("token") if isinstance(data, dict) else None
        if not isinstance(data, dict) or not isinstance(data.get("id"), str) or isinstance(token, bool) or not isinstance(token, int):
            raise ValueError(f"a cancel without id or token: {data!r}"[:500])
        return cls(data["id"], token)


class ClaimedJob:
    """A job handed out by a claim, with the fencing token that every later call about it presents.

    ``job`` is the job as ``GET /jobs/{id}`` shows it (a dict); ``id``, ``queue``, ``type``,
    ``payload``, ``attempts``, ``max_attempts`` and ``timeout_ms`` read from it. A :class:`Worker`
    sets ``cancelled`` (a ``threading.Event``) when the job should stop, with ``cancel_reason``
    one of ``"cancelled"`` (a cancel was asked for), ``"stale"`` (the lease is lost), ``"timeout"``
    (past the job's ``timeoutMs``) or ``"shutdown"`` (the worker stops): a long handler checks
    ``job.cancelled.is_set()`` or waits on it instead of sleeping.
    """

    __slots__ = ("job", "token", "lease_expires_at", "traceparent", "tracestate", "parents", "cancelled", "cancel_reason")

    def __init__(
        self,
        job: Dict[str, Any],
        token: int,
        lease_expires_at: Optional[datetime] = None,
        traceparent: Optional[str] = None,
        tracestate: Optional[str] = None,
        parents: Optional[Dict[str, Any]] = None,
    ) -> None:
        self.job = job
        self.token = token
        self.lease_expires_at = lease_expires_at
        self.traceparent = traceparent
        self.tracestate = tracestate
        # a job of an execution's graph (dependsOn): its parents' results by their keys
        self.parents: Dict[str, Any] = parents or {}
        self.cancelled = threading.Event()
        self.cancel_reason: Optional[str] = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> "ClaimedJob":
        job = data.get("job")
        token = data.get("token")
        if not isinstance(job, dict) or not isinstance(job.get("id"), str) or isinstance(token, bool) or not isinstance(token, int):
            raise ValueError(f"a claimed job without job.id or token: {data!r}"[:500])
        parents = data.get("parents")
        return cls(job, token, parse_time(data.get("leaseExpiresAt")), data.get("traceparent"), data.get("tracestate"), parents if isinstance(parents, dict) else None)

    @property
    def id(self) -> str:
        return self.job["id"]

    @property
    def queue(self) -> Optional[str]:
        return self.job.get("queue")

    @property
    def type(self) -> Optional[str]:
        return self.job.get("type")

    @property
    def payload(self) -> Any:
        return self.job.get("payload")

    @property
    def attempts(self) -> Optional[int]:
        return self.job.get("attempts")

    @property
    def max_attempts(self) -> Optional[int]:
        return self.job.get("maxAttempts")

    @property
    def timeout_ms(self) -> Optional[int]:
        return self.job.get("timeoutMs")

    @property
    def lease(self) -> Tuple[str, int]:
        return (self.id, self.token)

    def __repr__(self) -> str:
        return f"ClaimedJob(id={self.id!r}, type={self.type!r}, token={self.token}, attempts={self.attempts})"


SETTLE_STATUSES = ("succeeded", "failed", "released")


@dataclass
class Settlement:
    """One result of ``POST /settlements``: complete (``succeeded``), fail (``failed``) or release (``released``) a job."""

    id: str
    token: int
    status: str
    result: Any = None
    error: Optional[str] = None
    retryable: Optional[bool] = None
    retry_in_ms: Optional[int] = None
    stack: Optional[str] = None

    @classmethod
    def succeeded(cls, id: str, token: int, result: Any = None) -> "Settlement":
        return cls(id, token, "succeeded", result=result)

    @classmethod
    def failed(
        cls, id: str, token: int, error: str, retryable: bool = True, retry_in_ms: Optional[int] = None, stack: Optional[str] = None
    ) -> "Settlement":
        return cls(id, token, "failed", error=error, retryable=retryable, retry_in_ms=retry_in_ms, stack=stack)

    @classmethod
    def released(cls, id: str, token: int) -> "Settlement":
        return cls(id, token, "released")

    def to_json(self) -> Dict[str, Any]:
        if self.status not in SETTLE_STATUSES:
            raise ValueError(f"settlement status must be one of {', '.join(SETTLE_STATUSES)}, not {self.status!r}")
        out: Dict[str, Any] = {"id": self.id, "token": self.token, "status": self.status}
        if self.status == "succeeded":
            if self.result is not None:
                out["result"] = self.result
        elif self.status == "failed":
            out["error"] = self.error if self.error is not None else ""
            if self.retryable is not None:
                out["retryable"] = self.retryable
            if self.retry_in_ms is not None:
                out["retryInMs"] = self.retry_in_ms
            if self.stack is not None:
                out["stack"] = self.stack
        return out


LeaseLike = Union[ClaimedJob, Tuple[str, int], Mapping[str, Any]]
