package handsoff

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// A method carrying a Fact may be made to process in place what it
// queues: the edits (Fact.Fix) replace its send by its workers' loop
// body, so that a position written as soon as it returns follows the
// processing (ordering's hand-off fix at the wiring, autocommit's commit
// or store placed after the call), and reword its doc comment when that
// says it queues (docFix). The workers stay, idle: other code may still
// send to them. The edits are computed from the
// method's package's own syntax and exported by file name and offsets
// (edit.FileEdit); a front end that has loaded those files (the
// standalone one) applies them, one that reads the package from export
// data (go vet) cannot.
//
// A method's edits are built when:
//
//   - its body makes one send outside function literals, on a field of
//     its receiver (s.queue), as a statement of its own or in a select
//     whose other cases only give up when a context is done
//     (edit.GivesUp), and starts no goroutine;
//   - the value sent is a variable, the address of one, or a struct
//     literal of plain reads (edit.PlainLiteral);
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

// queueFix returns the edits making method fd process in place what it
// queues (see the conditions above), or nil, and then why, when the
// reason is one a finding can name (a select of its workers doing more
// in another case), else ""; and whether its workers are a pool
// (pooled).
func queueFix(pass *analysis.Pass, fd *ast.FuncDecl) ([]edit.FileEdit, string, bool) {
	edits, why, loop := queueEdits(pass, fd)
	return edits, why, loop != nil && pooled(pass, loop)
}

// pooled reports whether several goroutines run the workers' loop: the
// function literal holding it is started by a go statement in a loop, or
// the function declaration holding it is started by go statements in a
// loop or by more than one.
func pooled(pass *analysis.Pass, loop *ast.RangeStmt) bool {
	path := edit.Path(pass, loop.Pos())
	for i, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			for _, m := range path[i+1:] {
				switch m.(type) {
				case *ast.ForStmt, *ast.RangeStmt:
					return true
				case *ast.FuncDecl, *ast.FuncLit:
					return false
				}
			}
			return false
		case *ast.FuncDecl:
			// One worker only when the function's one use is a go
			// statement of its own outside loops (go p.work()): any other
			// (a literal calling it, go statements in a loop, wg.Go(p.work))
			// may start several.
			fn := pass.TypesInfo.Defs[f.Name]
			uses, soleStart := 0, false
			for _, file := range pass.Files {
				var stack []ast.Node
				ast.Inspect(file, func(n ast.Node) bool {
					if n == nil {
						stack = stack[:len(stack)-1]
						return false
					}
					stack = append(stack, n)
					id, ok := n.(*ast.Ident)
					if !ok || pass.TypesInfo.Uses[id] != fn {
						return true
					}
					uses++
					// stack: ..., GoStmt, CallExpr, [SelectorExpr,] Ident
					i := len(stack) - 2
					if _, ok := stack[i].(*ast.SelectorExpr); ok {
						i--
					}
					if i >= 1 {
						if call, ok := stack[i].(*ast.CallExpr); ok {
							if g, ok := stack[i-1].(*ast.GoStmt); ok && g.Call == call {
								soleStart = !slices.ContainsFunc(stack[:i-1], func(m ast.Node) bool {
									switch m.(type) {
									case *ast.ForStmt, *ast.RangeStmt:
										return true
									}
									return false
								})
							}
						}
					}
					return true
				})
			}
			return uses != 1 || !soleStart
		}
	}
	return false
}

