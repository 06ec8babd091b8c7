package plugin_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers"
	_ "github.com/offsetcommit/commitlint/plugin"
)

// gopath returns a GOPATH-style tree holding the client stubs
// (../testdata/src/github.com) and the plugin's scenarios
// (testdata/src/settings/<analyzer>), copied once into a temp dir.
var gopath = sync.OnceValues(func() (string, error) {
	dir, err := os.MkdirTemp("", "commitlint-plugin-test")
	if err != nil {
		return "", err
	}
	for _, sub := range []struct{ from, to string }{
		{filepath.Join("..", "testdata", "src", "github.com"), filepath.Join(dir, "src", "github.com")},
		{filepath.Join("testdata", "src", "settings"), filepath.Join(dir, "src", "settings")},
	} {
		if err := os.CopyFS(sub.to, os.DirFS(sub.from)); err != nil {
			return "", err
		}
	}
	return dir, nil
})

func TestMain(m *testing.M) {
	code := m.Run()
	if dir, err := gopath(); err == nil {
		os.RemoveAll(dir)
	}
	os.Exit(code)
}

func testdata(t *testing.T) string {
	t.Helper()
	dir, err := gopath()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// build does what golangci-lint does with a module plugin: look it up by
// name, construct it from the settings map, and ask for its analyzers.
func build(t *testing.T, settings any) ([]*analysis.Analyzer, error) {
	t.Helper()
	newPlugin, err := register.GetPlugin("commitlint")
	if err != nil {
		t.Fatal(err)
	}
	p, err := newPlugin(settings)
	if err != nil {
		return nil, err
	}
	if mode := p.GetLoadMode(); mode != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q (SSA needs types)", mode, register.LoadModeTypesInfo)
	}
	return p.BuildAnalyzers()
}

func names(as []*analysis.Analyzer) []string {
	var out []string
	for _, a := range as {
		out = append(out, a.Name)
	}
	return out
}

func TestDefaultIsCommand(t *testing.T) {
	t.Parallel()
	got, err := build(t, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := names(analyzers.All(analyzers.Config{}))
	if !slices.Equal(names(got), want) {
		t.Errorf("analyzers %v, want the command's %v", names(got), want)
	}
}

// recorder is an analysistest.Testing that keeps the errors.
type recorder struct {
	mu   sync.Mutex
	errs []string
}

func (r *recorder) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// TestSettings builds the plugin from settings maps as golangci-lint passes
// them (decoded YAML). With a setting on, each analyzer must report the
// // want comments of testdata/src/settings/<analyzer>; with it off, it
// must report nothing there (every want unmatched, nothing else wrong).
func TestSettings(t *testing.T) {
	t.Parallel()
	td := testdata(t)
	for _, tc := range []struct {
		name     string
		settings any
		loud     []string // analyzers whose scenario's wants must all match
		silent   []string // analyzers that must report nothing on their scenario
	}{
		{
			name:     "strict",
			settings: map[string]any{"autocommit": map[string]any{"strict": true}},
			loud:     []string{"autocommit", "ordering"},
		},
		{
			name:     "defaults",
			settings: nil,
			loud:     []string{"ordering"},
			silent:   []string{"autocommit"},
		},
		{
			name: "ignore",
			settings: map[string]any{
				"autocommit": map[string]any{"strict": true},
				"ordering":   map[string]any{"ignore": []any{"settings/sink"}},
			},
			loud:   []string{"autocommit"},
			silent: []string{"ordering"},
		},
		{
			name:     "ignore prefix",
			settings: map[string]any{"ordering": map[string]any{"ignore": []any{"settings/..."}}},
			silent:   []string{"autocommit", "ordering"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			as, err := build(t, tc.settings)
			if err != nil {
				t.Fatal(err)
			}
			byName := map[string]*analysis.Analyzer{}
			for _, a := range as {
				byName[a.Name] = a
			}
			for _, name := range tc.loud {
				analysistest.Run(t, td, byName[name], "settings/"+name)
			}
			for _, name := range tc.silent {
				var r recorder
				results := analysistest.Run(&r, td, byName[name], "settings/"+name)
				if len(results) == 0 {
					t.Errorf("%s: nothing analysed: %v", name, r.errs)
				}
				for _, res := range results {
					for _, d := range res.Action.Diagnostics {
						t.Errorf("%s: unexpected diagnostic at %v: %s", name, res.Action.Package.Fset.Position(d.Pos), d.Message)
					}
				}
				if len(r.errs) == 0 {
					t.Errorf("%s: scenario has no // want to leave unmatched", name)
				}
				for _, e := range r.errs {
					if !strings.Contains(e, "no diagnostic was reported matching") {
						t.Errorf("%s: %s", name, e)
					}
				}
			}
		})
	}
}

func TestDisable(t *testing.T) {
	t.Parallel()
	all := names(analyzers.All(analyzers.Config{}))
	for _, off := range all {
		got, err := build(t, map[string]any{"disable": []any{off}})
		if err != nil {
			t.Fatalf("disable %s: %v", off, err)
		}
		want := slices.DeleteFunc(slices.Clone(all), func(n string) bool { return n == off })
		if !slices.Equal(names(got), want) {
			t.Errorf("disable %s: analyzers %v, want %v", off, names(got), want)
		}
	}
}

// TestBadSettings: a typo must fail golangci-lint's start with an error
// naming the problem, never be ignored.
func TestBadSettings(t *testing.T) {
	t.Parallel()
	var all []any
	for _, n := range names(analyzers.All(analyzers.Config{})) {
		all = append(all, n)
	}
	for _, tc := range []struct {
		name     string
		settings any
		want     []string
	}{
		{"unknown nested key", map[string]any{"autocommit": map[string]any{"stric": true}},
			[]string{`commitlint settings`, `unknown field "stric"`, "known keys: ", "autocommit.strict", "ordering.ignore", "disable"}},
		{"analyzer option at top level", map[string]any{"strict": true},
			[]string{`unknown field "strict"`, "autocommit.strict"}},
		{"unknown analyzer key", map[string]any{"fencing2": map[string]any{}},
			[]string{`unknown field "fencing2"`}},
		{"wrong type", map[string]any{"autocommit": map[string]any{"strict": "yes"}},
			[]string{"autocommit.strict: got a string, want bool"}},
		{"comma string for a list", map[string]any{"ordering": map[string]any{"ignore": "a,b"}},
			[]string{"ordering.ignore: got a string, want []string"}},
		{"not a map", []any{"autocommit"},
			[]string{"cannot unmarshal array"}},
		{"unknown analyzer in disable", map[string]any{"disable": []any{"nosuch"}},
			[]string{`disable: unknown analyzer "nosuch"`, "autocommit"}},
		{"everything disabled", map[string]any{"disable": all},
			[]string{"every analyzer is disabled"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			as, err := build(t, tc.settings)
			if err == nil {
				t.Fatalf("no error; analyzers %v", names(as))
			}
			t.Log(err)
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not mention %q", err, w)
				}
			}
		})
	}
}
