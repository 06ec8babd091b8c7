package edit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/format"
	goimporter "go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// names are the package names of the imports the test sources use, each
// different from the last element of its path (and from the name the
// source imports it as).
var names = map[string]string{
	"example.com/go-kafka": "kafka",
	"example.com/kafka-z":  "kafkaz",
}

// load type-checks src as the one file x.go of package p and returns a
// pass over it. Imports resolve to empty packages; type errors (an unused
// import, a missing member) are ignored, as the edits only read syntax,
// scopes and import names.
func load(t *testing.T, src string) *analysis.Pass {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "x.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	info := &types.Info{
		Types:  map[ast.Expr]types.TypeAndValue{},
		Defs:   map[*ast.Ident]types.Object{},
		Uses:   map[*ast.Ident]types.Object{},
		Scopes: map[ast.Node]*types.Scope{},
	}
	conf := types.Config{
		Importer: importer(func(path string) (*types.Package, error) {
			if path == "sync" || path == "context" {
				return goimporter.Default().Import(path)
			}
			name, ok := names[path]
			if !ok {
				name = path[strings.LastIndex(path, "/")+1:]
			}
			pkg := types.NewPackage(path, name)
			pkg.MarkComplete()
			return pkg, nil
		}),
		Error: func(error) {},
	}
	pkg, _ := conf.Check("p", fset, []*ast.File{f}, info)
	return &analysis.Pass{
		Fset:      fset,
		Files:     []*ast.File{f},
		Pkg:       pkg,
		TypesInfo: info,
		ReadFile: func(name string) ([]byte, error) {
			if name != "x.go" {
				return nil, fmt.Errorf("no file %s", name)
			}
			return []byte(src), nil
		},
	}
}

type importer func(path string) (*types.Package, error)

func (f importer) Import(path string) (*types.Package, error) { return f(path) }

// at returns the position of the first occurrence of marker in the file,
// plus delta bytes.
func at(t *testing.T, pass *analysis.Pass, marker string, delta int) token.Pos {
	t.Helper()
	tf := pass.Fset.File(pass.Files[0].Pos())
	content, _ := pass.ReadFile(tf.Name())
	i := bytes.Index(content, []byte(marker))
	if i < 0 {
		t.Fatalf("no %q in the source", marker)
	}
	return tf.Pos(i + delta)
}

// splice returns the source with the edits applied, failing the test if
// it does not parse.
func splice(t *testing.T, pass *analysis.Pass, edits ...analysis.TextEdit) string {
	t.Helper()
	tf := pass.Fset.File(pass.Files[0].Pos())
	content, _ := pass.ReadFile(tf.Name())
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(b.Pos - a.Pos) })
	out := string(content)
	for _, e := range edits {
		end := e.End
		if !end.IsValid() {
			end = e.Pos
		}
		out = out[:tf.Offset(e.Pos)] + string(e.NewText) + out[tf.Offset(end):]
	}
	if _, err := parser.ParseFile(token.NewFileSet(), "x.go", out, 0); err != nil {
		t.Fatalf("edited source does not parse: %v\n%s", err, out)
	}
	return out
}

// apply is splice for a gofmt-formatted source: the edited source must
// be gofmt-formatted too (the edits keep the file's layout).
func apply(t *testing.T, pass *analysis.Pass, edits ...analysis.TextEdit) string {
	t.Helper()
	out := splice(t, pass, edits...)
	formatted, err := format.Source([]byte(out))
	if err != nil {
		t.Fatal(err)
	}
	if string(formatted) != out {
		t.Errorf("edited source is not gofmt-formatted:\n%s\nwant:\n%s", out, formatted)
	}
	return out
}

// body returns the body of the function declared as name.
func body(t *testing.T, pass *analysis.Pass, name string) *ast.BlockStmt {
	t.Helper()
	for _, d := range pass.Files[0].Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Name.Name == name {
			return fd.Body
		}
	}
	t.Fatalf("no function %s", name)
	return nil
}

// wantSource fails the test unless got contains each of wants.
func wantSource(t *testing.T, got string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(got, w) {
			t.Errorf("edited source lacks %q:\n%s", w, got)
		}
	}
}

