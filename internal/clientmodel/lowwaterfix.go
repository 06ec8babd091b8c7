package clientmodel

// LowWaterPath is the import path of this module's low-water-mark tracker,
// which fixes introduce where positions are written in completion order.
const LowWaterPath = "github.com/offsetcommit/commitlint/lowwater"

// LowWaterKey is the type in LowWaterPath that keys a partition (fields
// Topic and Partition).
const LowWaterKey = "TopicPartition"

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
