package claimq

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// The tests below run against a real claimq service at CLAIMQ_URL (with CLAIMQ_API_KEY, a write
// key, when keys are on). Each uses its own queue, CLAIMQ_QUEUE_PREFIX + one of integrationQueues,
// all of which the service must accept (QUEUES). test/clients/go-client.spec.ts starts such a
// service and runs them.
//
// The service must run MODE=api (its own workers would claim these queues' jobs and hand them
// back), with LEASE_MS of at most 10 s and a short REAPER_INTERVAL_MS for the lease test, and
// with API keys on: CLAIMQ_API_KEY a write key (API_KEYS), CLAIMQ_WORKER_KEY a worker key for the
// "keys" and "cancelpoll" queues only (API_KEYS_WORKER=<key>@<prefix>keys|<prefix>cancelpoll).
//
// The cancel poll's test runs against a second service at CLAIMQ_LONG_HEARTBEAT_URL, the same but
// for a HEARTBEAT_MS of 120,000 (and the default LEASE_MS): no heartbeat tells a cancel while the
// test runs.

// integrationQueues are the queue names (after CLAIMQ_QUEUE_PREFIX) these tests use.
var integrationQueues = []string{"drain", "protocol", "fail", "retry", "cancel", "poll", "shutdown", "lease", "stale", "example", "keys", "cancelpoll"}

const defaultQueuePrefix = "gotest."

func queuePrefix() string {
	if p, ok := os.LookupEnv("CLAIMQ_QUEUE_PREFIX"); ok {
		return p
	}
	return defaultQueuePrefix
}

func requiredQueues() string {
	names := make([]string, len(integrationQueues))
	for i, q := range integrationQueues {
		names[i] = queuePrefix() + q
	}
	return strings.Join(names, ",")
}

func serviceHint() string {
	return fmt.Sprintf("Start one with MODE=api QUEUES=%s HEARTBEAT_MS=1000 LEASE_MS=5000 REAPER_INTERVAL_MS=1000 "+
		"API_KEYS=<write key> 'API_KEYS_WORKER=<worker key>@%[2]skeys|%[2]scancelpoll', and set CLAIMQ_URL (e.g. http://127.0.0.1:3000), "+
		"CLAIMQ_API_KEY=<write key>, CLAIMQ_WORKER_KEY=<worker key> and CLAIMQ_QUEUE_PREFIX when not %[3]q; start a second one "+
		"the same but with HEARTBEAT_MS=120000 and no LEASE_MS nor REAPER_INTERVAL_MS (another REDIS_PREFIX), and set "+
		"CLAIMQ_LONG_HEARTBEAT_URL (test/clients/go-client.spec.ts does all of this)", requiredQueues(), queuePrefix(), defaultQueuePrefix)
}

// liveClient is a Client of the service at CLAIMQ_URL; without CLAIMQ_URL the test fails.
func liveClient(t *testing.T) *Client {
	t.Helper()
	base := os.Getenv("CLAIMQ_URL")
	if base == "" {
		t.Fatalf("CLAIMQ_URL is not set: this test runs against a real claimq service. %s", serviceHint())
	}
	return NewClient(base, os.Getenv("CLAIMQ_API_KEY"))
}

func queueFor(t *testing.T, name string) string {
	t.Helper()
	for _, q := range integrationQueues {
		if q == name {
			return queuePrefix() + name
		}
	}
	t.Fatalf("queue %q is not in integrationQueues", name)
	return ""
}

type newJob struct {
	Queue       string `json:"queue"`
	Type        string `json:"type"`
	Payload     any    `json:"payload,omitempty"`
	MaxAttempts int    `json:"maxAttempts,omitempty"`
}

// enqueue adds jobs of one queue with POST /jobs/bulk and returns their ids.
func enqueue(t *testing.T, c *Client, jobs ...newJob) []string {
	t.Helper()
	var out struct {
		IDs []string `json:"ids"`
	}
	if err := c.request(context.Background(), http.MethodPost, "/jobs/bulk", map[string]any{"jobs": jobs}, &out, 0); err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) && apiErr.Status == http.StatusBadRequest && strings.Contains(apiErr.Message, "QUEUES") {
			t.Fatalf("the service does not accept queue %s: start it with QUEUES=%s (%v)", jobs[0].Queue, requiredQueues(), err)
		}
		t.Fatalf("POST /jobs/bulk: %v", err)
	}
	if len(out.IDs) != len(jobs) {
		t.Fatalf("POST /jobs/bulk answered %d ids for %d jobs", len(out.IDs), len(jobs))
	}
	// what the test leaves unfinished is cancelled (a running job once its lease ends), so that
	// another run against the same service finds the queue empty (the test's worker has stopped
	// by then: cleanups run last in first out)
	ids := out.IDs
	t.Cleanup(func() {
		for _, id := range ids {
			var job Job
			if c.request(context.Background(), http.MethodGet, "/jobs/"+id, nil, &job, 0) == nil && (job.Status == StatusPending || job.Status == StatusScheduled || job.Status == StatusRunning) {
				_ = c.request(context.Background(), http.MethodPost, "/jobs/"+id+"/cancel", nil, &job, 0)
			}
		}
	})
	return ids
}

