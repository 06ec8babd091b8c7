package main_test

// The README's first commands and its install recipe, run as written.

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// readmeCommands returns the README's first two lines of shell: the
// command that lints the examples and the one that runs the tests.
func readmeCommands(t *testing.T) (lint, test string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	if len(lines) < 5 || lines[2] != "```sh" {
		t.Fatalf("README does not start with a sh block:\n%s", strings.Join(lines[:min(5, len(lines))], "\n"))
	}
	lint, _, _ = strings.Cut(lines[3], "#")
	test, _, _ = strings.Cut(lines[4], "#")
	return strings.TrimSpace(lint), strings.TrimSpace(test)
}

// TestReadmeFirstCommand runs the README's first command from the
// repository root: its exit status must be commitlint's own, 3 (findings),
// which `go run` would have turned into 1.
func TestReadmeFirstCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	lint, test := readmeCommands(t)
	if test != "go test ./..." {
		t.Errorf("second command %q, want go test ./...", test)
	}
	if !strings.Contains(lint, "-C examples ./...") || strings.Contains(lint, "go run") {
		t.Errorf("first command %q does not lint the examples with the tool's own exit status", lint)
	}
	_, stderr, code := command(t, filepath.Dir(examples), "bash", "-c", lint)
	if code != 3 {
		t.Errorf("%s: exit status %d, want 3\n%s", lint, code, stderr)
	}
	if !strings.Contains(stderr, "with fixes: run with -fix, or -fix -diff to review") {
		t.Errorf("%s: no summary:\n%s", lint, stderr)
	}
}

// TestReadmeInstall runs the Install section's recipe from a clone: go
// install ./cmd/commitlint, then commitlint -V.
func TestReadmeInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	gobin := t.TempDir()
	root := filepath.Dir(examples)
	if _, stderr, code := command(t, root, "env", "GOBIN="+gobin, "go", "install", "./cmd/commitlint"); code != 0 {
		t.Fatalf("go install ./cmd/commitlint: exit %d\n%s", code, stderr)
	}
	stdout, stderr, code := command(t, root, filepath.Join(gobin, "commitlint"), "-V")
	if code != 0 || stdout != "commitlint version devel\n" {
		t.Errorf("commitlint -V: exit %d, %q %q", code, stdout, stderr)
	}
	// -V=full, as go vet asks: no placeholder, and the hash go vet keys
	// its cache on.
	stdout, _, _ = command(t, root, filepath.Join(gobin, "commitlint"), "-V=full")
	if f := strings.Fields(stdout); len(f) != 4 || f[0] != "commitlint" || f[2] != "devel" || !strings.HasPrefix(f[3], "buildID=") {
		t.Errorf("commitlint -V=full: %q", stdout)
	}
}
