// Package errgroup is a stub of golang.org/x/sync/errgroup (v0.23.0) for the
// hiwater analyzer tests: the real signatures, bodies that do nothing.
package errgroup

import "context"

// A Group is a collection of goroutines working on subtasks.
type Group struct{}

func WithContext(ctx context.Context) (*Group, context.Context) { return &Group{}, ctx }

func (g *Group) Wait() error { return nil }

func (g *Group) Go(f func() error) {}

func (g *Group) TryGo(f func() error) bool { return true }

func (g *Group) SetLimit(n int) {}