func getJob(t *testing.T, c *Client, id string) Job {
	t.Helper()
	var job Job
	if err := c.request(context.Background(), http.MethodGet, "/jobs/"+id, nil, &job, 0); err != nil {
		t.Fatalf("GET /jobs/%s: %v", id, err)
	}
	return job
}

func cancelJob(t *testing.T, c *Client, id string) {
	t.Helper()
	var job Job
	if err := c.request(context.Background(), http.MethodPost, "/jobs/"+id+"/cancel", nil, &job, 0); err != nil {
		t.Fatalf("POST /jobs/%s/cancel: %v", id, err)
	}
}

// eventually polls cond until it holds, failing the test with describe() after timeout.
func eventually(t *testing.T, what string, timeout time.Duration, cond func() bool, describe func() string) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			extra := ""
			if describe != nil {
				extra = ": " + describe()
			}
			t.Fatalf("timed out after %s waiting for %s%s", timeout, what, extra)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func jobStatuses(t *testing.T, c *Client, ids []string) map[string]int {
	counts := map[string]int{}
	for _, id := range ids {
		counts[getJob(t, c, id).Status]++
	}
	return counts
}

func testWorkerID(t *testing.T) string {
	return fmt.Sprintf("gotest-%s-%d", strings.NewReplacer("/", "-", "_", "-").Replace(t.Name()), time.Now().UnixNano()%1_000_000_000)
}

