package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

// TestReportRowsAreConsistent runs the report on every example and on every
// analyzer scenario (testdata/src, in GOPATH mode as the analyzers' tests
// load it) and fails on any row that claims at-least-once or
// effectively-once without evidence for every column, despite a finding
// that proves loss, or that contradicts itself (semantics.Row.Check).
func TestReportRowsAreConsistent(t *testing.T) {
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	for _, run := range []struct {
		name string
		dir  string
		env  []string
		args []string
	}{
		{"examples", examples, nil, []string{"./..."}},
		{"scenarios", filepath.Join(testdata, "src"), []string{"GO111MODULE=off", "GOPATH=" + testdata, "GOFLAGS="},
			[]string{"./autocommit/...", "./ordering/...", "./hiwater/...", "./fencing/...", "./semantics/..."}},
	} {
		t.Run(run.name, func(t *testing.T) {
			cmd := exec.Command(binary, append([]string{"report", "-format=json"}, run.args...)...)
			cmd.Dir = run.dir
			cmd.Env = append(os.Environ(), run.env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("commitlint report: %v\n%s", err, stderr.Bytes())
			}
			var rows []*semantics.Row
			if err := json.Unmarshal(out, &rows); err != nil {
				t.Fatalf("report output is not JSON: %v", err)
			}
			if len(rows) < 40 {
				t.Fatalf("only %d rows: the run did not see the consumers", len(rows))
			}
			for _, r := range rows {
				for _, p := range r.Check() {
					t.Errorf("%s: %s", r.Consumer, p)
				}
			}
		})
	}
}

// scenarioRows runs the report on the scenario package pkg of
// testdata/src, in GOPATH mode as the analyzers' tests load it.
func scenarioRows(t *testing.T, pkg string) []*semantics.Row {
	t.Helper()
	testdata, _ := filepath.Abs(filepath.Join("..", "..", "testdata"))
	cmd := exec.Command(binary, "report", "-format=json", "./"+pkg)
	cmd.Dir = filepath.Join(testdata, "src")
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+testdata, "GOFLAGS=")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("commitlint report: %v", err)
	}
	var rows []*semantics.Row
	if err := json.Unmarshal(out, &rows); err != nil {
		t.Fatal(err)
	}
	return rows
}

// TestReportSharedHandler runs the report on ordering/sharedhandler: the
// finding in a handler two groups run is both rows', so neither says
// at-least-once (the second group's row had none and said it).
func TestReportSharedHandler(t *testing.T) {
	rows := scenarioRows(t, "ordering/sharedhandler")
	shared := 0
	for _, r := range rows {
		if r.Group != "shared-live" && r.Group != "shared-replay" {
			continue
		}
		shared++
		if len(r.Findings) == 0 || r.Guarantee == semantics.AtLeastOnce {
			t.Errorf("%s (%s): guarantee %s, findings %v; want the handler's finding and no at-least-once", r.Consumer, r.Group, r.Guarantee, r.Findings)
		}
	}
	if shared != 2 {
		t.Errorf("%d rows of the shared handler's groups, want 2", shared)
	}
}

// TestReportTxnInput runs the report on report/txninput: a message sent on
// sarama's AsyncProducer Input() inside a transaction is produced in that
// transaction (CommitTxn waits for it), not handed to goroutines of the
// application: the row was unknown, "records are sent on a channel ...
// that goroutines started elsewhere drain".
func TestReportTxnInput(t *testing.T) {
	rows := scenarioRows(t, "report/txninput")
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r.Guarantee != semantics.EffectivelyOnce || strings.HasPrefix(r.Concurrency, "unknown") {
		t.Errorf("guarantee %s (%s), concurrency %s; want effectively-once, classified", r.Guarantee, r.Reason, r.Concurrency)
	}
}

