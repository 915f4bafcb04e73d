package claimq

import (
	"encoding/json"
	"fmt"
	"time"
)

// Job is a job as GET /jobs/{id} shows it.
type Job struct {
	ID              string          `json:"id"`
	Queue           string          `json:"queue"`
	Type            string          `json:"type"`
	Payload         json.RawMessage `json:"payload,omitempty"`
	Status          string          `json:"status"`
	Priority        int             `json:"priority"`
	Attempts        int             `json:"attempts"`
	MaxAttempts     int             `json:"maxAttempts"`
	Backoff         Backoff         `json:"backoff"`
	TimeoutMs       int64           `json:"timeoutMs"`
	RunAt           time.Time       `json:"runAt"`
	CreatedAt       time.Time       `json:"createdAt"`
	UpdatedAt       time.Time       `json:"updatedAt"`
	StartedAt       *time.Time      `json:"startedAt,omitempty"`
	FinishedAt      *time.Time      `json:"finishedAt,omitempty"`
	WorkerID        string          `json:"workerId,omitempty"`
	Result          json.RawMessage `json:"result,omitempty"`
	LastError       string          `json:"lastError,omitempty"`
	LastErrorStack  string          `json:"lastErrorStack,omitempty"`
	IdempotencyKey  string          `json:"idempotencyKey,omitempty"`
	CallbackURL     string          `json:"callbackUrl,omitempty"`
	ExecutionID     string          `json:"executionId,omitempty"`
	Group           string          `json:"group,omitempty"`
	CancelRequested bool            `json:"cancelRequested,omitempty"`
}

// DecodePayload unmarshals the job's payload into v.
func (j *Job) DecodePayload(v any) error {
	if len(j.Payload) == 0 {
		return fmt.Errorf("claimq: job %s has no payload", j.ID)
	}
	return json.Unmarshal(j.Payload, v)
}

// Backoff is a job's retry backoff.
type Backoff struct {
	Strategy   string `json:"strategy"`
	DelayMs    int64  `json:"delayMs"`
	MaxDelayMs int64  `json:"maxDelayMs,omitempty"`
}

// Job statuses, as settles answer them.
const (
	StatusPending   = "pending"
	StatusScheduled = "scheduled"
	StatusRunning   = "running"
	StatusSucceeded = "succeeded"
	StatusFailed    = "failed"
	StatusCancelled = "cancelled"
	// StatusStale is what POST /settlements answers for a result whose token was not current.
	StatusStale = "stale"
)

// WorkerInfo is what a worker says about itself; GET /workers and the dashboard show it. Every
// field is optional.
type WorkerInfo struct {
	Host        string `json:"host,omitempty"`
	PID         int    `json:"pid,omitempty"`
	Language    string `json:"language,omitempty"`
	Version     string `json:"version,omitempty"`
	Concurrency int    `json:"concurrency,omitempty"`
}

// ClaimRequest is the body of POST /queues/{queue}/claims.
type ClaimRequest struct {
	// WorkerID is required: 1 to 100 characters of A-Z a-z 0-9 _ . : -, unique per worker process.
	WorkerID string
	Worker   WorkerInfo
	// Max is the most jobs the claim takes, 1 to 1,000; 0 means 1.
	Max int
	// Types are the job types the worker runs (up to 100); nil means every type but "http".
	Types []string
	// WaitMs is how long the request waits for a job when none is ready (a long poll), 0 to
	// 30,000.
	WaitMs int
}

// MarshalJSON writes the wire form, the worker's id inside "worker".
func (r ClaimRequest) MarshalJSON() ([]byte, error) {
	type worker struct {
		ID string `json:"id"`
		WorkerInfo
	}
	return json.Marshal(struct {
		Worker worker   `json:"worker"`
		Max    int      `json:"max,omitempty"`
		Types  []string `json:"types,omitempty"`
		WaitMs int      `json:"waitMs,omitempty"`
	}{worker{r.WorkerID, r.Worker}, r.Max, r.Types, r.WaitMs})
}

// ClaimedJob is one job of a claim: the job, the claim's fencing token (every heartbeat and settle
// of the job presents it) and its lease.
type ClaimedJob struct {
	Job            Job       `json:"job"`
	Token          int64     `json:"token"`
	LeaseExpiresAt time.Time `json:"leaseExpiresAt"`
	// Traceparent and Tracestate are the W3C trace context the job was enqueued under (tracing on).
	Traceparent string `json:"traceparent,omitempty"`
	Tracestate  string `json:"tracestate,omitempty"`
	// Parents holds, for a job of an execution's graph (dependsOn), its parents' results by their
	// keys, as JSON; a parent that ended without succeeding (onParentFailure "run") is absent.
	Parents map[string]json.RawMessage `json:"parents,omitempty"`
}

// Lease names a job a worker holds, by the token of its claim.
func (c ClaimedJob) Lease() Lease { return Lease{ID: c.Job.ID, Token: c.Token} }

// ClaimMeta is what a claim's reply says beside its jobs.
type ClaimMeta struct {
	// LeaseMs is how long a lease lasts from a claim or a heartbeat.
	LeaseMs int64 `json:"leaseMs"`
	// HeartbeatMs is how often the worker should send a heartbeat.
	HeartbeatMs int64 `json:"heartbeatMs"`
}

