// Package kafkassa provides the two passes every commitlint analyzer starts
// from: Gate, a cheap pass that marks packages using a Kafka client (directly
// or through a dependency) with a package fact, and SSA, which builds SSA
// form only for marked packages.
//
// A package that uses no Kafka client costs one scan of its import list: no
// SSA is built for it. buildssa is deliberately not required, because vet
// and nogo would then build SSA for every package.
//
// Each package's SSA is built in a program of its own, where the packages
// it refers to are created bare (from type information, without bodies),
// as one package per process under go vet sees them. The standalone driver
// may first create, with Share, the packages no other package of its run
// imports in one program: their imports are then created once per run,
// not once per package, and each package's analyzers still see bodies for
// its own functions only.
package kafkassa

import (
	"fmt"
	"go/ast"
	"go/types"
	"reflect"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// usesKafka is the package fact of Gate: the package imports a client
// package, or a package that has this fact.
type usesKafka struct{}

func (*usesKafka) AFact()         {}
func (*usesKafka) String() string { return "usesKafka" }

// Gate reports (as its bool result, and as a package fact for importers)
// whether the package uses a Kafka client. Client packages themselves are
// not marked: the model says what their functions do.
var Gate = &analysis.Analyzer{
	Name:       "kafkagate",
	Doc:        "mark packages that use a Kafka client",
	Run:        gate,
	FactTypes:  []analysis.Fact{new(usesKafka)},
	ResultType: reflect.TypeFor[bool](),
}

func gate(pass *analysis.Pass) (any, error) {
	ix := clientmodel.Default
	if ix.IsClientPath(pass.Pkg.Path()) {
		return false, nil
	}
	for _, imp := range pass.Pkg.Imports() {
		if ix.IsClientPath(imp.Path()) || pass.ImportPackageFact(imp, new(usesKafka)) {
			pass.ExportPackageFact(new(usesKafka))
			return true, nil
		}
	}
	return false, nil
}

// Result is the SSA form of a package that uses a Kafka client.
type Result struct {
	Pkg *ssa.Package
	// SrcFuncs are the package's source functions, literals included, in
	// source order.
	SrcFuncs []*ssa.Function
}

// SSA builds SSA form for packages marked by Gate; its result is a nil
// *Result for every other package.
var SSA = &analysis.Analyzer{
	Name:       "kafkassa",
	Doc:        "build SSA form for packages that use a Kafka client",
	Run:        build,
	Requires:   []*analysis.Analyzer{Gate},
	ResultType: reflect.TypeFor[*Result](),
}

func build(pass *analysis.Pass) (res any, err error) {
	pkg := sharedPackage(pass.Pkg)
	if !pass.ResultOf[Gate].(bool) {
		return (*Result)(nil), nil
	}
	defer func() {
		// go/ssa is not expected to panic on type-correct code; if it
		// does, fail this package only, with a message naming it.
		if r := recover(); r != nil {
			res, err = (*Result)(nil), fmt.Errorf("internal error: building SSA for %s: %v", pass.Pkg.Path(), r)
		}
	}()
	// BareInits: the package initializer does not call the imports'
	// initializers, so only the imports whose package-level functions and
	// variables the code refers to need an SSA package (methods and
	// constants of the others are created from type information on
	// demand). Creating every import made most of the cost of a Kafka
	// package: a client's whole API, for each package that uses it.
	if pkg == nil {
		prog := ssa.NewProgram(pass.Fset, ssa.BareInits)
		for _, p := range referenced(pass.Pkg, pass.TypesInfo) {
			prog.CreatePackage(p, nil, nil, true)
		}
		pkg = prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	}
	pkg.Build()
	prog := pkg.Prog

	var funcs []*ssa.Function
	var add func(*ssa.Function)
	add = func(f *ssa.Function) {
		funcs = append(funcs, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			if fd, ok := decl.(*ast.FuncDecl); ok {
				if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
					if f := prog.FuncValue(fn); f != nil {
						add(f)
					}
				}
			}
		}
	}
	// Function literals assigned to package-level variables (var build =
	// func() ...) are the package initializer's: a client built there is
	// one of the package's.
	if init := pkg.Func("init"); init != nil {
		for _, anon := range init.AnonFuncs {
			add(anon)
		}
	}
	return &Result{Pkg: pkg, SrcFuncs: funcs}, nil
}

// referenced returns the packages pkg imports whose package-level
// functions or variables it refers to, in import order.
func referenced(pkg *types.Package, info *types.Info) []*types.Package {
	used := map[*types.Package]bool{}
	for _, obj := range info.Uses {
		p := obj.Pkg()
		if p == nil || p == pkg || used[p] || obj.Parent() != p.Scope() {
			continue // universe, local, a method or field, or already seen
		}
		switch obj.(type) {
		case *types.Func, *types.Var:
			used[p] = true
		}
	}
	var out []*types.Package
	for _, p := range pkg.Imports() {
		if used[p] {
			out = append(out, p)
		}
	}
	return out
}
