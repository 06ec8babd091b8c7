package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// inPlaceFix builds the fix of a position call made after `ch <- rec`
// when the record cannot simply be marked by the worker (several workers
// range over ch, so records finish out of order, or the position call's
// error is checked): the send is replaced by the body of the workers'
// loop, with rec for the loop's variable, so the record is processed in
// place before the position call. It requires:
//
//   - ch is a local variable of the function, every receiver of which is
//     the one `for v := range ch` loop of a function literal started by
//     go statements (a pool: the same literal started in a loop), and ch
//     is otherwise only sent to, closed or made;
//   - the loop body leaves only by running to its end (no return, break,
//     continue, goto, defer or go outside nested function literals), does
//     not assign v, and declares nothing named like rec;
//   - every other name the body uses means the same at the send.
//
// The workers stay, idle: they receive nothing more and end when ch is
// closed.
func (c *checker) inPlaceFix(p *position, h *handOff, path []ast.Node, name string) (analysis.SuggestedFix, bool) {
	ss, _, text, ok := c.inlineSend(path, h)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	_, cut, ok := c.cutLines(ss, ss)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	cut.NewText = []byte(text)
	title := fmt.Sprintf("Process the %s in place of the hand-off to the workers, then call %s", p.client.Client.RecordNoun, name)
	if !h.after {
		return analysis.SuggestedFix{Message: title, TextEdits: []analysis.TextEdit{cut}}, true
	}
	// The position call comes first: it moves after the processing too,
	// with its error check, when it sits in the same list as the send.
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return analysis.SuggestedFix{}, false
	}
	list := *listp
	idx, at := indexOf(list, stmt), indexOf(list, ss)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	if idx < 0 || at <= last {
		return analysis.SuggestedFix{}, false
	}
	moved, between := list[idx:last+1], list[last+1:at]
	for _, s := range between {
		if c.definesUsedIn(s, moved, nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	for _, s := range moved {
		if c.definesUsedIn(s, append(append([]ast.Stmt(nil), between...), ss), nil) {
			return analysis.SuggestedFix{}, false
		}
	}
	movedText, cutMoved, ok := c.cutLines(list[idx], list[last])
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	cut.NewText = append(cut.NewText, movedText...)
	return analysis.SuggestedFix{Message: title, TextEdits: []analysis.TextEdit{cutMoved, cut}}, true
}

// inlineSend returns the statement of hand-off h (in the function of
// path) that sends the record, the record variable it sends, and the text
// that processes the record in its place: the body of the loop of the
// workers receiving it (see inPlaceFix), indented as the statement. The
// statement is the send, or a select whose other cases only give up when
// a context is done (`case <-ctx.Done(): return nil`): processing in place
// does not block on the workers, and the loop ends as it did.
func (c *checker) inlineSend(path []ast.Node, h *handOff) (ast.Stmt, types.Object, string, bool) {
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return nil, nil, "", false
	}
	sp := edit.Path(c.pass, ss.Pos())
	for len(sp) > 0 && sp[0] != ast.Node(ss) {
		sp = sp[1:]
	}
	var target ast.Stmt = ss
	if len(sp) > 3 {
		if sel, ok := sp[3].(*ast.SelectStmt); ok && c.onlyGivesUp(sel, ss) {
			target, sp = sel, sp[3:]
		}
	}
	if st, list := edit.Stmt(sp); st != target || list == nil || indexOf(*list, target) < 0 {
		return nil, nil, "", false
	}
	chID, ok1 := ast.Unparen(ss.Chan).(*ast.Ident)
	recID, ok2 := ast.Unparen(ss.Value).(*ast.Ident)
	if !ok1 || !ok2 {
		return nil, nil, "", false
	}
	ch, rec := c.pass.TypesInfo.Uses[chID], c.pass.TypesInfo.Uses[recID]
	if ch == nil || rec == nil {
		return nil, nil, "", false
	}
	body := outermostBody(path)
	if body == nil || ch.Pos() < body.Pos() || ch.Pos() >= body.End() {
		return nil, nil, "", false
	}
	loop := c.workersLoop(body, ch)
	if loop == nil || loop.Value != nil || len(loop.Body.List) == 0 {
		return nil, nil, "", false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" {
		return nil, nil, "", false
	}
	vObj := c.pass.TypesInfo.Defs[v]
	if vObj == nil || c.assignedIn(loop.Body, vObj) || !c.inlinable(loop.Body, vObj, rec.Name(), ss.Pos()) {
		return nil, nil, "", false
	}
	text, ok := c.inlineText(loop.Body, vObj, rec.Name(), edit.Indent(c.pass, target.Pos()))
	if !ok {
		return nil, nil, "", false
	}
	return target, rec, text, true
}

