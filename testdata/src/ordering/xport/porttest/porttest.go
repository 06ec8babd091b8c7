// Package porttest holds test doubles of the ports: Recorder records each
// payload on a channel a test reads.
package porttest

import "ordering/xport/ports"

type Recorder struct{ Got chan ports.Payload }

func NewRecorder() *Recorder { return &Recorder{Got: make(chan ports.Payload, 10)} }

func (r *Recorder) HandleSettlement(data ports.Payload) { r.Got <- data }

func (r *Recorder) InitWorkerPool() {}
