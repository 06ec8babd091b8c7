// Package svc applies the events kit reads from the reader its caller // want package:`configFindings\(field:autocommit/rdhelper/svc\.Service\.Reader\[async-commit=false,group=true\]:read-commits-first field:autocommit/rdhelper/svc\.Service\.Reader\[async-commit=true,group=true\]:read-commits-first\)`
// gives.
package svc

import (
	"context"
	"os"
	"strconv"

	"github.com/segmentio/kafka-go"

	"autocommit/rdhelper/kit"
)

// Service applies each event.
type Service struct {
	Reader *kafka.Reader
	Dir    string
}

// Run applies events until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	for {
		ev, err := kit.Next(ctx, s.Reader)
		if err != nil {
			return err
		}
		if err := os.WriteFile(s.Dir+"/"+ev.ID, []byte(strconv.Itoa(ev.Total)), 0o644); err != nil {
			return err
		}
	}
}