func TestLiveWorkerRunsEveryJob(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "drain")
	const total = 200
	jobs := make([]newJob, total)
	for i := range jobs {
		jobs[i] = newJob{Queue: q, Type: "echo", Payload: map[string]int{"i": i}}
	}
	ids := enqueue(t, c, jobs...)

	var mu sync.Mutex
	runs := map[string]int{}
	w := &Worker{Client: c, Queue: q, Types: []string{"echo"}, Concurrency: 16, BatchSize: 8, WaitMs: 2000, Logger: quietLogger(t), WorkerID: testWorkerID(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			mu.Lock()
			runs[job.ID]++
			mu.Unlock()
			time.Sleep(time.Duration(len(job.ID)%5) * time.Millisecond)
			return job.Payload, nil
		}}
	stop, _, runErr := runWorker(t, w)
	eventually(t, "every job to run", 60*time.Second, func() bool {
		mu.Lock()
		defer mu.Unlock()
		return len(runs) == total
	}, func() string { mu.Lock(); defer mu.Unlock(); return fmt.Sprintf("%d of %d ran", len(runs), total) })
	eventually(t, "every job to succeed", 30*time.Second, func() bool { return jobStatuses(t, c, ids)["succeeded"] == total },
		func() string { return fmt.Sprint(jobStatuses(t, c, ids)) })
	stop()
	if err := runErr(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	for i, id := range ids {
		job := getJob(t, c, id)
		want := fmt.Sprintf(`{"i":%d}`, i)
		if job.Status != StatusSucceeded || string(job.Result) != want || job.Attempts != 1 || job.WorkerID != w.WorkerID {
			t.Errorf("job %s: status %s result %s attempts %d worker %q; want succeeded %s 1 %q", id, job.Status, job.Result, job.Attempts, job.WorkerID, want, w.WorkerID)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for id, n := range runs {
		if n != 1 {
			// at least once, not exactly once: report it, it says how often leases were lost
			t.Logf("job %s ran %d times", id, n)
		}
	}
}

func TestLiveClaimHeartbeatAndSettle(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "protocol")
	ctx := context.Background()
	ids := enqueue(t, c, newJob{Queue: q, Type: "p", Payload: map[string]string{"k": "v0"}}, newJob{Queue: q, Type: "p"}, newJob{Queue: q, Type: "p"})
	worker := testWorkerID(t)

	// invalid fields are a 400 naming each
	_, _, err := c.Claim(ctx, q, ClaimRequest{WorkerID: worker, Max: 1001})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || len(apiErr.Errors) == 0 || apiErr.Errors[0].Field != "max" {
		t.Fatalf("claim with max 1001: want a 400 naming max, got %v", err)
	}

	claimed, meta, err := c.Claim(ctx, q, ClaimRequest{WorkerID: worker, Worker: WorkerInfo{Host: "test", Language: "go", Version: Version, Concurrency: 3}, Max: 3})
	if err != nil {
		t.Fatal(err)
	}
	if len(claimed) != 3 || meta.HeartbeatMs <= 0 || meta.LeaseMs < meta.HeartbeatMs {
		t.Fatalf("claim: %d jobs, meta %+v", len(claimed), meta)
	}
	byID := map[string]ClaimedJob{}
	for _, cj := range claimed {
		byID[cj.Job.ID] = cj
		if cj.Job.Status != StatusRunning || cj.Job.Attempts != 1 || cj.Job.Queue != q || cj.Job.Type != "p" || cj.LeaseExpiresAt.IsZero() {
			t.Errorf("claimed job %+v", cj)
		}
	}
	first, second, third := byID[ids[0]], byID[ids[1]], byID[ids[2]]
	if string(first.Job.Payload) != `{"k":"v0"}` {
		t.Errorf("payload %s", first.Job.Payload)
	}

	// complete, then the same again: the same status, nothing changed
	for i := 0; i < 2; i++ {
		status, err := c.Complete(ctx, first.Lease(), map[string]int{"answer": 42})
		if err != nil || status != StatusSucceeded {
			t.Fatalf("complete #%d: %q %v", i+1, status, err)
		}
	}
	if job := getJob(t, c, first.Job.ID); job.Status != StatusSucceeded || string(job.Result) != `{"answer":42}` {
		t.Fatalf("completed job %+v", job)
	}

	// a token that is not current is ErrStale, and records nothing
	wrong := Lease{ID: second.Job.ID, Token: second.Token + 1}
	_, err = c.Complete(ctx, wrong, "late")
	if !errors.Is(err, ErrStale) || !errors.As(err, &apiErr) || apiErr.Status != 409 || apiErr.Code != "stale" {
		t.Fatalf("complete with a wrong token: want ErrStale (409 stale), got %v", err)
	}
	if _, err := c.Fail(ctx, wrong, Failure{Error: "late"}); !errors.Is(err, ErrStale) {
		t.Fatalf("fail with a wrong token: want ErrStale, got %v", err)
	}
	if _, err := c.Release(ctx, wrong); !errors.Is(err, ErrStale) {
		t.Fatalf("release with a wrong token: want ErrStale, got %v", err)
	}
	// a token of a job already settled is stale too
	if _, err := c.Release(ctx, first.Lease()); !errors.Is(err, ErrStale) {
		t.Fatalf("release of a succeeded job: want ErrStale, got %v", err)
	}
	if job := getJob(t, c, second.Job.ID); job.Status != StatusRunning {
		t.Fatalf("a stale settle changed the job: %+v", job)
	}

	// an id claimq cannot have made: 404
	if _, err := c.Complete(ctx, Lease{ID: "no-such-job", Token: 1}, nil); !errors.As(err, &apiErr) || apiErr.Status != 404 {
		t.Fatalf("complete of an unknown id: want 404, got %v", err)
	}

	// heartbeat: the current leases renewed, a wrong token reported stale
	hb, err := c.Heartbeat(ctx, worker, HeartbeatRequest{Queues: []string{q}, Leases: []Lease{second.Lease(), {ID: third.Job.ID, Token: third.Token + 5}, third.Lease()}})
	if err != nil {
		t.Fatal(err)
	}
	if len(hb.Cancelled) != 0 || len(hb.Stale) != 1 || hb.Stale[0] != third.Job.ID || hb.LeaseExpiresAt.IsZero() {
		t.Fatalf("heartbeat reply %+v", hb)
	}

	// a batch: one stale result does not refuse the others
	results, err := c.Settle(ctx, []Settlement{
		Succeeded(second.Lease(), []int{1, 2}),
		Released(Lease{ID: third.Job.ID, Token: third.Token + 1}),
		Succeeded(first.Lease(), "again"),
	})
	if err != nil {
		t.Fatal(err)
	}
	// the last one repeats first's complete with its token: the same status again, nothing changed
	want := []SettleResult{{second.Job.ID, StatusSucceeded}, {third.Job.ID, StatusStale}, {first.Job.ID, StatusSucceeded}}
	for i := range want {
		if results[i] != want[i] {
			t.Fatalf("settle results %+v, want %+v", results, want)
		}
	}
	if job := getJob(t, c, first.Job.ID); string(job.Result) != `{"answer":42}` {
		t.Fatalf("a repeated complete changed the result: %s", job.Result)
	}
	// the same batch again (a lost reply): the same answers
	results2, err := c.Settle(ctx, []Settlement{Succeeded(second.Lease(), []int{1, 2})})
	if err != nil || results2[0] != want[0] {
		t.Fatalf("repeated settle: %+v %v", results2, err)
	}

	// release gives the job back with its attempt
	status, err := c.Release(ctx, third.Lease())
	if err != nil || status != StatusPending {
		t.Fatalf("release: %q %v", status, err)
	}
	if job := getJob(t, c, third.Job.ID); job.Status != StatusPending || job.Attempts != 0 {
		t.Fatalf("released job: status %s attempts %d, want pending 0", job.Status, job.Attempts)
	}
	// docs/remote-workers.md: a repeated release answers stale (the job was given back and may be
	// another worker's already), and changes nothing
	if _, err := c.Release(ctx, third.Lease()); !errors.Is(err, ErrStale) {
		t.Fatalf("repeated release: %v, want ErrStale", err)
	}
	if job := getJob(t, c, third.Job.ID); job.Status != StatusPending || job.Attempts != 0 {
		t.Fatalf("a repeated release changed the job: status %s attempts %d", job.Status, job.Attempts)
	}
	if job := getJob(t, c, second.Job.ID); job.Status != StatusSucceeded || string(job.Result) != `[1,2]` {
		t.Fatalf("job settled in a batch: %+v", job)
	}
}

func TestLiveFailRetryableFalseFailsTheJob(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "fail")
	ctx := context.Background()
	ids := enqueue(t, c, newJob{Queue: q, Type: "f", MaxAttempts: 3}, newJob{Queue: q, Type: "f", MaxAttempts: 3})
	claimed, _, err := c.Claim(ctx, q, ClaimRequest{WorkerID: testWorkerID(t), Max: 2})
	if err != nil || len(claimed) != 2 {
		t.Fatalf("claim: %d jobs, %v", len(claimed), err)
	}
	leases := map[string]Lease{claimed[0].Job.ID: claimed[0].Lease(), claimed[1].Job.ID: claimed[1].Lease()}

	status, err := c.Fail(ctx, leases[ids[0]], Failure{Error: "invalid input", Permanent: true, Stack: "at handler (x.go:1)"})
	if err != nil || status != StatusFailed {
		t.Fatalf("fail with retryable false: %q %v", status, err)
	}
	job := getJob(t, c, ids[0])
	if job.Status != StatusFailed || job.Attempts != 1 || job.LastError != "invalid input" || job.LastErrorStack != "at handler (x.go:1)" {
		t.Fatalf("job failed for good: %+v", job)
	}

	retryIn := time.Hour
	before := time.Now()
	status, err = c.Fail(ctx, leases[ids[1]], Failure{Error: "try later", RetryIn: &retryIn})
	if err != nil || status != StatusScheduled {
		t.Fatalf("fail with retryInMs: %q %v", status, err)
	}
	job = getJob(t, c, ids[1])
	if job.Status != StatusScheduled || job.RunAt.Before(before.Add(59*time.Minute)) || job.RunAt.After(time.Now().Add(61*time.Minute)) {
		t.Fatalf("job retried in an hour: status %s runAt %s", job.Status, job.RunAt)
	}
}

