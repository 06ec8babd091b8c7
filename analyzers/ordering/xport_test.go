package ordering_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// xport is the hexagonal hand-off scenario (xport.go): a consumer
// package that imports only the ports hands each payload to an
// interface, then marks or commits the record; the wiring package passes
// it a core that only queues the payload. 8 positive (a field set by a
// constructor, twice: franz-go and sarama; the same given the result of
// the core's constructor declared to return the port; a parameter of the
// loop's function; an implementation of the wiring package; cores whose
// workers are a method started by go statements, and a select between
// the queue and a quit channel; a batching core whose worker selects
// between its queue and a ticker), 9 silent
// (synchronous implementations four times, an interface value of
// unknown dynamic type, a consumer that processes the record itself, a
// test double's package, a fake in a test file, a ledger whose writer
// drains its queue and drops every entry).
// The six hand-offs to svc's SettlementService, QueueLedger,
// PoolService and LoopService are fixed in svc (svc.go.golden: the workers' loop body in place of the
// send, xportfix.go), the one to the wiring package's localLedger in
// that package (main.go.golden); svc's BatchService (a select loop
// whose ticker case flushes) is reported without a fix:
// analyzers_test.go lists the scenario in reportedWithoutFix, so
// TestFixedCodeIsSilent leaves it out and TestPortHandOff checks the
// fixed code instead.
const xport = "ordering/xport"

// xportPkgs are the packages of the xport scenario.
var xportPkgs = []string{"ports", "svc", "consumer", "cmd", "porttest", "e2e"}

// TestPortHandOff runs the xport scenario: each finding has a category
// and related information; 7 have a fix editing the core, svc or the
// wiring package's own (checked against svc.go.golden and
// main.go.golden), 1 has none and says why in its message; with the
// fixes applied, the fixed code builds and only that 1 is reported.
func TestPortHandOff(t *testing.T) {
	t.Parallel()
	var pkgs []string
	for _, p := range xportPkgs {
		pkgs = append(pkgs, xport+"/"+p)
	}
	results := analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), ordering.Analyzer, pkgs...)
	n, fixed, tests := 0, 0, false
	for _, r := range results {
		n += len(r.Diagnostics)
		for _, d := range r.Diagnostics {
			switch {
			case d.Category == "" || len(d.Related) == 0:
				t.Errorf("%s: want a category and related information: %+v", r.Pass.Fset.Position(d.Pos), d)
			case len(d.SuggestedFixes) > 0:
				fixed++
				for _, e := range d.SuggestedFixes[0].TextEdits {
					if f := r.Pass.Fset.File(e.Pos); !strings.HasSuffix(f.Name(), "svc.go") && !strings.HasSuffix(f.Name(), "cmd/main.go") {
						t.Errorf("%s: the fix edits %s, not the core", r.Pass.Fset.Position(d.Pos), f.Name())
					}
				}
			case !strings.Contains(d.Message, "; no automatic fix: "):
				t.Errorf("%s: no fix, and the message does not say why: %q", r.Pass.Fset.Position(d.Pos), d.Message)
			}
			// Every file is loaded here: the first related position is
			// the position call itself, in the consumer package.
			if len(d.Related) == 0 {
				continue
			}
			at := r.Pass.Fset.Position(d.Related[0].Pos)
			src, err := os.ReadFile(at.Filename)
			if err != nil {
				t.Fatal(err)
			}
			line := strings.Split(string(src), "\n")[at.Line-1]
			if !strings.Contains(line, "Mark") && !strings.Contains(line, "Commit") {
				t.Errorf("%s: related position %s is not the position call: %q", r.Pass.Fset.Position(d.Pos), at, line)
			}
		}
		if strings.HasSuffix(r.Pass.Pkg.Path(), "/e2e") && len(r.Pass.Files) > 1 {
			tests = true
		}
	}
	if n != 8 || fixed != 7 {
		t.Errorf("%d findings, %d with a fix, want 8 and 7", n, fixed)
	}
	if !tests {
		t.Error("e2e's test file was not analyzed")
	}
}

// TestPortHandOffFixed runs the xport scenario with svc.go.golden for
// svc.go and main.go.golden for main.go: the fixed code builds, and
// only the hand-off without a fix is still reported.
func TestPortHandOffFixed(t *testing.T) {
	t.Parallel()
	gopath := testutil.Tree(t, xport, true, false)
	testutil.BuildAndVet(t, gopath, xport+"/...")
	var rec testutil.Recorder // the // want comments are TestPortHandOff's
	n := 0
	for _, r := range analysistest.Run(&rec, gopath, ordering.Analyzer, xport+"/...") {
		for _, d := range r.Diagnostics {
			n++
			if len(d.SuggestedFixes) > 0 || !strings.Contains(d.Message, "; no automatic fix: ") {
				t.Errorf("%s: fixed code reports %q", r.Pass.Fset.Position(d.Pos), d.Message)
			}
		}
	}
	if n != 1 {
		t.Errorf("fixed code: %d findings, want the 1 without a fix", n)
	}
}

// TestPortHandOffVet runs the xport scenario's wiring package, and the
// xhandoff scenario's adapter, under go vet, which reads the core from
// export data: the findings the standalone front end fixes in the core
// are reported without a fix, saying where the change goes.
func TestPortHandOffVet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds commitlint and runs go vet")
	}
	t.Parallel()
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	bin := filepath.Join(t.TempDir(), "commitlint")
	if out, err := exec.Command(goCmd, "build", "-o", bin, "../../cmd/commitlint").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	gopath := testutil.TestData(t)
	cmd := exec.Command(goCmd, "vet", "-vettool="+bin, "./"+xport+"/cmd", "./ordering/xhandoff/consume")
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=", "GOWORK=off")
	out, _ := cmd.CombinedOutput()
	for _, want := range []string{
		"main.go:25:25: call to NewConsumer with a *svc.SettlementService",
		"; no automatic fix: the fix edits package ordering/xport/svc, which this run reads from export data (go vet analyzes one package at a time): in svc.SettlementService.HandleSettlement, process the record in place of the send",
		"; no automatic fix: the fix edits package ordering/xport/svc, which this run reads from export data (go vet analyzes one package at a time): in svc.QueueLedger.Append, process the message in place of the send",
		"; no automatic fix: svc.BatchService.HandleSettlement queues the record, and its workers receive it in a select that also works on <-tick.C",
		"consume.go:39:24: call to MarkCommitRecords after the record is handed to core.Settlement.Enqueue",
		"; no automatic fix: the fix edits package ordering/xhandoff/core, which this run reads from export data (go vet analyzes one package at a time): in core.Settlement.Enqueue, process the record in place of the send",
	} {
		if !strings.Contains(string(out), want) {
			t.Errorf("go vet: no %q in\n%s", want, out)
		}
	}
}
