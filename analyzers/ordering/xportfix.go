package ordering

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// The fix of a hexagonal hand-off (xport.go) edits the core, not the
// wiring where the finding is made: the core's method that only queues
// the record (`s.queue <- &data`) processes it in place instead, the
// body of its workers' loop replacing the send (edit.InPlace), so that
// the consumer's position call, made as soon as the method returns,
// follows the processing. The core's package computes those edits from
// its own syntax and exports them by file name and offsets (edit.FileEdit),
// with the methods of a queueingResult fact: on the type whose methods
// they are, and on a constructor returning it as the port. A front end
// that has loaded the core's files (the standalone one) attaches them
// to the finding; one that reads the core from export data (go vet)
// reports the finding without a fix, saying where the change goes.
//
// A method's edits are built when:
//
//   - its body makes one send outside function literals, on a field of
//     its receiver (s.queue), as a statement of its own or in a select
//     whose other cases only give up when a context is done
//     (edit.GivesUp), and starts no goroutine;
//   - the value sent is a variable, the address of one, or a struct
//     literal of plain reads (plainLiteral);
//   - the field is unexported, and its receivers are one loop of the
//     package, `for v := range x.f`, or `for { select { case v :=
//     <-x.f: ... } }` whose other cases receive from a channel (a
//     context's Done, a quit channel) and only return, in a function
//     literal started by a go statement (once, or in a loop: a pool) or
//     in a function declaration (a method the pool's go statements
//     start); x is the receiver of a method of the same type
//     (InitWorkerPool, worker) or a local variable of that type assigned
//     only where it is declared (a constructor starting the workers of
//     the value it builds); every other use of the field sends to it,
//     closes it, assigns it or measures it;
//   - the loop's body (the case's) can run in place of the send
//     (edit.InPlace.Lines), x standing for the method's receiver.
//
// A select whose other cases do more than return (a ticker flushing a
// batch) is not run in place: those cases are part of the processing.
// The finding then has no fix, and says so: the method's entry in the
// fact holds that reason (Why) instead of edits. No fix fits such a
// core: the record is processed when the other case runs (the next
// tick), which the method cannot do in place (the case works on state of
// the workers' function), nor wait for without holding every call until
// then (the consumer hands it one record at a time); the positions must
// be written when that case completes the records, which takes a change
// of the port (an acknowledgement the consumer waits for).

// exportQueueFixes exports, on each named type of pass's package whose
// methods carrying handsOff can process their argument in place, or
// cannot for a reason a finding names, a queueingResult fact whose
// methods hold the edits or the reason (queueFix), and returns those
// methods.
func exportQueueFixes(pass *analysis.Pass) map[*types.Func]queueingMethod {
	queued := map[*types.Func]queueingMethod{}
	byType := map[*types.TypeName]*queueingResult{}
	var order []*types.TypeName
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil || fd.Recv == nil {
				continue
			}
			m, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			var h handsOff
			if !ok || !pass.ImportObjectFact(m, &h) {
				continue
			}
			recv := m.Type().(*types.Signature).Recv()
			named, _ := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
			if named == nil || named.TypeParams().Len() > 0 {
				continue
			}
			edits, why := queueFix(pass, fd)
			if edits == nil && why == "" {
				continue
			}
			tn := named.Obj()
			f := byType[tn]
			if f == nil {
				f = &queueingResult{Type: types.TypeString(recv.Type(), (*types.Package).Name)}
				byType[tn] = f
				order = append(order, tn)
			}
			qm := newQueueingMethod(pass, m, h)
			qm.Fix, qm.Why = edits, why
			queued[m] = qm
			f.Methods = append(f.Methods, qm)
		}
	}
	for _, tn := range order {
		pass.ExportObjectFact(tn, byType[tn])
	}
	return queued
}