const callSrc = `package p

var v = 0

func f(a, b int) int { return a + b }

func g(x int) {
	switch x {
	case 1:
		f(1, f(2, 3))
	}
	for {
		y := f(4, 5)
		_ = y
	}
}
`

func TestCallAtAndSource(t *testing.T) {
	pass := load(t, callSrc)
	lparen := at(t, pass, "f(2, 3)", 1)
	call, path := CallAt(pass, lparen)
	if call == nil {
		t.Fatal("no call at the left parenthesis of f(2, 3)")
	}
	if got := Source(pass, call); got != "f(2, 3)" {
		t.Errorf("Source = %q, want the inner call f(2, 3)", got)
	}
	if path[0] != call {
		t.Errorf("path starts at %T, want the call", path[0])
	}
	if outer, ok := path[1].(*ast.CallExpr); !ok || Source(pass, outer) != "f(1, f(2, 3))" {
		t.Errorf("path[1] = %T, want the outer call", path[1])
	}
	if File(pass, lparen) != pass.Files[0] {
		t.Error("File does not return the file containing the position")
	}
	if c, _ := CallAt(pass, at(t, pass, "f(2, 3)", 2)); c != nil {
		t.Errorf("CallAt inside the arguments returned %s", Source(pass, c))
	}
	if p := Path(pass, token.NoPos); p != nil {
		t.Errorf("Path of no position = %v", p)
	}
}

func TestStmt(t *testing.T) {
	pass := load(t, callSrc)
	for _, tc := range []struct {
		marker string
		stmt   string
		list   int
	}{
		{"f(1, f", "f(1, f(2, 3))", 1}, // in a case clause
		{"f(4, 5)", "y := f(4, 5)", 2}, // in a loop body
	} {
		st, list := Stmt(Path(pass, at(t, pass, tc.marker, 1)))
		if st == nil {
			t.Errorf("%s: no statement", tc.marker)
			continue
		}
		if got := Source(pass, st); got != tc.stmt {
			t.Errorf("%s: statement %q, want %q", tc.marker, got, tc.stmt)
		}
		if len(*list) != tc.list || !slices.Contains(*list, st) {
			t.Errorf("%s: list of %d statements, want %d holding the statement", tc.marker, len(*list), tc.list)
		}
	}
	if st, list := Stmt(Path(pass, at(t, pass, "var v", 4))); st != nil || list != nil {
		t.Errorf("a package-level var is in statement %v", st)
	}
}

func TestIndent(t *testing.T) {
	pass := load(t, callSrc)
	for marker, want := range map[string]string{
		"f(1, f": "\t\t",
		"switch": "\t",
		"var v":  "",
	} {
		if got := Indent(pass, at(t, pass, marker, 0)); got != want {
			t.Errorf("Indent at %s = %q, want %q", marker, got, want)
		}
	}
}

const blockSrc = `package p

func log(int) {}

func plain() {
	x := 1
	_ = x
}

func returns() int {
	x := 1
	return x
}

func empty() {
}
`

func TestAppendToList(t *testing.T) {
	pass := load(t, blockSrc)
	b := body(t, pass, "plain")
	e, ok := AppendToList(pass, b.List, b.Rbrace, "log(x)\nlog(x + 1)")
	if !ok {
		t.Fatal("AppendToList refused a plain block")
	}
	wantSource(t, apply(t, pass, e), "\t_ = x\n\tlog(x)\n\tlog(x + 1)\n}")

	// Before a final return.
	b = body(t, pass, "returns")
	e, ok = AppendToList(pass, b.List, b.Rbrace, "log(x)")
	if !ok {
		t.Fatal("AppendToList refused a block ending in return")
	}
	wantSource(t, apply(t, pass, e), "\tx := 1\n\tlog(x)\n\treturn x\n}")

	b = body(t, pass, "empty")
	if _, ok := AppendToList(pass, b.List, b.Rbrace, "log(1)"); ok {
		t.Error("AppendToList accepted an empty list, whose indentation it cannot see")
	}
}

func TestInsertBeforeAfter(t *testing.T) {
	pass := load(t, blockSrc)
	b := body(t, pass, "plain")
	wantSource(t, apply(t, pass, InsertBefore(pass, b.List[1], "log(0)\nlog(1)")), "\tx := 1\n\tlog(0)\n\tlog(1)\n\t_ = x\n")
	wantSource(t, apply(t, pass, InsertAfter(pass, b.List[0], "log(0)\nlog(1)")), "\tx := 1\n\tlog(0)\n\tlog(1)\n\t_ = x\n")
}

