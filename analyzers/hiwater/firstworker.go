package hiwater

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/edit"
)

// firstWorkerOnly is the fallback of a pool started by a counting loop
// whose count cannot be made one (a call through an interface, used
// elsewhere: a loop collecting as many stop signals): the loop still
// starts as many goroutines, but every one after the first returns at
// once, after its leading defers (which signal its end as before), so
// that one worker receives the records, in channel order:
//
//	for i := 0; i < h.s.Size(topic); i++ {
//		go func(i int) {
//			defer func() { stopped <- struct{}{} }()
//			if i > 0 {
//				return // one worker: ...
//			}
//			for m := range jobs { ... }
//		}(i)
//	}
//
// The loop variable is passed to the goroutine, so that each sees its own
// whatever the Go version. It needs a go statement of a function literal
// in a loop counting up from a constant (for i := K; ...; i++, or for i :=
// range n), a body whose leading defers are followed by other statements,
// and nothing after them that the others, returning, would skip and that
// another goroutine may wait for: no send, close or Done, Unlock, Signal
// or Broadcast call outside the loops over channels (the records, which
// the others never receive).
func (c *checker) firstWorkerOnly(f *finding) (analysis.SuggestedFix, bool) {
	s := f.site
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	gs := goStmtAt(c.pass, s.l.instr.Pos())
	if gs == nil || gs.Call.Ellipsis.IsValid() {
		return fail()
	}
	lit, ok := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if !ok {
		return fail()
	}
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	v, first, ok := c.countsUpFrom(loop)
	if !ok {
		return fail()
	}
	b, isBasic := v.Type().(*types.Basic)
	if !isBasic || b.Info()&types.IsInteger == 0 {
		return fail()
	}
	// The first statement after the leading defers.
	k := 0
	for k < len(lit.Body.List) {
		if _, isDefer := lit.Body.List[k].(*ast.DeferStmt); !isDefer {
			break
		}
		k++
	}
	if k == len(lit.Body.List) || !c.skippable(lit.Body.List[k:]) {
		return fail()
	}
	name := v.Name()
	// The parameter must not hide a name the literal uses otherwise than
	// for the loop variable.
	clash := false
	ast.Inspect(lit, func(n ast.Node) bool {
		if id, isID := n.(*ast.Ident); isID && id.Name == name {
			if obj := c.pass.TypesInfo.ObjectOf(id); obj != v {
				clash = true
			}
		}
		return !clash
	})
	if clash || c.lookupAt(gs.Pos(), name) != v {
		return fail()
	}
	params := lit.Type.Params
	param := name + " " + b.Name()
	var edits []analysis.TextEdit
	if len(params.List) == 0 {
		edits = append(edits, analysis.TextEdit{Pos: params.Opening + 1, End: params.Opening + 1, NewText: []byte(param)})
	} else {
		edits = append(edits, analysis.TextEdit{Pos: params.Closing, End: params.Closing, NewText: []byte(", " + param)})
	}
	arg := name
	if len(gs.Call.Args) > 0 {
		arg = ", " + name
	}
	edits = append(edits,
		edit.InsertBefore(c.pass, lit.Body.List[k], fmt.Sprintf("if %s > %s {\n\treturn // one worker: the records of a partition are then %s in order\n}", name, first, pastTense(roleWord(f.call.Role)))),
		analysis.TextEdit{Pos: gs.Call.Rparen, End: gs.Call.Rparen, NewText: []byte(arg)},
	)
	return analysis.SuggestedFix{
		Message:   "Start one worker: the others return at once",
		TextEdits: edits,
	}, true
}

