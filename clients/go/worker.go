package claimq

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"net/http"
	"os"
	"regexp"
	"runtime/debug"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Handler runs one job and returns its result (any value encoding/json takes) or an error. An
// error fails the attempt: the job is retried after its backoff while it has attempts left,
// unless the error wraps Permanent (it fails for good); RetryAfter sets the retry's delay. ctx is
// cancelled when the job's cancel is asked for, when its lease is lost, when its timeoutMs has
// passed, and when a shutdown's grace period ends: a handler should return soon after.
type Handler func(ctx context.Context, job *Job) (result any, err error)

// Logger takes the worker's log lines; *log.Logger is one.
type Logger interface {
	Printf(format string, v ...any)
}

// Worker defaults and limits.
const (
	DefaultWaitMs         = 20_000
	DefaultShutdownGrace  = 30 * time.Second
	DefaultSettleInterval = 50 * time.Millisecond
	MaxClaimBatch         = 1000
	MaxClaimWaitMs        = 30_000
	MaxConcurrency        = 10_000
	// cancelsWaitMs is how long one cancel poll waits for a cancel (the service allows 30,000).
	cancelsWaitMs = 25_000
	// maxSettleBytes caps one POST /settlements body (the service's MAX_BODY_BYTES is 16 MiB by
	// default); a larger single result is sent alone.
	maxSettleBytes = 1 << 20
	// finalSettleTimeout and finalBeatTimeout bound the last settles and the last heartbeat of a
	// shutdown, when the service is unreachable: Run returns at most ShutdownGrace + 15 s after
	// its context ends.
	finalSettleTimeout = 10 * time.Second
	finalBeatTimeout   = 5 * time.Second
)

var namePattern = regexp.MustCompile(`^[A-Za-z0-9_.:-]{1,100}$`)

// Worker runs the jobs of one queue in this process: it claims them with long polls while it has
// free slots, runs each in its own goroutine, keeps their leases with one heartbeat for all of
// them, hears the cancels asked of them at once with one more long poll while they run, and
// settles their results in batches. Set its fields, then call Run; fields must not change while
// Run runs.
type Worker struct {
	// Client calls the service (required).
	Client *Client
	// Queue is the queue claimed from (required).
	Queue string
	// Types, when set, are the job types this worker runs (up to 100): a job of another type is
	// handed back for a worker that runs it. Nil: every type but "http".
	Types []string
	// Concurrency is how many jobs run at once (its slots), 1 to 10,000; 0 means 1.
	Concurrency int
	// BatchSize is the most jobs one claim takes, 1 to 1,000; 0 means Concurrency (at most
	// 1,000). A claim never takes more than the free slots.
	BatchSize int
	// WaitMs is how long a claim waits for a job when none is ready (a long poll), 1 to 30,000;
	// 0 means 20,000. A poll is cut shorter to end when the next heartbeat is due: claims and
	// heartbeats never overlap.
	WaitMs int
	// Handler runs each job (required).
	Handler Handler
	// WorkerID names this worker process ([A-Za-z0-9_.:-]{1,100}); empty means host-pid-random.
	WorkerID string
	// Logger takes the worker's log lines; nil means log.Default().
	Logger Logger
	// ShutdownGrace is how long Run waits, once its context is done, for running jobs to finish
	// before it cancels their contexts and releases them; 0 means 30 s, a negative value none.
	ShutdownGrace time.Duration
	// SettleInterval is how long a result may wait to be sent with others in one POST
	// /settlements (a full batch goes at once); 0 means 50 ms.
	SettleInterval time.Duration
	// Version is the version shown for this worker in GET /workers; empty means this client's.
	Version string
	// OnSettled, when set, is called once the service answered a job's settlement, with the
	// status it recorded (succeeded, scheduled, failed, cancelled, pending for a release) or
	// "stale" (nothing recorded). For metrics: it must be quick and safe for concurrent use.
	OnSettled func(jobID string, status string)

	active int32
}

