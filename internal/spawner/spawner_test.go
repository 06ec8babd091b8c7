package spawner_test

import (
	"path/filepath"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/internal/spawner"
)

// TestFacts checks the facts of hiwater/xspawners' helpers: a group's Run,
// GoSafe and a bounded pool's Go (which waits for a slot before, not for
// the goroutine after) start their argument; RunWait, which waits for it,
// and Wait do not; Wait joins the group Run filled (RunWait joins only
// the goroutine it starts itself, on a local group: no fact).
func TestFacts(t *testing.T) {
	testdata, err := filepath.Abs(filepath.Join("..", "..", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, spawner.Analyzer, "hiwater/xspawners/routines")
}
