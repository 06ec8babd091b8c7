package fencing

import (
	"fmt"
	"go/ast"
	"go/token"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/semantics"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// pollErrorSkips reports a poll whose error check (franz-go's
// fetches.Err(), Errors()) polls again without processing the records the
// poll holds beside the error (semantics.PollDrop, which the report's
// failure column also reads): its loop goes on, or its function returns
// to a caller that calls it again. The client counts the records as
// polled when the poll returns, so a later commit passes them and they
// are lost without a crash. The fix polls again (or returns) only when the
// poll holds no records (franz-go's Fetches.Empty), so the loop's other
// errors, a closed client and a cancelled context go on as they did.
func (c *checker) pollErrorSkips() {
	for _, call := range c.m.Calls {
		poll, ok := call.Instr.(*ssa.Call)
		if !ok || call.Role != clientmodel.Fetch || commitsNothing(c.m, call.Consumer) {
			continue
		}
		if d := semantics.PollDrop(c.pass, c.m.Flow, poll, call.Client); d != nil {
			c.reportPollErrorSkip(call, d)
		}
	}
}

// commitsNothing reports whether consumer k, built in the package, has
// auto-commit off on every path and no commit, mark or store on it, no transaction (no
// call of its client's transaction API in the package), and
// hands neither it nor its records to a function of another package that
// writes positions (helper.CommitAll(ctx, cl)): no commit can pass the
// dropped records (a restart replays them).
func commitsNothing(m *consumer.Model, k *consumer.Consumer) bool {
	if k == nil || k.Site == nil || k.Ctor.Txn || m.ToWriters[k.Client] != "" || m.HandedToWriters[k] {
		return false
	}
	if on, known := k.Settings.Get(k.Client, clientmodel.AutoCommit); !known || on || k.Settings.Cond[clientmodel.AutoCommit] {
		return false // on, or off on some paths only (trial 39a/D1)
	}
	for _, call := range append(k.Calls, k.Also...) {
		switch call.Role {
		case clientmodel.Commit, clientmodel.Mark, clientmodel.Store:
			return false
		}
	}
	for _, fn := range m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				// A transaction's end (EndTransaction) commits the
				// group's offsets with it.
				if ci, ok := in.(ssa.CallInstruction); ok {
					if callee := ssaflow.Callee(ci.Common()); callee != nil && slices.Contains(k.Client.Txn, callee.FullName()) {
						return false
					}
				}
			}
		}
	}
	return true
}

func (c *checker) reportPollErrorSkip(call *consumer.Call, d *semantics.Dropped) {
	errExpr, _ := edit.CallAt(c.pass, d.Err.Pos())
	if errExpr == nil {
		return
	}
	client := call.Client
	name := c.text(errExpr)
	if len(name) > 40 {
		name = c.text(errExpr.Fun)
	}
	if len(name) > 40 || name == "" {
		name = ssaflow.ShortFunc(ssaflow.Callee(d.Err.Common()))
	}
	again, fixMsg := "the loop polls again", "Poll again on the error only when the poll holds no "+client.RecordNoun+"s"
	if d.Again != nil {
		again = fmt.Sprintf("%s returns and %s calls it again", consumer.DisplayName(d.Err.Parent()), consumer.DisplayName(d.Again.Parent()))
		fixMsg = "Return on the error only when the poll holds no " + client.RecordNoun + "s"
	}
	msg := fmt.Sprintf("when %s reports an error, %s without processing the %ss this poll also holds: %s already counts them as polled, so the next commit passes them and they are lost, crash or no crash",
		name, again, client.RecordNoun, client.Name)
	diag := analysis.Diagnostic{Pos: errExpr.Pos(), End: errExpr.End(), Category: CategoryPollErrorSkip, Message: msg}
	ifs, leave := c.pollErrorBranch(d.If, d.Again != nil, errExpr)
	switch {
	case leave != nil && d.Again != nil:
		diag.Related = related(leave, "returns here, dropping the poll's "+client.RecordNoun+"s")
	case leave != nil:
		diag.Related = related(leave, "the loop polls again here, dropping the poll's "+client.RecordNoun+"s")
	}
	if d.Again != nil {
		diag.Related = append(diag.Related, analysis.RelatedInformation{Pos: d.Again.Pos(), Message: consumer.DisplayName(d.Again.Parent()) + " polls again here"})
	}
	edits, why := c.pollErrorFix(client, call, errExpr, ifs, leave, d.Again != nil)
	if edits == nil {
		diag.Message += "; no automatic fix: " + why + "; process the poll's " + client.RecordNoun + "s on its errors too, polling again only when it holds none"
	} else {
		diag.SuggestedFixes = []analysis.SuggestedFix{{Message: fixMsg, TextEdits: edits}}
	}
	c.report(diag)
}

