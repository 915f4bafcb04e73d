package claimq

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// These tests need no claimq service: each runs against an httptest server of its own.

func TestAPIErrorDecodesClaimqErrorBody(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(400)
		_, _ = io.WriteString(w, `{"statusCode":400,"error":"Bad Request","message":"max must not be greater than 1000","code":"validation_failed","errors":[{"field":"max","reason":"must not be greater than 1000"}]}`)
	}))
	defer srv.Close()
	c := NewClient(srv.URL, "")
	_, _, err := c.Claim(context.Background(), "q", ClaimRequest{WorkerID: "w", Max: 1001})
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("want *APIError, got %T %v", err, err)
	}
	if apiErr.Status != 400 || apiErr.Code != "validation_failed" || apiErr.Message != "max must not be greater than 1000" {
		t.Fatalf("unexpected error fields: %+v", apiErr)
	}
	if len(apiErr.Errors) != 1 || apiErr.Errors[0] != (FieldError{Field: "max", Reason: "must not be greater than 1000"}) {
		t.Fatalf("unexpected field errors: %+v", apiErr.Errors)
	}
	want := "claimq: 400 validation_failed: max must not be greater than 1000 (max: must not be greater than 1000)"
	if apiErr.Error() != want {
		t.Fatalf("Error() = %q, want %q", apiErr.Error(), want)
	}
	if errors.Is(err, ErrStale) {
		t.Fatal("a 400 is not ErrStale")
	}
}

func TestStaleConflictIsErrStale(t *testing.T) {
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&calls, 1)
		if r.URL.Path != "/jobs/emails-01J/complete" {
			t.Errorf("path %s", r.URL.Path)
		}
		w.WriteHeader(409)
		_, _ = io.WriteString(w, `{"statusCode":409,"error":"Conflict","message":"the lease of job emails-01J is stale","code":"stale"}`)
	}))
	defer srv.Close()
	_, err := NewClient(srv.URL, "").Complete(context.Background(), Lease{ID: "emails-01J", Token: 7}, map[string]int{"n": 1})
	if !errors.Is(err, ErrStale) {
		t.Fatalf("want ErrStale, got %v", err)
	}
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 409 {
		t.Fatalf("want a 409 *APIError, got %v", err)
	}
	if n := atomic.LoadInt32(&calls); n != 1 {
		t.Fatalf("a 409 must not be retried; %d calls", n)
	}
	// another 409 (an invalid transition) is not stale
	other := &APIError{Status: 409, Code: "invalid_transition"}
	if errors.Is(other, ErrStale) {
		t.Fatal("invalid_transition is not ErrStale")
	}
}

func TestNonJSONErrorBodyBecomesMessage(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		w.WriteHeader(502)
		_, _ = io.WriteString(w, "<html>bad gateway</html>")
	}))
	defer srv.Close()
	_, err := NewClient(srv.URL, "").Heartbeat(context.Background(), "w", HeartbeatRequest{})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 502 || apiErr.Code != "" || apiErr.Message != "<html>bad gateway</html>" {
		t.Fatalf("unexpected error: %#v", err)
	}
}

func TestRetries503AfterRetryAfterWithTheSameBody(t *testing.T) {
	var mu sync.Mutex
	var bodies []string
	var times []time.Time
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		mu.Lock()
		bodies = append(bodies, string(b))
		times = append(times, time.Now())
		n := len(bodies)
		mu.Unlock()
		if n == 1 {
			w.Header().Set("Retry-After", "1")
			w.WriteHeader(503)
			_, _ = io.WriteString(w, `{"statusCode":503,"error":"Service Unavailable","message":"the job store is unreachable","code":"store_unavailable"}`)
			return
		}
		_, _ = io.WriteString(w, `{"results":[{"id":"q-1","status":"succeeded"}]}`)
	}))
	defer srv.Close()
	res, err := NewClient(srv.URL, "").Settle(context.Background(), []Settlement{Succeeded(Lease{ID: "q-1", Token: 3}, "ok")})
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 1 || res[0] != (SettleResult{ID: "q-1", Status: "succeeded"}) {
		t.Fatalf("results %+v", res)
	}
	if len(bodies) != 2 || bodies[0] != bodies[1] {
		t.Fatalf("want the same body twice, got %q", bodies)
	}
	if gap := times[1].Sub(times[0]); gap < 950*time.Millisecond {
		t.Fatalf("the retry came %s after the 503, before its Retry-After of 1 s", gap)
	}
}

