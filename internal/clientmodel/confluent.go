package clientmodel

// confluent models github.com/confluentinc/confluent-kafka-go, v2 and v1 (the
// same method set for everything modelled here).
func confluent(p string, memberEpoch bool) *Client {
	c := "(*" + p + ".Consumer)."
	fencing := []string{
		p + ".ErrIllegalGeneration", p + ".ErrUnknownMemberID", p + ".ErrRebalanceInProgress",
		p + ".ErrFencedInstanceID", p + ".ErrInvalidProducerEpoch", p + ".ErrProducerFenced",
		p + ".ErrFenced", p + ".ErrAssignmentLost",
	}
	// kafka.ErrorCode values, read with err.(kafka.Error).Code()
	// (generated_errors.go:135-353).
	group := []string{
		p + ".ErrIllegalGeneration", p + ".ErrUnknownMemberID", p + ".ErrRebalanceInProgress",
		p + ".ErrFencedInstanceID", p + ".ErrAssignmentLost",
	}
	// Assign (or IncrementalAssign) with offsets in the rebalance
	// callback's AssignedPartitions, or Seek once assigned, sets where a
	// partition resumes (consumer.go:133-177, 394).
	restores := []Restore{
		{Func: c + "Assign", Kind: RestoreCall}, {Func: c + "IncrementalAssign", Kind: RestoreCall},
		{Func: c + "Seek", Kind: RestoreCall},
	}
	if memberEpoch {
		// KIP-848 member epochs: v2 only.
		fencing = append(fencing, p+".ErrFencedMemberEpoch", p+".ErrStaleMemberEpoch")
		group = append(group, p+".ErrFencedMemberEpoch", p+".ErrStaleMemberEpoch")
		restores = append(restores, Restore{Func: c + "SeekPartitions", Kind: RestoreCall})
	}
	return &Client{
		Name:        "confluent-kafka-go",
		Paths:       []string{p},
		Records:     []string{"*" + p + ".Message"},
		RecordNoun:  "message",
		OffsetField: "Offset",
		Coordinates: []string{"TopicPartition", "Timestamp", "TimestampType"},
		Consumer:    "*" + p + ".Consumer",
		Constructors: []Constructor{
			{Func: p + ".NewConsumer", ConfigArg: 0},
		},
		Config: Config{
			Kind:   KeyMap,
			Type:   p + ".ConfigMap",
			SetKey: "(" + p + ".ConfigMap).SetKey",
			Knobs: []Knob{
				{Setting: AutoCommit, Key: "enable.auto.commit"},
				{Setting: AutoStore, Key: "enable.auto.offset.store"},
			},
			// librdkafka CONFIGURATION.md: both default to true, 5000 ms.
			Defaults:     map[Setting]bool{Group: true, AutoCommit: true, AutoStore: true},
			Interval:     "5000 ms",
			IntervalKnob: "auto.commit.interval.ms",
		},
		Timer: TimerStored,
		Calls: []Call{
			{Func: c + "Poll", Role: Fetch, Record: -1},
			{Func: c + "ReadMessage", Role: Fetch, Record: -1},
			// Events() delivers on a channel what the go.events.channel.enable
			// poller read (consumer.go:283-295), stored already under auto-store.
			{Func: c + "Events", Role: Fetch, Record: -1},
			{Func: c + "Commit", Role: Commit, Record: -1, Scope: ScopeMarked, Sync: true},
			{Func: c + "CommitMessage", Role: Commit, Record: 0, PlusOne: true, Order: LastWrite, Sync: true},
			{Func: c + "CommitOffsets", Role: Commit, Record: 0, Order: LastWrite, Sync: true},
			// Stores return ErrInvalidArg and store nothing while
			// enable.auto.offset.store is on (src/rdkafka_offset.c:674-675).
			{Func: c + "StoreMessage", Role: Store, Record: 0, PlusOne: true, Order: LastWrite,
				NeedsSetting: AutoStore, NeedsValue: false, CommitWith: c + "CommitMessage"},
			{Func: c + "StoreOffsets", Role: Store, Record: 0, Order: LastWrite,
				NeedsSetting: AutoStore, NeedsValue: false, CommitWith: c + "CommitOffsets"},
		},
		Engine:         "librdkafka",
		AssignmentLost: c + "AssignmentLost",
		// Close polls until librdkafka has closed the consumer
		// (consumer.go:550-554 in v2.11.1), serving the revoke.
		Close: []string{c + "Close"},
		RevokeHooks: []RevokeHook{
			{Func: c + "Subscribe", Kind: HookEvents, Arg: 1, RevokeEvent: p + ".RevokedPartitions"},
			{Func: c + "SubscribeTopics", Kind: HookEvents, Arg: 1, RevokeEvent: p + ".RevokedPartitions"},
		},
		Names: Names{
			Group:    []NameSite{{Key: "group.id"}},
			Topics:   []NameSite{{Func: c + "Subscribe", Arg: 0}, {Func: c + "SubscribeTopics", Arg: 0}},
			Interval: []NameSite{{Key: "auto.commit.interval.ms", Millis: true, ZeroOff: true}},
		},
		Prose: Prose{
			RevokeCommit: "librdkafka commits stored offsets on revoke while auto-commit is on",
			GroupFenced:  "librdkafka rejoins the group and moves the assignment at the next poll",
			Timer:        "librdkafka commits the stored offsets every %s",
			// librdkafka CONFIGURATION.md: auto.offset.reset defaults to largest.
			InitialOffset: "the default auto.offset.reset",
			InitialNewest: true,
		},
		Fencing:      fencing,
		GroupFencing: group,
		Txn: []string{
			"(*" + p + ".Producer).SendOffsetsToTransaction", "(*" + p + ".Producer).CommitTransaction",
			"(*" + p + ".Producer).AbortTransaction",
		},
		TxnCommit: []string{"(*" + p + ".Producer).CommitTransaction"},
		TxnAbort:  []Abort{{Func: "(*" + p + ".Producer).AbortTransaction", FalseArg: -1}},
		Results: []Result{
			{Func: c + "Commit", Err: 1, Committed: -1, Swallow: SwallowReplays},
			{Func: c + "CommitMessage", Err: 1, Committed: -1, Swallow: SwallowReplays},
			{Func: c + "CommitOffsets", Err: 1, Committed: -1, Swallow: SwallowReplays},
			// The consumer has moved on, and an abort would make the next
			// transaction commit later offsets, losing the failed batch's
			// output (producer.go:973); but librdkafka begins no new
			// transaction until the failed one is aborted (an abortable
			// error) or ever (a fatal one), so carrying on stalls (the crash
			// experiments show no loss).
			{Func: "(*" + p + ".Producer).CommitTransaction", Err: 0, Committed: -1, Swallow: SwallowLoses, Begin: "BeginTransaction"},
			// An abortable failure makes CommitTransaction fail too; a
			// retriable one (IsRetriable, "permits retrying",
			// producer.go:907-913) leaves the transaction open without the
			// offsets, and CommitTransaction then commits the output alone.
			{Func: "(*" + p + ".Producer).SendOffsetsToTransaction", Err: 0, Committed: -1, Swallow: SwallowRedoes},
			// BeginTransaction fails before InitTransactions, while a
			// transaction is open or after a fatal error (producer.go:864).
			{Func: "(*" + p + ".Producer).BeginTransaction", Err: 0, Committed: -1, Swallow: SwallowSkips},
		},
		Restores: restores,
		Rewinds:  []string{c + "Seek", c + "SeekPartitions"},
		// Produce only enqueues: the delivery report, a *Message whose
		// TopicPartition.Error says whether it was delivered, comes on
		// deliveryChan, or on Events() when it is nil (producer.go:308).
		// Flush(timeoutMs) returns the count still outstanding when it
		// gives up, unread delivery reports on Events() included
		// (producer.go:359-367, 385-389): a flush whose count is ignored
		// does not wait, and one inserted where nothing reads Events()
		// never reaches zero, so a fix waits for each report instead.
		Produces: []Produce{
			{Func: "(*" + p + ".Producer).Produce", Record: 0, Async: true, Done: 1,
				Wait:  "(<-" + FixDone + ").(*" + FixPkg + ".Message).TopicPartition.Error",
				Flush: "(*" + p + ".Producer).Flush", FlushCounts: true},
		},
		// librdkafka CONFIGURATION.md: auto.offset.reset.
		Start: &StartKnob{Key: "auto.offset.reset", Newest: []string{"largest", "latest", "end"}, Oldest: []string{"smallest", "earliest", "beginning"}},
		// The wrapper discards the callback's error and assigns the
		// committed offsets itself when the callback does not assign
		// (consumer.go:1042-1080): a failed read stops the process instead.
		RestoreFix: &RestoreFix{
			Where: FixCallback, Hooks: []string{c + "Subscribe", c + "SubscribeTopics"}, Arg: 1,
			Topic: "*tp.Topic", Partition: "tp.Partition", Ctx: "context.Background()",
			Code: `func(c *$PKG.Consumer, ev $PKG.Event) error {
	assigned, ok := ev.($PKG.AssignedPartitions)
	if !ok {
		return nil
	}
	partitions := make([]$PKG.TopicPartition, 0, len(assigned.Partitions))
	for _, tp := range assigned.Partitions {
		var next int64
		$READ
		switch {
		case $NOROWS:
			// no stored position: start where the group would
		case err != nil:
			// The client ignores this callback's error and would resume
			// from the committed offsets: stop instead.
			log.Fatalf("read the stored position of %v: %v", tp, err)
		default:
			tp.Offset = $PKG.Offset(next)
		}
		partitions = append(partitions, tp)
	}
	assign := c.Assign // the cooperative protocol adds partitions instead
	if c.GetRebalanceProtocol() == "COOPERATIVE" {
		assign = c.IncrementalAssign
	}
	return assign(partitions)
}`,
			Locals:  []string{"c", "ev", "assigned", "ok", "partitions", "tp", "next", "err", "assign"},
			Imports: []string{"context", "log"},
		},
	}
}
