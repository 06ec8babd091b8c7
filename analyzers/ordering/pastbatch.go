package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A record skipped by a batching loop and committed on its own passes
// the batch: a loop that appends its records to a slice it keeps across
// iterations (a batch, processed and committed once full) and, for a
// record it filters out, writes that record's position right away and
// continues, moves the partition's position past the records the batch
// still holds, unprocessed. A crash before the batch is processed loses
// them. kafka-konsumer's batch consumer commits the messages its header
// filter skips this way.
//
//	var batch []kafka.Message                   var batch []kafka.Message
//	for {                                       for {
//		m, err := r.FetchMessage(ctx)               m, err := r.FetchMessage(ctx)
//		...                                         ...
//		if skip(m) {                                if skip(m) {
//			r.CommitMessages(ctx, m)                    if len(batch) == 0 {
//			continue                                        r.CommitMessages(ctx, m)
//		}                                               }
//		batch = append(batch, m)                        continue
//		...                                         }
//	}                                               batch = append(batch, m)
//
// The fix writes the skipped record's position only while the batch is
// empty: then it passes nothing. Otherwise the batch's own commit, or a
// later one, covers it (or a restart reads it again and skips it again).

// pastBatch is a batch a loop keeps across its iterations.
type pastBatch struct {
	// batch is the slice, as written (a local variable declared before
	// the loop, or a field).
	batch ast.Expr
	// appended is the statement appending the loop's record to it.
	appended ast.Stmt
	// stmts are the statements to guard: the position call's, and its
	// error check when it is a statement of its own.
	stmts []ast.Stmt
}

// checkPastBatch reports p when it writes the position of the record it
// is given on a path that leaves the loop body with continue before the
// record would be appended to a batch the loop keeps across iterations.
func (c *checker) checkPastBatch(p *position) {
	if p.arg == nil || p.closure != nil || p.row != nil || p.nth != nil || p.returned != nil || p.helper {
		return
	}
	call, path := edit.CallAt(c.pass, p.instr.Pos())
	if call == nil {
		return
	}
	b, ok := c.batchPassed(call, path)
	if !ok {
		return
	}
	name := p.client.Func
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	noun := p.client.Client.RecordNoun
	batch := edit.Source(c.pass, b.batch)
	var text string
	var cut analysis.TextEdit
	ok = len(b.stmts) > 0
	if ok {
		text, cut, ok = c.cutLines(b.stmts[0], b.stmts[len(b.stmts)-1])
	}
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		End:      call.Lparen,
		Category: CategoryCommitBefore,
		Message: fmt.Sprintf("call to %s writes the position of a skipped %s while %s may hold earlier %ss not yet processed: it passes them, so a crash before the batch is processed loses them (at-most-once)",
			name, noun, batch, noun),
		Related: []analysis.RelatedInformation{{Pos: b.appended.Pos(), Message: noun + "s kept in " + batch + " here, processed later"}},
	}
	if ok {
		// The whole lines of the statements (a trailing comment too),
		// one tab deeper inside the guard.
		indent := edit.Indent(c.pass, b.stmts[0].Pos())
		var w strings.Builder
		fmt.Fprintf(&w, "%sif len(%s) == 0 {\n", indent, batch)
		for _, l := range strings.SplitAfter(strings.TrimSuffix(text, "\n"), "\n") {
			if strings.TrimSpace(l) != "" {
				w.WriteString("\t")
			}
			w.WriteString(l)
		}
		fmt.Fprintf(&w, "\n%s}\n", indent)
		cut.NewText = []byte(w.String())
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   fmt.Sprintf("Call %s for a skipped %s only while %s is empty", name, noun, batch),
			TextEdits: []analysis.TextEdit{cut},
		}}
	} else {
		d.Message += fmt.Sprintf("; no automatic fix: the call's statement cannot be rewritten in place; call %s for a skipped %s only while %s is empty", name, noun, batch)
	}
	report.Report(c.pass, d)
}

