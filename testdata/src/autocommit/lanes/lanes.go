// Package lanes: records sent on a channel held in a map, one channel (a
// lane) per partition, each made with its one worker the first time the
// loop sees the partition: a kafka-go group reader's ReadMessage, a
// confluent-kafka-go consumer on the librdkafka defaults, and a franz-go
// client with its default auto-commit. One worker takes a partition's
// records in order, so the fix commits, stores or marks each in it after
// processing.
package lanes

import (
	"context"
	"log"
	"time"

	kafka2 "github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/segmentio/kafka-go"
	"github.com/twmb/franz-go/pkg/kgo"
)

func apply(ctx context.Context, m kafka.Message) error { return nil }

// perPartition sends each message on a channel of its partition's, held
// in a map: the worker a message reaches is chosen at run time.
func perPartition(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "lanes", Topic: "orders"})
	lanes := map[int]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		ch, ok := lanes[m.Partition]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[m.Partition] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// perPartitionCommitted is perPartition's twin: it fetches, and each
// partition's worker commits its messages after applying them, in order.
func perPartitionCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "lanes", Topic: "orders"})
	lanes := map[int]chan kafka.Message{}
	for {
		m, err := r.FetchMessage(ctx) // ok: each partition's worker commits after applying
		if err != nil {
			return err
		}
		ch, ok := lanes[m.Partition]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[m.Partition] = ch
			go func() {
				for m := range ch {
					if err := apply(ctx, m); err != nil {
						log.Printf("apply %d: %v", m.Offset, err)
						continue
					}
					if err := r.CommitMessages(ctx, m); err != nil {
						log.Printf("commit %d: %v", m.Offset, err)
					}
				}
			}()
		}
		ch <- m
	}
}

// perPartitionParam is perPartition with the lane passed to its worker
// as a parameter, and the send made on the map's element.
func perPartitionParam(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "lanes", Topic: "orders"})
	lanes := map[int]chan kafka.Message{}
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		ch, ok := lanes[m.Partition]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[m.Partition] = ch
			go func(in <-chan kafka.Message) {
				for msg := range in {
					if err := apply(ctx, msg); err != nil {
						log.Printf("apply %d: %v", msg.Offset, err)
						continue
					}
					log.Printf("applied %d", msg.Offset)
				}
			}(ch)
		}
		lanes[m.Partition] <- m
	}
}

// perPartitionParamCommitted is perPartitionParam's twin: it fetches, and
// each partition's worker commits after applying.
func perPartitionParamCommitted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "lanes", Topic: "orders"})
	lanes := map[int]chan kafka.Message{}
	for {
		m, err := r.FetchMessage(ctx) // ok: each partition's worker commits after applying
		if err != nil {
			return err
		}
		ch, ok := lanes[m.Partition]
		if !ok {
			ch = make(chan kafka.Message, 16)
			lanes[m.Partition] = ch
			go func(in <-chan kafka.Message) {
				for msg := range in {
					if err := apply(ctx, msg); err != nil {
						log.Printf("apply %d: %v", msg.Offset, err)
						continue
					}
					log.Printf("applied %d", msg.Offset)
					if err := r.CommitMessages(ctx, msg); err != nil {
						log.Printf("commit offset: %v", err)
					}
				}
			}(ch)
		}
		lanes[m.Partition] <- m
	}
}

// lanes sends each message of a consumer on the librdkafka defaults to a
// channel of its partition's, held in a map.
func lanes() {
	c, _ := kafka2.NewConsumer(&kafka2.ConfigMap{"bootstrap.servers": "x", "group.id": "lanes"}) // want `enable.auto.commit and enable.auto.offset.store are on: .* \(at-most-once\)$`
	_ = c.SubscribeTopics([]string{"orders"}, nil)
	lanes := map[int32]chan *kafka2.Message{}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		ch, ok := lanes[msg.TopicPartition.Partition]
		if !ok {
			ch = make(chan *kafka2.Message, 16)
			lanes[msg.TopicPartition.Partition] = ch
			go func() {
				for m := range ch {
					log.Printf("apply %v", m.TopicPartition)
				}
			}()
		}
		ch <- msg
	}
}

// lanesStored is lanes' twin: auto-store off, each partition's worker
// stores its messages after applying them, in order.
func lanesStored() {
	c, _ := kafka2.NewConsumer(&kafka2.ConfigMap{"bootstrap.servers": "x", "group.id": "lanes", "enable.auto.offset.store": false}) // ok: auto-store off, each worker stores after applying
	_ = c.SubscribeTopics([]string{"orders"}, nil)
	lanes := map[int32]chan *kafka2.Message{}
	for {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		ch, ok := lanes[msg.TopicPartition.Partition]
		if !ok {
			ch = make(chan *kafka2.Message, 16)
			lanes[msg.TopicPartition.Partition] = ch
			go func() {
				for m := range ch {
					log.Printf("apply %v", m.TopicPartition)
					if _, err := c.StoreMessage(m); err != nil {
						log.Printf("store: %v", err)
					}
				}
			}()
		}
		ch <- msg
	}
}

// partitions hands each partition's records to a worker of its own over a
// channel held in a map, under franz-go's default auto-commit.
func partitions(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("lanes"), kgo.ConsumeTopics("orders"))
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[int32]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[r.Partition]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[r.Partition] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
					}
				}()
			}
			lanes[r.Partition] <- r // want `record handed to workers over a channel while the loop polls again: .* \(at-most-once\)$`
		})
	}
}

// partitionsMarked is partitions' twin: only marked records are
// committed, and each worker marks its records after applying them.
func partitionsMarked(ctx context.Context) error {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("lanes"), kgo.ConsumeTopics("orders"), kgo.AutoCommitMarks())
	if err != nil {
		return err
	}
	defer cl.Close()
	lanes := map[int32]chan *kgo.Record{}
	for {
		fetches := cl.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		fetches.EachRecord(func(r *kgo.Record) {
			ch, ok := lanes[r.Partition]
			if !ok {
				ch = make(chan *kgo.Record, 64)
				lanes[r.Partition] = ch
				go func() {
					for r := range ch {
						log.Printf("apply %d", r.Offset)
						cl.MarkCommitRecords(r)
					}
				}()
			}
			lanes[r.Partition] <- r // ok: only marked records are committed
		})
	}
}
