// Package edit builds the text edits of commitlint's suggested fixes from
// the syntax tree: statements inserted at the end of a block or the start
// of a function, list elements added or removed, imports added. Every
// helper returns ok=false rather than an edit it is not sure of.
package edit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/offsetcommit/commitlint/internal/noreturn"
)

// File returns the syntax tree of the file containing pos.
func File(pass *analysis.Pass, pos token.Pos) *ast.File {
	for _, f := range pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}

// Path returns the path from the file down to the innermost node enclosing
// [pos, pos].
func Path(pass *analysis.Pass, pos token.Pos) []ast.Node {
	f := File(pass, pos)
	if f == nil {
		return nil
	}
	path, _ := astutil.PathEnclosingInterval(f, pos, pos)
	return path
}

// FuncDecl returns the declaration of fn in pass's package, with a body,
// or nil.
func FuncDecl(pass *analysis.Pass, fn *types.Func) *ast.FuncDecl {
	if fn == nil || fn.Pkg() != pass.Pkg {
		return nil
	}
	for _, n := range Path(pass, fn.Pos()) {
		if fd, ok := n.(*ast.FuncDecl); ok && fd.Name.Pos() == fn.Pos() && fd.Body != nil {
			return fd
		}
	}
	return nil
}

// CallAt returns the call expression whose left parenthesis is at lparen
// (the position SSA gives a call), with its path.
func CallAt(pass *analysis.Pass, lparen token.Pos) (*ast.CallExpr, []ast.Node) {
	path := Path(pass, lparen)
	for i, n := range path {
		if c, ok := n.(*ast.CallExpr); ok && c.Lparen == lparen {
			return c, path[i:]
		}
	}
	return nil, nil
}

// Source returns the source text of n.
func Source(pass *analysis.Pass, n ast.Node) string {
	var buf bytes.Buffer
	if err := format.Node(&buf, pass.Fset, n); err != nil {
		return ""
	}
	return buf.String()
}

// Stmt returns the statement that contains the innermost node of path and
// the statement list (with its owner) it sits in.
func Stmt(path []ast.Node) (ast.Stmt, *[]ast.Stmt) {
	for i, n := range path {
		st, ok := n.(ast.Stmt)
		if !ok || i+1 >= len(path) {
			continue
		}
		switch p := path[i+1].(type) {
		case *ast.BlockStmt:
			return st, &p.List
		case *ast.CaseClause:
			return st, &p.Body
		case *ast.CommClause:
			return st, &p.Body
		}
	}
	return nil, nil
}

// PosOf returns the position p names in one of the package's files,
// NoPos when p is in none of them.
func PosOf(pass *analysis.Pass, p token.Position) token.Pos {
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf != nil && tf.Name() == p.Filename && p.Line >= 1 && p.Line <= tf.LineCount() {
			return tf.LineStart(p.Line) + token.Pos(p.Column-1)
		}
	}
	return token.NoPos
}

// Indent returns the indentation of the line containing pos.
func Indent(pass *analysis.Pass, pos token.Pos) string {
	tf := pass.Fset.File(pos)
	if tf == nil {
		return "\t"
	}
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return "\t"
	}
	off := tf.Offset(tf.LineStart(tf.Line(pos)))
	end := off
	for end < len(content) && (content[end] == ' ' || content[end] == '\t') {
		end++
	}
	return string(content[off:end])
}

// terminal reports whether s ends the control flow of its list: a return,
// a branch (fallthrough included: nothing may follow it), or a call that
// never returns (internal/noreturn).
func terminal(pass *analysis.Pass, s ast.Stmt) bool {
	if _, ok := s.(*ast.BranchStmt); ok {
		return true
	}
	return noreturn.Of(pass).Leaves(s)
}

// AppendToList returns an edit inserting text as the last statements of
// list (before a final return, break or continue), where list belongs to
// a block or clause ending at end. Lines of text are indented like the
// list's statements.
func AppendToList(pass *analysis.Pass, list []ast.Stmt, end token.Pos, text string) (analysis.TextEdit, bool) {
	if len(list) == 0 {
		return analysis.TextEdit{}, false
	}
	last := list[len(list)-1]
	indent := Indent(pass, last.Pos())
	body := IndentLines(text, indent)
	if terminal(pass, last) {
		return analysis.TextEdit{Pos: last.Pos(), End: last.Pos(), NewText: []byte(strings.TrimPrefix(body, indent) + "\n" + indent)}, true
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte("\n" + body)}, true
}

