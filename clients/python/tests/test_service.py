"""The client and the Worker against a real claimq service (CLAIMQ_URL; CLAIMQ_API_KEY when keys are on).

The service must accept the queues ``<prefix>.<name>`` for each name in QUEUE_NAMES (its QUEUES),
with ``<prefix>`` from CLAIMQ_TEST_PREFIX (default ``pyclient``; give each run its own), and run
no embedded workers on them (MODE=api), or those would take the jobs first. HEARTBEAT_MS=1000
keeps the cancel tests short.

The cancel poll's test runs against a second service, CLAIMQ_LONG_HEARTBEAT_URL, the same but for
HEARTBEAT_MS=120000 (and the default LEASE_MS), so that no heartbeat tells a cancel while it runs,
and with API keys on: CLAIMQ_LONG_HEARTBEAT_API_KEY a write key (API_KEYS), and
CLAIMQ_LONG_HEARTBEAT_WORKER_KEY a worker key of its queue (API_KEYS_WORKER=<key>@<prefix>.cancelpoll),
the worker's. test/clients/python-client.spec.ts starts both services.

Without CLAIMQ_URL (or CLAIMQ_LONG_HEARTBEAT_URL) the tests that need it fail (never skip): a run
that tested nothing must not pass.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
import unittest
import uuid
from datetime import datetime, timedelta, timezone
from typing import Any, Dict, Iterable, List, Optional

import _support

from claimq import ApiError, ClaimedJob, Client, Settlement, StaleLeaseError, Worker

URL = os.environ.get("CLAIMQ_URL", "")
API_KEY = os.environ.get("CLAIMQ_API_KEY") or None
LONG_HEARTBEAT_URL = os.environ.get("CLAIMQ_LONG_HEARTBEAT_URL", "")
LONG_HEARTBEAT_API_KEY = os.environ.get("CLAIMQ_LONG_HEARTBEAT_API_KEY") or None
LONG_HEARTBEAT_WORKER_KEY = os.environ.get("CLAIMQ_LONG_HEARTBEAT_WORKER_KEY") or None
PREFIX = os.environ.get("CLAIMQ_TEST_PREFIX", "pyclient")
#: The queues these tests use, each as <prefix>.<name>: the service's QUEUES must hold them all.
QUEUE_NAMES = ("worker", "stale", "settle", "fail", "heartbeat", "cancel", "longpoll", "stop", "example", "errors", "large", "cancelpoll")
MISSING_URL = (
    "CLAIMQ_URL is not set: these tests run against a real claimq service. Start one with "
    "JOB_STORE=redis MODE=api HEARTBEAT_MS=1000 LEASE_MS=5000 QUEUES=" + ",".join(f"{PREFIX}.{n}" for n in QUEUE_NAMES)
    + " and set CLAIMQ_URL=http://127.0.0.1:<port> (and CLAIMQ_TEST_PREFIX when not 'pyclient')"
)
MISSING_LONG_HEARTBEAT_URL = (
    "CLAIMQ_LONG_HEARTBEAT_URL is not set: the cancel poll's test runs against a claimq service whose "
    "heartbeat is minutes apart. Start one as for CLAIMQ_URL but with HEARTBEAT_MS=120000 (no LEASE_MS), "
    f"API_KEYS=<write key> and API_KEYS_WORKER=<worker key>@{PREFIX}.cancelpoll, and set CLAIMQ_LONG_HEARTBEAT_URL, "
    "CLAIMQ_LONG_HEARTBEAT_API_KEY=<write key> and CLAIMQ_LONG_HEARTBEAT_WORKER_KEY=<worker key>"
)
EXAMPLE = os.path.join(_support.ROOT, "examples", "worker.py")
FINAL = ("succeeded", "failed", "cancelled")


def q(name: str) -> str:
    assert name in QUEUE_NAMES, name
    return f"{PREFIX}.{name}"


def wait_until(check: Any, timeout: float = 20.0, what: str = "condition", interval: float = 0.05) -> Any:
    until = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > until:
            raise AssertionError(f"timed out after {timeout}s waiting for {what}")
        time.sleep(interval)


class ServiceTest(unittest.TestCase):
    client: Client

    @classmethod
    def setUpClass(cls) -> None:
        if URL:
            cls.client = Client(URL, API_KEY, timeout=15)

    @classmethod
    def tearDownClass(cls) -> None:
        if URL:
            cls.client.close()

    def setUp(self) -> None:
        if not URL:
            self.fail(MISSING_URL)
        self.worker_id = f"pytest-{uuid.uuid4().hex[:12]}"

    # -- helpers ------------------------------------------------------------------------------

    def enqueue(self, queue: str, payload: Any = None, type_: str = "py.test", **fields: Any) -> Dict[str, Any]:
        # an idempotency key makes the client's retries unable to add the job twice
        body = {"queue": queue, "type": type_, "payload": payload if payload is not None else {}, "idempotencyKey": uuid.uuid4().hex, **fields}
        job = self.client.request("POST", "/jobs", body)
        self.assertEqual(job["status"], "pending", job)
        return job

    def get(self, job_id: str) -> Dict[str, Any]:
        return self.client.request("GET", f"/jobs/{job_id}")

    def wait_status(self, job_id: str, statuses: Iterable[str], timeout: float = 20.0) -> Dict[str, Any]:
        wanted = tuple(statuses)
        seen: List[Dict[str, Any]] = []

        def check() -> Optional[Dict[str, Any]]:
            job = self.get(job_id)
            seen[:] = [job]
            return job if job["status"] in wanted else None

        try:
            return wait_until(check, timeout, f"job {job_id} to be {'/'.join(wanted)}")
        except AssertionError as exc:
            raise AssertionError(f"{exc}; last seen: {seen[0] if seen else None}") from None

    def drain(self, queue: str) -> None:
        """Fails for good whatever an earlier run against the same service left in the queue."""
        while True:
            jobs, _ = self.client.claim(queue, f"{self.worker_id}-drain", max=1000, wait_ms=0)
            if not jobs:
                return
            self.client.settle([Settlement.failed(j.id, j.token, "left by an earlier test run", retryable=False) for j in jobs])

    def claim_one(self, queue: str, job_id: str) -> ClaimedJob:
        jobs, meta = self.client.claim(queue, self.worker_id, max=1, wait_ms=5000)
        self.assertEqual([j.id for j in jobs], [job_id])
        self.assertGreater(meta.heartbeat_ms, 0)
        self.assertGreater(meta.lease_ms, 0)
        return jobs[0]

    def worker(self, queue: str, handler: Any, **options: Any) -> Worker:
        options.setdefault("wait_ms", 2000)
        options.setdefault("shutdown_grace", 5)
        worker = Worker(self.client, queue, handler, worker_id=self.worker_id, **options)
        self.addCleanup(worker.stop, True, 30)
        return worker


class WorkerAgainstService(ServiceTest):
    def test_a_worker_runs_every_job_once(self) -> None:
        queue = q("worker")
        self.drain(queue)
        jobs = [self.enqueue(queue, {"i": i}) for i in range(40)]
        seen: Dict[str, str] = {}
        settled: Dict[str, str] = {}
        answers: List[str] = []

        def on_settled(job: ClaimedJob, status: str) -> None:
            answers.append(status)
            settled[job.id] = status

        def handler(job: ClaimedJob) -> Dict[str, Any]:
            seen[job.id] = job.type or ""
            time.sleep(0.01)
            return {"echo": job.payload, "attempt": job.attempts}

        worker = self.worker(queue, handler, concurrency=6, batch_size=8, on_settled=on_settled).start()
        wait_until(lambda: len(settled) >= len(jobs), 30, "every job settled")
        # it shows in GET /workers as a python worker while it runs
        live = self.client.request("GET", "/workers")["live"]
        mine = [w for w in live if w["id"] == worker.worker_id]
        self.assertEqual(len(mine), 1, live)
        self.assertEqual(mine[0].get("language"), "python")
        self.assertIn(queue, mine[0]["queues"])
        self.assertTrue(worker.stop(timeout=30))
        # each job settled once: no lease was lost on the way (a heartbeat never races a claim)
        self.assertEqual(answers, ["succeeded"] * len(jobs))
        for i, created in enumerate(jobs):
            job = self.get(created["id"])
            self.assertEqual(job["status"], "succeeded", job)
            self.assertEqual(job["result"], {"echo": {"i": i}, "attempt": 1})
            self.assertEqual(job["attempts"], 1)
        self.assertEqual(set(seen), {j["id"] for j in jobs})

    def test_a_cancel_reaches_the_running_handler(self) -> None:
        # through the cancel poll, or the heartbeat (every second here): whichever tells it first
        queue = q("cancel")
        self.drain(queue)
        seen: Dict[str, Any] = {}
        running = threading.Event()

        def handler(job: ClaimedJob) -> str:
            running.set()
            seen["set"] = job.cancelled.wait(20)
            seen["reason"] = job.cancel_reason
            return "not recorded"

        worker = self.worker(queue, handler).start()
        job = self.enqueue(queue, {"slow": True})
        self.assertTrue(running.wait(10))
        self.assertEqual(self.get(job["id"])["status"], "running")
        asked = self.client.request("POST", f"/jobs/{job['id']}/cancel")
        self.assertTrue(asked.get("cancelRequested"), asked)
        wait_until(lambda: "reason" in seen, 10, "the handler to see the cancel")
        self.assertEqual(seen, {"set": True, "reason": "cancelled"})
        final = self.wait_status(job["id"], ["cancelled", "failed", "succeeded"], 10)
        self.assertEqual(final["status"], "cancelled", final)
        self.assertTrue(worker.stop(timeout=30))

    def test_stop_releases_unfinished_jobs(self) -> None:
        queue = q("stop")
        self.drain(queue)
        reasons: List[Optional[str]] = []
        started = threading.Semaphore(0)

        def handler(job: ClaimedJob) -> str:
            started.release()
            job.cancelled.wait(60)
            reasons.append(job.cancel_reason)
            return "not recorded"

        worker = self.worker(queue, handler, concurrency=2, shutdown_grace=1).start()
        jobs = [self.enqueue(queue, {"n": n}) for n in range(3)]
        for _ in range(2):
            self.assertTrue(started.acquire(timeout=10))
        held = {job_id for job_id, _ in worker.held()}
        self.assertEqual(len(held), 2)
        for job_id in held:
            self.assertEqual(self.get(job_id)["attempts"], 1)
        self.assertTrue(worker.stop(timeout=30))
        wait_until(lambda: len(reasons) == 2, 5, "both handlers to return")
        self.assertEqual(reasons, ["shutdown", "shutdown"])
        for created in jobs:
            job = self.get(created["id"])
            # given back: pending again, the attempt not spent
            self.assertEqual((job["status"], job["attempts"]), ("pending", 0), job)
        self.drain(queue)

    def test_a_result_the_service_refuses_fails_only_its_job(self) -> None:
        queue = q("large")
        self.drain(queue)
        answers: Dict[str, str] = {}

        def handler(job: ClaimedJob) -> Any:
            # above the service's MAX_PAYLOAD_BYTES (512 KiB by default): 413 for the whole batch
            return "x" * 600_000 if job.payload["big"] else job.payload

        jobs = [self.enqueue(queue, {"big": big}) for big in (False, True, False)]
        worker = self.worker(queue, handler, batch_size=10, flush_interval=0.5, on_settled=lambda job, status: answers.__setitem__(job.id, status)).start()
        wait_until(lambda: len(answers) == 3, 20, "three settles")
        self.assertTrue(worker.stop(timeout=30))
        small, big, other = (self.get(j["id"]) for j in jobs)
        self.assertEqual((small["status"], other["status"]), ("succeeded", "succeeded"))
        self.assertEqual(big["status"], "failed", big)
        self.assertEqual(big["attempts"], 1)
        self.assertIn("refused the result", big["lastError"])
        self.assertIn("payload_too_large", big["lastError"])

    def test_the_example_worker_counts_its_jobs_and_drains_on_sigterm(self) -> None:
        queue = q("example")
        self.drain(queue)
        env = dict(os.environ, CLAIMQ_URL=URL, CLAIMQ_QUEUE=queue, CLAIMQ_CONCURRENCY="4", CLAIMQ_EXAMPLE_SLEEP_MS="1000")
        if API_KEY:
            env["CLAIMQ_API_KEY"] = API_KEY
        first = [self.enqueue(queue, {"n": n})["id"] for n in range(8)]
        proc = subprocess.Popen([sys.executable, EXAMPLE], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines: List[str] = []
        errors: List[str] = []
        readers = [
            threading.Thread(target=lambda: lines.extend(iter(proc.stdout.readline, "")), daemon=True),  # type: ignore[union-attr]
            threading.Thread(target=lambda: errors.extend(iter(proc.stderr.readline, "")), daemon=True),  # type: ignore[union-attr]
        ]
        for reader in readers:
            reader.start()
        try:
            wait_until(lambda: len(lines) >= 8, 30, "8 processed lines")
            # four more, running when SIGTERM comes: the drain lets them finish within the grace
            second = [self.enqueue(queue, {"n": n})["id"] for n in range(8, 12)]
            for job_id in second:
                self.wait_status(job_id, ["running", "succeeded"], 10)
            proc.send_signal(signal.SIGTERM)
            code = proc.wait(timeout=20)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
        for reader in readers:
            reader.join(5)
        proc.stdout.close()  # type: ignore[union-attr]
        proc.stderr.close()  # type: ignore[union-attr]
        log = "".join(errors)[-4000:]
        self.assertEqual(code, 0, log)
        processed = [line.split() for line in lines]
        self.assertTrue(all(len(p) == 2 and p[0] == "processed" for p in processed), lines)
        self.assertEqual(sorted(p[1] for p in processed), sorted(first + second), log)
        for job_id in first + second:
            job = self.get(job_id)
            self.assertEqual(job["status"], "succeeded", job)
            self.assertEqual(job["result"]["n"], job["payload"]["n"])


class CountingClient(Client):
    """A Client that keeps what the worker's heartbeats and cancel polls were answered."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lock = threading.Lock()
        self.beats: List[List[str]] = []
        self.polls: List[List[Any]] = []
        self.polls_sent = 0

    def heartbeat(self, *args: Any, **kwargs: Any) -> Any:
        reply = super().heartbeat(*args, **kwargs)
        with self.lock:
            self.beats.append(list(reply.cancelled))
        return reply

    def cancels(self, *args: Any, **kwargs: Any) -> Any:
        with self.lock:
            self.polls_sent += 1
        reply = super().cancels(*args, **kwargs)
        with self.lock:
            self.polls.append(list(reply))
        return reply