// Run runs the worker until ctx is done, then shuts it down: it stops claiming, waits up to
// ShutdownGrace for the running jobs, cancels the contexts of those still running and releases
// them (their attempts are not spent), sends the pending results, and returns. It returns nil
// after a shutdown, or the error that stopped it: an invalid field, or a claim the service
// refused (400, 401, 403, 404), after the same shutdown.
func (w *Worker) Run(ctx context.Context) error {
	r, err := w.prepare()
	if err != nil {
		return err
	}
	if !atomic.CompareAndSwapInt32(&w.active, 0, 1) {
		return errors.New("claimq: this Worker is already running")
	}
	defer atomic.StoreInt32(&w.active, 0)
	return r.run(ctx)
}

// ClaimFromContext returns the claim of the job whose handler got ctx: its token, lease and
// trace context.
func ClaimFromContext(ctx context.Context) (ClaimedJob, bool) {
	c, ok := ctx.Value(claimKey{}).(ClaimedJob)
	return c, ok
}

type claimKey struct{}

func (w *Worker) prepare() (*run, error) {
	if w.Client == nil {
		return nil, errors.New("claimq: Worker.Client is required")
	}
	if w.Handler == nil {
		return nil, errors.New("claimq: Worker.Handler is required")
	}
	if !namePattern.MatchString(w.Queue) {
		return nil, fmt.Errorf("claimq: Worker.Queue %q must match [A-Za-z0-9_.:-]{1,100}", w.Queue)
	}
	if len(w.Types) > 100 {
		return nil, fmt.Errorf("claimq: Worker.Types names %d types; at most 100", len(w.Types))
	}
	for _, t := range w.Types {
		if !namePattern.MatchString(t) {
			return nil, fmt.Errorf("claimq: Worker.Types: %q must match [A-Za-z0-9_.:-]{1,100}", t)
		}
	}
	r := &run{
		client:      w.Client,
		handler:     w.Handler,
		queue:       w.Queue,
		types:       w.Types,
		concurrency: w.Concurrency,
		batch:       w.BatchSize,
		waitMs:      w.WaitMs,
		grace:       w.ShutdownGrace,
		settleEvery: w.SettleInterval,
		id:          w.WorkerID,
		logger:      w.Logger,
		onSettled:   w.OnSettled,
		jobs:        make(map[string]*task),
		slotFreed:   make(chan struct{}, 1),
		settleWake:  make(chan struct{}, 1),
		hbWake:      make(chan struct{}, 1),
		beatDone:    make(chan struct{}, 1),
		jobStarted:  make(chan struct{}, 1),
	}
	if r.concurrency == 0 {
		r.concurrency = 1
	}
	if r.concurrency < 1 || r.concurrency > MaxConcurrency {
		return nil, fmt.Errorf("claimq: Worker.Concurrency must be 1 to %d, not %d", MaxConcurrency, r.concurrency)
	}
	if r.batch == 0 {
		r.batch = r.concurrency
		if r.batch > MaxClaimBatch {
			r.batch = MaxClaimBatch
		}
	}
	if r.batch < 1 || r.batch > MaxClaimBatch {
		return nil, fmt.Errorf("claimq: Worker.BatchSize must be 1 to %d, not %d", MaxClaimBatch, r.batch)
	}
	if r.waitMs == 0 {
		r.waitMs = DefaultWaitMs
	}
	if r.waitMs < 1 || r.waitMs > MaxClaimWaitMs {
		return nil, fmt.Errorf("claimq: Worker.WaitMs must be 1 to %d, not %d", MaxClaimWaitMs, r.waitMs)
	}
	if r.grace == 0 {
		r.grace = DefaultShutdownGrace
	} else if r.grace < 0 {
		r.grace = 0
	}
	if r.settleEvery <= 0 {
		r.settleEvery = DefaultSettleInterval
	}
	if r.logger == nil {
		r.logger = log.Default()
	}
	host, _ := os.Hostname()
	if r.id == "" {
		r.id = defaultWorkerID(host, os.Getpid())
	} else if !namePattern.MatchString(r.id) {
		return nil, fmt.Errorf("claimq: Worker.WorkerID %q must match [A-Za-z0-9_.:-]{1,100}", r.id)
	}
	version := w.Version
	if version == "" {
		version = Version
	}
	r.info = WorkerInfo{Host: truncate(host, 100), PID: os.Getpid(), Language: "go", Version: truncate(version, 100), Concurrency: r.concurrency}
	return r, nil
}

