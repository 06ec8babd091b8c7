package ordering

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// bufferedFix builds the fix of a position call p made after k kept its
// record in a field: the call (with its error check) moves after each
// call of k.flush that runs between the store and p, where the buffer
// holding the record is written (if full { c.flush() }; commit becomes
// if full { c.flush(); commit }). It requires:
//
//   - flush is unexported and called nowhere but in p's function, by
//     plain calls (no go, defer, method value or interface call): a
//     flush run concurrently could take the record's batch while the
//     one here writes another, and the commit would pass it;
//   - every such call is a statement nested in one of the statements
//     before p's in its block, where each variable the moved statements
//     use is declared before it and assigned nowhere between it and p;
//   - flush returns nothing, or only an error, which the commit then
//     waits on: after `if err := c.flush(); err != nil { return err }`,
//     in the else of a check that carries on, or in `if c.flush() ==
//     nil { ... }` when the error was dropped.
//
// A flush returning nothing reports no failure, which the fix's message
// says: a failed write is still committed.
//
// Without a fix, why says what stands in the way.
func (c *checker) bufferedFix(p *position, k *fieldKeep, name string) (fix analysis.SuggestedFix, why string, ok bool) {
	fl := k.flush
	noun := p.client.Client.RecordNoun
	if fl.Object() == nil || fl.Object().Exported() {
		return fix, fl.Name() + " is exported: other packages may call it, on other goroutines, and take the " + noun + "'s batch while this function writes another", false
	}
	if other, ok := c.onlyCalledIn(fl, p.fn); !ok {
		return fix, fmt.Sprintf("%s is also called by %s, which may run on another goroutine and take the %s's batch while this function writes another", fl.Name(), other, noun), false
	}
	why = fmt.Sprintf("no call of %s between keeping the %s and %s can take %s (it returns other results, or the call is not a statement of a block before it, or what %s uses is declared or changed after it)", fl.Name(), noun, name, name, name)
	res := fl.Signature.Results()
	returnsErr := res.Len() == 1 && isError(res.At(0).Type())
	if res.Len() != 0 && !returnsErr {
		return fix, why, false
	}
	stopDef := func(x ssa.Instruction) bool { return x == k.def }
	var calls []*ssa.Call
	for _, b := range p.fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(*ssa.Call); ok && call.Common().StaticCallee() == fl &&
				ssaflow.ReachesStopping(k.store, call, stopDef) && ssaflow.ReachesStopping(call, p.instr, stopDef) {
				calls = append(calls, call)
			}
		}
	}
	if len(calls) == 0 {
		return fix, why, false
	}
	_, path := edit.CallAt(c.pass, p.instr.Pos())
	stmt, listp := edit.Stmt(path)
	if stmt == nil {
		return fix, why, false
	}
	list := *listp
	idx := indexOf(list, stmt)
	last := idx
	if idx+1 < len(list) && isErrCheckOf(list[idx+1]) && definesErr(stmt) {
		last = idx + 1
	}
	moved, cut, ok := c.cutLines(list[idx], list[last])
	if !ok || c.definesUsedIn(list[idx], list[last+1:], nil) || last != idx && c.definesUsedIn(list[last], list[last+1:], nil) {
		return fix, why, false
	}
	text := reindent(strings.TrimSuffix(moved, "\n"), edit.Indent(c.pass, list[idx].Pos()))
	used := c.localsUsed(list[idx : last+1])
	edits := []analysis.TextEdit{cut}
	for _, call := range calls {
		// The statement of p's block holding the call.
		outer := slices.IndexFunc(list[:idx], func(s ast.Stmt) bool { return s.Pos() <= call.Pos() && call.Pos() < s.End() })
		if outer < 0 {
			return fix, why, false
		}
		for _, obj := range used {
			if obj.Pos() >= list[outer].Pos() && obj.Pos() < list[idx].Pos() || c.assignsAny(list[outer:idx], obj) {
				return fix, why, false
			}
		}
		e, ok := c.afterFlush(call, returnsErr, text)
		if !ok {
			return fix, why, false
		}
		edits = append(edits, e)
	}
	msg := fmt.Sprintf("Move %s after %s writes the buffer holding the %s", name, fl.Name(), noun)
	if !returnsErr {
		msg += fmt.Sprintf(" (%s reports no failure, so a failed write is still committed: have it return its error, and commit only when it is nil)", fl.Name())
	}
	return analysis.SuggestedFix{Message: msg, TextEdits: edits}, "", true
}