func TestRetryAfterIsCappedAndAttemptsAreBounded(t *testing.T) {
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&calls, 1)
		w.Header().Set("Retry-After", "3600")
		w.WriteHeader(503)
		_, _ = io.WriteString(w, `{"statusCode":503,"error":"Service Unavailable","message":"down","code":"store_unavailable"}`)
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL, MaxAttempts: 3, MaxRetryDelay: 20 * time.Millisecond}
	_, err := c.Release(context.Background(), Lease{ID: "q-1", Token: 1})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 503 || apiErr.RetryAfter != time.Hour {
		t.Fatalf("want the last 503 with RetryAfter 1h, got %v", err)
	}
	if n := atomic.LoadInt32(&calls); n != 3 {
		t.Fatalf("want 3 attempts, got %d", n)
	}
}

func TestRetriesADroppedConnection(t *testing.T) {
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if atomic.AddInt32(&calls, 1) == 1 {
			conn, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				_ = conn.Close()
			}
			return
		}
		_, _ = io.WriteString(w, `{"cancelled":["q-1"],"stale":[],"leaseExpiresAt":"2026-11-28T17:45:00.000Z"}`)
	}))
	defer srv.Close()
	res, err := NewClient(srv.URL, "").Heartbeat(context.Background(), "w-1", HeartbeatRequest{Queues: []string{"q"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cancelled) != 1 || res.Cancelled[0] != "q-1" || res.LeaseExpiresAt.IsZero() {
		t.Fatalf("reply %+v", res)
	}
	if n := atomic.LoadInt32(&calls); n != 2 {
		t.Fatalf("want 2 attempts, got %d", n)
	}
}

func TestCancelledContextEndsABackoffAtOnce(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "30")
		w.WriteHeader(503)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := NewClient(srv.URL, "").Release(ctx, Lease{ID: "q-1", Token: 1})
	if err == nil {
		t.Fatalf("want an error after the context ended; got none after %s", time.Since(start))
	}
}

func TestRequestsOnTheWire(t *testing.T) {
	type seen struct {
		method, path, auth, contentType string
		body                            map[string]any
	}
	var mu sync.Mutex
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body map[string]any
		_ = json.NewDecoder(r.Body).Decode(&body)
		mu.Lock()
		got = append(got, seen{r.Method, r.URL.Path, r.Header.Get("Authorization"), r.Header.Get("Content-Type"), body})
		mu.Unlock()
		switch {
		case strings.HasSuffix(r.URL.Path, "/claims"):
			_, _ = io.WriteString(w, `{"jobs":[{"job":{"id":"emails-01J","queue":"emails","type":"send","payload":{"to":"a@b"},"status":"running","priority":0,"attempts":1,"maxAttempts":3,"backoff":{"strategy":"exponential","delayMs":1000},"timeoutMs":30000,"runAt":"2026-11-28T17:35:00.000Z","createdAt":"2026-11-28T17:35:00.000Z","updatedAt":"2026-11-28T17:35:00.000Z","source":"store"},"token":7,"leaseExpiresAt":"2026-11-28T17:40:00.000Z","traceparent":"00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01","parents":{"split":{"parts":2}}}],"leaseMs":300000,"heartbeatMs":60000}`)
		case strings.HasSuffix(r.URL.Path, "/heartbeat"):
			_, _ = io.WriteString(w, `{"cancelled":[],"stale":[],"leaseExpiresAt":"2026-11-28T17:45:00.000Z"}`)
		case r.URL.Path == "/settlements":
			_, _ = io.WriteString(w, `{"results":[{"id":"emails-01J","status":"scheduled"}]}`)
		default:
			_, _ = io.WriteString(w, `{"id":"emails-01J","status":"failed"}`)
		}
	}))
	defer srv.Close()
	c := NewClient(srv.URL+"/", "k3y-for-billing-workers")
	ctx := context.Background()

	jobs, meta, err := c.Claim(ctx, "emails", ClaimRequest{WorkerID: "box-1-42-ab", Worker: WorkerInfo{Host: "box-1", Language: "go", Concurrency: 5}, Max: 10, Types: []string{"send"}, WaitMs: 100})
	if err != nil {
		t.Fatal(err)
	}
	if len(jobs) != 1 || jobs[0].Token != 7 || jobs[0].Job.Attempts != 1 || jobs[0].Job.Backoff.DelayMs != 1000 || meta.HeartbeatMs != 60000 || meta.LeaseMs != 300000 {
		t.Fatalf("claim reply %+v %+v", jobs, meta)
	}
	var payload struct{ To string }
	if err := jobs[0].Job.DecodePayload(&payload); err != nil || payload.To != "a@b" {
		t.Fatalf("payload %+v %v", payload, err)
	}
	if jobs[0].Traceparent == "" || jobs[0].LeaseExpiresAt.IsZero() {
		t.Fatalf("claim fields %+v", jobs[0])
	}
	var split struct{ Parts int }
	if err := json.Unmarshal(jobs[0].Parents["split"], &split); err != nil || split.Parts != 2 {
		t.Fatalf("parents %+v %v", jobs[0].Parents, err)
	}
	lease := jobs[0].Lease()
	if _, err := c.Heartbeat(ctx, "box-1-42-ab", HeartbeatRequest{Queues: []string{"emails"}, Leases: []Lease{lease}, Info: &WorkerInfo{Version: "1.2.0"}}); err != nil {
		t.Fatal(err)
	}
	retryIn := 1500 * time.Millisecond
	if status, err := c.Fail(ctx, lease, Failure{Error: "boom", Permanent: true, RetryIn: &retryIn, Stack: "at x"}); err != nil || status != "failed" {
		t.Fatalf("fail: %q %v", status, err)
	}
	if _, err := c.Complete(ctx, lease, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Settle(ctx, []Settlement{Failed(lease, Failure{Error: ""})}); err != nil {
		t.Fatal(err)
	}

	want := []struct {
		path string
		body string
	}{
		{"/queues/emails/claims", `{"max":10,"types":["send"],"waitMs":100,"worker":{"concurrency":5,"host":"box-1","id":"box-1-42-ab","language":"go"}}`},
		{"/workers/box-1-42-ab/heartbeat", `{"info":{"version":"1.2.0"},"leases":[{"id":"emails-01J","token":7}],"queues":["emails"]}`},
		{"/jobs/emails-01J/fail", `{"error":"boom","retryInMs":1500,"retryable":false,"stack":"at x","token":7}`},
		{"/jobs/emails-01J/complete", `{"token":7}`},
		{"/settlements", `{"results":[{"error":"","id":"emails-01J","status":"failed","token":7}]}`},
	}
	if len(got) != len(want) {
		t.Fatalf("want %d requests, got %d", len(want), len(got))
	}
	for i, w := range want {
		g := got[i]
		body, _ := json.Marshal(g.body) // map keys sorted: a stable form
		if g.method != "POST" || g.path != w.path || string(body) != w.body || g.auth != "Bearer k3y-for-billing-workers" || g.contentType != "application/json" {
			t.Errorf("request %d: %s %s auth=%q type=%q body=%s\nwant POST %s body=%s", i, g.method, g.path, g.auth, g.contentType, body, w.path, w.body)
		}
	}
}

