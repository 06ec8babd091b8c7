package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltAcrossFrontEnds: a consumer built by a helper package's
// function and handed by the wiring to a loop of a third package that
// needs a setting the helper does not give (testdata/src/autocommit/
// builtwire) is reported in both front ends. The standalone run has the
// helper's files and fixes its configuration; go vet, which reads the
// helper from export data, says where the change goes instead.
func TestBuiltAcrossFrontEnds(t *testing.T) {
	gopath, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	run := func(name string, args ...string) string {
		cmd := exec.Command(name, args...)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=")
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	const store = "builtwire.go:27:15: offset store does nothing while enable.auto.offset.store is on"
	const marks = "builtwire.go:50:24: mark is a no-op without kgo.AutoCommitMarks()"
	out := run(binary, "./autocommit/builtwire") + run(binary, "-fix", "-diff", "./autocommit/builtwire")
	for _, want := range []string{store, marks, "+\t\t\"enable.auto.offset.store\": false,", "+\t\tkgo.AutoCommitMarks(),", "2 fixes in 1 file shown as a diff"} {
		if !strings.Contains(out, want) {
			t.Errorf("standalone -fix -diff: no %q in\n%s", want, out)
		}
	}
	out = run("go", "vet", "-vettool="+binary, "./autocommit/builtwire")
	for _, want := range []string{
		store, "; no automatic fix: the configuration is in another package (builtcfg.go:15): disable enable.auto.offset.store in builtcfg.NewConsumer",
		marks, "; no automatic fix: the configuration is in another package (builtcfg.go:50): add kgo.AutoCommitMarks() in builtcfg.NewClient",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("go vet: no %q in\n%s", want, out)
		}
	}
}
