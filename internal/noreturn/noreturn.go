// Package noreturn answers, once for every analyzer, whether a call never
// returns to its caller: panic, os.Exit, log.Fatal, runtime.Goexit,
// testing's FailNow and the well-known logging functions that exit (the
// seeds), and every function whose body cannot reach a return because each
// path ends in one of those. The answer for a function of another package
// travels as an object fact (NoReturn), so a helper that always exits
// counts wherever it is called.
//
// x/tools' ctrlflow pass computes a similar fact, but only from the bodies
// it sees: commitlint's standalone driver loads the standard library and
// Kafka-free dependencies from export data, where ctrlflow has no facts,
// so even log.Fatal would be unknown there. The seeds below fill that gap.
//
// The pass is cheap on purpose, since it runs on every package: a function
// gets a control-flow graph only when its body calls something that never
// returns, and a package that uses nothing of the kind is not walked at
// all. A function that never returns only because it loops forever is not
// recognised.
package noreturn

import (
	"go/ast"
	"go/token"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/cfg"
	"golang.org/x/tools/go/types/typeutil"
)

// NoReturn is the object fact of a function or method declared in the
// analysed package none of whose paths returns.
type NoReturn struct{}

func (*NoReturn) AFact()         {}
func (*NoReturn) String() string { return "noreturn" }

// Analyzer exports NoReturn facts and returns a *Result for the package.
var Analyzer = &analysis.Analyzer{
	Name:       "noreturn",
	Doc:        "find functions that never return",
	Run:        run,
	FactTypes:  []analysis.Fact{new(NoReturn)},
	ResultType: reflect.TypeFor[*Result](),
}

// seeds are the functions known not to return whose bodies do not show it
// (an exit through a function value or a runtime intrinsic), or that the
// driver may load without facts (the standard library), in
// types.Func.FullName spelling, by package path.
var seeds = map[string][]string{
	"os":      {"os.Exit"},
	"syscall": {"syscall.Exit"},
	"runtime": {"runtime.Goexit"},
	"log": {
		"log.Fatal", "log.Fatalf", "log.Fatalln", "log.Panic", "log.Panicf", "log.Panicln",
		"(*log.Logger).Fatal", "(*log.Logger).Fatalf", "(*log.Logger).Fatalln",
		"(*log.Logger).Panic", "(*log.Logger).Panicf", "(*log.Logger).Panicln",
	},
	"testing": {
		"(*testing.common).FailNow", "(*testing.common).Fatal", "(*testing.common).Fatalf",
		"(*testing.common).SkipNow", "(*testing.common).Skip", "(*testing.common).Skipf",
		"(testing.TB).FailNow", "(testing.TB).Fatal", "(testing.TB).Fatalf",
		"(testing.TB).SkipNow", "(testing.TB).Skip", "(testing.TB).Skipf",
	},
	"k8s.io/klog":            klog("k8s.io/klog"),
	"k8s.io/klog/v2":         klog("k8s.io/klog/v2"),
	"github.com/golang/glog": klog("github.com/golang/glog"),
	"go.uber.org/zap": {
		"(*go.uber.org/zap.Logger).Fatal", "(*go.uber.org/zap.Logger).Panic",
		"(*go.uber.org/zap.SugaredLogger).Fatal", "(*go.uber.org/zap.SugaredLogger).Fatalf",
		"(*go.uber.org/zap.SugaredLogger).Fatalw", "(*go.uber.org/zap.SugaredLogger).Fatalln",
		"(*go.uber.org/zap.SugaredLogger).Panic", "(*go.uber.org/zap.SugaredLogger).Panicf",
		"(*go.uber.org/zap.SugaredLogger).Panicw", "(*go.uber.org/zap.SugaredLogger).Panicln",
	},
	"github.com/sirupsen/logrus": logrus(),
}

// klog returns the exiting functions of klog and glog, which share them.
func klog(path string) []string {
	var out []string
	for _, name := range []string{"Exit", "ExitDepth", "Exitf", "Exitln", "Fatal", "FatalDepth", "Fatalf", "Fatalln"} {
		out = append(out, path+"."+name)
	}
	return out
}

// logrus returns logrus's exiting functions: package-level and methods of
// Logger and Entry (which exit through a configurable ExitFunc).
func logrus() []string {
	const p = "github.com/sirupsen/logrus"
	var out []string
	for _, name := range []string{"Fatal", "Fatalf", "Fatalln", "Panic", "Panicf", "Panicln"} {
		out = append(out, p+"."+name, "(*"+p+".Logger)."+name, "(*"+p+".Entry)."+name)
	}
	return append(out, p+".Exit", "(*"+p+".Logger).Exit")
}

