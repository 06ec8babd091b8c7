package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
)

// handOffFix builds the fix of a position call p made after h handed its
// record on:
//
//   - after `go apply(msg)`, the processing runs in place, its error
//     checked, and the position call follows it (as rewriteAfter does for
//     `mark; go apply(msg)`);
//   - after `wg.Add(1); go func() { defer wg.Done(); apply(msg) }()`,
//     a WaitGroup local to the function that only this goroutine marks
//     done, the position call waits for it first (wg.Wait()): the
//     goroutines keep running side by side, and the commit (each batch's,
//     every N records) follows every record handed to them (groupWaitFix);
//   - after `jobs <- msg`, when the channel's only receiver is one
//     goroutine of the same function ranging over it (a single worker,
//     so records finish in order), the position call moves to the end of
//     the worker's loop body, after the processing, with the worker's
//     variable for the record;
//   - for a confluent Commit of the offsets stored on delivery, when that
//     worker stores each message after processing it, the stores are
//     made effective instead (autoStoreFix).
func (c *checker) handOffFix(p *position, h *handOff, name string) (analysis.SuggestedFix, bool) {
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	if path == nil {
		return analysis.SuggestedFix{}, false
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	if h.later != nil {
		return c.laterFix(p, h, name)
	}
	if h.goes && h.branch {
		return c.goBranchFix(p, h, name)
	}
	if h.goes {
		if fix, ok := c.groupWaitFix(p, h, stmt, name); ok {
			return fix, true
		}
		return c.goFix(p, h, path, stmt, *listp, name)
	}
	if h.produce != nil {
		return c.produceFix(p, h, path)
	}
	if fix, ok := c.autoStoreFix(p, h, path, name); ok {
		return fix, true
	}
	if h.branch {
		// The worker would write the position of the sent records
		// only: the others' would be lost. The send is processed in
		// place instead, where the position call still follows it.
		return c.inPlaceFix(p, h, path, name)
	}
	if fix, ok := c.workerFix(p, h, path, stmt, name); ok {
		return fix, true
	}
	return c.inPlaceFix(p, h, path, name)
}

// autoStoreFix builds the fix of a confluent Commit (called name) that
// commits the offsets stored as messages are handed out (auto-store on,
// the default; auto-commit off, so Commit is what commits), made after h
// sent the message to the single worker of the function
// (soleWorkerLoop), which stores each message it receives in the last
// statement of its loop body, after processing it: the setting is turned
// off in the consumer's ConfigMap, so Commit commits what the worker
// stored, in order, never past a message it has not processed. Every
// store of the consumer in the package must be that one (of the loop's
// variable), the ConfigMap the literal written as the constructor's
// argument, and the setting set nowhere. The edit is the one
// autocommit's store-ignored fix makes for the worker's stores, which do
// nothing until then; a driver applies it once.
func (c *checker) autoStoreFix(p *position, h *handOff, path []ast.Node, name string) (analysis.SuggestedFix, bool) {
	k := p.k
	if k == nil || k.Site == nil || k.From != nil || k.Settings == nil || p.marked ||
		p.client.Role != clientmodel.Commit || p.client.Scope != clientmodel.ScopeMarked || k.Client.Config.Kind != clientmodel.KeyMap ||
		!k.Settings.Is(k.Client, clientmodel.AutoStore) || !k.Settings.IsNot(k.Client, clientmodel.AutoCommit) {
		return analysis.SuggestedFix{}, false
	}
	knob := k.Client.Knob(clientmodel.AutoStore)
	if _, set := k.Settings.Set[clientmodel.AutoStore]; set || knob == nil || knob.Key == "" {
		return analysis.SuggestedFix{}, false
	}
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return analysis.SuggestedFix{}, false
	}
	ch, ok := ast.Unparen(ss.Chan).(*ast.Ident)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	loop := c.soleWorkerLoop(outermostBody(path), c.pass.TypesInfo.Uses[ch])
	if loop == nil || len(loop.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || c.pass.TypesInfo.Defs[v] == nil {
		return analysis.SuggestedFix{}, false
	}
	last := loop.Body.List[len(loop.Body.List)-1]
	stores := 0
	for _, call := range k.Calls {
		if call.Role != clientmodel.Store {
			continue
		}
		ce, _ := edit.CallAt(c.pass, call.Pos())
		if ce == nil || call.Record >= len(ce.Args) {
			return analysis.SuggestedFix{}, false
		}
		arg, ok := ast.Unparen(ce.Args[call.Record]).(*ast.Ident)
		if !ok || c.pass.TypesInfo.Uses[arg] != c.pass.TypesInfo.Defs[v] || !c.storesLast(last, ce, c.pass.TypesInfo.Defs[v]) {
			return analysis.SuggestedFix{}, false
		}
		stores++
	}
	site, _ := edit.CallAt(c.pass, k.Site.Pos())
	if stores == 0 || site == nil || k.Ctor.ConfigArg >= len(site.Args) {
		return analysis.SuggestedFix{}, false
	}
	cfg := ast.Unparen(site.Args[k.Ctor.ConfigArg])
	if u, ok := cfg.(*ast.UnaryExpr); ok && u.Op == token.AND {
		cfg = ast.Unparen(u.X)
	}
	lit, ok := cfg.(*ast.CompositeLit)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	e, ok := edit.AddElement(c.pass, lit, fmt.Sprintf("%q: false", knob.Key))
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Disable %s, so that %s commits the offsets the worker stores after processing", knob.Key, name),
		TextEdits: []analysis.TextEdit{e},
	}, true
}

