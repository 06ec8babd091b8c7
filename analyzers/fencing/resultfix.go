package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// ret returns the statements that handle err in the call's function:
// return it wrapped, or (in a function without results, inside the loop)
// log it and return, which stops the loop. Transactions that need an
// abort abort first. ok is false where no such statement is right.
func (c *checker) ret(s *site, errName string, logged bool) (string, []analysis.TextEdit, bool) {
	w := what(s.ref)
	res := s.sig.Results()
	var text string
	var imports []analysis.TextEdit
	zeros, zerosOK := c.zeros(s)
	switch {
	case res.Len() >= 1 && isError(res.At(res.Len()-1).Type()) && zerosOK:
		name, e := edit.Import(c.pass, s.file, "fmt")
		imports = append(imports, e...)
		text = fmt.Sprintf("return %s%s.Errorf(\"%s: %%w\", %s)", zeros, name, w, errName)
		if s.ref.Abort != "" {
			recv, ok := c.recvText(s.call)
			if !ok {
				return "", nil, false
			}
			text = fmt.Sprintf("if abortErr := %s.%s(); abortErr != nil {\n\treturn %s%s.Errorf(\"abort transaction: %%w (after %s: %%v)\", abortErr, %s)\n}\n", recv, s.ref.Abort, zeros, name, w, errName) + text
		}
	case res.Len() == 0 && s.consume:
		text = "return"
		if !logged {
			logged, e := edit.LogErr(c.pass, s.file, w, errName)
			imports = append(imports, e...)
			text = logged + "\nreturn"
		}
		if s.ref.Abort != "" {
			recv, ok := c.recvText(s.call)
			if !ok {
				return "", nil, false
			}
			logged, e := edit.LogErr(c.pass, s.file, "abort transaction", "abortErr")
			imports = append(imports, e...)
			text = fmt.Sprintf("if abortErr := %s.%s(); abortErr != nil {\n\t%s\n}\n", recv, s.ref.Abort, logged) + text
		}
	default:
		return "", nil, false
	}
	return text, imports, true
}

// zeros returns the zero values of the function's results but the last
// (an error), each followed by ", ", as a return statement in it writes
// them; ok is false for a type the code cannot spell there.
func (c *checker) zeros(s *site) (string, bool) { return edit.LeadingZeros(c.pass, s.sig, s.file) }

// recvText returns the source of a method call's receiver when it is a
// plain name or field path (safe to evaluate again).
func (c *checker) recvText(call *ast.CallExpr) (string, bool) {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return "", false
	}
	for x := sel.X; ; {
		switch e := x.(type) {
		case *ast.Ident:
			return c.text(sel.X), true
		case *ast.SelectorExpr:
			x = e.X
			continue
		}
		return "", false
	}
}

// indentBody indents every line of text by one tab (for a block body).
func indentBody(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n")
}

// errName returns the name to give the call's error in a := declaration
// at s: "err" unless the statement's scope declares a non-error err.
func (c *checker) errName(pos token.Pos) string {
	scope := c.scopeAt(pos)
	if scope != nil {
		if obj := scope.Lookup("err"); obj != nil && !isError(obj.Type()) {
			return edit.FreeName(c.pass, pos, "err")
		}
	}
	return "err"
}

func (c *checker) scopeAt(pos token.Pos) *types.Scope {
	f := edit.File(c.pass, pos)
	if f == nil {
		return nil
	}
	s := c.pass.TypesInfo.Scopes[f]
	if s == nil {
		return nil
	}
	return s.Innermost(pos)
}

// effects returns the statements after the call (and its error check) in
// its list that do more than log: what runs as if the transaction had
// committed.
func (c *checker) effects(s *site) []ast.Stmt {
	if s.list == nil && s.ifInit == nil {
		return nil
	}
	var rest []ast.Stmt
	switch {
	case s.ifInit != nil:
		list := stmtList(pathTo(s.path, s.ifInit))
		rest = after(list, s.ifInit)
	case s.check != nil && s.check != s.ifInit:
		rest = after(s.list, s.check)
	default:
		rest = after(s.list, s.stmt)
	}
	var out []ast.Stmt
	for _, st := range rest {
		switch st := st.(type) {
		case *ast.EmptyStmt:
			continue
		case *ast.BranchStmt:
			continue
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(st.X).(*ast.CallExpr); ok && c.isLogging(call) {
				continue
			}
		}
		out = append(out, st)
	}
	return out
}

