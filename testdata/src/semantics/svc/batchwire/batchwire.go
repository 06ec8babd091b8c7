// Package batchwire gives batchbase a function starting a goroutine per
// record, and one writing each record before it returns.
package batchwire

import (
	"os"

	"github.com/IBM/sarama"

	"semantics/svc/batchbase"
)

type mgr struct{ path string }

// Consume starts the writes and reports success at once.
func (m *mgr) Consume(msgs []*sarama.ConsumerMessage) bool {
	for _, x := range msgs {
		go func() { _ = os.WriteFile(m.path, x.Value, 0o644) }()
	}
	return true
}

// Write writes each record before it returns.
func (m *mgr) Write(msgs []*sarama.ConsumerMessage) bool {
	for _, x := range msgs {
		if err := os.WriteFile(m.path, x.Value, 0o644); err != nil {
			return false
		}
	}
	return true
}

func Run() error {
	m := &mgr{path: "out"}
	if err := batchbase.Start("a", m.Consume); err != nil {
		return err
	}
	return batchbase.StartOrdered("b", m.Write)
}
