package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// groupFencingIgnored reports a group fencing error of a plain commit (a
// rebalance, the member removed, fenced by a static member or by its
// member epoch) that the code recognises and then ignores inside a loop
// over records fetched before the loop: the loop moves on to the next
// record of a batch whose partitions may belong to another member now.
//
// It stays silent where the loop fetches (the next fetch goes through the
// client, which has rejoined: kafka-go drops messages of an older
// generation, franz-go and librdkafka drop revoked partitions' buffered
// records), on channels (a worker that returning would only stop), on
// franz-go clients with BlockRebalanceOnPoll (the rebalance waits for the
// batch) or without an eager balancer (kgo.Balancers of RangeBalancer,
// RoundRobinBalancer or StickyBalancer only: see Eager), and on every test it cannot read as "this error is a group
// fencing error" (negations, other errors, tests mixed with other
// conditions).
func (c *checker) groupFencingIgnored(s *site) {
	if s.ref.Swallow != clientmodel.SwallowReplays || s.errObj == nil || !c.isRecordLoop(s.loop) {
		return
	}
	k := c.consumerOf(s.call)
	if k != nil && k.Settings.Is(k.Client, clientmodel.BlockRebalance) {
		return
	}
	if s.ref.Client.Knob(clientmodel.Eager) != nil && (k == nil || !k.Settings.Is(k.Client, clientmodel.Eager)) {
		// A cooperative balancer (franz-go's default), or one not known:
		// a rebalance keeps the partitions the member still owns, with
		// their fetch positions past the batch. Abandoning the rest of
		// the batch would leave their records unprocessed while the next
		// commits pass them (lost); carrying on is the client's design.
		return
	}
	body := s.loop.(*ast.RangeStmt).Body.List
	if s.check != nil {
		c.walkGroup(s, s.check.Body.List, c.loopTail(s, s.check, body))
	}
	if s.list != nil {
		for _, st := range after(s.list, s.stmt) {
			if st == s.check || edit.IsBareVar(st) {
				continue // var ke kafka.Error, for an errors.As below
			}
			ifs, isIf := st.(*ast.IfStmt)
			sw, isSw := st.(*ast.SwitchStmt)
			if isIf && (c.mentions(ifs.Cond, s.errObj) || ifs.Init != nil && c.mentions(ifs.Init, s.errObj)) ||
				isSw && (sw.Tag != nil && c.mentions(sw.Tag, s.errObj) || sw.Tag == nil && c.mentions(sw.Body, s.errObj)) {
				c.walkGroup(s, []ast.Stmt{st}, c.loopTail(s, st, body))
				continue
			}
			break
		}
	}
}

// loopTail reports whether falling off the end of st (in the call's
// statement list, or the if whose init holds the call) reaches the end
// of the loop body: nothing after it runs before the next iteration.
func (c *checker) loopTail(s *site, st ast.Stmt, body []ast.Stmt) bool {
	list := s.list
	if s.ifInit != nil {
		list = stmtList(pathTo(s.path, s.ifInit))
	}
	return len(list) > 0 && len(list) == len(body) && &list[0] == &body[0] && lastStmt(list) == st
}

// lastStmt returns the last statement of list that is not empty.
func lastStmt(list []ast.Stmt) ast.Stmt {
	for i := len(list) - 1; i >= 0; i-- {
		if _, empty := list[i].(*ast.EmptyStmt); !empty {
			return list[i]
		}
	}
	return nil
}

// walkGroup looks for group fencing tests in list, whose falling off the
// end reaches the end of the loop body when tail is set. It does not
// enter nested loops, selects or function literals: a continue there is
// not the record loop's.
func (c *checker) walkGroup(s *site, list []ast.Stmt, tail bool) {
	last := lastStmt(list)
	for _, st := range list {
		t := tail && st == last
		switch st := st.(type) {
		case *ast.IfStmt:
			if ref := c.groupTest(st.Cond, false); ref != nil && c.testsErr(s, st.Init, st.Cond) {
				c.judgeGroup(s, ref, st.Body.List, st.Body.Lbrace, st.Body.Rbrace, t)
			}
			c.walkGroup(s, st.Body.List, t)
			switch e := st.Else.(type) {
			case *ast.BlockStmt:
				c.walkGroup(s, e.List, t)
			case *ast.IfStmt:
				c.walkGroup(s, []ast.Stmt{e}, t)
			}
		case *ast.SwitchStmt:
			for _, cc := range st.Body.List {
				cl := cc.(*ast.CaseClause)
				var ref *ast.Ident
				for _, e := range cl.List {
					if ref = c.groupTest(e, st.Tag != nil); ref != nil {
						break
					}
				}
				tested := st.Tag != nil && c.testsErr(s, st.Init, st.Tag) || st.Tag == nil && c.testsErr(s, st.Init, cl.List...)
				if ref != nil && tested && len(cl.List) > 0 {
					c.judgeGroup(s, ref, cl.Body, cl.Colon, token.NoPos, t)
				}
				c.walkGroup(s, cl.Body, t)
			}
		case *ast.BlockStmt:
			c.walkGroup(s, st.List, t)
		}
	}
}

