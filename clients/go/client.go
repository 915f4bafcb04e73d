// Package claimq is a client of claimq's remote-worker protocol (docs/remote-workers.md): a
// Client for its calls (claim, heartbeat, cancels, complete, fail, release, settle) and a Worker
// that runs jobs of a queue with them: long-poll claims, one heartbeat for every lease, a long
// poll that hears cancels at once, batched settles and a graceful shutdown.
package claimq

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Version is this client's version, sent in the User-Agent and as the worker's version.
const Version = "0.1.0"

// Defaults of a Client's fields.
const (
	DefaultMaxAttempts   = 5
	DefaultMaxRetryDelay = 30 * time.Second
	DefaultTimeout       = 30 * time.Second
	// baseRetryDelay bounds the first backoff; it doubles per attempt up to MaxRetryDelay.
	baseRetryDelay = 250 * time.Millisecond
	// maxErrorBody is how much of an error answer is read.
	maxErrorBody = 64 << 10
)

// Client calls claimq's remote-worker routes. Its fields may be set before first use and not
// changed afterwards; a Client is safe for concurrent use.
//
// Every call of this protocol is safe to repeat (a settle repeated with the same token answers
// the same status; the leases of a claim whose reply was lost are released by the worker's next
// heartbeat), so each call is retried on a 503 (after its Retry-After) and on a network error
// (after an exponential backoff with full jitter), up to MaxAttempts in all.
type Client struct {
	// BaseURL is the service's address, e.g. "http://127.0.0.1:3000".
	BaseURL string
	// APIKey, when set, is sent as "Authorization: Bearer <key>": a write key or a worker key.
	APIKey string
	// HTTPClient sends the requests; nil means http.DefaultClient. Leave its Timeout 0 (or above
	// the longest long poll): each attempt has its own deadline (Timeout).
	HTTPClient *http.Client
	// MaxAttempts is the most attempts of one call, the first included; 0 means
	// DefaultMaxAttempts, 1 turns retries off.
	MaxAttempts int
	// MaxRetryDelay caps the wait between two attempts, a Retry-After's too; 0 means
	// DefaultMaxRetryDelay.
	MaxRetryDelay time.Duration
	// Timeout is each attempt's deadline, on top of a claim's waitMs; 0 means DefaultTimeout.
	Timeout time.Duration
}

// NewClient returns a Client of the service at baseURL; apiKey may be empty (keys off).
func NewClient(baseURL, apiKey string) *Client {
	return &Client{BaseURL: baseURL, APIKey: apiKey}
}

// Claim claims up to req.Max jobs of queue, waiting up to req.WaitMs for them when none is ready.
func (c *Client) Claim(ctx context.Context, queue string, req ClaimRequest) ([]ClaimedJob, ClaimMeta, error) {
	return c.claim(ctx, queue, req, 0)
}

// claim is Claim with at most attempts attempts (0: MaxAttempts).
func (c *Client) claim(ctx context.Context, queue string, req ClaimRequest, attempts int) ([]ClaimedJob, ClaimMeta, error) {
	var out struct {
		Jobs []ClaimedJob `json:"jobs"`
		ClaimMeta
	}
	extra := time.Duration(req.WaitMs) * time.Millisecond
	err := c.call(ctx, http.MethodPost, "/queues/"+url.PathEscape(queue)+"/claims", req, &out, extra, attempts)
	if err != nil {
		return nil, ClaimMeta{}, err
	}
	return out.Jobs, out.ClaimMeta, nil
}

// Heartbeat renews every lease named in req and reports which of them were cancelled or are no
// longer the worker's; leases the service records for the worker that req does not name are
// released.
func (c *Client) Heartbeat(ctx context.Context, workerID string, req HeartbeatRequest) (HeartbeatResult, error) {
	if req.Queues == nil {
		req.Queues = []string{}
	}
	if req.Leases == nil {
		req.Leases = []Lease{}
	}
	var out HeartbeatResult
	err := c.do(ctx, "/workers/"+url.PathEscape(workerID)+"/heartbeat", req, &out, 0)
	return out, err
}

// Cancels waits up to waitMs (0 to 30,000: a long poll) for a cancel to be asked of one of the
// jobs workerID runs, and answers the leases of the jobs cancelled, as soon as there is one (none
// when waitMs passed first). Stop each job held with that token and settle it with a fail (the
// service records it cancelled); ignore the others (a job settled meanwhile, or claimed again
// since). A service older than the route answers 404. The heartbeat tells the same cancels, at its
// next beat.
func (c *Client) Cancels(ctx context.Context, workerID string, waitMs int) ([]Lease, error) {
	return c.cancels(ctx, workerID, waitMs, 0)
}