// needsCommitted reports whether the call's committed result is ignored
// while statements after it treat the transaction as done, in a loop
// where `continue` skips them.
func (c *checker) needsCommitted(s *site) bool {
	if s.ref.Committed < 0 || s.loop == nil || c.isAbort(s.call) {
		return false // End(ctx, TryAbort) never commits
	}
	if !s.commBlank {
		return false // a named committed result must be read (it compiles)
	}
	return len(c.effects(s)) > 0
}

// swallowFix returns the edits that handle the error of s: only logged
// (logged) or discarded.
func (c *checker) swallowFix(s *site, logged bool) ([]analysis.TextEdit, bool) {
	if logged {
		return c.loggedFix(s)
	}
	return c.discardFix(s)
}

// noHandOn ends the message of a swallowed error the fix cannot hand on.
const noHandOn = "; no automatic fix: the error cannot be handed on from here (a function whose results do not end in an error, or a check the fix cannot rewrite); have the function return it, or stop the loop on it"

// reportSwallowed reports a discarded or only-logged error.
func (c *checker) reportSwallowed(s *site, logged bool) {
	edits, ok := c.swallowFix(s, logged)
	name := clientmodel.ShortName(s.ref.Func)
	how := "discarded"
	if logged && len(s.check.Body.List) == 0 {
		how = "checked but ignored while the loop carries on"
	} else if logged {
		how = "only logged while the loop carries on"
	} else if s.consume && s.ref.Swallow != clientmodel.SwallowReplays {
		how = "discarded while the loop carries on"
	}
	var rel []analysis.RelatedInformation
	if logged {
		rel = related(s.check, "the error is only logged here")
	}
	title := "Return the " + name + " error"
	if !logged && s.ref.Swallow == clientmodel.SwallowReplays {
		title = "Log the " + name + " error"
	} else if !logged && s.sig.Results().Len() == 0 && !s.consume {
		title = "Stop the process when " + name + " fails, so that it resumes from the last committed transaction"
	}
	msg := fmt.Sprintf("the error of %s is %s: %s", name, how, cost(s.ref))
	if !ok {
		// Reported all the same (#13): the error is dropped where the fix
		// has no way to hand it on.
		msg += noHandOn
		edits = nil
	}
	c.reportSwallowedAt(s.call, msg, rel, title, edits)
}