// TestReportOnSomePaths runs report on testdata/src/report/somepaths:
// a mark or commit made before the processing behind a setting draws no
// finding (the operator's choice) but may not be called at-least-once;
// (also in a helper a loop calls, fetching one record per call, or given
// one record per call: trial 44a/D8; they were at-least-once); a skipped record marked and left, and the previous
// record committed before the current one is saved, are at-least-once.
func TestReportOnSomePaths(t *testing.T) {
	rows := scenarioRows(t, "report/somepaths")
	want := map[string]string{"flagged": semantics.GuaranteeUnk, "filtered": semantics.GuaranteeUnk, "eager": semantics.GuaranteeUnk, "perfetch": semantics.GuaranteeUnk, "permessage": semantics.GuaranteeUnk, "skipping": semantics.AtLeastOnce, "previous": semantics.AtLeastOnce}
	for _, r := range rows {
		g, ok := want[r.Group]
		if !ok {
			t.Errorf("unexpected row %s (%s)", r.Consumer, r.Group)
			continue
		}
		delete(want, r.Group)
		if r.Guarantee != g {
			t.Errorf("%s (%s): guarantee %s (%s), want %s", r.Consumer, r.Group, r.Guarantee, r.Reason, g)
		}
		if g == semantics.GuaranteeUnk && !strings.Contains(r.Reason, "before the record is processed on some paths") {
			t.Errorf("%s (%s): reason %q does not name the position written on some paths", r.Consumer, r.Group, r.Reason)
		}
	}
	for g := range want {
		t.Errorf("no row for group %s", g)
	}
}

// TestReportFactory runs report on testdata/src/report/factory: a reader
// built by a factory the caller passes, used through the service's
// interface, committing before the effect. The commit-before-process
// finding decides the row (it said "nothing in this package fetches").
func TestReportFactory(t *testing.T) {
	rows := scenarioRows(t, "report/factory")
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	if r := rows[0]; r.Guarantee != semantics.AtMostOnce {
		t.Errorf("guarantee %s (%s: %s), want at-most-once", r.Guarantee, r.Strategy, r.Reason)
	}
}

// TestReportSharedConstructor runs report on
// testdata/src/report/sharedctor: two services build their clients with
// one library's NewConsumer, one marking after its write, the other
// before its HTTP call. Each call builds a client of its own: two rows,
// each with its own finding (it was one row at the library, neither,
// with the mailer's finding: the ledger shown losing records).
func TestReportSharedConstructor(t *testing.T) {
	rows := scenarioRows(t, "report/sharedctor/...")
	if len(rows) != 2 {
		for _, r := range rows {
			t.Logf("row %s: %s, %d findings", r.Consumer, r.Guarantee, len(r.Findings))
		}
		t.Fatalf("%d rows, want one per service", len(rows))
	}
	for _, r := range rows {
		switch {
		case strings.Contains(r.Consumer, "ledger"):
			if r.Guarantee != semantics.AtLeastOnce || len(r.Findings) != 0 {
				t.Errorf("ledger %s: %s, findings %v; want at-least-once, none", r.Consumer, r.Guarantee, r.Findings)
			}
		case strings.Contains(r.Consumer, "mailer"):
			if r.Guarantee != semantics.Neither || len(r.Findings) != 1 {
				t.Errorf("mailer %s: %s, findings %v; want neither, the mark before the send", r.Consumer, r.Guarantee, r.Findings)
			}
		default:
			t.Errorf("row %s is neither service's", r.Consumer)
		}
	}
}

// TestReportSingletonClient runs report on testdata/src/report/singleton:
// a library hands every package the one client it caches; ingest marks
// after writing, committer commits the marks on a ticker. One client, one
// row, at-least-once (a split per receiving package gave ingest "no
// commits" and committer "nothing fetches").
func TestReportSingletonClient(t *testing.T) {
	rows := scenarioRows(t, "report/singleton/...")
	if len(rows) != 1 {
		for _, r := range rows {
			t.Logf("row %s: %s (%s)", r.Consumer, r.Guarantee, r.Reason)
		}
		t.Fatalf("%d rows, want the one client's", len(rows))
	}
	if r := rows[0]; r.Guarantee != semantics.AtLeastOnce {
		t.Errorf("%s: %s / %s (%s); want at-least-once", r.Consumer, r.Strategy, r.Guarantee, r.Reason)
	}
}