// cancels is Cancels with at most attempts attempts (0: MaxAttempts).
func (c *Client) cancels(ctx context.Context, workerID string, waitMs, attempts int) ([]Lease, error) {
	var out struct {
		Cancelled []Lease `json:"cancelled"`
	}
	path := "/workers/" + url.PathEscape(workerID) + "/cancels?waitMs=" + strconv.Itoa(waitMs)
	extra := time.Duration(waitMs) * time.Millisecond
	if err := c.call(ctx, http.MethodGet, path, nil, &out, extra, attempts); err != nil {
		return nil, err
	}
	return out.Cancelled, nil
}

// Complete records a claimed job's result and answers the job's status (succeeded). A token
// that is not current is an error for which errors.Is(err, ErrStale) holds.
func (c *Client) Complete(ctx context.Context, lease Lease, result any) (string, error) {
	return c.settleOne(ctx, Succeeded(lease, result))
}

// Fail records that a claimed job's attempt failed and answers the job's status: scheduled (a
// retry is due), failed, or cancelled (a cancel was asked for). A stale token is ErrStale.
func (c *Client) Fail(ctx context.Context, lease Lease, f Failure) (string, error) {
	return c.settleOne(ctx, Failed(lease, f))
}

// Release gives a claimed job back unrun, its attempt not spent, and answers its status
// (pending). A stale token is ErrStale; so is, with the service as it is, a release repeated
// after its reply was lost (a retry): the job was released all the same.
func (c *Client) Release(ctx context.Context, lease Lease) (string, error) {
	return c.settleOne(ctx, Released(lease))
}

func (c *Client) settleOne(ctx context.Context, s Settlement) (string, error) {
	var route string
	switch s.Kind {
	case SettleSucceeded:
		route = "complete"
	case SettleFailed:
		route = "fail"
	case SettleReleased:
		route = "release"
	default:
		return "", fmt.Errorf("claimq: unknown settlement kind %q", s.Kind)
	}
	var out SettleResult
	if err := c.do(ctx, "/jobs/"+url.PathEscape(s.ID)+"/"+route, s.wire(false), &out, 0); err != nil {
		return "", err
	}
	return out.Status, nil
}

// MaxSettlements is the most results one Settle takes.
const MaxSettlements = 1000

// Settle completes, fails or releases up to MaxSettlements jobs, of any queues, in one call. The
// results come in the order sent; one whose token was not current has status "stale" (not an
// error), so one late result does not refuse the others.
func (c *Client) Settle(ctx context.Context, items []Settlement) ([]SettleResult, error) {
	if len(items) == 0 || len(items) > MaxSettlements {
		return nil, fmt.Errorf("claimq: Settle takes 1 to %d results, not %d", MaxSettlements, len(items))
	}
	var out struct {
		Results []SettleResult `json:"results"`
	}
	body := struct {
		Results []Settlement `json:"results"`
	}{items}
	if err := c.do(ctx, "/settlements", body, &out, 0); err != nil {
		return nil, err
	}
	if len(out.Results) != len(items) {
		return nil, fmt.Errorf("claimq: POST /settlements answered %d results for %d sent", len(out.Results), len(items))
	}
	return out.Results, nil
}

// do POSTs body as JSON to path and decodes a 2xx answer into out, retrying as the Client's
// comment says. extra lengthens each attempt's deadline (a long poll's wait).
func (c *Client) do(ctx context.Context, path string, body, out any, extra time.Duration) error {
	return c.request(ctx, http.MethodPost, path, body, out, extra)
}

func (c *Client) request(ctx context.Context, method, path string, body, out any, extra time.Duration) error {
	return c.call(ctx, method, path, body, out, extra, 0)
}

// call sends one request with up to attempts attempts (0: MaxAttempts).
func (c *Client) call(ctx context.Context, method, path string, body, out any, extra time.Duration, attempts int) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return fmt.Errorf("claimq: encoding the request: %w", err)
		}
	}
	endpoint := strings.TrimRight(c.BaseURL, "/") + path
	if attempts <= 0 {
		attempts = c.MaxAttempts
	}
	if attempts <= 0 {
		attempts = DefaultMaxAttempts
	}
	for attempt := 1; ; attempt++ {
		err := c.attempt(ctx, method, endpoint, payload, out, extra)
		if err == nil {
			return nil
		}
		if ctx.Err() != nil {
			return err
		}
		wait, retryable := c.retryDelay(err, attempt)
		if !retryable || attempt >= attempts {
			return err
		}
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return ctx.Err()
		case <-timer.C:
		}
	}
}

// networkError is a request that got no complete answer: it may or may not have been processed.
type networkError struct{ err error }

func (e *networkError) Error() string { return "claimq: " + e.err.Error() }
func (e *networkError) Unwrap() error { return e.err }

