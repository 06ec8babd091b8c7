package autocommit

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/report"
)

// ---- a message that leaves the package, committed when the next is asked for ----
//
// A message the package hands to code out of its sight (returned by an
// exported method, by a method stored in an exported field, by ReadMessage
// taken as a value into one, or by the method that receives it from the
// channel it was queued on) is processed after any code of the package
// runs: no position call of the package can follow its processing. The
// fix keeps the message the function handed out last in a slot and
// commits (stores) it when the function is called again, before it hands
// out the next: a sequential caller asks for the next message once it has
// processed the previous one, which is the contract of Kafka's own
// poll-based auto-commit; a caller that stops at a failure never asks
// again, so the failed message is not committed and is replayed. A mutex
// guards the slot. Concurrent callers would commit each other's messages
// as early as the fetch that commits first does now: the finding's
// message says what the fix assumes.

// nextAskedNote is what the message of a finding fixed this way says the
// fix does (how: "fetch with FetchMessage and commit") and assumes; what
// names the position call (commit, store).
func nextAskedNote(how, what string) string {
	return fmt.Sprintf("; fix: %s each message when the next is asked for (a caller asking for the next message has processed the previous one, as with Kafka's poll-based auto-commit; one that stops at a failure never asks again, so that message is replayed; a mutex guards the message kept, and concurrent callers would %s each other's messages before they are processed, as now)", how, what)
}

// position is the call that writes a message's position, as the fix
// spells it where the message is next asked for.
type position struct {
	call    string // CommitMessages, StoreMessage
	ctx     bool   // it takes a context first
	offsets bool   // it returns the offsets before the error
	logOnly bool   // a failure is logged, never returned: a later store covers the message
	what    string // "commit offset", "store offset": the failure's log prefix
	done    string // "committed", "stored"
	inGroup string // the client's InGroup when the call must run in a group only
}

// kept is the comment on the slot.
func (p position) kept() string {
	return "the message handed out last, " + p.done + " when the next is asked for"
}

// text returns the call on the client expression cl for the message
// expression m, with ctx as its context, and fail as its failure's body.
func (p position) text(cl, ctx, m, fail string) string {
	args := m
	if p.ctx {
		args = ctx + ", " + m
	}
	lhs := "err"
	if p.offsets {
		lhs = "_, err"
	}
	return groupOnly(p.inGroup, cl, fmt.Sprintf("if %s := %s.%s(%s); err != nil {\n\t%s\n}", lhs, cl, p.call, args, fail))
}

// failure returns the body handling a failed position call in a function
// of signature sig declared in file f: the error returned with the zero
// values of the other results, or logged where sig returns no error (or
// the position call logs only).
func (c *checker) failure(p position, sig *types.Signature, f *ast.File) (string, []analysis.TextEdit, bool) {
	res := sig.Results()
	if !p.logOnly && res.Len() > 0 && isErrorType(res.At(res.Len()-1).Type()) {
		zeros, ok := edit.LeadingZeros(c.pass, sig, f)
		return "return " + zeros + "err", nil, ok
	}
	logged, imp := edit.LogErr(c.pass, f, p.what, "err")
	return logged, imp, true
}

// prevSlot is where the message handed out last is kept: prev and mu
// name the slot and the mutex guarding it where the handing-out function
// reads them (t.prev, t.prevMu), decl declares them. A slot of the
// package, for a function given the reader (kit.Next(ctx, r)), is a map
// indexed by the reader expression key, and last is the local the
// prologue takes the message out of it into: the lock is held around
// the map only, so that callers reading other readers do not wait.
type prevSlot struct {
	prev, mu  string
	decl      []analysis.TextEdit
	key, last string
}