func TestPrependToBody(t *testing.T) {
	pass := load(t, blockSrc)
	e, ok := PrependToBody(pass, body(t, pass, "returns"), "log(0)\nlog(1)")
	if !ok {
		t.Fatal("PrependToBody refused a body")
	}
	wantSource(t, apply(t, pass, e), "func returns() int {\n\tlog(0)\n\tlog(1)\n\tx := 1\n")
	if _, ok := PrependToBody(pass, body(t, pass, "empty"), "log(0)"); ok {
		t.Error("PrependToBody accepted an empty body")
	}
	if _, ok := PrependToBody(pass, nil, "log(0)"); ok {
		t.Error("PrependToBody accepted a function without a body")
	}
}

const listSrc = `package p

func f(...int) {}

var xs = []int{1}

func g() {
	f(1, 2, 3)
	f()
	f(7)
	f(xs...)
	f(1,
		8)
	_ = []int{
		4,
		5,
		6,
	}
	_ = []string{
		"a",
		"b", // the comment goes with it
	}
}
`

// element returns the expression list (a call or composite literal) on
// the line of marker, and its element whose source is elem.
func element(t *testing.T, pass *analysis.Pass, marker, elem string) (ast.Node, ast.Expr) {
	t.Helper()
	var list ast.Node
	for _, n := range Path(pass, at(t, pass, marker, 0)) {
		if _, ok := n.(*ast.CallExpr); ok {
			list = n
			break
		}
		if _, ok := n.(*ast.CompositeLit); ok {
			list = n
			break
		}
	}
	if list == nil {
		t.Fatalf("no list at %s", marker)
	}
	var elts []ast.Expr
	switch l := list.(type) {
	case *ast.CallExpr:
		elts = l.Args
	case *ast.CompositeLit:
		elts = l.Elts
	}
	for _, e := range elts {
		if Source(pass, e) == elem {
			return list, e
		}
	}
	return list, nil
}

func TestAddElement(t *testing.T) {
	pass := load(t, listSrc)
	for _, tc := range []struct {
		marker, want string
	}{
		{"f(1, 2, 3)", "f(1, 2, 3, 9)"},
		{"f()", "f(9)"},
		{"4,", "\t\t6,\n\t\t9,\n\t}"}, // one element per line
	} {
		list, _ := element(t, pass, tc.marker, "")
		e, ok := AddElement(pass, list, "9")
		if !ok {
			t.Errorf("%s: AddElement refused", tc.marker)
			continue
		}
		wantSource(t, apply(t, pass, e), tc.want)
	}
	if list, _ := element(t, pass, "f(xs...)", ""); list != nil {
		if _, ok := AddElement(pass, list, "9"); ok {
			t.Error("AddElement accepted a call with a spread argument")
		}
	}
	if _, ok := AddElement(pass, body(t, pass, "g"), "9"); ok {
		t.Error("AddElement accepted a block")
	}
}

func TestRemoveElement(t *testing.T) {
	pass := load(t, listSrc)
	for _, tc := range []struct {
		marker, elem, want string
	}{
		{"f(1, 2, 3)", "1", "\tf(2, 3)\n"},
		{"f(1, 2, 3)", "2", "\tf(1, 3)\n"},
		{"f(1, 2, 3)", "3", "\tf(1, 2)\n"},
		{"f(7)", "7", "\tf()\n"},
		{"4,", "6", "\t\t4,\n\t\t5,\n\t}"}, // its own line
		{"f(1,\n", "8", "\tf(1)\n"},        // its own line, with the parenthesis
		{`"a",`, `"b"`, "\t\t\"a\",\n\t}"}, // its own line, with a comment
	} {
		list, x := element(t, pass, tc.marker, tc.elem)
		if x == nil {
			t.Fatalf("%s: no element %s", tc.marker, tc.elem)
		}
		e, ok := RemoveElement(pass, list, x)
		if !ok {
			t.Errorf("%s: RemoveElement(%s) refused", tc.marker, tc.elem)
			continue
		}
		wantSource(t, apply(t, pass, e), tc.want)
	}
	list, _ := element(t, pass, "f(1, 2, 3)", "")
	_, seven := element(t, pass, "f(7)", "7")
	if _, ok := RemoveElement(pass, list, seven); ok {
		t.Error("RemoveElement removed an element of another list")
	}
	if _, ok := RemoveElement(pass, body(t, pass, "g"), seven); ok {
		t.Error("RemoveElement accepted a block as the list")
	}
}