func TestLiveWorkerHandlerErrors(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "retry")
	ids := enqueue(t, c,
		newJob{Queue: q, Type: "permanent", MaxAttempts: 3},
		newJob{Queue: q, Type: "flaky", MaxAttempts: 3},
		newJob{Queue: q, Type: "panics", MaxAttempts: 1},
	)
	var flaky int32
	w := &Worker{Client: c, Queue: q, Concurrency: 3, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			switch job.Type {
			case "permanent":
				return nil, Permanent(fmt.Errorf("payload rejected"))
			case "flaky":
				if atomic.AddInt32(&flaky, 1) == 1 {
					return nil, RetryAfter(errors.New("upstream busy"), 200*time.Millisecond)
				}
				return map[string]int{"attempt": job.Attempts}, nil
			default:
				panic("handler bug")
			}
		}}
	runWorker(t, w)
	eventually(t, "the three jobs to end", 30*time.Second, func() bool {
		s := jobStatuses(t, c, ids)
		return s[StatusSucceeded]+s[StatusFailed] == 3
	}, func() string { return fmt.Sprint(jobStatuses(t, c, ids)) })
	if job := getJob(t, c, ids[0]); job.Status != StatusFailed || job.Attempts != 1 || job.LastError != "payload rejected" {
		t.Errorf("Permanent: %s after %d attempts (%q); want failed after 1", job.Status, job.Attempts, job.LastError)
	}
	if job := getJob(t, c, ids[1]); job.Status != StatusSucceeded || job.Attempts != 2 || string(job.Result) != `{"attempt":2}` {
		t.Errorf("RetryAfter: %s after %d attempts, result %s; want succeeded after 2", job.Status, job.Attempts, job.Result)
	}
	if job := getJob(t, c, ids[2]); job.Status != StatusFailed || job.LastError != "panic: handler bug" || !strings.Contains(job.LastErrorStack, "integration_test.go") {
		t.Errorf("panic: %s %q stack %q", job.Status, job.LastError, job.LastErrorStack)
	}
}

