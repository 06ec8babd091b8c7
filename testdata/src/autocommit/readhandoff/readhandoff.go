// Package readhandoff: a kafka-go group reader's ReadMessage commits the
// message before returning it, and the message is then sent to workers
// that cannot take the commit themselves (the channel is also closed, or
// a pool of them cannot be made one): the message is processed in place
// of the send, and committed after.
package readhandoff

import (
	"context"
	"encoding/json"
	"log"

	"github.com/segmentio/kafka-go"
)

type order struct {
	ID    string `json:"id"`
	Total int64  `json:"total"`
}

type store interface {
	Save(ctx context.Context, o order) error
}

func apply(ctx context.Context, db store, value []byte) error {
	var o order
	if err := json.Unmarshal(value, &o); err != nil {
		return err
	}
	return db.Save(ctx, o)
}

// readShipper reads each message from a group reader, which commits it
// before returning it, and pushes it to its shipping worker, whose
// channel the loop closes when it returns.
func readShipper(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "shipper", Topic: "orders"})
	defer r.Close()
	out := make(chan kafka.Message, 16)
	go func() {
		for m := range out {
			if err := apply(ctx, db, m.Value); err != nil {
				log.Printf("ship %d: %v", m.Offset, err)
			}
		}
	}()
	defer close(out)
	for {
		m, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			return err
		}
		out <- m
	}
}

// shipperAwaited is readShipper's twin: the message is fetched without a
// commit, the worker reports each shipment and the loop commits after the
// report.
func shipperAwaited(ctx context.Context, db store) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "shipper", Topic: "orders"})
	defer r.Close()
	out := make(chan kafka.Message)
	shipped := make(chan error)
	go func() {
		for m := range out {
			shipped <- apply(ctx, db, m.Value)
		}
	}()
	defer close(out)
	for {
		m, err := r.FetchMessage(ctx) // ok: committed after the worker's report
		if err != nil {
			return err
		}
		out <- m
		if err := <-shipped; err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

// closedPool sends each message to a pool of workers in a select that
// gives up when the context is done; the pool's channel is closed when
// the loop returns. The workers declare a variable: the inlined body is
// a block.
func closedPool(ctx context.Context, db store) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "billing", Topic: "orders"})
	jobs := make(chan kafka.Message)
	defer close(jobs)
	for i := 0; i < 4; i++ {
		go func() {
			for msg := range jobs {
				var o order
				if err := json.Unmarshal(msg.Value, &o); err != nil {
					log.Printf("decode %d: %v", msg.Offset, err)
					continue
				}
				_ = db.Save(ctx, o)
			}
		}()
	}
	for {
		msg, err := r.ReadMessage(ctx) // want `group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \(at-most-once\)$`
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		select {
		case jobs <- msg:
		case <-ctx.Done():
			return
		}
	}
}

// closedPoolInPlace is closedPool's twin: the loop processes each message
// itself and commits it after the save.
func closedPoolInPlace(ctx context.Context, db store) {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "billing", Topic: "orders"})
	for {
		msg, err := r.FetchMessage(ctx) // ok: committed after the save
		if err != nil {
			log.Printf("read: %v", err)
			return
		}
		if err := apply(ctx, db, msg.Value); err != nil {
			log.Printf("apply %d: %v", msg.Offset, err)
			continue
		}
		if err := r.CommitMessages(ctx, msg); err != nil {
			log.Printf("commit: %v", err)
			return
		}
	}
}
