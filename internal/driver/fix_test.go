package driver

import (
	"bytes"
	"go/ast"
	"go/format"
	"io"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func TestOverlaps(t *testing.T) {
	for _, tc := range []struct {
		a, b edit
		want bool
	}{
		{edit{0, 5, "x"}, edit{5, 8, "y"}, false}, // adjacent
		{edit{0, 5, "x"}, edit{4, 8, "y"}, true},
		{edit{2, 3, "x"}, edit{0, 8, "y"}, true},  // nested
		{edit{3, 3, "x"}, edit{3, 3, "y"}, true},  // two insertions at one place
		{edit{3, 3, "x"}, edit{3, 3, "x"}, false}, // the same edit twice
		{edit{3, 3, "x"}, edit{0, 8, ""}, true},   // insertion inside a deletion
		{edit{0, 3, "x"}, edit{3, 3, "y"}, false}, // insertion at the end of a replacement
		{edit{0, 8, ""}, edit{8, 8, "y"}, false},
	} {
		if got := overlaps(tc.a, tc.b); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
		if got := overlaps(tc.b, tc.a); got != tc.want {
			t.Errorf("overlaps(%v, %v) = %v, want %v", tc.b, tc.a, got, tc.want)
		}
	}
}

// TestInOrder checks that the edits of a file are spliced sorted, and
// an edit two fixes both make once.
func TestInOrder(t *testing.T) {
	got := inOrder([]edit{{10, 20, "core"}, {0, 2, "a"}, {10, 20, "core"}, {30, 30, "b"}})
	want := []edit{{0, 2, "a"}, {10, 20, "core"}, {30, 30, "b"}}
	if !slices.Equal(got, want) {
		t.Errorf("inOrder = %v, want %v", got, want)
	}
	if out, _ := splice([]byte(strings.Repeat("x", 40)), got); string(out) != "a"+strings.Repeat("x", 8)+"core"+strings.Repeat("x", 10)+"b"+strings.Repeat("x", 10) {
		t.Errorf("splice = %q", out)
	}
	// An insertion where a replacement starts (they do not overlap) goes
	// first, whichever fix was accepted first.
	got = inOrder([]edit{{10, 20, "core"}, {10, 10, "x"}, {10, 20, "core"}})
	want = []edit{{10, 10, "x"}, {10, 20, "core"}}
	if !slices.Equal(got, want) {
		t.Errorf("inOrder = %v, want %v", got, want)
	}
}

// applyUnified applies a unified diff made by unified to old, checking
// every context and removed line.
func applyUnified(t *testing.T, old, patch string) string {
	t.Helper()
	a := lines(old)
	var out []string
	next := 0 // next line of a to copy
	pl := strings.SplitAfter(patch, "\n")
	for i := 2; i < len(pl) && pl[i] != ""; {
		h := pl[i]
		if !strings.HasPrefix(h, "@@ -") {
			t.Fatalf("bad hunk header %q in\n%s", h, patch)
		}
		r := strings.Fields(h)[1][1:]
		start, _ := strconv.Atoi(strings.Split(r, ",")[0])
		if strings.HasSuffix(r, ",0") {
			start++ // an empty old range names the line before
		}
		for ; next < start-1; next++ {
			out = append(out, a[next])
		}
		i++
		for ; i < len(pl) && pl[i] != "" && !strings.HasPrefix(pl[i], "@@"); i++ {
			line := pl[i]
			if strings.HasPrefix(line, `\ No newline`) {
				continue
			}
			body := line[1:]
			if i+1 < len(pl) && strings.HasPrefix(pl[i+1], `\ No newline`) {
				body += pl[i+1]
			}
			switch line[0] {
			case ' ', '-':
				if next >= len(a) || a[next] != body {
					t.Fatalf("line %d: context %q does not match %q", next+1, body, a[min(next, len(a)-1)])
				}
				if line[0] == ' ' {
					out = append(out, body)
				}
				next++
			case '+':
				out = append(out, body)
			}
		}
	}
	out = append(out, a[next:]...)
	s := strings.Join(out, "")
	return strings.ReplaceAll(s, "\n\\ No newline at end of file\n", "")
}

// TestUnifiedRoundTrip applies the diffs of random edits of random files
// and checks that they give the new file.
func TestUnifiedRoundTrip(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	words := []string{"a", "b", "c", "func f() {", "}", "", "x := 1"}
	text := func(n int) string {
		var sb strings.Builder
		for i := 0; i < n; i++ {
			sb.WriteString(words[r.Intn(len(words))] + "\n")
		}
		s := sb.String()
		if r.Intn(4) == 0 && s != "" {
			s = s[:len(s)-1] // no final newline
		}
		return s
	}
	for i := 0; i < 3000; i++ {
		old := text(r.Intn(30))
		nl := lines(old)
		// Mutate: replace, insert or delete a few lines.
		for k := r.Intn(4); k >= 0; k-- {
			switch j := r.Intn(len(nl) + 1); r.Intn(3) {
			case 0:
				nl = append(nl[:j:j], append([]string{words[r.Intn(len(words))] + "\n"}, nl[j:]...)...)
			case 1:
				if j < len(nl) {
					nl = append(nl[:j:j], nl[j+1:]...)
				}
			case 2:
				if j < len(nl) {
					nl[j] = "changed\n"
				}
			}
		}
		new := strings.ReplaceAll(strings.Join(nl, ""), "\n\\ No newline at end of file\n", "")
		if r.Intn(3) == 0 {
			new = text(r.Intn(30))
		}
		patch := unified("f.go", old, new)
		if old == new {
			if patch != "" {
				t.Fatalf("diff of equal texts: %q", patch)
			}
			continue
		}
		if got := applyUnified(t, old, patch); got != new {
			t.Fatalf("old:\n%q\nnew:\n%q\npatch:\n%s\napplied:\n%q", old, new, patch, got)
		}
	}
}

// TestUnifiedDeletesBeforeAdding checks that a changed line prints as diff
// prints it: the old line, then the new one.
func TestUnifiedDeletesBeforeAdding(t *testing.T) {
	got := unified("f.go", "a\nb\nc\n", "a\nB\nc\n")
	want := "--- f.go (old)\n+++ f.go (new)\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n"
	if got != want {
		t.Errorf("unified:\n%s\nwant:\n%s", got, want)
	}
}

func TestTidyRemovesOnlyUnusedImports(t *testing.T) {
	src := `package p

import (
	"fmt"
	_ "embed"
	str "strings"
	"os"
)

func f() { fmt.Println(); _ = str.ToLower("") }
`
	got, err := tidy(nil, []byte(src), map[int]bool{})
	if err != nil {
		t.Fatal(err)
	}
	// Without type information the default name of "os" is not known: kept.
	if !bytes.Contains(got, []byte(`"os"`)) || !bytes.Contains(got, []byte(`"fmt"`)) || !bytes.Contains(got, []byte(`_ "embed"`)) {
		t.Errorf("tidy removed a needed or unknown import:\n%s", got)
	}
	src2 := strings.Replace(src, "_ = str.ToLower(\"\")", "", 1)
	changed := map[int]bool{}
	got, err = tidy(nil, []byte(src2), changed)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(got, []byte(`str "strings"`)) {
		t.Errorf("tidy kept an unused renamed import:\n%s", got)
	}
	// An import removed: the import declaration's lines are changed.
	if want := map[int]bool{2: true, 3: true, 4: true, 5: true, 6: true, 7: true}; !maps.Equal(changed, want) {
		t.Errorf("changed lines %v, want %v", changed, want)
	}
}

// fixer reports, on every call with a string literal argument, the fixes
// named by it: "a" and "b" replace the same call (they conflict), "c"
// inserts a comment before the function, "d" replaces the call with an
// unformatted if statement, "e" with len("e") (its package's import may
// become unused), "i" with a call of os.Getenv, importing "os" first.
var fixer = &analysis.Analyzer{
	Name: "fixer",
	Doc:  "test analyzer with conflicting fixes",
	Run: func(pass *analysis.Pass) (any, error) {
		for _, f := range pass.Files {
			ast.Inspect(f, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || len(call.Args) != 1 {
					return true
				}
				lit, ok := call.Args[0].(*ast.BasicLit)
				if !ok {
					return true
				}
				arg, _ := strconv.Unquote(lit.Value)
				fix := analysis.SuggestedFix{Message: "fix " + arg}
				switch arg {
				case "a", "b":
					fix.TextEdits = []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(`fmt.Print("` + arg + `")`)}}
				case "c":
					fix.TextEdits = []analysis.TextEdit{{Pos: f.Decls[len(f.Decls)-1].Pos(), End: f.Decls[len(f.Decls)-1].Pos(), NewText: []byte("// fixed\n")}}
				case "d":
					fix.TextEdits = []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte("if true {\nfmt.Print(\"d\")\n}")}}
				case "e":
					fix.TextEdits = []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(`len("e")`)}}
				case "n":
					pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: "no fix"})
					return true
				case "i":
					fix.TextEdits = []analysis.TextEdit{
						{Pos: f.Imports[0].Pos(), End: f.Imports[0].Pos(), NewText: []byte("\"os\"\n\t")},
						{Pos: call.Pos(), End: call.End(), NewText: []byte(`_ = os.Getenv("i")`)},
					}
				}
				pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: arg, SuggestedFixes: []analysis.SuggestedFix{fix}})
				if arg == "a" {
					pass.Report(analysis.Diagnostic{Pos: call.Pos(), Message: "b", SuggestedFixes: []analysis.SuggestedFix{{
						Message:   "fix b",
						TextEdits: []analysis.TextEdit{{Pos: call.Pos(), End: call.End(), NewText: []byte(`fmt.Print("b")`)}},
					}}})
				}
				return true
			})
		}
		return nil, nil
	},
}

