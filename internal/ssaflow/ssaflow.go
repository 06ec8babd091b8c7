// Package ssaflow answers the data-flow and control-flow questions the
// analyzers ask of SSA form, within one package: where does a value come
// from (its allocation roots), which functions call which, and which blocks
// can reach which.
package ssaflow

import (
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Flow is a per-package index over the SSA functions of one package. It is
// built once per package and shared by every analyzer that runs on it, which
// drivers may run concurrently: its memo is guarded by mu.
type Flow struct {
	mu      sync.Mutex
	funcs   []*ssa.Function
	inPkg   map[*ssa.Function]bool
	callers map[*ssa.Function][]ssa.CallInstruction
	// stores to struct fields and globals, by field object / global.
	fieldStores  map[*types.Var][]*ssa.Store
	globalStores map[*ssa.Global][]*ssa.Store
	// written holds the globals the package stores to or takes the
	// address of (init included); nils, the nil constant standing for a
	// global no code sets (nilGlobal).
	written map[*ssa.Global]bool
	nils    map[*ssa.Global]*ssa.Const
	// closures by function, for free variable bindings.
	closures map[*ssa.Function][]*ssa.MakeClosure
	// map updates, and stores into atomic cells (sync/atomic Pointer and
	// Value), for the values read back from them.
	mapUpdates []*ssa.MapUpdate
	cellStores []*ssa.CallCommon
	roots      map[ssa.Value][]ssa.Value
	// dynCallers indexes the calls of function values by the functions
	// of the package their roots are (built lazily: DynCallers).
	dynCallers map[*ssa.Function][]ssa.CallInstruction
	// spawner looks up the spawners of other packages, joins the
	// functions that wait for a group (SetSpawner).
	spawner func(ssa.CallInstruction) ssa.Value
	joins   func(*types.Func) bool
}

// SetSpawner sets the lookups of internal/spawner's facts: the function
// argument a call of another package's spawner runs in a goroutine of its
// own (for Started), and whether a function waits for a group of
// goroutines (for IsJoin, IsGroupWait).
func (f *Flow) SetSpawner(started func(ssa.CallInstruction) ssa.Value, joins func(*types.Func) bool) {
	f.spawner, f.joins = started, joins
}

// IsGroupWait is the package-level IsGroupWait, or a function whose body
// waits for a group (a utility package's Group.Wait).
func (f *Flow) IsGroupWait(fn *types.Func) bool {
	return IsGroupWait(fn) || fn != nil && f.joins != nil && f.joins(fn)
}

// IsJoin is the package-level IsJoin, with IsGroupWait's helpers.
func (f *Flow) IsJoin(fn *types.Func) bool { return f.IsGroupWait(fn) || IsCondWait(fn) }

// Started is the package-level Started, with the spawners of other
// packages of the program whose facts the lookup set by SetSpawner holds.
func (f *Flow) Started(ci ssa.CallInstruction) ssa.Value {
	if v := Started(ci); v != nil {
		return v
	}
	if f.spawner != nil {
		return f.spawner(ci)
	}
	return nil
}

// New indexes funcs (the package's source functions, literals included).
func New(funcs []*ssa.Function) *Flow {
	f := &Flow{
		funcs:        funcs,
		inPkg:        map[*ssa.Function]bool{},
		callers:      map[*ssa.Function][]ssa.CallInstruction{},
		fieldStores:  map[*types.Var][]*ssa.Store{},
		globalStores: map[*ssa.Global][]*ssa.Store{},
		written:      map[*ssa.Global]bool{},
		nils:         map[*ssa.Global]*ssa.Const{},
		closures:     map[*ssa.Function][]*ssa.MakeClosure{},
		roots:        map[ssa.Value][]ssa.Value{},
	}
	for _, fn := range funcs {
		f.inPkg[fn] = true
	}
	if len(funcs) > 0 && funcs[0].Pkg != nil {
		init := funcs[0].Pkg.Func("init")
		f.initFuncValues(init)
		f.noteWrites(init)
	}
	for _, fn := range funcs {
		f.noteWrites(fn)
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				switch in := instr.(type) {
				case ssa.CallInstruction:
					if callee := Body(in.Common().StaticCallee()); callee != nil && f.inPkg[callee] {
						f.callers[callee] = append(f.callers[callee], in) // an instance's calls are its generic body's
					}
					if atomicCell(in.Common(), "Store", "Swap", "CompareAndSwap") {
						f.cellStores = append(f.cellStores, in.Common())
					}
				case *ssa.MapUpdate:
					f.mapUpdates = append(f.mapUpdates, in)
				case *ssa.Store:
					switch a := in.Addr.(type) {
					case *ssa.FieldAddr:
						if v := FieldVar(a); v != nil {
							f.fieldStores[v.Origin()] = append(f.fieldStores[v.Origin()], in)
						}
					case *ssa.Global:
						f.globalStores[a] = append(f.globalStores[a], in)
					}
				}
				if mc, ok := instr.(*ssa.MakeClosure); ok {
					if cf, ok := mc.Fn.(*ssa.Function); ok {
						f.closures[cf] = append(f.closures[cf], mc)
					}
				}
			}
		}
	}
	return f
}

// noteWrites adds to f.written the globals fn stores to or uses other
// than by loading them (their address handed on, a field's taken).
func (f *Flow) noteWrites(fn *ssa.Function) {
	if fn == nil {
		return
	}
	var ops []*ssa.Value
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if load, ok := instr.(*ssa.UnOp); ok && load.Op == token.MUL {
				continue
			}
			for _, op := range instr.Operands(ops[:0]) {
				if g, ok := (*op).(*ssa.Global); ok {
					f.written[g] = true
				}
			}
		}
	}
}

// nilGlobal returns the nil constant a load of g yields when g holds a
// pointer, interface, map, slice, channel or function that no code can
// set: no code of the package stores to it or hands its address on, and
// no other package can (unexported, or of package main). Nil otherwise.
func (f *Flow) nilGlobal(g *ssa.Global) *ssa.Const {
	obj := g.Object()
	if obj == nil || f.written[g] || obj.Exported() && g.Pkg.Pkg.Name() != "main" {
		return nil
	}
	t := Deref(g.Type())
	switch t.Underlying().(type) {
	case *types.Pointer, *types.Interface, *types.Map, *types.Slice, *types.Chan, *types.Signature:
	default:
		return nil
	}
	c := f.nils[g]
	if c == nil {
		c = ssa.NewConst(nil, t)
		f.nils[g] = c
	}
	return c
}

// initFuncValues indexes the package initializer's stores of function
// literals into package-level variables (var build = func() ...), so that
// a call of the variable reaches the literal, and its stores of a call's
// result into a variable no other package can set (unexported, or of
// package main: var groupConfig = sarama.NewConfig()), so that its loads
// reach what it holds (a map literal's keys are read by the consumer
// model itself).
func (f *Flow) initFuncValues(init *ssa.Function) {
	if init == nil {
		return
	}
	for _, b := range init.Blocks {
		for _, instr := range b.Instrs {
			st, ok := instr.(*ssa.Store)
			if !ok {
				continue
			}
			g, ok := st.Addr.(*ssa.Global)
			if !ok {
				continue
			}
			switch st.Val.(type) {
			case *ssa.Function, *ssa.MakeClosure:
				f.globalStores[g] = append(f.globalStores[g], st)
			case *ssa.Call:
				if obj := g.Object(); obj != nil && (!obj.Exported() || g.Pkg.Pkg.Name() == "main") {
					f.globalStores[g] = append(f.globalStores[g], st)
				}
			}
		}
	}
}

// Funcs returns the indexed functions.
func (f *Flow) Funcs() []*ssa.Function { return f.funcs }

// InPackage reports whether fn is one of the package's source functions.
func (f *Flow) InPackage(fn *ssa.Function) bool { return f.inPkg[fn] }

// Callers returns the static call sites of fn within the package.
func (f *Flow) Callers(fn *ssa.Function) []ssa.CallInstruction { return f.callers[fn] }

