package cases

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"semantics/later"
)

// A failed record handed to a helper that schedules its retry on a timer
// and returns: the poll is committed before the retry runs, and a stop
// inside the backoff loses the record (hunt 45f/D8: 3 of 300 lost). The
// twin's helper waits and retries in place, returning the failure.
type laterRetrier struct{ cl *kgo.Client }

func (l *laterRetrier) retryLater(r *kgo.Record) {
	time.AfterFunc(time.Second, func() {
		if err := applyIn(context.Background(), r.Value); err != nil {
			log.Printf("retry %d: %v", r.Offset, err)
		}
	})
}

func (l *laterRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				l.retryLater(r)
			}
		}
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type nowRetrier struct{ cl *kgo.Client }

func (l *nowRetrier) retryNow(ctx context.Context, r *kgo.Record) error {
	time.Sleep(time.Second)
	return applyIn(ctx, r.Value)
}

func (l *nowRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				if err := l.retryNow(ctx, r); err != nil {
					return err
				}
			}
		}
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runRetryLater(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-later"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrylater
	_ = (&laterRetrier{cl: cl}).run(ctx)
}

func runRetryNow(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-now"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrynow
	_ = (&nowRetrier{cl: cl}).run(ctx)
}

// The same with the scheduler in a package of its own (review 45-2/D6:
// 3 of 300 lost at a stop inside the backoff); the twin's Now retries in
// place and returns the failure.
type pkgRetrier struct {
	cl    *kgo.Client
	retry *later.Scheduler
}

func (l *pkgRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				l.retry.Later(r.Value)
			}
		}
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type pkgNowRetrier struct {
	cl    *kgo.Client
	retry *later.Scheduler
}

func (l *pkgNowRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				if err := l.retry.Now(ctx, r.Value); err != nil {
					return err
				}
			}
		}
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runPkgRetry(ctx context.Context, s *later.Scheduler) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-pkg"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrypkg
	_ = (&pkgRetrier{cl: cl, retry: s}).run(ctx)
}

func runPkgRetryNow(ctx context.Context, s *later.Scheduler) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-pkgnow"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrypkgnow
	_ = (&pkgNowRetrier{cl: cl, retry: s}).run(ctx)
}

// The retry scheduled in a goroutine a WaitGroup counts, which the loop
// waits for before its commit (review 46-1/D1): the failure is retried
// before the commit, whatever the retry makes of it then.
type waitedRetrier struct {
	cl *kgo.Client
	wg sync.WaitGroup
}

func (l *waitedRetrier) retryLater(r *kgo.Record) {
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		for applyIn(context.Background(), r.Value) != nil {
			time.Sleep(time.Second)
		}
	}()
}

func (l *waitedRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				l.retryLater(r)
			}
		}
		l.wg.Wait()
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runRetryWaited(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-waited"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrywaited
	_ = (&waitedRetrier{cl: cl}).run(ctx)
}

// The same count kept, but nothing waits for it before the commit
// (precision hunt 46p/D1's buggy twin): the retry is later.
type countedRetrier struct {
	cl *kgo.Client
	wg sync.WaitGroup
}

func (l *countedRetrier) retryLater(r *kgo.Record) {
	l.wg.Add(1)
	go func() {
		defer l.wg.Done()
		for applyIn(context.Background(), r.Value) != nil {
			time.Sleep(time.Second)
		}
	}()
}

func (l *countedRetrier) run(ctx context.Context) error {
	for {
		fs := l.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				l.retryLater(r)
			}
		}
		if err := l.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runRetryCounted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-retry-counted"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: retrycounted
	_ = (&countedRetrier{cl: cl}).run(ctx)
}
