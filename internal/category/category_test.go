package category

import "testing"

func TestRulesAreUnique(t *testing.T) {
	seen := map[Category]string{}
	for a, cs := range ByAnalyzer {
		for _, c := range cs {
			if prev, ok := seen[c]; ok {
				t.Errorf("category %s listed by %s and %s", c, prev, a)
			}
			seen[c] = a
		}
	}
	if got := Rule(CommitBefore); got != "ordering/commit-before-process" {
		t.Errorf("Rule(CommitBefore) = %q", got)
	}
	if got := Rule(Unfenced); got != "fencing/unfenced-offset-write" {
		t.Errorf("Rule(Unfenced) = %q", got)
	}
}
