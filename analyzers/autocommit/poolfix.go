package autocommit

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// ---- a pool of workers made one, so that stores follow processing ----

// pool is a counted loop that starts identical workers: `for i := c; i <
// n; i++ { go worker() }` or `for range n { go worker() }`, or a loop
// that starts one per element of a collection (`for _, name := range
// names { go worker(name) }`, always stop: no bound to change). Its body may
// do more than start the worker (mixed): log, count, announce it. When it
// can also leave an iteration early, the one-worker fix depends on how:
// with returns and breaks only, the first iteration either leaves (as it
// did) or starts the worker, so the loop runs once (once); with a
// continue before the go statement (a worker skipped), the loop stops
// after the iteration that starts the first worker (stop).
type pool struct {
	loop  ast.Stmt
	body  *ast.BlockStmt
	v     types.Object   // the loop variable, or nil
	bound ast.Expr       // n
	first constant.Value // c, the loop variable's first value (nil for a range)
	mixed bool           // the body does more than the go statement and wg.Add(1)
	once  bool           // the body returns or breaks: the loop is kept, run once
	stop  bool           // the body continues before the go statement: break after it
	// after are the continues after the go statement: with stop, each
	// becomes a break (the iteration has started the worker).
	after []*ast.BranchStmt
}

// poolOf returns the pool whose body blk (in loop) holds the go statement
// gs, or nil when loop is no such pool.
func (c *checker) poolOf(gs *ast.GoStmt, blk, loop ast.Node) *pool {
	body, ok := blk.(*ast.BlockStmt)
	if !ok {
		return nil
	}
	var pl *pool
	switch l := loop.(type) {
	case *ast.ForStmt:
		if l.Body != body {
			return nil
		}
		init, ok1 := l.Init.(*ast.AssignStmt)
		cond, ok2 := ast.Unparen(l.Cond).(*ast.BinaryExpr)
		post, ok3 := l.Post.(*ast.IncDecStmt)
		if !ok1 || !ok2 || !ok3 || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || cond.Op != token.LSS || post.Tok != token.INC {
			return nil
		}
		id, ok := init.Lhs[0].(*ast.Ident)
		if !ok || c.pass.TypesInfo.Types[init.Rhs[0]].Value == nil {
			return nil
		}
		v := c.pass.TypesInfo.Defs[id]
		x, ok1 := ast.Unparen(cond.X).(*ast.Ident)
		y, ok2 := ast.Unparen(post.X).(*ast.Ident)
		if v == nil || !ok1 || !ok2 || c.pass.TypesInfo.Uses[x] != v || c.pass.TypesInfo.Uses[y] != v {
			return nil
		}
		pl = &pool{loop: l, body: body, v: v, bound: cond.Y, first: c.pass.TypesInfo.Types[init.Rhs[0]].Value}
	case *ast.RangeStmt:
		if l.Body != body {
			return nil
		}
		if overElements(c.pass.TypesInfo.TypeOf(l.X)) {
			// A worker per element (for _, name := range names): no
			// bound to make 1, so the loop stops after the first worker.
			_, after, sure := c.skipsWorker(body, gs)
			if !sure {
				return nil
			}
			return &pool{loop: l, body: body, mixed: true, stop: true, after: after}
		}
		if b, ok := c.pass.TypesInfo.TypeOf(l.X).Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 || l.Value != nil {
			return nil
		}
		pl = &pool{loop: l, body: body, bound: l.X}
		if id, ok := l.Key.(*ast.Ident); ok {
			pl.v = c.pass.TypesInfo.Defs[id]
		}
	default:
		return nil
	}
	for _, s := range body.List {
		if s != gs && !c.isAddOne(s) {
			pl.mixed = true
		}
	}
	if pl.mixed && leavesEarly(body) {
		cont, after, sure := c.skipsWorker(body, gs)
		if !sure {
			return nil
		}
		pl.once, pl.stop, pl.after = !cont, cont, after
	}
	return pl
}

// note is the Related message at the pool's loop: why one worker, and
// what becomes of the loop's other statements.
func (pl *pool) note() string {
	msg := "workers started here finish messages out of order: the fix keeps one, which stores each message after processing it, in order"
	switch {
	case pl.stop:
		msg += " (the loop stops once it has started that worker; the iterations before it skip as they did)"
	case pl.mixed:
		msg += " (the loop's other statements run once, for that worker)"
	}
	return msg
}

