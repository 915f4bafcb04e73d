// The Go worker of npm run bench:remote: the clients/go Worker with a no-op handler. It writes to
// stdout "s <handler start, wall ms> <payload t>" for each job whose payload has a t (a pickup
// sample), and "c <n>" every 5 ms when n more results were recorded as succeeded.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	claimq "github.com/claimq/claimq/clients/go"
)

func main() {
	concurrency, _ := strconv.Atoi(os.Getenv("CLAIMQ_CONCURRENCY"))
	batch, _ := strconv.Atoi(os.Getenv("CLAIMQ_BATCH"))
	client := claimq.NewClient(os.Getenv("CLAIMQ_URL"), os.Getenv("CLAIMQ_API_KEY"))
	out := bufio.NewWriterSize(os.Stdout, 1<<16)
	var mu sync.Mutex
	var done int64
	w := &claimq.Worker{
		Client:      client,
		Queue:       os.Getenv("CLAIMQ_QUEUE"),
		Concurrency: concurrency,
		BatchSize:   batch,
		WaitMs:      5000,
		Handler: func(ctx context.Context, job *claimq.Job) (any, error) {
			var p struct {
				T *float64 `json:"t"`
			}
			if len(job.Payload) > 0 && job.Payload[0] == '{' && json.Unmarshal(job.Payload, &p) == nil && p.T != nil {
				now := float64(time.Now().UnixNano()) / 1e6
				mu.Lock()
				fmt.Fprintf(out, "s %.3f %.3f\n", now, *p.T)
				out.Flush()
				mu.Unlock()
			}
			return nil, nil
		},
		OnSettled: func(_ string, status string) {
			if status == "succeeded" {
				atomic.AddInt64(&done, 1)
			}
		},
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()
	go func() {
		var told int64
		for range time.Tick(5 * time.Millisecond) {
			if n := atomic.LoadInt64(&done); n > told {
				mu.Lock()
				fmt.Fprintf(out, "c %d\n", n-told)
				out.Flush()
				mu.Unlock()
				told = n
			}
		}
	}()
	if err := w.Run(ctx); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
