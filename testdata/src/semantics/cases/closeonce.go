package cases

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// The loop's function defers a Close committing everything polled (in a
// sync.Once): a failure returning mid-poll has it commit past the failed
// record (hunt 46f/D3: 146 of 300 lost). The twin's Close only leaves.
type closingSvc struct {
	cl   *kgo.Client
	once sync.Once
}

func (s *closingSvc) Close() {
	s.once.Do(func() {
		if err := s.cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
		s.cl.Close()
	})
}

func (s *closingSvc) run(ctx context.Context) error {
	defer s.Close()
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type leavingSvc struct {
	cl   *kgo.Client
	once sync.Once
}

func (s *leavingSvc) Close() {
	s.once.Do(func() {
		log.Printf("leaving the group")
		s.cl.Close()
	})
}

func (s *leavingSvc) run(ctx context.Context) error {
	defer s.Close()
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runDeferClose(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-defer-close"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: deferclose
	_ = (&closingSvc{cl: cl}).run(ctx)
}

func runDeferLeave(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-defer-leave"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: deferleave
	_ = (&leavingSvc{cl: cl}).run(ctx)
}

// The same flush deferred only for a clean stop (its named error nil):
// a failure returned keeps the poll uncommitted (hunt 44f/D1's twin).
type cleanStopSvc struct{ cl *kgo.Client }

func (s *cleanStopSvc) flush() {
	if err := s.cl.CommitUncommittedOffsets(context.Background()); err != nil {
		log.Printf("final commit: %v", err)
	}
}

func (s *cleanStopSvc) run(ctx context.Context) (err error) {
	defer func() {
		if err == nil {
			s.flush()
		}
	}()
	for {
		fs := s.cl.PollFetches(ctx)
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runCleanStop(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-clean-stop"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: cleanstop
	_ = (&cleanStopSvc{cl: cl}).run(ctx)
}

// The same Close committing only after a clean stop the loop flags
// (review 46-1/D2): a failure's return leaves the flag unset.
type flaggedSvc struct {
	cl    *kgo.Client
	clean bool
}

func (s *flaggedSvc) Close() {
	if s.clean {
		if err := s.cl.CommitUncommittedOffsets(context.Background()); err != nil {
			log.Printf("final commit: %v", err)
		}
	}
	s.cl.Close()
}

func (s *flaggedSvc) run(ctx context.Context) error {
	defer s.Close()
	for {
		fs := s.cl.PollFetches(ctx)
		if ctx.Err() != nil {
			s.clean = true
			return nil
		}
		for _, r := range fs.Records() {
			if err := applyIn(ctx, r.Value); err != nil {
				return err
			}
		}
		if err := s.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runFlagged(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-flagged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: closeflagged
	_ = (&flaggedSvc{cl: cl}).run(ctx)
}