// prologue is the start of the handing-out function: lock the slot, and
// write the position of the message it holds (pos, given the slot's
// expression), then empty it.
func (s prevSlot) prologue(pos func(prev string) string) string {
	if s.key != "" {
		return fmt.Sprintf("%s.Lock()\n%s := %s[%s]\ndelete(%s, %s)\n%s.Unlock()\nif %s != nil {\n\t%s\n}",
			s.mu, s.last, s.prev, s.key, s.prev, s.key, s.mu, s.last, strings.ReplaceAll(pos(s.last), "\n", "\n\t"))
	}
	return fmt.Sprintf("%s.Lock()\ndefer %s.Unlock()\nif %s != nil {\n\t%s\n\t%s = nil\n}",
		s.mu, s.mu, s.prev, strings.ReplaceAll(pos(s.prev), "\n", "\n\t"), s.prev)
}

// keep is the statement keeping the message at the address m in the
// slot.
func (s prevSlot) keep(m string) string {
	if s.key != "" {
		return fmt.Sprintf("%s.Lock()\n%s[%s] = %s\n%s.Unlock()", s.mu, s.prev, s.key, m, s.mu)
	}
	return s.prev + " = " + m
}

// fetchAndKeep is the body of a function returning the results of fetch
// (a call's source) as they are read: it keeps the message in the slot
// when the read succeeded; m and err are free names.
func (s prevSlot) fetchAndKeep(fetch, m, err string) string {
	return fmt.Sprintf("%s, %s := %s\nif %s == nil {\n\t%s\n}\nreturn %s, %s", m, err, fetch, err, strings.ReplaceAll(s.keep("&"+m), "\n", "\n\t"), m, err)
}

// funcSlot returns the slot of the function fd given the reader it reads
// as its parameter reader (never assigned in it): package variables
// declared before fd, a map from readers to a value of type elem and its
// mutex.
func (c *checker) funcSlot(fd *ast.FuncDecl, elem types.Type, reader ast.Expr) (prevSlot, bool) {
	id, ok := ast.Unparen(reader).(*ast.Ident)
	if !ok || fd.Body == nil {
		return prevSlot{}, false
	}
	v, _ := c.pass.TypesInfo.Uses[id].(*types.Var)
	if v == nil || !c.paramOf(fd, v) || assigns(c.pass.TypesInfo, fd.Body, v) {
		return prevSlot{}, false
	}
	file := edit.File(c.pass, fd.Pos())
	rt, ok := c.typeIn(v.Type(), file)
	et, ok2 := c.typeIn(elem, file)
	if !ok || !ok2 {
		return prevSlot{}, false
	}
	start := fd.Body.Lbrace + 1
	// Free where the function uses them and in the package, with the
	// same numeric suffix.
	base := strings.ToLower(fd.Name.Name[:1]) + fd.Name.Name[1:] + "Prev"
	prev := base
	for i := 2; edit.FreeName(c.pass, start, prev) != prev || edit.FreeName(c.pass, id.Pos(), prev) != prev ||
		edit.FreeName(c.pass, start, prev+"Mu") != prev+"Mu" || edit.FreeName(c.pass, id.Pos(), prev+"Mu") != prev+"Mu"; i++ {
		prev = base + strconv.Itoa(i)
	}
	mu := prev + "Mu"
	syncName, imp := edit.Import(c.pass, file, "sync")
	at := fd.Pos()
	if fd.Doc != nil {
		at = fd.Doc.Pos()
	}
	decl := fmt.Sprintf("// %s holds, for each reader, the message %s handed out last, committed when the next is asked for.\nvar (\n\t%s %s.Mutex // guards %s\n\t%s = map[%s]%s{}\n)\n\n",
		prev, fd.Name.Name, mu, syncName, prev, prev, rt, et)
	return prevSlot{prev: prev, mu: mu, key: id.Name, last: edit.FreeName(c.pass, start, "last"),
		decl: append(imp, analysis.TextEdit{Pos: at, End: at, NewText: []byte(decl)})}, true
}

// paramOf reports whether v is a parameter of fd.
func (c *checker) paramOf(fd *ast.FuncDecl, v *types.Var) bool {
	for _, f := range fd.Type.Params.List {
		for _, n := range f.Names {
			if c.pass.TypesInfo.Defs[n] == v {
				return true
			}
		}
	}
	return false
}

