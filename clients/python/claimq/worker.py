"""A remote worker: claims with long polls, runs jobs on threads, heartbeats every lease, hears cancels at once, settles in batches."""

from __future__ import annotations

import json
import logging
import os
import re
import secrets
import signal
import socket
import threading
import time
import traceback
from concurrent.futures import ThreadPoolExecutor
from typing import Any, Callable, Dict, List, Optional, Sequence, Tuple

from ._version import __version__
from .client import MAX_CLAIM, MAX_SETTLEMENTS, MAX_WAIT_MS, Abort, Client
from .errors import Aborted, ApiError, ClaimqError, PermanentError, RetryLater
from .types import CancelledLease, ClaimedJob, ClaimMeta, Settlement, WorkerInfo

NAME_PATTERN = re.compile(r"^[A-Za-z0-9_.:-]{1,100}$")
#: The most leases one heartbeat names (the service's limit): the worker holds no more.
MAX_HELD_LEASES = 10_000
MAX_CONCURRENCY = 10_000
#: The service keeps an error's first 2,000 characters and a stack's first 4,000; no more is sent.
MAX_ERROR_CHARS = 2_000
MAX_STACK_CHARS = 4_000
#: Until a claim's reply says how often (heartbeatMs), heartbeats go this often (seconds).
DEFAULT_HEARTBEAT_S = 10.0
#: The longest the heartbeat thread sleeps between checks of job deadlines (seconds).
TICK_S = 0.5
def _failure_pause(failures: int) -> float:
    """Seconds a loop waits after its ``failures``-th failed call in a row: 1 s, doubling, at most 30 s."""
    return min(30.0, 0.5 * 2 ** min(failures, 6))


#: How long one cancel poll (``GET /workers/{workerId}/cancels``) waits for a cancel (ms).
CANCELS_WAIT_MS = 25_000

Handler = Callable[[ClaimedJob], Any]
#: Called with each job and the status its settle answered: succeeded, scheduled, failed, cancelled, pending (released) or stale.
SettledHook = Callable[[ClaimedJob, str], None]

log = logging.getLogger("claimq.worker")


def default_worker_id() -> str:
    """``<host>-<pid>-<8 random hex>``, in the characters a worker id may hold."""
    host = re.sub(r"[^A-Za-z0-9_.:-]", "-", socket.gethostname() or "host")[:60] or "host"
    return f"{host}-{os.getpid()}-{secrets.token_hex(4)}"


