package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

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
//   - ch is a local variable of the function whose workers edit.Workers
//     finds (made where it is declared; every receiver the one
//     `for v := range ch` loop of a function literal started by go
//     statements, a pool when started in a loop, or of a function of the
//     package that one go statement starts with ch, its parameters then
//     standing for the go statement's arguments; ch otherwise only sent
//     to, closed or measured), or a field of the receiver whose workers
//     a method of the same type (fieldWorkersLoop) or another function
//     of the package (startedElsewhereLoop) starts;
//   - the value sent is a variable, or a struct literal whose values only
//     read variables and fields (converted or not): the body then runs in
//     a block declaring the loop's variable as that literal;
//   - the loop body can run in place of the send (edit.InPlace.Lines):
//     it leaves only by running to its end (no return, goto, label,
//     defer, go, break or continue of the loop outside nested loops,
//     switches and function literals), assigns and hands on neither v nor
//     what stands for a parameter, declares nothing named like what
//     stands for them, and every other name it uses means the same at
//     the send.
//
// The workers stay, idle: they receive nothing more and end when ch is
// closed.
func (c *checker) inPlaceFix(p *position, h *handOff, path []ast.Node, name string) (analysis.SuggestedFix, bool) {
	ss, text, extra, ok := c.inlineSend(path, h)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	title := fmt.Sprintf("Process the %s in place of the hand-off to the workers, then call %s", p.client.Client.RecordNoun, name)
	if body := c.oneLineBody(ss); body != nil {
		// fs.EachRecord(func(r) { n++; queue <- r }): the literal's
		// body spreads over lines, one level deeper than its line, the
		// send's statement processing in place, the others as written.
		indent := edit.Indent(c.pass, body.Lbrace)
		var w strings.Builder
		w.WriteString("\n")
		for _, st := range body.List {
			if st == ss {
				w.WriteString(edit.IndentLines(text, "\t"))
				continue
			}
			w.WriteString(indent + "\t" + edit.Source(c.pass, st) + "\n")
		}
		w.WriteString(indent)
		te := analysis.TextEdit{Pos: body.Lbrace + 1, End: body.Rbrace, NewText: []byte(w.String())}
		return analysis.SuggestedFix{Message: title, TextEdits: append([]analysis.TextEdit{te}, extra...)}, !h.after
	}
	if !c.ownsLines(ss) {
		return analysis.SuggestedFix{}, false // cutting its lines would cut other statements too
	}
	_, cut, ok := c.cutLines(ss, ss)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	cut.NewText = []byte(text)
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

// oneLineBody returns the body of the function literal s is a statement
// of, when the literal is written on one line, or nil.
func (c *checker) oneLineBody(s ast.Stmt) *ast.BlockStmt {
	path := edit.Path(c.pass, s.Pos())
	for i, n := range path {
		if n != ast.Node(s) || i+2 >= len(path) {
			continue
		}
		body, ok := path[i+1].(*ast.BlockStmt)
		if _, isLit := path[i+2].(*ast.FuncLit); !ok || !isLit {
			return nil
		}
		if c.pass.Fset.Position(body.Lbrace).Line != c.pass.Fset.Position(body.Rbrace).Line {
			return nil
		}
		return body
	}
	return nil
}

// ownsLines reports whether nothing but s is written on the lines s
// spans (but blanks and a trailing comment).
func (c *checker) ownsLines(s ast.Stmt) bool {
	tf := c.pass.Fset.File(s.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return false
	}
	start := tf.Offset(tf.LineStart(tf.Line(s.Pos())))
	if strings.TrimSpace(string(content[start:tf.Offset(s.Pos())])) != "" {
		return false
	}
	end := tf.Offset(s.End())
	rest := end
	for rest < len(content) && content[rest] != '\n' {
		rest++
	}
	tail := strings.TrimSpace(string(content[end:rest]))
	return tail == "" || strings.HasPrefix(tail, "//")
}

// inlineSend returns the statement of hand-off h (in the function of
// path) that sends the record and the text that processes the record in
// its place: the body of the loop of the workers receiving it (see
// inPlaceFix), indented as the statement, with the edits it needs
// elsewhere (a field added to the handler, startedElsewhereLoop). The
// statement is the send, or a select whose other cases only give up when
// a context is done (edit.GivesUp).
func (c *checker) inlineSend(path []ast.Node, h *handOff) (ast.Stmt, string, []analysis.TextEdit, bool) {
	ss := sendStmtAt(path, h.instr)
	if ss == nil {
		return nil, "", nil, false
	}
	sp := edit.Path(c.pass, ss.Pos())
	for len(sp) > 0 && sp[0] != ast.Node(ss) {
		sp = sp[1:]
	}
	var target ast.Stmt = ss
	if len(sp) > 3 {
		if sel, ok := sp[3].(*ast.SelectStmt); ok && edit.GivesUp(c.pass, sel, ss) {
			target, sp = sel, sp[3:]
		}
	}
	if st, list := edit.Stmt(sp); st != target || list == nil || indexOf(*list, target) < 0 {
		return nil, "", nil, false
	}
	// The value sent: a variable, or a struct literal of plain reads
	// (payload{id: string(r.Key)}), which the inlined body gets in a
	// variable of the loop's name, declared first.
	if _, isID := ast.Unparen(ss.Value).(*ast.Ident); !isID && !edit.PlainLiteral(c.pass, ss.Value) {
		return nil, "", nil, false
	}
	var loop *ast.RangeStmt
	var subst map[types.Object]string
	var extra []analysis.TextEdit
	switch chx := ast.Unparen(ss.Chan).(type) {
	case *ast.Ident:
		loop, subst = c.workersLoop(outermostBody(path), c.pass.TypesInfo.Uses[chx], ss.Pos(), nil)
	case *ast.SelectorExpr:
		loop, subst = c.fieldWorkersLoop(path, chx)
		if loop == nil {
			loop, subst, extra = c.startedElsewhereLoop(chx, ss.Pos())
		}
	}
	in := edit.InPlace{Send: ss, Target: target, Loop: loop, Subst: subst}
	lines, ok := in.Lines(c.pass)
	if !ok {
		return nil, "", nil, false
	}
	return target, edit.IndentLines(strings.Join(lines, "\n"), edit.Indent(c.pass, target.Pos())) + "\n", extra, true
}

// workersLoop returns the workers' loop receiving from ch, a local
// variable of body, and the texts standing at pos for its free names
// (edit.Workers); with stored, ch may also be the value of that field's
// key in composite literals of body (startedElsewhereLoop).
func (c *checker) workersLoop(body *ast.BlockStmt, ch types.Object, pos token.Pos, stored *types.Var) (*ast.RangeStmt, map[types.Object]string) {
	return edit.Workers(c.pass, body, ch, pos, stored)
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

// dedent splits src, the source of statements starting at pos, into
// lines without the indentation of pos's line (edit.Dedent).
func (c *checker) dedent(src string, pos token.Pos) ([]string, bool) {
	return edit.Dedent(c.pass, src, pos)
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
				if p.X == ast.Expr(s) && isID && decl != nil && edit.StartedByGo(stack[:len(stack)-1]) {
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