// storesLast reports whether stmt, the last statement of a worker's loop
// body, is the store call ce itself (a statement, an assignment of its
// results, or the init of an if checking them) and uses v, the loop's
// variable, nowhere else: nothing processes the message after its store.
func (c *checker) storesLast(stmt ast.Stmt, ce *ast.CallExpr, v types.Object) bool {
	own := func(s ast.Stmt) bool {
		switch s := s.(type) {
		case *ast.ExprStmt:
			return ast.Unparen(s.X) == ast.Expr(ce)
		case *ast.AssignStmt:
			return len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == ast.Expr(ce)
		}
		return false
	}
	if own(stmt) {
		return true
	}
	ifs, ok := stmt.(*ast.IfStmt)
	return ok && ifs.Init != nil && own(ifs.Init) && !c.mentions(ifs.Cond, v) && !c.mentions(ifs.Body, v) &&
		(ifs.Else == nil || !c.mentions(ifs.Else, v))
}

// goFix rewrites `go apply(msg); ...; mark(msg)` into a call of apply in
// place followed by the mark. The go statement and the mark must sit in
// one statement list, and the statements between them must neither set
// what the mark uses nor use what it sets.
func (c *checker) goFix(p *position, h *handOff, path []ast.Node, stmt ast.Stmt, list []ast.Stmt, name string) (analysis.SuggestedFix, bool) {
	idx := indexOf(list, stmt)
	g := -1
	for i := 0; i < idx; i++ {
		if gs, ok := list[i].(*ast.GoStmt); ok && gs.Go == h.instr.Pos() {
			g = i
		}
	}
	if g < 0 {
		return analysis.SuggestedFix{}, false
	}
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	moved, between := list[idx:last+1], list[g+1:idx]
	for _, s := range between {
		if c.definesUsedIn(s, moved, nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	for _, s := range moved {
		if c.definesUsedIn(s, between, nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	text, cut, ok := c.cutLines(list[idx], list[last])
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return c.rewriteAfter(path, list[g], text, cut, name, p.client.Client.RecordNoun)
}

// goBranchFix rewrites `go apply(msg)`, made on some paths only before
// the position call, into a call of apply in place, its error checked
// (as rewriteAfter does): the position call, after it on that path,
// then follows the processing.
func (c *checker) goBranchFix(p *position, h *handOff, name string) (analysis.SuggestedFix, bool) {
	gpath := edit.Path(c.pass, h.instr.Pos())
	var gs *ast.GoStmt
	for i, n := range gpath {
		if g, ok := n.(*ast.GoStmt); ok && g.Go == h.instr.Pos() {
			gs, gpath = g, gpath[i:]
			break
		}
	}
	if gs == nil {
		return analysis.SuggestedFix{}, false
	}
	// rewriteAfter moves nothing here: its cut is an empty edit, dropped.
	cut := analysis.TextEdit{Pos: gs.Pos(), End: gs.Pos()}
	fix, ok := c.rewriteAfter(gpath, gs, "", cut, name, p.client.Client.RecordNoun)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	var edits []analysis.TextEdit
	for _, e := range fix.TextEdits {
		if e.Pos != cut.Pos || e.End != cut.End || len(e.NewText) != 0 {
			edits = append(edits, e)
		}
	}
	fix.TextEdits = edits
	return fix, true
}

// cutLines returns the text of the whole lines from first to last and the
// edit deleting them.
func (c *checker) cutLines(first, last ast.Stmt) (string, analysis.TextEdit, bool) {
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", analysis.TextEdit{}, false
	}
	start := tf.LineStart(tf.Line(first.Pos()))
	end := tf.Offset(last.End())
	for end < len(content) && content[end] != '\n' {
		end++
	}
	if end < len(content) {
		end++
	}
	return string(content[tf.Offset(start):end]), analysis.TextEdit{Pos: start, End: tf.Pos(end)}, true
}

// workerFix moves a position call made after `ch <- rec` into the single
// worker that ranges over ch, after its processing. It requires:
//
//   - the position call is a statement of its own (no error checked: a
//     check's body would leave the worker, not the loop it was written
//     for), and rec is a variable;
//   - ch is a local variable of the function whose only receiver is one
//     `for v := range ch` loop, in a function literal started by a go
//     statement outside any loop (one worker: records finish in the order
//     sent), and ch is otherwise only sent to, closed or made;
//   - every other variable the call uses means the same at the end of
//     the worker's loop and is never assigned after it is declared (the
//     worker reads it concurrently).
func (c *checker) workerFix(p *position, h *handOff, path []ast.Node, stmt ast.Stmt, name string) (analysis.SuggestedFix, bool) {
	es, ok := stmt.(*ast.ExprStmt)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return analysis.SuggestedFix{}, false
	}
	chID, ok1 := ast.Unparen(ss.Chan).(*ast.Ident)
	recID, ok2 := ast.Unparen(ss.Value).(*ast.Ident)
	if !ok1 || !ok2 {
		return analysis.SuggestedFix{}, false
	}
	ch, rec := c.pass.TypesInfo.Uses[chID], c.pass.TypesInfo.Uses[recID]
	if ch == nil || rec == nil || !c.mentions(es, rec) {
		return analysis.SuggestedFix{}, false
	}
	body := outermostBody(path)
	if body == nil || ch.Pos() < body.Pos() || ch.Pos() >= body.End() {
		return analysis.SuggestedFix{}, false
	}
	loop := c.soleWorkerLoop(body, ch)
	if loop == nil {
		return analysis.SuggestedFix{}, false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" || len(loop.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	lastStmt := loop.Body.List[len(loop.Body.List)-1]
	vObj := c.pass.TypesInfo.Defs[v]
	at := lastStmt.End()
	if vObj == nil || edit.ObjectAt(c.pass, at, v.Name) != vObj || !c.sameMeaning(es, rec, at, body) {
		return analysis.SuggestedFix{}, false
	}
	text := c.replaceUses(es, rec, v.Name)
	var ins []analysis.TextEdit
	if retry, ok := lastStmt.(*ast.ForStmt); ok && retry.Cond == nil && hasBreak(retry) {
		// A retry loop ending the body: the position goes where it
		// breaks on success only (fix-quality hunt 47x/D1: a loop also
		// giving up when the session ends, the mark after it lost 30
		// to 281 of 300 at a stop).
		ins, ok = c.onSuccessBreaks(retry, text)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
	} else {
		e, ok := edit.AppendToList(c.pass, loop.Body.List, loop.Body.Rbrace, text)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		ins = []analysis.TextEdit{e}
	}
	cut, ok := edit.RemoveStmt(c.pass, es)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Move %s into the worker, after the %s is processed", name, p.client.Client.RecordNoun),
		TextEdits: append([]analysis.TextEdit{cut}, ins...),
	}, true
}

// hasBreak reports whether loop's body has a break leaving it.
func hasBreak(loop *ast.ForStmt) bool {
	found := false
	breaksOf(loop.Body, func(*ast.BranchStmt, []ast.Node) { found = true })
	return found
}

// breaksOf calls f with each break statement of body leaving the loop
// body belongs to (unlabelled, outside nested loops, switches and
// selects, and function literals), and its path from body.
func breaksOf(body *ast.BlockStmt, f func(*ast.BranchStmt, []ast.Node)) {
	var walk func(n ast.Node, path []ast.Node)
	walk = func(n ast.Node, path []ast.Node) {
		switch x := n.(type) {
		case *ast.FuncLit, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			return
		case *ast.BranchStmt:
			if x.Tok == token.BREAK && x.Label == nil {
				f(x, path)
			}
			return
		}
		path = append(path, n)
		ast.Inspect(n, func(m ast.Node) bool {
			if m == n || m == nil {
				return true
			}
			walk(m, path)
			return false
		})
	}
	for _, s := range body.List {
		walk(s, []ast.Node{body})
	}
}

// onSuccessBreaks returns the edits writing text (the position call)
// where retry, a retry loop, breaks on success: each of its breaks ends
// an if statement whose condition is err == nil, or an || of it and
// another way out (the session's end); the error is assigned in the
// loop's body by a call. Then the position is written before the break,
// under if err == nil when the condition has another way out. false when
// a break cannot be told so.
func (c *checker) onSuccessBreaks(retry *ast.ForStmt, text string) ([]analysis.TextEdit, bool) {
	var edits []analysis.TextEdit
	ok := true
	breaksOf(retry.Body, func(br *ast.BranchStmt, path []ast.Node) {
		if !ok {
			return
		}
		var ifs *ast.IfStmt
		var blk *ast.BlockStmt
		if len(path) >= 2 {
			ifs, _ = path[len(path)-2].(*ast.IfStmt)
			blk, _ = path[len(path)-1].(*ast.BlockStmt)
		}
		if ifs == nil || blk == nil || blk != ifs.Body || blk.List[len(blk.List)-1] != ast.Stmt(br) || ifs.Init != nil {
			ok = false
			return
		}
		nilTest, alone := c.successTest(ifs.Cond, retry)
		switch {
		case nilTest == "":
			ok = false
		case alone:
			edits = append(edits, edit.InsertBefore(c.pass, br, text))
		default:
			edits = append(edits, edit.InsertBefore(c.pass, br, "if "+nilTest+" {\n\t"+strings.ReplaceAll(text, "\n", "\n\t")+"\n}"))
		}
	})
	return edits, ok && len(edits) > 0
}

// successTest returns the source of the err == nil test in cond, where
// err is an error variable a call assigns in retry's body, and whether
// cond is that test alone (rather than an || of it and others).
func (c *checker) successTest(cond ast.Expr, retry *ast.ForStmt) (string, bool) {
	isNil := func(e ast.Expr) bool {
		b, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || b.Op != token.EQL {
			return false
		}
		id, ok := ast.Unparen(b.X).(*ast.Ident)
		nl, ok2 := ast.Unparen(b.Y).(*ast.Ident)
		if !ok || !ok2 || nl.Name != "nil" {
			return false
		}
		obj := c.pass.TypesInfo.Uses[id]
		return obj != nil && isError(obj.Type()) && obj.Pos() >= retry.Body.Pos() && obj.Pos() < retry.Body.End()
	}
	if isNil(cond) {
		return edit.Source(c.pass, ast.Unparen(cond)), true
	}
	for e := ast.Unparen(cond); ; {
		b, ok := e.(*ast.BinaryExpr)
		if !ok || b.Op != token.LOR {
			return "", false
		}
		if isNil(b.Y) {
			return edit.Source(c.pass, ast.Unparen(b.Y)), false
		}
		if isNil(b.X) {
			return edit.Source(c.pass, ast.Unparen(b.X)), false
		}
		e = ast.Unparen(b.X)
	}
}

// sendStmtAt returns the send statement of a hand-off, in the function
// of path: the one whose arrow is at a send's position, or the one send
// case of a select.
func sendStmtAt(path []ast.Node, h ssa.Instruction) *ast.SendStmt {
	var found *ast.SendStmt
	ast.Inspect(path[len(path)-1], func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.SendStmt:
			if _, isSend := h.(*ssa.Send); isSend && x.Arrow == h.Pos() {
				found = x
			}
		case *ast.SelectStmt:
			if _, isSelect := h.(*ssa.Select); !isSelect || x.Select != h.Pos() {
				break
			}
			var sends []*ast.SendStmt
			for _, cl := range x.Body.List {
				if s, ok := cl.(*ast.CommClause).Comm.(*ast.SendStmt); ok {
					sends = append(sends, s)
				}
			}
			if len(sends) == 1 {
				found = sends[0]
			}
		}
		return found == nil
	})
	return found
}

