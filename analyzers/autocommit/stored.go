package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- offsets stored on delivery, committed on a timer (TimerStored) ----

// storedTimer reports a consumer whose offsets are stored on delivery and
// committed on a timer (librdkafka's defaults), when it stores nothing
// itself: the fix disables auto-store and stores after processing. With
// auto-commit off, a commit of the stored offsets (Commit()) commits what
// was delivered the same way: it is reported when messages are processed
// by goroutines the loop does not wait for (the fix runs them in place or
// in one worker), where it commits messages still in flight; after
// processing in place it commits processed messages only.
func (c *checker) storedTimer(k *consumer.Consumer) {
	s, cl := k.Settings, k.Client
	if !s.Is(cl, clientmodel.AutoStore) {
		return
	}
	timer := s.Is(cl, clientmodel.AutoCommit)
	var storedCommit *consumer.Call
	if !timer {
		for _, call := range allCallsWith(k, clientmodel.Commit) {
			if call.Scope == clientmodel.ScopeMarked && storedCommit == nil {
				storedCommit = call
			}
		}
		if !s.IsNot(cl, clientmodel.AutoCommit) || storedCommit == nil || c.joinsIn(storedCommit.Fn) {
			return // a Commit() after a wait for the goroutines commits processed messages only
		}
	}
	if ev := semantics.For(c.pass, k); timer && ev != nil && ev.TimerOff {
		// No timer (auto.commit.interval.ms 0): the offsets stored on
		// delivery are committed at rebalances and Close only, not
		// mid-processing; the report says what it cannot tell.
		return
	}
	// A poll function two consumers share (drain(c) called with each)
	// fetches for both: its calls are bound to one, and are the other's
	// too (Also).
	if len(allCallsWith(k, clientmodel.Store)) > 0 {
		return // reported by ineffective
	}
	// Explicit commits do not close the window: the timer still commits
	// the offset stored on delivery while the message is processed. With
	// auto-store off, a Commit() commits the stores the fix makes, and
	// CommitMessage / CommitOffsets do not depend on auto-store.
	fetches := allCallsWith(k, clientmodel.Fetch)
	values, ok := c.fetchValueCalls(k)
	if ok && len(fetches) == 0 && len(values) == 0 {
		return // the loop is elsewhere: no complete fix from here
	}
	if ok && len(fetches) == 0 && c.storesThroughValues(k) {
		return // as for direct stores and commits
	}
	// A fetch whose message has no sure place for the store after its
	// processing, a fetch taken as a value the fix cannot follow, or a
	// configuration the fix cannot set auto-store in, leaves the finding
	// without a fix, saying why: the defaults lose the message all the
	// same.
	var why, note string
	store := cl.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	if !ok {
		why = fmt.Sprintf("the fetch is taken as a value that is stored, returned or passed where the fix cannot follow its calls; set %s to false and call %s once each message is processed", cl.Spell(clientmodel.AutoStore), store)
	}
	cfgEdits, ok := c.setSetting(k, clientmodel.AutoStore, false)
	if !ok {
		why = fmt.Sprintf("%s; set %s to false there, and call %s once each message is processed", unsettable(k), cl.Spell(clientmodel.AutoStore), store)
	}
	edits := cfgEdits
	var rel []analysis.RelatedInformation
	title := "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each message after processing"
	concurrent := false
	for _, f := range fetches {
		e, rw, ok := c.storeAfterProcessing(k, f)
		rel = append(rel, related(f.Pos(), clientmodel.ShortName(f.Func)+" hands the message to the app and stores its offset here"))
		if !timer && !ok {
			return // whether the messages are processed concurrently is not known here
		}
		concurrent = concurrent || rw.pool != nil || rw.inPlace != nil
		if !ok {
			// Queued for the package's user: stored when the next
			// message is asked for (commitprev.go).
			if e, ok := c.storedWhenNextAsked(k, f); ok {
				edits = append(edits, e...)
				title = "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each message when the next is asked for"
				note = nextAskedNote("set "+cl.Spell(clientmodel.AutoStore)+" to false and store", "store")
				continue
			}
			why = fmt.Sprintf("the message is handed on (to a channel, a goroutine, a batch, a field, a caller, or a function that only queues it) to code after whose processing the fix cannot place the store; set %s to false and call %s once the message is processed", cl.Spell(clientmodel.AutoStore), store)
			if via := c.leavesAfter(f); via != "" {
				why = fmt.Sprintf("the message is sent on a channel whose values leave the package (%s), so no code here runs after it is processed; set %s to false and let the code that processes it call %s (hand it the message, or a function that stores it)", via, cl.Spell(clientmodel.AutoStore), store)
			} else if kept := c.keptAfter(f); kept != "" {
				why = fmt.Sprintf("no statement here is sure to come after the message's processing (%s); set %s to false and call %s where it is processed", kept, cl.Spell(clientmodel.AutoStore), store)
			}
			continue
		}
		edits = append(edits, e...)
		switch {
		case rw.pool != nil:
			rel = append(rel, related(rw.pool.loop.Pos(), rw.pool.note()))
			title = "Disable " + cl.Spell(clientmodel.AutoStore) + ", start one worker and store each message after processing"
		case rw.inPlace != nil:
			for _, g := range rw.inPlace {
				rel = append(rel, related(g.Pos(), "processed in a goroutine of its own: no place in the loop is after its processing"))
			}
			title = "Disable " + cl.Spell(clientmodel.AutoStore) + ", process each message in place and store it after processing"
		case rw.batch:
			title = "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each batch after it is processed"
		case rw.callers:
			title = "Disable " + cl.Spell(clientmodel.AutoStore) + " and store each message in the callers after processing"
		case rw.inPlaceSend:
			title = "Disable " + cl.Spell(clientmodel.AutoStore) + ", process each message in place of the send to the workers and store it after processing"
		}
	}
	for _, vc := range values {
		var e []analysis.TextEdit
		if vc.store != "" {
			e, ok = c.storeThrough(vc.call, vc.path, vc.store)
		} else {
			e, _, ok = c.storeAfterCall(k, vc.call, vc.path, vc.v.sel.X)
		}
		rel = append(rel, related(vc.v.sel.Sel.Pos(), vc.v.sel.Sel.Name+", taken as a value here, hands the message to the app and stores its offset at each call"))
		if !ok {
			why = fmt.Sprintf("the message a call of the fetch taken as a value returns has no sure place for the store after its processing; set %s to false and call %s once the message is processed", cl.Spell(clientmodel.AutoStore), store)
			continue
		}
		edits = append(append(edits, vc.extra...), e...)
	}
	msg := fmt.Sprintf("%s and %s are on: %s stores each message's offset when it is handed to the app and commits it every %s, so a crash mid-processing loses the message (at-most-once)",
		cl.Spell(clientmodel.AutoCommit), cl.Spell(clientmodel.AutoStore), cl.EngineName(), consumer.Interval(c.pass, cl, k.Site.Pos(), k.From == nil))
	if !timer {
		if !concurrent || len(values) > 0 {
			return
		}
		msg = fmt.Sprintf("%s is on: %s stores each message's offset when it is handed to the app, and %s commits the stored offsets, those of messages goroutines are still processing too, so a crash loses them (at-most-once)",
			cl.Spell(clientmodel.AutoStore), cl.EngineName(), clientmodel.ShortName(storedCommit.Func))
		rel = append(rel, related(storedCommit.Pos(), clientmodel.ShortName(storedCommit.Func)+" commits the stored offsets here"))
	}
	d := analysis.Diagnostic{
		Pos:      k.Site.Pos(),
		Category: CategoryAutoStore,
		Message:  msg,
		Related:  rel,
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.Message += note
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   title,
			TextEdits: dedupe(edits),
		}}
	}
	c.report(k, d)
}

