package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"
	"go/version"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// goWrapParams reports whether `go f(args)` can become a go statement of
// a function literal that calls f(args), with the same function and
// arguments: f and the arguments are variables, field selections of
// variables, or constants. The literal reads the variables when the
// goroutine runs, not when it starts; those written after the go
// statement (or loop variables shared by iterations before Go 1.22, or
// whose address is taken) become parameters of the literal, named as the
// variables, so that their values are taken when the goroutine starts.
// params are those parameters ("last *kgo.Record").
func (c *checker) goWrapParams(gs *ast.GoStmt) (params []string, ok bool) {
	body := outermostBody(edit.Path(c.pass, gs.Pos()))
	file := edit.File(c.pass, gs.Pos())
	if body == nil || file == nil || gs.Call.Ellipsis.IsValid() {
		return nil, false
	}
	perIteration := version.Compare(c.pass.TypesInfo.FileVersions[file], "go1.22") >= 0
	vars := map[types.Object]bool{}
	var order []types.Object
	ok = true
	var collect func(e ast.Expr)
	collect = func(e ast.Expr) {
		switch e := ast.Unparen(e).(type) {
		case *ast.Ident:
			switch obj := c.pass.TypesInfo.Uses[e].(type) {
			case *types.Var:
				if !vars[obj] {
					vars[obj] = true
					order = append(order, obj)
				}
			case *types.Const, *types.Func, *types.Nil:
			default:
				ok = false
			}
		case *ast.SelectorExpr:
			if sel := c.pass.TypesInfo.Selections[e]; sel != nil && sel.Kind() == types.MethodExpr {
				ok = false
				return
			}
			if _, isPkg := c.pass.TypesInfo.Uses[identOf(e.X)].(*types.PkgName); isPkg {
				collect(e.Sel)
				return
			}
			collect(e.X)
		case *ast.BasicLit:
		default:
			ok = false
		}
	}
	collect(gs.Call.Fun)
	for _, a := range gs.Call.Args {
		collect(a)
	}
	if !ok {
		return nil, false
	}
	written := map[types.Object]bool{}
	mark := func(x ast.Expr, cond bool) {
		if id := identOf(x); id != nil && cond {
			if obj := c.pass.TypesInfo.ObjectOf(id); vars[obj] && obj.Parent() != c.pass.Pkg.Scope() {
				written[obj] = true
			}
		}
	}
	// Any write but the declaration counts, wherever it is: in a loop, one
	// before the go statement runs again after it.
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				declares := n.Tok == token.DEFINE && c.pass.TypesInfo.Defs[identOf(l)] != nil
				mark(l, !declares || c.isLoopVar(n) && !perIteration)
			}
		case *ast.RangeStmt:
			mark(n.Key, n.Tok == token.ASSIGN || !perIteration)
			mark(n.Value, n.Tok == token.ASSIGN || !perIteration)
		case *ast.IncDecStmt:
			mark(n.X, true)
		case *ast.UnaryExpr:
			mark(n.X, n.Op == token.AND)
		}
		return true
	})
	for _, obj := range order {
		if obj.Parent() == c.pass.Pkg.Scope() {
			return nil, false // a package variable: any goroutine may write it
		}
		if !written[obj] {
			continue
		}
		spelled := true
		t := types.TypeString(obj.Type(), func(p *types.Package) string {
			q := edit.Qualifier(c.pass, file, p)
			if q == "" && p != c.pass.Pkg {
				spelled = false
			}
			return q
		})
		if !spelled {
			return nil, false
		}
		params = append(params, obj.Name()+" "+t)
	}
	return params, true
}

// isLoopVar reports whether as is the init of a for statement.
func (c *checker) isLoopVar(as *ast.AssignStmt) bool {
	for _, n := range edit.Path(c.pass, as.Pos()) {
		if fs, ok := n.(*ast.ForStmt); ok {
			return fs.Init == as
		}
	}
	return false
}