func TestLiveHeartbeatReportsACancel(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "cancel")
	ctx := context.Background()

	// the protocol: a cancel asked for shows in the next heartbeat; a fail records it cancelled
	ids := enqueue(t, c, newJob{Queue: q, Type: "direct"})
	worker := testWorkerID(t)
	claimed, _, err := c.Claim(ctx, q, ClaimRequest{WorkerID: worker, Types: []string{"direct"}})
	if err != nil || len(claimed) != 1 {
		t.Fatalf("claim: %d jobs, %v", len(claimed), err)
	}
	cancelJob(t, c, ids[0])
	hb, err := c.Heartbeat(ctx, worker, HeartbeatRequest{Queues: []string{q}, Leases: []Lease{claimed[0].Lease()}})
	if err != nil || len(hb.Cancelled) != 1 || hb.Cancelled[0] != ids[0] || len(hb.Stale) != 0 {
		t.Fatalf("heartbeat after a cancel: %+v %v", hb, err)
	}
	if status, err := c.Fail(ctx, claimed[0].Lease(), Failure{Error: "cancelled"}); err != nil || status != StatusCancelled {
		t.Fatalf("fail of a cancelled job: %q %v", status, err)
	}

	// the Worker: the cancel poll (or the heartbeat) cancels the handler's context, and the job ends
	// cancelled
	ids = enqueue(t, c, newJob{Queue: q, Type: "worker"})
	started := make(chan struct{})
	stopped := make(chan time.Time, 1)
	w := &Worker{Client: c, Queue: q, Types: []string{"worker"}, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			close(started)
			<-ctx.Done()
			stopped <- time.Now()
			return nil, ctx.Err()
		}}
	runWorker(t, w)
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("the job never started")
	}
	asked := time.Now()
	cancelJob(t, c, ids[0])
	select {
	case at := <-stopped:
		t.Logf("the handler's context was cancelled %s after the cancel", at.Sub(asked).Round(time.Millisecond))
	case <-time.After(20 * time.Second):
		t.Fatal("the handler's context was not cancelled within 20 s of the cancel")
	}
	eventually(t, "the job to be cancelled", 10*time.Second, func() bool { return getJob(t, c, ids[0]).Status == StatusCancelled },
		func() string { return getJob(t, c, ids[0]).Status })
}

// countingTransport counts a worker's heartbeats and cancel polls.
type countingTransport struct{ beats, polls *int32 }

func (c countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	switch {
	case strings.HasSuffix(r.URL.Path, "/heartbeat"):
		atomic.AddInt32(c.beats, 1)
	case strings.HasSuffix(r.URL.Path, "/cancels"):
		atomic.AddInt32(c.polls, 1)
	}
	return http.DefaultTransport.RoundTrip(r)
}

func TestLiveCancelPollStopsAJobBeforeAnyHeartbeat(t *testing.T) {
	t.Parallel()
	base, workerKey := os.Getenv("CLAIMQ_LONG_HEARTBEAT_URL"), os.Getenv("CLAIMQ_WORKER_KEY")
	if base == "" || workerKey == "" {
		t.Fatalf("CLAIMQ_LONG_HEARTBEAT_URL and CLAIMQ_WORKER_KEY must be set for this test. %s", serviceHint())
	}
	c := NewClient(base, os.Getenv("CLAIMQ_API_KEY"))
	q := queueFor(t, "cancelpoll")
	_, meta, err := c.Claim(context.Background(), q, ClaimRequest{WorkerID: testWorkerID(t)})
	if err != nil {
		t.Fatal(err)
	}
	if meta.HeartbeatMs < 60_000 {
		t.Fatalf("the service at CLAIMQ_LONG_HEARTBEAT_URL has HEARTBEAT_MS=%d: this test needs one of at least 60000 (a heartbeat would tell the cancel too)", meta.HeartbeatMs)
	}
	ids := enqueue(t, c, newJob{Queue: q, Type: "block"})

	// the worker, with its worker key, counting its heartbeats and polls
	var beats, polls int32
	wc := NewClient(base, workerKey)
	wc.HTTPClient = &http.Client{Transport: countingTransport{&beats, &polls}}
	started := make(chan struct{})
	stopped := make(chan int32, 1)
	w := &Worker{Client: wc, Queue: q, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t), ShutdownGrace: time.Second,
		Handler: func(ctx context.Context, job *Job) (any, error) {
			close(started)
			<-ctx.Done()
			stopped <- atomic.LoadInt32(&beats) // heartbeats sent by then
			return nil, ctx.Err()
		}}
	stop, _, runErr := runWorker(t, w)
	select {
	case <-started:
	case <-time.After(20 * time.Second):
		t.Fatal("the job never started")
	}
	eventually(t, "a cancel poll", 10*time.Second, func() bool { return atomic.LoadInt32(&polls) > 0 }, nil)

	cancelJob(t, c, ids[0])
	select {
	case n := <-stopped:
		if n != 0 {
			t.Fatalf("%d heartbeats were sent before the handler's context was cancelled: the cancel must come from the poll", n)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the handler's context was not cancelled within 20 s of the cancel")
	}
	eventually(t, "the job to be cancelled", 10*time.Second, func() bool { return getJob(t, c, ids[0]).Status == StatusCancelled },
		func() string { return getJob(t, c, ids[0]).Status })
	stop()
	if err := runErr(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}

func TestLiveLongPollAnswersWhenAJobArrives(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "poll")
	ctx := context.Background()
	worker := testWorkerID(t)

	// nothing comes: the poll answers with none after waitMs
	start := time.Now()
	jobs, _, err := c.Claim(ctx, q, ClaimRequest{WorkerID: worker, WaitMs: 1000})
	if elapsed := time.Since(start); err != nil || len(jobs) != 0 || elapsed < 900*time.Millisecond {
		t.Fatalf("empty long poll: %d jobs after %s, %v", len(jobs), elapsed, err)
	}

	// a job comes: the poll answers at once with it
	type reply struct {
		jobs []ClaimedJob
		err  error
		at   time.Time
	}
	ch := make(chan reply, 1)
	start = time.Now()
	go func() {
		jobs, _, err := c.Claim(ctx, q, ClaimRequest{WorkerID: worker, WaitMs: 25_000})
		ch <- reply{jobs, err, time.Now()}
	}()
	time.Sleep(700 * time.Millisecond)
	enqueuedAt := time.Now()
	ids := enqueue(t, c, newJob{Queue: q, Type: "poll"})
	select {
	case r := <-ch:
		if r.err != nil || len(r.jobs) != 1 || r.jobs[0].Job.ID != ids[0] {
			t.Fatalf("long poll: %+v %v", r.jobs, r.err)
		}
		if r.at.Sub(start) < 600*time.Millisecond {
			t.Fatalf("the poll answered after %s, before the job was enqueued", r.at.Sub(start))
		}
		if lag := r.at.Sub(enqueuedAt); lag > 3*time.Second {
			t.Fatalf("the poll answered %s after the enqueue; it should be at once", lag)
		} else {
			t.Logf("the long poll answered %s after the enqueue", lag.Round(time.Millisecond))
		}
		if _, err := c.Complete(ctx, r.jobs[0].Lease(), nil); err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the long poll did not answer within 20 s of the enqueue")
	}
}