// overElements reports whether a range over a value of type t visits
// the elements of a finite collection: a slice, an array (or a pointer to
// one), a map.
func overElements(t types.Type) bool {
	if t == nil {
		return false
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
		if _, isArray := t.Underlying().(*types.Array); !isArray {
			return false
		}
	}
	switch t.Underlying().(type) {
	case *types.Slice, *types.Array, *types.Map:
		return true
	}
	return false
}

// skipsWorker reports whether body, which leaves some iteration early,
// does so with a continue of its own loop before the go statement gs
// (some iterations start no worker), and returns the continues after gs
// (gs is a statement of body, so these run once the iteration has
// started its worker: a fix that stops the loop there turns them into
// breaks). sure is false when the way it leaves is beyond the one-worker
// rewrites: a goto, a label, a labelled branch, or a continue after gs
// inside a switch or select (a break there would leave only that).
// Branches of loops nested in body, and of function literals, are not
// body's own.
func (c *checker) skipsWorker(body *ast.BlockStmt, gs *ast.GoStmt) (cont bool, after []*ast.BranchStmt, sure bool) {
	sure = true
	loopExits(body, func(s ast.Stmt, loops, switches int) bool {
		switch x := s.(type) {
		case *ast.LabeledStmt:
			sure = false
		case *ast.BranchStmt:
			switch {
			case x.Label != nil || x.Tok == token.GOTO:
				sure = false
			case x.Tok == token.CONTINUE && loops == 0:
				if x.Pos() > gs.Pos() {
					if switches > 0 {
						sure = false
					}
					after = append(after, x)
				} else {
					cont = true
				}
			}
		}
		return sure
	})
	return cont, after, sure
}

// loopExits walks body, the body of a loop (or of a case of a select in
// it), and gives visit each return, labelled statement and branch
// statement of it with the number of loops, and of switch, type switch
// and select statements, around it inside body. Function literals are
// not entered. The walk stops once visit returns false.
func loopExits(body ast.Node, visit func(s ast.Stmt, loops, switches int) bool) {
	stop := false
	var walk func(n ast.Node, loops, switches int)
	walk = func(n ast.Node, loops, switches int) {
		ast.Inspect(n, func(x ast.Node) bool {
			if stop {
				return false
			}
			switch x := x.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt:
				if x != n {
					walk(x.Body, loops+1, switches)
					return false
				}
			case *ast.RangeStmt:
				if x != n {
					walk(x.Body, loops+1, switches)
					return false
				}
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				if x != n {
					for _, part := range switchParts(x) {
						walk(part, loops, switches+1)
					}
					return false
				}
			case *ast.ReturnStmt, *ast.LabeledStmt, *ast.BranchStmt:
				stop = !visit(x.(ast.Stmt), loops, switches)
			}
			return !stop
		})
	}
	walk(body, 0, 0)
}

// switchParts returns the parts of a switch, type switch or select
// statement that hold statements: its init, its tag and its clauses.
func switchParts(n ast.Node) []ast.Node {
	var out []ast.Node
	add := func(x ast.Node) {
		if x != nil {
			out = append(out, x)
		}
	}
	switch s := n.(type) {
	case *ast.SwitchStmt:
		add(s.Init)
		add(s.Body)
	case *ast.TypeSwitchStmt:
		add(s.Init)
		add(s.Body)
	case *ast.SelectStmt:
		add(s.Body)
	}
	return out
}

// leavesEarly reports whether a statement of body (outside function
// literals) can end an iteration before its end, or the loop: a branch
// (break, continue, goto, a label) or a return. Such a body might skip
// the go statement in the one iteration a one-worker fix keeps.
func leavesEarly(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt, *ast.ReturnStmt, *ast.LabeledStmt:
			found = true
		}
		return !found
	})
	return found
}

// declaresAtTop reports whether a statement of list declares a name in
// the list's own scope, where it would clash with the enclosing block's
// names once the list replaces its loop.
func declaresAtTop(list []ast.Stmt) bool {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.DeclStmt:
			return true
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				return true
			}
		}
	}
	return false
}

