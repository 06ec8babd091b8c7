package report

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
)

// HonourIgnores makes a honour //commitlint:ignore directives, record the
// directives it used (its result becomes a Used, which the Ignores
// analyzer reads) and turn a panic into an error naming the analyzer and
// package. Each analyzer's New returns its analyzer through it, so the
// exported analyzers suppress findings in every driver (nogo, go vet,
// golangci-lint), not only in commitlint's own. A result of a's own is
// kept in the Used's Result (see Own); a is modified in place and
// returned.
func HonourIgnores(a *analysis.Analyzer) *analysis.Analyzer {
	run := a.Run
	a.ResultType = UsedType
	a.Run = func(pass *analysis.Pass) (res any, err error) {
		defer func() {
			// A bug of ours must not crash the user's build: fail this
			// analyzer on this package, with a message to report.
			if x := recover(); x != nil {
				res, err = nil, fmt.Errorf("internal error in commitlint's %s analyzer on package %s (please report it): %v", a.Name, pass.Pkg.Path(), x)
			}
		}()
		r := New(pass)
		p := *pass
		p.Report = r.report
		own, err := run(&p)
		if err != nil {
			return nil, err
		}
		return &Used{Directives: r.Used(), Result: own}, nil
	}
	return a
}

// Own returns the result of its own an analyzer returned through
// HonourIgnores, given the result HonourIgnores made of it (nil for any
// other value).
func Own(result any) any {
	if u, ok := result.(*Used); ok {
		return u.Result
	}
	return nil
}

// WithIgnores passes every analyzer in as that does not honour ignore
// directives yet through HonourIgnores, and appends the Ignores analyzer
// that reports directives with no reason, unknown names, or nothing
// suppressed.
func WithIgnores(as []*analysis.Analyzer, categories map[string][]string) []*analysis.Analyzer {
	for _, a := range as {
		if a.ResultType != UsedType {
			HonourIgnores(a)
		}
	}
	return append(as, Ignores(as, categories))
}
