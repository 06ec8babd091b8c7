package report

import (
	"fmt"
	"go/token"
	"reflect"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// CategoryDirective is the category of findings about ignore directives.
const CategoryDirective = "ignore-directive"

// Ignores returns the analyzer that checks //commitlint:ignore directives:
// one without a reason (it suppresses nothing), one naming no analyzer or
// category, and one that suppressed no finding of the analyzers it names
// in this package. categories maps each analyzer name to its categories.
// Each analyzer in analyzers must return a Used (Reporter.Used) as its
// result.
func Ignores(analyzers []*analysis.Analyzer, categories map[string][]string) *analysis.Analyzer {
	owner := map[string]string{} // name or category → analyzer
	for _, a := range analyzers {
		owner[a.Name] = a.Name
		for _, c := range categories[a.Name] {
			owner[c] = a.Name
		}
	}
	a := &analysis.Analyzer{
		Name:     "ignores",
		Doc:      "ignores: report //commitlint:ignore directives that have no reason or suppress nothing",
		URL:      URL,
		Requires: analyzers,
	}
	a.Run = func(pass *analysis.Pass) (any, error) {
		used := map[token.Pos]bool{}
		for _, req := range analyzers {
			if u, ok := pass.ResultOf[req].(*Used); ok {
				for p := range u.Directives {
					used[p] = true
				}
			}
		}
		for _, f := range pass.Files {
			for _, d := range Directives(pass.Fset, f) {
				var problem string
				var unknown []string
				for _, n := range d.Names {
					if owner[n] == "" {
						unknown = append(unknown, n)
					}
				}
				switch {
				case len(d.Names) == 0:
					problem = "commitlint:ignore directive names no analyzer or category: it suppresses nothing"
				case len(unknown) > 0:
					problem = fmt.Sprintf("commitlint:ignore directive names %s, which is not a commitlint analyzer or category: it suppresses nothing", strings.Join(unknown, ", "))
				case d.Reason == "":
					problem = "commitlint:ignore directive has no reason after \"--\": it suppresses nothing until it says why the finding is safe to ignore"
				case !used[d.Pos]:
					problem = "commitlint:ignore directive suppresses nothing: no finding of " + strings.Join(d.Names, ", ") + " on this line or the next"
				default:
					continue
				}
				end := d.Pos + 1
				for _, cg := range f.Comments {
					for _, c := range cg.List {
						if c.Slash == d.Pos {
							end = c.End()
						}
					}
				}
				Report(pass, analysis.Diagnostic{
					Pos:      d.Pos,
					End:      end,
					Category: CategoryDirective,
					Message:  LowerFirst(problem),
					SuggestedFixes: []analysis.SuggestedFix{{
						Message:   "Remove the directive",
						TextEdits: []analysis.TextEdit{{Pos: d.Pos, End: end}},
					}},
				})
			}
		}
		return nil, nil
	}
	return a
}

// UsedType is the result type every analyzer checked by Ignores declares.
var UsedType = reflect.TypeFor[*Used]()

// LowerFirst returns s with its first letter lower case: a fix's title or
// a sentence continued inside a message.
func LowerFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToLower(s[:1]) + s[1:]
}