// assigns reports whether body assigns v, or takes its address.
func assigns(info *types.Info, body ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for _, l := range n.Lhs {
				if id, ok := ast.Unparen(l).(*ast.Ident); ok && info.Uses[id] == v {
					found = true
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(n.X).(*ast.Ident); ok && n.Op == token.AND && info.Uses[id] == v {
				found = true
			}
		}
		return !found
	})
	return found
}

// fieldSlot returns the slot of the method fd: fields of the struct its
// pointer receiver points to, holding a value of type elem.
func (c *checker) fieldSlot(fd *ast.FuncDecl, elem types.Type, p position) (prevSlot, bool) {
	recv, named, ok := c.pointerReceiver(fd)
	if !ok {
		return prevSlot{}, false
	}
	st, file, ok := c.structDecl(named, true)
	if !ok {
		return prevSlot{}, false
	}
	et, ok := c.typeIn(elem, file)
	if !ok {
		return prevSlot{}, false
	}
	prev := freeField(named, "prev")
	mu := freeField(named, prev+"Mu")
	syncName, imp := edit.Import(c.pass, file, "sync")
	add, ok := c.addFields(st, []string{
		fmt.Sprintf("%s %s.Mutex // guards %s", mu, syncName, prev),
		fmt.Sprintf("%s %s // %s", prev, et, p.kept()),
	})
	if !ok {
		return prevSlot{}, false
	}
	return prevSlot{prev: recv + "." + prev, mu: recv + "." + mu, decl: append(imp, add)}, true
}

// pointerReceiver returns the name of fd's receiver and the named type it
// points to: a non-generic struct of the package.
func (c *checker) pointerReceiver(fd *ast.FuncDecl) (string, *types.Named, bool) {
	if fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 || fd.Recv.List[0].Names[0].Name == "_" {
		return "", nil, false
	}
	v := c.pass.TypesInfo.Defs[fd.Recv.List[0].Names[0]]
	if v == nil {
		return "", nil, false
	}
	ptr, ok := types.Unalias(v.Type()).(*types.Pointer)
	if !ok {
		return "", nil, false
	}
	named, ok := types.Unalias(ptr.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() != c.pass.Pkg || named.TypeParams().Len() > 0 {
		return "", nil, false
	}
	return v.Name(), named, true
}

// structDecl returns the struct type declaring named, and its file, when
// the fix may add fields to it: no literal of the package leaves its
// fields unkeyed and, with guarded (a mutex is added), every method has
// a pointer receiver (a value receiver would copy the mutex).
func (c *checker) structDecl(named *types.Named, guarded bool) (*ast.StructType, *ast.File, bool) {
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil, nil, false
	}
	if guarded {
		for i := 0; i < named.NumMethods(); i++ {
			if _, ptr := named.Method(i).Type().(*types.Signature).Recv().Type().(*types.Pointer); !ptr {
				return nil, nil, false
			}
		}
	}
	var st *ast.StructType
	for _, n := range edit.Path(c.pass, named.Obj().Pos()) {
		if ts, ok := n.(*ast.TypeSpec); ok {
			st, _ = ts.Type.(*ast.StructType)
			break
		}
	}
	if st == nil {
		return nil, nil, false
	}
	unkeyed := false
	for _, f := range c.pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if cl, ok := n.(*ast.CompositeLit); ok && len(cl.Elts) > 0 && types.Identical(c.pass.TypesInfo.TypeOf(cl), named) {
				if _, kv := cl.Elts[0].(*ast.KeyValueExpr); !kv {
					unkeyed = true
				}
			}
			return !unkeyed
		})
	}
	return st, edit.File(c.pass, st.Pos()), !unkeyed
}

// freeField returns base, or base with a numeric suffix, naming no field
// or method of named.
func freeField(named *types.Named, base string) string {
	cand := base
	for i := 2; ; i++ {
		if obj, _, _ := types.LookupFieldOrMethod(named, true, named.Obj().Pkg(), cand); obj == nil {
			return cand
		}
		cand = base + strconv.Itoa(i)
	}
}

