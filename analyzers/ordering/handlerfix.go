package ordering

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// handlerFix builds the fix of a position call made when a handler
// returns, where each function passed for the handler (fns: of this
// package, or the one passed to another package's wrapper) only queues
// the record for workers: in each, the send (or a select making it,
// whose other cases only give up when a context is done) is replaced by
// the body of the loop of the workers receiving it, so the handler
// returns once the record is processed, and the position call that
// follows its return comes after the processing. args are the indices of
// the handler's parameters carrying the record. The workers stay, idle.
func (c *checker) handlerFix(fns []*ssa.Function, args []int, noun string) (analysis.SuggestedFix, bool) {
	var edits []analysis.TextEdit
	for _, fn := range fns {
		e, ok := c.handlerInPlace(fn, args, noun)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e...)
	}
	if len(edits) == 0 {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Process the %s in the handler, in place of the hand-off to the workers", noun),
		TextEdits: edits,
	}, true
}

// handlerInPlace returns the edits making handler fn process the values
// of its parameters at args in place of its one send of them to workers
// (see handlerFix).
func (c *checker) handlerInPlace(fn *ssa.Function, args []int, noun string) ([]analysis.TextEdit, bool) {
	if edit.File(c.pass, fn.Pos()) == nil {
		return nil, false // not in this package's files
	}
	carried := map[ssa.Value]bool{}
	for _, i := range args {
		if i >= len(fn.Params) {
			return nil, false
		}
		for v := range c.carriedValues(fn.Params[i]) {
			carried[v] = true
		}
	}
	var send ssa.Instruction
	var goes *ssa.Go
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			hit := false
			switch in := instr.(type) {
			case *ssa.Send:
				hit = carried[in.X]
			case *ssa.Select:
				hit = sendsCarried(in, carried)
			case *ssa.Go:
				if goes != nil {
					return nil, false
				}
				goes = in
			}
			if hit {
				if send != nil {
					return nil, false
				}
				send = instr
			}
		}
	}
	if goes != nil {
		// go save(ctx, v); return nil: the call made in place, its
		// error returned.
		if send != nil {
			return nil, false
		}
		return c.handlerGoInPlace(fn, goes, noun)
	}
	if send == nil {
		return nil, false
	}
	path := edit.Path(c.pass, send.Pos())
	if path == nil {
		return nil, false
	}
	if target, text, extra, ok := c.inlineSend(path, &handOff{instr: send}); ok {
		_, cut, ok := c.cutLines(target, target)
		if !ok {
			return nil, false
		}
		cut.NewText = []byte(c.returnsDropped(fn, target.Pos(), text))
		return append([]analysis.TextEdit{cut}, extra...), true
	}
	return c.inlineSelectReturning(fn, path, send)
}

// returnsDropped rewrites the lines text (indented statements run at
// pos in handler fn) whose first statement drops an error the workers
// did not handle (_ = save(ctx, b)) into a check returning it, when fn
// returns an error alone: the handler's caller then does not write the
// position of a record whose processing failed, as it does for the
// handler's own failures.
func (c *checker) returnsDropped(fn *ssa.Function, pos token.Pos, text string) string {
	res := fn.Signature.Results()
	if res.Len() != 1 || !isError(res.At(0).Type()) {
		return text
	}
	lines := strings.SplitAfter(text, "\n")
	first := strings.TrimSpace(lines[0])
	call, ok := strings.CutPrefix(first, "_ = ")
	if !ok || strings.Contains(call, "//") {
		return text
	}
	if e, err := parser.ParseExpr(call); err != nil {
		return text
	} else if _, isCall := e.(*ast.CallExpr); !isCall {
		return text
	}
	tv, err := types.Eval(c.pass.Fset, c.pass.Pkg, pos, call)
	if err != nil || tv.Type == nil || !isError(tv.Type) {
		return text
	}
	if obj := edit.ObjectAt(c.pass, pos, "err"); obj != nil && strings.Contains(call, "err") {
		return text // the call reads an err the check would hide
	}
	indent := lines[0][:len(lines[0])-len(strings.TrimLeft(lines[0], " \t"))]
	check := edit.IndentLines(errCheck(call, "return err"), indent)
	return check + strings.Join(lines[1:], "")
}

