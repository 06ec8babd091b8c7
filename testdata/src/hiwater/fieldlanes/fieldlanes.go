// Package fieldlanes holds hiwater cases whose lanes are kept in a slice
// field a constructor appends to, each lane drained by a worker of its
// own.
package fieldlanes

import (
	"context"
	"hash/fnv"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

func handle(r *kgo.Record) { log.Printf("sink %s", r.Value) }

func hash(b []byte) int {
	h := fnv.New32a()
	h.Write(b)
	return int(h.Sum32())
}

// dispatcher spreads records over lanes by key.
type dispatcher struct {
	cl    *kgo.Client
	lanes []chan *kgo.Record
}

func newDispatcher(cl *kgo.Client, n int) *dispatcher {
	d := &dispatcher{cl: cl}
	for i := 0; i < n; i++ {
		ch := make(chan *kgo.Record, 16)
		d.lanes = append(d.lanes, ch)
		go d.work(ch)
	}
	return d
}

func (d *dispatcher) work(ch chan *kgo.Record) {
	for r := range ch {
		handle(r)
		d.cl.MarkCommitRecords(r) // want `call to MarkCommitRecords from workers of lanes not chosen by partition`
	}
}

func (d *dispatcher) run(ctx context.Context) {
	for {
		fs := d.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			d.lanes[hash(r.Key)%len(d.lanes)] <- r
		})
	}
}

// router is dispatcher's twin: lanes chosen by partition.
type router struct {
	cl    *kgo.Client
	lanes []chan *kgo.Record
}

func newRouter(cl *kgo.Client, n int) *router {
	d := &router{cl: cl}
	for i := 0; i < n; i++ {
		ch := make(chan *kgo.Record, 16)
		d.lanes = append(d.lanes, ch)
		go d.work(ch)
	}
	return d
}

func (d *router) work(ch chan *kgo.Record) {
	for r := range ch {
		handle(r)
		d.cl.MarkCommitRecords(r) // ok: every record of a partition goes to one lane
	}
}

func (d *router) run(ctx context.Context) {
	for {
		fs := d.cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			d.lanes[int(r.Partition)%len(d.lanes)] <- r
		})
	}
}

func main() {
	cl, err := kgo.NewClient(kgo.SeedBrokers("localhost:9092"), kgo.ConsumerGroup("g"), kgo.ConsumeTopics("in"), kgo.AutoCommitMarks())
	if err != nil {
		log.Fatal(err)
	}
	go newRouter(cl, 4).run(context.Background())
	newDispatcher(cl, 4).run(context.Background())
}