// addFields returns the edit appending fields (one declaration a line)
// to the struct st; a struct written on one line is laid out on several.
func (c *checker) addFields(st *ast.StructType, fields []string) (analysis.TextEdit, bool) {
	open, closing := st.Fields.Opening, st.Fields.Closing
	if !open.IsValid() || !closing.IsValid() {
		return analysis.TextEdit{}, false
	}
	indent := edit.Indent(c.pass, st.Pos())
	lines := strings.Join(fields, "\n"+indent+"\t")
	if c.pass.Fset.Position(open).Line == c.pass.Fset.Position(closing).Line {
		var b strings.Builder
		for _, f := range st.Fields.List {
			var names []string
			for _, n := range f.Names {
				names = append(names, n.Name)
			}
			decl := strings.TrimSpace(strings.Join(names, ", ") + " " + edit.Source(c.pass, f.Type))
			if f.Tag != nil {
				decl += " " + f.Tag.Value
			}
			b.WriteString("\n" + indent + "\t" + decl)
		}
		return analysis.TextEdit{Pos: open + 1, End: closing, NewText: []byte(b.String() + "\n" + indent + "\t" + lines + "\n" + indent)}, true
	}
	return analysis.TextEdit{Pos: closing, End: closing, NewText: []byte("\t" + lines + "\n" + indent)}, true
}

// handedOutInOrder reports whether each use of the function fn in the
// package either hands it out of the package (stored in an exported
// field, returned) or is a call whose result its caller processes in
// place, before asking for the next (a `v, err :=` statement whose list
// processes v), as is every call of such an exported field in the
// package: the callers the package shows are sequential. No use is in a
// go or defer statement.
func (c *checker) handedOutInOrder(fn *types.Func) bool {
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != fn {
			continue
		}
		if !c.sequentialUse(id) {
			return false
		}
	}
	return true
}

// sequentialUse is handedOutInOrder for the use id of a function.
func (c *checker) sequentialUse(id *ast.Ident) bool {
	path := edit.Path(c.pass, id.Pos())
	if slices.ContainsFunc(path, isGoOrDefer) {
		return false // concurrent callers, or one after the processing
	}
	e, i := namingExpr(path, id)
	if i+1 >= len(path) {
		return false
	}
	switch p := path[i+1].(type) {
	case *ast.CallExpr:
		if p.Fun != e {
			return false
		}
		_, _, _, ok := c.processedAssign(path[i+1:], p)
		return ok
	case *ast.KeyValueExpr:
		k, ok := p.Key.(*ast.Ident)
		if !ok || p.Value != e || !ast.IsExported(k.Name) {
			return false
		}
		f, _ := c.pass.TypesInfo.Uses[k].(*types.Var)
		return f != nil && f.IsField() && c.fieldCalledInOrder(f)
	case *ast.AssignStmt:
		for j, r := range p.Rhs {
			if r == e && j < len(p.Lhs) {
				if f := fieldOf(c.pass, p.Lhs[j]); f != nil && f.Exported() {
					return c.fieldCalledInOrder(f)
				}
			}
		}
		return false
	case *ast.ReturnStmt:
		return true
	}
	return false
}

