package match

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/pool"
)

// Match is a tournament between engines: who plays whom, from which
// openings, under which rules, how many games at once, and where the games
// are written.
type Match struct {
	Engines     []EngineConfig
	Pairing     Pairing
	Openings    []Opening      // each played twice, colours swapped; an empty opening is the rules' start
	Rules       bitboard.Rules // the referee's rules; engines may need init commands to match
	Games       int            // games in all; 0 plays every opening once each way in every encounter
	Concurrency int            // games at once; 0 means 1
	Results     string         // the results file, resumed when it already holds games
	SPRT        *SPRT          // stop when the test decides (two engines only)
	Log         io.Writer      // one line per forfeit, restart or resumed file; nil discards
	Trace       io.Writer      // every protocol line sent and received; nil discards
	Progress    func(*Report)  // called after each game; nil for none

	logMu sync.Mutex
}

// validate checks the match before anything starts.
func (m *Match) validate() error {
	if len(m.Engines) < 2 {
		return fmt.Errorf("a match needs at least two engines, got %d", len(m.Engines))
	}
	names := map[string]bool{}
	for i := range m.Engines {
		e := &m.Engines[i]
		if names[e.Name] {
			return fmt.Errorf("two engines are named %q: give each a name= of its own", e.Name)
		}
		names[e.Name] = true
		if len(e.Command) == 0 {
			return fmt.Errorf("engine %s has no command", e.Name)
		}
		if err := e.validate(); err != nil {
			return err
		}
	}
	switch {
	case len(m.Openings) == 0:
		return fmt.Errorf("no openings (use one empty opening for the start position)")
	case m.Results == "":
		return fmt.Errorf("no results file")
	case m.Games < 0 || m.Concurrency < 0:
		return fmt.Errorf("games %d and concurrency %d must not be negative", m.Games, m.Concurrency)
	case m.SPRT != nil && len(m.Engines) != 2:
		return fmt.Errorf("SPRT needs exactly two engines, got %d", len(m.Engines))
	}
	for i, o := range m.Openings {
		if _, _, err := expandOpening(m.Rules, o); err != nil {
			return fmt.Errorf("opening %d (%s) under %s rules: %w", i+1, o, m.Rules.Variant, err)
		}
	}
	return nil
}

// Run plays the match until every game is played, the SPRT decides, or the
// context ends (Ctrl-C). Games already in the results file are counted and
// not played again; games cut short by the context are not written, so the
// file stays valid and a later Run with the same settings carries on. The
// report holds every game in the file.
func (m *Match) Run(ctx context.Context) (*Report, error) {
	if err := m.validate(); err != nil {
		return nil, err
	}
	s := &schedule{encounters: encounters(len(m.Engines), m.Pairing), openings: m.Openings}
	total := m.Games
	if total == 0 {
		total = s.fullCycle()
	}
	rep := newReport(m, s, total)
	done, err := m.resume(s, rep)
	if err != nil {
		return nil, err
	}
	var todo []int
	for i := range total {
		if !done[i] {
			todo = append(todo, i)
		}
	}
	if len(todo) == 0 || rep.Verdict != 0 {
		return rep, nil
	}
	out, err := openResults(m.Results)
	if err != nil {
		return nil, err
	}
	err = m.play(ctx, s, todo, rep, out)
	if cerr := out.close(); err == nil {
		err = cerr
	}
	rep.Interrupted = ctx.Err() != nil
	return rep, err
}

// resume counts the games already in the results file, checking that each
// is the game this match schedules under its number.
func (m *Match) resume(s *schedule, rep *Report) (map[int]bool, error) {
	prior, dropped, err := readResults(m.Results)
	if err != nil {
		return nil, err
	}
	if dropped > 0 {
		m.logf("%s: removed a cut-off last line (%d bytes)", m.Results, dropped)
	}
	done := map[int]bool{}
	for i := range prior {
		rec := &prior[i]
		g := s.game(rec.index)
		want := [2]string{m.Engines[g.colours[0]].Name, m.Engines[g.colours[1]].Name}
		if done[rec.index] {
			return nil, fmt.Errorf("%s: game %d is in the file twice", m.Results, rec.index)
		}
		if rec.names != want || !startsWith(rec.moves, g.opening) {
			return nil, fmt.Errorf("%s: game %d is %s vs %s, but this match plays %s vs %s from %q there: resume with the same engines, openings and order, or use another results file",
				m.Results, rec.index, rec.names[0], rec.names[1], want[0], want[1], g.opening.String())
		}
		done[rec.index] = true
		rep.add(rec, g.encounter)
	}
	if len(prior) > 0 {
		m.logf("%s: resuming after %d games", m.Results, len(prior))
	}
	return done, nil
}

