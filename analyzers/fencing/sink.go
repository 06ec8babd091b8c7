package fencing

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/edit"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/sqlrow"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// offsetRows reports offset rows in the consumer's own database written
// without a guard: SQL exec calls whose statement text is a constant
// UPDATE or INSERT ... ON CONFLICT DO UPDATE of an offset column keyed by
// partition, with a record's offset among the arguments.
func (c *checker) offsetRows() {
	for _, fn := range c.m.SSA.SrcFuncs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				obj := ssaflow.Callee(call.Common())
				if obj == nil {
					continue
				}
				if ex, ok := clientmodel.SQLExecOf(obj.FullName()); ok {
					report.Guard(c.pass, call.Pos(), func() { c.offsetRow(call, ex) })
				}
			}
		}
	}
}

func (c *checker) offsetRow(call *ssa.Call, ex *clientmodel.SQLExec) {
	q, ok := ssaflow.Arg(call.Common(), ex.Query).(*ssa.Const)
	if !ok || q.Value == nil || q.Value.Kind() != constant.String {
		return
	}
	w := sqlrow.Unguarded(constant.StringVal(q.Value))
	if w == nil {
		return
	}
	off := c.recordOffset(ssaflow.Arg(call.Common(), ex.Query+1), map[ssa.Value]bool{}, 0)
	if off == token.NoPos {
		return // not the position of a record
	}
	lit := c.sqlLiteral(call, ex)
	if lit == nil {
		return
	}
	at, ok := litPos(lit, w.At)
	if !ok {
		return
	}
	pos, end := c.callRange(call.Pos())
	c.report(analysis.Diagnostic{
		Pos:      pos,
		End:      end,
		Category: CategoryUnfenced,
		Message: fmt.Sprintf("the offset row in %s is written without a guard (no compare-and-set on the previous offset, no generation or epoch, no monotonic condition): after a rebalance the partition's previous owner can still run this %s and move the stored position backwards, so records are applied again (duplicates despite the transaction)",
			w.Table, w.Verb),
		Related: []analysis.RelatedInformation{
			{Pos: lit.Pos(), End: lit.End(), Message: "the statement"},
			{Pos: off, Message: "the record's offset"},
		},
		SuggestedFixes: []analysis.SuggestedFix{{
			Message:   "Only move " + w.Col + " forward",
			TextEdits: []analysis.TextEdit{{Pos: at, End: at, NewText: []byte(w.Guard)}},
		}},
	})
}

// sqlLiteral returns the string literal the call's SQL text is written
// as: the argument itself, or the declaration of a constant of this
// package.
func (c *checker) sqlLiteral(call *ssa.Call, ex *clientmodel.SQLExec) *ast.BasicLit {
	ce, _ := edit.CallAt(c.pass, call.Pos())
	if ce == nil || ex.Query >= len(ce.Args) {
		return nil
	}
	switch a := ast.Unparen(ce.Args[ex.Query]).(type) {
	case *ast.BasicLit:
		return a
	case *ast.Ident:
		obj, ok := c.pass.TypesInfo.Uses[a].(*types.Const)
		if !ok || obj.Pkg() != c.pass.Pkg {
			return nil
		}
		path := edit.Path(c.pass, obj.Pos())
		for _, n := range path {
			vs, ok := n.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range vs.Names {
				if name.Pos() == obj.Pos() && i < len(vs.Values) {
					lit, _ := vs.Values[i].(*ast.BasicLit)
					return lit
				}
			}
		}
	}
	return nil
}

// litPos returns the position of byte i of a string literal's value, for
// literals whose value is their text (raw strings without carriage
// returns, interpreted strings without escapes).
func litPos(lit *ast.BasicLit, i int) (token.Pos, bool) {
	if lit.Kind != token.STRING || len(lit.Value) < 2 {
		return token.NoPos, false
	}
	body := lit.Value[1 : len(lit.Value)-1]
	if strings.ContainsAny(body, "\r\\") && lit.Value[0] == '"' || strings.Contains(body, "\r") {
		return token.NoPos, false
	}
	if i > len(body) {
		return token.NoPos, false
	}
	return lit.Pos() + 1 + token.Pos(i), true
}

// recordOffset returns the position where v reads a record's offset (the
// Offset field of a client record or TopicPartition), looking through
// arithmetic, conversions, locals, variadic argument slices and in-package
// parameters; NoPos if it does not.
func (c *checker) recordOffset(v ssa.Value, seen map[ssa.Value]bool, depth int) token.Pos {
	if v == nil || seen[v] || depth > ssaflow.MaxValueDepth {
		return token.NoPos
	}
	seen[v] = true
	rec := func(x ssa.Value) token.Pos { return c.recordOffset(x, seen, depth+1) }
	switch x := v.(type) {
	case *ssa.FieldAddr:
		if f := ssaflow.FieldVar(x); c.isOffsetField(f) {
			return x.Pos()
		}
	case *ssa.Field:
		if st, ok := x.X.Type().Underlying().(*types.Struct); ok && x.Field < st.NumFields() && c.isOffsetField(st.Field(x.Field)) {
			return x.Pos()
		}
	case *ssa.UnOp:
		if p := rec(x.X); p != token.NoPos {
			return p
		}
		if x.Op == token.MUL {
			for _, r := range c.m.Flow.Loaded(x.X) {
				if p := rec(r); p != token.NoPos {
					return p
				}
			}
		}
	case *ssa.BinOp:
		if p := rec(x.X); p != token.NoPos {
			return p
		}
		return rec(x.Y)
	case *ssa.Convert:
		return rec(x.X)
	case *ssa.ChangeType:
		return rec(x.X)
	case *ssa.MakeInterface:
		return rec(x.X)
	case *ssa.Slice:
		return rec(x.X)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if p := rec(e); p != token.NoPos {
				return p
			}
		}
	case *ssa.Alloc:
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r {
						if p := rec(st.Val); p != token.NoPos {
							return p
						}
					}
				}
			case *ssa.Store:
				if r.Addr == x {
					if p := rec(r.Val); p != token.NoPos {
						return p
					}
				}
			}
		}
	case *ssa.Parameter:
		fn := x.Parent()
		for i, p := range fn.Params {
			if p != x {
				continue
			}
			for _, site := range c.m.Flow.Callers(fn) {
				if args := site.Common().Args; i < len(args) {
					if p := rec(args[i]); p != token.NoPos {
						return p
					}
				}
			}
		}
	case *ssa.FreeVar:
		for _, r := range c.m.Flow.Roots(x) {
			if r != ssa.Value(x) {
				if p := rec(r); p != token.NoPos {
					return p
				}
			}
		}
	}
	return token.NoPos
}

// isOffsetField reports whether f is the Offset field of a client type.
func (c *checker) isOffsetField(f *types.Var) bool {
	if f == nil || f.Pkg() == nil {
		return false
	}
	cl := c.ix.Client(f.Pkg().Path())
	return cl != nil && f.Name() == cl.OffsetField
}
