package driver

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"sync"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// metaMode is loadMode without types or syntax: the go command lists the
// packages and their dependencies (go list -deps -compiled) but compiles
// nothing, since no export data is asked for.
const metaMode = packages.NeedName | packages.NeedFiles | packages.NeedCompiledGoFiles |
	packages.NeedImports | packages.NeedTypesSizes | packages.NeedModule

// loadSplit loads the packages matching patterns as load does, but asks
// the go command for export data of the dependencies only: go/packages'
// LoadSyntax runs go list -export on the roots too, so the go command
// compiles the roots and their test variants, whose export data
// commitlint never reads (it type-checks the roots from source). On a cold
// build cache that was up to 42% of the run (franz-go's kgo and kadm).
//
// It lists the packages without export data (metaMode), takes as source
// packages the roots, the dependencies that use a Kafka client
// (kafkaDeps) and, as go/packages does, every package that imports a
// source package or whose export data cannot be asked for by path (a
// dependency recompiled for a test, "q [p.test]"), then asks export data
// for the other packages the source packages import (go list -export,
// without -deps), and type-checks the source packages as go/packages
// would: the roots and the Kafka-using dependencies with their function
// bodies, the others without. The result is the graph go/packages returns
// for load's two LoadSyntax loads, with the same types, syntax and errors.
//
// It gives up (ok false, and load falls back to go/packages) whenever any
// package of the graph has an error of any kind (listing, compiling a
// dependency, parsing, type-checking): those are reported as
// go/packages reports them, from its own load, so a broken package reads
// the same whichever path ran. The only difference left is a root that
// type-checks but does not compile (an error only the compiler reports):
// it is analyzed, as go vet would, instead of being reported broken.
func loadSplit(patterns []string, tests bool) (l *loaded, ok bool) {
	roots, err := packages.Load(&packages.Config{Mode: metaMode, Tests: tests}, patterns...)
	if err != nil || len(roots) == 0 {
		return nil, false
	}
	var all []*packages.Package // every package of the graph, dependencies first
	broken := false
	packages.Visit(roots, nil, func(p *packages.Package) {
		all = append(all, p)
		if len(p.Errors) > 0 {
			broken = true
		}
	})
	if broken {
		return nil, false
	}

	// The source packages with bodies: the roots and the Kafka-using
	// dependencies (load's second load makes them roots).
	full := fullSet(roots)
	kafka := map[string]bool{}
	for _, path := range kafkaDeps(roots) {
		kafka[path] = true
	}
	for _, p := range all {
		if kafka[p.PkgPath] && p.ID == p.PkgPath {
			full[p] = true
		}
	}
	// needsrc: as go/packages' refine, a package that imports a source
	// package is type-checked from source too (its export data would
	// name types the source package declares again).
	needsrc := map[*packages.Package]bool{}
	for _, p := range all { // dependencies first
		src := full[p] || (p.ID != p.PkgPath && p.PkgPath != "unsafe")
		for _, imp := range p.Imports {
			if needsrc[imp] {
				src = true
			}
		}
		if src {
			needsrc[p] = true
		}
	}
	// Export data is needed for the direct imports of source packages.
	var want []string
	needexp := map[*packages.Package]bool{}
	for _, p := range all {
		if !needsrc[p] {
			continue
		}
		for _, imp := range p.Imports {
			if !needsrc[imp] && imp.PkgPath != "unsafe" && !needexp[imp] {
				needexp[imp] = true
				want = append(want, imp.ID)
			}
		}
	}
	if len(want) > 0 {
		exp, err := packages.Load(&packages.Config{Mode: packages.NeedName | packages.NeedExportFile}, want...)
		if err != nil {
			return nil, false
		}
		files := map[string]string{}
		for _, e := range exp {
			if len(e.Errors) > 0 {
				return nil, false
			}
			files[e.ID] = e.ExportFile
		}
		for p := range needexp {
			if p.ExportFile = files[p.ID]; p.ExportFile == "" {
				return nil, false
			}
		}
	}
	if !typeCheck(all, needsrc, needexp, full) {
		return nil, false
	}
	for _, p := range all {
		p.ExportFile = "" // as LoadSyntax leaves it
	}
	return &loaded{roots: roots, full: full}, true
}

