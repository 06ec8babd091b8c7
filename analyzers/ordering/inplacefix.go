package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// inPlaceFix builds the fix of a position call made after `ch <- rec`
// when the record cannot simply be marked by the worker (several workers
// range over ch, so records finish out of order, or the position call's
// error is checked): the send is replaced by the body of the workers'
// loop, with rec for the loop's variable, so the record is processed in
// place before the position call. A position call made before the send
// moves after the inlined body. It requires:
//
//   - ch is a local variable of the function, every receiver of which is
//     the one `for v := range ch` loop of a function literal started by
//     go statements (a pool: the same literal started in a loop), or of a
//     function of the package that one go statement starts with ch (its
//     parameters then stand for the go statement's arguments), and ch is
//     otherwise only sent to, closed or made (workersLoop);
//   - the loop body leaves only by running to its end (no return, break,
//     continue, goto, defer or go outside nested function literals), does
//     not assign v or a parameter standing for an argument, and declares
//     nothing named like what stands for them;
//   - every other name the body uses means the same at the send;
//   - the value sent is a variable, or a struct literal whose values only
//     read variables and fields (converted or not): the body then runs in
//     a block declaring the loop's variable as that literal.
//
// The workers stay, idle: they receive nothing more and end when ch is
// closed.
func (c *checker) inPlaceFix(p *position, h *handOff, path []ast.Node, name string) (analysis.SuggestedFix, bool) {
	ss, _, text, extra, ok := c.inlineSend(path, h)
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
		return analysis.SuggestedFix{Message: title, TextEdits: append([]analysis.TextEdit{cut}, extra...)}, true
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
	return analysis.SuggestedFix{Message: title, TextEdits: append([]analysis.TextEdit{cutMoved, cut}, extra...)}, true
}

// inlineSend returns the statement of hand-off h (in the function of
// path) that sends the record, the record variable it sends, and the text
// that processes the record in its place: the body of the loop of the
// workers receiving it (see inPlaceFix), indented as the statement. The
// statement is the send, or a select whose other cases only give up when
// a context is done (`case <-ctx.Done(): return nil`): processing in place
// does not block on the workers, and the loop ends as it did.
func (c *checker) inlineSend(path []ast.Node, h *handOff) (ast.Stmt, types.Object, string, []analysis.TextEdit, bool) {
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return nil, nil, "", nil, false
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
		return nil, nil, "", nil, false
	}
	// The value sent: a variable, or a struct literal of plain reads
	// (payload{id: string(r.Key)}), which the inlined body gets in a
	// variable of the loop's name, declared first.
	var rec types.Object
	var lit string
	if recID, ok := ast.Unparen(ss.Value).(*ast.Ident); ok {
		if rec = c.pass.TypesInfo.Uses[recID]; rec == nil {
			return nil, nil, "", nil, false
		}
	} else if c.plainLiteral(ss.Value) {
		lit = c.raw(ss.Value)
	} else {
		return nil, nil, "", nil, false
	}
	var loop *ast.RangeStmt
	var subst map[types.Object]string
	var extra []analysis.TextEdit
	switch chx := ast.Unparen(ss.Chan).(type) {
	case *ast.Ident:
		ch := c.pass.TypesInfo.Uses[chx]
		body := outermostBody(path)
		if ch == nil || body == nil || ch.Pos() < body.Pos() || ch.Pos() >= body.End() {
			return nil, nil, "", nil, false
		}
		loop, subst = c.workersLoop(body, ch, ss.Pos(), nil)
	case *ast.SelectorExpr:
		loop, subst = c.fieldWorkersLoop(path, chx)
		if loop == nil {
			loop, subst, extra = c.startedElsewhereLoop(chx, ss.Pos())
		}
	}
	if loop == nil || loop.Value != nil || len(loop.Body.List) == 0 {
		return nil, nil, "", nil, false
	}
	v, ok := loop.Key.(*ast.Ident)
	if !ok || v.Name == "_" {
		return nil, nil, "", nil, false
	}
	vObj := c.pass.TypesInfo.Defs[v]
	if vObj == nil {
		return nil, nil, "", nil, false
	}
	if rec != nil {
		subst[vObj] = rec.Name()
	} else {
		subst[vObj] = v.Name
	}
	for obj := range subst {
		if c.assignedIn(loop.Body, obj) {
			return nil, nil, "", nil, false
		}
	}
	if !c.inlinable(loop.Body, subst, ss.Pos()) {
		return nil, nil, "", nil, false
	}
	indent := edit.Indent(c.pass, target.Pos())
	if rec == nil {
		// { v := payload{...}; body }, the body one level deeper.
		body, ok := c.inlineText(loop.Body, subst, indent+"\t")
		if !ok {
			return nil, nil, "", nil, false
		}
		if strings.HasPrefix(body, indent+"\t{\n") {
			// Already a block of its own: its statements go in ours.
			lines := strings.Split(strings.TrimSuffix(body, "\n"), "\n")
			inner := lines[1 : len(lines)-1]
			for i, l := range inner {
				inner[i] = strings.TrimPrefix(l, "\t")
			}
			body = strings.Join(inner, "\n") + "\n"
		}
		text := indent + "{\n" + indent + "\t" + v.Name + " := " + lit + "\n" + body + indent + "}\n"
		return target, nil, text, extra, true
	}
	text, ok := c.inlineText(loop.Body, subst, indent)
	if !ok {
		return nil, nil, "", nil, false
	}
	return target, rec, text, extra, true
}

