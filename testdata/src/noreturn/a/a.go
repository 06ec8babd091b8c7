// Package a exercises noreturn: facts on the functions that never return,
// and "leaves" on each call or branch statement that leaves its list.
package a

import (
	"log"
	"os"
	"runtime"
	"testing"

	"k8s.io/klog/v2"

	"noreturn/b"
)

// die always exits.
func die(err error) { // want die:"noreturn"
	log.Printf("fatal: %v", err)
	os.Exit(1) // want `leaves`
}

// dieOr exits or panics: every path ends.
func dieOr(err error) { // want dieOr:"noreturn"
	if err == nil {
		panic("no error") // want `leaves`
	}
	die(err) // want `leaves`
}

// viaOther always calls a helper of another package that panics.
func viaOther() { // want viaOther:"noreturn"
	b.Fail("stop") // want `leaves`
}

// maybeDie exits only for an error.
func maybeDie(err error) { // ok: falls through when err is nil
	if err != nil {
		os.Exit(1) // want `leaves`
	}
}

// exitInLiteral exits only inside a function literal.
func exitInLiteral() func() { // ok: the literal's exit is not its own
	return func() {
		os.Exit(1) // want `leaves`
	}
}

// ping and pong call each other and nothing else: both may return.
func ping(n int) { // ok: no call that never returns
	if n > 0 {
		pong(n - 1)
	}
}

func pong(n int) { ping(n) }

// logger is a logger type of the program's own.
type logger struct{ l *log.Logger }

// Fatal logs and exits.
func (l *logger) Fatal(v ...any) { // want Fatal:"noreturn"
	l.l.Println(v...)
	os.Exit(2) // want `leaves`
}

// Print only logs.
func (l *logger) Print(v ...any) { l.l.Println(v...) }

// calls asks about one call of each kind.
func calls(t *testing.T, tb testing.TB, l *logger, std *log.Logger, err error, n int) {
	switch n {
	case 0:
		log.Fatal(err) // want `leaves`
	case 1:
		log.Fatalf("x: %v", err) // want `leaves`
	case 2:
		std.Panicln(err) // want `leaves`
	case 3:
		t.Fatal(err) // want `leaves`
	case 4:
		tb.FailNow() // want `leaves`
	case 5:
		runtime.Goexit() // want `leaves`
	case 6:
		klog.Fatalf("x: %v", err) // want `leaves`
	case 7:
		l.Fatal(err) // want `leaves`
	case 8:
		die(err) // want `leaves`
	case 9:
		b.Fail("x") // want `leaves`
	case 10:
		(panic)("x") // want `leaves`
	case 11:
		l.Print(err) // ok: returns
	case 12:
		maybeDie(err) // ok: may return
	case 13:
		b.Check(err) // ok: may return
	case 14:
		klog.Info(err) // ok: not an exit
	case 15:
		log.Print(err) // ok: not an exit
	case 16:
		fallthrough // ok: continues in the next case
	case 17:
		t.Log(err) // ok: returns
	}
	for {
		break // want `leaves`
	}
}