// discardFix handles a discarded error: the call's statement becomes an
// if with the error check, or the blank becomes err and a check follows.
// The check logs a plain commit's error (see handle) and returns the
// others.
func (c *checker) discardFix(s *site) ([]analysis.TextEdit, bool) {
	needComm := c.needsCommitted(s)
	callSrc := c.text(s.call)
	allBlank := true
	if as, ok := s.stmt.(*ast.AssignStmt); ok {
		for _, l := range as.Lhs {
			if id, ok := l.(*ast.Ident); !ok || id.Name != "_" {
				allBlank = false
			}
		}
	}
	if s.ifInit != nil {
		return nil, false
	}
	switch {
	case allBlank && needComm:
		errName := c.errName(s.stmt.Pos())
		comm := edit.FreeName(c.pass, s.stmt.Pos(), "committed")
		body, imports, ok := c.handle(s, errName)
		if !ok {
			return nil, false
		}
		text := fmt.Sprintf("%s, %s := %s\nif %s != nil {\n%s\n}\nif !%s {\n\tcontinue\n}", comm, errName, callSrc, errName, indentBody(body), comm)
		return append(imports, c.replaceStmt(s.stmt, text)...), true
	case allBlank:
		body, imports, ok := c.handle(s, "err")
		if !ok {
			return nil, false
		}
		if folded, ok := c.foldedCall(s); ok {
			// One error for everything the call reports (folds.go).
			text := fmt.Sprintf("if err := %s; err != nil {\n%s\n}", folded, indentBody(body))
			return append(imports, c.replaceStmt(s.stmt, text)...), true
		}
		lhs := make([]string, s.nres)
		for i := range lhs {
			lhs[i] = "_"
		}
		lhs[s.ref.Err] = "err"
		text := fmt.Sprintf("if %s := %s; err != nil {\n%s\n}", strings.Join(lhs, ", "), callSrc, indentBody(body))
		return append(imports, c.replaceStmt(s.stmt, text)...), true
	}
	as, ok := s.stmt.(*ast.AssignStmt)
	if !ok {
		return nil, false
	}
	var edits []analysis.TextEdit
	errName := "err"
	if s.errBlank {
		if as.Tok == token.DEFINE {
			errName = c.errName(as.Pos())
		} else if _, obj := c.scopeAt(as.Pos()).LookupParent("err", as.Pos()); obj == nil || !isError(obj.Type()) {
			return nil, false
		}
		blank := as.Lhs[s.ref.Err]
		edits = append(edits, analysis.TextEdit{Pos: blank.Pos(), End: blank.End(), NewText: []byte(errName)})
	} else {
		errName = s.errObj.Name()
	}
	body, imports, ok := c.handle(s, errName)
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if %s != nil {\n%s\n}", errName, indentBody(body))
	if needComm {
		comm := edit.FreeName(c.pass, as.Pos(), "committed")
		if as.Tok == token.ASSIGN {
			edits = append(edits, edit.InsertBefore(c.pass, as, "var "+comm+" bool"))
		} else if as.Tok != token.DEFINE {
			return nil, false
		}
		blank := as.Lhs[s.ref.Committed]
		edits = append(edits, analysis.TextEdit{Pos: blank.Pos(), End: blank.End(), NewText: []byte(comm)})
		text += fmt.Sprintf("\nif !%s {\n\tcontinue\n}", comm)
	}
	edits = append(edits, c.insertAfter(s.stmt, text))
	return append(imports, edits...), true
}

// handle returns the statements that handle a discarded error err of the
// call: a plain commit's error is logged, and the loop carries on (a
// failed commit costs duplicates, which a later commit or the next owner
// bounds; returning would stop the consumer, or end a caller's loop
// silently); a transaction's is returned (see ret). In a function
// without results outside a consume loop, where no caller can learn of
// it, a transaction's failure stops the process (log.Fatalf): the
// transaction left open is aborted by its coordinator (when the restarted
// producer initialises its transactional ID, or at its timeout) and the
// restarted consumer resumes from the offsets of the last committed one,
// the rewind the consumer out of scope here cannot be told to do; after
// a fatal error (a fenced producer) the producer is unusable anyway.
func (c *checker) handle(s *site, errName string) (string, []analysis.TextEdit, bool) {
	if s.ref.Swallow != clientmodel.SwallowReplays && s.sig.Results().Len() == 0 && !s.consume {
		name, imports := edit.Import(c.pass, s.file, "log")
		return fmt.Sprintf("%s.Fatalf(\"%s: %%v\", %s)", name, what(s.ref), errName), imports, true
	}
	if s.ref.Swallow != clientmodel.SwallowReplays {
		return c.ret(s, errName, false)
	}
	logged, imports := edit.LogErr(c.pass, s.file, what(s.ref), errName)
	return logged, imports, true
}

