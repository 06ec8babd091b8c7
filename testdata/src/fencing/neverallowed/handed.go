package neverallowed

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Mailer hands AllowRebalance to the function processing each poll, as
// a method value it calls once the poll is done.
type Mailer struct {
	client *kgo.Client
	mail   func([]byte) error
}

// NewMailer builds the client with rebalances blocked on poll.
func NewMailer(mail func([]byte) error) (*Mailer, error) {
	client, err := kgo.NewClient(kgo.ConsumerGroup("mailer"), kgo.ConsumeTopics("mail"), kgo.BlockRebalanceOnPoll()) // ok: AllowRebalance is handed to process
	if err != nil {
		return nil, err
	}
	return &Mailer{client: client, mail: mail}, nil
}

// Run processes each poll.
func (m *Mailer) Run(ctx context.Context) {
	for ctx.Err() == nil {
		m.process(m.client.PollFetches(ctx), m.client.AllowRebalance)
	}
}

func (m *Mailer) process(fetches kgo.Fetches, done func()) {
	defer done()
	fetches.EachRecord(func(r *kgo.Record) {
		_ = m.mail(r.Value)
	})
}
