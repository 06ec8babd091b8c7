package driver

import (
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/offsetcommit/commitlint/internal/kafkassa"
)

// shareSSA has kafkassa build, in one ssa.Program, the SSA of every
// package to analyze that uses a Kafka client and that no package of the
// load imports (kafkassa.Share), when the analyzers need SSA: the client
// packages those refer to are then created once per run instead of once
// per package. It returns the function that forgets the shared packages.
//
// A package that another package of the load imports keeps a program of
// its own: in a shared program its functions would have bodies for its
// importers too, whose analyzers see other packages' functions without
// bodies, as the go vet protocol (one package per process) gives them.
func shareSSA(analyzers []*analysis.Analyzer, l *loaded, ok []*packages.Package) func() {
	if !needs(analyzers, kafkassa.SSA, map[*analysis.Analyzer]bool{}) {
		return func() {}
	}
	imported := map[*packages.Package]bool{}
	packages.Visit(l.roots, func(p *packages.Package) bool {
		for _, imp := range p.Imports {
			imported[imp] = true
		}
		return true
	}, nil)
	uses := kafkaUsers(l.roots)
	var fset *token.FileSet
	var tops []kafkassa.Source
	same := true
	packages.Visit(ok, nil, func(p *packages.Package) {
		if !l.full[p] || imported[p] || !uses[p] || p.IllTyped || p.Types == nil || p.TypesInfo == nil {
			return
		}
		if fset == nil {
			fset = p.Fset
		}
		same = same && p.Fset == fset
		tops = append(tops, kafkassa.Source{Pkg: p.Types, Files: p.Syntax, Info: p.TypesInfo})
	})
	if !same {
		return func() {}
	}
	return kafkassa.Share(fset, tops)
}

// needs reports whether running analyzers runs a.
func needs(analyzers []*analysis.Analyzer, a *analysis.Analyzer, seen map[*analysis.Analyzer]bool) bool {
	for _, b := range analyzers {
		if b == a {
			return true
		}
		if !seen[b] {
			seen[b] = true
			if needs(b.Requires, a, seen) {
				return true
			}
		}
	}
	return false
}
