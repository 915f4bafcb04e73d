package claimq

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeService is an in-memory stand-in for the remote-worker routes, for tests of the Worker's
// own logic (batching, leases named until settled, cancel and stale, the cancel poll, shutdown). The tests in
// integration_test.go run the same against the real service.
type fakeService struct {
	t           *testing.T
	heartbeatMs int

	mu          sync.Mutex
	ready       []ClaimedJob
	token       int64
	heartbeats  []HeartbeatRequest
	settles     [][]map[string]any
	single      []string
	cancel      map[string]bool
	stale       map[string]bool
	failSettles int // answer this many POST /settlements with 503 first
	claims      int // claims answered

	// GET /workers/{workerId}/cancels: a poll waits for tellCancels (or its waitMs) to answer
	polls       []cancelPoll
	pollsOpen   int
	pollsGone   int     // polls whose request ended (its context done) before an answer
	toTell      []Lease // what the next poll answers
	cancelsWake chan struct{}
	noCancels   bool // answer 404: a service older than the route
	failPolls   int  // answer this many polls with 503 first
	holdPolls   bool // a poll answers only when told (or its request ends), whatever its waitMs
}

// cancelPoll is one GET /workers/{workerId}/cancels received.
type cancelPoll struct{ method, path, waitMs string }

func newFake(t *testing.T) (*fakeService, *Client) {
	f := &fakeService{t: t, heartbeatMs: 50, cancel: map[string]bool{}, stale: map[string]bool{}, cancelsWake: make(chan struct{}, 1)}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	c := NewClient(srv.URL, "")
	c.MaxRetryDelay = 20 * time.Millisecond
	return f, c
}

func (f *fakeService) add(id, typ string, payload string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.token++
	f.ready = append(f.ready, ClaimedJob{
		Job:   Job{ID: id, Queue: "q", Type: typ, Payload: json.RawMessage(payload), Status: "running", Attempts: 1, MaxAttempts: 3, TimeoutMs: 60_000},
		Token: f.token,
	})
}

func (f *fakeService) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	var body map[string]json.RawMessage
	data, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(data, &body)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case strings.HasSuffix(r.URL.Path, "/claims"):
		var req struct {
			Max    int `json:"max"`
			WaitMs int `json:"waitMs"`
		}
		_ = json.Unmarshal(data, &req)
		if req.Max == 0 {
			req.Max = 1
		}
		deadline := time.Now().Add(time.Duration(req.WaitMs) * time.Millisecond)
		for {
			f.mu.Lock()
			n := len(f.ready)
			if n > req.Max {
				n = req.Max
			}
			jobs := append([]ClaimedJob(nil), f.ready[:n]...)
			f.ready = f.ready[n:]
			f.mu.Unlock()
			if n > 0 || !time.Now().Before(deadline) {
				f.mu.Lock()
				f.claims++
				f.mu.Unlock()
				_ = json.NewEncoder(w).Encode(map[string]any{"jobs": jobs, "leaseMs": 10 * f.heartbeatMs, "heartbeatMs": f.heartbeatMs})
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	case strings.HasSuffix(r.URL.Path, "/cancels"):
		f.pollCancels(w, r)
	case strings.HasSuffix(r.URL.Path, "/heartbeat"):
		var req HeartbeatRequest
		if err := json.Unmarshal(data, &req); err != nil {
			f.t.Errorf("heartbeat body %s: %v", data, err)
		}
		f.mu.Lock()
		f.heartbeats = append(f.heartbeats, req)
		res := HeartbeatResult{Cancelled: []string{}, Stale: []string{}, LeaseExpiresAt: time.Now()}
		for _, l := range req.Leases {
			if f.cancel[l.ID] {
				res.Cancelled = append(res.Cancelled, l.ID)
			}
			if f.stale[l.ID] {
				res.Stale = append(res.Stale, l.ID)
			}
		}
		f.mu.Unlock()
		_ = json.NewEncoder(w).Encode(res)
	case r.URL.Path == "/settlements":
		var req struct {
			Results []map[string]any `json:"results"`
		}
		_ = json.Unmarshal(data, &req)
		f.mu.Lock()
		if f.failSettles > 0 {
			f.failSettles--
			f.mu.Unlock()
			w.WriteHeader(503)
			_, _ = io.WriteString(w, `{"statusCode":503,"error":"Service Unavailable","message":"down","code":"store_unavailable"}`)
			return
		}
		f.settles = append(f.settles, req.Results)
		f.mu.Unlock()
		out := make([]SettleResult, len(req.Results))
		for i, item := range req.Results {
			out[i] = SettleResult{ID: item["id"].(string), Status: map[string]string{"succeeded": "succeeded", "failed": "scheduled", "released": "pending"}[item["status"].(string)]}
		}
		_ = json.NewEncoder(w).Encode(map[string]any{"results": out})
	default:
		f.mu.Lock()
		f.single = append(f.single, r.URL.Path)
		f.mu.Unlock()
		_, _ = io.WriteString(w, `{"id":"x","status":"succeeded"}`)
	}
}

