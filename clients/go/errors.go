package claimq

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrStale is what a settle of one job answers when its token is not the job's current one, or
// the job is no longer running (409, code "stale"): nothing was recorded. Test for it with
// errors.Is; the error itself is an *APIError.
var ErrStale = errors.New("claimq: stale lease")

// FieldError names one invalid field of a request and why it is invalid.
type FieldError struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

// APIError is a non-2xx answer of the service.
type APIError struct {
	// Status is the HTTP status.
	Status int
	// Code is the service's machine-readable cause ("validation_failed", "stale",
	// "job_not_found", "store_unavailable", ...); empty when the answer had no JSON error body
	// (a proxy's page).
	Code string
	// Message is the service's explanation, or the start of a body that was not claimq's.
	Message string
	// Errors names each invalid field and its reason (400, 413); empty otherwise.
	Errors []FieldError
	// RetryAfter is how long the service asked to wait before trying again (the Retry-After
	// header of a 503); 0 when it did not say.
	RetryAfter time.Duration
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "claimq: %d", e.Status)
	if e.Code != "" {
		fmt.Fprintf(&b, " %s", e.Code)
	}
	if e.Message != "" {
		fmt.Fprintf(&b, ": %s", e.Message)
	}
	for i, fe := range e.Errors {
		if i == 0 {
			b.WriteString(" (")
		} else {
			b.WriteString("; ")
		}
		fmt.Fprintf(&b, "%s: %s", fe.Field, fe.Reason)
		if i == len(e.Errors)-1 {
			b.WriteString(")")
		}
	}
	return b.String()
}

// Is makes errors.Is(err, ErrStale) hold for a 409 with code "stale".
func (e *APIError) Is(target error) bool {
	return target == ErrStale && e.Status == 409 && e.Code == "stale"
}

// Permanent marks a handler's error as final: the job fails for good, even with attempts left
// (the fail is sent with retryable false). Permanent(nil) is nil.
func Permanent(err error) error {
	if err == nil {
		return nil
	}
	return &permanentError{err: err}
}

type permanentError struct{ err error }

func (e *permanentError) Error() string { return e.err.Error() }
func (e *permanentError) Unwrap() error { return e.err }

// RetryAfter asks for the job's next attempt after d instead of after the job's backoff (the fail
// is sent with retryInMs); it does nothing when the error is also Permanent or the job has no
// attempts left. RetryAfter(nil, d) is nil.
func RetryAfter(err error, d time.Duration) error {
	if err == nil {
		return nil
	}
	if d < 0 {
		d = 0
	}
	return &retryAfterError{err: err, after: d}
}

type retryAfterError struct {
	err   error
	after time.Duration
}

func (e *retryAfterError) Error() string { return e.err.Error() }
func (e *retryAfterError) Unwrap() error { return e.err }

// IsPermanent reports whether err wraps an error made by Permanent.
func IsPermanent(err error) bool {
	var p *permanentError
	return errors.As(err, &p)
}

// retryDelayOf is the delay a RetryAfter in err's chain asks for.
func retryDelayOf(err error) (time.Duration, bool) {
	var r *retryAfterError
	if errors.As(err, &r) {
		return r.after, true
	}
	return 0, false
}
