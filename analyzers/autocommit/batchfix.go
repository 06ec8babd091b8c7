package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// commitAfterFlush builds the fix for a message appended to a batch
// (`pending = append(pending, m)`) that the loop processes later, in one
// call (`if err := flush(pending); err != nil { return err }`): fetch
// without committing, and commit the whole batch right after that call's
// error check, before the batch is reset (batchFlush says when).
func (c *checker) commitAfterFlush(path []ast.Node, fetch *ast.AssignStmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetchName, commitName string) ([]analysis.TextEdit, bool) {
	batch, after, ok := c.batchFlush(fetch, list, msg)
	if !ok {
		return nil, false
	}
	body, extra, ok := c.errHandling(path, fetch, "commit offsets")
	if !ok {
		return nil, false
	}
	reader := edit.Source(c.pass, sel.X)
	text := c.groupOnly(reader, fmt.Sprintf("if err := %s.%s(%s, %s...); err != nil {\n%s\n}", reader, commitName, edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0])), batch.Name(), body))
	return append(extra,
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetchName)},
		edit.InsertAfter(c.pass, after, text)), true
}

// batchFlush finds, for a message fetched by `msg, err := fetch` in list
// and appended to a batch that the loop processes later in one call, the
// batch and the statement after which that call has succeeded: its
// error check (or the call's own statement when it returns no error).
// It is found when the fetch's error check leaves, the append is the
// message's only use, the batch is a local slice taken by that one call
// and otherwise only reset (`pending = pending[:0]`), and the call's
// failure leaves (its error checked with a branch that returns, breaks,
// continues or exits) or it returns no error at all.
func (c *checker) batchFlush(fetch *ast.AssignStmt, list []ast.Stmt, msg *ast.Ident) (types.Object, ast.Stmt, bool) {
	errID, ok := fetch.Lhs[1].(*ast.Ident)
	if !ok {
		return nil, nil, false
	}
	check, ok := c.checkAfter(list, fetch).(*ast.IfStmt)
	leaves := noreturn.Of(c.pass).EndsWithLeave
	if !ok || check.Init != nil || !edit.IsNilCheckOf(c.pass, check.Cond, errID) || !leaves(check.Body.List) {
		return nil, nil, false
	}
	msgObj := c.pass.TypesInfo.ObjectOf(msg)
	var batch types.Object
	for _, s := range after(list, check) {
		if !c.mentionsObj(s, msgObj) {
			continue
		}
		b := c.appendTarget(s, msgObj)
		if b == nil || batch != nil {
			return nil, nil, false
		}
		batch = b
	}
	if batch == nil || batch.Parent() == c.pass.Pkg.Scope() {
		return nil, nil, false
	}
	// The one call that takes the batch, and nothing else that uses it
	// but appends and resets.
	var flush *ast.CallExpr
	ok = true
	for _, s := range after(list, check) {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit, *ast.GoStmt, *ast.SendStmt, *ast.DeferStmt:
				if c.mentionsObj(n, batch) {
					ok = false
				}
				return false
			case *ast.AssignStmt:
				if c.appendTarget(n, msgObj) == batch || c.isReset(n, batch) {
					return false
				}
				for _, r := range n.Rhs {
					if c.mentionsObj(r, batch) {
						if _, isCall := ast.Unparen(r).(*ast.CallExpr); !isCall {
							ok = false
						}
					}
				}
			case *ast.CallExpr:
				for _, a := range n.Args {
					if id, isID := ast.Unparen(a).(*ast.Ident); isID && c.pass.TypesInfo.Uses[id] == batch && !edit.IsBuiltin(c.pass, n.Fun, "len") && !edit.IsBuiltin(c.pass, n.Fun, "cap") {
						if flush != nil {
							ok = false
						}
						flush = n
					}
				}
			}
			return ok
		})
	}
	if !ok || flush == nil {
		return nil, nil, false
	}
	after, ok := edit.AfterSuccess(c.pass, flush, leaves)
	if !ok {
		return nil, nil, false
	}
	return batch, after, true
}

// appendTarget returns the slice b when s is `b = append(b, msg)`.
func (c *checker) appendTarget(s ast.Node, msg types.Object) types.Object {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil
	}
	lhs, ok := as.Lhs[0].(*ast.Ident)
	ap, isCall := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !isCall || !edit.IsBuiltin(c.pass, ap.Fun, "append") || len(ap.Args) != 2 || ap.Ellipsis.IsValid() {
		return nil
	}
	b, ok1 := ast.Unparen(ap.Args[0]).(*ast.Ident)
	m, ok2 := ast.Unparen(ap.Args[1]).(*ast.Ident)
	obj := c.pass.TypesInfo.Uses[lhs]
	if !ok1 || !ok2 || obj == nil || c.pass.TypesInfo.Uses[b] != obj || c.pass.TypesInfo.Uses[m] != msg {
		return nil
	}
	return obj
}

// isReset reports whether as is `b = b[:0]` or `b = nil`.
func (c *checker) isReset(as *ast.AssignStmt, b types.Object) bool {
	if as.Tok != token.ASSIGN || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return false
	}
	if id, ok := as.Lhs[0].(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != b {
		return false
	}
	switch r := ast.Unparen(as.Rhs[0]).(type) {
	case *ast.SliceExpr:
		x, ok := ast.Unparen(r.X).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[x] == b
	case *ast.Ident:
		_, isNil := c.pass.TypesInfo.Uses[r].(*types.Nil)
		return isNil
	}
	return false
}

// mentionsObj reports whether n refers to obj.
func (c *checker) mentionsObj(n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}
