package autocommit_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/internal/testutil"
)

// TestAcrossPackages: marks and stores made by a service package on a
// client it receives (markersvc: a struct field, a parameter) are checked
// against the configuration of the package that builds the client and
// hands it over (markerwire), directly or through a package that hands it
// on (markermid), through facts: marks without AutoCommitMarks through a
// field, a parameter and the package between, stores with auto-store on
// (4 positive, fixed in the wiring's configuration); AutoCommitMarks set
// (twice), auto-commit off, auto-store off (4 silent).
func TestAcrossPackages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), autocommit.Analyzer, "autocommit/markerwire", "autocommit/markermid", "autocommit/markersvc")
}
