// Package franzoutlive: records handed to goroutines outlive their poll,
// and franz-go's default auto-commit commits them at the next poll.
package franzoutlive

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

type notifier struct{ sent map[string]bool }

func (n *notifier) deliver(ctx context.Context, r *kgo.Record) error {
	n.sent[string(r.Key)] = true
	return ctx.Err()
}

func newClient() (*kgo.Client, error) {
	return kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("alerts"),
		kgo.ConsumeTopics("alerts"),
	)
}

// handOff starts a goroutine per record and polls again at once.
func handOff(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("alerts"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			go func(r *kgo.Record) { // want `record handed to a goroutine while the loop polls again`
				if err := n.deliver(ctx, r); err != nil {
					log.Printf("deliver: %v", err)
				}
			}(r)
		})
	}
}

// handOffRange ranges over the records of a PollRecords call.
func handOffRange(ctx context.Context, n *notifier) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return
	}
	defer cl.Close()
	for ctx.Err() == nil {
		for _, r := range cl.PollRecords(ctx, 100).Records() {
			go func() { // want `record handed to a goroutine while the loop polls again`
				_ = n.deliver(ctx, r)
			}()
		}
	}
}

// joined waits for every goroutine before polling again.
func joined(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient( // ok: the fan-out is joined before the next poll
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("alerts"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		var wg sync.WaitGroup
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() { // ok: wg.Wait below runs before the next poll
				defer wg.Done()
				_ = n.deliver(ctx, r)
			}()
		})
		wg.Wait()
	}
}

// manual disables auto-commit: nothing is committed behind the goroutines.
func manual(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"), kgo.DisableAutoCommit())
	if err != nil {
		return err
	}
	defer cl.Close()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			go func() { // ok: auto-commit is off
				_ = n.deliver(ctx, r)
			}()
		})
	}
}

// notAGroup consumes without a group: nothing is committed.
func notAGroup(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumeTopics("alerts"))
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			go n.deliver(ctx, r) // ok: no consumer group, no commits
		})
	}
}

// fromHelper builds its client in a helper of this package.
func fromHelper(ctx context.Context, n *notifier) error {
	cl, err := newClient()
	if err != nil {
		return err
	}
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() { // want `record handed to a goroutine`
				_ = n.deliver(ctx, r)
			}()
		})
	}
}

// skipsOnError polls again with continue after starting the goroutines:
// the join must come before the continue.
func skipsOnError(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return err
	}
	polls := 0
	for {
		fetches := cl.PollFetches(ctx)
		for _, r := range fetches.Records() {
			go func() { // want `record handed to a goroutine`
				_ = n.deliver(ctx, r)
			}()
		}
		if fetches.Err() != nil {
			log.Printf("poll: %v", fetches.Err())
			continue
		}
		polls++
	}
}

// nameTaken already uses the name wg in the loop.
func nameTaken(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			go func() { // want `record handed to a goroutine`
				wg := n.sent
				_ = wg
				_ = n.deliver(ctx, r)
			}()
		})
	}
}

// perPartition joins the goroutines of each partition inside the
// EachPartition callback, before the next poll.
func perPartition(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		cl.PollFetches(ctx).EachPartition(func(p kgo.FetchTopicPartition) {
			var wg sync.WaitGroup
			p.EachRecord(func(r *kgo.Record) {
				wg.Add(1)
				go func() { // ok: joined per partition before the next poll
					defer wg.Done()
					_ = n.deliver(ctx, r)
				}()
			})
			wg.Wait()
		})
	}
}

// pool joins through a method of this package.
type pool struct{ wg sync.WaitGroup }

func (p *pool) drain() { p.wg.Wait() }

func withPool(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	p := &pool{}
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			p.wg.Add(1)
			go func() { // ok: p.drain waits before the next poll
				defer p.wg.Done()
				_ = n.deliver(ctx, r)
			}()
		}
		p.drain()
	}
}

// waitsInGoroutine receives only inside the goroutine: that is no join.
func waitsInGoroutine(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			go func() { // want `record handed to a goroutine`
				select {
				case <-ctx.Done():
				default:
					_ = n.deliver(ctx, r)
				}
			}()
		}
	}
}

// goCall starts the goroutine with a plain call, not a function literal:
// the fix wraps the call in one, which takes the Done (the arguments are
// not written after the go statement, so reading them later is the same).
func goCall(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go n.deliver(ctx, r) // want `record handed to a goroutine`
		})
	}
}

// goCallReassigned starts the goroutine with a plain call whose argument
// the loop writes after the go statement: the function literal of the fix
// takes it as a parameter, so it still gets the value of the go statement.
func goCallReassigned(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		var last *kgo.Record
		for _, r := range cl.PollFetches(ctx).Records() {
			last = r
			go n.deliver(ctx, last) // want `record handed to a goroutine`
			last = nil
		}
	}
}

// notifiers picks the notifier of a record.
var notifiers = map[string]*notifier{}

func notifierOf(r *kgo.Record) *notifier { return notifiers[string(r.Key)] }

// goCallComputed starts the goroutine with a call whose function and
// arguments are computed by calls (a method value of a looked-up
// notifier, a detached context): the fix evaluates them first, as the go
// statement did, into fresh variables the literal calls with.
func goCallComputed(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go notifierOf(r).deliver(context.WithoutCancel(ctx), r) // want `record handed to a goroutine`
		})
	}
}

// goCallComputedJoined is its twin, waited for before the next poll.
func goCallComputedJoined(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts")) // ok: the goroutines are joined before the next poll
	for {
		var wg sync.WaitGroup
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_ = notifierOf(r).deliver(context.WithoutCancel(ctx), r)
			}()
		})
		wg.Wait()
	}
}

type retryOpts struct{ backoff int }

const maxAttempts = 3

func (n *notifier) deliverWith(ctx context.Context, r *kgo.Record, o *retryOpts, attempts int64) error {
	n.sent[string(r.Key)] = o == nil && attempts > 0
	return ctx.Err()
}

// goCallConstants passes nil and an untyped constant besides computed
// arguments: the fix keeps them in the call (bound to variables they
// would take no type, or the wrong one).
func goCallConstants(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go notifierOf(r).deliverWith(ctx, r, nil, maxAttempts) // want `record handed to a goroutine`
		})
	}
}
