package oracle

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
)

// Row is the part of an example's report row (report.golden.json) that the
// experiment checks.
type Row struct {
	Consumer  string    `json:"consumer"`
	Group     string    `json:"group"`
	Guarantee string    `json:"guarantee"`
	Findings  []Finding `json:"findings"`
}

// Finding is one diagnostic of a report row.
type Finding struct {
	Rule string `json:"rule"`
	At   string `json:"at"` // file:line, the file relative to examples/
}

// LoadRow reads ex's report row: examples/<dir>/report.golden.json, or for
// one consumer of a command that runs several (ex.Command) the row of the
// command's report.golden.json (a list) whose group is ex.Group. Its
// findings may point into any package of the command's module.
func LoadRow(examples string, ex Example) (Row, error) {
	var r Row
	b, err := os.ReadFile(filepath.Join(examples, ex.command(), "report.golden.json"))
	if err != nil {
		return r, err
	}
	if ex.Command == "" {
		if err := json.Unmarshal(b, &r); err != nil {
			return r, fmt.Errorf("%s: %w", ex.Dir, err)
		}
		return r, nil
	}
	var rows []Row
	if err := json.Unmarshal(b, &rows); err != nil {
		return r, fmt.Errorf("%s: %w", ex.Command, err)
	}
	for _, r := range rows {
		if r.Group == ex.Group && ex.Group != "" {
			return r, nil
		}
	}
	return r, fmt.Errorf("%s: no row of %s has group %q", ex.Dir, ex.Command, ex.Group)
}

// findingRE is the marker an example puts on the line of each finding.
var findingRE = regexp.MustCompile(`// finding: (\w+) ([\w-]+)`)

// CheckMarkers returns an error unless each finding of the row names a file
// that carries a `// finding:` marker of its rule: the row is about the
// code it names. Lines are not compared (cmd/commitlint's tests do), so a
// row regenerated after an edit elsewhere in the file still matches.
func (r Row) CheckMarkers(examples string) error {
	for _, f := range r.Findings {
		file, _, _ := strings.Cut(f.At, ":")
		b, err := os.ReadFile(filepath.Join(examples, filepath.FromSlash(file)))
		if err != nil {
			return fmt.Errorf("finding %s at %s: %w", f.Rule, f.At, err)
		}
		found := false
		for _, m := range findingRE.FindAllStringSubmatch(string(b), -1) {
			found = found || m[1]+"/"+m[2] == f.Rule
		}
		if !found {
			return fmt.Errorf("finding %s at %s: no // finding: marker of it in %s", f.Rule, f.At, file)
		}
	}
	return nil
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

// Build compiles the command in examples/<dir> (a module of its own,
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
