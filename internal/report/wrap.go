package report

import (
	"fmt"

	"golang.org/x/tools/go/analysis"
)

// WithIgnores makes every analyzer in as honour //commitlint:ignore
// directives and report which directives it used (its result becomes a
// Used) and turn a panic into an error naming the analyzer and package,
// and appends the Ignores analyzer that reports directives with no
// reason, unknown names, or nothing suppressed. The analyzers must not
// have results of their own; they are modified in place, so pass freshly
// built ones (analyzers.All does).
func WithIgnores(as []*analysis.Analyzer, categories map[string][]string) []*analysis.Analyzer {
	for _, a := range as {
		run := a.Run
		a.ResultType = UsedType
		a.Run = func(pass *analysis.Pass) (res any, err error) {
			defer func() {
				// A bug of ours must not crash the user's build: fail
				// this analyzer on this package, with a message to report.
				if x := recover(); x != nil {
					res, err = nil, fmt.Errorf("internal error in commitlint's %s analyzer on package %s (please report it): %v", a.Name, pass.Pkg.Path(), x)
				}
			}()
			r := New(pass)
			p := *pass
			p.Report = r.report
			if _, err := run(&p); err != nil {
				return nil, err
			}
			return r.Used(), nil
		}
	}
	return append(as, Ignores(as, categories))
}