// queueEdits is queueFix's edits and reason, with the workers' loop.
func queueEdits(pass *analysis.Pass, fd *ast.FuncDecl) ([]edit.FileEdit, string, *ast.RangeStmt) {
	ss, recv, field := QueueSend(pass, fd)
	if ss == nil {
		return goLitEdits(pass, fd), "", nil
	}
	if !sentValue(pass, ss.Value) {
		return nil, "", nil
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
		return nil, "", nil
	}
	loop, x, works := FieldLoop(pass, field, recv)
	if loop == nil {
		return nil, "", loop
	}
	if works != nil {
		return nil, "its workers receive it in a select that also works on " + edit.Source(pass, works.Comm.(*ast.ExprStmt).X), loop
	}
	in := edit.InPlace{Send: ss, Target: target, Loop: loop, Subst: map[types.Object]string{x: recv.Name()}}
	lines, ok := in.Lines(pass)
	if !ok {
		return nil, "", loop
	}
	if only := len(fd.Body.List) == 1 && fd.Body.List[0] == target; only {
		lines = unwrapBlock(pass, fd, loop, lines)
	}
	tf := pass.Fset.File(target.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return nil, "", loop
	}
	line := func(p token.Pos) int { return tf.Line(p) }
	var start, end int
	var text string
	if line(fd.Body.Lbrace) == line(target.Pos()) || line(fd.Body.Rbrace) == line(target.End()) {
		// A body on the line of its braces: the body is rewritten, one
		// statement a line.
		if line(fd.Body.Lbrace) != line(fd.Body.Rbrace) || len(fd.Body.List) != 1 || fd.Body.List[0] != target {
			return nil, "", loop
		}
		indent := edit.Indent(pass, fd.Body.Lbrace)
		start, end = tf.Offset(fd.Body.Lbrace), tf.Offset(fd.Body.Rbrace)+1
		text = "{\n" + edit.IndentLines(strings.Join(lines, "\n"), indent+"\t") + "\n" + indent + "}"
	} else {
		// The statement's lines are replaced.
		start = tf.Offset(tf.LineStart(line(target.Pos())))
		if strings.TrimSpace(string(content[start:tf.Offset(target.Pos())])) != "" {
			return nil, "", loop // code before the statement on its line
		}
		end = tf.Offset(target.End())
		for end < len(content) && content[end] != '\n' {
			end++
		}
		if strings.TrimSpace(string(content[tf.Offset(target.End()):end])) != "" {
			return nil, "", loop // a comment after the statement
		}
		text = edit.IndentLines(strings.Join(lines, "\n"), edit.Indent(pass, target.Pos()))
	}
	edits := []edit.FileEdit{{File: tf.Name(), Size: tf.Size(), Start: start, End: end, Text: text}}
	if doc, ok := docFix(pass, fd, ss.Value); ok {
		edits = append([]edit.FileEdit{doc}, edits...)
	}
	return edits, "", loop
}

// goLitEdits returns the edits making fd, which starts a function
// literal in a goroutine (go func() { ... }(), one statement of its body
// and its only go statement) and sends nothing, run the literal's body in
// place of the go statement (audit 37b/D4: a handler's Send writing the
// mail in the background): none when the body returns or defers (that
// would end fd, not a goroutine), sends, selects or uses a channel (in
// place, a send may wait for a receiver that runs only after fd
// returns), or the go statement shares its lines.
// The body goes in a block of its own when a name it declares is already
// declared where the go statement is. A failure the body only logs is
// returned, where fd returns an error. None either when the method or
// the body takes a lock (the method may hold the body's).
func goLitEdits(pass *analysis.Pass, fd *ast.FuncDecl) []edit.FileEdit {
	var gos []*ast.GoStmt
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		if g, ok := n.(*ast.GoStmt); ok {
			gos = append(gos, g)
		}
		_, lit := n.(*ast.FuncLit)
		return !lit
	})
	if len(gos) != 1 || !slices.Contains(fd.Body.List, ast.Stmt(gos[0])) {
		return nil
	}
	g := gos[0]
	lit, ok := g.Call.Fun.(*ast.FuncLit)
	if !ok || len(g.Call.Args) > 0 || lit.Type.Params.NumFields() > 0 || len(lit.Body.List) == 0 {
		return nil
	}
	leaves := false
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if _, isChan := pass.TypesInfo.TypeOf(e).(*types.Chan); isChan {
				leaves = true // a channel sent on by a helper too (review 40-3/D4)
			}
		}
		switch n.(type) {
		case *ast.ReturnStmt, *ast.DeferStmt, *ast.SendStmt, *ast.SelectStmt:
			// (A send in place may wait for a receiver that runs
			// after the method returns: review 40-2/D2, a hang.)
			leaves = true
		case *ast.FuncLit:
			return false
		}
		return !leaves
	})
	if leaves || locks(fd.Body) {
		// A lock the method or its goroutine takes could be one the
		// method holds: in place, the goroutine's would wait for it
		// forever (review 37-1/D3).
		return nil
	}
	tf := pass.Fset.File(g.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return nil
	}
	first, last := lit.Body.List[0], lit.Body.List[len(lit.Body.List)-1]
	src := string(content[tf.Offset(first.Pos()):tf.Offset(last.End())])
	if ret, ok := failureReturn(pass, fd); ok {
		// A failure the goroutine only logged is returned once the work
		// runs in place: the caller handles it as the method's other
		// failures, instead of committing past it (audit 37b/D11).
		for i := len(lit.Body.List) - 1; i >= 0; i-- {
			ifs, ok := lit.Body.List[i].(*ast.IfStmt)
			if !ok || ifs.Else != nil || !loggedFailure(pass, ifs) {
				continue
			}
			at := tf.Offset(ifs.Body.Rbrace) - tf.Offset(first.Pos())
			src = src[:at] + "\t" + ret + "\n" + edit.Indent(pass, ifs.Pos()) + src[at:]
		}
	}
	lines, ok := edit.Dedent(pass, src, first.Pos())
	if !ok {
		return nil
	}
	if scope := pass.TypesInfo.Scopes[lit.Type]; scope != nil {
		for _, name := range scope.Names() {
			if _, obj := pass.TypesInfo.Scopes[fd.Type].Innermost(g.Pos()).LookupParent(name, g.Pos()); obj != nil {
				for i := range lines {
					lines[i] = "\t" + lines[i]
				}
				lines = append(append([]string{"{"}, lines...), "}")
				break
			}
		}
	}
	start := tf.Offset(tf.LineStart(tf.Line(g.Pos())))
	end := tf.Offset(g.End())
	for end < len(content) && content[end] != '\n' {
		end++
	}
	if strings.TrimSpace(string(content[start:tf.Offset(g.Pos())])) != "" || strings.TrimSpace(string(content[tf.Offset(g.End()):end])) != "" {
		return nil
	}
	edits := []edit.FileEdit{{File: tf.Name(), Size: tf.Size(), Start: start, End: end, Text: edit.IndentLines(strings.Join(lines, "\n"), edit.Indent(pass, g.Pos()))}}
	if doc, ok := docFix(pass, fd, nil); ok {
		edits = append([]edit.FileEdit{doc}, edits...)
	}
	return edits
}

