package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
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
//   - ch is a local variable of the function declaration, made where it
//     is declared, whose every other use sends to it, closes it, measures
//     it or is the one `for v := range ch` loop of a function literal
//     started by go statements (one worker, or a pool);
//   - the loop body leaves only by running to its end, or by a continue
//     of the loop when the send ends the body of the read loop (it then
//     continues that loop, the message uncommitted: a failure the workers
//     skipped); it has no return, goto, label, labelled branch, defer or
//     go outside nested function literals, assigns neither v nor its
//     address, hands v on to no one,
//     declares nothing named like the message, the reader, the context or
//     the commit's error handling, and every other name it uses means the
//     same at the send.
//
// The workers stay, idle: they receive nothing more and end when ch is
// closed, as before.
func (c *checker) commitInPlaceOfSend(path []ast.Node, stmt ast.Stmt, list []ast.Stmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetch, commit string) ([]analysis.TextEdit, bool) {
	// The commit, its failure handled as the read's.
	errBody, extra, ok := c.errHandling(path, stmt, "commit offset")
	if !ok {
		return nil, false
	}
	text := fmt.Sprintf("if err := %s.%s(%s, %s); err != nil {\n\t%s\n}",
		edit.Source(c.pass, sel.X), commit, edit.Source(c.pass, call.Args[0]), msg.Name, strings.ReplaceAll(errBody, "\n", "\n\t"))
	e, ok := c.inPlaceOfSend(path, stmt, list, msg, text, []ast.Expr{sel.X, call.Args[0]})
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
	name, extra := edit.Import(c.pass, edit.File(c.pass, stmt.Pos()), "log")
	body := fmt.Sprintf("%s.Printf(\"store offset: %%v\", err)", name)
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
// again there): see commitInPlaceOfSend.
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
	if !ok || ch.Pos() < fd.Body.Pos() || ch.Pos() >= fd.Body.End() {
		return nil, false
	}
	loop := c.workersRange(fd, ch)
	if loop == nil {
		return nil, false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" || loop.Value != nil || loop.Tok != token.DEFINE || len(loop.Body.List) == 0 {
		return nil, false
	}
	vObj := c.pass.TypesInfo.Defs[v]
	if vObj == nil || c.handedOn(loop.Body.List, v.Name) {
		return nil, false
	}
	// The message itself is sent: the body takes it for v. A value made
	// from it (decode(msg.Value)) is sent: the body declares v as that
	// value first, where the send evaluated it.
	isMsg := false
	if id, ok := ast.Unparen(ss.Value).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == msgObj {
		isMsg = true
	}
	if isMsg && c.assignsOrTakes(loop.Body, vObj) {
		return nil, false
	}
	if !isMsg {
		chT, ok := c.pass.TypesInfo.TypeOf(ss.Chan).Underlying().(*types.Chan)
		if !ok || !types.Identical(c.pass.TypesInfo.TypeOf(ss.Value), chT.Elem()) || !types.Identical(vObj.Type(), chT.Elem()) {
			return nil, false
		}
	}
	// Nothing the inlined body declares may hide a name the position call
	// or the message uses.
	reserved := map[string]bool{msg.Name: true}
	for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
		reserved[w] = true
	}
	delete(reserved, "err") // the position call's own, scoped to its if
	for _, e := range uses {
		sameAtSend := true
		ast.Inspect(e, func(n ast.Node) bool {
			if id, isID := n.(*ast.Ident); isID {
				if obj := c.pass.TypesInfo.Uses[id]; obj != nil {
					if _, o := c.scopeAt(target.Pos()).LookupParent(id.Name, target.Pos()); o != obj {
						if _, isVar := obj.(*types.Var); isVar {
							sameAtSend = false
						}
					}
				}
			}
			return sameAtSend
		})
		if !sameAtSend {
			return nil, false
		}
	}
	// The body's own branches: those of its nested loops and switches
	// stay theirs; a continue of the workers' loop (done with this
	// message) continues the read loop in place, when the send ends its
	// body.
	_, readBody := edit.LoopOf(path)
	endsLoop := readBody != nil && sameList(readBody.List, list) && list[len(list)-1] == target
	allowed := map[*ast.BranchStmt]bool{}
	loopExits(loop.Body, func(s ast.Stmt, loops, switches int) bool {
		if b, ok := s.(*ast.BranchStmt); ok && b.Label == nil && b.Tok != token.GOTO &&
			(loops > 0 || b.Tok == token.BREAK && switches > 0 || b.Tok == token.CONTINUE && endsLoop) {
			allowed[b] = true
		}
		return true
	})
	subst := map[types.Object]string{vObj: msg.Name}
	head := ""
	if !isMsg {
		if reserved[v.Name] || v.Name == msg.Name {
			return nil, false // v would hide what the commit takes
		}
		subst = map[types.Object]string{vObj: v.Name} // declared by head
		head = v.Name + " := " + edit.Source(c.pass, ss.Value)
	}
	if !c.inlinable(loop.Body, subst, reserved, allowed, target.Pos()) {
		return nil, false
	}
	// The commit ends the body, on its success path (path is the fetch's:
	// the inlined statements run in its list).
	posEdits, ok := edit.AppendOnSuccess(c.pass, path, loop.Body.List, nil, text)
	if !ok {
		return nil, false
	}
	inlined, ok := c.inlineText(loop.Body, subst, head, posEdits, edit.Indent(c.pass, target.Pos()))
	if !ok {
		return nil, false
	}
	return []analysis.TextEdit{{Pos: target.Pos(), End: target.End(), NewText: []byte(inlined)}}, true
}