// startsWith reports whether a game's moves begin with the opening.
func startsWith(moves []recordedMove, o Opening) bool {
	if len(moves) < len(o) {
		return false
	}
	for i, mv := range o {
		if moves[i].square != mv {
			return false
		}
	}
	return true
}

// finished is a game as a worker hands it back.
type finished struct {
	game    outcome
	err     error // the engines could not be started: the match stops
	aborted bool  // the context ended during the game
}

// play runs the games in todo on m.Concurrency workers and counts each as it
// ends. Ctrl-C ends the games under way; they are not written.
func (m *Match) play(ctx context.Context, s *schedule, todo []int, rep *Report, out *resultsFile) error {
	trace := &tracer{w: m.Trace, start: time.Now()}
	workers := make([]*worker, min(max(m.Concurrency, 1), len(todo)))
	for id := range workers {
		workers[id] = &worker{id: id + 1, m: m, trace: trace, players: map[int]player{}}
	}
	defer func() {
		var wg sync.WaitGroup
		for _, w := range workers {
			wg.Go(w.closeAll)
		}
		wg.Wait()
	}()
	err := pool.Run(ctx, todo, func(ctx context.Context, w int, i int) (finished, error) {
		g := s.game(i)
		f := workers[w].play(ctx, &g)
		return f, f.err
	}, func(f finished) error {
		if f.aborted {
			return nil
		}
		rec := &f.game.record
		if err := out.append(rec); err != nil {
			return err
		}
		rep.add(rec, s.game(rec.index).encounter)
		if m.Progress != nil {
			m.Progress(rep)
		}
		if rep.Verdict != 0 {
			return pool.Stop
		}
		return nil
	}, pool.Options{Workers: len(workers), Unordered: true})
	if errors.Is(err, ctx.Err()) {
		return nil // Run reports the interruption
	}
	return err
}

// worker plays games one after another with engines of its own, started
// when first needed and restarted after a fault that leaves them in an
// unknown state.
type worker struct {
	id      int
	m       *Match
	trace   *tracer
	players map[int]player // by engine index
}

func (w *worker) play(ctx context.Context, g *scheduledGame) finished {
	var pls [2]player
	var cfgs [2]*EngineConfig
	for c, e := range g.colours {
		cfgs[c] = &w.m.Engines[e]
		pl, err := w.player(ctx, e)
		if err != nil {
			return finished{err: err, aborted: ctx.Err() != nil}
		}
		pls[c] = pl
	}
	out, err := referee(ctx, w.m.Rules, g, cfgs, pls)
	if err != nil {
		// The engines were cut off mid-command: their state is unknown.
		for _, e := range g.colours {
			w.drop(e)
		}
		return finished{aborted: true}
	}
	if f := out.fault; f != nil {
		rec, e := &out.record, g.colours[out.faultSide]
		w.m.logf("game %d (%s vs %s): %s loses by %s", g.index, rec.names[0], rec.names[1], rec.names[out.faultSide], f)
		if f.restart() {
			w.m.logf("game %d: %s will be restarted", g.index, w.m.Engines[e].Name)
			w.drop(e)
		}
	}
	return finished{game: out}
}

// player returns the worker's running instance of engine e, starting it if
// needed.
func (w *worker) player(ctx context.Context, e int) (player, error) {
	if pl, ok := w.players[e]; ok {
		return pl, nil
	}
	pl, err := startPlayer(ctx, &w.m.Engines[e], w.id, w.trace)
	if err != nil {
		return nil, err
	}
	w.players[e] = pl
	return pl, nil
}

// drop kills engine e, to be started afresh when next needed.
func (w *worker) drop(e int) {
	if pl, ok := w.players[e]; ok {
		pl.kill()
		delete(w.players, e)
	}
}

// closeAll asks the worker's engines to quit.
func (w *worker) closeAll() {
	for _, e := range slices.Sorted(maps.Keys(w.players)) {
		w.players[e].close()
	}
}

// logf writes one line to the match's log.
func (m *Match) logf(format string, args ...any) {
	if m.Log == nil {
		return
	}
	m.logMu.Lock()
	defer m.logMu.Unlock()
	fmt.Fprintf(m.Log, format+"\n", args...)
}
