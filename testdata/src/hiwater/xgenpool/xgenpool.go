// Package xgenpool is an application's generic worker pool, free of any
// Kafka client: hiwater exports runsPool on the functions and methods that
// call a function they are given from several goroutines, each with the
// values it receives from one channel (#13: generic pools of another
// package).
package xgenpool

import (
	"context"
	"sync"
)

// Run calls fn from n goroutines with the values received from in.
func Run[T any](ctx context.Context, n int, in <-chan T, fn func(context.Context, T)) { // want Run:`runsPool\(func 3, arg 1, count 1, one 1\)`
	for i := 0; i < n; i++ {
		go func() {
			for v := range in {
				fn(ctx, v)
			}
		}()
	}
}

// Pool is a generic pool fed by Submit.
type Pool[T any] struct {
	jobs chan T
	wg   sync.WaitGroup
}

func New[T any](size int) *Pool[T] {
	return &Pool[T]{jobs: make(chan T, size)}
}

// Start starts workers goroutines, each calling handle with the jobs it
// receives.
func (p *Pool[T]) Start(workers int, handle func(T) error) { // want Start:`runsPool\(func 1, arg 0, count 0, one 1\)`
	for w := 0; w < workers; w++ {
		p.wg.Add(1)
		go func() {
			defer p.wg.Done()
			for job := range p.jobs {
				_ = handle(job)
			}
		}()
	}
}

func (p *Pool[T]) Submit(job T) { p.jobs <- job }

func (p *Pool[T]) Close() {
	close(p.jobs)
	p.wg.Wait()
}

// Each calls fn for each value in order, from one goroutine: no fact.
func Each[T any](ctx context.Context, in <-chan T, fn func(context.Context, T)) {
	go func() {
		for v := range in {
			fn(ctx, v)
		}
	}()
}

// Fan gives each goroutine a channel of its own: no fact.
func Fan[T any](n int, fn func(T)) []chan<- T {
	var ins []chan<- T
	for i := 0; i < n; i++ {
		in := make(chan T)
		ins = append(ins, in)
		go func() {
			for v := range in {
				fn(v)
			}
		}()
	}
	return ins
}