// loggedFix makes the branch that only logs the error return it (in place
// of its final continue, or at its end).
func (c *checker) loggedFix(s *site) ([]analysis.TextEdit, bool) {
	body, imports, ok := c.ret(s, s.errObj.Name(), true)
	if !ok {
		return nil, false
	}
	list := s.check.Body.List
	var edits []analysis.TextEdit
	if len(list) == 0 {
		edits = append(edits, c.prependStmts(list, s.check.Body.Lbrace, body))
	} else if last, isBr := list[len(list)-1].(*ast.BranchStmt); isBr && last.Tok == token.CONTINUE {
		edits = append(edits, c.replaceStmt(last, body)...)
	} else {
		e, ok := edit.AppendToList(c.pass, list, s.check.Body.Rbrace, body)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	if c.needsCommitted(s) {
		e, ok := c.committedEdits(s)
		if !ok {
			return nil, false
		}
		edits = append(edits, e...)
	}
	return append(imports, edits...), true
}

// committedIgnored reports franz-go End's committed result ignored while
// the statements after it treat the batch as done.
func (c *checker) committedIgnored(s *site) {
	if !c.needsCommitted(s) {
		return
	}
	edits, ok := c.committedEdits(s)
	if !ok {
		return
	}
	eff := c.effects(s)
	c.report(analysis.Diagnostic{
		Pos:      s.call.Pos(),
		End:      s.call.End(),
		Category: CategoryTxnResult,
		Message:  "the committed result of End is ignored: when a rebalance aborted the transaction, End returns (false, nil) and the batch is polled again, but the code after it treats the batch as done (its effects outside Kafka are duplicated)",
		Related:  related(eff[0], "runs whether or not the transaction committed"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Skip the rest of the iteration when End did not commit",
			TextEdits: edits,
		}},
	})
}

// committedEdits names End's committed result and continues the loop when
// it is false, right after the error check.
func (c *checker) committedEdits(s *site) ([]analysis.TextEdit, bool) {
	as, ok := s.stmt.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE && as.Tok != token.ASSIGN {
		return nil, false
	}
	comm := edit.FreeName(c.pass, as.Pos(), "committed")
	skip := fmt.Sprintf("if !%s {\n\tcontinue\n}", comm)
	blank := as.Lhs[s.ref.Committed]
	if as.Tok == token.ASSIGN {
		// `_, err = s.End(...)`: declare committed before the statement
		// (or the if it is the init of) and assign it there.
		var outer ast.Stmt = s.stmt
		anchor := s.stmt
		if s.ifInit != nil {
			outer, anchor = s.ifInit, s.ifInit
		} else if s.check != nil {
			anchor = s.check
		}
		return []analysis.TextEdit{
			edit.InsertBefore(c.pass, outer, "var "+comm+" bool"),
			{Pos: blank.Pos(), End: blank.End(), NewText: []byte(comm)},
			c.insertAfter(anchor, skip),
		}, true
	}
	if s.ifInit == nil {
		anchor := s.stmt
		if s.check != nil {
			anchor = s.check
		}
		return []analysis.TextEdit{
			{Pos: blank.Pos(), End: blank.End(), NewText: []byte(comm)},
			c.insertAfter(anchor, skip),
		}, true
	}
	// `if _, err := s.End(...); err != nil {`: hoist the assignment so that
	// committed outlives the if.
	errName := s.errObj.Name()
	if errName != "err" || c.errName(s.ifInit.Pos()) != "err" {
		return nil, false
	}
	if _, obj := c.scopeAt(s.ifInit.Pos()).LookupParent(comm, s.ifInit.Pos()); obj != nil {
		return nil, false
	}
	lhs := make([]string, len(as.Lhs))
	for i, l := range as.Lhs {
		lhs[i] = c.text(l)
	}
	lhs[s.ref.Committed] = comm
	decl := fmt.Sprintf("%s := %s", strings.Join(lhs, ", "), c.text(s.call))
	return []analysis.TextEdit{
		{Pos: s.ifInit.Init.Pos(), End: s.ifInit.Cond.Pos()},
		edit.InsertBefore(c.pass, s.ifInit, decl),
		c.insertAfter(s.ifInit, skip),
	}, true
}

