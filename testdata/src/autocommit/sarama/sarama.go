// Package sarama: with Consumer.Offsets.AutoCommit.Enable = false, sarama
// only commits marks on session.Commit().
package sarama

import (
	"context"
	"fmt"
	"log"

	"github.com/IBM/sarama"
)

var brokers = []string{"localhost:9092"}

func record(m *sarama.ConsumerMessage) error {
	if m.Value == nil {
		return fmt.Errorf("tombstone at %s/%d@%d", m.Topic, m.Partition, m.Offset)
	}
	return nil
}

// marker marks after processing and never commits.
type marker struct{}

func (marker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (marker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (marker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

func consume(ctx context.Context, g sarama.ConsumerGroup, h sarama.ConsumerGroupHandler) error {
	for ctx.Err() == nil {
		if err := g.Consume(ctx, []string{"scans"}, h); err != nil {
			return err
		}
	}
	return nil
}

// noCommit turns auto-commit off and never calls Commit.
func noCommit(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.Initial = sarama.OffsetOldest
	config.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit`
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"scans"}, marker{}); err != nil {
			return err
		}
	}
	return nil
}

// committer commits its marks before ConsumeClaim returns.
type committer struct{ n int }

func (*committer) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*committer) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (c *committer) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer session.Commit()
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		session.MarkMessage(msg, "")
		c.n++
		if c.n%100 == 0 {
			session.Commit()
		}
	}
	return nil
}

// withCommit is noCommit with session.Commit() in ConsumeClaim.
func withCommit(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // ok: ConsumeClaim commits
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"scans"}, &committer{}); err != nil {
			return err
		}
	}
	return nil
}

// defaults marks after processing with the default auto-commit, which
// commits marked offsets only.
func defaults(ctx context.Context) error {
	group, err := sarama.NewConsumerGroup(brokers, "scans", sarama.NewConfig()) // ok: default auto-commit commits marks only
	if err != nil {
		return err
	}
	defer group.Close()
	for ctx.Err() == nil {
		if err := group.Consume(ctx, []string{"scans"}, marker{}); err != nil {
			return err
		}
	}
	return nil
}

// fromClient builds the group from a client that carries the config.
func fromClient(ctx context.Context) {
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit`
	client, err := sarama.NewClient(brokers, cfg)
	if err != nil {
		log.Fatal(err)
	}
	group, err := sarama.NewConsumerGroupFromClient("scans", client)
	if err != nil {
		log.Fatal(err)
	}
	for {
		if err := group.Consume(ctx, []string{"scans"}, &offsetMarker{}); err != nil {
			log.Print(err)
			return
		}
	}
}

// offsetMarker marks with MarkOffset.
type offsetMarker struct{}

func (*offsetMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*offsetMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (*offsetMarker) ConsumeClaim(s sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if record(msg) == nil {
			s.MarkOffset(msg.Topic, msg.Partition, msg.Offset+1, "")
		}
	}
	return nil
}

// manualConfig returns a config with auto-commit off.
func manualConfig() *sarama.Config {
	c := sarama.NewConfig()
	c.Consumer.Return.Errors = true
	c.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit`
	return c
}

// fromHelper takes its config from a helper of this package and runs the
// group through another helper.
func fromHelper(ctx context.Context) error {
	group, err := sarama.NewConsumerGroup(brokers, "scans", manualConfig())
	if err != nil {
		return err
	}
	go func() {
		for err := range group.Errors() {
			log.Print(err)
		}
	}()
	return consume(ctx, group, &cleanupMarker{})
}

// cleanupMarker marks every message.
type cleanupMarker struct{}

func (cleanupMarker) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (cleanupMarker) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (cleanupMarker) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
	}
	return nil
}

// batcher commits every 100 marks and nothing when ConsumeClaim returns.
type batcher struct{ n int }

func (*batcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*batcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (b *batcher) ConsumeClaim(session sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		session.MarkMessage(msg, "")
		if b.n++; b.n >= 100 {
			session.Commit()
			b.n = 0
		}
	}
	return nil
}

func batched(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler commits only every 100 marks, with nothing to commit the rest when ConsumeClaim returns`
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"scans"}, &batcher{})
}

// eachMark commits after every mark: nothing is left to discard.
type eachMark struct{}

func (eachMark) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (eachMark) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (eachMark) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		sess.Commit()
	}
	return nil
}