// pollErrorBranch returns the if statement whose condition holds iff's
// test (the operator SSA gives a comparison's position), and the
// statement ending its body that polls again, if any: a continue, or a
// return when returns (the poll's function returns to a caller that
// calls it again).
func (c *checker) pollErrorBranch(iff *ssa.If, returns bool, errExpr *ast.CallExpr) (*ast.IfStmt, ast.Stmt) {
	var pos token.Pos
	switch cond := iff.Cond.(type) {
	case *ssa.BinOp:
		pos = cond.Pos()
	case *ssa.UnOp:
		// A flag EachError's function sets: the first use of its
		// variable after the call, in a condition.
		pos = c.flagUse(cond.X, errExpr)
	}
	if !pos.IsValid() {
		return nil, nil
	}
	for _, n := range edit.Path(c.pass, pos) {
		ifs, ok := n.(*ast.IfStmt)
		if !ok || pos < ifs.Cond.Pos() || ifs.Cond.End() <= pos {
			continue
		}
		if len(ifs.Body.List) == 0 {
			return ifs, nil
		}
		switch last := ifs.Body.List[len(ifs.Body.List)-1].(type) {
		case *ast.BranchStmt:
			if last.Tok == token.CONTINUE && !returns {
				return ifs, last
			}
		case *ast.ReturnStmt:
			if returns {
				return ifs, last
			}
		}
		return ifs, nil
	}
	return nil, nil
}

// flagUse returns the position of the first use, after the call errExpr,
// of the variable flag (a local a function literal sets) outside a
// function literal; NoPos if there is none.
func (c *checker) flagUse(flag ssa.Value, errExpr *ast.CallExpr) token.Pos {
	if !flag.Pos().IsValid() {
		return token.NoPos
	}
	var decl *ast.BlockStmt
	for _, n := range edit.Path(c.pass, errExpr.Pos()) {
		if b, ok := n.(*ast.BlockStmt); ok && b.Pos() <= flag.Pos() {
			decl = b
			break
		}
	}
	if decl == nil {
		return token.NoPos
	}
	found := token.NoPos
	ast.Inspect(decl, func(n ast.Node) bool {
		if found.IsValid() {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.Ident:
			if obj := c.pass.TypesInfo.Uses[n]; obj != nil && obj.Pos() == flag.Pos() && n.Pos() > errExpr.End() {
				found = n.Pos()
			}
		}
		return true
	})
	return found
}

// continuesLoop reports whether br continues loop: without a label, or
// with the label of loop (continue poll: audit 33d/5).
func (c *checker) continuesLoop(br *ast.BranchStmt, loop ast.Stmt) bool {
	if br.Label == nil {
		return true
	}
	ls, ok := edit.Path(c.pass, loop.Pos())[1].(*ast.LabeledStmt)
	return ok && ls.Stmt == loop && c.pass.TypesInfo.ObjectOf(ls.Label) == c.pass.TypesInfo.ObjectOf(br.Label)
}