// DynCallees returns the functions of the package a call of a function
// value (not a static call, not an interface method) may run: the
// literals and functions its value's roots are (a func-valued field set
// to a literal, a closure a method returns). Method values are left out:
// their calls' arguments do not line up with the method's parameters.
func (f *Flow) DynCallees(ci ssa.CallInstruction) []*ssa.Function {
	cc := ci.Common()
	if cc.IsInvoke() || cc.StaticCallee() != nil {
		return nil
	}
	if _, ok := cc.Value.(*ssa.Builtin); ok {
		return nil
	}
	var out []*ssa.Function
	for _, r := range f.Roots(cc.Value) {
		var fn *ssa.Function
		switch x := r.(type) {
		case *ssa.Function:
			fn = x
		case *ssa.MakeClosure:
			fn, _ = x.Fn.(*ssa.Function)
		}
		if fn != nil && fn.Synthetic == "" && f.inPkg[fn] && !slices.Contains(out, fn) {
			out = append(out, fn)
		}
	}
	return out
}

// DynCallers returns the calls of function values that may run fn
// (DynCallees): their arguments are fn's parameters, in order.
func (f *Flow) DynCallers(fn *ssa.Function) []ssa.CallInstruction {
	f.mu.Lock()
	built := f.dynCallers != nil
	f.mu.Unlock()
	if !built {
		idx := map[*ssa.Function][]ssa.CallInstruction{}
		for _, g := range f.funcs {
			for _, b := range g.Blocks {
				for _, in := range b.Instrs {
					if ci, ok := in.(ssa.CallInstruction); ok {
						for _, callee := range f.DynCallees(ci) {
							idx[callee] = append(idx[callee], ci)
						}
					}
				}
			}
		}
		f.mu.Lock()
		f.dynCallers = idx
		f.mu.Unlock()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.dynCallers[fn]
}

// Body returns the function whose body a call of fn runs: fn, or for an
// instance of a generic function (a wrapper calling the generic body,
// unless generics are instantiated), its generic origin.
func Body(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil {
		return fn.Origin()
	}
	return fn
}

// Method returns the function a call of the method sel runs, as it is
// declared: the method itself rather than a pointer's wrapper of a value
// method, and for a method of an instance of a generic type (a handler
// Handler[Event]) its generic body, nil when there is none.
func Method(prog *ssa.Program, sel *types.Selection) *ssa.Function {
	if obj, ok := sel.Obj().(*types.Func); ok {
		if fn := prog.FuncValue(obj); fn != nil {
			return Body(fn)
		}
	}
	return Body(prog.MethodValue(sel))
}

// Reach adds fn and every function of the package it reaches through
// static calls and closures to set. A call of a generic function or
// method of the package (an instance) reaches its generic body.
func (f *Flow) Reach(fn *ssa.Function, set map[*ssa.Function]bool) {
	fn = Body(fn)
	if fn == nil || set[fn] || !f.InPackage(fn) {
		return
	}
	set[fn] = true
	for _, anon := range fn.AnonFuncs {
		f.Reach(anon, set)
	}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if ci, ok := instr.(ssa.CallInstruction); ok {
				f.Reach(ci.Common().StaticCallee(), set)
			}
		}
	}
}

// ReachInPlace is Reach without the functions fn starts as goroutines (go
// s.worker(l), go func() { ... }()), which run on their own after it
// returns: what a callback does itself.
func (f *Flow) ReachInPlace(fn *ssa.Function, set map[*ssa.Function]bool) {
	fn = Body(fn)
	if fn == nil || set[fn] || !f.InPackage(fn) {
		return
	}
	set[fn] = true
	started := map[*ssa.Function]bool{}
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if g, ok := instr.(*ssa.Go); ok {
				if lit := Literal(g.Call.Value); lit != nil {
					started[lit] = true
				}
				continue
			}
			if ci, ok := instr.(ssa.CallInstruction); ok {
				f.ReachInPlace(ci.Common().StaticCallee(), set)
			}
		}
	}
	for _, anon := range fn.AnonFuncs {
		if !started[anon] {
			f.ReachInPlace(anon, set)
		}
	}
}

// ElemOf returns the slice v is a loaded element of (*&s[i], s[i], the
// element of a range over s), nil if it is none.
func ElemOf(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.UnOp:
		if ia, ok := x.X.(*ssa.IndexAddr); ok && x.Op == token.MUL {
			return ia.X
		}
	case *ssa.Index:
		return x.X
	}
	return nil
}

// FieldVar returns the struct field a FieldAddr addresses.
func FieldVar(a *ssa.FieldAddr) *types.Var {
	st, ok := Deref(a.X.Type()).Underlying().(*types.Struct)
	if !ok || a.Field >= st.NumFields() {
		return nil
	}
	return st.Field(a.Field)
}

// FieldOf returns, for a field read (a FieldAddr or a Field), the struct
// value (or pointer) it reads from and the field's index; ok is false
// for other values.
func FieldOf(v ssa.Value) (x ssa.Value, i int, ok bool) {
	switch f := v.(type) {
	case *ssa.FieldAddr:
		return f.X, f.Field, true
	case *ssa.Field:
		return f.X, f.Field, true
	}
	return nil, 0, false
}

// MaxValueDepth bounds every backward walk over the values a value is
// computed from (record derivation, option lists, offsets read from
// records): past it the walk gives up, and the analyses stay silent.
const MaxValueDepth = 16

// MaxCallDepth bounds how many in-package helper calls deep a walk follows
// a value or a function.
const MaxCallDepth = 3

// FieldPath returns the struct pointer addr addresses path from, or nil if
// addr is not a chain of FieldAddrs spelling path (cfg.Consumer.Offsets
// for "Consumer.Offsets").
func FieldPath(addr ssa.Value, path []string) ssa.Value {
	for i := len(path) - 1; i >= 0; i-- {
		fa, ok := addr.(*ssa.FieldAddr)
		if !ok {
			return nil
		}
		v := FieldVar(fa)
		if v == nil || v.Name() != path[i] {
			return nil
		}
		addr = fa.X
	}
	return addr
}

// Deref is the element type of a pointer type, else t.
func Deref(t types.Type) types.Type {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}

// Dominates reports whether instruction a executes before b on every path
// to b (both in one function).
func Dominates(a, b ssa.Instruction) bool {
	if a.Parent() != b.Parent() {
		return false
	}
	ab, bb := a.Block(), b.Block()
	if ab == bb {
		for _, in := range ab.Instrs {
			if in == a {
				return true
			}
			if in == b {
				return false
			}
		}
		return false
	}
	return ab.Dominates(bb)
}

// Roots returns the values v may have come from, looking through copies,
// conversions, phis, local variables, struct fields and globals assigned in
// this package, parameters (via their in-package callers), free variables
// (via their closures' bindings), and in-package function results. A root is
// a value the package creates or receives from outside: a call to a function
// of another package, an allocation, a constant, or an opaque parameter.
func (f *Flow) Roots(v ssa.Value) []ssa.Value {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.rootsOf(v)
}