// InsertBefore returns an edit inserting text as statements before s.
func InsertBefore(pass *analysis.Pass, s ast.Stmt, text string) analysis.TextEdit {
	indent := Indent(pass, s.Pos())
	body := IndentLines(text, indent)
	return analysis.TextEdit{Pos: s.Pos(), End: s.Pos(), NewText: []byte(strings.TrimPrefix(body, indent) + "\n" + indent)}
}

// InsertAfter returns an edit inserting text as statements after s.
func InsertAfter(pass *analysis.Pass, s ast.Stmt, text string) analysis.TextEdit {
	indent := Indent(pass, s.Pos())
	return analysis.TextEdit{Pos: s.End(), End: s.End(), NewText: []byte("\n" + IndentLines(text, indent))}
}

// PrependToBody returns an edit inserting text as the first statements of
// a function body.
func PrependToBody(pass *analysis.Pass, body *ast.BlockStmt, text string) (analysis.TextEdit, bool) {
	if body == nil || len(body.List) == 0 {
		return analysis.TextEdit{}, false
	}
	first := body.List[0]
	indent := Indent(pass, first.Pos())
	return analysis.TextEdit{Pos: first.Pos(), End: first.Pos(), NewText: []byte(strings.TrimPrefix(IndentLines(text, indent), indent) + "\n" + indent)}, true
}

// AddElement returns an edit adding elem as the last element of a call's
// arguments or a composite literal's elements. It refuses a call whose
// last argument is spread (f(xs...)).
func AddElement(pass *analysis.Pass, n ast.Node, elem string) (analysis.TextEdit, bool) {
	var elts []ast.Expr
	var rbrace token.Pos
	switch n := n.(type) {
	case *ast.CallExpr:
		if n.Ellipsis.IsValid() {
			return analysis.TextEdit{}, false
		}
		elts, rbrace = n.Args, n.Rparen
	case *ast.CompositeLit:
		elts, rbrace = n.Elts, n.Rbrace
	default:
		return analysis.TextEdit{}, false
	}
	if len(elts) == 0 {
		return analysis.TextEdit{Pos: rbrace, End: rbrace, NewText: []byte(elem)}, true
	}
	last := elts[len(elts)-1]
	if pass.Fset.Position(last.End()).Line != pass.Fset.Position(rbrace).Line {
		// One element per line: add a line of our own, after the last
		// one's line (its comma and any comment stay where they are).
		indent := Indent(pass, last.Pos())
		tf := pass.Fset.File(last.End())
		if line := tf.Line(last.End()); line < tf.LineCount() {
			next := tf.LineStart(line + 1)
			return analysis.TextEdit{Pos: next, End: next, NewText: []byte(indent + elem + ",\n")}, true
		}
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(",\n" + indent + elem)}, true
	}
	return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(", " + elem)}, true
}

// RemoveElement returns an edit removing x from the argument list of a call
// or the elements of a composite literal that is its parent.
func RemoveElement(pass *analysis.Pass, parent ast.Node, x ast.Expr) (analysis.TextEdit, bool) {
	var elts []ast.Expr
	switch p := parent.(type) {
	case *ast.CallExpr:
		elts = p.Args
	case *ast.CompositeLit:
		elts = p.Elts
	default:
		return analysis.TextEdit{}, false
	}
	for i, e := range elts {
		if e != x {
			continue
		}
		tf := pass.Fset.File(x.Pos())
		if i+1 < len(elts) {
			// Remove "x, " up to the next element.
			return analysis.TextEdit{Pos: x.Pos(), End: elts[i+1].Pos()}, true
		}
		if i > 0 {
			prevEnd := elts[i-1].End()
			if tf != nil && tf.Line(prevEnd) != tf.Line(x.Pos()) {
				// Element on its own line, ending in a comma (the closing
				// parenthesis or brace is on the next line): remove the line.
				start := tf.LineStart(tf.Line(x.Pos()))
				end := x.End()
				content, err := pass.ReadFile(tf.Name())
				if err == nil {
					off := tf.Offset(end)
					for off < len(content) && content[off] != '\n' {
						off++
					}
					rest, comma := strings.CutPrefix(strings.TrimSpace(string(content[tf.Offset(end):off])), ",")
					if rest = strings.TrimSpace(rest); comma && (rest == "" || strings.HasPrefix(rest, "//")) {
						if off < len(content) {
							off++
						}
						return analysis.TextEdit{Pos: start, End: tf.Pos(off)}, true
					}
				}
			}
			return analysis.TextEdit{Pos: prevEnd, End: x.End()}, true
		}
		return analysis.TextEdit{Pos: x.Pos(), End: x.End()}, true
	}
	return analysis.TextEdit{}, false
}

