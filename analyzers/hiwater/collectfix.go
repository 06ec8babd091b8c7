package hiwater

import (
	"fmt"
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// collectorLowWater builds the fix of an arrival-order finding whose
// collector is the consume loop itself (a select receiving both records
// and completions): the goroutines keep running, and the loop writes a
// low-water mark instead of each completion's own position. A tracker of
// the lowwater package is made before the loop, each record is started in
// it right before its goroutine, and the position call becomes
//
//	if next, ok := tracker.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
//		sess.MarkOffset(m.Topic, m.Partition, next, "")
//	}
//
// It requires the client to spell the low-water write
// (clientmodel.LowWaterFix), the goroutine to be a go statement of the
// loop sending the record it captures, the position call to be a statement
// whose record is a variable, and the function to return just an error (a
// Start error is returned).
func (c *checker) collectorLowWater(f *finding) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	call, s := f.call, f.site
	lw := call.Client.LowWater
	if lw == nil || lw.Marks[call.Func] == "" || s.kind != perRecord || call.Fn != s.spawner() {
		return fail()
	}
	g, ok := s.l.instr.(*ssa.Go)
	if !ok {
		return fail()
	}
	gs := goStmtAt(c.pass, g.Pos())
	if gs == nil {
		return fail()
	}
	if _, i := stmtListOf(c.pass, gs); i < 0 {
		return fail()
	}
	// The record the goroutine sends to the loop: a variable of the loop
	// it captures.
	ci, ok := call.Instr.(*ssa.Call)
	if !ok {
		return fail()
	}
	_, ch := c.origin(call.Fn, ssaflow.Arg(ci.Common(), call.Record))
	if ch == nil {
		return fail()
	}
	var rec *ast.Ident
	for _, send := range c.sends {
		if send.Parent() != s.l.fn || !ssaflow.Intersects(c.m.Flow.Roots(send.Chan), c.m.Flow.Roots(ch)) {
			continue
		}
		ss, ok := edit.Path(c.pass, send.Pos())[0].(*ast.SendStmt)
		if !ok {
			return fail()
		}
		id, ok := ast.Unparen(ss.Value).(*ast.Ident)
		if !ok || rec != nil && id.Name != rec.Name {
			return fail()
		}
		rec = id
	}
	if rec == nil {
		return fail()
	}
	obj := c.pass.TypesInfo.Uses[rec]
	if obj == nil || c.lookupAt(gs.Pos(), rec.Name) != obj {
		return fail()
	}
	// The position call, and its record.
	ce, cpath := edit.CallAt(c.pass, call.Pos())
	if ce == nil || len(cpath) < 2 || call.Record >= len(ce.Args) {
		return fail()
	}
	stmt, ok := cpath[1].(*ast.ExprStmt)
	sel, ok2 := ce.Fun.(*ast.SelectorExpr)
	done, ok3 := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
	if !ok || !ok2 || !ok3 || done.Name == "next" || done.Name == "ok" || rec.Name == "err" {
		return fail()
	}
	recv := c.src(sel.X)
	if recv == "" || strings.Contains(recv, "next") {
		return fail()
	}
	// The loop around the go statement and the collector, and the
	// function's results.
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	if loop == nil || !(loop.Pos() <= stmt.Pos() && stmt.End() <= loop.End()) {
		return fail()
	}
	sig := c.enclosingSig(edit.Path(c.pass, loop.Pos()))
	if sig == nil || sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return fail()
	}
	outer := ast.Stmt(loop)
	if ls, ok := edit.Path(c.pass, loop.Pos())[1].(*ast.LabeledStmt); ok && ls.Stmt == loop {
		outer = ls
	}
	tracker := edit.FreeName(c.pass, outer.Pos(), "tracker")
	if strings.Contains(recv, tracker) {
		return fail()
	}
	file := edit.File(c.pass, call.Pos())
	pkg, imports := edit.Import(c.pass, file, clientmodel.LowWaterPath)
	if imports != nil && c.lookupAt(outer.Pos(), pkg) != nil {
		return fail() // the name is taken
	}
	tp := func(r string) string {
		return fmt.Sprintf("%s.%s{Topic: %s.%s, Partition: %s.%s}", pkg, clientmodel.LowWaterKey, r, lw.TopicField, r, lw.PartitionField)
	}
	off := func(r string) string { return r + "." + call.Client.OffsetField }
	mark := strings.NewReplacer(clientmodel.FixRecv, recv, clientmodel.FixRec, done.Name, clientmodel.FixNext, "next").Replace(lw.Marks[call.Func])
	edits := append(imports,
		edit.InsertBefore(c.pass, outer, tracker+" := "+pkg+".New()"),
		edit.InsertBefore(c.pass, gs, fmt.Sprintf("if err := %s.Start(%s, %s); err != nil {\n\treturn err\n}", tracker, tp(rec.Name), off(rec.Name))),
		c.replaceStmt(stmt, fmt.Sprintf("if next, ok := %s.Done(%s, %s); ok {\n\t%s\n}", tracker, tp(done.Name), off(done.Name), mark)),
	)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Track the %ss in flight and %s the low-water mark", call.Client.RecordNoun, roleWord(call.Role)),
		TextEdits: edits,
	}, true
}