// pollErrorFix returns the edits making the branch ifs poll again (or
// return, when returns: its function's caller polls again) only when the
// poll holds no records: `if err := fetches.Err(); err != nil &&
// fetches.Empty() { continue }` for a branch that only continues (or
// returns) or calls the client, else the final statement, leave, guarded
// by `if fetches.Empty()`, or the processing in the else moved after the
// if (pollErrorElseFix). Nil, and why, when the branch is not one the fix
// can rewrite.
func (c *checker) pollErrorFix(client *clientmodel.Client, call *consumer.Call, errExpr *ast.CallExpr, ifs *ast.IfStmt, leave ast.Stmt, returns bool) ([]analysis.TextEdit, string) {
	notContinue := "the error's branch does not end in a continue of the poll loop, nor is it followed by the processing in an else that ends the loop's body"
	if returns {
		notContinue = "the error's branch does not end in a return"
	}
	if client.FetchEmpty == "" {
		return nil, "the client has no way to tell a poll holds no " + client.RecordNoun + "s"
	}
	if ifs == nil {
		return nil, notContinue
	}
	sel, ok := errExpr.Fun.(*ast.SelectorExpr)
	if !ok || !pure(sel.X) {
		return nil, "the poll's result has no name to test"
	}
	empty := c.text(sel.X) + "." + client.FetchEmpty + "()"
	body := ifs.Body.List
	if !returns {
		loop, loopBody := edit.LoopOf(edit.Path(c.pass, ifs.Pos()))
		pollLoop, _ := edit.LoopOf(edit.Path(c.pass, call.Pos()))
		if loop == nil || loop != pollLoop {
			return nil, notContinue
		}
		if leave == nil {
			return c.pollErrorElseFix(ifs, loopBody, empty, notContinue)
		}
		body = body[:len(body)-1]
		switch {
		case !c.continuesLoop(leave.(*ast.BranchStmt), loop) || ifs.Else != nil:
			return nil, notContinue
		case pollsAgain(body):
			return nil, "the error's branch polls again before its end"
		}
	} else {
		if leave == nil || ifs.Else != nil {
			return nil, notContinue
		}
		body = body[:len(body)-1]
		if edit.LeavesLoop(body, false) {
			return nil, "the error's branch may return before its end"
		}
	}
	if len(body) == 0 || c.callsClient(body, c.text(sel.X)) {
		// A branch that only polls again, or one that calls the client
		// first (a transaction aborted, which the processing must not
		// follow), is taken only when there is nothing to process.
		cond := c.text(ifs.Cond)
		if b, ok := ifs.Cond.(*ast.BinaryExpr); ok && b.Op == token.LOR {
			cond = "(" + cond + ")"
		}
		return []analysis.TextEdit{{Pos: ifs.Cond.Pos(), End: ifs.Cond.End(), NewText: []byte(cond + " && " + empty)}}, ""
	}
	// The statement's own lines, one tab deeper inside the guard.
	ind := edit.Indent(c.pass, leave.Pos())
	lines := strings.Split(c.text(leave), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], ind)
	}
	return c.replaceStmt(leave, "if "+empty+" {\n\t"+strings.Join(lines, "\n\t")+"\n}"), ""
}