// seeded reports whether fn is one of the seeds.
func seeded(fn *types.Func) bool {
	if fn.Pkg() == nil {
		return false
	}
	names, ok := seeds[fn.Pkg().Path()]
	if !ok {
		return false
	}
	full := fn.FullName()
	for _, n := range names {
		if n == full {
			return true
		}
	}
	return false
}

// Result answers for the calls of one package.
type Result struct {
	info *types.Info
	// never holds the functions known not to return: this package's, and
	// the imported ones the package refers to that have the fact.
	never map[*types.Func]bool
}

// Of returns the Result of pass's package. If the pass's analyzer does not
// require Analyzer, the answers rest on the seeds and panic alone.
func Of(pass *analysis.Pass) *Result {
	if r, ok := pass.ResultOf[Analyzer].(*Result); ok && r != nil {
		return r
	}
	return &Result{info: pass.TypesInfo}
}

// Call reports whether call never returns.
func (r *Result) Call(call *ast.CallExpr) bool {
	if id, ok := ast.Unparen(call.Fun).(*ast.Ident); ok {
		if b, ok := r.info.Uses[id].(*types.Builtin); ok && b.Name() == "panic" {
			return true
		}
	}
	fn, _ := typeutil.Callee(r.info, call).(*types.Func)
	if fn == nil {
		return false
	}
	return r.Func(fn)
}

// Func reports whether fn never returns.
func (r *Result) Func(fn *types.Func) bool {
	fn = fn.Origin()
	return r.never[fn] || seeded(fn)
}

// Leaves reports whether s leaves its statement list and does not come
// back: a return, a break, continue or goto, or a call that never returns.
// (A fallthrough continues in the next case's body: it does not leave.)
func (r *Result) Leaves(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.FALLTHROUGH
	case *ast.ExprStmt:
		call, ok := ast.Unparen(s.X).(*ast.CallExpr)
		return ok && r.Call(call)
	}
	return false
}

// EndsWithLeave reports whether the last statement of list leaves it.
func (r *Result) EndsWithLeave(list []ast.Stmt) bool {
	return len(list) > 0 && r.Leaves(list[len(list)-1])
}

func run(pass *analysis.Pass) (any, error) {
	r := &Result{info: pass.TypesInfo, never: map[*types.Func]bool{}}
	// The imported functions the package refers to that never return; and
	// whether it refers to anything that never returns at all.
	some := false
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Builtin:
			some = some || obj.Name() == "panic"
		case *types.Func:
			fn := obj.Origin()
			if fn.Pkg() == nil || fn.Pkg() == pass.Pkg || r.never[fn] {
				continue
			}
			if pass.ImportObjectFact(fn, new(NoReturn)) {
				r.never[fn] = true
				some = true
			} else if seeded(fn) {
				some = true
			}
		}
	}
	if !some {
		return r, nil
	}
	b := &builder{pass: pass, r: r, decls: map[*types.Func]*decl{}}
	var order []*types.Func
	for _, f := range pass.Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				b.decls[fn] = &decl{body: fd.Body}
				order = append(order, fn)
			}
		}
	}
	for _, fn := range order {
		b.decide(fn)
	}
	return r, nil
}

// builder decides the package's own functions, callees first.
type builder struct {
	pass  *analysis.Pass
	r     *Result
	decls map[*types.Func]*decl
}

type decl struct {
	body    *ast.BlockStmt
	started bool // decided or being decided (breaks recursion)
}

// decide records whether fn never returns, exporting the fact if so.
func (b *builder) decide(fn *types.Func) {
	d := b.decls[fn]
	if d.started {
		return
	}
	d.started = true
	if !b.callsNoReturn(d.body) {
		return
	}
	if cfg.New(d.body, b.mayReturn).NoReturn() {
		b.r.never[fn] = true
		b.pass.ExportObjectFact(fn, new(NoReturn))
	}
}

// mayReturn is the CFG builder's question about a call statement.
func (b *builder) mayReturn(call *ast.CallExpr) bool {
	if fn := typeutil.StaticCallee(b.pass.TypesInfo, call); fn != nil {
		if _, ok := b.decls[fn]; ok {
			b.decide(fn)
		}
	}
	return !b.r.Call(call)
}

// callsNoReturn reports whether body (not its function literals) has a
// call statement that never returns: the only way a body without a loop
// that never ends can fail to return.
func (b *builder) callsNoReturn(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ExprStmt:
			if call, ok := ast.Unparen(n.X).(*ast.CallExpr); ok && !b.mayReturn(call) {
				found = true
			}
		}
		return true
	})
	return found
}