// RemoveStmt returns an edit deleting s with its line(s), trailing line
// comment included. It refuses a statement that shares a line with other
// code.
func RemoveStmt(pass *analysis.Pass, s ast.Stmt) (analysis.TextEdit, bool) {
	tf := pass.Fset.File(s.Pos())
	if tf == nil {
		return analysis.TextEdit{}, false
	}
	content, err := pass.ReadFile(tf.Name())
	if err != nil {
		return analysis.TextEdit{}, false
	}
	start := tf.Offset(tf.LineStart(tf.Line(s.Pos())))
	if strings.TrimSpace(string(content[start:tf.Offset(s.Pos())])) != "" {
		return analysis.TextEdit{}, false
	}
	end := tf.Offset(s.End())
	for end < len(content) && content[end] != '\n' {
		end++
	}
	if rest := strings.TrimSpace(string(content[tf.Offset(s.End()):end])); rest != "" && !strings.HasPrefix(rest, "//") {
		return analysis.TextEdit{}, false
	}
	if end < len(content) {
		end++
	}
	return analysis.TextEdit{Pos: tf.Pos(start), End: tf.Pos(end)}, true
}

// Import returns the name under which file f imports path, and, if it does
// not, an edit adding the import and the name to use (the package's last
// path element).
func Import(pass *analysis.Pass, f *ast.File, path string) (string, []analysis.TextEdit) {
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p != path {
			continue
		}
		if imp.Name != nil && (imp.Name.Name == "." || imp.Name.Name == "_") {
			continue // no name to qualify with: imported again, named
		}
		if imp.Name != nil {
			return imp.Name.Name, nil
		}
		if pkg := imported(pass, path); pkg != nil {
			return pkg.Name(), nil
		}
		return path[strings.LastIndex(path, "/")+1:], nil
	}
	name := path[strings.LastIndex(path, "/")+1:]
	quoted := strconv.Quote(path)
	if nameTaken(pass, f, name) {
		// Another import, or a name of the package, is called that
		// already (logrus imported as log, var log = zap.S()).
		alias := "std" + name
		if nameTaken(pass, f, alias) {
			alias = name + "pkg"
		}
		name, quoted = alias, alias+" "+quoted
	}
	for _, d := range f.Decls {
		gd, ok := d.(*ast.GenDecl)
		if !ok || gd.Tok != token.IMPORT {
			continue
		}
		if gd.Lparen.IsValid() {
			return name, []analysis.TextEdit{{Pos: gd.Lparen + 1, End: gd.Lparen + 1, NewText: []byte("\n\t" + quoted)}}
		}
		return name, []analysis.TextEdit{{Pos: gd.Pos(), End: gd.Pos(), NewText: []byte("import " + quoted + "\n")}}
	}
	return name, []analysis.TextEdit{{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte("\n\nimport " + quoted)}}
}

// nameTaken reports whether name is the local name of an import of f, of
// an object declared in the package's scope, or of a local of f's
// functions (log := logger.With(...): a call inserted in its scope would
// name it).
func nameTaken(pass *analysis.Pass, f *ast.File, name string) bool {
	if pass.Pkg.Scope().Lookup(name) != nil {
		return true
	}
	for id := range pass.TypesInfo.Defs {
		if id.Name == name && f.Pos() <= id.Pos() && id.Pos() < f.End() {
			return true
		}
	}
	for _, imp := range f.Imports {
		local := ""
		switch {
		case imp.Name != nil:
			local = imp.Name.Name
		case pass.TypesInfo.PkgNameOf(imp) != nil:
			local = pass.TypesInfo.PkgNameOf(imp).Name()
		default:
			p, _ := strconv.Unquote(imp.Path.Value)
			local = p[strings.LastIndex(p, "/")+1:]
		}
		if local == name {
			return true
		}
	}
	return false
}

