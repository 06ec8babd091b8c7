package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- join, then write the batch's positions ----

// stmtForm is how the position call appears in the goroutine.
type stmtForm int

const (
	formExpr   stmtForm = iota + 1 // CALL
	formIf                         // if err := CALL; err != nil { ... }
	formReturn                     // return CALL (errgroup functions)
)

// batch is a per-record launch inside a loop over a batch of records.
type batch struct {
	loop ast.Stmt   // the range statement, or the statement calling the per-record callback
	src  string     // the batch expression: the ranged slice, or fetches.Records()
	list []ast.Stmt // the statement list holding loop
	idx  int        // loop's index in list
}

// batchFix moves the position call out of a per-record goroutine (or
// errgroup function) to after the join of the batch's goroutines, writing
// the position of every record of the batch: one variadic call when the
// client takes records variadically, else a loop in batch order.
func (c *checker) batchFix(f *finding) (analysis.SuggestedFix, bool) {
	l := f.site.l
	if l.mc == nil || f.call.Fn != l.fn || isTryGo(l) {
		// TryGo skips records when the group is full: the batch's
		// positions written after Wait would pass them.
		return analysis.SuggestedFix{}, false
	}
	lit, ok := l.fn.Syntax().(*ast.FuncLit)
	if !ok {
		return analysis.SuggestedFix{}, false
	}
	ce, path := edit.CallAt(c.pass, f.call.Pos())
	if ce == nil || f.call.Record >= len(ce.Args) {
		return analysis.SuggestedFix{}, false
	}
	stmt, listp := edit.Stmt(path)
	if stmt == nil || listp != &lit.Body.List {
		return analysis.SuggestedFix{}, false
	}
	form := c.form(stmt, ce)
	if form == 0 || form == formReturn && !l.group {
		return analysis.SuggestedFix{}, false
	}
	if !c.alwaysWrites(f, l) {
		return analysis.SuggestedFix{}, false
	}
	// The statement may use only the record and what is visible outside
	// the goroutine.
	uses := c.usesIn(stmt)
	var inner []types.Object
	for _, obj := range uses {
		if lit.Pos() <= obj.Pos() && obj.Pos() < lit.End() {
			inner = append(inner, obj)
		}
	}
	var v, u types.Object // v: the record in the statement; u: in the loop
	switch len(inner) {
	case 0:
		for _, obj := range uses {
			if c.isRecord(obj.Type()) {
				if v != nil {
					return analysis.SuggestedFix{}, false
				}
				v = obj
			}
		}
		u = v
	case 1:
		v = inner[0]
		idx := paramPos(c.pass, lit, v)
		gs := goStmtAt(c.pass, l.instr.Pos())
		if idx < 0 || gs == nil || idx >= len(gs.Call.Args) {
			return analysis.SuggestedFix{}, false
		}
		id, ok := ast.Unparen(gs.Call.Args[idx]).(*ast.Ident)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		u = c.pass.TypesInfo.Uses[id]
	default:
		return analysis.SuggestedFix{}, false
	}
	if v == nil || u == nil || !types.Identical(v.Type(), u.Type()) {
		return analysis.SuggestedFix{}, false
	}
	// errgroup.WithContext's context is canceled once Wait returns: after
	// it, a commit takes the context the group's was made from.
	var groupCtx types.Object
	for _, obj := range uses {
		if c.fromErrgroupContext(obj) {
			if !l.group || groupCtx != nil {
				return analysis.SuggestedFix{}, false
			}
			groupCtx = obj
		}
	}
	launchStmt := c.launchStmt(l)
	if launchStmt == nil {
		return analysis.SuggestedFix{}, false
	}
	b := c.batchOf(launchStmt, lit, u)
	if b == nil {
		return analysis.SuggestedFix{}, false
	}
	name := clientmodel.ShortName(f.call.Func)
	file := edit.File(c.pass, stmt.Pos())
	sig, _ := c.pass.TypesInfo.TypeOf(ce.Fun).(*types.Signature)
	if sig == nil {
		return analysis.SuggestedFix{}, false
	}
	recArg := ce.Args[f.call.Record]
	variadic := sig.Variadic() && f.call.Record == sig.Params().Len()-1 && len(ce.Args) == f.call.Record+1 &&
		!ce.Ellipsis.IsValid() && c.isIdentOf(recArg, v)
	var edits []analysis.TextEdit
	var insertAfter ast.Stmt
	var text, title string
	if l.group {
		wait, body, waitErr, waitText := c.groupWait(b, l)
		if wait == nil {
			return analysis.SuggestedFix{}, false
		}
		var extra []replacement
		if groupCtx != nil {
			parent, ok := c.errgroupParent(groupCtx, wait.Pos())
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			extra = c.identReplacements(ce, groupCtx, parent)
		}
		callText, ok := c.substitute(ce, v, recArg, variadic, b.src, extra)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		core, ok := c.checked(sig, callText, waitErr, c.sourceOfList(body))
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if variadic && c.count(ce, v) == 1 {
			text = core
		} else {
			if _, jump, top := branches(body); jump || top {
				return analysis.SuggestedFix{}, false // the loop would capture its break or continue
			}
			text = fmt.Sprintf("for _, %s := range %s {\n%s\n}", v.Name(), b.src, indentText(core))
		}
		insertAfter = wait
		switch form {
		case formReturn:
			edits = append(edits, analysis.TextEdit{Pos: ce.Pos(), End: ce.End(), NewText: []byte("nil")})
		default:
			e, ok := edit.RemoveStmt(c.pass, stmt)
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits = append(edits, e)
		}
		title = fmt.Sprintf("Move %s after %s, for the whole batch", name, waitText)
	} else {
		if ret, jump, _ := branches(stmt); form == formIf && (ret || jump) {
			return analysis.SuggestedFix{}, false // its error handling leaves the goroutine
		}
		stmtText, ok := c.stmtText(stmt, recArg, variadic && c.count(stmt, v) == 1, b.src)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		if variadic && c.count(stmt, v) == 1 {
			text = stmtText
		} else {
			text = fmt.Sprintf("for _, %s := range %s {\n%s\n}", v.Name(), b.src, indentText(stmtText))
		}
		e, ok := edit.RemoveStmt(c.pass, stmt)
		if !ok {
			return analysis.SuggestedFix{}, false
		}
		edits = append(edits, e)
		wait := c.wgWait(b, lit)
		if wait != nil {
			insertAfter = wait
			title = fmt.Sprintf("Move %s after %s, for the whole batch", name, edit.Source(c.pass, wait.(*ast.ExprStmt).X))
		} else {
			if c.hasDone(lit) != nil {
				return analysis.SuggestedFix{}, false // joined by a WaitGroup waited for elsewhere
			}
			if c.timerJoins(f.call) {
				return analysis.SuggestedFix{}, false
			}
			gs := goStmtAt(c.pass, l.instr.Pos())
			if gs == nil || gs.Call.Fun != lit || len(lit.Body.List) == 0 {
				return analysis.SuggestedFix{}, false
			}
			if list, _ := stmtListOf(c.pass, gs); list == nil {
				return analysis.SuggestedFix{}, false
			}
			syncName, imp := edit.Import(c.pass, file, "sync")
			wg := c.unusedName(b, "wg")
			edits = append(edits, imp...)
			edits = append(edits, edit.InsertBefore(c.pass, b.loop, fmt.Sprintf("var %s %s.WaitGroup", wg, syncName)))
			edits = append(edits, edit.InsertBefore(c.pass, gs, wg+".Add(1)"))
			pe, ok := edit.PrependToBody(c.pass, lit.Body, "defer "+wg+".Done()")
			if !ok {
				return analysis.SuggestedFix{}, false
			}
			edits = append(edits, pe)
			text = wg + ".Wait()\n" + text
			insertAfter = b.loop
			title = fmt.Sprintf("Wait for the goroutines, then %s the whole batch", roleWord(f.call.Role))
		}
	}
	// Everything the moved text uses must mean the same after the join.
	ins := insertAfter.End()
	for _, obj := range uses {
		if obj == v {
			continue
		}
		if !c.visibleAt(obj, ins) {
			return analysis.SuggestedFix{}, false
		}
	}
	if c.assignedBetween(b, insertAfter) {
		return analysis.SuggestedFix{}, false
	}
	edits = append(edits, edit.InsertAfter(c.pass, insertAfter, text))
	return analysis.SuggestedFix{Message: title, TextEdits: edits}, true
}

