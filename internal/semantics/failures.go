package semantics

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/consumer"
	"github.com/offsetcommit/commitlint/internal/noreturn"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- what happens to a record whose processing fails ----
//
// Positions are cumulative: a commit (mark, store) of a partition's
// record covers every earlier record of the partition. So a record whose
// processing failed is replayed only if the code stops before any later
// position of its partition is written: a loop that logs the failure and
// commits the record anyway, or goes on to the next record and commits
// that one, skips it for good (no crash needed). The report says so where
// the code shows it; a loop that returns or exits on the failure shows
// nothing here.

// Skip is an error check whose failure branch the code goes on from,
// writing a position past the record whose processing failed.
type Skip struct {
	Call string         // the call whose failure is skipped: "db.ExecContext"
	Pos  token.Position // the call
}

// skippedFailures returns the checks of calls of the application (not the
// client's, not the context's) made on a record the position call pc
// writes past, whose failure branch reaches pc again without stopping:
// it falls through to it, goes on to the next record (its loop's next
// iteration takes a new record first), or returns from a function literal
// the client calls per record (EachRecord's). A branch that comes back to
// the check before a new record is taken retries; one that returns from
// a named function, panics or exits stops.
func (g *gatherer) skippedFailures(pc *consumer.Call) []Skip {
	fn := pc.Fn
	if fn == nil || pc.Instr == nil {
		return nil
	}
	at := pc.Instr.Block()
	takes := g.takes(pc)
	if len(takes) == 0 {
		return nil
	}
	perRecord := g.perRecordLiteral(fn)
	var out []Skip
	never := noreturn.Of(g.pass)
	stops := func(b *ssa.BasicBlock) bool {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Panic:
				return true
			case ssa.CallInstruction:
				if f := ssaflow.Callee(in.Common()); f != nil && never.Func(f) {
					return true
				}
			}
		}
		return false
	}
	for _, b := range fn.Blocks {
		check, call, fail := failureCheck(b)
		if check == nil || !g.appCall(call) || !dominatedByAny(b, takes) || !reachesBefore(b.Succs[0], b.Succs[1], fail, at, b, takes) {
			continue
		}
		type state struct {
			b    *ssa.BasicBlock
			took bool
		}
		seen := map[state]bool{}
		work := []state{{fail, false}}
		found := false
		for len(work) > 0 && !found {
			s := work[len(work)-1]
			work = work[:len(work)-1]
			if takes[s.b] {
				s.took = true
			}
			if seen[s] || s.b == b && !s.took || stops(s.b) {
				continue
			}
			seen[s] = true
			if s.b == at {
				found = true
				break
			}
			if _, ret := s.b.Instrs[len(s.b.Instrs)-1].(*ssa.Return); ret {
				found = perRecord
				break
			}
			for _, n := range s.b.Succs {
				work = append(work, state{n, s.took})
			}
		}
		if found {
			out = append(out, Skip{Call: callName(call), Pos: g.posn(call.Pos())})
		}
	}
	return out
}

// reachesBefore reports whether the check ending b comes before the
// position call's block at in one record's processing: at is reachable
// from the check's success branch (of its two successors s0 and s1, the
// one that is not fail) without taking a new record or coming back to b.
func reachesBefore(s0, s1, fail, at, b *ssa.BasicBlock, takes map[*ssa.BasicBlock]bool) bool {
	ok := s0
	if ok == fail {
		ok = s1
	}
	seen := map[*ssa.BasicBlock]bool{}
	work := []*ssa.BasicBlock{ok}
	for len(work) > 0 {
		x := work[len(work)-1]
		work = work[:len(work)-1]
		if x == at {
			return true
		}
		if seen[x] || x == b || takes[x] {
			continue
		}
		seen[x] = true
		work = append(work, x.Succs...)
	}
	return false
}

