// Package svc reads messages from a consumer the wiring gives it and
// hands them on.
package svc

import (
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"

	"autocommit/receivedlanes/lanes"
)

// Service hands each message to lanes that store its offset once it is
// processed: the stores are made there, on the consumer the wiring may
// give both, so nothing is known of the settings this loop relies on.
type Service struct {
	C     *kafka.Consumer
	Lanes *lanes.Lanes
}

// Run reads until a read fails.
func (s *Service) Run() error {
	for {
		msg, err := s.C.ReadMessage(time.Second) // ok: the lanes store each message once processed
		if err != nil {
			return err
		}
		s.Lanes.Dispatch(msg)
	}
}
