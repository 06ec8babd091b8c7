package cases

import (
	"context"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A helper counting the poll's failures, its caller stopping only when
// the count passes a budget: a failure within it is committed past
// (hunt 46f/D5: 3 of 300 lost). The twins stop at the first failure,
// or when fewer records were applied than polled.
type budgeted struct {
	cl     *kgo.Client
	budget int
}

func (b *budgeted) applyAll(ctx context.Context, recs []*kgo.Record) int {
	failed := 0
	for _, r := range recs {
		if err := applyIn(ctx, r.Value); err != nil {
			failed++
			log.Printf("apply %d: %v", r.Offset, err)
		}
	}
	return failed
}

func (b *budgeted) run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		if n := b.applyAll(ctx, fs.Records()); n > b.budget {
			return nil
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type strict struct{ cl *kgo.Client }

func (b *strict) applyAll(ctx context.Context, recs []*kgo.Record) int {
	failed := 0
	for _, r := range recs {
		if err := applyIn(ctx, r.Value); err != nil {
			failed++
			log.Printf("apply %d: %v", r.Offset, err)
		}
	}
	return failed
}

func (b *strict) run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		if n := b.applyAll(ctx, fs.Records()); n > 0 {
			return nil
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type appliedCounter struct{ cl *kgo.Client }

func (b *appliedCounter) applied(ctx context.Context, recs []*kgo.Record) int {
	n := 0
	for _, r := range recs {
		if err := applyIn(ctx, r.Value); err != nil {
			log.Printf("apply %d: %v", r.Offset, err)
			continue
		}
		n++
	}
	return n
}

func (b *appliedCounter) run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		recs := fs.Records()
		if n := b.applied(ctx, recs); n < len(recs) {
			return nil
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runBudget(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-budget"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: budget
	_ = (&budgeted{cl: cl, budget: 5}).run(ctx)
}

func runBudgetZero(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-budget-zero"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: budgetzero
	_ = (&strict{cl: cl}).run(ctx)
}

func runAppliedAll(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-applied-all"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: appliedall
	_ = (&appliedCounter{cl: cl}).run(ctx)
}

// The count added to a running total the loop tests against a budget,
// or compared as a share of the poll (review 46-1/D4: 3 of 300 lost).
type totalled struct {
	cl             *kgo.Client
	failed, budget int
}

func (b *totalled) applyAll(ctx context.Context, recs []*kgo.Record) int {
	failed := 0
	for _, r := range recs {
		if err := applyIn(ctx, r.Value); err != nil {
			failed++
		}
	}
	return failed
}

func (b *totalled) run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		b.failed += b.applyAll(ctx, fs.Records())
		if b.failed > b.budget {
			return nil
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type shared struct{ cl *kgo.Client }

func (b *shared) applyAll(ctx context.Context, recs []*kgo.Record) int {
	failed := 0
	for _, r := range recs {
		if err := applyIn(ctx, r.Value); err != nil {
			failed++
		}
	}
	return failed
}

func (b *shared) run(ctx context.Context) error {
	for {
		fs := b.cl.PollFetches(ctx)
		recs := fs.Records()
		if n := b.applyAll(ctx, recs); float64(n) > 0.1*float64(len(recs)) {
			return nil
		}
		if err := b.cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runBudgetTotal(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-budget-total"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: budgettotal
	_ = (&totalled{cl: cl, budget: 5}).run(ctx)
}

func runBudgetShare(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-budget-share"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: budgetshare
	_ = (&shared{cl: cl}).run(ctx)
}