// queueSend returns the one send of method fd's body outside function
// literals, made on a field of its receiver (s.queue <- v), with the
// receiver and the field, when the body starts no goroutine; else nil.
func queueSend(pass *analysis.Pass, fd *ast.FuncDecl) (*ast.SendStmt, types.Object, *types.Var) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
		return nil, nil, nil
	}
	recv := pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	if recv == nil {
		return nil, nil, nil
	}
	var sends []*ast.SendStmt
	goes := false
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.GoStmt:
			goes = true
		case *ast.SendStmt:
			sends = append(sends, n)
		}
		return true
	})
	if goes || len(sends) != 1 {
		return nil, nil, nil
	}
	ss := sends[0]
	sel, ok := ast.Unparen(ss.Chan).(*ast.SelectorExpr)
	if !ok {
		return nil, nil, nil
	}
	if id, isID := ast.Unparen(sel.X).(*ast.Ident); !isID || pass.TypesInfo.Uses[id] != recv {
		return nil, nil, nil
	}
	selection := pass.TypesInfo.Selections[sel]
	if selection == nil || selection.Kind() != types.FieldVal {
		return nil, nil, nil
	}
	field, _ := selection.Obj().(*types.Var)
	if field == nil {
		return nil, nil, nil
	}
	return ss, recv, field
}

// discards reports whether method fd queues what it is given for
// workers that never read it: its one send (queueSend) is on a field
// whose receivers are one loop `for range x.f` (fieldLoop) naming no
// variable, a drain. Nothing processes the value, so the method hands
// no work on: a position written when it returns passes nothing
// unprocessed.
func discards(pass *analysis.Pass, fd *ast.FuncDecl) bool {
	_, recv, field := queueSend(pass, fd)
	if field == nil {
		return false
	}
	loop, _, _ := fieldLoop(pass, field, recv)
	if loop == nil {
		return false
	}
	id, named := loop.Key.(*ast.Ident)
	return loop.Key == nil || named && id.Name == "_" && loop.Value == nil
}

// queueFix returns the edits making method fd process in place what it
// queues (see the conditions above), or nil, and then why, when the
// reason is one a finding can name (a select of its workers doing more
// in another case), else "".
func queueFix(pass *analysis.Pass, fd *ast.FuncDecl) ([]edit.FileEdit, string) {
	ss, recv, field := queueSend(pass, fd)
	if ss == nil || !sentValue(pass, ss.Value) {
		return nil, ""
	}
	path := edit.Path(pass, ss.Pos())
	for len(path) > 0 && path[0] != ast.Node(ss) {
		path = path[1:]
	}
	var target ast.Stmt = ss
	if len(path) > 3 {
		if s, ok := path[3].(*ast.SelectStmt); ok && edit.GivesUp(pass, s, ss) {
			target, path = s, path[3:]
		}
	}
	if st, list := edit.Stmt(path); st != target || list == nil {
		return nil, ""
	}
	loop, x, works := fieldLoop(pass, field, recv)
	if loop == nil {
		return nil, ""
	}
	if works != nil {
		return nil, "its workers receive it in a select that also works on " + edit.Source(pass, works.Comm.(*ast.ExprStmt).X)
	}
	in := edit.InPlace{Send: ss, Target: target, Loop: loop, Subst: map[types.Object]string{x: recv.Name()}}
	lines, ok := in.Lines(pass)
	if !ok {
		return nil, ""
	}
	if only := len(fd.Body.List) == 1 && fd.Body.List[0] == target; only {
		lines = unwrapBlock(pass, fd, loop, lines)
	}
	tf := pass.Fset.File(target.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return nil, ""
	}
	line := func(p token.Pos) int { return tf.Line(p) }
	var start, end int
	var text string
	if line(fd.Body.Lbrace) == line(target.Pos()) || line(fd.Body.Rbrace) == line(target.End()) {
		// A body on the line of its braces: the body is rewritten, one
		// statement a line.
		if line(fd.Body.Lbrace) != line(fd.Body.Rbrace) || len(fd.Body.List) != 1 || fd.Body.List[0] != target {
			return nil, ""
		}
		indent := edit.Indent(pass, fd.Body.Lbrace)
		start, end = tf.Offset(fd.Body.Lbrace), tf.Offset(fd.Body.Rbrace)+1
		text = "{\n" + indentLines(strings.Join(lines, "\n"), indent+"\t") + "\n" + indent + "}"
	} else {
		// The statement's lines are replaced.
		start = tf.Offset(tf.LineStart(line(target.Pos())))
		if strings.TrimSpace(string(content[start:tf.Offset(target.Pos())])) != "" {
			return nil, "" // code before the statement on its line
		}
		end = tf.Offset(target.End())
		for end < len(content) && content[end] != '\n' {
			end++
		}
		if strings.TrimSpace(string(content[tf.Offset(target.End()):end])) != "" {
			return nil, "" // a comment after the statement
		}
		text = indentLines(strings.Join(lines, "\n"), edit.Indent(pass, target.Pos()))
	}
	return []edit.FileEdit{{File: tf.Name(), Size: tf.Size(), Start: start, End: end, Text: text}}, ""
}

