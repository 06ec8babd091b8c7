// Command noop is the benchmark floor: the same multichecker driver as
// commitlint with one analyzer that does nothing, so its cost is loading,
// parsing and type-checking.
package main

import (
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/multichecker"
)

var noop = &analysis.Analyzer{
	Name: "noop",
	Doc:  "noop: do nothing (the benchmark floor)",
	Run:  func(*analysis.Pass) (any, error) { return nil, nil },
}

func main() { multichecker.Main(noop) }
