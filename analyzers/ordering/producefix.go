package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// produceFix builds the fix of a position call made after an asynchronous
// produce of its record: the produce call is replaced by the client's
// synchronous form (clientmodel.Produce.Sync), which waits for the
// delivery and hands its outcome to the callback the code passed, so the
// position call that follows comes after the effect. A nil callback gets
// the form without one.
//
// When the position call comes before the produce, it also moves after
// the produce statement, with its error check.
func (c *checker) produceFix(p *position, h *handOff, path []ast.Node) (analysis.SuggestedFix, bool) {
	pr := h.produce
	if pr.Wait != "" && !h.after {
		return c.waitFix(h)
	}
	if pr.ReplyWait != "" {
		name := clientmodel.ShortName(p.client.Func)
		if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
			name = fn.Name()
		}
		return c.replyFix(p, h, path, name)
	}
	if pr.Sync == "" {
		return analysis.SuggestedFix{}, false
	}
	call, ppath := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil || call.Ellipsis.IsValid() || pr.Done >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	text := pr.Sync
	if id, ok := ast.Unparen(call.Args[pr.Done]).(*ast.Ident); ok && id.Name == "nil" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("nil") {
		text = pr.SyncNoDone
	}
	pairs := []string{clientmodel.FixRecv, c.raw(sel.X)}
	for i, a := range call.Args {
		pairs = append(pairs, "$"+strconv.Itoa(i), c.raw(a))
	}
	text = strings.NewReplacer(pairs...).Replace(text)
	edits := []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(text)}}
	title := fmt.Sprintf("Replace %s with a produce that waits for the delivery", sel.Sel.Name)
	if h.after {
		move, ok := c.moveAfterStmt(path, ppath)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, move...)
		name := clientmodel.ShortName(p.client.Func)
		if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
			name = fn.Name()
		}
		title += fmt.Sprintf(", and call %s after it", name)
	}
	return analysis.SuggestedFix{Message: title, TextEdits: edits}, true
}

// moveAfterStmt returns the edits moving the statement of the call of
// path (with its error check) after the statement of the call of later,
// when both sit in one list and the statements between them neither set
// what the moved ones use nor use what they set.
func (c *checker) moveAfterStmt(path, later []ast.Node) ([]analysis.TextEdit, bool) {
	stmt, listp := edit.Stmt(path)
	target, tlistp := edit.Stmt(later)
	if stmt == nil || target == nil || listp == nil || tlistp == nil || &(*listp)[0] != &(*tlistp)[0] {
		return nil, false
	}
	list := *listp
	idx, at := indexOf(list, stmt), indexOf(list, target)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	if idx < 0 || at <= last {
		return nil, false
	}
	moved, between := list[idx:last+1], list[last+1:at+1]
	for _, s := range between {
		if c.definesUsedIn(s, moved, nil) {
			return nil, false
		}
	}
	for _, s := range moved {
		if c.definesUsedIn(s, between, list[at+1:]) {
			return nil, false
		}
	}
	text, cut, ok := c.cutLines(list[idx], list[last])
	if !ok {
		return nil, false
	}
	_, after, ok := c.cutLines(target, target)
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{cut, {Pos: after.End, End: after.End, NewText: []byte(text)}}, true
}

// waitFix builds the fix of a position call made after an asynchronous
// produce with a nil delivery channel (confluent Produce(msg, nil)): the
// produce gets a channel of its own, and the delivery report is awaited
// on it, its error handled as the produce's own error is:
//
//	if err := p.Produce(m, nil); err != nil {    delivered := make(chan kafka.Event, 1)
//		return err                              if err := p.Produce(m, delivered); err != nil {
//	}                                               return err
//	                                            }
//	                                            if err := (<-delivered).(*kafka.Message).TopicPartition.Error; err != nil {
//	                                            	return err
//	                                            }
//
// It requires the produce to be checked by `if err := ...; err != nil`
// with no else.
func (c *checker) waitFix(h *handOff) (analysis.SuggestedFix, bool) {
	pr := h.produce
	call, path := edit.CallAt(c.pass, h.instr.Pos())
	if call == nil || pr.Done >= len(call.Args) {
		return analysis.SuggestedFix{}, false
	}
	done := call.Args[pr.Done]
	if id, ok := ast.Unparen(done).(*ast.Ident); !ok || id.Name != "nil" || c.pass.TypesInfo.Uses[id] != types.Universe.Lookup("nil") {
		return analysis.SuggestedFix{}, false
	}
	stmt, _ := edit.Stmt(path)
	ifs, ok := stmt.(*ast.IfStmt)
	if !ok || ifs.Else != nil || ifs.Init == nil || len(ifs.Body.List) == 0 || !isErrCond(ifs.Cond) {
		return analysis.SuggestedFix{}, false
	}
	if as, ok := ifs.Init.(*ast.AssignStmt); !ok || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return analysis.SuggestedFix{}, false
	}
	f := edit.File(c.pass, call.Pos())
	fn, _ := typeutilCallee(c, call)
	sel, isSel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if f == nil || fn == nil || !isSel {
		return analysis.SuggestedFix{}, false
	}
	sig := fn.Type().(*types.Signature)
	pkg := edit.Qualifier(c.pass, f, fn.Pkg())
	if pkg == "" {
		return analysis.SuggestedFix{}, false
	}
	chType := types.TypeString(sig.Params().At(pr.Done).Type(), func(p *types.Package) string { return edit.Qualifier(c.pass, f, p) })
	name := edit.FreeName(c.pass, stmt.Pos(), "delivered")
	first, last := ifs.Body.List[0], ifs.Body.List[len(ifs.Body.List)-1]
	lines, ok := c.dedent(c.rawRange(first.Pos(), last.End()), first.Pos())
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	wait := strings.NewReplacer(clientmodel.FixDone, name, clientmodel.FixPkg, pkg).Replace(pr.Wait)
	check := fmt.Sprintf("if err := %s; err != nil {\n\t%s\n}", wait, strings.Join(lines, "\n\t"))
	return analysis.SuggestedFix{
		Message: fmt.Sprintf("Wait for the delivery of what %s queues before going on", sel.Sel.Name),
		TextEdits: []analysis.TextEdit{
			edit.InsertBefore(c.pass, stmt, fmt.Sprintf("%s := make(%s, 1)", name, chType)),
			{Pos: done.Pos(), End: done.End(), NewText: []byte(name)},
			edit.InsertAfter(c.pass, stmt, check),
		},
	}, true
}

// isErrCond reports whether e is `err != nil`.
func isErrCond(e ast.Expr) bool {
	be, ok := e.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// typeutilCallee returns the function call calls, if static.
func typeutilCallee(c *checker, call *ast.CallExpr) (*types.Func, bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return fn, ok
}
