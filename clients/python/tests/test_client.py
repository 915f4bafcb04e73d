"""Client against a scripted stub on 127.0.0.1: request bodies, reply decoding, errors, retries, long-poll timeouts, aborts."""

from __future__ import annotations

import socket
import threading
import time
import unittest

from _support import Reply, Stub, error_body, job_json

from claimq import Abort, Aborted, ApiError, CancelledLease, Client, Settlement, StaleLeaseError, TransportError, WorkerInfo


class ClientTests(unittest.TestCase):
    def setUp(self) -> None:
        self.stub = Stub()
        self.client = Client(self.stub.url, api_key="secret-key-0123456789", timeout=5, retries=3, backoff=0.01, max_backoff=0.05)

    def make_client(self, url: str, **options: object) -> Client:
        client = Client(url, **options)  # type: ignore[arg-type]
        self.addCleanup(client.close)
        return client

    def tearDown(self) -> None:
        self.client.close()
        self.stub.close()

    def test_claim_sends_the_worker_and_decodes_jobs_and_lease_settings(self) -> None:
        self.stub.script.append(
            Reply(200, {
                "jobs": [{"job": job_json("q-01A", payload={"n": 1}), "token": 7, "leaseExpiresAt": "2026-11-28T17:40:00.000Z", "traceparent": "00-abc-def-01", "parents": {"split": {"parts": 2}}}],
                "leaseMs": 5000,
                "heartbeatMs": 1000,
            })
        )
        info = WorkerInfo(id="box-1-42-abcd", host="box-1", pid=42, concurrency=8)
        jobs, meta = self.client.claim("q", info, max=5, types=["t"], wait_ms=0)
        request = self.stub.requests[0]
        self.assertEqual(request.method, "POST")
        self.assertEqual(request.path, "/queues/q/claims")
        self.assertEqual(request.headers["authorization"], "Bearer secret-key-0123456789")
        self.assertEqual(request.headers["content-type"], "application/json")
        self.assertEqual(request.body["worker"], {"id": "box-1-42-abcd", "host": "box-1", "pid": 42, "language": "python", "version": info.version, "concurrency": 8})
        self.assertEqual(request.body["max"], 5)
        self.assertEqual(request.body["types"], ["t"])
        self.assertEqual(request.body["waitMs"], 0)
        self.assertEqual(len(jobs), 1)
        job = jobs[0]
        self.assertEqual((job.id, job.token, job.payload, job.attempts, job.timeout_ms), ("q-01A", 7, {"n": 1}, 1, 30_000))
        self.assertEqual(job.traceparent, "00-abc-def-01")
        self.assertEqual(job.parents, {"split": {"parts": 2}})
        self.assertEqual(job.lease_expires_at.year, 2026)
        self.assertFalse(job.cancelled.is_set())
        self.assertEqual((meta.lease_ms, meta.heartbeat_ms), (5000, 1000))

    def test_a_worker_id_alone_is_a_worker(self) -> None:
        self.stub.script.append(Reply(200, {"jobs": [], "leaseMs": 1, "heartbeatMs": 1}))
        jobs, _ = self.client.claim("q", "w-1")
        self.assertEqual(jobs, [])
        self.assertEqual(self.stub.requests[0].body, {"worker": {"id": "w-1"}, "max": 1, "waitMs": 0})

    def test_heartbeat_names_every_lease_and_decodes_cancelled_and_stale(self) -> None:
        self.stub.script.append(Reply(200, {"cancelled": ["a"], "stale": ["b"], "leaseExpiresAt": "2026-11-28T17:45:00.000Z"}))
        result = self.client.heartbeat("w-1", ["q"], [("a", 1), {"id": "b", "token": 2}], {"host": "h", "concurrency": 3})
        body = self.stub.requests[0].body
        self.assertEqual(self.stub.requests[0].path, "/workers/w-1/heartbeat")
        self.assertEqual(body, {"queues": ["q"], "leases": [{"id": "a", "token": 1}, {"id": "b", "token": 2}], "info": {"host": "h", "concurrency": 3}})
        self.assertEqual(result.cancelled, ["a"])
        self.assertEqual(result.stale, ["b"])
        self.assertEqual(result.lease_expires_at.minute, 45)

    def test_cancels_polls_for_the_worker_and_decodes_each_lease(self) -> None:
        self.stub.script.append(Reply(200, {"cancelled": [{"id": "emails-01J", "token": 7}, {"id": "emails-01K", "token": 2}]}))
        cancelled = self.client.cancels("w 1", 25_000)
        request = self.stub.requests[0]
        self.assertEqual((request.method, request.path, request.body), ("GET", "/workers/w%201/cancels?waitMs=25000", None))
        self.assertEqual(request.headers["authorization"], "Bearer secret-key-0123456789")
        self.assertNotIn("content-type", request.headers)
        self.assertEqual(cancelled, [CancelledLease("emails-01J", 7), CancelledLease("emails-01K", 2)])
        self.assertEqual((cancelled[0].id, cancelled[0].token), ("emails-01J", 7))
        self.assertEqual(cancelled[1], ("emails-01K", 2))

    def test_cancels_answers_none_once_wait_ms_passes(self) -> None:
        client = self.make_client(self.stub.url, timeout=0.3, retries=0, long_poll_margin=1.0)
        self.stub.script.append(Reply(200, {"cancelled": []}, delay=1.0))
        self.assertEqual(client.cancels("w", 1000), [])
        self.assertEqual(self.stub.requests[0].path, "/workers/w/cancels?waitMs=1000")

    def test_cancels_is_retried_like_the_other_calls_and_a_404_is_not(self) -> None:
        self.stub.script.extend([
            Reply(503, error_body(503, "store_unavailable", "down"), {"Retry-After": "0"}),
            Reply(200, {"cancelled": [{"id": "a", "token": 1}]}),
            Reply(404, error_body(404, "not_found", "Cannot GET /workers/w/cancels")),
        ])
        self.assertEqual(self.client.cancels("w"), [("a", 1)])
        with self.assertRaises(ApiError) as caught:
            self.client.cancels("w")
        self.assertEqual(caught.exception.status, 404)
        self.assertEqual([r.path for r in self.stub.requests], ["/workers/w/cancels?waitMs=0"] * 3)

    def test_a_cancels_reply_that_is_not_the_protocols_is_a_bad_reply(self) -> None:
        for body in ({"jobs": []}, {"cancelled": [{"id": "a"}]}, {"cancelled": [{"id": "a", "token": True}]}):
            self.stub.script.append(Reply(200, body))
            with self.assertRaises(ApiError) as caught:
                self.client.cancels("w")
            self.assertEqual((caught.exception.status, caught.exception.code), (200, "bad_reply"))

    def test_an_abort_ends_a_cancel_poll_at_once(self) -> None:
        held = threading.Event()
        self.addCleanup(held.set)
        self.stub.script.append(Reply(200, {"cancelled": []}, hold=held))
        abort = Abort()
        threading.Timer(0.2, abort.abort).start()
        with self.assertRaises(Aborted):
            self.client.cancels("w", 25_000, abort=abort)

    def test_settle_calls_send_their_fields(self) -> None:
        self.stub.respond = lambda r: Reply(200, {"id": r.path.split("/")[2], "status": "scheduled"})
        self.assertEqual(self.client.complete("q-1", 3, {"ok": True}), "scheduled")
        self.assertEqual(self.client.complete("q-2", 4), "scheduled")
        self.assertEqual(self.client.fail("q-3", 5, "boom", retryable=False, retry_in_ms=100, stack="trace"), "scheduled")
        self.assertEqual(self.client.release("q 4/x", 6), "scheduled")
        bodies = [(r.path, r.body) for r in self.stub.requests]
        self.assertEqual(bodies, [
            ("/jobs/q-1/complete", {"token": 3, "result": {"ok": True}}),
            ("/jobs/q-2/complete", {"token": 4}),
            ("/jobs/q-3/fail", {"token": 5, "error": "boom", "retryable": False, "retryInMs": 100, "stack": "trace"}),
            ("/jobs/q%204%2Fx/release", {"token": 6}),
        ])

    def test_settle_many_answers_each_in_order(self) -> None:
        self.stub.script.append(Reply(200, {"results": [{"id": "a", "status": "succeeded"}, {"id": "b", "status": "stale"}, {"id": "c", "status": "pending"}]}))
        answers = self.client.settle([
            Settlement.succeeded("a", 1, [1, 2]),
            Settlement.failed("b", 2, "bad", retryable=True, retry_in_ms=50),
            {"id": "c", "token": 3, "status": "released"},
        ])
        self.assertEqual(answers, [("a", "succeeded"), ("b", "stale"), ("c", "pending")])
        self.assertEqual(self.stub.requests[0].body, {"results": [
            {"id": "a", "token": 1, "status": "succeeded", "result": [1, 2]},
            {"id": "b", "token": 2, "status": "failed", "error": "bad", "retryable": True, "retryInMs": 50},
            {"id": "c", "token": 3, "status": "released"},
        ]})
        with self.assertRaises(ValueError):
            self.client.settle([])

    def test_a_409_stale_raises_stale_lease_error(self) -> None:
        self.stub.script.append(Reply(409, error_body(409, "stale", "job q-1: the lease is stale")))
        with self.assertRaises(StaleLeaseError) as caught:
            self.client.complete("q-1", 1)
        err = caught.exception
        self.assertIsInstance(err, ApiError)
        self.assertEqual((err.status, err.code), (409, "stale"))
        self.assertIn("stale", err.message)
        self.assertEqual(len(self.stub.requests), 1)

    def test_another_409_is_an_api_error(self) -> None:
        self.stub.script.append(Reply(409, error_body(409, "invalid_transition", "finished")))
        with self.assertRaises(ApiError) as caught:
            self.client.release("q-1", 1)
        self.assertNotIsInstance(caught.exception, StaleLeaseError)
        self.assertEqual(caught.exception.code, "invalid_transition")

    def test_a_400_names_each_field_and_is_not_retried(self) -> None:
        errors = [{"field": "max", "reason": "must not be greater than 1000"}, {"field": "worker.id", "reason": "must match"}]
        self.stub.script.append(Reply(400, error_body(400, "invalid_job", "invalid fields", errors)))
        with self.assertRaises(ApiError) as caught:
            self.client.heartbeat("w", [], [])
        err = caught.exception
        self.assertEqual((err.status, err.code, err.message), (400, "invalid_job", "invalid fields"))
        self.assertEqual(err.errors, errors)
        self.assertIsNone(err.retry_after)
        self.assertIn("worker.id must match", str(err))
        self.assertEqual(len(self.stub.requests), 1)

    def test_401_403_404_413_are_api_errors(self) -> None:
        for status, code in ((401, "unauthorized"), (403, "forbidden"), (404, "job_not_found"), (413, "payload_too_large")):
            self.stub.script.append(Reply(status, error_body(status, code, f"nope {status}")))
            with self.assertRaises(ApiError) as caught:
                self.client.complete("q-1", 1, {"x": 1})
            self.assertEqual((caught.exception.status, caught.exception.code), (status, code))
        self.assertEqual(len(self.stub.requests), 4)

    def test_a_503_is_retried_after_retry_after(self) -> None:
        self.stub.script.extend([
            Reply(503, error_body(503, "store_unavailable", "the job store is unavailable"), {"Retry-After": "1"}),
            Reply(200, {"id": "q-1", "status": "succeeded"}),
        ])
        began = time.monotonic()
        self.assertEqual(self.client.complete("q-1", 1), "succeeded")
        self.assertGreaterEqual(time.monotonic() - began, 0.95)
        self.assertEqual(len(self.stub.requests), 2)

    def test_a_503_past_the_retries_raises_with_retry_after(self) -> None:
        client = self.make_client(self.stub.url, retries=2, backoff=0.01)
        self.stub.respond = lambda r: Reply(503, error_body(503, "store_unavailable", "down"), {"Retry-After": "0"})
        with self.assertRaises(ApiError) as caught:
            client.settle([Settlement.released("q-1", 1)])
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.retry_after), (503, "store_unavailable", 0.0))
        self.assertEqual(len(self.stub.requests), 3)

    def test_an_error_body_that_is_not_json_keeps_its_text(self) -> None:
        client = self.make_client(self.stub.url, retries=0)
        self.stub.script.append(Reply(502, raw=b"Bad Gateway from the proxy"))
        with self.assertRaises(ApiError) as caught:
            client.complete("q-1", 1)
        self.assertEqual((caught.exception.status, caught.exception.code, caught.exception.message), (502, None, "Bad Gateway from the proxy"))

    def test_connection_errors_are_retried_then_raised(self) -> None:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = sock.getsockname()[1]
        client = self.make_client(f"http://127.0.0.1:{port}", retries=2, backoff=0.01)
        with self.assertRaises(TransportError):
            client.heartbeat("w", [], [])

    def test_a_dropped_connection_then_a_reply_succeeds(self) -> None:
        client = self.make_client(self.stub.url, retries=2, backoff=0.01)
        self.stub.script.extend([Reply(drop=True), Reply(200, {"id": "a", "status": "pending"})])
        self.assertEqual(client.release("a", 1), "pending")
        self.assertEqual(len(self.stub.requests), 2)

    def test_a_long_poll_waits_past_the_client_timeout(self) -> None:
        client = self.make_client(self.stub.url, timeout=0.3, retries=0, long_poll_margin=1.0)
        self.stub.script.append(Reply(200, {"jobs": [], "leaseMs": 5000, "heartbeatMs": 1000}, delay=1.0))
        jobs, meta = client.claim("q", "w", wait_ms=1000)
        self.assertEqual(jobs, [])
        self.assertEqual(meta.heartbeat_ms, 1000)
        self.assertEqual(self.stub.requests[0].body["waitMs"], 1000)

    def test_other_calls_time_out_after_the_client_timeout(self) -> None:
        client = self.make_client(self.stub.url, timeout=0.3, retries=0)
        self.stub.script.append(Reply(200, {"id": "a", "status": "pending"}, delay=1.5))
        began = time.monotonic()
        with self.assertRaises(TransportError):
            client.release("a", 1)

    def test_an_abort_ends_a_long_poll_at_once(self) -> None:
        self.stub.script.append(Reply(200, {"jobs": [], "leaseMs": 5000, "heartbeatMs": 1000}, delay=5.0))
        abort = Abort()
        threading.Timer(0.2, abort.abort).start()
        began = time.monotonic()
        with self.assertRaises(Aborted):
            self.client.claim("q", "w", wait_ms=5000, abort=abort)
        with self.assertRaises(Aborted):
            self.client.claim("q", "w", abort=abort)

    def test_an_abort_ends_the_pause_between_retries(self) -> None:
        self.stub.respond = lambda r: Reply(503, error_body(503, "store_unavailable", "down"), {"Retry-After": "30"})
        abort = Abort()
        threading.Timer(0.3, abort.abort).start()
        with self.assertRaises(Aborted):
            self.client.claim("q", "w", abort=abort)

    def test_keep_alive_connections_are_reused_and_a_closed_one_is_replaced(self) -> None:
        client = self.make_client(self.stub.url, retries=0)
        self.stub.script.extend([
            Reply(200, {"id": "a", "status": "pending"}),
            Reply(200, {"id": "a", "status": "pending"}, close_after=True),
            Reply(200, {"id": "a", "status": "pending"}),
        ])
        for _ in range(3):
            # the third call meets the connection the server dropped: it is replaced, not an error
            self.assertEqual(client.release("a", 1), "pending")
        self.assertEqual(len(self.stub.requests), 3)

    def test_a_base_url_path_prefix_is_kept(self) -> None:
        client = self.make_client(self.stub.url + "/claimq/", retries=0)
        self.stub.script.append(Reply(200, {"id": "a", "status": "pending"}))
        client.release("a", 1)
        self.assertEqual(self.stub.requests[0].path, "/claimq/jobs/a/release")
        self.assertNotIn("authorization", self.stub.requests[0].headers)

    def test_arguments_out_of_range_are_refused_before_sending(self) -> None:
        with self.assertRaises(ValueError):
            self.client.claim("q", "w", max=0)
        with self.assertRaises(ValueError):
            self.client.claim("q", "w", wait_ms=30_001)
        with self.assertRaises(ValueError):
            self.client.cancels("w", 30_001)
        with self.assertRaises(ValueError):
            self.client.cancels("w", -1)
        with self.assertRaises(ValueError):
            Client("ftp://x")
        self.assertEqual(self.stub.requests, [])


if __name__ == "__main__":
    unittest.main()