// timerJoins reports whether the call's consumer auto-commits every poll
// before the latest (franz-go's default): the autocommit analyzer's
// records-outlive-poll fix then adds its own WaitGroup around the same
// goroutines, and two would not compile together. Removing the go
// statement composes with it instead.
func (c *checker) timerJoins(call *consumer.Call) bool {
	k := call.Consumer
	if k == nil || k.Client.Timer != clientmodel.TimerPreviousPoll {
		return false
	}
	s := k.Settings
	return !s.IsNot(k.Client, clientmodel.Group) && !s.IsNot(k.Client, clientmodel.AutoCommit) &&
		!s.Is(k.Client, clientmodel.MarksOnly)
}

// form classifies the statement holding the position call.
func (c *checker) form(stmt ast.Stmt, ce *ast.CallExpr) stmtForm {
	switch s := stmt.(type) {
	case *ast.ExprStmt:
		if ast.Unparen(s.X) == ce {
			return formExpr
		}
	case *ast.ReturnStmt:
		if len(s.Results) == 1 && ast.Unparen(s.Results[0]) == ce {
			return formReturn
		}
	case *ast.IfStmt:
		as, ok := s.Init.(*ast.AssignStmt)
		if !ok || s.Else != nil || len(as.Rhs) != 1 || ast.Unparen(as.Rhs[0]) != ce || as.Tok != token.DEFINE {
			return 0
		}
		id, ok := as.Lhs[len(as.Lhs)-1].(*ast.Ident)
		if !ok {
			return 0
		}
		for _, l := range as.Lhs[:len(as.Lhs)-1] {
			if x, ok := l.(*ast.Ident); !ok || x.Name != "_" {
				return 0
			}
		}
		if !isNotNil(s.Cond, id.Name) {
			return 0
		}
		return formIf
	}
	return 0
}