// typeCheck gives every package of all (dependencies first) its types, as
// go/packages' loader does: an empty package for those nobody needs
// complete (export data fills in what other packages refer to), export
// data for needexp, and for needsrc parsing and type-checking, with
// function bodies for full. It reports whether every package loaded
// without an error.
func typeCheck(all []*packages.Package, needsrc, needexp, full map[*packages.Package]bool) bool {
	fset := token.NewFileSet()
	var sizes types.Sizes
	for _, p := range all {
		p.Fset = fset
		if p.TypesSizes != nil {
			sizes = p.TypesSizes
		}
		if p.PkgPath == "unsafe" {
			p.Types = types.Unsafe
			p.Syntax = []*ast.File{}
			p.TypesInfo = newTypesInfo()
			continue
		}
		p.Types = types.NewPackage(p.PkgPath, p.Name)
	}

	// Parse the source packages' files in the background (each file
	// once, as go/packages shares a file between a package and its test
	// variant) while export data is read.
	type parsed struct {
		f    *ast.File
		err  error
		done chan struct{}
	}
	cache := map[string]*parsed{}
	var jobs []*parsed
	var names []string
	for _, p := range all {
		if !needsrc[p] {
			continue
		}
		for _, name := range p.CompiledGoFiles {
			if cache[name] == nil {
				cache[name] = &parsed{done: make(chan struct{})}
				jobs = append(jobs, cache[name])
				names = append(names, name)
			}
		}
	}
	cpu := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, j := range jobs {
		go func() {
			cpu <- struct{}{}
			defer func() { <-cpu }()
			defer close(j.done)
			src, err := os.ReadFile(names[i])
			if err != nil {
				j.err = err
				return
			}
			j.f, j.err = parser.ParseFile(fset, names[i], src, parser.AllErrors|parser.ParseComments)
		}()
	}

	for _, p := range all {
		if needexp[p] && !readExport(fset, p) {
			for _, j := range jobs {
				<-j.done
			}
			return false
		}
	}

	// Type-check the source packages, each once its imports are done.
	var mu sync.Mutex
	ok := true
	done := map[*packages.Package]chan struct{}{}
	for _, p := range all {
		if needsrc[p] {
			done[p] = make(chan struct{})
		}
	}
	var wg sync.WaitGroup
	for _, p := range all {
		if !needsrc[p] {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[p])
			for _, imp := range p.Imports {
				if c := done[imp]; c != nil {
					<-c
				}
			}
			var files []*ast.File
			good := true
			for _, name := range p.CompiledGoFiles {
				j := cache[name]
				<-j.done
				if j.err != nil {
					good = false
				}
				if j.f != nil {
					files = append(files, j.f)
				}
			}
			p.Syntax = files
			p.TypesInfo = newTypesInfo()
			p.TypesSizes = sizes
			for _, imp := range p.Imports {
				if imp.IllTyped || imp.Types == nil || !imp.Types.Complete() {
					good = false
				}
			}
			if good {
				cpu <- struct{}{}
				good = check(fset, p, sizes, !full[p]) == nil
				<-cpu
			}
			if !good {
				p.IllTyped = true
				mu.Lock()
				ok = false
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return ok
}

// check type-checks p from its Syntax, as go/packages does (its Error
// callback collects every error; here the first one is enough, since any
// error makes the load fall back to go/packages).
func check(fset *token.FileSet, p *packages.Package, sizes types.Sizes, ignoreBodies bool) error {
	var first error
	tc := &types.Config{
		Importer: importerFunc(func(path string) (*types.Package, error) {
			if path == "unsafe" {
				return types.Unsafe, nil
			}
			if imp := p.Imports[path]; imp != nil {
				return imp.Types, nil
			}
			return nil, &os.PathError{Op: "import", Path: path, Err: os.ErrNotExist}
		}),
		IgnoreFuncBodies: ignoreBodies,
		Error: func(err error) {
			if first == nil {
				first = err
			}
		},
		Sizes: sizes,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		tc.GoVersion = "go" + p.Module.GoVersion
	}
	err := types.NewChecker(tc, fset, p.Types, p.TypesInfo).Files(p.Syntax)
	if first == nil {
		first = err
	}
	return first
}

// readExport loads p's types from its export data, with a view of every
// package p imports directly or not (the packages export data may name),
// as go/packages' loadFromExportData does.
func readExport(fset *token.FileSet, p *packages.Package) bool {
	f, err := os.Open(p.ExportFile)
	if err != nil {
		return false
	}
	defer f.Close()
	r, err := gcexportdata.NewReader(f)
	if err != nil {
		return false
	}
	view := map[string]*types.Package{}
	seen := map[*packages.Package]bool{}
	var visit func(map[string]*packages.Package)
	visit = func(imps map[string]*packages.Package) {
		for _, imp := range imps {
			if !seen[imp] {
				seen[imp] = true
				view[imp.PkgPath] = imp.Types
				visit(imp.Imports)
			}
		}
	}
	visit(p.Imports)
	tpkg, err := gcexportdata.Read(r, fset, view, p.PkgPath)
	if err != nil {
		return false
	}
	p.Types = tpkg
	return true
}

// newTypesInfo returns the types.Info go/packages fills for a package it
// type-checks from source.
func newTypesInfo() *types.Info {
	return &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue),
		Defs:         make(map[*ast.Ident]types.Object),
		Uses:         make(map[*ast.Ident]types.Object),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Scopes:       make(map[ast.Node]*types.Scope),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection),
		FileVersions: make(map[*ast.File]string),
	}
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
