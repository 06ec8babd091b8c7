package autocommit

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
)

// ---- the greedy option: its fix, and options helpers of other packages ----

// replaysLastPoll ends the title of greedyFix's fixes for cl: without greedy,
// the timer commits a poll once the next one is made, so a loop that
// stops without polling again (a select on ctx.Done before the poll)
// leaves its last poll uncommitted, replayed after each deploy (audit
// 35c/D7).
func replaysLastPoll(cl *clientmodel.Client) string {
	return " (the timer then commits a poll once the next one is made: a stop that polls no more replays the last poll unless the loop commits it, " +
		cl.CallName(clientmodel.Commit, clientmodel.ScopePolled) + ", on its way out)"
}

// greedyFix returns the fix of the greedy option call x (path[0]): remove
// it from its options list, or, where it is not an element of one (an
// argument of a non-variadic parameter, a value returned alone), replace it
// with the interval option at the interval the client would use anyway: the
// default, or the one constant interval the package sets elsewhere. The
// client has no option that turns greedy off again, so the call itself has
// to go.
func (c *checker) greedyFix(cl *clientmodel.Client, x *ast.CallExpr, path []ast.Node) (analysis.SuggestedFix, bool) {
	greedy := cl.Spell(clientmodel.Greedy)
	if e, ok := c.removeOption(path, x); ok {
		return analysis.SuggestedFix{Message: "Remove " + greedy + replaysLastPoll(cl), TextEdits: []analysis.TextEdit{e}}, true
	}
	fn := c.intervalOption(cl, c.pass.TypesInfo.TypeOf(x))
	if fn == nil {
		return analysis.SuggestedFix{}, false
	}
	d, ok := c.intervalSet(fn)
	if !ok {
		var err error
		if d, err = time.ParseDuration(cl.Config.Interval); err != nil {
			return analysis.SuggestedFix{}, false
		}
	}
	f := edit.File(c.pass, x.Pos())
	q := edit.Qualifier(c.pass, f, fn.Pkg())
	if q == "" {
		return analysis.SuggestedFix{}, false
	}
	timeName, imp := edit.Import(c.pass, f, "time")
	opt := fmt.Sprintf("%s.%s(%s)", q, fn.Name(), durationSource(d, timeName))
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Replace %s with %s, which keeps the default auto-commit%s", greedy, opt, replaysLastPoll(cl)),
		TextEdits: append(imp, analysis.TextEdit{Pos: x.Pos(), End: x.End(), NewText: []byte(opt)}),
	}, true
}

// intervalOption returns the client's option function that sets the
// auto-commit interval (a time.Duration), when its result can stand where
// a value of type want stands.
func (c *checker) intervalOption(cl *clientmodel.Client, want types.Type) *types.Func {
	if want == nil {
		return nil
	}
	for _, site := range cl.Names.Interval {
		i := strings.LastIndex(site.Func, ".")
		if i < 0 || site.Arg != 0 || strings.Contains(site.Func, ")") {
			continue
		}
		pkg := pkgObj(c.pass, site.Func[:i])
		if pkg == nil {
			continue
		}
		fn, ok := pkg.Scope().Lookup(site.Func[i+1:]).(*types.Func)
		if !ok {
			continue
		}
		sig := fn.Signature()
		if sig.Params().Len() != 1 || sig.Results().Len() != 1 || !isDuration(sig.Params().At(0).Type()) {
			continue
		}
		if types.AssignableTo(sig.Results().At(0).Type(), want) {
			return fn
		}
	}
	return nil
}

func isDuration(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && n.Obj().Name() == "Duration"
}

// intervalSet returns the interval the package passes to the interval
// option fn, when it passes one and every call passes the same constant.
func (c *checker) intervalSet(fn *types.Func) (time.Duration, bool) {
	var val constant.Value
	same := true
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || calleeOf(c.pass, call) != fn {
				return true
			}
			v := c.pass.TypesInfo.Types[call.Args[0]].Value
			if v == nil || v.Kind() != constant.Int || (val != nil && constant.Compare(val, token.NEQ, v)) {
				same = false
			}
			val = v
			return true
		})
	}
	if val == nil || !same {
		return 0, false
	}
	d, exact := constant.Int64Val(val)
	return time.Duration(d), exact && d > 0
}