// outermostBody returns the body of the declared function of path.
func outermostBody(path []ast.Node) *ast.BlockStmt {
	for _, n := range path {
		if fd, ok := n.(*ast.FuncDecl); ok {
			return fd.Body
		}
	}
	return nil
}

// soleWorkerLoop returns the one `for v := range ch` loop receiving from
// ch in body, when it runs in a function literal started by a go statement
// outside any loop, and every other use of ch sends to it, closes it or
// makes it.
func (c *checker) soleWorkerLoop(body *ast.BlockStmt, ch types.Object) *ast.RangeStmt {
	var loops []*ast.RangeStmt
	bad := false
	allowed := map[*ast.Ident]bool{}
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		switch x := n.(type) {
		case *ast.SendStmt:
			if id, ok := ast.Unparen(x.Chan).(*ast.Ident); ok {
				allowed[id] = true
			}
		case *ast.CallExpr:
			if fn, ok := x.Fun.(*ast.Ident); ok && fn.Name == "close" && len(x.Args) == 1 {
				if id, ok := x.Args[0].(*ast.Ident); ok {
					allowed[id] = true
				}
			}
		case *ast.ValueSpec:
			for _, id := range x.Names {
				if c.pass.TypesInfo.Defs[id] == ch {
					allowed[id] = true
				}
			}
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := l.(*ast.Ident); ok && c.pass.TypesInfo.Defs[id] == ch && len(x.Lhs) == len(x.Rhs) {
					allowed[id] = true
				}
			}
		case *ast.RangeStmt:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch {
				allowed[id] = true
				if !startedOnce(stack) {
					bad = true
				}
				loops = append(loops, x)
			}
		case *ast.Ident:
			if (c.pass.TypesInfo.Uses[x] == ch || c.pass.TypesInfo.Defs[x] == ch) && !allowed[x] {
				bad = true
			}
		}
		return true
	})
	if bad || len(loops) != 1 {
		return nil
	}
	return loops[0]
}