// joinsIn reports whether fn waits for other goroutines (a WaitGroup's
// Wait, an errgroup's): a Commit() after it may follow their work.
func (c *checker) joinsIn(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if call, ok := in.(ssa.CallInstruction); ok && c.m.Flow.IsJoin(ssaflow.Callee(call.Common())) {
				return true
			}
		}
	}
	return false
}

// rewrite is how a fix changes the processing so that a position call
// can follow it: a pool of workers made one, or a goroutine per message
// run in place.
type rewrite struct {
	pool    *pool
	inPlace []*ast.GoStmt
	batch   bool // the message is stored with its batch, after the batch is processed
	callers bool // the message is returned: its helper's callers store it
	// inPlaceSend: the message is processed in place of its send to
	// workers, and stored after.
	inPlaceSend bool
}

// storeAfterProcessing inserts a StoreMessage of the fetched message at the
// end of the block that processes it, on its success path (edit.AppendOnSuccess).
//
// A message handed to a pool of workers gets the store in the worker, and
// the pool becomes one worker (the pool is returned): several workers
// finish messages out of order, and StoreMessage keeps the last write, so
// a store from one could pass a message another is still processing. A
// message handed to a goroutine of its own is processed in place (the go
// keyword goes), and stored after that. A failed store is logged and the
// processing carries on (storeFailed).
func (c *checker) storeAfterProcessing(k *consumer.Consumer, f *consumer.Call) ([]analysis.TextEdit, rewrite, bool) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil {
		return nil, rewrite{}, false
	}
	recv, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, rewrite{}, false
	}
	return c.storeAfterCall(k, call, path, recv.X)
}