func (f *Flow) rootsOf(v ssa.Value) []ssa.Value {
	if r, ok := f.roots[v]; ok {
		return r
	}
	f.roots[v] = nil // cycle guard: a value in a cycle adds nothing new
	seen := map[ssa.Value]bool{}
	var out []ssa.Value
	add := func(rs []ssa.Value) {
		for _, r := range rs {
			if !seen[r] {
				seen[r] = true
				out = append(out, r)
			}
		}
	}
	switch x := v.(type) {
	case *ssa.Phi:
		for _, e := range x.Edges {
			add(f.rootsOf(e))
		}
	case *ssa.ChangeType:
		add(f.rootsOf(x.X))
	case *ssa.MakeInterface:
		add(f.rootsOf(x.X))
	case *ssa.ChangeInterface:
		add(f.rootsOf(x.X))
	case *ssa.TypeAssert:
		add(f.rootsOf(x.X))
	case *ssa.Convert:
		add(f.rootsOf(x.X))
	case *ssa.SliceToArrayPointer:
		add(f.rootsOf(x.X))
	case *ssa.UnOp:
		if x.Op.String() == "*" {
			add(f.loaded(x.X))
		} else {
			add([]ssa.Value{v})
		}
	case *ssa.Lookup:
		add(f.mapValues(x.X, v))
	case *ssa.Extract:
		if l, ok := x.Tuple.(*ssa.Lookup); ok && x.Index == 0 {
			add(f.mapValues(l.X, v))
			break
		}
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			add(f.rootsOf(ta.X)) // v, ok := x.(T)
			break
		}
		if n, ok := x.Tuple.(*ssa.Next); ok && !n.IsString && x.Index == 2 {
			if r, ok := n.Iter.(*ssa.Range); ok {
				add(f.mapValues(r.X, v))
				break
			}
		}
		if call, ok := x.Tuple.(*ssa.Call); ok {
			if rs := f.results(call, x.Index); rs != nil {
				add(rs)
				break
			}
		}
		add([]ssa.Value{v})
	case *ssa.Call:
		if rs := f.results(x, 0); rs != nil {
			add(rs)
			break
		}
		if atomicCell(&x.Call, "Load") {
			add(f.cellValues(x))
			break
		}
		add([]ssa.Value{v})
	case *ssa.Parameter:
		rs := f.paramRoots(x)
		if rs == nil {
			rs = []ssa.Value{v}
		}
		add(rs)
	case *ssa.FreeVar:
		rs := f.freeVarRoots(x)
		if rs == nil {
			rs = []ssa.Value{v}
		}
		add(rs)
	default:
		add([]ssa.Value{v})
	}
	f.roots[v] = out
	return out
}

// Loaded returns the roots of the values stored at addr.
func (f *Flow) Loaded(addr ssa.Value) []ssa.Value {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.loaded(addr)
}

func (f *Flow) loaded(addr ssa.Value) []ssa.Value {
	var out []ssa.Value
	switch a := addr.(type) {
	case *ssa.Alloc:
		// A local variable (or a composite literal, whose address is the
		// value itself): what was stored into it.
		stored := false
		for _, ref := range *a.Referrers() {
			if st, ok := ref.(*ssa.Store); ok && st.Addr == a {
				out = append(out, f.rootsOf(st.Val)...)
				stored = true
			}
		}
		if !stored {
			out = append(out, a)
		}
	case *ssa.FieldAddr:
		if v := FieldVar(a); v != nil {
			for _, st := range f.fieldStores[v.Origin()] {
				out = append(out, f.rootsOf(st.Val)...)
			}
		}
		if out == nil {
			out = append(out, addr)
		}
	case *ssa.Global:
		for _, st := range f.globalStores[a] {
			out = append(out, f.rootsOf(st.Val)...)
		}
		if c := f.nilGlobal(a); out == nil && c != nil {
			out = append(out, c)
		}
		if out == nil {
			out = append(out, addr)
		}
	case *ssa.FreeVar, *ssa.Parameter, *ssa.UnOp:
		// A captured variable is a free variable holding the variable's
		// address: find the Allocs it is bound to. So is a pointer loaded
		// from a field (a struct holding &cg, read back as *c.group).
		for _, r := range f.rootsOf(a) {
			if r == a {
				out = append(out, addr)
				continue
			}
			out = append(out, f.loaded(r)...)
		}
	default:
		out = append(out, addr)
	}
	return out
}

// results returns the roots of result i of an in-package static call, or nil.
func (f *Flow) results(call *ssa.Call, i int) []ssa.Value {
	callees := []*ssa.Function{call.Call.StaticCallee()}
	if callees[0] == nil && !call.Call.IsInvoke() {
		// A function value (a package-level func variable, a local
		// closure): the package's functions it can hold.
		callees = callees[:0]
		for _, r := range f.rootsOf(call.Call.Value) {
			switch fv := r.(type) {
			case *ssa.Function:
				callees = append(callees, fv)
			case *ssa.MakeClosure:
				if fn, ok := fv.Fn.(*ssa.Function); ok {
					callees = append(callees, fn)
				}
			default:
				return nil // a value from outside the package
			}
		}
	}
	var out []ssa.Value
	for _, callee := range callees {
		if callee == nil || !f.inPkg[callee] || callee.Blocks == nil {
			return nil
		}
		for _, b := range callee.Blocks {
			if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok && i < len(ret.Results) {
				out = append(out, f.rootsOf(ret.Results[i])...)
			}
		}
	}
	return out
}

// Unconvert returns v without the interface and named-type conversions
// around it (MakeInterface, ChangeInterface, ChangeType).
func Unconvert(v ssa.Value) ssa.Value {
	for {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
}

// mapValues returns the roots of the values stored into the map m (any
// update of a map with the same roots), or v itself if there are none.
func (f *Flow) mapValues(m, v ssa.Value) []ssa.Value {
	var out []ssa.Value
	maps := f.rootsOf(m)
	for _, mu := range f.mapUpdates {
		if Intersects(f.rootsOf(mu.Map), maps) {
			out = append(out, f.rootsOf(mu.Value)...)
		}
	}
	if out == nil {
		out = []ssa.Value{v}
	}
	return out
}

// cellValues returns the roots of the values stored into the atomic cell
// that load reads (a Store, Swap or CompareAndSwap on the same global,
// field or variable), or load itself if there are none.
func (f *Flow) cellValues(load *ssa.Call) []ssa.Value {
	var out []ssa.Value
	cell := cellKey(load.Call.Args[0])
	for _, st := range f.cellStores {
		if cell == nil || cellKey(st.Args[0]) != cell {
			continue
		}
		out = append(out, f.rootsOf(st.Args[len(st.Args)-1])...)
	}
	if out == nil {
		out = []ssa.Value{load}
	}
	return out
}

// cellKey identifies the atomic cell at addr: its global, struct field or
// local variable; nil if unknown.
func cellKey(addr ssa.Value) any {
	switch a := addr.(type) {
	case *ssa.Global, *ssa.Alloc:
		return a
	case *ssa.FieldAddr:
		if v := FieldVar(a); v != nil {
			return v
		}
	}
	return nil
}

// atomicCell reports whether c is a static call of one of the named
// methods of sync/atomic's Pointer[T] or Value.
func atomicCell(c *ssa.CallCommon, names ...string) bool {
	fn := c.StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(c.Args) < 1 || !slices.Contains(names, fn.Name()) {
		return false
	}
	n, ok := types.Unalias(Deref(fn.Signature.Recv().Type())).(*types.Named)
	if !ok || n.Obj().Pkg() == nil || n.Obj().Pkg().Path() != "sync/atomic" {
		return false
	}
	return n.Obj().Name() == "Pointer" || n.Obj().Name() == "Value"
}

// paramRoots returns the roots of the arguments passed for p at the
// function's in-package call sites, or nil if it has none (an exported
// function, a method called through an interface, a callback). A call
// in a _test.go file does not say what production code passes a
// function of another file (a test's bare ConfigMap is not the
// service's configuration).
func (f *Flow) paramRoots(p *ssa.Parameter) []ssa.Value {
	fn := p.Parent()
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	if idx < 0 {
		return nil
	}
	var out []ssa.Value
	for _, site := range f.callers[fn] {
		if inTestFile(site.Parent()) && !inTestFile(fn) {
			continue
		}
		// For a static method call the receiver is Args[0], as it is
		// Params[0] of the method.
		args := site.Common().Args
		if idx < len(args) {
			out = append(out, f.rootsOf(args[idx])...)
		}
	}
	return out
}

// inTestFile reports whether fn is declared in a _test.go file.
func inTestFile(fn *ssa.Function) bool {
	if fn.Prog == nil || !fn.Pos().IsValid() {
		return false
	}
	return strings.HasSuffix(fn.Prog.Fset.Position(fn.Pos()).Filename, "_test.go")
}

// freeVarRoots returns the roots of the values bound to fv by the closures
// that create its function.
func (f *Flow) freeVarRoots(fv *ssa.FreeVar) []ssa.Value {
	fn := fv.Parent()
	idx := -1
	for i, q := range fn.FreeVars {
		if q == fv {
			idx = i
		}
	}
	var out []ssa.Value
	for _, mc := range f.closures[fn] {
		if idx >= 0 && idx < len(mc.Bindings) {
			out = append(out, f.rootsOf(mc.Bindings[idx])...)
		}
	}
	return out
}

// Intersects reports whether two root sets share a value.
func Intersects(a, b []ssa.Value) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// IsWaitGroup reports whether t is sync.WaitGroup or a pointer to one.
func IsWaitGroup(t types.Type) bool {
	n, ok := types.Unalias(Deref(t)).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "sync" && n.Obj().Name() == "WaitGroup"
}

// Reachable returns the blocks reachable from b by at least one edge (so b
// itself only if it is in a cycle).
func Reachable(b *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := append([]*ssa.BasicBlock(nil), b.Succs...)
	for len(stack) > 0 {
		x := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[x] {
			continue
		}
		seen[x] = true
		stack = append(stack, x.Succs...)
	}
	return seen
}

// ReachesBlock reports whether to is reachable from from (from itself
// included) without passing a block avoid holds (to itself excepted).
func ReachesBlock(from, to *ssa.BasicBlock, avoid func(*ssa.BasicBlock) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	stack := []*ssa.BasicBlock{from}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if b == to {
			return true
		}
		if seen[b] || avoid(b) {
			continue
		}
		seen[b] = true
		stack = append(stack, b.Succs...)
	}
	return false
}

