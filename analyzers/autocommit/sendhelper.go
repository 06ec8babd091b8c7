package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- a record handed over by a context-aware send helper ----
//
// A context-aware send helper (handsoff.SendHelper: a function of this
// package or another whose whole body is a select sending v on ch unless
// ctx is done) hands the record to the channel's workers as a send
// would, and drops it at shutdown while the loop polls again. The fix
// rewrites the call statement into that select, counted as for a send in
// a select (Add before it, the Done case counting the record done and
// returning), so the helper, which other code may share, is unchanged.

// sendHelperOf returns the fact of fn when it is such a helper.
func (c *checker) sendHelperOf(fn *types.Func) (*handsoff.SendHelper, bool) {
	return c.ho.SendHelperOf(fn)
}

// helperSendsIn returns the positions (of the Lparen) of the calls in fn
// (and its closures) of a send helper whose value is tainted.
func (c *checker) helperSendsIn(fn *ssa.Function, tainted map[ssa.Value]bool) []token.Pos {
	var out []token.Pos
	var visit func(*ssa.Function)
	visit = func(fn *ssa.Function) {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := call.Call.StaticCallee()
				if callee == nil {
					continue
				}
				obj, _ := callee.Object().(*types.Func)
				if h, ok := c.sendHelperOf(obj); ok && tainted[ssaflow.Arg(call.Common(), h.Val)] {
					out = append(out, call.Pos())
				}
			}
		}
		for _, anon := range fn.AnonFuncs {
			visit(anon)
		}
	}
	visit(fn)
	return out
}

// helperCall is a statement calling a send helper in a poll loop.
type helperCall struct {
	stmt *ast.ExprStmt
	call *ast.CallExpr
	h    *handsoff.SendHelper
}

// helperCallOf returns the helper call whose channel argument is the use
// path[0] (path from the use up), when the call is a statement of its
// own with plain arguments for the context and the channel.
func (c *checker) helperCallOf(path []ast.Node) (*helperCall, bool) {
	if len(path) < 3 {
		return nil, false
	}
	call, ok := path[1].(*ast.CallExpr)
	if !ok || call.Ellipsis.IsValid() {
		return nil, false
	}
	h, ok := c.sendHelperOf(calleeOf(c.pass, call))
	if !ok || h.Ch >= len(call.Args) || call.Args[h.Ch] != path[0] || h.Ctx >= len(call.Args) || h.Val >= len(call.Args) {
		return nil, false
	}
	if _, ok := ast.Unparen(call.Args[h.Ctx]).(*ast.Ident); !ok {
		return nil, false
	}
	es, ok := path[2].(*ast.ExprStmt)
	if !ok || es.X != call {
		return nil, false
	}
	return &helperCall{stmt: es, call: call, h: h}, true
}

// helperCallFix returns the edit rewriting hc into the helper's select,
// counted on the WaitGroup wg: Add before it, the Done case counting the
// record done and leaving the function.
func (c *checker) helperCallFix(hc *helperCall, wg string) (analysis.TextEdit, bool) {
	path := edit.Path(c.pass, hc.stmt.Pos())
	ctx := edit.Source(c.pass, hc.call.Args[hc.h.Ctx])
	ret, ok := c.stopReturnFor(path, ctx)
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent := edit.Indent(c.pass, hc.stmt.Pos())
	done := "case <-" + ctx + ".Done():\n" + indent + "\t" + wg + ".Done()\n" + indent + "\t" + ret
	send := "case " + edit.Source(c.pass, hc.call.Args[hc.h.Ch]) + " <- " + edit.Source(c.pass, hc.call.Args[hc.h.Val]) + ":"
	cases := []string{send, done}
	if hc.h.DoneFirst {
		cases = []string{done, send}
	}
	text := wg + ".Add(1)\n" + indent + "select {\n" + indent + strings.Join(cases, "\n"+indent) + "\n" + indent + "}"
	return analysis.TextEdit{Pos: hc.stmt.Pos(), End: hc.stmt.End(), NewText: []byte(text)}, true
}
