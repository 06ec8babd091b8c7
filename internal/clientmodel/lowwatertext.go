package clientmodel

import (
	"fmt"
	"strings"
)

// TrackerCode spells the code a low-water fix adds for one client write:
// the tracker's key and offset of a record, the Start of a record in offset
// order, and the write of the mark that the tracker's Done returns in
// place of a position call.
type TrackerCode struct {
	W       *LowWaterWrite
	Tracker string // the tracker variable
	// ClientPkg is the name the file imports W.Pkg under (FixPkg).
	ClientPkg string
}

// fill replaces the placeholders of a write for record rec: FixRecv before
// FixRec, its prefix.
func (t TrackerCode) fill(code, recv, arg, rec, next string) string {
	return strings.NewReplacer(FixRecv, recv, FixRec, rec, FixNext, next, FixPkg, t.ClientPkg, FixArg, arg).Replace(code)
}

// Make spells the declaration of the tracker variable.
func (t TrackerCode) Make() string { return t.Tracker + " := " + TrackerNew + "()" }

// Key spells the tracker key (TrackerKey) of record rec's partition.
func (t TrackerCode) Key(rec string) string {
	return fmt.Sprintf("%s{Topic: %s, Partition: %s}", TrackerKey,
		t.fill(t.W.Topic, "", "", rec, ""), t.fill(t.W.Partition, "", "", rec, ""))
}

// Offset spells record rec's offset as the tracker takes it.
func (t TrackerCode) Offset(rec string) string { return t.fill(t.W.Offset, "", "", rec, "") }

// Start spells the statements starting record rec: its key declared as
// key (a name free where they go), and an if statement. A Start that
// fails meets a partition consumed again from an earlier offset (a
// rebalance gave it back, or the client rewound it), so the partition is
// forgotten and started over rather than the loop ended; the records
// still in flight from before it complete offsets that a finished record
// of the new run would complete too. The second Start, of a partition
// forgotten, does not fail.
func (t TrackerCode) Start(rec, key string) string {
	start := fmt.Sprintf("%s.Start(%s, %s)", t.Tracker, key, t.Offset(rec))
	return fmt.Sprintf("%s := %s\n"+
		"if !%s {\n"+
		"\t// consumed again from an earlier offset (a rebalance or a rewind): start the partition over\n"+
		"\t%s.Forget(%s)\n"+
		"\t%s\n}", key, t.Key(rec), start, t.Tracker, key, start)
}

// Write spells the write of mark next for record rec's partition through
// recv in place of position call fn (FullName), arg being the source of
// the call's first argument; "" when the client spells none for fn.
func (t TrackerCode) Write(fn, recv, arg, rec, next string) string {
	code := t.W.Calls[fn]
	if code == "" {
		return ""
	}
	return t.fill(code, recv, arg, rec, next)
}

// Done spells the if statement marking record rec done in the tracker and
// running then, where the mark advanced to next (declared with ok in the
// if's init).
func (t TrackerCode) Done(rec, then string) string {
	return fmt.Sprintf("if next, ok := %s.Done(%s, %s); ok {\n\t%s\n}", t.Tracker, t.Key(rec), t.Offset(rec),
		strings.ReplaceAll(then, "\n", "\n\t"))
}
