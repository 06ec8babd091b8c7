// Package kmsg is a stub of franz-go's protocol messages: the types the
// kgo stub's signatures name.
package kmsg

// OffsetCommitRequest is an offset commit request.
type OffsetCommitRequest struct{}

// OffsetCommitResponse is an offset commit response.
type OffsetCommitResponse struct{}