func imported(pass *analysis.Pass, path string) *types.Package {
	for _, p := range pass.Pkg.Imports() {
		if p.Path() == path {
			return p
		}
	}
	return nil
}

// Qualifier returns how file f refers to the package of obj: "" for the
// package under analysis, else the import name.
func Qualifier(pass *analysis.Pass, f *ast.File, pkg *types.Package) string {
	if pkg == nil || pkg == pass.Pkg {
		return ""
	}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		if p == pkg.Path() {
			if imp.Name != nil {
				return imp.Name.Name
			}
			return pkg.Name()
		}
	}
	return ""
}

// FreeName returns name, or name with a numeric suffix, such that it is not
// declared in the scope at pos, nor later in the innermost scope (where a
// declaration at pos would make a later := of it declare nothing new).
func FreeName(pass *analysis.Pass, pos token.Pos, name string) string {
	scope := innermostScope(pass, pos)
	if scope == nil {
		return name
	}
	cand := name
	for i := 2; ; i++ {
		if _, obj := scope.LookupParent(cand, pos); obj == nil && scope.Lookup(cand) == nil {
			return cand
		}
		cand = name + strconv.Itoa(i)
	}
}

func innermostScope(pass *analysis.Pass, pos token.Pos) *types.Scope {
	f := File(pass, pos)
	if f == nil {
		return nil
	}
	s := pass.TypesInfo.Scopes[f]
	if s == nil {
		return nil
	}
	return s.Innermost(pos)
}

// FuncOf returns the innermost function (declaration or literal) in path:
// its type and body.
func FuncOf(path []ast.Node) (*ast.FuncType, *ast.BlockStmt) {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			return f.Type, f.Body
		case *ast.FuncDecl:
			return f.Type, f.Body
		}
	}
	return nil, nil
}

// Signature returns the signature of the innermost function (declaration
// or literal) in path, or nil.
func Signature(pass *analysis.Pass, path []ast.Node) *types.Signature {
	for _, n := range path {
		switch f := n.(type) {
		case *ast.FuncLit:
			sig, _ := pass.TypesInfo.TypeOf(f).(*types.Signature)
			return sig
		case *ast.FuncDecl:
			if fn, ok := pass.TypesInfo.Defs[f.Name].(*types.Func); ok {
				return fn.Signature()
			}
			return nil
		}
	}
	return nil
}

// LoopOf returns the innermost for or range statement in path that is not
// outside the innermost function and runs the innermost node on every
// iteration: a node in a range expression or a for statement's init runs
// once, before the loop, so that loop is skipped for the enclosing one.
func LoopOf(path []ast.Node) (ast.Stmt, *ast.BlockStmt) {
	for i, n := range path {
		var child ast.Node
		if i > 0 {
			child = path[i-1]
		}
		switch l := n.(type) {
		case *ast.ForStmt:
			if child != nil && child == l.Init {
				continue
			}
			return l, l.Body
		case *ast.RangeStmt:
			if child != l.Body {
				continue
			}
			return l, l.Body
		case *ast.FuncLit, *ast.FuncDecl:
			return nil, nil
		}
	}
	return nil, nil
}

