// Package demo holds the settings the example consumers read from their
// environment, so that each can run against a broker of the caller's
// choosing (the crash experiments in oracle/ start one on 127.0.0.1).
package demo

import (
	"os"
	"strings"
)

// DefaultBrokers is the documented demo broker.
const DefaultBrokers = "localhost:9092"

// Bootstrap returns the comma-separated broker list in KAFKA_BROKERS, or
// DefaultBrokers when it is unset or empty: the form librdkafka's
// bootstrap.servers takes.
func Bootstrap() string {
	if s := strings.TrimSpace(os.Getenv("KAFKA_BROKERS")); s != "" {
		return s
	}
	return DefaultBrokers
}

// Brokers returns the broker list of Bootstrap, one address per element.
func Brokers() []string {
	var out []string
	for _, b := range strings.Split(Bootstrap(), ",") {
		if b = strings.TrimSpace(b); b != "" {
			out = append(out, b)
		}
	}
	return out
}

// Instance returns the name of this instance of a consumer: INSTANCE_ID,
// as a deployment sets it from its pod or host name, or else the host
// name. It is what differs between the instances of one consumer running
// at once and stays the same across restarts of one, as a transactional
// id must.
func Instance() string {
	if s := strings.TrimSpace(os.Getenv("INSTANCE_ID")); s != "" {
		return s
	}
	if h, err := os.Hostname(); err == nil && h != "" {
		return h
	}
	return "0"
}
