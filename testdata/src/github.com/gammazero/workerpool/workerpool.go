// Package workerpool is a stub of github.com/gammazero/workerpool:
// Submit queues the task and returns, SubmitWait waits for it.
package workerpool

type WorkerPool struct{ tasks chan func() }

func New(maxWorkers int) *WorkerPool { return &WorkerPool{tasks: make(chan func(), 16)} }

func (p *WorkerPool) Submit(task func()) { p.tasks <- task }

func (p *WorkerPool) SubmitWait(task func()) {
	done := make(chan struct{})
	p.tasks <- func() { task(); close(done) }
	<-done
}

func (p *WorkerPool) StopWait() {}