// TestReportCallerHandler runs report on testdata/src/report/callerhandler:
// a wrapper package builds a sarama group and runs the handler its
// Consume is given; the service passes its handler, which marks after
// writing. One row, the timer's, at-least-once (it was two unknown rows:
// "nothing in this package fetches" at the group, and the handler's
// session "received ... from outside the analyzed packages").
func TestReportCallerHandler(t *testing.T) {
	rows := scenarioRows(t, "report/callerhandler/...")
	if len(rows) != 1 {
		for _, r := range rows {
			t.Logf("row %s: %s (%s)", r.Consumer, r.Guarantee, r.Reason)
		}
		t.Fatalf("%d rows, want the group's alone", len(rows))
	}
	if r := rows[0]; r.Guarantee != semantics.AtLeastOnce || r.Strategy != semantics.StrategyTimer {
		t.Errorf("%s (%s): %s / %s; want the timer's marks after the write, at-least-once", r.Consumer, r.Group, r.Strategy, r.Guarantee)
	}
}

// TestReportCallerHandlers runs report on
// testdata/src/report/callerhandlers: the wrapper of callerhandler used by
// two services, each with a group and a handler of its own (orders marks
// after its write, mailer before its send). Their handlers are not joined
// into one row at the wrapper: the orders service is not shown losing
// records with the mailer's finding, and the mailer's row, whose timer is
// out of its package's sight, does not claim no duplicates.
func TestReportCallerHandlers(t *testing.T) {
	rows := scenarioRows(t, "report/callerhandlers/...")
	for _, r := range rows {
		for _, f := range r.Findings {
			if strings.Contains(f.At, "mailer") && !strings.Contains(r.Consumer, "mailer") {
				t.Errorf("row %s (%s) holds the mailer's finding %s", r.Consumer, r.Guarantee, f.At)
			}
		}
		if strings.Contains(r.Consumer, "orders") && len(r.Findings) > 0 {
			t.Errorf("orders row %s has findings %v", r.Consumer, r.Findings)
		}
		if strings.Contains(r.Consumer, "mailer") && r.Guarantee == semantics.AtMostOnce {
			// Whether a timer commits its marks (and replays) is not
			// known from the handler's package alone.
			t.Errorf("mailer row %s: at-most-once, duplicates %q; want neither", r.Consumer, r.Window)
		}
	}
}

// TestReportGroupPair runs report on testdata/src/report/grouppair: two
// groups another package builds, one with auto-commit off, one with the
// default, run by the wiring's loop on one handler that marks and never
// commits. The manual group's row holds the marks-discarded finding; the
// auto-commit group's, at-least-once, holds none (review 36-1/D12: both
// rows listed it).
func TestReportGroupPair(t *testing.T) {
	rows := scenarioRows(t, "report/grouppair/...")
	if len(rows) != 2 {
		for _, r := range rows {
			t.Logf("row %s: %s, %d findings", r.Consumer, r.Guarantee, len(r.Findings))
		}
		t.Fatalf("%d rows, want one per group", len(rows))
	}
	for _, r := range rows {
		switch r.Guarantee {
		case semantics.AtLeastOnce:
			if len(r.Findings) != 0 {
				t.Errorf("auto-commit row %s holds findings %v", r.Consumer, r.Findings)
			}
		case semantics.Neither:
			if len(r.Findings) != 1 {
				t.Errorf("manual row %s: findings %v; want the marks-discarded one", r.Consumer, r.Findings)
			}
		default:
			t.Errorf("row %s: %s (%s); want at-least-once or neither", r.Consumer, r.Guarantee, r.Reason)
		}
	}
}

// TestReportWrappedCommit runs report on testdata/src/report/wrapqueue: a
// reader committing in the background through a wrapper another package
// calls before processing. The finding in that package belongs to the
// reader's row, which is at-most-once (it was at-least-once, "findings:
// none").
func TestReportWrappedCommit(t *testing.T) {
	rows := scenarioRows(t, "report/wrapqueue/...")
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	if r := rows[0]; r.Guarantee != semantics.AtMostOnce || len(r.Findings) == 0 {
		t.Errorf("guarantee %s (%s), findings %v; want at-most-once with the commit-before-process finding", r.Guarantee, r.Reason, r.Findings)
	}
}