// Lease is a job held by a worker, and the token of the claim that handed it out. Cancels answers
// leases too: the jobs a cancel was asked of, each with the token it ran under then.
type Lease struct {
	ID    string `json:"id"`
	Token int64  `json:"token"`
}

// HeartbeatRequest is the body of POST /workers/{workerId}/heartbeat.
type HeartbeatRequest struct {
	// Queues are the queues the worker claims from: it stays registered in them while idle.
	Queues []string `json:"queues"`
	// Leases is every lease the worker holds now (up to 10,000). A lease the service records for
	// the worker that is not named here is released.
	Leases []Lease     `json:"leases"`
	Info   *WorkerInfo `json:"info,omitempty"`
	// Final marks the worker's last heartbeat: every lease it does not name is released at once,
	// however recent its claim (one its shutdown cut short), and it leaves GET /workers.
	Final bool `json:"final,omitempty"`
}

// HeartbeatResult is a heartbeat's reply.
type HeartbeatResult struct {
	// Cancelled are jobs whose cancel was asked for: stop them and settle them (a fail records
	// the cancel).
	Cancelled []string `json:"cancelled"`
	// Stale are leases that are no longer the worker's: stop the jobs and drop their results.
	Stale []string `json:"stale"`
	// LeaseExpiresAt is when the renewed leases end unless renewed again.
	LeaseExpiresAt time.Time `json:"leaseExpiresAt"`
}

// Failure describes a failed attempt.
type Failure struct {
	// Error says what went wrong (the service keeps its first 2,000 characters).
	Error string
	// Permanent fails the job for good, even with attempts left (retryable false).
	Permanent bool
	// RetryIn, when not nil, overrides the job's backoff for this retry (0: at once).
	RetryIn *time.Duration
	// Stack is kept as the job's lastErrorStack.
	Stack string
}

// Settlement kinds.
const (
	SettleSucceeded = "succeeded"
	SettleFailed    = "failed"
	SettleReleased  = "released"
)

// Settlement is one result of POST /settlements; build it with Succeeded, Failed or Released.
type Settlement struct {
	ID    string
	Token int64
	// Kind is SettleSucceeded, SettleFailed or SettleReleased.
	Kind string
	// Result is the job's result when it succeeded: any value encoding/json takes, or a
	// json.RawMessage.
	Result any
	// Failure describes the attempt when it failed.
	Failure Failure
}

// Succeeded settles a job as done with its result.
func Succeeded(lease Lease, result any) Settlement {
	return Settlement{ID: lease.ID, Token: lease.Token, Kind: SettleSucceeded, Result: result}
}

// Failed settles a job's attempt as failed.
func Failed(lease Lease, f Failure) Settlement {
	return Settlement{ID: lease.ID, Token: lease.Token, Kind: SettleFailed, Failure: f}
}

// Released gives a job back unrun, its attempt not spent.
func Released(lease Lease) Settlement {
	return Settlement{ID: lease.ID, Token: lease.Token, Kind: SettleReleased}
}

// maxRetryInMs is the longest retryInMs the service takes: 30 days.
const maxRetryInMs = 30 * 24 * 3600 * 1000

// MarshalJSON writes the wire form of a settlement.
func (s Settlement) MarshalJSON() ([]byte, error) {
	return json.Marshal(s.wire(true))
}

type settlementWire struct {
	ID        string  `json:"id,omitempty"`
	Token     *int64  `json:"token,omitempty"`
	Status    string  `json:"status,omitempty"`
	Result    any     `json:"result,omitempty"`
	Error     *string `json:"error,omitempty"`
	Retryable *bool   `json:"retryable,omitempty"`
	RetryInMs *int64  `json:"retryInMs,omitempty"`
	Stack     string  `json:"stack,omitempty"`
}

// wire is the settlement's JSON object: with its id and status for POST /settlements, without
// them for POST /jobs/{id}/complete|fail|release.
func (s Settlement) wire(batch bool) settlementWire {
	token := s.Token
	w := settlementWire{Token: &token}
	if batch {
		w.ID, w.Status = s.ID, s.Kind
	}
	switch s.Kind {
	case SettleSucceeded:
		w.Result = s.Result
	case SettleFailed:
		msg := s.Failure.Error
		w.Error = &msg
		if s.Failure.Permanent {
			f := false
			w.Retryable = &f
		}
		if s.Failure.RetryIn != nil {
			ms := s.Failure.RetryIn.Milliseconds()
			if ms < 0 {
				ms = 0
			} else if ms > maxRetryInMs {
				ms = maxRetryInMs
			}
			w.RetryInMs = &ms
		}
		w.Stack = s.Failure.Stack
	}
	return w
}

// SettleResult is the outcome of one settlement: the job's status after it (succeeded,
// scheduled, failed, cancelled or pending), or "stale" when its token was not current and
// nothing was recorded.
type SettleResult struct {
	ID     string `json:"id"`
	Status string `json:"status"`
}
