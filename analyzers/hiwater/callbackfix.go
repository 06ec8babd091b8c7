package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// lowWaterFix builds the fix of a completion callback's position call: a
// low-water-mark tracker (edit.DeclareTracker) made before the loop
// that makes the callbacks, each record started in it, in offset order,
// before its callback is made, and the callback writing what the tracker's
// Done returns, the smallest offset still in flight, instead of its own
// record's position:
//
//	tracker := newLowWaterTracker()
//	for msg := range claim.Messages() {
//		tp := lowWaterKey{Topic: msg.Topic, Partition: msg.Partition}
//		if !tracker.Start(tp, msg.Offset) {
//			// consumed again from an earlier offset (a rebalance or a rewind): start the partition over
//			tracker.Forget(tp)
//			tracker.Start(tp, msg.Offset)
//		}
//		send(msg, func(err error) {
//			if next, ok := tracker.Done(lowWaterKey{Topic: msg.Topic, Partition: msg.Partition}, msg.Offset); ok {
//				sess.MarkOffset(msg.Topic, msg.Partition, next, "")
//			}
//		})
//	}
//
// A Start that fails is a partition consumed again from an earlier offset
// (clientmodel.TrackerCode.Start): it is started over, so a rebalance does
// not end the loop, whatever the function returns. A callback returning
// its position call's error (return q.r.CommitMessages(ctx, m)) returns
// the write of the mark where Done advances it, and nil where it does
// not: the record is done, and a later record's write covers it. It
// requires the client to spell the write (clientmodel.LowWaterWriteOf),
// the call to take one record, the captured variable itself, and to be a
// statement of its own or the one result of a return of a callback
// returning just an error.
func (c *checker) lowWaterFix(cb *callback) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	call := cb.call
	lw := clientmodel.LowWaterWriteOf(call.Client)
	if lw == nil || lw.Calls[call.Func] == "" {
		return fail()
	}
	ce, cpath := edit.CallAt(c.pass, call.Pos())
	if ce == nil || len(cpath) < 2 || call.Record >= len(ce.Args) || ce.Ellipsis.IsValid() {
		return fail()
	}
	if sig, ok := c.pass.TypesInfo.TypeOf(ce.Fun).(*types.Signature); !ok ||
		sig.Variadic() && call.Record == sig.Params().Len()-1 && len(ce.Args) != call.Record+1 {
		return fail() // several records, one write
	}
	sel, ok := ce.Fun.(*ast.SelectorExpr)
	recID, ok2 := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
	if !ok || !ok2 {
		return fail()
	}
	rec := c.pass.TypesInfo.Uses[recID]
	if rec == nil || recID.Name == "next" || recID.Name == "ok" {
		return fail()
	}
	// The loop making the callbacks, and the statement of it that makes
	// this callback.
	path := edit.Path(c.pass, cb.call.Fn.Pos())
	lit := -1
	for i, n := range path {
		if fl, ok := n.(*ast.FuncLit); ok && fl.Pos() == cb.call.Fn.Pos() {
			lit = i
			break
		}
	}
	if lit < 0 {
		return fail()
	}
	// The position call: a statement of its own, or returned alone by a
	// callback returning just an error, in the callback's own body.
	var stmt ast.Stmt
	returned := false
	switch s := cpath[1].(type) {
	case *ast.ExprStmt:
		stmt = s
	case *ast.ReturnStmt:
		cbSig, isSig := c.pass.TypesInfo.TypeOf(path[lit].(*ast.FuncLit)).(*types.Signature)
		if len(s.Results) != 1 || !isSig || cbSig.Results().Len() != 1 || !isErrorType(cbSig.Results().At(0).Type()) {
			return fail()
		}
		stmt, returned = s, true
	default:
		return fail()
	}
	_, body := edit.LoopOf(path[lit+1:])
	outer := c.fetchLoop(path[lit+1:])
	if body == nil || outer == nil {
		return fail()
	}
	top := stmtAround(path[lit:], body)
	if top == nil {
		return fail()
	}
	// The record must mean the same where Start goes, and nothing the
	// position call uses may be named like what the fix declares.
	if c.lookupAt(top.Pos(), recID.Name) != rec {
		return fail()
	}
	tracker := edit.FreeName(c.pass, outer.Pos(), "tracker")
	recv := c.src(sel.X)
	arg := ""
	if call.Record > 0 {
		arg = c.src(ce.Args[0])
	}
	if recv == "" || call.Record > 0 && arg == "" {
		return fail()
	}
	hides := false
	for _, e := range []ast.Expr{sel.X, ce.Args[0]} {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID && (id.Name == "next" || id.Name == "ok" || id.Name == tracker) {
				hides = true // the if declaring next and ok, or the tracker, would hide it
			}
			return !hides
		})
	}
	if hides {
		return fail()
	}
	tc, imports, ok := c.trackerCode(lw, outer, stmt, tracker)
	if !ok {
		return fail()
	}
	key := edit.FreeName(c.pass, top.Pos(), "tp")
	if key == tracker {
		return fail()
	}
	write := tc.Write(call.Func, recv, arg, recID.Name, "next")
	done := tc.Done(recID.Name, write)
	if returned {
		done = tc.Done(recID.Name, "return "+write) + "\nreturn nil"
	}
	edits := append(imports,
		edit.InsertBefore(c.pass, outer, tc.Make()),
		edit.InsertBefore(c.pass, top, tc.Start(recID.Name, key)),
		c.replaceStmt(stmt, done),
	)
	// A callback's early returns dropping its record (a failure reported
	// and skipped) are done as before.
	for _, ret := range c.droppingReturns(stmt, rec) {
		edits = append(edits, edit.InsertBefore(c.pass, ret, fmt.Sprintf("%s.Done(%s, %s) // dropped as before: done, so that it does not hold the mark",
			tracker, tc.Key(recID.Name), tc.Offset(recID.Name))))
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Track the %ss in flight and %s the low-water mark", call.Client.RecordNoun, roleWord(call.Role)),
		TextEdits: edits,
	}, true
}