// nextAskedCause says why the fix committing each message when the next
// is asked for is not built for the function around path, in the first
// terms that apply, or "".
func (c *checker) nextAskedCause(path []ast.Node) string {
	fd, ok := enclosingDecl(path)
	if !ok {
		return ""
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	if fn != nil && !c.handedOutInOrder(fn) {
		return fmt.Sprintf("; nor is a commit when the next message is asked for: a use of %s in the package is no call processing the message in place before it asks again (a go or defer statement, a hand-off), so asking again would not mean the previous message was processed", fn.Name())
	}
	_, named, ok := c.pointerReceiver(fd)
	if !ok {
		return fmt.Sprintf("; nor is a commit when the next message is asked for: %s is no method with a pointer receiver of a struct of the package, nor a function given the reader as a parameter it keeps, where the message handed out last could be kept", fd.Name.Name)
	}
	if _, _, ok := c.structDecl(named, true); !ok {
		return fmt.Sprintf("; nor is a commit when the next message is asked for: %s has a method with a value receiver (it would copy the mutex guarding the message kept) or a literal without keys", named.Obj().Name())
	}
	return ""
}

// isGoOrDefer reports whether n is a go or defer statement.
func isGoOrDefer(n ast.Node) bool {
	switch n.(type) {
	case *ast.GoStmt, *ast.DeferStmt:
		return true
	}
	return false
}

// fieldCalledInOrder reports whether every call of the function-typed
// field f in the package processes its result in place.
func (c *checker) fieldCalledInOrder(f *types.Var) bool {
	for id, obj := range c.pass.TypesInfo.Uses {
		if obj != f {
			continue
		}
		path := edit.Path(c.pass, id.Pos())
		if len(path) < 3 {
			continue
		}
		sel, ok := path[1].(*ast.SelectorExpr)
		if !ok || sel.Sel != id {
			continue
		}
		if call, ok := path[2].(*ast.CallExpr); ok && call.Fun == sel {
			if _, _, _, ok := c.processedAssign(path[2:], call); !ok || slices.ContainsFunc(path, isGoOrDefer) {
				return false
			}
		}
	}
	return true
}

// ---- the shapes ----

// returnedWhenNextAsked returns the edits for a method returning the
// fetch's results as they are read (return t.r.ReadMessage(ctx)), out of
// the package or to callers the package shows are sequential: the method
// fetches without committing, keeps the message it returns, and commits
// it when it is called again.
func (c *checker) returnedWhenNextAsked(path []ast.Node, ret *ast.ReturnStmt, call *ast.CallExpr, sel *ast.SelectorExpr, fetch string, p position) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	sig, _ := c.pass.TypesInfo.TypeOf(call).(*types.Tuple)
	if fn == nil || sig == nil || sig.Len() != 2 || !c.handedOutInOrder(fn) {
		return nil, false
	}
	if rets, ok := ownReturns(fd.Body, 1); !ok || len(rets) != 1 || rets[0] != ret {
		return nil, false
	}
	slot, ok := c.fieldSlot(fd, types.NewPointer(sig.At(0).Type()), p)
	if !ok {
		slot, ok = c.funcSlot(fd, types.NewPointer(sig.At(0).Type()), sel.X)
	}
	if !ok {
		return nil, false
	}
	start := fd.Body.Lbrace + 1
	if !c.rootVisibleAt(sel.X, start) || !c.rootVisibleAt(edit.LiveContext(c.pass, call.Args[0]), start) {
		return nil, false
	}
	file := edit.File(c.pass, fd.Pos())
	fail, imp, ok := c.failure(p, fn.Type().(*types.Signature), file)
	if !ok {
		return nil, false
	}
	reader, ctx := edit.Source(c.pass, sel.X), edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0]))
	m, errName := edit.FreeName(c.pass, ret.Pos(), "m"), edit.FreeName(c.pass, ret.Pos(), "err")
	indent := edit.Indent(c.pass, ret.Pos())
	body := slot.fetchAndKeep(reader+"."+fetch+"("+ctx+")", m, errName)
	pro := slot.prologue(func(prev string) string { return p.text(reader, ctx, "*"+prev, fail) })
	text := strings.ReplaceAll(pro+"\n"+body, "\n", "\n"+indent)
	edits := append(append(slot.decl, imp...), analysis.TextEdit{Pos: ret.Pos(), End: ret.End(), NewText: []byte(text)})
	if fd.Body.List[0] != ret {
		pe, ok := edit.PrependToBody(c.pass, fd.Body, pro)
		if !ok {
			return nil, false
		}
		edits[len(edits)-1].NewText = []byte(strings.ReplaceAll(body, "\n", "\n"+indent))
		edits = append(edits, pe)
	}
	return edits, true
}