// storeAfterCall is storeAfterProcessing for the fetch call at path,
// whose consumer is spelled recvX: its receiver, or the receiver of the
// method value it calls (the caller checks that it is in sight there).
func (c *checker) storeAfterCall(k *consumer.Consumer, call *ast.CallExpr, path []ast.Node, recvX ast.Expr) ([]analysis.TextEdit, rewrite, bool) {
	if stmt, listp := edit.Stmt(path); stmt != nil {
		if _, clause := c.returnedCase(call, stmt, *listp); clause != nil {
			// Returned from the message case of a type switch over a
			// Poll: the callers store it.
			e, ok := c.storeCaseInCallers(k, path, clause, recvX)
			return e, rewrite{callers: true}, ok
		}
		if c.messageReturned(call, stmt, *listp) {
			// Returned to the callers, which process it: they store it.
			e, ok := c.storeInCallers(k, path, stmt, call, recvX)
			return e, rewrite{callers: true}, ok
		}
	}
	recv := &ast.SelectorExpr{X: recvX}
	recvSrc := edit.Source(c.pass, recvX)
	ok := true
	msg, list, stmt := c.messageScope(call, path)
	var extra []analysis.TextEdit
	var pl *pool
	var g []*ast.GoStmt
	var rbEdits []analysis.TextEdit // a parameter the worker gains
	switch {
	case msg != "":
		list = c.beforeCommit(k, list, stmt, msg)
	default:
		if e, ok := c.storeBatch(k, call, path, recvX); ok {
			return e, rewrite{batch: true}, true
		}
		if m, l, st, gs := c.goScope(path); m != "" {
			// Handed to a goroutine of its own: process it in place
			// and store after it.
			msg, list, stmt, g = m, l, st, gs
			extra = inPlace(g)
			break
		}
		// Handed to the one worker that processes it: store there,
		// logging a failure (returning would stop the worker and block
		// the loop on its next send).
		var rb rebaser
		if msg, list, stmt, pl, rb = c.workerScope(path); msg == "" {
			// Sent to workers that cannot store (a channel also
			// closed, a pool that cannot be made one, a value made
			// from the message by a call): processed in place of the
			// send, and stored after.
			e, ok := c.storeInPlaceOfSend(k, path, recvX)
			return e, rewrite{inPlaceSend: ok}, ok
		}
		var ok bool
		if recvSrc, rbEdits, ok = rb(recv.X); !ok {
			return nil, rewrite{}, false
		}
	}
	body, logEdits := c.storeFailed(call.Pos())
	extra = append(extra, logEdits...)
	store := k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	text := fmt.Sprintf("if _, err := %s.%s(%s); err != nil {\n%s\n}", recvSrc, store, msg, body)
	e, ok := c.appendAfterUses(list, stmt, msg, text)
	if !ok {
		return nil, rewrite{}, false
	}
	e = append(e, rbEdits...)
	if pl != nil {
		one, ok := c.oneWorker(pl, e)
		if !ok {
			return nil, rewrite{}, false
		}
		e = one
	}
	return append(extra, e...), rewrite{pool: pl, inPlace: g}, true
}