func isNotNil(cond ast.Expr, name string) bool {
	be, ok := cond.(*ast.BinaryExpr)
	if !ok || be.Op != token.NEQ {
		return false
	}
	x, ok1 := be.X.(*ast.Ident)
	y, ok2 := be.Y.(*ast.Ident)
	return ok1 && ok2 && x.Name == name && y.Name == "nil"
}

// alwaysWrites reports whether the goroutine writes its record's position
// on every path that does not fail: once, outside any loop, and (for a
// WaitGroup) on every path to its end; for an errgroup function every
// path that skips it returns an error, so Wait reports the failure and the
// batch is not written.
func (c *checker) alwaysWrites(f *finding, l *launch) bool {
	pb := f.call.Instr.Block()
	if c.sameCycle(pb, pb) {
		return false
	}
	fn := l.fn
	if len(fn.Blocks) == 0 {
		return false
	}
	entry := fn.Blocks[0]
	if entry == pb {
		return true
	}
	seen := map[*ssa.BasicBlock]bool{pb: true}
	stack := []*ssa.BasicBlock{entry}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			if !l.group || len(ret.Results) != 1 {
				return false
			}
			if k, ok := ret.Results[0].(*ssa.Const); ok && k.IsNil() {
				return false
			}
		}
		stack = append(stack, b.Succs...)
	}
	return true
}

// usesIn returns the objects n refers to, other than fields, methods and
// what n declares itself.
func (c *checker) usesIn(n ast.Node) []types.Object {
	var out []types.Object
	seen := map[types.Object]bool{}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(x.X, func(y ast.Node) bool {
				if id, ok := y.(*ast.Ident); ok {
					c.addUse(id, n, seen, &out)
				}
				return true
			})
			return false
		case *ast.Ident:
			c.addUse(x, n, seen, &out)
		}
		return true
	})
	return out
}