// startedOnce reports whether the innermost function literal of stack
// (from the outer function down) is started by a go statement, and no
// loop encloses that statement.
func startedOnce(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != lit || i < 2 {
			return false
		}
		if _, ok := stack[i-2].(*ast.GoStmt); !ok {
			return false
		}
		for _, n := range stack[:i-2] {
			switch n.(type) {
			case *ast.ForStmt, *ast.RangeStmt, *ast.FuncLit:
				return false
			}
		}
		return true
	}
	return false
}

// sameMeaning reports whether every variable s uses, other than rec,
// resolves to the same object at pos and is not assigned anywhere in body
// after its declaration.
func (c *checker) sameMeaning(s ast.Stmt, rec types.Object, pos token.Pos, body *ast.BlockStmt) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		if sel, isSel := n.(*ast.SelectorExpr); isSel {
			ast.Inspect(sel.X, func(m ast.Node) bool {
				if id, isID := m.(*ast.Ident); isID {
					ok = ok && c.stable(id, rec, pos, body)
				}
				return ok
			})
			return false
		}
		if id, isID := n.(*ast.Ident); isID {
			ok = ok && c.stable(id, rec, pos, body)
		}
		return ok
	})
	return ok
}

// stable reports whether id means the same at pos and, for a local
// variable, is never assigned in body.
func (c *checker) stable(id *ast.Ident, rec types.Object, pos token.Pos, body *ast.BlockStmt) bool {
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || obj == rec {
		return true
	}
	if _, isVar := obj.(*types.Var); !isVar {
		return edit.ObjectAt(c.pass, pos, id.Name) == obj
	}
	return edit.ObjectAt(c.pass, pos, id.Name) == obj && !edit.AssignedIn(c.pass, body, obj)
}

