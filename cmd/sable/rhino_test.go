package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/peer"
)

// rhinoOpenings is the number of openings of the match against gtp-rhino;
// each is played twice, colours swapped. The first is passOpening, the
// others are random.
const rhinoOpenings = 10

// passOpening ends with Black to move and no move for Black.
const passOpening = "d3c3b3b2f5a3a1c1"

// rhinoReplyTimeout bounds one reply of either engine: a stuck engine
// fails the test instead of hanging it.
const rhinoReplyTimeout = 30 * time.Second

// gtpPeer is one engine driven over GTP by the referee.
type gtpPeer struct {
	name string
	in   io.WriteCloser
	out  chan string // reply texts, "=..." or "?..."
}

// newGTPPeer reads the replies of an engine from r, one per GTP reply.
func newGTPPeer(name string, in io.WriteCloser, r io.Reader) *gtpPeer {
	p := &gtpPeer{name: name, in: in, out: make(chan string, 1)}
	go func() {
		defer close(p.out)
		sc := bufio.NewScanner(r)
		var reply []string
		for sc.Scan() {
			line := sc.Text()
			if line == "" {
				if len(reply) > 0 {
					p.out <- strings.Join(reply, "\n")
					reply = nil
				}
				continue
			}
			reply = append(reply, line)
		}
	}()
	return p
}

// ask sends a command and returns the result, failing on an error reply.
func (p *gtpPeer) ask(t *testing.T, cmd string) string {
	t.Helper()
	if _, err := io.WriteString(p.in, cmd+"\n"); err != nil {
		t.Fatalf("%s: %s: %v", p.name, cmd, err)
	}
	select {
	case reply, ok := <-p.out:
		if !ok {
			t.Fatalf("%s: %s: the engine closed its output", p.name, cmd)
		}
		if !strings.HasPrefix(reply, "=") {
			t.Fatalf("%s: %s: %s", p.name, cmd, reply)
		}
		return strings.TrimSpace(reply[1:])
	case <-time.After(rhinoReplyTimeout):
		t.Fatalf("%s: no reply to %s within %v", p.name, cmd, rhinoReplyTimeout)
	}
	return ""
}

// startSable runs the protocol loop in this process on pipes.
func startSable(t *testing.T, args ...string) *gtpPeer {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	go func() {
		runProtocol(args, inR, outW, io.Discard)
		outW.Close()
	}()
	t.Cleanup(func() { inW.Close() })
	return newGTPPeer("sable", inW, outR)
}

// startRhino runs gtp-rhino (Debian package grhino): without it the test
// skips, and fails under CI=true.
func startRhino(t *testing.T) *gtpPeer {
	path := peer.Path(t, "grhino", "gtp-rhino")
	cmd := exec.Command(path, "--level=1")
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
		}
	})
	return newGTPPeer("gtp-rhino", in, out)
}

// rhinoMatchOpenings returns passOpening, then distinct openings of 8
// plies played by random legal moves from a fixed seed.
func rhinoMatchOpenings(t *testing.T) [][]int {
	first, err := bitboard.ParseTranscript(passOpening)
	if err != nil {
		t.Fatal(err)
	}
	const plies = 8
	rng := rand.New(rand.NewPCG(2026, 5))
	seen := map[string]bool{passOpening: true}
	openings := [][]int{first}
	n := rhinoOpenings
	for len(openings) < n {
		pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
		var line []int
		for len(line) < plies {
			sq := bitboard.RandomMove(rng, pos.Moves())
			line = append(line, sq)
			pos = pos.Play(sq)
		}
		if key := bitboard.Transcript(line); !seen[key] {
			seen[key] = true
			openings = append(openings, line)
		}
	}
	return openings
}

// TestGamesAgainstGTPRhinoAreLegalFinishedAndAgreed plays full games
// between Sable and gtp-rhino through GTP with a referee that keeps its own
// board: every move must be legal, every game must reach its end, and both
// engines' final_score must equal the referee's. Passes are asked of the
// side that must pass (genmove answers pass) and never sent to the other
// engine, as Quarry does: gtp-rhino refuses "play c pass", and Sable
// inserts the pass itself.
func TestGamesAgainstGTPRhinoAreLegalFinishedAndAgreed(t *testing.T) {
	rhino := startRhino(t)
	sable := startSable(t, "--depth", "4", "--hash", "8")
	var won, drawn, lost, discs, passes int
	for i, opening := range rhinoMatchOpenings(t) {
		for _, sableColour := range []bitboard.Color{bitboard.Black, bitboard.White} {
			score, gamePasses := playRefereedGame(t, opening, sableColour, sable, rhino)
			passes += gamePasses
			if sableColour == bitboard.White {
				score = -score
			}
			switch {
			case score > 0:
				won++
			case score < 0:
				lost++
			default:
				drawn++
			}
			discs += score
			t.Logf("opening %2d %s, Sable %s: Sable %+d, %d passes", i+1, bitboard.Transcript(opening), sableColour, score, gamePasses)
		}
	}
	t.Logf("Sable (depth 4) vs gtp-rhino (level 1): %d won, %d drawn, %d lost, %+d discs, %d passes", won, drawn, lost, discs, passes)
}

// playRefereedGame plays one game and returns its result for Black and the
// number of passes in it.
func playRefereedGame(t *testing.T, opening []int, sableColour bitboard.Color, sable, rhino *gtpPeer) (result, passes int) {
	t.Helper()
	players := [2]*gtpPeer{rhino, rhino}
	players[sableColour] = sable
	for _, p := range []*gtpPeer{sable, rhino} {
		p.ask(t, "boardsize 8")
		p.ask(t, "clear_board")
	}
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for _, sq := range opening {
		for _, p := range []*gtpPeer{sable, rhino} {
			p.ask(t, fmt.Sprintf("play %s %s", pos.Side, bitboard.SquareName(sq)))
		}
		pos = pos.Play(sq)
	}
	for plies := 0; !pos.GameOver(); plies++ {
		if plies > 200 {
			t.Fatal("the game does not end")
		}
		side := pos.Side
		mover, other := players[side], players[side.Other()]
		reply := strings.ToLower(mover.ask(t, "genmove "+side.String()))
		if reply == "pass" {
			if !pos.MustPass() {
				t.Fatalf("%s passed with moves left in %s", mover.name, bitboard.BoardString(pos.Board, pos.Side))
			}
			pos = pos.Pass()
			passes++
			continue
		}
		sq, err := bitboard.ParseSquare(reply)
		if err != nil || !pos.Legal(sq) {
			t.Fatalf("%s played %q, not legal for %s in %s", mover.name, reply, side, bitboard.BoardString(pos.Board, pos.Side))
		}
		other.ask(t, fmt.Sprintf("play %s %s", side, reply))
		pos = pos.Play(sq)
	}
	b, w := pos.FinalCounts()
	want := "0"
	switch {
	case b > w:
		want = fmt.Sprintf("B+%d", b-w)
	case w > b:
		want = fmt.Sprintf("W+%d", w-b)
	}
	for _, p := range []*gtpPeer{sable, rhino} {
		if got := p.ask(t, "final_score"); got != want {
			t.Fatalf("%s scores %s, the referee %s (%d-%d)", p.name, got, want, b, w)
		}
	}
	return b - w, passes
}