// InLoop reports whether b can reach itself.
func InLoop(b *ssa.BasicBlock) bool { return Reachable(b)[b] }

// ReceivesInLoop reports whether fn receives from a channel in a loop (a
// receive, a range over a channel, a select with a receive case): a
// worker that takes values until the channel closes or it is told to
// stop. False for nil.
func ReceivesInLoop(fn *ssa.Function) bool {
	if fn == nil {
		return false
	}
	for _, b := range fn.Blocks {
		if !InLoop(b) {
			continue
		}
		for _, in := range b.Instrs {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case *ssa.Select:
				if slices.ContainsFunc(x.States, func(st *ssa.SelectState) bool { return st.Dir == types.RecvOnly }) {
					return true
				}
			}
		}
	}
	return false
}

// LeftLoop reports whether use runs outside the innermost loop around
// def: def's block is in a natural loop (a header dominating a block that
// jumps back to it) whose blocks do not include use's. A record fetched in
// an inner loop and committed after it is the last of a batch.
func LeftLoop(def, use *ssa.BasicBlock) bool {
	if def == nil || use == nil || def.Parent() != use.Parent() {
		return false
	}
	_, inner := InnerLoop(def)
	return inner != nil && !inner[use]
}

// InnerLoop returns the header and the blocks of the innermost natural
// loop around b, or nil if b is in none.
func InnerLoop(b *ssa.BasicBlock) (*ssa.BasicBlock, map[*ssa.BasicBlock]bool) {
	var header *ssa.BasicBlock
	var inner map[*ssa.BasicBlock]bool
	for _, h := range b.Parent().Blocks {
		if !h.Dominates(b) {
			continue
		}
		body := NaturalLoop(h)
		if body[b] && (inner == nil || len(body) < len(inner)) {
			header, inner = h, body
		}
	}
	return header, inner
}

// NaturalLoop returns the blocks of the loop headed by h (h, and every
// block reaching a back edge to h without passing h), or nil if no block
// h dominates jumps back to it.
func NaturalLoop(h *ssa.BasicBlock) map[*ssa.BasicBlock]bool {
	var stack []*ssa.BasicBlock
	for _, p := range h.Preds {
		if h.Dominates(p) {
			stack = append(stack, p)
		}
	}
	if len(stack) == 0 {
		return nil
	}
	body := map[*ssa.BasicBlock]bool{h: true}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if body[b] {
			continue
		}
		body[b] = true
		stack = append(stack, b.Preds...)
	}
	return body
}

// CounterGuard reports whether instr runs only when a counter reaches a
// constant: a dominating if on n%N == 0 or n >= N (N > 1). It returns N.
func CounterGuard(instr ssa.Instruction) (int64, bool) {
	n, _, ok := GuardOperand(instr)
	return n, ok
}

// GuardOperand is CounterGuard that also returns the value the guard
// tests (n in n%N == 0 or n >= N).
func GuardOperand(instr ssa.Instruction) (int64, ssa.Value, bool) {
	var n int64
	var x ssa.Value
	found := guardingIf(instr, func(iff *ssa.If, onTrue bool) bool {
		cmp, ok := iff.Cond.(*ssa.BinOp)
		// The guarded block is the true successor for == and >=, the
		// false one for != (if n%N != 0 { return }).
		if !ok || onTrue == (cmp.Op == token.NEQ) {
			return false
		}
		var isCounter bool
		if n, isCounter = counterCond(cmp); !isCounter {
			return false
		}
		x = cmp.X
		if rem, isRem := x.(*ssa.BinOp); isRem && rem.Op == token.REM {
			x = rem.X
		}
		return true
	})
	return n, x, found
}

// guardingIf calls test with each if that dominates instr, innermost
// first, and whether instr lies on its true branch (a successor of the
// if dominates instr's block), until test returns true; it reports
// whether one did. An if both of whose branches reach instr is skipped.
func guardingIf(instr ssa.Instruction, test func(iff *ssa.If, onTrue bool) bool) bool {
	b := instr.Block()
	for d := b.Idom(); d != nil; b, d = d, d.Idom() {
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		// A successor that is also the join of the other branch (the
		// false edge of an if without else, reached by its body too) is
		// no guard: both branches reach instr.
		switch {
		case d.Succs[0].Dominates(b) && len(d.Succs[0].Preds) == 1:
			if test(iff, true) {
				return true
			}
		case d.Succs[1].Dominates(b) && len(d.Succs[1].Preds) == 1:
			if test(iff, false) {
				return true
			}
		}
	}
	return false
}

// EmptyGuard returns the slice whose emptiness guards instr: a
// dominating if tests len(x) == 0 (or len(x) != 0 with instr on the false
// branch), x a slice whose element type satisfies is (a batch of
// records); nil if there is none.
func EmptyGuard(instr ssa.Instruction, is func(types.Type) bool) ssa.Value {
	var x ssa.Value
	guardingIf(instr, func(iff *ssa.If, onTrue bool) bool {
		cmp, ok := iff.Cond.(*ssa.BinOp)
		if !ok || cmp.Op != token.EQL && cmp.Op != token.NEQ || !isZero(cmp.Y) || onTrue != (cmp.Op == token.EQL) {
			return false
		}
		call, ok := cmp.X.(*ssa.Call)
		if !ok {
			return false
		}
		if bi, ok := call.Call.Value.(*ssa.Builtin); ok && bi.Name() == "len" {
			if sl, isSlice := call.Call.Args[0].Type().Underlying().(*types.Slice); isSlice && is(sl.Elem()) {
				x = call.Call.Args[0]
				return true
			}
		}
		return false
	})
	return x
}

// SameSlice reports whether slice a (or an element of it) holds only
// values of the variable slice b is read from: through phis, appends,
// reslicing, indexing and loads they reach a common phi, local or field,
// and every other slice spread into a (append(a, other...)) does too.
func SameSlice(a, b ssa.Value) bool {
	ba, _ := sliceBases(b)
	common := func(v ssa.Value) bool {
		bv, _ := sliceBases(v)
		for k := range bv {
			if ba[k] {
				return true
			}
		}
		return false
	}
	_, spread := sliceBases(a)
	return common(a) && !slices.ContainsFunc(spread, func(v ssa.Value) bool { return !common(v) })
}