// countsUpFrom returns the variable of a loop counting up by one from a
// constant (for i := K; cond; i++, for i := range n) and that constant,
// when the body does not assign it.
func (c *checker) countsUpFrom(loop ast.Stmt) (*types.Var, string, bool) {
	var id *ast.Ident
	var body *ast.BlockStmt
	first := "0"
	switch l := loop.(type) {
	case *ast.ForStmt:
		init, ok := l.Init.(*ast.AssignStmt)
		inc, ok2 := l.Post.(*ast.IncDecStmt)
		if !ok || !ok2 || inc.Tok != token.INC || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
			return nil, "", false
		}
		id, _ = init.Lhs[0].(*ast.Ident)
		if id == nil || identOf(inc.X) == nil || c.pass.TypesInfo.Uses[identOf(inc.X)] != c.pass.TypesInfo.Defs[id] {
			return nil, "", false
		}
		tv, ok := c.pass.TypesInfo.Types[init.Rhs[0]]
		if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
			return nil, "", false
		}
		first = tv.Value.ExactString()
		body = l.Body
	case *ast.RangeStmt:
		if l.Tok != token.DEFINE || l.Value != nil {
			return nil, "", false
		}
		t := c.pass.TypesInfo.TypeOf(l.X)
		if t == nil {
			return nil, "", false
		}
		if b, ok := t.Underlying().(*types.Basic); !ok || b.Info()&types.IsInteger == 0 {
			return nil, "", false
		}
		id, _ = l.Key.(*ast.Ident)
		body = l.Body
	default:
		return nil, "", false
	}
	if id == nil || id.Name == "_" {
		return nil, "", false
	}
	v, ok := c.pass.TypesInfo.Defs[id].(*types.Var)
	if !ok || c.assignedIn(body, v) {
		return nil, "", false
	}
	return v, first, true
}

// assignedIn reports whether n assigns v or takes its address.
func (c *checker) assignedIn(n ast.Node, v *types.Var) bool {
	found := false
	is := func(e ast.Expr) bool {
		id := identOf(e)
		return id != nil && c.pass.TypesInfo.ObjectOf(id) == v
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				if is(l) {
					found = true
				}
			}
		case *ast.IncDecStmt:
			if is(s.X) {
				found = true
			}
		case *ast.UnaryExpr:
			if s.Op == token.AND && is(s.X) {
				found = true
			}
		}
		return !found
	})
	return found
}

// skippable reports whether the statements a worker that returns at once
// skips signal nothing another goroutine may wait for: no send, close, or
// call of a method named Done, Unlock, RUnlock, Signal or Broadcast,
// outside the loops receiving from a channel (the records).
func (c *checker) skippable(stmts []ast.Stmt) bool {
	ok := true
	for _, st := range stmts {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.RangeStmt:
				if t := c.pass.TypesInfo.TypeOf(x.X); t != nil {
					if _, isChan := t.Underlying().(*types.Chan); isChan {
						return false
					}
				}
			case *ast.SendStmt:
				ok = false
			case *ast.CallExpr:
				if id := identOf(x.Fun); id != nil && id.Name == "close" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("close") {
					ok = false
				}
				if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel {
					switch sel.Sel.Name {
					case "Done", "Unlock", "RUnlock", "Signal", "Broadcast":
						ok = false
					}
				}
			}
			return ok
		})
	}
	return ok
}

// othersReturn reports whether the goroutine a pool's go statement starts
// returns at once unless it is the loop's first (firstWorkerOnly's
// shape): a function literal given the loop variable as a parameter whose
// body, after its leading defers, is `if i > K { return }` (or i != K),
// K the constant the loop counts up from.
func (c *checker) othersReturn(gs *ast.GoStmt) bool {
	lit, ok := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if !ok || gs.Call.Ellipsis.IsValid() {
		return false
	}
	loop, _ := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	v, first, ok := c.countsUpFrom(loop)
	if !ok {
		return false
	}
	var guard *ast.IfStmt
	for _, st := range lit.Body.List {
		if _, isDefer := st.(*ast.DeferStmt); isDefer {
			continue
		}
		guard, _ = st.(*ast.IfStmt)
		break
	}
	if guard == nil || guard.Init != nil || guard.Else != nil || len(guard.Body.List) != 1 {
		return false
	}
	if ret, isRet := guard.Body.List[0].(*ast.ReturnStmt); !isRet || len(ret.Results) != 0 {
		return false
	}
	be, ok := ast.Unparen(guard.Cond).(*ast.BinaryExpr)
	if !ok || be.Op != token.GTR && be.Op != token.NEQ {
		return false
	}
	if tv, isConst := c.pass.TypesInfo.Types[be.Y]; !isConst || tv.Value == nil || tv.Value.ExactString() != first {
		return false
	}
	// The compared variable: a parameter given the loop variable.
	x := identOf(be.X)
	if x == nil {
		return false
	}
	p := c.pass.TypesInfo.Uses[x]
	idx := 0
	for _, f := range lit.Type.Params.List {
		for _, n := range f.Names {
			if c.pass.TypesInfo.Defs[n] == p && idx < len(gs.Call.Args) {
				a := identOf(gs.Call.Args[idx])
				return a != nil && c.pass.TypesInfo.Uses[a] == v && !c.assignedIn(lit.Body, p.(*types.Var))
			}
			idx++
		}
	}
	return false
}

