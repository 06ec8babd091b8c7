package cases

import (
	"context"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

// waitAfterLoop starts a goroutine for each message and commits every
// 100 of them; its only Wait runs once the loop has ended, so no commit
// waits for the goroutines (nkristianto/kafkabulkcommit).
func waitAfterLoop(stop <-chan struct{}) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-waitafter", "enable.auto.commit": false}) // case: waitafterloop
	var wg sync.WaitGroup
	for n := 1; ; n++ {
		select {
		case <-stop:
			wg.Wait()
			return
		default:
		}
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for apply(m) != nil { // retried until it succeeds
				time.Sleep(time.Second)
			}
		}()
		if n%100 == 0 {
			_, _ = c.Commit()
		}
	}
}

// waitInLoop is its twin: each commit waits for the goroutines.
func waitInLoop(stop <-chan struct{}) {
	c, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-waitin", "enable.auto.commit": false}) // case: waitinloop
	var wg sync.WaitGroup
	for n := 1; ; n++ {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for apply(m) != nil { // retried until it succeeds
				time.Sleep(time.Second)
			}
		}()
		if n%100 == 0 {
			wg.Wait()
			_, _ = c.Commit()
		}
	}
}

var _, _ = waitAfterLoop, waitInLoop

// fetchThenWait fetches a batch, starting a goroutine for each message,
// waits for them after the fetch loop and commits the batch: joined
// before the commit (the review of waitafterloop: it said not joined).
func fetchThenWait(ctx context.Context, r *kafkago.Reader) error {
	var wg sync.WaitGroup
	var msgs []kafkago.Message
	for i := 0; i < 100; i++ {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		msgs = append(msgs, m)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for applyGo(m) != nil { // retried until it succeeds
				time.Sleep(time.Second)
			}
		}()
	}
	wg.Wait()
	return r.CommitMessages(ctx, msgs...)
}

func runFetchThenWait(ctx context.Context) {
	r := kafkago.NewReader(kafkago.ReaderConfig{GroupID: "g-fetchwait", Topic: "t-fetchwait"}) // case: fetchthenwait
	for fetchThenWait(ctx, r) == nil {
	}
}

var _ = runFetchThenWait
