package ordering

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A batching loop keeps the records it takes in a slice declared before
// it, processes the slice when it is full or on a tick (a write, then the
// batch's commit or mark), and on its way out (the context done, a
// shutdown case of its select) writes the position of what the slice
// still holds without processing it:
//
//	case <-ctx.Done():
//		if len(buf) > 0 {
//			r.CommitMessages(context.WithoutCancel(ctx), buf...)
//		}
//		return
//
// The records it holds were never processed, and their positions pass
// them: every graceful stop or rebalance loses them (audit 36b/D2, D3:
// 1 to 15 lost per run, 0 in the twin returning without the commit).
// The fix removes the call (and the emptiness test around it when that
// was all it held): the records are read again after the restart.

// unflushed is a batch whose records a position call writes while the
// loop has not processed them.
type unflushed struct {
	batch *types.Var
	// processed is a call processing the batch elsewhere in the loop.
	processed *ast.CallExpr
}

// checkUnflushed reports p when it writes the position of records a
// batch holds (the slice itself, an element of it, a range over it) on a
// path of the loop keeping that batch where nothing processed the batch
// first, and says whether it did.
func (c *checker) checkUnflushed(p *position) bool {
	if p.arg == nil || p.closure != nil || p.row != nil || p.nth != nil || p.helper {
		return false
	}
	call, path := edit.CallAt(c.pass, p.instr.Pos())
	if call == nil {
		return false
	}
	u, ok := c.unflushedBatch(call, path)
	if !ok {
		return false
	}
	name := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	noun := p.client.Client.RecordNoun
	what := "commits"
	switch p.client.Role {
	case clientmodel.Mark:
		what = "marks"
	case clientmodel.Store:
		what = "stores"
	}
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.Lparen,
		Category: CategoryCommitBefore,
		Message: fmt.Sprintf("call to %s %s the %ss %s holds, which nothing on this path has processed: their positions pass them, so each time this path runs (a shutdown, a rebalance) they are lost (at-most-once)",
			name, what, noun, u.batch.Name()),
		Related: []analysis.RelatedInformation{{Pos: u.processed.Pos(), Message: u.batch.Name() + " processed here, on other paths"}},
	}
	if fix, ok := c.unflushedFix(path, u, name, noun); ok {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
	} else {
		d.Message += fmt.Sprintf("; no automatic fix: the call's statement cannot be removed here; process %s before calling %s, or leave its %ss to be read again after the restart", u.batch.Name(), name, noun)
	}
	report.Report(c.pass, d)
	return true
}

// unflushedBatch returns the batch whose records call (at path) writes
// the position of: an argument naming a local slice of records (buf,
// buf..., buf[len(buf)-1]) or the variable of a range over one; declared
// before the innermost loop around call, appended to in that loop, and
// processed by a call of the loop (a call given the slice, or of a
// function literal reading it) that no statement before call's, in the
// lists from call up to the loop's body, makes.
func (c *checker) unflushedBatch(call *ast.CallExpr, path []ast.Node) (unflushed, bool) {
	var batch *types.Var
	for _, a := range call.Args {
		if v := c.batchOf(a, path); v != nil {
			batch = v
		}
	}
	if batch == nil {
		return unflushed{}, false
	}
	var loop ast.Node
	var body *ast.BlockStmt
	for _, n := range path {
		switch l := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			if loop == nil {
				return unflushed{}, false // a flush function's own call, or no loop
			}
		case *ast.ForStmt:
			if loop == nil && batch.Pos() < l.Pos() {
				loop, body = l, l.Body
			}
		case *ast.RangeStmt:
			if loop == nil && batch.Pos() < l.Pos() && !c.rangesOver(l, batch) {
				loop, body = l, l.Body
			}
		}
		if loop != nil {
			break
		}
	}
	if loop == nil || !c.appendsTo(body, batch) {
		return unflushed{}, false
	}
	processing := c.batchProcessing(body, batch, call)
	if len(processing) == 0 {
		return unflushed{}, false
	}
	// No processing before call on its way from the loop's body.
	for i, n := range path {
		var list []ast.Stmt
		switch x := n.(type) {
		case *ast.BlockStmt:
			list = x.List
		case *ast.CaseClause:
			list = x.Body
		case *ast.CommClause:
			list = x.Body
		default:
			continue
		}
		for _, s := range list {
			holds := s.Pos() <= call.Pos() && call.Pos() < s.End()
			for _, pc := range processing {
				// A processing in a statement before, or before the
				// call in its own (if err := save(buf); err == nil {
				// commit }: review 36-2/D1).
				if s.Pos() <= pc.Pos() && pc.Pos() < s.End() && (!holds || pc.Pos() < call.Pos()) {
					return unflushed{}, false
				}
			}
			if holds {
				break
			}
		}
		if n == ast.Node(body) || i > 0 && path[i-1] == loop {
			break
		}
	}
	return unflushed{batch: batch, processed: processing[0]}, true
}

