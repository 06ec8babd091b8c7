// Package fnwire passes fnhandle.Handle to fnloop.Start.
package fnwire

import (
	"semantics/svc/fnhandle"
	"semantics/svc/fnloop"
)

func Run() { fnloop.Start("t-fnloop", fnhandle.Handle) }
