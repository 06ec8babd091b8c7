package hiwater

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
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
	if l.mc == nil || f.call.Fn != l.fn {
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

// launchStmt returns the statement that starts the goroutine: the go
// statement, or the expression statement calling g.Go.
func (c *checker) launchStmt(l *launch) ast.Stmt {
	if !l.group {
		if gs := goStmtAt(c.pass, l.instr.Pos()); gs != nil {
			return gs
		}
		return nil
	}
	call, path := edit.CallAt(c.pass, l.instr.Pos())
	if call == nil || len(path) < 2 {
		return nil
	}
	if es, ok := path[1].(*ast.ExprStmt); ok && es.X == call {
		return es
	}
	return nil
}

// batchOf finds the batch loop around a launch statement: a range over a
// slice of records whose value variable is u, or a per-record callback
// with parameter u passed to a method of a value that also has a method
// returning the batch as a slice (fetches.EachRecord / fetches.Records).
func (c *checker) batchOf(launch ast.Stmt, lit *ast.FuncLit, u types.Object) *batch {
	file := edit.File(c.pass, launch.Pos())
	path, _ := astutil.PathEnclosingInterval(file, launch.Pos(), launch.End())
	for i, n := range path {
		if i == 0 {
			continue
		}
		switch x := n.(type) {
		case *ast.BlockStmt, *ast.IfStmt, *ast.ExprStmt:
			continue
		case *ast.RangeStmt:
			id, ok := x.Value.(*ast.Ident)
			if !ok || c.pass.TypesInfo.Defs[id] != u || !c.pure(x.X) {
				return nil
			}
			xt := c.pass.TypesInfo.TypeOf(x.X)
			if xt == nil {
				return nil
			}
			var elem types.Type
			switch t := xt.Underlying().(type) {
			case *types.Slice:
				elem = t.Elem()
			case *types.Array:
				elem = t.Elem()
			default:
				return nil
			}
			if !types.Identical(elem, u.Type()) {
				return nil
			}
			return c.batchAt(x, edit.Source(c.pass, x.X))
		case *ast.FuncLit:
			if x == lit {
				continue
			}
			if len(x.Type.Params.List) != 1 || len(x.Type.Params.List[0].Names) != 1 ||
				c.pass.TypesInfo.Defs[x.Type.Params.List[0].Names[0]] != u {
				return nil
			}
			if i+2 >= len(path) {
				return nil
			}
			call, ok := path[i+1].(*ast.CallExpr)
			if !ok || len(call.Args) != 1 || call.Args[0] != x {
				return nil
			}
			es, ok := path[i+2].(*ast.ExprStmt)
			if !ok {
				return nil
			}
			sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
			if !ok || !c.pure(sel.X) {
				return nil
			}
			xt := c.pass.TypesInfo.TypeOf(sel.X)
			if xt == nil {
				return nil
			}
			m := c.batchMethod(xt, u.Type())
			if m == "" {
				return nil
			}
			return c.batchAt(es, edit.Source(c.pass, sel.X)+"."+m+"()")
		default:
			return nil
		}
	}
	return nil
}

func (c *checker) batchAt(loop ast.Stmt, src string) *batch {
	list, idx := stmtListOf(c.pass, loop)
	if list == nil || src == "" {
		return nil
	}
	return &batch{loop: loop, src: src, list: list, idx: idx}
}

// batchMethod returns the name of the one method of t taking nothing and
// returning a slice of elem (kgo.Fetches.Records), or "".
func (c *checker) batchMethod(t types.Type, elem types.Type) string {
	ms := types.NewMethodSet(t)
	found := ""
	for i := 0; i < ms.Len(); i++ {
		fn, ok := ms.At(i).Obj().(*types.Func)
		if !ok || !fn.Exported() {
			continue
		}
		sig := fn.Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		if s, ok := sig.Results().At(0).Type().Underlying().(*types.Slice); ok && types.Identical(s.Elem(), elem) {
			if found != "" {
				return ""
			}
			found = fn.Name()
		}
	}
	return found
}

// pure reports whether evaluating e again gives the same batch: a
// variable, a field path, or a method call without arguments on one
// (fetches.Records()).
func (c *checker) pure(e ast.Expr) bool {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := c.pass.TypesInfo.Uses[x].(*types.Var)
		return ok
	case *ast.SelectorExpr:
		if sel := c.pass.TypesInfo.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			return c.pure(x.X)
		}
	case *ast.CallExpr:
		sel, ok := ast.Unparen(x.Fun).(*ast.SelectorExpr)
		if !ok || len(x.Args) != 0 {
			return false
		}
		if s := c.pass.TypesInfo.Selections[sel]; s == nil || s.Kind() != types.MethodVal {
			return false
		}
		return c.pure(sel.X)
	}
	return false
}

