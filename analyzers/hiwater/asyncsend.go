package hiwater

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// asyncLoopSends is the fallback of a per-record goroutine that cannot run
// in place only because it reports to its loop: it sends on a channel the
// loop receives from (a failure to the select receiving the records, or
// to an error channel the poll loop checks at its top), so that, run in
// place, the send would wait for the loop, which waits for it; and a send
// made not to wait (nonBlockingLoopSends) would drop failures when the
// channel's room is not known. The go keyword is removed, so that the
// records are processed one at a time, in order, and each such send
// statement becomes a goroutine of its own (go func() { errs <- err }()):
// the loop receives it as before, when it is ready, and nothing waits for
// itself. It requires these sends to be plain statements (not select
// cases) of the goroutine's function or of in-package functions it calls,
// each the last thing its function does (followed by a return, or ending
// the function's body through if, switch or select bodies), so that the
// values the new goroutine captures are those the send would have read;
// and nothing else to stop the goroutine from running in place.
func (c *checker) asyncLoopSends(s *site) (analysis.SuggestedFix, bool) {
	fail := func() (analysis.SuggestedFix, bool) { return analysis.SuggestedFix{}, false }
	g, ok := s.l.instr.(*ssa.Go)
	if !ok || s.l.fn == nil {
		return fail()
	}
	gs := goStmtAt(c.pass, g.Pos())
	if gs == nil {
		return fail()
	}
	// The channels the loop receives from, by root and by field.
	var recv []ssa.Value
	recvFields := map[*types.Var]bool{}
	for _, fn := range sameGoroutine(s.spawner()) {
		recv = append(recv, c.recvChans(fn)...)
		c.chanOps(fn, false, nil, recvFields, map[*ssa.Function]bool{}, ssaflow.MaxCallDepth)
	}
	var sends []*ssa.Send
	var roots []ssa.Value
	bad := false
	seen := map[*ssa.Function]bool{}
	var walk func(fn *ssa.Function, depth int)
	walk = func(fn *ssa.Function, depth int) {
		if seen[fn] || depth > ssaflow.MaxCallDepth || bad {
			return
		}
		seen[fn] = true
		toLoop := func(ch ssa.Value) bool {
			f := fieldOf(ch)
			return ssaflow.Intersects(c.roots(ch), recv) || f != nil && recvFields[f]
		}
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.Send:
					if toLoop(x.Chan) {
						rs := c.roots(x.Chan)
						if len(rs) == 0 {
							bad = true
						}
						sends = append(sends, x)
						roots = append(roots, rs...)
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir == types.SendOnly && toLoop(st.Chan) {
							bad = true // a select case: not a statement to start
						}
					}
				case ssa.CallInstruction:
					if _, isGo := x.(*ssa.Go); isGo {
						continue
					}
					if callee := ssaflow.Body(x.Common().StaticCallee()); callee != nil && c.m.Flow.InPackage(callee) {
						walk(callee, depth+1)
					}
					if mc, ok := x.Common().Value.(*ssa.MakeClosure); ok {
						if callee, ok := mc.Fn.(*ssa.Function); ok {
							walk(callee, depth+1)
						}
					}
				}
			}
		}
	}
	walk(s.l.fn, 0)
	if bad || len(sends) == 0 || !c.runsInPlaceSending(s, roots) || !c.loopCarriesOn(s, sends) {
		return fail()
	}
	edits := []analysis.TextEdit{{Pos: gs.Go, End: gs.Call.Pos()}}
	done := map[*ast.SendStmt]bool{}
	for _, x := range sends {
		st, ok := c.lastSend(x)
		if !ok {
			return fail()
		}
		if done[st] {
			continue
		}
		done[st] = true
		src := edit.Source(c.pass, st)
		if src == "" {
			return fail()
		}
		edits = append(edits, analysis.TextEdit{Pos: st.Pos(), End: st.End(), NewText: []byte("go func() { " + src + " }()")})
	}
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	return analysis.SuggestedFix{
		Message:   "Process records one at a time: remove the go statement, and send to the loop's channel from a goroutine of its own",
		TextEdits: edits,
	}, true
}

