package consumer

import (
	"go/ast"
	"go/token"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// GlobalMap returns the map literal an unexported package-level variable
// of the package is initialised with (var cfg = kafka.ConfigMap{…} or
// &kafka.ConfigMap{…}), when no function of the package assigns the
// variable: its entries are then the config's until keys are set on it.
// The initialiser runs in the package's init, which the SSA pass does not
// index, so the literal is read from the syntax. Otherwise nil.
func (m *Model) GlobalMap(pass *analysis.Pass, g *ssa.Global) *ast.CompositeLit {
	return globalMap(pass, m.Flow, g)
}

func globalMap(pass *analysis.Pass, flow *ssaflow.Flow, g *ssa.Global) *ast.CompositeLit {
	obj := g.Object()
	if obj == nil || obj.Pkg() != pass.Pkg || obj.Exported() {
		return nil // another package may assign it or set its keys
	}
	if l := flow.Loaded(g); len(l) != 1 || l[0] != g {
		return nil // assigned by a function of the package
	}
	for _, f := range pass.Files {
		if f.FileStart > obj.Pos() || obj.Pos() > f.FileEnd {
			continue
		}
		var lit *ast.CompositeLit
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return lit == nil
			}
			for i, id := range spec.Names {
				if id.Pos() != obj.Pos() || len(spec.Values) != len(spec.Names) {
					continue
				}
				v := ast.Unparen(spec.Values[i])
				if u, ok := v.(*ast.UnaryExpr); ok && u.Op == token.AND {
					v = ast.Unparen(u.X)
				}
				if cl, ok := v.(*ast.CompositeLit); ok {
					lit = cl
				}
			}
			return false
		})
		return lit
	}
	return nil
}
