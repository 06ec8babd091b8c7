package semantics

import (
	"go/token"
	"go/types"
	"slices"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/handsoff"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// loggedFlag reports whether st sets a flag a function literal captures
// (clean = false in apply := func(m) { ... }) that its enclosing function
// only reads to log (if !clean { log }): set, but deciding nothing
// (audit 39b/D4).
func loggedFlag(st *ssa.Store) bool {
	fv, ok := st.Addr.(*ssa.FreeVar)
	if !ok {
		return false
	}
	lit, parent := fv.Parent(), fv.Parent().Parent()
	i := slices.Index(lit.FreeVars, fv)
	if parent == nil || i < 0 {
		return false
	}
	var alloc *ssa.Alloc
	for _, b := range parent.Blocks {
		for _, in := range b.Instrs {
			if mc, ok := in.(*ssa.MakeClosure); ok && mc.Fn == lit && i < len(mc.Bindings) {
				alloc, _ = mc.Bindings[i].(*ssa.Alloc)
			}
		}
	}
	if alloc == nil || alloc.Referrers() == nil || fv.Referrers() == nil {
		return false
	}
	for _, ref := range *fv.Referrers() {
		// The literal's own reads: a flag it stops on (if stuck {
		// return }: review 39-3/D6).
		if load, ok := ref.(*ssa.UnOp); ok && load.Op == token.MUL && !countedLoad(load) && !loggedUse(load, logCounts, 0) {
			return false
		}
	}
	for _, ref := range *alloc.Referrers() {
		switch x := ref.(type) {
		case *ssa.Store, *ssa.DebugRef:
		case *ssa.MakeClosure:
			if x.Fn != lit {
				return false // another literal shares it
			}
		case *ssa.UnOp:
			if x.Op != token.MUL || !loggedUse(x, logCounts, 0) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loggedUse reports whether every use of v only logs it: printed or given
// to a logger or a metric, or tested by an if one of whose branches only
// logs before going on (loggedIf), through comparisons, arithmetic,
// conversions and negations of it (a rate logged as a float: review
// 39-2/D9). mode is what the branch's logging may include (logsOnly).
func loggedUse(v ssa.Value, mode, depth int) bool {
	refs := v.Referrers()
	if refs == nil || len(*refs) == 0 || depth > 4 {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.MakeInterface:
			if !boxedForLog(x) {
				return false
			}
		case *ssa.ChangeInterface:
			if !boxedForLog(x) {
				return false // (an error given as any: log.Print(err))
			}
		case *ssa.Call:
			if !logging(x.Common()) {
				return false
			}
		case *ssa.If:
			if !loggedIf(x, mode) {
				return false
			}
		case *ssa.BinOp:
			if !loggedUse(x, mode, depth+1) {
				return false
			}
		case *ssa.Convert:
			if !loggedUse(x, mode, depth+1) {
				return false
			}
		case *ssa.ChangeType:
			if types.IsInterface(x.Type()) {
				// A value of a type parameter given as any
				// (drainAll[T any]: review 40-3/D3a).
				if !boxedForLog(x) {
					return false
				}
			} else if !loggedUse(x, mode, depth+1) {
				return false
			}
		case *ssa.UnOp:
			if x.Op != token.NOT || !loggedUse(x, mode, depth+1) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// boxedForLog reports whether mi, a value boxed in an interface (or
// converted to another), is stored in a variadic slice only
// (log.Printf's arguments) or given to a logger or a metric.
func boxedForLog(mi ssa.Value) bool {
	if mi.Referrers() == nil {
		return false
	}
	for _, r := range *mi.Referrers() {
		switch x := r.(type) {
		case *ssa.Store:
			if _, ok := x.Addr.(*ssa.IndexAddr); !ok {
				return false
			}
		case *ssa.Call:
			if !logging(x.Common()) && !quiet(x) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// loggedIf reports whether one branch of ifi only logs before going on to
// the other.
func loggedIf(ifi *ssa.If, mode int) bool {
	t, f := ifi.Block().Succs[0], ifi.Block().Succs[1]
	return logs(t, mode) && len(t.Succs) == 1 && t.Succs[0] == f || logs(f, mode) && len(f.Succs) == 1 && f.Succs[0] == t
}

// logs reports whether b only logs, reading what it logs from the
// client's getters too (claim.Partition()): it does not stop the process
// (log.Fatalf: review 39-2/D1), nor set a value read after it (a flag
// the loop stops on, a phi: review 39-2/D2).
func logs(b *ssa.BasicBlock, mode int) bool {
	if exits(b) || failureKept(b) {
		return false
	}
	return logsOnly(slices.DeleteFunc(slices.Clone(b.Instrs), func(in ssa.Instruction) bool {
		c, ok := in.(*ssa.Call)
		return ok && c.Call.IsInvoke() && c.Call.Method.Pkg() != nil && clientmodel.Default.IsClientPath(c.Call.Method.Pkg().Path()) && c.Call.Signature().Results().Len() == 1
	}), mode)
}

// exits reports whether b stops the goroutine or the process: it panics
// or ends the process (ending).
func exits(b *ssa.BasicBlock) bool { return endingOf(b) != goesOn }

// An ending is how a block stops the goroutine or the process, if it
// does.
type ending int

const (
	goesOn      ending = iota
	panics             // panic, a logger's Panic*: deferred calls run
	endsProcess        // os.Exit, a logger's Fatal* or Exit*: they do not
)

// endingOf returns how b stops: a Fatal or Exit function or method (log's,
// a logger's, klog's Exitf: review 39-3/D7) and os.Exit end the process;
// panic and a Panic function or method panic.
func endingOf(b *ssa.BasicBlock) ending {
	for _, in := range b.Instrs {
		switch x := in.(type) {
		case *ssa.Panic:
			return panics
		case *ssa.Call:
			name := ""
			if f := ssaflow.Callee(x.Common()); f != nil {
				name = f.Name()
				if f.Pkg() != nil && f.Pkg().Path() == "os" && name == "Exit" {
					return endsProcess
				}
			} else if x.Call.IsInvoke() {
				name = x.Call.Method.Name()
			}
			switch {
			case strings.HasPrefix(name, "Fatal"), strings.HasPrefix(name, "Exit"):
				return endsProcess
			case strings.HasPrefix(name, "Panic"):
				return panics
			}
		}
	}
	return goesOn
}

// counted returns the field a failure branch's instruction counts in (a
// metric: h.failed.Add(1), atomic.AddInt64(&h.failed, 1), h.failed++),
// or nil. A count no code of the package tests (decides) is logging, not
// keeping the failure (audit 39b/D3: the README says counting is not
// processing).
func counted(in ssa.Instruction) *types.Var {
	v := increment(in)
	if v == nil || decides(in.Parent().Pkg, v) {
		return nil
	}
	return v
}

// increment returns the field or package variable in counts in (an
// atomic Add, a ++, a method of the package doing only that:
// w.st.incFailed(), review 39-1/D7), or nil.
func increment(in ssa.Instruction) *types.Var {
	var addr ssa.Value
	switch x := in.(type) {
	case *ssa.Call:
		f := ssaflow.Callee(x.Common())
		if body := ssaflow.Body(x.Call.StaticCallee()); body != nil && body.Pkg == in.Parent().Pkg && x.Referrers() != nil && len(*x.Referrers()) == 0 {
			return countsOnly(body)
		}
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
	return counter(addr)
}

// counter returns the field or the package variable addr is the address
// of (a global counter: var failures atomic.Int64, review 39-1/D7), or nil.
func counter(addr ssa.Value) *types.Var {
	switch x := addr.(type) {
	case *ssa.FieldAddr:
		return ssaflow.FieldVar(x)
	case *ssa.Global:
		v, _ := x.Object().(*types.Var)
		return v
	}
	return nil
}

// countsOnly returns the counter a function of one block counts in when it
// does nothing else (func (s *stats) incFailed() { s.failed.Add(1) }).
func countsOnly(fn *ssa.Function) *types.Var {
	if len(fn.Blocks) != 1 || fn.Signature.Results().Len() != 0 {
		return nil
	}
	var v *types.Var
	for _, in := range fn.Blocks[0].Instrs {
		switch x := in.(type) {
		case *ssa.FieldAddr, *ssa.DebugRef, *ssa.Return:
		case *ssa.UnOp:
			if !countedLoad(x) {
				return nil
			}
		case *ssa.BinOp:
		case *ssa.Call:
			if f := ssaflow.Callee(x.Common()); f == nil || f.Pkg() == nil || f.Pkg().Path() != "sync/atomic" || v != nil {
				return nil
			}
			if v = increment(x); v == nil {
				return nil
			}
		case *ssa.Store:
			if v != nil {
				return nil
			}
			if v = increment(x); v == nil {
				return nil
			}
		default:
			return nil
		}
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

// decidedBy caches decides' reads by package, for the package being
// analyzed: cleared when it grows past a few packages, so that it keeps no
// program's SSA alive.
var decidedBy struct {
	sync.Mutex
	m map[*ssa.Package]map[*types.Var]bool
}

// decides reports whether pkg's code reads field v other than to count
// in it (a load for h.errs++, an atomic Add whose result nothing uses)
// or to log it (loggedUse, its tests' branches logging plainly),
// or v is exported (read by other packages, unless in main): a flag or a count some code
// may test (a getter in a condition, Swap(0): review 39-1/D4, D5), not a
// metric only.
func decides(pkg *ssa.Package, v *types.Var) bool {
	if pkg == nil || v.Exported() && pkg.Pkg.Name() != "main" {
		return true
	}
	decidedBy.Lock()
	read, ok := decidedBy.m[pkg]
	decidedBy.Unlock()
	if ok {
		return read[v]
	}
	read = map[*types.Var]bool{}
	mark := func(addr ssa.Value) {
		if fv := counter(addr); fv != nil {
			read[fv] = true
		}
	}
	for _, fn := range packageFuncs(pkg) {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case *ssa.UnOp:
					if x.Op == token.MUL && !countedLoad(x) && !loggedUse(x, logPlain, 0) {
						mark(x.X)
					}
				case *ssa.Call:
					f := ssaflow.Callee(x.Common())
					if f == nil || f.Pkg() == nil || f.Pkg().Path() != "sync/atomic" || len(x.Call.Args) == 0 || loggedUse(x, logPlain, 0) {
						continue
					}
					if !strings.HasPrefix(f.Name(), "Add") || x.Referrers() != nil && len(*x.Referrers()) > 0 {
						mark(x.Call.Args[0])
					}
				}
			}
		}
	}
	decidedBy.Lock()
	if decidedBy.m == nil || len(decidedBy.m) >= 8 {
		decidedBy.m = map[*ssa.Package]map[*types.Var]bool{}
	}
	decidedBy.m[pkg] = read
	decidedBy.Unlock()
	return read[v]
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

// drainers holds the handsoff.Result of each package run is analyzing:
// reportedOnly asks it of the functions of other packages a channel is
// given to (handsoff.DrainsFact).
var drainers sync.Map // *types.Package -> *handsoff.Result

// reportedOnly reports whether send sends an error on a channel that the
// code of its package receives only to log (h.errs <- err, drained by
// `for e := range errs { log.Print(e) }`): the failure is reported, not
// kept (review 40-1/D2: a goroutine joined by a WaitGroup whose error
// went there was at-least-once). A channel received nowhere in the
// package, or received to decide anything, keeps it.
func reportedOnly(send *ssa.Send) bool {
	pkg := send.Parent().Pkg
	if !isError(send.X.Type()) || pkg == nil {
		return false
	}
	funcs := packageFuncs(pkg)
	made := chanRoots(send.Chan, funcs, 0)
	if len(made) == 0 {
		return false
	}
	same := func(ch ssa.Value) bool { return ssaflow.Intersects(chanRoots(ch, funcs, 0), made) }
	ho, _ := drainers.Load(pkg.Pkg)
	found := false
	for _, fn := range funcs {
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				switch x := in.(type) {
				case ssa.CallInstruction:
					// A function of another package given the channel:
					// one that only logs what it receives (review
					// 40-3/D3b), else one that may act on it.
					callee := x.Common().StaticCallee()
					if callee == nil || callee.Pkg == pkg || callee.Object() == nil {
						continue
					}
					for i, arg := range x.Common().Args {
						if _, isChan := arg.Type().Underlying().(*types.Chan); !isChan || !same(arg) {
							continue
						}
						if callee.Signature.Recv() != nil {
							i-- // the receiver's
						}
						if ho == nil || !ho.(*handsoff.Result).Drains(callee.Object().(*types.Func), i) {
							return false
						}
						found = true
					}
				case *ssa.UnOp:
					if x.Op != token.ARROW || !same(x.X) {
						continue
					}
					found = true
					var got ssa.Value = x
					if x.CommaOk {
						got = nil
						for _, r := range *x.Referrers() {
							if ex, ok := r.(*ssa.Extract); ok && ex.Index == 0 {
								got = ex
							}
						}
					}
					if got != nil && !loggedUse(got, logPlain, 0) {
						return false
					}
				case *ssa.Select:
					// A drain selecting on the channel and a quit one
					// (review 40-2/D3): the value its case receives, and
					// the case, which must only log (not return on it:
					// review 40-3/D2).
					j := 0
					for si, st := range x.States {
						if st.Dir != types.RecvOnly {
							continue
						}
						if same(st.Chan) {
							found = true
							if !caseLogs(x, si) {
								return false
							}
							for _, r := range *x.Referrers() {
								if ex, ok := r.(*ssa.Extract); ok && ex.Index == 2+j && !loggedUse(ex, logPlain, 0) {
									return false
								}
							}
						}
						j++
					}
				}
			}
		}
	}
	return found
}

// caseLogs reports whether the case si of sel (its index among the
// states) only logs before going on: the block of the test of the chosen
// index against si, ending in a jump.
func caseLogs(sel *ssa.Select, si int) bool {
	for _, r := range *sel.Referrers() {
		ex, ok := r.(*ssa.Extract)
		if !ok || ex.Index != 0 {
			continue
		}
		for _, u := range *ex.Referrers() {
			cmp, ok := u.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			if c, isConst := cmp.Y.(*ssa.Const); !isConst || c.Int64() != int64(si) {
				continue
			}
			for _, uu := range *cmp.Referrers() {
				if ifi, ok := uu.(*ssa.If); ok {
					b := ifi.Block().Succs[0]
					_, jumps := b.Instrs[len(b.Instrs)-1].(*ssa.Jump)
					return jumps && logs(b, logPlain)
				}
			}
		}
	}
	return false
}

// callsFn reports whether ci calls fn, or an instance of fn when fn is
// generic (go drainAll(errs) with drainAll[T any]: review 40-3/D3a).
func callsFn(ci ssa.CallInstruction, fn *ssa.Function) bool {
	callee := ci.Common().StaticCallee()
	return callee != nil && (callee == fn || callee.Origin() == fn)
}

// chanRoots returns the make(chan) calls ch comes from: through loads of
// locals (captured ones too), fields and package variables, every store
// to which in funcs is followed.
func chanRoots(ch ssa.Value, funcs []*ssa.Function, depth int) []ssa.Value {
	if depth > 4 {
		return nil
	}
	stored := func(match func(addr ssa.Value) bool) []ssa.Value {
		var out []ssa.Value
		for _, fn := range funcs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if st, ok := in.(*ssa.Store); ok && match(st.Addr) {
						out = append(out, chanRoots(st.Val, funcs, depth+1)...)
					}
				}
			}
		}
		return out
	}
	switch x := ch.(type) {
	case *ssa.MakeChan:
		return []ssa.Value{x}
	case *ssa.Parameter:
		// A drain given the channel (go logErrors(errs): review
		// 40-2/D4): what its calls pass.
		i := slices.Index(x.Parent().Params, x)
		var out []ssa.Value
		for _, fn := range funcs {
			for _, b := range fn.Blocks {
				for _, in := range b.Instrs {
					if ci, ok := in.(ssa.CallInstruction); ok && callsFn(ci, x.Parent()) && i < len(ci.Common().Args) {
						out = append(out, chanRoots(ci.Common().Args[i], funcs, depth+1)...)
					}
				}
			}
		}
		return out
	case *ssa.ChangeType:
		return chanRoots(x.X, funcs, depth+1)
	case *ssa.UnOp:
		if x.Op != token.MUL {
			return nil
		}
		switch a := x.X.(type) {
		case *ssa.Alloc:
			return stored(func(addr ssa.Value) bool { return addr == ssa.Value(a) })
		case *ssa.FreeVar:
			var out []ssa.Value
			for _, bound := range ssaflow.BoundTo(a) {
				if al, ok := bound.(*ssa.Alloc); ok {
					out = append(out, stored(func(addr ssa.Value) bool { return addr == ssa.Value(al) })...)
				}
			}
			return out
		case *ssa.FieldAddr:
			v := ssaflow.FieldVar(a)
			return stored(func(addr ssa.Value) bool {
				fa, ok := addr.(*ssa.FieldAddr)
				return ok && v != nil && ssaflow.FieldVar(fa) == v
			})
		case *ssa.Global:
			return stored(func(addr ssa.Value) bool { return addr == ssa.Value(a) })
		}
	}
	return nil
}
