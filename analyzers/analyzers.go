// Package analyzers lists commitlint's analyzers: the one list the command
// and the golangci-lint plugin share.
package analyzers

import (
	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/analyzers/autocommit"
	"github.com/offsetcommit/commitlint/analyzers/fencing"
	"github.com/offsetcommit/commitlint/analyzers/hiwater"
	"github.com/offsetcommit/commitlint/analyzers/ordering"
	"github.com/offsetcommit/commitlint/internal/category"
	"github.com/offsetcommit/commitlint/internal/report"
)

// Config configures every analyzer.
type Config struct {
	Autocommit autocommit.Config
	Ordering   ordering.Config
	Hiwater    hiwater.Config
	Fencing    fencing.Config
}

// All returns commitlint's analyzers configured by cfg, each honouring
// //commitlint:ignore directives, followed by the ignores analyzer that
// checks the directives themselves.
func All(cfg Config) []*analysis.Analyzer {
	return report.WithIgnores([]*analysis.Analyzer{
		autocommit.New(cfg.Autocommit),
		ordering.New(cfg.Ordering),
		hiwater.New(cfg.Hiwater),
		fencing.New(cfg.Fencing),
	}, Categories)
}

// Categories lists each analyzer's finding categories, for directives.
var Categories = category.Strings()
