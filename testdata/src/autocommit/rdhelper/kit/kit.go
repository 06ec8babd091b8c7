// Package kit reads the events of a topic for its callers in other // want package:`configFindings\(param:autocommit/rdhelper/kit\.Next#1\[async-commit=false,group=true\]:read-commits-first param:autocommit/rdhelper/kit\.Next#1\[async-commit=true,group=true\]:read-commits-first\)`
// packages (audit 35b/D2: silent, the row at-most-once).
package kit

import (
	"context"
	"encoding/json"

	"github.com/segmentio/kafka-go"
)

// Event is a decoded message.
type Event struct {
	ID    string
	Total int
}

// Next reads and decodes the next event.
func Next(ctx context.Context, r *kafka.Reader) (Event, error) {
	m, err := r.ReadMessage(ctx)
	if err != nil {
		return Event{}, err
	}
	var ev Event
	if err := json.Unmarshal(m.Value, &ev); err != nil {
		return Event{}, err
	}
	return ev, nil
}