func perMessage(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // ok: every mark is committed at once
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"scans"}, eachMark{})
}

// tailFlusher commits every 100 marks and the rest after the loop.
type tailFlusher struct{ n int }

func (*tailFlusher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*tailFlusher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (f *tailFlusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		if f.n++; f.n%100 == 0 {
			sess.Commit()
		}
	}
	sess.Commit()
	return nil
}

func batchedFlushed(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // ok: the rest is committed when the claim ends
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"scans"}, &tailFlusher{})
}

// cleanupFlusher commits every 100 marks and the rest in Cleanup (eager
// rebalancing, the default).
type cleanupFlusher struct{ n int }

func (*cleanupFlusher) Setup(sarama.ConsumerGroupSession) error { return nil }
func (*cleanupFlusher) Cleanup(sess sarama.ConsumerGroupSession) error {
	sess.Commit()
	return nil
}

func (f *cleanupFlusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
		if f.n++; f.n%100 == 0 {
			sess.Commit()
		}
	}
	return nil
}

func batchedCleanup(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // ok: Cleanup commits the rest
	group, err := sarama.NewConsumerGroup(brokers, "scans", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"scans"}, &cleanupFlusher{})
}

// offsetBatcher commits only when a message's offset is a multiple of 100
// (th1enq/ViettelSMS_ServerService): the guard tests the offset, not a
// count of marks, and nothing commits the rest when ConsumeClaim returns.
type offsetBatcher struct{}

func (offsetBatcher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (offsetBatcher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (offsetBatcher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			continue
		}
		sess.MarkMessage(msg, "")
		if msg.Offset%100 == 0 {
			sess.Commit()
		}
	}
	return nil
}

func offsetBatched(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler commits only when a record's offset is a multiple of 100, with nothing to commit the rest when ConsumeClaim returns: .*offsets with gaps \(compaction, transaction markers\) can skip every multiple of 100, so a partition may never be committed at all$`
	group, err := sarama.NewConsumerGroup(brokers, "status", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"status"}, offsetBatcher{})
}

// offsetFlusher is offsetBatcher's twin: the marks left since the last
// offset multiple of 100 are committed when ConsumeClaim returns.
type offsetFlusher struct{}

func (offsetFlusher) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (offsetFlusher) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (offsetFlusher) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	defer sess.Commit()
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			continue
		}
		sess.MarkMessage(msg, "")
		if msg.Offset%100 == 0 {
			sess.Commit()
		}
	}
	return nil
}

func offsetFlushed(ctx context.Context) error {
	config := sarama.NewConfig()
	config.Consumer.Offsets.AutoCommit.Enable = false // ok: the rest is committed when the claim ends
	group, err := sarama.NewConsumerGroup(brokers, "status", config)
	if err != nil {
		return err
	}
	defer group.Close()
	return group.Consume(ctx, []string{"status"}, offsetFlusher{})
}

// sharedHandler marks each message; two groups run it.
type sharedHandler struct{}

func (sharedHandler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (sharedHandler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (sharedHandler) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		if err := record(msg); err != nil {
			return err
		}
		sess.MarkMessage(msg, "")
	}
	return nil
}

// twoGroups runs one handler for a group on the default auto-commit and
// one with auto-commit off: the second's marks are discarded all the
// same, though the first is bound to the handler's calls.
func twoGroups(ctx context.Context) error {
	live, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "live", sarama.NewConfig()) // ok: auto-commit commits the marks
	if err != nil {
		return err
	}
	cfg := sarama.NewConfig()
	cfg.Consumer.Offsets.AutoCommit.Enable = false // want `auto-commit is off and the handler never calls Commit`
	replay, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "replay", cfg)
	if err != nil {
		return err
	}
	go func() { _ = consume(ctx, live, sharedHandler{}) }()
	return consume(ctx, replay, sharedHandler{})
}
