package autocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// readReturnNoFix holds the read-commits-first shapes the return and the
// callers checks leave without a fix, each message naming its one cause:
// a message a deferred call processes (it runs after any commit of the
// function), a helper called in a go statement, an exported helper, a
// helper returning the read as it is, called in a defer statement. The
// silent twin logs the offset in a deferred recover: the fix is built.
const readReturnNoFix = `package readreturnnofix

import (
	"context"
	"log"

	"github.com/segmentio/kafka-go"
)

type event struct{ s string }

func handle(ctx context.Context, m kafka.Message) error { return nil }

type src struct{ r *kafka.Reader }

func (s *src) deferred(ctx context.Context) error {
	m, err := s.r.ReadMessage(ctx) // want "no automatic fix: the message is used in a deferred call \\(line 21\\), which runs after any commit the function makes; fetch with FetchMessage and commit with CommitMessages once that call has processed it"
	if err != nil {
		return err
	}
	defer func() {
		if err := handle(ctx, m); err != nil {
			log.Print(err)
		}
	}()
	log.Printf("got %d", m.Offset)
	return nil
}

func (s *src) next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want "no automatic fix: the message leaves the function for callers the fix cannot all change \\(next is called in a go statement \\(line 48\\)\\);"
	if err != nil {
		return event{}, err
	}
	return event{s: string(m.Value)}, nil
}

func (s *src) Next(ctx context.Context) (event, error) {
	m, err := s.r.ReadMessage(ctx) // want "\\(the helper Next is exported: callers out of sight would not commit\\)"
	if err != nil {
		return event{}, err
	}
	return event{s: string(m.Value)}, nil
}

func use(ctx context.Context) {
	s := &src{r: kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"})}
	go s.next(ctx)
	_, _ = s.Next(ctx)
	_ = s.deferred(ctx)
	_ = s.recovered(ctx)
}

func (s *src) read(ctx context.Context) (kafka.Message, error) {
	return s.r.ReadMessage(ctx) // want "returned as it is read, to callers the fix does not follow \\(read is called in a defer statement \\(line 60\\)\\)"
}

func use2(ctx context.Context) {
	s := &src{r: kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"})}
	defer s.read(ctx)
}
`

// readReturnFixed is the silent twin's shape: a deferred recover logging
// the offset (a field of basic type) is no processing, so the return is
// rewritten; it lives with the no-fix shapes to be checked by message.
const readReturnFixed = `
func (s *src) recovered(ctx context.Context) error {
	m, err := s.r.ReadMessage(ctx) // want "group reader's ReadMessage commits the message before returning it: a crash while it is processed loses it \\(at-most-once\\)$"
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			log.Printf("panic at %d: %v", m.Offset, r)
		}
	}()
	return handle(ctx, m)
}
`

// TestReadReturnNoFix runs readReturnNoFix from a temporary GOPATH (a
// scenario of findings without a fix under testdata/src would fail the
// shared every-finding-has-a-fix test): the
// no-fix findings say their one cause, and the recover twin has a fix.
func TestReadReturnNoFix(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/readreturnproc", "readreturnnofix", readReturnNoFix+readReturnFixed)
	for _, r := range analysistest.Run(t, gopath, autocommit.Analyzer, "readreturnnofix") {
		fixed := 0
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixed++
			}
		}
		if len(r.Diagnostics) != 5 || fixed != 1 {
			t.Errorf("%d findings, %d with a fix; want 5, 1 (the recover twin)", len(r.Diagnostics), fixed)
		}
	}
}
