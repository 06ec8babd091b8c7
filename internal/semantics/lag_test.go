package semantics_test

import (
	"strings"
	"testing"

	"github.com/offsetcommit/commitlint/internal/semantics"
)

// TestLag checks what the lag column says for each kind of strategy, and
// that a finding proving loss turns it to "fetching".
func TestLag(t *testing.T) {
	evs := evidence(t)
	for _, tc := range []struct {
		name string
		rule string // a finding, if any
		want string // a prefix of Row.Lag
	}{
		{"field", "", semantics.LagProcessing + " (each record is committed after its effect)"},
		{"batch", "", semantics.LagEvery + " 100 records (lag overstates the backlog by up to one batch of 100 records)"},
		{"interval", "", semantics.LagEvery + " 2s"},
		{"async", "", semantics.LagEvery + " 1s"},
		{"notx", "", semantics.LagNothing + " (nothing is committed"},
		{"async", "ordering/commit-before-process", semantics.LagFetching},
		{"interval", "autocommit/records-outlive-poll", semantics.LagFetching},
		{"sink", "", semantics.LagNothing + " (positions only in"},
		{"sinkbroker", "", semantics.LagProcessing + " (the broker commit follows each transaction)"},
		{"sinkreader", "", semantics.LagNothing + " (not a group member"},
		{"tool", "", semantics.LagUnknown},
		// a reader outside any group returning what it reads: its
		// ReadMessage commits nothing, so there is no lag to speak of
		{"nogroupreturn", "", semantics.LagNothing + " (not a group member"},
	} {
		ev := evs[tc.name]
		if ev == nil {
			t.Errorf("%s: no such case", tc.name)
			continue
		}
		var fs []semantics.Finding
		if tc.rule != "" {
			fs = []semantics.Finding{{Rule: tc.rule, At: "x.go:1"}}
		}
		if r := semantics.Classify(ev, tc.name, fs); !strings.HasPrefix(r.Lag, tc.want) {
			t.Errorf("%s %s: lag = %q, want %q...", tc.name, tc.rule, r.Lag, tc.want)
		}
	}
}
