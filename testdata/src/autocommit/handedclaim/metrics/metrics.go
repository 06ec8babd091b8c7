// Package metrics records a claim's start: it reads the session, commits
// nothing.
package metrics

import (
	"log"

	"github.com/IBM/sarama"
)

// ClaimStarted logs the session's claims.
func ClaimStarted(sess sarama.ConsumerGroupSession) {
	log.Printf("claim: %v", sess.Claims())
}