// defaultWorkerID is host-pid-random, the host kept to the characters a worker id may hold.
func defaultWorkerID(host string, pid int) string {
	var b [4]byte
	_, _ = rand.Read(b[:])
	clean := strings.Map(func(c rune) rune {
		if isNameChar(c) {
			return c
		}
		return '-'
	}, host)
	if clean == "" {
		clean = "go"
	}
	suffix := fmt.Sprintf("-%d-%s", pid, hex.EncodeToString(b[:]))
	return truncate(clean, 100-len(suffix)) + suffix
}

func isNameChar(c rune) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune("_.:-", c)
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}

type taskState int

const (
	taskRunning  taskState = iota // the handler runs
	taskSettling                  // its settlement waits to be acknowledged
)

type stopReason int

const (
	stopNone      stopReason = iota
	stopCancelled            // a cancel was asked for: the outcome is still settled
	stopStale                // the lease is no longer this worker's: the outcome is dropped
	stopShutdown             // released by a shutdown: the outcome is dropped
)

// task is a lease this worker holds: a job running, or one whose settlement is not yet
// acknowledged (its lease must still be named in heartbeats, or the service releases it).
type task struct {
	claimed    ClaimedJob
	lease      Lease
	cancel     context.CancelFunc
	state      taskState
	stop       stopReason
	leaseUntil time.Time
}

type pendingSettle struct {
	s    Settlement
	t    *task
	size int
}

// run is the state of one Worker.Run.
type run struct {
	client      *Client
	handler     Handler
	queue       string
	types       []string
	concurrency int
	batch       int
	waitMs      int
	grace       time.Duration
	settleEvery time.Duration
	id          string
	info        WorkerInfo
	logger      Logger
	onSettled   func(jobID string, status string)

	heartbeatEvery int64 // ns, atomic; 0 until the first claim answers
	leaseFor       int64 // ns, atomic
	nextBeat       int64 // unix ns of the next heartbeat, atomic; 0 until one is due

	// gate keeps claims and heartbeats apart. The service releases every lease of this worker
	// that a heartbeat does not name: a heartbeat that crossed a claim on the way would name
	// none of that claim's jobs, and so hand them back while they run here. A claim's long poll
	// ends before the next heartbeat is due, so a heartbeat never waits long.
	gate sync.Mutex

	mu      sync.Mutex
	jobs    map[string]*task // every lease held, by job id
	busy    int              // handler goroutines not yet returned (slots in use)
	pending []pendingSettle  // settlements not yet sent

	slotFreed  chan struct{}
	settleWake chan struct{}
	hbWake     chan struct{}
	beatDone   chan struct{}
	jobStarted chan struct{} // a job started: the cancel poll runs only while jobs run
}

func notify(ch chan struct{}) {
	select {
	case ch <- struct{}{}:
	default:
	}
}

func (r *run) logf(format string, v ...any) {
	r.logger.Printf("claimq worker %s: "+format, append([]any{r.id}, v...)...)
}

func (r *run) run(ctx context.Context) error {
	// heartbeats, settles and jobs outlive ctx: they go on through the shutdown
	bg, stopBg := context.WithCancel(context.Background())
	defer stopBg()

	settleStop, settleDone := make(chan struct{}), make(chan struct{})
	go r.settleLoop(bg, settleStop, settleDone)
	hbStop, hbDone := make(chan struct{}), make(chan struct{})
	go r.heartbeatLoop(bg, hbStop, hbDone)
	// the cancel poll goes on while jobs run in the grace period; once none runs, stopping it
	// cuts short the poll in flight
	cancelsCtx, stopCancels := context.WithCancel(bg)
	defer stopCancels()
	cancelsDone := make(chan struct{})
	go r.cancelsLoop(cancelsCtx, cancelsDone)

	fatal := r.claimLoop(ctx, bg)
	if fatal != nil {
		r.logf("stopping: %v", fatal)
	}

	r.awaitRunning(r.grace)
	if n := r.releaseRunning(); n > 0 {
		r.logf("shutdown: released %d job(s) still running after the %s grace period", n, r.grace)
	}
	stopCancels()
	<-cancelsDone
	close(settleStop)
	<-settleDone
	close(hbStop)
	<-hbDone
	r.finalHeartbeat()
	return fatal
}

