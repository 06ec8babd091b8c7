package edit

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/build/constraint"
	"go/parser"
	"go/printer"
	"go/token"
	"go/types"
	"path/filepath"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/internal/clientmodel"
)

// trackerPart is the type of the tracker's state of one partition. The
// tracker's other names are clientmodel's (TrackerType, TrackerNew,
// TrackerKey). A fix declares the tracker rather than importing a package,
// so that the fixed code builds with nothing more than it required before.
const trackerPart = "lowWaterPartition"

// trackerNames are the names DeclareTracker declares at package level.
var trackerNames = []string{clientmodel.TrackerType, clientmodel.TrackerNew, clientmodel.TrackerKey, trackerPart}

// trackerMethods are the methods DeclareTracker declares, by receiver type.
var trackerMethods = map[string][]string{clientmodel.TrackerType: {"Start", "Forget", "Done"}, trackerPart: {"mark"}}

// trackerSource is the code of the tracker, %[1]s standing for the name
// the file imports sync under. Start takes offsets in increasing order
// per partition; Done marks one done and returns the partition's
// low-water mark, with ok true when the mark advanced.
const trackerSource = `
// lowWaterTracker keeps, for each partition, the offsets started and not
// yet done, so that the position written is a low-water mark: the next
// offset to read, below which every record is done. It is safe for
// concurrent use. (Added by a commitlint fix: commitlint recognises it as
// long as it is left as it is.)
type lowWaterTracker struct {
	mu    %[1]s.Mutex
	parts map[lowWaterKey]*lowWaterPartition
}

// lowWaterKey names a partition.
type lowWaterKey struct {
	Topic     string
	Partition int32
}

// lowWaterPartition holds a partition's offsets from the oldest not done
// to the highest started, in increasing order, and which of them are done.
type lowWaterPartition struct {
	offsets []int64
	done    []bool
	next    int64 // the highest offset started, plus one
}

func newLowWaterTracker() *lowWaterTracker {
	return &lowWaterTracker{parts: make(map[lowWaterKey]*lowWaterPartition)}
}

// Start records offset as in flight on partition k. It returns false, and
// changes nothing, unless offset is above every offset started on k since
// k was last forgotten.
func (t *lowWaterTracker) Start(k lowWaterKey, offset int64) bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.parts[k]
	if p == nil {
		p = &lowWaterPartition{}
		t.parts[k] = p
	} else if offset < p.next {
		return false
	}
	p.offsets = append(p.offsets, offset)
	p.done = append(p.done, false)
	p.next = offset + 1
	return true
}

// Forget drops partition k, so that its next Start may take any offset.
func (t *lowWaterTracker) Forget(k lowWaterKey) {
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.parts, k)
}

// Done marks offset done on partition k and returns the partition's
// low-water mark: its oldest offset not done, or the highest started plus
// one. ok is true only when the mark advanced, so that there is a new
// position to write. An offset not in flight changes nothing.
func (t *lowWaterTracker) Done(k lowWaterKey, offset int64) (mark int64, ok bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := t.parts[k]
	if p == nil {
		return 0, false
	}
	lo, hi := 0, len(p.offsets)
	for lo < hi {
		if m := int(uint(lo+hi) >> 1); p.offsets[m] < offset {
			lo = m + 1
		} else {
			hi = m
		}
	}
	if lo == len(p.offsets) || p.offsets[lo] != offset || p.done[lo] {
		return p.mark(), false
	}
	p.done[lo] = true
	n := 0
	for n < len(p.done) && p.done[n] {
		n++
	}
	p.offsets, p.done = p.offsets[n:], p.done[n:]
	return p.mark(), n > 0
}

func (p *lowWaterPartition) mark() int64 {
	if len(p.offsets) > 0 {
		return p.offsets[0]
	}
	return p.next
}
`

