// Package sink stands for a user's package that processes records; the
// plugin test lists it in ordering.ignore.
package sink

// Send processes a record value.
func Send(v []byte) error { return nil }
