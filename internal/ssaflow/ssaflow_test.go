package ssaflow_test

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// src is the package the tests query. Functions declared without a body
// stand for functions of other packages: their calls are roots. Each
// query is an argument of use; the comments give its roots.
const src = `package p

type T struct {
	n int
	c *C
}

type C struct{ id int }

func ext() *C
func ext2() *C
func extPair() (*C, error)
func use(any)
func run(func())

var g *C

func setG() { g = ext() }

func phi(b bool) {
	var c *C
	if b {
		c = ext()
	} else {
		c = ext2()
	}
	use(c) // ext, ext2
}

func helper(c *C) { use(c) } // ext

func callsHelper() { helper(ext()) }

func Exported(c *C) { use(c) } // the parameter: no caller in the package

func field() {
	t := &T{}
	t.c = ext()
	use(t.c) // ext
}

func global() { use(g) } // ext, stored by setG

func mk() *C { return ext2() }

func result() { use(mk()) } // ext2

func mkPair() (*C, error) { return ext(), nil }

func extract() {
	c, _ := mkPair()
	use(c) // ext
}

func extractExt() {
	c, _ := extPair()
	use(c) // extPair's result
}

func closure() {
	c := ext()
	f := func() { use(c) } // ext, through the free variable
	c = ext2()
	f()
}

func recursive(c *C, n int) {
	if n > 0 {
		recursive(c, n-1)
	}
	use(c) // ext: the recursive call adds nothing
}

func callsRecursive() { recursive(ext(), 3) }

func callback() {
	run(func() { use(ext()) })
}

type Cfg struct {
	Consumer struct {
		Offsets struct {
			Enable bool
		}
	}
}

func nested() {
	cfg := &Cfg{}
	cfg.Consumer.Offsets.Enable = true
}

func local() {
	var t T
	use(&t) // the variable itself: nothing stored into it
}

func loop(n int) {
	use(0)
	for i := 0; i < n; i++ {
		use(1)
	}
	use(2)
}

func counter(n int) {
	if n%100 == 0 {
		use(10)
	} else {
		use(11)
	}
	if n >= 10 {
		use(12)
	}
	if n > 10 {
		use(13)
	}
	if n >= 1 {
		use(14)
	}
	if n/100 == 0 {
		use(16)
	}
	if n%50 != 0 {
		return
	}
	use(15)
	if n%7 != 0 {
		use(17)
	}
	use(18)
}
`

type pkg struct {
	funcs  []*ssa.Function
	flow   *ssaflow.Flow
	byName map[string]*ssa.Function
}

// build builds src into SSA and indexes its source functions, literals
// included, as kafkassa does; the functions without a body stand for
// another package's.
func build(t *testing.T) *pkg {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	ssaPkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("p", ""), []*ast.File{f}, ssa.BareInits)
	if err != nil {
		t.Fatal(err)
	}
	p := &pkg{byName: map[string]*ssa.Function{}}
	var add func(*ssa.Function)
	add = func(fn *ssa.Function) {
		p.byName[fn.Name()] = fn
		if fn.Blocks == nil {
			return // of another package
		}
		p.funcs = append(p.funcs, fn)
		for _, anon := range fn.AnonFuncs {
			add(anon)
		}
	}
	for _, d := range f.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok {
			add(ssaPkg.Func(fd.Name.Name))
		}
	}
	p.flow = ssaflow.New(p.funcs)
	return p
}

func (p *pkg) fn(t *testing.T, name string) *ssa.Function {
	t.Helper()
	fn := p.byName[name]
	if fn == nil {
		t.Fatalf("no function %s", name)
	}
	return fn
}

// uses returns the calls of use in fn, in block order.
func uses(fn *ssa.Function) []*ssa.Call {
	var out []*ssa.Call
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if c, ok := instr.(*ssa.Call); ok {
				if callee := c.Call.StaticCallee(); callee != nil && callee.Name() == "use" {
					out = append(out, c)
				}
			}
		}
	}
	return out
}