// beforeCommit returns the part of list, which processes msg after
// fetch, that ends before an explicit commit of k, when the message is
// processed before that commit and not after it: the store goes before
// the commit, which then commits it (Commit() commits the stored
// offsets). Otherwise list is returned whole: the store goes at its end,
// and the timer or a later commit commits it.
func (c *checker) beforeCommit(k *consumer.Consumer, list []ast.Stmt, fetch ast.Stmt, msg string) []ast.Stmt {
	start := 0
	for i, s := range list {
		if s == fetch {
			start = i + 1
		}
	}
	commits := callsWith(k, clientmodel.Commit)
	at := -1
	for i := start; i < len(list) && at < 0; i++ {
		for _, call := range commits {
			if list[i].Pos() <= call.Pos() && call.Pos() < list[i].End() {
				at = i
				break
			}
		}
	}
	if at < 0 {
		return list
	}
	used := func(stmts []ast.Stmt) bool {
		for _, s := range stmts {
			if c.usesName(s, msg) {
				return true
			}
		}
		return false
	}
	if !used(list[start:at]) || used(list[at+1:]) {
		return list
	}
	return list[:at]
}

// storeBatch returns the edits for a message appended to a batch that the
// loop processes later in one call (batchFlush): each message of the
// batch is stored right after that call has succeeded, before the batch
// is reset, a failed store logged (a later store of its partition covers
// the message).
func (c *checker) storeBatch(k *consumer.Consumer, call *ast.CallExpr, path []ast.Node, recvX ast.Expr) ([]analysis.TextEdit, bool) {
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return nil, false
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	if !ok || msg.Name == "_" {
		return nil, false
	}
	batch, after, ok := c.batchFlush(as, *listp, msg)
	if !ok || !c.visibleAt(recvX, after.End()) {
		return nil, false
	}
	logged, imp := edit.LogErr(c.pass, edit.File(c.pass, call.Pos()), "store offset", "err")
	m := edit.FreeName(c.pass, after.End(), "m")
	text := fmt.Sprintf("for _, %s := range %s {\n\tif _, err := %s.%s(%s); err != nil {\n\t\t%s\n\t}\n}",
		m, batch.Name(), edit.Source(c.pass, recvX), k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs), m, logged)
	return append(imp, edit.InsertAfter(c.pass, after, text)), true
}

// messageReturned reports whether the message that call, in stmt of
// list, fetches is returned by its function (return c.ReadMessage(...),
// or msg, err := ... then msg or a value derived from it returned).
func (c *checker) messageReturned(call *ast.CallExpr, stmt ast.Stmt, list []ast.Stmt) bool {
	switch s := stmt.(type) {
	case *ast.ReturnStmt:
		for _, r := range s.Results {
			if ast.Unparen(r) == call {
				return true
			}
		}
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
			return false
		}
		if id, ok := s.Lhs[0].(*ast.Ident); ok && id.Name != "_" {
			return c.recordLeaves(list, stmt, c.pass.TypesInfo.ObjectOf(id))
		}
	}
	return false
}

