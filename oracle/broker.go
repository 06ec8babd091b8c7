package oracle

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/twmb/franz-go/pkg/kfake"
	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Broker is an in-process Kafka cluster (kfake) on 127.0.0.1 that watches
// the group requests of the consumers under test: it remembers the members
// that joined, so that the harness can remove a killed consumer from its
// group at once instead of waiting out its session timeout, and it signals
// every offset commit, so that kills can be aimed just after one.
type Broker struct {
	cluster *kfake.Cluster
	admin   *kgo.Client

	mu      sync.Mutex
	members map[string]map[string]bool // group → member ids seen
	commits atomic.Int64               // commit requests received
	last    map[int32]int64            // last offset committed per partition (OffsetCommit only)
	txnIDs  map[string]bool            // transactional ids seen
	wg      sync.WaitGroup             // aborts requested by faults
}

// NewBroker starts a one-broker cluster with the given topics.
func NewBroker(partitions int32, topics ...string) (*Broker, error) {
	c, err := kfake.NewCluster(kfake.NumBrokers(1), kfake.SeedTopics(partitions, topics...), kfake.AllowAutoTopicCreation(), kfake.DefaultNumPartitions(int(partitions)))
	if err != nil {
		return nil, err
	}
	b := &Broker{cluster: c, members: map[string]map[string]bool{}, last: map[int32]int64{}, txnIDs: map[string]bool{}}
	c.Control(b.observe)
	b.admin, err = kgo.NewClient(kgo.SeedBrokers(c.ListenAddrs()...))
	if err != nil {
		c.Close()
		return nil, err
	}
	return b, nil
}

// Addrs returns the listen addresses (127.0.0.1:port).
func (b *Broker) Addrs() []string { return b.cluster.ListenAddrs() }

// Close stops the admin client and the cluster.
func (b *Broker) Close() {
	b.wg.Wait()
	b.admin.Close()
	b.cluster.Close()
}

// observe runs on the cluster's loop for every request and never handles
// one: it only records member ids, commit requests and transactional ids.
func (b *Broker) observe(req kmsg.Request) (kmsg.Response, error, bool) {
	switch r := req.(type) {
	case *kmsg.JoinGroupRequest:
		b.member(r.Group, r.MemberID)
	case *kmsg.SyncGroupRequest:
		b.member(r.Group, r.MemberID)
	case *kmsg.HeartbeatRequest:
		b.member(r.Group, r.MemberID)
	case *kmsg.OffsetCommitRequest:
		b.mu.Lock()
		for _, t := range r.Topics {
			for _, p := range t.Partitions {
				b.last[p.Partition] = p.Offset
			}
		}
		b.mu.Unlock()
		b.commits.Add(1)
	case *kmsg.TxnOffsetCommitRequest:
		b.commits.Add(1)
	case *kmsg.InitProducerIDRequest:
		if r.TransactionalID != nil {
			b.mu.Lock()
			b.txnIDs[*r.TransactionalID] = true
			b.mu.Unlock()
		}
	}
	return nil, nil, false
}

func (b *Broker) member(group, id string) {
	if id == "" {
		return
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.members[group] == nil {
		b.members[group] = map[string]bool{}
	}
	b.members[group][id] = true
}

// Committed describes the last offset committed per partition, for logs.
func (b *Broker) Committed() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return fmt.Sprint(b.last)
}

// Commits returns the number of commit requests (OffsetCommit and
// TxnOffsetCommit) the cluster has received.
func (b *Broker) Commits() int64 { return b.commits.Load() }

// EvictMembers removes every member seen so far from every group, as the
// group coordinator does when their session times out. Call it only when
// no consumer runs: the members seen are then all dead.
func (b *Broker) EvictMembers(ctx context.Context) error {
	b.mu.Lock()
	groups := b.members
	b.members = map[string]map[string]bool{}
	b.mu.Unlock()
	for group, ids := range groups {
		req := kmsg.NewPtrLeaveGroupRequest()
		req.Version = 3
		req.Group = group
		for id := range ids {
			m := kmsg.NewLeaveGroupRequestMember()
			m.MemberID = id
			req.Members = append(req.Members, m)
		}
		if _, err := req.RequestWith(ctx, b.admin); err != nil {
			return fmt.Errorf("evict members of %s: %w", group, err)
		}
	}
	return nil
}