const stmtSrc = `package p

func g() {
	x := 1 // trailing comment
	_ = x; _ = x
	_ = x
}
`

func TestRemoveStmt(t *testing.T) {
	pass := load(t, stmtSrc)
	list := body(t, pass, "g").List
	e, ok := RemoveStmt(pass, list[0])
	if !ok {
		t.Fatal("RemoveStmt refused a statement on its own line")
	}
	if got := splice(t, pass, e); !strings.Contains(got, "func g() {\n\t_ = x; _ = x\n") {
		t.Errorf("the line with its comment is not removed:\n%s", got)
	}
	for _, i := range []int{1, 2} {
		if _, ok := RemoveStmt(pass, list[i]); ok {
			t.Errorf("RemoveStmt removed statement %d, which shares its line", i)
		}
	}
	e, ok = RemoveStmt(pass, list[3])
	if !ok {
		t.Fatal("RemoveStmt refused the last statement")
	}
	wantSource(t, splice(t, pass, e), "\t_ = x; _ = x\n}\n")
}

const importSrc = `package p

import (
	kz "example.com/kafka-z"
	"example.com/go-kafka"
)
`

func TestImport(t *testing.T) {
	pass := load(t, importSrc)
	f := pass.Files[0]
	for path, want := range map[string]string{
		"example.com/kafka-z":  "kz",    // the import's name
		"example.com/go-kafka": "kafka", // the package's name
	} {
		name, edits := Import(pass, f, path)
		if name != want || edits != nil {
			t.Errorf("Import(%s) = %q, %v; want %q and no edit", path, name, edits, want)
		}
	}
	name, edits := Import(pass, f, "sync/errgroup")
	if name != "errgroup" {
		t.Errorf("Import of a new path names it %q", name)
	}
	wantSource(t, splice(t, pass, edits...), "import (\n\t\"sync/errgroup\"\n\tkz \"example.com/kafka-z\"")

	single := load(t, "package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n")
	_, edits = Import(single, single.Files[0], "sync")
	wantSource(t, apply(t, single, edits...), "import \"sync\"\nimport \"fmt\"\n")

	none := load(t, "package p\n\nvar x = 1\n")
	_, edits = Import(none, none.Files[0], "sync")
	wantSource(t, apply(t, none, edits...), "package p\n\nimport \"sync\"\n\nvar x = 1\n")

	// A name the file or the package takes already (logrus imported as
	// log, var log = zap.S()): the new import gets another (review 28-1).
	for src, want := range map[string]string{
		"package p\n\nimport log \"example.com/go-kafka\"\n\nvar _ = log.X\n": "stdlog",
		"package p\n\nvar log = 1\n":                                          "stdlog",
		"package p\n\nvar log, stdlog = 1, 2\n":                               "logpkg",
	} {
		taken := load(t, src)
		name, edits := Import(taken, taken.Files[0], "log")
		if name != want || len(edits) != 1 || !strings.Contains(string(edits[0].NewText), want+` "log"`) {
			t.Errorf("Import(log) in %q = %q, %v; want %q imported under that name", src, name, edits, want)
		}
	}
}

func TestQualifier(t *testing.T) {
	pass := load(t, importSrc)
	f := pass.Files[0]
	byPath := map[string]*types.Package{}
	for _, p := range pass.Pkg.Imports() {
		byPath[p.Path()] = p
	}
	for _, tc := range []struct {
		pkg  *types.Package
		want string
	}{
		{pass.Pkg, ""},
		{nil, ""},
		{byPath["example.com/kafka-z"], "kz"},
		{byPath["example.com/go-kafka"], "kafka"},
		{types.NewPackage("example.com/other", "other"), ""},
	} {
		if got := Qualifier(pass, f, tc.pkg); got != tc.want {
			t.Errorf("Qualifier(%v) = %q, want %q", tc.pkg, got, tc.want)
		}
	}
}

