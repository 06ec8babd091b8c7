package plugin_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/offsetcommit/commitlint/analyzers"
	"github.com/offsetcommit/commitlint/plugin"
)

// topKeys are the settings' top-level keys (README, "golangci-lint").
var topKeys = []string{"autocommit", "ordering", "hiwater", "fencing", "disable"}

// FuzzSettings feeds plugin.New the settings golangci-lint would pass it
// (a decoded YAML map: maps, lists, strings, numbers, bools, null; here
// decoded from JSON) and checks that:
//
//   - it never panics: it returns a plugin with at least one valid
//     analyzer, or an error naming commitlint's settings;
//   - accepted settings stay accepted only without misspelt keys: the same
//     map with one more key that is none of the known keys (at the top, or
//     in the autocommit section) is refused as an unknown field;
//   - known-good settings built from the other inputs (autocommit.strict,
//     ordering.ignore, a subset of analyzers in disable) are always
//     accepted, with exactly the analyzers not disabled, configured as
//     given; disabling every analyzer is refused.
//
// The seed corpus is in testdata/fuzz/FuzzSettings.
func FuzzSettings(f *testing.F) {
	f.Add([]byte(`{"autocommit": {"strict": true}, "ordering": {"ignore": ["a/b", "c/..."]}, "disable": ["hiwater"]}`), "stric", true, "example.com/sink,example.com/log/...", uint8(1))
	f.Add([]byte(`null`), "Autocommit2", false, "", uint8(0))
	f.Add([]byte(`{"AutoCommit": {"Strict": false}}`), "disabled", false, "x", uint8(0x1f))
	f.Add([]byte(`{"ordering": {"ignore": "a,b"}}`), "order", true, ",,", uint8(4))
	f.Add([]byte(`[1, "two", {"three": null}]`), "", false, "a, b", uint8(8))
	f.Fuzz(func(t *testing.T, raw []byte, extra string, strict bool, ignore string, mask uint8) {
		var conf any
		if json.Unmarshal(raw, &conf) == nil {
			p, err := plugin.New(conf)
			checkResult(t, p, err)
			if m, ok := conf.(map[string]any); ok && err == nil && extra != "" {
				// One misspelt key more, at the top or in an analyzer's
				// section, must be refused.
				target, keys := m, topKeys
				if sub, ok := m["autocommit"].(map[string]any); ok && len(extra)%2 == 0 {
					target, keys = sub, []string{"strict"}
				}
				if _, dup := target[extra]; !dup && !known(extra, keys) {
					target[extra] = true
					if _, err := plugin.New(m); err == nil {
						t.Fatalf("settings with the unknown key %q accepted: %v", extra, m)
					} else if !strings.Contains(err.Error(), "unknown field") {
						t.Fatalf("unknown key %q: error %q does not say so", extra, err)
					}
				}
			}
		}

		// Known-good settings. YAML text is UTF-8 (and golangci-lint's
		// settings go through JSON, which would replace invalid bytes).
		if !utf8.ValidString(ignore) {
			return
		}
		all := analyzers.All(analyzers.Config{})
		var ign, disable []any
		var ignStrs []string
		for s := range strings.SplitSeq(ignore, ",") {
			ign = append(ign, s)
			ignStrs = append(ignStrs, s)
		}
		var want []string
		for i, a := range all {
			if mask&(1<<i) != 0 {
				disable = append(disable, a.Name)
			} else {
				want = append(want, a.Name)
			}
		}
		good := map[string]any{
			"autocommit": map[string]any{"strict": strict},
			"ordering":   map[string]any{"ignore": ign},
			"hiwater":    map[string]any{},
			"disable":    disable,
		}
		p, err := plugin.New(good)
		checkResult(t, p, err)
		if len(want) == 0 {
			if err == nil || !strings.Contains(err.Error(), "every analyzer is disabled") {
				t.Fatalf("every analyzer disabled: got %v", err)
			}
			return
		}
		if err != nil {
			t.Fatalf("known-good settings %v refused: %v", good, err)
		}
		as, _ := p.BuildAnalyzers()
		var got []string
		for _, a := range as {
			got = append(got, a.Name)
			if f := a.Flags.Lookup("strict"); a.Name == "autocommit" && f.Value.String() != boolString(strict) {
				t.Errorf("autocommit.strict = %s, want %t", f.Value, strict)
			}
			if f := a.Flags.Lookup("ignore"); a.Name == "ordering" && f.Value.String() != strings.Join(ignStrs, ",") {
				t.Errorf("ordering.ignore = %q, want %q", f.Value, strings.Join(ignStrs, ","))
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("disable %v: analyzers %v, want %v", disable, got, want)
		}
	})
}

// checkResult checks the contract of plugin.New: a plugin with valid
// analyzers, or an error about commitlint's settings.
func checkResult(t *testing.T, p interface {
	BuildAnalyzers() ([]*analysis.Analyzer, error)
}, err error) {
	t.Helper()
	if err != nil {
		if !strings.HasPrefix(err.Error(), plugin.Name+" settings: ") {
			t.Fatalf("error %q does not name the settings", err)
		}
		return
	}
	as, err := p.BuildAnalyzers()
	if err != nil || len(as) == 0 {
		t.Fatalf("BuildAnalyzers() = %v, %v", as, err)
	}
	if err := analysis.Validate(as); err != nil {
		t.Fatalf("invalid analyzers: %v", err)
	}
}

// known reports whether key names one of keys, as encoding/json matches
// field names (case-insensitively).
func known(key string, keys []string) bool {
	for _, k := range keys {
		if strings.EqualFold(key, k) {
			return true
		}
	}
	return false
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