// Produce writes the records synchronously to topic and returns where each
// landed.
func (b *Broker) Produce(ctx context.Context, topic string, recs []Record) ([]Position, error) {
	krs := make([]*kgo.Record, len(recs))
	for i, r := range recs {
		krs[i] = &kgo.Record{Topic: topic, Key: r.Key, Value: r.Value}
	}
	if err := b.admin.ProduceSync(ctx, krs...).FirstErr(); err != nil {
		return nil, err
	}
	pos := make([]Position, len(krs))
	for i, r := range krs {
		pos[i] = Position{r.Partition, r.Offset}
	}
	return pos, nil
}

// Position is a record's partition and offset.
type Position struct {
	Partition int32
	Offset    int64
}

// CommitStart commits offset 0 of every partition of topic for group, so a
// consumer whose reset policy is "latest" still reads the records produced
// before it first joined.
func (b *Broker) CommitStart(ctx context.Context, group, topic string, partitions int32) error {
	meta := kmsg.NewPtrMetadataRequest()
	mt := kmsg.NewMetadataRequestTopic()
	mt.Topic = kmsg.StringPtr(topic)
	meta.Topics = append(meta.Topics, mt)
	mresp, err := meta.RequestWith(ctx, b.admin)
	if err != nil {
		return err
	}
	if len(mresp.Topics) != 1 || mresp.Topics[0].ErrorCode != 0 {
		return fmt.Errorf("metadata of %s: %+v", topic, mresp.Topics)
	}
	req := kmsg.NewPtrOffsetCommitRequest()
	req.Group = group
	req.Generation = -1
	t := kmsg.NewOffsetCommitRequestTopic()
	t.Topic = topic
	t.TopicID = mresp.Topics[0].TopicID // newer versions name topics by id
	for p := range partitions {
		pp := kmsg.NewOffsetCommitRequestTopicPartition()
		pp.Partition = p
		pp.Offset = 0
		t.Partitions = append(t.Partitions, pp)
	}
	req.Topics = append(req.Topics, t)
	resp, err := req.RequestWith(ctx, b.admin)
	if err != nil {
		return err
	}
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			if p.ErrorCode != 0 {
				return fmt.Errorf("commit start offset of %s/%d for %s: error code %d", t.Topic, p.Partition, group, p.ErrorCode)
			}
		}
	}
	return nil
}

// GroupOffsets returns the offsets the broker holds for group, per
// partition, as a consumer would fetch them on restart.
func (b *Broker) GroupOffsets(ctx context.Context, group string) (map[int32]int64, error) {
	req := kmsg.NewPtrOffsetFetchRequest()
	req.Group = group
	resp, err := req.RequestWith(ctx, b.admin)
	if err != nil {
		return nil, err
	}
	if resp.ErrorCode != 0 {
		return nil, fmt.Errorf("offset fetch for %s: error code %d", group, resp.ErrorCode)
	}
	out := map[int32]int64{}
	for _, t := range resp.Topics {
		for _, p := range t.Partitions {
			out[p.Partition] = p.Offset
		}
	}
	return out, nil
}

// GroupState describes the group for logs: its state and each member's
// client and assigned partitions ("Stable: kgo@127.0.0.1:5555 [0 1]").
func (b *Broker) GroupState(ctx context.Context, group string) string {
	req := kmsg.NewPtrDescribeGroupsRequest()
	req.Groups = []string{group}
	resp, err := req.RequestWith(ctx, b.admin)
	if err != nil {
		return "describe: " + err.Error()
	}
	if len(resp.Groups) != 1 {
		return fmt.Sprintf("describe: %d groups", len(resp.Groups))
	}
	g := resp.Groups[0]
	if g.ErrorCode != 0 {
		return fmt.Sprintf("describe: error code %d", g.ErrorCode)
	}
	s := g.State + ":"
	if len(g.Members) == 0 {
		s += " no members"
	}
	for _, m := range g.Members {
		var parts []int32
		var a kmsg.ConsumerMemberAssignment
		if a.ReadFrom(m.MemberAssignment) == nil {
			for _, t := range a.Topics {
				parts = append(parts, t.Partitions...)
			}
		}
		s += fmt.Sprintf(" %s@%s %v", m.ClientID, m.ClientHost, parts)
	}
	return s
}