// batchOf returns the local slice of records a holds the records of: a
// names it (buf, buf...), indexes it (buf[len(buf)-1]), or is the
// variable of a range over it enclosing a (path); nil otherwise.
func (c *checker) batchOf(a ast.Expr, path []ast.Node) *types.Var {
	a = ast.Unparen(a)
	if ix, ok := a.(*ast.IndexExpr); ok {
		a = ast.Unparen(ix.X)
	}
	id, ok := a.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.IsField() {
		return nil
	}
	if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice && c.isRecordish(v.Type()) {
		return v
	}
	for _, n := range path {
		rs, ok := n.(*ast.RangeStmt)
		if !ok {
			continue
		}
		if k, ok := rs.Value.(*ast.Ident); ok && c.pass.TypesInfo.Defs[k] == v {
			if x, ok := ast.Unparen(rs.X).(*ast.Ident); ok {
				if bv, ok := c.pass.TypesInfo.Uses[x].(*types.Var); ok && !bv.IsField() && c.isRecordish(bv.Type()) {
					return bv
				}
			}
		}
	}
	return nil
}

// rangesOver reports whether rs ranges over the variable v.
func (c *checker) rangesOver(rs *ast.RangeStmt, v *types.Var) bool {
	x, ok := ast.Unparen(rs.X).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[x] == v
}

// appendsTo reports whether body assigns append(v, ...) to v.
func (c *checker) appendsTo(body *ast.BlockStmt, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			return !found
		}
		l, ok := as.Lhs[0].(*ast.Ident)
		r, ok2 := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if ok && ok2 && c.pass.TypesInfo.Uses[l] == v && edit.IsBuiltin(c.pass, r.Fun, "append") {
			found = true
		}
		return !found
	})
	return found
}

// batchProcessing returns the calls of body, other than position calls
// and call, that process the batch v: a call given v (not a builtin, a
// client's or an ignored package's), or a call of a function literal
// (assigned to a local variable) that reads v and processes something.
func (c *checker) batchProcessing(body *ast.BlockStmt, v *types.Var, call *ast.CallExpr) []*ast.CallExpr {
	var out []*ast.CallExpr
	ast.Inspect(body, func(n ast.Node) bool {
		ce, ok := n.(*ast.CallExpr)
		if !ok || ce == call {
			return true
		}
		if _, isLit := ce.Fun.(*ast.FuncLit); isLit {
			return true
		}
		fn, _ := typeutil.Callee(c.pass.TypesInfo, ce).(*types.Func)
		if fn != nil && (c.ignored(fn) || c.isClient(fn)) {
			return true
		}
		if id, ok := ast.Unparen(ce.Fun).(*ast.Ident); ok {
			if _, builtin := c.pass.TypesInfo.Uses[id].(*types.Builtin); builtin {
				return true
			}
			if lv, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && c.literalReads(lv, v) {
				out = append(out, ce)
				return true
			}
		}
		// Given the batch, or a record of a range over it (for _, m :=
		// range buf { write(m) }: review 36-2/D2), when the function of
		// the package given it processes it (not a commit helper's
		// commitBatch(ctx, r, buf): review 36-2/D3).
		for i, a := range ce.Args {
			id, ok := ast.Unparen(a).(*ast.Ident)
			if !ok {
				continue
			}
			if u := c.pass.TypesInfo.Uses[id]; (u == v || c.rangedFrom(u, v, body)) && c.processesArg(fn, i) {
				out = append(out, ce)
				break
			}
		}
		return true
	})
	return out
}

// rangedFrom reports whether u is the value variable of a range over v in
// body.
func (c *checker) rangedFrom(u types.Object, v *types.Var, body *ast.BlockStmt) bool {
	if u == nil {
		return false
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if rs, ok := n.(*ast.RangeStmt); ok && c.rangesOver(rs, v) {
			if id, ok := rs.Value.(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] == u {
				found = true
			}
		}
		return !found
	})
	return found
}

