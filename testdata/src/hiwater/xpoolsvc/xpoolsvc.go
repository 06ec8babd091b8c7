// Package xpoolsvc starts a worker it is given as goroutines on one
// kafka-go Reader (golang-boilerplate's pkg/kafka ConsumeTopic): the
// service half of a pool assembled across packages (xpoolwire wires it to
// xpoolwork's workers).
package xpoolsvc

import (
	"context"
	"log"
	"sync"

	"github.com/segmentio/kafka-go"
)

// Worker fetches and processes messages from the reader it is given.
type Worker func(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int)

// ConsumerGroup builds the readers of one group.
type ConsumerGroup struct {
	brokers []string
	groupID string
}

// NewConsumerGroup returns a ConsumerGroup.
func NewConsumerGroup(brokers []string, groupID string) *ConsumerGroup {
	return &ConsumerGroup{brokers: brokers, groupID: groupID}
}

func (c *ConsumerGroup) reader(topics []string) *kafka.Reader {
	return kafka.NewReader(kafka.ReaderConfig{Brokers: c.brokers, GroupID: c.groupID, GroupTopics: topics})
}

// ConsumeTopic starts poolSize+1 workers on one reader.
func (c *ConsumerGroup) ConsumeTopic(ctx context.Context, topics []string, poolSize int, worker Worker) { // want ConsumeTopic:`startsPool\(worker 3, consumer \[1\], count 2, one 0\)`
	r := c.reader(topics)
	defer r.Close()
	log.Printf("starting %d workers", poolSize+1)
	wg := &sync.WaitGroup{}
	for i := 0; i <= poolSize; i++ {
		wg.Add(1)
		go worker(ctx, r, wg, i)
	}
	wg.Wait()
}

// Consume starts n goroutines of work on the reader it is given.
func Consume(ctx context.Context, r *kafka.Reader, n int, work func(context.Context, *kafka.Reader)) { // want Consume:`startsPool\(worker 3, consumer \[1\], count 2, one 1\)`
	for i := 0; i < n; i++ {
		go work(ctx, r)
	}
}

// ConsumeClosure starts workers goroutines, each calling worker on the
// reader it is given.
func ConsumeClosure(ctx context.Context, r *kafka.Reader, workers int, worker Worker) { // want ConsumeClosure:`startsPool\(worker 3, consumer \[1\], count 2, one 1\)`
	var wg sync.WaitGroup
	for i := 0; i < workers; i++ {
		wg.Add(1)
		go func() {
			worker(ctx, r, &wg, i)
		}()
	}
	wg.Wait()
}

// MessageProcessor is a worker with a method.
type MessageProcessor interface {
	ProcessMessage(ctx context.Context, r *kafka.Reader, wg *sync.WaitGroup, workerID int)
}

// ConsumeWith starts poolSize workers of p on one reader.
func (c *ConsumerGroup) ConsumeWith(ctx context.Context, topics []string, poolSize int, p MessageProcessor) { // want ConsumeWith:`startsPool\(worker 3.ProcessMessage, consumer \[1\], count 2, one 1\)`
	r := c.reader(topics)
	defer r.Close()
	wg := &sync.WaitGroup{}
	for i := 0; i < poolSize; i++ {
		wg.Add(1)
		go p.ProcessMessage(ctx, r, wg, i)
	}
	wg.Wait()
}

// StartOne starts one worker.
func (c *ConsumerGroup) StartOne(ctx context.Context, topics []string, worker Worker) {
	r := c.reader(topics)
	defer r.Close()
	wg := &sync.WaitGroup{}
	wg.Add(1)
	go worker(ctx, r, wg, 0)
	wg.Wait()
}

// ConsumeEach starts n workers, each on a reader of its own.
func (c *ConsumerGroup) ConsumeEach(ctx context.Context, topics []string, n int, worker Worker) {
	wg := &sync.WaitGroup{}
	for i := 0; i < n; i++ {
		wg.Add(1)
		go worker(ctx, c.reader(topics), wg, i)
	}
	wg.Wait()
}

// Group is a ConsumerGroup generic in what it carries for its workers
// (#13: a generic pool of another package).
type Group[T any] struct {
	cg   *ConsumerGroup
	meta T
}

// NewGroup returns a Group.
func NewGroup[T any](brokers []string, groupID string, meta T) *Group[T] {
	return &Group[T]{cg: NewConsumerGroup(brokers, groupID), meta: meta}
}

// Consume starts poolSize workers on one reader.
func (g *Group[T]) Consume(ctx context.Context, topics []string, poolSize int, worker Worker) { // want Consume:`startsPool\(worker 3, consumer \[1\], count 2, one 1\)`
	r := g.cg.reader(topics)
	defer r.Close()
	log.Printf("starting %d workers for %v", poolSize, g.meta)
	wg := &sync.WaitGroup{}
	for i := 0; i < poolSize; i++ {
		wg.Add(1)
		go worker(ctx, r, wg, i)
	}
	wg.Wait()
}