// testsErr reports whether a test (with its init) reads the call's error,
// or a variable declared between the call and the test (a kafka.Error
// from a type assertion or errors.As).
func (c *checker) testsErr(s *site, init ast.Stmt, exprs ...ast.Expr) bool {
	nodes := []ast.Node{}
	if init != nil {
		nodes = append(nodes, init)
	}
	for _, e := range exprs {
		nodes = append(nodes, e)
	}
	found := false
	for _, n := range nodes {
		ast.Inspect(n, func(x ast.Node) bool {
			id, ok := x.(*ast.Ident)
			if !ok || found {
				return !found
			}
			obj := c.pass.TypesInfo.ObjectOf(id)
			if obj == s.errObj {
				found = true
			} else if v, isVar := obj.(*types.Var); isVar && !v.IsField() && v.Pos() > s.call.End() && v.Pos() < n.End() {
				found = true
			}
			return !found
		})
	}
	return found
}

// groupTest returns the group fencing error that e tests for (see errTest).
func (c *checker) groupTest(e ast.Expr, tagged bool) *ast.Ident {
	return c.errTest(e, tagged, func(obj types.Object) bool { return c.ix.GroupFencing(obj) != nil })
}

// errTest returns the error (one that satisfies is) that e tests for when
// e holds exactly when the error is that one (or one of several):
// errors.Is(err, kerr.RebalanceInProgress), err == kafka.RebalanceInProgress,
// ke.Code() == kafka.ErrIllegalGeneration, alternatives joined with ||,
// and guards such as `ok &&` or `errors.As(err, &ke) &&`. In a tagged
// switch's case list, the error itself. Anything else (a negation, a test
// mixed with other conditions) is nil.
func (c *checker) errTest(e ast.Expr, tagged bool, is func(types.Object) bool) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			if ref := c.errTest(e.X, false, is); ref != nil {
				return ref
			}
			return c.errTest(e.Y, false, is)
		case token.LAND:
			x, y := c.errTest(e.X, false, is), c.errTest(e.Y, false, is)
			switch {
			case x != nil && (y != nil || c.isGuard(e.Y)):
				return x
			case y != nil && c.isGuard(e.X):
				return y
			}
		case token.EQL:
			if ref := c.namedError(e.Y, is); ref != nil && !c.mentionsFencing(e.X) {
				return ref
			}
			if ref := c.namedError(e.X, is); ref != nil && !c.mentionsFencing(e.Y) {
				return ref
			}
		}
	case *ast.CallExpr:
		if fn := c.calleeOf(e); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "Is" && len(e.Args) == 2 {
			return c.namedError(e.Args[1], is)
		}
	case *ast.Ident, *ast.SelectorExpr:
		if tagged {
			return c.namedError(e, is)
		}
	}
	return nil
}

// isGuard reports whether e only narrows an error test: a boolean
// variable (the ok of a type assertion), errors.As, or a comparison of
// something with nil.
func (c *checker) isGuard(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return types.Identical(c.pass.TypesInfo.TypeOf(e), types.Typ[types.Bool])
	case *ast.CallExpr:
		fn := c.calleeOf(e)
		return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "errors" && fn.Name() == "As"
	case *ast.BinaryExpr:
		if e.Op != token.NEQ {
			return false
		}
		for _, x := range []ast.Expr{e.X, e.Y} {
			if id, ok := ast.Unparen(x).(*ast.Ident); ok {
				if _, isNil := c.pass.TypesInfo.Uses[id].(*types.Nil); isNil {
					return !c.mentionsFencing(e)
				}
			}
		}
	}
	return false
}

// namedError returns the identifier of e when e names an error that
// satisfies is.
func (c *checker) namedError(e ast.Expr, is func(types.Object) bool) *ast.Ident {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	default:
		return nil
	}
	if obj := c.pass.TypesInfo.Uses[id]; obj != nil && is(obj) {
		return id
	}
	return nil
}

// mentionsFencing reports whether e refers to any modelled fencing error.
func (c *checker) mentionsFencing(e ast.Expr) bool {
	return c.fencingRef([]ast.Expr{e}) != nil
}

