package clientmodel

// sarama models github.com/IBM/sarama, its old path github.com/Shopify/sarama
// (v1.38.1 behaves the same for everything modelled here) and Elastic's
// fork github.com/elastic/sarama (sarama 1.42.2).
func sarama(p string) *Client {
	sess := "(" + p + ".ConsumerGroupSession)."
	prod := func(m string) []string {
		return []string{"(" + p + ".AsyncProducer)." + m, "(" + p + ".SyncProducer)." + m}
	}
	var txn []string
	for _, m := range []string{"BeginTxn", "AddMessageToTxn", "AddOffsetsToTxn", "CommitTxn", "AbortTxn"} {
		txn = append(txn, prod(m)...)
	}
	return &Client{
		Name:        "sarama",
		Paths:       []string{p},
		Records:     []string{"*" + p + ".ConsumerMessage"},
		RecordNoun:  "message",
		OffsetField: "Offset",
		Coordinates: []string{"Topic", "Partition", "Offset", "Timestamp", "BlockTimestamp"},
		Consumer:    p + ".ConsumerGroup",
		Constructors: []Constructor{
			// A ConsumerGroup is always a group member.
			{Func: p + ".NewConsumerGroup", ConfigArg: 2, Fixed: map[Setting]bool{Group: true}},
			{Func: p + ".NewConsumerGroupFromClient", ConfigArg: 1, FromClient: p + ".NewClient", FromClientArg: 1,
				Fixed: map[Setting]bool{Group: true}},
		},
		Config: Config{
			Kind:     StructFields,
			Type:     p + ".Config",
			Builders: []string{p + ".NewConfig"},
			Knobs: []Knob{
				{Setting: AutoCommit, Field: "Consumer.Offsets.AutoCommit.Enable"},
			},
			// Consumer.Offsets.AutoCommit.Enable defaults to true (config.go:601).
			Defaults:     map[Setting]bool{Group: true, AutoCommit: true},
			Interval:     "1s",
			IntervalKnob: "Consumer.Offsets.AutoCommit.Interval",
		},
		Timer: TimerMarked,
		Calls: []Call{
			{Func: sess + "MarkMessage", Role: Mark, Record: 0, PlusOne: true, Order: ForwardOnly},
			{Func: sess + "MarkOffset", Role: Mark, Record: 2, Order: ForwardOnly},
			{Func: sess + "Commit", Role: Commit, Record: -1, Scope: ScopeMarked, Sync: true},
		},
		Handler: &Handler{
			Interface:  p + ".ConsumerGroupHandler",
			Consume:    "ConsumeClaim",
			Cleanup:    "Cleanup",
			Session:    p + ".ConsumerGroupSession",
			Run:        "(" + p + ".ConsumerGroup).Consume",
			HandlerArg: 2,
		},
		RevokeHooks: []RevokeHook{{Func: "(" + p + ".ConsumerGroupHandler).Cleanup", Kind: HookCleanup}},
		Partitions:  []string{p + ".ConsumerGroupClaim"},
		Feeds:       []string{"(" + p + ".ConsumerGroupClaim).Messages"},
		Names: Names{
			Group: []NameSite{
				{Func: p + ".NewConsumerGroup", Arg: 1},
				{Func: p + ".NewConsumerGroupFromClient", Arg: 0},
			},
			Topics:   []NameSite{{Func: "(" + p + ".ConsumerGroup).Consume", Arg: 1}},
			Interval: []NameSite{{Field: "Consumer.Offsets.AutoCommit.Interval"}},
		},
		Prose: Prose{
			RevokeCommit: "sarama commits marks at session end while auto-commit is on",
			Timer:        "sarama commits marked offsets every %s",
			// config.go: Consumer.Offsets.Initial = OffsetNewest.
			InitialOffset: "the default Offsets.Initial (OffsetNewest)",
			InitialNewest: true,
		},
		Fencing: []string{
			p + ".ErrIllegalGeneration", p + ".ErrUnknownMemberId", p + ".ErrRebalanceInProgress",
			p + ".ErrFencedInstancedId", p + ".ErrInvalidProducerEpoch", p + ".ErrProducerFenced",
		},
		// errors.go:202-262 (ErrFencedInstancedId: sic).
		GroupFencing: []string{
			p + ".ErrIllegalGeneration", p + ".ErrUnknownMemberId", p + ".ErrRebalanceInProgress",
			p + ".ErrFencedInstancedId",
		},
		Txn:       txn,
		TxnCommit: prod("CommitTxn"),
		TxnAbort:  []Abort{{Func: "(" + p + ".AsyncProducer).AbortTxn", FalseArg: -1}, {Func: "(" + p + ".SyncProducer).AbortTxn", FalseArg: -1}},
		// CommitTxn sends the offsets added with AddMessageToTxn/
		// AddOffsetsToTxn and ends the transaction; after an abortable error
		// the producer accepts only AbortTxn (transaction_manager.go:174-180).
		// The Add calls only buffer: their errors resurface from CommitTxn.
		Results: []Result{
			{Func: "(" + p + ".AsyncProducer).CommitTxn", Err: 0, Committed: -1, Swallow: SwallowLoses, Abort: "AbortTxn", Begin: "BeginTxn"},
			{Func: "(" + p + ".SyncProducer).CommitTxn", Err: 0, Committed: -1, Swallow: SwallowLoses, Abort: "AbortTxn", Begin: "BeginTxn"},
			// BeginTxn fails while the producer is in error or still in a
			// transaction (transaction_manager.go:174-180).
			{Func: "(" + p + ".AsyncProducer).BeginTxn", Err: 0, Committed: -1, Swallow: SwallowSkips},
			{Func: "(" + p + ".SyncProducer).BeginTxn", Err: 0, Committed: -1, Swallow: SwallowSkips},
			// The Add calls fail while the producer is in error or in no
			// transaction (transaction_manager.go addOffsetsToTxn), which
			// CommitTxn reports too; an abort on their failure discards
			// the transaction all the same.
			{Func: "(" + p + ".AsyncProducer).AddMessageToTxn", Err: 0, Committed: -1, Swallow: SwallowResurfaces},
			{Func: "(" + p + ".SyncProducer).AddMessageToTxn", Err: 0, Committed: -1, Swallow: SwallowResurfaces},
			{Func: "(" + p + ".AsyncProducer).AddOffsetsToTxn", Err: 0, Committed: -1, Swallow: SwallowResurfaces},
			{Func: "(" + p + ".SyncProducer).AddOffsetsToTxn", Err: 0, Committed: -1, Swallow: SwallowResurfaces},
		},
		// A claim starts from its partition offset manager's NextOffset
		// (consumer_group_session.go:310-316), which Setup runs before
		// (:127). MarkOffset only moves it forward and ResetOffset only back
		// (offset_manager.go:700-720); a partition without a committed
		// offset is at -1, so only MarkOffset sets it.
		// client.go:135-140: OffsetNewest -1, OffsetOldest -2.
		Start: &StartKnob{Field: "Consumer.Offsets.Initial", Newest: []string{"-1"}, Oldest: []string{"-2"}},
		// SendMessage(s) return once the broker acknowledged (or the
		// produce failed, sync_producer.go:23-32); a message sent on
		// Input() is delivered later, reported on Successes() only with
		// Producer.Return.Successes (async_producer.go:55-67), and an
		// AsyncProducer has no synchronous send. Its reports carry the
		// message, whose Metadata the producer passes through untouched
		// (async_producer.go:180-184): the SyncProducer waits for a message
		// with a channel of its own the same way (sync_producer.go:118-130,
		// 161-175). Errors are reported unless Producer.Return.Errors is
		// turned off (config.go:546).
		Produces: []Produce{
			{Func: "(" + p + ".SyncProducer).SendMessage", Record: 0, Done: -1},
			{Func: "(" + p + ".SyncProducer).SendMessages", Record: 0, Done: -1},
			{Func: "(" + p + ".AsyncProducer).Input", Record: -1, Async: true, Done: -1,
				ReplyForward: map[string]string{"Successes": saramaForwardSuccess, "Errors": saramaForwardError},
				ReplyWait:    "if err := <-" + FixDone + "; err != nil {\n\treturn err\n}",
				// consumer_group_session.go:54, 524-528: the session's
				// Context ends with the session, and handlers should return
				// when it is done.
				ReplyWaitEnds: "select {\ncase err := <-" + FixDone + ":\n\tif err != nil {\n\t\treturn err\n\t}\ncase <-" + FixSess + ".Context().Done():\n\treturn nil\n}",
				ReplyField:    "Metadata",
				ReplyLocals:   []string{"err", "reply", "ok"},
				ReplyNeeds:    "Producer.Return.Successes",
				ReplyKeeps:    "Producer.Return.Errors",
				ReplyKeptOn:   "Errors",
				// async_producer.go:284: NewAsyncProducer(addrs, conf).
				ReplyOn: "Successes", ReplyNew: p + ".NewAsyncProducer", ReplyNewConfig: 1,
			},
		},
		Restores: []Restore{
			{Func: sess + "ResetOffset", Kind: RestoreCall, In: "Setup"},
			{Func: sess + "MarkOffset", Kind: RestoreCall, In: "Setup"},
		},
		// MarkOffset marks the offset given as the next one to read.
		LowWater: &LowWaterFix{
			TopicField: "Topic", PartitionField: "Partition",
			Marks: map[string]string{sess + "MarkMessage": `$RECV.MarkOffset($REC.Topic, $REC.Partition, $NEXT, "")`},
		},
		RestoreFix: &RestoreFix{
			Where: FixHandler, Hooks: []string{"Setup"},
			Topic: "topic", Partition: "partition", Ctx: "$SESS.Context()",
			Code: `for topic, partitions := range $SESS.Claims() {
	for _, partition := range partitions {
		var next int64
		$READ
		if $NOROWS {
			continue // no stored position: start where the group would
		}
		if err != nil {
			return err
		}
		// MarkOffset only moves forward and ResetOffset only back:
		// together they set where the claim starts.
		$SESS.MarkOffset(topic, partition, next, "")
		$SESS.ResetOffset(topic, partition, next, "")
	}
}`,
			Locals: []string{"topic", "partitions", "partition", "next", "err"},
		},
	}
}

// The statements forwarding a report of sarama's AsyncProducer to the
// channel its message carries in Metadata (async_producer.go:180-184,
// 245-250): a success, and a failure with its error.
const (
	saramaForwardSuccess = `if reply, ok := ` + FixVar + `.Metadata.(chan error); ok {
	reply <- nil
}`
	saramaForwardError = `if reply, ok := ` + FixVar + `.Msg.Metadata.(chan error); ok {
	reply <- ` + FixVar + `.Err
}`
)
