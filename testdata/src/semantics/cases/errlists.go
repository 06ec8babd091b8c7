package cases

import (
	"context"
	"errors"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Failures collected in a list the loop stops on before its commit, in
// the shapes review 43-2 and 43-3 found taken for skips: the list
// compared with nil (43-3/D1), filled by a goroutine per partition and
// tested after the wait (D2), kept in a struct's field (D3), tested by a
// helper (D4), filled in a range loop (43-2/D13). Their twins only log
// the list, after the commit or before it.

func errListNil(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		})
		if errs != nil {
			return errors.Join(errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func errListParts(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var (
			mu   sync.Mutex
			errs []error
			wg   sync.WaitGroup
		)
		fs.EachPartition(func(p kgo.FetchTopicPartition) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for _, r := range p.Records {
					if err := sendCtx(ctx, r.Value); err != nil {
						mu.Lock()
						errs = append(errs, err)
						mu.Unlock()
						return
					}
				}
			}()
		})
		wg.Wait()
		if len(errs) > 0 {
			return errors.Join(errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

type pollErrs struct {
	errs []error
}

func errListField(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		st := &pollErrs{}
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				st.errs = append(st.errs, err)
			}
		})
		if len(st.errs) > 0 {
			return errors.Join(st.errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func firstErr(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	return errs[0]
}

func errListHelper(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		})
		if err := firstErr(errs); err != nil {
			return err
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func logErrs(errs []error) {
	for _, err := range errs {
		log.Printf("apply: %v", err)
	}
}

func errListHelperLog(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		})
		logErrs(errs)
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func errListRange(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > 0 {
			return errors.Join(errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func errListRangeLate(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
		if len(errs) > 0 {
			log.Printf("%d failed: %v", len(errs), errors.Join(errs...))
		}
	}
}

// Tested before the commit, but only to log it.
func errListLogged(ctx context.Context, cl *kgo.Client) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		fs.EachRecord(func(r *kgo.Record) {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		})
		if len(errs) > 0 {
			log.Printf("%d failed: %v", len(errs), errors.Join(errs...))
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

// Tested against a budget: failures below it are committed past (review
// 44-1/D1).
func errListBudget(ctx context.Context, cl *kgo.Client, budget int) error {
	for {
		fs := cl.PollFetches(ctx)
		var errs []error
		for _, r := range fs.Records() {
			if err := sendCtx(ctx, r.Value); err != nil {
				errs = append(errs, err)
			}
		}
		if len(errs) > budget {
			return errors.Join(errs...)
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return err
		}
	}
}

func runErrLists(ctx context.Context) {
	a, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-nil"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())       // case: errlistnil
	c, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-field"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())     // case: errlistfield
	d, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-helper"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())    // case: errlisthelper
	e, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-helperlog"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlisthelperlog
	f, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-range"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit())     // case: errlistrange
	g, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-rangelate"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlistrangelate
	go func() { _ = errListNil(ctx, a) }()
	go func() { _ = errListField(ctx, c) }()
	go func() { _ = errListHelper(ctx, d) }()
	go func() { _ = errListHelperLog(ctx, e) }()
	h, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-logged"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlistlogged
	go func() { _ = errListRange(ctx, f) }()
	go func() { _ = errListLogged(ctx, h) }()
	i, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-budget"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlistbudget
	go func() { _ = errListBudget(ctx, i, 3) }()
	_ = errListRangeLate(ctx, g)
}

var _ = runErrLists

// Its own function: the goroutines it starts are its consumer's alone.
func runErrListParts(ctx context.Context) {
	b, _ := kgo.NewClient(kgo.ConsumerGroup("g-errlist-parts"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: errlistparts
	_ = errListParts(ctx, b)
}

var _ = runErrListParts
