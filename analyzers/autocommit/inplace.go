package autocommit

import (
	"fmt"
	"go/ast"
	"go/types"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// ---- a message sent to workers, processed in place of the send ----

// commitInPlaceOfSend returns the edits for a message read by a fetch that
// commits first (`msg, err := r.ReadMessage(ctx)`, its error check
// leaving) and then sent on a local channel to workers that no other fix
// can commit in (several workers, a channel also closed or measured):
// the fetch no longer commits, the send is replaced by the body of the
// workers' loop with msg for its variable, and the commit ends that body
// on its success path:
//
//	m, err := r.ReadMessage(ctx)     m, err := r.FetchMessage(ctx)
//	if err != nil {                  if err != nil {
//		return err                       return err
//	}                                }
//	out <- m                         if err := apply(ctx, m); err != nil {
//	                                 	log.Printf("apply: %v", err)
//	                                 } else if err := r.CommitMessages(ctx, m); err != nil {
//	                                 	...
//
// It requires:
//
//   - the send (`ch <- msg`, or a select whose other cases only give up
//     when a context is done: `case <-ctx.Done(): return`) is a statement
//     of the fetch's list, and nothing else there hands msg on;
//   - ch is a local variable of the function declaration whose workers
//     edit.Workers finds in a function literal of it (made where it is
//     declared, every other use sending to it, closing it, measuring it
//     or being the one `for v := range ch` loop of a function literal
//     started by go statements);
//   - the loop body can run in place of the send (edit.InPlace.Lines):
//     it leaves only by running to its end, or by a continue of the
//     loop when the send ends the body of the read loop (it then
//     continues that loop, the message uncommitted: a failure the
//     workers skipped); it assigns and hands on neither v nor what
//     stands for it, declares nothing named like the message, the
//     reader, the context or the commit's error handling, and every
//     other name it uses means the same at the send.
//
// The workers stay, idle: they receive nothing more and end when ch is
// closed, as before.
func (c *checker) commitInPlaceOfSend(path []ast.Node, stmt ast.Stmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetch, commit string) ([]analysis.TextEdit, bool) {
	// The commit, its failure handled as the read's.
	errBody, extra, ok := c.errHandling(path, stmt, "commit offset")
	if !ok {
		return nil, false
	}
	reader := edit.Source(c.pass, sel.X)
	text := c.groupOnly(reader, fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n\t%s\n}",
		reader, commit, edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0])), msg.Name, strings.ReplaceAll(errBody, "\n", "\n\t")))
	e, ok := c.inPlaceOfSend(path, stmt, list, msg, text, []ast.Expr{sel.X, edit.LiveContext(c.pass, call.Args[0])})
	if !ok {
		return nil, false
	}
	return append(append(extra, analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)}), e...), true
}

// storeInPlaceOfSend is commitInPlaceOfSend for a fetch that stores the
// message's offset on delivery (auto-store on, which the caller's fix
// turns off): the store of the message on the consumer recvX ends the
// workers' body in place of the send, a failure logged, as the worker
// would (the loop carries on: a later store of the partition covers the
// message).
func (c *checker) storeInPlaceOfSend(k *consumer.Consumer, path []ast.Node, recvX ast.Expr) ([]analysis.TextEdit, bool) {
	stmt, listp := edit.Stmt(path)
	as, ok := stmt.(*ast.AssignStmt)
	if !ok || listp == nil || len(as.Lhs) != 2 || len(as.Rhs) != 1 {
		return nil, false
	}
	msg, ok := as.Lhs[0].(*ast.Ident)
	if !ok || msg.Name == "_" {
		return nil, false
	}
	body, extra := edit.LogErr(c.pass, edit.File(c.pass, stmt.Pos()), "store offset", "err")
	store := k.Client.CallName(clientmodel.Store, clientmodel.ScopeArgs)
	text := fmt.Sprintf("if _, err := %s.%s(%s); err != nil {\n\t%s\n}", edit.Source(c.pass, recvX), store, msg.Name, strings.ReplaceAll(body, "\n", "\n\t"))
	e, ok := c.inPlaceOfSend(path, stmt, *listp, msg, text, []ast.Expr{recvX})
	if !ok {
		return nil, false
	}
	return append(extra, e...), true
}

