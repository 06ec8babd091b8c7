// Package offsets is a shared library's commit helper.
package offsets

import "github.com/IBM/sarama"

// Flush commits the session's marks.
func Flush(sess sarama.ConsumerGroupSession) { sess.Commit() } // want Flush:"commitsSession"
