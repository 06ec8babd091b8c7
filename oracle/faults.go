package oracle

import (
	"context"
	"io"
	"math/rand/v2"

	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kmsg"
)

// Fault makes chosen transaction requests fail as they do when the
// transaction timed out on the coordinator: the harness aborts the open
// transaction and bumps the producer's epoch (what the coordinator does on
// a timeout), and answers the request PRODUCER_FENCED (version 2 and up)
// or INVALID_PRODUCER_EPOCH (older versions), as a real broker answers a
// producer whose epoch was bumped. Which requests fail is drawn from the
// run's seed.
type Fault struct {
	Key   kmsg.Key // kmsg.EndTxn (commits only) or kmsg.AddOffsetsToTxn
	Times int      // faults per run, at most
	Odds  int      // each matching request fails with probability 1/Odds
}

// Inject installs the faults on the cluster for one run.
func (b *Broker) Inject(faults []Fault, seed uint64, logw io.Writer) {
	for i, f := range faults {
		rng := rand.New(rand.NewPCG(seed, 0x6661756c74+uint64(i)))
		left := f.Times
		b.cluster.ControlKey(int16(f.Key), func(req kmsg.Request) (kmsg.Response, error, bool) {
			b.cluster.KeepControl()
			var txnID string
			var resp kmsg.Response
			switch r := req.(type) {
			case *kmsg.EndTxnRequest:
				if !r.Commit {
					return nil, nil, false
				}
				txnID = r.TransactionalID
				resp = r.ResponseKind()
			case *kmsg.AddOffsetsToTxnRequest:
				txnID = r.TransactionalID
				resp = r.ResponseKind()
			default:
				return nil, nil, false
			}
			if left == 0 || rng.IntN(max(f.Odds, 1)) != 0 {
				return nil, nil, false
			}
			left--
			code := kerr.ProducerFenced.Code
			if req.GetVersion() < 2 {
				code = kerr.InvalidProducerEpoch.Code
			}
			switch r := resp.(type) {
			case *kmsg.EndTxnResponse:
				r.ErrorCode = code
			case *kmsg.AddOffsetsToTxnResponse:
				r.ErrorCode = code
			}
			resp.SetVersion(req.GetVersion())
			note(logw, "fault: %s of %s answered %s; its transaction is aborted and the epoch bumped (a timed-out transaction)", f.Key.Name(), txnID, kerr.ErrorForCode(code))
			// The abort runs on the cluster's loop: request it from
			// outside the control function, after this answer.
			b.wg.Add(1)
			go func() {
				defer b.wg.Done()
				if err := b.fence(context.Background(), txnID); err != nil {
					note(logw, "fault: abort of %s: %v", txnID, err)
				}
			}()
			return resp, nil, true
		})
	}
}

// fence aborts the open transaction of txnID and bumps its producer's
// epoch, as the coordinator does when a transaction times out and as the
// next instance of a producer with that id does when it starts.
func (b *Broker) fence(ctx context.Context, txnID string) error {
	req := kmsg.NewPtrInitProducerIDRequest()
	req.TransactionalID = kmsg.StringPtr(txnID)
	req.TransactionTimeoutMillis = 60000
	req.ProducerID, req.ProducerEpoch = -1, -1
	resp, err := req.RequestWith(ctx, b.admin)
	if err != nil {
		return err
	}
	return kerr.ErrorForCode(resp.ErrorCode)
}

// FenceAll aborts every transaction left open by the consumers that ran
// (a killed or stopped producer leaves its transaction open until its next
// instance starts or it times out), so that read_committed readers see
// past it.
func (b *Broker) FenceAll(ctx context.Context) error {
	return b.FenceExcept(ctx, func(string) bool { return false })
}

// FenceExcept aborts the transactions left open as FenceAll does, except
// those of the transactional ids live reports (a running instance's).
func (b *Broker) FenceExcept(ctx context.Context, live func(id string) bool) error {
	b.wg.Wait()
	b.mu.Lock()
	ids := make([]string, 0, len(b.txnIDs))
	for id := range b.txnIDs {
		if !live(id) {
			ids = append(ids, id)
		}
	}
	b.mu.Unlock()
	for _, id := range ids {
		if err := b.fence(ctx, id); err != nil {
			return err
		}
	}
	return nil
}
