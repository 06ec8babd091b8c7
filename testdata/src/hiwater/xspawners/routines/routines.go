// Package routines holds goroutine helpers a service keeps in a package
// of its own (go-zero's threading shapes): hiwater/xspawners starts its
// workers through them.
package routines

import (
	"context"
	"log"
	"sync"
)

// Group counts the goroutines it starts.
type Group struct{ wg sync.WaitGroup }

// Run starts fn in a goroutine of its own.
func (g *Group) Run(fn func()) { // want Run:`spawns\(0\)`
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		fn()
	}()
}

// Wait waits for the goroutines Run started.
func (g *Group) Wait() { g.wg.Wait() } // want Wait:"joins"

// GoSafe starts fn in a goroutine of its own, logging a panic.
func GoSafe(fn func()) { // want GoSafe:`spawns\(0\)`
	go func() {
		defer func() {
			if p := recover(); p != nil {
				log.Printf("panic: %v", p)
			}
		}()
		fn()
	}()
}

// RunWait runs fn in a goroutine and waits for it: in place, as far as
// its caller can tell.
func RunWait(fn func()) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fn()
	}()
	wg.Wait()
}

// Pool bounds the goroutines it starts.
type Pool struct {
	ctx context.Context
	sem chan struct{}
}

// Go takes a slot, giving up when the pool's context is done, and starts
// fn in a goroutine of its own, which frees the slot: it waits for a slot,
// not for fn.
func (p *Pool) Go(fn func()) { // want Go:`spawns\(0\)`
	select {
	case p.sem <- struct{}{}:
	case <-p.ctx.Done():
		return
	}
	go func() {
		defer func() { <-p.sem }()
		fn()
	}()
}