func TestLiveShutdownReleasesUnfinishedJobs(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "shutdown")
	quick := enqueue(t, c, newJob{Queue: q, Type: "quick"}, newJob{Queue: q, Type: "quick"})
	slow := enqueue(t, c, newJob{Queue: q, Type: "slow"}, newJob{Queue: q, Type: "slow"})
	medium := enqueue(t, c, newJob{Queue: q, Type: "medium"})

	var started, slowCancelled int32
	shutdown := make(chan struct{})
	w := &Worker{Client: c, Queue: q, Concurrency: 5, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t), ShutdownGrace: 1500 * time.Millisecond,
		Handler: func(ctx context.Context, job *Job) (any, error) {
			atomic.AddInt32(&started, 1)
			switch job.Type {
			case "quick":
				time.Sleep(20 * time.Millisecond)
				return "quick", nil
			case "medium":
				// runs until the shutdown begins, then 400 ms more: it ends within the grace
				select {
				case <-shutdown:
				case <-ctx.Done():
					return nil, ctx.Err()
				}
				time.Sleep(400 * time.Millisecond)
				return "medium", nil
			default:
				<-ctx.Done() // ends only when the grace is over
				atomic.AddInt32(&slowCancelled, 1)
				return nil, ctx.Err()
			}
		}}
	stop, done, runErr := runWorker(t, w)
	eventually(t, "the quick jobs to succeed and the others to run", 20*time.Second, func() bool {
		return atomic.LoadInt32(&started) == 5 && jobStatuses(t, c, quick)[StatusSucceeded] == 2
	}, func() string {
		return fmt.Sprintf("%d started; quick %v", atomic.LoadInt32(&started), jobStatuses(t, c, quick))
	})

	begin := time.Now()
	close(shutdown)
	stop()
	select {
	case <-done:
	case <-time.After(15 * time.Second):
		t.Fatal("Run did not return within 15 s of the shutdown")
	}
	if err := runErr(); err != nil {
		t.Fatalf("Run: %v", err)
	}
	took := time.Since(begin)
	if took < 1400*time.Millisecond {
		t.Errorf("the shutdown took %s; the grace is 1.5 s", took)
	}
	if n := atomic.LoadInt32(&slowCancelled); n != 2 {
		t.Errorf("%d slow handlers saw their context cancelled, want 2", n)
	}
	if job := getJob(t, c, medium[0]); job.Status != StatusSucceeded || string(job.Result) != `"medium"` {
		t.Errorf("the job that finished within the grace: %s %s, want succeeded", job.Status, job.Result)
	}
	for _, id := range slow {
		if job := getJob(t, c, id); job.Status != StatusPending || job.Attempts != 0 {
			t.Errorf("released job %s: %s after %d attempts, want pending with its attempt given back (0)", id, job.Status, job.Attempts)
		}
	}
}

