package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDiffFailOn runs Diff in process on two small reports: a consumer
// whose commit moved before processing (weakened, with a new finding) and
// one added without findings.
func TestDiffFailOn(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	oldRow := `{"client": "kafka-go", "consumer": "a/main.go:10", "group": "g", "strategy": "commit after each record", "guarantee": "at-least-once"}`
	old := write("old.json", "["+oldRow+"]")
	weakened := write("weakened.json", `[{"client": "kafka-go", "consumer": "a/main.go:12", "group": "g", "strategy": "commit before processing", "guarantee": "at-most-once",
		"findings": [{"rule": "ordering/commit-before-process", "at": "a/main.go:20"}]}]`)
	added := write("added.json", "["+oldRow+`, {"client": "sarama", "consumer": "b/main.go:5", "strategy": "unknown", "guarantee": "unknown"}]`)
	for _, c := range []struct {
		args []string
		want int
	}{
		{[]string{old, weakened}, ExitClean},
		{[]string{"-fail-on=change", old, old}, ExitClean},
		{[]string{"-fail-on=change", old, added}, ExitFindings},
		{[]string{"-fail-on=weakened", old, added}, ExitClean},
		{[]string{"-fail-on=weakened", old, weakened}, ExitFindings},
		{[]string{"-fail-on=weakened", weakened, old}, ExitClean},
		{[]string{"-fail-on=findings", old, added}, ExitClean},
		{[]string{"-fail-on=findings", old, weakened}, ExitFindings},
		{[]string{"-fail-on=findings", weakened, old}, ExitClean},
	} {
		var stdout, stderr bytes.Buffer
		if got := Diff(c.args, strings.NewReader(""), &stdout, &stderr); got != c.want {
			t.Errorf("diff %s: exit status %d, want %d\n%s", strings.Join(c.args, " "), got, c.want, stderr.String())
		}
	}

	var stdout, stderr bytes.Buffer
	data, _ := os.ReadFile(weakened)
	if got := Diff([]string{"-format=markdown", old, "-"}, bytes.NewReader(data), &stdout, &stderr); got != ExitClean {
		t.Fatalf("diff old - (standard input): exit status %d\n%s", got, stderr.String())
	}
	if want := "| `g`<br>`a/main.go:12` | at-least-once → **at-most-once** |"; !strings.Contains(stdout.String(), want) {
		t.Errorf("markdown diff lacks %q:\n%s", want, stdout.String())
	}
	stderr.Reset()
	if got := Diff([]string{old, write("bad.json", "{")}, strings.NewReader(""), &stdout, &stderr); got != ExitError ||
		!strings.Contains(stderr.String(), "bad.json: not a commitlint report -format=json output") {
		t.Errorf("diff of a broken report: exit status %d, stderr %q", got, stderr.String())
	}
}
