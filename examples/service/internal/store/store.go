// Package store is the orders service's PostgreSQL access: every consumer
// of the service writes its effect through it.
package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Order is the event the service's topics carry.
type Order struct {
	OrderID string `json:"order_id"`
	Status  string `json:"status"`
	Cents   int64  `json:"cents"`
}

// Store writes orders.
type Store struct{ Pool *pgxpool.Pool }

// Save decodes an order and upserts it.
func (s *Store) Save(ctx context.Context, value []byte) error {
	var o Order
	if err := json.Unmarshal(value, &o); err != nil {
		return fmt.Errorf("decode: %w", err)
	}
	_, err := s.Pool.Exec(ctx, `INSERT INTO orders (order_id, status, cents) VALUES ($1, $2, $3)
		 ON CONFLICT (order_id) DO UPDATE SET status = EXCLUDED.status, cents = EXCLUDED.cents`, o.OrderID, o.Status, o.Cents)
	return err
}
