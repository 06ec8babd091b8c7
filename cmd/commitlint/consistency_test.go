package main_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
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