// useOf returns the call use(k) in fn.
func (p *pkg) useOf(t *testing.T, fn string, k int64) *ssa.Call {
	t.Helper()
	for _, c := range uses(p.fn(t, fn)) {
		if mi, ok := c.Call.Args[0].(*ssa.MakeInterface); ok {
			if v, ok := mi.X.(*ssa.Const); ok && v.Value.Kind() == constant.Int {
				if n, _ := constant.Int64Val(v.Value); n == k {
					return c
				}
			}
		}
	}
	t.Fatalf("no use(%d) in %s", k, fn)
	return nil
}

// describe names a root for comparison.
func describe(v ssa.Value) string {
	switch v := v.(type) {
	case *ssa.Call:
		if callee := v.Call.StaticCallee(); callee != nil {
			return callee.Name() + "()"
		}
	case *ssa.Extract:
		return fmt.Sprintf("%s#%d", describe(v.Tuple), v.Index)
	case *ssa.Parameter:
		return "param " + v.Name()
	case *ssa.Alloc:
		return "alloc " + v.Comment
	}
	return fmt.Sprintf("%T %s", v, v.Name())
}

func describeAll(vs []ssa.Value) []string {
	var out []string
	for _, v := range vs {
		out = append(out, describe(v))
	}
	slices.Sort(out)
	return out
}

func TestRoots(t *testing.T) {
	p := build(t)
	for _, tc := range []struct {
		fn    string
		roots []string
	}{
		{"phi", []string{"ext()", "ext2()"}},
		{"helper", []string{"ext()"}},
		{"Exported", []string{"param c"}},
		{"field", []string{"ext()"}},
		{"global", []string{"ext()"}},
		{"result", []string{"ext2()"}},
		{"extract", []string{"ext()"}},
		{"extractExt", []string{"extPair()#0"}},
		{"closure$1", []string{"ext()", "ext2()"}},
		{"recursive", []string{"ext()"}},
		{"local", []string{"alloc t"}},
	} {
		calls := uses(p.fn(t, tc.fn))
		if len(calls) != 1 {
			t.Fatalf("%s: %d calls of use, want 1", tc.fn, len(calls))
		}
		got := describeAll(p.flow.Roots(calls[0].Call.Args[0]))
		if !slices.Equal(got, tc.roots) {
			t.Errorf("%s: roots %q, want %q", tc.fn, got, tc.roots)
		}
	}
}

func TestLoaded(t *testing.T) {
	p := build(t)
	var addr *ssa.FieldAddr
	for _, b := range p.fn(t, "field").Blocks {
		for _, instr := range b.Instrs {
			if fa, ok := instr.(*ssa.FieldAddr); ok {
				addr = fa
			}
		}
	}
	if addr == nil {
		t.Fatal("no field address in field")
	}
	if v := ssaflow.FieldVar(addr); v == nil || v.Name() != "c" {
		t.Errorf("FieldVar = %v, want field c", v)
	}
	if got := describeAll(p.flow.Loaded(addr)); !slices.Equal(got, []string{"ext()"}) {
		t.Errorf("Loaded(t.c) = %q, want the value stored into the field", got)
	}
}

func TestIntersects(t *testing.T) {
	p := build(t)
	phi := p.flow.Roots(uses(p.fn(t, "phi"))[0].Call.Args[0])
	field := p.flow.Roots(uses(p.fn(t, "field"))[0].Call.Args[0])
	result := p.flow.Roots(uses(p.fn(t, "result"))[0].Call.Args[0])
	if ssaflow.Intersects(phi, field) {
		t.Error("roots of different ext() calls intersect")
	}
	if ssaflow.Intersects(phi, nil) || ssaflow.Intersects(nil, phi) {
		t.Error("an empty root set intersects")
	}
	// mk's ext2() call is no call of phi's.
	if ssaflow.Intersects(phi, result) {
		t.Error("phi's and mk's ext2() calls intersect")
	}
	if !ssaflow.Intersects(field, field) {
		t.Error("a root set does not intersect itself")
	}
}

