package main_test

// Loading real-world modules (issue #17): a Kafka-using test variant the
// go command has no export data for, a go.mod that needs updates, a
// dependency that does not build and a missing test-only package. Each
// problem is one clear line, and only the packages it touches go
// unanalyzed.

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// consumerModule returns the files of a module named example.com/m that
// requires the examples' client versions (go.mod and go.sum copied from
// examples/, so that the module cache the tests already need serves it),
// plus files.
func consumerModule(t *testing.T, files map[string]string) map[string]string {
	t.Helper()
	mod, err := os.ReadFile(filepath.Join(examples, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	sum, err := os.ReadFile(filepath.Join(examples, "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{
		"go.mod": regexp.MustCompile(`(?m)^module .*$`).ReplaceAllString(string(movableGoMod(t, mod)), "module example.com/m"),
		"go.sum": string(sum),
	}
	for name, content := range files {
		out[name] = content
	}
	return out
}

// markFirst is a sarama handler that marks each message before applying
// it: one ordering/commit-before-process finding, on the MarkMessage line.
const markFirst = `package fine

import "github.com/IBM/sarama"

type H struct{ apply func(*sarama.ConsumerMessage) error }

func (h *H) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (h *H) Cleanup(sarama.ConsumerGroupSession) error { return nil }

func (h *H) ConsumeClaim(sess sarama.ConsumerGroupSession, claim sarama.ConsumerGroupClaim) error {
	for msg := range claim.Messages() {
		sess.MarkMessage(msg, "")
		if err := h.apply(msg); err != nil {
			return err
		}
	}
	return nil
}
`

// markFirstLine is the line of the finding in markFirst.
const markFirstLine = "12"

// quiet fails the test if stderr shows the analysis machinery instead of
// the user's problem.
func quiet(t *testing.T, stderr string) {
	t.Helper()
	for _, s := range []string{"prerequisites", "kafkagate", "kafkassa", "no metadata for", "internal error", "panic:"} {
		if strings.Contains(stderr, s) {
			t.Errorf("stderr mentions %q:\n%s", s, stderr)
		}
	}
}

// TestMocksTestVariant: svc has tests of its own and an external test
// that imports svc/mocks, which imports svc. The go command builds no
// export data for the test variant "svc/mocks [svc.test]", so go/packages
// type-checks it from source without function bodies; building SSA from
// that partial information failed (no types.Object for the local variable
// "mock", named like the imported package) and the run exited 1.
func TestMocksTestVariant(t *testing.T) {
	dir := writeModule(t, consumerModule(t, map[string]string{
		"fine/fine.go": markFirst,
		"svc/svc.go": `package svc

import "github.com/IBM/sarama"

type Session interface {
	MarkMessage(msg *sarama.ConsumerMessage, metadata string)
}

func Handle(sess Session, msg *sarama.ConsumerMessage, apply func(*sarama.ConsumerMessage)) {
	apply(msg)
	sess.MarkMessage(msg, "")
}
`,
		"svc/internal_test.go": "package svc\n\nimport \"testing\"\n\nfunc TestInternal(t *testing.T) {}\n",
		"svc/mocks/mocks.go": `package mocks

import (
	mock "context"

	"github.com/IBM/sarama"

	"example.com/m/svc"
)

var _ svc.Session = (*Session)(nil)

type Session struct{ marks []*sarama.ConsumerMessage }

func (s *Session) MarkMessage(msg *sarama.ConsumerMessage, metadata string) {
	s.marks = append(s.marks, msg)
}

func NewSession() (*Session, mock.Context) {
	mock := &Session{}
	return mock, nil
}
`,
		"svc/svc_test.go": `package svc_test

import (
	"testing"

	"github.com/IBM/sarama"

	"example.com/m/svc"
	"example.com/m/svc/mocks"
)

func TestHandle(t *testing.T) {
	s, _ := mocks.NewSession()
	svc.Handle(s, &sarama.ConsumerMessage{}, func(*sarama.ConsumerMessage) {})
}
`,
	}))
	_, stderr, code := commitlint(t, dir, "./...")
	if code != 3 {
		t.Errorf("exit code %d, want 3 (the finding in fine/)\n%s", code, stderr)
	}
	if want := "fine/fine.go:" + markFirstLine + ":"; !strings.Contains(stderr, want) {
		t.Errorf("no finding at %s:\n%s", want, stderr)
	}
	quiet(t, stderr)
}

// TestGoModNeedsUpdate: the go command refuses a go.mod that lacks a
// requirement; go/packages reports no packages at all, and the go
// command's own error must be shown, not "no packages match".
func TestGoModNeedsUpdate(t *testing.T) {
	files := consumerModule(t, map[string]string{"fine/fine.go": markFirst})
	files["go.mod"] = regexp.MustCompile(`(?m)^\s*github.com/klauspost/compress .*\n`).ReplaceAllString(files["go.mod"], "")
	dir := writeModule(t, files)
	for _, m := range modes {
		if m.name == "vet" {
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			name, args := m.argv(nil, []string{"./..."})
			_, stderr, code := command(t, dir, name, args...)
			if code != 1 {
				t.Errorf("exit code %d, want 1\n%s", code, stderr)
			}
			if !strings.Contains(stderr, "updates to go.mod needed") || strings.Contains(stderr, "no packages match") {
				t.Errorf("stderr does not show the go command's error:\n%s", stderr)
			}
			quiet(t, stderr)
		})
	}
}

// TestBrokenDependency: a dependency that does not compile (a function
// without a body, which the type checker accepts and the compiler does
// not) and a test importing a package that does not exist. Their errors
// are printed once each, the packages depending on them are named as not
// analyzed, and every other package is analyzed: its finding is printed,
// the text output says how many were analyzed, and the exit status is 1.
func TestBrokenDependency(t *testing.T) {
	dir := writeModule(t, consumerModule(t, map[string]string{
		"fine/fine.go":     markFirst,
		"nobody/nobody.go": "package nobody\n\nfunc F() int\n",
		"svc/svc.go": `package svc

import (
	"context"

	"github.com/IBM/sarama"

	"example.com/m/nobody"
)

func Handle(ctx context.Context, sess sarama.ConsumerGroupSession, msg *sarama.ConsumerMessage) int {
	sess.MarkMessage(msg, "")
	return nobody.F()
}
`,
		"top/top.go": "package top\n\nimport \"example.com/m/svc\"\n\nvar H = svc.Handle\n",
		"gen/gen.go": "package gen\n\nfunc Two() int { return 2 }\n",
		"gen/gen_test.go": `package gen

import (
	"testing"

	"example.com/m/gen/mocks"
)

func TestTwo(t *testing.T) { _ = mocks.Two }
`,
	}))
	for _, m := range modes {
		if m.name == "vet" {
			continue
		}
		t.Run(m.name, func(t *testing.T) {
			name, args := m.argv(nil, []string{"./..."})
			stdout, stderr, code := command(t, dir, name, args...)
			if code != 1 {
				t.Errorf("exit code %d, want 1\n%s", code, stderr)
			}
			for _, want := range []string{
				"nobody/nobody.go:3:6: missing function body",
				"commitlint: example.com/m/nobody has errors: not analyzed: example.com/m/svc, example.com/m/top, which depend on it",
				"gen/gen_test.go:6:2: no required module provides package example.com/m/gen/mocks",
			} {
				if n := strings.Count(stderr, want); n != 1 {
					t.Errorf("stderr has %q %d times, want once:\n%s", want, n, stderr)
				}
			}
			if m.name == "text" && !strings.Contains(stderr, "packages analyzed despite the errors above") {
				t.Errorf("stderr does not say that the other packages were analyzed:\n%s", stderr)
			}
			if n := problemLines(stderr); m.name != "text" && n != 3 {
				t.Errorf("%d problems on stderr, want 3:\n%s", n, stderr)
			}
			if m.name == "sarif" && !strings.Contains(stdout, `"executionSuccessful": false`) {
				t.Errorf("the SARIF run is not marked unsuccessful:\n%s", stdout)
			}
			if out := stdout + stderr; !strings.Contains(out, "fine/fine.go") || !strings.Contains(out, markFirstLine) {
				t.Errorf("the package with no broken dependency was not analyzed:\n%s%s", stdout, stderr)
			}
			quiet(t, stderr)
		})
	}
}

// TestReportBrokenDependency: report on a module with a broken package
// rows the packages that loaded, names the others on stderr as lint does,
// and exits 1 (it used to print no row at all).
func TestReportBrokenDependency(t *testing.T) {
	dir := writeModule(t, consumerModule(t, map[string]string{
		"fine/fine.go":     markFirst,
		"nobody/nobody.go": "package nobody\n\nfunc F() int { return undefinedName }\n",
		"svc/svc.go":       "package svc\n\nimport \"example.com/m/nobody\"\n\nvar N = nobody.F()\n",
	}))
	stdout, stderr, code := command(t, dir, binary, "report", "./...")
	if code != 1 {
		t.Errorf("exit code %d, want 1\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "fine/fine.go") {
		t.Errorf("no row for the package that loaded:\n%s\n%s", stdout, stderr)
	}
	for _, want := range []string{"nobody/nobody.go:3:23: undefined: undefinedName", "not analyzed: example.com/m/svc"} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}

// TestReportNamesConsumersOutsideThePatterns checks that a report whose
// patterns build no consumer names the imported packages that do (a
// shared library, another module of a go.work), so the user can add them.
func TestReportNamesConsumersOutsideThePatterns(t *testing.T) {
	dir := writeModule(t, consumerModule(t, builtInLib()))
	stdout, stderr, code := command(t, dir, binary, "report", "./app")
	if code != 0 || !strings.HasPrefix(stdout, "0 consumer(s)") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	if want := "no consumer is built in these packages; example.com/m/lib, which they import, builds some"; !strings.Contains(stderr, want) {
		t.Errorf("stderr lacks %q:\n%s", want, stderr)
	}
	// With the library among the patterns, its consumer has a row and
	// nothing is said.
	stdout, stderr, _ = command(t, dir, binary, "report", "./...")
	if !strings.Contains(stdout, "lib/lib.go") || strings.Contains(stderr, "no consumer is built") {
		t.Errorf("report ./...: stdout %q, stderr %q", stdout, stderr)
	}
}

// TestLintSaysWhenNoConsumerIsFound checks that a lint run without
// findings that found no consumer says so on stderr (usr5: it printed
// nothing, as a clean run does): naming the imported packages that build
// consumers, as the report does, or else how many packages it analyzed
// and, when none uses a Kafka client, that too. Nothing is added under
// -json, nor when a consumer was found, and the exit status is unchanged.
func TestLintSaysWhenNoConsumerIsFound(t *testing.T) {
	files := builtInLib()
	files["plain/plain.go"] = "package plain\n\nfunc Two() int { return 2 }\n"
	files["prod/prod.go"] = `package prod

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Send only produces.
func Send(ctx context.Context, w *kafka.Writer) error {
	return w.WriteMessages(ctx, kafka.Message{Value: []byte("x")})
}
`
	files["part/part.go"] = `package part

import "github.com/IBM/sarama"

// Tail reads a partition from its newest offset (monitorink).
func Tail(c sarama.Consumer, apply func([]byte)) error {
	pc, err := c.ConsumePartition("t", 0, sarama.OffsetNewest)
	if err != nil {
		return err
	}
	for m := range pc.Messages() {
		apply(m.Value)
	}
	return nil
}
`
	files["mixed/mixed.go"] = `package mixed

import (
	"context"

	"github.com/IBM/sarama"
)

type handler struct{ apply func([]byte) error }

func (handler) Setup(sarama.ConsumerGroupSession) error   { return nil }
func (handler) Cleanup(sarama.ConsumerGroupSession) error { return nil }
func (h handler) ConsumeClaim(s sarama.ConsumerGroupSession, c sarama.ConsumerGroupClaim) error {
	for m := range c.Messages() {
		if err := h.apply(m.Value); err != nil {
			return err
		}
		s.MarkMessage(m, "")
	}
	return nil
}

// Group consumes in a group; Tail, without one, tails a partition
// (argo-events has both).
func Group(ctx context.Context, apply func([]byte) error) error {
	g, err := sarama.NewConsumerGroup([]string{"localhost:9092"}, "g", sarama.NewConfig())
	if err != nil {
		return err
	}
	return g.Consume(ctx, []string{"t"}, handler{apply})
}

func Tail(c sarama.Consumer, apply func([]byte)) error {
	pc, err := c.ConsumePartition("t", 0, sarama.OffsetNewest)
	if err != nil {
		return err
	}
	for m := range pc.Messages() {
		apply(m.Value)
	}
	return nil
}
`
	files["managed/managed.go"] = `package managed

import "github.com/IBM/sarama"

// Tail reads a partition from where its offset manager says, marking
// each message first.
func Tail(c sarama.Consumer, om sarama.OffsetManager, apply func([]byte)) error {
	pom, err := om.ManagePartition("t", 0)
	if err != nil {
		return err
	}
	next, _ := pom.NextOffset()
	pc, err := c.ConsumePartition("t", 0, next)
	if err != nil {
		return err
	}
	for m := range pc.Messages() {
		pom.MarkOffset(m.Offset+1, "")
		apply(m.Value)
	}
	return nil
}
`
	dir := writeModule(t, consumerModule(t, files))
	for _, tc := range []struct {
		args []string
		want string // the end of stderr
	}{
		{[]string{"./app"}, "commitlint: no consumer is built in these packages; example.com/m/lib, which they import, builds some: add it to the patterns to see their findings\n"},
		{[]string{"./prod"}, "commitlint: 1 package analyzed, no Kafka consumer found\n"},
		{[]string{"./plain", "./prod"}, "commitlint: 2 packages analyzed, no Kafka consumer found\n"},
		{[]string{"./plain"}, "commitlint: 1 package analyzed, no Kafka consumer found: no package uses sarama, franz-go, kafka-go or confluent-kafka-go\n"},
		// a partition consumer, which the model does not take: said
		{[]string{"./part"}, "commitlint: 1 package analyzed, no Kafka consumer found\ncommitlint: a sarama partition consumer (ConsumePartition, part.go:7) is not modelled: it commits no group offsets, and where a restart resumes is the offset the code passes (OffsetNewest skips what was produced while it was down)\n"},
		// one with an offset manager, whose marks sarama commits: not
		// "commits no group offsets"
		{[]string{"./managed"}, "commitlint: 1 package analyzed, no Kafka consumer found\ncommitlint: a sarama partition consumer (ConsumePartition, managed.go:13) with an offset manager (ManagePartition) is not modelled: sarama commits the offsets its MarkOffset calls set (every Consumer.Offsets.AutoCommit.Interval by default, or at its Commit), and whether they follow the processing is not checked\n"},
		// beside a group consumer, which has a row: said all the same
		{[]string{"./mixed"}, "commitlint: a sarama partition consumer (ConsumePartition, mixed.go:34) is not modelled: it commits no group offsets, and where a restart resumes is the offset the code passes (OffsetNewest skips what was produced while it was down)\n"},
		{[]string{"report", "./mixed"}, "commitlint report: a sarama partition consumer (ConsumePartition, mixed.go:34) is not modelled: it commits no group offsets, and where a restart resumes is the offset the code passes (OffsetNewest skips what was produced while it was down)\n"},
		{[]string{"-json", "./app"}, ""},
	} {
		stdout, stderr, code := command(t, dir, binary, tc.args...)
		if code != 0 {
			t.Errorf("%v: exit code %d, want 0\n%s", tc.args, code, stderr)
		}
		if tc.want == "" {
			if strings.Contains(stderr, "consumer") {
				t.Errorf("%v: stderr speaks of consumers:\n%s", tc.args, stderr)
			}
		} else if !strings.HasSuffix(stderr, tc.want) || stdout != "" && tc.args[0] != "report" {
			t.Errorf("%v: stdout %q, stderr:\n%s\nwant it to end with:\n%s", tc.args, stdout, stderr, tc.want)
		}
	}
	// With the library among the patterns its consumer is linted (its
	// commit error is discarded) and nothing is said of consumers.
	_, stderr, code := command(t, dir, binary, "./...")
	if code != 3 || strings.Contains(stderr, "no consumer") || strings.Contains(stderr, "no Kafka consumer") {
		t.Errorf("./...: exit code %d, stderr:\n%s", code, stderr)
	}
}

// builtInLib is a module (see consumerModule) whose package lib builds
// and runs a consumer, with the handler package app gives it: app's
// patterns alone build none.
func builtInLib() map[string]string {
	return map[string]string{
		"lib/lib.go": `package lib

import (
	"context"

	"github.com/segmentio/kafka-go"
)

// Run reads the group and commits what handle processed.
func Run(ctx context.Context, handle func(kafka.Message) error) {
	r := kafka.NewReader(kafka.ReaderConfig{GroupID: "g", Topic: "t"})
	for {
		m, err := r.FetchMessage(ctx)
		if err != nil {
			return
		}
		if handle(m) == nil {
			_ = r.CommitMessages(ctx, m)
		}
	}
}
`,
		"app/main.go": `package main

import (
	"context"

	"github.com/segmentio/kafka-go"

	"example.com/m/lib"
)

func main() { lib.Run(context.Background(), func(kafka.Message) error { return nil }) }
`,
	}
}

// TestSubsetPatternsSeeCoreFacts checks that a pattern naming only the
// wiring package still reports a hand-off whose queueing core is a
// Kafka-free package of the module: the core is type-checked from source
// for its facts, as go vet analyzes every package.
func TestSubsetPatternsSeeCoreFacts(t *testing.T) {
	dir := writeModule(t, consumerModule(t, map[string]string{
		"ports/ports.go": "package ports\n\ntype Payload struct{ ID string }\n\ntype Core interface{ Handle(p Payload) }\n",
		"core/core.go": `package core

import "example.com/m/ports"

// Queue hands each payload to its workers and returns at once.
type Queue struct{ ch chan ports.Payload }

func New() *Queue {
	q := &Queue{ch: make(chan ports.Payload, 64)}
	go func() {
		for p := range q.ch {
			_ = p.ID
		}
	}()
	return q
}

func (q *Queue) Handle(p ports.Payload) { q.ch <- p }
`,
		"consumer/consumer.go": `package consumer

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/m/ports"
)

type Consumer struct {
	cl   *kgo.Client
	core ports.Core
}

func New(cl *kgo.Client, core ports.Core) *Consumer { return &Consumer{cl: cl, core: core} }

func (c *Consumer) Run(ctx context.Context) {
	for {
		c.cl.PollFetches(ctx).EachRecord(func(r *kgo.Record) {
			c.core.Handle(ports.Payload{ID: string(r.Key)})
			c.cl.MarkCommitRecords(r)
		})
	}
}
`,
		"cmd/main.go": `package main

import (
	"context"

	"github.com/twmb/franz-go/pkg/kgo"

	"example.com/m/consumer"
	"example.com/m/core"
)

func main() {
	cl, err := kgo.NewClient(kgo.ConsumerGroup("g"), kgo.ConsumeTopics("t"), kgo.AutoCommitMarks())
	if err != nil {
		panic(err)
	}
	consumer.New(cl, core.New()).Run(context.Background())
}
`,
	}))
	stdout, stderr, code := command(t, dir, binary, "./cmd")
	if code != 3 || !strings.Contains(stdout+stderr, "cmd/main.go:") || !strings.Contains(stdout+stderr, "only queues the record") {
		t.Errorf("commitlint ./cmd: exit %d\n%s\n%s", code, stdout, stderr)
	}
}