// pollCancels answers a cancel poll: with the cancels told (tellCancels), at once when some wait,
// else when they come or its waitMs passes (holdPolls: only when they come).
func (f *fakeService) pollCancels(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	p := cancelPoll{method: r.Method, path: r.URL.Path, waitMs: r.URL.Query().Get("waitMs")}
	f.polls = append(f.polls, p)
	switch {
	case f.noCancels:
		f.mu.Unlock()
		w.WriteHeader(404)
		_, _ = io.WriteString(w, `{"statusCode":404,"error":"Not Found","message":"Cannot GET `+r.URL.Path+`","code":"not_found"}`)
		return
	case f.failPolls > 0:
		f.failPolls--
		f.mu.Unlock()
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(503)
		_, _ = io.WriteString(w, `{"statusCode":503,"error":"Service Unavailable","message":"down","code":"store_unavailable"}`)
		return
	}
	f.pollsOpen++
	hold := f.holdPolls
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.pollsOpen--
		f.mu.Unlock()
	}()
	waitMs, err := strconv.Atoi(p.waitMs)
	if err != nil {
		f.t.Errorf("cancel poll with waitMs %q", p.waitMs)
	}
	var timeout <-chan time.Time
	if !hold {
		timer := time.NewTimer(time.Duration(waitMs) * time.Millisecond)
		defer timer.Stop()
		timeout = timer.C
	}
	for {
		f.mu.Lock()
		told := f.toTell
		f.toTell = nil
		f.mu.Unlock()
		if told != nil {
			_ = json.NewEncoder(w).Encode(map[string]any{"cancelled": told})
			return
		}
		select {
		case <-r.Context().Done():
			f.mu.Lock()
			f.pollsGone++
			f.mu.Unlock()
			return
		case <-timeout:
			_, _ = io.WriteString(w, `{"cancelled":[]}`)
			return
		case <-f.cancelsWake:
		}
	}
}

// tellCancels has the open poll (or the next) answer these cancels; none answers it with none,
// as when its waitMs passes.
func (f *fakeService) tellCancels(leases ...Lease) {
	f.mu.Lock()
	f.toTell = append([]Lease{}, leases...)
	f.mu.Unlock()
	select {
	case f.cancelsWake <- struct{}{}:
	default:
	}
}

func (f *fakeService) pollCount() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.polls)
}

// settled is every settlement received so far, by job id.
func (f *fakeService) settled() map[string]map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := map[string]map[string]any{}
	for _, batch := range f.settles {
		for _, item := range batch {
			out[item["id"].(string)] = item
		}
	}
	return out
}

func quietLogger(t *testing.T) Logger {
	return log.New(testWriter{t}, "", 0)
}

type testWriter struct{ t *testing.T }

func (w testWriter) Write(p []byte) (int, error) {
	w.t.Log(strings.TrimRight(string(p), "\n"))
	return len(p), nil
}

func waitUntil(t *testing.T, what string, timeout time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// runWorker runs w until the test ends (or stop is called); done closes when Run has returned,
// and err() is what it returned.
func runWorker(t *testing.T, w *Worker) (stop func(), done <-chan struct{}, err func() error) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan struct{})
	var runErr error
	go func() {
		defer close(ch)
		runErr = w.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Error("Run did not return within 10 s of its context's end")
		}
	})
	return cancel, ch, func() error { <-ch; return runErr }
}

