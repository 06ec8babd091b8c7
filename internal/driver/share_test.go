package driver

import (
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/kafkassa"
)

// TestSharedSSA checks which packages kafkassa builds in the run's shared
// program (shareSSA): the Kafka-using packages nothing imports share one
// (m/a and m/b, which cannot refer to each other's functions); a
// Kafka-using package another one imports (helper) keeps its own, and in
// the shared program its functions have no bodies, as in a program of the
// importer's own.
func TestSharedSSA(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module m\n\ngo 1.26\n\nrequire github.com/twmb/franz-go v0.0.0\n\nreplace github.com/twmb/franz-go => ./franz\n",
		"franz/go.mod":         "module github.com/twmb/franz-go\n\ngo 1.26\n",
		"franz/pkg/kgo/kgo.go": "package kgo\n\ntype Opt interface{}\n\ntype Client struct{}\n\nfunc NewClient(...Opt) (*Client, error) { return nil, nil }\n\nfunc (*Client) Close() {}\n",
		"helper/helper.go":     "package helper\n\nimport \"github.com/twmb/franz-go/pkg/kgo\"\n\nfunc New() *kgo.Client { cl, _ := kgo.NewClient(); return cl }\n",
		"a/main.go":            "package main\n\nimport \"m/helper\"\n\nfunc main() { helper.New().Close() }\n",
		"b/main.go":            "package main\n\nimport \"github.com/twmb/franz-go/pkg/kgo\"\n\nfunc main() { cl, _ := kgo.NewClient(); cl.Close() }\n",
		"plain/plain.go":       "package plain\n\nfunc Two() int { return 2 }\n",
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	type seen struct {
		prog   *ssa.Program
		bodies []string // functions of other packages with a body in the package's program
	}
	var mu sync.Mutex
	got := map[string]seen{}
	probe := &analysis.Analyzer{
		Name:     "probe",
		Doc:      "record each package's SSA program",
		Requires: []*analysis.Analyzer{kafkassa.SSA},
		Run: func(pass *analysis.Pass) (any, error) {
			res := pass.ResultOf[kafkassa.SSA].(*kafkassa.Result)
			if res == nil {
				return nil, nil
			}
			var s seen
			s.prog = res.Pkg.Prog
			for _, p := range s.prog.AllPackages() {
				if p == res.Pkg || p.Pkg.Path() == "m/a" || p.Pkg.Path() == "m/b" {
					continue // its own, or a package nothing imports
				}
				for _, m := range p.Members {
					if fn, ok := m.(*ssa.Function); ok && fn.Blocks != nil {
						s.bodies = append(s.bodies, fn.String())
					}
				}
			}
			mu.Lock()
			got[pass.Pkg.Path()] = s
			mu.Unlock()
			return nil, nil
		},
		ResultType: reflect.TypeFor[any](),
	}
	if _, problems, err := analyzeChecked([]*analysis.Analyzer{probe}, []string{"./..."}, false, nil); err != nil || len(problems) > 0 {
		t.Fatal(err, problems)
	}
	for _, path := range []string{"m/a", "m/b", "m/helper"} {
		if got[path].prog == nil {
			t.Fatalf("%s: no SSA built (got %v)", path, got)
		}
		if len(got[path].bodies) > 0 {
			t.Errorf("%s: functions of other packages have bodies in its program: %v", path, got[path].bodies)
		}
	}
	if _, ok := got["m/plain"]; ok {
		t.Errorf("m/plain: SSA built for a Kafka-free package")
	}
	if got["m/a"].prog != got["m/b"].prog {
		t.Errorf("m/a and m/b, imported by no package, do not share a program")
	}
	if got["m/helper"].prog == got["m/a"].prog {
		t.Errorf("m/helper, imported by m/a, is built in the shared program")
	}
}
