// Package category names every kind of finding commitlint reports: the one
// list the analyzers report under, the report classifies by, directives
// name and the README documents (one section per category, whose anchor is
// the category).
package category

// Category is a kind of finding: a kebab-case name equal to the anchor of
// its README section. A released category is never renamed.
type Category string

// The categories, by analyzer.
const (
	// autocommit
	AutoStore     Category = "auto-store-on-delivery"
	StoreIgnored  Category = "store-ignored"
	MarksIgnored  Category = "marks-ignored"
	Greedy        Category = "greedy-auto-commit"
	OutlivePoll   Category = "records-outlive-poll"
	ReadCommits   Category = "read-commits-first"
	MarksDiscard  Category = "marks-discarded"
	AutoCommitted Category = "auto-commit-timer"

	// ordering
	CommitBefore Category = "commit-before-process"

	// hiwater
	Concurrent Category = "concurrent-commit"
	Max        Category = "max-offset-commit"
	Arrival    Category = "arrival-order-commit"

	// fencing
	Swallowed      Category = "swallowed-commit-error"
	FencingIgnored Category = "ignored-fencing-error"
	TxnResult      Category = "ignored-txn-result"
	Revoke         Category = "revoke-without-commit"
	RevokeInFlight Category = "revoke-commits-in-flight"
	Unfenced       Category = "unfenced-offset-write"
	NotRestored    Category = "sink-offset-not-restored"
	BeginSkipped   Category = "skipped-txn-begin-failure"
	AbortNoRewind  Category = "abort-without-rewind"
	PollErrorSkip  Category = "poll-error-skips-records"
	NeverAllowed   Category = "rebalance-never-allowed"
)

// Loses lists the categories whose findings prove that a crash can lose
// records: a consumer with one is never at-least-once or effectively-once.
// A swallowed commit error is not among them: for a plain commit it costs
// duplicates, and the report judges a swallowed transaction commit by
// itself; nor are ignored marks, which lose failed records, not crashed
// ones (the report's reason says so), nor a poll's error that skips its
// records (lost without a crash: the report's failure column says so).
var Loses = []Category{
	AutoStore, StoreIgnored, Greedy, OutlivePoll, ReadCommits, CommitBefore,
	Concurrent, Max, Arrival, RevokeInFlight, BeginSkipped, AbortNoRewind,
}

// ByAnalyzer lists each analyzer's categories.
var ByAnalyzer = map[string][]Category{
	"autocommit": {AutoStore, StoreIgnored, MarksIgnored, Greedy, OutlivePoll, ReadCommits, MarksDiscard, AutoCommitted},
	"ordering":   {CommitBefore},
	"hiwater":    {Concurrent, Max, Arrival},
	"fencing":    {Swallowed, FencingIgnored, TxnResult, Revoke, RevokeInFlight, Unfenced, NotRestored, BeginSkipped, AbortNoRewind, PollErrorSkip, NeverAllowed},
}

// Rule is the name a finding of category c goes by in the report and in
// //commitlint:ignore directives: "analyzer/category".
func Rule(c Category) string {
	for a, cs := range ByAnalyzer {
		for _, x := range cs {
			if x == c {
				return a + "/" + string(c)
			}
		}
	}
	return string(c)
}

// Strings returns each analyzer's categories as strings, for drivers and
// directives.
func Strings() map[string][]string {
	out := map[string][]string{}
	for a, cs := range ByAnalyzer {
		for _, c := range cs {
			out[a] = append(out[a], string(c))
		}
	}
	return out
}
