package cases

import (
	"context"
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
	kafkago "github.com/segmentio/kafka-go"
)

// cfOption edits a consumer's configuration.
type cfOption func(kafka.ConfigMap)

func withManualStore() cfOption {
	return func(m kafka.ConfigMap) { m["enable.auto.offset.store"] = false }
}

// newOptioned applies the options to the configuration: any key may be
// set by them (audit 42b/D3: "offset store does nothing while
// enable.auto.offset.store is on", while an option turned it off).
func newOptioned(opts ...cfOption) (*kafka.Consumer, error) {
	m := kafka.ConfigMap{"group.id": "g-option-map"}
	for _, o := range opts {
		o(m)
	}
	return kafka.NewConsumer(&m) // case: optionmap
}

func runOptioned() {
	c, err := newOptioned(withManualStore())
	if err != nil {
		log.Fatal(err)
	}
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := apply(m.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

var _ = runOptioned

// readerOption edits a reader's configuration.
type readerOption func(*kafkago.ReaderConfig)

func withGroup(g string) readerOption {
	return func(c *kafkago.ReaderConfig) { c.GroupID = g }
}

// newOptionedReader applies the options to the configuration: the group
// may be set by them (audit 42b/D5: "not a group member").
func newOptionedReader(opts ...readerOption) *kafkago.Reader {
	cfg := kafkago.ReaderConfig{Topic: "t"}
	for _, o := range opts {
		o(&cfg)
	}
	return kafkago.NewReader(cfg) // case: optionreader
}

func runOptionedReader(ctx context.Context) error {
	r := newOptionedReader(withGroup("g-option-reader"))
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return err
		}
		if err := apply(m.Value); err != nil {
			return err
		}
		if err := r.CommitMessages(ctx, m); err != nil {
			return err
		}
	}
}

var _ = runOptionedReader

// ptrOption edits a consumer's configuration through its pointer.
type ptrOption func(*kafka.ConfigMap)

func withStoreOff() ptrOption {
	return func(m *kafka.ConfigMap) { _ = m.SetKey("enable.auto.offset.store", false) }
}

// newPtrOptioned applies the options to the configuration's address
// (review 42-2/D10: said auto-store on, store-ignored).
func newPtrOptioned(opts ...ptrOption) (*kafka.Consumer, error) {
	m := kafka.ConfigMap{"group.id": "g-option-setkey"}
	for _, o := range opts {
		o(&m)
	}
	return kafka.NewConsumer(&m) // case: optionsetkey
}

func runPtrOptioned() {
	c, err := newPtrOptioned(withStoreOff())
	if err != nil {
		log.Fatal(err)
	}
	for {
		m, ok := c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := apply(m.Value); err != nil {
			log.Fatal(err)
		}
		if _, err := c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

var _ = runPtrOptioned