// ZeroValue spells the zero value of t in file f of pass's package: false,
// "", 0, nil, or T{} with T written with f's import names. False for a
// type parameter (*new(T) would do, but reads badly) or a type of a
// package f does not import by a usable name.
func ZeroValue(pass *analysis.Pass, t types.Type, f *ast.File) (string, bool) {
	if _, ok := t.(*types.TypeParam); ok || f == nil {
		return "", false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsBoolean != 0:
			return "false", true
		case u.Info()&types.IsString != 0:
			return `""`, true
		case u.Info()&types.IsNumeric != 0:
			return "0", true
		case u.Kind() == types.UnsafePointer:
			return "nil", true
		}
		return "", false
	case *types.Pointer, *types.Slice, *types.Map, *types.Chan, *types.Signature, *types.Interface:
		return "nil", true
	case *types.Struct, *types.Array:
		ok := true
		text := types.TypeString(t, func(p *types.Package) string {
			if p == pass.Pkg {
				return ""
			}
			for _, imp := range f.Imports {
				if path, _ := strconv.Unquote(imp.Path.Value); path == p.Path() {
					switch {
					case imp.Name == nil:
						return p.Name()
					case imp.Name.Name == ".":
						return ""
					case imp.Name.Name != "_":
						return imp.Name.Name
					}
				}
			}
			ok = false
			return p.Name()
		})
		return text + "{}", ok
	}
	return "", false
}

// LeadingZeros spells the zero values of every result of sig but the
// last, each followed by ", ": what a `return <zeros>err` needs in a
// function returning (T..., error). False when one cannot be spelled in f
// (ZeroValue).
func LeadingZeros(pass *analysis.Pass, sig *types.Signature, f *ast.File) (string, bool) {
	res := sig.Results()
	var b strings.Builder
	for i := 0; i < res.Len()-1; i++ {
		z, ok := ZeroValue(pass, res.At(i).Type(), f)
		if !ok {
			return "", false
		}
		b.WriteString(z + ", ")
	}
	return b.String(), true
}

// LeavesLoop reports whether one of stmts, statements of a loop's body,
// can leave that loop: a return, a goto, a labelled branch, or a break
// that no nested loop, switch or select takes, and, with continues, a
// continue no nested loop takes (it skips the rest of the body).
// Function literals are not followed: their returns leave only them.
func LeavesLoop(stmts []ast.Stmt, continues bool) bool {
	leaves := false
	var walk func(n ast.Node, inLoop, inSwitch bool)
	walk = func(n ast.Node, inLoop, inSwitch bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			if leaves || m == nil || m == n {
				return !leaves
			}
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ReturnStmt:
				leaves = true
			case *ast.BranchStmt:
				switch {
				case m.Tok == token.GOTO, m.Label != nil:
					leaves = true
				case m.Tok == token.BREAK && !inLoop && !inSwitch, continues && m.Tok == token.CONTINUE && !inLoop:
					leaves = true
				}
			case *ast.ForStmt, *ast.RangeStmt:
				walk(m, true, inSwitch)
				return false
			case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
				walk(m, inLoop, true)
				return false
			}
			return !leaves
		})
	}
	walk(&ast.BlockStmt{List: stmts}, false, false)
	return leaves
}

// HasReturn reports whether n holds a return statement outside the
// function literals in it.
func HasReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// LogErr returns a statement logging the error errVar with the words
// what, in the logging file f already uses: slog.Error(what, "err",
// errVar) in a file importing log/slog and not log, else
// log.Printf("what: %v", errVar); and the edits adding the import, if
// needed.
func LogErr(pass *analysis.Pass, f *ast.File, what, errVar string) (string, []analysis.TextEdit) {
	imports := func(path string) bool {
		return slices.ContainsFunc(f.Imports, func(imp *ast.ImportSpec) bool { p, _ := strconv.Unquote(imp.Path.Value); return p == path })
	}
	if imports("log/slog") && !imports("log") {
		if name, e := Import(pass, f, "log/slog"); len(e) == 0 {
			// (Not a dot or blank import, which Import would add
			// again.)
			return fmt.Sprintf("%s.Error(%q, \"err\", %s)", name, what, errVar), nil
		}
	}
	name, e := Import(pass, f, "log")
	return fmt.Sprintf("%s.Printf(%q, %s)", name, what+": %v", errVar), e
}

// IsBareVar reports whether s declares variables without values (var
// terr *TransientError): what a later statement fills.
func IsBareVar(s ast.Stmt) bool {
	ds, ok := s.(*ast.DeclStmt)
	if !ok {
		return false
	}
	gd, ok := ds.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR {
		return false
	}
	for _, sp := range gd.Specs {
		if vs, ok := sp.(*ast.ValueSpec); !ok || len(vs.Values) > 0 {
			return false
		}
	}
	return true
}