// TestApplyFixesSaysWhatIsLeft checks that -fix, with a finding it has
// no fix for, says so rather than look like a clean run.
func TestApplyFixesSaysWhatIsLeft(t *testing.T) {
	dir := t.TempDir()
	for name, content := range map[string]string{
		"go.mod": "module m\n\ngo 1.26\n",
		"p.go":   "package m\n\nimport \"fmt\"\n\nfunc f() {\n\tfmt.Println(\"n\")\n}\n",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{fixer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if err := applyFixes(g, false, dir, &bytes.Buffer{}, &stderr); err != nil {
		t.Fatal(err)
	}
	want := "commitlint: no fixes to apply\ncommitlint: 1 finding has no automatic fix and is left as it is: run without -fix to see why\n"
	if got := stderr.String(); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
}

func TestApplyFixesSkipsConflicts(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o640); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module m\n\ngo 1.26\n")
	write("p.go", "package m\n\nimport \"fmt\"\n\nfunc f() {\n\tfmt.Println(\"a\")\n\tfmt.Println(\"c\")\n}\n")
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir, Tests: true}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{fixer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	err = applyFixes(g, false, dir, &bytes.Buffer{}, &stderr)
	if err == nil || err.Error() != "1 fix not applied" {
		t.Errorf("applyFixes error = %v, want one fix not applied", err)
	}
	// What -fix did, a line per fix with its position and title, then a
	// summary.
	want := "p.go:6:2: fix a: applied\np.go:6:2: fix b: not applied: it overlaps another fix (run commitlint -fix again to apply it)\np.go:7:2: fix c: applied\ncommitlint: 2 fixes applied in 1 file, 1 not applied (above)\n"
	if got := stderr.String(); got != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", got, want)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "p.go"))
	want = "package m\n\nimport \"fmt\"\n\n// fixed\nfunc f() {\n\tfmt.Print(\"a\")\n\tfmt.Println(\"c\")\n}\n"
	if string(got) != want {
		t.Errorf("fixed file:\n%s\nwant:\n%s", got, want)
	}
	info, err := os.Stat(filepath.Join(dir, "p.go"))
	if err != nil || info.Mode().Perm() != 0o640 {
		t.Errorf("mode after fix: %v, %v; want 0640", info.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Errorf("temporary files left behind: %v", entries)
	}
}

// TestApplyFixesKeepsLayout checks that fixing a file that was not
// gofmt'd formats the lines the fixes changed and the import block they
// added an import to or left an unused one in, and nothing else: -fix
// -diff shows only the fixes (usr5: the whole file was reformatted).
func TestApplyFixesKeepsLayout(t *testing.T) {
	dir := t.TempDir()
	src := `package m

import (
	"strings"
	"fmt"
)

type T struct {
	A int
	Bbb string
}

func f() {
	x := T{A: 1,
		Bbb: "x"}
	_ = strings.ToUpper("e")
	fmt.Println("d")
	_ = x
	fmt.Println("i")
}

`
	for name, content := range map[string]string{"go.mod": "module m\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{fixer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := applyFixes(g, true, dir, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	want := `--- p.go (old)
+++ p.go (new)
@@ -1,8 +1,8 @@
 package m
 
 import (
-	"strings"
 	"fmt"
+	"os"
 )
 
 type T struct {
@@ -13,9 +13,11 @@
 func f() {
 	x := T{A: 1,
 		Bbb: "x"}
-	_ = strings.ToUpper("e")
-	fmt.Println("d")
+	_ = len("e")
+	if true {
+		fmt.Print("d")
+	}
 	_ = x
-	fmt.Println("i")
+	_ = os.Getenv("i")
 }
 
`
	if got := out.String(); got != want {
		t.Errorf("-fix -diff:\n%s\nwant:\n%s", got, want)
	}
	// A gofmt'd file stays gofmt'd.
	formatted, err := format.Source([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "p.go"), formatted, 0o644); err != nil {
		t.Fatal(err)
	}
	pkgs, err = packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	if g, err = checker.Analyze([]*analysis.Analyzer{fixer}, pkgs, nil); err != nil {
		t.Fatal(err)
	}
	if err := applyFixes(g, false, dir, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "p.go"))
	if f, err := format.Source(got); err != nil || !bytes.Equal(f, got) {
		t.Errorf("a gofmt'd file is not gofmt'd after the fix (%v):\n%s", err, got)
	}
}

// TestLoadKafkaDepsFromSource checks that load type-checks from source the
// dependencies that use a Kafka client and the main module's packages they
// import (whose syntax gives facts), and only those: a Kafka-free package
// of another module comes from export data.
func TestLoadKafkaDepsFromSource(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"go.mod":               "module m\n\ngo 1.26\n\nrequire (\n\tgithub.com/twmb/franz-go v1.0.0\n\texample.com/util v1.0.0\n)\n\nreplace github.com/twmb/franz-go => ./franz\n\nreplace example.com/util => ./util\n",
		"util/go.mod":          "module example.com/util\n\ngo 1.26\n",
		"util/util.go":         "package util\n\nfunc Three() int { return 3 }\n",
		"franz/go.mod":         "module github.com/twmb/franz-go\n\ngo 1.26\n",
		"franz/pkg/kgo/kgo.go": "package kgo\n\ntype Opt interface{}\n\nfunc ConsumerGroup(string) Opt { return nil }\n",
		"helper/helper.go":     "package helper\n\nimport \"github.com/twmb/franz-go/pkg/kgo\"\n\nfunc Opts() []kgo.Opt { return []kgo.Opt{kgo.ConsumerGroup(\"g\")} }\n",
		"plain/plain.go":       "package plain\n\nfunc Two() int { return 2 }\n",
		"cmd/main.go":          "package main\n\nimport (\n\t\"example.com/util\"\n\t\"m/helper\"\n\t\"m/plain\"\n)\n\nfunc main() { _ = helper.Opts(); _ = plain.Two(); _ = util.Three() }\n",
	}
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(dir)
	l, err := load([]string{"./cmd"}, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	roots := l.roots
	if len(roots) != 1 || roots[0].PkgPath != "m/cmd" {
		t.Fatalf("roots = %v, want [m/cmd]", roots)
	}
	syntax := map[string]bool{}
	packages.Visit(roots, nil, func(p *packages.Package) {
		syntax[p.PkgPath] = len(p.Syntax) > 0
		for _, e := range p.Errors {
			t.Errorf("%s: %v", p.PkgPath, e)
		}
	})
	for path, want := range map[string]bool{
		"m/cmd": true, "m/helper": true, // a root, and a dependency using the client
		"m/plain":                          true,  // Kafka-free, of the main module, imported by a Kafka user
		"example.com/util":                 false, // Kafka-free, of another module
		"github.com/twmb/franz-go/pkg/kgo": false, // the client itself
	} {
		if syntax[path] != want {
			t.Errorf("%s loaded from source: %v, want %v", path, syntax[path], want)
		}
	}
}

// TestApplyFixesKeepsCRLF checks that -fix keeps a CRLF file's line endings
// (the formatter and the fixes end lines in "\n"), and that -fix -diff
// shows only the lines the fix changed.
func TestApplyFixesKeepsCRLF(t *testing.T) {
	dir := t.TempDir()
	src := "package m\r\n\r\nimport \"fmt\"\r\n\r\nfunc f() {\r\n\tfmt.Println(\"c\")\r\n\tx := `raw\r\nstring`\r\n\t_ = x\r\n}\r\n"
	for name, content := range map[string]string{"go.mod": "module m\n\ngo 1.26\n", "p.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgs, err := packages.Load(&packages.Config{Mode: loadMode, Dir: dir}, "./...")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{fixer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := applyFixes(g, true, dir, &out, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	want := "--- p.go (old)\n+++ p.go (new)\n@@ -2,6 +2,7 @@\n \r\n import \"fmt\"\r\n \r\n+// fixed\r\n func f() {\r\n \tfmt.Println(\"c\")\r\n \tx := `raw\r\n"
	if got := out.String(); got != want {
		t.Errorf("-fix -diff:\n%q\nwant:\n%q", got, want)
	}
	if err := applyFixes(g, false, dir, &bytes.Buffer{}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "p.go"))
	want = strings.Replace(src, "func f", "// fixed\r\nfunc f", 1)
	if string(got) != want {
		t.Errorf("fixed file:\n%q\nwant:\n%q", got, want)
	}
}

func TestKeepLineEndings(t *testing.T) {
	for _, tc := range []struct{ old, fixed, want string }{
		{"a\nb\n", "a\nB\n", "a\nB\n"},                               // no CRLF: as it is
		{"a\r\nb\r\nc", "a\nB\nc\n", "a\r\nB\r\nc\r\n"},              // a final newline added
		{"a\r\nb\nc\r\nd\r\n", "a\nb\nC\nd\n", "a\r\nb\nC\r\nd\r\n"}, // mixed: unchanged lines keep theirs
		{"a\nb\nc\r\n", "a\nb\nx\nc\n", "a\nb\nx\nc\r\n"},            // mostly LF: new lines get LF
		{"a\r\nb\r\n", "a\r\nx\nb\r\n", "a\r\nx\r\nb\r\n"},           // unformatted: the fix's "\n"
		{"a\r\nb\r\n", "a\nb", "a\r\nb"},
	} {
		if got := string(keepLineEndings([]byte(tc.old), []byte(tc.fixed))); got != tc.want {
			t.Errorf("keepLineEndings(%q, %q) = %q, want %q", tc.old, tc.fixed, got, tc.want)
		}
	}
}

// applyFixes is one round of -fix: applyRound, then fixResult.
func applyFixes(g *checker.Graph, diff bool, cwd string, w, stderr io.Writer) error {
	_, skipped, fixless := applyRound(g, diff, cwd, w, stderr, true)
	return fixResult(stderr, skipped, fixless)
}
