package consumer

import (
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// ---- config maps filled through a local setter closure (issue #17) ----
//
//	set := func(k string, v kafka.ConfigValue) { _ = cm.SetKey(k, v) }
//	set("group.id", g)
//	set("enable.auto.offset.store", false)
//
// A SetKey call in a function literal whose key or value is a parameter of
// the literal sets, at each call of the closure, the key and value that
// call passes. That holds when the closure is only ever called (not passed
// on, stored or captured): then its calls are all the sets. Otherwise the
// key is not a constant where it is set, and the config is opaque.

// setterSet is one application of a SetKey call: the instruction that
// decides whether it runs (the closure's call, or the SetKey call itself),
// the key and value it sets, and where.
type setterSet struct {
	in       ssa.Instruction
	key, val ssa.Value
	pos      token.Pos
}

// setterSets returns the sets a SetKey call (key, val: its arguments)
// makes: one per call of its closure when key or val is a parameter of a
// function literal only ever called, else the call itself.
func setterSets(call ssa.CallInstruction, key, val ssa.Value) []setterSet {
	self := []setterSet{{in: call, key: key, val: val, pos: call.Pos()}}
	fn := call.Parent()
	ki, vi := paramIndex(fn, key), paramIndex(fn, val)
	if fn.Parent() == nil || ki < 0 && vi < 0 {
		return self
	}
	sites, ok := closureCalls(fn)
	if !ok {
		return self
	}
	var out []setterSet
	for _, site := range sites {
		args := site.Common().Args
		s := setterSet{in: site, key: key, val: val, pos: site.Pos()}
		if ki >= 0 {
			if ki >= len(args) {
				return self
			}
			s.key = args[ki]
		}
		if vi >= 0 {
			if vi >= len(args) {
				return self
			}
			s.val = args[vi]
		}
		out = append(out, s)
	}
	return out
}

// paramIndex returns the index of the parameter of fn that v is (through
// interface conversions), or -1.
func paramIndex(fn *ssa.Function, v ssa.Value) int {
	v = ssaflow.Unconvert(v)
	for i, p := range fn.Params {
		if p == v {
			return i
		}
	}
	return -1
}

// closureCalls returns the calls of function literal fn when every
// closure of it its enclosing function makes is only called (as the
// callee of a call, a go or a defer statement), and false otherwise.
func closureCalls(fn *ssa.Function) ([]ssa.CallInstruction, bool) {
	var out []ssa.CallInstruction
	found := false
	for _, b := range fn.Parent().Blocks {
		for _, instr := range b.Instrs {
			mc, ok := instr.(*ssa.MakeClosure)
			if !ok || mc.Fn != fn {
				continue
			}
			found = true
			for _, ref := range *mc.Referrers() {
				ci, ok := ref.(ssa.CallInstruction)
				if !ok || ci.Common().Value != mc {
					return nil, false
				}
				for _, a := range ci.Common().Args {
					if a == mc {
						return nil, false
					}
				}
				out = append(out, ci)
			}
		}
	}
	return out, found
}