// missingAbort reports a sarama CommitTxn failure handled by returning
// without AbortTxn, on a producer that outlives the function.
func (c *checker) missingAbort(s *site) {
	hasReturn, aborts := false, false
	ast.Inspect(s.check.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			hasReturn = true
		case *ast.CallExpr:
			if c.isAbort(n) || c.terminates(n) || c.abortsInHelper(n) {
				aborts = true
			}
		}
		return true
	})
	if !hasReturn || aborts || c.localRecv(s) || c.deferredAbort(s) {
		return
	}
	call := clientmodel.ShortName(s.ref.Func)
	d := analysis.Diagnostic{
		Pos:      s.call.Pos(),
		End:      s.call.End(),
		Category: CategoryTxnResult,
		Message: fmt.Sprintf("a failed %s is handled without %s: after an abortable error %s's producer accepts no %s until %s, so every later transaction of this producer fails (no progress)",
			call, s.ref.Abort, s.ref.Client.Name, s.ref.Begin, s.ref.Abort),
		Related: related(s.check, "the failure is handled here"),
	}
	if edits, why := c.abortFix(s); why != "" {
		// Reported all the same (#13): the producer is stuck either way.
		d.Message += "; no automatic fix: " + why + "; call " + s.ref.Abort + " on the producer before returning"
	} else {
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message:   "Call " + s.ref.Abort + " before returning",
			TextEdits: edits,
		}}
	}
	c.report(d)
}

// abortsInHelper reports whether call calls a function of the package
// whose body (not its literals) aborts the transaction: a one-line
// abort(p, err) helper the failure branches share.
func (c *checker) abortsInHelper(call *ast.CallExpr) bool {
	fd := edit.FuncDecl(c.pass, c.calleeOf(call))
	if fd == nil {
		return false
	}
	found := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			found = found || c.isAbort(n)
		}
		return !found
	})
	return found
}

// abortFix returns the edits that abort the transaction at the top of
// the failure's branch, or why there are none.
func (c *checker) abortFix(s *site) ([]analysis.TextEdit, string) {
	recv, ok := c.recvText(s.call)
	if !ok {
		return nil, "the producer is not a name or field path the fix can call again"
	}
	res := s.sig.Results()
	zeros, zerosOK := c.zeros(s)
	var text string
	var imports []analysis.TextEdit
	switch {
	case res.Len() == 0:
		// Nothing to return the abort's failure in: log it.
		var name string
		name, imports = edit.Import(c.pass, s.file, "log")
		text = fmt.Sprintf("if abortErr := %s.%s(); abortErr != nil {\n\t%s.Printf(\"abort transaction: %%v (after %s: %%v)\", abortErr, %s)\n}", recv, s.ref.Abort, name, what(s.ref), s.errObj.Name())
	case isError(res.At(res.Len()-1).Type()) && zerosOK:
		var name string
		name, imports = edit.Import(c.pass, s.file, "fmt")
		text = fmt.Sprintf("if abortErr := %s.%s(); abortErr != nil {\n\treturn %s%s.Errorf(\"abort transaction: %%w (after %s: %%v)\", abortErr, %s)\n}", recv, s.ref.Abort, zeros, name, what(s.ref), s.errObj.Name())
	default:
		return nil, "the function returns values but no final error the fix can return the abort's failure in"
	}
	e, ok := edit.PrependToBody(c.pass, s.check.Body, text)
	if !ok {
		return nil, "the failure's branch has no body the fix can begin"
	}
	return append(imports, e), ""
}

// deferredAbort reports whether the call's function defers a closure
// that aborts when its named error result is set: returning the error
// aborts (`func f() (err error) { defer func() { if err != nil {
// p.AbortTxn() } }() … }`).
func (c *checker) deferredAbort(s *site) bool {
	var ftype *ast.FuncType
	var body *ast.BlockStmt
	switch f := s.fn.(type) {
	case *ast.FuncDecl:
		ftype, body = f.Type, f.Body
	case *ast.FuncLit:
		ftype, body = f.Type, f.Body
	}
	if body == nil || ftype.Results == nil {
		return false
	}
	var named []types.Object
	for _, f := range ftype.Results.List {
		for _, id := range f.Names {
			if obj := c.pass.TypesInfo.Defs[id]; obj != nil && isError(obj.Type()) {
				named = append(named, obj)
			}
		}
	}
	if len(named) == 0 {
		return false
	}
	found := false
	for _, st := range body.List {
		def, ok := st.(*ast.DeferStmt)
		if !ok {
			continue
		}
		lit, ok := ast.Unparen(def.Call.Fun).(*ast.FuncLit)
		if !ok {
			continue
		}
		aborts, reads := false, false
		ast.Inspect(lit.Body, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && c.isAbort(call) {
				aborts = true
			}
			return true
		})
		for _, obj := range named {
			reads = reads || c.mentions(lit.Body, obj)
		}
		found = found || aborts && reads
	}
	return found
}