// claimLoop claims while slots are free until ctx is done; it returns the error of a claim the
// service refused for good.
func (r *run) claimLoop(ctx, jobCtx context.Context) error {
	first := true // the first claim answers at once: its reply gives the heartbeat interval
	failures := 0
	for {
		free, ok := r.waitForSlot(ctx)
		if !ok {
			return nil
		}
		max := free
		if max > r.batch {
			max = r.batch
		}
		wait := r.waitMs
		if first {
			wait = 0
		} else if next := atomic.LoadInt64(&r.nextBeat); next != 0 {
			// the poll ends before the next heartbeat is due
			until := time.Until(time.Unix(0, next))
			if until < 20*time.Millisecond {
				if !r.awaitBeat(ctx, until) {
					return nil
				}
				continue
			}
			if ms := int(until / time.Millisecond); ms < wait {
				wait = ms
			}
		}
		r.gate.Lock()
		sent := time.Now()
		jobs, meta, err := r.client.claim(ctx, r.queue, ClaimRequest{WorkerID: r.id, Worker: r.info, Max: max, Types: r.types, WaitMs: wait}, 1)
		if err == nil {
			r.setMeta(meta)
			r.start(jobCtx, jobs, sent)
		}
		r.gate.Unlock()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			var apiErr *APIError
			if errors.As(err, &apiErr) {
				switch apiErr.Status {
				case http.StatusBadRequest, http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound:
					return fmt.Errorf("claim refused: %w", err)
				}
			}
			failures++
			pause := failurePause(err, failures)
			r.logf("claim failed (retrying in %s): %v", pause.Round(time.Millisecond), err)
			if !sleepCtx(ctx, pause) {
				return nil
			}
			continue
		}
		failures = 0
		first = false
	}
}

// failurePause is how long a loop waits after its failures-th failed call in a row: the answer's
// Retry-After (at most 30 s), else a backoff.
func failurePause(err error, failures int) time.Duration {
	var apiErr *APIError
	if errors.As(err, &apiErr) && apiErr.RetryAfter > 0 {
		if apiErr.RetryAfter > 30*time.Second {
			return 30 * time.Second
		}
		return apiErr.RetryAfter
	}
	return 500*time.Millisecond + backoffDelay(failures, time.Second, 30*time.Second)
}

// awaitBeat waits for the heartbeat due in until (or overdue) to be sent.
func (r *run) awaitBeat(ctx context.Context, until time.Duration) bool {
	if until < 0 {
		until = 0
	}
	timer := time.NewTimer(until + time.Duration(atomic.LoadInt64(&r.heartbeatEvery)))
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-r.beatDone:
	case <-timer.C:
	}
	return true
}

func (r *run) waitForSlot(ctx context.Context) (int, bool) {
	for {
		if ctx.Err() != nil {
			return 0, false
		}
		r.mu.Lock()
		free := r.concurrency - r.busy
		r.mu.Unlock()
		if free > 0 {
			return free, true
		}
		select {
		case <-ctx.Done():
			return 0, false
		case <-r.slotFreed:
		}
	}
}

func (r *run) setMeta(meta ClaimMeta) {
	every := time.Duration(meta.HeartbeatMs) * time.Millisecond
	if every <= 0 {
		every = time.Minute
	}
	atomic.StoreInt64(&r.leaseFor, int64(time.Duration(meta.LeaseMs)*time.Millisecond))
	atomic.StoreInt64(&r.heartbeatEvery, int64(every))
	if atomic.CompareAndSwapInt64(&r.nextBeat, 0, time.Now().Add(every).UnixNano()) {
		notify(r.hbWake) // the first heartbeat is due
	}
}

