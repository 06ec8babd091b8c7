package clientmodel

// FixArg stands, in a LowWaterWrite's call, for the source of the replaced
// call's first argument (a context the call keeps).
const FixArg = "$ARG0"

// LowWaterWrite is how a fix makes a client write a low-water mark instead
// of a record's own position, for every client whose mark can be spelled
// (LowWaterFix's, plus the clients it does not cover). Its code uses the
// placeholders of LowWaterFix (FixRecv, FixRec, FixNext), FixPkg (the
// name under which the file imports Pkg) and FixArg.
type LowWaterWrite struct {
	// Topic, Partition and Offset are the record's topic (a string),
	// partition (an int32) and offset (an int64), as the lowwater
	// tracker's Start and Done take them.
	Topic, Partition, Offset string
	// Calls maps each position call replaced (FullName) to the call
	// writing position $NEXT of $REC's partition through $RECV, with the
	// replaced call's results; the call replaced takes one record.
	Calls map[string]string
	// Pkg is the import path FixPkg names ("" when no code uses it).
	Pkg string
}

// LowWaterWriteOf returns how a fix writes a low-water mark for client c,
// or nil when the model spells none.
func LowWaterWriteOf(c *Client) *LowWaterWrite {
	if c == nil {
		return nil
	}
	if f := c.LowWater; f != nil {
		return &LowWaterWrite{
			Topic:     FixRec + "." + f.TopicField,
			Partition: FixRec + "." + f.PartitionField,
			Offset:    FixRec + "." + c.OffsetField,
			Calls:     f.Marks,
		}
	}
	if len(c.Paths) == 0 {
		return nil
	}
	p := c.Paths[0]
	switch c.Name {
	case "franz-go":
		// MarkCommitOffsets marks the offsets given, forward-only by
		// (epoch, offset) (consumer_group.go:3338-3361, EpochOffset.Less
		// :2544): the epoch is the finished record's, as
		// MarkCommitRecords marks it; the records advancing a low-water
		// mark come in offset order, so their epochs never go down.
		return &LowWaterWrite{
			Topic: FixRec + ".Topic", Partition: FixRec + ".Partition", Offset: FixRec + ".Offset",
			Calls: map[string]string{
				"(*" + p + ".Client).MarkCommitRecords": FixRecv + ".MarkCommitOffsets(map[string]map[int32]" + FixPkg + ".EpochOffset{" +
					FixRec + ".Topic: {" + FixRec + ".Partition: {Epoch: " + FixRec + ".LeaderEpoch, Offset: " + FixNext + "}}})",
				// CommitRecords commits each record's offset + 1 with its
				// epoch, reading nothing else of it (consumer_group.go:3243-3266):
				// a record at $NEXT - 1 commits $NEXT, with its error.
				"(*" + p + ".Client).CommitRecords": FixRecv + ".CommitRecords(" + FixArg + ", &" + FixPkg + ".Record{Topic: " + FixRec +
					".Topic, Partition: " + FixRec + ".Partition, LeaderEpoch: " + FixRec + ".LeaderEpoch, Offset: " + FixNext + " - 1})",
			},
			Pkg: p,
		}
	case "kafka-go":
		// CommitMessages commits each message's offset + 1 (commit.go:13-18):
		// a message at $NEXT - 1 commits $NEXT.
		return &LowWaterWrite{
			Topic: FixRec + ".Topic", Partition: "int32(" + FixRec + ".Partition)", Offset: FixRec + ".Offset",
			Calls: map[string]string{
				"(*" + p + ".Reader).CommitMessages": FixRecv + ".CommitMessages(" + FixArg + ", " + FixPkg + ".Message{Topic: " +
					FixRec + ".Topic, Partition: " + FixRec + ".Partition, Offset: " + FixNext + " - 1})",
			},
			Pkg: p,
		}
	case "confluent-kafka-go":
		// StoreOffsets and CommitOffsets take the next offset to read
		// (consumer.go:335, :320); the topic is a pointer.
		tps := "[]" + FixPkg + ".TopicPartition{{Topic: " + FixRec + ".TopicPartition.Topic, Partition: " +
			FixRec + ".TopicPartition.Partition, Offset: " + FixPkg + ".Offset(" + FixNext + ")}}"
		return &LowWaterWrite{
			Topic: "*" + FixRec + ".TopicPartition.Topic", Partition: FixRec + ".TopicPartition.Partition",
			Offset: "int64(" + FixRec + ".TopicPartition.Offset)",
			Calls: map[string]string{
				"(*" + p + ".Consumer).StoreMessage":  FixRecv + ".StoreOffsets(" + tps + ")",
				"(*" + p + ".Consumer).CommitMessage": FixRecv + ".CommitOffsets(" + tps + ")",
			},
			Pkg: p,
		}
	}
	return nil
}
