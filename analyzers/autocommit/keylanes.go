package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// ---- messages sent on a lane per key ----

// keyLaneCommit returns the edits for a message read by call (the
// statement `msg, err := reader.Read(ctx)` in list, whose error check
// leaves) and sent on a lane held in a map keyed by a field of the message
// (laneOf with anyKey: ch, ok := lanes[string(m.Key)]; if !ok { ...; go
// func() { for m := range ch { ... } }() }; ch <- m). A partition's
// messages reach several lanes, whose workers finish them out of order,
// so a commit of each worker's own message could pass messages still in
// another lane. The fix writes a low-water mark instead: it fetches
// without committing, starts each message in a low-water-mark tracker
// (the one the fix declares: edit.DeclareTracker) made before the loop, in offset
// order, right before the send (a Start that fails starts the partition
// over: clientmodel.TrackerCode.Start), and the lane's worker marks the
// message done once it has finished with it (at the end of its loop body,
// and before each continue), committing the mark when Done advances it,
// a failure logged (a later commit covers it). A message whose processing
// fails and is logged is done as before: the original loop carried on from
// it. Commits of several workers are last-write-wins, so a lower mark may
// land after a higher one: a replay, never a loss. It needs the client to spell the mark's commit
// (clientmodel.LowWaterWriteOf), the reader and the context to mean the
// same in the worker, and the client's package imported by the file.
func (c *checker) keyLaneCommit(path []ast.Node, stmt ast.Stmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetch, commit string) ([]analysis.TextEdit, bool) {
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(call.Args) != 1 {
		return nil, false
	}
	errID, ok := as.Lhs[1].(*ast.Ident)
	if !ok {
		return nil, false
	}
	ifs, ok := c.checkAfter(list, stmt).(*ast.IfStmt)
	if !ok || ifs.Init != nil || !edit.IsNilCheckOf(c.pass, ifs.Cond, errID) || !noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List) {
		return nil, false
	}
	obj := c.pass.TypesInfo.ObjectOf(msg)
	rest := after(list, stmt)
	var ss *ast.SendStmt
	for _, s := range rest {
		if x, isSend := s.(*ast.SendStmt); isSend {
			ss = x
			break
		}
	}
	if ss == nil {
		return nil, false
	}
	l, ok := c.laneOf(ss, rest, obj, true)
	if !ok {
		return nil, false
	}
	conts, ok := c.workerExits(l.loop.Body)
	if !ok {
		return nil, false
	}
	// Where the worker marks its message done: the reader, the context
	// and the worker's variable must mean the same there.
	at := []token.Pos{l.loop.Body.Rbrace}
	for _, ct := range conts {
		at = append(at, ct.Pos())
	}
	for _, pos := range at {
		if _, v := c.scopeAt(pos).LookupParent(l.v.Name, pos); v != c.pass.TypesInfo.Defs[l.v] || !c.rootVisibleAt(sel.X, pos) || !c.rootVisibleAt(edit.LiveContext(c.pass, call.Args[0]), pos) {
			return nil, false
		}
	}
	// The client's write of the mark in place of its commit.
	cl := clientmodel.Default.Record(obj.Type())
	lw := clientmodel.LowWaterWriteOf(cl)
	if lw == nil {
		return nil, false
	}
	commitFn := ""
	for _, cc := range cl.Calls {
		if cc.Role == clientmodel.Commit && clientmodel.ShortName(cc.Func) == commit {
			commitFn = cc.Func
		}
	}
	file := edit.File(c.pass, call.Pos())
	cpkg := ""
	if lw.Pkg != "" {
		name, add := edit.Import(c.pass, file, lw.Pkg)
		if add != nil {
			return nil, false
		}
		cpkg = name
	}
	// The names the fix declares: the tracker, the key, and next and ok
	// around the commit, which must not hide what the commit uses.
	loop, _ := edit.LoopOf(path)
	fd := outerDecl(path)
	if loop == nil || fd == nil {
		return nil, false
	}
	if lp, isLabel := edit.Path(c.pass, loop.Pos())[1].(*ast.LabeledStmt); isLabel && lp.Stmt == loop {
		loop = lp
	}
	tracker := c.unusedName(fd.Body, "tracker")
	key := c.unusedName(fd.Body, "tp")
	recv, ctx := edit.Source(c.pass, sel.X), edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0]))
	for _, used := range []ast.Expr{sel.X, edit.LiveContext(c.pass, call.Args[0])} {
		for _, name := range []string{"next", "ok", "err"} {
			if c.usesName(used, name) {
				return nil, false
			}
		}
	}
	decls, declared := edit.DeclareTracker(c.pass)
	if !declared || !edit.TrackerNamesFree(c.pass, loop.Pos()) || !edit.TrackerNamesFree(c.pass, ss.Pos()) {
		return nil, false // the tracker's names are taken
	}
	logName, logImp := edit.Import(c.pass, file, "log")
	for _, pos := range at {
		if !edit.TrackerNamesFree(c.pass, pos) {
			return nil, false
		}
		if pn, isPkg := c.lookup(pos, logName).(*types.PkgName); logImp == nil && (!isPkg || pn.Imported().Path() != "log") || logImp != nil && c.lookup(pos, logName) != nil {
			return nil, false // log names something else in the worker
		}
	}
	tc := clientmodel.TrackerCode{W: lw, Tracker: tracker, ClientPkg: cpkg}
	write := tc.Write(commitFn, recv, ctx, l.v.Name, "next")
	if write == "" {
		return nil, false
	}
	done := tc.Done(l.v.Name, c.groupOnly(recv, fmt.Sprintf("if err := %s; err != nil {\n\t%s.Printf(\"commit offset: %%v\", err)\n}", write, logName)))
	edits := append(append(decls, logImp...),
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)},
		edit.InsertBefore(c.pass, loop, tc.Make()),
		edit.InsertBefore(c.pass, ss, tc.Start(msg.Name, key)),
	)
	for _, ct := range conts {
		edits = append(edits, edit.InsertBefore(c.pass, ct, done))
	}
	if b, isBranch := l.body[len(l.body)-1].(*ast.BranchStmt); !isBranch || b.Tok != token.CONTINUE {
		e, ok := edit.AppendToList(c.pass, l.body, l.loop.Body.Rbrace, done)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	return edits, true
}

// lookup returns the object name means at pos.
func (c *checker) lookup(pos token.Pos, name string) types.Object {
	_, obj := c.scopeAt(pos).LookupParent(name, pos)
	return obj
}