// sentValue reports whether e, a value sent, can be evaluated once in
// place of the send: a variable, the address of one, or a struct
// literal of plain reads.
func sentValue(pass *analysis.Pass, e ast.Expr) bool {
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	if id, ok := e.(*ast.Ident); ok {
		return isVariable(pass.TypesInfo.Uses[id])
	}
	return (&checker{pass: pass}).plainLiteral(e)
}

func isVariable(obj types.Object) bool {
	v, ok := obj.(*types.Var)
	return ok && !v.IsField()
}

// unwrapBlock returns lines (edit.InPlace.Lines, the whole new body of
// fd) without the block Lines puts them in when they declare names,
// when none of those names is declared in fd's signature.
func unwrapBlock(pass *analysis.Pass, fd *ast.FuncDecl, loop *ast.RangeStmt, lines []string) []string {
	if len(lines) < 2 || lines[0] != "{" || lines[len(lines)-1] != "}" {
		return lines
	}
	scope := pass.TypesInfo.Scopes[fd.Type]
	if scope == nil {
		return lines
	}
	names := []string{loop.Key.(*ast.Ident).Name}
	for _, st := range loop.Body.List {
		switch st := st.(type) {
		case *ast.AssignStmt:
			if st.Tok == token.DEFINE {
				for _, l := range st.Lhs {
					if id, ok := l.(*ast.Ident); ok {
						names = append(names, id.Name)
					}
				}
			}
		case *ast.DeclStmt:
			if gd, ok := st.Decl.(*ast.GenDecl); ok {
				for _, spec := range gd.Specs {
					switch sp := spec.(type) {
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							names = append(names, n.Name)
						}
					case *ast.TypeSpec:
						names = append(names, sp.Name.Name)
					}
				}
			}
		}
	}
	for _, n := range names {
		if scope.Lookup(n) != nil {
			return lines
		}
	}
	out := make([]string, 0, len(lines)-2)
	for _, l := range lines[1 : len(lines)-1] {
		out = append(out, strings.TrimPrefix(l, "\t"))
	}
	return out
}