// judgeGroup reports a branch taken on a group fencing error that only
// logs or counts and then continues the record loop (or falls off the
// end of its body: tail). open is the opening brace of an if's body or
// the colon of a case clause; rbrace is the closing brace of an if's body,
// NoPos for a case clause.
func (c *checker) judgeGroup(s *site, ref *ast.Ident, body []ast.Stmt, open, rbrace token.Pos, tail bool) {
	if len(body) == 0 {
		c.emptyGroupBranch(s, ref, open, rbrace, tail)
		return
	}
	var at ast.Stmt
	switch c.branch(body, s.loop) {
	case branchLogsContinue:
		if br := last(body).(*ast.BranchStmt); br.Label != nil && !c.labels(s.loop, br.Label) {
			return // continues an outer loop: the rest of the batch is abandoned
		}
		at = last(body)
	case branchLogs:
		if !tail || rbrace == token.NoPos {
			return
		}
	default:
		return
	}
	stop, labelEdits := c.abandonBatch(s, last(body).Pos())
	var edits []analysis.TextEdit
	if at != nil {
		edits = c.replaceStmt(at, stop)
	} else {
		e, ok := edit.AppendToList(c.pass, body, rbrace, stop)
		if !ok {
			return
		}
		edits = []analysis.TextEdit{e}
	}
	edits = append(edits, labelEdits...)
	edits = append(edits, c.rewordLogs(body)...)
	c.reportGroupIgnored(s, ref, edits)
}

// emptyGroupBranch reports an empty branch taken on a group fencing error
// that falls off the end of the record loop's body (an if or case that
// only holds a comment, say): the fix abandons the batch from it.
func (c *checker) emptyGroupBranch(s *site, ref *ast.Ident, open, rbrace token.Pos, tail bool) {
	if !tail {
		return
	}
	stop, labelEdits := c.abandonBatch(s, ref.Pos())
	indent := edit.Indent(c.pass, ref.Pos())
	text := "\n" + indent + "\t" + stop
	at := open + 1
	switch {
	case rbrace.IsValid() && c.pass.Fset.Position(rbrace).Line == c.pass.Fset.Position(open).Line:
		text += "\n" + indent // `{}`: the brace goes on a line of its own
	case rbrace.IsValid():
		// Before the closing brace, after any comment the body holds.
		at, text = rbrace, "\t"+stop+"\n"+indent
	default:
		if eol, ok := c.lineEnd(open); ok {
			at = eol // after a comment ending the case's line
		}
	}
	edits := append([]analysis.TextEdit{{Pos: at, End: at, NewText: []byte(text)}}, labelEdits...)
	c.reportGroupIgnored(s, ref, edits)
}

// lineEnd returns the end of the line holding pos when the rest of it is
// blank or a comment.
func (c *checker) lineEnd(pos token.Pos) (token.Pos, bool) {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return token.NoPos, false
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return token.NoPos, false
	}
	start := tf.Offset(pos) + 1
	eol := start
	for eol < len(content) && content[eol] != '\n' {
		eol++
	}
	if rest := strings.TrimSpace(string(content[start:eol])); rest != "" && !strings.HasPrefix(rest, "//") {
		return token.NoPos, false
	}
	return tf.Pos(eol), true
}

// last returns the last statement of a non-empty list.
func last(list []ast.Stmt) ast.Stmt { return list[len(list)-1] }

// abandonBatch returns the statement that gives up the rest of the
// fetched batch from pos, in the record loop's body, and the
// edits adding a label it needs: a break out of the batch back to the
// poll. The batch is the record loop and the loops over slices, arrays
// or maps right around it (partitions of a poll); a loop of any other
// kind (a poll loop, a loop over a channel) is where the next records
// come from, and is not left. The break is labelled when it leaves more
// than the innermost loop or a switch or select lies in between (a bare
// break would end only that).
func (c *checker) abandonBatch(s *site, pos token.Pos) (string, []analysis.TextEdit) {
	path := edit.Path(c.pass, pos)
	target := s.loop
	bare := true
	for _, n := range pathTo(path, s.loop)[1:] {
		if n == s.fn {
			break
		}
		rs, ok := n.(*ast.RangeStmt)
		if !ok {
			if _, isFor := n.(*ast.ForStmt); isFor {
				break
			}
			continue
		}
		if !c.rangesOverBatch(rs) || c.fetchesIn(rs) {
			break
		}
		target, bare = rs, false
	}
	for _, n := range path {
		if n == s.loop {
			break
		}
		switch n.(type) {
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			bare = false
		}
	}
	if bare {
		return "break", nil
	}
	if l := c.labelled(target); l != nil {
		return "break " + l.Name(), nil
	}
	name := c.freeLabel(s.fn, "batch")
	indent := edit.Indent(c.pass, target.Pos())
	label := strings.TrimSuffix(indent, "\t") + name + ":\n" + indent
	return "break " + name, []analysis.TextEdit{{Pos: target.Pos(), End: target.Pos(), NewText: []byte(label)}}
}