// wrapGo returns the edit turning `go f(args)` into a go statement of a
// function literal with params (see goWrapParams) that runs first, then
// calls f(args).
func (c *checker) wrapGo(gs *ast.GoStmt, params []string, first string) analysis.TextEdit {
	indent := edit.Indent(c.pass, gs.Pos())
	var names []string
	for _, p := range params {
		names = append(names, strings.Fields(p)[0])
	}
	text := "go func(" + strings.Join(params, ", ") + ") {\n" + indent + "\t" + first + "\n" + indent + "\t" + edit.Source(c.pass, gs.Call) + "\n" + indent + "}(" + strings.Join(names, ", ") + ")"
	return analysis.TextEdit{Pos: gs.Pos(), End: gs.End(), NewText: []byte(text)}
}

// outermostBody returns the body of the function declaration around
// path: closures in it share its variables.
func outermostBody(path []ast.Node) *ast.BlockStmt {
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd.Body
		}
	}
	return nil
}

// identOf returns e's identifier when e is a (parenthesised) name.
func identOf(e ast.Expr) *ast.Ident {
	if e == nil {
		return nil
	}
	id, _ := ast.Unparen(e).(*ast.Ident)
	if id != nil && id.Name == "_" {
		return nil
	}
	return id
}

// wrapGoBound returns the edit turning `go f(args)`, whose function or
// arguments goWrapParams cannot carry into a literal (calls, &x, package
// variables), into their evaluation, as the go statement did, into fresh
// variables, then a go statement of a function literal that runs first
// and calls f with them: `a, b := ctx0(), &x` then `go func() { first;
// f(a, b) }()`. The variables are declared in the loop body, so each
// iteration's goroutine has its own. False for an argument of several
// values (f(g()) with g returning two).
func (c *checker) wrapGoBound(gs *ast.GoStmt, first string) (analysis.TextEdit, bool) {
	body := outermostBody(edit.Path(c.pass, gs.Pos()))
	if body == nil {
		return analysis.TextEdit{}, false
	}
	var names, values []string
	bind := func(e ast.Expr, base string) (string, bool) {
		if _, tuple := c.pass.TypesInfo.TypeOf(e).(*types.Tuple); tuple {
			return "", false
		}
		name := c.unusedName(body, base)
		names, values = append(names, name), append(values, edit.Source(c.pass, e))
		return name, true
	}
	fun := edit.Source(c.pass, gs.Call.Fun)
	if !c.staticFunc(gs.Call.Fun) {
		var ok bool
		if fun, ok = bind(gs.Call.Fun, "fn"); !ok {
			return analysis.TextEdit{}, false
		}
	}
	var args []string
	for i, a := range gs.Call.Args {
		if tv := c.pass.TypesInfo.Types[a]; tv.Value != nil || tv.IsNil() {
			// A constant or nil: the same value later, and bound to a
			// variable it would take a default type (or none, for nil).
			args = append(args, edit.Source(c.pass, a))
			continue
		}
		name, ok := bind(a, "arg"+strconv.Itoa(i+1))
		if !ok {
			return analysis.TextEdit{}, false
		}
		args = append(args, name)
	}
	call := fun + "(" + strings.Join(args, ", ")
	if gs.Call.Ellipsis.IsValid() {
		call += "..."
	}
	call += ")"
	indent := edit.Indent(c.pass, gs.Pos())
	text := ""
	if len(names) > 0 {
		text = strings.Join(names, ", ") + " := " + strings.Join(values, ", ") + "\n" + indent
	}
	text += "go func() {\n" + indent + "\t" + first + "\n" + indent + "\t" + call + "\n" + indent + "}()"
	return analysis.TextEdit{Pos: gs.Pos(), End: gs.End(), NewText: []byte(text)}, true
}

// staticFunc reports whether e names a function declared at package level
// (f, pkg.F): calling it later calls the same function.
func (c *checker) staticFunc(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := c.pass.TypesInfo.Uses[e].(*types.Func)
		return ok
	case *ast.SelectorExpr:
		if _, isPkg := c.pass.TypesInfo.Uses[identOf(e.X)].(*types.PkgName); isPkg {
			_, ok := c.pass.TypesInfo.Uses[e.Sel].(*types.Func)
			return ok
		}
	}
	return false
}
