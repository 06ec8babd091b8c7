package semantics

import (
	"go/token"
	"go/types"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// counted returns the field a failure branch's instruction counts in (a
// metric: h.failed.Add(1), atomic.AddInt64(&h.failed, 1), h.failed++),
// or nil. A count no code of the package tests (decides) is logging, not
// keeping the failure (audit 39b/D3: the README says counting is not
// processing).
func counted(in ssa.Instruction) *types.Var {
	var addr ssa.Value
	switch x := in.(type) {
	case *ssa.Call:
		f := ssaflow.Callee(x.Common())
		if f == nil || f.Pkg() == nil || f.Pkg().Path() != "sync/atomic" || !strings.HasPrefix(f.Name(), "Add") || len(x.Call.Args) == 0 {
			return nil
		}
		addr = x.Call.Args[0] // the receiver of a method, the address of a function's
	case *ssa.Store:
		add, ok := x.Val.(*ssa.BinOp)
		if !ok || add.Op != token.ADD && add.Op != token.SUB {
			return nil
		}
		load, ok := add.X.(*ssa.UnOp)
		if !ok || load.Op != token.MUL || !sameField(load.X, x.Addr) {
			return nil
		}
		addr = x.Addr
	default:
		return nil
	}
	fa, ok := addr.(*ssa.FieldAddr)
	if !ok {
		return nil
	}
	v := ssaflow.FieldVar(fa)
	if v == nil || decides(in.Parent().Pkg, v) {
		return nil
	}
	return v
}

// sameField reports whether a and b address the same field of the same
// value (w.errs++ takes its address twice).
func sameField(a, b ssa.Value) bool {
	fa, ok1 := a.(*ssa.FieldAddr)
	fb, ok2 := b.(*ssa.FieldAddr)
	return a == b || ok1 && ok2 && fa.X == fb.X && fa.Field == fb.Field
}

var decidedBy sync.Map // *ssa.Package → map[*types.Var]bool

// decides reports whether pkg's code reads field v other than to count
// in it (a load for h.errs++, an atomic Add whose result nothing uses)
// or to print it,
// or v is exported (read by other packages): a flag or a count some code
// may test (a getter in a condition, Swap(0): review 39-1/D4, D5), not a
// metric only.
func decides(pkg *ssa.Package, v *types.Var) bool {
	if pkg == nil || v.Exported() {
		return true
	}
	if m, ok := decidedBy.Load(pkg); ok {
		return m.(map[*types.Var]bool)[v]
	}
	read := map[*types.Var]bool{}
	mark := func(addr ssa.Value) {
		if fa, ok := addr.(*ssa.FieldAddr); ok {
			if fv := ssaflow.FieldVar(fa); fv != nil {
				read[fv] = true
			}
		}
	}
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.MUL && !countedLoad(x) && !printedOnly(x) {
						mark(x.X)
					}
				case *ssa.Call:
					f := ssaflow.Callee(x.Common())
					if f == nil || f.Pkg() == nil || f.Pkg().Path() != "sync/atomic" || len(x.Call.Args) == 0 || printedOnly(x) {
						continue
					}
					if !strings.HasPrefix(f.Name(), "Add") || x.Referrers() != nil && len(*x.Referrers()) > 0 {
						mark(x.Call.Args[0])
					}
				}
			}
		}
	}
	m, _ := decidedBy.LoadOrStore(pkg, read)
	return m.(map[*types.Var]bool)[v]
}

// printedOnly reports whether v is only boxed for a print or a log
// (log.Printf("failed: %d", h.failed.Load())): read, but deciding
// nothing.
func printedOnly(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.MakeInterface); !ok {
			return false
		}
	}
	return true
}

// countedLoad reports whether load only feeds an increment stored back to
// the same field (h.errs++).
func countedLoad(load *ssa.UnOp) bool {
	if load.Referrers() == nil || len(*load.Referrers()) != 1 {
		return false
	}
	add, ok := (*load.Referrers())[0].(*ssa.BinOp)
	if !ok || add.Referrers() == nil || len(*add.Referrers()) != 1 {
		return false
	}
	st, ok := (*add.Referrers())[0].(*ssa.Store)
	return ok && sameField(st.Addr, load.X)
}

// packageFuncs returns pkg's functions, methods and their closures.
func packageFuncs(pkg *ssa.Package) []*ssa.Function {
	var out []*ssa.Function
	var add func(fn *ssa.Function)
	add = func(fn *ssa.Function) {
		if fn == nil || len(fn.Blocks) == 0 {
			return
		}
		out = append(out, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, m := range pkg.Members {
		switch x := m.(type) {
		case *ssa.Function:
			add(x)
		case *ssa.Type:
			for _, t := range []types.Type{x.Type(), types.NewPointer(x.Type())} {
				ms := pkg.Prog.MethodSets.MethodSet(t)
				for i := range ms.Len() {
					if fn := pkg.Prog.MethodValue(ms.At(i)); fn != nil && fn.Pkg == pkg {
						add(fn)
					}
				}
			}
		}
	}
	return out
}