// batchPassed returns the batch call (at path) passes: call is a
// statement, or the call of an error check, in a list of the body of a
// loop that ends with a continue of that loop (directly, or around an if
// testing another slice's emptiness), and a later statement of the loop
// body appends the record call writes to a slice of records declared
// before the loop (or a field), which nothing in the loop body before the
// call assigns.
func (c *checker) batchPassed(call *ast.CallExpr, path []ast.Node) (pastBatch, bool) {
	loop, body := edit.LoopOf(path)
	stmt, listp := edit.Stmt(path)
	if loop == nil || stmt == nil || listp == nil {
		return pastBatch{}, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	if idx < 0 {
		return pastBatch{}, false
	}
	stmts := c.guardedStmts(list, idx)
	// A call already guarded by a slice's emptiness (if len(x) == 0 {
	// commit }): the list ending with the continue is the if's, and x
	// must be the batch for the guard to hold.
	guard := ""
	if x, outer, ok := c.emptyGuard(path, list); ok {
		guard, list = x, outer
	}
	// The call's list ends with a continue of the loop: the record is
	// not appended on this path.
	br, ok := list[len(list)-1].(*ast.BranchStmt)
	if !ok || br.Tok != token.CONTINUE || br.Label != nil || &list[0] == &body.List[0] {
		return pastBatch{}, false
	}
	for _, n := range path {
		if n == body {
			break
		}
		switch n.(type) {
		case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
			return pastBatch{}, false // the continue is an inner loop's
		}
	}
	// The top statement of the loop body holding the call.
	top := -1
	for i, s := range body.List {
		if s.Pos() <= call.Pos() && call.End() <= s.End() {
			top = i
		}
	}
	if top < 0 {
		return pastBatch{}, false
	}
	uses := c.varsIn(call)
	for v := range uses {
		if clientmodel.Default.Record(v.Type()) == nil {
			delete(uses, v) // the record, not the context or the reader
		}
	}
	// The appends of later statements of the loop body, at any depth (in
	// a branch of an if: puts or dels), outside function literals.
	var appends []*ast.AssignStmt
	for _, s := range body.List[top+1:] {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				appends = append(appends, n)
			}
			return true
		})
	}
	for _, as := range appends {
		if len(as.Lhs) != 1 || len(as.Rhs) != 1 {
			continue
		}
		app, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || !edit.IsBuiltin(c.pass, app.Fun, "append") || len(app.Args) < 2 || edit.Source(c.pass, app.Args[0]) != edit.Source(c.pass, as.Lhs[0]) || !c.isPure(as.Lhs[0]) {
			continue
		}
		made := false
		for _, a := range app.Args[1:] {
			for v := range c.varsIn(a) {
				made = made || uses[v]
			}
		}
		sl, isSlice := c.pass.TypesInfo.TypeOf(as.Lhs[0]).Underlying().(*types.Slice)
		if !made || !isSlice || clientmodel.Default.Record(sl.Elem()) == nil || !c.keptAcross(as.Lhs[0], loop, body, call.Pos()) {
			continue // a slice of other values (keys seen, durations)
		}
		if guard == edit.Source(c.pass, as.Lhs[0]) {
			return pastBatch{}, false // committed only while it is empty
		}
		return pastBatch{batch: as.Lhs[0], appended: as, stmts: stmts}, true
	}
	return pastBatch{}, false
}

// varsIn returns the local variables e names.
func (c *checker) varsIn(e ast.Node) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// keptAcross reports whether the slice x keeps its value from one
// iteration of loop to the next: a field, or a variable declared before
// the loop, that no statement of the loop's body before pos (the call)
// assigns (a batch flushed and reset first, in the skip branch or
// before it).
func (c *checker) keptAcross(x ast.Expr, loop ast.Stmt, body *ast.BlockStmt, pos token.Pos) bool {
	root := x
	for {
		sel, ok := ast.Unparen(root).(*ast.SelectorExpr)
		if !ok {
			break
		}
		root = sel.X
	}
	id, ok := ast.Unparen(root).(*ast.Ident)
	if !ok {
		return false
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || obj.Pos() >= loop.Pos() && obj.Pos() < loop.End() {
		return false
	}
	text := edit.Source(c.pass, x)
	assigned := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.Pos() >= pos {
			return false
		}
		if as, ok := n.(*ast.AssignStmt); ok && as.End() <= pos {
			for _, l := range as.Lhs {
				assigned = assigned || edit.Source(c.pass, l) == text
			}
		}
		return !assigned
	})
	return !assigned
}

// emptyGuard returns x, and the list holding the guard, when list is the
// body of `if len(x) == 0 { ... }` (no init, no else).
func (c *checker) emptyGuard(path []ast.Node, list []ast.Stmt) (string, []ast.Stmt, bool) {
	for i, n := range path {
		blk, ok := n.(*ast.BlockStmt)
		if !ok || len(blk.List) == 0 || &blk.List[0] != &list[0] || i+1 >= len(path) {
			continue
		}
		ifs, ok := path[i+1].(*ast.IfStmt)
		if !ok || ifs.Body != blk || ifs.Init != nil || ifs.Else != nil {
			return "", nil, false
		}
		be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
		if !ok || be.Op != token.EQL {
			return "", nil, false
		}
		lc, ok := ast.Unparen(be.X).(*ast.CallExpr)
		if !ok || !edit.IsBuiltin(c.pass, lc.Fun, "len") || len(lc.Args) != 1 || edit.Source(c.pass, be.Y) != "0" {
			return "", nil, false
		}
		outer, outerList := edit.Stmt(path[i+1:])
		if outer == nil || outerList == nil {
			return "", nil, false
		}
		return edit.Source(c.pass, lc.Args[0]), *outerList, true
	}
	return "", nil, false
}

// guardedStmts returns the statements a guard around list[idx] must hold:
// the call's statement, and the check of what it declares when the next
// statement is one (if err != nil, or any if naming what it declares and
// nothing after it does); nil when what it declares is used further on,
// where a guard would leave it undeclared.
func (c *checker) guardedStmts(list []ast.Stmt, idx int) []ast.Stmt {
	stmt := list[idx]
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		return []ast.Stmt{stmt, list[idx+1]}
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE {
		return []ast.Stmt{stmt}
	}
	declared := map[types.Object]bool{}
	for _, l := range as.Lhs {
		if id, ok := l.(*ast.Ident); ok && id.Name != "_" {
			if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
				declared[obj] = true
			}
		}
	}
	uses := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok && declared[c.pass.TypesInfo.Uses[id]] {
				found = true
			}
			return !found
		})
		return found
	}
	out := []ast.Stmt{stmt}
	rest := list[idx+1:]
	if len(rest) > 0 {
		if _, isIf := rest[0].(*ast.IfStmt); isIf && uses(rest[0]) {
			out, rest = append(out, rest[0]), rest[1:]
		}
	}
	for _, s := range rest {
		if uses(s) {
			return nil
		}
	}
	return out
}
