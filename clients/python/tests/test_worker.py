"""Worker against an in-memory fake of the protocol: runs, outcomes, batches, cancels, lost leases, timeouts, drain, signals."""

from __future__ import annotations

import os
import signal
import threading
import time
import unittest
from typing import Any, Callable, Dict, List, Optional, Tuple

from _support import job_json, settlement_status, wait_until

from claimq import (
    Aborted,
    ApiError,
    CancelledLease,
    ClaimedJob,
    ClaimMeta,
    HeartbeatResult,
    PermanentError,
    RetryLater,
    TransportError,
    Worker,
)
from claimq.client import _settlement_json


class FakeService:
    """The protocol's calls over an in-memory queue (duck-typed as a Client)."""

    def __init__(self, heartbeat_ms: int = 100) -> None:
        self.cond = threading.Condition()
        self.ready: List[Dict[str, Any]] = []
        self.tokens: Dict[str, int] = {}
        self.leases: Dict[str, int] = {}
        self.cancel_asked: set = set()
        self.heartbeat_ms = heartbeat_ms
        self.claims: List[Dict[str, Any]] = []
        self.heartbeats: List[Dict[str, Any]] = []
        self.polls = 0
        self.settle_calls: List[List[Dict[str, Any]]] = []
        self.settled: Dict[str, Dict[str, Any]] = {}
        self.refuse: Optional[Callable[[List[Dict[str, Any]]], Optional[Exception]]] = None
        # leases a heartbeat did not name, released as a lost claim reply's would be
        self.strays: List[str] = []
        self.stale_answers: List[str] = []
        # how long a claim's reply takes to arrive once the service recorded its leases
        self.reply_delay = 0.0

    def add(self, job_id: str, payload: Any = None, timeout_ms: int = 30_000) -> None:
        with self.cond:
            self.ready.append(job_json(job_id, payload=payload, timeout_ms=timeout_ms))
            self.cond.notify_all()

    def claim(self, queue: str, worker: Any, max: int = 1, types: Any = None, wait_ms: int = 0, *, abort: Any = None) -> Tuple[List[ClaimedJob], ClaimMeta]:
        until = time.monotonic() + wait_ms / 1000.0
        with self.cond:
            self.claims.append({"queue": queue, "max": max, "wait_ms": wait_ms})
            while not self.ready:
                if abort is not None and abort.aborted:
                    raise Aborted("aborted")
                left = until - time.monotonic()
                if left <= 0:
                    break
                self.cond.wait(min(left, 0.02))
            taken, self.ready = self.ready[:max], self.ready[max:]
            jobs = []
            for job in taken:
                token = self.tokens.get(job["id"], 0) + 1
                self.tokens[job["id"]] = token
                self.leases[job["id"]] = token
                jobs.append(ClaimedJob(dict(job), token))
        if jobs and self.reply_delay:
            time.sleep(self.reply_delay)
        return jobs, ClaimMeta(lease_ms=5000, heartbeat_ms=self.heartbeat_ms)

    def heartbeat(self, worker_id: str, queues: Any = (), leases: Any = (), info: Any = None, final: bool = False) -> HeartbeatResult:
        leases = list(leases)
        with self.cond:
            self.heartbeats.append({"worker": worker_id, "queues": list(queues), "leases": leases, "final": final})
            cancelled = [i for i, t in leases if i in self.cancel_asked and self.leases.get(i) == t]
            stale = [i for i, t in leases if self.leases.get(i) != t]
            # leases not named are released (a claim reply lost on the way)
            named = {i for i, _ in leases}
            for job_id in [i for i in self.leases if i not in named]:
                del self.leases[job_id]
                self.strays.append(job_id)
                self.ready.append(job_json(job_id))
        return HeartbeatResult(cancelled, stale, None)

    def cancels(self, worker_id: str, wait_ms: int = 0, *, abort: Any = None) -> List[CancelledLease]:
        # this fake tells cancels through the heartbeat only (test_worker_cancels.py has the poll's
        # tests): its poll answers none once wait_ms passes, or ends when given up
        until = time.monotonic() + wait_ms / 1000.0
        with self.cond:
            self.polls += 1
            while True:
                if abort is not None and abort.aborted:
                    raise Aborted("aborted")
                left = until - time.monotonic()
                if left <= 0:
                    return []
                self.cond.wait(min(left, 0.02))

    def settle(self, results: Any) -> List[Tuple[str, str]]:
        items = [_settlement_json(r) for r in results]
        if self.refuse is not None:
            error = self.refuse(items)
            if error is not None:
                raise error
        answers = []
        with self.cond:
            self.settle_calls.append(items)
            for item in items:
                if self.leases.get(item["id"]) != item["token"]:
                    answers.append((item["id"], "stale"))
                    self.stale_answers.append(item["id"])
                    continue
                del self.leases[item["id"]]
                self.settled[item["id"]] = item
                answers.append((item["id"], settlement_status(item, self.cancel_asked)))
            self.cond.notify_all()
        return answers

    def lose_lease(self, job_id: str) -> None:
        with self.cond:
            self.leases.pop(job_id, None)

    def wait_settled(self, ids: List[str], timeout: float = 10.0) -> None:
        until = time.monotonic() + timeout
        with self.cond:
            while not all(i in self.settled for i in ids):
                left = until - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"not settled in {timeout}s: {[i for i in ids if i not in self.settled]}")
                self.cond.wait(left)


