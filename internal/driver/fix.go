package driver

import (
	"bytes"
	"cmp"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/ast/astutil"
)

// edit is one text edit, in byte offsets of its file.
type edit struct {
	start, end int
	text       string
}

// fileFix is the part of one suggested fix that edits one file.
type fileFix struct {
	file  string
	edits []edit
}

// fixResult tells stderr of the findings left without a fix (fixless of
// them), and returns an error when skipped fixes were not applied.
func fixResult(stderr io.Writer, skipped, fixless int) error {
	if fixless > 0 {
		// A finding without a fix is still a bug: say so, or -fix would
		// look like a clean run.
		fmt.Fprintf(stderr, "commitlint: %s no automatic fix and %s: run without -fix to see why\n",
			cond(fixless == 1, "1 finding has", fmt.Sprintf("%d findings have", fixless)), cond(fixless == 1, "is left as it is", "are left as they are"))
	}
	if skipped > 0 {
		return fmt.Errorf("%s not applied", plural(skipped, "fix"))
	}
	return nil
}

// applyRound applies the first suggested fix of every root diagnostic of g,
// or with diff prints the changes to w as a unified diff, and tells stderr
// what it did: one line per fix applied or skipped (and why), and a
// summary. Paths are printed relative to cwd.
//
// A fix is applied whole or not at all: one that overlaps a fix already
// accepted (other than the identical fix of a test variant of the same
// package) is skipped, as is one touching a generated file. In each file
// the imports the fixes left unused are removed, the lines the fixes
// changed are formatted (the whole file when it was gofmt'd, see
// formatChanged), its line endings are kept (a CRLF file stays CRLF, see
// keepLineEndings), and it is replaced atomically: written to a temporary
// file in its directory and renamed over the original, so an interrupted
// run never leaves a file half-written. A file that changed on disk since
// it was analyzed is not touched. It returns how many fixes it applied
// and skipped, and how many findings have none (fixResult says what
// they make of the run); a round after the first (first false) says
// nothing when it has nothing to apply.
func applyRound(g *checker.Graph, diff bool, cwd string, w, stderr io.Writer, first bool) (applied, skipped, fixless int) {
	type fix struct {
		parts []fileFix
		name  string // position and title, for sorting and messages
		why   string // why it is not applied
		dup   bool   // the same fix from a test variant of the package
	}
	var fixes []fix
	fixlessAt := map[string]bool{} // findings without a fix, by position and message
	pkgOf := map[string]*types.Package{}
	sizeOf := map[string]int{}
	generated := map[string]bool{}
	for act := range g.All() {
		if !act.IsRoot || act.Err != nil {
			continue
		}
		fset := act.Package.Fset
		for _, f := range act.Package.Syntax {
			generated[fset.File(f.FileStart).Name()] = ast.IsGenerated(f)
		}
		for _, d := range act.Diagnostics {
			if len(d.SuggestedFixes) == 0 {
				fixlessAt[fset.Position(d.Pos).String()+d.Message] = true
				continue
			}
			byFile := map[string]*fileFix{}
			var files []string
			for _, te := range d.SuggestedFixes[0].TextEdits {
				tf := fset.File(te.Pos)
				if tf == nil {
					continue
				}
				name := tf.Name()
				end := te.End
				if !end.IsValid() {
					end = te.Pos
				}
				if byFile[name] == nil {
					byFile[name] = &fileFix{file: name}
					files = append(files, name)
				}
				byFile[name].edits = append(byFile[name].edits, edit{tf.Offset(te.Pos), tf.Offset(end), string(te.NewText)})
				pkgOf[name] = act.Package.Types
				sizeOf[name] = tf.Size()
			}
			f := fix{name: position(cwd, fset.Position(d.Pos)) + ": " + d.SuggestedFixes[0].Message}
			for _, name := range files {
				f.parts = append(f.parts, *byFile[name])
			}
			fixes = append(fixes, f)
		}
	}
	slices.SortStableFunc(fixes, func(a, b fix) int { return strings.Compare(a.name, b.name) })

	accepted := map[string][]edit{}
	seen := map[string]bool{}
next:
	for i := range fixes {
		f := &fixes[i]
		key := fmt.Sprint(f.parts)
		if seen[key] {
			f.dup = true
			continue
		}
		seen[key] = true
		for _, p := range f.parts {
			if generated[p.file] {
				f.why = "it edits a generated file"
				continue next
			}
			for _, e := range p.edits {
				for _, a := range accepted[p.file] {
					if overlaps(e, a) {
						f.why = "it overlaps another fix (run commitlint -fix again to apply it)"
						continue next
					}
				}
			}
		}
		for _, p := range f.parts {
			accepted[p.file] = append(accepted[p.file], p.edits...)
		}
	}

	var files []string
	for file := range accepted {
		files = append(files, file)
	}
	slices.Sort(files)
	unwritten := map[string]string{} // file → why it was not written
	for _, file := range files {
		old, err := os.ReadFile(file)
		if err != nil {
			unwritten[file] = err.Error()
			continue
		}
		if len(old) != sizeOf[file] {
			unwritten[file] = "the file changed since it was analyzed"
			continue
		}
		src, changed := splice(old, inOrder(accepted[file]))
		if formatted, err := tidy(pkgOf[file], src, changed); err == nil {
			src = formatChanged(old, src, formatted, changed)
		}
		src = keepLineEndings(old, src)
		if diff {
			io.WriteString(w, unified(relPath(cwd, file), string(old), string(src)))
			continue
		}
		if err := writeAtomic(file, src); err != nil {
			unwritten[file] = err.Error()
		}
	}
	verb := cond(diff, "shown", "applied")
	for _, f := range fixes {
		if f.dup {
			continue
		}
		for _, p := range f.parts {
			if u, ok := unwritten[p.file]; ok && f.why == "" {
				f.why = relPath(cwd, p.file) + ": " + u
			}
		}
		if f.why != "" {
			fmt.Fprintf(stderr, "%s: not applied: %s\n", f.name, f.why)
			skipped++
			continue
		}
		fmt.Fprintf(stderr, "%s: %s\n", f.name, verb)
		applied++
	}
	switch {
	case applied == 0 && skipped == 0:
		if first {
			fmt.Fprintln(stderr, "commitlint: no fixes to apply")
		}
	case diff:
		// The fixed code is not analyzed again (review 35-2/D5): a fix
		// it would draw (-fix's later rounds) is not in the diff.
		fmt.Fprintf(stderr, "commitlint: %s in %s shown as a diff, no file changed; the diff is one round of fixes, where -fix also applies those the fixed code draws", plural(applied, "fix"), plural(len(files)-len(unwritten), "file"))
	default:
		fmt.Fprintf(stderr, "commitlint: %s applied in %s", plural(applied, "fix"), plural(len(files)-len(unwritten), "file"))
	}
	if applied > 0 || skipped > 0 {
		if skipped > 0 {
			fmt.Fprintf(stderr, ", %d not applied (above)", skipped)
		}
		fmt.Fprintln(stderr)
	}
	return applied, skipped, len(fixlessAt)
}