// processesArg reports whether a call of fn processes its argument i: fn
// is out of sight (another package's, a function value), or a function of
// the package that makes no position call (a write of the batch, even
// one the analysis takes for formatting: fmt.Fprintf to a file), or that
// processes that parameter besides (not a commit helper's
// commitBatch(ctx, r, buf): review 36-2/D3).
func (c *checker) processesArg(fn *types.Func, i int) bool {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return true
	}
	sf := c.m.SSA.Pkg.Prog.FuncValue(fn)
	if sf == nil {
		return true
	}
	reach := map[*ssa.Function]bool{}
	c.flow.Reach(sf, reach)
	if !slices.ContainsFunc(c.m.Calls, func(k *consumer.Call) bool { return reach[k.Fn] && k.Role != clientmodel.Fetch }) {
		return true
	}
	if sf.Signature.Recv() != nil {
		i++
	}
	return c.paramProcessed(sf, i, 0)
}

// literalReads reports whether the local function variable lv is
// assigned a function literal that names v and calls something other
// than a builtin (it processes what v holds: flush := func() error {
// write(buf); ... }).
func (c *checker) literalReads(lv, v *types.Var) bool {
	f := edit.File(c.pass, lv.Pos())
	if f == nil {
		return false
	}
	reads := false
	ast.Inspect(f, func(n ast.Node) bool {
		as, ok := n.(*ast.AssignStmt)
		if !ok || reads {
			return !reads
		}
		for i, l := range as.Lhs {
			id, ok := l.(*ast.Ident)
			if !ok || i >= len(as.Rhs) || c.pass.TypesInfo.ObjectOf(id) != lv {
				continue
			}
			lit, ok := ast.Unparen(as.Rhs[i]).(*ast.FuncLit)
			if ok && c.varsIn(lit.Body)[v] {
				reads = true
			}
		}
		return !reads
	})
	return reads
}

// unflushedFix removes the statement of call (with its error check, and
// the emptiness test around it when that was all it held).
func (c *checker) unflushedFix(path []ast.Node, u unflushed, name, noun string) (analysis.SuggestedFix, bool) {
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 {
		return analysis.SuggestedFix{}, false
	}
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	first := list[idx]
	if idx == 0 && last == len(list)-1 {
		// The whole body of `if len(buf) > 0 { ... }`: the if goes.
		for i, n := range path {
			blk, ok := n.(*ast.BlockStmt)
			if !ok || len(blk.List) == 0 || blk.List[0] != first || i+1 >= len(path) {
				continue
			}
			if ifs, ok := path[i+1].(*ast.IfStmt); ok && ifs.Body == blk && ifs.Else == nil && ifs.Init == nil && c.varsIn(ifs.Cond)[u.batch] && len(c.varsIn(ifs.Cond)) == 1 {
				first = ifs
				if _, outer := edit.Stmt(path[i+1:]); outer == nil {
					return analysis.SuggestedFix{}, false
				}
			}
			break
		}
	}
	end := list[last]
	if first != list[idx] {
		end = first
	}
	_, cut, ok := c.cutLines(first, end)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	edits := []analysis.TextEdit{cut}
	// What only the commit used goes too (a context made for it, and its
	// cancel: audit 38b/D9, where the fixed code did not compile).
	var blk *ast.BlockStmt
	for _, n := range path {
		switch b := n.(type) {
		case *ast.BlockStmt:
			blk = b
		case *ast.CommClause:
			// A select case's statements, as a block.
			blk = &ast.BlockStmt{Lbrace: b.Pos(), List: b.Body, Rbrace: b.End() - 1}
		case *ast.CaseClause:
			blk = &ast.BlockStmt{Lbrace: b.Pos(), List: b.Body, Rbrace: b.End() - 1}
		}
		if blk != nil && len(blk.List) > 0 && &blk.List[0] == &list[0] {
			break
		}
		blk = nil
	}
	if blk == nil {
		return analysis.SuggestedFix{}, false
	}
	drop, ok := edit.Removable(c.pass, blk, list[idx:last+1]...)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var more []ast.Stmt
	for _, d := range drop[last-idx+1:] {
		if d.Pos() < first.Pos() || first.End() < d.End() {
			more = append(more, d)
		}
	}
	rest, ok := edit.RemoveStmts(c.pass, more, first)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Drop %s of the unprocessed %ss %s holds: they are read again after the restart", name, noun, u.batch.Name()),
		TextEdits: append(edits, rest...),
	}, true
}