// leavesWhenNextAsked returns the edits for a method that fetches with
// `m, err :=`, leaves when err is not nil and returns the message or what
// it decoded from it, out of the package or to callers the package shows
// are sequential: the method fetches without committing, keeps the
// message once the read succeeded, and commits it when it is called
// again.
func (c *checker) leavesWhenNextAsked(path []ast.Node, as *ast.AssignStmt, call *ast.CallExpr, sel *ast.SelectorExpr, msg *ast.Ident, fetch string, p position) ([]analysis.TextEdit, bool) {
	fd, ok := enclosingDecl(path)
	if !ok || as.Tok != token.DEFINE || len(call.Args) != 1 {
		return nil, false
	}
	fn, _ := c.pass.TypesInfo.Defs[fd.Name].(*types.Func)
	mv := c.pass.TypesInfo.Defs[msg]
	if fn == nil || mv == nil || !c.handedOutInOrder(fn) {
		return nil, false
	}
	_, listp := edit.Stmt(pathTo(path, as))
	if listp == nil {
		return nil, false
	}
	check, ok := c.checkAfter(*listp, as).(*ast.IfStmt)
	if !ok || check.Init != nil || check.Else != nil || !isErrCheck(check.Cond) || !noreturn.Of(c.pass).EndsWithLeave(check.Body.List) {
		return nil, false
	}
	slot, ok := c.fieldSlot(fd, types.NewPointer(mv.Type()), p)
	if !ok {
		slot, ok = c.funcSlot(fd, types.NewPointer(mv.Type()), sel.X)
	}
	if !ok {
		return nil, false
	}
	start := fd.Body.Lbrace + 1
	if !c.rootVisibleAt(sel.X, start) || !c.rootVisibleAt(edit.LiveContext(c.pass, call.Args[0]), start) {
		return nil, false
	}
	fail, imp, ok := c.failure(p, fn.Type().(*types.Signature), edit.File(c.pass, fd.Pos()))
	if !ok {
		return nil, false
	}
	reader, ctx := edit.Source(c.pass, sel.X), edit.Source(c.pass, edit.LiveContext(c.pass, call.Args[0]))
	pe, ok := edit.PrependToBody(c.pass, fd.Body, slot.prologue(func(prev string) string { return p.text(reader, ctx, "*"+prev, fail) }))
	if !ok {
		return nil, false
	}
	return append(append(slot.decl, imp...),
		analysis.TextEdit{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte(fetch)},
		edit.InsertAfter(c.pass, check, slot.keep("&"+msg.Name)),
		pe), true
}

// nextAskedTitle is the title of a fix that commits each message when the
// next is asked for.
func nextAskedTitle(fetch string) string {
	return fmt.Sprintf("Fetch with %s and commit each message when the next is asked for", fetch)
}

// kafkaCommit is the position call commit (kafka-go's CommitMessages:
// a context, then the messages; synchronous with the default
// CommitInterval), its failure returned where the function returns an
// error, as the fetch that committed first returned it.
func (c *checker) kafkaCommit(commit string) position {
	return position{call: commit, ctx: true, what: "commit offset", done: "committed", inGroup: c.inGroup}
}