// rangesOverBatch reports whether rs ranges over a slice, array or map:
// records (or partitions of records) already fetched.
func (c *checker) rangesOverBatch(rs *ast.RangeStmt) bool {
	t := c.pass.TypesInfo.TypeOf(rs.X)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	case *types.Pointer:
		_, isArray := u.Elem().Underlying().(*types.Array)
		return isArray
	}
	return false
}

// freeLabel returns name, or name with a number, that no label of fn
// uses.
func (c *checker) freeLabel(fn ast.Node, name string) string {
	used := map[string]bool{}
	ast.Inspect(fn, func(n ast.Node) bool {
		if ls, ok := n.(*ast.LabeledStmt); ok {
			used[ls.Label.Name] = true
		}
		return true
	})
	free := name
	for i := 2; used[free]; i++ {
		free = fmt.Sprintf("%s%d", name, i)
	}
	return free
}

// rewordLogs returns edits rewording the message of each logging call in
// body, which said the code skips the record or carries on, to say that
// the rest of the batch is abandoned; the format verbs are kept in order,
// so the arguments still match.
func (c *checker) rewordLogs(body []ast.Stmt) []analysis.TextEdit {
	var edits []analysis.TextEdit
	for _, st := range body {
		es, ok := st.(*ast.ExprStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok || !c.isLogging(call) {
			continue
		}
		for _, a := range call.Args {
			lit, ok := a.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				continue
			}
			text, err := strconv.Unquote(lit.Value)
			if err != nil {
				break
			}
			msg := "commit rejected after a rebalance, abandoning the rest of the batch"
			if verbs := formatVerbs.FindAllString(text, -1); len(verbs) > 0 {
				msg += ": " + strings.Join(verbs, ": ")
			}
			edits = append(edits, analysis.TextEdit{Pos: lit.Pos(), End: lit.End(), NewText: []byte(strconv.Quote(msg))})
			break
		}
	}
	return edits
}

// formatVerbs matches the verbs of a printf format (not %%).
var formatVerbs = regexp.MustCompile(`%[-+# 0]*(\[\d+\])?(\d+|\*)?(\.(\d+|\*))?(\[\d+\])?[a-zA-Z]`)

// labels reports whether label names loop.
func (c *checker) labels(loop ast.Stmt, label *ast.Ident) bool {
	l, ok := c.pass.TypesInfo.Uses[label].(*types.Label)
	return ok && l.Pos() < loop.Pos() && c.labelled(loop) == l
}

// labelled returns the label of loop, if it has one.
func (c *checker) labelled(loop ast.Stmt) *types.Label {
	path := edit.Path(c.pass, loop.Pos())
	for _, n := range path {
		if ls, ok := n.(*ast.LabeledStmt); ok && ls.Stmt == loop {
			l, _ := c.pass.TypesInfo.Defs[ls.Label].(*types.Label)
			return l
		}
	}
	return nil
}

// isRecordLoop reports whether loop ranges over a slice or array of a
// client's records and fetches none itself: a loop over a batch already
// fetched.
func (c *checker) isRecordLoop(loop ast.Stmt) bool {
	rs, ok := loop.(*ast.RangeStmt)
	if !ok || c.fetchesIn(loop) {
		return false
	}
	xt := c.pass.TypesInfo.TypeOf(rs.X)
	if xt == nil {
		return false
	}
	var elem types.Type
	switch t := xt.Underlying().(type) {
	case *types.Slice:
		elem = t.Elem()
	case *types.Array:
		elem = t.Elem()
	case *types.Pointer:
		if a, ok := t.Elem().Underlying().(*types.Array); ok {
			elem = a.Elem()
		}
	}
	return elem != nil && c.ix.Record(elem) != nil
}

// groupCost says what carrying on with a batch after a group fencing error
// costs with the client.
func groupCost(cl *clientmodel.Client) string {
	const cost = "the consumer keeps processing partitions it may no longer own (their new owner processes the same records again), and its later commits are rejected or land on the wrong side of the fence"
	if cl.Prose.GroupFenced != "" {
		return cl.Prose.GroupFenced + ", so " + cost
	}
	return cost
}

// reportGroupIgnored reports the group fencing error ref, recognised and
// ignored in the record loop, with the edits that abandon the batch.
func (c *checker) reportGroupIgnored(s *site, ref *ast.Ident, edits []analysis.TextEdit) {
	call := clientmodel.ShortName(s.ref.Func)
	c.report(analysis.Diagnostic{
		Pos:      ref.Pos(),
		End:      ref.End(),
		Category: CategoryFencingIgnored,
		Message: fmt.Sprintf("the group fencing error %s from %s is recognised and ignored, and the loop moves on to the next record of the same batch: %s",
			ref.Name, call, groupCost(s.ref.Client)),
		Related: related(s.call, call+" is called here"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Abandon the rest of the batch",
			TextEdits: edits,
		}},
	})
}
