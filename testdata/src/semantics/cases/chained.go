package cases

import (
	"context"
	"database/sql"
	"errors"
	"log"

	"github.com/IBM/sarama"
)

// A handler running each message through a processing chain a factory
// method builds: the outer link, reached through an interface, runs the
// inner one and marks the message through a marker interface only on a
// success, asserting the message back from the chain's own interface
// (trial 45a/D1, jaeger's committing processor: 3 of 300 lost). The loop
// that logs the chain's failure and takes the next message skips it; its
// twin returns the failure, ending the session.
type chainMsg interface{ Value() []byte }

type chainLink interface{ Process(chainMsg) error }

type saramaChainMsg struct{ m *sarama.ConsumerMessage }

func (s *saramaChainMsg) Value() []byte { return s.m.Value }

type chainMarker interface{ MarkMessage(*sarama.ConsumerMessage) }

type sessionMarker struct{ sess sarama.ConsumerGroupSession }

func (s sessionMarker) MarkMessage(m *sarama.ConsumerMessage) { s.sess.MarkMessage(m, "") }

type storeLink struct{ db *sql.DB }

func (l *storeLink) Process(m chainMsg) error {
	_, err := l.db.Exec(`INSERT INTO spans (v) VALUES ($1)`, m.Value())
	return err
}

type markingLink struct {
	next   chainLink
	marker chainMarker
}

func (l *markingLink) Process(m chainMsg) error {
	msg, ok := m.(*saramaChainMsg)
	if !ok {
		return errors.New("not a kafka message")
	}
	err := l.next.Process(m)
	if err == nil {
		l.marker.MarkMessage(msg.m)
	}
	return err
}

type chainFactory struct{ db *sql.DB }

func (f chainFactory) build(sess sarama.ConsumerGroupSession) chainLink {
	return &markingLink{next: &storeLink{db: f.db}, marker: sessionMarker{sess: sess}}
}

type chainIngester struct{ factory chainFactory }

func (*chainIngester) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*chainIngester) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *chainIngester) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	proc := h.factory.build(sess)
	for msg := range claim.Messages() {
		if err := proc.Process(&saramaChainMsg{m: msg}); err != nil {
			log.Printf("span at %d not stored: %v", msg.Offset, err)
		}
	}
	return nil
}

type chainStopper struct{ factory chainFactory }

func (*chainStopper) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (*chainStopper) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h *chainStopper) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	proc := h.factory.build(sess)
	for msg := range claim.Messages() {
		if err := proc.Process(&saramaChainMsg{m: msg}); err != nil {
			return err
		}
	}
	return nil
}

func chainSkips(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-chain-skip", sarama.NewConfig()) // case: chainskip
	_ = g.Consume(ctx, []string{"spans"}, &chainIngester{factory: chainFactory{db: db}})
}

func chainStops(ctx context.Context, db *sql.DB) {
	g, _ := sarama.NewConsumerGroup([]string{"k:9092"}, "g-chain-stop", sarama.NewConfig()) // case: chainstop
	_ = g.Consume(ctx, []string{"spans"}, &chainStopper{factory: chainFactory{db: db}})
}