// inOrder returns edits sorted by position, each made once: identical
// edits of two fixes (a core's method made to process in place, which
// every finding of its callers needs) do not overlap, and splicing both
// would replace the same text twice. An insertion where a replacement
// starts (which does not overlap it either) goes before it: splicing it
// after would go back to the replaced text.
func inOrder(edits []edit) []edit {
	slices.SortFunc(edits, func(a, b edit) int {
		return cmp.Or(a.start-b.start, a.end-b.end, strings.Compare(a.text, b.text))
	})
	return slices.Compact(edits)
}

// overlaps reports whether two edits of one file touch the same text, or
// insert different text at the same place. Identical edits do not overlap.
func overlaps(a, b edit) bool {
	if a == b {
		return false
	}
	if a.start == a.end && b.start == b.end {
		return a.start == b.start
	}
	return a.start < b.end && b.start < a.end ||
		a.start == a.end && b.start < a.start && a.start < b.end ||
		b.start == b.end && a.start < b.start && b.start < a.end
}

// splice applies edits, sorted by position, to old. It returns the result
// and the lines of it (counted from 0) that the edits changed: for each
// edit, the lines of its new text, or for a deletion the line where it
// joins old's text.
func splice(old []byte, edits []edit) ([]byte, map[int]bool) {
	var buf bytes.Buffer
	changed := map[int]bool{}
	line, last := 0, 0 // the line buf ends on; the offset in old copied up to
	for _, e := range edits {
		line += bytes.Count(old[last:e.start], []byte("\n"))
		first := line
		buf.Write(old[last:e.start])
		buf.WriteString(e.text)
		line += strings.Count(e.text, "\n")
		end := line
		if strings.HasSuffix(e.text, "\n") {
			end-- // the text ends at the start of a line it does not change
		}
		for l := first; l <= max(first, end); l++ {
			changed[l] = true
		}
		last = e.end
	}
	buf.Write(old[last:])
	return buf.Bytes(), changed
}

// formatChanged returns the text of a fixed file: raw, the file with the
// fixes applied, taking from formatted (raw after tidy) only the runs of
// changed lines that touch a line in changed (lines of raw, counted from
// 0: the lines the fixes wrote, and the import declarations when tidy
// says so), so that a
// file that was not gofmt'd keeps its own layout everywhere else, and a
// diff shows the fixes and not a reformatted file. A file that was
// gofmt'd (old, its text before the fix) gets formatted whole, as does a
// file whose mix would not format to formatted (a line matched to the
// wrong one): it stays gofmt'd. The result ends its lines in "\n" (see
// keepLineEndings).
func formatChanged(old, raw, formatted []byte, changed map[int]bool) []byte {
	o, _ := splitEndings(old)
	oldLF := []byte(strings.Join(o, ""))
	if f, err := format.Source(oldLF); err != nil || bytes.Equal(f, oldLF) {
		return formatted
	}
	a, _ := splitEndings(raw)
	b, _ := splitEndings(formatted)
	ops := diffLines(a, b)
	var out strings.Builder
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			out.WriteString(a[ops[i].a])
			i++
			continue
		}
		j := i
		keep := false
		for ; j < len(ops) && ops[j].kind != ' '; j++ {
			// An added line touches the lines of raw on both sides of it.
			keep = keep || changed[ops[j].a] || ops[j].kind == '+' && changed[ops[j].a-1]
		}
		for _, op := range ops[i:j] {
			if keep && op.kind == '+' {
				out.WriteString(b[op.b])
			} else if !keep && op.kind == '-' {
				out.WriteString(a[op.a])
			}
		}
		i = j
	}
	mixed := []byte(out.String())
	f, err := format.Source(mixed)
	if err != nil {
		return formatted
	}
	if ff, err := format.Source(formatted); err != nil || !bytes.Equal(f, ff) {
		return formatted
	}
	return mixed
}