func TestLiveHeartbeatsKeepALeaseLongerThanLeaseMs(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "lease")
	_, meta, err := c.Claim(context.Background(), q, ClaimRequest{WorkerID: testWorkerID(t)})
	if err != nil {
		t.Fatal(err)
	}
	if meta.LeaseMs > 10_000 {
		t.Fatalf("the service's LEASE_MS is %d: this test needs at most 10000 (and HEARTBEAT_MS at most half of it)", meta.LeaseMs)
	}
	hold := time.Duration(meta.LeaseMs)*time.Millisecond*3/2 + time.Second
	ids := enqueue(t, c, newJob{Queue: q, Type: "long", MaxAttempts: 2})
	var runs int32
	w := &Worker{Client: c, Queue: q, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			atomic.AddInt32(&runs, 1)
			select {
			case <-time.After(hold):
				return "held", nil
			case <-ctx.Done():
				return nil, ctx.Err()
			}
		}}
	runWorker(t, w)
	eventually(t, "the long job to succeed", hold+20*time.Second, func() bool { return getJob(t, c, ids[0]).Status == StatusSucceeded },
		func() string {
			j := getJob(t, c, ids[0])
			return fmt.Sprintf("%s, attempts %d, %q", j.Status, j.Attempts, j.LastError)
		})
	if job := getJob(t, c, ids[0]); job.Attempts != 1 || atomic.LoadInt32(&runs) != 1 {
		t.Fatalf("a job held %s with a %d ms lease ran %d times (%d attempts); heartbeats should have kept its lease", hold, meta.LeaseMs, runs, job.Attempts)
	}
}

func TestLiveStaleLeaseStopsTheJobAndDropsItsResult(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "stale")
	ids := enqueue(t, c, newJob{Queue: q, Type: "s"})
	workerID := testWorkerID(t)
	var runs int32
	firstLease := make(chan Lease, 1)
	firstStopped := make(chan struct{})
	w := &Worker{Client: c, Queue: q, WaitMs: 1000, Logger: quietLogger(t), WorkerID: workerID,
		Handler: func(ctx context.Context, job *Job) (any, error) {
			if atomic.AddInt32(&runs, 1) == 1 {
				claim, _ := ClaimFromContext(ctx)
				firstLease <- claim.Lease()
				<-ctx.Done()
				close(firstStopped)
				return "first run", nil // dropped: the lease is no longer this worker's
			}
			return "second run", nil
		}}
	runWorker(t, w)
	var lease Lease
	select {
	case lease = <-firstLease:
	case <-time.After(20 * time.Second):
		t.Fatal("the job never started")
	}
	// the lease is taken from the worker behind its back (as when it expired and the job went
	// back): its next heartbeat hears the lease is stale, and the job runs again
	if status, err := c.Release(context.Background(), lease); err != nil || status != StatusPending {
		t.Fatalf("releasing the first run's lease: %q %v", status, err)
	}
	select {
	case <-firstStopped:
	case <-time.After(20 * time.Second):
		t.Fatal("the first run's context was not cancelled after its lease was lost")
	}
	eventually(t, "the job to succeed", 20*time.Second, func() bool { return getJob(t, c, ids[0]).Status == StatusSucceeded },
		func() string { return getJob(t, c, ids[0]).Status })
	job := getJob(t, c, ids[0])
	if string(job.Result) != `"second run"` || job.Attempts != 1 {
		t.Fatalf("result %s after %d attempts; want the second run's, after 1 (a release gives the attempt back)", job.Result, job.Attempts)
	}
}

func TestLiveRunFailsOnAQueueTheServiceDoesNotServe(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	w := &Worker{Client: c, Queue: queuePrefix() + "not-in-QUEUES", Logger: quietLogger(t), Handler: func(context.Context, *Job) (any, error) { return nil, nil }}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	err := w.Run(ctx)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 400 || len(apiErr.Errors) == 0 || apiErr.Errors[0].Field != "queue" {
		t.Fatalf("want Run to return a 400 naming the queue, got %v", err)
	}
}

