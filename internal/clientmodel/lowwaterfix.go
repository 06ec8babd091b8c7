package clientmodel

// The low-water-mark tracker that fixes declare in the package they fix,
// where positions are written in completion order (edit.DeclareTracker):
// its type, its constructor, and the type keying a partition (fields Topic,
// a string, and Partition, an int32).
const (
	TrackerType = "lowWaterTracker"
	TrackerNew  = "newLowWaterTracker"
	TrackerKey  = "lowWaterKey"
)

// The placeholders of LowWaterFix.Marks.
const (
	// FixRecv stands for the receiver of the position call replaced.
	FixRecv = "$RECV"
	// FixRec stands for the record whose position it wrote.
	FixRec = "$REC"
	// FixNext stands for the low-water mark: the next offset to read.
	FixNext = "$NEXT"
)

// LowWaterFix is how a fix makes a client write a low-water mark instead
// of a record's own position: the record's topic and partition fields (its
// offset is Client.OffsetField), and for each position call it replaces
// (FullName) the call writing position $NEXT of $REC's partition through
// $RECV.
type LowWaterFix struct {
	TopicField, PartitionField string
	Marks                      map[string]string
}