// sendOf returns the send of the message named msg, or of a value made
// from it, on a channel that statement s is, with the statement to
// replace: the send itself, or a select whose
// other cases receive from a context's Done channel and only return
// (processing in place does not block on the workers, and the loop ends
// as it did).
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
			cc := cl.(*ast.CommClause)
			switch comm := cc.Comm.(type) {
			case *ast.SendStmt:
				if !isMsg(comm) || len(cc.Body) != 0 || send != nil {
					return nil, nil
				}
				send = comm
			case *ast.ExprStmt:
				u, ok := ast.Unparen(comm.X).(*ast.UnaryExpr)
				if !ok || u.Op != token.ARROW || !c.isDoneCall(u.X) || len(cc.Body) == 0 {
					return nil, nil
				}
				for _, st := range cc.Body {
					if _, ret := st.(*ast.ReturnStmt); !ret {
						return nil, nil
					}
				}
			default:
				return nil, nil
			}
		}
		if send != nil {
			return send, s
		}
	}
	return nil, nil
}

// workersRange returns the one loop receiving from the local channel ch
// of fd, `for v := range ch` in a function literal started by a go
// statement (once, or in a loop: a pool), when every other use of ch
// declares it (made there), sends to it, closes it or measures it.
func (c *checker) workersRange(fd *ast.FuncDecl, ch *types.Var) *ast.RangeStmt {
	var loop *ast.RangeStmt
	ok := true
	var stack []ast.Node
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if !ok {
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		id, isID := n.(*ast.Ident)
		if !isID {
			return true
		}
		if c.pass.TypesInfo.Defs[id] == ch {
			ok = c.declaredMade(parent, id)
			return true
		}
		if c.pass.TypesInfo.Uses[id] != ch {
			return true
		}
		switch p := parent.(type) {
		case *ast.SendStmt:
			ok = p.Chan == ast.Expr(id)
		case *ast.CallExpr:
			ok = len(p.Args) == 1 && p.Args[0] == ast.Expr(id) &&
				(isBuiltin(c.pass, p.Fun, "close") || isBuiltin(c.pass, p.Fun, "len") || isBuiltin(c.pass, p.Fun, "cap"))
		case *ast.RangeStmt:
			ok = p.X == ast.Expr(id) && loop == nil && startedByGo(stack[:len(stack)-1])
			loop = p
		default:
			ok = false
		}
		return true
	})
	if !ok {
		return nil
	}
	return loop
}

// declaredMade reports whether id is declared by its parent as the one
// name of `id := make(...)` or `var id = make(...)`.
func (c *checker) declaredMade(parent ast.Node, id *ast.Ident) bool {
	switch p := parent.(type) {
	case *ast.AssignStmt:
		return p.Tok == token.DEFINE && len(p.Lhs) == 1 && len(p.Rhs) == 1 && p.Lhs[0] == ast.Expr(id) && c.makes(p.Rhs[0])
	case *ast.ValueSpec:
		return len(p.Names) == 1 && len(p.Values) == 1 && c.makes(p.Values[0])
	}
	return false
}

// startedByGo reports whether the innermost function literal of stack
// (outermost first) is called by a go statement.
func startedByGo(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		if i < 2 {
			return false
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != lit {
			return false
		}
		_, ok = stack[i-2].(*ast.GoStmt)
		return ok
	}
	return false
}

// assignsOrTakes reports whether n assigns the variable obj, increments
// it or takes its address.
func (c *checker) assignsOrTakes(n ast.Node, obj types.Object) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.AssignStmt:
			for _, l := range x.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && c.pass.TypesInfo.ObjectOf(id) == obj {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
				found = true
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(x.X).(*ast.Ident); ok && x.Op == token.AND && c.pass.TypesInfo.Uses[id] == obj {
				found = true
			}
		}
		return !found
	})
	return found
}

