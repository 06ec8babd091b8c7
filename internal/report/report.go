// Package report is the one funnel every commitlint diagnostic goes
// through: it skips generated files and extracts analyzer docs.
package report

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// URL is where the categories are documented; each category is a heading.
const URL = "https://github.com/offsetcommit/commitlint#readme"

// Report reports d unless it lies in a generated file. Every diagnostic
// carries a category and a suggested fix; one without is a bug in the
// analyzer that analyzers_test.go catches (TestEveryFindingHasAFix), and
// it is still reported: a finding whose fix is missing is a bug to show,
// never one to hide.
func Report(pass *analysis.Pass, d analysis.Diagnostic) {
	for _, f := range pass.Files {
		if f.FileStart <= d.Pos && d.Pos <= f.FileEnd {
			if ast.IsGenerated(f) {
				return
			}
			break
		}
	}
	if len(d.SuggestedFixes) > 0 {
		CompleteInterfaces(pass, &d)
	}
	pass.Report(d)
}

// Doc extracts the documentation of analyzer name from the package comment
// of its doc.go: the text after the "# Analyzer name" heading, up to the
// next top-level heading. It panics if the heading is missing, so a test
// of the analyzer catches it.
func Doc(content, name string) string {
	start := strings.Index(content, "/*")
	end := strings.Index(content, "*/")
	if start < 0 || end < start {
		panic("report.Doc: doc.go has no /* package comment */")
	}
	text := content[start+2 : end]
	head := "# Analyzer " + name + "\n"
	i := strings.Index(text, head)
	if i < 0 {
		panic("report.Doc: no " + strings.TrimSpace(head) + " heading")
	}
	text = text[i+len(head):]
	if j := strings.Index(text, "\n# "); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSpace(text)
}
