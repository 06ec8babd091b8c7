// Package core is a settlement service core that imports no Kafka
// client: Enqueue only queues the payload for the pool InitWorkerPool
// starts, and Settle writes it in place.
package core

import (
	"context"
	"database/sql"
	"log"
)

type Payload struct{ TxID string }

type Settlement struct { // want Settlement:`queueingResult\(\*core.Settlement: Enqueue\[0\]\)`
	db    *sql.DB
	queue chan *Payload
}

// Enqueue hands the payload to the pool and returns at once.
func (s *Settlement) Enqueue(p Payload) { s.queue <- &p }

// Settle writes the payload in place.
func (s *Settlement) Settle(ctx context.Context, p Payload) error {
	_, err := s.db.ExecContext(ctx, "INSERT INTO settlements (tx) VALUES ($1)", p.TxID)
	return err
}

// InitWorkerPool starts the workers writing what Enqueue queued.
func (s *Settlement) InitWorkerPool(n int) {
	for i := 0; i < n; i++ {
		go func() {
			for p := range s.queue {
				if err := s.Settle(context.Background(), *p); err != nil {
					log.Printf("settle %s: %v", p.TxID, err)
				}
			}
		}()
	}
}