// stmtListOf returns the statement list holding s and its index.
func stmtListOf(pass *analysis.Pass, s ast.Stmt) ([]ast.Stmt, int) {
	file := edit.File(pass, s.Pos())
	path, _ := astutil.PathEnclosingInterval(file, s.Pos(), s.End())
	for i, n := range path {
		if n != s || i+1 >= len(path) {
			continue
		}
		var list []ast.Stmt
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			list = p.Body
		default:
			return nil, -1
		}
		for j, x := range list {
			if x == s {
				return list, j
			}
		}
	}
	return nil, -1
}

// wgWait finds the join of a batch's goroutines: `wg.Wait()` after the
// loop in the same list, where the goroutine calls wg.Done.
func (c *checker) wgWait(b *batch, lit *ast.FuncLit) ast.Stmt {
	wg := c.hasDone(lit)
	if wg == nil {
		return nil
	}
	for _, s := range b.list[b.idx+1:] {
		if es, ok := s.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Wait" && len(call.Args) == 0 && c.isIdentOf(sel.X, wg) {
					return es
				}
			}
		}
		if ret, jump, top := branches(s); ret || jump || top {
			return nil
		}
	}
	return nil
}

// hasDone returns the sync.WaitGroup variable whose Done the goroutine
// calls at its top level (wg.Done() or defer wg.Done()), or nil.
func (c *checker) hasDone(lit *ast.FuncLit) types.Object {
	for _, s := range lit.Body.List {
		var call *ast.CallExpr
		switch x := s.(type) {
		case *ast.DeferStmt:
			call = x.Call
		case *ast.ExprStmt:
			call, _ = ast.Unparen(x.X).(*ast.CallExpr)
		}
		if call == nil {
			continue
		}
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Done" {
			continue
		}
		id, ok := ast.Unparen(sel.X).(*ast.Ident)
		if !ok {
			continue
		}
		obj := c.pass.TypesInfo.Uses[id]
		if obj == nil {
			continue
		}
		if n, ok := ssaflow.Deref(obj.Type()).(*types.Named); ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "WaitGroup" {
			return obj
		}
	}
	return nil
}

