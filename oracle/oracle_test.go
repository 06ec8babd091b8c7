package oracle

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

var (
	seedFlag     = flag.Uint64("oracle.seed", 0, "base seed of the kill moments (0: from the clock); run r of an example uses seed+r")
	runsFlag     = flag.Int("oracle.runs", 1, "seeded runs per example")
	lossRunsFlag = flag.Int("oracle.loss-runs", 4, "runs a row that claims a loss gets to show one")
	fullFlag     = flag.Bool("oracle.full", false, "run every example, not the CI subset")
	onlyFlag     = flag.String("oracle.only", "", "comma-separated example directories to run (overrides the subset)")
	parallelFlag = flag.Int("oracle.parallel", 3, "experiments run at the same time")
	tableFlag    = flag.String("oracle.table", "", "append one tab-separated line per run (consumer, verdict, seed, records, lost, duplicated, stalled) to this file")
	recordsFlag  = flag.Int("oracle.records", 0, "records per run (0: the default)")
	killsFlag    = flag.Int("oracle.kills", 0, "kills per run (0: the default)")
	failFlag     = flag.Int("oracle.fail-first", -1, "records per run whose effect fails on its first attempt (-1: the example's FailFirst)")
	verboseFlag  = flag.Bool("oracle.v", false, "copy the consumers' output and the harness's steps to stderr")
	lintFlag     = flag.String("oracle.commitlint", "", "commitlint binary for TestFixes (default: built from ..)")
)

// ciSubset is one consumer per client per verdict, within CI's time budget.
var ciSubset = []string{
	"franzgo/commitfirst",   // at-most-once, loses
	"franzgo/manual",        // at-least-once
	"franzgo/handoff",       // neither
	"franzgo/sinkrestore",   // effectively-once, the offset row read back on assignment
	"franzgo/sinkblind",     // at-least-once, the offset row never read back
	"sarama/commitfirst",    // at-most-once, loses
	"sarama/manualcommit",   // at-least-once
	"sarama/pergoroutine",   // neither, marks out of order (slow inserts)
	"kafkago/readmessage",   // at-most-once, loses
	"kafkago/fetchcommit",   // at-least-once
	"kafkago/txoffset",      // at-least-once, its guard skips the replays
	"confluent/commitfirst", // at-most-once, loses
	"confluent/storeafter",  // at-least-once
	"confluent/pgxoffset",   // effectively-once
	"sarama/txnabort",       // effectively-once in Kafka, a transaction timing out (read_committed output)
	// neither: one consumer of a service (SERVICE_CONSUMERS), its bug in an internal package
	"service/orders-indexer",
}

var (
	pg     *Postgres
	pgErr  error
	pgOnce sync.Once
	slots  chan struct{}
)

func TestMain(m *testing.M) {
	flag.Parse()
	if *seedFlag == 0 {
		*seedFlag = uint64(time.Now().UnixNano() % 1e9)
	}
	fmt.Printf("oracle: seed %d (replay with -oracle.seed=%d)\n", *seedFlag, *seedFlag)
	slots = make(chan struct{}, max(*parallelFlag, 1))
	code := m.Run()
	if pg != nil {
		pg.Close()
	}
	os.Exit(code)
}

// postgres returns the server shared by every experiment of the test binary.
func postgres(t *testing.T) *Postgres {
	t.Helper()
	pgOnce.Do(func() { pg, pgErr = StartPostgres(context.Background()) })
	if pgErr != nil {
		t.Fatalf("start postgres: %v", pgErr)
	}
	return pg
}

func examplesDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("../examples")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

func selected() []string {
	switch {
	case *onlyFlag != "":
		return strings.Split(*onlyFlag, ",")
	case *fullFlag:
		var all []string
		for _, e := range Examples {
			all = append(all, e.Dir)
		}
		return all
	}
	return ciSubset
}