// plainLiteral reports whether e is a struct literal (not its address)
// whose values only read variables and fields, convert them or are
// constants: evaluated once in place of the send, it is the value the
// worker would have received.
func (c *checker) plainLiteral(e ast.Expr) bool {
	cl, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return false
	}
	if _, isStruct := c.pass.TypesInfo.TypeOf(cl).Underlying().(*types.Struct); !isStruct {
		return false
	}
	ok = true
	for _, elt := range cl.Elts {
		val := elt
		if kv, isKV := elt.(*ast.KeyValueExpr); isKV {
			val = kv.Value
		}
		ast.Inspect(val, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.CallExpr:
				// Conversions only (string(r.Key)).
				if tv, found := c.pass.TypesInfo.Types[x.Fun]; !found || !tv.IsType() {
					ok = false
				}
			case *ast.FuncLit, *ast.UnaryExpr, *ast.CompositeLit, *ast.IndexExpr, *ast.SliceExpr:
				ok = false
			}
			return ok
		})
	}
	return ok
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

// workersLoop returns the one `for v := range ch` loop receiving from ch
// in body, and the texts that stand for the loop's free names where it is
// inlined, when every receiver of ch runs that loop in goroutines (a pool
// when started in a loop) and every other use of ch sends to it, closes it
// or makes it. The loop is in a function literal started by go
// statements of body, or in a function of the package started by one go
// statement of body taking ch: then the function's parameters (and
// receiver) stand for the go statement's arguments, which must be
// variables or field paths body never assigns, meaning the same at pos.
// When stored is set, ch may also be the value of that field's key in
// composite literals of body (startedElsewhereLoop).
func (c *checker) workersLoop(body *ast.BlockStmt, ch types.Object, pos token.Pos, stored *types.Var) (*ast.RangeStmt, map[types.Object]string) {
	var loops []*ast.RangeStmt
	var gos []*ast.GoStmt
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
		case *ast.GoStmt:
			for _, a := range x.Call.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch {
					allowed[id] = true
					gos = append(gos, x)
				}
			}
		case *ast.KeyValueExpr:
			if id, ok := ast.Unparen(x.Value).(*ast.Ident); ok && stored != nil && c.pass.TypesInfo.Uses[keyIdent(x.Key)] == stored && c.pass.TypesInfo.Uses[id] == ch {
				allowed[id] = true
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
	switch {
	case bad:
		return nil, nil
	case len(loops) == 1 && len(gos) == 0:
		return loops[0], map[types.Object]string{}
	case len(loops) == 0 && len(gos) == 1:
		return c.namedWorkerLoop(body, gos[0], ch, pos)
	}
	return nil, nil
}