// valueWhenNextAsked returns the edits for the method value v of a fetch
// that commits first (&Source{Next: r.ReadMessage}), stored in an exported
// field whose calls in the package process their message in place: a
// function literal declared before the statement takes its place, which
// fetches without committing, keeps the message it returns in variables
// it captures, and commits it when it is called again. The reader is a
// local variable the function does not assign again.
func (c *checker) valueWhenNextAsked(v methodValue, fetch string, p position) ([]analysis.TextEdit, bool) {
	path, expr, parent := c.valuePlace(v)
	if parent == nil {
		return nil, false
	}
	var field *types.Var
	switch x := parent.(type) {
	case *ast.KeyValueExpr:
		if k, ok := x.Key.(*ast.Ident); ok && x.Value == expr {
			field, _ = c.pass.TypesInfo.Uses[k].(*types.Var)
		}
	case *ast.AssignStmt:
		for j, r := range x.Rhs {
			if r == expr && j < len(x.Lhs) {
				field = fieldOf(c.pass, x.Lhs[j])
			}
		}
	}
	if field == nil || !field.IsField() || !field.Exported() || !c.fieldCalledInOrder(field) {
		return nil, false
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp == nil {
		return nil, false
	}
	// The reader: a local variable, not assigned after the statement
	// (the literal reads it when called).
	rid, ok := ast.Unparen(v.sel.X).(*ast.Ident)
	rv, _ := c.pass.TypesInfo.Uses[rid].(*types.Var)
	if !ok || rv == nil || rv.Parent() == c.pass.Pkg.Scope() || rv.Parent() == nil || edit.AssignedIn(c.pass, stmt, rv) {
		return nil, false
	}
	for _, s := range after(*listp, stmt) {
		if edit.AssignedIn(c.pass, s, rv) {
			return nil, false
		}
	}
	sig := v.fn.Type().(*types.Signature)
	if sig.Params().Len() != 1 || sig.Results().Len() != 2 || sig.Variadic() {
		return nil, false
	}
	file := edit.File(c.pass, stmt.Pos())
	ctxType, ok1 := c.typeIn(sig.Params().At(0).Type(), file)
	msgType, ok2 := c.typeIn(sig.Results().At(0).Type(), file)
	errType, ok3 := c.typeIn(sig.Results().At(1).Type(), file)
	if !ok1 || !ok2 || !ok3 {
		return nil, false
	}
	// Names inside the literal must not hide the reader.
	reader := rid.Name
	if reader == "ctx" || reader == "m" || reader == "err" {
		return nil, false
	}
	at := stmt.Pos()
	prev := edit.FreeName(c.pass, at, "prev")
	mu := edit.FreeName(c.pass, at, prev+"Mu")
	name := edit.FreeName(c.pass, at, report.LowerFirst(field.Name()))
	if prev == reader || mu == reader || name == reader {
		return nil, false
	}
	syncName, imp := edit.Import(c.pass, file, "sync")
	slot := prevSlot{prev: prev, mu: mu}
	zero, ok := edit.ZeroValue(c.pass, sig.Results().At(0).Type(), file)
	if !ok || !isErrorType(sig.Results().At(1).Type()) {
		return nil, false
	}
	fail := "return " + zero + ", err"
	pro := slot.prologue(func(prev string) string { return p.text(reader, "ctx", "*"+prev, fail) })
	lit := fmt.Sprintf("var (\n\t%s %s.Mutex // guards %s\n\t%s *%s // %s\n)\n%s := func(ctx %s) (%s, %s) {\n\t%s\n\t%s\n}",
		mu, syncName, prev, prev, msgType, p.kept(), name, ctxType, msgType, errType,
		strings.ReplaceAll(pro, "\n", "\n\t"),
		strings.ReplaceAll(slot.fetchAndKeep(reader+"."+fetch+"(ctx)", "m", "err"), "\n", "\n\t"))
	edits := append(imp,
		edit.InsertBefore(c.pass, stmt, lit),
		analysis.TextEdit{Pos: v.sel.Pos(), End: v.sel.End(), NewText: []byte(name)})
	return edits, true
}

// sharedWith returns a consumer other than k that the fix does not take
// (ok false) and that the code the fix changes also reads from: one whose
// calls include f (a method of the package reading through a field), or
// one stored in the field the reader expression of f selects (reader,
// s.r: every value the package stores in that field, &source{r:
// kafka.NewReader(...)}, directly or through a variable it declares).
// The position call the fix adds would run on it too; for kafka-go a
// reader outside any group, on which CommitMessages fails. unknown is
// true when a value stored in the field is no consumer the package
// builds.
func (c *checker) sharedWith(k *consumer.Consumer, f *consumer.Call, reader ast.Expr, ok func(o *consumer.Consumer) bool) (other *consumer.Consumer, unknown bool) {
	for _, o := range c.m.Consumers {
		for _, call := range o.Calls {
			if o != k && call.Pos() == f.Pos() && !ok(o) {
				return o, false
			}
		}
	}
	field := fieldOf(c.pass, reader)
	if field == nil {
		return nil, false
	}
	for _, v := range c.storedIn(field) {
		built := false
		for _, o := range c.m.Consumers {
			if o.Site == nil || o.Site.Pos() < v.Pos() || o.Site.Pos() >= v.End() {
				continue
			}
			built = true
			if o != k && !ok(o) {
				return o, false
			}
		}
		if !built {
			return nil, true
		}
	}
	return nil, false
}

// storedIn returns the expressions the package stores in the field f (a
// key of a struct literal, the right side of an assignment), each
// replaced, when it names a local variable, by the expression that
// variable is declared with.
func (c *checker) storedIn(f *types.Var) []ast.Expr {
	var out []ast.Expr
	add := func(e ast.Expr) {
		if id, ok := ast.Unparen(e).(*ast.Ident); ok {
			if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
				if _, d := c.declaration(v); d != nil {
					e = d
				}
			}
		}
		out = append(out, e)
	}
	for _, file := range c.pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && c.pass.TypesInfo.Uses[k] == f {
					add(n.Value)
				}
			case *ast.AssignStmt:
				for i, l := range n.Lhs {
					if fieldOf(c.pass, l) == f && len(n.Rhs) == len(n.Lhs) {
						add(n.Rhs[i])
					}
				}
			}
			return true
		})
	}
	return out
}

