package claimq

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeService is an in-memory stand-in for the remote-worker routes, for tests of the Worker's
// own logic (batching, leases named until settled, cancel and stale, shutdown). The tests in
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
}

func newFake(t *testing.T) (*fakeService, *Client) {
	f := &fakeService{t: t, heartbeatMs: 50, cancel: map[string]bool{}, stale: map[string]bool{}}
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
				_ = json.NewEncoder(w).Encode(map[string]any{"jobs": jobs, "leaseMs": 10 * f.heartbeatMs, "heartbeatMs": f.heartbeatMs})
				return
			}
			select {
			case <-r.Context().Done():
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
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