// sliceBases returns the phis, locals and fields slice v is read from,
// and the slices appended into it whole (append(v, other...)).
func sliceBases(v ssa.Value) (map[any]bool, []ssa.Value) {
	out := map[any]bool{}
	var spread []ssa.Value
	seen := map[ssa.Value]bool{}
	var walk func(v ssa.Value, depth int)
	walk = func(v ssa.Value, depth int) {
		if v == nil || seen[v] || depth > MaxValueDepth {
			return
		}
		seen[v] = true
		switch x := v.(type) {
		case *ssa.Phi:
			out[x] = true
			for _, e := range x.Edges {
				walk(e, depth+1)
			}
		case *ssa.Call:
			if bi, ok := x.Call.Value.(*ssa.Builtin); ok && bi.Name() == "append" && len(x.Call.Args) > 0 {
				walk(x.Call.Args[0], depth+1)
				for _, e := range x.Call.Args[1:] {
					// append(s, m) passes a slice of its own of m;
					// append(s, other...) passes other.
					if sl, ok := e.(*ssa.Slice); ok {
						if _, local := sl.X.(*ssa.Alloc); local {
							continue
						}
					}
					spread = append(spread, e)
				}
			}
		case *ssa.Slice:
			walk(x.X, depth+1)
		case *ssa.IndexAddr: // an element: for _, m := range batch
			walk(x.X, depth+1)
		case *ssa.Index:
			walk(x.X, depth+1)
		case *ssa.UnOp:
			if x.Op == token.MUL {
				walk(x.X, depth+1)
			}
		case *ssa.Alloc:
			out[x] = true
		case *ssa.FieldAddr:
			if f := FieldVar(x); f != nil {
				out[f] = true
			}
		}
	}
	walk(v, 0)
	return out, spread
}

// SettingGuard returns what names the setting that guards instr: a
// dominating if whose condition is a boolean read from a package
// variable, or from a field of a parameter, a captured variable or a
// package variable (if *commitFlag, if h.cfg.AutoAck, negated or not),
// with instr on one of its branches only. Such a condition holds or not
// for the whole loop: on the runs where it does not, instr never runs.
// "" when there is none; the name is prefixed with "!" when instr runs
// where the setting is false.
func SettingGuard(instr ssa.Instruction) string {
	out := ""
	guardingIf(instr, func(iff *ssa.If, onTrue bool) bool {
		name, negated := settingRead(iff.Cond)
		if name == "" {
			return false
		}
		if negated == onTrue {
			name = "!" + name
		}
		out = name
		return true
	})
	return out
}

// settingRead names the setting v reads (see SettingGuard), or "", and
// whether v negates it.
func settingRead(v ssa.Value) (string, bool) {
	negated := false
	if u, ok := v.(*ssa.UnOp); ok && u.Op == token.NOT {
		v, negated = u.X, true
	}
	name := settingName(v)
	return name, negated
}

// settingName names the setting the load v reads (see SettingGuard), or
// "".
func settingName(v ssa.Value) string {
	load, ok := v.(*ssa.UnOp)
	if !ok || load.Op != token.MUL {
		return ""
	}
	name := ""
	for x := load.X; ; {
		switch a := x.(type) {
		case *ssa.Global:
			if name == "" {
				name = a.Name()
			}
			return name
		case *ssa.FieldAddr:
			if name == "" {
				if f := FieldVar(a); f != nil {
					name = f.Name()
				}
			}
			x = a.X
		case *ssa.UnOp:
			if a.Op != token.MUL {
				return ""
			}
			x = a.X
		case *ssa.Parameter, *ssa.FreeVar:
			return name
		default:
			return ""
		}
	}
}

func counterCond(cmp *ssa.BinOp) (int64, bool) {
	switch cmp.Op {
	case token.EQL, token.NEQ:
		if rem, ok := cmp.X.(*ssa.BinOp); ok && rem.Op == token.REM && isZero(cmp.Y) {
			return constInt(rem.Y)
		}
	case token.GEQ, token.GTR:
		if n, ok := constInt(cmp.Y); ok && n > 1 {
			if cmp.Op == token.GTR {
				n++
			}
			return n, true
		}
	}
	return 0, false
}

func isZero(v ssa.Value) bool {
	n, ok := constInt(v)
	return ok && n == 0
}