// replaceUses returns the source of n with every use of obj replaced by
// name.
func (c *checker) replaceUses(n ast.Node, obj types.Object, name string) string {
	src := c.raw(n)
	var ids []*ast.Ident
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			ids = append(ids, id)
		}
		return true
	})
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() > ids[j].Pos() })
	base := n.Pos()
	for _, id := range ids {
		i, j := int(id.Pos()-base), int(id.End()-base)
		src = src[:i] + name + src[j:]
	}
	return src
}

// rawRange returns the source between pos and end, comments kept.
func (c *checker) rawRange(pos, end token.Pos) string {
	tf := c.pass.Fset.File(pos)
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	return string(content[tf.Offset(pos):tf.Offset(end)])
}

// groupWaitFix builds the fix of a position call p made after the go
// statement h started for its record, when that goroutine's function
// literal marks a WaitGroup done (deferred, or as its last statement),
// the WaitGroup is a local variable of the function making the call, and
// no other function literal uses it: a Wait inserted before the position
// call's statement then waits for every record handed to the goroutines
// so far, which keep running side by side (a commit every N records
// waits for the batch's goroutines, no more).
func (c *checker) groupWaitFix(p *position, h *handOff, stmt ast.Stmt, name string) (analysis.SuggestedFix, bool) {
	var gs *ast.GoStmt
	for _, n := range edit.Path(c.pass, h.instr.Pos()) {
		if g, ok := n.(*ast.GoStmt); ok && g.Go == h.instr.Pos() {
			gs = g
			break
		}
	}
	if gs == nil {
		return analysis.SuggestedFix{}, false
	}
	lit, ok := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if !ok || len(lit.Body.List) == 0 {
		return analysis.SuggestedFix{}, false
	}
	var wg *types.Var
	for i, st := range lit.Body.List {
		var call *ast.CallExpr
		switch st := st.(type) {
		case *ast.DeferStmt:
			call = st.Call
		case *ast.ExprStmt:
			if i == len(lit.Body.List)-1 {
				call, _ = ast.Unparen(st.X).(*ast.CallExpr)
			}
		}
		if v := c.waitGroupDone(call); v != nil {
			wg = v
		}
	}
	if wg == nil || edit.ObjectAt(c.pass, stmt.Pos(), wg.Name()) != wg {
		return analysis.SuggestedFix{}, false
	}
	_, body := edit.FuncOf(edit.Path(c.pass, stmt.Pos()))
	if body == nil || wg.Pos() < body.Pos() || wg.Pos() >= body.End() {
		return analysis.SuggestedFix{}, false // not the function's own
	}
	if !c.onlyCounts(body, lit, gs, wg) || blocks(lit) {
		return analysis.SuggestedFix{}, false
	}
	return analysis.SuggestedFix{
		Message:   fmt.Sprintf("Wait for the goroutines (%s.Wait()) before %s, so that it follows the processing of every %s handed to them", wg.Name(), name, p.client.Client.RecordNoun),
		TextEdits: []analysis.TextEdit{edit.InsertBefore(c.pass, stmt, wg.Name()+".Wait()")},
	}, true
}

