package autocommit

import (
	"fmt"
	"go/ast"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
)

// ---- offsets stored on delivery, committed by the revoke callback ----

// storedRevoke reports a consumer with auto-commit off whose revoke
// callback commits the stored offsets (confluent-kafka-go's Commit())
// while auto-store stores each message as Poll hands it over and the loop
// holds messages across polls, a batch it writes later
// (semantics.Evidence.HeldAtRevoke): the callback runs in a poll and
// commits the held messages before they are written. The fix turns
// auto-store off, so that the callback commits only what the code
// stores; the loop's commits of the records it names do not depend on
// it. A loop that commits the stored offsets itself gets a store after
// each batch is written (storeAfterProcessing), or no fix.
func (c *checker) storedRevoke(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if s.Is(cl, clientmodel.AutoCommit) || !s.Is(cl, clientmodel.AutoStore) || len(allCallsWith(k, clientmodel.Store)) > 0 {
		return // storedTimer's, or ineffective's (stores that auto-store makes moot)
	}
	ev := semantics.For(c.pass, k)
	if ev == nil {
		return
	}
	rv := ev.HeldAtRevoke()
	if rv == nil {
		return
	}
	stored := clientmodel.ShortName(cl.CallName(clientmodel.Commit, clientmodel.ScopeMarked))
	loopStored := slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool {
		return pc.Role == clientmodel.Commit && pc.Func == stored
	})
	call, _ := edit.CallAt(c.pass, edit.PosOf(c.pass, rv.Commit))
	if call == nil {
		return // the callback is in another package
	}
	at := call.Pos()
	rel := []analysis.RelatedInformation{related(edit.PosOf(c.pass, rv.Pos), "the revoke callback is registered here")}
	for _, call := range allCallsWith(k, clientmodel.Commit) {
		p := c.pass.Fset.Position(call.Pos())
		if slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Last && pc.Pos == p }) {
			rel = append(rel, related(call.Pos(), clientmodel.ShortName(call.Func)+" commits the batch here, once it is written"))
		}
	}
	if ev.Buffered.Pos.IsValid() {
		if f := c.pass.Fset.File(at); f != nil && f.Name() == ev.Buffered.Pos.Filename {
			rel = append(rel, related(f.LineStart(ev.Buffered.Pos.Line), "the loop keeps the messages in "+ev.Buffered.Where+" here"))
		}
	}
	d := analysis.Diagnostic{
		Pos:      at,
		Category: CategoryAutoStore,
		Message: fmt.Sprintf("this %s in the revoke callback commits the offsets %s stored as %s handed each message over (%s is on), those of the batch the loop holds and has not written yet included: if the process crashes before it writes them, the partitions' next owner starts after them (lost)",
			stored, cl.EngineName(), fetchNames(k), cl.Spell(clientmodel.AutoStore)),
		Related: rel,
	}
	title := "Disable " + cl.Spell(clientmodel.AutoStore) + ": the revoke callback then commits only the offsets the code stores"
	edits, ok := c.setSetting(k, clientmodel.AutoStore, false)
	why := ""
	if !ok {
		why = fmt.Sprintf("%s; set %s to false there", unsettable(k), cl.Spell(clientmodel.AutoStore))
	}
	if ok && loopStored {
		// The loop's own Commit() commits the stored offsets: with
		// auto-store off, only those it stores once each batch is written.
		title = "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each batch after it is written"
		var stores []analysis.TextEdit
		for _, f := range allCallsWith(k, clientmodel.Fetch) {
			e, rw, built := c.storeAfterProcessing(k, f)
			if !built || !rw.batch {
				stores = nil
				break
			}
			stores = append(stores, e...)
		}
		if stores == nil {
			stores = c.storeBeforeCommits(k, ev, stored)
		}
		if stores == nil {
			why = fmt.Sprintf("the loop commits the stored offsets too, and the fix cannot place a store after each batch is written; set %s to false and call %s for each message of a batch once it is written", cl.Spell(clientmodel.AutoStore), cl.CallName(clientmodel.Store, clientmodel.ScopeArgs))
		}
		edits = append(edits, stores...)
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: title, TextEdits: dedupe(edits)}}
	}
	c.report(k, d)
}

