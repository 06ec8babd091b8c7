// Package keylanes: records sent on a lane per key, a channel held in a
// map keyed by the record's key, each made with its one worker where the
// lookup finds none. A partition's records reach several lanes, whose
// workers finish them out of order: a kafka-go group reader's ReadMessage
// (the fix fetches, starts each message in a low-water tracker before the
// send, and the lanes commit the tracker's mark), franz-go's default
// auto-commit (the fix makes the next poll wait for the workers).
package keylanes

import (
	"context"
	"log"
	"sync"

	"github.com/offsetcommit/commitlint/lowwater"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(ctx context.Context, m kafka.Message) error { return nil }

// perKey sends each message on a channel of its key's, held in a map:
// ReadMessage has committed it before any worker applies it.
func perKey(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "keys", Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
						continue
					}
					log.Printf("applied %d", m.Offset)
				}
			}()
		}
		ch <- m
	}
}

// perKeyTracked is perKey's twin: the lanes commit a tracker's low-water
// mark, below which every message is applied.
func perKeyTracked(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "keys", Topic: "orders"})
	lanes := map[string]chan kafka.Message{}
	inFlight := lowwater.New()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		ch, ok := lanes[string(m.Key)]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[string(m.Key)] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
					if next, ok := inFlight.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: int32(m.Partition)}, m.Offset); ok {
						if err := r.CommitMessages(ctx, kafka.Message{Topic: m.Topic, Partition: m.Partition, Offset: next - 1}); err != nil { // ok: a low-water mark
							log.Printf("commit: %v", err)
						}
					}
				}
			}()
		}
		tp := lowwater.TopicPartition{Topic: m.Topic, Partition: int32(m.Partition)}
		if err := inFlight.Start(tp, m.Offset); err != nil {
			inFlight.Forget(tp) // a rebalance handed the partition back from its committed offset
			_ = inFlight.Start(tp, m.Offset)
		}
		ch <- m
	}
}

// keys hands each key's records to a worker of its own over a channel
// held in a map, under franz-go's default auto-commit: the next poll
// makes them committable while the workers may still hold them.
func keys(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("keys"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[string(r.Key)] <- r // want `record handed to workers over a channel while the loop polls again: franz-go's auto-commit commits every poll before the latest, so the next PollFetches makes this record committable while a worker may still hold it; a crash loses it \(at-most-once\)$`
		})
	}
}

// keysJoined is keys' twin: the loop waits for the workers to apply the
// poll's records before it polls again.
func keysJoined(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("keys"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[string]chan *kgo.Record{}
	var pending sync.WaitGroup
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[string(r.Key)]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[string(r.Key)] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
						pending.Done()
					}
				}()
			}
			pending.Add(1)
			lanes[string(r.Key)] <- r // ok: the next poll waits for the workers
		})
		pending.Wait()
	}
}
