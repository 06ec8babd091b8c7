package driver

import (
	"fmt"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/packages"
)

// TestSplitLoadMatchesGoPackages checks that loadSplit (export data for the
// dependencies only) gives the analyzers what go/packages' LoadSyntax
// gives them (loadWhole): the same graph, the same packages in full, the
// same syntax, and the same types and type information, object for
// object. The module has test variants of roots, a dependency recompiled
// for a test, a Kafka-using dependency, and a dependency that imports a
// root.
func TestSplitLoadMatchesGoPackages(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module m\n\ngo 1.26\n\nrequire github.com/twmb/franz-go v0.0.0\n\nreplace github.com/twmb/franz-go => ./franz\n",
		"franz/go.mod":         "module github.com/twmb/franz-go\n\ngo 1.26\n",
		"franz/pkg/kgo/kgo.go": "package kgo\n\ntype Opt interface{}\n\ntype Client struct{}\n\nfunc NewClient(...Opt) (*Client, error) { return nil, nil }\n\nfunc ConsumerGroup(string) Opt { return nil }\n",
		"helper/helper.go":     "package helper\n\nimport \"github.com/twmb/franz-go/pkg/kgo\"\n\nfunc Opts() []kgo.Opt { return []kgo.Opt{kgo.ConsumerGroup(\"g\")} }\n",
		"plain/plain.go":       "package plain\n\nimport \"strings\"\n\ntype T struct{ N int }\n\nfunc Two() int { return len(strings.Repeat(\"x\", 2)) }\n",
		"plain/plain_test.go":  "package plain\n\nimport \"testing\"\n\nfunc TestTwo(t *testing.T) { if Two() != 2 { t.Fatal() } }\n",
		"plain/x_test.go":      "package plain_test\n\nimport (\n\t\"testing\"\n\n\t\"m/user\"\n)\n\nfunc TestUse(t *testing.T) { _ = user.Use() }\n",
		"user/user.go":         "package user\n\nimport \"m/plain\"\n\nfunc Use() plain.T { return plain.T{N: plain.Two()} }\n",
		"mid/mid.go":           "package mid\n\nimport \"m/plain\"\n\nfunc Mid() int { return plain.Two() }\n",
		"cmd/main.go":          "package main\n\nimport (\n\t\"fmt\"\n\n\t\"github.com/twmb/franz-go/pkg/kgo\"\n\t\"m/helper\"\n\t\"m/mid\"\n\t\"m/plain\"\n)\n\nfunc main() {\n\tcl, _ := kgo.NewClient(helper.Opts()...)\n\tfmt.Println(cl, mid.Mid(), plain.Two())\n}\n",
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
	for _, tests := range []bool{false, true} {
		t.Run(fmt.Sprint("tests=", tests), func(t *testing.T) {
			compareLoads(t, []string{"./cmd", "./plain"}, tests, []string{"m/helper"})
		})
	}
}

// TestSplitLoadExamples compares the two loads on the examples module.
func TestSplitLoadExamples(t *testing.T) {
	if testing.Short() {
		t.Skip("loads the examples module")
	}
	t.Chdir("../../examples")
	compareLoads(t, []string{"./..."}, true, nil)
}

// compareLoads loads patterns both ways and compares what the analyzers
// can see. wantFull are dependencies that must be loaded in full.
func compareLoads(t *testing.T, patterns []string, tests bool, wantFull []string) {
	t.Helper()
	split, ok := loadSplit(patterns, tests)
	if !ok {
		t.Fatalf("loadSplit(%v) gave up", patterns)
	}
	whole, err := loadWhole(patterns, tests, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, b := describe(split), describe(whole)
	for _, id := range wantFull {
		if !strings.Contains(a[id], "full") {
			t.Errorf("%s not loaded in full by loadSplit", id)
		}
	}
	var ids []string
	for id := range a {
		ids = append(ids, id)
	}
	for id := range b {
		if _, ok := a[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	if len(ids) < 3 {
		t.Fatalf("only %d packages loaded", len(ids))
	}
	t.Logf("%d packages compared, %d loaded in full", len(ids), len(split.full))
	for _, id := range ids {
		if a[id] != b[id] {
			t.Errorf("%s:\nloadSplit:\n%s\nloadWhole:\n%s", id, a[id], b[id])
		}
	}
}

// describe returns, by package ID, what the analyzers can see of every
// package reachable from the roots: imports, errors, and for the packages
// loaded in full their files, every package-level object and every
// identifier's object and expression's type. Dependencies not loaded in
// full are described by their package-level objects when complete.
func describe(l *loaded) map[string]string {
	out := map[string]string{}
	qual := func(p *types.Package) string { return p.Path() }
	packages.Visit(l.roots, nil, func(p *packages.Package) {
		var sb strings.Builder
		var imps []string
		for path, imp := range p.Imports {
			imps = append(imps, path+"="+imp.ID)
		}
		slices.Sort(imps)
		fmt.Fprintf(&sb, "name %s path %s imports %v errors %v illtyped %v module %v\n", p.Name, p.PkgPath, imps, p.Errors, p.IllTyped, p.Module != nil)
		fmt.Fprintf(&sb, "files %v compiled %v other %v\n", p.GoFiles, p.CompiledGoFiles, p.OtherFiles)
		if p.Types != nil && p.Types.Complete() {
			// Export data may leave out unexported objects nothing
			// exported refers to: compare those only where both loads
			// type-check from source.
			scope := p.Types.Scope()
			for _, name := range scope.Names() {
				if l.full[p] || token.IsExported(name) {
					fmt.Fprintf(&sb, "obj %s\n", types.ObjectString(scope.Lookup(name), qual))
				}
			}
		}
		if l.full[p] {
			sb.WriteString("full\n")
			var lines []string
			for id, obj := range p.TypesInfo.Defs {
				if obj != nil {
					lines = append(lines, fmt.Sprintf("def %s %s", p.Fset.Position(id.Pos()), types.ObjectString(obj, qual)))
				}
			}
			for id, obj := range p.TypesInfo.Uses {
				lines = append(lines, fmt.Sprintf("use %s %s", p.Fset.Position(id.Pos()), types.ObjectString(obj, qual)))
			}
			for e, tv := range p.TypesInfo.Types {
				lines = append(lines, fmt.Sprintf("type %s-%s %s", p.Fset.Position(e.Pos()), p.Fset.Position(e.End()), types.TypeString(tv.Type, qual)))
			}
			for e, sel := range p.TypesInfo.Selections {
				lines = append(lines, fmt.Sprintf("sel %s %s", p.Fset.Position(e.Pos()), sel))
			}
			for _, f := range p.Syntax {
				lines = append(lines, fmt.Sprintf("file %s comments %d decls %d", p.Fset.Position(f.Pos()).Filename, len(f.Comments), len(f.Decls)))
			}
			lines = append(lines, fmt.Sprintf("counts %d %d %d %d %d", len(p.TypesInfo.Implicits), len(p.TypesInfo.Instances), len(p.TypesInfo.Scopes), len(p.TypesInfo.FileVersions), len(p.Syntax)))
			slices.Sort(lines)
			sb.WriteString(strings.Join(lines, "\n"))
		}
		out[p.ID] = sb.String()
	})
	return out
}