// returnsName reports whether a return of stmts (outside function
// literals) gives a value that mentions name, other than an error.
func (c *checker) returnsName(stmts []ast.Stmt, name string) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				for _, r := range n.Results {
					if t := c.pass.TypesInfo.TypeOf(r); t != nil && !isErrorType(t) && c.usesName(r, name) {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// messageScope finds, for a confluent fetch call, the expression naming the
// message and the statement list that processes it: the block after
// `msg, err := c.ReadMessage(...)`, or the `case *kafka.Message:` clause of
// a type switch over `c.Poll(...)`.
func (c *checker) messageScope(call *ast.CallExpr, path []ast.Node) (msg string, list []ast.Stmt, stmt ast.Stmt) {
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return "", nil, nil
	}
	switch s := stmt.(type) {
	case *ast.AssignStmt:
		if len(s.Rhs) != 1 || ast.Unparen(s.Rhs[0]) != call {
			return "", nil, nil
		}
		id, ok := s.Lhs[0].(*ast.Ident)
		if !ok || id.Name == "_" {
			return "", nil, nil
		}
		if len(s.Lhs) == 2 {
			// msg, err := c.ReadMessage(...): process in the rest of the
			// list, or in the if err == nil block right after.
			if c.processedAfter(*listp, stmt, id.Name, s.Lhs[1]) {
				return id.Name, *listp, stmt
			}
			if b := c.successBlock(*listp, stmt, id.Name, s.Lhs[1]); b != nil {
				return id.Name, b.List, stmt
			}
			return "", nil, nil
		}
		// ev := c.Poll(...): find the type switch or assertion over ev.
		if name, body := c.messageIn(*listp, s.Pos(), id.Name); name != "" {
			return name, body, stmt
		}
	case *ast.RangeStmt:
		// for ev := range c.Events(): the same in the loop's body.
		id, ok := s.Key.(*ast.Ident)
		if ast.Unparen(s.X) != call || !ok || id.Name == "_" || s.Value != nil {
			return "", nil, nil
		}
		if name, body := c.messageIn(s.Body.List, s.Body.Pos(), id.Name); name != "" {
			return name, body, stmt
		}
	case *ast.TypeSwitchStmt:
		if name, body := c.messageCase(s, ""); name != "" {
			return name, body, stmt
		}
	}
	return "", nil, nil
}

// messageIn returns the message variable and the statements processing it
// among the statements of list after pos: the record clause of a type
// switch over ev (messageCase), or the body of `if m, ok :=
// ev.(*kafka.Message); ok { ... }`.
func (c *checker) messageIn(list []ast.Stmt, pos token.Pos, ev string) (string, []ast.Stmt) {
	for _, later := range list {
		if later.Pos() <= pos {
			continue
		}
		switch st := later.(type) {
		case *ast.TypeSwitchStmt:
			if name, body := c.messageCase(st, ev); name != "" {
				return name, body
			}
		case *ast.IfStmt:
			if name, body := c.messageAssert(st, ev); name != "" {
				return name, body
			}
		}
	}
	return "", nil
}

// messageAssert returns the variable and body of `if m, ok :=
// ev.(*kafka.Message); ok { ... }` (no else) asserting subject ev to a
// record type, when the body neither hands m on nor returns it.
func (c *checker) messageAssert(is *ast.IfStmt, subject string) (string, []ast.Stmt) {
	as, ok := is.Init.(*ast.AssignStmt)
	if !ok || is.Else != nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 || len(is.Body.List) == 0 {
		return "", nil
	}
	ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
	m, ok1 := as.Lhs[0].(*ast.Ident)
	okID, ok2 := as.Lhs[1].(*ast.Ident)
	cond, ok3 := ast.Unparen(is.Cond).(*ast.Ident)
	if !ok || !ok1 || !ok2 || !ok3 || cond.Name != okID.Name || m.Name == "_" || ta.Type == nil {
		return "", nil
	}
	if id, ok := ta.X.(*ast.Ident); !ok || id.Name != subject {
		return "", nil
	}
	if t := c.pass.TypesInfo.TypeOf(ta.Type); t == nil || clientmodel.Default.Record(t) == nil {
		return "", nil
	}
	if c.handedOn(is.Body.List, m.Name) || c.returnsName(is.Body.List, m.Name) {
		return "", nil // processed later, or by the caller
	}
	return m.Name, is.Body.List
}

// messageCase returns the bound variable and body of the clause of ts that
// handles a record type, if ts switches over subject (or anything when
// subject is "") with a bound variable.
func (c *checker) messageCase(ts *ast.TypeSwitchStmt, subject string) (string, []ast.Stmt) {
	as, ok := ts.Assign.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 {
		return "", nil
	}
	ta, ok := as.Rhs[0].(*ast.TypeAssertExpr)
	if !ok {
		return "", nil
	}
	if subject != "" {
		if id, ok := ta.X.(*ast.Ident); !ok || id.Name != subject {
			return "", nil
		}
	}
	name := as.Lhs[0].(*ast.Ident).Name
	clause := c.recordClause(ts)
	if clause == nil {
		return "", nil
	}
	if c.handedOn(clause.Body, name) || c.returnsName(clause.Body, name) {
		return "", nil // processed later, or by the caller
	}
	return name, clause.Body
}

// recordClause returns the first clause of the type switch ts that
// names one type alone, a record type, and has statements, or nil.
func (c *checker) recordClause(ts *ast.TypeSwitchStmt) *ast.CaseClause {
	for _, cc := range ts.Body.List {
		clause := cc.(*ast.CaseClause)
		if len(clause.List) != 1 || len(clause.Body) == 0 {
			continue
		}
		if t := c.pass.TypesInfo.TypeOf(clause.List[0]); t != nil && clientmodel.Default.Record(t) != nil {
			return clause
		}
	}
	return nil
}

// errHandling returns the statements to run when an inserted position call
// fails: `return fmt.Errorf(...)` in a function returning only an error
// (its caller decides, as for its other errors), `log.Printf(...)` in one
// returning nothing (the record was processed: a later commit or store
// covers it, and a failure that lasts shows in the log, where a return
// would silently stop the consumer), else the body of the error check
// that follows the fetch (the loop's own policy for a failed client
// call). what names the call in the message ("commit offset").
func (c *checker) errHandling(path []ast.Node, fetch ast.Stmt, what string) (string, []analysis.TextEdit, bool) {
	f := edit.File(c.pass, path[0].Pos())
	ft, _ := edit.FuncOf(path)
	if ft != nil && ft.Results == nil {
		body, edits := c.logged(path, what)
		return body, edits, true
	}
	if ft != nil && len(ft.Results.List) == 1 && len(ft.Results.List[0].Names) <= 1 {
		if t := c.pass.TypesInfo.TypeOf(ft.Results.List[0].Type); t != nil && types.Identical(t, types.Universe.Lookup("error").Type()) {
			name, edits := edit.Import(c.pass, f, "fmt")
			return fmt.Sprintf("return %s.Errorf(\"%s: %%w\", err)", name, what), edits, true
		}
	}
	if fetch != nil {
		if _, listp := edit.Stmt(pathTo(path, fetch)); listp != nil {
			for _, s := range *listp {
				if s != fetch {
					continue
				}
				if ifs, ok := c.checkAfter(*listp, fetch).(*ast.IfStmt); ok && ifs.Init == nil && isErrCheck(ifs.Cond) && len(ifs.Body.List) > 0 {
					return c.bodySource(ifs.Body), nil, true
				}
			}
		}
	}
	return "", nil, false
}

// storeFailed returns the statement handling a failed store in a fix
// (the file at pos: its logging package), and the edits importing what it
// needs. The failure is logged and the processing carries on: StoreMessage
// fails with ErrState for a partition no longer assigned (revoked while the
// message was processed; its new owner reads it again) and with
// ErrInvalidArg while auto-store is on (which the fixes turn off, or a
// received consumer's settings not matching yet: a later store covers the
// message). Neither is a reason to stop the consumer, as returning the
// error would on every rebalance.
func (c *checker) storeFailed(pos token.Pos) (string, []analysis.TextEdit) {
	return edit.LogErr(c.pass, edit.File(c.pass, pos), "store offset", "err")
}

// logged returns the statement logging a failure (what: its prefix), and
// the edits importing the logging package (edit.LogErr).
func (c *checker) logged(path []ast.Node, what string) (string, []analysis.TextEdit) {
	return edit.LogErr(c.pass, edit.File(c.pass, path[0].Pos()), what, "err")
}

// carriesOnAfterFetchError reports whether the error check right after
// fetch ends with a continue, or neither returns nor leaves (it logs,
// and goes on with the next fetch): the loop's own policy for a failure
// there.
func (c *checker) carriesOnAfterFetchError(path []ast.Node, fetch ast.Stmt) bool {
	if fetch == nil {
		return false
	}
	_, listp := edit.Stmt(pathTo(path, fetch))
	if listp == nil {
		return false
	}
	ifs, ok := c.checkAfter(*listp, fetch).(*ast.IfStmt)
	if !ok || ifs.Init != nil || !isErrCheck(ifs.Cond) || len(ifs.Body.List) == 0 {
		return false
	}
	returns := edit.HasReturn(ifs.Body)
	// A return for shutdown (if ctx.Err() != nil { return nil }) before
	// a final continue still carries on from other failures.
	return endsWithContinue(ifs.Body.List) || !returns && !noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List)
}

