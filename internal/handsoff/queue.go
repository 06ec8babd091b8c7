package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// The queue of a method that hands its parameter to workers: the one send
// of its body (QueueSend) and the workers' loop receiving from it
// (FieldLoop), which ordering's fix runs in place of the send, and whose
// absence of a variable makes the method a drain, not a hand-off
// (discards).

// QueueSend returns the one send of method fd's body outside function
// literals, made on a field of its receiver (s.queue <- v), with the
// receiver and the field, when the body starts no goroutine; else nil.
func QueueSend(pass *analysis.Pass, fd *ast.FuncDecl) (*ast.SendStmt, types.Object, *types.Var) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil, nil, nil
	}
	recv := pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return nil, nil, nil
	}
	var sends []*ast.SendStmt
	goes := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			goes = true
		case *ast.SendStmt:
			sends = append(sends, n)
		}
		return true
	})
	if goes || len(sends) != 1 {
		return nil, nil, nil
	}
	ss := sends[0]
	sel, ok := ast.Unparen(ss.Chan).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil
	}
	if id, isID := ast.Unparen(sel.X).(*ast.Ident); !isID || pass.TypesInfo.Uses[id] != recv {
		return nil, nil, nil
	}
	selection := pass.TypesInfo.Selections[sel]
	if selection == nil || selection.Kind() != types.FieldVal {
		return nil, nil, nil
	}
	field, _ := selection.Obj().(*types.Var)
	if field == nil {
		return nil, nil, nil
	}
	return ss, recv, field
}

// discards reports whether method fd queues what it is given for
// workers that never read it: its one send (QueueSend) is on a field
// whose receivers are one loop `for range x.f` (FieldLoop) naming no
// variable, a drain. Nothing processes the value, so the method hands
// no work on: a position written when it returns passes nothing
// unprocessed.
func discards(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	_, recv, field := QueueSend(pass, fd)
	if field == nil {
		return false
	}
	loop, _, _ := FieldLoop(pass, field, recv)
	if loop == nil {
		return false
	}
	id, named := loop.Key.(*ast.Ident)
	return loop.Key == nil || named && id.Name == "_" && loop.Value == nil
}

// FieldLoop returns the one `for v := range x.f` loop of the package
// receiving from field f, a channel of the type of recv (a method's
// receiver), and x: the loop runs in a function literal started by a go
// statement, x is the receiver of a method of that type or a local
// variable of that type assigned only where it is declared, and every
// other use of f sends to it, closes it, assigns it or measures it. For
// a loop made of a select's case (selectCase), works is the other case
// doing more than return, if any.
func FieldLoop(pass *analysis.Pass, f *types.Var, recv types.Object) (loop *ast.RangeStmt, x types.Object, works *ast.CommClause) {
	base := ssaflow.Deref(recv.Type())
	bad := false
	for _, file := range pass.Files {
		var stack []ast.Node
		var decl *ast.FuncDecl
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if bad {
				return false
			}
			if d, ok := n.(*ast.FuncDecl); ok {
				decl = d
			}
			var parent ast.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			s, ok := n.(*ast.SelectorExpr)
			if !ok || pass.TypesInfo.Selections[s] == nil || pass.TypesInfo.Selections[s].Obj() != f {
				return true
			}
			switch p := parent.(type) {
			case *ast.SendStmt:
				if p.Chan == ast.Expr(s) {
					return true
				}
			case *ast.CallExpr:
				if len(p.Args) == 1 && p.Args[0] == ast.Expr(s) &&
					(edit.IsBuiltin(pass, p.Fun, "close") || edit.IsBuiltin(pass, p.Fun, "len") || edit.IsBuiltin(pass, p.Fun, "cap")) {
					return true
				}
			case *ast.AssignStmt:
				for _, l := range p.Lhs {
					if l == ast.Expr(s) {
						return true
					}
				}
			case *ast.RangeStmt:
				if p.X == ast.Expr(s) && loop == nil && decl != nil && runsWorkers(stack[:len(stack)-1]) {
					if obj := chanOwner(pass, s, base, decl); obj != nil {
						loop, x = p, obj
						return true
					}
				}
			case *ast.UnaryExpr:
				// p := <-x.f, a case of the one select of a for loop.
				if p.Op != token.ARROW || loop != nil || decl == nil || len(stack) < 9 || !runsWorkers(stack[:len(stack)-8]) {
					break
				}
				l, w := selectCase(pass, stack[len(stack)-8:len(stack)-2])
				if obj := chanOwner(pass, s, base, decl); l != nil && obj != nil {
					loop, x, works = l, obj, w
					return true
				}
			}
			bad = true
			return false
		})
	}
	if bad || loop == nil || f.Exported() {
		return nil, nil, nil // an exported field may have receivers elsewhere
	}
	return loop, x, works
}