func TestCancelsOnTheWire(t *testing.T) {
	type seen struct{ method, uri, auth, contentType, body string }
	var mu sync.Mutex
	var got []seen
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, seen{r.Method, r.URL.RequestURI(), r.Header.Get("Authorization"), r.Header.Get("Content-Type"), string(body)})
		mu.Unlock()
		switch atomic.AddInt32(&calls, 1) {
		case 1: // a GET is safe to repeat: a 503 is retried
			w.WriteHeader(503)
			_, _ = io.WriteString(w, `{"statusCode":503,"error":"Service Unavailable","message":"down","code":"store_unavailable"}`)
		case 2: // longer than the client's Timeout, within the poll's waitMs
			time.Sleep(100 * time.Millisecond)
			_, _ = io.WriteString(w, `{"cancelled":[{"id":"emails-01J","token":7},{"id":"emails-01K","token":3}]}`)
		default:
			_, _ = io.WriteString(w, `{"cancelled":[]}`)
		}
	}))
	defer srv.Close()
	c := NewClient(srv.URL, "k3y-for-billing-workers")
	c.MaxRetryDelay = 20 * time.Millisecond
	c.Timeout = 20 * time.Millisecond // each attempt's deadline is this plus waitMs

	cancelled, err := c.Cancels(context.Background(), "box-1:42", 25_000)
	if err != nil {
		t.Fatal(err)
	}
	if want := []Lease{{"emails-01J", 7}, {"emails-01K", 3}}; len(cancelled) != 2 || cancelled[0] != want[0] || cancelled[1] != want[1] {
		t.Fatalf("cancelled %+v, want %+v", cancelled, want)
	}
	if cancelled, err = c.Cancels(context.Background(), "box-1:42", 0); err != nil || len(cancelled) != 0 {
		t.Fatalf("no cancels: %+v %v", cancelled, err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(got) != 3 {
		t.Fatalf("want 3 requests, got %d", len(got))
	}
	for i, uri := range []string{"/workers/box-1:42/cancels?waitMs=25000", "/workers/box-1:42/cancels?waitMs=25000", "/workers/box-1:42/cancels?waitMs=0"} {
		g := got[i]
		if g.method != "GET" || g.uri != uri || g.auth != "Bearer k3y-for-billing-workers" || g.contentType != "" || g.body != "" {
			t.Errorf("request %d: %s %s auth=%q type=%q body=%q; want GET %s with the key and no body", i, g.method, g.uri, g.auth, g.contentType, g.body, uri)
		}
	}
}

func TestCancelsOfAServiceWithoutTheRouteIs404(t *testing.T) {
	var calls int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		atomic.AddInt32(&calls, 1)
		w.WriteHeader(404)
		_, _ = io.WriteString(w, `{"statusCode":404,"error":"Not Found","message":"Cannot GET /workers/w-1/cancels?waitMs=25000"}`)
	}))
	defer srv.Close()
	_, err := NewClient(srv.URL, "").Cancels(context.Background(), "w-1", 25_000)
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 404 {
		t.Fatalf("want a 404 *APIError, got %v", err)
	}
	if n := atomic.LoadInt32(&calls); n != 1 {
		t.Fatalf("a 404 was tried %d times, want once", n)
	}
}

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2026, 11, 28, 17, 0, 0, 0, time.UTC)
	cases := map[string]time.Duration{
		"":                              0,
		"3":                             3 * time.Second,
		" 12 ":                          12 * time.Second,
		"0":                             0,
		"-1":                            0,
		"1.5":                           0,
		"soon":                          0,
		"Sat, 28 Nov 2026 17:00:05 GMT": 5 * time.Second,
		"Sat, 28 Nov 2026 16:59:00 GMT": 0,
	}
	for in, want := range cases {
		if got := parseRetryAfter(in, now); got != want {
			t.Errorf("parseRetryAfter(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestBackoffHasFullJitterUnderItsCap(t *testing.T) {
	base, max := 250*time.Millisecond, 2*time.Second
	for attempt := 1; attempt <= 40; attempt++ {
		ceiling := max
		if attempt < 5 {
			ceiling = base << (attempt - 1)
		}
		var top time.Duration
		for i := 0; i < 200; i++ {
			d := backoffDelay(attempt, base, max)
			if d < 0 || d >= ceiling {
				t.Fatalf("attempt %d: %s outside [0, %s)", attempt, d, ceiling)
			}
			if d > top {
				top = d
			}
		}
		if top < ceiling/2 {
			t.Fatalf("attempt %d: 200 draws all below %s: not uniform up to %s", attempt, top, ceiling)
		}
	}
}

func TestPermanentAndRetryAfterMarkErrors(t *testing.T) {
	base := errors.New("upstream 429")
	if Permanent(nil) != nil || RetryAfter(nil, time.Second) != nil {
		t.Fatal("wrapping nil must give nil")
	}
	f := failureOf(RetryAfter(base, 2*time.Second))
	if f.Permanent || f.RetryIn == nil || *f.RetryIn != 2*time.Second || f.Error != "upstream 429" {
		t.Fatalf("RetryAfter failure %+v", f)
	}
	wrapped := errors.New("wrapped: " + base.Error())
	f = failureOf(Permanent(wrapped))
	if !f.Permanent || f.RetryIn != nil {
		t.Fatalf("Permanent failure %+v", f)
	}
	// a Permanent deep in a chain still counts, and errors.Is sees through both wrappers
	chain := RetryAfter(Permanent(base), time.Second)
	if !IsPermanent(chain) || !errors.Is(chain, base) {
		t.Fatal("the markers must wrap the error")
	}
	wire, _ := json.Marshal(Failed(Lease{ID: "q-1", Token: 2}, failureOf(chain)))
	if string(wire) != `{"id":"q-1","token":2,"status":"failed","error":"upstream 429","retryable":false,"retryInMs":1000}` {
		t.Fatalf("wire %s", wire)
	}
}

func TestDefaultWorkerIDIsAValidName(t *testing.T) {
	for _, host := range []string{"box-1", "", "hôte.example.com", strings.Repeat("h", 300), "a b/c"} {
		id := defaultWorkerID(host, 4242)
		if !namePattern.MatchString(id) || !strings.Contains(id, "-4242-") {
			t.Errorf("host %q: id %q", host, id)
		}
	}
	if defaultWorkerID("h", 1) == defaultWorkerID("h", 1) {
		t.Error("two ids of one host and pid must differ (random part)")
	}
}

func TestWorkerRejectsInvalidOptions(t *testing.T) {
	c := NewClient("http://127.0.0.1:1", "")
	h := func(context.Context, *Job) (any, error) { return nil, nil }
	cases := []Worker{
		{Queue: "q", Handler: h},
		{Client: c, Queue: "q"},
		{Client: c, Queue: "bad queue", Handler: h},
		{Client: c, Queue: "q", Handler: h, Concurrency: 10_001},
		{Client: c, Queue: "q", Handler: h, BatchSize: 1001},
		{Client: c, Queue: "q", Handler: h, WaitMs: 30_001},
		{Client: c, Queue: "q", Handler: h, WorkerID: "no spaces"},
		{Client: c, Queue: "q", Handler: h, Types: []string{"ok", "not ok"}},
	}
	for i := range cases {
		if err := cases[i].Run(context.Background()); err == nil {
			t.Errorf("case %d: want an error", i)
		}
	}
}