// endsWithContinue reports whether list ends with a continue statement.
func endsWithContinue(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	b, ok := list[len(list)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.CONTINUE
}

// processedAfter reports whether the end of list, where a fix appends the
// position call for the record msg fetched by `msg, err := fetch`, is
// reached only after msg was processed: the statement after fetch exits
// the list when err is not nil (so the end is reached only with a record),
// and the rest of the list does not hand msg on for later processing.
func (c *checker) processedAfter(list []ast.Stmt, fetch ast.Stmt, msg string, errExpr ast.Expr) bool {
	errID, ok := errExpr.(*ast.Ident)
	if !ok || errID.Name == "_" {
		return false
	}
	for _, s := range list {
		if s != fetch {
			continue
		}
		check := c.checkAfter(list, fetch)
		if c.failuresLeave(check, fetch, errID) {
			return !c.handedOn(after(list, fetch), msg)
		}
		ifs, ok := check.(*ast.IfStmt)
		if !ok || ifs.Init != nil || !noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List) {
			return false
		}
		be, ok := ifs.Cond.(*ast.BinaryExpr)
		if !ok || be.Op != token.NEQ {
			return false
		}
		x, ok1 := be.X.(*ast.Ident)
		y, ok2 := be.Y.(*ast.Ident)
		if !ok1 || !ok2 || x.Name != errID.Name || y.Name != "nil" {
			return false
		}
		return !c.handedOn(after(list, fetch), msg)
	}
	return false
}

