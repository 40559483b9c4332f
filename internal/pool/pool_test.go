package pool

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// jobs returns 0..n-1.
func jobs(n int) []int {
	js := make([]int, n)
	for i := range js {
		js[i] = i
	}
	return js
}

// nap sleeps a little, longer for some jobs than others, so that jobs end
// out of order.
func nap(i int) { time.Sleep(time.Duration((7*i)%5) * time.Millisecond) }

func TestResultsArriveInJobOrder(t *testing.T) {
	var got []int
	err := Run(context.Background(), jobs(60), func(_ context.Context, _ int, j int) (int, error) {
		nap(j)
		return j * j, nil
	}, func(r int) error {
		got = append(got, r)
		return nil
	}, Options{Workers: 5})
	if err != nil {
		t.Fatal(err)
	}
	want := make([]int, 60)
	for i := range want {
		want[i] = i * i
	}
	if !slices.Equal(got, want) {
		t.Fatalf("delivered %v, want %v", got, want)
	}
}

func TestNoMoreThanWorkersJobsRunAtOnce(t *testing.T) {
	const workers = 3
	var running, most atomic.Int32
	var started sync.WaitGroup
	started.Add(workers)
	allStarted := make(chan struct{})
	go func() { started.Wait(); close(allStarted) }()
	seen := make([]atomic.Int32, 40)
	err := Run(context.Background(), jobs(40), func(_ context.Context, w int, j int) (int, error) {
		if w < 0 || w >= workers {
			t.Errorf("job %d ran on worker %d, want 0..%d", j, w, workers-1)
		}
		seen[j].Add(1)
		n := running.Add(1)
		defer running.Add(-1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		if j < workers { // the first jobs wait for each other: all workers run at once
			started.Done()
			select {
			case <-allStarted:
			case <-time.After(10 * time.Second):
				t.Error("the first jobs never ran at the same time")
			}
		}
		nap(j)
		return j, nil
	}, func(int) error { return nil }, Options{Workers: workers})
	if err != nil {
		t.Fatal(err)
	}
	if m := most.Load(); m != workers {
		t.Errorf("at most %d jobs ran at once, want %d", m, workers)
	}
	for j := range seen {
		if n := seen[j].Load(); n != 1 {
			t.Errorf("job %d ran %d times", j, n)
		}
	}
}

func TestCancelStopsFeedingAndDeliversEveryFinishedJob(t *testing.T) {
	const workers, stuck = 4, 10
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var mu sync.Mutex
	var finished []int
	var late atomic.Int32
	err := Run(ctx, jobs(200), func(ctx context.Context, _ int, j int) (int, error) {
		if ctx.Err() != nil {
			late.Add(1)
			return 0, ctx.Err()
		}
		if j == stuck { // a long job, stopped by the cancel
			<-ctx.Done()
			return 0, ctx.Err()
		}
		mu.Lock()
		defer mu.Unlock()
		if finished = append(finished, j); len(finished) == 30 {
			cancel()
		}
		return j, nil
	}, func(r int) error {
		mu.Lock()
		defer mu.Unlock()
		if !slices.Contains(finished, r) {
			t.Errorf("delivered %d, which did not finish", r)
		}
		finished = slices.DeleteFunc(finished, func(j int) bool { return j == r })
		if len(finished) > 0 && slices.Min(finished) < r {
			t.Errorf("delivered %d before %d", r, slices.Min(finished))
		}
		return nil
	}, Options{Workers: workers})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run returned %v, want it cancelled", err)
	}
	if len(finished) > 0 {
		t.Errorf("finished jobs %v were not delivered", finished)
	}
	// Each worker may have taken a job as the cancel came, and the feeder
	// may hand over one more.
	if n := late.Load(); n > workers+1 {
		t.Errorf("%d jobs were started after the cancel, want at most %d", n, workers+1)
	}
}

func TestCheckpointsEveryUnitsOfWork(t *testing.T) {
	sizes := []int{1, 2, 3, 1, 2, 3, 1, 2, 3, 1} // delivered after 1 3 6 7 9 12 13 15 18 19
	units := 0
	var at []int
	err := Run(context.Background(), jobs(len(sizes)), func(_ context.Context, _ int, j int) (int, error) {
		nap(j)
		return sizes[j], nil
	}, func(r int) error {
		units += r
		return nil
	}, Options{
		Workers:    3,
		Size:       func(i int) int { return sizes[i] },
		Every:      4,
		Checkpoint: func() error { at = append(at, units); return nil },
	})
	if err != nil {
		t.Fatal(err)
	}
	// After passing 4, 8, 12 and 16, not at the end.
	if want := []int{6, 9, 12, 18}; !slices.Equal(at, want) {
		t.Errorf("checkpoints after %v units, want %v", at, want)
	}
}

