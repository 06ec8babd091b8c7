package autocommit

import (
	_ "embed"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// ---- fetches that commit before returning (FetchCommit) ----

func (c *checker) fetchCommit(k *consumer.Consumer) {
	for _, f := range callsWith(k, clientmodel.FetchCommit) {
		if on, known := k.Settings.Get(k.Client, f.NeedsSetting); !known || on != f.NeedsValue {
			continue
		}
		c.readCommitsFirst(k, f)
	}
	c.readCommitsFirstValues(k)
}

func (c *checker) readCommitsFirst(k *consumer.Consumer, f *consumer.Call) {
	call, path := edit.CallAt(c.pass, f.Pos())
	if call == nil || len(call.Args) != 1 {
		return
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return
	}
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 2 || ast.Unparen(as.Rhs[0]) != call {
		return
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	if !ok || msg.Name == "_" {
		return
	}
	fetch := fetchName(k.Client)
	commit := commitName(k.Client)
	if fetch == "" || commit == "" {
		return
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
	case c.readErrorFallsThrough(*listp, stmt, msg.Name, as.Lhs[1]) && !c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(msg)):
		// The read's error check carries on to the processing of an
		// empty message: the commit goes after the processing, and the
		// check continues with the next read (AppendOnSuccess), so that
		// a failed read is neither processed nor committed.
		edits, ok = c.commitHere(path, stmt, *listp, call, sel, msg.Name, fetch, commit)
		title = fmt.Sprintf("Fetch with %s, skip a failed read and commit after processing", fetch)
	case !c.processedAfter(*listp, stmt, msg.Name, as.Lhs[1]):
		// Appended to a batch processed later: commit the batch after
		// its processing; sent to one worker (or a pool made one):
		// commit in the worker after processing; or nothing sure can be
		// built.
		edits, ok = c.commitAfterFlush(path, as, *listp, call, sel, msg, fetch, commit)
		title = fmt.Sprintf("Fetch with %s and commit each batch after it is processed", fetch)
		if !ok {
			if m, l, st, g := c.goScope(path); m != "" {
				// A goroutine per message: process it in place and
				// commit after it.
				edits, ok = c.commitHere(path, st, l, call, sel, m, fetch, commit)
				edits = append(edits, inPlace(g)...)
				title = fmt.Sprintf("Fetch with %s, process each message in place and commit it after processing", fetch)
				break
			}
			var pl *pool
			edits, pl, ok = c.commitInWorker(path, call, sel, fetch, commit)
			title = fmt.Sprintf("Fetch with %s and commit in the worker after processing", fetch)
			if pl != nil {
				title = fmt.Sprintf("Fetch with %s, start one worker and commit in it after processing", fetch)
			}
		}
	case c.recordLeaves(*listp, stmt, c.pass.TypesInfo.ObjectOf(msg)):
		// Returned to the caller, which processes it: the commit goes
		// there, after the processing.
		edits, ok = c.callerCommits(path, as, call, sel, msg, fetch, commit)
		title = fmt.Sprintf("Fetch with %s, return the message and commit it in the caller after processing", fetch)
		if !ok {
			// Used other than called (a method value, an argument):
			// return the commit, which each call makes after processing.
			edits, ok = c.ackCommits(path, as, call, sel, msg, fetch, commit)
			title = fmt.Sprintf("Fetch with %s, return a function committing the message and call it after processing", fetch)
		}
	default:
		edits, ok = c.commitHere(path, stmt, *listp, call, sel, msg.Name, fetch, commit)
	}
	if !ok {
		return
	}
	c.report(k, analysis.Diagnostic{
		Pos:      f.Pos(),
		Category: CategoryReadCommits,
		Message: fmt.Sprintf("group reader's %s commits the message before returning it: a crash while it is processed loses it (at-most-once)",
			sel.Sel.Name),
		Related: []analysis.RelatedInformation{related(k.Site.Pos(), "group reader created here")},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   title,
			TextEdits: edits,
		}},
	})
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
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s\n}",
		edit.Source(c.pass, sel.X), commit, edit.Source(c.pass, call.Args[0]), msg, body)
	e, ok := edit.AppendOnSuccess(c.pass, path, list, stmt, text)
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
	ctx, e2, ok2 := rb(call.Args[0])
	if !ok1 || !ok2 {
		return nil, nil, false
	}
	name, imp := edit.Import(c.pass, edit.File(c.pass, call.Pos()), "log")
	text := fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n%s.Printf(\"commit offset: %%v\", err)\n}",
		reader, commit, ctx, msg, name)
	e, ok := edit.AppendOnSuccess(c.pass, path, list, stmt, text)
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
