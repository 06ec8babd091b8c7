package main_test

// A module in a subdirectory of its repository (monorepos, the Action's
// working-directory): GitHub annotations and SARIF locations must be
// relative to the repository root, where the files are, in every mode.

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestModuleInSubdirectory(t *testing.T) {
	files := map[string]string{}
	for name, content := range consumerModule(t, map[string]string{"fine/fine.go": markFirst}) {
		files["services/ledger/"+name] = content
	}
	root := writeModule(t, files)
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(root, "services", "ledger")
	const repoRel = "services/ledger/fine/fine.go"
	for _, tc := range []struct {
		name string
		dir  string
		args []string
		want string // on stdout, or on stderr for text and vet
	}{
		{"text", mod, []string{"./..."}, "fine/fine.go:" + markFirstLine + ":"},
		{"github", mod, []string{"-format=github", "./..."}, "::error file=" + repoRel + ",line=" + markFirstLine + ","},
		{"github -C", root, []string{"-C", "services/ledger", "-format=github", "./..."}, "::error file=" + repoRel + ",line=" + markFirstLine + ","},
		{"github -pathbase", mod, []string{"-format=github", "-pathbase", mod, "./..."}, "::error file=fine/fine.go,line=" + markFirstLine + ","},
		{"sarif", mod, []string{"-format=sarif", "./..."}, `"uri": "` + repoRel + `"`},
		{"json", mod, []string{"-json", "./..."}, filepath.Join(mod, "fine", "fine.go") + ":" + markFirstLine + ":"},
		{"vet", mod, []string{"vet", "-vettool=" + binary, "./..."}, "fine/fine.go:" + markFirstLine + ":"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			var stdout, stderr string
			if tc.name == "vet" {
				stdout, stderr, _ = command(t, tc.dir, "go", tc.args...)
			} else {
				stdout, stderr, _ = commitlint(t, tc.dir, tc.args...)
			}
			out := stdout
			if tc.name == "text" || tc.name == "vet" {
				out = stderr
			}
			if !strings.Contains(out, tc.want) {
				t.Errorf("output does not contain %q:\n%s\n%s", tc.want, stdout, stderr)
			}
			if tc.name != "sarif" {
				return
			}
			// %SRCROOT% is the repository root, so that code scanning
			// resolves the relative URIs.
			var log struct {
				Runs []struct {
					OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
				}
			}
			if err := json.Unmarshal([]byte(stdout), &log); err != nil {
				t.Fatal(err)
			}
			want := (&url.URL{Scheme: "file", Path: filepath.ToSlash(root) + "/"}).String()
			if got := log.Runs[0].OriginalURIBaseIDs["%SRCROOT%"].URI; got != want {
				t.Errorf("%%SRCROOT%% = %q, want %q", got, want)
			}
		})
	}
}
