"""Worker and its cancel poll against a scripted claimq on 127.0.0.1 (the real Client over HTTP).

The scripted claim reply says to heartbeat every two minutes, and the scripted heartbeats never
tell a cancel: a cancel that stops a job here came through the poll.
"""

from __future__ import annotations

import logging
import threading
import unittest
from typing import Any, Callable, Dict, List, Optional, Set, Tuple

from _support import Recorded, Reply, Stub, error_body, job_json, settlement_status, wait_until

from claimq import ClaimedJob, Client, Worker

WORKER_ID = "w-1"
KEY = "worker-key-0123456789"
POLL_PATH = f"/workers/{WORKER_ID}/cancels?waitMs=25000"


class ScriptedService:
    """claimq for one worker of queue ``q``: claims and cancel polls answer from their scripts in
    turn, then hold until the test ends (long polls with nothing to tell); heartbeats tell only the
    cancels in ``heartbeat_cancels``; settlements answer as the service would. Claims say to
    heartbeat every two minutes, unless a scripted one says otherwise."""

    def __init__(self) -> None:
        self.stub = Stub()
        self.closing = threading.Event()
        # the worker's first claim finds nothing: a heartbeat sent as the worker starts may give
        # that claim up (the worker claims again), and no job of the script is lost with it
        self.claim_replies: List[Reply] = [self.claim([])]
        self.poll_replies: List[Reply] = []
        self.poll_answers: List[Reply] = []
        self.heartbeat_cancels: Set[str] = set()
        # jobs whose cancel was asked: their fail answers "cancelled"
        self.cancel_asked: Set[str] = set()
        self.settled: Dict[str, Dict[str, Any]] = {}
        self.events: List[threading.Event] = [self.closing]
        self.stub.respond = self._respond

    def claim(self, leases: List[Tuple[str, int]], hold: Optional[threading.Event] = None, heartbeat_ms: int = 120_000) -> Reply:
        """A claim's reply handing out these leases (``(id, token)``), held until ``hold`` is set."""
        jobs = [{"job": job_json(job_id), "token": token} for job_id, token in leases]
        return Reply(200, {"jobs": jobs, "leaseMs": 300_000, "heartbeatMs": heartbeat_ms}, hold=hold)

    def event(self) -> threading.Event:
        """An event a held reply waits for; set at close, so that no reply is held past the test."""
        event = threading.Event()
        self.events.append(event)
        return event

    def close(self) -> None:
        for event in self.events:
            event.set()
        self.stub.close()

    @property
    def url(self) -> str:
        return self.stub.url

    def requests(self, method: str, path: str) -> List[Recorded]:
        with self.stub.lock:
            return [r for r in self.stub.requests if r.method == method and r.path == path]

    def polls(self) -> List[Recorded]:
        return self.requests("GET", POLL_PATH)

    def heartbeats(self) -> List[Recorded]:
        return self.requests("POST", f"/workers/{WORKER_ID}/heartbeat")

    def naming(self, job_id: str) -> int:
        """Heartbeats that named the job's lease."""
        return sum(1 for hb in self.heartbeats() if any(lease["id"] == job_id for lease in hb.body["leases"]))

    def _respond(self, request: Recorded) -> Reply:
        # called with the stub's lock held: it only picks the reply (a held one waits outside it)
        if request.path == "/queues/q/claims":
            if self.claim_replies:
                return self.claim_replies.pop(0)
            return self.claim([], hold=self.closing)
        if request.path == POLL_PATH:
            reply = self.poll_replies.pop(0) if self.poll_replies else Reply(200, {"cancelled": []}, hold=self.closing)
            self.poll_answers.append(reply)
            return reply
        if request.path == f"/workers/{WORKER_ID}/heartbeat":
            named = [lease["id"] for lease in request.body["leases"]]
            return Reply(200, {"cancelled": [i for i in named if i in self.heartbeat_cancels], "stale": []})
        if request.path == "/settlements":
            answers = []
            for item in request.body["results"]:
                self.settled[item["id"]] = item
                answers.append({"id": item["id"], "status": settlement_status(item, self.cancel_asked)})
            return Reply(200, {"results": answers})
        return Reply(404, error_body(404, "not_found", f"Cannot {request.method} {request.path}"))


