package received // want package:`configFindings\(param:autocommit/received\.PollWith#2\[auto-commit=true,group=true\]:records-outlive-poll field:autocommit/received\.Reader\.R\[async-commit=false,group=true\]:read-commits-first`

import (
	"log"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Worker receives its consumer and hands each message to a goroutine
// without storing it. A service that never stores or commits relies on
// the librdkafka defaults (with auto-store or auto-commit off nothing
// would ever be committed): each message is stored when ReadMessage
// returns it and committed by the timer, processed or not. The fix here
// processes in place and stores after; the stores then need
// enable.auto.offset.store=false in the package that builds the consumer,
// which is told at the hand-over (markerwire.archiverDefaults). Worker done
// right is receivedcommit.StoringWorker (a store here would silence every
// received consumer of the package: the wiring may hand one to two entries).
type Worker struct{ Consumer *kafka.Consumer }

func (w *Worker) Run(handle func(*kafka.Message)) {
	for {
		msg, err := w.Consumer.ReadMessage(time.Second) // want `consumer received from another package and never stored or committed on: it relies on enable.auto.commit and enable.auto.offset.store`
		if err != nil {
			continue
		}
		go handle(msg)
	}
}

// Loop processes each message in place, and relies on the same defaults:
// the offset is stored before the processing, and the timer can commit it
// while the message is processed.
func Loop(c *kafka.Consumer, handle func(*kafka.Message) error) error {
	for {
		msg, err := c.ReadMessage(time.Second) // want `consumer received from another package and never stored or committed on`
		if err != nil {
			continue
		}
		if err := handle(msg); err != nil {
			log.Printf("handle: %v", err)
			continue
		}
	}
}

// RunIfOK hands the message to a goroutine only when the read succeeded
// (usr4's realtime-map analytics): the same defaults, the same loss. The
// fix runs the goroutine's call in place, at the end of the if, and
// stores after it.
func RunIfOK(c *kafka.Consumer, save func(*kafka.Message)) {
	for {
		msg, err := c.ReadMessage(time.Second) // want `consumer received from another package and never stored or committed on`
		if err == nil {
			go save(msg)
		}
	}
}