func constInt(v ssa.Value) (int64, bool) {
	k, ok := v.(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(k.Value)
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// IsErrgroup reports whether fn belongs to an errgroup package
// (golang.org/x/sync/errgroup or a copy of it).
func IsErrgroup(fn *types.Func) bool {
	return fn.Pkg() != nil && (fn.Pkg().Path() == "golang.org/x/sync/errgroup" || strings.HasSuffix(fn.Pkg().Path(), "/errgroup"))
}

// Started returns the function a call starts in a goroutine of its own:
// the argument of an errgroup Group's Go or TryGo, of
// (*sync.WaitGroup).Go, of a known library's spawner (go-zero's
// threading.GoSafe and RoutineGroup.Run, conc's WaitGroup.Go, a worker
// pool's Submit: ants, workerpool, pond), or of a
// spawner whose body the program has (Spawned: under go/analysis, one of
// the package being analyzed); nil for any other call.
func Started(ci ssa.CallInstruction) ssa.Value {
	if v := Spawned(ci); v != nil {
		return v
	}
	fn := Callee(ci.Common())
	if fn == nil || fn.Pkg() == nil {
		return nil
	}
	args := ci.Common().Args
	if n, ok := knownSpawners[fn.Pkg().Path()+"."+recvName(fn)+"."+fn.Name()]; ok && n < len(args) {
		return args[n]
	}
	if len(args) != 2 {
		return nil
	}
	switch {
	case (fn.Name() == "Go" || fn.Name() == "TryGo") && IsErrgroup(fn),
		fn.Name() == "Go" && fn.Pkg().Path() == "sync" && recvName(fn) == "WaitGroup":
		return args[1]
	}
	return nil
}

// knownSpawners are library functions that run their function argument
// in a goroutine of its own: path.Recv.Name (Recv empty for a function)
// to the argument's index in the call's arguments (a method's receiver
// first).
var knownSpawners = map[string]int{
	"github.com/zeromicro/go-zero/core/threading..GoSafe":              0,
	"github.com/zeromicro/go-zero/core/threading..GoSafeCtx":           1,
	"github.com/zeromicro/go-zero/core/threading.RoutineGroup.Run":     1,
	"github.com/zeromicro/go-zero/core/threading.RoutineGroup.RunSafe": 1,
	"github.com/sourcegraph/conc.WaitGroup.Go":                         1,
	"github.com/sourcegraph/conc/pool.Pool.Go":                         1,
	"github.com/sourcegraph/conc/pool.ErrorPool.Go":                    1,
	"github.com/sourcegraph/conc/pool.ContextPool.Go":                  1,
	"github.com/sourcegraph/conc/pool.ResultPool.Go":                   1,
	"github.com/sourcegraph/conc/pool.ResultErrorPool.Go":              1,
	"github.com/sourcegraph/conc/pool.ResultContextPool.Go":            1,
	// (A stream's task runs in a goroutine of its own; the callback it
	// returns runs later, in the order the tasks were given: trial
	// 43a/D1, D5.)
	"github.com/sourcegraph/conc/stream.Stream.Go": 1,
	// Worker pools whose Submit queues the task for a worker goroutine and
	// returns (ants' Pool.Submit passes it to a worker's channel;
	// workerpool's and pond's queue it). Not their waiting forms
	// (workerpool's SubmitWait, pond's SubmitAndWait), nor pond/v2's
	// Submit, whose Task the caller may Wait for. pond's SubmitBefore
	// drops a task not started by its deadline (MayDrop).
	"github.com/panjf2000/ants/v2..Submit":              0,
	"github.com/panjf2000/ants/v2.Pool.Submit":          1,
	"github.com/panjf2000/ants/v2.MultiPool.Submit":     1,
	"github.com/gammazero/workerpool.WorkerPool.Submit": 1,
	"github.com/alitto/pond.WorkerPool.Submit":          1,
	"github.com/alitto/pond.WorkerPool.TrySubmit":       1,
	"github.com/alitto/pond.WorkerPool.SubmitBefore":    1,
}

// LibrarySpawner reports whether fn is a library function that runs a
// function argument in a goroutine of its own and returns (Started's:
// an errgroup's Go or TryGo, a WaitGroup's Go, a known library's
// spawner), for code that sees calls in syntax only.
func LibrarySpawner(fn *types.Func) bool {
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if _, ok := knownSpawners[fn.Pkg().Path()+"."+recvName(fn)+"."+fn.Name()]; ok {
		return true
	}
	return (fn.Name() == "Go" || fn.Name() == "TryGo") && IsErrgroup(fn) ||
		fn.Name() == "Go" && fn.Pkg().Path() == "sync" && recvName(fn) == "WaitGroup"
}

// MayDrop reports whether fn, a known spawner, may drop the function it
// is given without running it (pond's SubmitBefore, past its deadline):
// a wait for that function would never end.
func MayDrop(fn *types.Func) bool {
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path()+"."+recvName(fn)+"."+fn.Name() == "github.com/alitto/pond.WorkerPool.SubmitBefore"
}

// Spawned returns the function argument (a func()) a static call of a
// function of the program with a body (a spawner: func spawn(fn func()) { go fn() },
// or a method whose go statement runs a literal calling it) runs in a
// goroutine of its own, with no wait in the spawner, or nil.
func Spawned(ci ssa.CallInstruction) ssa.Value {
	callee := ci.Common().StaticCallee()
	if callee == nil || len(callee.Blocks) == 0 || ci.Common().IsInvoke() {
		return nil
	}
	for i, p := range callee.Params {
		// A func() the spawner runs as is: one taking arguments is given
		// them by the spawner (go f(msg) per message), its own launch.
		if sig, isFunc := p.Type().Underlying().(*types.Signature); !isFunc || sig.Params().Len() > 0 || i >= len(ci.Common().Args) {
			continue
		}
		if startsParam(callee, p) && !waitsAfterGo(callee) { // not a recover wrapper waiting for what it starts
			return ci.Common().Args[i]
		}
	}
	return nil
}

// waitsAfterGo reports whether fn, once it has started a goroutine,
// receives from a channel, selects or joins a group: a function that
// starts its argument in a goroutine and waits for it runs it in place, as
// far as its caller can tell. What it does before (a bounded pool taking
// a slot) is no wait for the goroutine; internal/spawner judges the
// helpers of other packages by the same rule.
func waitsAfterGo(fn *ssa.Function) bool {
	after := map[*ssa.BasicBlock]int{} // the blocks reached after a go, from that index
	mark := func(b *ssa.BasicBlock, from int) {
		if j, seen := after[b]; !seen || from < j {
			after[b] = from
		}
	}
	for _, b := range fn.Blocks {
		for i, in := range b.Instrs {
			if _, ok := in.(*ssa.Go); ok {
				mark(b, i+1)
				for r := range Reachable(b) {
					mark(r, 0) // b itself too, when a loop comes back to it
				}
			}
		}
	}
	for b, from := range after {
		for _, in := range b.Instrs[from:] {
			switch x := in.(type) {
			case *ssa.UnOp:
				if x.Op == token.ARROW {
					return true
				}
			case *ssa.Select:
				return true
			case ssa.CallInstruction:
				if IsJoin(Callee(x.Common())) {
					return true
				}
			}
		}
	}
	return false
}

// startsParam reports whether fn starts its function parameter p in a go
// statement: go p(...), or go of a function literal that calls p (its
// captured copy, or the variable p is kept in).
func startsParam(fn *ssa.Function, p *ssa.Parameter) bool {
	holders := []ssa.Value{p} // p, and the variables a closure captures it in
	for _, ref := range *p.Referrers() {
		if st, ok := ref.(*ssa.Store); ok && st.Val == ssa.Value(p) {
			if a, ok := st.Addr.(*ssa.Alloc); ok {
				holders = append(holders, a)
			}
		}
	}
	for _, h := range holders {
		for _, ref := range *h.Referrers() {
			switch r := ref.(type) {
			case *ssa.Go:
				if r.Call.Value == h {
					return true
				}
			case *ssa.MakeClosure:
				if startedCalling(r, h) {
					return true
				}
			}
		}
	}
	return false
}

// startedCalling reports whether the closure mc is started by a go
// statement and calls the function its binding h holds (h itself, or
// loaded from it).
func startedCalling(mc *ssa.MakeClosure, h ssa.Value) bool {
	lit, ok := mc.Fn.(*ssa.Function)
	if !ok || !slices.ContainsFunc(*mc.Referrers(), func(in ssa.Instruction) bool {
		g, ok := in.(*ssa.Go)
		return ok && g.Call.Value == ssa.Value(mc)
	}) {
		return false
	}
	called := func(v ssa.Value) bool {
		return slices.ContainsFunc(*v.Referrers(), func(in ssa.Instruction) bool {
			c, ok := in.(*ssa.Call)
			return ok && c.Call.Value == v
		})
	}
	for j, b := range mc.Bindings {
		if b != h || j >= len(lit.FreeVars) {
			continue
		}
		fv := lit.FreeVars[j]
		if called(fv) {
			return true
		}
		for _, use := range *fv.Referrers() {
			if ld, ok := use.(*ssa.UnOp); ok && ld.Op == token.MUL && called(ld) {
				return true
			}
		}
	}
	return false
}

// IsGroupWait reports whether fn waits for a group of goroutines to finish:
// (*sync.WaitGroup).Wait or an errgroup Group's Wait.
func IsGroupWait(fn *types.Func) bool {
	if fn == nil || fn.Name() != "Wait" || fn.Pkg() == nil {
		return false
	}
	return IsErrgroup(fn) || fn.Pkg().Path() == "sync" && recvName(fn) == "WaitGroup" || knownJoins[fn.Pkg().Path()+"."+recvName(fn)]
}

// knownJoins are the Wait methods of the knownSpawners' groups.
var knownJoins = map[string]bool{
	"github.com/zeromicro/go-zero/core/threading.RoutineGroup": true,
	"github.com/sourcegraph/conc.WaitGroup":                    true,
	"github.com/sourcegraph/conc/pool.Pool":                    true,
	"github.com/sourcegraph/conc/pool.ErrorPool":               true,
	"github.com/sourcegraph/conc/pool.ContextPool":             true,
	"github.com/sourcegraph/conc/pool.ResultPool":              true,
	"github.com/sourcegraph/conc/pool.ResultErrorPool":         true,
	"github.com/sourcegraph/conc/pool.ResultContextPool":       true,
	"github.com/sourcegraph/conc/stream.Stream":                true,
}

// IsCondWait reports whether fn is (*sync.Cond).Wait.
func IsCondWait(fn *types.Func) bool {
	return fn != nil && fn.Name() == "Wait" && fn.Pkg() != nil && fn.Pkg().Path() == "sync" && recvName(fn) == "Cond"
}

// IsJoin reports whether fn blocks until other goroutines have done
// something: a group wait, or a condition wait that other goroutines
// signal.
func IsJoin(fn *types.Func) bool { return IsGroupWait(fn) || IsCondWait(fn) }

// recvName is the name of fn's receiver's named type, or "".
func recvName(fn *types.Func) string {
	recv := fn.Type().(*types.Signature).Recv()
	if recv == nil {
		return ""
	}
	if n, ok := Deref(recv.Type()).(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
}

// SelectCase returns the blocks that begin the body of sel's case i:
// those an if comparing the select's chosen index with i enters.
func SelectCase(sel *ssa.Select, i int) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	for _, ref := range *sel.Referrers() {
		x, ok := ref.(*ssa.Extract)
		if !ok || x.Index != 0 {
			continue
		}
		for _, xr := range *x.Referrers() {
			cmp, ok := xr.(*ssa.BinOp)
			if !ok || cmp.Op != token.EQL {
				continue
			}
			k, ok := cmp.Y.(*ssa.Const)
			if !ok || k.Value == nil || k.Int64() != int64(i) {
				continue
			}
			for _, cr := range *cmp.Referrers() {
				if iff, ok := cr.(*ssa.If); ok {
					out = append(out, iff.Block().Succs[0])
				}
			}
		}
	}
	return out
}

// PassedTo returns the call of lit's parent that passes lit (or a
// closure of it) to a function accept reports (a client's iterator:
// fetches.EachRecord(func(r) {...})), or nil.
func PassedTo(lit *ssa.Function, accept func(*types.Func) bool) ssa.CallInstruction {
	if lit.Parent() == nil {
		return nil
	}
	for _, b := range lit.Parent().Blocks {
		for _, in := range b.Instrs {
			ci, ok := in.(ssa.CallInstruction)
			if !ok {
				continue
			}
			f := Callee(ci.Common())
			if f == nil || !accept(f) {
				continue
			}
			for _, a := range ci.Common().Args {
				if ct, ok := a.(*ssa.ChangeType); ok {
					a = ct.X // a named func type (backoff.Operation)
				}
				if mc, ok := a.(*ssa.MakeClosure); ok {
					a = mc.Fn
				}
				if a == lit {
					return ci
				}
			}
		}
	}
	return nil
}

// DerivedFrom reports whether v is computed from a value whose type
// satisfies is (a client record): a field, element or slice of one,
// arithmetic or a conversion of such values, a local written from one,
// within MaxValueDepth steps. Pointers to and slices of such types count.
func DerivedFrom(v ssa.Value, is func(types.Type) bool) bool {
	return DerivedFromUnless(v, is, nil)
}

// DerivedFromUnless is DerivedFrom, not looking past a value stop
// reports (nil: none).
func DerivedFromUnless(v ssa.Value, is func(types.Type) bool, stop func(ssa.Value) bool) bool {
	return derives(v, func(v ssa.Value) bool {
		switch t := v.Type().Underlying().(type) {
		case *types.Pointer:
			return is(v.Type()) || is(t.Elem())
		case *types.Slice:
			return is(v.Type()) || is(t.Elem())
		}
		return is(v.Type())
	}, stop, map[ssa.Value]int{}, 0)
}

// Derives reports whether v, or a value v is computed from (a field,
// element or slice of it, arithmetic or a conversion or type assertion
// of it, a local,
// composite or map literal written from it), satisfies from, within
// MaxValueDepth steps. It does not look through calls.
func Derives(v ssa.Value, from func(ssa.Value) bool) bool {
	return derives(v, from, nil, map[ssa.Value]int{}, 0)
}

// derives explores a value again only when it reaches it more shallowly
// than before (tried), so it visits each value at most MaxValueDepth+1
// times. A walk path by path is exponential in the phis a loop's
// variables feed each other through: a public batch consumer's loop
// (jitsu's bulker) ran for more than fifteen minutes.
func derives(v ssa.Value, from, stop func(ssa.Value) bool, tried map[ssa.Value]int, depth int) bool {
	if v == nil || depth > MaxValueDepth || stop != nil && stop(v) {
		return false
	}
	if d, ok := tried[v]; ok && d <= depth {
		return false
	}
	tried[v] = depth
	if from(v) {
		return true
	}
	rec := func(x ssa.Value) bool { return derives(x, from, stop, tried, depth+1) }
	switch x := v.(type) {
	case *ssa.FieldAddr:
		return rec(x.X)
	case *ssa.Field:
		return rec(x.X)
	case *ssa.UnOp:
		return rec(x.X)
	case *ssa.BinOp:
		return rec(x.X) || rec(x.Y)
	case *ssa.Convert:
		return rec(x.X)
	case *ssa.ChangeType:
		return rec(x.X)
	case *ssa.MakeInterface:
		return rec(x.X)
	case *ssa.TypeAssert:
		return rec(x.X)
	case *ssa.Extract:
		// v, ok := x.(T): an interface's value asserted back (a
		// wrapper of the record passed as an interface).
		if ta, ok := x.Tuple.(*ssa.TypeAssert); ok && x.Index == 0 {
			return rec(ta.X)
		}
	case *ssa.Slice:
		return rec(x.X)
	case *ssa.IndexAddr:
		// An element of a slice computed from the value (the entries a
		// parser returns for a message).
		return rec(x.X)
	case *ssa.Index:
		return rec(x.X)
	case *ssa.Call:
		// append(s, elems...) is computed from s and elems.
		if b, ok := x.Call.Value.(*ssa.Builtin); ok && b.Name() == "append" {
			for _, a := range x.Call.Args {
				if rec(a) {
					return true
				}
			}
		}
	case *ssa.Phi:
		for _, e := range x.Edges {
			if rec(e) {
				return true
			}
		}
	case *ssa.MakeMap:
		// A map literal: map[string]map[int]int64{m.Topic: {m.Partition: m.Offset + 1}}.
		for _, ref := range *x.Referrers() {
			if u, ok := ref.(*ssa.MapUpdate); ok && u.Map == x && (rec(u.Key) || rec(u.Value)) {
				return true
			}
		}
	case *ssa.Alloc:
		for _, ref := range *x.Referrers() {
			switch r := ref.(type) {
			case *ssa.Store:
				if r.Addr == x && rec(r.Val) {
					return true
				}
			case *ssa.IndexAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r && rec(st.Val) {
						return true
					}
				}
			case *ssa.FieldAddr:
				for _, rr := range *r.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == r && rec(st.Val) {
						return true
					}
				}
			}
		}
	}
	return false
}

