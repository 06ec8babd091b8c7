// Package revokesvc's service polls a client app builds, with its
// OnRevoked method as the client's revoke callback.
package revokesvc

import (
	"context"
	"database/sql"
	"log"

	"github.com/twmb/franz-go/pkg/kgo"
)

// Service saves each record and commits after each poll.
type Service struct {
	Client *kgo.Client
	DB     *sql.DB
}

// OnRevoked commits what was polled before the partitions move.
func (s *Service) OnRevoked(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitUncommittedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

// Run polls, saves and commits.
func (s *Service) Run(ctx context.Context) error {
	for {
		fetches := s.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if _, err := s.DB.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
		}
		if err := s.Client.CommitUncommittedOffsets(ctx); err != nil {
			log.Printf("commit: %v", err)
		}
		s.Client.AllowRebalance()
	}
}

// OnRevokedMarks commits the marked offsets (processed records only).
func (s *Service) OnRevokedMarks(ctx context.Context, cl *kgo.Client, _ map[string][]int32) {
	if err := cl.CommitMarkedOffsets(ctx); err != nil {
		log.Printf("commit on revoke: %v", err)
	}
}

// RunMarks polls, saves and marks.
func (s *Service) RunMarks(ctx context.Context) error {
	for {
		fetches := s.Client.PollFetches(ctx)
		if fetches.IsClientClosed() {
			return nil
		}
		for _, r := range fetches.Records() {
			if _, err := s.DB.ExecContext(ctx, "INSERT INTO t (v) VALUES ($1)", r.Value); err != nil {
				return err
			}
			s.Client.MarkCommitRecords(r)
		}
	}
}