// tidy formats fixed source as gofmt does and removes the imports the fixes
// left unused. pkg is the package before the fix, for the default names of
// its imports. changed holds the lines of src (counted from 0) the fixes
// changed; when one is in an import declaration (an import added), or tidy
// removes an import, tidy adds every line of the import declarations, which
// the formatter sorts as a whole.
func tidy(pkg *types.Package, src []byte, changed map[int]bool) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "fixed.go", src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	var imports []int // the lines of the import declarations
	edited := false
	for _, d := range f.Decls {
		if d, ok := d.(*ast.GenDecl); ok && d.Tok == token.IMPORT {
			for l := fset.Position(d.Pos()).Line - 1; l < fset.Position(d.End()).Line; l++ {
				imports = append(imports, l)
				edited = edited || changed[l]
			}
		}
	}
	names := map[string]string{}
	if pkg != nil {
		for _, imp := range pkg.Imports() {
			names[imp.Path()] = imp.Name()
		}
	}
	used := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.GenDecl:
			return n.Tok != token.IMPORT
		case *ast.SelectorExpr:
			if id, ok := n.X.(*ast.Ident); ok {
				used[id.Name] = true
			}
		}
		return true
	})
	for _, spec := range slices.Clone(f.Imports) { // deleting changes f.Imports
		path, err := strconv.Unquote(spec.Path.Value)
		if err != nil || path == "C" {
			continue
		}
		name := names[path]
		if spec.Name != nil {
			name = spec.Name.Name
		}
		if name == "" || name == "_" || name == "." || used[name] {
			continue // unknown default name, or a side-effect or dot import: keep it
		}
		edited = true
		if spec.Name != nil {
			astutil.DeleteNamedImport(fset, f, spec.Name.Name, path)
		} else {
			astutil.DeleteImport(fset, f, path)
		}
	}
	if edited {
		for _, l := range imports {
			changed[l] = true
		}
	}
	var buf bytes.Buffer
	if err := format.Node(&buf, fset, f); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// keepLineEndings gives fixed, the fixed and reformatted text of a file,
// the line endings of old, the file's text before the fix. The formatter
// ends every line in "\n" and the fixes insert "\n", so without it a file
// with CRLF line endings would be rewritten whole. A line of fixed that is
// a line of old (up to its ending; matched as the diff matches lines)
// keeps old's ending; a new or changed line gets the ending of most of
// old's lines. A file with no CRLF is returned as it is.
func keepLineEndings(old, fixed []byte) []byte {
	crlf := bytes.Count(old, []byte("\r\n"))
	if crlf == 0 {
		return fixed
	}
	usual := "\n"
	if 2*crlf > bytes.Count(old, []byte("\n")) {
		usual = "\r\n"
	}
	a, aEnds := splitEndings(old)
	b, bEnds := splitEndings(fixed)
	var out bytes.Buffer
	out.Grow(len(fixed) + crlf)
	for _, op := range diffLines(a, b) {
		switch op.kind {
		case ' ':
			out.WriteString(strings.TrimSuffix(b[op.b], "\n") + aEnds[op.a])
		case '+':
			end := bEnds[op.b]
			if end != "" {
				end = usual
			}
			out.WriteString(strings.TrimSuffix(b[op.b], "\n") + end)
		}
	}
	return out.Bytes()
}

// splitEndings splits src into lines, each ending in "\n" whatever its
// ending in src (a last line without one has none), and the endings in src:
// "\r\n", "\n" or "".
func splitEndings(src []byte) (lines, ends []string) {
	for s := string(src); s != ""; {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines, ends = append(lines, s), append(ends, "")
			break
		}
		line, end := s[:i], "\n"
		if strings.HasSuffix(line, "\r") {
			line, end = line[:len(line)-1], "\r\n"
		}
		lines, ends = append(lines, line+"\n"), append(ends, end)
		s = s[i+1:]
	}
	return lines, ends
}

// writeAtomic replaces file with content: it writes a temporary file in the
// same directory, with the original's permissions, and renames it over the
// original.
func writeAtomic(file string, content []byte) error {
	info, err := os.Stat(file)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(file), "."+filepath.Base(file)+".commitlint-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // after a successful rename there is nothing to remove
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(info.Mode().Perm()); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), file)
}
