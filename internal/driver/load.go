package driver

import (
	"fmt"
	"slices"
	"strings"

	"golang.org/x/tools/go/packages"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// loadMode loads the root packages from source and their dependencies from
// the compiler's export data, as the go command builds them (and caches
// them).
const loadMode = packages.LoadSyntax | packages.NeedModule

// loaded is what load found: the root packages, and the packages
// type-checked in full (function bodies included), which are the only ones
// the analyzers may see.
type loaded struct {
	roots []*packages.Package
	full  map[*packages.Package]bool
}

// load loads the packages matching patterns for analysis.
//
// The roots are loaded from source and their dependencies from export
// data, except the dependencies that use a Kafka client (directly or
// through another dependency): those are loaded from source too, so that
// what the analyzers learn about them as facts (configs returned by
// helpers, commit helpers) reaches the roots; so are the packages of the
// main module those import (their syntax gives facts too). Any other
// package that cannot reach a Kafka client has no facts to give, so it is
// never type-checked from source: this is what makes a Kafka-free package
// cost no more than loading it. (multichecker, by contrast, type-checks every dependency from source
// as soon as one analyzer has facts.)
//
// The go command compiles export data for the dependencies only
// (loadSplit); when any package of the graph has an error, the packages
// are loaded again with go/packages' LoadSyntax (loadWhole), whose export
// data query compiles the roots too, so that errors read as go/packages
// reports them. Load errors are left in the packages' Errors, as
// packages.Load leaves them; see triage.
func load(patterns []string, tests bool, prog *progress) (*loaded, error) {
	prog.phase("loading " + strings.Join(patterns, " ") + ": the go command lists, downloads and compiles the dependencies")
	if l, ok := loadSplit(patterns, tests); ok {
		return l, nil
	}
	return loadWhole(patterns, tests, prog)
}

// loadWhole is load with go/packages' LoadSyntax: go list -export on the
// roots as well as their dependencies, then again with the Kafka-using
// dependencies as roots.
func loadWhole(patterns []string, tests bool, prog *progress) (*loaded, error) {
	cfg := &packages.Config{Mode: loadMode, Tests: tests}
	roots, err := packages.Load(cfg, patterns...)
	if err != nil {
		return nil, err
	}
	extra := kafkaDeps(roots)
	if len(extra) == 0 {
		return &loaded{roots: roots, full: fullSet(roots)}, nil
	}
	// Load again with the Kafka-using dependencies as roots too, so that
	// go/packages type-checks them from source in the same universe.
	prog.phase(fmt.Sprintf("type-checking %d Kafka-using dependencies", len(extra)))
	all, err := packages.Load(cfg, append(slices.Clip(patterns), extra...)...)
	if err != nil {
		return nil, err
	}
	ids := map[string]bool{}
	for _, p := range roots {
		ids[p.ID] = true
	}
	var out []*packages.Package
	for _, p := range all {
		if ids[p.ID] {
			out = append(out, p)
		}
	}
	if len(out) != len(roots) {
		return nil, fmt.Errorf("internal error: reloading %s with its Kafka-using dependencies found %d of %d packages", strings.Join(patterns, " "), len(out), len(roots))
	}
	return &loaded{roots: out, full: fullSet(all)}, nil
}

// fullSet returns the set of pkgs: the initial packages of a load, the only
// ones go/packages type-checks with their function bodies.
func fullSet(pkgs []*packages.Package) map[*packages.Package]bool {
	full := map[*packages.Package]bool{}
	for _, p := range pkgs {
		full[p] = true
	}
	return full
}

// kafkaDeps returns the import paths of the dependencies of roots (not
// roots themselves, and not test variants) that import a Kafka client
// directly or through another dependency, and the dependencies of the
// main module that a Kafka-using package imports, directly or not: their
// facts computed from syntax (a core's method that only queues its
// argument, a pool that runs the functions it is given) reach the
// consumer's packages as they do under go vet.
func kafkaDeps(roots []*packages.Package) []string {
	isRoot := map[*packages.Package]bool{}
	for _, p := range roots {
		isRoot[p] = true
	}
	users := kafkaUsers(roots)
	dep := func(p *packages.Package) bool {
		return !isRoot[p] && !strings.Contains(p.ID, " ") && !strings.HasSuffix(p.ID, ".test")
	}
	var out []string
	mainDeps := map[*packages.Package]bool{}
	var visit func(p *packages.Package)
	visit = func(p *packages.Package) {
		for _, imp := range p.Imports {
			if imp.Module != nil && imp.Module.Main && !mainDeps[imp] {
				mainDeps[imp] = true
				visit(imp)
			}
		}
	}
	for p, u := range users {
		if u {
			visit(p)
			if dep(p) {
				out = append(out, p.PkgPath)
			}
		}
	}
	for p := range mainDeps {
		if dep(p) {
			out = append(out, p.PkgPath)
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// kafkaUsers returns the packages of the graph of roots that are not a
// client package and import one, directly or through other packages (as
// kafkassa.Gate marks them).
func kafkaUsers(roots []*packages.Package) map[*packages.Package]bool {
	ix := clientmodel.Default
	uses := map[*packages.Package]bool{}
	var visit func(p *packages.Package) bool
	visit = func(p *packages.Package) bool {
		if u, ok := uses[p]; ok {
			return u
		}
		uses[p] = false // cycles cannot happen in import graphs; this guards recursion anyway
		u := false
		if !ix.IsClientPath(p.PkgPath) {
			for _, imp := range p.Imports {
				if ix.IsClientPath(imp.PkgPath) || visit(imp) {
					u = true
				}
			}
		}
		uses[p] = u
		return u
	}
	for _, p := range roots {
		visit(p)
	}
	return uses
}

// prune cuts the import edges to the packages not type-checked in full,
// once their errors have been reported. The analysis checker runs every
// analyzer that has facts on every package reachable through Imports. A
// package loaded from export data cannot reach a Kafka client (or is one,
// which the analyzers recognise by path), so it has no facts to give, and
// its actions would only cost time and memory. A package go/packages
// type-checked from source without function bodies (it does so for a
// dependency whose export data is missing, such as a test variant of a
// mocks package) must not be analyzed at all: SSA cannot be built from its
// partial type information.
func prune(roots []*packages.Package, full map[*packages.Package]bool) {
	packages.Visit(roots, nil, func(p *packages.Package) {
		for path, imp := range p.Imports {
			if !full[imp] {
				delete(p.Imports, path)
			}
		}
	})
}