// Elems returns the values stored in the elements of v when v slices a
// local array (the slice a variadic call's arguments make: f(ctx, r)
// passes []T{r}), else nil.
func Elems(v ssa.Value) []ssa.Value {
	sl, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	a, ok := sl.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	var out []ssa.Value
	for _, ref := range *a.Referrers() {
		ia, ok := ref.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out = append(out, st.Val)
			}
		}
	}
	return out
}

// Within reports whether fn is outer or one of its function literals, at
// any depth.
func Within(fn, outer *ssa.Function) bool {
	for ; fn != nil; fn = fn.Parent() {
		if fn == outer {
			return true
		}
	}
	return false
}

// Recv returns the receiver of a method call, or nil.
func Recv(c *ssa.CallCommon) ssa.Value {
	if c.IsInvoke() {
		return c.Value
	}
	if c.Signature().Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 {
		return c.Args[0]
	}
	return nil
}

// Arg returns parameter i of the call (receiver excluded), or nil.
func Arg(c *ssa.CallCommon, i int) ssa.Value {
	if !c.IsInvoke() {
		if fn := c.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
			i++
		}
	}
	if i < 0 || i >= len(c.Args) {
		return nil
	}
	return c.Args[i]
}

// Receiver returns the receiver of a method call (an interface's, or a
// static call's first argument), or nil.
func Receiver(cc *ssa.CallCommon) ssa.Value {
	if cc.IsInvoke() {
		return cc.Value
	}
	if fn := cc.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(cc.Args) > 0 {
		return cc.Args[0]
	}
	return nil
}

// Holder returns the parameter or captured variable of its function that
// v is loaded from through a chain of field loads (s for s.client or
// s.src.client, a captured s included), or v's own parameter or captured
// variable; nil for any other value.
func Holder(v ssa.Value) ssa.Value {
	for depth := 0; depth < MaxValueDepth; depth++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return nil
			}
			v = x.X
		case *ssa.FieldAddr:
			v = x.X
		case *ssa.Field:
			v = x.X
		case *ssa.Parameter, *ssa.FreeVar:
			return x
		default:
			return nil
		}
	}
	return nil
}

// Callee returns the function object a call instruction calls, if known:
// the static callee's object (for an instance of a generic function or
// method, its generic origin, which facts and names are attached to), or
// the interface method of an invoke.
func Callee(c *ssa.CallCommon) *types.Func {
	if c.IsInvoke() {
		return c.Method
	}
	if fn := c.StaticCallee(); fn != nil {
		if obj, ok := fn.Object().(*types.Func); ok {
			return obj.Origin()
		}
		if fn.Origin() != nil {
			if obj, ok := fn.Origin().Object().(*types.Func); ok {
				return obj
			}
		}
	}
	return nil
}

