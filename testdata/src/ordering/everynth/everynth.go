// Package everynth holds ordering cases where a consumer commits every
// Nth record: the commit that runs before its record is processed loses
// that record on a crash, though it does not run for every record.
package everynth

import (
	"context"
	"log"
	"time"

	"github.com/IBM/sarama"
	"github.com/segmentio/kafka-go"
)

// relay commits every hundredth message before saving it.
func relay(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	n := 0
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		n++
		if n%100 == 0 {
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
				return err
			}
		}
		if err := save(ctx, m); err != nil {
			return err
		}
	}
}

// relayAfter is relay's twin: every hundredth message is committed once
// saved, with the ones before it.
func relayAfter(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	n := 0
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		n++
		if n%100 == 0 {
			if err := r.CommitMessages(ctx, m); err != nil { // ok: after the save
				return err
			}
		}
	}
}

// projector marks first only when the operator asked for at-most-once:
// a flag, not a counter.
type projector struct {
	autoAck bool
	apply   func(context.Context, *sarama.ConsumerMessage) error
}

func (projector) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (projector) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (p projector) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if p.autoAck {
			sess.MarkMessage(msg, "") // ok: on one path only, behind a config flag
		}
		if err := p.apply(sess.Context(), msg); err != nil {
			log.Printf("apply %d: %v", msg.Offset, err)
			return err
		}
	}
	return nil
}

// ticker commits a message when five seconds have passed since the last
// commit, before saving it.
func ticker(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	last := time.Now()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if time.Since(last) > 5*time.Second {
			if err := r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
				return err
			}
			last = time.Now()
		}
		if err := save(ctx, m); err != nil {
			return err
		}
	}
}

// tickerAfter is ticker's twin: the message is saved before the timed
// commit.
func tickerAfter(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	last := time.Now()
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		if time.Since(last) > 5*time.Second {
			if err := r.CommitMessages(ctx, m); err != nil { // ok: after the save
				return err
			}
			last = time.Now()
		}
	}
}

// batcher collects fetched messages and commits them once it holds a
// hundred, the last one before it is saved.
func batcher(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	var pending []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		pending = append(pending, m)
		if len(pending) >= 100 {
			if err := r.CommitMessages(ctx, pending...); err != nil { // want `call to CommitMessages before the messages are processed: a crash between them loses the messages \(at-most-once\)`
				return err
			}
			pending = pending[:0]
		}
		if err := save(ctx, m); err != nil {
			return err
		}
	}
}

// batcherAfter is batcher's twin: each message is saved before it joins
// the batch.
func batcherAfter(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	var pending []kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		pending = append(pending, m)
		if len(pending) >= 100 {
			if err := r.CommitMessages(ctx, pending...); err != nil { // ok: every message in the batch is saved
				return err
			}
			pending = pending[:0]
		}
	}
}

// tickerPrevious commits, when five seconds have passed, the message
// saved in the previous iteration.
func tickerPrevious(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	last := time.Now()
	var prev *kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if prev != nil && time.Since(last) > 5*time.Second {
			if err := r.CommitMessages(ctx, *prev); err != nil { // ok: the previous message, saved already
				return err
			}
			last = time.Now()
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		prev = &m
	}
}

// indexer keeps its counter in a field: it commits every hundredth
// message before indexing it.
type indexer struct {
	r         *kafka.Reader
	processed int
	index     func(context.Context, kafka.Message) error
}

func (ix *indexer) run(ctx context.Context) error {
	for {
		m, err := ix.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		ix.processed++
		if ix.processed%100 == 0 {
			if err := ix.r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
				return err
			}
		}
		if err := ix.index(ctx, m); err != nil {
			return err
		}
	}
}

// indexerAfter is indexer's twin: the message is indexed first.
type indexerAfter struct {
	r         *kafka.Reader
	processed int
	index     func(context.Context, kafka.Message) error
}

func (ix *indexerAfter) run(ctx context.Context) error {
	for {
		m, err := ix.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := ix.index(ctx, m); err != nil {
			return err
		}
		ix.processed++
		if ix.processed%100 == 0 {
			if err := ix.r.CommitMessages(ctx, m); err != nil { // ok: after the index
				return err
			}
		}
	}
}