func TestCallersAndReach(t *testing.T) {
	p := build(t)
	for fn, want := range map[string]int{"helper": 1, "recursive": 2, "Exported": 0, "ext": 0} {
		if got := len(p.flow.Callers(p.fn(t, fn))); got != want {
			t.Errorf("Callers(%s): %d sites, want %d", fn, got, want)
		}
	}
	for fn, want := range map[string][]string{
		"callsHelper":    {"callsHelper", "helper"},
		"closure":        {"closure", "closure$1"},
		"callsRecursive": {"callsRecursive", "recursive"},
		"callback":       {"callback", "callback$1"}, // a literal nothing here calls
	} {
		set := map[*ssa.Function]bool{}
		p.flow.Reach(p.fn(t, fn), set)
		var got []string
		for f := range set {
			got = append(got, f.Name())
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("Reach(%s) = %q, want %q", fn, got, want)
		}
	}
	if len(p.flow.Funcs()) != len(p.funcs) {
		t.Errorf("Funcs: %d, want %d", len(p.flow.Funcs()), len(p.funcs))
	}
}

// TestOutsidePackage: functions the index was not built with (helper,
// mk) are not in the package, have no callers there, are not reached, and
// their parameters and results are roots.
func TestOutsidePackage(t *testing.T) {
	p := build(t)
	helper, mk := p.fn(t, "helper"), p.fn(t, "mk")
	var funcs []*ssa.Function
	for _, f := range p.funcs {
		if f != helper && f != mk {
			funcs = append(funcs, f)
		}
	}
	flow := ssaflow.New(funcs)
	if flow.InPackage(helper) || !flow.InPackage(p.fn(t, "callsHelper")) {
		t.Error("InPackage does not follow the indexed functions")
	}
	if n := len(flow.Callers(helper)); n != 0 {
		t.Errorf("%d callers of a function outside the package", n)
	}
	set := map[*ssa.Function]bool{}
	flow.Reach(p.fn(t, "callsHelper"), set)
	if set[helper] {
		t.Error("Reach entered a function outside the package")
	}
	for fn, want := range map[string]string{"helper": "param c", "result": "mk()"} {
		got := describeAll(flow.Roots(uses(p.fn(t, fn))[0].Call.Args[0]))
		if !slices.Equal(got, []string{want}) {
			t.Errorf("%s: roots %q, want %q", fn, got, want)
		}
	}
}

func TestReachableAndInLoop(t *testing.T) {
	p := build(t)
	before, body, after := p.useOf(t, "loop", 0).Block(), p.useOf(t, "loop", 1).Block(), p.useOf(t, "loop", 2).Block()
	if ssaflow.InLoop(before) || !ssaflow.InLoop(body) || ssaflow.InLoop(after) {
		t.Errorf("InLoop before, in and after the loop: %t %t %t, want false true false",
			ssaflow.InLoop(before), ssaflow.InLoop(body), ssaflow.InLoop(after))
	}
	r := ssaflow.Reachable(before)
	if !r[body] || !r[after] || r[before] {
		t.Errorf("from the entry: body %t, after %t, entry itself %t; want true true false", r[body], r[after], r[before])
	}
	if ssaflow.Reachable(after)[body] {
		t.Error("the loop is reachable from the block after it")
	}
}