func (r *run) start(jobCtx context.Context, claimed []ClaimedJob, sent time.Time) {
	leaseFor := time.Duration(atomic.LoadInt64(&r.leaseFor))
	for _, cj := range claimed {
		ctx, cancel := context.WithCancel(jobCtx)
		t := &task{claimed: cj, lease: cj.Lease(), cancel: cancel, leaseUntil: sent.Add(leaseFor)}
		r.mu.Lock()
		if old := r.jobs[cj.Job.ID]; old != nil {
			// claimed again: the old token is no longer current
			old.stop = stopStale
			old.cancel()
			r.logf("job %s claimed again (token %d after %d): the earlier run is dropped", cj.Job.ID, cj.Token, old.lease.Token)
		}
		r.jobs[cj.Job.ID] = t
		r.busy++
		r.mu.Unlock()
		notify(r.jobStarted)
		go r.execute(ctx, t)
	}
}

func (r *run) execute(ctx context.Context, t *task) {
	defer func() {
		r.mu.Lock()
		r.busy--
		r.mu.Unlock()
		notify(r.slotFreed)
	}()
	defer t.cancel()
	job := t.claimed.Job
	hctx := context.WithValue(ctx, claimKey{}, t.claimed)
	if job.TimeoutMs > 0 {
		var cancel context.CancelFunc
		hctx, cancel = context.WithTimeout(hctx, time.Duration(job.TimeoutMs)*time.Millisecond)
		defer cancel()
	}
	result, err := r.call(hctx, &job)

	var s Settlement
	if err == nil {
		raw, merr := json.Marshal(result)
		if merr != nil {
			s = Failed(t.lease, Failure{Error: "the handler's result is not JSON: " + merr.Error(), Permanent: true})
		} else {
			s = Succeeded(t.lease, json.RawMessage(raw))
		}
	} else {
		f := failureOf(err)
		if ctx.Err() == nil && errors.Is(hctx.Err(), context.DeadlineExceeded) {
			f.Error = fmt.Sprintf("timed out after %d ms: %s", job.TimeoutMs, f.Error)
		}
		s = Failed(t.lease, f)
	}
	size := 256 + len(t.lease.ID)
	if raw, ok := s.Result.(json.RawMessage); ok {
		size += len(raw)
	}
	size += len(s.Failure.Error) + len(s.Failure.Stack)

	r.mu.Lock()
	if r.jobs[t.lease.ID] != t || t.stop == stopStale || t.stop == stopShutdown {
		r.mu.Unlock()
		return // dropped: the lease is no longer ours, or the shutdown released it
	}
	t.state = taskSettling
	r.pending = append(r.pending, pendingSettle{s: s, t: t, size: size})
	r.mu.Unlock()
	notify(r.settleWake)
}

// call runs the handler, a panic turned into an error with its stack.
func (r *run) call(ctx context.Context, job *Job) (result any, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{value: p, stack: string(debug.Stack())}
		}
	}()
	return r.handler(ctx, job)
}

type panicError struct {
	value any
	stack string
}

func (e *panicError) Error() string { return fmt.Sprintf("panic: %v", e.value) }

func failureOf(err error) Failure {
	f := Failure{Error: err.Error(), Permanent: IsPermanent(err)}
	if f.Error == "" {
		f.Error = fmt.Sprintf("%T", err)
	}
	if d, ok := retryDelayOf(err); ok {
		f.RetryIn = &d
	}
	var pe *panicError
	if errors.As(err, &pe) {
		f.Stack = pe.stack
	}
	return f
}

// awaitRunning waits up to grace for every running job's handler to return.
func (r *run) awaitRunning(grace time.Duration) {
	deadline := time.NewTimer(grace)
	defer deadline.Stop()
	for {
		r.mu.Lock()
		running := 0
		for _, t := range r.jobs {
			if t.state == taskRunning {
				running++
			}
		}
		r.mu.Unlock()
		if running == 0 {
			return
		}
		select {
		case <-deadline.C:
			return
		case <-r.slotFreed:
		}
	}
}

