package e2e

import (
	"context"
	"testing"

	"github.com/twmb/franz-go/pkg/kgo"

	"ordering/xport/consumer"
	"ordering/xport/ports"
)

// chanLedger records entries on a channel the test reads.
type chanLedger struct{ got chan ports.Payload }

func (l *chanLedger) Append(p ports.Payload) { l.got <- p }

func TestRun(t *testing.T) {
	cl, _ := kgo.NewClient()
	l := &chanLedger{got: make(chan ports.Payload, 1)}
	go consumer.Run(context.Background(), cl, l) // ok: a fake in a test file
	<-l.got
}