// namedWorkerLoop returns the loop of the package function that go
// statement g starts with channel ch, over the parameter g passes ch as,
// and the arguments of g for the function's parameters and receiver.
func (c *checker) namedWorkerLoop(body *ast.BlockStmt, g *ast.GoStmt, ch types.Object, pos token.Pos) (*ast.RangeStmt, map[types.Object]string) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, g.Call).(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg || g.Call.Ellipsis.IsValid() {
		return nil, nil
	}
	var decl *ast.FuncDecl
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && c.pass.TypesInfo.Defs[fd.Name] == fn {
				decl = fd
			}
		}
	}
	sig := fn.Type().(*types.Signature)
	if decl == nil || decl.Body == nil || sig.Variadic() || sig.Params().Len() != len(g.Call.Args) {
		return nil, nil
	}
	args := map[types.Object]ast.Expr{}
	var chParam types.Object
	for i, a := range g.Call.Args {
		args[sig.Params().At(i)] = a
		if id, ok := ast.Unparen(a).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == ch {
			chParam = sig.Params().At(i)
		}
	}
	if sel, ok := ast.Unparen(g.Call.Fun).(*ast.SelectorExpr); ok && sig.Recv() != nil {
		args[sig.Recv()] = sel.X
	}
	var loop *ast.RangeStmt
	for _, st := range decl.Body.List {
		if r, ok := st.(*ast.RangeStmt); ok {
			if id, ok := ast.Unparen(r.X).(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == chParam {
				loop = r
			}
		}
	}
	if loop == nil {
		return nil, nil
	}
	subst := map[types.Object]string{}
	for obj, a := range args {
		if obj == chParam {
			continue
		}
		if !c.isPure(a) {
			return nil, nil
		}
		root := ast.Unparen(a)
		for {
			if sel, ok := root.(*ast.SelectorExpr); ok {
				root = ast.Unparen(sel.X)
				continue
			}
			break
		}
		id, ok := root.(*ast.Ident)
		if !ok || c.assignedIn(body, c.pass.TypesInfo.Uses[id]) || c.lookup(pos, id.Name) != c.pass.TypesInfo.Uses[id] {
			return nil, nil
		}
		subst[obj] = c.raw(a)
	}
	return loop, subst
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
// nothing named like a name subst's texts use, and every name they use
// from outside b means the same at pos (the objects of subst aside, which
// become their texts).
func (c *checker) inlinable(b *ast.BlockStmt, subst map[types.Object]string, pos token.Pos) bool {
	reserved := map[string]bool{}
	for _, text := range subst {
		for _, w := range strings.FieldsFunc(text, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' }) {
			reserved[w] = true
		}
	}
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
				ok = c.sameAt(x, b, subst, reserved, pos)
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
// pos with subst's texts for its objects: a name declared in b is not
// reserved, and a name used from outside b is substituted or resolves to
// the same object at pos.
func (c *checker) sameAt(id *ast.Ident, b *ast.BlockStmt, subst map[types.Object]string, reserved map[string]bool, pos token.Pos) bool {
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
	return c.lookup(pos, id.Name) == obj
}

// inlineText returns the statements of b with subst's texts for its
// objects, indented with indent (one per line, a trailing newline), as a
// block when they declare names at their top level.
func (c *checker) inlineText(b *ast.BlockStmt, subst map[types.Object]string, indent string) (string, bool) {
	first, last := b.List[0], b.List[len(b.List)-1]
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	src := string(content[tf.Offset(first.Pos()):tf.Offset(last.End())])
	var ids []*ast.Ident
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if _, substituted := subst[c.pass.TypesInfo.Uses[id]]; substituted {
				ids = append(ids, id)
			}
		}
		return true
	})
	sort.Slice(ids, func(i, j int) bool { return ids[i].Pos() > ids[j].Pos() })
	for _, id := range ids {
		i, j := int(id.Pos()-first.Pos()), int(id.End()-first.Pos())
		src = src[:i] + subst[c.pass.TypesInfo.Uses[id]] + src[j:]
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

// fieldWorkersLoop returns the loop of the workers receiving from a
// channel held in a field of the method's receiver (h.jobs), and the
// receiver's name for the receiver of the method starting them: the one
// `for v := range r.jobs` of the package, in a function literal started by
// a go statement in a method of the same type (Setup starting the workers
// of ConsumeClaim), when every other use of the field sends to it, closes
// it or assigns it.
func (c *checker) fieldWorkersLoop(path []ast.Node, sel *ast.SelectorExpr) (*ast.RangeStmt, map[types.Object]string) {
	fd := declOf(path)
	recvID, ok := ast.Unparen(sel.X).(*ast.Ident)
	selection := c.pass.TypesInfo.Selections[sel]
	if fd == nil || !ok || selection == nil || selection.Kind() != types.FieldVal {
		return nil, nil
	}
	recv := c.receiverOf(fd)
	if recv == nil || c.pass.TypesInfo.Uses[recvID] != recv {
		return nil, nil
	}
	field := selection.Obj()
	var loops []*ast.RangeStmt
	var loopRecv types.Object
	bad := false
	for _, f := range c.pass.Files {
		var stack []ast.Node
		var decl *ast.FuncDecl
		ast.Inspect(f, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if d, ok := n.(*ast.FuncDecl); ok {
				decl = d
			}
			parent := ast.Node(nil)
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			s, ok := n.(*ast.SelectorExpr)
			if !ok || c.pass.TypesInfo.Selections[s] == nil || c.pass.TypesInfo.Selections[s].Obj() != field {
				return true
			}
			switch p := parent.(type) {
			case *ast.SendStmt:
				if p.Chan == ast.Expr(s) {
					return true
				}
			case *ast.CallExpr:
				if id, ok := p.Fun.(*ast.Ident); ok && id.Name == "close" {
					return true
				}
			case *ast.AssignStmt:
				for _, l := range p.Lhs {
					if l == ast.Expr(s) {
						return true
					}
				}
			case *ast.RangeStmt:
				x, isID := ast.Unparen(s.X).(*ast.Ident)
				if p.X == ast.Expr(s) && isID && decl != nil && startedByGo(stack[:len(stack)-1]) {
					if r := c.receiverOf(decl); r != nil && c.pass.TypesInfo.Uses[x] == r &&
						types.Identical(ssaflow.Deref(r.Type()), ssaflow.Deref(recv.Type())) {
						loops = append(loops, p)
						loopRecv = r
						return true
					}
				}
			}
			bad = true
			return true
		})
	}
	if bad || len(loops) != 1 {
		return nil, nil
	}
	return loops[0], map[types.Object]string{loopRecv: recvID.Name}
}

// receiverOf returns the receiver variable of method fd, or nil.
func (c *checker) receiverOf(fd *ast.FuncDecl) types.Object {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil
	}
	return c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
}
