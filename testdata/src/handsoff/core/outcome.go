package core

import (
	"log"
	"os"
	"strings"
)

// Outcome says what became of a payload.
type Outcome int

// The outcomes.
const (
	Applied Outcome = iota
	RetryLater
	Rejected
)

// Apply logs a failed write and answers RetryLater (trial 41d/D2).
func Apply(v []byte) Outcome { // want Apply:`sync` Apply:`outcome\(os.WriteFile\)`
	if len(v) == 0 {
		return Rejected
	}
	if err := os.WriteFile("/tmp/x", v, 0o644); err != nil {
		log.Printf("apply: %v", err)
		return RetryLater
	}
	return Applied
}

// ApplyOK answers whether the write succeeded: a bool, read by its
// caller's test.
func ApplyOK(v []byte) bool { // want ApplyOK:`sync`
	if err := os.WriteFile("/tmp/x", v, 0o644); err != nil {
		log.Printf("apply: %v", err)
		return false
	}
	return true
}

// Sink takes payloads.
type Sink interface {
	Put(v []byte) error
}

type fileSink struct{ path string }

func (s *fileSink) Put(v []byte) error { return os.WriteFile(s.path, v, 0o644) } // want Put:`sync`

// NewSink returns a sink done with a payload when Put returns (audit
// 41b/D8).
func NewSink(path string) Sink { return &fileSink{path: path} } // want NewSink:`sync` NewSink:`returnsSync`

type chanSink struct{ ch chan []byte }

func (s *chanSink) Put(v []byte) error { s.ch <- v; return nil } // want Put:`handsOff\[0\]`

// NewQueued returns a sink that queues: no fact.
func NewQueued() Sink { return &chanSink{ch: make(chan []byte, 8)} } // want NewQueued:`sync`

type lossySink struct{ path string }

func (s *lossySink) Put(v []byte) error { // want Put:`sync` Put:`swallows\(os.WriteFile\)`
	if err := os.WriteFile(s.path, v, 0o644); err != nil {
		log.Printf("dropped: %v", err)
	}
	return nil
}

// NewModeSink returns the sink a setting picks, one only logging a
// failure (hunt 43f/D7).
func NewModeSink(mode, path string) Sink { // want NewModeSink:`sync` NewModeSink:`returnsSync\(core.lossySink.Put swallows os.WriteFile when #0 == "best-effort"\)`
	if mode == "best-effort" {
		return &lossySink{path: path}
	}
	return &fileSink{path: path}
}

// NewLevelSink is NewModeSink with a switch: the lossy sink only for
// level 0.
func NewLevelSink(level int, path string) Sink { // want NewLevelSink:`sync` NewLevelSink:`returnsSync\(core.lossySink.Put swallows os.WriteFile when #0 == 0\)`
	switch level {
	case 0:
		return &lossySink{path: path}
	default:
		return &fileSink{path: path}
	}
}

// NewFoldedSink lowercases mode before it tests it: a caller's constant
// is not what the test sees (review 44-1/D2).
func NewFoldedSink(mode, path string) Sink { // want NewFoldedSink:`sync` NewFoldedSink:`returnsSync\(core.lossySink.Put swallows os.WriteFile\)`
	mode = strings.ToLower(mode)
	if mode == "best-effort" {
		return &lossySink{path: path}
	}
	return &fileSink{path: path}
}
