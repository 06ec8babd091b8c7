package receivedcommit

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// StoringWorker is received.Worker done right: it processes in place and
// stores after processing (its need, auto-store off, is checked where the
// consumer is built).
type StoringWorker struct{ Consumer *kafka.Consumer }

func (w *StoringWorker) Run(handle func(*kafka.Message) error) {
	for {
		msg, err := w.Consumer.ReadMessage(time.Second) // ok: the service stores after processing, so it does not rely on the auto-store
		if err != nil {
			continue
		}
		if err := handle(msg); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
		if _, err := w.Consumer.StoreMessage(msg); err != nil {
			log.Printf("store offset: %v", err)
		}
	}
}

// RunIfOK is received.RunIfOK done right: processed in place when the
// read succeeded, and stored after.
func RunIfOK(c *kafka.Consumer, save func(*kafka.Message)) {
	for {
		msg, err := c.ReadMessage(time.Second) // ok: the service stores after processing, so it does not rely on the auto-store
		if err == nil {
			save(msg)
			if _, err := c.StoreMessage(msg); err != nil {
				log.Printf("store offset: %v", err)
			}
		}
	}
}
