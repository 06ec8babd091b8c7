// Package unflushed holds ordering cases of batching loops that, on
// their way out, write the position of what the batch still holds
// without processing it (audit 36b/D2, D3: lost on every graceful stop
// or rebalance).
package unflushed

import (
	"context"
	"database/sql"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

var db *sql.DB

func write(ms []kafka.Message) error {
	for _, m := range ms {
		if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

// shutdownCommit flushes by size or tick, and commits the batch
// unwritten when the context is done.
func shutdownCommit(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	tick := time.NewTicker(500 * time.Millisecond)
	defer tick.Stop()
	var buf []kafka.Message
	flush := func() error {
		if err := write(buf); err != nil {
			return err
		}
		if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil {
			return err
		}
		buf = buf[:0]
		return nil
	}
	for {
		select {
		case <-ctx.Done():
			if len(buf) > 0 {
				if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil { // want `call to CommitMessages commits the messages buf holds, which nothing on this path has processed`
					log.Printf("commit: %v", err)
				}
			}
			return
		case m := <-msgs:
			buf = append(buf, m)
			if len(buf) >= 20 {
				if err := flush(); err != nil {
					log.Fatal(err)
				}
			}
		case <-tick.C:
			if len(buf) > 0 {
				if err := flush(); err != nil {
					log.Fatal(err)
				}
			}
		}
	}
}

// shutdownFlush is shutdownCommit's twin: it flushes before it returns.
func shutdownFlush(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	var buf []kafka.Message
	for {
		select {
		case <-ctx.Done():
			if len(buf) > 0 {
				if err := write(buf); err != nil {
					return
				}
				if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil {
					log.Printf("commit: %v", err)
				}
			}
			return
		case m := <-msgs:
			buf = append(buf, m)
			if len(buf) >= 20 {
				if err := write(buf); err != nil {
					log.Fatal(err)
				}
				if err := r.CommitMessages(ctx, buf...); err != nil {
					log.Printf("commit: %v", err)
				}
				buf = buf[:0]
			}
		}
	}
}

type batcher struct{}

func (batcher) Setup(sarama.ConsumerGroupSession) error { return nil }
func (batcher) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (batcher) write(buf []*sarama.ConsumerMessage) error {
	for _, m := range buf {
		if _, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value); err != nil {
			return err
		}
	}
	return nil
}

// ConsumeClaim marks the last buffered message, unwritten, when the
// session ends.
func (b batcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	var buf []*sarama.ConsumerMessage
	for {
		select {
		case <-sess.Context().Done():
			if len(buf) > 0 {
				sess.MarkMessage(buf[len(buf)-1], "") // want `call to MarkMessage marks the messages buf holds, which nothing on this path has processed`
			}
			return nil
		case m, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			buf = append(buf, m)
			if len(buf) >= 20 {
				if err := b.write(buf); err != nil {
					return err
				}
				sess.MarkMessage(buf[len(buf)-1], "")
				sess.Commit()
				buf = buf[:0]
			}
		}
	}
}

func run(ctx context.Context) {
	c := sarama.NewConfig()
	c.Consumer.Offsets.AutoCommit.Enable = false
	g, err := sarama.NewConsumerGroup([]string{"127.0.0.1:9092"}, "g", c)
	if err != nil {
		log.Fatal(err)
	}
	_ = g.Consume(ctx, []string{"t"}, batcher{})
}

// savedFirst is shutdownCommit's twin: on its way out it writes the
// batch in the if's init, then commits it (review 36-2/D1).
func savedFirst(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	var buf []kafka.Message
	for {
		select {
		case <-ctx.Done():
			if err := write(buf); err == nil {
				if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil {
					log.Printf("commit: %v", err)
				}
			}
			return
		case m := <-msgs:
			buf = append(buf, m)
			if len(buf) >= 20 {
				if err := write(buf); err != nil {
					log.Fatal(err)
				}
				if err := r.CommitMessages(ctx, buf...); err != nil {
					log.Printf("commit: %v", err)
				}
				buf = buf[:0]
			}
		}
	}
}

func writeOne(m kafka.Message) error {
	_, err := db.Exec("INSERT INTO events (body) VALUES ($1)", m.Value)
	return err
}

// rangedFirst is shutdownCommit's twin: on its way out it writes each
// record of the batch, then commits it (review 36-2/D2).
func rangedFirst(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	var buf []kafka.Message
	for {
		select {
		case <-ctx.Done():
			for _, m := range buf {
				if err := writeOne(m); err != nil {
					return
				}
			}
			if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil {
				log.Printf("commit: %v", err)
			}
			return
		case m := <-msgs:
			buf = append(buf, m)
			if len(buf) >= 20 {
				for _, b := range buf {
					if err := writeOne(b); err != nil {
						log.Fatal(err)
					}
				}
				if err := r.CommitMessages(ctx, buf...); err != nil {
					log.Printf("commit: %v", err)
				}
				buf = buf[:0]
			}
		}
	}
}

func commitBatch(ctx context.Context, r *kafka.Reader, buf []kafka.Message) {
	if err := r.CommitMessages(ctx, buf...); err != nil {
		log.Printf("commit: %v", err)
	}
}

// positionsOnly is shutdownCommit's twin: each message is written as it
// comes, the batch only holds positions, committed through a helper
// (review 36-2/D3).
func positionsOnly(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	var buf []kafka.Message
	for {
		select {
		case <-ctx.Done():
			if err := r.CommitMessages(context.WithoutCancel(ctx), buf...); err != nil {
				log.Printf("commit: %v", err)
			}
			return
		case m := <-msgs:
			if err := writeOne(m); err != nil {
				log.Fatal(err)
			}
			buf = append(buf, m)
			if len(buf) >= 20 {
				commitBatch(ctx, r, buf)
				buf = buf[:0]
			}
		}
	}
}

// timedCommit commits the batch unwritten when the context is done, with
// a context made for the commit and cancelled after it: the fix takes
// them too (audit 38b/D9: the fixed code left cctx unused, and did not
// compile).
func timedCommit(ctx context.Context, r *kafka.Reader, msgs <-chan kafka.Message) {
	var buf []kafka.Message
	for {
		select {
		case <-ctx.Done():
			cctx, ccancel := context.WithTimeout(context.Background(), 5*time.Second)
			if err := r.CommitMessages(cctx, buf...); err != nil { // want `call to CommitMessages commits the messages buf holds, which nothing on this path has processed`
				log.Printf("commit: %v", err)
			}
			ccancel()
			return
		case m := <-msgs:
			buf = append(buf, m)
			if len(buf) >= 20 {
				if err := write(buf); err != nil {
					log.Fatal(err)
				}
				if err := r.CommitMessages(ctx, buf...); err != nil {
					log.Fatal(err)
				}
				buf = buf[:0]
			}
		}
	}
}
