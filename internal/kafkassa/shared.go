package kafkassa

import (
	"go/ast"
	"go/token"
	"go/types"
	"sync"

	"golang.org/x/tools/go/ssa"
)

// Source is a package given with its syntax, for Share.
type Source struct {
	Pkg   *types.Package
	Files []*ast.File
	Info  *types.Info
}

var (
	sharedMu sync.Mutex
	shared   = map[*types.Package]*ssa.Package{}
)

// Share creates, in one ssa.Program over fset, the SSA packages of tops
// and (bare, from type information) the imports whose package-level
// functions or variables they refer to, each once; SSA's pass then builds
// a top's package there instead of in a program of its own, which would
// create those imports again (a client's whole API, for every package
// that uses it).
//
// Every top must be a package that no package of the run imports: its
// functions then get bodies in a program where no other package can refer
// to them, and every other package of the shared program is bare, as in
// the program of a package's own. What a top's analyzers see differs only
// in this: a function or method of a package that another top refers to
// is that bare package's member (without a body) where its own program
// would create it from type information on demand (without a body too).
//
// It returns a function that forgets the packages. Creating packages is
// not safe for concurrent use with building or reading the program, so
// Share creates every package before any pass runs; building different
// packages of one program concurrently is.
func Share(fset *token.FileSet, tops []Source) (forget func()) {
	if len(tops) == 0 {
		return func() {}
	}
	prog := ssa.NewProgram(fset, ssa.BareInits)
	isTop := map[*types.Package]bool{}
	for _, t := range tops {
		isTop[t.Pkg] = true
	}
	created := map[*types.Package]bool{}
	for _, t := range tops {
		for _, p := range referenced(t.Pkg, t.Info) {
			if !created[p] && !isTop[p] {
				created[p] = true
				prog.CreatePackage(p, nil, nil, true)
			}
		}
	}
	pkgs := map[*types.Package]*ssa.Package{}
	for _, t := range tops {
		pkgs[t.Pkg] = prog.CreatePackage(t.Pkg, t.Files, t.Info, false)
	}
	sharedMu.Lock()
	for p, s := range pkgs {
		shared[p] = s
	}
	sharedMu.Unlock()
	return func() {
		sharedMu.Lock()
		for p := range pkgs {
			delete(shared, p)
		}
		sharedMu.Unlock()
	}
}

// sharedPackage returns the SSA package Share created for pkg, and forgets
// it, or nil.
func sharedPackage(pkg *types.Package) *ssa.Package {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	p := shared[pkg]
	delete(shared, pkg)
	return p
}