func TestCounterGuard(t *testing.T) {
	p := build(t)
	for _, tc := range []struct {
		use  int64
		n    int64
		ok   bool
		desc string
	}{
		{10, 100, true, "n%100 == 0"},
		{11, 0, false, "the else branch of n%100 == 0"},
		{12, 10, true, "n >= 10"},
		{13, 11, true, "n > 10"},
		{14, 0, false, "n >= 1: every call"},
		{15, 50, true, "after if n%50 != 0 { return }"},
		{16, 0, false, "n/100 == 0"},
		// after an if without else, which both its branches reach: the
		// guard is the one before it
		{18, 50, true, "after if n%7 != 0 { use(17) }"},
	} {
		n, ok := ssaflow.CounterGuard(p.useOf(t, "counter", tc.use))
		if n != tc.n || ok != tc.ok {
			t.Errorf("%s: CounterGuard = %d, %t; want %d, %t", tc.desc, n, ok, tc.n, tc.ok)
		}
	}
	if _, ok := ssaflow.CounterGuard(p.useOf(t, "loop", 1)); ok {
		t.Error("a loop condition i < n is a counter guard")
	}
}

// TestRootsConcurrent: Roots may be called by analyzers running
// concurrently on one package (run with -race).
func TestRootsConcurrent(t *testing.T) {
	p := build(t)
	arg := uses(p.fn(t, "closure$1"))[0].Call.Args[0]
	done := make(chan []string)
	for range 4 {
		go func() { done <- describeAll(p.flow.Roots(arg)) }()
	}
	for range 4 {
		if got := <-done; strings.Join(got, ",") != "ext(),ext2()" {
			t.Errorf("concurrent Roots = %q", got)
		}
	}
}

// store returns the only store to a field in fn.
func (p *pkg) store(t *testing.T, fn string) *ssa.Store {
	t.Helper()
	var out *ssa.Store
	for _, b := range p.fn(t, fn).Blocks {
		for _, instr := range b.Instrs {
			if st, ok := instr.(*ssa.Store); ok {
				if _, ok := st.Addr.(*ssa.FieldAddr); ok {
					if out != nil {
						t.Fatalf("two field stores in %s", fn)
					}
					out = st
				}
			}
		}
	}
	if out == nil {
		t.Fatalf("no field store in %s", fn)
	}
	return out
}

func TestFieldPath(t *testing.T) {
	p := build(t)
	addr := p.store(t, "nested").Addr
	base := ssaflow.FieldPath(addr, []string{"Consumer", "Offsets", "Enable"})
	if _, ok := base.(*ssa.Alloc); !ok {
		t.Errorf("FieldPath(Consumer.Offsets.Enable) = %v, want the config's allocation", base)
	}
	// A suffix of the path gives the struct it starts from.
	if fa, ok := ssaflow.FieldPath(addr, []string{"Offsets", "Enable"}).(*ssa.FieldAddr); !ok || ssaflow.FieldVar(fa).Name() != "Consumer" {
		t.Errorf("FieldPath(Offsets.Enable) = %v, want the address of field Consumer", fa)
	}
	for _, path := range [][]string{
		{"Consumer", "Offsets", "Disable"},        // another last field
		{"Producer", "Offsets", "Enable"},         // another first field
		{"Root", "Consumer", "Offsets", "Enable"}, // longer than the chain
	} {
		if got := ssaflow.FieldPath(addr, path); got != nil {
			t.Errorf("FieldPath(%s) = %v, want nil", strings.Join(path, "."), got)
		}
	}
	if got := ssaflow.FieldPath(p.store(t, "nested").Val, []string{"Enable"}); got != nil {
		t.Errorf("FieldPath of a constant = %v, want nil", got)
	}
}

func TestDeref(t *testing.T) {
	i := types.Typ[types.Int]
	named := types.NewNamed(types.NewTypeName(token.NoPos, nil, "P", nil), types.NewPointer(i), nil)
	for _, tc := range []struct {
		t, want types.Type
	}{
		{types.NewPointer(i), i},
		{named, i}, // a named pointer type
		{i, i},
		{types.NewSlice(i), types.NewSlice(i)},
	} {
		if got := ssaflow.Deref(tc.t); !types.Identical(got, tc.want) {
			t.Errorf("Deref(%s) = %s, want %s", tc.t, got, tc.want)
		}
	}
}

