package ssaflow_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

const derivedSrc = `package d

type Rec struct {
	Offset int64
	Key    []byte
}

func fetch() []*Rec
func commit(any)

func field()      { rs := fetch(); commit(rs[0].Offset + 1) }
func slice()      { rs := fetch(); commit(rs[1:]) }
func local()      { rs := fetch(); var o int64; o = rs[0].Offset; commit(&o) }
func converted()  { rs := fetch(); commit(uint64(rs[0].Offset)) }
func literal()    { rs := fetch(); commit([]int64{rs[0].Offset}) }
func appended() {
	var out []int64
	for _, r := range fetch() {
		out = append(out, r.Offset)
	}
	commit(out)
}
func own(n int64) { commit(n + 1) }
func counter()    { var n int64; for range fetch() { n++ }; commit(n) }

// mixed keeps eight application counters that feed each other around a
// loop: every one is a phi of sums of two others.
func mixed() {
	var a, b, c, d, e, f, g, h int64
	for i := range fetch() {
		if i%2 == 0 {
			a, b, c, d, e, f, g, h = b+c, c+d, d+e, e+f, f+g, g+h, h+a, a+b
		} else {
			a, b, c, d, e, f, g, h = h+g, a+h, b+a, c+b, d+c, e+d, f+e, g+f
		}
	}
	commit(a)
}
`

// buildDerived builds derivedSrc's package.
func buildDerived(t *testing.T) *ssa.Package {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "d.go", derivedSrc, 0)
	if err != nil {
		t.Fatal(err)
	}
	pkg, _, err := ssautil.BuildPackage(&types.Config{}, fset, types.NewPackage("d", ""), []*ast.File{f}, ssa.BareInits)
	if err != nil {
		t.Fatal(err)
	}
	return pkg
}

// TestDerivedFrom checks the record-derivation walk on the argument of
// commit in each function: derived from a Rec, or computed by the
// application.
func TestDerivedFrom(t *testing.T) {
	pkg := buildDerived(t)
	isRec := func(t types.Type) bool {
		n, ok := ssaflow.Deref(t).(*types.Named)
		return ok && n.Obj().Name() == "Rec"
	}
	for name, want := range map[string]bool{
		"field": true, "slice": true, "local": true, "converted": true, "literal": true, "appended": true,
		"own": false, "counter": false, "mixed": false,
	} {
		fn := pkg.Func(name)
		var arg ssa.Value
		for _, b := range fn.Blocks {
			for _, in := range b.Instrs {
				if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() == pkg.Func("commit") {
					arg = c.Call.Args[0]
				}
			}
		}
		if arg == nil {
			t.Fatalf("%s: no call of commit", name)
		}
		if mi, ok := arg.(*ssa.MakeInterface); ok {
			arg = mi.X
		}
		if got := ssaflow.DerivedFrom(arg, isRec); got != want {
			t.Errorf("%s: DerivedFrom = %t, want %t", name, got, want)
		}
	}
}

// TestDerivesIsBounded checks that the walk asks about each value a
// bounded number of times: in mixed, a path-by-path walk asks about the
// counters' phis once per path through them, 2^MaxValueDepth times (a
// consumer loop of that shape took longer than any CI allows).
func TestDerivesIsBounded(t *testing.T) {
	pkg := buildDerived(t)
	fn := pkg.Func("mixed")
	values := 0
	var arg ssa.Value
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(ssa.Value); ok {
				values++
			}
			if c, ok := in.(*ssa.Call); ok && c.Call.StaticCallee() == pkg.Func("commit") {
				arg = c.Call.Args[0]
			}
		}
	}
	asked := 0
	ssaflow.Derives(arg, func(ssa.Value) bool { asked++; return false })
	if limit := (values + len(fn.Params)) * (ssaflow.MaxValueDepth + 1); asked > limit {
		t.Errorf("Derives asked about %d values, want at most %d (%d values, each at most once per depth)", asked, limit, values)
	}
}
