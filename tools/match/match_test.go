package match

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// testOpenings are the first XOT openings of xot-small.txt.
var testOpenings = []string{"f5d6c4d3c2b3b4b5", "f5f6d3c5d6c7b5e3", "f5f4e3d2c3e6e1g5", "f5f6e6d6f7g6h5g5"}

func mustOpenings(t testing.TB, transcripts ...string) []Opening {
	t.Helper()
	list, err := ReadOpenings(strings.NewReader(strings.Join(transcripts, "\n")), "test", bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		t.Fatal(err)
	}
	return list
}

func fake(t testing.TB, name string, opts ...string) EngineConfig {
	return EngineConfig{Name: name, Command: fakeCommand(t, opts...)}
}

// syncBuffer is a log that workers may write to at once.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// newTestMatch is a match of the given engines on the test openings, with
// its results in a fresh temporary directory.
func newTestMatch(t testing.TB, games int, engines ...EngineConfig) (*Match, *syncBuffer) {
	log := &syncBuffer{}
	return &Match{
		Engines:  engines,
		Openings: mustOpenings(t, testOpenings...),
		Rules:    bitboard.DefaultRules(bitboard.Othello),
		Games:    games,
		Results:  filepath.Join(t.TempDir(), "results.ggf"),
		Log:      log,
	}, log
}

func runMatch(t testing.TB, m *Match) *Report {
	t.Helper()
	rep, err := m.Run(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// readRecords reads the results file and checks that every game in it
// replays legally from its start with the right final result, unless
// forfeited.
func readRecords(t testing.TB, m *Match) []gameRecord {
	t.Helper()
	recs, dropped, err := readResults(m.Results)
	if err != nil || dropped != 0 {
		t.Fatalf("results file: %v (dropped %d bytes)", err, dropped)
	}
	for _, r := range recs {
		pos := bitboard.NewGame(m.Rules)
		for i, mv := range r.moves {
			if !(mv.square == bitboard.PassMove && pos.MustPass()) && !pos.Legal(mv.square) {
				if r.forfeit != 0 && i == len(r.moves)-1 {
					break
				}
				t.Fatalf("game %d: move %d %s is illegal", r.index, i+1, gtpVertex(mv.square))
			}
			if mv.square == bitboard.PassMove {
				pos = pos.Pass()
			} else {
				pos = pos.Play(mv.square)
			}
		}
		if r.forfeit == 0 {
			b, w := pos.FinalCounts()
			if !pos.GameOver() || b-w != r.diff {
				t.Errorf("game %d: over %v, result %d, recorded %d", r.index, pos.GameOver(), b-w, r.diff)
			}
		}
	}
	return recs
}

func indices(recs []gameRecord) []int {
	var idx []int
	for _, r := range recs {
		idx = append(idx, r.index)
	}
	slices.Sort(idx)
	return idx
}

func TestMatchBetweenTwoFakeEnginesPlaysEveryGameLegally(t *testing.T) {
	m, log := newTestMatch(t, 8, fake(t, "greedy", "style=greedy"), fake(t, "first", "style=first"))
	m.Concurrency = 2
	var progress []string
	m.Progress = func(r *Report) { progress = append(progress, r.ProgressLine()) }
	rep := runMatch(t, m)
	recs := readRecords(t, m)
	if got := indices(recs); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Fatalf("games in the file: %v", got)
	}
	st := rep.Standings[0]
	if st.Games() != 8 || rep.Games != 8 || len(progress) != 8 {
		t.Errorf("counted %d games, report %d, progress lines %d; want 8", st.Games(), rep.Games, len(progress))
	}
	if st.Pairs[0]+st.Pairs[1]+st.Pairs[2]+st.Pairs[3]+st.Pairs[4] != 4 {
		t.Errorf("pairs %v: want 4 complete pairs", st.Pairs)
	}
	for _, r := range recs {
		g := (&schedule{encounters: []encounter{{0, 1}}, openings: m.Openings}).game(r.index)
		if want := [2]string{m.Engines[g.colours[0]].Name, m.Engines[g.colours[1]].Name}; r.names != want {
			t.Errorf("game %d played by %v, want %v", r.index, r.names, want)
		}
	}
	if rep.Forfeits[0] != (Forfeits{}) || rep.Forfeits[1] != (Forfeits{}) || log.String() != "" {
		t.Errorf("forfeits %v, log %q; want none", rep.Forfeits, log.String())
	}
	var table bytes.Buffer
	rep.WriteTable(&table)
	for _, want := range []string{"greedy vs first", "pair Elo", "time forfeits"} {
		if !strings.Contains(table.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, table.String())
		}
	}
}