// calleeOf returns the function a call expression calls by name, or nil.
func calleeOf(pass *analysis.Pass, call *ast.CallExpr) *types.Func {
	fn, _ := typeutil.Callee(pass.TypesInfo, call).(*types.Func)
	return fn
}

// durationSource renders d as Go source in the largest whole unit of
// package time (imported as timeName): 5 * time.Second.
func durationSource(d time.Duration, timeName string) string {
	for _, u := range []struct {
		d    time.Duration
		name string
	}{{time.Hour, "Hour"}, {time.Minute, "Minute"}, {time.Second, "Second"}, {time.Millisecond, "Millisecond"}, {time.Microsecond, "Microsecond"}} {
		if d%u.d == 0 {
			if d == u.d {
				return timeName + "." + u.name
			}
			return fmt.Sprintf("%d * %s.%s", d/u.d, timeName, u.name)
		}
	}
	return fmt.Sprintf("%s.Duration(%d)", timeName, int64(d))
}

// greedyHelpers reports the greedy option in exported functions that
// return a client's options: every client another package builds with
// them commits each poll as soon as it is returned, and that package
// cannot turn the option off (the client has no option undoing it, and
// rejects it next to a disabled or marks-only auto-commit), so the fix
// belongs here. Options already reported for a consumer of this package
// are skipped, and so are helpers that also disable auto-commit or make
// it commit marks only (the client refuses those options together).
func (c *checker) greedyHelpers() {
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil || !fd.Name.IsExported() || fd.Type.Results == nil || len(fd.Type.Results.List) == 0 {
				continue
			}
			obj, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			cl := clientmodel.Default.ConfigType(obj.Signature().Results().At(0).Type())
			if cl == nil || cl.Config.Kind != clientmodel.Options || cl.Spell(clientmodel.Greedy) == "" {
				continue
			}
			report.Guard(c.pass, fd.Pos(), func() { c.greedyHelper(cl, fd) })
		}
	}
}

func (c *checker) greedyHelper(cl *clientmodel.Client, fd *ast.FuncDecl) {
	var greedy []*ast.CallExpr
	off := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		ref, ok := clientmodel.Default.Option(calleeOf(c.pass, call))
		if !ok || ref.Client != cl {
			return true
		}
		switch {
		case ref.Setting == clientmodel.Greedy && ref.Value:
			greedy = append(greedy, call)
		case ref.Setting == clientmodel.AutoCommit && !ref.Value, ref.Setting == clientmodel.MarksOnly && ref.Value:
			off = true
		}
		return true
	})
	if off {
		return
	}
	for _, call := range greedy {
		if c.greedyAt[call.Pos()] {
			continue
		}
		_, path := edit.CallAt(c.pass, call.Lparen)
		if len(path) < 2 {
			continue
		}
		fix, ok := c.greedyFix(cl, call, path)
		if !ok {
			continue
		}
		c.greedyAt[call.Pos()] = true
		report.Report(c.pass, analysis.Diagnostic{
			Pos:      call.Pos(),
			End:      call.End(),
			Category: CategoryGreedy,
			Message: fmt.Sprintf("%s commits each poll as soon as it is returned, every %s, before its records are processed: every client built from %s loses them on a crash (at-most-once), and no caller can turn the option off",
				cl.Spell(clientmodel.Greedy), consumer.Interval(c.pass, cl, call.Pos(), true), fd.Name.Name),
			Related:        []analysis.RelatedInformation{related(fd.Name.Pos(), "options returned to other packages here")},
			SuggestedFixes: []analysis.SuggestedFix{fix},
		})
	}
}