func TestDominates(t *testing.T) {
	p := build(t)
	before, body, after := p.useOf(t, "loop", 0), p.useOf(t, "loop", 1), p.useOf(t, "loop", 2)
	for _, tc := range []struct {
		desc string
		a, b ssa.Instruction
		want bool
	}{
		{"before the loop, its body", before, body, true},
		{"before the loop, after it", before, after, true},
		{"the body, after the loop", body, after, false},
		{"after the loop, before it", after, before, false},
		{"an instruction, itself", body, body, true},
		{"another function's instruction", p.useOf(t, "counter", 10), after, false},
		// The entry block of a larger function has dominator numbers that
		// cover every block of loop.
		{"another function's entry", p.fn(t, "counter").Blocks[0].Instrs[0], body, false},
	} {
		if got := ssaflow.Dominates(tc.a, tc.b); got != tc.want {
			t.Errorf("%s: Dominates = %t, want %t", tc.desc, got, tc.want)
		}
	}
	// In one block: the earlier instruction dominates the later only.
	instrs := before.Block().Instrs
	first, last := instrs[0], instrs[len(instrs)-1]
	if !ssaflow.Dominates(first, last) || ssaflow.Dominates(last, first) {
		t.Error("in one block, Dominates does not follow the instruction order")
	}
}

// method declares pkgPath.recv.name (a pointer receiver when recv is not
// empty, else a package-level function).
func method(pkgPath, recv, name string) *types.Func {
	pkg := types.NewPackage(pkgPath, pkgPath[strings.LastIndex(pkgPath, "/")+1:])
	var r *types.Var
	if recv != "" {
		named := types.NewNamed(types.NewTypeName(token.NoPos, pkg, recv, nil), types.NewStruct(nil, nil), nil)
		r = types.NewParam(token.NoPos, pkg, "", types.NewPointer(named))
	}
	return types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(r, nil, nil, nil, nil, false))
}

func TestJoins(t *testing.T) {
	for _, tc := range []struct {
		fn                            *types.Func
		errgroup, groupWait, condWait bool
	}{
		{method("sync", "WaitGroup", "Wait"), false, true, false},
		{method("sync", "Cond", "Wait"), false, false, true},
		{method("golang.org/x/sync/errgroup", "Group", "Wait"), true, true, false},
		{method("example.com/internal/errgroup", "Group", "Wait"), true, true, false}, // a copy
		{method("golang.org/x/sync/errgroup", "Group", "Go"), true, false, false},
		{method("sync", "WaitGroup", "Done"), false, false, false},
		{method("sync", "Mutex", "Wait"), false, false, false},
		{method("example.com/sync", "WaitGroup", "Wait"), false, false, false},
		{method("example.com/sync", "Cond", "Wait"), false, false, false},
		{method("example.com/myerrgroup", "Group", "Wait"), false, false, false},
		{method("sync", "", "Wait"), false, false, false}, // not a method
	} {
		name := tc.fn.FullName()
		if got := ssaflow.IsErrgroup(tc.fn); got != tc.errgroup {
			t.Errorf("IsErrgroup(%s) = %t", name, got)
		}
		if got := ssaflow.IsGroupWait(tc.fn); got != tc.groupWait {
			t.Errorf("IsGroupWait(%s) = %t", name, got)
		}
		if got := ssaflow.IsCondWait(tc.fn); got != tc.condWait {
			t.Errorf("IsCondWait(%s) = %t", name, got)
		}
		if got := ssaflow.IsJoin(tc.fn); got != (tc.groupWait || tc.condWait) {
			t.Errorf("IsJoin(%s) = %t", name, got)
		}
	}
	if ssaflow.IsJoin(nil) {
		t.Error("IsJoin(nil)")
	}
}
