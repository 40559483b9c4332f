package match

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// replyTimeout bounds the wait for a reply to any command but a move
// request: an engine that takes longer is taken to hang.
const replyTimeout = 30 * time.Second

// quitGrace is how long an engine may take to exit after "quit" before it
// is killed.
const quitGrace = time.Second

// stderrLines is how many of an engine's last stderr lines are kept to
// explain a crash.
const stderrLines = 3

// errTimeout is returned when no reply came before the deadline.
var errTimeout = errors.New("no reply in time")

// process is a running engine: lines to its stdin, lines from its stdout.
type process struct {
	name   string // the engine's name and worker, as the trace shows it
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	lines  chan string // stdout lines; closed at EOF
	exited chan struct{}
	trace  *tracer
	tail   stderrTail
}

// startProcess starts the engine's program for a worker. Its stdout is read
// line by line in the background; its stderr is kept only to explain a
// crash.
func startProcess(cfg *EngineConfig, worker int, trace *tracer) (*process, error) {
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Dir = cfg.Dir
	cmd.WaitDelay = quitGrace
	ownProcessGroup(cmd)
	p := &process{name: fmt.Sprintf("%s#%d", cfg.Name, worker), cmd: cmd, lines: make(chan string, 64), exited: make(chan struct{}), trace: trace}
	cmd.Stderr = &p.tail
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Name, err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("start %s: %w", cfg.Name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s (%s): %w", cfg.Name, strings.Join(cfg.Command, " "), err)
	}
	p.stdin = stdin
	go p.readLines(stdout)
	return p, nil
}

// readLines feeds stdout lines to p.lines, then reaps the process.
func (p *process) readLines(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	for sc.Scan() {
		line := strings.TrimRight(sc.Text(), "\r")
		p.trace.printf("%s> %s", p.name, line)
		p.lines <- line
	}
	close(p.lines)
	p.cmd.Wait()
	close(p.exited)
}

// send writes one command line.
func (p *process) send(line string) error {
	p.trace.printf("%s< %s", p.name, line)
	if _, err := io.WriteString(p.stdin, line+"\n"); err != nil {
		return p.crashed(fmt.Errorf("write %q: %w", line, err))
	}
	return nil
}

// readLine waits for the next stdout line until the deadline (none when
// zero) or the context ends.
func (p *process) readLine(ctx context.Context, deadline time.Time) (string, error) {
	var expire <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		expire = t.C
	}
	select {
	case line, ok := <-p.lines:
		if !ok {
			return "", p.crashed(io.EOF)
		}
		return line, nil
	case <-expire:
		return "", errTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// crashed describes a lost engine: its exit status and last stderr lines.
func (p *process) crashed(cause error) error {
	select {
	case <-p.exited:
	case <-time.After(100 * time.Millisecond):
	}
	status := "still running"
	if p.cmd.ProcessState != nil {
		status = p.cmd.ProcessState.String()
	}
	msg := fmt.Sprintf("engine stopped talking (%v; %s)", cause, status)
	if t := p.tail.String(); t != "" {
		msg += "; stderr: " + t
	}
	return &fault{kind: faultCrash, msg: msg}
}

// quit asks the engine to exit with its protocol's command, and kills it if
// it has not exited after quitGrace.
func (p *process) quit(command string) {
	if p.send(command) == nil {
		select {
		case <-p.exited:
			return
		case <-time.After(quitGrace):
		}
	}
	p.kill()
}

// kill ends the engine and everything it started, and waits for it.
func (p *process) kill() {
	p.stdin.Close()
	killProcessGroup(p.cmd)
	for range p.lines {
	}
	<-p.exited
}

// stderrTail keeps the last few lines an engine wrote to stderr.
type stderrTail struct {
	mu      sync.Mutex
	partial []byte
	lines   []string
}

// Write implements io.Writer.
func (t *stderrTail) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.partial = append(t.partial, b...)
	for {
		i := bytes.IndexByte(t.partial, '\n')
		if i < 0 {
			break
		}
		if line := strings.TrimSpace(string(t.partial[:i])); line != "" {
			t.lines = append(t.lines, line)
			if len(t.lines) > stderrLines {
				t.lines = t.lines[1:]
			}
		}
		t.partial = t.partial[i+1:]
	}
	return len(b), nil
}

// String returns the kept lines joined by " | ".
func (t *stderrTail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	lines := t.lines
	if rest := strings.TrimSpace(string(t.partial)); rest != "" {
		lines = append(lines[:len(lines):len(lines)], rest)
	}
	return strings.Join(lines, " | ")
}

// tracer writes every protocol line to a writer, when one is set.
type tracer struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
}

func (t *tracer) printf(format string, args ...any) {
	if t == nil || t.w == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	fmt.Fprintf(t.w, "%9.3f ", time.Since(t.start).Seconds())
	fmt.Fprintf(t.w, format+"\n", args...)
}
