"""claimq: the Python client of claimq's remote-worker protocol (docs/remote-workers.md).

:class:`Client` makes the protocol's calls (claim, heartbeat, cancels, complete, fail, release, settle);
:class:`Worker` runs a queue's jobs on threads with it. Standard library only.
"""

import logging

from ._version import __version__
from .client import Abort, Client
from .errors import Aborted, ApiError, ClaimqError, PermanentError, RetryLater, StaleLeaseError, TransportError
from .types import CancelledLease, ClaimedJob, ClaimMeta, HeartbeatResult, Settlement, WorkerInfo
from .worker import Worker, default_worker_id

# a library logs, the application decides where to (logging.basicConfig, say)
logging.getLogger("claimq").addHandler(logging.NullHandler())

__all__ = [
    "Abort",
    "Aborted",
    "ApiError",
    "CancelledLease",
    "ClaimMeta",
    "ClaimedJob",
    "ClaimqError",
    "Client",
    "HeartbeatResult",
    "PermanentError",
    "RetryLater",
    "Settlement",
    "StaleLeaseError",
    "TransportError",
    "Worker",
    "WorkerInfo",
    "__version__",
    "default_worker_id",
]