// TestReportPassedConfigFinding: a finding reported where a configuration
// is passed to another package's constructor (cmd's call of
// svc.NewPayments) belongs to the row of the consumer that constructor
// builds, in svc: the finding points at its construction. One that holds
// for one caller's configuration only does not decide the row.
func TestReportPassedConfigFinding(t *testing.T) {
	rows := scenarioRows(t, "autocommit/passedcfg/...")
	var found bool
	for _, r := range rows {
		if !strings.HasSuffix(r.Consumer, "svc.go:127") {
			continue
		}
		found = true
		if !slices.ContainsFunc(r.Findings, func(f semantics.Finding) bool { return f.Rule == "autocommit/auto-store-on-delivery" }) {
			t.Errorf("NewPayments' row %s lists %v, want the auto-store-on-delivery finding cmd reports", r.Consumer, r.Findings)
		}
	}
	if !found {
		t.Fatalf("no row for NewPayments' consumer (svc.go:127) among %d", len(rows))
	}
	// NewOrders' callers pass auto-commit off (cmd) and on (svc's own
	// wiring): the marks-discarded finding cmd reports holds for cmd's
	// configuration, and the row stays unknown, not "no commits".
	for _, r := range rows {
		if strings.HasSuffix(r.Consumer, "svc.go:24") && !strings.HasPrefix(r.Strategy, semantics.StrategyUnknown) {
			t.Errorf("NewOrders' row: strategy %q, want unknown (its callers' configurations differ)", r.Strategy)
		}
	}
}

// TestReportHandedSend runs report on testdata/src/report/handedsend: a
// reader built in cmd and read by ingest, whose dispatch helper decodes
// each message and sends the event on a channel cmd's goroutines drain,
// before ingest commits it. What ingest's code does belongs to cmd's
// row: the send (concurrency unknown, not "none") and ordering's finding
// on the commit (at-most-once; the row said at-least-once).
func TestReportHandedSend(t *testing.T) {
	rows := scenarioRows(t, "report/handedsend/...")
	if len(rows) != 1 {
		t.Fatalf("%d rows, want 1", len(rows))
	}
	r := rows[0]
	if r.Guarantee != semantics.AtMostOnce || !slices.ContainsFunc(r.Findings, func(f semantics.Finding) bool { return f.Rule == "ordering/commit-before-process" }) {
		t.Errorf("guarantee %s (%s), findings %v; want at-most-once with ordering's finding in ingest", r.Guarantee, r.Reason, r.Findings)
	}
	if !strings.Contains(r.Concurrency, "records are sent on a channel at ingest.go:") {
		t.Errorf("concurrency %q, want the send in ingest", r.Concurrency)
	}
}

// TestReportHelperConstructor runs report on testdata/src/autocommit/
// helperctor: sarama groups, a kafka-go reader and a franz-go client
// built by kafkax's constructors, used in cmd. Each group's row joins its handler's
// session (it was a row of its own, "configuration from outside"), and
// each finding cmd reports belongs to the consumer it is about, not to
// every consumer main runs, once (the franz-go client's was reported
// twice: as the client cmd receives and as the one kafkax builds).
func TestReportHelperConstructor(t *testing.T) {
	rows := scenarioRows(t, "autocommit/helperctor/...")
	want := map[string]string{"kafkax.go:17": semantics.Neither, "kafkax.go:25": semantics.AtLeastOnce, "kafkax.go:31": semantics.AtLeastOnce, "kafkax.go:36": semantics.AtMostOnce, "kafkax.go:42": semantics.Neither}
	rule := map[string]string{"kafkax.go:17": "autocommit/marks-discarded", "kafkax.go:36": "autocommit/read-commits-first", "kafkax.go:42": "autocommit/records-outlive-poll"}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for _, r := range rows {
		at := r.Consumer[strings.LastIndex(r.Consumer, "/")+1:]
		if r.Guarantee != want[at] {
			t.Errorf("%s: guarantee %s (%s), want %s", r.Consumer, r.Guarantee, r.Reason, want[at])
		}
		var rules, wantRules []string
		for _, f := range r.Findings {
			rules = append(rules, f.Rule)
		}
		if rule[at] != "" {
			wantRules = []string{rule[at]}
		}
		if !slices.Equal(rules, wantRules) {
			t.Errorf("%s lists %v, want %v", r.Consumer, rules, wantRules)
		}
	}
}

