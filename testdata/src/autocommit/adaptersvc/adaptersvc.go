// Package adaptersvc receives a franz-go client from the package that
// builds it and polls it through an interface of its own, implemented by
// an adapter that forwards to the client: the calls are the client's, and
// the client is the one its constructor receives.
package adaptersvc

import (
	"context"
	"database/sql"
	"sync"

	"github.com/twmb/franz-go/pkg/kgo"
)

var db *sql.DB

func save(ctx context.Context, r *kgo.Record) error {
	_, err := db.ExecContext(ctx, "INSERT INTO readings (body) VALUES ($1)", r.Value)
	return err
}

// Fetches is what the service needs of a poll's result.
type Fetches interface{ EachRecord(func(*kgo.Record)) }

// Poller is the service's view of a franz-go client.
type Poller interface{ PollFetches(context.Context) Fetches }

type kgoPoller struct{ cl *kgo.Client }

func (p kgoPoller) PollFetches(ctx context.Context) Fetches { return p.cl.PollFetches(ctx) }

// Service stores sensor readings.
type Service struct{ src Poller }

// New wraps the client the wiring builds.
func New(cl *kgo.Client) *Service { return &Service{src: kgoPoller{cl: cl}} }

// Run saves each reading in a goroutine of its own and polls again at once.
func (s *Service) Run(ctx context.Context) {
	for ctx.Err() == nil {
		s.src.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			go save(ctx, r) // want `record handed to a goroutine while the loop polls again: assuming a consumer group with the client's default auto-commit`
		})
	}
}

// Archive is a second service on its own client.
type Archive struct{ src Poller }

// NewArchive wraps the client the wiring builds.
func NewArchive(cl *kgo.Client) *Archive { return &Archive{src: kgoPoller{cl: cl}} }

// Run saves a poll's readings concurrently and waits for them before
// polling again.
func (a *Archive) Run(ctx context.Context) {
	for ctx.Err() == nil {
		var wg sync.WaitGroup
		a.src.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			wg.Add(1)
			go func() { // ok: wg.Wait below runs before the next poll
				defer wg.Done()
				_ = save(ctx, r)
			}()
		})
		wg.Wait()
	}
}