// failureCheck returns the If ending b when it tests the error result of
// a call against nil (err != nil, err == nil), the call, and the block its
// failure branch starts.
func failureCheck(b *ssa.BasicBlock) (*ssa.If, *ssa.Call, *ssa.BasicBlock) {
	if len(b.Instrs) == 0 {
		return nil, nil, nil
	}
	ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If)
	if !ok {
		return nil, nil, nil
	}
	cmp, ok := ifi.Cond.(*ssa.BinOp)
	if !ok || cmp.Op != token.NEQ && cmp.Op != token.EQL {
		return nil, nil, nil
	}
	v := cmp.X
	if c, isConst := v.(*ssa.Const); isConst && c.IsNil() {
		v = cmp.Y
	} else if c, isConst := cmp.Y.(*ssa.Const); !isConst || !c.IsNil() {
		return nil, nil, nil
	}
	if !types.Identical(v.Type(), types.Universe.Lookup("error").Type()) {
		return nil, nil, nil
	}
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return nil, nil, nil
	}
	fail := b.Succs[0]
	if cmp.Op == token.EQL {
		fail = b.Succs[1]
	}
	return ifi, call, fail
}

// appCall reports whether call is the application's processing: not a
// call of a Kafka client (a fetch's or commit's failure is another
// matter) nor of the context package (ctx.Err() stops, it does not fail).
func (g *gatherer) appCall(call *ssa.Call) bool {
	f := ssaflow.Callee(call.Common())
	if f == nil || f.Pkg() == nil {
		return true // a function value: a handler
	}
	p := f.Pkg().Path()
	return p != "context" && !clientmodel.Default.IsClientPath(p)
}

// takes returns the blocks of pc's function where a new record is taken:
// where the values the record pc writes is computed from are defined, the
// fetches of the consumer made in the function, or the entry of a
// function literal the client calls per record.
func (g *gatherer) takes(pc *consumer.Call) map[*ssa.BasicBlock]bool {
	out := map[*ssa.BasicBlock]bool{}
	if pc.Record >= 0 {
		if a := ssaflow.Arg(pc.Instr.Common(), pc.Record); a != nil {
			ssaflow.Derives(a, func(v ssa.Value) bool {
				if in, ok := v.(ssa.Instruction); ok && in.Block() != nil && in.Parent() == pc.Fn {
					out[in.Block()] = true
				}
				return false
			})
		}
	}
	for _, c := range g.c.Calls {
		if (c.Role == clientmodel.Fetch || c.Role == clientmodel.FetchCommit) && c.Fn == pc.Fn {
			out[c.Instr.Block()] = true
		}
	}
	if g.perRecordLiteral(pc.Fn) && len(pc.Fn.Blocks) > 0 {
		out[pc.Fn.Blocks[0]] = true
	}
	return out
}

// perRecordLiteral reports whether fn is a function literal its parent
// passes to a function of a Kafka client (fetches.EachRecord(func(r)
// {...})): returning from it goes on to the next record.
func (g *gatherer) perRecordLiteral(fn *ssa.Function) bool {
	parent := fn.Parent()
	if parent == nil {
		return false
	}
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			f := ssaflow.Callee(ci.Common())
			if f == nil || f.Pkg() == nil || !clientmodel.Default.IsClientPath(f.Pkg().Path()) {
				continue
			}
			for _, a := range ci.Common().Args {
				if mc, ok := a.(*ssa.MakeClosure); ok {
					a = mc.Fn
				}
				if a == fn {
					return true
				}
			}
		}
	}
	return false
}

// dominatedByAny reports whether one of blocks dominates b.
func dominatedByAny(b *ssa.BasicBlock, blocks map[*ssa.BasicBlock]bool) bool {
	for t := range blocks {
		if t.Dominates(b) {
			return true
		}
	}
	return false
}

// callName names the callee of call for a message: "db.ExecContext",
// "handle", or "the handler" for a function value.
func callName(call *ssa.Call) string {
	f := ssaflow.Callee(call.Common())
	if f == nil {
		return "the handler"
	}
	return consumer.ShortFunc(f)
}