func TestCheckpointsAfterTheInterval(t *testing.T) {
	calls, delivered := 0, 0
	err := Run(context.Background(), jobs(10), func(_ context.Context, _ int, j int) (int, error) {
		return j, nil
	}, func(int) error {
		delivered++
		return nil
	}, Options{Workers: 2, Interval: time.Nanosecond, Checkpoint: func() error {
		if calls++; calls != delivered {
			t.Errorf("checkpoint %d after %d deliveries", calls, delivered)
		}
		time.Sleep(time.Millisecond)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if calls != 10 {
		t.Errorf("%d checkpoints with a 1ns interval, want one per delivery (10)", calls)
	}
	calls = 0
	Run(context.Background(), jobs(10), func(_ context.Context, _ int, j int) (int, error) { return j, nil },
		func(int) error { return nil }, Options{Interval: time.Hour, Checkpoint: func() error { calls++; return nil }})
	if calls != 0 {
		t.Errorf("%d checkpoints within the hour, want none", calls)
	}
}

func TestSlowCheckpointsAreSpacedOut(t *testing.T) {
	// Each checkpoint takes 10 ms, so Spacing 1000 puts 10 s before the next
	// one, far past the run's 40 jobs of 1 ms; without it, one per job.
	for _, tc := range []struct{ spacing, want int }{{0, 40}, {1000, 1}} {
		calls := 0
		err := Run(context.Background(), jobs(40), func(_ context.Context, _ int, j int) (int, error) {
			time.Sleep(time.Millisecond)
			return j, nil
		}, func(int) error { return nil }, Options{Interval: time.Nanosecond, Spacing: tc.spacing, Checkpoint: func() error {
			calls++
			time.Sleep(10 * time.Millisecond)
			return nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		if calls != tc.want {
			t.Errorf("spacing %d: %d checkpoints over 40 jobs, want %d", tc.spacing, calls, tc.want)
		}
	}
}

func TestFailedCheckpointStopsTheRun(t *testing.T) {
	full := errors.New("disk full")
	calls, delivered := 0, 0
	err := Run(context.Background(), jobs(100), func(ctx context.Context, _ int, j int) (int, error) {
		if j >= 10 { // running when the checkpoint fails
			select {
			case <-ctx.Done():
			case <-time.After(10 * time.Second):
				t.Error("the failed checkpoint did not stop the running jobs")
			}
		}
		return j, ctx.Err()
	}, func(int) error {
		delivered++
		return nil
	}, Options{Workers: 2, Every: 5, Checkpoint: func() error { calls++; return full }})
	if !errors.Is(err, full) {
		t.Fatalf("Run returned %v, want the checkpoint's error", err)
	}
	if calls != 1 {
		t.Errorf("%d checkpoints, want none after the failed one", calls)
	}
	// Jobs 5-9 are delivered when they finished before the cancel.
	if delivered < 5 || delivered > 10 {
		t.Errorf("%d jobs delivered, want 5 to 10", delivered)
	}
}

func TestFailedJobStopsTheRun(t *testing.T) {
	broken := errors.New("engine crashed")
	var got []int
	err := Run(context.Background(), jobs(100), func(ctx context.Context, _ int, j int) (int, error) {
		switch {
		case j == 5:
			return 0, broken
		case j > 5:
			<-ctx.Done() // running when job 5 fails
			return 0, ctx.Err()
		}
		return j, nil
	}, func(r int) error {
		got = append(got, r)
		return nil
	}, Options{Workers: 3})
	if !errors.Is(err, broken) {
		t.Fatalf("Run returned %v, want the job's error", err)
	}
	if want := []int{0, 1, 2, 3, 4}; !slices.Equal(got, want) {
		t.Errorf("delivered %v, want %v", got, want)
	}
}

func TestStopFromDeliverLetsRunningJobsFinish(t *testing.T) {
	const workers, stopAt = 4, 5
	var started atomic.Int32
	stopped := make(chan struct{})
	delivered := 0
	err := Run(context.Background(), jobs(100), func(ctx context.Context, _ int, j int) (int, error) {
		started.Add(1)
		if j >= stopAt { // still running at the Stop
			<-stopped
		}
		return j, ctx.Err()
	}, func(r int) error {
		if delivered++; delivered == stopAt {
			close(stopped)
		}
		if delivered >= stopAt {
			return Stop
		}
		return nil
	}, Options{Workers: workers})
	if err != nil {
		t.Fatalf("Run returned %v after Stop, want nil", err)
	}
	// Each worker holds a job at the Stop, and the feeder may hand over one
	// more.
	if n := int(started.Load()); n != delivered || n > stopAt+workers+1 {
		t.Errorf("%d jobs started and %d delivered after a Stop at the %dth: want all started delivered, at most %d",
			n, delivered, stopAt, stopAt+workers+1)
	}
}

func TestUnorderedDeliversAsJobsEnd(t *testing.T) {
	three := make(chan struct{})
	var got []int
	err := Run(context.Background(), jobs(4), func(_ context.Context, _ int, j int) (int, error) {
		if j == 0 { // ends only once the others are delivered
			select {
			case <-three:
			case <-time.After(10 * time.Second):
				return 0, errors.New("job 0 waited for the others in vain")
			}
		}
		return j, nil
	}, func(r int) error {
		if got = append(got, r); len(got) == 3 {
			close(three)
		}
		return nil
	}, Options{Workers: 4, Unordered: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 4 || got[3] != 0 {
		t.Errorf("delivered %v, want job 0 last", got)
	}
}

func TestProgressCountsUnitsDelivered(t *testing.T) {
	var out lines
	p := NewProgress(&out, "label", "positions")
	p.plainEvery = time.Hour
	err := Run(context.Background(), jobs(6), func(_ context.Context, _ int, j int) (int, error) {
		return j, nil
	}, func(int) error { return nil }, Options{Workers: 2, Size: func(i int) int { return i }, Progress: p})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) != 1 || !hasPrefix(out[0], "label: 15/15 positions (100.0%)") {
		t.Errorf("progress wrote %q, want one line at the end with 15/15 positions", out)
	}
}