func config(ex Example, bin string, seed uint64, log *bytes.Buffer) Config {
	cfg := DefaultConfig()
	cfg.Binary, cfg.Seed, cfg.Log = bin, seed, log
	if *verboseFlag {
		cfg.Log = io.MultiWriter(log, os.Stderr)
	}
	if ex.Records > 0 {
		cfg.Records = ex.Records
	}
	if ex.Partitions > 0 {
		cfg.Partitions = ex.Partitions
	}
	if *recordsFlag > 0 {
		cfg.Records = *recordsFlag
	}
	if *killsFlag > 0 {
		cfg.Kills = *killsFlag
	}
	cfg.FailFirst = ex.FailFirst
	if *failFlag >= 0 {
		cfg.FailFirst = *failFlag
	}
	return cfg
}

// TestVerdicts runs each selected example under kills and checks the
// outcome against its report row; a row whose finding claims loss must show
// a loss in at least one run.
func TestVerdicts(t *testing.T) {
	examples := examplesDir(t)
	postgres(t)
	for _, dir := range selected() {
		ex, ok := Lookup(dir)
		if !ok {
			t.Errorf("%s: not an example the oracle knows", dir)
			continue
		}
		t.Run(dir, func(t *testing.T) {
			if ex.Skip != "" {
				t.Skip(ex.Skip)
			}
			t.Parallel()
			row, err := LoadRow(examples, ex)
			if err != nil {
				t.Fatal(err)
			}
			if err := row.CheckMarkers(examples); err != nil {
				t.Fatal(err)
			}
			bin, err := build(examples, ex.command(), t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			// A row that claims a loss gets up to -oracle.loss-runs runs to
			// show one: the crash windows are narrow for some bugs.
			runs := *runsFlag
			if row.ClaimsLoss() {
				runs = max(runs, *lossRunsFlag)
			}
			lost, done := 0, 0
			for r := range runs {
				if r >= *runsFlag && lost > 0 {
					break
				}
				done++
				o, seed := settled(t, ex, bin, *seedFlag+uint64(r))
				report(t, dir, row.Guarantee, seed, o)
				if err := row.Check(o); err != nil {
					t.Errorf("seed %d: %v", seed, err)
				}
				if len(o.Lost) > 0 {
					lost++
				}
			}
			if row.ClaimsLoss() && lost == 0 {
				t.Errorf("the report's %v claims a loss, but no run of %d (seeds %d..%d) lost a record", rules(row), done, *seedFlag, *seedFlag+uint64(done)-1)
			}
		})
	}
}

// settled runs the experiment of seed and returns its outcome, or, when
// that run wedged (its consumer, restarted, processed nothing either: no
// record's fate shows), logs it and returns a run with another seed, so a
// consumer wedged by a loaded machine proves nothing either way while one
// that wedges again is judged on its records.
func settled(t *testing.T, ex Example, bin string, seed uint64) (Outcome, uint64) {
	t.Helper()
	log := new(bytes.Buffer)
	o := experiment(t, ex, config(ex, bin, seed, log), log)
	if o.Wedged == 0 {
		return o, seed
	}
	again := seed + 1_000_000_007
	t.Logf("seed %d is inconclusive (%v); consumer output:\n%s\nrunning seed %d instead", seed, o, tail(log.Bytes()), again)
	log = new(bytes.Buffer)
	return experiment(t, ex, config(ex, bin, again, log), log), again
}

// experiment runs one experiment in a slot and logs the consumer's output
// when the test fails.
func experiment(t *testing.T, ex Example, cfg Config, log *bytes.Buffer) Outcome {
	t.Helper()
	slots <- struct{}{}
	defer func() { <-slots }()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	start := time.Now()
	o, err := Run(ctx, postgres(t), ex, cfg)
	t.Logf("seed %d: %v in %v", cfg.Seed, o, time.Since(start).Round(time.Millisecond))
	if err != nil {
		t.Fatalf("seed %d: %v\nconsumer output:\n%s", cfg.Seed, err, tail(log.Bytes()))
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("consumer output (seed %d):\n%s", cfg.Seed, tail(log.Bytes()))
		}
	})
	return o
}

