// Command worker is an example claimq worker in Go: it runs the jobs of one queue until SIGTERM
// or SIGINT, then drains (finishes what runs, releases what outlives the grace) and exits 0.
//
// Configuration, from the environment:
//
//	CLAIMQ_URL                 the service, e.g. http://127.0.0.1:3000 (required)
//	CLAIMQ_API_KEY             a write key or a worker key, when keys are on
//	CLAIMQ_QUEUE               the queue to work (default "default")
//	CLAIMQ_CONCURRENCY         jobs run at once (default 4)
//	CLAIMQ_SHUTDOWN_GRACE_MS   how long a shutdown waits for running jobs (default 30000)
//	CLAIMQ_EXAMPLE_SLEEP_MS    how long each job takes (default 0), for tests and demos
//
// Each job's result is its payload. One line "processed <jobId>" goes to stdout per job done;
// logs go to stderr.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/signal"
	"strconv"
	"syscall"
	"time"

	claimq "github.com/claimq/claimq/clients/go"
)

func main() {
	if err := run(); err != nil {
		log.Printf("worker: %v", err)
		os.Exit(1)
	}
}

func run() error {
	base := os.Getenv("CLAIMQ_URL")
	if base == "" {
		return fmt.Errorf("CLAIMQ_URL is required")
	}
	queue := envOr("CLAIMQ_QUEUE", "default")
	concurrency, err := envInt("CLAIMQ_CONCURRENCY", 4)
	if err != nil {
		return err
	}
	graceMs, err := envInt("CLAIMQ_SHUTDOWN_GRACE_MS", 30_000)
	if err != nil {
		return err
	}
	sleepMs, err := envInt("CLAIMQ_EXAMPLE_SLEEP_MS", 0)
	if err != nil {
		return err
	}
	sleep := time.Duration(sleepMs) * time.Millisecond

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, os.Interrupt)
	defer stop()

	out := log.New(os.Stdout, "", 0) // one whole line per write, whatever the goroutine
	w := &claimq.Worker{
		Client:        claimq.NewClient(base, os.Getenv("CLAIMQ_API_KEY")),
		Queue:         queue,
		Concurrency:   concurrency,
		ShutdownGrace: time.Duration(graceMs) * time.Millisecond,
		Logger:        log.New(os.Stderr, "", log.LstdFlags),
		Handler: func(ctx context.Context, job *claimq.Job) (any, error) {
			if sleep > 0 {
				select {
				case <-time.After(sleep):
				case <-ctx.Done():
					return nil, ctx.Err()
				}
			}
			out.Printf("processed %s", job.ID)
			return job.Payload, nil
		},
	}
	log.Printf("worker: claiming from %s at %s, %d at a time", queue, base, concurrency)
	if err := w.Run(ctx); err != nil {
		return err
	}
	log.Printf("worker: drained, exiting")
	return nil
}

func envOr(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func envInt(name string, fallback int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return fallback, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s must be a whole number, not %q", name, v)
	}
	return n, nil
}