// locks reports whether body calls a method named Lock or RLock (a
// mutex's).
func locks(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok && (sel.Sel.Name == "Lock" || sel.Sel.Name == "RLock") {
				found = true
			}
		}
		return !found
	})
	return found
}

// failureReturn returns the statement returning a failure err from fd
// (return err, with zero values before it), when fd's last result is an
// error.
func failureReturn(pass *analysis.Pass, fd *ast.FuncDecl) (string, bool) {
	fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if !ok {
		return "", false
	}
	sig := fn.Type().(*types.Signature)
	if !failsWithError(sig) {
		return "", false
	}
	zeros, ok := edit.LeadingZeros(pass, sig, edit.File(pass, fd.Pos()))
	return "return " + zeros + "err", ok
}

// loggedFailure reports whether ifs is `if err := f(...); err != nil`
// (or the check of an err assigned before) whose body only logs, with no
// return: a failure the goroutine's body logs and drops.
func loggedFailure(pass *analysis.Pass, ifs *ast.IfStmt) bool {
	be, ok := ast.Unparen(ifs.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	id, ok := ast.Unparen(be.X).(*ast.Ident)
	if !ok || id.Name != "err" || !countsOnly(pass.TypesInfo, ifs.Body.List) {
		return false
	}
	for _, st := range ifs.Body.List {
		if _, ret := st.(*ast.ReturnStmt); ret {
			return false
		}
	}
	return true
}

// queueWords are what a doc comment saying that the method queues says.
var queueWords = []string{"queue", "worker", "background", "async", "later", "channel", "hands ", "hand off", "hand-off", "handoff", "pool"}

// docFix returns the edit rewording fd's doc comment, when it says that
// the method queues what it is given (one of queueWords), which the
// method no longer does once it processes it in place: the new comment
// says that it processes it before it returns.
func docFix(pass *analysis.Pass, fd *ast.FuncDecl, sent ast.Expr) (edit.FileEdit, bool) {
	if fd.Doc == nil {
		return edit.FileEdit{}, false
	}
	text := strings.ToLower(fd.Doc.Text())
	queues := false
	for _, w := range queueWords {
		queues = queues || strings.Contains(text, w)
	}
	if !queues {
		return edit.FileEdit{}, false
	}
	what := "what it is given"
	if sent == nil {
		sent = &ast.BadExpr{}
	}
	if u, ok := ast.Unparen(sent).(*ast.UnaryExpr); ok && u.Op == token.AND {
		sent = u.X // &data
	}
	if id, ok := ast.Unparen(sent).(*ast.Ident); ok {
		if v, ok := pass.TypesInfo.Uses[id].(*types.Var); ok && fd.Type.Params != nil {
			for _, f := range fd.Type.Params.List {
				for _, n := range f.Names {
					if pass.TypesInfo.Defs[n] == v {
						what = n.Name
					}
				}
			}
		}
	}
	tf := pass.Fset.File(fd.Doc.Pos())
	indent := edit.Indent(pass, fd.Doc.Pos())
	words := strings.Fields(fd.Name.Name + " processes " + what + " before it returns, so that an offset its caller commits after the call follows the processing.")
	var lines []string
	line := "//"
	for _, w := range words {
		if len(line)+1+len(w) > 76 && line != "//" {
			lines = append(lines, line)
			line = "//"
		}
		line += " " + w
	}
	lines = append(lines, line)
	return edit.FileEdit{File: tf.Name(), Size: tf.Size(), Start: tf.Offset(fd.Doc.Pos()), End: tf.Offset(fd.Doc.End()), Text: strings.Join(lines, "\n"+indent)}, true
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
	return edit.PlainLiteral(pass, e)
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