// storedClose reports the revoke callback's commit of the stored offsets
// (semantics.Evidence.StoredAtClose) of a consumer with auto-commit off
// whose loop processes each message before it polls again: the client's
// Close polls out the messages it prefetched, which auto-store stores,
// before it serves the revoke, so the callback commits them unprocessed
// at every shutdown. The fix turns auto-store off and stores each message
// after it is processed: the callback, and the loop's own commits of the
// stored offsets, then commit processed messages only. A consumer
// another finding of this analyzer already fixes that way is left to it.
func (c *checker) storedClose(k *consumer.Consumer) {
	if c.reported[k] || c.sink != nil {
		return
	}
	ev := semantics.For(c.pass, k)
	if ev == nil {
		return
	}
	rv := ev.StoredAtClose()
	if rv == nil {
		return
	}
	call, _ := edit.CallAt(c.pass, edit.PosOf(c.pass, rv.Commit))
	if call == nil {
		return // the callback is in another package
	}
	cl := k.Client
	stored := clientmodel.ShortName(cl.CallName(clientmodel.Commit, clientmodel.ScopeMarked))
	d := analysis.Diagnostic{
		Pos:      call.Pos(),
		Category: CategoryAutoStore,
		Message: fmt.Sprintf("this %s in the revoke callback commits the offsets %s stored as %s handed each message over (%s is on); the client's Close polls out the messages it prefetched as the member leaves its group, which stores their offsets too, and then serves the revoke: this commit sends them unprocessed, and the partitions' next owner starts after them (lost at every shutdown)",
			stored, cl.EngineName(), fetchNames(k), cl.Spell(clientmodel.AutoStore)),
		Related: []analysis.RelatedInformation{related(edit.PosOf(c.pass, rv.Pos), "the revoke callback is registered here")},
	}
	store := cl.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	edits, ok := c.setSetting(k, clientmodel.AutoStore, false)
	why := ""
	if !ok {
		why = fmt.Sprintf("%s; set %s to false there, and call %s once each message is processed", unsettable(k), cl.Spell(clientmodel.AutoStore), store)
	}
	fetches := allCallsWith(k, clientmodel.Fetch)
	if len(fetches) == 0 && why == "" {
		why = fmt.Sprintf("the messages are fetched where the fix cannot place a store after their processing; set %s to false and call %s once each message is processed", cl.Spell(clientmodel.AutoStore), store)
	}
	for _, f := range fetches {
		d.Related = append(d.Related, related(f.Pos(), clientmodel.ShortName(f.Func)+" hands the message to the app and stores its offset here"))
		e, _, built := c.storeAfterProcessing(k, f)
		if !built && why == "" {
			why = fmt.Sprintf("no statement is sure to come after the message's processing; set %s to false and call %s once each message is processed", cl.Spell(clientmodel.AutoStore), store)
		}
		edits = append(edits, e...)
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each message after processing: the revoke callback then commits processed messages only",
			TextEdits: dedupe(edits),
		}}
	}
	c.report(k, d)
}

// fetchNames is the short names of k's fetch calls ("Poll"), "the poll"
// when none is in sight.
func fetchNames(k *consumer.Consumer) string {
	var names []string
	for _, f := range allCallsWith(k, clientmodel.Fetch) {
		names = append(names, clientmodel.ShortName(f.Func))
	}
	slices.Sort(names)
	names = slices.Compact(names)
	if len(names) == 0 {
		return "the poll"
	}
	return strings.Join(names, " or ")
}