// DeclareTracker returns the edits declaring the low-water-mark tracker
// in pass's package: none when the package declares it already, as
// trackerSource spells it (an earlier fix); its declarations at the end of
// the package's first file that is not a test's and builds everywhere the
// package does (everywhere), with an import of sync, otherwise. Every fix
// of the package makes the same edits, which are then made once. ok is
// false when the package declares one of the tracker's names otherwise
// (in a file of its own tests or one its build constraints leave out too),
// or has no such file.
func DeclareTracker(pass *analysis.Pass) (edits []analysis.TextEdit, ok bool) {
	if IsTracker(pass, pass.Pkg) {
		return nil, true
	}
	for _, name := range trackerNames {
		if pass.Pkg.Scope().Lookup(name) != nil {
			return nil, false
		}
	}
	if declaredBeside(pass) {
		return nil, false
	}
	var file *ast.File
	for _, f := range pass.Files {
		if name := pass.Fset.File(f.Pos()).Name(); !strings.HasSuffix(name, "_test.go") && everywhere(f, name) {
			file = f
			break
		}
	}
	if file == nil {
		return nil, false // every file builds on some platforms only, or is a test's, generated or cgo
	}
	syncName, imports := Import(pass, file, "sync")
	tf := pass.Fset.File(file.Pos())
	end := tf.Pos(tf.Size())
	return append(imports, analysis.TextEdit{Pos: end, End: end, NewText: []byte(fmt.Sprintf(trackerSource, syncName))}), true
}

// everywhere reports whether file f (named name) builds wherever its
// package does, and is the application's own: no build constraint (a
// //go:build line, a _GOOS or _GOARCH name), not generated, no cgo.
func everywhere(f *ast.File, name string) bool {
	if ast.IsGenerated(f) {
		return false
	}
	for _, imp := range f.Imports {
		if imp.Path.Value == `"C"` {
			return false
		}
	}
	for _, cg := range f.Comments {
		if cg.Pos() >= f.Package {
			break
		}
		for _, c := range cg.List {
			if constraint.IsGoBuild(c.Text) || constraint.IsPlusBuild(c.Text) {
				return false
			}
		}
	}
	// As go/build reads a name: *_GOOS, *_GOARCH or *_GOOS_GOARCH, once
	// _test is off.
	parts := strings.Split(strings.TrimSuffix(strings.TrimSuffix(filepath.Base(name), ".go"), "_test"), "_")
	n := len(parts)
	return !(n >= 2 && (slices.Contains(goos, parts[n-1]) || slices.Contains(goarch, parts[n-1])))
}

// goos and goarch are the values a file name may end in (go tool dist
// list, and those go/build still knows).
var (
	goos = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js", "linux", "nacl", "netbsd",
		"openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	goarch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips", "mipsle", "mips64", "mips64le",
		"mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv", "riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)

// declaredBeside reports whether a file of the package that pass does not
// analyze declares one of the tracker's names at package level: one its
// build constraints leave out, or a test of the package's own (which
// another pass, with the tests, analyzes: the tracker would be declared
// twice there).
func declaredBeside(pass *analysis.Pass) bool {
	if len(pass.Files) == 0 {
		return false
	}
	dir := filepath.Dir(pass.Fset.File(pass.Files[0].Pos()).Name())
	analyzed := map[string]bool{}
	for _, f := range pass.Files {
		analyzed[pass.Fset.File(f.Pos()).Name()] = true
	}
	others := slices.Clone(pass.IgnoredFiles)
	if tests, err := filepath.Glob(filepath.Join(dir, "*_test.go")); err == nil {
		others = append(others, tests...)
	}
	for _, name := range others {
		if analyzed[name] || filepath.Ext(name) != ".go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pass.Pkg.Name() {
			continue
		}
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil && slices.Contains(trackerNames, d.Name.Name) {
					return true
				}
			case *ast.GenDecl:
				for _, sp := range d.Specs {
					switch sp := sp.(type) {
					case *ast.TypeSpec:
						if slices.Contains(trackerNames, sp.Name.Name) {
							return true
						}
					case *ast.ValueSpec:
						for _, n := range sp.Names {
							if slices.Contains(trackerNames, n.Name) {
								return true
							}
						}
					}
				}
			}
		}
	}
	return false
}

// TrackerNamesFree reports whether the tracker's names (the constructor
// and the key) name, where pos is, the package's declarations or nothing:
// the code a fix puts there can use them.
func TrackerNamesFree(pass *analysis.Pass, pos token.Pos) bool {
	scope := innermostScope(pass, pos)
	for _, name := range []string{clientmodel.TrackerNew, clientmodel.TrackerKey} {
		if _, obj := scope.LookupParent(name, pos); obj != nil && obj.Parent() != pass.Pkg.Scope() {
			return false
		}
	}
	return true
}

