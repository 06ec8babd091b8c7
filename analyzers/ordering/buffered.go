package ordering

import (
	"fmt"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/report"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// A record kept in a field for a later flush is not processed: when the
// function stores a value derived from it into a field (c.buffer =
// append(c.buffer, string(m.Value))), a function of the package reads
// that field and processes what it holds (flush), and the position of
// the record is written after the store, on some path without a call of
// flush between, with the record processed nowhere in place, the
// position passes every buffered record not yet flushed. The fix moves
// the position call after the flush made between them (bufferedfix.go).

// fieldKeep is a store of a value derived from a record into a field.
type fieldKeep struct {
	store *ssa.Store
	field *types.Var
	// flush is a function of the package that processes what it reads
	// from the field.
	flush *ssa.Function
	// def fetches the record anew, in the position call's function (nil
	// when it is not there).
	def ssa.Instruction
}

// checkBuffered reports p, the position of a record p's function keeps
// in a field that another function flushes, made after the store with
// no processing of the record in place, and says whether it did.
func (c *checker) checkBuffered(p *position) bool {
	if p.arg == nil || p.closure != nil || p.row != nil || p.committedBy != nil {
		return false
	}
	for _, o := range c.origins(p) {
		var def ssa.Instruction
		if d, ok := o.(ssa.Instruction); ok && d.Parent() == p.fn {
			def = d
		}
		// Decoding the record into the value kept is not its effect
		// (json.Unmarshal(m.Value, &metric), then append(c.buffer, metric)).
		if c.processedInPlace(p, o, def, nil, true) {
			continue
		}
		if k := c.keptInField(p, o, def); k != nil {
			c.reportBuffered(p, k)
			return true
		}
	}
	return false
}

// keptInField returns a store of a value derived from o into a field,
// in p's function, whose field a function of the package reads and
// processes (flush), and from which p is reached on some path with o not
// fetched anew (def) and no call of flush, or nil.
func (c *checker) keptInField(p *position, o ssa.Value, def ssa.Instruction) *fieldKeep {
	tainted := c.taint(o)
	for _, b := range p.fn.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok || !tainted[st.Val] {
				continue
			}
			if _, reset := st.Val.(*ssa.Const); reset {
				continue // b.buf = nil keeps no record
			}
			fa, ok := st.Addr.(*ssa.FieldAddr)
			if !ok || ssaflow.LocalAggregate(fa) != nil {
				continue
			}
			field := ssaflow.FieldVar(fa)
			if field == nil {
				continue
			}
			fl := c.flushOf(field, p.fn)
			if fl == nil {
				continue
			}
			// On some path from the store to p, the record is neither
			// fetched anew nor flushed.
			stop := func(x ssa.Instruction) bool {
				call, ok := x.(*ssa.Call)
				return x == def || ok && call.Common().StaticCallee() == fl
			}
			if ssaflow.ReachesStopping(st, p.instr, stop) {
				return &fieldKeep{store: st, field: field, flush: fl, def: def}
			}
		}
	}
	return nil
}

// flushOf returns a function of the package other than fn that loads
// field and processes the value loaded, or nil.
func (c *checker) flushOf(field *types.Var, fn *ssa.Function) *ssa.Function {
	for _, f := range c.m.SSA.SrcFuncs {
		if f == fn {
			continue
		}
		for _, b := range f.Blocks {
			for _, instr := range b.Instrs {
				fa, ok := instr.(*ssa.FieldAddr)
				if !ok || ssaflow.FieldVar(fa) != field {
					continue
				}
				for _, ref := range *fa.Referrers() {
					if ld, ok := ref.(*ssa.UnOp); ok && ld.Op == token.MUL && len(c.processingSites(f, ld)) > 0 {
						return f
					}
				}
			}
		}
	}
	return nil
}

// reportBuffered reports p, made after k kept its record in a field.
func (c *checker) reportBuffered(p *position, k *fieldKeep) {
	name := clientmodel.ShortName(p.client.Func)
	if fn := ssaflow.Callee(p.instr.Common()); fn != nil {
		name = fn.Name()
	}
	noun := p.client.Client.RecordNoun
	msg := fmt.Sprintf("call to %s after the %s is only kept in field %s, which %s processes later: it commits past every buffered %s not yet flushed, so a crash loses them and a failed flush drops them (at-most-once)",
		name, noun, k.field.Name(), k.flush.Name(), noun)
	var fixes []analysis.SuggestedFix
	if fix, why, ok := c.bufferedFix(p, k, name); ok {
		fixes = append(fixes, fix)
	} else {
		msg += fmt.Sprintf("; no automatic fix: the positions of the buffered %ss must be written once %s has written them, and %s; keep the last buffered %s beside the buffer and call %s with it after %s writes the buffer successfully",
			noun, k.flush.Name(), why, noun, name, k.flush.Name())
	}
	report.Report(c.pass, analysis.Diagnostic{
		Pos:      p.instr.Pos(),
		Category: CategoryCommitBefore,
		Message:  msg,
		Related: []analysis.RelatedInformation{
			{Pos: k.store.Pos(), Message: noun + " kept in field " + k.field.Name() + " here"},
			{Pos: k.flush.Pos(), Message: k.flush.Name() + " processes what the field holds"},
		},
		SuggestedFixes: fixes,
	})
}