// isAddOne reports whether s is wg.Add(1) on a sync.WaitGroup.
func (c *checker) isAddOne(s ast.Stmt) bool {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn := calleeOf(c.pass, call)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "sync" || fn.FullName() != "(*sync.WaitGroup).Add" {
		return false
	}
	v := c.pass.TypesInfo.Types[call.Args[0]].Value
	return v != nil && constant.Compare(v, token.EQL, constant.MakeInt64(1))
}

// oneWorker returns the edits (the store edits inside the pool among
// them) that make pool pl start one worker: the loop is replaced by its
// body, or, when the body uses the loop variable (or declares names), it
// runs once: its bound becomes 1 (c+1 for a loop variable starting at c).
// A mixed body runs once too: what it does beside starting the worker
// (an announcement, a counter) it does for the one worker.
func (c *checker) oneWorker(pl *pool, store []analysis.TextEdit) ([]analysis.TextEdit, bool) {
	usesVar := false
	if pl.v != nil {
		ast.Inspect(pl.body, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == pl.v {
				usesVar = true
			}
			return !usesVar
		})
	}
	if pl.stop {
		// The loop stops after the iteration that starts the worker;
		// the iterations before it skip, as they did. A continue after
		// the go statement stops it too.
		last := pl.body.List[len(pl.body.List)-1]
		for _, b := range pl.after {
			store = append(store, analysis.TextEdit{Pos: b.Pos(), End: b.End(), NewText: []byte("break")})
		}
		if b, ok := last.(*ast.BranchStmt); ok && b.Tok == token.CONTINUE {
			return store, true // the last statement, now a break
		}
		return append(store, edit.InsertAfter(c.pass, last, "break")), true
	}
	if usesVar || pl.once || declaresAtTop(pl.body.List) {
		one := "1"
		if pl.first != nil {
			v := constant.BinaryOp(pl.first, token.ADD, constant.MakeInt64(1))
			if v.Kind() != constant.Int {
				return nil, false
			}
			one = v.ExactString()
		}
		return append(store, analysis.TextEdit{Pos: pl.bound.Pos(), End: pl.bound.End(), NewText: []byte(one)}), true
	}
	list := pl.body.List
	first, last := list[0], list[len(list)-1]
	edits := []analysis.TextEdit{
		{Pos: pl.loop.Pos(), End: first.Pos()},
		{Pos: last.End(), End: pl.loop.End()},
	}
	// Dedent the body one level, the inserted store with it.
	tf := c.pass.Fset.File(pl.loop.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	outer, inner := edit.Indent(c.pass, pl.loop.Pos()), edit.Indent(c.pass, first.Pos())
	if err != nil || inner != outer+"\t" || hasRawNewline(pl.body) {
		return append(store, edits...), true // gofmt will indent it
	}
	for l := tf.Line(first.Pos()) + 1; l <= tf.Line(last.End()); l++ {
		ls := tf.LineStart(l)
		if off := tf.Offset(ls); off < len(content) && content[off] == '\t' && !overlaps(store, ls, ls+1) {
			edits = append(edits, analysis.TextEdit{Pos: ls, End: ls + 1})
		}
	}
	for i, e := range store {
		if e.Pos > pl.body.Lbrace && e.End < pl.body.Rbrace {
			store[i].NewText = []byte(strings.ReplaceAll(string(e.NewText), "\n"+inner, "\n"+outer))
		}
	}
	return append(store, edits...), true
}

// hasRawNewline reports whether n holds a raw string literal spanning
// lines, whose text a dedent would change.
func hasRawNewline(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if bl, ok := n.(*ast.BasicLit); ok && bl.Kind == token.STRING && strings.HasPrefix(bl.Value, "`") && strings.Contains(bl.Value, "\n") {
			found = true
		}
		return !found
	})
	return found
}

// overlaps reports whether an edit touches [pos, end).
func overlaps(edits []analysis.TextEdit, pos, end token.Pos) bool {
	for _, e := range edits {
		if e.Pos < end && (e.End > pos || e.Pos >= pos) {
			return true
		}
	}
	return false
}