func TestMisbehavingEngineLosesByForfeitAndIsLogged(t *testing.T) {
	tests := []struct {
		name     string
		opts     []string
		tc       record.TimeControl
		margin   time.Duration
		forfeit  byte   // RE suffix of both games
		kind     string // the forfeit as the log names it
		log      string // in the log line of each forfeit
		restarts int    // "will be restarted" lines
	}{
		{name: "illegal move", opts: []string{"illegal-at=2"}, forfeit: 'r', kind: "illegal move", log: "black played a2 in"},
		{name: "crash", opts: []string{"crash-at=1"}, forfeit: 'r', kind: "crash", log: "exit status 3); stderr: fake engine: crashing on purpose", restarts: 2},
		{name: "stall past its time", opts: []string{"stall-at=1"}, tc: record.TimeControl{Moves: 1, Main: 150 * time.Millisecond},
			forfeit: 't', kind: "time forfeit", log: "no move within 150ms", restarts: 2},
		{name: "slow move beyond the margin", opts: []string{"slow=300ms"}, tc: record.TimeControl{Moves: 1, Main: 50 * time.Millisecond},
			margin: 20 * time.Millisecond, forfeit: 't', kind: "time forfeit", log: "no move within 70ms (clock 1/0.05, margin 20ms)", restarts: 2},
		{name: "pass while a move exists", opts: []string{"wrongpass-at=1"}, forfeit: 'r', kind: "illegal move", log: "played pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			bad := fake(t, "bad", tt.opts...)
			bad.Clock, bad.Margin = tt.tc, tt.margin
			m, log := newTestMatch(t, 2, fake(t, "good"), bad)
			rep := runMatch(t, m)
			recs := readRecords(t, m)
			if len(recs) != 2 {
				t.Fatalf("%d games in the file, want 2", len(recs))
			}
			for _, r := range recs {
				if r.forfeit != tt.forfeit || r.names[r.loser()] != "bad" {
					t.Errorf("game %d: result %s, loser %s; want a %c forfeit by bad", r.index, r.result(), r.names[r.loser()], tt.forfeit)
				}
			}
			if st := rep.Standings[0]; st.Wins != 2 || st.Pairs[4] != 1 {
				t.Errorf("good scored %d wins, pairs %v; want 2 wins, one WW pair", st.Wins, st.Pairs)
			}
			lines := log.String()
			if n := strings.Count(lines, "bad loses by "+tt.kind); n != 2 || !strings.Contains(lines, tt.log) {
				t.Errorf("log lacks two forfeits with %q:\n%s", tt.log, lines)
			}
			if n := strings.Count(lines, "bad will be restarted"); n != tt.restarts {
				t.Errorf("%d restarts logged, want %d:\n%s", n, tt.restarts, lines)
			}
		})
	}
}

func TestSlowMoveWithinTheMarginStands(t *testing.T) {
	slow := fake(t, "slow", "slow=30ms")
	slow.Clock, slow.Margin = record.TimeControl{Moves: 1, Main: 10 * time.Millisecond}, 200*time.Millisecond
	m, log := newTestMatch(t, 2, fake(t, "quick"), slow)
	m.Openings = mustOpenings(t, longOpening)
	runMatch(t, m)
	for _, r := range readRecords(t, m) {
		if r.forfeit != 0 {
			t.Errorf("game %d forfeited: %s\n%s", r.index, r.result(), log.String())
		}
	}
}

// longOpening leaves 13 empties and has three passes: the engines get
// explicit passes while it is set up.
const longOpening = "d3c3b3b2b1a1c4c1c2d2d1e1a2a3f5e2f1g1paf2pae3pab5b4a5a4c5a6f4f3g3g2h2h1h3h4g4c6g5h5b6c7d6e6f6g6h6h7a7"

// passOpening ends with Black to move and forced to pass.
const passOpening = "f5f6d3g5h5h4g7h6"

