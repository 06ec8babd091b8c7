package kafka

// Events returns the channel of delivery reports for messages produced
// with a nil delivery channel, and of other producer events.
func (p *Producer) Events() chan Event { return nil }

// Flush waits up to timeoutMs for outstanding messages and delivery
// reports, returning how many are left.
func (p *Producer) Flush(timeoutMs int) int { return 0 }

// PartitionAny lets the partitioner choose the partition.
const PartitionAny = int32(-1)