class CancelPollAgainstService(unittest.TestCase):
    """The Worker against the service at CLAIMQ_LONG_HEARTBEAT_URL: heartbeats two minutes apart."""

    def setUp(self) -> None:
        if not LONG_HEARTBEAT_URL:
            self.fail(MISSING_LONG_HEARTBEAT_URL)
        self.client = Client(LONG_HEARTBEAT_URL, LONG_HEARTBEAT_API_KEY, timeout=15)
        self.addCleanup(self.client.close)
        # the worker's client: with the worker key, as a remote worker runs
        self.worker_client = CountingClient(LONG_HEARTBEAT_URL, LONG_HEARTBEAT_WORKER_KEY or LONG_HEARTBEAT_API_KEY, timeout=15)
        self.addCleanup(self.worker_client.close)
        self.worker_id = f"pytest-{uuid.uuid4().hex[:12]}"

    def test_a_cancel_stops_the_job_through_the_poll_before_any_heartbeat(self) -> None:
        queue = q("cancelpoll")
        # whatever an earlier run left in the queue fails for good; the reply says how often to beat
        while True:
            jobs, meta = self.client.claim(queue, f"{self.worker_id}-drain", max=1000, wait_ms=0)
            if not jobs:
                break
            self.client.settle([Settlement.failed(j.id, j.token, "left by an earlier test run", retryable=False) for j in jobs])
        self.assertGreaterEqual(meta.heartbeat_ms, 60_000, "the service at CLAIMQ_LONG_HEARTBEAT_URL must have HEARTBEAT_MS of a minute or more: a heartbeat would tell the cancel too")
        body = {"queue": queue, "type": "py.test", "payload": {"slow": True}, "idempotencyKey": uuid.uuid4().hex}
        job = self.client.request("POST", "/jobs", body)

        seen: Dict[str, Any] = {}
        running = threading.Event()

        def handler(claimed: ClaimedJob) -> str:
            seen["token"] = claimed.token
            running.set()
            seen["set"] = claimed.cancelled.wait(60)
            seen["reason"] = claimed.cancel_reason
            return "not recorded"

        statuses: Dict[str, str] = {}
        worker = Worker(self.worker_client, queue, handler, worker_id=self.worker_id, wait_ms=2000, shutdown_grace=5,
                        on_settled=lambda claimed, status: statuses.__setitem__(claimed.id, status))
        self.addCleanup(worker.stop, True, 30)
        worker.start()
        self.assertTrue(running.wait(20), "the job never started")
        wait_until(lambda: self.worker_client.polls_sent > 0, 10, "a cancel poll")
        self.assertEqual(self.client.request("GET", f"/jobs/{job['id']}")["status"], "running")

        asked = self.client.request("POST", f"/jobs/{job['id']}/cancel")
        self.assertTrue(asked.get("cancelRequested"), asked)
        wait_until(lambda: "reason" in seen, 20, "the handler to see the cancel")
        # the poll told it (the heartbeats, two minutes apart, are not due within this test; one
        # sent at the worker's start, before it learned that interval, may come near the cancel)
        self.assertEqual((seen["set"], seen["reason"]), (True, "cancelled"))
        with self.worker_client.lock:
            self.assertTrue(any((job["id"], seen["token"]) in cancelled for cancelled in self.worker_client.polls), self.worker_client.polls)
        wait_until(lambda: job["id"] in statuses, 20, "the job's settle")
        self.assertEqual(statuses[job["id"]], "cancelled")
        final = self.client.request("GET", f"/jobs/{job['id']}")
        self.assertEqual((final["status"], final["attempts"]), ("cancelled", 1), final)
        self.assertTrue(worker.stop(timeout=30))


