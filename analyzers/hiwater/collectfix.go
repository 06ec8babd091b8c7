package hiwater

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// collectorLowWater builds the fix of an arrival-order finding whose
// collector is the consume loop itself (a select receiving both records
// and completions): the goroutines keep running, and the loop writes a
// low-water mark instead of each completion's own position. A tracker of
// the lowwater package is made before the loop, each record is started in
// it right before its goroutine, and the statement of the position call
// becomes
//
//	if next, ok := tracker.Done(lowwater.TopicPartition{Topic: m.Topic, Partition: m.Partition}, m.Offset); ok {
//		sess.MarkOffset(m.Topic, m.Partition, next, "")
//	}
//
// A Start that fails meets a partition consumed again from an earlier
// offset (a rebalance gave it back, or the client rewound it): the
// partition is forgotten and started over, so that a rebalance does not
// end the loop; the records still running from before it complete
// offsets a finished record of the new run would complete too.
//
// It requires the client to spell the low-water write
// (clientmodel.LowWaterWriteOf), the goroutine to be a go statement of the
// loop sending the record it captures, the position call to take one
// record, a variable, in a statement of its own or the init of an if
// statement without else, and the function to return just an error (a
// second Start failing, on an invalid offset, is returned).
func (c *checker) collectorLowWater(f *finding) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	call, s := f.call, f.site
	lw := clientmodel.LowWaterWriteOf(call.Client)
	if lw == nil || lw.Calls[call.Func] == "" || s.kind != perRecord || call.Fn != s.spawner() {
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
	// (The one record of a variadic call is a leaf of its slice.)
	arg0 := ssaflow.Arg(ci.Common(), call.Record)
	var ch ssa.Value
	for _, v := range append([]ssa.Value{arg0}, c.leavesOf(arg0).recs...) {
		if kind, o := c.origin(call.Fn, v); kind == originRecv {
			ch = o
			break
		}
	}
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
	return c.trackerFix(call, gs, rec, nil)
}

