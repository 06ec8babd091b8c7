package sarama

import (
	"bytes"
	"net/http"
	"os"

	"github.com/IBM/sarama"
)

// forwarder posts each message and marks it once the post succeeded.
type forwarder struct{ url string }

func (forwarder) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (forwarder) Cleanup(sarama.ConsumerGroupSession) error { return nil }

// ConsumeClaim closes the response after the mark: closing what the post
// returned is no processing of the message.
func (f forwarder) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		resp, err := http.Post(f.url, "application/json", bytes.NewReader(m.Value))
		if err != nil {
			return err
		}
		s.MarkMessage(m, "") // ok: the post succeeded
		resp.Body.Close()
	}
	return nil
}

// spooler writes each message to a file and marks it before closing the
// file, whose Close may be where the write fails.
type spooler struct{ dir string }

func (spooler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (spooler) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (sp spooler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		f, err := os.Create(sp.dir + "/" + string(m.Key))
		if err != nil {
			return err
		}
		if _, err := f.Write(m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "") // want `call to MarkMessage before the message is processed`
		if err := f.Close(); err != nil {
			return err
		}
	}
	return nil
}