// pollErrorElseFix returns the edits for an error check whose else
// processes the poll, the last statement of the poll loop's body: the
// else's statements follow the if, whose branch ends by polling again
// when the poll holds no records (empty tests it), as the loop's end did.
// Nil, and why, when moving them out of the else could change what they
// mean: they use a name the if declares, or declare one the loop's body
// has, or hold a multi-line raw string the move would re-indent.
func (c *checker) pollErrorElseFix(ifs *ast.IfStmt, loopBody *ast.BlockStmt, empty, notContinue string) ([]analysis.TextEdit, string) {
	eb, ok := ifs.Else.(*ast.BlockStmt)
	if !ok || len(eb.List) == 0 || loopBody == nil || loopBody.List[len(loopBody.List)-1] != ifs || pollsAgain(ifs.Body.List) {
		return nil, notContinue
	}
	const moved = "the processing in the else cannot be moved out of it as it is"
	scope := c.pass.TypesInfo.Scopes[loopBody]
	for _, s := range eb.List {
		switch s := s.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if id, ok := l.(*ast.Ident); ok && s.Tok == token.DEFINE && (scope == nil || scope.Lookup(id.Name) != nil) {
					return nil, moved
				}
			}
		case *ast.DeclStmt:
			return nil, moved
		}
	}
	bad := false
	ast.Inspect(eb, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if obj := c.pass.TypesInfo.Uses[n]; obj != nil && ifs.Init != nil && ifs.Init.Pos() <= obj.Pos() && obj.Pos() < ifs.Init.End() {
				bad = true
			}
		case *ast.BasicLit:
			if n.Kind == token.STRING && strings.Contains(n.Value, "\n") && strings.HasPrefix(n.Value, "`") {
				bad = true
			}
		}
		return !bad
	})
	if bad {
		return nil, moved
	}
	tf := c.pass.Fset.File(ifs.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return nil, moved
	}
	// The edits work line by line: `} else {` on one line, the else's
	// statements on lines of their own, its closing brace on its own line.
	if tf.Line(ifs.Body.Rbrace) != tf.Line(eb.Lbrace) || tf.Line(eb.Lbrace) >= tf.Line(eb.List[0].Pos()) ||
		tf.Line(eb.List[len(eb.List)-1].End()) >= tf.Line(eb.Rbrace) {
		return nil, "the else is not laid out as gofmt would (run gofmt first)"
	}
	ind := edit.Indent(c.pass, ifs.Pos())
	edits := []analysis.TextEdit{{Pos: ifs.Body.Rbrace, End: eb.Lbrace + 1,
		NewText: []byte("\tif " + empty + " {\n" + ind + "\t\tcontinue\n" + ind + "\t}\n" + ind + "}")}}
	// One tab less on each line of the else's body.
	for line := tf.Line(eb.Lbrace) + 1; line < tf.Line(eb.Rbrace); line++ {
		start := tf.LineStart(line)
		if off := tf.Offset(start); off < len(content) && content[off] == '\t' {
			edits = append(edits, analysis.TextEdit{Pos: start, End: start + 1})
		}
	}
	// The else's closing brace, with its line.
	if l := tf.Line(eb.Rbrace); l > 1 {
		prevEnd := tf.LineStart(l) - 1
		edits = append(edits, analysis.TextEdit{Pos: prevEnd, End: eb.Rbrace + 1})
	}
	return edits, ""
}

// callsClient reports whether one of stmts calls a function or method of
// a Kafka client's package (a transaction aborted, a commit), other than
// a method of the poll's result, spelt poll (its errors walked).
func (c *checker) callsClient(stmts []ast.Stmt, poll string) bool {
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok && !found {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && c.text(sel.X) == poll {
					return true
				}
				if fn := c.calleeOf(call); fn != nil && fn.Pkg() != nil && c.ix.IsClientPath(fn.Pkg().Path()) {
					found = true
				}
			}
			return !found
		})
	}
	return found
}

// pollsAgain reports whether one of stmts, statements of a poll loop's
// body, goes on to the loop's next iteration: a continue no nested loop
// takes, a labelled continue, or a goto. (A return or break ends the
// loop: nothing is skipped.)
func pollsAgain(stmts []ast.Stmt) bool {
	again := false
	var walk func(n ast.Node, nested bool)
	walk = func(n ast.Node, nested bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if again || m == nil || m == n {
				return !again
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.BranchStmt:
				again = m.Tok == token.GOTO || m.Tok == token.CONTINUE && (m.Label != nil || !nested)
			case *ast.ForStmt, *ast.RangeStmt:
				walk(m, true)
				return false
			}
			return !again
		})
	}
	walk(&ast.BlockStmt{List: stmts}, false)
	return again
}

// pure reports whether evaluating x again yields the same value with no
// effect: a name, or a field of one.
func pure(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.Ident:
		return true
	case *ast.SelectorExpr:
		return pure(x.X)
	case *ast.ParenExpr:
		return pure(x.X)
	}
	return false
}