// loopOnce is the last fallback of a pool started by a loop of any kind
// (for { if n == max { break }; go ...; n++ }, a range over a channel of
// jobs' workers): a break ends the loop's body, so that it runs once and
// starts one worker; the statements after the go statement (a count
// stepped) run once too. It needs the go statement to be a statement of
// the loop's body (not under a condition: the first iteration starts the
// worker), no continue or goto in the body (it would skip the break),
// and a worker (a function literal) that signals nothing a goroutine
// waiting for as many workers as the loop would have started could count
// (skippable over its whole body), but for a WaitGroup's Done matched by
// an Add of the same group in the loop's body.
func (c *checker) loopOnce(f *finding) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	gs := goStmtAt(c.pass, f.site.l.instr.Pos())
	if gs == nil {
		return fail()
	}
	lit, ok := ast.Unparen(gs.Call.Fun).(*ast.FuncLit)
	if !ok {
		return fail()
	}
	loop, body := edit.LoopOf(edit.Path(c.pass, gs.Pos()))
	if loop == nil || body == nil || len(body.List) == 0 {
		return fail()
	}
	if list, i := stmtListOf(c.pass, gs); i < 0 || len(list) != len(body.List) || &list[0] != &body.List[0] {
		return fail()
	}
	leaves := false
	ast.Inspect(body, func(n ast.Node) bool {
		if b, ok := n.(*ast.BranchStmt); ok && (b.Tok == token.CONTINUE || b.Tok == token.GOTO) {
			leaves = true
		}
		return !leaves
	})
	if leaves {
		return fail()
	}
	last := body.List[len(body.List)-1]
	if _, isBranch := last.(*ast.BranchStmt); isBranch {
		return fail()
	}
	if _, isRet := last.(*ast.ReturnStmt); isRet {
		return fail()
	}
	if !c.skippable(lit.Body.List) && !c.addedPerWorker(lit, body) {
		return fail()
	}
	return analysis.SuggestedFix{
		Message:   "Start one worker: end the loop after its first iteration",
		TextEdits: []analysis.TextEdit{edit.InsertAfter(c.pass, last, fmt.Sprintf("break // one worker: the records of a partition are then %s in order", pastTense(roleWord(f.call.Role))))},
	}, true
}

// addedPerWorker reports whether the only signals of worker lit that
// skippable refuses are calls of a WaitGroup's Done (wg.Done(), deferred
// or not) on groups that loop body adds to (wg.Add(1), a statement of
// its own): each worker started is then counted and done.
func (c *checker) addedPerWorker(lit *ast.FuncLit, body *ast.BlockStmt) bool {
	added := map[string]bool{}
	for _, st := range body.List {
		if es, ok := st.(*ast.ExprStmt); ok {
			if call, ok := ast.Unparen(es.X).(*ast.CallExpr); ok && c.isWaitGroupAdd(call) && c.constantIs(call.Args[0], 1) {
				if sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr); ok {
					added[c.src(sel.X)] = true
				}
			}
		}
	}
	if len(added) == 0 {
		return false
	}
	ok := true
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.RangeStmt:
			if t := c.pass.TypesInfo.TypeOf(x.X); t != nil {
				if _, isChan := t.Underlying().(*types.Chan); isChan {
					return false
				}
			}
		case *ast.SendStmt:
			ok = false
		case *ast.CallExpr:
			if id := identOf(x.Fun); id != nil && id.Name == "close" && c.pass.TypesInfo.Uses[id] == types.Universe.Lookup("close") {
				ok = false
			}
			if sel, isSel := ast.Unparen(x.Fun).(*ast.SelectorExpr); isSel {
				switch sel.Sel.Name {
				case "Done":
					if !added[c.src(sel.X)] {
						ok = false
					}
				case "Unlock", "RUnlock", "Signal", "Broadcast":
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}
