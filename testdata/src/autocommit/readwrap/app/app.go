// Package app is the service reading through package kq's wrappers; an
// interface of its own that the wrapper satisfies adds no second finding.
package app

import (
	"context"
	"log"
	"os"

	"github.com/segmentio/kafka-go"

	"autocommit/readwrap/kq"
)

type source interface {
	ReadMessage(ctx context.Context) (kafka.Message, error)
}

// Run writes each message read from src to stdout.
func Run(ctx context.Context, src source) {
	for {
		m, err := src.ReadMessage(ctx) // ok: reported in kq, where the reader is
		if err != nil {
			log.Println(err)
			return
		}
		if _, err := os.Stdout.Write(m.Value); err != nil {
			log.Println(err)
		}
	}
}

// Main wires the service.
func Main(ctx context.Context) {
	c := kq.NewConsumer([]string{"localhost:9092"}, "orders", "shipper")
	defer c.Close()
	Run(ctx, c)
}

// Audit commits each message after writing it.
func Audit(ctx context.Context) {
	f := kq.NewFetcher([]string{"localhost:9092"}, "orders", "audit")
	for {
		m, err := f.FetchMessage(ctx)
		if err != nil {
			return
		}
		if _, err := os.Stdout.Write(m.Value); err != nil {
			return
		}
		if err := f.Commit(ctx, m); err != nil {
			return
		}
	}
}
