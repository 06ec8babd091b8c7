package consumer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// Interval says how often the auto-commit timer of a consumer of client
// cl commits, for the message of a finding at at, as the code sets it
// (audit 35c/D8: "every 5s" was said beside AutoCommitInterval(200ms)):
// the one constant every setting of the interval in the function
// declaring at gives ("200ms", "200 ms"); "interval set in code" (the
// report's words) when they differ or are not constants; the client's
// default when that function sets none (a setting in another function
// may be another consumer's), or, for a consumer built in another
// package (built false), "auto-commit interval (5s by default)", which
// that package decides.
func Interval(pass *analysis.Pass, cl *clientmodel.Client, at token.Pos, built bool) string {
	var vals []string
	opaque := false
	var scope ast.Node // the function declaring what the finding is at
	for _, f := range pass.Files {
		if f.Pos() <= at && at < f.End() {
			for _, d := range f.Decls {
				if d.Pos() <= at && at < d.End() {
					scope = d
				}
			}
		}
	}
	add := func(site clientmodel.NameSite, v ast.Expr) {
		if scope == nil || v.Pos() < scope.Pos() || v.End() > scope.End() {
			return // another consumer's, maybe
		}
		c := pass.TypesInfo.Types[v].Value
		if c == nil || c.Kind() != constant.Int {
			opaque = true
			return
		}
		n, ok := constant.Int64Val(c)
		switch {
		case !ok:
			opaque = true
		case site.Millis:
			vals = append(vals, fmt.Sprintf("%d ms", n))
		default:
			vals = append(vals, time.Duration(n).String())
		}
	}
	for _, site := range cl.Names.Interval {
		last := site.Field[strings.LastIndex(site.Field, ".")+1:]
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.CallExpr:
					fn, _ := typeutil.Callee(pass.TypesInfo, x).(interface{ FullName() string })
					switch {
					case fn == nil:
					case site.Func != "" && fn.FullName() == site.Func && site.Arg < len(x.Args):
						add(site, x.Args[site.Arg])
					case site.Key != "" && len(x.Args) == 2 && isString(pass, x.Args[0], site.Key):
						add(site, x.Args[1]) // cfg.SetKey("auto.commit.interval.ms", 200)
					}
				case *ast.KeyValueExpr:
					if site.Key != "" && isString(pass, x.Key, site.Key) {
						add(site, x.Value)
					}
					if id, ok := x.Key.(*ast.Ident); ok && site.Field != "" && !strings.Contains(site.Field, ".") && id.Name == site.Field {
						add(site, x.Value) // ReaderConfig{CommitInterval: ...}
					}
				case *ast.AssignStmt:
					if site.Field == "" || len(x.Lhs) != len(x.Rhs) {
						break
					}
					for i, l := range x.Lhs {
						if sel, ok := l.(*ast.SelectorExpr); ok && sel.Sel.Name == last && strings.HasSuffix(selectorPath(sel), "."+site.Field) {
							add(site, x.Rhs[i])
						}
					}
				}
				return true
			})
		}
	}
	switch {
	case opaque || slices.ContainsFunc(vals, func(v string) bool { return v != vals[0] }):
		return "interval set in code"
	case len(vals) > 0:
		return vals[0]
	case !built:
		return "auto-commit interval (" + cl.Config.Interval + " by default)"
	}
	return cl.Config.Interval
}

// isString reports whether e is the string constant s.
func isString(pass *analysis.Pass, e ast.Expr, s string) bool {
	c := pass.TypesInfo.Types[e].Value
	return c != nil && c.Kind() == constant.String && constant.StringVal(c) == s
}

// selectorPath renders a selector chain (cfg.Consumer.Offsets.AutoCommit.Interval).
func selectorPath(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.SelectorExpr:
		return selectorPath(x.X) + "." + x.Sel.Name
	case *ast.Ident:
		return x.Name
	}
	return ""
}
