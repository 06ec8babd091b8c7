// Package roundwire wires roundcfg's consumer to roundsvc's service.
package roundwire

import (
	"context"

	"autocommit/roundcfg"
	"autocommit/roundsvc"
)

func apply(context.Context, []byte) error { return nil }

// Main runs the service.
func Main(ctx context.Context) error {
	c, err := roundcfg.NewConsumer("orders", "orders")
	if err != nil {
		return err
	}
	defer c.Close()
	roundsvc.New(c, apply).Run(ctx)
	return nil
}