// waitGroupDone returns the variable call marks done, when call is
// v.Done() on a sync.WaitGroup variable v (or a pointer to one), or nil.
func (c *checker) waitGroupDone(call *ast.CallExpr) *types.Var {
	if call == nil || len(call.Args) != 0 {
		return nil
	}
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Done" {
		return nil
	}
	fn, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg().Path() != "sync" {
		return nil
	}
	id, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	return v
}

// onlyCounts reports whether the function body uses wg only to count
// the goroutines gs starts: one wg.Add right before gs, in its list,
// wg.Done in lit (gs's literal), and Waits. A WaitGroup passed on (&wg),
// or counting other goroutines (a reporter living as long as the loop),
// would make a Wait before the commit wait for them too.
func (c *checker) onlyCounts(body *ast.BlockStmt, lit *ast.FuncLit, gs *ast.GoStmt, wg *types.Var) bool {
	ok, adds := true, 0
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		stack = append(stack, n)
		id, isID := n.(*ast.Ident)
		if !isID || c.pass.TypesInfo.Uses[id] != wg {
			return ok
		}
		// stack: ..., CallExpr, SelectorExpr, Ident
		if len(stack) < 3 {
			ok = false
			return false
		}
		sel, isSel := stack[len(stack)-2].(*ast.SelectorExpr)
		call, isCall := stack[len(stack)-3].(*ast.CallExpr)
		if !isSel || !isCall || sel.X != id || call.Fun != sel {
			ok = false
			return false
		}
		switch sel.Sel.Name {
		case "Add":
			adds++
		case "Done":
			ok = ok && lit.Pos() <= id.Pos() && id.Pos() < lit.End()
		case "Wait":
		default:
			ok = false
		}
		return ok
	})
	return ok && adds == 1
}

// blocks reports whether lit's body may wait on a channel (a send, a
// receive, a select, a range over a channel): a goroutine that waits for
// the loop (errs <- save(m), drained after the commit) would never be
// done while the loop waits for it.
func blocks(lit *ast.FuncLit) bool {
	found := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SendStmt, *ast.SelectStmt:
			found = true
		case *ast.UnaryExpr:
			found = found || n.Op == token.ARROW
		case *ast.RangeStmt:
			found = true
		}
		return !found
	})
	return found
}
