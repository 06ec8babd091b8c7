// Package franzhandoff: records handed to workers over a channel while the
// loop polls again; franz-go's default auto-commit commits them at the
// next poll, processed or not (issue #12).
package franzhandoff

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
)

type notifier struct{ sent map[string]bool }

func (n *notifier) deliver(ctx context.Context, r *kgo.Record) error {
	n.sent[string(r.Key)] = true
	return ctx.Err()
}

func (n *notifier) flush() {}

// pool hands each record to a pool of workers started by a counted loop
// and polls again at once.
func pool(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(
		kgo.SeedBrokers("localhost:9092"),
		kgo.ConsumerGroup("alerts"),
		kgo.ConsumeTopics("alerts"),
	)
	if err != nil {
		return err
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 64)
	for i := 0; i < 8; i++ {
		go func() {
			for r := range work {
				if err := n.deliver(ctx, r); err != nil {
					log.Printf("deliver: %v", err)
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(work)
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			work <- r // want `record handed to workers over a channel while the loop polls again`
		})
	}
}

// waited counts the records it hands over and waits for the workers
// before polling again.
func waited(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"), kgo.ConsumeTopics("alerts"))
	if err != nil {
		return err
	}
	defer cl.Close()
	var wg sync.WaitGroup
	work := make(chan *kgo.Record, 64)
	for i := 0; i < 8; i++ {
		go func() {
			for r := range work {
				_ = n.deliver(ctx, r)
				wg.Done()
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(work)
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			work <- r // ok: wg.Wait below runs before the next poll
		})
		wg.Wait()
	}
}

// marked turns on AutoCommitMarks and marks each record in the worker
// after processing: only processed records are committed.
func marked(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	work := make(chan *kgo.Record, 64)
	for i := 0; i < 8; i++ {
		go func() {
			for r := range work {
				if err := n.deliver(ctx, r); err == nil {
					cl.MarkCommitRecords(r)
				}
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			work <- r // ok: only marked records are committed
		})
	}
}

// noGroup consumes without a group: nothing is committed.
func noGroup(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumeTopics("alerts"))
	work := make(chan *kgo.Record)
	go func() {
		for r := range work {
			_ = n.deliver(ctx, r)
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			work <- r // ok: no consumer group, no commits
		}
	}
}

// single hands records to one worker that skips the ones it cannot
// deliver: the wait's Done goes before the continue as well.
func single(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	jobs := make(chan *kgo.Record)
	go func() {
		for r := range jobs {
			if len(r.Value) == 0 {
				continue
			}
			if err := n.deliver(ctx, r); err != nil {
				log.Printf("deliver: %v", err)
			}
		}
	}()
	for {
		for _, r := range cl.PollRecords(ctx, 500).Records() {
			jobs <- r // want `record handed to workers over a channel`
		}
	}
}

// ticking hands records to a worker that also flushes on a ticker.
func ticking(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	in := make(chan *kgo.Record, 16)
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		for {
			select {
			case r := <-in:
				_ = n.deliver(ctx, r)
			case <-tick.C:
				n.flush()
			}
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		fetches.EachRecord(func(r *kgo.Record) {
			in <- r // want `record handed to workers over a channel`
		})
	}
}

// service keeps its work channel in a field; start runs its workers.
type service struct {
	cl   *kgo.Client
	n    *notifier
	work chan *kgo.Record
}

func newService(n *notifier) (*service, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"), kgo.ConsumeTopics("alerts"))
	if err != nil {
		return nil, err
	}
	return &service{cl: cl, n: n, work: make(chan *kgo.Record, 128)}, nil
}

func (s *service) start(ctx context.Context, workers int) {
	for i := 0; i < workers; i++ {
		go s.worker(ctx)
	}
}

func (s *service) worker(ctx context.Context) {
	for r := range s.work {
		if err := s.n.deliver(ctx, r); err != nil {
			log.Printf("deliver: %v", err)
		}
	}
}

func (s *service) run(ctx context.Context) {
	for {
		fetches := s.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(s.work)
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			s.work <- r // want `record handed to workers over a channel`
		})
	}
}

// pending is the same service waiting for its workers before each poll.
type pending struct {
	cl   *kgo.Client
	n    *notifier
	wg   sync.WaitGroup
	work chan *kgo.Record
}

func newPending(n *notifier) (*pending, error) {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"), kgo.ConsumeTopics("alerts"))
	if err != nil {
		return nil, err
	}
	return &pending{cl: cl, n: n, work: make(chan *kgo.Record, 128)}, nil
}

func (p *pending) start(ctx context.Context, workers int) {
	for i := 0; i < workers; i++ {
		go p.worker(ctx)
	}
}

func (p *pending) worker(ctx context.Context) {
	for r := range p.work {
		_ = p.n.deliver(ctx, r)
		p.wg.Done()
	}
}

func (p *pending) run(ctx context.Context) {
	for {
		fetches := p.cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(p.work)
			return
		}
		fetches.EachRecord(func(r *kgo.Record) {
			p.wg.Add(1)
			p.work <- r // ok: p.wg.Wait below runs before the next poll
		})
		p.wg.Wait()
	}
}

// deliverAll is a worker that a go statement passes the channel to.
func deliverAll(ctx context.Context, n *notifier, in <-chan *kgo.Record) {
	for r := range in {
		if err := n.deliver(ctx, r); err != nil {
			log.Printf("deliver: %v", err)
		}
	}
}

