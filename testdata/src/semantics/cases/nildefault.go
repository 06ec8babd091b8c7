package cases

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// newDefaulted builds a default map when its caller passes none
// (ctrlplane's workspace-engine): each path to NewConsumer is one map.
// Its only caller's map turns auto-commit off too: both paths agree (it
// said "set on some paths only").
func newDefaulted(group string, cfg *kafka.ConfigMap) (*kafka.Consumer, error) {
	if cfg == nil {
		cfg = &kafka.ConfigMap{"group.id": group, "enable.auto.commit": false}
	} else if _, ok := (*cfg)["group.id"]; !ok {
		(*cfg)["group.id"] = group
	}
	return kafka.NewConsumer(cfg) // case: defaultedalike
}

// newDefaultedApart is its twin: its only caller's map leaves
// auto-commit on, the default map turns it off.
func newDefaultedApart(group string, cfg *kafka.ConfigMap) (*kafka.Consumer, error) {
	if cfg == nil {
		cfg = &kafka.ConfigMap{"group.id": group, "enable.auto.commit": false}
	} else if _, ok := (*cfg)["group.id"]; !ok {
		(*cfg)["group.id"] = group
	}
	return kafka.NewConsumer(cfg) // case: defaultedapart
}

func commitDefaulted(c *kafka.Consumer) {
	for {
		m, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := apply(m); err != nil {
			return
		}
		_, _ = c.CommitMessage(m)
	}
}

func runDefaulted() {
	c, _ := newDefaulted("g-alike", &kafka.ConfigMap{"enable.auto.commit": false})
	commitDefaulted(c)
	d, _ := newDefaultedApart("g-apart", &kafka.ConfigMap{"session.timeout.ms": 6000})
	commitDefaulted(d)
}

var _ = runDefaulted