func TestForcedPassesAreSentExplicitlyOrLeftToTheEngine(t *testing.T) {
	for _, opening := range []string{passOpening, longOpening} {
		m, log := newTestMatch(t, 2, fake(t, "explicit"), fake(t, "implicit", "refuse-pass"))
		m.Openings = mustOpenings(t, opening)
		runMatch(t, m)
		for _, r := range readRecords(t, m) {
			if r.forfeit != 0 || !slices.ContainsFunc(r.moves, func(m recordedMove) bool { return m.square == bitboard.PassMove }) {
				t.Errorf("%s: game %d: %s, want a game with a pass and no forfeit\n%s", opening, r.index, r.ggf(), log.String())
			}
		}
	}
}

func TestNBoardEngineAgainstGTPEngine(t *testing.T) {
	nb := fake(t, "nboard", "proto=nboard", "style=greedy")
	nb.Protocol, nb.Depth, nb.Clock = NBoard, 4, record.TimeControl{Main: 10 * time.Second, Increment: time.Second}
	m, log := newTestMatch(t, 4, nb, fake(t, "gtp"))
	rep := runMatch(t, m)
	readRecords(t, m)
	if rep.Games != 4 || rep.Forfeits[0] != (Forfeits{}) || rep.Forfeits[1] != (Forfeits{}) {
		t.Errorf("games %d, forfeits %v: %s", rep.Games, rep.Forfeits, log.String())
	}
}

func TestNBoardEngineThatStallsLosesOnTime(t *testing.T) {
	nb := fake(t, "nboard", "proto=nboard", "stall-at=1")
	nb.Protocol, nb.Clock = NBoard, record.TimeControl{Main: 100 * time.Millisecond}
	m, log := newTestMatch(t, 2, fake(t, "gtp"), nb)
	runMatch(t, m)
	for _, r := range readRecords(t, m) {
		if r.forfeit != 't' || r.names[r.loser()] != "nboard" {
			t.Errorf("game %d: %s; want a time forfeit by nboard\n%s", r.index, r.result(), log.String())
		}
	}
}

func TestClassicRulesNeedTheEnginesInitCommand(t *testing.T) {
	classic := bitboard.DefaultRules(bitboard.Classic)
	for _, tt := range []struct {
		name    string
		init    []string
		forfeit bool
	}{
		{name: "told", init: []string{"fake-rules classic"}},
		{name: "not told", forfeit: true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			a, b := fake(t, "a"), fake(t, "b")
			a.Init, b.Init = tt.init, tt.init
			m, log := newTestMatch(t, 2, a, b)
			m.Rules, m.Openings = classic, []Opening{{}}
			runMatch(t, m)
			for _, r := range readRecords(t, m) {
				if (r.forfeit != 0) != tt.forfeit {
					t.Errorf("game %d: %s, forfeit wanted %v\n%s", r.index, r.result(), tt.forfeit, log.String())
				}
			}
		})
	}
}

func TestResumePlaysOnlyTheMissingGames(t *testing.T) {
	m, log := newTestMatch(t, 4, fake(t, "a", "style=greedy"), fake(t, "b"))
	runMatch(t, m)
	// Take game 1 out, as if it had been in flight when the run stopped,
	// and leave a write cut off by a crash at the end.
	data, _ := os.ReadFile(m.Results)
	var kept []string
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.Contains(line, "GN[1]") {
			kept = append(kept, line)
		}
	}
	os.WriteFile(m.Results, []byte(strings.Join(kept, "\n")+"\n(;GM[Othello]PC[sable"), 0o644)

	m.Games = 8
	rep := runMatch(t, m)
	recs := readRecords(t, m)
	if got := indices(recs); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("games after resuming: %v, want 0..7 once each", got)
	}
	if rep.Games != 8 || rep.Standings[0].Games() != 8 {
		t.Errorf("report counts %d games, want 8", rep.Games)
	}
	for _, want := range []string{"removed a cut-off last line", "resuming after 3 games"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("log lacks %q:\n%s", want, log.String())
		}
	}
	before, _ := os.ReadFile(m.Results)
	runMatch(t, m)
	if after, _ := os.ReadFile(m.Results); !bytes.Equal(before, after) {
		t.Errorf("a finished match played more games when run again")
	}
}

