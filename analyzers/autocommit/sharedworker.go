package autocommit

import (
	"go/ast"
	"go/types"
	"sort"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a worker function shared by several loops' channels ----
//
// One worker function often serves several clients or topics: each loop
// makes its own channel and starts `go worker(ch)`. The fix of a
// hand-off gives the worker a WaitGroup parameter, which every call must
// then pass, so the fix of one loop's hand-off counts the records of
// every loop whose channel goes to that worker, each on a WaitGroup of
// its own (declared after its channel, Add before its sends, Wait after
// its loop's statement that sends): the edits are the union of each
// hand-off's, sorted, so that every loop's finding carries the same fix
// (the driver applies it once).

// goCallsOf returns the go statements calling fn, when every use of fn
// in the package is the function of a go statement passing a local
// variable as argument j (the channel).
func (c *checker) goCallsOf(fn *types.Func, j int) ([]*ast.CallExpr, bool) {
	var calls []*ast.CallExpr
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fn {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		var call *ast.CallExpr
		switch p := path[1].(type) {
		case *ast.CallExpr:
			call = p
		case *ast.SelectorExpr:
			if len(path) > 2 {
				call, _ = path[2].(*ast.CallExpr)
			}
		}
		if call == nil || ast.Unparen(call.Fun) != path[1] && call.Fun != id || j >= len(call.Args) {
			return nil, false
		}
		i := 2
		if _, sel := path[1].(*ast.SelectorExpr); sel {
			i = 3
		}
		if len(path) <= i {
			return nil, false
		}
		if gs, ok := path[i].(*ast.GoStmt); !ok || gs.Call != call {
			return nil, false
		}
		a, ok := ast.Unparen(call.Args[j]).(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := c.pass.TypesInfo.Uses[a].(*types.Var)
		if !ok || v.Parent() == c.pass.Pkg.Scope() {
			return nil, false
		}
		calls = append(calls, call)
	}
	sort.Slice(calls, func(a, b int) bool { return calls[a].Pos() < calls[b].Pos() })
	return calls, len(calls) > 0
}

// sharedWorkerFix returns edits (the fix of h, in fd) with the fixes of
// the other hand-offs to the worker functions of h that other go
// statements start too; false when one of them has no fix.
func (c *checker) sharedWorkerFix(h *handoff, fd *ast.FuncDecl, edits []analysis.TextEdit) ([]analysis.TextEdit, bool) {
	shared := false
	fds := map[*ast.FuncDecl]bool{fd: true}
	workers := map[*ast.FuncDecl]bool{} // go worker(ch) twice: one worker function
	for _, w := range h.work {
		if w.fn == nil || workers[w.fn] {
			continue
		}
		workers[w.fn] = true
		j := -1
		for i, a := range w.call.Args {
			if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == h.ch {
				j = i
			}
		}
		calls, ok := c.goCallsOf(calleeOf(c.pass, w.call), j)
		if !ok {
			return nil, false
		}
		for _, call := range calls {
			if id := call.Args[j].(*ast.Ident); c.pass.TypesInfo.Uses[id] == h.ch {
				continue // a worker of h itself (go worker(ch) twice)
			}
			shared = true
			e, ofd, ok := c.siteFix(call.Args[j].(*ast.Ident))
			if !ok || fds[ofd] {
				return nil, false // two sites in one function would declare the same WaitGroup
			}
			fds[ofd] = true
			edits = append(edits, e...)
		}
	}
	if !shared {
		return edits, true
	}
	edits = dedupEdits(edits)
	sort.SliceStable(edits, func(a, b int) bool {
		if edits[a].Pos != edits[b].Pos {
			return edits[a].Pos < edits[b].Pos
		}
		return edits[a].End < edits[b].End
	})
	return edits, true
}

// siteFix returns the fix of the hand-off on the local channel ch (an
// argument of a go statement starting a shared worker): its sends in the
// loop of a fetch of the function, as for the loop of a poll.
func (c *checker) siteFix(ch *ast.Ident) ([]analysis.TextEdit, *ast.FuncDecl, bool) {
	v := c.pass.TypesInfo.Uses[ch]
	fd := outerDecl(edit.Path(c.pass, ch.Pos()))
	if fd == nil {
		return nil, nil, false
	}
	var at ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if at != nil {
			return false
		}
		if s, ok := n.(*ast.SendStmt); ok {
			if id, ok := ast.Unparen(s.Chan).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
				at = s
			}
		}
		return true
	})
	if at == nil {
		return nil, nil, false
	}
	// The loop of a fetch of the package around the send.
	var body *ast.BlockStmt
	for _, call := range c.m.Calls {
		if call.Role != clientmodel.Fetch || call.Pos() < fd.Pos() || call.Pos() > fd.End() {
			continue
		}
		_, path := edit.CallAt(c.pass, call.Pos())
		if _, b := edit.LoopOf(path); b != nil && b.Pos() <= at.Pos() && at.End() <= b.End() {
			body = b
		}
	}
	if body == nil {
		return nil, nil, false
	}
	h, top, ok := c.handoffOf(ch, at.Pos(), body, fd)
	if !ok {
		return nil, nil, false
	}
	e, ok := c.handoffFix(h, top, body, fd)
	return e, fd, ok
}