// buildMu runs one go build or commitlint -fix at a time: links of cgo
// consumers and whole-module analyses are heavy.
var buildMu sync.Mutex

func build(examples, dir, outDir string) (string, error) {
	buildMu.Lock()
	defer buildMu.Unlock()
	return Build(context.Background(), examples, dir, outDir)
}

var tableMu sync.Mutex

// report appends a row to the -oracle.table file.
func report(t *testing.T, consumer, verdict string, seed uint64, o Outcome) {
	if *tableFlag == "" {
		return
	}
	tableMu.Lock()
	defer tableMu.Unlock()
	f, err := os.OpenFile(*tableFlag, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fmt.Fprintf(f, "%s\t%s\t%d\t%d\t%d\t%d\t%d\n", consumer, verdict, seed, o.Records, len(o.Lost), len(o.Duplicated), len(o.Stalled))
}

func rules(r Row) []string {
	var out []string
	for _, f := range r.Findings {
		out = append(out, f.Rule)
	}
	return slices.Compact(out)
}

func tail(b []byte) []byte {
	const n = 4000
	if len(b) > n {
		return b[len(b)-n:]
	}
	return b
}

// ciFixes is one buggy example per kind of fix, within CI's time budget.
var ciFixes = []string{
	"franzgo/commitfirst", // ordering commit-before-process: the commit moves after the batch
	"kafkago/readmessage", // autocommit read-commits-first: FetchMessage, then CommitMessages
	"confluent/pollstore", // autocommit auto-store-on-delivery: auto-store off, store after the write
	// hiwater concurrent-commit in a service's internal package: -fix on the whole service
	"service/orders-indexer",
}

// TestFixes copies each buggy example, applies commitlint -fix and runs the
// fixed consumer through the same experiment: it must lose nothing.
func TestFixes(t *testing.T) {
	examples := examplesDir(t)
	postgres(t)
	commitlint := *lintFlag
	if commitlint == "" {
		var err error
		if commitlint, err = BuildCommitlint(context.Background(), filepath.Dir(examples), t.TempDir()); err != nil {
			t.Fatal(err)
		}
	}
	dirs := ciFixes
	if *onlyFlag != "" || *fullFlag {
		dirs = nil
		for _, dir := range selected() {
			ex, ok := Lookup(dir)
			if !ok {
				dirs = append(dirs, dir) // reported below
				continue
			}
			row, err := LoadRow(examples, ex)
			if err == nil && len(row.Findings) > 0 {
				dirs = append(dirs, dir)
			}
		}
	}
	for _, dir := range dirs {
		ex, ok := Lookup(dir)
		if !ok {
			t.Errorf("%s: not an example the oracle knows", dir)
			continue
		}
		t.Run(dir, func(t *testing.T) {
			if ex.Skip != "" {
				t.Skip(ex.Skip)
			}
			t.Parallel()
			row, err := LoadRow(examples, ex)
			if err != nil {
				t.Fatal(err)
			}
			tmp := t.TempDir()
			buildMu.Lock()
			fixed, err := FixCopy(context.Background(), commitlint, examples, ex, row, tmp)
			buildMu.Unlock()
			if err != nil {
				t.Fatal(err)
			}
			bin, err := build(fixed, ex.command(), tmp)
			if err != nil {
				t.Fatal(err)
			}
			for r := range *runsFlag {
				o, seed := settled(t, ex, bin, *seedFlag+uint64(r))
				report(t, dir+" after -fix", "no loss", seed, o)
				if len(o.Lost) > 0 {
					t.Errorf("seed %d: after commitlint -fix the consumer still lost %d records %s", seed, len(o.Lost), sample(o.Lost))
				}
			}
		})
	}
}