// inlineSelectReturning returns the edit replacing a select whose send
// case only returns (case ch <- v: return nil) and whose other cases
// only give up when a context is done (case <-ctx.Done(): return
// ctx.Err()) with the workers' loop body, then the send case's returns.
func (c *checker) inlineSelectReturning(fn *ssa.Function, path []ast.Node, send ssa.Instruction) ([]analysis.TextEdit, bool) {
	ss := sendStmtAt(path, send)
	if ss == nil {
		return nil, false
	}
	sp := edit.Path(c.pass, ss.Pos())
	for len(sp) > 0 && sp[0] != ast.Node(ss) {
		sp = sp[1:]
	}
	if len(sp) < 4 {
		return nil, false
	}
	cc, ok1 := sp[1].(*ast.CommClause)
	sel, ok2 := sp[3].(*ast.SelectStmt)
	if !ok1 || !ok2 || cc.Comm != ast.Stmt(ss) || len(cc.Body) == 0 || !c.givesUpReturning(sel, cc) {
		return nil, false
	}
	if st, list := edit.Stmt(sp[3:]); st != ast.Stmt(sel) || list == nil {
		return nil, false
	}
	if _, isID := ast.Unparen(ss.Value).(*ast.Ident); !isID && !edit.PlainLiteral(c.pass, ss.Value) {
		return nil, false
	}
	chx, ok := ast.Unparen(ss.Chan).(*ast.Ident)
	if !ok {
		return nil, false
	}
	loop, subst := c.workersLoop(outermostBody(path), c.pass.TypesInfo.Uses[chx], ss.Pos(), nil)
	in := edit.InPlace{Send: ss, Target: sel, Loop: loop, Subst: subst}
	lines, ok := in.Lines(c.pass)
	if !ok {
		return nil, false
	}
	for _, r := range cc.Body {
		lines = append(lines, c.raw(r))
	}
	_, cut, ok := c.cutLines(sel, sel)
	if !ok {
		return nil, false
	}
	cut.NewText = []byte(c.returnsDropped(fn, sel.Pos(), edit.IndentLines(strings.Join(lines, "\n"), edit.Indent(c.pass, sel.Pos()))+"\n"))
	return []analysis.TextEdit{cut}, true
}

// givesUpReturning reports whether the send case cc of sel only returns
// values that mention no variable declared in sel, and every other case
// receives from a context's Done() and only returns.
func (c *checker) givesUpReturning(sel *ast.SelectStmt, cc *ast.CommClause) bool {
	for _, st := range cc.Body {
		if _, ok := st.(*ast.ReturnStmt); !ok {
			return false
		}
	}
	for _, cl := range sel.Body.List {
		other := cl.(*ast.CommClause)
		if other == cc {
			continue
		}
		es, ok := other.Comm.(*ast.ExprStmt)
		if !ok || len(other.Body) == 0 {
			return false
		}
		recv, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW {
			return false
		}
		call, ok := ast.Unparen(recv.X).(*ast.CallExpr)
		if !ok {
			return false
		}
		fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if !ok || fn.Name() != "Done" || fn.Pkg() == nil || fn.Pkg().Path() != "context" {
			return false
		}
		for _, st := range other.Body {
			if _, isReturn := st.(*ast.ReturnStmt); !isReturn {
				return false
			}
		}
	}
	return true
}

// handlerGoInPlace returns the edit making the go statement g of handler
// fn a call in place (goInPlace: its error returned by the handler).
func (c *checker) handlerGoInPlace(fn *ssa.Function, g *ssa.Go, noun string) ([]analysis.TextEdit, bool) {
	var gs *ast.GoStmt
	for _, n := range edit.Path(c.pass, g.Pos()) {
		if x, ok := n.(*ast.GoStmt); ok && x.Go == g.Pos() {
			gs = x
			break
		}
	}
	if gs == nil {
		return nil, false
	}
	text, imports, ok := c.goInPlace(fn.Signature, gs, noun)
	if !ok {
		return nil, false
	}
	e, ok := c.lineEdit(gs, text)
	if !ok {
		return nil, false
	}
	return append(imports, e), true
}