// failuresLeave reports whether s is a switch telling apart the outcomes
// of the error errID that fetch assigns (edit.SuccessCase) whose every
// case but the success one leaves the list other than by a break (which
// leaves only the switch), with a default (an error no case names falls
// out of the switch otherwise), and whose success case does not leave:
//
//	switch {
//	case err == nil:
//	case errors.Is(err, io.EOF):
//		return
//	default:
//		log.Printf("read: %v", err)
//		continue
//	}
func (c *checker) failuresLeave(s, fetch ast.Stmt, errID *ast.Ident) bool {
	succ := edit.SuccessCase(c.pass, s, []ast.Stmt{fetch})
	if succ == nil {
		return false
	}
	be, ok := ast.Unparen(succ.List[0]).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if id, ok := ast.Unparen(be.X).(*ast.Ident); !ok || c.pass.TypesInfo.Uses[id] != c.pass.TypesInfo.ObjectOf(errID) {
		return false
	}
	nr := noreturn.Of(c.pass)
	if nr.EndsWithLeave(succ.Body) && !endsWithBreak(succ.Body) {
		return false
	}
	// Every failure leaves, and a default is needed: an error no case
	// names falls out of the switch.
	hasDefault := false
	for _, st := range s.(*ast.SwitchStmt).Body.List {
		cc := st.(*ast.CaseClause)
		hasDefault = hasDefault || cc.List == nil
		if cc != succ && (!nr.EndsWithLeave(cc.Body) || endsWithBreak(cc.Body)) {
			return false
		}
	}
	return hasDefault
}

// endsWithBreak reports whether list ends with an unlabeled break.
func endsWithBreak(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	b, ok := list[len(list)-1].(*ast.BranchStmt)
	return ok && b.Tok == token.BREAK && b.Label == nil
}

// handedOn reports whether stmts hand the record named msg on for
// processing elsewhere: send it (or anything made from it) on a channel,
// use it in a go statement, append it, or store it in a field, element or
// pointee. Then the end of stmts is not the end of its processing, and a
// position call there would run before the record is processed. Local
// variables assigned from the record are followed as the record.
func (c *checker) handedOn(stmts []ast.Stmt, msg string) bool {
	return c.handedOnBut(stmts, msg, nil)
}