// sampler marks every message whose offset is a multiple of a hundred,
// before applying it.
type sampler struct {
	apply func(context.Context, *sarama.ConsumerMessage) error
}

func (sampler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (sampler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s sampler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if msg.Offset%100 == 0 {
			sess.MarkMessage(msg, "") // want `call to MarkMessage before the message is processed: with auto-commit on, a crash between them loses the message \(at-most-once\)`
		}
		if err := s.apply(sess.Context(), msg); err != nil {
			return err
		}
	}
	return nil
}

// samplerAfter is sampler's twin: the message is applied first.
type samplerAfter struct {
	apply func(context.Context, *sarama.ConsumerMessage) error
}

func (samplerAfter) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (samplerAfter) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (s samplerAfter) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := s.apply(sess.Context(), msg); err != nil {
			return err
		}
		if msg.Offset%100 == 0 {
			sess.MarkMessage(msg, "") // ok: after the apply
		}
	}
	return nil
}

// archiver keeps the time of its last commit in a field and logs each
// commit, made before the message is archived.
type archiver struct {
	r       *kafka.Reader
	last    time.Time
	archive func(context.Context, kafka.Message) error
}

func (a *archiver) run(ctx context.Context) error {
	for {
		m, err := a.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if time.Since(a.last) > 5*time.Second {
			if err := a.r.CommitMessages(ctx, m); err != nil { // want `call to CommitMessages before the message is processed: a crash between them loses the message \(at-most-once\)`
				return err
			}
			a.last = time.Now()
			log.Printf("committed up to offset %d", m.Offset)
		}
		if err := a.archive(ctx, m); err != nil {
			return err
		}
	}
}

// archiverAfter is archiver's twin: the message is archived first.
type archiverAfter struct {
	r       *kafka.Reader
	last    time.Time
	archive func(context.Context, kafka.Message) error
}

func (a *archiverAfter) run(ctx context.Context) error {
	for {
		m, err := a.r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := a.archive(ctx, m); err != nil {
			return err
		}
		if time.Since(a.last) > 5*time.Second {
			if err := a.r.CommitMessages(ctx, m); err != nil { // ok: after the archive
				return err
			}
			a.last = time.Now()
			log.Printf("committed up to offset %d", m.Offset)
		}
	}
}

// collector fetches up to a hundred messages, commits the last one when
// there is one, then saves the batch: a crash between them loses it.
func collector(ctx context.Context, r *kafka.Reader, saveAll func(context.Context, []kafka.Message) error) error {
	for {
		var last *kafka.Message
		var batch []kafka.Message
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				break
			}
			batch = append(batch, m)
			last = &m
		}
		if last != nil {
			if err := r.CommitMessages(ctx, *last); err != nil { // want `call to CommitMessages with the batch's last message before the batch is processed: it commits its partition past every message of the batch from that partition, so a crash between them loses them \(at-most-once\)`
				return err
			}
		}
		if len(batch) > 0 {
			if err := saveAll(ctx, batch); err != nil {
				return err
			}
		}
	}
}

// collectorAfter is collector's twin: the batch is saved first.
func collectorAfter(ctx context.Context, r *kafka.Reader, saveAll func(context.Context, []kafka.Message) error) error {
	for {
		var last *kafka.Message
		var batch []kafka.Message
		for len(batch) < 100 {
			m, err := r.FetchMessage(ctx)
			if err != nil {
				break
			}
			batch = append(batch, m)
			last = &m
		}
		if len(batch) > 0 {
			if err := saveAll(ctx, batch); err != nil {
				return err
			}
		}
		if last != nil {
			if err := r.CommitMessages(ctx, *last); err != nil { // ok: after the save
				return err
			}
		}
	}
}

// previous commits the message saved in the previous iteration, when
// there is one, before saving the one just fetched.
func previous(ctx context.Context, r *kafka.Reader, save func(context.Context, kafka.Message) error) error {
	var prev *kafka.Message
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if prev != nil {
			if err := r.CommitMessages(ctx, *prev); err != nil { // ok: the previous message, saved already
				return err
			}
		}
		if err := save(ctx, m); err != nil {
			return err
		}
		prev = &m
	}
}
