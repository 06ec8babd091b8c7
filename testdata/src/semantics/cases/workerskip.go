package cases

import (
	"context"
	"log"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

// A pool joined before each poll under franz-go's default auto-commit
// whose worker only logs a failed save and takes the next record: the
// next poll makes the failed record committable (audit 34b/3). The twin
// keeps the failure, and the loop stops on it before polling again.
type skipPool struct {
	jobs    chan *kgo.Record
	pending sync.WaitGroup
	mu      sync.Mutex
	failed  error
}

func (p *skipPool) work() {
	for r := range p.jobs {
		if err := apply(r.Value); err != nil {
			log.Println(err)
		}
		p.pending.Done()
	}
}

func workerSkip(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-workerskip"), kgo.ConsumeTopics("t")) // case: workerskip
	p := &skipPool{jobs: make(chan *kgo.Record)}
	for range 4 {
		go p.work()
	}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			p.pending.Add(1)
			p.jobs <- r
		})
		p.pending.Wait()
	}
}

func (p *skipPool) workKept() {
	for r := range p.jobs {
		if err := apply(r.Value); err != nil {
			p.mu.Lock()
			p.failed = err
			p.mu.Unlock()
		}
		p.pending.Done()
	}
}

func workerKept(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-workerkept"), kgo.ConsumeTopics("t")) // case: workerkept
	p := &skipPool{jobs: make(chan *kgo.Record)}
	for range 4 {
		go p.workKept()
	}
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			p.pending.Add(1)
			p.jobs <- r
		})
		p.pending.Wait()
		if p.failed != nil {
			log.Fatal(p.failed)
		}
	}
}
