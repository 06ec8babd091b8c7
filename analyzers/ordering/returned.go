package ordering

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// checkReturned reports p when nothing in its function processes its
// record after it, but the function returns the record (or a value
// decoded from it) after p and a caller of the package processes what it
// returns: a helper that polls, commits everything polled and returns
// the decoded records commits them before its caller processes them. It
// stays silent when the helper processes the record itself (beyond
// decoding it: a call named Unmarshal, Decode, Parse or Deserialize):
// what it returns is then a copy of work already done.
func (c *checker) checkReturned(p *position) bool {
	if p.closure != nil || p.row != nil || p.nth != nil || p.marked {
		return false
	}
	for _, o := range c.origins(p) {
		if def, ok := o.(ssa.Instruction); ok && def.Parent() == p.fn && !ssaflow.ReachesStopping(def, p.instr, func(ssa.Instruction) bool { return false }) {
			// A record fetched after the commit, with no way back to it
			// in the same call, kept in a field the commit reads on the
			// next call (s.prev): what it commits is the record returned
			// before, which the caller has processed.
			continue
		}
		tainted := c.taint(o)
		ret := returnAfter(p, tainted)
		if ret == nil {
			continue
		}
		if c.processesInPlace(p, o, tainted) {
			return false
		}
		c.exportReturned(p, ret, tainted)
		for _, site := range c.callerSites(p.fn) {
			p.returned = ret
			c.report(p, site)
			return true
		}
	}
	return false
}

// returnAfter returns a return statement of p's function, reached from
// p, that returns a tainted value other than an error, or nil. Reached,
// not dominated: a store made in the loop collecting the batch it
// returns (audit 34a/1) comes before that return on every path through
// it.
func returnAfter(p *position, tainted map[ssa.Value]bool) *ssa.Return {
	for _, b := range p.fn.Blocks {
		for _, instr := range b.Instrs {
			ret, ok := instr.(*ssa.Return)
			if !ok {
				continue
			}
			for _, r := range ret.Results {
				if (tainted[r] || loadsTainted(r, tainted)) && !isError(r.Type()) && ssaflow.ReachesStopping(p.instr, ret, func(ssa.Instruction) bool { return false }) {
					return ret
				}
			}
		}
	}
	return nil
}

// processesInPlace reports whether p's function processes origin other
// than by decoding it.
func (c *checker) processesInPlace(p *position, origin ssa.Value, tainted map[ssa.Value]bool) bool {
	// The origin, and the reads of variables a closure assigned derived
	// values to (out, appended to in an EachRecord callback).
	origins := []ssa.Value{origin}
	for _, b := range p.fn.Blocks {
		for _, instr := range b.Instrs {
			if v, ok := instr.(ssa.Value); ok && loadsTainted(v, tainted) {
				origins = append(origins, v)
			}
		}
	}
	for _, o := range origins {
		t := tainted
		if o != origin {
			t = c.taint(o)
		}
		for _, site := range c.processingSites(p.fn, o) {
			if site == ssa.Instruction(p.instr) {
				continue
			}
			if !c.decodes(site, t, 0) {
				return true
			}
		}
	}
	return false
}

// decodes reports whether the processing site instr only decodes: a call
// named like decoding, or a call passing a closure (EachRecord) whose
// processing of tainted values only decodes.
func (c *checker) decodes(instr ssa.Instruction, tainted map[ssa.Value]bool, depth int) bool {
	ci, ok := instr.(*ssa.Call)
	if !ok || depth > 2 {
		return false
	}
	if fn := ssaflow.Callee(ci.Common()); fn != nil && handsoff.IsDecodeName(fn.Name()) {
		return true
	}
	lits := 0
	for _, a := range ci.Common().Args {
		lit := ssaflow.Literal(a)
		if lit == nil {
			continue
		}
		lits++
		for _, b := range lit.Blocks {
			for _, in := range b.Instrs {
				if c.processes_(in, tainted, 1) && !c.decodes(in, tainted, depth+1) {
					return false
				}
			}
		}
	}
	return lits > 0
}

// callerSites returns, for each call of fn in the package (not deferred
// or started in a goroutine), the first instruction of its caller that
// processes what the call returns.
func (c *checker) callerSites(fn *ssa.Function) []ssa.Instruction {
	var out []ssa.Instruction
	for _, caller := range c.m.SSA.SrcFuncs {
		for _, b := range caller.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok || call.Common().StaticCallee() != fn {
					continue
				}
				// What the call returns, its error aside: a failure
				// handled (http.Error(w, err.Error(), ...)) is not the
				// records processed.
				var results []ssa.Value
				if _, isTuple := call.Type().(*types.Tuple); isTuple {
					for _, ref := range *call.Referrers() {
						if ex, ok := ref.(*ssa.Extract); ok && !isError(ex.Type()) {
							results = append(results, ex)
						}
					}
				} else if !isError(call.Type()) {
					results = append(results, call)
				}
				for _, r := range results {
					if sites := c.processingSites(caller, r); len(sites) > 0 {
						out = append(out, sites[0])
						break
					}
				}
			}
		}
	}
	return out
}

// loadsTainted reports whether v reads a local variable that is assigned
// a tainted value, there or in a closure capturing it (out = append(out,
// o) in an EachRecord callback).
func loadsTainted(v ssa.Value, tainted map[ssa.Value]bool) bool {
	u, ok := v.(*ssa.UnOp)
	if !ok || u.Op != token.MUL {
		return false
	}
	al, ok := u.X.(*ssa.Alloc)
	if !ok {
		return false
	}
	var stored func(addr ssa.Value) bool
	stored = func(addr ssa.Value) bool {
		for _, ref := range *addr.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr == addr && tainted[r.Val] {
					return true
				}
			case *ssa.MakeClosure:
				for i, b := range r.Bindings {
					if b == addr && stored(r.Fn.(*ssa.Function).FreeVars[i]) {
						return true
					}
				}
			}
		}
		return false
	}
	return stored(al)
}
