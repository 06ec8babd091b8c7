package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- fetches that commit before returning (FetchCommit) ----

func (c *checker) fetchCommit(k *consumer.Consumer) {
	// A call an adapter forwards to is reported at the adapter's calls,
	// where the message is processed.
	forwarded := map[ssa.CallInstruction]bool{}
	for _, call := range k.Calls {
		if call.Forwarded != nil {
			forwarded[call.Forwarded.Instr] = true
		}
	}
	for _, f := range callsWith(k, clientmodel.FetchCommit) {
		if on, known := k.Settings.Get(k.Client, f.NeedsSetting); !known || on != f.NeedsValue {
			continue
		}
		if forwarded[f.Instr] {
			continue
		}
		c.readCommitsFirst(k, f)
	}
	c.readCommitsFirstValues(k)
}

func (c *checker) readCommitsFirst(k *consumer.Consumer, f *consumer.Call) {
	name := clientmodel.ShortName(f.Func)
	guard := ""
	if call, _ := edit.CallAt(c.pass, f.Pos()); call != nil {
		if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
			name = sel.Sel.Name
			guard = c.groupGuard(k, f, sel.X)
		}
	}
	if guard != "" {
		c.inGroup = k.Client.InGroup
	}
	fix, why, found := c.readCommitsFirstFix(k, f)
	c.inGroup = ""
	if !found {
		return
	}
	d := analysis.Diagnostic{
		Pos:      f.Pos(),
		Category: CategoryReadCommits,
		Message: fmt.Sprintf("group reader's %s commits the message before returning it: a crash while it is processed loses it (at-most-once)",
			name),
		Related: []analysis.RelatedInformation{c.origin(k, "group reader created here")},
	}
	if on, known := k.Settings.Get(k.Client, clientmodel.AsyncCommit); on && known {
		// The read queues the commit; the background loop sends it.
		d.Message = fmt.Sprintf("group reader's %s commits the message before returning it, through the %s loop: a crash while it is processed loses it once the loop has sent the commit, and replays the messages read since the loop last sent one (neither at-most- nor at-least-once)",
			name, k.Client.Spell(clientmodel.AsyncCommit))
	}
	if why != "" {
		d.Message += "; no automatic fix: " + why
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{fix}
		if fix.Message == nextAskedTitle(fetchName(k.Client)) {
			d.Message += nextAskedNote("fetch with "+fetchName(k.Client)+" and commit", "commit")
		}
		if guard != "" {
			d.Message += groupGuardNote + guard
			if c.hyp != nil {
				c.hyp.guard = f.NeedsSetting
			}
		}
	}
	c.report(k, d)
}

// groupGuardNote begins what a fix's message says of its commit run only
// in a group.
const groupGuardNote = "; the commit runs only when the reader is in a group, as "

// groupGuard says why the commit a fix of the read f (on the reader
// expression x) adds must run only when the reader is in a group ("" when
// not, or when the client has no such condition): the same read may
// serve a reader outside any group, where the read commits nothing and
// the commit fails.
func (c *checker) groupGuard(k *consumer.Consumer, f *consumer.Call, x ast.Expr) string {
	if k.Client.InGroup == "" {
		return ""
	}
	if c.hyp.decides(k, f.NeedsSetting) {
		return "the configuration the caller passes decides whether it is"
	}
	if k.Settings != nil && k.Settings.Cond[f.NeedsSetting] {
		return "its group is set on some paths only"
	}
	if k.Settings != nil && k.Settings.Assumed[f.NeedsSetting] {
		return "its group is a value known at run time only, and outside any group the read commits nothing and the commit fails"
	}
	if shared, unknown := c.sharedWith(k, f, x, commitsOn(f)); shared != nil || unknown {
		return c.sharedReader(shared)
	}
	return ""
}

// sharedRead is sharedWith for the read f of the fix being built: none
// when its commit runs in a group only.
func (c *checker) sharedRead(k *consumer.Consumer, f *consumer.Call, x ast.Expr) (*consumer.Consumer, bool) {
	if c.inGroup != "" {
		return nil, false
	}
	return c.sharedWith(k, f, x, commitsOn(f))
}

// groupOnly returns the commit statement text on the reader expression
// reader, run only when the reader is in a group where inGroup (the
// client's InGroup) is set.
func groupOnly(inGroup, reader, text string) string {
	if inGroup == "" {
		return text
	}
	return fmt.Sprintf("if %s {\n%s\n}", fmt.Sprintf(inGroup, reader), edit.IndentLines(text, "\t"))
}

