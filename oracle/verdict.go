package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// Row is the part of an example's report row (report.golden.json) that the
// experiment checks.
type Row struct {
	Consumer  string    `json:"consumer"`
	Guarantee string    `json:"guarantee"`
	Findings  []Finding `json:"findings"`
}

// Finding is one diagnostic of a report row.
type Finding struct {
	Rule string `json:"rule"`
	At   string `json:"at"`
}

// LoadRow reads examples/<dir>/report.golden.json.
func LoadRow(examples, dir string) (Row, error) {
	var r Row
	b, err := os.ReadFile(filepath.Join(examples, dir, "report.golden.json"))
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(b, &r); err != nil {
		return r, fmt.Errorf("%s: %w", dir, err)
	}
	return r, nil
}

// Check returns why outcome o is not allowed by the row's guarantee, or nil.
// at-least-once forbids loss, at-most-once duplicates, effectively-once
// both; neither and unknown allow anything.
func (r Row) Check(o Outcome) error {
	lost, dup := len(o.Lost) > 0, len(o.Duplicated) > 0
	var bad []string
	switch r.Guarantee {
	case "at-least-once":
		if lost {
			bad = append(bad, fmt.Sprintf("lost %d records %s", len(o.Lost), sample(o.Lost)))
		}
	case "at-most-once":
		if dup {
			bad = append(bad, fmt.Sprintf("duplicated %d records %s", len(o.Duplicated), sample(o.Duplicated)))
		}
	case "effectively-once":
		if lost {
			bad = append(bad, fmt.Sprintf("lost %d records %s", len(o.Lost), sample(o.Lost)))
		}
		if dup {
			bad = append(bad, fmt.Sprintf("duplicated %d records %s", len(o.Duplicated), sample(o.Duplicated)))
		}
	}
	if bad == nil {
		return nil
	}
	return fmt.Errorf("the report says %s, but the experiment %s", r.Guarantee, strings.Join(bad, " and "))
}

// ClaimsLoss reports whether the row has a finding and a guarantee that
// admits loss: the experiment must then be able to show a loss.
func (r Row) ClaimsLoss() bool {
	return len(r.Findings) > 0 && (r.Guarantee == "at-most-once" || r.Guarantee == "neither")
}

func sample(ids []string) string {
	if len(ids) > 5 {
		return fmt.Sprintf("(%s, ...)", strings.Join(ids[:5], ", "))
	}
	return fmt.Sprintf("(%s)", strings.Join(ids, ", "))
}

// Build compiles the consumer in examples/<dir> (a module of its own,
// examples is its root) into outDir and returns the binary's path.
func Build(ctx context.Context, examples, dir, outDir string) (string, error) {
	bin := filepath.Join(outDir, strings.ReplaceAll(dir, "/", "-"))
	cmd := exec.CommandContext(ctx, "go", "build", "-o", bin, "./"+dir)
	cmd.Dir = examples
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("build %s: %v\n%s", dir, err, out)
	}
	return bin, nil
}
