package clientmodel

// franzgo models github.com/twmb/franz-go (kgo, kerr and kadm).
func franzgo() *Client {
	const (
		kgo  = "github.com/twmb/franz-go/pkg/kgo"
		kerr = "github.com/twmb/franz-go/pkg/kerr"
		kadm = "github.com/twmb/franz-go/pkg/kadm"
		cl   = "(*" + kgo + ".Client)."
		sess = "(*" + kgo + ".GroupTransactSession)."
		adm  = "(*" + kadm + ".Client)."
	)
	return &Client{
		Name:        "franz-go",
		Paths:       []string{kgo, kerr, kadm},
		Records:     []string{"*" + kgo + ".Record"},
		RecordNoun:  "record",
		OffsetField: "Offset",
		Coordinates: []string{"Topic", "Partition", "Offset", "Timestamp", "LeaderEpoch", "ProducerEpoch", "ProducerID", "Attrs"},
		Consumer:    "*" + kgo + ".Client",
		Constructors: []Constructor{
			{Func: kgo + ".NewClient", ConfigArg: 0},
			// A transactional group session forces auto-commit off
			// (consumer_group.go:376-378).
			{Func: kgo + ".NewGroupTransactSession", ConfigArg: 0, Fixed: map[Setting]bool{AutoCommit: false}, Txn: true},
		},
		Config: Config{
			Kind: Options,
			Type: kgo + ".Opt",
			Knobs: []Knob{
				{Setting: Group, Option: kgo + ".ConsumerGroup", Value: true},
				{Setting: AutoCommit, Option: kgo + ".DisableAutoCommit", Value: false},
				// A transactional ID turns a group's auto-commit off
				// (consumer_group.go:376-378).
				{Setting: AutoCommit, Option: kgo + ".TransactionalID", Value: false},
				{Setting: Greedy, Option: kgo + ".GreedyAutoCommit", Value: true},
				{Setting: MarksOnly, Option: kgo + ".AutoCommitMarks", Value: true},
				{Setting: BlockRebalance, Option: kgo + ".BlockRebalanceOnPoll", Value: true},
				// Cooperative-sticky is the default balancer (config.go
				// Balancers); the others are eager. Eager is off by
				// default: it is not in Defaults, whose settings the
				// hypotheses of a passed configuration range over.
				{Setting: Eager, Option: kgo + ".Balancers", Value: true,
					Args: []string{kgo + ".RangeBalancer", kgo + ".RoundRobinBalancer", kgo + ".StickyBalancer"}},
			},
			// Auto-commit is on whenever ConsumerGroup is set; 5s (config.go:724).
			Defaults:     map[Setting]bool{Group: false, AutoCommit: true},
			Interval:     "5s",
			IntervalKnob: "kgo.AutoCommitInterval",
		},
		Timer: TimerPreviousPoll,
		Calls: []Call{
			{Func: cl + "PollFetches", Role: Fetch, Record: -1, Batch: true},
			{Func: cl + "PollRecords", Role: Fetch, Record: -1, Batch: true},
			{Func: cl + "CommitRecords", Role: Commit, Record: 1, PlusOne: true, Order: LastWrite, Sync: true},
			{Func: cl + "CommitUncommittedOffsets", Role: Commit, Record: -1, Scope: ScopePolled, Sync: true},
			{Func: cl + "CommitMarkedOffsets", Role: Commit, Record: -1, Scope: ScopeMarked, Sync: true,
				NeedsSetting: MarksOnly, NeedsValue: true},
			{Func: cl + "CommitOffsetsSync", Role: Commit, Record: 1, Order: LastWrite, Sync: true},
			{Func: cl + "CommitOffsets", Role: Commit, Record: 1, Order: LastWrite},
			{Func: cl + "MarkCommitRecords", Role: Mark, Record: 0, PlusOne: true, Order: ForwardOnly,
				NeedsSetting: MarksOnly, NeedsValue: true},
			{Func: cl + "MarkCommitOffsets", Role: Mark, Record: 0, Order: ForwardOnly,
				NeedsSetting: MarksOnly, NeedsValue: true},
			// The admin client commits a group's offsets for consumers that
			// assign partitions themselves (groups.go:831-930); the
			// offsets are the next ones to read.
			{Func: adm + "CommitOffsets", Role: Commit, Record: 2, Order: LastWrite, Sync: true, GroupCommit: true},
			{Func: adm + "CommitAllOffsets", Role: Commit, Record: 2, Order: LastWrite, Sync: true, GroupCommit: true},
		},
		RevokeHooks: []RevokeHook{
			{Func: kgo + ".OnPartitionsRevoked", Kind: HookRevoked, Arg: 0},
			{Func: kgo + ".OnPartitionsLost", Kind: HookLost, Arg: 0},
		},
		AllowRebalance: cl + "AllowRebalance",
		Partitions:     []string{kgo + ".FetchTopicPartition", kgo + ".FetchPartition"},
		// record_and_fetch.go: a poll holds the records of some partitions
		// and the errors of others; PollFetches has already made its
		// records' positions the uncommitted ones (consumer.go
		// updateUncommitted).
		FetchErrors:    []string{"(" + kgo + ".Fetches).Err", "(" + kgo + ".Fetches).Errors", "(" + kgo + ".Fetches).Err0"},
		FetchEachError: "(" + kgo + ".Fetches).EachError",
		FetchEmpty:     "Empty",
		FetchInspect: []string{"(" + kgo + ".Fetches).IsClientClosed", "(" + kgo + ".Fetches).Empty", "(" + kgo + ".Fetches).NumRecords",
			"(" + kgo + ".Fetches).EachError"},
		Feeds:       []string{sess + "PollFetches", sess + "PollRecords"},
		OffsetsFrom: []string{kadm + ".NewOffsetFromRecord", kadm + ".OffsetsFromRecords"},
		Names: Names{
			// The group a consumer outside any group keeps offsets
			// for, committed through kadm.
			Group:    []NameSite{{Func: kgo + ".ConsumerGroup", Arg: 0}, {Func: adm + "CommitOffsets", Arg: 1}, {Func: adm + "CommitAllOffsets", Arg: 1}},
			Topics:   []NameSite{{Func: kgo + ".ConsumeTopics", Arg: 0}},
			Interval: []NameSite{{Func: kgo + ".AutoCommitInterval", Arg: 0}},
		},
		Prose: Prose{
			RevokeCommit:   "franz-go's default revoke commits while auto-commit is on",
			RevokeReplaced: "a custom OnPartitionsRevoked replaces the default commit",
			TxnRevoke:      "End aborts and rewinds when partitions were revoked",
			GroupFenced:    "franz-go rejoins the group in the background",
			Timer:          "franz-go commits every poll before the latest one every %s",
			// config.go:703: startOffset is NewOffset().AtStart().
			InitialOffset: "the default start offset",
		},
		Fencing: []string{
			kerr + ".IllegalGeneration", kerr + ".UnknownMemberID", kerr + ".RebalanceInProgress",
			kerr + ".FencedInstanceID", kerr + ".FencedMemberEpoch", kerr + ".StaleMemberEpoch",
			kerr + ".InvalidProducerEpoch", kerr + ".ProducerFenced", kerr + ".TransactionAbortable",
		},
		// kerr.go:98-189; a commit that gets one triggers a rejoin and
		// still returns it (consumer_group.go:4029-4036).
		GroupFencing: []string{
			kerr + ".IllegalGeneration", kerr + ".UnknownMemberID", kerr + ".RebalanceInProgress",
			kerr + ".FencedInstanceID", kerr + ".FencedMemberEpoch", kerr + ".StaleMemberEpoch",
		},
		Txn: []string{sess + "End", cl + "EndTransaction"},
		// Only the session's End sends the group's offsets in the
		// transaction (txn.go:334, commitTransactionOffsets, which the
		// client hides): a plain client's EndTransaction commits the
		// records it produced, no offsets.
		TxnCommit: []string{sess + "End"},
		// End(ctx, kgo.TryAbort) and EndTransaction(ctx, kgo.TryAbort):
		// TryAbort is the constant false.
		TxnAbort: []Abort{{Func: sess + "End", FalseArg: 1}, {Func: cl + "EndTransaction", FalseArg: 1}},
		Results: []Result{
			// End: (committed bool, err error); no returned error is
			// retryable (txn.go:226-239).
			{Func: sess + "End", Err: 1, Committed: 0, Swallow: SwallowStalls},
			// A plain transactional client: after a failed EndTransaction
			// nothing rewinds the polled positions, so the loop goes on
			// past the failed batch, whose output is lost until a restart
			// replays from the group's last commit (txn.go:770).
			{Func: cl + "EndTransaction", Err: 0, Committed: -1, Swallow: SwallowLoses},
			// Begin and BeginTransaction fail while a transaction is
			// already open or the client is not transactional (txn.go:216,
			// :582).
			{Func: sess + "Begin", Err: 0, Committed: -1, Swallow: SwallowSkips},
			{Func: cl + "BeginTransaction", Err: 0, Committed: -1, Swallow: SwallowSkips},
			{Func: cl + "CommitRecords", Err: 0, Committed: -1, Swallow: SwallowReplays},
			{Func: cl + "CommitUncommittedOffsets", Err: 0, Committed: -1, Swallow: SwallowReplays},
			{Func: cl + "CommitMarkedOffsets", Err: 0, Committed: -1, Swallow: SwallowReplays},
			// CommitOffsets also reports per-partition failures in its
			// responses; CommitAllOffsets folds them into its error.
			{Func: adm + "CommitOffsets", Err: 1, Committed: -1, Swallow: SwallowReplays, Folds: "CommitAllOffsets"},
			{Func: adm + "CommitAllOffsets", Err: 0, Committed: -1, Swallow: SwallowReplays},
		},
		// A group's partition without a committed offset starts at
		// ConsumeStartOffset (consumer_group.go:2196), an Offset value;
		// ConsumeResetOffset sets it too unless ConsumeStartOffset is
		// set (config.go:1753), and a RewindOffset keeps the start.
		Start: &StartKnob{
			Option: kgo + ".ConsumeStartOffset", Fallback: kgo + ".ConsumeResetOffset",
			NewestCall: []string{"(" + kgo + ".Offset).AtEnd"},
			OldestCall: []string{"(" + kgo + ".Offset).AtStart", kgo + ".RewindOffset"},
		},
		// ProduceSync waits for every record (producer.go:383); Produce
		// and TryProduce return at once and call the promise when Kafka
		// replies (:533, :586). First returns the one record's result, as
		// the promise takes it (:369); FirstErr the first failure. Flush returns once nothing is
		// buffered, each promise called before its record stops counting
		// (:1459-1500, :885-900), or with the context's error. Promises
		// run serially and must not block on the client: a direct
		// TryProduce is the produce made from one (:545-556).
		Produces: []Produce{
			{Func: cl + "ProduceSync", Record: 1, Done: -1},
			{Func: cl + "Produce", Record: 1, Async: true, Done: 2,
				Sync: "$2($RECV.ProduceSync($0, $1).First())", SyncNoDone: "$RECV.ProduceSync($0, $1)", SyncErr: ".FirstErr()",
				Flush: cl + "Flush", FlushCall: "$RECV.Flush($0)"},
			{Func: cl + "TryProduce", Record: 1, Async: true, Done: 2, Reentrant: true,
				Sync: "$2($RECV.ProduceSync($0, $1).First())", SyncNoDone: "$RECV.ProduceSync($0, $1)", SyncErr: ".FirstErr()",
				Flush: cl + "Flush", FlushCall: "$RECV.Flush($0)"},
		},
		// AdjustFetchOffsetsFn runs after the committed offsets are fetched
		// and before the partitions are assigned (consumer_group.go:2311);
		// SetOffsets from OnPartitionsAssigned runs before that fetch
		// (:1195), which assigns the committed offsets afterwards.
		Restores: []Restore{{Func: kgo + ".AdjustFetchOffsetsFn", Kind: RestoreOption, Arg: 0}},
		Rewinds:  []string{cl + "SetOffsets"},
		RestoreFix: &RestoreFix{
			Where: FixOption, Hooks: []string{kgo + ".AdjustFetchOffsetsFn"},
			Topic: "topic", Partition: "partition", Ctx: "ctx",
			Code: `$PKG.AdjustFetchOffsetsFn(func(ctx context.Context, offsets map[string]map[int32]$PKG.Offset) (map[string]map[int32]$PKG.Offset, error) {
	for topic, partitions := range offsets {
		for partition := range partitions {
			var next int64
			$READ
			if $NOROWS {
				continue // no stored position: start where the group would
			}
			if err != nil {
				return nil, err
			}
			partitions[partition] = $PKG.NewOffset().At(next)
		}
	}
	return offsets, nil
})`,
			Locals:  []string{"ctx", "offsets", "topic", "partitions", "partition", "next", "err"},
			Imports: []string{"context"},
		},
	}
}
