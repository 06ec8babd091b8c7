// Package handlers applies deliveries: Ledger writes each before it
// returns, Mailer sends each in the background.
package handlers

import (
	"context"
	"log"
	"os"
)

// Ledger appends payloads to a file.
type Ledger struct{ Path string }

// Apply appends body.
func (l *Ledger) Apply(ctx context.Context, body []byte) error {
	f, err := os.OpenFile(l.Path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if _, err := f.Write(body); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Mailer mails payloads.
type Mailer struct{ L *Ledger } // want Mailer:`queueingResult\(\*handlers.Mailer: Send\[1\]\)`

// Send mails body in the background, so that the loop is not held up.
func (m *Mailer) Send(ctx context.Context, body []byte) error {
	go func() {
		if err := m.L.Apply(context.Background(), body); err != nil {
			log.Printf("send: %v", err)
		}
	}()
	return nil
}