func TestWorkerTurnsOutcomesIntoBatchedSettlements(t *testing.T) {
	f, c := newFake(t)
	f.add("q-ok", "ok", `{"n":1}`)
	f.add("q-perm", "perm", `{}`)
	f.add("q-later", "later", `{}`)
	f.add("q-panic", "panic", `{}`)
	f.add("q-badresult", "badresult", `{}`)
	w := &Worker{
		Client: c, Queue: "q", Concurrency: 5, WaitMs: 50, Logger: quietLogger(t), SettleInterval: 200 * time.Millisecond,
		Handler: func(ctx context.Context, job *Job) (any, error) {
			switch job.Type {
			case "perm":
				return nil, Permanent(errors.New("bad input"))
			case "later":
				return nil, RetryAfter(errors.New("rate limited"), 2*time.Second)
			case "panic":
				panic("kaboom")
			case "badresult":
				return make(chan int), nil
			}
			claim, ok := ClaimFromContext(ctx)
			if !ok || claim.Job.ID != job.ID {
				return nil, errors.New("no claim in the context")
			}
			return job.Payload, nil
		},
	}
	runWorker(t, w)
	waitUntil(t, "5 settlements", 5*time.Second, func() bool { return len(f.settled()) == 5 })
	s := f.settled()
	check := func(id, field string, want any) {
		t.Helper()
		got, _ := json.Marshal(s[id][field])
		exp, _ := json.Marshal(want)
		if string(got) != string(exp) {
			t.Errorf("%s.%s = %s, want %s", id, field, got, exp)
		}
	}
	check("q-ok", "status", "succeeded")
	check("q-ok", "result", map[string]int{"n": 1})
	check("q-perm", "status", "failed")
	check("q-perm", "retryable", false)
	check("q-perm", "error", "bad input")
	check("q-later", "retryable", nil)
	check("q-later", "retryInMs", 2000)
	check("q-panic", "error", "panic: kaboom")
	if stack, _ := s["q-panic"]["stack"].(string); !strings.Contains(stack, "worker_test.go") {
		t.Errorf("the panic's stack is missing: %q", stack)
	}
	check("q-badresult", "retryable", false)
	if msg, _ := s["q-badresult"]["error"].(string); !strings.Contains(msg, "not JSON") {
		t.Errorf("badresult error %q", msg)
	}
	f.mu.Lock()
	batches, single := len(f.settles), len(f.single)
	f.mu.Unlock()
	if batches > 2 || single != 0 {
		t.Errorf("want the 5 results in 1 or 2 POST /settlements, got %d batches and %d single settles", batches, single)
	}
}

func TestWorkerNamesALeaseInHeartbeatsUntilItsSettlementIsAcknowledged(t *testing.T) {
	f, c := newFake(t)
	f.failSettles = 8 // each flush's call retries up to 5 times: two flushes fail
	f.add("q-1", "ok", `{}`)
	w := &Worker{Client: c, Queue: "q", WaitMs: 50, Logger: quietLogger(t), SettleInterval: 10 * time.Millisecond,
		Handler: func(ctx context.Context, job *Job) (any, error) { return "done", nil }}
	runWorker(t, w)
	waitUntil(t, "the settlement", 10*time.Second, func() bool { return len(f.settled()) == 1 })
	f.mu.Lock()
	defer f.mu.Unlock()
	named := 0
	for _, hb := range f.heartbeats {
		if len(hb.Leases) == 1 && hb.Leases[0] == (Lease{ID: "q-1", Token: 1}) {
			named++
		}
		if len(hb.Queues) != 1 || hb.Queues[0] != "q" || hb.Info == nil || hb.Info.Language != "go" {
			t.Errorf("heartbeat %+v", hb)
		}
	}
	if named < 2 {
		t.Fatalf("while its results could not be sent, the lease was named in %d of %d heartbeats", named, len(f.heartbeats))
	}
}

func TestWorkerStopsCancelledAndStaleJobs(t *testing.T) {
	f, c := newFake(t)
	f.cancel["q-cancel"] = true
	f.stale["q-stale"] = true
	f.add("q-cancel", "block", `{}`)
	f.add("q-stale", "block", `{}`)
	stopped := make(chan string, 2)
	w := &Worker{Client: c, Queue: "q", Concurrency: 2, WaitMs: 50, Logger: quietLogger(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			<-ctx.Done()
			stopped <- job.ID
			return "finished anyway", ctx.Err()
		}}
	runWorker(t, w)
	for i := 0; i < 2; i++ {
		select {
		case <-stopped:
		case <-time.After(5 * time.Second):
			t.Fatal("the heartbeat's cancelled and stale did not reach the handlers")
		}
	}
	waitUntil(t, "the cancelled job's settlement", 5*time.Second, func() bool { return f.settled()["q-cancel"] != nil })
	if got := f.settled()["q-cancel"]["status"]; got != "failed" {
		t.Errorf("the cancelled job was settled %v, want failed", got)
	}
	time.Sleep(200 * time.Millisecond)
	if s := f.settled()["q-stale"]; s != nil {
		t.Errorf("the stale job's result must be dropped, got %v", s)
	}
	f.mu.Lock()
	last := f.heartbeats[len(f.heartbeats)-1]
	f.mu.Unlock()
	for _, l := range last.Leases {
		if l.ID == "q-stale" {
			t.Error("a stale lease is still named in heartbeats")
		}
	}
}