class WorkerTests(unittest.TestCase):
    def setUp(self) -> None:
        self.service = FakeService()
        self.workers: List[Worker] = []

    def tearDown(self) -> None:
        for worker in self.workers:
            worker.stop(timeout=10)

    def worker(self, handler: Callable[[ClaimedJob], Any], **options: Any) -> Worker:
        options.setdefault("wait_ms", 200)
        options.setdefault("shutdown_grace", 5)
        worker = Worker(self.service, "q", handler, **options)  # type: ignore[arg-type]
        self.workers.append(worker)
        return worker

    def test_runs_every_job_and_settles_results_in_batches(self) -> None:
        ids = [f"q-{i}" for i in range(40)]
        for i, job_id in enumerate(ids):
            self.service.add(job_id, {"n": i})
        worker = self.worker(lambda job: {"echo": job.payload}, concurrency=4, batch_size=5).start()
        self.service.wait_settled(ids)
        self.assertTrue(worker.stop(timeout=10))
        for i, job_id in enumerate(ids):
            self.assertEqual(self.service.settled[job_id], {"id": job_id, "token": 1, "status": "succeeded", "result": {"echo": {"n": i}}})
        self.assertTrue(all(1 <= len(call) <= 5 for call in self.service.settle_calls))
        self.assertLess(len(self.service.settle_calls), 40)
        self.assertTrue(all(c["max"] <= 4 for c in self.service.claims))
        # the first claim does not wait: its reply says how often to heartbeat
        self.assertEqual(self.service.claims[0]["wait_ms"], 0)
        self.assertEqual(worker.held(), [])

    def test_a_heartbeat_names_every_lease_claimed_before_it(self) -> None:
        # heartbeats every 5 ms among hundreds of claims: a heartbeat sent while a claim was on its
        # way would miss that claim's leases, and the service would release them under the jobs
        self.service.heartbeat_ms = 5
        self.service.reply_delay = 0.003
        ids = [f"q-{i}" for i in range(300)]
        for job_id in ids:
            self.service.add(job_id)
        worker = self.worker(lambda job: time.sleep(0.002), concurrency=4, batch_size=3, flush_interval=0.001).start()
        self.service.wait_settled(ids, timeout=30)
        self.assertTrue(worker.stop(timeout=10))
        self.assertGreater(len(self.service.heartbeats), 20)
        self.assertEqual(self.service.strays, [])
        self.assertEqual(self.service.stale_answers, [])

    def test_never_runs_more_than_its_concurrency(self) -> None:
        running = [0]
        peak = [0]
        lock = threading.Lock()

        def handler(job: ClaimedJob) -> None:
            with lock:
                running[0] += 1
                peak[0] = max(peak[0], running[0])
            time.sleep(0.02)
            with lock:
                running[0] -= 1

        ids = [f"q-{i}" for i in range(30)]
        for job_id in ids:
            self.service.add(job_id)
        self.worker(handler, concurrency=3).start()
        self.service.wait_settled(ids)
        self.assertEqual(peak[0], 3)

    def test_handler_exceptions_become_fails(self) -> None:
        def handler(job: ClaimedJob) -> Any:
            kind = job.payload["kind"]
            if kind == "permanent":
                raise PermanentError("bad input")
            if kind == "later":
                raise RetryLater(1500, "upstream busy")
            if kind == "crash":
                raise ValueError("oops")
            if kind == "exit":
                raise SystemExit(3)
            return object()  # not JSON

        for kind in ("permanent", "later", "crash", "exit", "object"):
            self.service.add(kind, {"kind": kind})
        self.worker(handler).start()
        self.service.wait_settled(["permanent", "later", "crash", "exit", "object"])
        settled = self.service.settled
        self.assertEqual((settled["permanent"]["status"], settled["permanent"]["error"], settled["permanent"]["retryable"]), ("failed", "bad input", False))
        self.assertIn("PermanentError", settled["permanent"]["stack"])
        self.assertEqual((settled["later"]["error"], settled["later"]["retryable"], settled["later"]["retryInMs"]), ("upstream busy", True, 1500))
        self.assertEqual((settled["crash"]["error"], settled["crash"]["retryable"]), ("oops", True))
        self.assertIn("ValueError: oops", settled["crash"]["stack"])
        self.assertEqual((settled["exit"]["error"], settled["exit"]["retryable"]), ("3", True))
        self.assertEqual(settled["object"]["retryable"], False)
        self.assertIn("not JSON-serialisable", settled["object"]["error"])

    def test_heartbeats_name_every_lease_and_go_while_idle(self) -> None:
        started = threading.Event()
        release = threading.Event()

        def handler(job: ClaimedJob) -> None:
            started.set()
            release.wait(5)

        worker = self.worker(handler)
        worker.start()
        wait_until(lambda: len(self.service.heartbeats) >= 3, what="idle heartbeats")
        self.assertTrue(all(hb["leases"] == [] and hb["queues"] == ["q"] and hb["worker"] == worker.worker_id for hb in self.service.heartbeats))
        self.service.add("q-1")
        started.wait(5)
        wait_until(lambda: ("q-1", 1) in self.service.heartbeats[-1]["leases"], what="a heartbeat naming the lease")
        release.set()
        self.service.wait_settled(["q-1"])

    def test_a_cancel_from_the_heartbeat_sets_the_event_and_fails_the_job(self) -> None:
        seen: Dict[str, Any] = {}

        def handler(job: ClaimedJob) -> str:
            seen["set"] = job.cancelled.wait(10)
            seen["reason"] = job.cancel_reason
            return "finished anyway"

        self.service.add("q-1")
        self.worker(handler).start()
        wait_until(lambda: "q-1" in self.service.leases, what="the claim")
        self.service.cancel_asked.add("q-1")
        self.service.wait_settled(["q-1"])
        wait_until(lambda: "reason" in seen, what="the handler's return")
        self.assertEqual(seen, {"set": True, "reason": "cancelled"})
        settled = self.service.settled["q-1"]
        self.assertEqual((settled["status"], settled["retryable"], settled["error"]), ("failed", False, "cancelled while running"))

    def test_a_lost_lease_stops_the_job_and_drops_its_result(self) -> None:
        seen: Dict[str, Any] = {}

        def handler(job: ClaimedJob) -> str:
            seen["set"] = job.cancelled.wait(10)
            seen["reason"] = job.cancel_reason
            return "late result"

        self.service.add("q-1")
        self.worker(handler).start()
        wait_until(lambda: "q-1" in self.service.leases, what="the claim")
        self.service.lose_lease("q-1")
        wait_until(lambda: "reason" in seen, what="the handler's return")
        time.sleep(0.3)
        self.assertEqual(seen, {"set": True, "reason": "stale"})
        self.assertEqual(self.service.settle_calls, [])

    def test_a_job_past_its_timeout_is_failed_retryable(self) -> None:
        seen: Dict[str, Any] = {}

        def handler(job: ClaimedJob) -> None:
            seen["set"] = job.cancelled.wait(10)
            seen["reason"] = job.cancel_reason

        self.service.add("q-1", timeout_ms=200)
        self.worker(handler).start()
        self.service.wait_settled(["q-1"])
        settled = self.service.settled["q-1"]
        self.assertEqual((settled["status"], settled["retryable"], settled["error"]), ("failed", True, "timed out after 200ms"))
        wait_until(lambda: "reason" in seen)
        self.assertEqual(seen, {"set": True, "reason": "timeout"})

    def test_stop_waits_for_running_jobs_within_the_grace(self) -> None:
        started = threading.Event()

        def handler(job: ClaimedJob) -> str:
            started.set()
            time.sleep(0.4)
            return "done"

        self.service.add("q-1")
        worker = self.worker(handler, shutdown_grace=5).start()
        self.assertTrue(started.wait(5))
        self.assertTrue(worker.stop(timeout=10))
        self.assertEqual(self.service.settled["q-1"]["status"], "succeeded")

    def test_stop_releases_jobs_that_outlast_the_grace(self) -> None:
        reasons: List[Optional[str]] = []
        started = threading.Semaphore(0)

        def handler(job: ClaimedJob) -> str:
            started.release()
            job.cancelled.wait(30)
            reasons.append(job.cancel_reason)
            return "too late"

        for job_id in ("q-1", "q-2"):
            self.service.add(job_id)
        self.service.add("q-3")  # never claimed: no free slot
        worker = self.worker(handler, concurrency=2, shutdown_grace=0.3).start()
        for _ in range(2):
            self.assertTrue(started.acquire(timeout=5))
        self.assertTrue(worker.stop(timeout=10))
        self.assertEqual({self.service.settled[i]["status"] for i in ("q-1", "q-2")}, {"released"})
        self.assertNotIn("q-3", self.service.settled)
        wait_until(lambda: len(reasons) == 2)
        self.assertEqual(reasons, ["shutdown", "shutdown"])
        # the last heartbeat names no lease: whatever the service still records for the worker is released
        self.assertEqual(self.service.heartbeats[-1]["leases"], [])
        self.assertTrue(self.service.heartbeats[-1]["final"])
        self.assertEqual(self.service.leases, {})

    def test_stop_ends_a_long_poll_at_once(self) -> None:
        worker = self.worker(lambda job: None, wait_ms=30_000).start()
        wait_until(lambda: len(self.service.claims) >= 2, what="a long poll")
        self.assertTrue(worker.stop(timeout=10))

    def test_a_result_the_service_refuses_fails_the_job_and_spares_the_others(self) -> None:
        def refuse(items: List[Dict[str, Any]]) -> Optional[Exception]:
            if any(item.get("result") == "huge" for item in items):
                return ApiError(413, "payload_too_large", "too large", [{"field": "results.0.result", "reason": "is big"}])
            return None

        self.service.refuse = refuse
        for job_id in ("a", "b", "c"):
            self.service.add(job_id, job_id)
        self.worker(lambda job: "huge" if job.payload == "b" else "ok", batch_size=10, flush_interval=0.3).start()
        self.service.wait_settled(["a", "b", "c"])
        self.assertEqual(self.service.settled["a"]["status"], "succeeded")
        self.assertEqual(self.service.settled["c"]["status"], "succeeded")
        self.assertEqual((self.service.settled["b"]["status"], self.service.settled["b"]["retryable"]), ("failed", False))
        self.assertIn("refused the result", self.service.settled["b"]["error"])

    def test_settles_that_cannot_reach_the_service_are_sent_again(self) -> None:
        failures = [2]

        def refuse(items: List[Dict[str, Any]]) -> Optional[Exception]:
            if failures[0] > 0:
                failures[0] -= 1
                return TransportError("connection refused")
            return None

        self.service.refuse = refuse
        self.service.add("q-1")
        self.worker(lambda job: "ok").start()
        self.service.wait_settled(["q-1"], timeout=15)
        self.assertEqual(self.service.settled["q-1"]["status"], "succeeded")

    def test_sigterm_drains_a_worker_run_with_signal_handlers(self) -> None:
        previous = signal.getsignal(signal.SIGTERM)
        self.service.add("q-1")
        worker = self.worker(lambda job: "ok")
        threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGTERM)).start()
        worker.run(install_signal_handlers=True)
        self.assertTrue(worker.stopping)
        self.assertEqual(self.service.settled["q-1"]["status"], "succeeded")
        self.assertIs(signal.getsignal(signal.SIGTERM), previous)

    def test_a_worker_runs_once_and_checks_its_options(self) -> None:
        worker = self.worker(lambda job: None).start()
        worker.stop(timeout=10)
        with self.assertRaises(RuntimeError):
            worker.run()
        for options in ({"concurrency": 0}, {"batch_size": 1001}, {"wait_ms": 30_001}, {"worker_id": "has space"}):
            with self.assertRaises(ValueError):
                Worker(self.service, "q", lambda job: None, **options)  # type: ignore[arg-type]
        with self.assertRaises(ValueError):
            Worker(self.service, "bad queue", lambda job: None)  # type: ignore[arg-type]

    def test_the_default_worker_id_is_host_pid_random(self) -> None:
        a = Worker(self.service, "q", lambda job: None)  # type: ignore[arg-type]
        b = Worker(self.service, "q", lambda job: None)  # type: ignore[arg-type]
        self.assertNotEqual(a.worker_id, b.worker_id)
        self.assertIn(f"-{os.getpid()}-", a.worker_id)
        self.assertRegex(a.worker_id, r"^[A-Za-z0-9_.:-]{1,100}$")


if __name__ == "__main__":
    unittest.main()
