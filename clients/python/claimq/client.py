"""The HTTP client of claimq's remote-worker routes (docs/remote-workers.md), standard library only."""

from __future__ import annotations

import email.utils
import http.client
import json
import random
import socket
import ssl
import threading
import time
import urllib.parse
from typing import Any, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from ._version import __version__
from .errors import Aborted, ApiError, StaleLeaseError, TransportError
from .types import CancelledLease, ClaimedJob, ClaimMeta, HeartbeatResult, LeaseLike, Settlement, WorkerInfo, parse_time

#: Statuses answered again after a pause: the job store is unreachable (503), or a proxy in front of
#: the service could not reach it (502, 504). Every call of this client is safe to repeat.
RETRY_STATUSES = frozenset({502, 503, 504})
#: A reused keep-alive connection the server had closed fails with one of these before any reply.
_STALE_CONNECTION = (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError, ConnectionAbortedError)

MAX_CLAIM = 1000
MAX_WAIT_MS = 30_000
MAX_SETTLEMENTS = 1000


class Abort:
    """Gives up requests in flight from another thread: :meth:`abort` shuts their sockets down.

    Pass one to :meth:`Client.claim` (or :meth:`Client.request`); after ``abort()`` the call raises
    :class:`claimq.Aborted` at once, also while it waits between retries. A long poll given up this
    way hands its jobs back: the service releases a claim whose client went away.
    """

    def __init__(self) -> None:
        self._event = threading.Event()
        self._lock = threading.Lock()
        self._sockets: set = set()

    @property
    def aborted(self) -> bool:
        return self._event.is_set()

    def abort(self) -> None:
        with self._lock:
            self._event.set()
            sockets = list(self._sockets)
        for sock in sockets:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def wait(self, timeout: float) -> bool:
        """Sleeps up to ``timeout`` seconds; True when aborted meanwhile."""
        return self._event.wait(timeout)

    def _attach(self, sock: Any) -> bool:
        with self._lock:
            if self._event.is_set():
                return False
            self._sockets.add(sock)
            return True

    def _detach(self, sock: Any) -> None:
        with self._lock:
            self._sockets.discard(sock)


def _retry_after(value: Optional[str]) -> Optional[float]:
    """Seconds of a Retry-After header: delta-seconds or an HTTP date."""
    if value is None:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError, IndexError):
        return None
    if when is None:
        return None
    return max(0.0, when.timestamp() - time.time())


def _lease_json(lease: LeaseLike) -> Dict[str, Any]:
    if isinstance(lease, ClaimedJob):
        return {"id": lease.id, "token": lease.token}
    if isinstance(lease, Mapping):
        return {"id": lease["id"], "token": lease["token"]}
    lease_id, token = lease
    return {"id": lease_id, "token": token}


def _worker_json(worker: Union[str, WorkerInfo, Mapping[str, Any]]) -> Dict[str, Any]:
    if isinstance(worker, str):
        return {"id": worker}
    if isinstance(worker, WorkerInfo):
        return worker.to_json()
    out = {k: v for k, v in dict(worker).items() if v is not None}
    if "id" not in out:
        raise ValueError("worker needs an id")
    return out


def _info_json(info: Union[None, WorkerInfo, Mapping[str, Any]]) -> Optional[Dict[str, Any]]:
    if info is None:
        return None
    if isinstance(info, WorkerInfo):
        return info.to_json(include_id=False)
    return {k: v for k, v in dict(info).items() if v is not None and k != "id"}


def _settlement_json(item: Union[Settlement, Mapping[str, Any]]) -> Dict[str, Any]:
    if isinstance(item, Settlement):
        return item.to_json()
    out = dict(item)
    if "retry_in_ms" in out:
        out["retryInMs"] = out.pop("retry_in_ms")
    return {k: v for k, v in out.items() if v is not None}