// groupWait finds the join of an errgroup batch after the loop in the same
// list: `if err := g.Wait(); err != nil { ... }` or `err := g.Wait()`
// followed by `if err != nil { ... }`, whose body leaves (so nothing after
// it runs when a function failed). It returns the statement to insert
// after, the error check's body and the error variable's name.
func (c *checker) groupWait(b *batch, l *launch) (ast.Stmt, *ast.BlockStmt, string, string) {
	call, _ := edit.CallAt(c.pass, l.instr.Pos())
	if call == nil {
		return nil, nil, "", ""
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, nil, "", ""
	}
	gid, ok := ast.Unparen(sel.X).(*ast.Ident)
	if !ok {
		return nil, nil, "", ""
	}
	g := c.pass.TypesInfo.Uses[gid]
	isWaitOfG := func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		if !ok || len(call.Args) != 0 {
			return false
		}
		s, ok := call.Fun.(*ast.SelectorExpr)
		return ok && s.Sel.Name == "Wait" && c.isIdentOf(s.X, g)
	}
	rest := b.list[b.idx+1:]
	for i, s := range rest {
		switch x := s.(type) {
		case *ast.IfStmt:
			if as, ok := x.Init.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 && isWaitOfG(as.Rhs[0]) {
				id, ok := as.Lhs[0].(*ast.Ident)
				if ok && x.Else == nil && isNotNil(x.Cond, id.Name) && c.leaves(x.Body) {
					return x, x.Body, id.Name, gid.Name + ".Wait()"
				}
				return nil, nil, "", ""
			}
		case *ast.AssignStmt:
			if len(x.Lhs) == 1 && len(x.Rhs) == 1 && isWaitOfG(x.Rhs[0]) {
				id, ok := x.Lhs[0].(*ast.Ident)
				if !ok || i+1 >= len(rest) {
					return nil, nil, "", ""
				}
				ifs, ok := rest[i+1].(*ast.IfStmt)
				if ok && ifs.Init == nil && ifs.Else == nil && isNotNil(ifs.Cond, id.Name) && c.leaves(ifs.Body) {
					return ifs, ifs.Body, id.Name, gid.Name + ".Wait()"
				}
				return nil, nil, "", ""
			}
		}
		if ret, jump, top := branches(s); ret || jump || top {
			return nil, nil, "", ""
		}
	}
	return nil, nil, "", ""
}

// leaves reports whether a block ends by leaving its list (return,
// branch, or a call that never returns).
func (c *checker) leaves(b *ast.BlockStmt) bool {
	return noreturn.Of(c.pass).EndsWithLeave(b.List)
}

// branches reports the statements in n that leave it for somewhere else
// (function literals are not entered): ret for return, jump for goto and
// labeled break or continue, top for an unlabeled break or continue that
// is not inside a loop, switch or select of n (it binds to a statement
// around n).
func branches(n ast.Node) (ret, jump, top bool) {
	var walk func(x ast.Node, inLoop, inBreakable bool)
	walk = func(x ast.Node, inLoop, inBreakable bool) {
		ast.Inspect(x, func(y ast.Node) bool {
			if y == x {
				return true
			}
			switch s := y.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				ret = true
			case *ast.BranchStmt:
				switch {
				case s.Label != nil || s.Tok == token.GOTO:
					jump = true
				case s.Tok == token.BREAK && !inBreakable, s.Tok == token.CONTINUE && !inLoop:
					top = true
				}
			case *ast.ForStmt, *ast.RangeStmt:
				walk(s, true, true)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(s, inLoop, true)
				return false
			}
			return true
		})
	}
	walk(n, false, false)
	return
}

// checked builds `if [_, ]err := CALL; err != nil { body }` for a call
// returning an error last, or the bare call for one returning nothing.
func (c *checker) checked(sig *types.Signature, call, errName, body string) (string, bool) {
	res := sig.Results()
	if res.Len() == 0 {
		return call, true
	}
	if !types.Identical(res.At(res.Len()-1).Type(), types.Universe.Lookup("error").Type()) {
		return "", false
	}
	lhs := strings.Repeat("_, ", res.Len()-1) + errName
	return fmt.Sprintf("if %s := %s; %s != nil {\n%s\n}", lhs, call, errName, indentText(body)), true
}

// substitute returns the source of the call with the record argument
// replaced by the batch (variadic) or kept (a loop binds it).
func (c *checker) substitute(ce *ast.CallExpr, v types.Object, recArg ast.Expr, variadic bool, src string, extra []replacement) (string, bool) {
	reps := extra
	if variadic && c.count(ce, v) == 1 {
		reps = append(reps, replacement{recArg.Pos(), recArg.End(), src + "..."})
	}
	return c.textOf(ce, reps)
}

// stmtText returns the statement's source with the record argument
// replaced by the batch when variadic.
func (c *checker) stmtText(stmt ast.Stmt, recArg ast.Expr, variadic bool, src string) (string, bool) {
	var reps []replacement
	if variadic {
		reps = append(reps, replacement{recArg.Pos(), recArg.End(), src + "..."})
	}
	return c.textOf(stmt, reps)
}