// Literal returns the function of a function literal passed as a value:
// a MakeClosure's, or the anonymous function itself when it captures
// nothing (SSA passes such a literal as a plain *ssa.Function); nil for
// other values, named functions included.
func Literal(v ssa.Value) *ssa.Function {
	switch x := v.(type) {
	case *ssa.MakeClosure:
		fn, _ := x.Fn.(*ssa.Function)
		return fn
	case *ssa.Function:
		if x.Parent() != nil {
			return x
		}
	}
	return nil
}

// ConstString returns the value of a string constant (possibly converted
// to an interface).
func ConstString(v ssa.Value) (string, bool) {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		v = mi.X
	}
	c, ok := v.(*ssa.Const)
	if !ok || c.Value == nil {
		return "", false
	}
	s, err := strconv.Unquote(c.Value.ExactString())
	return s, err == nil
}

// Forward returns origin and the values reached from it forward: for each
// value reached, step sees each instruction referring to it and adds the
// values the walk goes on to (a field, a load, a call's result).
func Forward(origin ssa.Value, step func(v ssa.Value, ref ssa.Instruction, add func(ssa.Value))) map[ssa.Value]bool {
	reached := map[ssa.Value]bool{}
	var work []ssa.Value
	add := func(v ssa.Value) {
		if v != nil && !reached[v] {
			reached[v] = true
			work = append(work, v)
		}
	}
	add(origin)
	for len(work) > 0 {
		v := work[len(work)-1]
		work = work[:len(work)-1]
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, ref := range *refs {
			step(v, ref, add)
		}
	}
	return reached
}

// WithBody returns fn, or, for an instance of a generic function
// (processRecord[T] called with T known), the generic function: its body
// is the package's, where an instance's is built apart or not at all
// (trial 47a/D2: a failure logged in a generic helper went unseen).
func WithBody(fn *ssa.Function) *ssa.Function {
	if fn != nil && fn.Origin() != nil && fn.Origin() != fn && len(fn.Origin().Blocks) > 0 {
		return fn.Origin()
	}
	return fn
}

// ReachesStopping reports whether to is reachable from from on a path
// that executes no instruction for which stop is true.
func ReachesStopping(from, to ssa.Instruction, stop func(ssa.Instruction) bool) bool {
	seen := map[*ssa.BasicBlock]bool{}
	// scan walks the instructions of b from index i: true when to is
	// reached, false when a stop is, else the walk goes on.
	scan := func(b *ssa.BasicBlock, i int) (reached, stopped bool) {
		for ; i < len(b.Instrs); i++ {
			if b.Instrs[i] == to {
				return true, false
			}
			if stop(b.Instrs[i]) {
				return false, true
			}
		}
		return false, false
	}
	start := from.Block()
	idx := 0
	for i, x := range start.Instrs {
		if x == from {
			idx = i + 1
		}
	}
	if reached, stopped := scan(start, idx); reached || stopped {
		return reached
	}
	stack := append([]*ssa.BasicBlock(nil), start.Succs...)
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[b] {
			continue
		}
		seen[b] = true
		reached, stopped := scan(b, 0)
		if reached {
			return true
		}
		if !stopped {
			stack = append(stack, b.Succs...)
		}
	}
	return false
}

// Part returns the value v is read from, as a field, an element, a
// slice, a result of a tuple, a load, or a change of its type (x of
// x.F, *x, x[i], x[a:b], Extract(x), MakeInterface(x)), nil for any other
// value: one step of a walk back to what holds v.
func Part(v ssa.Value) ssa.Value {
	switch x := v.(type) {
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return x.X
		}
	case *ssa.Field:
		return x.X
	case *ssa.FieldAddr:
		return x.X
	case *ssa.Index:
		return x.X
	case *ssa.IndexAddr:
		return x.X
	case *ssa.Slice:
		return x.X
	case *ssa.Extract:
		return x.Tuple
	case *ssa.MakeInterface:
		return x.X
	case *ssa.ChangeType:
		return x.X
	}
	return nil
}

// LocalAggregate returns the local variable, array or struct a store to
// addr writes into, or nil: addr itself, or an element or field of a
// varargs or literal array ([]any{m.Key, m.Value}), or of a struct that
// does not escape (var ev event; ev.ID = ...) or is a composite literal
// (&ProducerMessage{Value: ...}: built here, wherever it goes next). A
// field of a heap object (a handler) is not one: tainting the whole
// object would make every later use of it processing.
func LocalAggregate(addr ssa.Value) *ssa.Alloc {
	if al, ok := addr.(*ssa.Alloc); ok {
		return al
	}
	for {
		switch a := addr.(type) {
		case *ssa.IndexAddr:
			addr = a.X
			continue
		case *ssa.FieldAddr:
			addr = a.X
			continue
		case *ssa.Alloc:
			if _, isArray := Deref(a.Type()).Underlying().(*types.Array); isArray || !a.Heap || a.Comment == "complit" {
				return a
			}
		}
		return nil
	}
}

// IsCtxDone reports whether v is the result of a context's Done method.
func IsCtxDone(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	cc := call.Common()
	var fn *types.Func
	if cc.IsInvoke() {
		fn = cc.Method
	} else if f := cc.StaticCallee(); f != nil {
		fn, _ = f.Object().(*types.Func)
	}
	return fn != nil && fn.Name() == "Done" && fn.Pkg() != nil && fn.Pkg().Path() == "context"
}

// IsTimerChan reports whether ch is a ticker's or timer's channel (t.C of a
// *time.Ticker or *time.Timer), or what time.Tick or time.After returns.
func IsTimerChan(ch ssa.Value) bool {
	switch x := ch.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			n, ok := types.Unalias(Deref(fa.X.Type())).(*types.Named)
			return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "time" && (n.Obj().Name() == "Ticker" || n.Obj().Name() == "Timer")
		}
	case *ssa.Call:
		if fn := Callee(x.Common()); fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "time" {
			return fn.Name() == "Tick" || fn.Name() == "After"
		}
	}
	return false
}

// ShortFunc names fn for messages: pkg.Func or pkg.Type.Method, without
// the package for a function of none (error.Error).
func ShortFunc(fn *types.Func) string {
	name := fn.Name()
	if sig, ok := fn.Type().(*types.Signature); ok && sig.Recv() != nil {
		if n, ok := types.Unalias(Deref(sig.Recv().Type())).(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	if fn.Pkg() != nil {
		name = fn.Pkg().Name() + "." + name
	}
	return name
}

// PkgOf returns the package fn belongs to: its SSA package's, or for a
// synthetic function (a wrapper of a method promoted from an embedded
// field of another package) its object's; nil for none.
func PkgOf(fn *ssa.Function) *types.Package {
	switch {
	case fn == nil:
		return nil
	case fn.Pkg != nil:
		return fn.Pkg.Pkg
	case fn.Object() != nil:
		return fn.Object().Pkg()
	}
	return nil
}

// NoWork reports whether ch, a channel received from, signals no work
// done: a ticker's or a timer's, or the Done of a context other than one
// the function makes with WithCancel (its caller's, a session's, one with
// a timeout: a sleep). One it cancels itself (done, finished :=
// context.WithCancel(ctx)) may be cancelled by the worker when the work
// is done.
func NoWork(ch ssa.Value) bool {
	if IsTimerChan(ch) {
		return true
	}
	if !IsCtxDone(ch) {
		return false
	}
	ex, ok := Unconvert(Recv(ch.(*ssa.Call).Common())).(*ssa.Extract)
	if !ok {
		return true
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return true
	}
	fn := Callee(call.Common())
	return fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || fn.Name() != "WithCancel" && fn.Name() != "WithCancelCause"
}

// SelectRecv returns the channel of the receive case whose value is the
// select's result i (index, recvOk, then one value per receive case),
// nil if i is none's.
func SelectRecv(sel *ssa.Select, i int) ssa.Value {
	k := i - 2
	for _, st := range sel.States {
		if st.Dir != types.RecvOnly {
			continue
		}
		if k == 0 {
			return st.Chan
		}
		k--
	}
	return nil
}