// releaseRunning cancels the jobs still running and queues their release.
func (r *run) releaseRunning() int {
	r.mu.Lock()
	n := 0
	for _, t := range r.jobs {
		if t.state != taskRunning {
			continue
		}
		t.stop = stopShutdown
		t.state = taskSettling
		t.cancel()
		r.pending = append(r.pending, pendingSettle{s: Released(t.lease), t: t, size: 128 + len(t.lease.ID)})
		n++
	}
	r.mu.Unlock()
	if n > 0 {
		notify(r.settleWake)
	}
	return n
}

// settleLoop sends queued settlements: a batch once SettleInterval has passed since the first of
// them, or at once when it is full; after stop, everything left.
func (r *run) settleLoop(ctx context.Context, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	failures := 0
	for {
		select {
		case <-stop:
			r.drainSettles(ctx)
			return
		case <-r.settleWake:
		}
		timer := time.NewTimer(r.settleEvery)
		stopping := false
	gather:
		for !r.batchFull() {
			select {
			case <-timer.C:
				break gather
			case <-r.settleWake:
			case <-stop:
				stopping = true
				break gather
			}
		}
		timer.Stop()
		for {
			more, err := r.flush(ctx)
			if err != nil {
				failures++
				pause := backoffDelay(failures, 500*time.Millisecond, 10*time.Second) + 100*time.Millisecond
				r.logf("sending results failed (retrying in %s): %v", pause.Round(time.Millisecond), err)
				notify(r.settleWake) // what was not sent goes again
				if !stopping && !sleepUntil(stop, pause) {
					stopping = true
				}
				break
			}
			failures = 0
			if !more || (!stopping && !r.batchFull()) {
				if more {
					notify(r.settleWake)
				}
				break
			}
		}
		if stopping {
			r.drainSettles(ctx)
			return
		}
	}
}

func (r *run) batchFull() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.pending) >= MaxSettlements {
		return true
	}
	bytes := 0
	for _, p := range r.pending {
		bytes += p.size
	}
	return bytes >= maxSettleBytes
}

// drainSettles sends everything pending, giving up after finalSettleTimeout.
func (r *run) drainSettles(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, finalSettleTimeout)
	defer cancel()
	for attempt := 1; ; attempt++ {
		more, err := r.flush(ctx)
		if err == nil && !more {
			return
		}
		if err != nil {
			r.logf("sending results at shutdown failed: %v", err)
			if !sleepCtx(ctx, backoffDelay(attempt, 250*time.Millisecond, 5*time.Second)) {
				r.mu.Lock()
				left := len(r.pending)
				r.mu.Unlock()
				r.logf("shutdown: %d result(s) could not be sent; their jobs go back to the queue", left)
				return
			}
		}
	}
}

// flush sends one batch (POST /settlements); more says whether settlements are left.
func (r *run) flush(ctx context.Context) (more bool, err error) {
	r.mu.Lock()
	var batch []pendingSettle
	bytes, i := 0, 0
	for ; i < len(r.pending) && len(batch) < MaxSettlements; i++ {
		p := r.pending[i]
		if r.jobs[p.t.lease.ID] != p.t || (p.t.stop == stopStale) {
			continue // dropped meanwhile
		}
		if len(batch) > 0 && bytes+p.size > maxSettleBytes {
			break
		}
		batch = append(batch, p)
		bytes += p.size
	}
	r.pending = append([]pendingSettle(nil), r.pending[i:]...)
	more = len(r.pending) > 0
	r.mu.Unlock()
	if len(batch) == 0 {
		return more, nil
	}

	items := make([]Settlement, len(batch))
	for k, p := range batch {
		items[k] = p.s
	}
	results, err := r.client.Settle(ctx, items)
	if err != nil {
		var apiErr *APIError
		if errors.As(err, &apiErr) && (apiErr.Status == http.StatusBadRequest || apiErr.Status == http.StatusRequestEntityTooLarge) {
			// one bad result refuses the batch: settle them one by one, to record the others
			r.settleEach(ctx, batch)
			return more, nil
		}
		r.mu.Lock()
		r.pending = append(batch, r.pending...)
		r.mu.Unlock()
		return true, err
	}
	r.mu.Lock()
	for k, res := range results {
		t := batch[k].t
		if res.Status == StatusStale && t.stop != stopShutdown {
			r.logf("job %s: the result was refused as stale (the lease was lost); dropped", t.lease.ID)
		}
		r.forget(t)
	}
	r.mu.Unlock()
	if r.onSettled != nil {
		for k, res := range results {
			r.onSettled(batch[k].t.lease.ID, string(res.Status))
		}
	}
	return more, nil
}

