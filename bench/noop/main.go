// Command noop is the benchmark floor: commitlint's drivers (its standalone
// driver, and multichecker for the go vet protocol) with one analyzer that
// does nothing, so its cost is loading, parsing and type-checking.
package main

import (
	"os"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"

	"github.com/offsetcommit/commitlint/internal/driver"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: do nothing (the benchmark floor)",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() {
	driver.TuneGC()
	if driver.VetProtocol(os.Args[1:]) {
		multichecker.Main(noop)
	}
	os.Exit(driver.Main("noop", []*analysis.Analyzer{noop}, os.Args[1:], os.Stdout, os.Stderr))
}
