// Package svc is the service core: SettlementService only queues each
// payload for a pool of workers; SyncService and SyncLedger do the work
// before they return.
package svc

import (
	"log"
	"time"

	"ordering/xport/ports"
)

type SettlementService struct { // want SettlementService:`queueingResult\(\*svc.SettlementService: HandleSettlement\[0\]\)`
	queue   chan *ports.Payload
	workers int
}

func New(workers int) *SettlementService {
	return &SettlementService{queue: make(chan *ports.Payload, 100), workers: workers}
}

// NewAdapter returns the service as the port, as hexagonal code's
// constructors often do.
func NewAdapter(workers int) ports.SettlementAdapter { // want NewAdapter:`queueingResult\(\*svc.SettlementService: HandleSettlement\[0\]\)`
	if workers < 1 {
		return nil
	}
	return &SettlementService{queue: make(chan *ports.Payload, 100), workers: workers}
}

// HandleSettlement hands the payload to the pool and returns at once.
func (s *SettlementService) HandleSettlement(data ports.Payload) { s.queue <- &data }

func (s *SettlementService) InitWorkerPool() {
	for w := 0; w < s.workers; w++ {
		go func() {
			for p := range s.queue {
				s.execute(p)
			}
		}()
	}
}

func (s *SettlementService) execute(p *ports.Payload) { log.Printf("settle %s", p.TxID) }

// SyncService settles the payload before it returns.
type SyncService struct{ db []string }

func NewSync() *SyncService { return &SyncService{} }

// NewSyncAdapter returns the synchronous service as the port.
func NewSyncAdapter() ports.SettlementAdapter { return &SyncService{} }

func (s *SyncService) HandleSettlement(data ports.Payload) { s.db = append(s.db, data.TxID) }

func (s *SyncService) InitWorkerPool() {}

// QueueLedger only queues each entry for a writer goroutine.
type QueueLedger struct{ entries chan ports.Payload } // want QueueLedger:`queueingResult\(\*svc.QueueLedger: Append\[0\]\)`

func NewQueueLedger() *QueueLedger {
	l := &QueueLedger{entries: make(chan ports.Payload, 16)}
	go func() {
		for e := range l.entries {
			log.Printf("append %s", e.TxID)
		}
	}()
	return l
}

func (l *QueueLedger) Append(p ports.Payload) { l.entries <- p }

// SyncLedger appends the entry before it returns.
type SyncLedger struct{ rows []ports.Payload }

func (l *SyncLedger) Append(p ports.Payload) { l.rows = append(l.rows, p) }

// PoolService queues each payload for workers its method starts, each
// running a method of its own over the queue.
type PoolService struct { // want PoolService:`queueingResult\(\*svc.PoolService: HandleSettlement\[0\]\)`
	jobs    chan ports.Payload
	workers int
}

func NewPool(workers int) *PoolService {
	return &PoolService{jobs: make(chan ports.Payload, 32), workers: workers}
}

func (s *PoolService) HandleSettlement(data ports.Payload) { s.jobs <- data }

func (s *PoolService) InitWorkerPool() {
	for i := 0; i < s.workers; i++ {
		go s.worker()
	}
}

func (s *PoolService) worker() {
	for job := range s.jobs {
		if err := s.settle(job); err != nil {
			log.Printf("settle %s: %v", job.TxID, err)
		}
	}
}

func (s *PoolService) settle(p ports.Payload) error {
	log.Printf("settle %s", p.TxID)
	return nil
}

// LoopService queues each payload for a worker its constructor starts,
// which selects between the queue and a quit channel.
type LoopService struct { // want LoopService:`queueingResult\(\*svc.LoopService: HandleSettlement\[0\]\)`
	in   chan ports.Payload
	quit chan struct{}
}

func NewLoop() *LoopService {
	s := &LoopService{in: make(chan ports.Payload), quit: make(chan struct{})}
	go func() {
		for {
			select {
			case p := <-s.in:
				log.Printf("settle %s", p.TxID)
			case <-s.quit:
				return
			}
		}
	}()
	return s
}

func (s *LoopService) HandleSettlement(data ports.Payload) { s.in <- data }

func (s *LoopService) InitWorkerPool() {}

// BatchService queues each payload for a worker that also flushes its
// batch on a timer: the worker's loop selects between the queue, a
// ticker and a quit channel, so no loop body can run in place of the
// send.
type BatchService struct { // want BatchService:`queueingResult\(\*svc.BatchService: HandleSettlement\[0\]\)`
	queue chan ports.Payload
	quit  chan struct{}
}

func NewBatch() *BatchService {
	s := &BatchService{queue: make(chan ports.Payload, 64), quit: make(chan struct{})}
	go s.run()
	return s
}

func (s *BatchService) run() {
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var batch []string
	for {
		select {
		case p := <-s.queue:
			batch = append(batch, p.TxID)
		case <-tick.C:
			log.Printf("flush %d", len(batch))
			batch = batch[:0]
		case <-s.quit:
			return
		}
	}
}

func (s *BatchService) HandleSettlement(data ports.Payload) { s.queue <- data }

func (s *BatchService) InitWorkerPool() {}