// settleEach settles each of a refused batch alone: a result the service refuses as too large
// becomes a permanent failure; another refused settlement is dropped (its lease goes back).
func (r *run) settleEach(ctx context.Context, batch []pendingSettle) {
	for _, p := range batch {
		_, err := r.client.settleOne(ctx, p.s)
		var apiErr *APIError
		if err != nil && errors.As(err, &apiErr) && apiErr.Status == http.StatusRequestEntityTooLarge && p.s.Kind == SettleSucceeded {
			r.logf("job %s: the result was refused (%v); failing the job", p.t.lease.ID, err)
			_, err = r.client.settleOne(ctx, Failed(p.t.lease, Failure{Error: "the result was refused: " + apiErr.Error(), Permanent: true}))
		}
		switch {
		case err == nil, errors.Is(err, ErrStale):
		case errors.As(err, &apiErr) && apiErr.Status >= 400 && apiErr.Status < 500:
			r.logf("job %s: settling was refused; dropped: %v", p.t.lease.ID, err)
		default:
			r.mu.Lock()
			r.pending = append(r.pending, p)
			r.mu.Unlock()
			notify(r.settleWake)
			continue
		}
		r.mu.Lock()
		r.forget(p.t)
		r.mu.Unlock()
	}
}

// forget removes a settled lease (r.mu held).
func (r *run) forget(t *task) {
	if r.jobs[t.lease.ID] == t {
		delete(r.jobs, t.lease.ID)
	}
}

func (r *run) heartbeatLoop(ctx context.Context, stop <-chan struct{}, done chan<- struct{}) {
	defer close(done)
	var tick <-chan time.Time
	var timer *time.Timer
	for {
		if tick == nil {
			if next := atomic.LoadInt64(&r.nextBeat); next != 0 {
				timer = time.NewTimer(time.Until(time.Unix(0, next)))
				tick = timer.C
			}
		}
		select {
		case <-stop:
			if timer != nil {
				timer.Stop()
			}
			return
		case <-r.hbWake:
		case <-tick:
			tick = nil
			r.beat(ctx)
			notify(r.beatDone)
		}
	}
}

// beat sends one heartbeat naming every lease held, and acts on its reply.
func (r *run) beat(ctx context.Context) {
	r.gate.Lock()
	defer r.gate.Unlock()
	r.mu.Lock()
	snapshot := make(map[string]*task, len(r.jobs))
	leases := make([]Lease, 0, len(r.jobs))
	for id, t := range r.jobs {
		snapshot[id] = t
		leases = append(leases, t.lease)
	}
	r.mu.Unlock()

	sent := time.Now()
	every := time.Duration(atomic.LoadInt64(&r.heartbeatEvery))
	hctx, cancel := context.WithTimeout(ctx, 2*every+5*time.Second)
	res, err := r.client.Heartbeat(hctx, r.id, HeartbeatRequest{Queues: []string{r.queue}, Leases: leases, Info: &r.info})
	cancel()
	atomic.StoreInt64(&r.nextBeat, sent.Add(every).UnixNano())

	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.logf("heartbeat failed: %v", err)
		now := time.Now()
		for id, t := range r.jobs {
			if now.After(t.leaseUntil) {
				r.logf("job %s: no heartbeat renewed its lease before it ended; dropped", id)
				r.drop(t)
			}
		}
		return
	}
	stale := make(map[string]bool, len(res.Stale))
	for _, id := range res.Stale {
		stale[id] = true
	}
	cancelled := make(map[string]bool, len(res.Cancelled))
	for _, id := range res.Cancelled {
		cancelled[id] = true
	}
	leaseFor := time.Duration(atomic.LoadInt64(&r.leaseFor))
	for id, t := range snapshot {
		if r.jobs[id] != t {
			continue // settled or claimed again meanwhile
		}
		if stale[id] {
			if t.stop != stopShutdown {
				r.logf("job %s: its lease is no longer this worker's; stopped, its result dropped", id)
			}
			r.drop(t)
			continue
		}
		t.leaseUntil = sent.Add(leaseFor)
		if cancelled[id] {
			r.cancelTask(t)
		}
	}
}

