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

// TestAdapterAcrossPackages: a service that receives the client from its
// wiring and polls it through an interface of its own, implemented by an
// adapter forwarding to the client (adaptersvc): records handed to
// goroutines are reported with the assumption the service relies on, and
// goroutines joined before the next poll are not (1 positive, 1 silent).
func TestAdapterAcrossPackages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), autocommit.Analyzer, "autocommit/adaptersvc")
}

// TestBuiltAcrossPackages: a consumer built by a helper package's function
// (builtcfg), which the wiring (builtwire) obtains and hands to a loop of
// a third package (builtloop) that stores or marks: the helper's
// configuration is checked against the loop's needs at the hand-over,
// through facts, and the fix edits the helper's configuration (2 positive:
// stores with auto-store on, marks without AutoCommitMarks; 2 silent: the
// helper's twins that give the settings).
func TestBuiltAcrossPackages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), autocommit.Analyzer, "autocommit/builtwire", "autocommit/builtloop", "autocommit/builtcfg")
}

// TestMarkedAcrossPackages: a group another package builds with
// auto-commit off (markcfg), run by the wiring (markwire) on a handler of
// a third package (markhandler) that marks and never commits, is reported
// at the run, and the fix commits in the handler (audit 35c/D3: silent);
// the handler committing when the claim ends is not (1 positive, 1 silent).
func TestMarkedAcrossPackages(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testutil.TestData(t), autocommit.Analyzer, "autocommit/markwire", "autocommit/markhandler", "autocommit/markcfg")
}
