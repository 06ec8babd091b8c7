package cases

import (
	"context"
	"errors"
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

// The worker counts its failures and reports them on a channel the loop
// reads before polling again, stopping on one (review 34-1/S1).
func (p *skipPool) workCounted(errs chan<- error) {
	failed := 0
	for r := range p.jobs {
		if err := apply(r.Value); err != nil {
			log.Println(err)
			failed++
		}
		p.pending.Done()
	}
	if failed > 0 {
		errs <- errFailed
	}
}

var errFailed = errors.New("failed")

func workerCounted(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-workercounted"), kgo.ConsumeTopics("t"), kgo.DisableAutoCommit()) // case: workercounted
	for {
		p := &skipPool{jobs: make(chan *kgo.Record)}
		errs := make(chan error, 4)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				p.workCounted(errs)
			}()
		}
		cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			p.pending.Add(1)
			p.jobs <- r
		})
		close(p.jobs)
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return
		}
		if err := cl.CommitUncommittedOffsets(ctx); err != nil {
			return
		}
	}
}

// A worker retrying each record until it is applied (audit 35b/D4: it
// was said to log the failure and go on), and one calling a function
// value and dropping its failure (35b/D5, 35a/D1: the report panicked on
// the call of no named function).
func (p *skipPool) workRetried() {
	for r := range p.jobs {
		for apply(r.Value) != nil {
			log.Println("retry")
		}
		p.pending.Done()
	}
}

func workerRetried(ctx context.Context) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-workerretried"), kgo.ConsumeTopics("t")) // case: workerretried
	p := &skipPool{jobs: make(chan *kgo.Record)}
	for range 4 {
		go p.workRetried()
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

func workerFuncValue(ctx context.Context, handle func([]byte) error) {
	cl, _ := kgo.NewClient(kgo.ConsumerGroup("g-workerfunc"), kgo.ConsumeTopics("t")) // case: workerfunc
	jobs := make(chan *kgo.Record)
	var pending sync.WaitGroup
	go func() {
		for r := range jobs {
			if err := handle(r.Value); err != nil {
				log.Println(err)
			}
			pending.Done()
		}
	}()
	for {
		fs := cl.PollFetches(ctx)
		fs.EachRecord(func(r *kgo.Record) {
			pending.Add(1)
			jobs <- r
		})
		pending.Wait()
	}
}
