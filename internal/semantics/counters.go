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

// decides reports whether a condition of pkg's code tests field v (read
// plainly, by an atomic Load, or by the result of an atomic Add): a flag,
// not a metric.
func decides(pkg *ssa.Package, v *types.Var) bool {
	if pkg == nil {
		return true
	}
	if m, ok := decidedBy.Load(pkg); ok {
		return m.(map[*types.Var]bool)[v]
	}
	tested := map[*types.Var]bool{}
	read := func(x ssa.Value) bool {
		var fa *ssa.FieldAddr
		switch y := x.(type) {
		case *ssa.UnOp:
			fa, _ = y.X.(*ssa.FieldAddr)
		case *ssa.Call:
			if f := ssaflow.Callee(y.Common()); f != nil && f.Pkg() != nil && f.Pkg().Path() == "sync/atomic" && (strings.HasPrefix(f.Name(), "Load") || strings.HasPrefix(f.Name(), "Add")) && len(y.Call.Args) > 0 {
				fa, _ = y.Call.Args[0].(*ssa.FieldAddr)
			}
		}
		if fa != nil {
			if fv := ssaflow.FieldVar(fa); fv != nil {
				tested[fv] = true
			}
		}
		return false
	}
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			if ifi, ok := b.Instrs[len(b.Instrs)-1].(*ssa.If); ok {
				ssaflow.Derives(ifi.Cond, read)
			}
		}
	}
	m, _ := decidedBy.LoadOrStore(pkg, tested)
	return m.(map[*types.Var]bool)[v]
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
