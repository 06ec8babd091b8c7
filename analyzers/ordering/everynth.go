package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// A commit every Nth record (if n%100 == 0 { commit(rec) }) made before
// the record is processed does not dominate the processing, but on the
// path where it runs it comes first: a crash between them loses the
// record. A guard on a counter is not the operator's choice of
// at-most-once (a config flag: if h.autoAck { mark(rec) }), which stays
// silent.

// everyNth returns the if statement guarding p on a counter, and the
// statement of its list after it that processes site, when p reaches
// site without o being fetched anew (def) and the guarded commit is the
// guard's whole body (with its error check). The guard has no init and
// no else, and its condition takes a remainder of a local variable that
// the function increments (n%100 == 0).
func (c *checker) everyNth(p *position, site ssa.Instruction, def ssa.Instruction) (*ast.IfStmt, ast.Stmt, []ast.Stmt, bool) {
	if p.helper || p.marked || p.row != nil || !reachesStopping(p.instr, site, func(x ssa.Instruction) bool { return x == def }) {
		return nil, nil, nil, false
	}
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, _ := edit.Stmt(path)
	if stmt == nil {
		return nil, nil, nil, false
	}
	var guard *ast.IfStmt
	for i, n := range path {
		if n != ast.Node(stmt) {
			continue
		}
		if i+2 < len(path) {
			body, ok1 := path[i+1].(*ast.BlockStmt)
			ifs, ok2 := path[i+2].(*ast.IfStmt)
			if ok1 && ok2 && ifs.Body == body {
				guard = ifs
			}
		}
		path = path[i+2:]
		break
	}
	if guard == nil || guard.Init != nil || guard.Else != nil || !c.countsEvery(guard.Cond, path) {
		return nil, nil, nil, false
	}
	switch list := guard.Body.List; {
	case len(list) == 1 && list[0] == stmt:
	case len(list) == 2 && list[0] == stmt && isErrCheckOf(list[1]) && definesErr(stmt):
	default:
		return nil, nil, nil, false
	}
	g, listp := edit.Stmt(path)
	if g != ast.Stmt(guard) || listp == nil {
		return nil, nil, nil, false
	}
	list := *listp
	at := indexOf(list, guard)
	for i := at + 1; i < len(list); i++ {
		if list[i].Pos() <= site.Pos() && site.Pos() < list[i].End() {
			return guard, list[i], list, true
		}
	}
	return nil, nil, nil, false
}

// countsEvery reports whether cond takes the remainder of a local
// variable of the function of path that the function increments (a
// counter of records), as in n%100 == 0.
func (c *checker) countsEvery(cond ast.Expr, path []ast.Node) bool {
	_, body := edit.FuncOf(path)
	if body == nil {
		return false
	}
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		be, ok := n.(*ast.BinaryExpr)
		if !ok || be.Op != token.REM || found {
			return !found
		}
		id, ok := ast.Unparen(be.X).(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
		if !ok || v.Pos() < body.Pos() || v.Pos() >= body.End() {
			return true
		}
		ast.Inspect(body, func(m ast.Node) bool {
			switch x := m.(type) {
			case *ast.IncDecStmt:
				if xid, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Tok == token.INC && c.pass.TypesInfo.Uses[xid] == v {
					found = true
				}
			case *ast.AssignStmt:
				if xid, ok := ast.Unparen(x.Lhs[0]).(*ast.Ident); ok && len(x.Lhs) == 1 && x.Tok == token.ADD_ASSIGN && c.pass.TypesInfo.Uses[xid] == v {
					found = true
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// moveGuardAfter returns the fix moving the guard (the whole if
// statement) after target, the statement of its list processing the
// record, when the statements from the guard to target neither set what
// the guard uses nor use what it sets.
func (c *checker) moveGuardAfter(guard *ast.IfStmt, target ast.Stmt, list []ast.Stmt, name string) (analysis.SuggestedFix, bool) {
	idx, at := indexOf(list, guard), indexOf(list, target)
	if idx < 0 || at <= idx {
		return analysis.SuggestedFix{}, false
	}
	between := list[idx+1 : at+1]
	for _, s := range between {
		if c.definesUsedIn(s, []ast.Stmt{guard}, nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	if c.definesUsedIn(guard, between, list[at+1:]) {
		return analysis.SuggestedFix{}, false
	}
	text, cut, ok := c.cutLines(guard, guard)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	_, after, ok := c.cutLines(target, target)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Move the periodic %s after the processing", name),
		TextEdits: []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}},
	}, true
}
