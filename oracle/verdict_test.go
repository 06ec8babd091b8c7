package oracle

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

func TestRowCheck(t *testing.T) {
	t.Parallel()
	clean := Outcome{Records: 10}
	lost := Outcome{Records: 10, Lost: []string{"r1"}}
	dup := Outcome{Records: 10, Duplicated: []string{"r2"}}
	both := Outcome{Records: 10, Lost: []string{"r1"}, Duplicated: []string{"r2"}}
	for _, tc := range []struct {
		guarantee string
		o         Outcome
		ok        bool
	}{
		{"at-least-once", clean, true},
		{"at-least-once", dup, true},
		{"at-least-once", lost, false},
		{"at-most-once", lost, true},
		{"at-most-once", dup, false},
		{"effectively-once", clean, true},
		{"effectively-once", lost, false},
		{"effectively-once", dup, false},
		{"neither", both, true},
		{"unknown", both, true},
	} {
		err := Row{Guarantee: tc.guarantee}.Check(tc.o)
		if (err == nil) != tc.ok {
			t.Errorf("%s with %v: got %v, want ok=%v", tc.guarantee, tc.o, err, tc.ok)
		}
	}
}

func TestRowClaimsLoss(t *testing.T) {
	t.Parallel()
	finding := []Finding{{Rule: "ordering/commit-before-process"}}
	for _, tc := range []struct {
		row  Row
		want bool
	}{
		{Row{Guarantee: "at-most-once", Findings: finding}, true},
		{Row{Guarantee: "neither", Findings: finding}, true},
		{Row{Guarantee: "at-least-once", Findings: finding}, false},
		{Row{Guarantee: "at-most-once"}, false},
	} {
		if got := tc.row.ClaimsLoss(); got != tc.want {
			t.Errorf("%+v: ClaimsLoss() = %v, want %v", tc.row, got, tc.want)
		}
	}
}

// TestExamplesKnown checks that every example directory with a report row
// is in the oracle's table, run or skipped with a reason.
func TestExamplesKnown(t *testing.T) {
	t.Parallel()
	examples := examplesDir(t)
	rows, err := filepath.Glob(filepath.Join(examples, "*", "*", "report.golden.json"))
	if err != nil || len(rows) == 0 {
		t.Fatalf("no report rows under %s: %v", examples, err)
	}
	for _, r := range rows {
		dir, _ := filepath.Rel(examples, filepath.Dir(r))
		ex, ok := Lookup(filepath.ToSlash(dir))
		if !ok {
			t.Errorf("%s: no entry in Examples", dir)
			continue
		}
		if ex.Skip == "" && (ex.Topic == "" || ex.Record == nil || len(ex.Effects) == 0 && len(ex.Output) == 0) {
			t.Errorf("%s: entry without topic, record or effects (tables or output topics)", dir)
		}
		if len(ex.Output) > 0 && ex.Group == "" {
			t.Errorf("%s: a transactional example needs its group (its stalled records are told by the group's offsets)", dir)
		}
	}
	// A command that runs several consumers (examples/service) has a list
	// of rows: each consumer, by group, is an entry of its own.
	services, err := filepath.Glob(filepath.Join(examples, "*", "cmd", "*", "report.golden.json"))
	if err != nil || len(services) == 0 {
		t.Fatalf("no service report under %s: %v", examples, err)
	}
	for _, r := range services {
		cmd, _ := filepath.Rel(examples, filepath.Dir(r))
		cmd = filepath.ToSlash(cmd)
		b, err := os.ReadFile(r)
		if err != nil {
			t.Fatal(err)
		}
		var rows []Row
		if err := json.Unmarshal(b, &rows); err != nil {
			t.Fatalf("%s: %v", r, err)
		}
		for _, row := range rows {
			i := slices.IndexFunc(Examples, func(e Example) bool { return e.Command == cmd && e.Group == row.Group })
			if i < 0 {
				t.Errorf("%s: no entry in Examples for its consumer of group %q", cmd, row.Group)
				continue
			}
			if _, err := LoadRow(examples, Examples[i]); err != nil {
				t.Errorf("%s: %v", Examples[i].Dir, err)
			}
		}
	}
}
