package edit

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// UnusedImports returns the edits removing the imports of the file that
// only the removed nodes use; ok is false when such an import is not
// alone on its line.
func UnusedImports(pass *analysis.Pass, removed []ast.Node) ([]analysis.TextEdit, bool) {
	if len(removed) == 0 {
		return nil, true
	}
	f := File(pass, removed[0].Pos())
	if f == nil {
		return nil, false
	}
	inRemoved := func(pos token.Pos) bool {
		for _, n := range removed {
			if n.Pos() <= pos && pos < n.End() {
				return true
			}
		}
		return false
	}
	pkgs := map[*types.PkgName]bool{}
	for _, n := range removed {
		ast.Inspect(n, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok {
					pkgs[pn] = true
				}
			}
			return true
		})
	}
	ast.Inspect(f, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && !inRemoved(id.Pos()) {
			if pn, ok := pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				delete(pkgs, pn)
			}
		}
		return true
	})
	var edits []analysis.TextEdit
	for _, imp := range f.Imports {
		obj := pass.TypesInfo.Implicits[imp]
		if imp.Name != nil {
			obj = pass.TypesInfo.Defs[imp.Name]
		}
		pn, ok := obj.(*types.PkgName)
		if !ok || !pkgs[pn] {
			continue
		}
		var line ast.Node = imp
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Tok == token.IMPORT && !gd.Lparen.IsValid() && gd.Pos() <= imp.Pos() && imp.End() <= gd.End() {
				line = gd // import "time"
			}
		}
		e, ok := RemoveLine(pass, line)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
	}
	return edits, true
}

// RemoveLine returns an edit deleting the line of n (an import spec, or
// a declaration importing one package), which must hold nothing else but
// a comment.
func RemoveLine(pass *analysis.Pass, n ast.Node) (analysis.TextEdit, bool) {
	tf := pass.Fset.File(n.Pos())
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.TextEdit{}, false
	}
	start := tf.Offset(tf.LineStart(tf.Line(n.Pos())))
	if strings.TrimSpace(string(content[start:tf.Offset(n.Pos())])) != "" {
		return analysis.TextEdit{}, false
	}
	end := tf.Offset(n.End())
	for end < len(content) && content[end] != '\n' {
		end++
	}
	if rest := strings.TrimSpace(string(content[tf.Offset(n.End()):end])); rest != "" && !strings.HasPrefix(rest, "//") {
		return analysis.TextEdit{}, false
	}
	if end < len(content) {
		end++
	}
	return analysis.TextEdit{Pos: tf.Pos(start), End: tf.Pos(end)}, true
}

// RemoveStmts returns the edits removing each statement of list
// (RemoveStmt), and the imports only they, and the nodes also removed
// otherwise, used.
func RemoveStmts(pass *analysis.Pass, list []ast.Stmt, also ...ast.Node) ([]analysis.TextEdit, bool) {
	var edits []analysis.TextEdit
	nodes := slices.Clone(also)
	for _, st := range list {
		e, ok := RemoveStmt(pass, st)
		if !ok {
			return nil, false
		}
		edits = append(edits, e)
		nodes = append(nodes, st)
	}
	imps, ok := UnusedImports(pass, nodes)
	if !ok {
		return nil, false
	}
	return append(edits, imps...), true
}