// afterFlush returns the edit placing text (unindented statements) after
// the flush call's statement, on its success path when it returns an
// error.
func (c *checker) afterFlush(call *ssa.Call, returnsErr bool, text string) (analysis.TextEdit, bool) {
	ce, path := edit.CallAt(c.pass, call.Pos())
	if ce == nil {
		return analysis.TextEdit{}, false
	}
	s, lp := edit.Stmt(path)
	if s == nil {
		return analysis.TextEdit{}, false
	}
	indent := edit.Indent(c.pass, s.Pos())
	after := func(s ast.Stmt) (analysis.TextEdit, bool) {
		return edit.InsertAfter(c.pass, s, text), true
	}
	es, isExpr := s.(*ast.ExprStmt)
	switch {
	case isExpr && ast.Unparen(es.X) == ce && !returnsErr:
		return after(s)
	case isExpr && ast.Unparen(es.X) == ce:
		// The flush's error was dropped: the commit waits on it.
		e, ok := c.lineEdit(s, edit.IndentLines("if "+c.raw(ce)+" == nil {\n"+edit.IndentLines(text, "\t")+"\n}", indent)+"\n")
		return e, ok
	case !returnsErr:
		return analysis.TextEdit{}, false
	}
	// err := c.flush() (or =) followed by its check.
	if as, ok := s.(*ast.AssignStmt); ok && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == ce {
		i := indexOf(*lp, s)
		if i+1 >= len(*lp) || !isErrCheckOf((*lp)[i+1]) {
			return analysis.TextEdit{}, false
		}
		s = (*lp)[i+1]
	}
	ifs, ok := s.(*ast.IfStmt)
	if !ok || ifs.Else != nil || !isErrCheckOf(ifs) && !checksCall(ifs, ce) {
		return analysis.TextEdit{}, false
	}
	if n := len(ifs.Body.List); n > 0 && c.leaves(ifs.Body.List[n-1]) {
		return after(ifs)
	}
	// The failure is carried on from: the commit goes in an else.
	return analysis.TextEdit{Pos: ifs.End(), End: ifs.End(), NewText: []byte(" else {\n" + edit.IndentLines(text, indent+"\t") + "\n" + indent + "}")}, true
}

// onlyCalledIn reports whether every use of fl in the package is a plain
// call (not go, not defer) made in fn, and no method value, method
// expression or interface call may reach it; when not, other names
// where it is used otherwise.
func (c *checker) onlyCalledIn(fl, fn *ssa.Function) (other string, ok bool) {
	where := func(f *ssa.Function, how string) string {
		lit := f.Parent() != nil
		for f.Parent() != nil {
			f = f.Parent()
		}
		if lit {
			return "a function literal in " + f.Name() + how
		}
		return f.Name() + how
	}
	for _, f := range c.m.SSA.SrcFuncs {
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(ssa.CallInstruction); ok && call.Common().IsInvoke() && call.Common().Method.Name() == fl.Name() {
					return where(f, " (through an interface)"), false
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					if g, ok := mc.Fn.(*ssa.Function); ok && g.Synthetic != "" && g.Object() == fl.Object() {
						return where(f, " (as a method value)"), false
					}
				}
				for _, op := range instr.Operands(nil) {
					if *op != fl {
						continue
					}
					call, isCall := instr.(*ssa.Call)
					switch {
					case f != fn:
						return where(f, ""), false
					case !isCall || call.Call.Value != fl:
						return where(f, " (in a go or defer statement, or as a value)"), false
					}
				}
			}
		}
	}
	return "", true
}

// localsUsed returns the variables local to the function that stmts
// use but do not declare.
func (c *checker) localsUsed(stmts []ast.Stmt) []types.Object {
	var out []types.Object
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			id, ok := n.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
			if !ok || v.IsField() || v.Parent() == nil || v.Parent() == c.pass.Pkg.Scope() || s.Pos() <= v.Pos() && v.Pos() < s.End() {
				return true
			}
			if !slices.Contains(out, types.Object(v)) {
				out = append(out, v)
			}
			return true
		})
	}
	return out
}

// assignsAny reports whether stmts assign obj, a field of it when it is
// not a pointer (m.Offset = 0), or take its address.
func (c *checker) assignsAny(stmts []ast.Stmt, obj types.Object) bool {
	_, isPtr := obj.Type().Underlying().(*types.Pointer)
	is := func(e ast.Expr) bool {
		for {
			switch x := ast.Unparen(e).(type) {
			case *ast.Ident:
				return c.pass.TypesInfo.ObjectOf(x) == obj
			case *ast.SelectorExpr:
				if isPtr {
					return false
				}
				e = x.X
			case *ast.IndexExpr:
				if isPtr {
					return false
				}
				e = x.X
			default:
				return false
			}
		}
	}
	found := false
	for _, s := range stmts {
		ast.Inspect(s, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.AssignStmt:
				found = found || slices.ContainsFunc(n.Lhs, is)
			case *ast.IncDecStmt:
				found = found || is(n.X)
			case *ast.UnaryExpr:
				found = found || n.Op == token.AND && is(n.X)
			case *ast.RangeStmt:
				found = found || n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value)
			}
			return !found
		})
	}
	return found
}