// groupOnly is groupOnly under the fix being built.
func (c *checker) groupOnly(reader, text string) string { return groupOnly(c.inGroup, reader, text) }

// readCommitsFirstFix returns the fix of the fetch f that commits the
// message before returning it, or why none is built. found is false for a
// message discarded where it is read (`_, err := ...`): nothing processes
// it, so committing it first loses nothing; and for one returned as it is
// read by a function nothing in the package names: no processing is in
// sight.
func (c *checker) readCommitsFirstFix(k *consumer.Consumer, f *consumer.Call) (fix analysis.SuggestedFix, why string, found bool) {
	fetch := fetchName(k.Client)
	commit := commitName(k.Client)
	if fetch == "" || commit == "" {
		return fix, "the client model has no fetch that leaves the commit to the caller", true
	}
	whyShape := fmt.Sprintf("the read is not a statement `msg, err := reader.Read(ctx)` whose message the fix can follow; fetch with %s and commit with %s once the message is processed", fetch, commit)
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil || len(call.Args) != 1 {
		return fix, whyShape, true
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return fix, whyShape, true
	}
	stmt, listp := edit.Stmt(path)
	if ret, isRet := stmt.(*ast.ReturnStmt); isRet && len(ret.Results) == 1 && ast.Unparen(ret.Results[0]) == call {
		if !c.usedInPackage(path) && !exportedDecl(path) {
			// No caller processes the message (an adapter's method
			// called through its interface is reported at those
			// calls, as forwarded). An exported one hands it out of
			// the package, whose callers ReadMessage commits for.
			return fix, "", false
		}
		if edits, ok := c.callersCommitReturned(path, ret, call, sel, fetch, commit); ok {
			// Every caller is in sight: each commits the message it
			// is returned after processing it.
			return analysis.SuggestedFix{
				Message:   fmt.Sprintf("Fetch with %s and commit in the callers after processing", fetch),
				TextEdits: edits,
			}, "", true
		}
		shared, unknown := c.sharedRead(k, f, sel.X)
		if shared == nil && !unknown {
			if edits, ok := c.returnedWhenNextAsked(path, ret, call, sel, fetch, c.kafkaCommit(commit)); ok {
				// Returned out of the package: committed when the
				// next message is asked for.
				return analysis.SuggestedFix{Message: nextAskedTitle(fetch), TextEdits: edits}, "", true
			}
		}
		cause := c.callersCause(path)
		if cause == "" {
			cause = "the helper exported, named by an interface, used other than in calls that process the message, or returning other messages"
		}
		why = fmt.Sprintf("the message is returned as it is read, to callers the fix does not follow (%s); fetch with %s, and commit with %s where the callers have processed the message", cause, fetch, commit)
		if shared != nil || unknown {
			why += c.sharedNote(shared, commit)
		} else {
			why += c.nextAskedCause(path)
		}
		return fix, why, true
	}
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || listp == nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != call {
		return fix, whyShape, true
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return fix, whyShape, true
	}
	if msg.Name == "_" {
		return fix, "", false
	}
	if d := c.deferredUse(path, stmt, c.pass.TypesInfo.ObjectOf(msg)); d != nil {
		return fix, fmt.Sprintf("the message is used in a deferred call (line %d), which runs after any commit the function makes; fetch with %s and commit with %s once that call has processed it",
			c.pass.Fset.Position(d.Pos()).Line, fetch, commit), true
	}
	tracked := c.derivedFrom(*listp, stmt, c.pass.TypesInfo.ObjectOf(msg))
	if fn, inPlace := c.queuedBy(*listp, stmt, tracked); fn != nil && inPlace == nil {
		return fix, fmt.Sprintf("the message is given to %s, which only queues it for work done later, so no statement here runs after its processing; fetch with %s and commit with %s where that work has processed it",
			ssaflow.ShortFunc(fn), fetch, commit), true
	}
	if kept := c.keptBy(*listp, stmt, tracked); kept != "" {
		return fix, fmt.Sprintf("no statement here is sure to come after the message's processing (%s); fetch with %s and commit with %s where it is processed", kept, fetch, commit), true
	}
	title := fmt.Sprintf("Fetch with %s and commit after processing", fetch)
	var edits []analysis.TextEdit
	switch {
	case c.committedLast(*listp, stmt, sel.X, commit, c.pass.TypesInfo.ObjectOf(msg)):
		// The loop already commits the message after its last use: the
		// read alone commits too early (a second commit would be one
		// too many).
		edits = []analysis.TextEdit{{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)}}
		title = fmt.Sprintf("Fetch with %s (the message is committed after processing already)", fetch)
		ok = true
	case c.readErrorFallsThrough(*listp, stmt, msg.Name, as.Lhs[1]) && !c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(msg)):
		// The read's error check carries on to the processing of an
		// empty message: the commit goes after the processing, and the
		// check continues with the next read (AppendOnSuccess), so that
		// a failed read is neither processed nor committed.
		edits, ok = c.commitHere(path, stmt, *listp, call, sel, msg.Name, fetch, commit)
		title = fmt.Sprintf("Fetch with %s, skip a failed read and commit after processing", fetch)
		why = fmt.Sprintf("the processing's failure cannot be told from its success here (a check with an else or an empty body, or in a nested loop or function); fetch with %s and commit with %s once the message is processed", fetch, commit)
	case !c.processedAfter(*listp, stmt, msg.Name, as.Lhs[1]):
		// Appended to a batch processed later: commit the batch after
		// its processing; sent to one worker (or a pool made one):
		// commit in the worker after processing; sent to workers that
		// cannot commit: process it in place of the send; or nothing
		// sure can be built.
		why = fmt.Sprintf("the message is handed on (to a channel, a goroutine, a batch, a field, or a function that only queues it) to code after whose processing the fix cannot place the commit; fetch with %s and commit with %s where that code has processed it", fetch, commit)
		if !c.handedOn(after(*listp, stmt), msg.Name) {
			why = fmt.Sprintf("the read's error is not checked in a way the fix follows (an if leaving when it is not nil, or a switch whose default and cases other than the nil one leave), so a failed read could reach the commit; fetch with %s and commit with %s once the message is processed", fetch, commit)
		}
		edits, ok = c.commitAfterFlush(path, as, *listp, call, sel, msg, fetch, commit)
		title = fmt.Sprintf("Fetch with %s and commit each batch after it is processed", fetch)
		if ok {
			break
		}
		if m, l, st, g := c.goScope(path); m != "" {
			// A goroutine per message: process it in place and
			// commit after it.
			if edits, ok = c.commitHere(path, st, l, call, sel, m, fetch, commit); ok {
				edits = append(edits, inPlace(g)...)
				title = fmt.Sprintf("Fetch with %s, process each message in place and commit it after processing", fetch)
				break
			}
		}
		var pl *pool
		edits, pl, ok = c.commitInWorker(path, call, sel, fetch, commit)
		title = fmt.Sprintf("Fetch with %s and commit in the worker after processing", fetch)
		if pl != nil {
			title = fmt.Sprintf("Fetch with %s, start one worker and commit in it after processing", fetch)
		}
		if ok {
			break
		}
		if edits, ok = c.keyLaneCommit(path, stmt, *listp, call, sel, msg, fetch, commit); ok {
			// A lane per key: a low-water mark, committed by the lanes.
			title = fmt.Sprintf("Fetch with %s, track the messages in flight and commit the low-water mark in the lanes' workers", fetch)
			break
		}
		// Workers that cannot commit (a channel also closed, several
		// workers that cannot be made one): the message is processed
		// in place of the send, and committed after.
		edits, ok = c.commitInPlaceOfSend(path, stmt, *listp, call, sel, msg, fetch, commit)
		title = fmt.Sprintf("Fetch with %s, process the message in place of the send to the workers and commit it after", fetch)
		if via := c.channelLeaves(after(*listp, stmt)); !ok && via != "" {
			// Sent to the package's user: committed when the user
			// asks for the next message.
			shared, unknown := c.sharedRead(k, f, sel.X)
			if shared == nil && !unknown {
				if edits, _, ok = c.queuedWhenNextAsked(path, as, *listp, call, sel, fetch, c.kafkaCommit(commit)); ok {
					title = nextAskedTitle(fetch)
					break
				}
			}
			// Otherwise no code of the package runs after its
			// processing, so no commit here can be right.
			why = fmt.Sprintf("the message is sent on a channel whose values leave the package (%s), so no code here runs after it is processed; fetch with %s and let the code that processes it commit with %s (hand it the message, or a function that commits it)", via, fetch, commit)
			if shared != nil || unknown {
				why += c.sharedNote(shared, commit)
			} else {
				why += "; the queue is no shape the fix committing each message when the next is asked for takes (one send, of a value of a struct type of the package made from the message, on an unexported channel field of the pump's struct that one other method of it receives and returns, with a context for the commit)"
			}
		}
	case c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(msg)):
		// Returned to the caller, which processes it: the commit goes
		// there, after the processing.
		cause := c.callersCause(path)
		if cause == "" {
			cause = "the helper exported, stored in an exported field, or called in a go or defer statement"
		}
		why = fmt.Sprintf("the message leaves the function for callers the fix cannot all change (%s); fetch with %s and commit with %s where the message is processed", cause, fetch, commit)
		edits, ok = c.callerCommits(path, as, call, sel, msg, fetch, commit)
		title = fmt.Sprintf("Fetch with %s, return the message and commit it in the caller after processing", fetch)
		if !ok {
			// Used other than called (a method value, an argument):
			// return the commit, which each call makes after processing.
			edits, ok = c.ackCommits(path, as, call, sel, msg, fetch, commit)
			title = fmt.Sprintf("Fetch with %s, return a function committing the message and call it after processing", fetch)
		}
		if shared, unknown := c.sharedRead(k, f, sel.X); !ok && (shared != nil || unknown) {
			why += c.sharedNote(shared, commit)
		} else if !ok {
			// Out of the package (an exported helper, one stored in
			// an exported field): committed when the next is asked for.
			edits, ok = c.leavesWhenNextAsked(path, as, call, sel, msg, fetch, c.kafkaCommit(commit))
			title = nextAskedTitle(fetch)
			if !ok {
				why += c.nextAskedCause(path)
			}
		}
	default:
		why = fmt.Sprintf("the processing's failure cannot be told from its success here (a check with an else or an empty body, or in a nested loop or function); fetch with %s and commit with %s once the message is processed", fetch, commit)
		edits, ok = c.commitHere(path, stmt, *listp, call, sel, msg.Name, fetch, commit)
	}
	if !ok {
		return fix, why, true
	}
	return analysis.SuggestedFix{Message: title, TextEdits: edits}, "", true
}