// fieldLoop returns the one `for v := range x.f` loop of the package
// receiving from field f, a channel of the type of recv (a method's
// receiver), and x: the loop runs in a function literal started by a go
// statement, x is the receiver of a method of that type or a local
// variable of that type assigned only where it is declared, and every
// other use of f sends to it, closes it, assigns it or measures it. For
// a loop made of a select's case (selectCase), works is the other case
// doing more than return, if any.
func fieldLoop(pass *analysis.Pass, f *types.Var, recv types.Object) (loop *ast.RangeStmt, x types.Object, works *ast.CommClause) {
	base := ssaflow.Deref(recv.Type())
	bad := false
	for _, file := range pass.Files {
		var stack []ast.Node
		var decl *ast.FuncDecl
		ast.Inspect(file, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			if bad {
				return false
			}
			if d, ok := n.(*ast.FuncDecl); ok {
				decl = d
			}
			var parent ast.Node
			if len(stack) > 0 {
				parent = stack[len(stack)-1]
			}
			stack = append(stack, n)
			s, ok := n.(*ast.SelectorExpr)
			if !ok || pass.TypesInfo.Selections[s] == nil || pass.TypesInfo.Selections[s].Obj() != f {
				return true
			}
			switch p := parent.(type) {
			case *ast.SendStmt:
				if p.Chan == ast.Expr(s) {
					return true
				}
			case *ast.CallExpr:
				if len(p.Args) == 1 && p.Args[0] == ast.Expr(s) &&
					(edit.IsBuiltin(pass, p.Fun, "close") || edit.IsBuiltin(pass, p.Fun, "len") || edit.IsBuiltin(pass, p.Fun, "cap")) {
					return true
				}
			case *ast.AssignStmt:
				for _, l := range p.Lhs {
					if l == ast.Expr(s) {
						return true
					}
				}
			case *ast.RangeStmt:
				if p.X == ast.Expr(s) && loop == nil && decl != nil && runsWorkers(stack[:len(stack)-1]) {
					if obj := chanOwner(pass, s, base, decl); obj != nil {
						loop, x = p, obj
						return true
					}
				}
			case *ast.UnaryExpr:
				// p := <-x.f, a case of the one select of a for loop.
				if p.Op != token.ARROW || loop != nil || decl == nil || len(stack) < 9 || !runsWorkers(stack[:len(stack)-8]) {
					break
				}
				l, w := selectCase(pass, stack[len(stack)-8:len(stack)-2])
				if obj := chanOwner(pass, s, base, decl); l != nil && obj != nil {
					loop, x, works = l, obj, w
					return true
				}
			}
			bad = true
			return false
		})
	}
	if bad || loop == nil || f.Exported() {
		return nil, nil, nil // an exported field may have receivers elsewhere
	}
	return loop, x, works
}

// chanOwner returns the variable x of x.f, sel, when it is of type base and
// the receiver of method decl or a local of decl (receiverOrLocal).
func chanOwner(pass *analysis.Pass, sel *ast.SelectorExpr, base types.Type, decl *ast.FuncDecl) types.Object {
	id, isID := ast.Unparen(sel.X).(*ast.Ident)
	if !isID {
		return nil
	}
	obj, isVar := pass.TypesInfo.Uses[id].(*types.Var)
	if !isVar || !types.Identical(ssaflow.Deref(obj.Type()), base) || !receiverOrLocal(pass, decl, obj) {
		return nil
	}
	return obj
}

// runsWorkers reports whether the innermost function of stack (outermost
// first) is a function literal started by a go statement, or a function
// declaration: a loop there is what the channel's receivers run.
func runsWorkers(stack []ast.Node) bool {
	for _, n := range stack {
		if _, ok := n.(*ast.FuncLit); ok {
			return edit.StartedByGo(stack)
		}
	}
	return true
}

// selectCase returns, for the path (outermost first) ForStmt, BlockStmt,
// SelectStmt, BlockStmt, CommClause, AssignStmt of a receive `v :=
// <-x.f`, the clause as a loop over x.f with v for its variable: the for
// loop has no clauses and its body is the select alone, and every other
// case of the select receives from a channel (a context's Done, a quit
// channel). The workers then process each value with the clause's body,
// and stop on the others when they only return; the first other case
// that does more (a ticker's flush of what the clause collects) is
// returned too: it is part of each value's processing, so the clause
// cannot run in place of the send.
func selectCase(pass *analysis.Pass, path []ast.Node) (*ast.RangeStmt, *ast.CommClause) {
	fs, ok1 := path[0].(*ast.ForStmt)
	sel, ok2 := path[2].(*ast.SelectStmt)
	cc, ok3 := path[4].(*ast.CommClause)
	as, ok4 := path[5].(*ast.AssignStmt)
	if !ok1 || !ok2 || !ok3 || !ok4 || fs.Init != nil || fs.Cond != nil || fs.Post != nil ||
		len(fs.Body.List) != 1 || fs.Body.List[0] != ast.Stmt(sel) || cc.Comm != ast.Stmt(as) ||
		as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 || len(cc.Body) == 0 {
		return nil, nil
	}
	v, ok := as.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, nil
	}
	var works *ast.CommClause
	for _, c := range sel.Body.List {
		other := c.(*ast.CommClause)
		if other == cc {
			continue
		}
		es, ok := other.Comm.(*ast.ExprStmt)
		if !ok || len(other.Body) == 0 {
			return nil, nil // a default, or a send
		}
		if u, ok := ast.Unparen(es.X).(*ast.UnaryExpr); !ok || u.Op != token.ARROW {
			return nil, nil
		}
		for _, st := range other.Body {
			if _, isReturn := st.(*ast.ReturnStmt); !isReturn && works == nil {
				works = other // a ticker's flush, a case that carries on
			}
		}
	}
	last := cc.Body[len(cc.Body)-1]
	return &ast.RangeStmt{
		For: fs.For, Key: v, Tok: token.DEFINE, TokPos: as.TokPos, X: as.Rhs[0],
		Body: &ast.BlockStmt{Lbrace: cc.Colon, List: cc.Body, Rbrace: last.End()},
	}, works
}