// storeBeforeCommits stores each message of the batch the loop collects
// right before each of the loop's commits of the stored offsets (stored,
// Commit()) that follows the batch's processing
// (semantics.PositionCall.Collected): with auto-store off, that commit
// then sends the batch's offsets. The batch is the local slice each
// fetch's message is appended to (batch = append(batch, msg)); it must be
// in sight at each commit, taken by a call of the statements before it
// in its block (the batch written), and not assigned otherwise between
// that call and the commit. It returns nil when a commit or a fetch does
// not fit.
func (c *checker) storeBeforeCommits(k *consumer.Consumer, ev *semantics.Evidence, stored string) []analysis.TextEdit {
	var batch types.Object
	for _, f := range allCallsWith(k, clientmodel.Fetch) {
		b := c.collectedInto(f)
		if b == nil || batch != nil && b != batch {
			return nil
		}
		batch = b
	}
	if batch == nil {
		return nil
	}
	var edits []analysis.TextEdit
	for _, call := range allCallsWith(k, clientmodel.Commit) {
		p := c.pass.Fset.Position(call.Pos())
		if !slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Pos == p && pc.Func == stored }) {
			continue
		}
		if !slices.ContainsFunc(ev.Calls, func(pc *semantics.PositionCall) bool { return pc.Pos == p && pc.Collected }) {
			return nil // a commit of the stored offsets not after a batch
		}
		ce, path := edit.CallAt(c.pass, call.Pos())
		if ce == nil {
			return nil
		}
		sel, ok := ce.Fun.(*ast.SelectorExpr)
		stmt, listp := edit.Stmt(path)
		if !ok || stmt == nil || !c.writtenBefore(*listp, stmt, batch) || c.pass.TypesInfo.Scopes[edit.File(c.pass, ce.Pos())] == nil {
			return nil
		}
		if _, obj := c.pass.TypesInfo.Scopes[edit.File(c.pass, ce.Pos())].Innermost(ce.Pos()).LookupParent(batch.Name(), ce.Pos()); obj != batch {
			return nil
		}
		logged, imp := edit.LogErr(c.pass, edit.File(c.pass, ce.Pos()), "store offset", "err")
		m := edit.FreeName(c.pass, stmt.Pos(), "m")
		text := fmt.Sprintf("for _, %s := range %s {\n\tif _, err := %s.%s(%s); err != nil {\n\t\t%s\n\t}\n}",
			m, batch.Name(), edit.Source(c.pass, sel.X), k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs), m, logged)
		edits = append(edits, imp...)
		edits = append(edits, edit.InsertBefore(c.pass, stmt, text))
	}
	return edits
}

// collectedInto returns the local slice the message fetch f returns is
// appended to (msg, err := c.ReadMessage(...) or m, ok :=
// c.Poll(...).(*kafka.Message), then batch = append(batch, msg) in the
// same function), nil if there is not exactly one.
func (c *checker) collectedInto(f *consumer.Call) types.Object {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil {
		return nil
	}
	stmt, _ := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Rhs) != 1 || len(as.Lhs) == 0 {
		return nil
	}
	rhs := ast.Unparen(as.Rhs[0])
	if ta, isAssert := rhs.(*ast.TypeAssertExpr); isAssert {
		rhs = ast.Unparen(ta.X)
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	if rhs != call || !ok {
		return nil
	}
	msg := c.pass.TypesInfo.ObjectOf(id)
	var body *ast.BlockStmt
	for _, n := range path {
		switch fn := n.(type) {
		case *ast.FuncLit:
			body = fn.Body
		case *ast.FuncDecl:
			body = fn.Body
		}
		if body != nil {
			break
		}
	}
	if msg == nil || body == nil {
		return nil
	}
	var batch types.Object
	n := 0
	ast.Inspect(body, func(x ast.Node) bool {
		if b := c.appendTarget(x, msg); b != nil {
			batch = b
			n++
		}
		return true
	})
	if n != 1 || batch.Parent() == c.pass.Pkg.Scope() {
		return nil
	}
	return batch
}

// writtenBefore reports whether a statement of list before stmt passes
// batch to a call (other than len or append) and none after that one
// assigns batch.
func (c *checker) writtenBefore(list []ast.Stmt, stmt ast.Stmt, batch types.Object) bool {
	written := false
	for _, s := range list {
		if s == stmt {
			return written
		}
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.AssignStmt:
				for _, l := range n.Lhs {
					if id, ok := ast.Unparen(l).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == batch {
						written = false
					}
				}
			case *ast.CallExpr:
				if edit.IsBuiltin(c.pass, n.Fun, "len") || edit.IsBuiltin(c.pass, n.Fun, "append") {
					return true
				}
				for _, a := range n.Args {
					if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == batch {
						written = true
					}
				}
			}
			return true
		})
	}
	return false
}
