// Package storereturn: confluent consumers with librdkafka's defaults
// (auto-commit on, auto-store on) whose helper processes the message in
// its final return (return process(msg)). A StoreMessage inserted before
// that return would store the offset before the processing: the fix
// turns the return into the processing's check, the store and return nil.
package storereturn

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

type orders struct{ seen map[string]bool }

// apply records the order; it fails for an empty key.
func (o *orders) apply(m *kafka.Message) error {
	if len(m.Key) == 0 {
		return errEmptyKey
	}
	o.seen[string(m.Key)] = true
	return nil
}

type keyError struct{}

func (keyError) Error() string { return "empty key" }

var errEmptyKey error = keyError{}

type worker struct {
	c *kafka.Consumer
	o *orders
}

func newWorker() *worker {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "orders"}) // want `enable\.auto\.commit and enable\.auto\.offset\.store are on`
	if err != nil {
		log.Fatal(err)
	}
	return &worker{c: c, o: &orders{seen: map[string]bool{}}}
}

// next reads one message and processes it in its return.
func (w *worker) next() error {
	msg, err := w.c.ReadMessage(time.Second)
	if err != nil {
		return err
	}
	return w.o.apply(msg)
}

func (w *worker) run() {
	for {
		if err := w.next(); err != nil {
			log.Printf("next: %v", err)
		}
	}
}

// quiet stores its offsets itself, after processing: silent.
type quiet struct {
	c *kafka.Consumer
	o *orders
}

func newQuiet() *quiet {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"bootstrap.servers": "localhost:9092", "group.id": "audit", "enable.auto.offset.store": false}) // ok: offsets stored after processing
	if err != nil {
		log.Fatal(err)
	}
	return &quiet{c: c, o: &orders{seen: map[string]bool{}}}
}

func (q *quiet) next() error {
	msg, err := q.c.ReadMessage(time.Second)
	if err != nil {
		return err
	}
	if err := q.o.apply(msg); err != nil {
		return err
	}
	_, err = q.c.StoreMessage(msg)
	return err
}

func main() {
	go newQuiet().next()
	newWorker().run()
}