// usedInPackage reports whether the innermost function around path is a
// function literal, or a declaration named anywhere in the package
// (called, or taken as a value).
func (c *checker) usedInPackage(path []ast.Node) bool {
	var fd *ast.FuncDecl
	for _, n := range path {
		if _, lit := n.(*ast.FuncLit); lit {
			return true
		}
		if d, ok := n.(*ast.FuncDecl); ok {
			fd = d
			break
		}
	}
	if fd == nil {
		return false
	}
	fn := c.pass.TypesInfo.Defs[fd.Name]
	for _, obj := range c.pass.TypesInfo.Uses {
		if obj == fn {
			return true
		}
	}
	return false
}

// exportedDecl reports whether the function declaration around path is
// exported, a method with its receiver's type (a function literal is
// not; nor is an adapter's method, called through an interface).
func exportedDecl(path []ast.Node) bool {
	fd, ok := enclosingDecl(path)
	if !ok || !fd.Name.IsExported() {
		return false
	}
	if fd.Recv == nil || len(fd.Recv.List) == 0 {
		return true
	}
	t := fd.Recv.List[0].Type
	if st, ok := t.(*ast.StarExpr); ok {
		t = st.X
	}
	if ix, ok := t.(*ast.IndexExpr); ok {
		t = ix.X
	}
	if ix, ok := t.(*ast.IndexListExpr); ok {
		t = ix.X
	}
	id, ok := t.(*ast.Ident)
	return ok && id.IsExported()
}