// greedyArg reports the greedy option passed to a parameter of a helper
// of this package whose result is the constructor's options
// (NewClient(single(GreedyAutoCommit())...)), which the consumer model
// leaves opaque: the helper returns the parameter in every options slice
// it builds and never reassigns it, so the option reaches the client. The
// client rejects it next to a disabled or marks-only auto-commit and
// without a group, so a client that is built at all commits greedily;
// settings known to disable auto-commit or make it commit marks keep the
// consumer silent, as when the option is passed directly.
func (c *checker) greedyArg(k *consumer.Consumer) bool {
	s, cl := k.Settings, k.Client
	if _, set := s.Set[clientmodel.Greedy]; set || cl.Spell(clientmodel.Greedy) == "" {
		return false
	}
	if s.IsNot(cl, clientmodel.AutoCommit) || s.Is(cl, clientmodel.MarksOnly) || s.IsNot(cl, clientmodel.Group) {
		return false
	}
	call, _ := edit.CallAt(c.pass, k.Site.Pos())
	if call == nil || !call.Ellipsis.IsValid() || k.Ctor.ConfigArg != len(call.Args)-1 {
		return false
	}
	h, ok := ast.Unparen(call.Args[k.Ctor.ConfigArg]).(*ast.CallExpr)
	if !ok || h.Ellipsis.IsValid() {
		return false
	}
	fd := edit.FuncDecl(c.pass, calleeOf(c.pass, h))
	if fd == nil {
		return false
	}
	for i, a := range h.Args {
		x, ok := ast.Unparen(a).(*ast.CallExpr)
		if !ok {
			continue
		}
		ref, ok := clientmodel.Default.Option(calleeOf(c.pass, x))
		if !ok || ref.Client != cl || ref.Setting != clientmodel.Greedy || !ref.Value || !c.returnsParam(fd, i) {
			continue
		}
		_, path := edit.CallAt(c.pass, x.Lparen)
		fix, ok := c.greedyFix(cl, x, path)
		if !ok {
			return false
		}
		c.greedyAt[x.Pos()] = true
		c.report(k, analysis.Diagnostic{
			Pos:      x.Pos(),
			End:      x.End(),
			Category: CategoryGreedy,
			Message: fmt.Sprintf("%s commits each poll as soon as it is returned, every %s, before its records are processed: a crash loses them (at-most-once)",
				cl.Spell(clientmodel.Greedy), consumer.Interval(c.pass, cl, x.Pos(), true)),
			Related: []analysis.RelatedInformation{
				related(k.Site.Pos(), "client created here"),
				related(fd.Name.Pos(), fd.Name.Name+" returns the option in the client's options"),
			},
			SuggestedFixes: []analysis.SuggestedFix{fix},
		})
		return true
	}
	return false
}

// returnsParam reports whether fd's parameter i (not variadic) is an
// element of the slice literal every return statement of fd returns (or
// of an append there), and fd never assigns it or takes its address.
func (c *checker) returnsParam(fd *ast.FuncDecl, i int) bool {
	sig, ok := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok || sig.Signature().Variadic() && i >= sig.Signature().Params().Len()-1 || i >= sig.Signature().Params().Len() {
		return false
	}
	p := sig.Signature().Params().At(i)
	isP := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == p
	}
	returns, ok := 0, true
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				ok = ok && !isP(l)
			}
		case *ast.IncDecStmt:
			ok = ok && !isP(n.X)
		case *ast.UnaryExpr:
			ok = ok && !(n.Op == token.AND && isP(n.X))
		case *ast.ReturnStmt:
			returns++
			if len(n.Results) != 1 {
				ok = false
				break
			}
			var elts []ast.Expr
			switch r := ast.Unparen(n.Results[0]).(type) {
			case *ast.CompositeLit:
				elts = r.Elts
			case *ast.CallExpr:
				if edit.IsBuiltin(c.pass, r.Fun, "append") && !r.Ellipsis.IsValid() && len(r.Args) > 1 {
					elts = r.Args[1:]
				}
			}
			found := false
			for _, e := range elts {
				found = found || isP(e)
			}
			ok = ok && found
		}
		return ok
	})
	return ok && returns > 0
}