func (c *Client) attempt(ctx context.Context, method, endpoint string, payload []byte, out any, extra time.Duration) error {
	timeout := c.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	actx, cancel := context.WithTimeout(ctx, timeout+extra)
	defer cancel()
	var reader io.Reader
	if payload != nil {
		reader = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(actx, method, endpoint, reader)
	if err != nil {
		return fmt.Errorf("claimq: %w", err)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "claimq-go/"+Version)
	if c.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+c.APIKey)
	}
	hc := c.HTTPClient
	if hc == nil {
		hc = http.DefaultClient
	}
	res, err := hc.Do(req)
	if err != nil {
		return &networkError{err}
	}
	defer res.Body.Close()
	if res.StatusCode < 200 || res.StatusCode > 299 {
		data, _ := io.ReadAll(io.LimitReader(res.Body, maxErrorBody))
		return decodeAPIError(res, data)
	}
	data, err := io.ReadAll(res.Body)
	if err != nil {
		return &networkError{fmt.Errorf("reading the answer of %s %s: %w", method, req.URL.Path, err)}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(data, out); err != nil {
		return fmt.Errorf("claimq: %s %s answered %d with a body that is not the expected JSON: %w", method, req.URL.Path, res.StatusCode, err)
	}
	return nil
}

// decodeAPIError reads claimq's error body ({statusCode, error, message, code, errors}); any other
// body becomes the message, shortened.
func decodeAPIError(res *http.Response, data []byte) *APIError {
	e := &APIError{Status: res.StatusCode, RetryAfter: parseRetryAfter(res.Header.Get("Retry-After"), time.Now())}
	var body struct {
		StatusCode *int         `json:"statusCode"`
		Message    any          `json:"message"`
		Code       string       `json:"code"`
		Errors     []FieldError `json:"errors"`
	}
	if json.Unmarshal(data, &body) == nil && body.StatusCode != nil {
		e.Code = body.Code
		e.Errors = body.Errors
		switch m := body.Message.(type) {
		case string:
			e.Message = m
		case nil:
		default:
			if b, err := json.Marshal(m); err == nil {
				e.Message = string(b)
			}
		}
		return e
	}
	text := strings.TrimSpace(string(data))
	if len(text) > 200 {
		text = text[:200] + "..."
	}
	if text == "" {
		text = http.StatusText(res.StatusCode)
	}
	e.Message = text
	return e
}

// retryDelay says whether err is worth another attempt, and after how long: a 503 after its
// Retry-After (capped at MaxRetryDelay), a network error or a 503 without one after a backoff.
func (c *Client) retryDelay(err error, attempt int) (time.Duration, bool) {
	maxDelay := c.MaxRetryDelay
	if maxDelay <= 0 {
		maxDelay = DefaultMaxRetryDelay
	}
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		if apiErr.Status != http.StatusServiceUnavailable {
			return 0, false
		}
		if apiErr.RetryAfter > 0 {
			if apiErr.RetryAfter > maxDelay {
				return maxDelay, true
			}
			return apiErr.RetryAfter, true
		}
		return backoffDelay(attempt, baseRetryDelay, maxDelay), true
	}
	var netErr *networkError
	if errors.As(err, &netErr) {
		return backoffDelay(attempt, baseRetryDelay, maxDelay), true
	}
	return 0, false
}

// backoffDelay is the wait before attempt+1 after attempt failed: uniform in [0, min(max,
// base*2^(attempt-1))) ("full jitter"), so that clients that failed together do not come back
// together.
func backoffDelay(attempt int, base, max time.Duration) time.Duration {
	if attempt < 1 {
		attempt = 1
	}
	ceiling := max
	if attempt < 32 {
		if d := base << (attempt - 1); d > 0 && d < max {
			ceiling = d
		}
	}
	if ceiling <= 0 {
		return 0
	}
	jitterMu.Lock()
	defer jitterMu.Unlock()
	return time.Duration(jitter.Int63n(int64(ceiling)))
}

// jitter is seeded once per process (Go 1.19's global source is not seeded).
var (
	jitterMu sync.Mutex
	jitter   = rand.New(rand.NewSource(time.Now().UnixNano()))
)

// parseRetryAfter reads a Retry-After value: delta-seconds or an HTTP-date (RFC 9110, 10.2.3).
// 0 when absent or unreadable.
func parseRetryAfter(value string, now time.Time) time.Duration {
	value = strings.TrimSpace(value)
	if value == "" {
		return 0
	}
	if secs, err := strconv.ParseInt(value, 10, 64); err == nil {
		if secs <= 0 {
			return 0
		}
		if secs > int64(24*time.Hour/time.Second) {
			secs = int64(24 * time.Hour / time.Second)
		}
		return time.Duration(secs) * time.Second
	}
	if at, err := http.ParseTime(value); err == nil {
		if d := at.Sub(now); d > 0 {
			return d
		}
	}
	return 0
}