// handedOnBut is handedOn, not counting the go statements skip (which a
// fix runs in place).
func (c *checker) handedOnBut(stmts []ast.Stmt, msg string, skip []*ast.GoStmt) bool {
	tracked := map[string]bool{msg: true}
	mentions := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && tracked[id.Name] {
				found = true
			}
			return !found
		})
		return found
	}
	// derived are the variables a call made with the record returns
	// (msg := convert(m)) or writes (json.Unmarshal(m.Value, &ev)): no
	// hand-off when processed in place, but one sent on a channel or used
	// in a go statement carries the record to code whose processing the
	// end of stmts does not wait for.
	derived := map[string]bool{}
	sendsDerived := func(e ast.Expr) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && derived[id.Name] {
				found = true
			}
			return !found
		})
		return found
	}
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SendStmt:
				found = found || mentions(n.Value) || sendsDerived(n.Value)
			case *ast.GoStmt:
				for _, g := range skip {
					if g == n {
						return false
					}
				}
				found = found || mentions(n.Call) || sendsDerived(n.Call)
			case *ast.CallExpr:
				if fn, ok := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func); ok && ssaflow.LibrarySpawner(fn) {
					// g.Go(func() error { return save(m) }): the
					// literal runs in a goroutine of its own.
					for _, a := range n.Args {
						if _, lit := ast.Unparen(a).(*ast.FuncLit); lit {
							found = found || mentions(a) || sendsDerived(a)
						}
					}
				}
				if edit.IsBuiltin(c.pass, n.Fun, "append") && len(n.Args) > 1 {
					for _, a := range n.Args[1:] {
						found = found || mentions(a)
					}
				}
				// What a call made with the record writes through a
				// pointer argument is derived too: json.Unmarshal(m.Value,
				// &ev), or a decoder's ev of pointer type.
				if mentions(n) || sendsDerived(n) {
					decodes := false
					if fn, ok := typeutil.Callee(c.pass.TypesInfo, n).(*types.Func); ok {
						decodes = handsoff.IsDecodeName(fn.Name())
					}
					for _, a := range n.Args {
						a = ast.Unparen(a)
						if u, ok := a.(*ast.UnaryExpr); ok && u.Op == token.AND {
							a = ast.Unparen(u.X)
						} else if _, ptr := c.pass.TypesInfo.TypeOf(a).(*types.Pointer); !ptr || !decodes {
							continue
						}
						if id, ok := a.(*ast.Ident); ok && !tracked[id.Name] {
							derived[id.Name] = true
						}
					}
				}
			case *ast.AssignStmt:
				// The value of a call made with the record is its result
				// (append is checked above).
				for i, r := range n.Rhs {
					if _, call := ast.Unparen(r).(*ast.CallExpr); call && mentions(r) {
						lhs := n.Lhs // v, err := convert(m): each result
						if len(n.Lhs) == len(n.Rhs) {
							lhs = n.Lhs[i : i+1]
						}
						for _, l := range lhs {
							if id, ok := l.(*ast.Ident); ok && id.Name != "_" && !isErrorType(c.pass.TypesInfo.TypeOf(id)) {
								derived[id.Name] = true
							}
						}
						continue
					}
					if _, call := ast.Unparen(r).(*ast.CallExpr); call || !mentions(r) {
						continue
					}
					if len(n.Lhs) != len(n.Rhs) {
						return true
					}
					if id, ok := n.Lhs[i].(*ast.Ident); ok {
						tracked[id.Name] = true
					} else {
						found = true
					}
				}
			}
			return !found
		})
	}
	return found
}

// pathTo returns the suffix of path starting at n (or path if n is absent).
func pathTo(path []ast.Node, n ast.Node) []ast.Node {
	for i, p := range path {
		if p == n {
			return path[i:]
		}
	}
	return path
}

func isErrCheck(cond ast.Expr) bool {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == "err" && y.Name == "nil"
}

// bodySource returns the source of a block's statements, dedented to the
// block's own level.
func (c *checker) bodySource(b *ast.BlockStmt) string {
	tf := c.pass.Fset.File(b.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	first, last := b.List[0], b.List[len(b.List)-1]
	indent := edit.Indent(c.pass, first.Pos())
	start := tf.Offset(tf.LineStart(tf.Line(first.Pos())))
	src := string(content[start:tf.Offset(last.End())])
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		lines = append(lines, strings.TrimPrefix(l, indent))
	}
	return strings.Join(lines, "\n")
}