// onlyGivesUp reports whether sel's cases are the send ss and receives
// from a Done() channel whose bodies only return or are empty.
func (c *checker) onlyGivesUp(sel *ast.SelectStmt, ss *ast.SendStmt) bool {
	for _, cl := range sel.Body.List {
		cc := cl.(*ast.CommClause)
		if cc.Comm == ast.Stmt(ss) {
			if len(cc.Body) != 0 {
				return false
			}
			continue
		}
		es, ok := cc.Comm.(*ast.ExprStmt)
		if !ok {
			return false
		}
		recv, ok := ast.Unparen(es.X).(*ast.UnaryExpr)
		if !ok || recv.Op != token.ARROW {
			return false
		}
		call, ok := ast.Unparen(recv.X).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		if f, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); !ok || f.Sel.Name != "Done" {
			return false
		}
		for _, st := range cc.Body {
			if _, isReturn := st.(*ast.ReturnStmt); !isReturn {
				return false
			}
		}
	}
	return true
}

// workersLoop returns the one `for v := range ch` loop receiving from ch in
// body, when it is in a function literal started by a go statement (in a
// loop or not) and every other use of ch sends to it, closes it or makes
// it.
func (c *checker) workersLoop(body *ast.BlockStmt, ch types.Object) *ast.RangeStmt {
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
				if !startedByGo(stack) {
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

// startedByGo reports whether the innermost function literal of stack is
// started by a go statement.
func startedByGo(stack []ast.Node) bool {
	for i := len(stack) - 1; i > 0; i-- {
		lit, ok := stack[i].(*ast.FuncLit)
		if !ok {
			continue
		}
		call, ok := stack[i-1].(*ast.CallExpr)
		if !ok || call.Fun != lit || i < 2 {
			return false
		}
		_, ok = stack[i-2].(*ast.GoStmt)
		return ok
	}
	return false
}

// inlinable reports whether the statements of loop body b can run at pos
// in place of a send: they leave only by running to the end, declare
// nothing named rec, and every name they use from outside b means the same
// at pos (v aside, which becomes rec).
func (c *checker) inlinable(b *ast.BlockStmt, v types.Object, rec string, pos token.Pos) bool {
	ok := true
	var walk func(n ast.Node, inLit bool)
	walk = func(n ast.Node, inLit bool) {
		ast.Inspect(n, func(n ast.Node) bool {
			if !ok || n == nil {
				return false
			}
			switch x := n.(type) {
			case *ast.ReturnStmt, *ast.BranchStmt, *ast.LabeledStmt:
				// A function literal's returns and branches are its own.
				ok = inLit
			case *ast.DeferStmt, *ast.GoStmt:
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
				if _, isField := c.pass.TypesInfo.Uses[keyIdent(x.Key)].(*types.Var); !isField || !c.isStructKey(x) {
					walk(x.Key, inLit)
				}
				walk(x.Value, inLit)
				return false
			case *ast.Ident:
				ok = c.sameAt(x, b, v, rec, pos)
			}
			return ok
		})
	}
	walk(b, false)
	return ok
}

func keyIdent(e ast.Expr) *ast.Ident {
	id, _ := e.(*ast.Ident)
	return id
}

// isStructKey reports whether kv is a field key of a struct literal.
func (c *checker) isStructKey(kv *ast.KeyValueExpr) bool {
	id := keyIdent(kv.Key)
	if id == nil {
		return false
	}
	f, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	return ok && f.IsField()
}

// sameAt reports whether id, in loop body b, means the same when b runs at
// pos with rec for v: a name declared in b is not rec, and a name used
// from outside b resolves to the same object at pos.
func (c *checker) sameAt(id *ast.Ident, b *ast.BlockStmt, v types.Object, rec string, pos token.Pos) bool {
	if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
		return id.Name != rec
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || obj == v {
		return true // a field or method name, or the record
	}
	if obj.Pos() >= b.Pos() && obj.Pos() < b.End() {
		return true // declared in the body
	}
	return c.lookup(pos, id.Name) == obj
}

// inlineText returns the statements of b with rec for v, indented with
// indent (one per line, a trailing newline), as a block when they declare
// names at their top level.
func (c *checker) inlineText(b *ast.BlockStmt, v types.Object, rec, indent string) (string, bool) {
	first, last := b.List[0], b.List[len(b.List)-1]
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	src := string(content[tf.Offset(first.Pos()):tf.Offset(last.End())])
	var ids []*ast.Ident
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v {
			ids = append(ids, id)
		}
		return true
	})
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() > ids[j].Pos() })
	for _, id := range ids {
		i, j := int(id.Pos()-first.Pos()), int(id.End()-first.Pos())
		src = src[:i] + rec + src[j:]
	}
	lines, ok := c.dedent(src, first.Pos())
	if !ok {
		return "", false
	}
	declares := false
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
	return indentLines(strings.Join(lines, "\n"), indent) + "\n", true
}

// dedent splits src, the source of statements starting at pos, into
// lines without the indentation of pos's line.
func (c *checker) dedent(src string, pos token.Pos) ([]string, bool) {
	inner := edit.Indent(c.pass, pos)
	lines := strings.Split(src, "\n")
	for i := 1; i < len(lines); i++ {
		if lines[i] != "" && !strings.HasPrefix(lines[i], inner) {
			return nil, false
		}
		lines[i] = strings.TrimPrefix(lines[i], inner)
	}
	return lines, true
}