func TestWorkerShutdownReleasesWhatOutlivesTheGrace(t *testing.T) {
	f, c := newFake(t)
	f.add("q-quick", "quick", `{}`)
	f.add("q-slow", "slow", `{}`)
	started := make(chan struct{}, 2)
	w := &Worker{Client: c, Queue: "q", Concurrency: 2, WaitMs: 50, Logger: quietLogger(t), ShutdownGrace: 300 * time.Millisecond,
		Handler: func(ctx context.Context, job *Job) (any, error) {
			started <- struct{}{}
			if job.Type == "quick" {
				time.Sleep(100 * time.Millisecond)
				return "quick", nil
			}
			<-ctx.Done()
			return nil, ctx.Err()
		}}
	stop, done, runErr := runWorker(t, w)
	<-started
	<-started
	begin := time.Now()
	stop()
	select {
	case <-done:
		if err := runErr(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Run did not return")
	}
	if d := time.Since(begin); d < 300*time.Millisecond {
		t.Errorf("Run returned %s after the cancel; the grace is 300 ms", d)
	}
	s := f.settled()
	if s["q-quick"]["status"] != "succeeded" || s["q-slow"]["status"] != "released" {
		t.Fatalf("settlements %v", s)
	}
	f.mu.Lock()
	last := f.heartbeats[len(f.heartbeats)-1]
	f.mu.Unlock()
	if len(last.Leases) != 0 {
		t.Errorf("the last heartbeat names %v; it must name none", last.Leases)
	}
}

func TestWorkerRunReturnsARefusedClaim(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(401)
		_, _ = io.WriteString(w, `{"statusCode":401,"error":"Unauthorized","message":"missing or unknown API key","code":"unauthorized"}`)
	}))
	defer srv.Close()
	w := &Worker{Client: NewClient(srv.URL, "wrong"), Queue: "q", Logger: quietLogger(t), Handler: func(context.Context, *Job) (any, error) { return nil, nil }}
	err := w.Run(context.Background())
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 401 {
		t.Fatalf("want the 401, got %v", err)
	}
}

// lineLogger passes the worker's lines to the test's log and keeps them.
type lineLogger struct {
	t     *testing.T
	mu    sync.Mutex
	lines []string
}

func (l *lineLogger) Printf(format string, v ...any) {
	line := fmt.Sprintf(format, v...)
	l.t.Log(line)
	l.mu.Lock()
	l.lines = append(l.lines, line)
	l.mu.Unlock()
}

// count is how many lines hold s.
func (l *lineLogger) count(s string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range l.lines {
		if strings.Contains(line, s) {
			n++
		}
	}
	return n
}

// lockedInt reads an int field of f under its lock.
func (f *fakeService) lockedInt(field *int) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return *field
}

// blockingHandler is a handler that runs until its context is cancelled, and sends that context
// on started when it starts.
func blockingHandler(started chan<- context.Context) Handler {
	return func(ctx context.Context, job *Job) (any, error) {
		started <- ctx
		<-ctx.Done()
		return nil, fmt.Errorf("stopped: %w", ctx.Err())
	}
}

func receive(t *testing.T, what string, ch <-chan context.Context) context.Context {
	t.Helper()
	select {
	case ctx := <-ch:
		return ctx
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
		return nil
	}
}