// declaration returns the statement declaring the variable v (v := e,
// var v = e) and the expression it is declared with (e; a call of
// several results for each of their variables), or nils.
func (c *checker) declaration(v *types.Var) (ast.Stmt, ast.Expr) {
	path := edit.Path(c.pass, v.Pos())
	for i, n := range path {
		switch d := n.(type) {
		case *ast.AssignStmt:
			for j, l := range d.Lhs {
				if id, ok := l.(*ast.Ident); !ok || c.pass.TypesInfo.Defs[id] != v {
					continue
				}
				if len(d.Rhs) == 1 {
					return d, d.Rhs[0] // c, err := kafka.NewConsumer(...)
				}
				if len(d.Rhs) == len(d.Lhs) {
					return d, d.Rhs[j]
				}
			}
			return nil, nil
		case *ast.ValueSpec:
			for j, id := range d.Names {
				if c.pass.TypesInfo.Defs[id] == v && j < len(d.Values) && i+2 < len(path) {
					if ds, ok := path[i+2].(*ast.DeclStmt); ok {
						return ds, d.Values[j]
					}
				}
			}
			return nil, nil
		}
	}
	return nil, nil
}

// commitsOn reports whether the fetch f commits first on consumer o (a
// group reader), where a commit the fix adds works too.
func commitsOn(f *consumer.Call) func(o *consumer.Consumer) bool {
	return func(o *consumer.Consumer) bool {
		on, known := o.Settings.Get(o.Client, f.NeedsSetting)
		return known && on == f.NeedsValue
	}
}

// sharedNote says why a read shared with the consumer o (nil: a reader
// out of sight) gets no fix that commits when the next message is asked
// for.
func (c *checker) sharedNote(o *consumer.Consumer, commit string) string {
	return fmt.Sprintf("; %s, where a %s the fix would add fails", c.sharedReader(o), commit)
}

// sharedReader says which other reader a read serves: the consumer o, or
// (nil) one out of sight.
func (c *checker) sharedReader(o *consumer.Consumer) string {
	if o == nil || o.Site == nil {
		return "the same read may serve a reader out of sight, maybe outside any group"
	}
	return fmt.Sprintf("the same read serves the reader created at line %d, outside any group", c.pass.Fset.Position(o.Site.Pos()).Line)
}
