// Package envelope stores offsets through helpers taking an envelope
// that carries the message (Doc{Msg: m}), not the message itself.
package envelope

import (
	"context"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Doc is a document with the message it came from.
type Doc struct {
	Msg *kafka.Message
	ID  string
}

// Indexer indexes documents.
type Indexer interface {
	Index(ctx context.Context, d Doc) error
}

// Loop reads with auto-store off and stores through checkpoint.
type Loop struct {
	c   *kafka.Consumer
	idx Indexer
}

// New builds the consumer with auto-store off: the loop stores.
func New(idx Indexer) (*Loop, error) {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "indexer", "enable.auto.offset.store": false})
	if err != nil {
		return nil, err
	}
	return &Loop{c: c, idx: idx}, nil
}

// checkpoint stores the offset of the document's message.
func (l *Loop) checkpoint(d Doc) error {
	_, err := l.c.StoreMessage(d.Msg)
	return err
}

// mark is checkpoint through a pointer to the envelope.
func (l *Loop) mark(d *Doc) error {
	_, err := l.c.StoreMessage(d.Msg)
	return err
}

// Run stores the document's offset before indexing it.
func (l *Loop) Run(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := l.c.ReadMessage(250 * time.Millisecond)
		if err != nil {
			continue
		}
		doc := Doc{Msg: msg, ID: string(msg.Key)}
		if err := l.checkpoint(doc); err != nil { // want `call to checkpoint \(StoreMessage\) before the message is processed`
			return err
		}
		if err := l.idx.Index(ctx, doc); err != nil {
			return err
		}
	}
	return nil
}

// RunPointer is Run with the envelope's address.
func (l *Loop) RunPointer(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := l.c.ReadMessage(250 * time.Millisecond)
		if err != nil {
			continue
		}
		doc := &Doc{Msg: msg, ID: string(msg.Key)}
		if err := l.mark(doc); err != nil { // want `call to mark \(StoreMessage\) before the message is processed`
			return err
		}
		if err := l.idx.Index(ctx, *doc); err != nil {
			return err
		}
	}
	return nil
}

// RunAfter stores after indexing.
func (l *Loop) RunAfter(ctx context.Context) error {
	for ctx.Err() == nil {
		msg, err := l.c.ReadMessage(250 * time.Millisecond)
		if err != nil {
			continue
		}
		doc := Doc{Msg: msg, ID: string(msg.Key)}
		if err := l.idx.Index(ctx, doc); err != nil {
			return err
		}
		if err := l.checkpoint(doc); err != nil { // ok: after the processing
			return err
		}
	}
	return nil
}

// Job carries a franz-go record.
type Job struct {
	Rec     *kgo.Record
	Attempt int
}

// Jobs polls with a franz-go client and commits through ack.
type Jobs struct {
	cl  *kgo.Client
	idx func(context.Context, Job) error
}

// ack commits the job's record (the variadic's one element).
func (j *Jobs) ack(ctx context.Context, job Job) error {
	return j.cl.CommitRecords(ctx, job.Rec)
}

// Run acks each job before indexing it.
func (j *Jobs) Run(ctx context.Context) error {
	for {
		fs := j.cl.PollFetches(ctx)
		if fs.IsClientClosed() {
			return nil
		}
		for _, r := range fs.Records() {
			job := Job{Rec: r}
			if err := j.ack(ctx, job); err != nil { // want `call to ack \(CommitRecords\) before the record is processed`
				return err
			}
			if err := j.idx(ctx, job); err != nil {
				return err
			}
		}
	}
}