const scopeSrc = `package p

var done = 1

func g(wg int) {
	wg2 := 1
	_ = wg2
	_ = 0 // here
	{
		ctx := 1
		_ = ctx
	}
}
`

func TestFreeName(t *testing.T) {
	pass := load(t, scopeSrc)
	here := at(t, pass, "_ = 0", 0)
	for name, want := range map[string]string{
		"wg":   "wg3", // the parameter and wg2 are taken
		"done": "done2",
		"ctx":  "ctx", // declared in an inner block only
		"x":    "x",
	} {
		if got := FreeName(pass, here, name); got != want {
			t.Errorf("FreeName(%s) = %q, want %q", name, got, want)
		}
	}
}

const funcSrc = `package p

func f(...int) int { return 0 }

func loops(xs []int) {
	for _, x := range xs {
		f(x, 1)
		go func() { f(x, 2) }()
	}
	for i := f(3); i < 3; i++ {
		f(i, 4)
	}
	for {
		for _, y := range []int{f(5)} {
			f(y, 6)
		}
	}
	f(7)
}
`

func TestFuncOf(t *testing.T) {
	pass := load(t, funcSrc)
	path := Path(pass, at(t, pass, "f(x, 2)", 0))
	var lit *ast.FuncLit
	for _, n := range path {
		if l, ok := n.(*ast.FuncLit); ok && lit == nil {
			lit = l
		}
	}
	if ft, b := FuncOf(path); lit == nil || ft != lit.Type || b != lit.Body {
		t.Error("FuncOf in a function literal does not return the literal")
	}
	if _, b := FuncOf(Path(pass, at(t, pass, "f(7)", 0))); b != body(t, pass, "loops") {
		t.Error("FuncOf in a declaration does not return its body")
	}
	if ft, b := FuncOf(nil); ft != nil || b != nil {
		t.Error("FuncOf of an empty path")
	}
}

func TestLoopOf(t *testing.T) {
	pass := load(t, funcSrc)
	for _, tc := range []struct {
		marker string
		loop   string // the loop's first line, "" for none
	}{
		{"f(x, 1)", "for _, x := range xs {"},
		{"f(x, 2)", ""}, // in a goroutine's function literal
		{"f(3)", ""},    // a for statement's init runs once
		{"f(i, 4)", "for i := f(3); i < 3; i++ {"},
		{"f(5)", "for {"}, // a range expression runs once per outer iteration
		{"f(y, 6)", "for _, y := range []int{f(5)} {"},
		{"f(7)", ""},
	} {
		loop, b := LoopOf(Path(pass, at(t, pass, tc.marker, 0)))
		got := ""
		if loop != nil {
			got, _, _ = strings.Cut(Source(pass, loop), "\n")
			if b == nil {
				t.Errorf("%s: loop without a body", tc.marker)
			}
		}
		if got != tc.loop {
			t.Errorf("LoopOf(%s) = %q, want %q", tc.marker, got, tc.loop)
		}
	}
}

func TestLogErr(t *testing.T) {
	for _, tc := range []struct {
		name, imports, want string
		adds                bool
	}{
		{"slog only", "import \"log/slog\"\n\nvar _ = slog.Info\n", `slog.Error("commit offset", "err", err)`, false},
		{"slog renamed", "import lg \"log/slog\"\n\nvar _ = lg.Info\n", `lg.Error("commit offset", "err", err)`, false},
		{"log and slog", "import (\n\t\"log\"\n\t\"log/slog\"\n)\n\nvar _ = slog.Info\nvar _ = log.Print\n", `log.Printf("commit offset: %v", err)`, false},
		{"neither", "", `log.Printf("commit offset: %v", err)`, true},
		{"slog dot-imported", "import . \"log/slog\"\n\nvar _ = Info\n", `log.Printf("commit offset: %v", err)`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pass := load(t, "package p\n\n"+tc.imports)
			got, edits := LogErr(pass, pass.Files[0], "commit offset", "err")
			if got != tc.want || (len(edits) > 0) != tc.adds {
				t.Errorf("LogErr = %s (%d edits), want %s (adds an import: %v)", got, len(edits), tc.want, tc.adds)
			}
		})
	}
}