// passed hands records to a pool of workers, a function of the package
// that each go statement passes the channel to: the function gains the
// WaitGroup as a parameter.
func passed(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	work := make(chan *kgo.Record, 64)
	for i := 0; i < 4; i++ {
		go deliverAll(ctx, n, work)
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			work <- r // want `record handed to workers over a channel`
		})
	}
}

// deliverCounted is deliverAll telling a WaitGroup of each record.
func deliverCounted(ctx context.Context, n *notifier, in <-chan *kgo.Record, wg *sync.WaitGroup) {
	for r := range in {
		_ = n.deliver(ctx, r)
		wg.Done()
	}
}

// passedWaited waits for the workers before each poll.
func passedWaited(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	work := make(chan *kgo.Record, 64)
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		go deliverCounted(ctx, n, work, &wg)
	}
	for {
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			work <- r // ok: wg.Wait below runs before the next poll
		})
		wg.Wait()
	}
}

// cancellable hands each record over in a select that returns when the
// context is cancelled (the loop polls no more, so the record it skips
// is not committed): that case counts the record done too.
func cancellable(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return err
	}
	work := make(chan *kgo.Record)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range work {
				_ = n.deliver(ctx, r)
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(work)
			return nil
		}
		for _, r := range fetches.Records() {
			select {
			case work <- r: // want `record handed to workers over a channel`
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
}

// cancellableWaited counts the records and waits before each poll.
func cancellableWaited(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return err
	}
	var wg sync.WaitGroup
	work := make(chan *kgo.Record)
	for i := 0; i < 4; i++ {
		go func() {
			for r := range work {
				_ = n.deliver(ctx, r)
				wg.Done()
			}
		}()
	}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			close(work)
			return nil
		}
		for _, r := range fetches.Records() {
			wg.Add(1)
			select {
			case work <- r: // ok: wg.Wait below runs before the next poll
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		wg.Wait()
	}
}

// stoppable hands records over an unbuffered channel to workers that stop
// when the context is cancelled: a record sent is one a worker took and
// processes whole, so the workers may stop.
func stoppable(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	work := make(chan *kgo.Record)
	for i := 0; i < 4; i++ {
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case r := <-work:
					_ = n.deliver(ctx, r)
				}
			}
		}()
	}
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			select {
			case work <- r: // want `record handed to workers over a channel`
			case <-ctx.Done():
				return
			}
		}
	}
}

// stoppableWaited counts the records and waits before each poll.
func stoppableWaited(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	var wg sync.WaitGroup
	work := make(chan *kgo.Record)
	for i := 0; i < 4; i++ {
		go func() {
			for {
				select {
				case <-ctx.Done():
					return
				case r := <-work:
					_ = n.deliver(ctx, r)
					wg.Done()
				}
			}
		}()
	}
	for ctx.Err() == nil {
		for _, r := range cl.PollFetches(ctx).Records() {
			wg.Add(1)
			select {
			case work <- r: // ok: wg.Wait below runs before the next poll
			case <-ctx.Done():
				return
			}
		}
		wg.Wait()
	}
}

// dropOnDone hands each record over in a select whose Done case is empty
// (usr4's fserv-template ReadLoop): at shutdown it drops the record and
// polls again, which makes it committable. The fix counts the record
// before the select, and the Done case counts it done and returns.
func dropOnDone(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return err
	}
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			_ = n.deliver(ctx, r)
		}
	}()
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			select {
			case <-ctx.Done():
			case work <- r: // want `record handed to workers over a channel`
			}
		}
	}
}

// dropOnDoneVoid is the same loop in a function without results: the
// Done case gains a bare return.
func dropOnDoneVoid(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			_ = n.deliver(ctx, r)
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			select {
			case <-ctx.Done():
			case work <- r: // want `record handed to workers over a channel`
			}
		}
	}
}

// dropOnDoneWaited counts the records, stops on Done and waits before
// each poll.
func dropOnDoneWaited(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	var wg sync.WaitGroup
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			_ = n.deliver(ctx, r)
			wg.Done()
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			wg.Add(1)
			select {
			case <-ctx.Done():
				wg.Done()
				return
			case work <- r: // ok: wg.Wait below runs before the next poll
			}
		}
		wg.Wait()
	}
}

// safeSend sends v unless the context is done (usr4's fserv-template
// tool.SafeSend): the record is dropped at shutdown.
func safeSend[T any](ctx context.Context, ch chan<- T, v T) {
	select {
	case <-ctx.Done():
	case ch <- v:
	}
}

// viaSafeSend hands each record over with the helper: the fix rewrites
// the call into the helper's select, counted, its Done case returning
// (the helper, which other code may share, is unchanged).
func viaSafeSend(ctx context.Context, n *notifier) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	if err != nil {
		return err
	}
	work := make(chan *kgo.Record, 64)
	go func() {
		for r := range work {
			_ = n.deliver(ctx, r)
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			safeSend(ctx, work, r) // want `record handed to workers over a channel`
		}
	}
}

// viaSafeSendInPlace processes each record in place and sends a copy of
// its key with the helper to an audit log's worker: the record itself
// is not handed over.
func viaSafeSendInPlace(ctx context.Context, n *notifier) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("alerts"))
	audit := make(chan string, 64)
	go func() {
		for k := range audit {
			_ = k
		}
	}()
	for {
		for _, r := range cl.PollFetches(ctx).Records() {
			_ = n.deliver(ctx, r)
			safeSend(ctx, audit, "delivered") // ok: the record is processed in place; only a constant is sent
		}
	}
}
