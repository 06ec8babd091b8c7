package oracle

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// Postgres is a throwaway PostgreSQL server from the system's packages,
// listening on 127.0.0.1 only, with a data directory that Close removes.
type Postgres struct {
	dir  string
	port int
	bin  string
	as   []string // command prefix that runs a server binary as its owner
	cmd  *exec.Cmd
	done chan error
	dbs  atomic.Int64 // databases created, for unique names
}

// pgStartTimeout bounds how long StartPostgres waits for the server to
// accept connections.
const pgStartTimeout = 30 * time.Second

// StartPostgres initialises a cluster in a new temporary directory and starts
// a server on a free port of 127.0.0.1. PostgreSQL refuses to run as root, so
// under root the server runs as the postgres user (Debian's package creates
// it).
func StartPostgres(ctx context.Context) (*Postgres, error) {
	bin, err := pgBinDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "oracle-pg-")
	if err != nil {
		return nil, err
	}
	p := &Postgres{dir: dir, bin: bin, done: make(chan error, 1)}
	if err := p.start(ctx); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return p, nil
}

func (p *Postgres) start(ctx context.Context) error {
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return fmt.Errorf("running as root needs the postgres user: %w", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		if err := os.Chown(p.dir, uid, gid); err != nil {
			return err
		}
		p.as = []string{"runuser", "-u", "postgres", "--"}
	}
	data := filepath.Join(p.dir, "data")
	out, err := p.command(ctx, "initdb", "-D", data, "-U", "oracle", "--auth=trust", "-E", "UTF8", "--no-sync").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %v\n%s", err, out)
	}
	if p.port, err = freePort(); err != nil {
		return err
	}
	// client_connection_check_interval makes a statement whose client died
	// (SIGKILL) abort at its next check, so a write in flight when the
	// consumer is killed is rolled back instead of committed by an orphaned
	// backend: the effect happens only if the consumer lives to see it.
	p.cmd = p.command(context.Background(), "postgres", "-D", data,
		"-c", "listen_addresses=127.0.0.1", "-p", strconv.Itoa(p.port),
		"-c", "unix_socket_directories="+p.dir,
		"-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off",
		"-c", "max_connections=300", "-c", "client_connection_check_interval=2ms")
	log, err := os.Create(filepath.Join(p.dir, "postgres.log"))
	if err != nil {
		return err
	}
	defer log.Close()
	p.cmd.Stdout, p.cmd.Stderr = log, log
	// If the harness dies, runuser passes SIGTERM on to the server.
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := p.cmd.Start(); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	go func() { p.done <- p.cmd.Wait() }()

	deadline := time.Now().Add(pgStartTimeout)
	for {
		conn, err := pgx.Connect(ctx, p.URL("postgres"))
		if err == nil {
			return conn.Close(ctx)
		}
		select {
		case werr := <-p.done:
			logText, _ := os.ReadFile(filepath.Join(p.dir, "postgres.log"))
			return fmt.Errorf("postgres exited: %v\n%s", werr, logText)
		case <-ctx.Done():
			p.stop()
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			p.stop()
			return fmt.Errorf("postgres not ready after %v: %w", pgStartTimeout, err)
		}
	}
}

func (p *Postgres) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	argv := append(slices.Clone(p.as), filepath.Join(p.bin, name))
	argv = append(argv, args...)
	return exec.CommandContext(ctx, argv[0], argv[1:]...)
}

// URL returns the connection string of database db.
func (p *Postgres) URL(db string) string {
	return fmt.Sprintf("postgres://oracle@127.0.0.1:%d/%s?sslmode=disable", p.port, db)
}

// CreateDatabase creates an empty database, named prefix and a sequence
// number, and returns its URL.
func (p *Postgres) CreateDatabase(ctx context.Context, prefix string) (string, error) {
	name := fmt.Sprintf("%s_%d", prefix, p.dbs.Add(1))
	conn, err := pgx.Connect(ctx, p.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return p.URL(name), nil
}

// Close stops the server and removes its directory.
func (p *Postgres) Close() error {
	p.stop()
	return os.RemoveAll(p.dir)
}

// stop asks the server for a fast shutdown (SIGINT to the postmaster,
// through runuser when it runs as another user) and waits a bounded time.
func (p *Postgres) stop() {
	pid, err := os.ReadFile(filepath.Join(p.dir, "data", "postmaster.pid"))
	if err == nil {
		first, _, _ := strings.Cut(string(pid), "\n")
		if n, err := strconv.Atoi(strings.TrimSpace(first)); err == nil {
			_ = syscall.Kill(n, syscall.SIGINT)
		}
	}
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
}

// pgBinDir finds the newest server installed by Debian's postgresql package.
func pgBinDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(dirs, func(a, b string) int {
		va, _ := strconv.Atoi(filepath.Base(filepath.Dir(a)))
		vb, _ := strconv.Atoi(filepath.Base(filepath.Dir(b)))
		return va - vb
	})
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "postgres")); err == nil {
			return dirs[i], nil
		}
	}
	return "", errors.New("no PostgreSQL server found under /usr/lib/postgresql (apt-get install -y postgresql)")
}

// freePort returns a port of 127.0.0.1 that nothing listens on right now.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