func TestLiveExampleWorkerDrainsOnSIGTERM(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	q := queueFor(t, "example")
	bin := filepath.Join(t.TempDir(), "worker")
	build := exec.Command(goCommand(), "build", "-o", bin, "./examples/worker")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build ./examples/worker: %v\n%s", err, out)
	}
	const total = 12
	jobs := make([]newJob, total)
	for i := range jobs {
		jobs[i] = newJob{Queue: q, Type: "example", Payload: map[string]int{"i": i}}
	}
	ids := enqueue(t, c, jobs...)

	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "CLAIMQ_QUEUE="+q, "CLAIMQ_CONCURRENCY=3", "CLAIMQ_EXAMPLE_SLEEP_MS=300")
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	var mu sync.Mutex
	processed := map[string]bool{}
	lines := make(chan struct{}, total)
	go func() {
		scan := bufio.NewScanner(stdout)
		for scan.Scan() {
			if line := scan.Text(); strings.HasPrefix(line, "processed ") {
				id := strings.TrimPrefix(line, "processed ")
				mu.Lock()
				processed[id] = true
				mu.Unlock()
				lines <- struct{}{}
			}
		}
		exited <- cmd.Wait()
	}()
	defer func() {
		if cmd.ProcessState == nil {
			_ = cmd.Process.Kill()
		}
	}()
	for i := 0; i < 4; i++ {
		select {
		case <-lines:
		case <-time.After(30 * time.Second):
			t.Fatalf("the example processed %d jobs in 30 s\n%s", i, stderr.String())
		}
	}
	// a batch of three runs now, mid-job: SIGTERM drains it
	time.Sleep(100 * time.Millisecond)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("the example exited with %v\n%s", err, stderr.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatalf("the example did not exit within 20 s of SIGTERM\n%s", stderr.String())
	}
	mu.Lock()
	defer mu.Unlock()
	counts := map[string]int{}
	for _, id := range ids {
		job := getJob(t, c, id)
		counts[job.Status]++
		switch job.Status {
		case StatusSucceeded:
			if !processed[id] {
				t.Errorf("job %s succeeded without a processed line", id)
			}
		case StatusPending:
			if processed[id] || job.Attempts != 0 {
				t.Errorf("job %s is pending after %d attempts (processed line: %v)", id, job.Attempts, processed[id])
			}
		default:
			t.Errorf("job %s is %s after the drain", id, job.Status)
		}
	}
	ours := 0
	for _, id := range ids {
		if processed[id] {
			ours++
		}
	}
	if counts[StatusSucceeded] != ours || counts[StatusSucceeded] < 4 {
		t.Errorf("statuses %v, %d processed lines\n%s", counts, len(processed), stderr.String())
	}
	t.Logf("after SIGTERM: %v", counts)
}

func goCommand() string {
	if p := filepath.Join(runtime.GOROOT(), "bin", "go"); fileExists(p) {
		return p
	}
	return "go"
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

func TestLiveWorkerKeys(t *testing.T) {
	t.Parallel()
	c := liveClient(t)
	workerKey := os.Getenv("CLAIMQ_WORKER_KEY")
	if workerKey == "" || c.APIKey == "" {
		t.Fatalf("CLAIMQ_WORKER_KEY and CLAIMQ_API_KEY must be set (keys on) for this test. %s", serviceHint())
	}
	q := queueFor(t, "keys")
	ids := enqueue(t, c, newJob{Queue: q, Type: "k"}, newJob{Queue: q, Type: "k"})
	wc := NewClient(c.BaseURL, workerKey)
	ctx := context.Background()
	var apiErr *APIError

	// a worker key may not add jobs, nor read them
	err := wc.request(ctx, http.MethodPost, "/jobs", newJob{Queue: q, Type: "k"}, nil, 0)
	if !errors.As(err, &apiErr) || apiErr.Status != 403 || apiErr.Code != "forbidden" {
		t.Fatalf("POST /jobs with a worker key: want 403 forbidden, got %v", err)
	}
	// nor work a queue it is not for
	_, _, err = wc.Claim(ctx, queueFor(t, "drain"), ClaimRequest{WorkerID: testWorkerID(t)})
	if !errors.As(err, &apiErr) || apiErr.Status != 403 {
		t.Fatalf("a claim of another queue with a worker key: want 403, got %v", err)
	}
	// no key, or an unknown one: 401
	for _, key := range []string{"", "not-a-key-of-this-service"} {
		_, _, err = NewClient(c.BaseURL, key).Claim(ctx, q, ClaimRequest{WorkerID: testWorkerID(t)})
		if !errors.As(err, &apiErr) || apiErr.Status != 401 || apiErr.Code != "unauthorized" {
			t.Fatalf("a claim with key %q: want 401 unauthorized, got %v", key, err)
		}
	}
	// a Worker with the key: a 403 stops Run with the error, on a queue not the key's
	stray := &Worker{Client: wc, Queue: queueFor(t, "drain"), Logger: quietLogger(t), Handler: func(context.Context, *Job) (any, error) { return nil, nil }}
	if err := stray.Run(ctx); !errors.As(err, &apiErr) || apiErr.Status != 403 {
		t.Fatalf("Run on a queue the worker key is not for: want the 403, got %v", err)
	}
	// and it runs the jobs of its queue
	w := &Worker{Client: wc, Queue: q, Concurrency: 2, WaitMs: 1000, Logger: quietLogger(t), WorkerID: testWorkerID(t),
		Handler: func(ctx context.Context, job *Job) (any, error) { return "ok", nil }}
	stop, _, runErr := runWorker(t, w)
	eventually(t, "the jobs to succeed with the worker key", 20*time.Second, func() bool { return jobStatuses(t, c, ids)[StatusSucceeded] == 2 },
		func() string { return fmt.Sprint(jobStatuses(t, c, ids)) })
	stop()
	if err := runErr(); err != nil {
		t.Fatalf("Run: %v", err)
	}
}