// cancelTask stops a running job whose cancel was asked for (r.mu held): its handler's context is
// cancelled, and what it returns is still settled (a fail, which the service records cancelled).
func (r *run) cancelTask(t *task) {
	if t.state == taskRunning && t.stop == stopNone {
		t.stop = stopCancelled
		t.cancel()
	}
}

// cancelsLoop keeps one long poll open on GET /workers/{workerId}/cancels while jobs run, until
// ctx is done: a cancel asked of one of them stops it at once, not at the next heartbeat (which
// still tells it, should the poll miss it). A service without the route (404) leaves cancels to
// the heartbeat.
func (r *run) cancelsLoop(ctx context.Context, done chan<- struct{}) {
	defer close(done)
	failures := 0
	for r.awaitJob(ctx) {
		cancelled, err := r.client.cancels(ctx, r.id, cancelsWaitMs, 1)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			var apiErr *APIError
			if errors.As(err, &apiErr) && apiErr.Status == http.StatusNotFound {
				r.logf("the service has no cancel poll (an earlier version): cancels reach jobs at the heartbeat")
				return
			}
			failures++
			pause := failurePause(err, failures)
			r.logf("cancel poll failed (retrying in %s; the heartbeat still tells cancels): %v", pause.Round(time.Millisecond), err)
			if !sleepCtx(ctx, pause) {
				return
			}
			continue
		}
		failures = 0
		r.mu.Lock()
		for _, l := range cancelled {
			// a job settled meanwhile, or claimed again since (another token), is not this cancel's
			if t := r.jobs[l.ID]; t != nil && t.lease.Token == l.Token {
				r.cancelTask(t)
			}
		}
		r.mu.Unlock()
	}
}

// awaitJob waits until a job runs (one not stopped already); false once ctx is done.
func (r *run) awaitJob(ctx context.Context) bool {
	for {
		if ctx.Err() != nil {
			return false
		}
		r.mu.Lock()
		running := false
		for _, t := range r.jobs {
			if t.state == taskRunning && t.stop == stopNone {
				running = true
				break
			}
		}
		r.mu.Unlock()
		if running {
			return true
		}
		select {
		case <-ctx.Done():
			return false
		case <-r.jobStarted:
		}
	}
}

// drop stops a job whose lease is lost and forgets it (r.mu held).
func (r *run) drop(t *task) {
	if t.stop != stopShutdown {
		t.stop = stopStale
	}
	t.cancel()
	r.forget(t)
}

// finalHeartbeat names the leases still held (none, normally): the service releases any other
// lease it records for this worker, such as those of a claim cut short by the shutdown.
func (r *run) finalHeartbeat() {
	if atomic.LoadInt64(&r.heartbeatEvery) == 0 {
		return // no claim ever answered: nothing can be held
	}
	r.gate.Lock()
	defer r.gate.Unlock()
	r.mu.Lock()
	leases := make([]Lease, 0, len(r.jobs))
	for _, t := range r.jobs {
		if t.state == taskRunning && t.stop == stopNone {
			leases = append(leases, t.lease)
		}
	}
	r.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), finalBeatTimeout)
	defer cancel()
	if _, err := r.client.Heartbeat(ctx, r.id, HeartbeatRequest{Queues: []string{r.queue}, Leases: leases, Info: &r.info, Final: true}); err != nil {
		r.logf("last heartbeat failed: %v", err)
	}
}

func sleepCtx(ctx context.Context, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-timer.C:
		return true
	}
}

func sleepUntil(stop <-chan struct{}, d time.Duration) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-stop:
		return false
	case <-timer.C:
		return true
	}
}