// receiverOrLocal reports whether obj is the receiver of method decl, or
// a local variable of decl (outside function literals) assigned only
// where it is declared, its address never taken.
func receiverOrLocal(pass *analysis.Pass, decl *ast.FuncDecl, obj *types.Var) bool {
	if decl.Recv != nil && len(decl.Recv.List) == 1 && len(decl.Recv.List[0].Names) == 1 &&
		pass.TypesInfo.Defs[decl.Recv.List[0].Names[0]] == obj {
		return !edit.AssignedIn(pass, decl.Body, obj)
	}
	if decl.Body == nil || obj.Pos() < decl.Body.Pos() || obj.Pos() >= decl.Body.End() {
		return false
	}
	assigns := 0
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && pass.TypesInfo.ObjectOf(id) == obj {
					assigns++
				}
			}
		case *ast.ValueSpec:
			for _, id := range n.Names {
				if pass.TypesInfo.Defs[id] == obj {
					assigns++
				}
			}
		case *ast.IncDecStmt:
			assigns += 2
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && pass.TypesInfo.Uses[id] == obj {
				assigns += 2
			}
		}
		return true
	})
	return assigns == 1
}

// queueing returns method m, which carries handsOff for its parameters
// at params, as a queueingMethod: with the edits making it process what
// it queues in place, or why it cannot, that its type's queueingResult
// fact holds (exportQueueFixes), if any.
func (c *checker) queueing(m *types.Func, params []int) queueingMethod {
	qm := queueingMethod{Name: m.Name(), Params: params}
	recv := m.Type().(*types.Signature).Recv()
	if recv == nil {
		return qm
	}
	named, ok := types.Unalias(ssaflow.Deref(recv.Type())).(*types.Named)
	var f queueingResult
	if !ok || !c.pass.ImportObjectFact(named.Obj(), &f) {
		return qm
	}
	for _, fm := range f.Methods {
		if fm.Name == m.Name() {
			qm.Fix, qm.Why = fm.Fix, fm.Why
		}
	}
	return qm
}

// newQueueingMethod returns method m of pass's package, carrying fact h,
// as a queueingMethod, without edits.
func newQueueingMethod(pass *analysis.Pass, m *types.Func, h handsOff) queueingMethod {
	qm := queueingMethod{Name: m.Name(), Params: h.Params}
	if tf := pass.Fset.File(m.Pos()); tf != nil {
		qm.At = fileOffset{File: tf.Name(), Size: tf.Size(), Offset: tf.Offset(m.Pos())}
	}
	return qm
}

// portFix returns the suggested fix of a hand-off to method, of the
// implementation named implName, whose in-place edits are edits: the
// edits when this run loaded the files they edit (the standalone front
// end), else nil.
func (c *checker) portFix(edits []edit.FileEdit, noun, implName string) []analysis.SuggestedFix {
	if len(edits) == 0 {
		return nil
	}
	out, ok := edit.Resolve(c.pass.Fset, edits)
	if !ok {
		return nil
	}
	return []analysis.SuggestedFix{{
		Message:   "Process the " + noun + " in " + implName + " in place of the hand-off to its workers",
		TextEdits: out,
	}}
}