func awaitDone(t *testing.T, what string, ctx context.Context) {
	t.Helper()
	select {
	case <-ctx.Done():
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}

func TestWorkerPollsCancelsOnlyWhileAJobRuns(t *testing.T) {
	f, c := newFake(t)
	started := make(chan struct{})
	finish := make(chan struct{})
	w := &Worker{Client: c, Queue: "q", WorkerID: "box-1", WaitMs: 50, Logger: quietLogger(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			close(started)
			<-finish
			return "done", nil
		}}
	runWorker(t, w)

	// idle: claims go on, no cancel poll
	waitUntil(t, "claims while idle", 5*time.Second, func() bool { return f.lockedInt(&f.claims) >= 3 })
	if n := f.pollCount(); n != 0 {
		t.Fatalf("%d cancel polls were sent while no job ran", n)
	}

	// a job runs: one poll is open
	f.add("q-1", "run", `{}`)
	select {
	case <-started:
	case <-time.After(5 * time.Second):
		t.Fatal("the job never started")
	}
	waitUntil(t, "a cancel poll while the job runs", 5*time.Second, func() bool { return f.lockedInt(&f.pollsOpen) == 1 })

	// the job ends; its poll answers with none (as when its waitMs passes): no poll follows
	close(finish)
	waitUntil(t, "the job's settlement", 5*time.Second, func() bool { return f.settled()["q-1"] != nil })
	f.tellCancels()
	waitUntil(t, "the poll to end", 5*time.Second, func() bool { return f.lockedInt(&f.pollsOpen) == 0 })
	claims := f.lockedInt(&f.claims)
	waitUntil(t, "claims after the job", 5*time.Second, func() bool { return f.lockedInt(&f.claims) >= claims+3 })

	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.polls) != 1 {
		t.Fatalf("want the one poll sent while the job ran, got %d: %+v", len(f.polls), f.polls)
	}
	if p := f.polls[0]; p != (cancelPoll{method: "GET", path: "/workers/box-1/cancels", waitMs: "25000"}) {
		t.Errorf("poll %+v, want GET /workers/box-1/cancels?waitMs=25000", p)
	}
	if len(f.single) != 0 {
		t.Errorf("unexpected requests %v", f.single)
	}
}

// startBlockingJob runs w (Client, Queue "q", WaitMs and a quiet Logger filled in) on a fake whose
// job q-1 blocks until its context ends, heartbeats 10 minutes apart (none is due in a test): it
// returns once the job has started, with its context and runWorker's stop, done and error.
func startBlockingJob(t *testing.T, f *fakeService, c *Client, w Worker) (ctx context.Context, stop func(), done <-chan struct{}, runErr func() error) {
	t.Helper()
	f.heartbeatMs = 10 * 60_000
	f.add("q-1", "block", `{}`)
	started := make(chan context.Context, 1)
	w.Client, w.Queue, w.WaitMs, w.Logger, w.Handler = c, "q", 50, quietLogger(t), blockingHandler(started)
	stop, done, runErr = runWorker(t, &w)
	return receive(t, "the job to start", started), stop, done, runErr
}

// awaitCancelPoll waits until the worker holds a cancel poll open.
func awaitCancelPoll(t *testing.T, f *fakeService) {
	t.Helper()
	waitUntil(t, "a cancel poll", 5*time.Second, func() bool { return f.lockedInt(&f.pollsOpen) == 1 })
}

func TestWorkerCancelFromThePollAbortsTheJobBeforeAnyHeartbeat(t *testing.T) {
	f, c := newFake(t)
	ctx, _, _, _ := startBlockingJob(t, f, c, Worker{})
	awaitCancelPoll(t, f)

	f.tellCancels(Lease{ID: "q-1", Token: 1})
	awaitDone(t, "the cancel from the poll to reach the handler", ctx)
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Errorf("the handler's context ended with %v, want context.Canceled", ctx.Err())
	}
	waitUntil(t, "the cancelled job's settlement", 5*time.Second, func() bool { return f.settled()["q-1"] != nil })
	s := f.settled()["q-1"]
	if s["status"] != "failed" || s["token"] != float64(1) || s["error"] != "stopped: context canceled" {
		t.Errorf("the cancelled job was settled %v, want failed with token 1 (the service records it cancelled)", s)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.heartbeats); n != 0 {
		t.Errorf("%d heartbeats were sent: the cancel must have come from the poll", n)
	}
}

func TestWorkerCancelPollIgnoresAnotherToken(t *testing.T) {
	f, c := newFake(t)
	ctx, _, _, _ := startBlockingJob(t, f, c, Worker{})
	awaitCancelPoll(t, f)

	// a cancel of the job under an earlier claim, and of a job this worker does not run
	f.tellCancels(Lease{ID: "q-1", Token: 0}, Lease{ID: "q-gone", Token: 1})
	// the next poll goes once the answer was acted on
	waitUntil(t, "the next poll", 5*time.Second, func() bool { return f.pollCount() == 2 })
	if ctx.Err() != nil {
		t.Fatal("a cancel told with another token stopped the job")
	}

	f.tellCancels(Lease{ID: "q-1", Token: 1})
	awaitDone(t, "the cancel with the job's token to reach the handler", ctx)
	waitUntil(t, "the cancelled job's settlement", 5*time.Second, func() bool { return f.settled()["q-1"] != nil })
	if s := f.settled()["q-1"]; s["status"] != "failed" {
		t.Errorf("the cancelled job was settled %v, want failed", s)
	}
}