// localRecv reports whether the call's receiver is a local variable of
// the enclosing function (a producer made for this call, which a return
// abandons).
func (c *checker) localRecv(s *site) bool {
	sel, ok := ast.Unparen(s.call.Fun).(*ast.SelectorExpr)
	if !ok {
		return true
	}
	id, ok := sel.X.(*ast.Ident)
	if !ok {
		return false // a field: the producer outlives the function
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		return true
	}
	var params *ast.FieldList
	switch f := s.fn.(type) {
	case *ast.FuncDecl:
		params = f.Type.Params
	case *ast.FuncLit:
		params = f.Type.Params
	}
	if params != nil && params.Pos() <= obj.Pos() && obj.Pos() < params.End() {
		return false
	}
	return s.fn.Pos() <= obj.Pos() && obj.Pos() < s.fn.End()
}

// fencingIgnored reports a fencing error of a transaction call that the
// code recognises and then ignores, continuing the loop. Only tests that
// hold exactly when the error is a fencing one count (errTest): a negated
// test continues on every other error.
func (c *checker) fencingIgnored(s *site) {
	var region []ast.Node
	if s.check != nil {
		region = append(region, s.check.Body)
	}
	if s.list != nil {
		for _, st := range after(s.list, s.stmt) {
			if st == s.check {
				continue
			}
			ifs, isIf := st.(*ast.IfStmt)
			sw, isSw := st.(*ast.SwitchStmt)
			if isIf && c.mentions(ifs.Cond, s.errObj) || isSw && (sw.Tag != nil && c.mentions(sw.Tag, s.errObj) || sw.Tag == nil && c.mentions(sw.Body, s.errObj)) {
				region = append(region, st)
				continue
			}
			break
		}
	}
	for _, r := range region {
		ast.Inspect(r, func(n ast.Node) bool {
			// A bare error in a case list is a tagged switch's value.
			anyFencing := func(obj types.Object) bool { return c.ix.Fencing(obj) != nil }
			var ref *ast.Ident
			var body []ast.Stmt
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.IfStmt:
				ref, body = c.errTest(n.Cond, false, anyFencing), n.Body.List
			case *ast.CaseClause:
				for _, e := range n.List {
					if ref = c.errTest(e, true, anyFencing); ref != nil {
						break
					}
				}
				body = n.Body
			default:
				return true
			}
			if ref == nil || len(body) == 0 || !s.consume || c.branch(body, s.loop) != branchLogsContinue {
				return true
			}
			c.reportFencing(s, ref, body)
			return true
		})
	}
}

// fencingRef returns the first reference to a modelled fencing error in
// exprs.
func (c *checker) fencingRef(exprs []ast.Expr) *ast.Ident {
	var found *ast.Ident
	for _, e := range exprs {
		ast.Inspect(e, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && found == nil {
				if obj := c.pass.TypesInfo.Uses[id]; obj != nil && c.ix.Fencing(obj) != nil {
					found = id
				}
			}
			return found == nil
		})
	}
	return found
}

func (c *checker) reportFencing(s *site, ref *ast.Ident, body []ast.Stmt) {
	logged := false
	for _, st := range body {
		if es, ok := st.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && c.isLogging(call) {
				logged = true
			}
		}
	}
	text, imports, ok := c.ret(s, s.errObj.Name(), logged)
	if !ok {
		return
	}
	last := body[len(body)-1]
	call := clientmodel.ShortName(s.ref.Func)
	c.report(analysis.Diagnostic{
		Pos:      ref.Pos(),
		End:      ref.End(),
		Category: CategoryFencingIgnored,
		Message:  fmt.Sprintf("the fencing error %s from %s is recognised and ignored, and the loop carries on: %s", ref.Name, call, cost(s.ref)),
		Related:  related(s.call, call+" is called here"),
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Return the " + call + " error",
			TextEdits: append(imports, c.replaceStmt(last, text)...),
		}},
	})
}
