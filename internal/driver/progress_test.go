package driver

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestProgressQuietWhenFast(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, false, time.Hour)
	p.phase("loading ./...")
	p.stop()
	if buf.Len() != 0 {
		t.Errorf("a fast load printed %q", buf.String())
	}
}

func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	p := &progress{w: &buf, start: time.Now()} // shown by hand, no goroutine
	p.phase("loading ./...")
	p.show()
	p.show() // unchanged: not repeated
	// A module that was in the cache before the command started, and
	// one the go command had not downloaded yet, then has.
	cache := t.TempDir()
	old := filepath.Join(cache, "golang.org", "x", "mod@v0.42.0")
	if err := os.MkdirAll(old, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(old, time.Time{}, p.start.Add(-time.Hour)); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(cache, "github.com", "!i!b!m", "sarama@v1.61.1")
	p.missing = []module{{"golang.org/x/mod", "v0.42.0", old}, {"github.com/IBM/sarama", "v1.61.1", dir}}
	p.show()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	p.show()
	want := "commitlint: loading ./... (0s)\ncommitlint: loading ./...; downloaded 1 module, last github.com/IBM/sarama@v1.61.1 (0s)\n"
	if got := buf.String(); got != want {
		t.Errorf("progress output:\n%s\nwant:\n%s", got, want)
	}
}

func TestProgressTerminalErased(t *testing.T) {
	var buf bytes.Buffer
	p := newProgress(&buf, true, 0)
	p.phase("analyzing 3 packages")
	time.Sleep(100 * time.Millisecond)
	p.stop()
	if got := buf.String(); !strings.HasPrefix(got, "\r\033[Kcommitlint: analyzing 3 packages (0s)") || !strings.HasSuffix(got, "\r\033[K") {
		t.Errorf("terminal output %q: want the status rewritten in place and erased", got)
	}
}

func TestEscapeModule(t *testing.T) {
	if got := escapeModule("github.com/IBM/sarama"); got != "github.com/!i!b!m/sarama" {
		t.Errorf("escapeModule = %q", got)
	}
}

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		n, fixable int
		want       string
	}{
		{0, 0, ""},
		{1, 1, "1 finding, with a fix: run with -fix, or -fix -diff to review\n"},
		{3, 2, "3 findings, 2 with fixes: run with -fix, or -fix -diff to review\n"},
		{2, 0, "2 findings\n"},
	} {
		if got := summary(tc.n, tc.fixable); got != tc.want {
			t.Errorf("summary(%d, %d) = %q, want %q", tc.n, tc.fixable, got, tc.want)
		}
	}
}
