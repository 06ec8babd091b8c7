// Package receivedmark marks on the client it receives: the marks imply
// kgo.AutoCommitMarks, under which the timer commits marked records only.
package receivedmark

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Marker marks each record after processing it: the marks imply
// AutoCommitMarks, under which the timer commits marked records only.
type Marker struct{ Client *kgo.Client }

func (m *Marker) Run(ctx context.Context, index func(*kgo.Record)) {
	for {
		fs := m.Client.PollFetches(ctx)
		if fs.IsClientClosed() {
			return
		}
		for _, r := range fs.Records() {
			go func() { // ok: marks imply AutoCommitMarks
				index(r)
				m.Client.MarkCommitRecords(r)
			}()
		}
	}
}
