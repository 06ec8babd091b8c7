package kafkassa_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/kafkassa"
)

// TestSSAOnlyForKafkaPackages proves the gate: a package that imports no
// Kafka client, directly or through its dependencies, gets no SSA; one that
// does, directly or through a wrapper package, gets it.
func TestSSAOnlyForKafkaPackages(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]bool{
		"kafkassa/nokafka": false,
		"kafkassa/direct":  true,
		"kafkassa/wrapper": true,
		"kafkassa/user":    true,
	}
	var pkgs []string
	for p := range want {
		pkgs = append(pkgs, p)
	}
	results := analysistest.Run(t, testdata, kafkassa.SSA, pkgs...)
	if len(results) != len(want) {
		t.Fatalf("got %d results, want %d", len(results), len(want))
	}
	for _, r := range results {
		path := r.Action.Package.PkgPath
		res := r.Action.Result.(*kafkassa.Result)
		if got := res != nil; got != want[path] {
			t.Errorf("%s: SSA built = %t, want %t", path, got, want[path])
		}
		if res != nil && len(res.SrcFuncs) == 0 {
			t.Errorf("%s: SSA built but no functions", path)
		}
	}
}