class CancelPollTests(unittest.TestCase):
    def setUp(self) -> None:
        self.service = ScriptedService()
        self.addCleanup(self.service.close)
        self.client = Client(self.service.url, api_key=KEY, timeout=5, retries=2, backoff=0.01, max_backoff=0.05)
        self.addCleanup(self.client.close)
        self.statuses: Dict[str, str] = {}

    def worker(self, handler: Callable[[ClaimedJob], Any], **options: Any) -> Worker:
        options.setdefault("concurrency", 1)
        options.setdefault("shutdown_grace", 5)
        worker = Worker(self.client, "q", handler, worker_id=WORKER_ID, on_settled=lambda job, status: self.statuses.__setitem__(job.id, status), **options)
        # cleanups run last first: the worker stops before the service's held replies are let go
        self.addCleanup(worker.stop, True, 30)
        return worker

    def blocking_handler(self, seen: Dict[str, Any], started: threading.Event) -> Callable[[ClaimedJob], str]:
        def handler(job: ClaimedJob) -> str:
            seen["job"] = job
            started.set()
            seen["set"] = job.cancelled.wait(30)
            seen["reason"] = job.cancel_reason
            return "not recorded"

        return handler

    def test_the_poll_is_sent_only_while_a_job_runs(self) -> None:
        first_job, second_job, answer_first_poll = self.service.event(), self.service.event(), self.service.event()
        self.service.claim_replies += [self.service.claim([("q-1", 7)], hold=first_job), self.service.claim([("q-2", 3)], hold=second_job)]
        self.service.poll_replies = [Reply(200, {"cancelled": []}, hold=answer_first_poll)]
        finish = {"q-1": threading.Event(), "q-2": threading.Event()}

        def handler(job: ClaimedJob) -> str:
            finish[job.id].wait(30)
            return "done"

        worker = self.worker(handler).start()
        # idle, its claim a long poll and its heartbeat sent: no cancel poll
        wait_until(lambda: len(self.service.requests("POST", "/queues/q/claims")) >= 2 and self.service.heartbeats(), what="an idle worker")
        self.assertEqual(self.service.polls(), [])

        first_job.set()
        wait_until(self.service.polls, what="a cancel poll")
        poll = self.service.polls()[0]
        self.assertEqual((poll.method, poll.path, poll.body), ("GET", POLL_PATH, None))
        self.assertEqual(poll.headers["authorization"], f"Bearer {KEY}")

        # the job ends, then the poll answers none: idle again, no other poll
        finish["q-1"].set()
        wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
        answer_first_poll.set()
        wait_until(self.service.poll_answers[0].answered.is_set, what="the poll's answer")
        wait_until(lambda: len(self.service.requests("POST", "/queues/q/claims")) >= 3, what="the next long poll of claims")
        self.assertEqual(len(self.service.polls()), 1)

        # a job runs again: so does a poll
        second_job.set()
        wait_until(lambda: len(self.service.polls()) == 2, what="a second cancel poll")
        finish["q-2"].set()
        wait_until(lambda: "q-2" in self.statuses, what="q-2 settled")
        self.assertTrue(worker.stop(timeout=30))
        self.assertEqual(self.statuses, {"q-1": "succeeded", "q-2": "succeeded"})
        self.assertEqual(len(self.service.polls()), 2)

    def test_a_cancel_from_the_poll_stops_the_job_before_any_heartbeat(self) -> None:
        cancel_now = self.service.event()
        self.service.claim_replies.append(self.service.claim([("q-1", 7)], heartbeat_ms=120_000))
        self.service.poll_replies = [Reply(200, {"cancelled": [{"id": "q-1", "token": 7}]}, hold=cancel_now)]
        seen: Dict[str, Any] = {}
        started = threading.Event()
        worker = self.worker(self.blocking_handler(seen, started)).start()
        self.assertTrue(started.wait(10))
        wait_until(self.service.polls, what="a cancel poll")

        self.service.cancel_asked.add("q-1")
        cancel_now.set()
        wait_until(lambda: "reason" in seen, what="the handler to see the cancel")
        self.assertEqual((seen["set"], seen["reason"]), (True, "cancelled"))
        wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
        self.assertEqual(self.service.settled["q-1"], {"id": "q-1", "token": 7, "status": "failed", "error": "cancelled while running", "retryable": False})
        self.assertEqual(self.statuses["q-1"], "cancelled")
        # no heartbeat here tells a cancel, and none was asked to
        self.assertEqual(self.service.heartbeat_cancels, set())
        self.assertTrue(worker.stop(timeout=30))

    def test_a_cancel_of_another_token_or_job_is_ignored(self) -> None:
        first, second = self.service.event(), self.service.event()
        self.service.claim_replies.append(self.service.claim([("q-1", 7)]))
        self.service.poll_replies = [
            # the job's earlier lease, and a job this worker does not run
            Reply(200, {"cancelled": [{"id": "q-1", "token": 6}, {"id": "q-9", "token": 7}]}, hold=first),
            Reply(200, {"cancelled": [{"id": "q-1", "token": 7}]}, hold=second),
        ]
        seen: Dict[str, Any] = {}
        started = threading.Event()
        worker = self.worker(self.blocking_handler(seen, started)).start()
        self.assertTrue(started.wait(10))
        wait_until(self.service.polls, what="a cancel poll")
        first.set()
        # the next poll goes once the first answer was dealt with: the job still runs
        wait_until(lambda: len(self.service.polls()) == 2, what="a second cancel poll")
        self.assertFalse(seen["job"].cancelled.is_set())
        self.assertEqual(worker.held(), [("q-1", 7)])
        self.assertEqual(self.service.settled, {})

        self.service.cancel_asked.add("q-1")
        second.set()
        wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
        self.assertEqual((seen["set"], seen["reason"]), (True, "cancelled"))
        self.assertEqual(self.statuses["q-1"], "cancelled")
        self.assertTrue(worker.stop(timeout=30))

    def test_a_poll_that_fails_is_sent_again(self) -> None:
        cancel_now = self.service.event()
        self.service.claim_replies.append(self.service.claim([("q-1", 7)]))
        self.service.poll_replies = [
            Reply(500, error_body(500, "internal_error", "boom")),
            Reply(200, {"cancelled": [{"id": "q-1", "token": 7}]}, hold=cancel_now),
        ]
        logger = logging.getLogger("claimq.test.cancels.retry")
        seen: Dict[str, Any] = {}
        started = threading.Event()
        with self.assertLogs(logger, "WARNING") as logs:
            worker = self.worker(self.blocking_handler(seen, started), logger=logger).start()
            self.assertTrue(started.wait(10))
            wait_until(lambda: len(self.service.polls()) == 2, what="the poll sent again")
            self.service.cancel_asked.add("q-1")
            cancel_now.set()
            wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
            self.assertTrue(worker.stop(timeout=30))
        self.assertEqual((seen["set"], seen["reason"]), (True, "cancelled"))
        self.assertEqual(self.statuses["q-1"], "cancelled")
        self.assertEqual(len([m for m in logs.output if "cancel poll failed" in m]), 1, logs.output)

    def test_a_404_stops_polling_and_leaves_cancels_to_the_heartbeat(self) -> None:
        # an older service: no such route. The heartbeat, the fallback, goes every 100 ms from this
        # job's claim on (a heartbeat gives up a claim in flight: none is, while the job runs)
        self.service.claim_replies.append(self.service.claim([("q-1", 7)], heartbeat_ms=100))
        self.service.poll_replies = [Reply(404, error_body(404, "not_found", f"Cannot GET {POLL_PATH}"))]
        logger = logging.getLogger("claimq.test.cancels.404")
        seen: Dict[str, Any] = {}
        started = threading.Event()
        with self.assertLogs(logger, "WARNING") as logs:
            worker = self.worker(self.blocking_handler(seen, started), logger=logger).start()
            self.assertTrue(started.wait(10))
            wait_until(lambda: any("no cancel poll" in m for m in logs.output), what="the 404 logged")
            # the job runs on through several heartbeats, and no other poll goes
            beats = self.service.naming("q-1")
            wait_until(lambda: self.service.naming("q-1") >= beats + 3, what="three more heartbeats")
            self.assertEqual(len(self.service.polls()), 1)
            self.assertFalse(seen["job"].cancelled.is_set())

            self.service.cancel_asked.add("q-1")
            self.service.heartbeat_cancels.add("q-1")
            wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
            self.assertTrue(worker.stop(timeout=30))
        self.assertEqual((seen["set"], seen["reason"]), (True, "cancelled"))
        self.assertEqual(self.statuses["q-1"], "cancelled")
        self.assertEqual(len(self.service.polls()), 1)
        self.assertEqual(len([m for m in logs.output if "no cancel poll" in m]), 1, logs.output)

    def test_stop_gives_up_the_open_poll_of_a_running_job(self) -> None:
        self.service.claim_replies.append(self.service.claim([("q-1", 7)]))
        seen: Dict[str, Any] = {}
        started = threading.Event()
        worker = self.worker(self.blocking_handler(seen, started), shutdown_grace=0).start()
        self.assertTrue(started.wait(10))
        wait_until(self.service.polls, what="a cancel poll")
        # the poll is held until the test ends: stop returns without its answer
        self.assertTrue(worker.stop(timeout=30))
        self.assertFalse(self.service.poll_answers[0].answered.is_set())
        self.assertEqual(self.service.settled["q-1"]["status"], "released")
        wait_until(lambda: "reason" in seen, what="the handler's return")
        self.assertEqual(seen["reason"], "shutdown")
        self.assertEqual(len(self.service.polls()), 1)

    def test_stop_gives_up_a_poll_left_open_after_the_last_job(self) -> None:
        self.service.claim_replies.append(self.service.claim([("q-1", 7)]))
        # the job ends once its poll is open
        worker = self.worker(lambda job: wait_until(self.service.polls, what="a cancel poll")).start()
        wait_until(lambda: "q-1" in self.statuses, what="q-1 settled")
        # the poll opened while q-1 ran is still held: stop returns without its answer
        self.assertTrue(worker.stop(timeout=30))
        self.assertFalse(self.service.poll_answers[0].answered.is_set())
        self.assertEqual(self.statuses, {"q-1": "succeeded"})
        self.assertEqual(len(self.service.polls()), 1)


if __name__ == "__main__":
    unittest.main()
