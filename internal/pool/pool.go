// Package pool works through a list of jobs on a bounded number of
// workers, for the long runs of the tools (book evaluation, labelling,
// self-play, matches). It hands the results back one at a time in the
// calling goroutine, in job order unless asked otherwise, so that the
// caller's state needs no lock and what it saves does not depend on
// timing. It calls a checkpoint at a cadence, shows progress, and on
// Ctrl-C (the context ending) stops feeding jobs and still hands back
// every finished one, so that a rerun resumes where this one stopped.
package pool

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"
)

// Stop, returned by a Deliver function, stops feeding jobs: the running
// ones finish and are delivered, and Run then returns nil. The match
// runner stops so when its test decides.
var Stop = errors.New("pool: stop feeding jobs")

// Options says how Run works.
type Options struct {
	// Workers is the most jobs that run at once; less than 1 means 1.
	Workers int
	// Unordered delivers each result as soon as its job ends instead of in
	// job order (the match runner appends each game as it ends, so that a
	// crash loses none).
	Unordered bool
	// Size, when set, gives the amount of work of job i, in the units that
	// Every and Progress count; nil counts each job as 1.
	Size func(i int) int
	// Checkpoint, when set, is called between deliveries after every Every
	// units of work, and when Interval has passed since the last one (each
	// when positive), typically to save the caller's state atomically. Run
	// does not call it at the end: the caller saves its final state. After
	// a failed checkpoint Run stops as for a failed job.
	Checkpoint func() error
	Every      int
	Interval   time.Duration
	// Spacing, when positive, makes the next checkpoint by Interval wait
	// at least Spacing times as long as the last checkpoint took, so that
	// rewriting a file that grows with the run costs at most about
	// 1/Spacing of it: the jobs wait while it is written.
	Spacing int
	// Progress, when set, shows the units of work delivered.
	Progress *Progress
}

// GrowingFileSpacing is the Spacing of a checkpoint that rewrites a file
// growing with the run: self-play's 278,129 games took 2 s to rewrite while
// both workers waited, so at most 5% of a run goes to saving.
const GrowingFileSpacing = 20

// Run runs work on each job on at most opt.Workers goroutines at once and
// passes each result to deliver, in the calling goroutine. Work gets the
// index of its worker (0 ≤ worker < Workers), for state such as an engine
// of its own, and a context that ends on Ctrl-C or on a failure.
//
// An error from work after that context ended means the job was stopped:
// its result is dropped. Any other error from work, deliver or Checkpoint
// is a failure: Run stops feeding jobs, cancels the running ones, still
// delivers the finished ones (not after a failed deliver) and returns the
// first failure. When ctx ends Run stops feeding jobs, delivers every
// finished one, those after a stopped job too, and returns ctx's error.
func Run[J, R any](ctx context.Context, jobs []J, work func(ctx context.Context, worker int, job J) (R, error),
	deliver func(R) error, opt Options) error {
	if len(jobs) == 0 {
		return nil
	}
	size := opt.Size
	if size == nil {
		size = func(int) int { return 1 }
	}
	total := 0
	for i := range jobs {
		total += size(i)
	}
	running, cancel := context.WithCancel(ctx)
	defer cancel()
	feeding, stopFeeding := context.WithCancel(running)
	defer stopFeeding()

	type result struct {
		i   int
		r   R
		err error
	}
	next := make(chan int)
	results := make(chan result)
	go func() {
		defer close(next)
		for i := range jobs {
			// Checked first, as select picks at random among ready cases.
			// A cancel marks a context before its children, so the
			// ancestors are asked too: while a preempted cancel has yet to
			// reach feeding, the workers would otherwise take every job
			// left (each returning at once, stopped).
			if ctx.Err() != nil || running.Err() != nil || feeding.Err() != nil {
				return
			}
			select {
			case next <- i:
			case <-feeding.Done():
				return
			}
		}
	}()
	var wg sync.WaitGroup
	for w := range min(max(opt.Workers, 1), len(jobs)) {
		wg.Go(func() {
			for i := range next {
				r, err := work(running, w, jobs[i])
				results <- result{i, r, err}
			}
		})
	}
	go func() { wg.Wait(); close(results) }()

	var failed error
	fail := func(err error) {
		if failed == nil {
			failed = err
		}
		cancel()
	}
	opt.Progress.Start(total)
	delivered, units, stopped, deliverFailed := 0, 0, false, false
	lastCheckpoint, wait := time.Now(), opt.Interval
	emit := func(i int, r R) {
		if deliverFailed {
			return
		}
		switch err := deliver(r); {
		case errors.Is(err, Stop):
			stopped = true
			stopFeeding()
		case err != nil:
			deliverFailed = true
			fail(err)
			return
		}
		delivered++
		before := units
		units += size(i)
		opt.Progress.Add(size(i))
		if opt.Checkpoint == nil || failed != nil {
			return
		}
		if (opt.Every > 0 && units/opt.Every > before/opt.Every) ||
			(opt.Interval > 0 && time.Since(lastCheckpoint) >= wait) {
			start := time.Now()
			if err := opt.Checkpoint(); err != nil {
				fail(fmt.Errorf("checkpoint: %w", err))
			}
			lastCheckpoint = time.Now()
			wait = max(opt.Interval, time.Duration(opt.Spacing)*lastCheckpoint.Sub(start))
		}
	}

	// In job order, finished results wait in held until those before them
	// are delivered; a stopped job leaves a gap that only the flush below
	// passes.
	held := map[int]R{}
	gaps := map[int]bool{}
	first := 0 // the first job not delivered yet
	for res := range results {
		if res.err != nil {
			if running.Err() == nil {
				fail(res.err)
			}
			gaps[res.i] = true
			continue
		}
		if opt.Unordered {
			emit(res.i, res.r)
			continue
		}
		held[res.i] = res.r
		for first < len(jobs) && !gaps[first] {
			r, ok := held[first]
			if !ok {
				break
			}
			delete(held, first)
			emit(first, r)
			first++
		}
	}
	for i := first; i < len(jobs); i++ {
		if r, ok := held[i]; ok {
			emit(i, r)
		}
	}
	opt.Progress.Finish()
	switch {
	case failed != nil:
		return failed
	case delivered < len(jobs) && !stopped:
		return ctx.Err()
	}
	return nil
}
