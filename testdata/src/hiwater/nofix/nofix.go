// Package nofix holds hiwater findings reported without a fix: the
// analysis classifies the concurrency (a real bug), but no fix that is
// sure to compile and be right can be built for it (doc.go's "Reported
// without a fix"). Each positive has a silent twin.
package nofix

import (
	"context"
	"log"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

func handle(ctx context.Context, m kafka.Message) error { return nil }

func handleMessage(m *sarama.ConsumerMessage) error { return nil }

// fetch feeds the reader's messages to a channel, closed when a fetch
// fails (the reader is closed, or ctx done).
func fetch(ctx context.Context, r *kafka.Reader) <-chan kafka.Message {
	msgs := make(chan kafka.Message)
	go func() {
		defer close(msgs)
		for {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				return
			}
			msgs <- m
		}
	}()
	return msgs
}

// counted starts a goroutine per message and commits each completion in
// the select receiving the messages, counting the commits in the if's
// else: the low-water fix takes an if without else only.
func counted(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	done := make(chan kafka.Message)
	committed := 0
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				log.Printf("%d committed", committed)
				return nil
			}
			go func() {
				if err := handle(ctx, m); err != nil {
					log.Printf("offset %d: %v", m.Offset, err)
				}
				done <- m
			}()
		case m := <-done:
			if err := r.CommitMessages(ctx, m); err != nil { // want `completions passed to CommitMessages in arrival order: .*; no automatic fix: the goroutines can neither run in place nor be waited for`
				return err
			} else {
				committed++
			}
		}
	}
}

// countedInPlace is counted's twin: the select's message case handles
// and commits in place.
func countedInPlace(ctx context.Context) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	msgs := fetch(ctx, r)
	committed := 0
	for {
		select {
		case m, ok := <-msgs:
			if !ok {
				log.Printf("%d committed", committed)
				return nil
			}
			if err := handle(ctx, m); err != nil {
				log.Printf("offset %d: %v", m.Offset, err)
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: handled in place, in order
				return err
			} else {
				committed++
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// finish marks a handled message.
func finish(sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) {
	sess.MarkMessage(msg, "") // want `call to MarkMessage from a per-record goroutine: .*; no automatic fix: the goroutine can neither run in place nor be waited for`
}

// reporting starts a goroutine per message that marks it through a
// helper, or reports its failure to the select receiving the messages:
// the goroutine can neither run in place (its send would wait for the
// loop) nor be waited for, and the low-water fix takes a position call
// of the goroutine's own body only.
type reporting struct{}

func (reporting) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (reporting) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (reporting) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	failures := make(chan error)
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			go func() {
				if err := handleMessage(msg); err != nil {
					failures <- err
					return
				}
				finish(sess, msg)
			}()
		case err := <-failures:
			log.Printf("handle: %v", err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// inPlace is reporting's twin: the select's message case handles and
// marks in place.
type inPlace struct{}

func (inPlace) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (inPlace) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (inPlace) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			if err := handleMessage(msg); err != nil {
				log.Printf("handle: %v", err)
				continue
			}
			sess.MarkMessage(msg, "") // ok: handled in place, in order
		case <-sess.Context().Done():
			return nil
		}
	}
}

// selfDrained copies each message to another topic through an async
// producer and drains its reports in the select receiving the messages,
// marking the message each success carries: reports come in any order,
// and waiting for each in the loop would wait for itself.
type selfDrained struct{ producer sarama.AsyncProducer }

func (selfDrained) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (selfDrained) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h selfDrained) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for {
		select {
		case msg, ok := <-claim.Messages():
			if !ok {
				return nil
			}
			h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		case s := <-h.producer.Successes():
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes: .*; no automatic fix: the loop drains the reports itself`
		case perr := <-h.producer.Errors():
			log.Printf("relay: %v", perr.Err)
		case <-sess.Context().Done():
			return nil
		}
	}
}

// awaitedDeliveries waits after each send for a report, but the
// producer is the handler's, shared by the claims of every partition
// (ConsumeClaim runs per claim, concurrently): the report received may be
// another claim's, and this claim sends its next message while its own is
// still in flight.
type awaitedDeliveries struct{ producer sarama.AsyncProducer }

func (awaitedDeliveries) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (awaitedDeliveries) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h awaitedDeliveries) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		h.producer.Input() <- &sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value), Metadata: msg}
		select {
		case s := <-h.producer.Successes():
			sess.MarkMessage(s.Metadata.(*sarama.ConsumerMessage), "") // want `call to MarkMessage with the message of a delivery report from Successes: .*; no automatic fix: the loop drains the reports itself`
		case perr := <-h.producer.Errors():
			return perr.Err
		}
	}
	return nil
}

// synced is the twin of both: a synchronous producer returns each
// message's own delivery, and the loop marks it after.
type synced struct{ producer sarama.SyncProducer }

func (synced) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (synced) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h synced) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if _, _, err := h.producer.SendMessage(&sarama.ProducerMessage{Topic: "out", Value: sarama.ByteEncoder(msg.Value)}); err != nil {
			return err
		}
		sess.MarkMessage(msg, "") // ok: delivered before it is marked, one at a time
	}
	return nil
}

// publisher is an asynchronous client: PublishAsync queues data, or fails
// at once when its queue is full; cb runs once the broker has
// acknowledged data.
type publisher interface {
	PublishAsync(data []byte, cb func(error)) error
}

// forwarded commits each message from the callback of its publish: the
// callbacks run as the broker acknowledges, in any order. The publish is
// an if's init, where the loop cannot wait for the callback after the
// statement, and the client model spells no low-water write for a commit
// from a callback.
func forwarded(ctx context.Context, pub publisher) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := pub.PublishAsync(m.Value, func(err error) {
			if err != nil {
				log.Printf("publish %d: %v", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages from a completion callback made for each message: .*; no automatic fix: the loop cannot wait here for each callback`
				log.Printf("commit: %v", err)
			}
		}); err != nil {
			return err
		}
	}
}

// forwardedWaited is forwarded's twin: the loop waits for each callback
// before fetching the next message.
func forwardedWaited(ctx context.Context, pub publisher) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"b:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		acked := make(chan struct{})
		if err := pub.PublishAsync(m.Value, func(err error) {
			defer close(acked)
			if err != nil {
				log.Printf("publish %d: %v", m.Offset, err)
				return
			}
			if err := r.CommitMessages(ctx, m); err != nil { // ok: the loop waits for the callback
				log.Printf("commit: %v", err)
			}
		}); err != nil {
			return err
		}
		<-acked
	}
}
