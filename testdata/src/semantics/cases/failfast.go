package cases

import (
	"log"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// failFastService stops on a failure only when its option says so, off
// unless the operator sets it: by default a failed message is logged and
// stored past (trial 41e/D16: at-least-once, 3 of 300 lost without a
// crash).
type failFastService struct {
	c        *kafka.Consumer
	failFast bool
}

// failVerboseService is its twin: the option only says whether to log
// first.
type failVerboseService struct {
	c       *kafka.Consumer
	verbose bool
}

func (s *failFastService) run() error {
	for {
		m, ok := s.c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := apply(m.Value); err != nil {
			if s.failFast {
				return err
			}
			log.Printf("offset %v: %v", m.TopicPartition, err)
		}
		if _, err := s.c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func (s *failVerboseService) run() error {
	for {
		m, ok := s.c.Poll(100).(*kafka.Message)
		if !ok {
			continue
		}
		if err := apply(m.Value); err != nil {
			if s.verbose {
				log.Printf("offset %v: %v", m.TopicPartition, err)
			}
			return err
		}
		if _, err := s.c.StoreMessage(m); err != nil {
			log.Print(err)
		}
	}
}

func runFailFast(fast bool) {
	a, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-fail-fast", "enable.auto.offset.store": false})    // case: failfast
	b, _ := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g-fail-verbose", "enable.auto.offset.store": false}) // case: failverbose
	_ = (&failFastService{c: a, failFast: fast}).run()
	_ = (&failVerboseService{c: b, verbose: fast}).run()
}

var _ = runFailFast