// chanOwner returns the variable x of x.f, sel, when it is of type base and
// the receiver of method decl or a local of decl (receiverOrLocal).
func chanOwner(pass *analysis.Pass, sel *ast.SelectorExpr, base types.Type, decl *ast.FuncDecl) types.Object {
	id, isID := ast.Unparen(sel.X).(*ast.Ident)
	if !isID {
		return nil
	}
	obj, isVar := pass.TypesInfo.Uses[id].(*types.Var)
	if !isVar || !types.Identical(ssaflow.Deref(obj.Type()), base) || !receiverOrLocal(pass, decl, obj) {
		return nil
	}
	return obj
}

// runsWorkers reports whether the innermost function of stack (outermost
// first) is a function literal started by a go statement, or a function
// declaration: a loop there is what the channel's receivers run.
func runsWorkers(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return edit.StartedByGo(stack)
		}
	}
	return true
}

// selectCase returns, for the path (outermost first) ForStmt, BlockStmt,
// SelectStmt, BlockStmt, CommClause, AssignStmt of a receive `v :=
// <-x.f`, the clause as a loop over x.f with v for its variable: the for
// loop has no clauses and its body is the select alone, and every other
// case of the select receives from a channel (a context's Done, a quit
// channel). The workers then process each value with the clause's body,
// and stop on the others when they only return; the first other case
// that does more (a ticker's flush of what the clause collects) is
// returned too: it is part of each value's processing, so the clause
// cannot run in place of the send.
func selectCase(pass *analysis.Pass, path []ast.Node) (*ast.RangeStmt, *ast.CommClause) {
	fs, ok1 := path[0].(*ast.ForStmt)
	sel, ok2 := path[2].(*ast.SelectStmt)
	cc, ok3 := path[4].(*ast.CommClause)
	as, ok4 := path[5].(*ast.AssignStmt)
	if !ok1 || !ok2 || !ok3 || !ok4 || fs.Init != nil || fs.Cond != nil || fs.Post != nil ||
		len(fs.Body.List) != 1 || fs.Body.List[0] != ast.Stmt(sel) || cc.Comm != ast.Stmt(as) ||
		as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || len(cc.Body) == 0 {
		return nil, nil
	}
	v, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, nil
	}
	var works *ast.CommClause
	for _, c := range sel.Body.List {
		other := c.(*ast.CommClause)
		if other == cc {
			continue
		}
		es, ok := other.Comm.(*ast.ExprStmt)
		if !ok || len(other.Body) == 0 {
			return nil, nil // a default, or a send
		}
		if u, ok := ast.Unparen(es.X).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
			return nil, nil
		}
		for _, st := range other.Body {
			if _, isReturn := st.(*ast.ReturnStmt); !isReturn && works == nil {
				works = other // a ticker's flush, a case that carries on
			}
		}
	}
	last := cc.Body[len(cc.Body)-1]
	return &ast.RangeStmt{
		For: fs.For, Key: v, Tok: token.DEFINE, TokPos: as.TokPos, X: as.Rhs[0],
		Body: &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: last.End()},
	}, works
}

// receiverOrLocal reports whether obj is the receiver of method decl, or
// a local variable of decl (outside function literals) assigned only
// where it is declared, its address never taken.
func receiverOrLocal(pass *analysis.Pass, decl *ast.FuncDecl, obj *types.Var) bool {
	if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 &&
		pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]] == obj {
		return !edit.AssignedIn(pass, decl.Body, obj)
	}
	if decl.Body == nil || obj.Pos() < decl.Body.Pos() || obj.Pos() >= decl.Body.End() {
		return false
	}
	assigns := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == obj {
					assigns++
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if pass.TypesInfo.Defs[id] == obj {
					assigns++
				}
			}
		case *ast.IncDecStmt:
			assigns += 2
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && pass.TypesInfo.Uses[id] == obj {
				assigns += 2
			}
		}
		return true
	})
	return assigns == 1
}
