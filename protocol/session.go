package protocol

import (
	"bufio"
	"fmt"
	"io"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/search"
)

// session is the state both protocols share: settings, the engine, the
// game, and the input and output.
type session struct {
	cfg      Config
	settings Settings
	engine   Engine
	player   *book.Player // the book's choices, and learning
	game     *GameState
	in       *inbox
	out      *bufio.Writer
	tr       *transcript
	outErr   error            // the first write error; the session ends on it
	quit     bool             // quit was carried out; the session ends
	epoch    uint64           // epoch of the line being carried out
	now      func() time.Time // the clock that times moves; tests freeze it
}

// newSession sets up a session, filling in Config's defaults. It fails
// when the book setting names a book that cannot be read, or the engine
// cannot be made (a table that does not fit in the memory available).
func newSession(cfg Config, out io.Writer, tr *transcript) (*session, error) {
	if cfg.Name == "" {
		cfg.Name = "Sable"
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	if cfg.NewEngine == nil {
		cfg.NewEngine = newSearchEngine
	}
	s := &session{cfg: cfg, settings: cfg.Settings, in: newInbox(), out: bufio.NewWriter(out), tr: tr, now: time.Now}
	p, err := book.NewPlayer(s.settings.Book, s.settings.BookRandomness)
	if err != nil {
		return nil, err
	}
	s.player = p
	if s.engine, err = cfg.NewEngine(s.settings.engineOptions(cfg)); err != nil {
		return nil, err
	}
	s.game = NewGameState(s.settings.Rules)
	return s, nil
}

// run carries out the commands of the input in order until quit, the end
// of the input or an output failure.
func (s *session) run(d dialect) error {
	for !s.quit && s.outErr == nil {
		l, ok := s.in.next()
		if !ok {
			break
		}
		s.epoch = l.epoch
		d.execute(l)
	}
	return s.outErr
}

// close releases the engine's background resources.
func (s *session) close() { s.engine.Close() }

// send writes text to the controller and flushes it at once.
func (s *session) send(text string) {
	if s.outErr != nil {
		return
	}
	s.tr.output(text)
	s.out.WriteString(text)
	s.outErr = s.out.Flush()
}

// logf writes a diagnostic line to the log (stderr) and the transcript.
func (s *session) logf(format string, args ...any) {
	msg := fmt.Sprintf(format, args...) + "\n"
	fmt.Fprint(s.cfg.Log, "sable: "+msg)
	s.tr.logged(msg)
}

// set changes a setting and applies it: new rules restart the game, a new
// scoring rescores it, new threads or table size rebuild the engine.
func (s *session) set(name, value string) error {
	old := s.settings
	if err := s.settings.Set(name, value); err != nil {
		return err
	}
	now := s.settings
	switch {
	case now.Rules.Variant != old.Rules.Variant:
		s.game = NewGameState(now.Rules)
	case now.Rules.Scoring != old.Rules.Scoring:
		s.game.Rescore(now.Rules.Scoring)
	}
	if now.Book != old.Book {
		p, err := book.NewPlayer(now.Book, now.BookRandomness)
		if err != nil {
			s.settings = old
			return err
		}
		s.player = p
	}
	s.player.Randomness = now.BookRandomness
	if now.HashMB != old.HashMB {
		if err := search.CheckTableFits(now.HashMB, old.HashMB); err != nil {
			s.settings = old
			return err
		}
	}
	if now.Threads != old.Threads || now.HashMB != old.HashMB {
		// The old table goes before the new one comes: both would not fit.
		s.engine.Close()
		eng, err := s.cfg.NewEngine(now.engineOptions(s.cfg))
		if err != nil {
			// The memory went elsewhere meanwhile: the old size fitted.
			s.settings = old
			if eng, err2 := s.cfg.NewEngine(old.engineOptions(s.cfg)); err2 == nil {
				s.engine = eng
			}
			return err
		}
		s.engine = eng
	}
	return nil
}

// think runs the engine on pos. The search stops early when an interrupt
// (NBoard's ping) arrives after the command being carried out.
func (s *session) think(pos bitboard.Position, lim search.Limits, info func(search.Info)) (search.Result, time.Duration) {
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	start := s.now()
	res := s.engine.Search(ctx, pos, lim, info)
	return res, s.now().Sub(start)
}

// solve runs the exact (or win/loss/draw) solver on pos, stopping early on
// an interrupt as think does.
func (s *session) solve(pos bitboard.Position, wld bool) search.Result {
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	return s.engine.Solve(ctx, pos, wld)
}

// analyze values the best count legal moves of pos (or its forced pass;
// every move when count is 0) with the multi-PV search, best first,
// stopping early on an interrupt as think does.
func (s *session) analyze(pos bitboard.Position, lim search.Limits, count int, info func(search.Analysis)) search.Analysis {
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	return s.engine.Analyze(ctx, pos, lim, count, info)
}

// interrupted reports whether an interrupt arrived after the line being
// carried out.
func (s *session) interrupted() bool {
	s.in.mu.Lock()
	defer s.in.mu.Unlock()
	return s.in.epoch > s.epoch
}
