// Package plugin is commitlint's golangci-lint v2 module plugin.
//
// A custom golangci-lint binary that blank-imports this package (through
// `golangci-lint custom` and a .custom-gcl.yml, or a hand-written main
// package) offers the linter "commitlint", configured in .golangci.yml:
//
//	version: "2"
//	linters:
//	  enable: [commitlint]
//	  settings:
//	    custom:
//	      commitlint:
//	        type: module
//	        description: Kafka consumer offset-commit checks
//	        settings:
//	          autocommit:
//	            strict: false     # -autocommit.strict
//	          ordering:
//	            ignore: []        # -ordering.ignore, as a list
//	          disable: []         # analyzer names, as -<analyzer>=false
//
// The analyzers and their options are those of the commitlint command;
// unknown keys are an error.
package plugin

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/analyzers"
)

// Name is the linter's name in golangci-lint's configuration.
const Name = "commitlint"

func init() {
	register.Plugin(Name, New)
}

// Settings are the plugin's settings: one key per analyzer holding that
// analyzer's Config (keys are the lower-cased field names; JSON decoding
// matches them case-insensitively), plus Disable.
type Settings struct {
	// analyzers.Config is embedded, so an analyzer added there is
	// configurable here without a change to this package.
	analyzers.Config

	// Disable lists analyzers not to run (commitlint's -<name>=false).
	Disable []string `json:"disable"`
}

// Plugin is the golangci-lint plugin: the analyzers built from Settings.
type Plugin struct {
	analyzers []*analysis.Analyzer
}

var _ register.LinterPlugin = (*Plugin)(nil)

// New decodes conf (the settings map from .golangci.yml, or nil) and checks
// it: unknown keys, values of the wrong type and unknown analyzer names in
// disable are errors.
func New(conf any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](conf)
	if err != nil {
		var ute *json.UnmarshalTypeError
		if errors.As(err, &ute) && ute.Field != "" {
			// "Config.Autocommit.Strict" → "autocommit.strict": the
			// key as written, without the embedded struct's name.
			key := strings.ToLower(strings.TrimPrefix(ute.Field, "Config."))
			err = fmt.Errorf("%s: got a %s, want %s", key, ute.Value, ute.Type)
		}
		return nil, fmt.Errorf("%s settings: %w (known keys: %s)", Name, err, strings.Join(keys(reflect.TypeFor[Settings](), ""), ", "))
	}
	all := analyzers.All(s.Config)
	var names []string
	for _, a := range all {
		names = append(names, a.Name)
	}
	for _, d := range s.Disable {
		if !slices.Contains(names, d) {
			return nil, fmt.Errorf("%s settings: disable: unknown analyzer %q (analyzers: %s)", Name, d, strings.Join(names, ", "))
		}
	}
	var enabled []*analysis.Analyzer
	for _, a := range all {
		if !slices.Contains(s.Disable, a.Name) {
			enabled = append(enabled, a)
		}
	}
	if len(enabled) == 0 {
		return nil, fmt.Errorf("%s settings: disable: every analyzer is disabled; disable the %s linter instead", Name, Name)
	}
	return &Plugin{analyzers: enabled}, nil
}

// BuildAnalyzers returns the enabled analyzers.
func (p *Plugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return p.analyzers, nil
}

// GetLoadMode returns register.LoadModeTypesInfo: the analyzers build SSA,
// which needs type information.
func (p *Plugin) GetLoadMode() string {
	return register.LoadModeTypesInfo
}

// keys lists the settings keys of struct type t as dotted paths
// ("autocommit.strict"), the way a user writes them, for error messages.
func keys(t reflect.Type, prefix string) []string {
	var out []string
	for i := range t.NumField() {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			out = append(out, keys(f.Type, prefix)...)
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name)
		}
		if f.Type.Kind() == reflect.Struct && f.Type.NumField() > 0 {
			out = append(out, keys(f.Type, prefix+name+".")...)
			continue
		}
		out = append(out, prefix+name)
	}
	return out
}