// trackerFix builds the low-water fix of position call call: a tracker
// made before the loop around go statement gs, the record rec (a variable
// visible at gs) started in it right before gs, and the statement of the
// call, whose record is a variable, writing what the tracker's Done
// returns. When captured is not nil, the call's record must be that
// variable.
func (c *checker) trackerFix(call *consumer.Call, gs *ast.GoStmt, rec *ast.Ident, captured types.Object) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	lw := clientmodel.LowWaterWriteOf(call.Client)
	if lw == nil || lw.Calls[call.Func] == "" {
		return fail()
	}
	// The position call, and its record.
	ce, cpath := edit.CallAt(c.pass, call.Pos())
	if ce == nil || len(cpath) < 2 || call.Record >= len(ce.Args) || ce.Ellipsis.IsValid() {
		return fail()
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(ce.Fun).(*types.Signature); !ok ||
		sig.Variadic() && call.Record == sig.Params().Len()-1 && len(ce.Args) != call.Record+1 {
		return fail() // several records, one write
	}
	stmt, ok := c.positionStmt(ce, cpath)
	sel, ok2 := ce.Fun.(*ast.SelectorExpr)
	done, ok3 := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
	if !ok || !ok2 || !ok3 || rec.Name == "err" || captured != nil && c.pass.TypesInfo.Uses[done] != captured {
		return fail()
	}
	recv := c.src(sel.X)
	if recv == "" {
		return fail()
	}
	// next and ok, declared around the statement, must not hide a name it
	// uses.
	hides := false
	ast.Inspect(stmt, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && (id.Name == "next" || id.Name == "ok") {
			hides = true
		}
		return !hides
	})
	if hides {
		return fail()
	}
	arg := ""
	if call.Record > 0 {
		if arg = c.src(ce.Args[0]); arg == "" {
			return fail()
		}
	}
	// The loop around the go statement and the collector, and the
	// function's results.
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	if loop == nil || !(loop.Pos() <= stmt.Pos() && stmt.End() <= loop.End()) {
		return fail()
	}
	sig := c.enclosingSig(edit.Path(c.pass, gs.Pos()))
	if sig == nil || sig.Results().Len() != 1 || !isErrorType(sig.Results().At(0).Type()) {
		return fail()
	}
	outer := ast.Stmt(loop)
	if ls, ok := edit.Path(c.pass, loop.Pos())[1].(*ast.LabeledStmt); ok && ls.Stmt == loop {
		outer = ls
	}
	tracker := edit.FreeName(c.pass, outer.Pos(), "tracker")
	if strings.Contains(recv, tracker) || strings.Contains(arg, tracker) {
		return fail()
	}
	file := edit.File(c.pass, call.Pos())
	pkg, imports := edit.Import(c.pass, file, clientmodel.LowWaterPath)
	if imports != nil && c.lookupAt(outer.Pos(), pkg) != nil {
		return fail() // the name is taken
	}
	// The client's package, named by the write: imported by the file
	// already (the record's type), under a name the statement sees.
	cpkg := ""
	if lw.Pkg != "" {
		name, add := edit.Import(c.pass, file, lw.Pkg)
		if add != nil {
			return fail()
		}
		if pn, isPkg := c.lookupAt(stmt.Pos(), name).(*types.PkgName); !isPkg || pn.Imported().Path() != lw.Pkg {
			return fail()
		}
		cpkg = name
	}
	fields := func(r string) *strings.Replacer {
		// FixRecv before FixRec, its prefix.
		return strings.NewReplacer(clientmodel.FixRecv, recv, clientmodel.FixRec, r, clientmodel.FixNext, "next",
			clientmodel.FixPkg, cpkg, clientmodel.FixArg, arg)
	}
	tp := func(r string) string {
		x := fields(r)
		return fmt.Sprintf("%s.%s{Topic: %s, Partition: %s}", pkg, clientmodel.LowWaterKey, x.Replace(lw.Topic), x.Replace(lw.Partition))
	}
	off := func(r string) string { return fields(r).Replace(lw.Offset) }
	// The statement, its call replaced by the write.
	stmtSrc := c.src(stmt)
	callSrc := c.src(ce)
	if stmtSrc == "" || callSrc == "" {
		return fail()
	}
	at := int(ce.Pos() - stmt.Pos())
	written := stmtSrc[:at] + fields(done.Name).Replace(lw.Calls[call.Func]) + stmtSrc[at+len(callSrc):]
	key := edit.FreeName(c.pass, gs.Pos(), "tp")
	if key == tracker || strings.Contains(recv, key) {
		return fail()
	}
	start := fmt.Sprintf("%s.Start(%s, %s)", tracker, key, off(rec.Name))
	edits := append(imports,
		edit.InsertBefore(c.pass, outer, tracker+" := "+pkg+".New()"),
		edit.InsertBefore(c.pass, gs, fmt.Sprintf("%s := %s\n"+
			"if err := %s; err != nil {\n"+
			"\t// consumed again from an earlier offset (a rebalance or a rewind): start the partition over\n"+
			"\t%s.Forget(%s)\n"+
			"\tif err := %s; err != nil {\n\t\treturn err\n\t}\n}", key, tp(rec.Name), start, tracker, key, start)),
		c.replaceStmt(stmt, fmt.Sprintf("if next, ok := %s.Done(%s, %s); ok {\n\t%s\n}", tracker, tp(done.Name), off(done.Name),
			strings.ReplaceAll(written, "\n", "\n\t"))),
	)
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Track the %ss in flight and %s the low-water mark", call.Client.RecordNoun, roleWord(call.Role)),
		TextEdits: edits,
	}, true
}

// positionStmt returns the statement of position call ce (path its
// enclosing nodes): an expression statement, or an if statement without
// else whose init is an assignment of the call's results.
func (c *checker) positionStmt(ce *ast.CallExpr, path []ast.Node) (ast.Stmt, bool) {
	switch st := path[1].(type) {
	case *ast.ExprStmt:
		return st, true
	case *ast.AssignStmt:
		if len(path) < 3 || len(st.Rhs) != 1 || ast.Unparen(st.Rhs[0]) != ast.Expr(ce) {
			return nil, false
		}
		if ifs, ok := path[2].(*ast.IfStmt); ok && ifs.Init == ast.Stmt(st) && ifs.Else == nil {
			return ifs, true
		}
	}
	return nil, false
}
