package autocommit

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a record handed over by a context-aware send helper ----
//
// A helper of the package whose whole body is
//
//	select {
//	case <-ctx.Done():
//	case ch <- v:
//	}
//
// (ctx, ch, v its parameters; generic or not, as a SafeSend[T]) sends v
// on ch unless the context is done. A call of it in a poll loop hands the
// record to the channel's workers as a send would, and drops it at
// shutdown while the loop polls again. The fix rewrites the call
// statement into that select, counted as for a send in a select (Add
// before it, the Done case counting the record done and returning), so
// the helper, which other code may share, is unchanged.

// sendHelper describes such a helper: the indices of its context,
// channel and value parameters, and whether the Done case comes first.
type sendHelper struct {
	ctx, ch, val int
	doneFirst    bool
}

// sendHelperOf returns the description of fn when it is such a helper.
func (c *checker) sendHelperOf(fn *types.Func) (sendHelper, bool) {
	if fn != nil {
		fn = fn.Origin()
	}
	fd := c.funcDecl(fn)
	if fd == nil || fd.Type.Results != nil && len(fd.Type.Results.List) > 0 || fn.Signature().Variadic() || len(fd.Body.List) != 1 {
		return sendHelper{}, false
	}
	sel, ok := fd.Body.List[0].(*ast.SelectStmt)
	if !ok || len(sel.Body.List) != 2 {
		return sendHelper{}, false
	}
	params := map[types.Object]int{}
	i := 0
	for _, f := range fd.Type.Params.List {
		for _, id := range f.Names {
			if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
				params[obj] = i
			}
			i++
		}
	}
	param := func(e ast.Expr) int {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return -1
		}
		if j, ok := params[c.pass.TypesInfo.Uses[id]]; ok {
			return j
		}
		return -1
	}
	h := sendHelper{ctx: -1, ch: -1, val: -1}
	for k, x := range sel.Body.List {
		cc := x.(*ast.CommClause)
		if len(cc.Body) != 0 {
			return sendHelper{}, false
		}
		switch comm := cc.Comm.(type) {
		case *ast.SendStmt:
			h.ch, h.val = param(comm.Chan), param(comm.Value)
		case *ast.ExprStmt:
			u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr)
			if !ok || u.Op != token.ARROW || !c.isDoneCall(u.X) {
				return sendHelper{}, false
			}
			call := ast.Unparen(u.X).(*ast.CallExpr)
			s, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok {
				return sendHelper{}, false
			}
			h.ctx, h.doneFirst = param(s.X), k == 0
		default:
			return sendHelper{}, false
		}
	}
	if h.ctx < 0 || h.ch < 0 || h.val < 0 || h.ch == h.val || h.ctx == h.ch || h.ctx == h.val {
		return sendHelper{}, false
	}
	return h, true
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
				h, ok := c.sendHelperOf(obj)
				if ok && h.val < len(call.Call.Args) && tainted[call.Call.Args[h.val]] {
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
	h    sendHelper
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
	if !ok || h.ch >= len(call.Args) || call.Args[h.ch] != path[0] || h.ctx >= len(call.Args) || h.val >= len(call.Args) {
		return nil, false
	}
	if _, ok := ast.Unparen(call.Args[h.ctx]).(*ast.Ident); !ok {
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
	ctx := edit.Source(c.pass, hc.call.Args[hc.h.ctx])
	ret, ok := c.stopReturnFor(path, ctx)
	if !ok {
		return analysis.TextEdit{}, false
	}
	indent := edit.Indent(c.pass, hc.stmt.Pos())
	done := "case <-" + ctx + ".Done():\n" + indent + "\t" + wg + ".Done()\n" + indent + "\t" + ret
	send := "case " + edit.Source(c.pass, hc.call.Args[hc.h.ch]) + " <- " + edit.Source(c.pass, hc.call.Args[hc.h.val]) + ":"
	cases := []string{send, done}
	if hc.h.doneFirst {
		cases = []string{done, send}
	}
	text := wg + ".Add(1)\n" + indent + "select {\n" + indent + strings.Join(cases, "\n"+indent) + "\n" + indent + "}"
	return analysis.TextEdit{Pos: hc.stmt.Pos(), End: hc.stmt.End(), NewText: []byte(text)}, true
}
