package consumer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
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
// the one constant the settings of the interval give ("200ms", "200
// ms") in the arguments of the call holding at (the constructor's, its
// options), else in the function declaring at; "interval set in code"
// (the report's words) when they differ or are not constants, or when
// that function builds several consumers of cl (review 35-1/D6, 35-2/D6:
// which setting is whose is not told apart); else the client's default
// or, for a consumer built in another package (built false),
// "auto-commit interval (5s by default)", which that package decides.
func Interval(pass *analysis.Pass, cl *clientmodel.Client, at token.Pos, built bool) string {
	var scope ast.Node // the function declaring what the finding is at
	var call ast.Node  // the innermost call whose arguments hold it
	ctors := 0         // calls of the client's constructors in scope
	for _, f := range pass.Files {
		if f.Pos() <= at && at < f.End() {
			for _, d := range f.Decls {
				if d.Pos() <= at && at < d.End() {
					scope = d
				}
			}
		}
	}
	if scope == nil {
		return cl.Config.Interval
	}
	ast.Inspect(scope, func(n ast.Node) bool {
		x, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		if x.Lparen <= at && at < x.Rparen {
			call = x
		}
		if fn, ok := typeutil.Callee(pass.TypesInfo, x).(*types.Func); ok && slices.ContainsFunc(cl.Constructors, func(c clientmodel.Constructor) bool { return c.Func == fn.FullName() }) {
			ctors++
		}
		return true
	})
	if call != nil {
		if v := intervals(pass, cl, call); len(v) > 0 {
			return intervalText(v)
		}
	}
	if v := intervals(pass, cl, scope); len(v) > 0 {
		if ctors > 1 {
			return "interval set in code" // which consumer's is not told apart
		}
		return intervalText(v)
	}
	if optionSetsInterval(pass, cl, scope) {
		return "interval set in code"
	}
	if !built {
		return "auto-commit interval (" + cl.Config.Interval + " by default)"
	}
	return cl.Config.Interval
}

// optionSetsInterval reports whether scope gives a value to a function
// value (an option: for _, o := range opts { o(cfg) }) and a function of
// the package taking a value of that type sets the interval on it
// (WithCommitInterval's literal: audit 41b/D7, the default was said).
func optionSetsInterval(pass *analysis.Pass, cl *clientmodel.Client, scope ast.Node) bool {
	var handed []types.Type
	ast.Inspect(scope, func(n ast.Node) bool {
		if x, ok := n.(*ast.CallExpr); ok && typeutil.Callee(pass.TypesInfo, x) == nil {
			if _, lit := ast.Unparen(x.Fun).(*ast.FuncLit); lit {
				return true // a literal called in place: in scope already
			}
			if tv, ok := pass.TypesInfo.Types[x.Fun]; ok && !tv.IsType() && !tv.IsBuiltin() {
				for _, a := range x.Args {
					if t := pass.TypesInfo.TypeOf(a); t != nil {
						if _, ptr := t.Underlying().(*types.Pointer); ptr {
							handed = append(handed, t) // (a config an option sets)
						}
					}
				}
			}
		}
		return true
	})
	if len(handed) == 0 {
		return false
	}
	found := false
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			var ft *ast.FuncType
			var body *ast.BlockStmt
			switch x := n.(type) {
			case *ast.FuncLit:
				ft, body = x.Type, x.Body
			case *ast.FuncDecl:
				ft, body = x.Type, x.Body
			default:
				return !found
			}
			if body == nil || ft.Params == nil {
				return !found
			}
			for _, field := range ft.Params.List {
				t := pass.TypesInfo.TypeOf(field.Type)
				if t != nil && slices.ContainsFunc(handed, func(h types.Type) bool { return types.Identical(h, t) }) && len(intervals(pass, cl, body)) > 0 {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// intervalText is what the interval settings vals ("" for one that is no
// constant) say: the one value, or "interval set in code".
func intervalText(vals []string) string {
	if slices.ContainsFunc(vals, func(v string) bool { return v == "" || v != vals[0] }) {
		return "interval set in code"
	}
	return vals[0]
}

// intervals returns the intervals the settings of cl's interval in scope
// give: "200ms", "200 ms", or "" for one that is no constant.
func intervals(pass *analysis.Pass, cl *clientmodel.Client, scope ast.Node) []string {
	var vals []string
	add := func(site clientmodel.NameSite, v ast.Expr) {
		c := pass.TypesInfo.Types[v].Value
		n, exact := int64(0), false
		if c != nil && c.Kind() == constant.Int {
			n, exact = constant.Int64Val(c)
		}
		switch {
		case !exact:
			vals = append(vals, "")
		case site.Millis:
			vals = append(vals, fmt.Sprintf("%d ms", n))
		default:
			vals = append(vals, time.Duration(n).String())
		}
	}
	for _, site := range cl.Names.Interval {
		ast.Inspect(scope, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				fn, _ := typeutil.Callee(pass.TypesInfo, x).(*types.Func)
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
					if strings.HasSuffix(selectorPath(l), "."+site.Field) {
						add(site, x.Rhs[i]) // cfg.Consumer.Offsets.AutoCommit.Interval = ...
					}
				}
			}
			return true
		})
	}
	return vals
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
