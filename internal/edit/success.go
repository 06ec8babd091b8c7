package edit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// AppendOnSuccess returns the edits that run text (an inserted commit,
// mark or store) after the record's processing in list, on the success
// path only: a check of an error that logs and carries on (`if err :=
// save(msg); err != nil { log... }`) would otherwise let the commit run
// after a failed save, and the record is lost. Such a check gets text in
// an else when it ends the list, and a continue (the rest of the
// iteration is for a processed record) otherwise. fetch is the statement
// that fetches the record (in list, or around it: then all of list
// follows it); path runs from a node at fetch up. ok is false where the
// failure cannot be told from the success: a check with an else or an
// empty body, or one in a nested loop or function.
func AppendOnSuccess(pass *analysis.Pass, path []ast.Node, list []ast.Stmt, fetch ast.Stmt, text string) ([]analysis.TextEdit, bool) {
	rest := list
	for i, s := range list {
		if s == fetch {
			rest = list[i+1:]
		}
	}
	var lastIf *ast.IfStmt
	if n := len(rest); n > 0 {
		lastIf, _ = rest[n-1].(*ast.IfStmt)
	}
	var edits []analysis.TextEdit
	ok := true
	var carried []*ast.IfStmt
	for _, s := range rest {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				// A continue there is the nested loop's; a failure
				// carried on inside it is not handled.
				ast.Inspect(n, func(m ast.Node) bool {
					if ifs, isIf := m.(*ast.IfStmt); isIf && carriesOnAfterError(pass, ifs) {
						ok = false
					}
					_, lit := m.(*ast.FuncLit)
					return ok && !lit
				})
				return false
			case *ast.IfStmt:
				if carriesOnAfterError(pass, n) {
					carried = append(carried, n)
				}
			}
			return ok
		})
	}
	if !ok {
		return nil, false
	}
	inElse := false
	for _, ifs := range carried {
		if ifs.Else != nil || len(ifs.Body.List) == 0 {
			return nil, false
		}
		if ifs != lastIf && (lastIf != nil && slices.Contains(carried, lastIf) && lastIf.Body.Pos() <= ifs.Pos() && ifs.End() <= lastIf.Body.End() || leavesAfter(pass, rest, ifs)) {
			// Its failure never reaches the text: inside the last
			// check's body (the text goes in its else), or followed in
			// an enclosing block by a return or a break (a record put
			// back for the next run, then return).
			continue
		}
		if ifs == lastIf {
			indent := Indent(pass, ifs.Pos())
			var b strings.Builder
			for _, l := range strings.Split(text, "\n") {
				b.WriteString("\n" + indent + "\t" + l)
			}
			edits = append(edits, analysis.TextEdit{Pos: ifs.End(), End: ifs.End(), NewText: []byte(" else {" + b.String() + "\n" + indent + "}")})
			inElse = true
			continue
		}
		if !inLoop(path) {
			return nil, false
		}
		e, ok := AppendToList(pass, ifs.Body.List, ifs.Body.Rbrace, "continue")
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	if !inElse {
		e, ok := AppendToList(pass, list, token.NoPos, text)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	return edits, true
}

// leavesAfter reports whether, in the block of list holding ifs (at any
// depth), the statements after the one holding ifs end by leaving (a
// return, a break, a panic): a path through ifs does not reach the end of
// list.
func leavesAfter(pass *analysis.Pass, list []ast.Stmt, ifs *ast.IfStmt) bool {
	for _, s := range list {
		if s.Pos() > ifs.Pos() || ifs.End() > s.End() {
			continue
		}
		if s == ast.Stmt(ifs) {
			return false
		}
		var inner [][]ast.Stmt
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BlockStmt:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.List)
				}
			case *ast.CaseClause:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.Body)
				}
			case *ast.CommClause:
				if n.Pos() <= ifs.Pos() && ifs.End() <= n.End() {
					inner = append(inner, n.Body)
				}
			}
			return true
		})
		if len(inner) == 0 {
			return false
		}
		// The outermost block inside s holding ifs; deeper ones are
		// checked by the recursion.
		if leavesAfter(pass, inner[0], ifs) {
			return true
		}
		for j, t := range inner[0] {
			if t.Pos() <= ifs.Pos() && ifs.End() <= t.End() {
				if after := inner[0][j+1:]; len(after) > 0 && noreturn.Of(pass).EndsWithLeave(after) {
					return true
				}
			}
		}
		return false
	}
	return false
}

