// Package core is a service core that queues what it is given for its
// workers (Handle) or applies it before returning (Apply); it imports no
// Kafka client.
package core

import "log"

// Core applies payloads.
type Core struct{ in chan []byte }

// New starts the workers.
func New() *Core {
	c := &Core{in: make(chan []byte, 128)}
	for range 4 {
		go func() {
			for b := range c.in {
				if err := apply(b); err != nil {
					log.Printf("apply: %v", err)
				}
			}
		}()
	}
	return c
}

// Handle queues b for the workers and returns.
func (c *Core) Handle(b []byte) { c.in <- b }

// Apply applies b before it returns.
func (c *Core) Apply(b []byte) error { return apply(b) }

func apply([]byte) error { return nil }