// loopCarriesOn reports whether the loop goes on to the next record after
// receiving what sends send: every receive from their channels, in the
// loop's functions, is a select case whose body only reports it (a
// failure logged: no leave, nothing kept for the loop to stop on). A loop that stops on it (case err := <-failures: return err,
// to end the session and consume the claim again from the last mark)
// would, with the send made from a goroutine of its own, take the next
// record first and write its position past the failed one.
func (c *checker) loopCarriesOn(s *site, sends []*ssa.Send) bool {
	var roots []ssa.Value
	fields := map[*types.Var]bool{}
	for _, x := range sends {
		roots = append(roots, c.roots(x.Chan)...)
		if f := fieldOf(x.Chan); f != nil {
			fields[f] = true
		}
	}
	same := func(ch ssa.Value) bool {
		f := fieldOf(ch)
		return ssaflow.Intersects(c.roots(ch), roots) || f != nil && fields[f]
	}
	for _, fn := range sameGoroutine(s.spawner()) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.ARROW && same(x.X) {
						return false
					}
				case *ssa.Select:
					for _, st := range x.States {
						if st.Dir != types.RecvOnly || !same(st.Chan) {
							continue
						}
						var cc *ast.CommClause
						for _, n := range edit.Path(c.pass, st.Pos) {
							if x, ok := n.(*ast.CommClause); ok {
								cc = x
								break
							}
						}
						if cc == nil || c.leavesIn(cc.Body) || !edit.OnlyReports(cc.Body) {
							return false // it leaves, or keeps the failure (failed = err) for the loop to stop on
						}
					}
				}
			}
		}
	}
	return true
}

// leavesIn reports whether a statement of body, at any depth outside
// function literals, leaves the loop: a return, a labelled break or
// continue, a goto, or a call that never returns.
func (c *checker) leavesIn(body []ast.Stmt) bool {
	leaves := false
	for _, st := range body {
		ast.Inspect(st, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				leaves = true
			case *ast.BranchStmt:
				leaves = leaves || x.Label != nil || x.Tok == token.GOTO
			case *ast.ExprStmt:
				leaves = leaves || noreturn.Of(c.pass).Leaves(x)
			}
			return !leaves
		})
	}
	return leaves
}

// lastSend returns the send statement of x when it is a plain statement
// (not a select's case) after which its function does nothing but
// return: the next statement is a return without calls in its results,
// or it is the last statement of a block that ends the function's body
// (through if, else, switch and select bodies, not loops).
func (c *checker) lastSend(x *ssa.Send) (*ast.SendStmt, bool) {
	path := edit.Path(c.pass, x.Pos())
	var st *ast.SendStmt
	i := 0
	for ; i < len(path); i++ {
		if ss, ok := path[i].(*ast.SendStmt); ok && ss.Arrow == x.Pos() {
			st = ss
			break
		}
	}
	if st == nil {
		return nil, false
	}
	var child ast.Node = st
	for _, n := range path[i+1:] {
		var list []ast.Stmt
		switch p := n.(type) {
		case *ast.FuncLit, *ast.FuncDecl:
			return st, true
		case *ast.BlockStmt:
			switch child.(type) {
			case *ast.CaseClause, *ast.CommClause:
				child = p // the body of a switch or select
				continue
			}
			list = p.List
		case *ast.CaseClause:
			list = p.Body
		case *ast.CommClause:
			if p.Comm == child {
				return nil, false
			}
			list = p.Body
		case *ast.IfStmt:
			if child != p.Body && child != p.Else {
				return nil, false
			}
			child = p
			continue
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			child = p
			continue
		default:
			return nil, false
		}
		j := slices.IndexFunc(list, func(s ast.Stmt) bool { return s == child })
		if j < 0 {
			return nil, false
		}
		if j+1 < len(list) {
			ret, ok := list[j+1].(*ast.ReturnStmt)
			if !ok {
				return nil, false
			}
			for _, r := range ret.Results {
				if hasCall(r) {
					return nil, false
				}
			}
			return st, true
		}
		child = n
	}
	return nil, false
}
