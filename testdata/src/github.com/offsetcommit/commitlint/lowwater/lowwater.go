// Package lowwater is a stub of github.com/offsetcommit/commitlint/lowwater
// with the declarations the semantics tests use (same signatures).
package lowwater

type TopicPartition struct {
	Topic     string
	Partition int32
}

type Tracker struct{}

func New() *Tracker { return new(Tracker) }

func (t *Tracker) Start(tp TopicPartition, offset int64) error { return nil }

func (t *Tracker) Done(tp TopicPartition, offset int64) (commit int64, ok bool) { return 0, false }

func (t *Tracker) CommittableAll() map[TopicPartition]int64 { return nil }

func (t *Tracker) Forget(tps ...TopicPartition) {}