func (c *checker) addUse(id *ast.Ident, n ast.Node, seen map[types.Object]bool, out *[]types.Object) {
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil || seen[obj] {
		return
	}
	if v, ok := obj.(*types.Var); ok && v.IsField() {
		return
	}
	if obj.Parent() == types.Universe || obj.Pkg() != nil && obj.Pkg() != c.pass.Pkg {
		return
	}
	if n.Pos() <= obj.Pos() && obj.Pos() < n.End() {
		return
	}
	seen[obj] = true
	*out = append(*out, obj)
}

// count returns how many times n refers to obj.
func (c *checker) count(n ast.Node, obj types.Object) int {
	k := 0
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			k++
		}
		return true
	})
	return k
}

func (c *checker) isIdentOf(e ast.Expr, obj types.Object) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && c.pass.TypesInfo.Uses[id] == obj
}

// paramPos returns the index of obj among the parameters of lit.
func paramPos(pass *analysis.Pass, lit *ast.FuncLit, obj types.Object) int {
	i := 0
	for _, f := range lit.Type.Params.List {
		if len(f.Names) == 0 {
			i++
			continue
		}
		for _, n := range f.Names {
			if pass.TypesInfo.Defs[n] == obj {
				return i
			}
			i++
		}
	}
	return -1
}

func goStmtAt(pass *analysis.Pass, pos token.Pos) *ast.GoStmt {
	for _, n := range edit.Path(pass, pos) {
		if g, ok := n.(*ast.GoStmt); ok && g.Go == pos {
			return g
		}
	}
	return nil
}

// errgroupParent returns the name of the context that the errgroup
// context obj was made from (errgroup.WithContext(ctx)), when it is a
// variable that the same name still means at pos.
func (c *checker) errgroupParent(obj types.Object, pos token.Pos) (string, bool) {
	for _, n := range edit.Path(c.pass, obj.Pos()) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok || len(call.Args) != 1 {
			return "", false
		}
		id, ok := ast.Unparen(call.Args[0]).(*ast.Ident)
		if !ok {
			return "", false
		}
		parent := c.pass.TypesInfo.Uses[id]
		f := edit.File(c.pass, pos)
		scope := c.pass.TypesInfo.Scopes[f]
		if parent == nil || scope == nil {
			return "", false
		}
		if _, at := scope.Innermost(pos).LookupParent(id.Name, pos); at != parent {
			return "", false // shadowed there (g, ctx := errgroup.WithContext(ctx))
		}
		return id.Name, true
	}
	return "", false
}

// identReplacements returns replacements of every use of obj in n by
// text.
func (c *checker) identReplacements(n ast.Node, obj types.Object, text string) []replacement {
	var reps []replacement
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == obj {
			reps = append(reps, replacement{id.Pos(), id.End(), text})
		}
		return true
	})
	return reps
}

// fromErrgroupContext reports whether obj is the context returned by
// errgroup.WithContext: it is canceled when Wait returns.
func (c *checker) fromErrgroupContext(obj types.Object) bool {
	for _, n := range edit.Path(c.pass, obj.Pos()) {
		as, ok := n.(*ast.AssignStmt)
		if !ok {
			continue
		}
		if len(as.Rhs) != 1 {
			return false
		}
		call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
		if !ok {
			return false
		}
		var fn *types.Func
		switch f := ast.Unparen(call.Fun).(type) {
		case *ast.SelectorExpr:
			fn, _ = c.pass.TypesInfo.Uses[f.Sel].(*types.Func)
		case *ast.Ident:
			fn, _ = c.pass.TypesInfo.Uses[f].(*types.Func)
		}
		return fn != nil && fn.Name() == "WithContext" && ssaflow.IsErrgroup(fn)
	}
	return false
}
