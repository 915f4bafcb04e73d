#!/usr/bin/env python3
"""An example claimq worker: runs one queue's jobs until SIGTERM or SIGINT, then drains.

Configured by the environment:

    CLAIMQ_URL               the service (default http://127.0.0.1:3000)
    CLAIMQ_API_KEY           a write key or a worker key, when the service has API keys on
    CLAIMQ_QUEUE             the queue to run (default "default")
    CLAIMQ_CONCURRENCY       jobs at once (default 10)
    CLAIMQ_EXAMPLE_SLEEP_MS  how long each job takes (default 0)

Each job's result is its payload. One line ``processed <jobId>`` goes to stdout per job whose
completion the service recorded; logs go to stderr.
"""

import logging
import os
import sys
import threading

# run from a checkout without installing the package
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from claimq import ClaimedJob, Client, Worker  # noqa: E402


def main() -> int:
    logging.basicConfig(level=logging.INFO, stream=sys.stderr, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    client = Client(os.environ.get("CLAIMQ_URL", "http://127.0.0.1:3000"), api_key=os.environ.get("CLAIMQ_API_KEY") or None)
    sleep_s = int(os.environ.get("CLAIMQ_EXAMPLE_SLEEP_MS", "0")) / 1000.0
    out = threading.Lock()

    def handle(job: ClaimedJob) -> object:
        # wait on the job's cancelled event rather than time.sleep: a cancel, a lost lease or
        # the end of the shutdown grace stops the job at once
        if sleep_s > 0 and job.cancelled.wait(sleep_s):
            return None  # stopped: this result is not recorded
        return job.payload

    def settled(job: ClaimedJob, status: str) -> None:
        if status == "succeeded":
            with out:
                sys.stdout.write(f"processed {job.id}\n")
                sys.stdout.flush()

    worker = Worker(
        client,
        os.environ.get("CLAIMQ_QUEUE", "default"),
        handle,
        concurrency=int(os.environ.get("CLAIMQ_CONCURRENCY", "10")),
        on_settled=settled,
    )
    # blocks until SIGTERM or SIGINT, then stops claiming, lets running jobs finish (up to 30 s),
    # releases the rest and settles every result
    worker.run(install_signal_handlers=True)
    client.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