class ClientAgainstService(ServiceTest):
    def test_a_stale_token_raises_stale_lease_error_and_a_repeat_answers_the_same(self) -> None:
        queue = q("stale")
        self.drain(queue)
        job = self.enqueue(queue, {"x": 1})
        claimed = self.claim_one(queue, job["id"])
        self.assertEqual(claimed.payload, {"x": 1})
        self.assertEqual(claimed.attempts, 1)
        self.assertIsNotNone(claimed.lease_expires_at)
        with self.assertRaises(StaleLeaseError) as caught:
            self.client.complete(claimed.id, claimed.token + 1, {"late": True})
        self.assertEqual((caught.exception.status, caught.exception.code), (409, "stale"))
        with self.assertRaises(StaleLeaseError):
            self.client.fail(claimed.id, claimed.token + 1, "late")
        self.assertEqual(self.get(claimed.id)["status"], "running")
        self.assertEqual(self.client.complete(claimed.id, claimed.token, {"ok": True}), "succeeded")
        # the same call again (its reply lost) answers the same and changes nothing
        self.assertEqual(self.client.complete(claimed.id, claimed.token, {"ok": True}), "succeeded")
        # settling a finished job otherwise: stale
        with self.assertRaises(StaleLeaseError):
            self.client.release(claimed.id, claimed.token)
        final = self.get(claimed.id)
        self.assertEqual((final["status"], final["result"], final["attempts"]), ("succeeded", {"ok": True}, 1))

    def test_settlements_answer_each_result_in_order(self) -> None:
        queue = q("settle")
        self.drain(queue)
        ids = [self.enqueue(queue, {"n": n})["id"] for n in range(4)]
        jobs, _ = self.client.claim(queue, self.worker_id, max=4, wait_ms=5000)
        self.assertEqual(sorted(j.id for j in jobs), sorted(ids))
        a, b, c, d = jobs
        answers = self.client.settle([
            Settlement.succeeded(a.id, a.token, {"done": a.id}),
            Settlement.failed(b.id, b.token, "bad input", retryable=False),
            Settlement.released(c.id, c.token),
            Settlement.succeeded(d.id, d.token + 1, "late"),
        ])
        self.assertEqual(answers, [(a.id, "succeeded"), (b.id, "failed"), (c.id, "pending"), (d.id, "stale")])
        self.assertEqual(self.get(a.id)["result"], {"done": a.id})
        self.assertEqual(self.get(b.id)["lastError"], "bad input")
        released = self.get(c.id)
        self.assertEqual((released["status"], released["attempts"]), ("pending", 0))
        self.assertEqual(self.get(d.id)["status"], "running")
        # the same batch again: the same answers, nothing changed
        again = self.client.settle([Settlement.succeeded(a.id, a.token, {"done": a.id}), Settlement.failed(b.id, b.token, "bad input", retryable=False)])
        self.assertEqual(again, [(a.id, "succeeded"), (b.id, "failed")])
        self.assertEqual(self.client.complete(d.id, d.token), "succeeded")
        self.drain(queue)

    def test_fail_not_retryable_fails_the_job_for_good(self) -> None:
        queue = q("fail")
        self.drain(queue)
        job = self.enqueue(queue, {}, maxAttempts=3)
        claimed = self.claim_one(queue, job["id"])
        self.assertEqual(self.client.fail(claimed.id, claimed.token, "boom", retryable=False, stack="Traceback: boom"), "failed")
        failed = self.get(claimed.id)
        self.assertEqual((failed["status"], failed["attempts"], failed["lastError"]), ("failed", 1, "boom"), failed)
        self.assertEqual(failed.get("lastErrorStack"), "Traceback: boom")

    def test_fail_retryable_with_retry_in_ms_schedules_the_retry(self) -> None:
        queue = q("fail")
        self.drain(queue)
        job = self.enqueue(queue, {}, maxAttempts=3)
        claimed = self.claim_one(queue, job["id"])
        before = datetime.now(timezone.utc)
        self.assertEqual(self.client.fail(claimed.id, claimed.token, "busy", retryable=True, retry_in_ms=600_000), "scheduled")
        scheduled = self.get(claimed.id)
        self.assertEqual(scheduled["status"], "scheduled", scheduled)
        run_at = datetime.fromisoformat(scheduled["runAt"].replace("Z", "+00:00"))
        self.assertGreater(run_at, before + timedelta(seconds=590))
        self.assertLess(run_at, before + timedelta(seconds=620))
        self.client.request("POST", f"/jobs/{claimed.id}/cancel")

    def test_a_heartbeat_reports_cancelled_and_stale_leases(self) -> None:
        queue = q("heartbeat")
        self.drain(queue)
        ids = [self.enqueue(queue, {"n": n})["id"] for n in range(2)]
        jobs, _ = self.client.claim(queue, self.worker_id, max=2, wait_ms=5000)
        self.assertEqual(sorted(j.id for j in jobs), sorted(ids))
        a, b = jobs
        self.client.request("POST", f"/jobs/{a.id}/cancel")
        beat = self.client.heartbeat(self.worker_id, [queue], [a, (b.id, b.token + 1)], {"host": "test", "concurrency": 2})
        self.assertEqual(beat.cancelled, [a.id])
        self.assertEqual(beat.stale, [b.id])
        self.assertIsNotNone(beat.lease_expires_at)
        self.assertGreater(beat.lease_expires_at, datetime.now(timezone.utc))
        # a fail records the cancel
        self.assertEqual(self.client.fail(a.id, a.token, "cancelled while running", retryable=False), "cancelled")
        self.assertEqual(self.get(a.id)["status"], "cancelled")
        self.assertEqual(self.client.complete(b.id, b.token), "succeeded")

    def test_a_heartbeat_releases_leases_it_does_not_name(self) -> None:
        queue = q("heartbeat")
        self.drain(queue)
        job = self.enqueue(queue)
        claimed = self.claim_one(queue, job["id"])
        # as if the claim's reply was lost: the heartbeats name no lease. Within a heartbeat
        # interval (HEARTBEAT_MS=1000) of its claim the reply may still be on its way, so the
        # lease is spared; a heartbeat after that gives it back
        beat = self.client.heartbeat(self.worker_id, [queue], [])
        self.assertEqual((beat.cancelled, beat.stale), ([], []))
        self.assertEqual(self.get(claimed.id)["status"], "running")
        time.sleep(1.2)
        self.client.heartbeat(self.worker_id, [queue], [])
        released = self.wait_status(claimed.id, ["pending"], 5)
        self.assertEqual(released["attempts"], 0)
        with self.assertRaises(StaleLeaseError):
            self.client.complete(claimed.id, claimed.token)
        self.drain(queue)

    def test_a_long_poll_answers_as_soon_as_a_job_is_enqueued(self) -> None:
        queue = q("longpoll")
        self.drain(queue)
        result: Dict[str, Any] = {}

        def poll() -> None:
            try:
                result["jobs"], _ = self.client.claim(queue, self.worker_id, max=5, wait_ms=20_000)
            except BaseException as exc:  # reported by the test thread
                result["error"] = exc
            result["at"] = time.monotonic()

        poller = threading.Thread(target=poll, daemon=True)
        poller.start()
        time.sleep(1.0)
        self.assertTrue(poller.is_alive(), f"the long poll answered before any job: {result}")
        enqueued_at = time.monotonic()
        job = self.enqueue(queue, {"wake": True})
        poller.join(10)
        self.assertFalse(poller.is_alive(), "the long poll did not answer within 10 s of the enqueue")
        self.assertNotIn("error", result)
        self.assertEqual([j.id for j in result["jobs"]], [job["id"]])
        self.assertLess(result["at"] - enqueued_at, 2.0)
        claimed = result["jobs"][0]
        self.assertEqual(self.client.complete(claimed.id, claimed.token), "succeeded")

    def test_a_long_poll_with_no_job_answers_none_after_wait_ms(self) -> None:
        queue = q("longpoll")
        self.drain(queue)
        began = time.monotonic()
        jobs, meta = self.client.claim(queue, self.worker_id, max=1, wait_ms=1500)
        elapsed = time.monotonic() - began
        self.assertEqual(jobs, [])
        self.assertGreater(meta.heartbeat_ms, 0)
        self.assertGreaterEqual(elapsed, 1.3)

    def test_errors_of_the_service_are_decoded(self) -> None:
        with self.assertRaises(ApiError) as caught:
            self.client.claim(f"{PREFIX}.not-served", self.worker_id)
        self.assertEqual((caught.exception.status, caught.exception.code), (400, "invalid_job"))
        self.assertEqual([e.get("field") for e in caught.exception.errors], ["queue"])
        with self.assertRaises(ApiError) as caught:
            self.client.claim(q("errors"), {"id": "has spaces"})
        self.assertEqual(caught.exception.status, 400)
        self.assertTrue(any("worker" in str(e.get("field")) for e in caught.exception.errors), caught.exception.errors)
        with self.assertRaises(ApiError) as caught:
            self.client.complete("no-such-queue-made-by-claimq", 1)
        self.assertEqual(caught.exception.status, 404, caught.exception)
        self.assertNotIsInstance(caught.exception, StaleLeaseError)


if __name__ == "__main__":
    unittest.main()