def _error_text(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text[:MAX_ERROR_CHARS]


def _stack_text(exc: BaseException) -> str:
    return "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))[-MAX_STACK_CHARS:]


class _Run:
    """One claimed job in this worker, from its claim until its settle is answered (or dropped)."""

    __slots__ = ("job", "deadline", "decided", "stale")

    def __init__(self, job: ClaimedJob, deadline: Optional[float]) -> None:
        self.job = job
        self.deadline = deadline
        # its outcome (complete, fail, release, drop) is decided once, by whichever comes first:
        # the handler, a cancel, a lost lease, its deadline or the shutdown
        self.decided = False
        # the lease is no longer this worker's: its result is dropped, not sent
        self.stale = False


class _Pending:
    __slots__ = ("run", "settlement", "queued_at")

    def __init__(self, run: _Run, settlement: Settlement) -> None:
        self.run = run
        self.settlement = settlement
        self.queued_at = time.monotonic()


class Worker:
    """Runs the jobs of one queue with ``handler``, ``concurrency`` at a time, on threads.

    ``handler(job)`` gets a :class:`ClaimedJob` and returns its result (any JSON value, or None);
    an exception fails the attempt: retryable unless it is a :class:`PermanentError`, after
    ``delay_ms`` for a :class:`RetryLater`. A long handler watches ``job.cancelled`` (a
    ``threading.Event``), set when the job is cancelled, its lease is lost, it outlives its
    ``timeoutMs`` or the worker stops. While it runs jobs, the worker keeps a cancel poll open, so
    that a cancel reaches the job at once rather than at the next heartbeat.

    ``batch_size``: results settled per ``POST /settlements`` (flushed when the batch fills, or
    ``flush_interval`` seconds after the first result waits); ``types``: the job types it runs
    (default: every type but ``http``); ``wait_ms``: a claim's long poll; ``shutdown_grace``:
    seconds :meth:`stop` waits for running jobs before it releases them; ``on_settled(job, status)``:
    called (on the settling thread) with each job whose settle the service answered.

    :meth:`run` blocks until :meth:`stop` (or SIGTERM/SIGINT with ``install_signal_handlers``);
    :meth:`start` runs it on a thread of its own. A worker runs once.
    """

    def __init__(
        self,
        client: Client,
        queue: str,
        handler: Handler,
        concurrency: int = 10,
        batch_size: int = 100,
        types: Optional[Sequence[str]] = None,
        wait_ms: int = 20_000,
        worker_id: Optional[str] = None,
        shutdown_grace: float = 30.0,
        *,
        flush_interval: float = 0.1,
        on_settled: Optional[SettledHook] = None,
        host: Optional[str] = None,
        version: Optional[str] = None,
        logger: Optional[logging.Logger] = None,
    ) -> None:
        if not isinstance(queue, str) or not NAME_PATTERN.match(queue):
            raise ValueError("queue must be 1 to 100 characters of A-Z a-z 0-9 _ . : -")
        if not callable(handler):
            raise TypeError("handler must be callable")
        if not 1 <= concurrency <= MAX_CONCURRENCY:
            raise ValueError(f"concurrency must be 1 to {MAX_CONCURRENCY}")
        if not 1 <= batch_size <= MAX_SETTLEMENTS:
            raise ValueError(f"batch_size must be 1 to {MAX_SETTLEMENTS}")
        if not 0 <= wait_ms <= MAX_WAIT_MS:
            raise ValueError(f"wait_ms must be 0 to {MAX_WAIT_MS}")
        if shutdown_grace < 0 or flush_interval < 0:
            raise ValueError("shutdown_grace and flush_interval must be >= 0")
        self.worker_id = worker_id if worker_id is not None else default_worker_id()
        if not NAME_PATTERN.match(self.worker_id):
            raise ValueError("worker_id must be 1 to 100 characters of A-Z a-z 0-9 _ . : -")
        self.client = client
        self.queue = queue
        self.handler = handler
        self.concurrency = concurrency
        self.batch_size = batch_size
        self.types = list(types) if types is not None else None
        self.wait_ms = wait_ms
        self.shutdown_grace = shutdown_grace
        self.flush_interval = flush_interval
        self.on_settled = on_settled
        self.info = WorkerInfo(
            id=self.worker_id,
            host=(host or socket.gethostname() or "unknown")[:100],
            pid=os.getpid(),
            language="python",
            version=(version or __version__)[:100],
            concurrency=concurrency,
        )
        self.log = logger or log

        # held leases (running jobs and results waiting for their settle), by job id
        self._lock = threading.Condition()
        self._held: Dict[str, _Run] = {}
        self._threads_busy = 0
        self._meta: Optional[ClaimMeta] = None

        self._settle_lock = threading.Condition()
        self._pending: List[_Pending] = []
        self._settler_stop = False

        self._stopping = threading.Event()
        self._force = threading.Event()
        self._done = threading.Event()
        self._tick = threading.Event()
        self._heartbeat_stop = threading.Event()
        # the cancel poll in flight (its Abort), and the end of polling (the drain, once no job runs)
        self._cancels_call: Optional[Abort] = None
        self._cancels_stop = threading.Event()
        # a claim in flight (its Abort), and a heartbeat being sent: the two never overlap
        self._claim_call: Optional[Abort] = None
        self._claiming = False
        self._beating = False
        self._started = False
        self._run_thread: Optional[threading.Thread] = None
        self._executor: Optional[ThreadPoolExecutor] = None

    # -- lifecycle ----------------------------------------------------------------------------

    def run(self, install_signal_handlers: bool = False) -> None:
        """Claims and runs jobs until :meth:`stop`, then drains (see :meth:`stop`) and returns.

        With ``install_signal_handlers`` (main thread only) SIGTERM and SIGINT stop the worker; a
        second signal ends the grace period at once. The previous handlers are restored on return.
        """
        with self._lock:
            if self._started:
                raise RuntimeError("a Worker runs once; make another")
            self._started = True
            self._run_thread = threading.current_thread()
        previous: Dict[int, Any] = {}
        if install_signal_handlers:
            for signum in (signal.SIGTERM, signal.SIGINT):
                previous[signum] = signal.signal(signum, self._on_signal)
        self._executor = ThreadPoolExecutor(max_workers=self.concurrency, thread_name_prefix=f"claimq-job-{self.queue}")
        threads = {
            "heartbeat": threading.Thread(target=self._heartbeat_loop, name="claimq-heartbeat", daemon=True),
            "settler": threading.Thread(target=self._settle_loop, name="claimq-settler", daemon=True),
            "claimer": threading.Thread(target=self._claim_loop, name="claimq-claimer", daemon=True),
            "cancels": threading.Thread(target=self._cancels_loop, name="claimq-cancels", daemon=True),
        }
        for thread in threads.values():
            thread.start()
        self.log.info("claimq worker %s claiming from queue %s (concurrency %d)", self.worker_id, self.queue, self.concurrency)
        interrupted: Optional[BaseException] = None
        try:
            # a timed wait, so that signal handlers run promptly in the main thread
            while not self._stopping.wait(0.5):
                pass
        except KeyboardInterrupt as exc:  # Ctrl-C without install_signal_handlers: drain, then re-raise
            interrupted = exc
            self._stopping.set()
        try:
            self._drain(threads)
        finally:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            self._done.set()
        if interrupted is not None:
            raise interrupted

    def start(self) -> "Worker":
        """Runs :meth:`run` on a thread of its own and returns at once."""
        thread = threading.Thread(target=self.run, name=f"claimq-worker-{self.queue}")
        thread.start()
        # run() records itself; wait until it has, so that stop() right after waits for the drain
        while not self._started and thread.is_alive():
            time.sleep(0.001)
        return self

    def stop(self, wait: bool = True, timeout: Optional[float] = None) -> bool:
        """Drains: stops claiming, waits up to ``shutdown_grace`` for running jobs, sets the
        ``cancelled`` event of those still running and releases them (back to pending, their
        attempt not spent), flushes every result, then :meth:`run` returns.

        With ``wait`` (and when called from another thread than :meth:`run`'s) returns once the
        drain is done, or after ``timeout`` seconds: True when it is done.
        """
        self._stopping.set()
        with self._lock:
            if self._claim_call is not None:
                self._claim_call.abort()
            self._lock.notify_all()
            started = self._started
        if not started:
            self._done.set()
            return True
        if not wait or threading.current_thread() is self._run_thread:
            return self._done.is_set()
        return self._done.wait(timeout)

    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def held(self) -> List[Tuple[str, int]]:
        """The leases this worker holds now, as ``(id, token)``."""
        with self._lock:
            return [(run.job.id, run.job.token) for run in self._held.values()]

    def _on_signal(self, signum: int, frame: Any) -> None:
        if self._stopping.is_set():
            self.log.warning("claimq worker %s: second signal, releasing running jobs now", self.worker_id)
            self._force.set()
            with self._lock:
                self._lock.notify_all()
            return
        self.log.info("claimq worker %s: signal %d, draining", self.worker_id, signum)
        self.stop(wait=False)

    def _drain(self, threads: Dict[str, threading.Thread]) -> None:
        with self._lock:
            if self._claim_call is not None:
                self._claim_call.abort()
            self._lock.notify_all()
        threads["claimer"].join()
        # running jobs get up to shutdown_grace to finish; their results are settled meanwhile
        until = time.monotonic() + self.shutdown_grace
        with self._lock:
            while not self._force.is_set():
                left = until - time.monotonic()
                if left <= 0 or not any(not run.decided for run in self._held.values()):
                    break
                self._lock.wait(min(left, 0.25))
            unfinished = [run for run in self._held.values() if not run.decided]
        if unfinished:
            self.log.info("claimq worker %s: releasing %d unfinished jobs", self.worker_id, len(unfinished))
        for run in unfinished:
            self._decide(run, Settlement.released(run.job.id, run.job.token), "shutdown")
        # no job runs any more: the cancel poll in flight is given up, not waited out
        with self._lock:
            self._cancels_stop.set()
            if self._cancels_call is not None:
                self._cancels_call.abort()
            self._lock.notify_all()
        threads["cancels"].join()
        with self._settle_lock:
            self._settler_stop = True
            self._settle_lock.notify_all()
        threads["settler"].join()
        self._heartbeat_stop.set()
        self._tick.set()
        threads["heartbeat"].join()
        # one last heartbeat naming no lease: the service releases any this worker still holds
        # (a long poll's reply lost to the abort, a settle that could not be sent)
        try:
            self.client.heartbeat(self.worker_id, [self.queue], [], self.info, final=True)
        except ClaimqError as exc:
            self.log.warning("claimq worker %s: last heartbeat failed: %s", self.worker_id, exc)
        with self._lock:
            self._held.clear()
        if self._executor is not None:
            # a handler that ignores its cancelled event keeps its thread; nothing waits for it
            self._executor.shutdown(wait=False, cancel_futures=True)
        self.log.info("claimq worker %s stopped", self.worker_id)

    # -- claiming -----------------------------------------------------------------------------

    def _free_slots(self) -> int:
        return min(self.concurrency - self._threads_busy, MAX_HELD_LEASES - len(self._held), MAX_CLAIM)

    def _claim_loop(self) -> None:
        first = True
        failures = 0
        while not self._stopping.is_set():
            with self._lock:
                while not self._stopping.is_set() and (self._beating or self._free_slots() <= 0):
                    self._lock.wait(1.0)
                if self._stopping.is_set():
                    return
                want = self._free_slots()
                call = self._claim_call = Abort()
                self._claiming = True
            pause = 0.0
            try:
                self._claim_once(call, want, 0 if first else self.wait_ms)
            except Aborted:
                # stop(), or a heartbeat that is due: the service hands back what the poll had
                # taken; a reply already on its way is released by that heartbeat, which cannot
                # name its leases
                continue
            except ClaimqError as exc:
                failures += 1
                pause = _failure_pause(failures)
                self.log.error("claimq worker %s: claim from %s failed (%s); again in %.1fs", self.worker_id, self.queue, exc, pause)
            except Exception:  # a bug, or a reply that is not the protocol's: keep the worker alive
                failures += 1
                pause = _failure_pause(failures)
                self.log.exception("claimq worker %s: claim from %s failed", self.worker_id, self.queue)
            finally:
                with self._lock:
                    self._claiming = False
                    self._claim_call = None
                    self._lock.notify_all()
            if pause > 0:
                self._stopping.wait(pause)
                continue
            failures = 0
            # the first claim does not wait: its reply says how often to heartbeat
            first = False

    def _claim_once(self, call: Abort, want: int, wait_ms: int) -> None:
        jobs, meta = self.client.claim(self.queue, self.info, max=want, types=self.types, wait_ms=wait_ms, abort=call)
        if meta.heartbeat_ms > 0:
            changed = self._meta is None or self._meta.heartbeat_ms != meta.heartbeat_ms
            self._meta = meta
            if changed:
                self._tick.set()
        if jobs:
            # held before the claim counts as done: the next heartbeat names these leases
            self._dispatch(jobs)

    def _dispatch(self, jobs: List[ClaimedJob]) -> None:
        start: List[_Run] = []
        back: List[_Run] = []
        displaced: List[_Run] = []
        now = time.monotonic()
        with self._lock:
            stopping = self._stopping.is_set()
            for job in jobs:
                timeout_ms = job.timeout_ms
                deadline = now + timeout_ms / 1000.0 if isinstance(timeout_ms, (int, float)) and timeout_ms > 0 else None
                run = _Run(job, deadline)
                old = self._held.get(job.id)
                if old is not None:
                    # claimed again: the older attempt here lost its lease
                    old.stale = True
                    displaced.append(old)
                self._held[job.id] = run
                if stopping:
                    back.append(run)
                else:
                    self._threads_busy += 1
                    start.append(run)
            # a job runs: the cancel poll starts
            self._lock.notify_all()
        for old in displaced:
            self._decide(old, None, "stale")
        for run in back:
            # the claim's reply came after stop(): straight back, unrun
            self._decide(run, Settlement.released(run.job.id, run.job.token), "shutdown")
        assert self._executor is not None
        for run in start:
            self._executor.submit(self._execute, run)

    # -- running ------------------------------------------------------------------------------

    def _execute(self, run: _Run) -> None:
        job = run.job
        try:
            settlement: Settlement
            try:
                result = self.handler(job)
            except PermanentError as exc:
                settlement = Settlement.failed(job.id, job.token, _error_text(exc), retryable=False, stack=_stack_text(exc))
            except RetryLater as exc:
                settlement = Settlement.failed(job.id, job.token, _error_text(exc), retryable=True, retry_in_ms=exc.delay_ms)
            except BaseException as exc:  # any failure of the handler is the attempt's, never the worker's
                settlement = Settlement.failed(job.id, job.token, _error_text(exc), retryable=True, stack=_stack_text(exc))
            else:
                try:
                    json.dumps(result, allow_nan=False)
                except (TypeError, ValueError) as exc:
                    settlement = Settlement.failed(job.id, job.token, f"result is not JSON-serialisable: {exc}"[:MAX_ERROR_CHARS], retryable=False)
                else:
                    settlement = Settlement.succeeded(job.id, job.token, result)
            if not self._decide(run, settlement, None) and run.job.cancel_reason not in (None, "shutdown"):
                self.log.debug("claimq worker %s: result of job %s dropped (%s)", self.worker_id, job.id, job.cancel_reason)
        except BaseException:
            self.log.exception("claimq worker %s: running job %s failed", self.worker_id, job.id)
            self._decide(run, Settlement.failed(job.id, job.token, "worker error", retryable=True), None)
        finally:
            with self._lock:
                self._threads_busy -= 1
                self._lock.notify_all()

    def _decide(self, run: _Run, settlement: Optional[Settlement], reason: Optional[str]) -> bool:
        """Records a job's outcome once: the settlement to send (None: drop it) and why it stops."""
        with self._lock:
            if run.decided:
                return False
            run.decided = True
            if reason is not None and run.job.cancel_reason is None:
                run.job.cancel_reason = reason
            if settlement is None and self._held.get(run.job.id) is run:
                del self._held[run.job.id]
            elif settlement is not None:
                # queued before the decision is visible: a drain that sees every job decided
                # finds every settlement queued
                with self._settle_lock:
                    self._pending.append(_Pending(run, settlement))
                    if len(self._pending) == 1 or len(self._pending) >= self.batch_size:
                        self._settle_lock.notify_all()
            self._lock.notify_all()
        if reason is not None:
            run.job.cancelled.set()
        return True

    # -- heartbeats and deadlines -------------------------------------------------------------

    def _heartbeat_interval(self) -> float:
        meta = self._meta
        return meta.heartbeat_ms / 1000.0 if meta is not None and meta.heartbeat_ms > 0 else DEFAULT_HEARTBEAT_S

    def _heartbeat_loop(self) -> None:
        next_beat = time.monotonic()
        interval = self._heartbeat_interval()
        while not self._heartbeat_stop.is_set():
            now = time.monotonic()
            next_deadline = self._check_deadlines(now)
            current = self._heartbeat_interval()
            if current != interval:
                next_beat = min(next_beat, now + current)
                interval = current
            if now >= next_beat:
                self._beat()
                next_beat = time.monotonic() + interval
            wait = min(next_beat - time.monotonic(), TICK_S)
            if next_deadline is not None:
                wait = min(wait, next_deadline - time.monotonic())
            if wait > 0:
                self._tick.wait(wait)
            self._tick.clear()

    def _check_deadlines(self, now: float) -> Optional[float]:
        due: List[_Run] = []
        soonest: Optional[float] = None
        with self._lock:
            for run in self._held.values():
                if run.decided or run.deadline is None:
                    continue
                if run.deadline <= now:
                    due.append(run)
                elif soonest is None or run.deadline < soonest:
                    soonest = run.deadline
        for run in due:
            error = f"timed out after {run.job.timeout_ms}ms"
            if self._decide(run, Settlement.failed(run.job.id, run.job.token, error, retryable=True), "timeout"):
                self.log.warning("claimq worker %s: job %s %s", self.worker_id, run.job.id, error)
        return soonest

    def _beat(self) -> None:
        # The service releases every lease of this worker that a heartbeat does not name: one
        # taken by a claim whose reply is still on its way would be released under the job. So no
        # claim is in flight while a heartbeat is: a long poll is given up (the service hands its
        # jobs back), and the next claim starts once the heartbeat is answered.
        with self._lock:
            self._beating = True
            if self._claim_call is not None:
                self._claim_call.abort()
            until = time.monotonic() + 5.0
            while self._claiming and time.monotonic() < until:
                self._lock.wait(0.05)
            sent = {run.job.id: run for run in self._held.values()}
        try:
            reply = self.client.heartbeat(self.worker_id, [self.queue], [(r.job.id, r.job.token) for r in sent.values()], self.info)
        except ClaimqError as exc:
            self.log.warning("claimq worker %s: heartbeat failed (%s); %d leases not renewed", self.worker_id, exc, len(sent))
            return
        except Exception:
            self.log.exception("claimq worker %s: heartbeat failed", self.worker_id)
            return
        finally:
            with self._lock:
                self._beating = False
                self._lock.notify_all()
        for job_id in reply.cancelled:
            run = sent.get(job_id)
            if run is None:
                continue
            self._cancel(run)
        for job_id in reply.stale:
            run = sent.get(job_id)
            if run is None:
                continue
            with self._lock:
                run.stale = True
                if self._held.get(job_id) is run:
                    del self._held[job_id]
                self._lock.notify_all()
            if self._decide(run, None, "stale"):
                self.log.warning("claimq worker %s: job %s lost its lease; its result will be dropped", self.worker_id, job_id)

    def _cancel(self, run: _Run) -> None:
        """A cancel was asked of the job (a heartbeat or the cancel poll said so): it stops, failed for good (recorded ``cancelled``)."""
        if self._decide(run, Settlement.failed(run.job.id, run.job.token, "cancelled while running", retryable=False), "cancelled"):
            self.log.info("claimq worker %s: job %s cancelled", self.worker_id, run.job.id)
        else:
            run.job.cancelled.set()

    # -- the cancel poll ----------------------------------------------------------------------

    def _running(self) -> bool:
        """Whether a job held here still runs (its outcome is not decided). Called with ``_lock`` held."""
        return any(not run.decided for run in self._held.values())

    def _cancels_loop(self) -> None:
        """While jobs run, keeps one cancel poll open: a cancel asked of one of them stops it at once,
        not at the next heartbeat (which still tells it, should the poll miss it). A service without
        the route (404) leaves cancels to the heartbeat."""
        failures = 0
        while True:
            with self._lock:
                while not self._cancels_stop.is_set() and not self._running():
                    self._lock.wait(1.0)
                if self._cancels_stop.is_set():
                    return
                call = self._cancels_call = Abort()
            pause = 0.0
            try:
                cancelled = self.client.cancels(self.worker_id, CANCELS_WAIT_MS, abort=call)
            except Aborted:
                continue  # the drain is over: the loop ends
            except ClaimqError as exc:
                if isinstance(exc, ApiError) and exc.status == 404:
                    self.log.warning("claimq worker %s: the service has no cancel poll (an earlier version); cancels reach jobs at the heartbeat", self.worker_id)
                    return
                failures += 1
                pause = _failure_pause(failures)
                self.log.warning("claimq worker %s: cancel poll failed (%s); again in %.1fs (the heartbeat still tells cancels)", self.worker_id, exc, pause)
            except Exception:  # a bug, or a reply that is not the protocol's: keep the worker alive
                failures += 1
                pause = _failure_pause(failures)
                self.log.exception("claimq worker %s: cancel poll failed", self.worker_id)
            else:
                failures = 0
                self._cancel_heard(cancelled)
            finally:
                with self._lock:
                    self._cancels_call = None
            if pause > 0:
                self._cancels_stop.wait(pause)

    def _cancel_heard(self, cancelled: List[CancelledLease]) -> None:
        """Stops each job the poll named that runs here with that very lease; the others (settled
        meanwhile, or claimed again since) are no longer this lease's."""
        for lease in cancelled:
            with self._lock:
                run = self._held.get(lease.id)
                if run is None or run.job.token != lease.token or run.decided or run.stale:
                    continue
            self._cancel(run)

    # -- settling -----------------------------------------------------------------------------

    def _settle_loop(self) -> None:
        failures = 0
        while True:
            with self._settle_lock:
                while not self._pending and not self._settler_stop:
                    self._settle_lock.wait()
                if not self._pending:
                    return
                flush_at = self._pending[0].queued_at + self.flush_interval
                while len(self._pending) < self.batch_size and not self._settler_stop:
                    left = flush_at - time.monotonic()
                    if left <= 0:
                        break
                    self._settle_lock.wait(left)
                batch = self._pending[: self.batch_size]
                del self._pending[: self.batch_size]
                stopping = self._settler_stop
            retry = self._send(batch)
            if not retry:
                failures = 0
                continue
            if stopping:
                self.log.error(
                    "claimq worker %s: %d results could not be settled before stopping; their leases are released",
                    self.worker_id,
                    len(retry),
                )
                self._forget(retry)
                continue
            failures += 1
            with self._settle_lock:
                self._pending[:0] = retry
            pause = _failure_pause(failures)
            self.log.warning("claimq worker %s: settling %d results failed; again in %.1fs", self.worker_id, len(retry), pause)
            with self._settle_lock:
                if not self._settler_stop:
                    self._settle_lock.wait(pause)

    def _send(self, batch: List[_Pending]) -> List[_Pending]:
        """Settles a batch; returns what should be sent again (the service could not be reached)."""
        live = [p for p in batch if not p.run.stale]
        self._forget([p for p in batch if p.run.stale])
        if not live:
            return []
        try:
            answers = self.client.settle([p.settlement for p in live])
        except ApiError as exc:
            if exc.status >= 500:
                return live
            if exc.status in (400, 413) and len(live) > 1:
                # one bad result refuses the batch: the others go one at a time
                retry: List[_Pending] = []
                for pending in live:
                    retry.extend(self._send([pending]))
                return retry
            return self._refused(live[0], exc) if len(live) == 1 else self._drop(live, exc)
        except ClaimqError:
            return live
        except Exception:
            self.log.exception("claimq worker %s: settling failed", self.worker_id)
            return self._drop(live, None)
        self._forget(live)
        for pending, (_, status) in zip(live, answers):
            if status == "stale" and pending.settlement.status == "released":
                # a release repeated after a lost reply answers stale: either way the lease is gone
                self.log.info("claimq worker %s: job %s was already given back", self.worker_id, pending.run.job.id)
            elif status == "stale":
                self.log.warning("claimq worker %s: job %s was no longer this worker's; its result was dropped", self.worker_id, pending.run.job.id)
            if self.on_settled is not None:
                try:
                    self.on_settled(pending.run.job, status)
                except Exception:
                    self.log.exception("claimq worker %s: on_settled failed for job %s", self.worker_id, pending.run.job.id)
        return []

    def _refused(self, pending: _Pending, exc: ApiError) -> List[_Pending]:
        settlement = pending.settlement
        if exc.status in (400, 413) and settlement.status == "succeeded":
            # a result the service refuses (too large): the attempt fails for good instead
            error = f"the service refused the result: {exc}"[:MAX_ERROR_CHARS]
            pending.settlement = Settlement.failed(settlement.id, settlement.token, error, retryable=False)
            return self._send([pending])
        return self._drop([pending], exc)

    def _drop(self, batch: List[_Pending], exc: Optional[ApiError]) -> List[_Pending]:
        self.log.error("claimq worker %s: the service refused %d results (%s); their leases are released", self.worker_id, len(batch), exc)
        self._forget(batch)
        return []

    def _forget(self, batch: List[_Pending]) -> None:
        """The leases of settled (or given up) results: no longer named by heartbeats."""
        with self._lock:
            for pending in batch:
                run = pending.run
                if self._held.get(run.job.id) is run:
                    del self._held[run.job.id]
            self._lock.notify_all()
