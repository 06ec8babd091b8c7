package clientmodel

// kafkago models github.com/segmentio/kafka-go.
func kafkago() *Client {
	const (
		p = "github.com/segmentio/kafka-go"
		r = "(*" + p + ".Reader)."
		g = "(*" + p + ".Generation)."
	)
	return &Client{
		Name:        "kafka-go",
		Paths:       []string{p},
		Records:     []string{p + ".Message"},
		RecordNoun:  "message",
		OffsetField: "Offset",
		Coordinates: []string{"Topic", "Partition", "Offset", "HighWaterMark", "Time"},
		Consumer:    "*" + p + ".Reader",
		Constructors: []Constructor{
			{Func: p + ".NewReader", ConfigArg: 0},
		},
		Config: Config{
			Kind: StructFields,
			Type: p + ".ReaderConfig",
			Knobs: []Knob{
				// GroupID or GroupTopics set: group mode (reader.go:358-363).
				{Setting: Group, Field: "GroupID", Value: true},
				{Setting: Group, Field: "GroupTopics", Value: true},
				// CommitInterval > 0: CommitMessages only queues (reader.go:231-270).
				{Setting: AsyncCommit, Field: "CommitInterval", Value: true},
			},
			Defaults: map[Setting]bool{Group: false, AutoCommit: false, AsyncCommit: false},
		},
		Timer: TimerNone,
		Calls: []Call{
			// ReadMessage in group mode commits before returning (reader.go:792-807).
			{Func: r + "ReadMessage", Role: FetchCommit, Record: -1, PlusOne: true, Order: LastWrite, Sync: true,
				NeedsSetting: Group, NeedsValue: true},
			{Func: r + "FetchMessage", Role: Fetch, Record: -1},
			{Func: r + "CommitMessages", Role: Commit, Record: 1, PlusOne: true, Order: LastWrite, Sync: true},
			// The low-level group API: readers outside the group read a
			// generation's partitions and the generation commits the
			// next offsets to read, topic → partition → offset
			// (consumergroup.go:418-462).
			{Func: g + "CommitOffsets", Role: Commit, Record: 0, Order: LastWrite, Sync: true, GroupCommit: true, Member: true},
		},
		Names: Names{
			Group:    []NameSite{{Field: "GroupID"}},
			Topics:   []NameSite{{Field: "Topic"}, {Field: "GroupTopics"}},
			Interval: []NameSite{{Field: "CommitInterval"}},
		},
		Prose: Prose{
			RevokeCommit: "kafka-go commits queued offsets when the generation ends",
			GroupFenced:  "kafka-go starts the next generation in the background and sends later commits with whichever generation is current",
			// reader.go:481-488.
			InitialOffset: "the default StartOffset",
		},
		Fencing: []string{
			p + ".IllegalGeneration", p + ".UnknownMemberId", p + ".RebalanceInProgress",
			p + ".InvalidProducerEpoch", p + ".FencedInstanceID", p + ".ProducerFenced",
			p + ".ErrGenerationEnded",
		},
		// kafka.Error codes (error.go:37-97), matched with errors.Is or ==;
		// ErrGenerationEnded ends a low-level Generation (consumergroup.go:24).
		GroupFencing: []string{
			p + ".IllegalGeneration", p + ".UnknownMemberId", p + ".RebalanceInProgress",
			p + ".FencedInstanceID", p + ".ErrGenerationEnded",
		},
		Results: []Result{
			// With CommitInterval > 0 CommitMessages returns nil at once and
			// failures only reach the ErrorLogger (reader.go:236-245).
			{Func: r + "CommitMessages", Err: 0, Committed: -1, Swallow: SwallowReplays,
				NeedsSetting: AsyncCommit, NeedsValue: false},
			{Func: g + "CommitOffsets", Err: 0, Committed: -1, Swallow: SwallowReplays},
		},
		// SetOffset works on a reader outside a group only; with a GroupID
		// it fails (reader.go:1025-1028), so a group Reader resumes from
		// the group's committed offsets and no fix can add a hook to it.
		Restores: []Restore{{Func: r + "SetOffset", Kind: RestoreCall}},
		// A reader is in a group when its GroupID is set (v0.4.51 reader.go:97);
		// CommitMessages fails on one that is not (reader.go:878-881).
		InGroup: `%s.Config().GroupID != ""`,
		// reader.go:16-17: LastOffset -1, FirstOffset -2.
		Start: &StartKnob{Field: "StartOffset", Newest: []string{"-1"}, Oldest: []string{"-2"}},
		// WriteMessages blocks until the messages are written (and the
		// Completion called), unless the Writer's Async field is set: then
		// it returns at once and errors are dropped (writer.go:153-159,
		// 667, 700).
		Produces: []Produce{
			{Func: "(*" + p + ".Writer).WriteMessages", Record: 1, Done: -1, AsyncField: "Async"},
		},
	}
}
