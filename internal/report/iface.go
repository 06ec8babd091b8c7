package report

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
	"github.com/offsetcommit/commitlint/internal/ssaflow"
)

// methodCall matches a call of a method on a value named by an identifier
// or a selector chain in a fix's new text: `s.r.FetchMessage(`.
var methodCall = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)\.([A-Za-z_][A-Za-z0-9_]*)\(`)

// CompleteInterfaces makes d's fixes compile where they call, on a value
// of an application interface that stands for a client type
// (clientmodel.StandsFor), a method of the client that the interface
// lacks: the read-commits-first fix turns r.ReadMessage into
// r.FetchMessage, which an interface with ReadMessage and CommitMessages
// does not have. The method is added to the interface's declaration, with
// the client's signature. For an interface whose only implementation in
// the package is an adapter holding the client in a field (the calls
// internal/consumer follows through it), the adapter also gains a method
// that forwards to the client's. A fix that would need to add it to an
// interface of another package is dropped (it would not compile; the
// finding stays). Report runs it on every diagnostic it reports; a
// finding kept for another package to report (a fact) runs it here,
// where the edits' package is the pass's.
func CompleteInterfaces(pass *analysis.Pass, d *analysis.Diagnostic) {
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
// edits call on their values, and false when one cannot be added. The
// methods an interface gains are declared in the order of their names,
// in one edit, so that every front end writes the same code.
func interfaceEdits(pass *analysis.Pass, edits []analysis.TextEdit) ([]analysis.TextEdit, bool) {
	type addition struct {
		iface *types.Named
		fn    *types.Func
		impl  types.Type // an adapter forwarding to its client, or nil
		field *types.Var
	}
	var adds []addition
	added := func(named *types.Named, name string) bool {
		return slices.ContainsFunc(adds, func(a addition) bool { return a.iface == named && a.fn.Name() == name })
	}
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
			if !ok || !types.IsInterface(named) || added(named, name) {
				continue
			}
			if obj, _, _ := types.LookupFieldOrMethod(named, true, pass.Pkg, name); obj != nil {
				continue
			}
			client := clientmodel.Default.StandsFor(named)
			impl, field := types.Type(nil), (*types.Var)(nil)
			if client == nil {
				if impl, field = adapterOf(pass, named); impl == nil {
					continue
				}
				client = field.Type()
			}
			cm, _, _ := types.LookupFieldOrMethod(client, true, nil, name)
			if fn, ok := cm.(*types.Func); ok {
				adds = append(adds, addition{named, fn, impl, field})
			}
		}
	}
	slices.SortStableFunc(adds, func(a, b addition) int { return strings.Compare(a.fn.Name(), b.fn.Name()) })
	var out []analysis.TextEdit
	for _, a := range adds {
		edit, ok := addMethod(pass, a.iface, a.fn)
		if !ok {
			return nil, false
		}
		out = appendMerged(out, edit)
		if a.impl != nil {
			// The adapter gains a method forwarding to its client.
			if edit, ok = addForwarder(pass, a.impl, a.field, a.fn); !ok {
				return nil, false
			}
			out = appendMerged(out, edit)
		}
	}
	return out, true
}

// appendMerged appends e to edits, joined to an insertion at the same
// place already there (its text after that one's).
func appendMerged(edits []analysis.TextEdit, e analysis.TextEdit) []analysis.TextEdit {
	for i, x := range edits {
		if x.Pos == e.Pos && x.End == x.Pos && e.End == e.Pos {
			edits[i].NewText = append(slices.Clip(x.NewText), e.NewText...)
			return edits
		}
	}
	return append(edits, e)
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

// adapterOf returns the only type of the package that implements iface
// (itself or its pointer, as it implements it) when it has exactly one
// field of a client package's type, and that field; nil otherwise.
func adapterOf(pass *analysis.Pass, iface *types.Named) (types.Type, *types.Var) {
	it, ok := iface.Underlying().(*types.Interface)
	if !ok {
		return nil, nil
	}
	impls := clientmodel.Implementations(pass.Pkg, it)
	if len(impls) != 1 {
		return nil, nil
	}
	impl := impls[0]
	st, ok := derefNamed(impl).Underlying().(*types.Struct)
	if !ok {
		return nil, nil
	}
	var field *types.Var
	for i := range st.NumFields() {
		f := st.Field(i)
		n, ok := types.Unalias(ssaflow.Deref(f.Type())).(*types.Named)
		if !ok || n.Obj().Pkg() == nil || !clientmodel.Default.IsClientPath(n.Obj().Pkg().Path()) {
			continue
		}
		if field != nil {
			return nil, nil
		}
		field = f
	}
	if field == nil {
		return nil, nil
	}
	return impl, field
}

func derefNamed(t types.Type) *types.Named {
	n, _ := types.Unalias(ssaflow.Deref(t)).(*types.Named)
	return n
}

// addForwarder returns the edit that declares, after the declaration of
// the adapter type impl, a method named as fn that forwards its arguments
// to fn on the adapter's client field and returns its results.
func addForwarder(pass *analysis.Pass, impl types.Type, field *types.Var, fn *types.Func) (analysis.TextEdit, bool) {
	named := derefNamed(impl)
	if named == nil {
		return analysis.TextEdit{}, false
	}
	pos := named.Obj().Pos()
	for _, f := range pass.Files {
		if pos < f.FileStart || pos > f.FileEnd {
			continue
		}
		var decl *ast.GenDecl
		for _, d := range f.Decls {
			if gd, ok := d.(*ast.GenDecl); ok && gd.Pos() <= pos && pos < gd.End() {
				decl = gd
			}
		}
		if decl == nil {
			return analysis.TextEdit{}, false
		}
		qual := func(p *types.Package) string {
			if p == pass.Pkg {
				return ""
			}
			for _, imp := range f.Imports {
				if strings.Trim(imp.Path.Value, `"`) == p.Path() {
					if imp.Name != nil {
						return imp.Name.Name
					}
					return p.Name()
				}
			}
			return "?"
		}
		sig := fn.Type().(*types.Signature)
		recv := receiverName(f, named.Obj().Name())
		for {
			clash := recv == field.Name()
			for i := range sig.Params().Len() {
				clash = clash || sig.Params().At(i).Name() == recv
			}
			if !clash {
				break
			}
			recv += "_"
		}
		var params, args []string
		for i := range sig.Params().Len() {
			p := sig.Params().At(i)
			name := p.Name()
			if name == "" || name == "_" {
				name = fmt.Sprintf("p%d", i)
			}
			t := types.TypeString(p.Type(), qual)
			arg := name
			if sig.Variadic() && i == sig.Params().Len()-1 {
				t = "..." + types.TypeString(p.Type().(*types.Slice).Elem(), qual)
				arg += "..."
			}
			params = append(params, name+" "+t)
			args = append(args, arg)
		}
		results := ""
		if r := sig.Results(); r.Len() > 0 {
			var rs []string
			for i := range r.Len() {
				rs = append(rs, types.TypeString(r.At(i).Type(), qual))
			}
			results = " " + strings.Join(rs, ", ")
			if r.Len() > 1 {
				results = " (" + strings.Join(rs, ", ") + ")"
			}
		}
		ret := ""
		if results != "" {
			ret = "return "
		}
		text := fmt.Sprintf("\n\n// %s forwards to the client's %s.\nfunc (%s %s) %s(%s)%s {\n\t%s%s.%s.%s(%s)\n}",
			fn.Name(), fn.Name(), recv, types.TypeString(impl, qual), fn.Name(), strings.Join(params, ", "), results,
			ret, recv, field.Name(), fn.Name(), strings.Join(args, ", "))
		if strings.Contains(text, "?") {
			return analysis.TextEdit{}, false
		}
		return analysis.TextEdit{Pos: decl.End(), End: decl.End(), NewText: []byte(text)}, true
	}
	return analysis.TextEdit{}, false
}

// receiverName returns the receiver name of the first method of the type
// named typ declared in f, or "a".
func receiverName(f *ast.File, typ string) string {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Recv == nil || len(fd.Recv.List) != 1 || len(fd.Recv.List[0].Names) != 1 {
			continue
		}
		t := fd.Recv.List[0].Type
		if st, ok := t.(*ast.StarExpr); ok {
			t = st.X
		}
		if id, ok := t.(*ast.Ident); ok && id.Name == typ && fd.Recv.List[0].Names[0].Name != "_" {
			return fd.Recv.List[0].Names[0].Name
		}
	}
	return "a"
}