type replacement struct {
	pos, end token.Pos
	text     string
}

// textOf returns the source of n with replacements, dedented to n's own
// indentation.
func (c *checker) textOf(n ast.Node, reps []replacement) (string, bool) {
	tf := c.pass.Fset.File(n.Pos())
	if tf == nil {
		return "", false
	}
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return "", false
	}
	sort.Slice(reps, func(i, j int) bool { return reps[i].pos < reps[j].pos })
	var sb strings.Builder
	off := tf.Offset(n.Pos())
	for _, r := range reps {
		sb.Write(content[off:tf.Offset(r.pos)])
		sb.WriteString(r.text)
		off = tf.Offset(r.end)
	}
	sb.Write(content[off:tf.Offset(n.End())])
	indent := edit.Indent(c.pass, n.Pos())
	lines := strings.Split(sb.String(), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = strings.TrimPrefix(lines[i], indent)
	}
	return strings.Join(lines, "\n"), true
}

// sourceOfList returns the statements of a block, dedented.
func (c *checker) sourceOfList(b *ast.BlockStmt) string {
	if len(b.List) == 0 {
		return ""
	}
	first, last := b.List[0], b.List[len(b.List)-1]
	tf := c.pass.Fset.File(first.Pos())
	content, err := c.pass.ReadFile(tf.Name())
	if err != nil {
		return ""
	}
	indent := edit.Indent(c.pass, first.Pos())
	src := string(content[tf.Offset(tf.LineStart(tf.Line(first.Pos()))):tf.Offset(last.End())])
	var lines []string
	for _, l := range strings.Split(src, "\n") {
		lines = append(lines, strings.TrimPrefix(l, indent))
	}
	return strings.Join(lines, "\n")
}

func indentText(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = "\t" + l
		}
	}
	return strings.Join(lines, "\n")
}

// visibleAt reports whether obj is what its name means at pos.
func (c *checker) visibleAt(obj types.Object, pos token.Pos) bool {
	f := edit.File(c.pass, pos)
	if f == nil {
		return false
	}
	scope := c.pass.TypesInfo.Scopes[f]
	if scope == nil {
		return false
	}
	inner := scope.Innermost(pos)
	if inner == nil {
		return false
	}
	_, found := inner.LookupParent(obj.Name(), pos)
	return found == obj
}

// assignedBetween reports whether a variable of the batch expression is
// assigned in the loop or between the loop and pos's statement.
func (c *checker) assignedBetween(b *batch, until ast.Stmt) bool {
	expr, err := parseIdents(b.src)
	if err != nil {
		return true
	}
	names := map[string]bool{}
	for _, n := range expr {
		names[n] = true
	}
	found := false
	check := func(n ast.Node) {
		ast.Inspect(n, func(x ast.Node) bool {
			as, ok := x.(*ast.AssignStmt)
			if !ok {
				return true
			}
			for _, l := range as.Lhs {
				if id, ok := l.(*ast.Ident); ok && names[id.Name] {
					found = true
				}
			}
			return true
		})
	}
	check(b.loop)
	for _, s := range b.list[b.idx+1:] {
		if s == until || s.Pos() > until.Pos() {
			break
		}
		check(s)
	}
	return found
}

// parseIdents returns the leading identifier of a batch expression.
func parseIdents(src string) ([]string, error) {
	i := strings.IndexAny(src, ".([")
	if i < 0 {
		return []string{src}, nil
	}
	return []string{src[:i]}, nil
}

// unusedName returns name, or name with a numeric suffix, that is neither
// visible at the batch loop nor spelled anywhere in its list.
func (c *checker) unusedName(b *batch, name string) string {
	used := map[string]bool{}
	for _, s := range b.list {
		ast.Inspect(s, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				used[id.Name] = true
			}
			return true
		})
	}
	cand := name
	for i := 2; used[cand] || edit.FreeName(c.pass, b.loop.Pos(), cand) != cand; i++ {
		cand = name + strconv.Itoa(i)
	}
	return cand
}