// IsTracker reports whether package pkg, which pass analyzes, declares the
// low-water-mark tracker as DeclareTracker declares it (comments aside):
// then its Done returns a low-water mark. A tracker edited since is a
// hand-written one, whose marks are not known to be low-water marks.
func IsTracker(pass *analysis.Pass, pkg *types.Package) bool {
	if pkg != pass.Pkg {
		return false
	}
	obj := pass.Pkg.Scope().Lookup(clientmodel.TrackerType)
	if obj == nil {
		return false
	}
	file := File(pass, obj.Pos())
	if file == nil {
		return false
	}
	syncName := ""
	for _, imp := range file.Imports {
		if imp.Path.Value == `"sync"` && (imp.Name == nil || imp.Name.Name != "_" && imp.Name.Name != ".") {
			syncName = "sync"
			if imp.Name != nil {
				syncName = imp.Name.Name
			}
		}
	}
	if syncName == "" {
		return false
	}
	fset := token.NewFileSet()
	want, err := parser.ParseFile(fset, "", "package p\n"+fmt.Sprintf(trackerSource, syncName), 0)
	if err != nil {
		return false
	}
	return declsOf(fset, want) == declsOf(pass.Fset, pass.Files...)
}

// InTracker reports whether fn is the constructor or a method of the
// low-water-mark tracker a fix declared in pass's package (IsTracker): its
// code keeps offsets, not records, and its Done returns a low-water mark.
func InTracker(pass *analysis.Pass, fn *types.Func) bool {
	if fn == nil || fn.Pkg() != pass.Pkg {
		return false
	}
	name := fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		named, ok := types.Unalias(t).(*types.Named)
		if !ok || trackerMethods[named.Obj().Name()] == nil {
			return false
		}
	} else if name != clientmodel.TrackerNew {
		return false
	}
	return IsTracker(pass, fn.Pkg())
}

// uncommented prints declaration or type spec n without its comments:
// printed, parsed again without comments, and printed again.
func uncommented(fset *token.FileSet, n ast.Node) string {
	var src bytes.Buffer
	src.WriteString("package p\n")
	if _, ok := n.(*ast.TypeSpec); ok {
		src.WriteString("type ")
	}
	if err := printer.Fprint(&src, fset, n); err != nil {
		return ""
	}
	bare := token.NewFileSet()
	f, err := parser.ParseFile(bare, "", src.Bytes(), 0)
	if err != nil || len(f.Decls) != 1 {
		return ""
	}
	var out bytes.Buffer
	printer.Fprint(&out, bare, f.Decls[0])
	out.WriteByte('\n')
	return out.String()
}

// declsOf prints the tracker's declarations in files, without comments, in
// a fixed order; a name declared twice, or not at all, prints differently.
func declsOf(fset *token.FileSet, files ...*ast.File) string {
	found := map[string][]ast.Node{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && trackerMethods[ts.Name.Name] != nil || ok && ts.Name.Name == clientmodel.TrackerKey {
						found[ts.Name.Name] = append(found[ts.Name.Name], ts)
					}
				}
			case *ast.FuncDecl:
				name := d.Name.Name
				if d.Recv != nil && len(d.Recv.List) == 1 {
					t := d.Recv.List[0].Type
					if st, ok := t.(*ast.StarExpr); ok {
						t = st.X
					}
					if id, ok := t.(*ast.Ident); ok && trackerMethods[id.Name] != nil {
						name = id.Name + "." + name
					} else {
						continue
					}
				} else if name != clientmodel.TrackerNew {
					continue
				}
				found[name] = append(found[name], d)
			}
		}
	}
	var b bytes.Buffer
	keys := []string{clientmodel.TrackerType, clientmodel.TrackerKey, trackerPart, clientmodel.TrackerNew}
	for _, recv := range []string{clientmodel.TrackerType, trackerPart} {
		for _, m := range trackerMethods[recv] {
			keys = append(keys, recv+"."+m)
		}
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "%s %d\n", k, len(found[k]))
		for _, n := range found[k] {
			b.WriteString(uncommented(fset, n))
		}
	}
	// Methods the tracker types have beyond these are not the tracker's.
	return b.String() + fmt.Sprint(len(found))
}