// committedLast reports whether a statement of list after fetch commits
// the message msg on the reader recv (the commit call in the statement
// itself, not in a block or function literal of it), and no statement
// after that one uses msg.
func (c *checker) committedLast(list []ast.Stmt, fetch ast.Stmt, recv ast.Expr, commit string, msg types.Object) bool {
	i := slices.Index(list, fetch)
	if i < 0 || msg == nil {
		return false
	}
	uses := func(n ast.Node) bool {
		found := false
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == msg {
				found = true
			}
			return !found
		})
		return found
	}
	for j := len(list) - 1; j > i; j-- {
		found := false
		ast.Inspect(list[j], func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BlockStmt, *ast.FuncLit:
				return false
			case *ast.CallExpr:
				sel, ok := ast.Unparen(n.Fun).(*ast.SelectorExpr)
				if ok && sel.Sel.Name == commit && edit.Source(c.pass, sel.X) == edit.Source(c.pass, recv) && slices.ContainsFunc(n.Args, func(a ast.Expr) bool { return uses(a) }) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
		if uses(list[j]) {
			return false
		}
	}
	return false
}

// commitHere returns the edits for a message processed in the function
// that fetches it: fetch without committing, commit at the end of list
// (on the success path).
func (c *checker) commitHere(path []ast.Node, stmt ast.Stmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg, fetch, commit string) ([]analysis.TextEdit, bool) {
	body, extra, ok := c.errHandling(path, stmt, "commit offset")
	if loop, _ := edit.LoopOf(path); loop != nil || c.carriesOnAfterFetchError(path, stmt) {
		// A failed commit is routine during a rebalance, and the next
		// commit covers the message: a loop logs it and carries on. A
		// return would stop the service (audit 34d/2: a commit made
		// with the context SIGTERM cancelled made every graceful stop
		// exit 1, its deferred Close skipped); so would it where the
		// loop logs a failed read and carries on, and a group
		// reader's ReadMessage error holds its commit's failure.
		body, extra = c.logged(path, "commit offset")
		ok = true
	}
	if !ok {
		return nil, false
	}
	reader := edit.Source(c.pass, sel.X)
	text := c.groupOnly(reader, fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s\n}",
		reader, commit, edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0])), msg, body))
	e, ok := c.appendAfterUses(list, stmt, msg, text)
	if !ok {
		return nil, false
	}
	return append(append(extra, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)}), e...), true
}