func TestResumeReadsResultsWrittenBeforeInternalRecord(t *testing.T) {
	// testdata/results-v1.ggf is games 0-3 of this match as sable match
	// wrote them with its own GGF writer, before the record package.
	old, err := os.ReadFile("testdata/results-v1.ggf")
	if err != nil {
		t.Fatal(err)
	}
	nb := fake(t, "nboard", "proto=nboard", "style=greedy")
	nb.Protocol, nb.Depth, nb.Clock = NBoard, 4, record.TimeControl{Main: 10 * time.Second, Increment: time.Second}
	m, log := newTestMatch(t, 8, nb, fake(t, "gtp", "slow=3ms"))
	os.WriteFile(m.Results, old, 0o644)
	runMatch(t, m)
	if got := indices(readRecords(t, m)); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5, 6, 7}) {
		t.Errorf("games after resuming: %v, want 0..7 once each", got)
	}
	if !strings.Contains(log.String(), "resuming after 4 games") {
		t.Errorf("log lacks the resume:\n%s", log.String())
	}
	if now, _ := os.ReadFile(m.Results); !bytes.HasPrefix(now, old) {
		t.Errorf("the games already played were rewritten")
	}
}

func TestResumeRefusesAnotherMatchsResults(t *testing.T) {
	m, _ := newTestMatch(t, 2, fake(t, "a"), fake(t, "b"))
	runMatch(t, m)
	m.Engines[1].Name = "c"
	if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), "game 0 is a vs b, but this match plays a vs c") {
		t.Errorf("got %v, want an error naming the mismatch", err)
	}
}

func TestInterruptedMatchLeavesValidFileAndResumes(t *testing.T) {
	m, _ := newTestMatch(t, 6, fake(t, "a", "slow=5ms"), fake(t, "b", "slow=5ms"))
	m.Concurrency = 2
	ctx, cancel := context.WithCancel(context.Background())
	m.Progress = func(r *Report) {
		if r.Games == 1 {
			cancel()
		}
	}
	rep, err := m.Run(ctx)
	if err != nil || !rep.Interrupted {
		t.Fatalf("err %v, interrupted %v", err, rep.Interrupted)
	}
	if n := len(readRecords(t, m)); n == 0 || n == 6 {
		t.Fatalf("%d games written before the interrupt, want some but not all", n)
	}
	m.Progress = nil
	runMatch(t, m)
	if got := indices(readRecords(t, m)); !slices.Equal(got, []int{0, 1, 2, 3, 4, 5}) {
		t.Errorf("games after resuming: %v", got)
	}
}

func TestSPRTStopsTheMatchEarly(t *testing.T) {
	m, _ := newTestMatch(t, 200, fake(t, "greedy", "style=greedy"), fake(t, "crash", "crash-at=1"))
	m.SPRT = &SPRT{Elo0: 0, Elo1: 20, Alpha: 0.05, Beta: 0.05}
	m.Openings = mustOpenings(t, testOpenings[0])
	rep := runMatch(t, m)
	// The game begun while the decision was being made is played out.
	if rep.Verdict != 1 || rep.Games < 2*sprtMinPairs || rep.Games > 2*sprtMinPairs+1 {
		t.Errorf("verdict %d after %d games (LLR %.2f); want H1 accepted after %d pairs", rep.Verdict, rep.Games, rep.LLR, sprtMinPairs)
	}
}

func TestEngineThatCannotStartStopsTheMatch(t *testing.T) {
	m, _ := newTestMatch(t, 2, fake(t, "a"), EngineConfig{Name: "missing", Command: []string{"/nonexistent/engine"}})
	_, err := m.Run(context.Background())
	if err == nil || !strings.Contains(err.Error(), "start missing") {
		t.Errorf("got %v, want an error naming the engine", err)
	}
}

func TestMatchValidation(t *testing.T) {
	tests := []struct {
		name string
		edit func(m *Match)
		want string
	}{
		{"one engine", func(m *Match) { m.Engines = m.Engines[:1] }, "at least two engines"},
		{"same names", func(m *Match) { m.Engines[1].Name = m.Engines[0].Name }, "two engines are named"},
		{"no openings", func(m *Match) { m.Openings = nil }, "no openings"},
		{"no results", func(m *Match) { m.Results = "" }, "no results file"},
		{"sprt with three", func(m *Match) {
			m.Engines = append(m.Engines, fake(t, "c"))
			m.SPRT = &SPRT{Elo1: 5, Alpha: 0.05, Beta: 0.05}
		}, "SPRT needs exactly two engines"},
		{"opening illegal under the rules", func(m *Match) { m.Rules = bitboard.DefaultRules(bitboard.Classic) }, "opening 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, _ := newTestMatch(t, 2, fake(t, "a"), fake(t, "b"))
			tt.edit(m)
			if _, err := m.Run(context.Background()); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want an error with %q", err, tt.want)
			}
		})
	}
}