// trackerCode returns the code of a low-water fix writing lw in place of
// the position call of statement stmt, its tracker named tracker and made
// before outer, and the edits declaring the tracker in the package; false
// when the package declares the tracker's names otherwise, or they name
// something else where outer is, or when the write names the client's
// package and the file does not import it already (the record's type)
// under a name stmt sees.
func (c *checker) trackerCode(lw *clientmodel.LowWaterWrite, outer, stmt ast.Stmt, tracker string) (clientmodel.TrackerCode, []analysis.TextEdit, bool) {
	file := edit.File(c.pass, stmt.Pos())
	decls, ok := edit.DeclareTracker(c.pass)
	if !ok || !edit.TrackerNamesFree(c.pass, outer.Pos()) || !edit.TrackerNamesFree(c.pass, stmt.Pos()) {
		return clientmodel.TrackerCode{}, nil, false
	}
	cpkg := ""
	if lw.Pkg != "" {
		name, add := edit.Import(c.pass, file, lw.Pkg)
		if add != nil {
			return clientmodel.TrackerCode{}, nil, false
		}
		if pn, isPkg := c.lookupAt(stmt.Pos(), name).(*types.PkgName); !isPkg || pn.Imported().Path() != lw.Pkg {
			return clientmodel.TrackerCode{}, nil, false
		}
		cpkg = name
	}
	return clientmodel.TrackerCode{W: lw, Tracker: tracker, ClientPkg: cpkg}, decls, true
}

// fetchLoop returns the outermost loop around path[0] in its function (no
// function literal crossed), with its label, when that loop fetches the
// records: it calls a fetch of the client model or a feed (a sarama claim's
// Messages), or ranges over one. A tracker made before it spans every
// record the function hands out; one made inside it would start over with
// records of an earlier iteration still in flight, and its mark pass them.
// Nil otherwise (a loop over a batch a caller passes in).
func (c *checker) fetchLoop(path []ast.Node) ast.Stmt {
	var outer ast.Stmt
walk:
	for i, n := range path {
		var child ast.Node
		if i > 0 {
			child = path[i-1]
		}
		switch l := n.(type) {
		case *ast.ForStmt:
			if child == l.Body {
				outer = l
			}
		case *ast.RangeStmt:
			if child == l.Body {
				outer = l
			}
		case *ast.LabeledStmt:
			if outer != nil && l.Stmt == outer {
				outer = l
			}
		case *ast.FuncLit, *ast.FuncDecl:
			break walk
		}
	}
	if outer == nil {
		return nil
	}
	fetches := false
	ast.Inspect(outer, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
			if ref, ok := clientmodel.Default.Call(fn); ok && (ref.Role == clientmodel.Fetch || ref.Role == clientmodel.FetchCommit) || clientmodel.Default.Feed(fn) {
				fetches = true
			}
		}
		return !fetches
	})
	if !fetches {
		return nil
	}
	return outer
}

// stmtAround returns the innermost statement of a statement list (a block
// or a case's body) that holds path[0], up to the loop body body, or nil.
func stmtAround(path []ast.Node, body *ast.BlockStmt) ast.Stmt {
	for i := 0; i+1 < len(path); i++ {
		st, ok := path[i].(ast.Stmt)
		switch st.(type) {
		case *ast.CaseClause, *ast.CommClause:
			ok = false // a clause of a switch or select, not a statement of a list
		}
		if !ok {
			continue
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		}
		for _, x := range list {
			if x == st {
				return st
			}
		}
		if path[i+1] == body {
			return nil
		}
	}
	return nil
}

func isErrorType(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// lookupAt returns the object name means at pos.
func (c *checker) lookupAt(pos token.Pos, name string) types.Object {
	f := edit.File(c.pass, pos)
	if f == nil || c.pass.TypesInfo.Scopes[f] == nil {
		return nil
	}
	_, obj := c.pass.TypesInfo.Scopes[f].Innermost(pos).LookupParent(name, pos)
	return obj
}

// src returns the source of n as written.
func (c *checker) src(n ast.Node) string {
	tf := c.pass.Fset.File(n.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(n.Pos()):tf.Offset(n.End())])
}

// replaceStmt returns an edit replacing s by text, its lines indented like
// s.
func (c *checker) replaceStmt(s ast.Stmt, text string) analysis.TextEdit {
	indent := edit.Indent(c.pass, s.Pos())
	lines := strings.Split(text, "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = indent + lines[i]
	}
	return analysis.TextEdit{Pos: s.Pos(), End: s.End(), NewText: []byte(strings.Join(lines, "\n"))}
}
