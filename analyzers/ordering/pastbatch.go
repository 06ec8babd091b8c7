package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

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
	first, last := b.stmts[0], b.stmts[len(b.stmts)-1]
	text, cut, ok := c.cutLines(first, last)
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
		indent := edit.Indent(c.pass, first.Pos())
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
// loop that ends with a continue of that loop, and a later statement of
// the loop body appends a value made from a variable call uses to a slice
// declared before the loop (or a field), which no statement of the loop
// body before the call's assigns.
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
	stmts := []ast.Stmt{stmt}
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		stmts = append(stmts, list[idx+1])
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
	for _, s := range body.List[top+1:] {
		as, ok := s.(*ast.AssignStmt)
		if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
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
		if !made || !c.keptAcross(as.Lhs[0], loop, body.List[:top]) {
			continue
		}
		return pastBatch{batch: as.Lhs[0], appended: s, stmts: stmts}, true
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
// the loop, that none of before (the loop body's statements before the
// call) assigns.
func (c *checker) keptAcross(x ast.Expr, loop ast.Stmt, before []ast.Stmt) bool {
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
	for _, s := range before {
		ast.Inspect(s, func(n ast.Node) bool {
			if as, ok := n.(*ast.AssignStmt); ok {
				for _, l := range as.Lhs {
					assigned = assigned || edit.Source(c.pass, l) == text
				}
			}
			return !assigned
		})
	}
	return !assigned
}