class Client:
    """A client of claimq's remote-worker routes: claim, heartbeat, cancels, complete, fail, release, settle.

    ``base_url``: the service, e.g. ``http://127.0.0.1:3000`` (a path prefix is kept);
    ``api_key``: sent as ``Authorization: Bearer`` (a write key or a worker key), or None;
    ``timeout``: seconds a call may wait for its reply (a long poll waits ``wait_ms`` more);
    ``retries``: how many times a call is repeated after a connection error, a timeout or a
    502/503/504 (every call here is safe to repeat); ``backoff``/``max_backoff``: the first and
    the largest pause between those (exponential, jittered), a ``Retry-After`` header taking
    precedence up to ``max_retry_after`` seconds.

    Thread-safe: calls from many threads share a small pool of keep-alive connections.
    """

    def __init__(
        self,
        base_url: str,
        api_key: Optional[str] = None,
        timeout: float = 30.0,
        *,
        retries: int = 5,
        backoff: float = 0.2,
        max_backoff: float = 10.0,
        max_retry_after: float = 60.0,
        long_poll_margin: float = 10.0,
        ssl_context: Optional[ssl.SSLContext] = None,
        user_agent: Optional[str] = None,
        max_idle_connections: int = 16,
    ) -> None:
        parts = urllib.parse.urlsplit(base_url)
        if parts.scheme not in ("http", "https") or not parts.hostname:
            raise ValueError(f"base_url must be an http:// or https:// URL, not {base_url!r}")
        if timeout <= 0:
            raise ValueError("timeout must be > 0")
        if retries < 0:
            raise ValueError("retries must be >= 0")
        self.base_url = base_url
        self.api_key = api_key
        self.timeout = float(timeout)
        self.retries = retries
        self.backoff = backoff
        self.max_backoff = max_backoff
        self.max_retry_after = max_retry_after
        self.long_poll_margin = long_poll_margin
        self._scheme = parts.scheme
        self._host = parts.hostname
        self._port = parts.port
        self._base_path = parts.path.rstrip("/")
        self._ssl_context = ssl_context
        self._user_agent = user_agent or f"claimq-python/{__version__}"
        self._idle: List[http.client.HTTPConnection] = []
        self._idle_lock = threading.Lock()
        self._max_idle = max_idle_connections

    # -- the protocol -------------------------------------------------------------------------

    def claim(
        self,
        queue: str,
        worker: Union[str, WorkerInfo, Mapping[str, Any]],
        max: int = 1,
        types: Optional[Sequence[str]] = None,
        wait_ms: int = 0,
        *,
        abort: Optional[Abort] = None,
    ) -> Tuple[List[ClaimedJob], ClaimMeta]:
        """``POST /queues/{queue}/claims``: up to ``max`` jobs, waiting up to ``wait_ms`` for one (a long poll).

        ``worker``: the worker's id, or a :class:`WorkerInfo` (or dict) with its id and what it
        says about itself. Returns the jobs (none when none came within ``wait_ms``) and the
        lease settings (:class:`ClaimMeta`: ``lease_ms``, ``heartbeat_ms``).
        """
        if not 1 <= max <= MAX_CLAIM:
            raise ValueError(f"max must be 1 to {MAX_CLAIM}")
        if not 0 <= wait_ms <= MAX_WAIT_MS:
            raise ValueError(f"wait_ms must be 0 to {MAX_WAIT_MS}")
        body: Dict[str, Any] = {"worker": _worker_json(worker), "max": max, "waitMs": wait_ms}
        if types is not None:
            body["types"] = list(types)
        # the socket waits for the long poll and then for the reply itself
        timeout = _larger(self.timeout, wait_ms / 1000.0 + self.long_poll_margin)
        reply = self.request("POST", f"/queues/{_seg(queue)}/claims", body, timeout=timeout, abort=abort)
        if not isinstance(reply, dict) or not isinstance(reply.get("jobs"), list):
            raise ApiError(200, "bad_reply", f"a claim reply without jobs: {reply!r}"[:500], body=reply)
        jobs = [ClaimedJob.from_json(item) for item in reply["jobs"]]
        meta = ClaimMeta(lease_ms=int(reply.get("leaseMs") or 0), heartbeat_ms=int(reply.get("heartbeatMs") or 0))
        return jobs, meta

    def heartbeat(
        self,
        worker_id: str,
        queues: Iterable[str] = (),
        leases: Iterable[LeaseLike] = (),
        info: Union[None, WorkerInfo, Mapping[str, Any]] = None,
        final: bool = False,
    ) -> HeartbeatResult:
        """``POST /workers/{workerId}/heartbeat``: renews every lease named; says which were cancelled or are stale.

        Name *every* lease the worker holds: one the store records for it that is not named is
        released (a claim whose reply was lost). ``leases``: :class:`ClaimedJob` objects,
        ``(id, token)`` pairs or ``{"id", "token"}`` dicts.
        """
        body: Dict[str, Any] = {"queues": list(queues), "leases": [_lease_json(lease) for lease in leases]}
        info_json = _info_json(info)
        if info_json is not None:
            body["info"] = info_json
        if final:
            # the worker's last heartbeat: every lease it does not name is released at once
            body["final"] = True
        reply = self.request("POST", f"/workers/{_seg(worker_id)}/heartbeat", body)
        if not isinstance(reply, dict):
            raise ApiError(200, "bad_reply", f"a heartbeat reply that is not an object: {reply!r}"[:500], body=reply)
        return HeartbeatResult(
            cancelled=list(reply.get("cancelled") or []),
            stale=list(reply.get("stale") or []),
            lease_expires_at=parse_time(reply.get("leaseExpiresAt")),
        )

    def cancels(self, worker_id: str, wait_ms: int = 0, *, abort: Optional[Abort] = None) -> List[CancelledLease]:
        """``GET /workers/{workerId}/cancels``: the cancels asked of this worker's running jobs, waiting up to ``wait_ms`` for one (a long poll).

        Answers as soon as a cancel is asked of a job the worker runs, with one
        :class:`CancelledLease` (``id``, ``token``) each, or ``[]`` once ``wait_ms`` passes. Stop
        the jobs whose lease this worker holds with that token, and ignore the others. A service
        older than the route answers 404 (:class:`ApiError`): its cancels come with the heartbeat
        only. ``abort`` gives the poll up from another thread (:class:`claimq.Aborted`).
        """
        if not 0 <= wait_ms <= MAX_WAIT_MS:
            raise ValueError(f"wait_ms must be 0 to {MAX_WAIT_MS}")
        # the socket waits for the long poll and then for the reply itself
        timeout = _larger(self.timeout, wait_ms / 1000.0 + self.long_poll_margin)
        reply = self.request("GET", f"/workers/{_seg(worker_id)}/cancels?waitMs={int(wait_ms)}", timeout=timeout, abort=abort)
        if not isinstance(reply, dict) or not isinstance(reply.get("cancelled"), list):
            raise ApiError(200, "bad_reply", f"a cancels reply without cancelled: {reply!r}"[:500], body=reply)
        try:
            return [CancelledLease.from_json(item) for item in reply["cancelled"]]
        except ValueError as exc:
            raise ApiError(200, "bad_reply", str(exc), body=reply) from exc

    def complete(self, id: str, token: int, result: Any = None) -> str:
        """``POST /jobs/{id}/complete``: records the result; returns the job's status. 409 stale: :class:`StaleLeaseError`."""
        body: Dict[str, Any] = {"token": token}
        if result is not None:
            body["result"] = result
        return self._settle_one(id, "complete", body)

    def fail(
        self,
        id: str,
        token: int,
        error: str,
        retryable: bool = True,
        retry_in_ms: Optional[int] = None,
        stack: Optional[str] = None,
    ) -> str:
        """``POST /jobs/{id}/fail``: ``scheduled`` (a retry is due), ``failed`` or ``cancelled`` (a cancel was asked for)."""
        body: Dict[str, Any] = {"token": token, "error": str(error), "retryable": bool(retryable)}
        if retry_in_ms is not None:
            body["retryInMs"] = int(retry_in_ms)
        if stack is not None:
            body["stack"] = stack
        return self._settle_one(id, "fail", body)

    def release(self, id: str, token: int) -> str:
        """``POST /jobs/{id}/release``: gives the job back unrun, its attempt not spent (``pending``).

        Unlike complete and fail, a release repeated with the same token answers 409 stale (the job
        is no longer running): a :class:`StaleLeaseError` after a retry may mean the first call
        took. Either way the lease is no longer this worker's.
        """
        return self._settle_one(id, "release", {"token": token})

    def settle(self, results: Iterable[Union[Settlement, Mapping[str, Any]]]) -> List[Tuple[str, str]]:
        """``POST /settlements``: 1 to 1,000 results at once; ``(id, status)`` each, in order, ``"stale"`` for a stale token."""
        items = [_settlement_json(item) for item in results]
        if not 1 <= len(items) <= MAX_SETTLEMENTS:
            raise ValueError(f"settle takes 1 to {MAX_SETTLEMENTS} results, not {len(items)}")
        reply = self.request("POST", "/settlements", {"results": items})
        answers = reply.get("results") if isinstance(reply, dict) else None
        if not isinstance(answers, list) or len(answers) != len(items):
            raise ApiError(200, "bad_reply", f"a settlements reply without one result per item: {reply!r}"[:500], body=reply)
        return [(str(answer.get("id")), str(answer.get("status"))) for answer in answers]

    # -- transport ----------------------------------------------------------------------------

    def request(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        timeout: Optional[float] = None,
        retry: bool = True,
        abort: Optional[Abort] = None,
    ) -> Any:
        """Any route: sends ``body`` as JSON and returns the decoded reply (None when empty).

        Raises :class:`ApiError` (:class:`StaleLeaseError` for a 409 ``stale``) on an error status,
        :class:`TransportError` when the service cannot be reached. With ``retry`` (the default)
        connection errors, timeouts and 502/503/504 are retried, so use ``retry=False`` for a call
        that is not safe to repeat (a ``POST /jobs`` without an idempotency key).
        """
        data = None if body is None else json.dumps(body, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode("utf-8")
        url = self._base_path + path
        attempts = (self.retries if retry else 0) + 1
        wait = self.timeout if timeout is None else timeout
        for attempt in range(attempts):
            if abort is not None and abort.aborted:
                raise Aborted(f"{method} {path} aborted")
            last = attempt + 1 >= attempts
            try:
                status, headers, raw = self._send(method, url, data, wait, abort)
            except (OSError, http.client.HTTPException) as exc:
                if abort is not None and abort.aborted:
                    raise Aborted(f"{method} {path} aborted") from exc
                if last:
                    raise TransportError(f"{method} {path}: {type(exc).__name__}: {exc}") from exc
                delay = self._backoff_delay(attempt)
            else:
                if 200 <= status < 300:
                    if not raw:
                        return None
                    try:
                        return json.loads(raw)
                    except ValueError as exc:
                        raise ApiError(status, "bad_reply", f"a reply that is not JSON: {raw[:200]!r}", body=raw.decode("utf-8", "replace")) from exc
                error = _api_error(status, headers, raw)
                if last or status not in RETRY_STATUSES:
                    raise error
                delay = self._backoff_delay(attempt) if error.retry_after is None else min(error.retry_after, self.max_retry_after)
            if abort is not None:
                if abort.wait(delay):
                    raise Aborted(f"{method} {path} aborted")
            else:
                time.sleep(delay)
        raise AssertionError("unreachable")  # pragma: no cover

    def close(self) -> None:
        """Closes the idle keep-alive connections (calls after this open new ones)."""
        with self._idle_lock:
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()

    def __enter__(self) -> "Client":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def _backoff_delay(self, attempt: int) -> float:
        ceiling = min(self.max_backoff, self.backoff * (2 ** attempt))
        return ceiling * (0.5 + random.random() / 2)

    def _settle_one(self, id: str, action: str, body: Dict[str, Any]) -> str:
        reply = self.request("POST", f"/jobs/{_seg(id)}/{action}", body)
        if not isinstance(reply, dict) or not isinstance(reply.get("status"), str):
            raise ApiError(200, "bad_reply", f"a settle reply without status: {reply!r}"[:500], body=reply)
        return reply["status"]

    def _new_connection(self, timeout: float) -> http.client.HTTPConnection:
        if self._scheme == "https":
            context = self._ssl_context or ssl.create_default_context()
            return http.client.HTTPSConnection(self._host, self._port, timeout=timeout, context=context)
        return http.client.HTTPConnection(self._host, self._port, timeout=timeout)

    def _take_connection(self, timeout: float) -> Tuple[http.client.HTTPConnection, bool]:
        with self._idle_lock:
            if self._idle:
                return self._idle.pop(), True
        return self._new_connection(timeout), False

    def _give_back(self, conn: http.client.HTTPConnection) -> None:
        with self._idle_lock:
            if len(self._idle) < self._max_idle:
                self._idle.append(conn)
                return
        conn.close()

    def _headers(self, data: Optional[bytes]) -> Dict[str, str]:
        headers = {"Accept": "application/json", "User-Agent": self._user_agent}
        if data is not None:
            headers["Content-Type"] = "application/json"
        if self.api_key:
            headers["Authorization"] = f"Bearer {self.api_key}"
        return headers

    def _send(self, method: str, url: str, data: Optional[bytes], timeout: float, abort: Optional[Abort]) -> Tuple[int, http.client.HTTPMessage, bytes]:
        conn, reused = self._take_connection(timeout)
        try:
            return self._exchange(conn, method, url, data, timeout, abort)
        except _STALE_CONNECTION:
            # a keep-alive connection the server closed while it sat idle: once more on a new one
            if not reused or (abort is not None and abort.aborted):
                raise
        return self._exchange(self._new_connection(timeout), method, url, data, timeout, abort)

    def _exchange(
        self, conn: http.client.HTTPConnection, method: str, url: str, data: Optional[bytes], timeout: float, abort: Optional[Abort]
    ) -> Tuple[int, http.client.HTTPMessage, bytes]:
        sock = None
        try:
            conn.timeout = timeout
            if conn.sock is None:
                conn.connect()
            conn.sock.settimeout(timeout)
            sock = conn.sock
            if abort is not None and not abort._attach(sock):
                raise Aborted("aborted")
            conn.request(method, url, body=data, headers=self._headers(data))
            response = conn.getresponse()
            raw = response.read()
        except BaseException:
            conn.close()
            raise
        finally:
            if abort is not None and sock is not None:
                abort._detach(sock)
        if response.will_close:
            conn.close()
        else:
            self._give_back(conn)
        return response.status, response.headers, raw


def _larger(a: float, b: float) -> float:
    return a if a >= b else b


def _seg(value: str) -> str:
    return urllib.parse.quote(str(value), safe="")


def _api_error(status: int, headers: Any, raw: bytes) -> ApiError:
    text = raw.decode("utf-8", "replace")
    body: Any = text
    code = None
    errors: Optional[list] = None
    message = ""
    try:
        body = json.loads(text) if text else None
    except ValueError:
        body = text
    if isinstance(body, dict):
        code = body.get("code") if isinstance(body.get("code"), str) else None
        raw_message = body.get("message")
        if isinstance(raw_message, list):
            message = "; ".join(str(m) for m in raw_message)
        elif raw_message is not None:
            message = str(raw_message)
        if isinstance(body.get("errors"), list):
            errors = body["errors"]
    elif isinstance(body, str):
        message = body.strip()[:500]
    if not message:
        message = http.client.responses.get(status, "error")
    retry_after = _retry_after(headers.get("Retry-After") if headers is not None else None)
    cls = StaleLeaseError if status == 409 and code == "stale" else ApiError
    return cls(status, code, message, errors, retry_after, body)