// inPlaceOfSend returns the edit replacing the send of the message msg,
// fetched by stmt of list, by the workers' loop body ending with text (a
// position call of the message, whose expressions uses are evaluated
// again there): see commitInPlaceOfSend. The workers and the inlined
// body are edit.Workers' and edit.InPlace's; this function finds the
// send and decides what ends the body.
func (c *checker) inPlaceOfSend(path []ast.Node, stmt ast.Stmt, list []ast.Stmt, msg *ast.Ident, text string, uses []ast.Expr) ([]analysis.TextEdit, bool) {
	msgObj := c.pass.TypesInfo.ObjectOf(msg)
	fd := outerDecl(path)
	if msgObj == nil || fd == nil {
		return nil, false
	}
	if ifs, ok := c.checkAfter(list, stmt).(*ast.IfStmt); !ok || !noreturn.Of(c.pass).EndsWithLeave(ifs.Body.List) {
		return nil, false
	}
	// The send, a statement of the list after the fetch.
	var ss *ast.SendStmt
	var target ast.Stmt
	var others []ast.Stmt
	for _, s := range after(list, stmt) {
		if x, y := c.sendOf(s, msg.Name); x != nil && ss == nil {
			ss, target = x, y
			continue
		}
		others = append(others, s)
	}
	if ss == nil || c.handedOn(others, msg.Name) {
		return nil, false
	}
	chID, ok := ast.Unparen(ss.Chan).(*ast.Ident)
	if !ok {
		return nil, false
	}
	ch, ok := c.pass.TypesInfo.Uses[chID].(*types.Var)
	if !ok {
		return nil, false
	}
	// The workers are a function literal of fd: a worker function started
	// with ch (which edit.Workers also finds) is left to the worker fixes
	// and otherwise without a fix (payloadhandoff's known gap).
	loop, subst := edit.Workers(c.pass, fd.Body, ch, target.Pos(), nil)
	if loop == nil || loop.Pos() < fd.Body.Pos() || loop.End() > fd.Body.End() {
		return nil, false
	}
	// Nothing the inlined body declares may hide a name the position call
	// or the message uses.
	reserved := []string{msg.Name}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		if w != "err" { // the position call's own, scoped to its if
			reserved = append(reserved, w)
		}
	}
	// A continue of the workers' loop (done with this message) continues
	// the read loop in place, when the send ends its body.
	_, readBody := edit.LoopOf(path)
	in := edit.InPlace{
		Send: ss, Target: target, Loop: loop, Subst: subst,
		Reserved: reserved, Uses: uses,
		Continue: readBody != nil && sameList(readBody.List, list) && list[len(list)-1] == target,
		// The commit ends the body, on its success path (path is the
		// fetch's: the inlined statements run in its list).
		Inside: func(body []ast.Stmt) ([]analysis.TextEdit, bool) {
			return edit.AppendOnSuccess(c.pass, body, nil, text)
		},
	}
	lines, ok := in.Lines(c.pass)
	if !ok {
		return nil, false
	}
	indent := edit.Indent(c.pass, target.Pos())
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return []analysis.TextEdit{{Pos: target.Pos(), End: target.End(), NewText: []byte(strings.Join(lines, "\n"))}}, true
}

// sendOf returns the send of the message named msg, or of a value made
// from it, on a channel that statement s is, with the statement to
// replace: the send itself, or a select whose other cases only give up
// when a context is done (edit.GivesUp).
func (c *checker) sendOf(s ast.Stmt, msg string) (*ast.SendStmt, ast.Stmt) {
	isMsg := func(ss *ast.SendStmt) bool {
		return c.handedOn([]ast.Stmt{ss}, msg)
	}
	switch s := s.(type) {
	case *ast.SendStmt:
		if isMsg(s) {
			return s, s
		}
	case *ast.SelectStmt:
		var send *ast.SendStmt
		for _, cl := range s.Body.List {
			if comm, ok := cl.(*ast.CommClause).Comm.(*ast.SendStmt); ok {
				if send != nil || !isMsg(comm) {
					return nil, nil
				}
				send = comm
			}
		}
		if send != nil && edit.GivesUp(c.pass, s, send) {
			return send, s
		}
	}
	return nil, nil
}

// sameList reports whether a and b are the same statement list.
func sameList(a, b []ast.Stmt) bool {
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}