// readErrorFallsThrough reports whether the statement after fetch in list
// checks the read's error (errExpr != nil, no init, no else) with a body
// that does not leave, and the rest of list processes the message named
// msg in place (it is not handed on).
func (c *checker) readErrorFallsThrough(list []ast.Stmt, fetch ast.Stmt, msg string, errExpr ast.Expr) bool {
	errID, ok := errExpr.(*ast.Ident)
	if !ok || errID.Name == "_" {
		return false
	}
	i := slices.Index(list, fetch)
	if i < 0 || i+1 >= len(list) {
		return false
	}
	ifs, ok := list[i+1].(*ast.IfStmt)
	if !ok || ifs.Init != nil || ifs.Else != nil || len(ifs.Body.List) == 0 || noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List) {
		return false
	}
	be, ok := ifs.Cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	if !ok1 || !ok2 || c.pass.TypesInfo.ObjectOf(x) != c.pass.TypesInfo.ObjectOf(errID) || y.Name != "nil" {
		return false
	}
	return !c.handedOn(list[i+1:], msg)
}

// fetchName returns the client's fetch call that does not commit.
func fetchName(cl *clientmodel.Client) string {
	for _, call := range cl.Calls {
		if call.Role == clientmodel.Fetch {
			return clientmodel.ShortName(call.Func)
		}
	}
	return ""
}

// commitName returns the client's synchronous commit of records (+1).
func commitName(cl *clientmodel.Client) string {
	for _, call := range cl.Calls {
		if call.Role == clientmodel.Commit && call.PlusOne && call.Sync {
			return clientmodel.ShortName(call.Func)
		}
	}
	return ""
}

// commitInWorker returns the edits for a message sent to the one worker
// that processes it (workerScope; a pool of workers is made one, which is
// returned): fetch without committing, and commit in the worker at the end
// of its loop body, on the success path, logging a failure (returning
// would stop the worker and block the loop on its next send).
func (c *checker) commitInWorker(path []ast.Node, call *ast.CallExpr, sel *ast.SelectorExpr, fetch, commit string) ([]analysis.TextEdit, *pool, bool) {
	msg, list, stmt, pl, rb := c.workerScope(path)
	if msg == "" {
		return nil, nil, false
	}
	reader, e1, ok1 := rb(sel.X)
	ctx, e2, ok2 := rb(edit.LiveContext(c.pass, call.Args[0]))
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	logged, imp := edit.LogErr(c.pass, edit.File(c.pass, call.Pos()), "commit offset", "err")
	text := c.groupOnly(reader, fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s\n}",
		reader, commit, ctx, msg, logged))
	e, ok := c.appendAfterUses(list, stmt, msg, text)
	if !ok {
		return nil, nil, false
	}
	e = append(e, mergeInserts(append(e1, e2...))...)
	if pl != nil {
		if e, ok = c.oneWorker(pl, e); !ok {
			return nil, nil, false
		}
	}
	edits := append(imp, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)})
	return append(edits, e...), pl, true
}

// rootVisibleAt reports whether e is a name, or a selector chain on a
// name (s.reader), whose name means the same variable at pos.
func (c *checker) rootVisibleAt(e ast.Expr, pos token.Pos) bool {
	for {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		if !ok {
			return c.visibleAt(e, pos)
		}
		e = sel.X
	}
}