// carriesOnAfterError reports whether ifs checks an error (`x != nil`, x
// an error) and its body falls through: the code after it runs whether
// or not the call failed.
func carriesOnAfterError(pass *analysis.Pass, ifs *ast.IfStmt) bool {
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	errType := types.Universe.Lookup("error").Type()
	isNil := func(e ast.Expr) bool {
		tv, ok := pass.TypesInfo.Types[e]
		return ok && tv.IsNil()
	}
	isErr := func(e ast.Expr) bool {
		t := pass.TypesInfo.TypeOf(e)
		return t != nil && types.Identical(t, errType)
	}
	if !(isErr(be.X) && isNil(be.Y) || isNil(be.X) && isErr(be.Y)) {
		return false
	}
	return !noreturn.Of(pass).EndsWithLeave(ifs.Body.List)
}

// inLoop reports whether path (from a node up) reaches a loop before a
// function: a continue there continues it.
func inLoop(path []ast.Node) bool {
	for _, n := range path {
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			return true
		case *ast.FuncLit, *ast.FuncDecl:
			return false
		}
	}
	return false
}

// AfterSuccess returns the statement after which call (in a statement
// list) has returned without failing: the if whose init makes the call
// and whose check of the call's error leaves (`if err := f(b); err !=
// nil { return err }`), or the call's statement followed by such an if,
// or the call's own statement when the call returns nothing, or a result
// that is no error, no success flag (a bool) and not several. leaves tells whether a body leaves (a return, a
// break). ok is false for any other shape: there the success path cannot
// be told.
func AfterSuccess(pass *analysis.Pass, call *ast.CallExpr, leaves func([]ast.Stmt) bool) (ast.Stmt, bool) {
	path := Path(pass, call.Pos())
	for len(path) > 0 && path[0] != call {
		path = path[1:]
	}
	if len(path) < 3 {
		return nil, false
	}
	if as, ok := path[1].(*ast.AssignStmt); ok {
		if ifs, ok := path[2].(*ast.IfStmt); ok && ifs.Init == as {
			if id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident); ok && IsNilCheckOf(pass, ifs.Cond, id) && leaves(ifs.Body.List) && ifs.Else == nil {
				return ifs, true
			}
			return nil, false
		}
	}
	stmt, listp := Stmt(path)
	if stmt == nil || listp == nil || stmt != path[1] {
		return nil, false
	}
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		tv, ok := pass.TypesInfo.Types[call]
		if !ok {
			return nil, false
		}
		if !tv.IsVoid() {
			_, tuple := tv.Type.(*types.Tuple)
			errType := types.Universe.Lookup("error").Type().Underlying().(*types.Interface)
			if b, ok := tv.Type.Underlying().(*types.Basic); tuple || types.Implements(tv.Type, errType) || ok && b.Kind() == types.Bool {
				return nil, false // an error, a success flag (or several results) ignored
			}
		}
		return s, true
	case *ast.AssignStmt:
		id, ok := s.Lhs[len(s.Lhs)-1].(*ast.Ident)
		ifs, isIf := Next(*listp, s).(*ast.IfStmt)
		if ok && isIf && ifs.Init == nil && ifs.Else == nil && IsNilCheckOf(pass, ifs.Cond, id) && leaves(ifs.Body.List) {
			return ifs, true
		}
	}
	return nil, false
}

// IsNilCheckOf reports whether cond is `id != nil` for the variable id.
func IsNilCheckOf(pass *analysis.Pass, cond ast.Expr, id *ast.Ident) bool {
	return isNilCompare(pass, cond, id, token.NEQ)
}

// IsNilEqOf reports whether cond is `id == nil` for the variable id.
func IsNilEqOf(pass *analysis.Pass, cond ast.Expr, id *ast.Ident) bool {
	return isNilCompare(pass, cond, id, token.EQL)
}

func isNilCompare(pass *analysis.Pass, cond ast.Expr, id *ast.Ident, op token.Token) bool {
	be, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok || be.Op != op {
		return false
	}
	x, ok1 := ast.Unparen(be.X).(*ast.Ident)
	y, ok2 := ast.Unparen(be.Y).(*ast.Ident)
	return ok1 && ok2 && pass.TypesInfo.Uses[x] == pass.TypesInfo.ObjectOf(id) && y.Name == "nil"
}

// Next returns the statement after s in list, or nil.
func Next(list []ast.Stmt, s ast.Stmt) ast.Stmt {
	for i, x := range list {
		if x == s && i+1 < len(list) {
			return list[i+1]
		}
	}
	return nil
}
