package oracle

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// controlExample is the example TestFailureControl patches, and the
// statement of its code that it replaces: the return on a failed booking
// becomes a skip, the loop polling again past the record.
const (
	controlExample = "service/orders-shipper"
	controlFile    = "service/internal/shipper/shipper.go"
	controlReturn  = `return fmt.Errorf("book %s/%d@%d: %w", r.Topic, r.Partition, r.Offset, err)`
	controlSkip    = `fmt.Printf("book %s/%d@%d: %v (skipped)\n", r.Topic, r.Partition, r.Offset, err)
					continue`
)

// TestFailureControl checks that the failure injection (FailFirst) can show
// a loss: the orders shipper, changed to skip a failed booking and poll
// again instead of returning, lets auto-commit commit past the failed
// record, so some run must lose one of the records whose save failed, and
// only those (its kills alone lose nothing: its row is at-least-once). The
// unchanged shipper loses nothing under the same failures (TestVerdicts):
// it returns before the next poll, and franz-go commits a poll only when
// the next one starts. It runs when the shipper is selected
// (-oracle.only, -oracle.full), not in the CI subset.
func TestFailureControl(t *testing.T) {
	if !slices.Contains(selected(), controlExample) {
		t.Skipf("%s not selected", controlExample)
	}
	ex, ok := Lookup(controlExample)
	if !ok || ex.FailFirst == 0 {
		t.Fatalf("%s: not an example with failures", controlExample)
	}
	examples := examplesDir(t)
	postgres(t)
	tmp := t.TempDir()
	root, err := CopyExamples(examples, tmp)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(root, filepath.FromSlash(controlFile))
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(src), controlReturn) != 1 {
		t.Fatalf("%s: no single %q to replace: update the control", controlFile, controlReturn)
	}
	patched := strings.Replace(string(src), controlReturn, controlSkip, 1)
	if err := os.WriteFile(file, []byte(patched), 0o644); err != nil {
		t.Fatal(err)
	}
	bin, err := build(root, ex.command(), tmp)
	if err != nil {
		t.Fatal(err)
	}
	lost, done := 0, 0
	for r := range max(*runsFlag, *lossRunsFlag) {
		if r >= *runsFlag && lost > 0 {
			break
		}
		done++
		seed := *seedFlag + uint64(r)
		log := new(bytes.Buffer)
		o := experiment(t, ex, config(ex, bin, seed, log), log)
		report(t, controlExample+" skipping failed saves (control)", "loses failed saves", seed, o)
		for _, id := range o.Lost {
			if slices.Contains(o.Failed, id) {
				lost++
			} else {
				t.Errorf("seed %d: lost %s, whose save never failed", seed, id)
			}
		}
	}
	if lost == 0 {
		t.Errorf("no run of %d (seeds %d..%d) lost a record whose save failed: the failure injection shows no loss where the code loses", done, *seedFlag, *seedFlag+uint64(done)-1)
	}
}
