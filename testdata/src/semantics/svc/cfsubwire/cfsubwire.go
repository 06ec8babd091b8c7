// Package cfsubwire runs cfsub's consumers, closing them on return.
package cfsubwire

import (
	"context"
	"os"

	"semantics/svc/cfsub"
)

// Stored commits each message after writing it.
func Stored(ctx context.Context) error {
	c, err := cfsub.NewStoring("g-cfsub-stored")
	if err != nil {
		return err
	}
	defer c.Close()
	if err := cfsub.Subscribe(c, []string{"t"}); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
		if _, err := c.CommitMessage(m); err != nil {
			return err
		}
	}
	return nil
}

// Manual stores each message after writing it.
func Manual(ctx context.Context) error {
	c, err := cfsub.NewManual("g-cfsub-manual")
	if err != nil {
		return err
	}
	defer c.Close()
	if err := cfsub.Subscribe(c, []string{"t"}); err != nil {
		return err
	}
	for ctx.Err() == nil {
		m, err := c.ReadMessage(-1)
		if err != nil {
			continue
		}
		if err := os.WriteFile(string(m.Key), m.Value, 0o644); err != nil {
			return err
		}
		if _, err := c.StoreMessage(m); err != nil {
			return err
		}
	}
	return nil
}
