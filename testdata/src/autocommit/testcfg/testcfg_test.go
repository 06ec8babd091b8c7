package testcfg

import (
	"os"
	"testing"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

func TestRun(t *testing.T) {
	r := New(WithConfigMap(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "g"}))
	go func() { _ = r.Run() }()
}

func save(v []byte) error { return os.WriteFile("last", v, 0o644) }

// pump is a test's own consumer: its bare ConfigMap is its configuration.
func pump() error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"}) // want `enable.auto.commit and enable.auto.offset.store are on`
	if err != nil {
		return err
	}
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := save(m.Value); err != nil {
			return err
		}
	}
}
