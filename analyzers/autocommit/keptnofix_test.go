package autocommit_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// keptSrc holds confluent loops (auto-commit and auto-store on) whose
// messages go to a call that may keep them for later: the store fix put
// StoreMessage right after s.out.Add(msg.Key, msg.Value), an interface
// method wired in main to a batcher that only buffers, and a crash of the
// fixed service still lost 50 of 300 records (audit 31c/8). A method of
// an interface whose implementations are out of sight and that reports no
// failure, or a function keeping its argument in a field (a batcher of
// the package), is no processing a store can follow: those findings have
// no fix and say why. The twin whose method reports a failure (Write
// returning an error) keeps its fix.
const keptSrc = `package kept

import (
	"context"
	"log"
	"sync"
	"time"

	"github.com/confluentinc/confluent-kafka-go/v2/kafka"
)

// Appender buffers rows for the warehouse; main wires it.
type Appender interface {
	Add(key, value []byte)
}

// Sink writes one row.
type Sink interface {
	Write(ctx context.Context, key, value []byte) error
}

type Service struct {
	c    *kafka.Consumer
	out  Appender
	sink Sink
}

func New(c *kafka.Consumer, out Appender, sink Sink) *Service {
	return &Service{c: c, out: out, sink: sink}
}

// RunBuffered hands each message to an Appender out of sight.
func (s *Service) RunBuffered(ctx context.Context) {
	for ctx.Err() == nil {
		msg, err := s.c.ReadMessage(250 * time.Millisecond) // want "no automatic fix: .*Appender.Add, an interface method whose implementations are out of this package.s sight, reports no failure"
		if err != nil {
			continue
		}
		s.out.Add(msg.Key, msg.Value)
	}
}

type batcher struct {
	mu   sync.Mutex
	rows [][]byte
}

func (b *batcher) add(v []byte) {
	b.mu.Lock()
	b.rows = append(b.rows, v)
	b.mu.Unlock()
}

// runBatched builds its consumer and buffers each value in a batcher of
// its own, flushed elsewhere.
func runBatched(ctx context.Context, b *batcher) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"}) // want "no automatic fix: .*batcher.add keeps it in field rows of batcher for later"
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		switch e := c.Poll(100).(type) {
		case *kafka.Message:
			b.add(e.Value)
		case kafka.Error:
			log.Printf("poll: %v", e)
		}
	}
	return nil
}

// runWritten writes each message through a method reporting its failure:
// the store goes after it, on its success path.
func runWritten(ctx context.Context, sink Sink) error {
	c, err := kafka.NewConsumer(&kafka.ConfigMap{"group.id": "g"}) // want "stores each message's offset"
	if err != nil {
		return err
	}
	for ctx.Err() == nil {
		msg, err := c.ReadMessage(time.Second)
		if err != nil {
			continue
		}
		if err := sink.Write(ctx, msg.Key, msg.Value); err != nil {
			log.Printf("write: %v", err)
			continue
		}
	}
	return nil
}
`

// keptFieldSrc holds a kafka-go group reader read with ReadMessage
// whose message's data is appended to a field of the consumer, which a
// goroutine writes later (audit 34b/2: the fix committed right after the
// append, before the flush): no fix, saying why.
const keptFieldSrc = `package keptfield

import (
	"context"
	"encoding/json"
	"log"
	"os"
	"strings"
	"sync"

	"github.com/segmentio/kafka-go"
)

type consumer struct {
	r      *kafka.Reader
	mu     sync.Mutex
	buffer []string
}

func (c *consumer) flush() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err := os.WriteFile("out", []byte(strings.Join(c.buffer, ",")), 0o644); err != nil {
		log.Println(err)
	}
	c.buffer = c.buffer[:0]
}

func (c *consumer) run(ctx context.Context) {
	for {
		m, err := c.r.ReadMessage(ctx) // want "ReadMessage commits the message before returning it: .*; no automatic fix: no statement here is sure to come after the message's processing \\(its data is kept in field buffer, written later\\)"
		if err != nil {
			return
		}
		var v struct{ ID string }
		if err := json.Unmarshal(m.Value, &v); err != nil {
			continue
		}
		c.mu.Lock()
		c.buffer = append(c.buffer, v.ID)
		full := len(c.buffer) >= 100
		c.mu.Unlock()
		if full {
			go c.flush()
		}
	}
}

func main() {
	c := &consumer{r: kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})}
	c.run(context.Background())
}
`

// keptReaderSrc is keptSrc's buffered loop for a kafka-go group reader
// read with ReadMessage (a commit on each read): the fix moving the
// commit after the processing has nowhere to put it.
const keptReaderSrc = `package keptreader

import (
	"context"

	"github.com/segmentio/kafka-go"
)

type Appender interface {
	Add(key, value []byte)
}

func run(ctx context.Context, out Appender) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want "no automatic fix: no statement here is sure to come after the message's processing \\(keptreader.Appender.Add, an interface method"
		if err != nil {
			return err
		}
		out.Add(m.Key, m.Value)
	}
}
`

// keptLoggerSrc is keptReaderSrc logging through an interface of the
// application (Infof, out of sight, reporting no failure) before a
// processing in place: a logger only observes the message, and the fix
// stays (review 32-1).
const keptLoggerSrc = `package keptlogger

import (
	"context"
	"os"

	"github.com/segmentio/kafka-go"
)

type Logger interface {
	Infof(format string, args ...any)
}

func run(ctx context.Context, log Logger) error {
	r := kafka.NewReader(kafka.ReaderConfig{Brokers: []string{"localhost:9092"}, GroupID: "g", Topic: "t"})
	defer r.Close()
	for {
		m, err := r.ReadMessage(ctx) // want "ReadMessage commits the message before returning it"
		if err != nil {
			return err
		}
		log.Infof("message %d: %s", m.Offset, m.Key)
		if err := os.WriteFile("out", m.Value, 0o644); err != nil {
			return err
		}
	}
}
`

// TestKeptNoFix runs keptSrc: the findings of the loops handing their
// messages to a call that may keep them have no fix, the other one has.
func TestKeptNoFix(t *testing.T) {
	t.Parallel()
	gopath := testutil.Package(t, "autocommit/confluentdefaults", "kept", keptSrc)
	for _, r := range analysistest.Run(t, gopath, autocommit.Analyzer, "kept") {
		fixes := 0
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) > 0 {
				fixes++
			} else if !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: %q: no fix, and no reason", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
		if len(r.Diagnostics) != 3 || fixes != 1 {
			t.Errorf("%d findings, %d with a fix; want 3, 1", len(r.Diagnostics), fixes)
		}
	}
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/readreturnproc", "keptreader", keptReaderSrc)
	testutil.NoFix(t, autocommit.Analyzer, "autocommit/readreturnproc", "keptfield", keptFieldSrc)
	logger := testutil.Package(t, "autocommit/readreturnproc", "keptlogger", keptLoggerSrc)
	for _, r := range analysistest.Run(t, logger, autocommit.Analyzer, "keptlogger") {
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				t.Errorf("%s: %q: want a fix", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
}
