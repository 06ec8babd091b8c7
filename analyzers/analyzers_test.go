package analyzers_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers"
)

func TestIgnoreDirectives(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*analysis.Analyzer{}
	for _, a := range analyzers.All(analyzers.Config{}) {
		byName[a.Name] = a
	}
	// Findings a directive with a reason suppresses disappear; the others stay.
	analysistest.Run(t, testdata, byName["ordering"], "ignores/suppress")
	// Directives without a reason, naming nothing known, or suppressing
	// nothing are reported.
	analysistest.Run(t, testdata, byName["ignores"], "ignores/directives")
}

func TestAllAnalyzers(t *testing.T) {
	all := analyzers.All(analyzers.Config{})
	if err := analysis.Validate(all); err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, a := range all {
		names[a.Name] = true
	}
	for name := range analyzers.Categories {
		if !names[name] {
			t.Errorf("Categories names %s, which All does not return", name)
		}
	}
	for _, a := range all {
		if a.Name != "ignores" && len(analyzers.Categories[a.Name]) == 0 {
			t.Errorf("analyzer %s has no categories listed", a.Name)
		}
	}
}
