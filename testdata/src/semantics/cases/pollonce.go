package cases

import (
	"context"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// onceReader polls once per call of read, which its caller's loop makes,
// and sends the records to workers started once and waited for only at
// shutdown: the next call's poll makes queued records committable.
type onceReader struct {
	cl *kgo.Client
	ch chan *kgo.Record
	wg sync.WaitGroup
}

func (o *onceReader) work() {
	defer o.wg.Done()
	for r := range o.ch {
		_ = apply(r)
	}
}

func (o *onceReader) read(ctx context.Context) {
	for _, r := range o.cl.PollFetches(ctx).Records() {
		o.ch <- r
	}
}

func runOnceReader(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollonce"), kgo.ConsumeTopics("t")) // case: pollonce
	if err != nil {
		return err
	}
	o := &onceReader{cl: cl, ch: make(chan *kgo.Record, 16)}
	for range 4 {
		o.wg.Add(1)
		go o.work()
	}
	for ctx.Err() == nil {
		o.read(ctx)
	}
	close(o.ch)
	o.wg.Wait()
	return nil
}

var _ = runOnceReader

// awaitedReader starts a goroutine per record of its one poll; its
// caller's loop waits for them before it calls read, and so polls, again.
type awaitedReader struct {
	cl *kgo.Client
	wg sync.WaitGroup
}

func (a *awaitedReader) read(ctx context.Context) {
	a.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			_ = apply(r)
		}()
	})
}

func runAwaitedReader(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g-pollawait"), kgo.ConsumeTopics("t")) // case: pollonceawait
	if err != nil {
		return err
	}
	a := &awaitedReader{cl: cl}
	for ctx.Err() == nil {
		a.read(ctx)
		a.wg.Wait()
	}
	return nil
}

var _ = runAwaitedReader
