package main_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// gopathRun runs name with args in testdata/src, in GOPATH mode on the
// scenarios, and returns its combined output.
func gopathRun(t *testing.T, name string, args ...string) string {
	t.Helper()
	gopath, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(name, args...)
	cmd.Dir = filepath.Join(gopath, "src")
	cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=")
	out, _ := cmd.CombinedOutput()
	return string(out)
}

// TestBuiltAcrossFrontEnds: a consumer built by a helper package's
// function and handed by the wiring to a loop of a third package that
// needs a setting the helper does not give (testdata/src/autocommit/
// builtwire) is reported in both front ends. The standalone run has the
// helper's files and fixes its configuration; go vet, which reads the
// helper from export data, says where the change goes instead.
func TestBuiltAcrossFrontEnds(t *testing.T) {
	run := func(name string, args ...string) string { return gopathRun(t, name, args...) }
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

// TestFactsAcrossFrontEnds: findings joined through facts of other
// packages are the same in both front ends: a pool of goroutines fetching
// from one reader, started by one package with the worker of another
// (hiwater/xpoolwire), and a commit wrapper reached through another
// package's interface (fencing/wrapmw). Where go vet has no position in
// the other package, the related information names it.
func TestFactsAcrossFrontEnds(t *testing.T) {
	for _, tc := range []struct {
		pkg  string
		want []string // in both outputs
		vet  string   // in go vet's only
	}{
		{"./hiwater/xpoolwire", []string{"xpoolwire.go:28:48: several goroutines running ProcessMessage, started by ConsumeTopic on one consumer", "xpoolwire.go:37:47: "}, "ConsumeTopic starts the goroutines at xpoolsvc/xpoolsvc.go:41"},
		{"./fencing/wrapmw", []string{"wrapmw.go:34:8: the error of Commit, which returns the error of CommitMessage, is discarded", "wrapmw.go:122:7: the error of CommitOn"}, ""},
	} {
		std := gopathRun(t, binary, tc.pkg)
		vet := gopathRun(t, "go", "vet", "-vettool="+binary, tc.pkg)
		for _, w := range tc.want {
			if !strings.Contains(std, w) {
				t.Errorf("standalone %s: no %q in\n%s", tc.pkg, w, std)
			}
			if !strings.Contains(vet, w) {
				t.Errorf("go vet %s: no %q in\n%s", tc.pkg, w, vet)
			}
		}
		if !strings.Contains(vet, tc.vet) {
			t.Errorf("go vet %s: no %q in\n%s", tc.pkg, tc.vet, vet)
		}
	}
}

// TestUnmodelledLibrary: a package consuming with a Kafka library
// commitlint does not model (bsm/sarama-cluster, as Jaeger's ingester
// did) is told so by lint and report, not only "no Kafka consumer found".
func TestUnmodelledLibrary(t *testing.T) {
	const note = "github.com/bsm/sarama-cluster is imported, a Kafka consumer library commitlint does not model: its consumers are not checked"
	for _, args := range [][]string{{"./report/unmodelled"}, {"report", "./report/unmodelled"}} {
		if out := gopathRun(t, binary, args...); !strings.Contains(out, note) {
			t.Errorf("%v: no %q in\n%s", args, note, out)
		}
	}
}

// TestFixRounds: -fix applies the fixes the fixed code draws, as a user
// running it again would (audit 35c/D2): roundsvc's fix stores each
// message after processing it, and only then does the wiring's finding
// ask roundcfg's configuration to let the stores count. One run leaves
// both edits and the packages silent.
func TestFixRounds(t *testing.T) {
	gopath := t.TempDir()
	src := filepath.Join("..", "..", "testdata", "src")
	for _, dir := range []string{"autocommit/roundcfg", "autocommit/roundsvc", "autocommit/roundwire", "github.com/confluentinc/confluent-kafka-go/v2/kafka"} {
		to := filepath.Join(gopath, "src", dir)
		if err := os.MkdirAll(to, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.CopyFS(to, os.DirFS(filepath.Join(src, dir))); err != nil {
			t.Fatal(err)
		}
	}
	run := func(args ...string) string {
		cmd := exec.Command(binary, args...)
		cmd.Dir = filepath.Join(gopath, "src")
		cmd.Env = append(os.Environ(), "GO111MODULE=off", "GOPATH="+gopath, "GOFLAGS=")
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	pkgs := []string{"./autocommit/roundcfg", "./autocommit/roundsvc", "./autocommit/roundwire"}
	out := run(append([]string{"-fix"}, pkgs...)...)
	for _, want := range []string{"Process each message in place and store it after processing: applied", "Disable enable.auto.offset.store in roundcfg.NewConsumer (every consumer it builds): applied"} {
		if !strings.Contains(out, want) {
			t.Errorf("-fix: no %q in\n%s", want, out)
		}
	}
	cfg, err := os.ReadFile(filepath.Join(gopath, "src", "autocommit", "roundcfg", "roundcfg.go"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(cfg), `"enable.auto.offset.store": false,`) {
		t.Errorf("roundcfg's configuration not fixed:\n%s", cfg)
	}
	if out := run(pkgs...); strings.Contains(out, "[autocommit/") {
		t.Errorf("findings left after -fix:\n%s", out)
	}
}
