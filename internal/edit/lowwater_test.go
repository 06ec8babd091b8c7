package edit

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestDeclareTracker checks that the tracker a fix declares is recognised
// once declared, is declared once, and is a hand-written tracker once
// edited; and that a package naming one of its names otherwise gets no
// tracker.
func TestDeclareTracker(t *testing.T) {
	for _, tc := range []struct{ src, syncName string }{
		{"package p\n\nfunc f() {}\n", "sync"},
		{"package p\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint\n", "sync"},
		// sync names something else: the import gets another name.
		{"package p\n\nvar sync = 1\n", "stdsync"},
	} {
		pass := load(t, tc.src)
		if IsTracker(pass, pass.Pkg) {
			t.Errorf("%q: a tracker before one is declared", tc.src)
		}
		edits, ok := DeclareTracker(pass)
		if !ok || len(edits) == 0 {
			t.Fatalf("%q: DeclareTracker = %v, %v", tc.src, edits, ok)
		}
		fixed := apply(t, pass, edits...)
		wantSource(t, fixed, "mu    "+tc.syncName+".Mutex", "func newLowWaterTracker() *lowWaterTracker {")
		declared := load(t, fixed)
		if !IsTracker(declared, declared.Pkg) {
			t.Errorf("%q: the tracker declared is not recognised:\n%s", tc.src, fixed)
		}
		if edits, ok := DeclareTracker(declared); !ok || edits != nil {
			t.Errorf("%q: declared again: %v, %v", tc.src, edits, ok)
		}
		// A tracker edited since is a hand-written one: not recognised,
		// and not declared again over it.
		for _, change := range [][2]string{
			{"p.offsets[lo] != offset || ", ""},      // Done of an offset never started
			{"offset < p.next", "offset < 0"},        // Start out of order
			{"return p.offsets[0]", "return p.next"}, // the highest, not the lowest
		} {
			edited := load(t, strings.Replace(fixed, change[0], change[1], 1))
			if IsTracker(edited, edited.Pkg) {
				t.Errorf("%q: a tracker edited (%q) is recognised", tc.src, change[0])
			}
			if _, ok := DeclareTracker(edited); ok {
				t.Errorf("%q: a tracker declared over an edited one", tc.src)
			}
		}
		// Comments do not matter.
		reworded := load(t, strings.ReplaceAll(strings.ReplaceAll(fixed, "// Forget drops", "// Forget forgets"), "// the highest offset started, plus one", ""))
		if !IsTracker(reworded, reworded.Pkg) {
			t.Errorf("%q: a tracker reworded is not recognised", tc.src)
		}
	}
	taken := load(t, "package p\n\ntype lowWaterKey string\n")
	if _, ok := DeclareTracker(taken); ok {
		t.Errorf("a tracker declared in a package naming lowWaterKey")
	}
}

// TestTrackerRuns runs the tracker's code: concurrent workers finishing
// offsets (with gaps) in a random order, each mark checked against the
// lowest offset not finished, and a partition started over after Forget.
func TestTrackerRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program")
	}
	pass := load(t, "package main\n")
	edits, ok := DeclareTracker(pass)
	if !ok {
		t.Fatal("no tracker")
	}
	src := apply(t, pass, edits...) + `
func main() {
	t := newLowWaterTracker()
	k := lowWaterKey{Topic: "t", Partition: 1}
	var offsets []int64
	for o := int64(0); len(offsets) < 2000; o += 1 + rand.Int63n(3) { // gaps, as compaction leaves
		if !t.Start(k, o) {
			panic("Start in order failed")
		}
		offsets = append(offsets, o)
	}
	if t.Start(k, offsets[10]) {
		panic("Start of an offset already started")
	}
	var mu sync.Mutex
	finished := map[int64]bool{}
	var wg sync.WaitGroup
	for _, i := range rand.Perm(len(offsets)) {
		wg.Add(1)
		go func(o int64) {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			before := offsets[len(offsets)-1] + 1
			for _, x := range offsets {
				if !finished[x] {
					before = x
					break
				}
			}
			finished[o] = true
			want := offsets[len(offsets)-1] + 1
			for _, x := range offsets {
				if !finished[x] {
					want = x
					break
				}
			}
			mark, ok := t.Done(k, o)
			if mark != want || ok != (want > before) {
				panic(fmt.Sprintf("Done(%d) = %d, %v; want %d, %v", o, mark, ok, want, want > before))
			}
			if _, ok := t.Done(k, o); ok {
				panic("Done twice advanced the mark")
			}
		}(offsets[i])
	}
	wg.Wait()
	if mark, ok := t.Done(k, offsets[0]+1000000); ok || mark != offsets[len(offsets)-1]+1 {
		panic("Done of an offset never started")
	}
	t.Forget(k)
	if !t.Start(k, 3) {
		panic("Start after Forget failed")
	}
	if mark, ok := t.Done(k, 3); !ok || mark != 4 {
		panic("Done after Forget")
	}
	fmt.Println("ok")
}
`
	src = strings.Replace(src, "package main\n", "package main\n\nimport (\n\t\"fmt\"\n\t\"math/rand\"\n)\n", 1)
	dir := t.TempDir()
	for name, text := range map[string]string{"go.mod": "module m\n\ngo 1.21\n", "main.go": src} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOFLAGS=-mod=mod", "GO111MODULE=on")
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "ok" {
		t.Fatalf("go run: %v\n%s\n%s", err, out, src)
	}
}