// TestReportFranzOptions runs report on testdata/src/report/franzopts:
// franz-go clients built by kafkax helpers from the options cmd passes
// (...kgo.Opt, none for one, DisableAutoCommit for the other). The
// options every caller passes are the client's: each row has its
// strategy (they said unknown, "depends on code the analysis cannot
// see").
func TestReportFranzOptions(t *testing.T) {
	rows := scenarioRows(t, "report/franzopts/...")
	want := map[string]string{"kafkax.go:20": semantics.StrategyTimer, "kafkax.go:26": semantics.StrategyEachBatch}
	if len(rows) != len(want) {
		t.Fatalf("%d rows, want %d", len(rows), len(want))
	}
	for _, r := range rows {
		at := r.Consumer[strings.LastIndex(r.Consumer, "/")+1:]
		if !strings.HasPrefix(r.Strategy, want[at]) || r.Guarantee != semantics.AtLeastOnce {
			t.Errorf("%s: strategy %q, guarantee %s (%s); want %s, at-least-once", r.Consumer, r.Strategy, r.Guarantee, r.Reason, want[at])
		}
	}
}

// TestReportGenericHandler runs report on report/generichandler: a sarama
// handler generic in its event, declared in one package and instantiated
// in another (webook's saramax.BatchHandler[T]). Its instance's entry key
// named the type arguments, so the handler package's row was not joined:
// two rows, the consumer's "no commits, nothing marks" (neither) and a
// second with its configuration out of sight (trial 24).
func TestReportGenericHandler(t *testing.T) {
	rows := scenarioRows(t, "report/generichandler/...")
	if len(rows) != 1 {
		for _, r := range rows {
			t.Logf("row %s (%s): %s", r.Consumer, r.Group, r.Strategy)
		}
		t.Fatalf("%d rows, want the consumer's alone", len(rows))
	}
	r := rows[0]
	if r.Group != "interactive" || r.Guarantee != semantics.Neither || r.Strategy != semantics.StrategyTimer || !strings.HasPrefix(r.Failure, "skipped: when the handler (batch.go:") {
		t.Errorf("%s (%s): %s / %s, on failure %q; want the timer's marks after the batch, neither (at-least-once for crashes, the failed batch skipped)", r.Consumer, r.Group, r.Strategy, r.Guarantee, r.Failure)
	}
}

// TestReportQueuedHandOff runs report on ordering/xhandoff: an adapter
// handing each record's payload to a core of another package whose
// method only queues it for a worker pool (hexagonal-fastcampus-pay).
// The concurrency column names that hand-off; it said "none", which only
// the twin settling in place is.
func TestReportQueuedHandOff(t *testing.T) {
	rows := scenarioRows(t, "ordering/xhandoff/...")
	want := map[string]string{
		"consume.go:30": "unknown (records are handed at line 38 to core.Settlement.Enqueue, which only queues them",
		"consume.go:68": "unknown (records are handed at line 74 to core.Settlement.Enqueue, which only queues them",
		"consume.go:47": "none",
	}
	for _, r := range rows {
		for at, prefix := range want {
			if strings.HasSuffix(r.Consumer, at) {
				delete(want, at)
				if !strings.HasPrefix(r.Concurrency, prefix) {
					t.Errorf("%s: concurrency %q, want %q...", r.Consumer, r.Concurrency, prefix)
				}
			}
		}
	}
	for at := range want {
		t.Errorf("no row at %s among %d", at, len(rows))
	}
}
