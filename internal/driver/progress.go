package driver

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"
)

// progress tells someone waiting what the command is doing. Loading can
// take minutes on a fresh machine (the go command downloads the modules
// and compiles the dependencies, printing nothing), so after a delay, short
// on a terminal and about two seconds otherwise, it prints the current
// phase and the modules downloaded so far to stderr: on a terminal as one
// line rewritten in place and erased at the end, otherwise as plain lines
// when something changes (and every ten seconds). A nil *progress prints
// nothing.
type progress struct {
	w      io.Writer
	tty    bool
	delay  time.Duration // before the first status
	start  time.Time
	cancel context.CancelFunc
	done   chan struct{}

	mu         sync.Mutex
	cur        string   // the phase
	missing    []module // modules of the build list not seen in the module cache yet
	downloaded []string // path@version of those this run downloaded
	printed    string   // the last status printed
	at         time.Time
}

type module struct{ path, version, dir string }

const (
	ttyDelay  = 500 * time.Millisecond
	lineDelay = 2 * time.Second
	tick      = time.Second
	repeat    = 10 * time.Second
)

func startProgress(w io.Writer) *progress {
	tty := isTerminal(w)
	return newProgress(w, tty, cond(tty, ttyDelay, lineDelay))
}

func newProgress(w io.Writer, tty bool, delay time.Duration) *progress {
	p := &progress{w: w, tty: tty, delay: delay, start: time.Now(), done: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	p.cancel = cancel
	go p.run(ctx)
	return p
}

// isTerminal reports whether w is a character device, as a terminal is.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// phase sets what the command is doing now.
func (p *progress) phase(s string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	p.cur = s
	p.mu.Unlock()
}

// stop ends the display, erasing the terminal line.
func (p *progress) stop() {
	if p == nil {
		return
	}
	p.cancel()
	<-p.done
	if p.tty && p.printed != "" {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

func (p *progress) run(ctx context.Context) {
	defer close(p.done)
	select {
	case <-ctx.Done():
		return
	case <-time.After(p.delay):
	}
	go p.watchModules(ctx)
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		p.show()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// show prints the status if it changed (on a terminal, every tick for the
// clock).
func (p *progress) show() {
	p.mu.Lock()
	defer p.mu.Unlock()
	// A module directory created since the command started was
	// downloaded by this run's go command; one that is older was there
	// before, and is not looked at again.
	p.missing = slices.DeleteFunc(p.missing, func(m module) bool {
		fi, err := os.Stat(m.dir)
		if err != nil {
			return false
		}
		if !fi.ModTime().Before(p.start) {
			p.downloaded = append(p.downloaded, m.path+"@"+m.version)
		}
		return true
	})
	status := "commitlint: " + p.cur
	if n := len(p.downloaded); n > 0 {
		status += fmt.Sprintf("; downloaded %s, last %s", plural(n, "module"), p.downloaded[n-1])
	}
	elapsed := time.Since(p.start).Round(time.Second)
	switch {
	case p.tty:
		fmt.Fprintf(p.w, "\r\033[K%s (%s)", status, elapsed)
	case status != p.printed || time.Since(p.at) >= repeat:
		fmt.Fprintf(p.w, "%s (%s)\n", status, elapsed)
		p.at = time.Now()
	}
	p.printed = status
}

// watchModules lists the build list's modules, so that show can tell
// which ones the go command downloads. It runs only once loading is slow.
func (p *progress) watchModules(ctx context.Context) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMODCACHE").Output()
	cache := strings.TrimSpace(string(out))
	if err != nil || cache == "" {
		return
	}
	out, err = exec.CommandContext(ctx, "go", "list", "-m", "-e", "-f", "{{if not .Main}}{{if not .Replace}}{{.Path}} {{.Version}}{{end}}{{end}}", "all").Output()
	if err != nil {
		return
	}
	var mods []module
	for _, l := range strings.Split(string(out), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			mods = append(mods, module{f[0], f[1], filepath.Join(cache, escapeModule(f[0])+"@"+escapeModule(f[1]))})
		}
	}
	p.mu.Lock()
	p.missing = mods
	p.mu.Unlock()
}

// escapeModule escapes a module path or version as the module cache does:
// each upper-case letter becomes '!' and its lower-case form.
func escapeModule(s string) string {
	var b strings.Builder
	for _, r := range s {
		if unicode.IsUpper(r) {
			b.WriteByte('!')
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}
