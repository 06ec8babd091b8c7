// Package analyzers lists commitlint's analyzers: the one list the command
// and the golangci-lint plugin share.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/analyzers/ordering"
)

// Config configures every analyzer.
type Config struct {
	Autocommit autocommit.Config
	Ordering   ordering.Config
}

// All returns commitlint's analyzers configured by cfg.
func All(cfg Config) []*analysis.Analyzer {
	return []*analysis.Analyzer{
		autocommit.New(cfg.Autocommit),
		ordering.New(cfg.Ordering),
	}
}
