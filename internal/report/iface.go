package report

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// methodCall matches a call of a method on a value named by an identifier
// or a selector chain in a fix's new text: `s.r.FetchMessage(`.
var methodCall = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_][A-Za-z0-9_]*)\(`)

// completeInterfaces makes d's fixes compile where they call, on a value
// of an application interface that stands for a client type
// (clientmodel.StandsFor), a method of the client that the interface
// lacks: the read-commits-first fix turns r.ReadMessage into
// r.FetchMessage, which an interface with ReadMessage and CommitMessages
// does not have. The method is added to the interface's declaration, with
// the client's signature. A fix that would need to add it to an interface
// of another package is dropped (it would not compile; the finding stays).
func completeInterfaces(pass *analysis.Pass, d *analysis.Diagnostic) {
	fixes := d.SuggestedFixes[:0]
	for _, fix := range d.SuggestedFixes {
		if extra, ok := interfaceEdits(pass, fix.TextEdits); ok {
			fix.TextEdits = append(slices.Clip(fix.TextEdits), extra...)
			fixes = append(fixes, fix)
		}
	}
	d.SuggestedFixes = fixes
}

// interfaceEdits returns the edits that add to interfaces the methods
// edits call on their values, and false when one cannot be added.
func interfaceEdits(pass *analysis.Pass, edits []analysis.TextEdit) ([]analysis.TextEdit, bool) {
	type key struct {
		iface *types.Named
		name  string
	}
	added := map[key]bool{}
	var out []analysis.TextEdit
	for _, e := range edits {
		type use struct {
			recv types.Type
			name string
		}
		var uses []use
		if t := renamedReceiver(pass, e); t != nil {
			uses = append(uses, use{t, string(e.NewText)})
		}
		for _, m := range methodCall.FindAllStringSubmatch(string(e.NewText), -1) {
			tv, err := types.Eval(pass.Fset, pass.Pkg, e.Pos, m[1])
			if err == nil && tv.IsValue() { // else a package name, or a name the fix itself declares
				uses = append(uses, use{tv.Type, m[2]})
			}
		}
		for _, u := range uses {
			name := u.name
			named, ok := types.Unalias(u.recv).(*types.Named)
			if !ok || !types.IsInterface(named) || added[key{named, name}] {
				continue
			}
			if obj, _, _ := types.LookupFieldOrMethod(named, true, pass.Pkg, name); obj != nil {
				continue
			}
			client := clientmodel.Default.StandsFor(named)
			if client == nil {
				continue
			}
			cm, _, _ := types.LookupFieldOrMethod(client, true, nil, name)
			fn, ok := cm.(*types.Func)
			if !ok {
				continue
			}
			edit, ok := addMethod(pass, named, fn)
			if !ok {
				return nil, false
			}
			added[key{named, name}] = true
			out = append(out, edit)
		}
	}
	return out, true
}

// renamedReceiver returns the type of x when e replaces the name of a
// method in a selector x.Name by another name (r.ReadMessage becomes
// r.FetchMessage), else nil.
func renamedReceiver(pass *analysis.Pass, e analysis.TextEdit) types.Type {
	if !token.IsIdentifier(string(e.NewText)) {
		return nil
	}
	for _, f := range pass.Files {
		if e.Pos < f.FileStart || e.End > f.FileEnd {
			continue
		}
		path, _ := astutil.PathEnclosingInterval(f, e.Pos, e.End)
		if len(path) < 2 {
			return nil
		}
		id, ok := path[0].(*ast.Ident)
		sel, ok2 := path[1].(*ast.SelectorExpr)
		if !ok || !ok2 || sel.Sel != id || id.Pos() != e.Pos || id.End() != e.End {
			return nil
		}
		return pass.TypesInfo.TypeOf(sel.X)
	}
	return nil
}

// addMethod returns the edit that declares fn's method in the interface
// iface, written with the import names of iface's file.
func addMethod(pass *analysis.Pass, iface *types.Named, fn *types.Func) (analysis.TextEdit, bool) {
	pos := iface.Obj().Pos()
	for _, f := range pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		var lit *ast.InterfaceType
		ast.Inspect(f, func(n ast.Node) bool {
			if ts, ok := n.(*ast.TypeSpec); ok && ts.Name.Pos() == pos {
				lit, _ = ts.Type.(*ast.InterfaceType)
				return false
			}
			return lit == nil
		})
		if lit == nil || !lit.Methods.Closing.IsValid() {
			return analysis.TextEdit{}, false
		}
		names := map[string]string{} // import path → name in f
		for _, imp := range f.Imports {
			path := strings.Trim(imp.Path.Value, `"`)
			if imp.Name != nil {
				names[path] = imp.Name.Name
			} else if p := importedPackage(pass.Pkg, path); p != nil {
				names[path] = p.Name()
			}
		}
		missing := false
		qual := func(p *types.Package) string {
			if p == pass.Pkg {
				return ""
			}
			n, ok := names[p.Path()]
			if !ok || n == "_" || n == "." {
				missing = true
			}
			return n
		}
		sig := types.TypeString(fn.Type(), qual)
		if missing {
			return analysis.TextEdit{}, false
		}
		spec := fn.Name() + strings.TrimPrefix(sig, "func")
		at := lit.Methods.Closing
		cp := pass.Fset.Position(at)
		if pass.Fset.Position(lit.Methods.Opening).Line == cp.Line {
			// interface{ ... } on one line: the method goes on a line of its own
			return analysis.TextEdit{Pos: at, End: at, NewText: []byte("\n\t" + spec + "\n")}, true
		}
		// before the closing brace's line, indented one more than it
		// (gofmt'd code indents with tabs, one byte a column)
		start := at - token.Pos(cp.Column-1)
		indent := strings.Repeat("\t", cp.Column)
		return analysis.TextEdit{Pos: start, End: start, NewText: []byte(indent + spec + "\n")}, true
	}
	return analysis.TextEdit{}, false
}

// importedPackage returns the package pkg imports by path, or nil.
func importedPackage(pkg *types.Package, path string) *types.Package {
	for _, p := range pkg.Imports() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}