// inlinable reports whether the statements of loop body b can run at pos
// in place of a send: they leave only by running to their end or by a
// branch of allowed, declare
// nothing named as reserved, and every name they use from outside b means
// the same at pos (the objects of subst aside, which become their texts).
func (c *checker) inlinable(b *ast.BlockStmt, subst map[types.Object]string, reserved map[string]bool, allowed map[*ast.BranchStmt]bool, pos token.Pos) bool {
	ok := true
	var walk func(n ast.Node, inLit bool)
	walk = func(n ast.Node, inLit bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok || n == nil {
				return false
			}
			switch x := n.(type) {
			case *ast.BranchStmt:
				ok = inLit || allowed[x]
			case *ast.ReturnStmt, *ast.LabeledStmt, *ast.DeferStmt, *ast.GoStmt:
				// A function literal's own.
				ok = inLit
			case *ast.BasicLit:
				if x.Kind == token.STRING && strings.HasPrefix(x.Value, "`") && strings.Contains(x.Value, "\n") {
					ok = false // reindenting would change it
				}
			case *ast.FuncLit:
				walk(x.Body, true)
				return false
			case *ast.SelectorExpr:
				walk(x.X, inLit) // x.Sel is a field, method or package member
				return false
			case *ast.KeyValueExpr:
				if f, isField := c.pass.TypesInfo.Uses[identOf(x.Key)].(*types.Var); !isField || !f.IsField() {
					walk(x.Key, inLit)
				}
				walk(x.Value, inLit)
				return false
			case *ast.Ident:
				ok = c.meansSameAt(x, b, subst, reserved, pos)
			}
			return ok
		})
	}
	walk(b, false)
	return ok
}

// meansSameAt reports whether id, in loop body b, means the same when b
// runs at pos with subst's texts for its objects: a name declared in b is
// not reserved, and a name used from outside b is substituted or resolves
// to the same object at pos.
func (c *checker) meansSameAt(id *ast.Ident, b *ast.BlockStmt, subst map[types.Object]string, reserved map[string]bool, pos token.Pos) bool {
	if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
		return !reserved[id.Name]
	}
	obj := c.pass.TypesInfo.Uses[id]
	if _, substituted := subst[obj]; obj == nil || substituted {
		return true // a field or method name, or a substituted name
	}
	if obj.Pos() >= b.Pos() && obj.Pos() < b.End() {
		return true // declared in the body
	}
	_, at := c.scopeAt(pos).LookupParent(id.Name, pos)
	return at == obj
}

// inlineText returns the statements of b, after head (a statement, or
// ""), with subst's texts for its objects and the edits inside b applied, indented with indent after the
// first line (which replaces a statement in place), as a block when they
// declare names at their top level.
func (c *checker) inlineText(b *ast.BlockStmt, subst map[types.Object]string, head string, inside []analysis.TextEdit, indent string) (string, bool) {
	first, last := b.List[0], b.List[len(b.List)-1]
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	type rep struct {
		pos, end token.Pos
		text     string
	}
	var reps []rep
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if text, substituted := subst[c.pass.TypesInfo.Uses[id]]; substituted {
				reps = append(reps, rep{id.Pos(), id.End(), text})
			}
		}
		return true
	})
	for _, e := range inside {
		if e.Pos < first.Pos() || e.End > last.End() {
			return "", false
		}
		reps = append(reps, rep{e.Pos, e.End, string(e.NewText)})
	}
	sort.SliceStable(reps, func(i, j int) bool { return reps[i].pos > reps[j].pos })
	src := string(content[tf.Offset(first.Pos()):tf.Offset(last.End())])
	prev := token.Pos(-1)
	for _, r := range reps {
		if prev >= 0 && r.end > prev {
			return "", false // overlapping edits
		}
		i, j := int(r.pos-first.Pos()), int(r.end-first.Pos())
		src = src[:i] + r.text + src[j:]
		prev = r.pos
	}
	inner := edit.Indent(c.pass, first.Pos())
	lines := strings.Split(src, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" && !strings.HasPrefix(lines[i], inner) {
			return "", false
		}
		lines[i] = strings.TrimPrefix(lines[i], inner)
	}
	if head != "" {
		lines = append([]string{head}, lines...)
	}
	declares := head != ""
	for _, s := range b.List {
		switch x := s.(type) {
		case *ast.AssignStmt:
			declares = declares || x.Tok == token.DEFINE
		case *ast.DeclStmt:
			declares = true
		}
	}
	if declares {
		for i := range lines {
			if lines[i] != "" {
				lines[i] = "\t" + lines[i]
			}
		}
		lines = append(append([]string{"{"}, lines...), "}")
	}
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" {
			lines[i] = indent + lines[i]
		}
	}
	return strings.Join(lines, "\n"), true
}

// sameList reports whether a and b are the same statement list.
func sameList(a, b []ast.Stmt) bool {
	return len(a) > 0 && len(a) == len(b) && &a[0] == &b[0]
}