func TestWorkerRetriesAFailedCancelPoll(t *testing.T) {
	f, c := newFake(t)
	f.failPolls = 1 // 503 with Retry-After: 1
	ctx, _, _, _ := startBlockingJob(t, f, c, Worker{})
	waitUntil(t, "a second poll after the 503", 10*time.Second, func() bool {
		return f.pollCount() == 2 && f.lockedInt(&f.pollsOpen) == 1
	})
	f.tellCancels(Lease{ID: "q-1", Token: 1})
	awaitDone(t, "the cancel from the poll to reach the handler", ctx)
}

func TestWorkerLeavesCancelsToTheHeartbeatWithoutThePollRoute(t *testing.T) {
	f, c := newFake(t)
	f.noCancels = true // a service older than GET /workers/{workerId}/cancels
	f.add("q-1", "block", `{}`)
	started := make(chan context.Context, 1)
	logger := &lineLogger{t: t}
	w := &Worker{Client: c, Queue: "q", WaitMs: 50, Logger: logger, Handler: blockingHandler(started)}
	runWorker(t, w)
	ctx := receive(t, "the job to start", started)
	waitUntil(t, "the 404 to be logged", 5*time.Second, func() bool { return logger.count("no cancel poll") == 1 })

	// the job keeps running through many heartbeats: no poll is sent again
	beats := func() int {
		f.mu.Lock()
		defer f.mu.Unlock()
		return len(f.heartbeats)
	}
	after := beats()
	waitUntil(t, "heartbeats while the job runs", 10*time.Second, func() bool { return beats() >= after+40 })
	if ctx.Err() != nil {
		t.Fatal("the job was stopped")
	}

	// the heartbeat tells the cancel
	f.mu.Lock()
	f.cancel["q-1"] = true
	f.mu.Unlock()
	awaitDone(t, "the heartbeat's cancel to reach the handler", ctx)
	waitUntil(t, "the cancelled job's settlement", 5*time.Second, func() bool { return f.settled()["q-1"] != nil })
	if n := f.pollCount(); n != 1 {
		t.Errorf("%d cancel polls were sent; after the 404 there must be none", n)
	}
	if n := logger.count("no cancel poll"); n != 1 {
		t.Errorf("the missing route was logged %d times, want once", n)
	}
}

func TestWorkerStopEndsAnOpenCancelPoll(t *testing.T) {
	f, c := newFake(t)
	f.heartbeatMs = 10 * 60_000
	f.holdPolls = true // a poll answers only with a cancel: it would never end by itself
	f.add("q-1", "run", `{}`)
	finish := make(chan struct{})
	w := &Worker{Client: c, Queue: "q", WaitMs: 50, Logger: quietLogger(t),
		Handler: func(ctx context.Context, job *Job) (any, error) {
			<-finish
			return "done", nil
		}}
	stop, done, runErr := runWorker(t, w)
	awaitCancelPoll(t, f)
	close(finish)
	waitUntil(t, "the job's settlement", 5*time.Second, func() bool { return f.settled()["q-1"] != nil })

	stop()
	select {
	case <-done:
		if err := runErr(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return while a cancel poll was open: the shutdown must end it")
	}
	waitUntil(t, "the service to see the poll's request end", 5*time.Second, func() bool {
		return f.lockedInt(&f.pollsGone) == 1 && f.lockedInt(&f.pollsOpen) == 0
	})
	if n := f.pollCount(); n != 1 {
		t.Errorf("%d polls, want 1", n)
	}
}

func TestWorkerHearsCancelsDuringTheShutdownGrace(t *testing.T) {
	f, c := newFake(t)
	ctx, stop, done, runErr := startBlockingJob(t, f, c, Worker{ShutdownGrace: time.Minute})
	awaitCancelPoll(t, f)

	stop() // the job runs on in the grace period, its poll open
	f.tellCancels(Lease{ID: "q-1", Token: 1})
	awaitDone(t, "the cancel to reach the handler in the grace period", ctx)
	select {
	case <-done:
		if err := runErr(); err != nil {
			t.Fatalf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return once the cancelled job ended")
	}
	if s := f.settled()["q-1"]; s["status"] != "failed" {
		t.Errorf("the job cancelled in the grace period was settled %v, want failed (not released)", s)
	}
}
