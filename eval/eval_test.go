package eval

import (
	"bytes"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

// randomGame plays a random game, calling visit on each position reached
// with the move that led to it.
func randomGame(rng *rand.Rand, visit func(pos bitboard.Position, sq int, flips uint64, moverBlack bool)) {
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for !pos.GameOver() {
		m := pos.Moves()
		if m == 0 {
			pos = pos.Pass()
			continue
		}
		sq := bitboard.RandomMove(rng, m)
		f := pos.Flips(sq)
		black := pos.Side == bitboard.Black
		pos = pos.Play(sq)
		visit(pos, sq, f, black)
	}
}

func TestNewFeaturesReadsEachFeaturesSquaresInBaseThree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for range 20 {
		randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
			b, w := pos.BlackWhite()
			f := NewFeatures(b, w)
			for fi, ft := range features {
				want := 0
				for i, sq := range ft.squares {
					switch {
					case b&(1<<sq) != 0:
						want += pow3[i]
					case w&(1<<sq) != 0:
						want += 2 * pow3[i]
					}
				}
				if got := f.Index(fi); got != want {
					t.Fatalf("feature %d (%s) of\n%v: index %d, want %d", fi, shapes[ft.shape].name, pos, got, want)
				}
			}
		})
	}
}

func TestIncrementalFeaturesEqualFeaturesFromScratch(t *testing.T) {
	vector := useAVX2
	defer func() { useAVX2 = vector }()
	// The portable update, then the vector one where the machine has it;
	// Play in place, then PlayInto another value.
	for _, useAVX2 = range []bool{false, vector} {
		rng := rand.New(rand.NewPCG(1, 2))
		for g := 0; g < 200; g++ {
			start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
			b, w := start.BlackWhite()
			f := NewFeatures(b, w)
			randomGame(rng, func(pos bitboard.Position, sq int, flips uint64, moverBlack bool) {
				var next Features
				if g%2 == 0 {
					f.Play(sq, flips, moverBlack)
				} else {
					f.PlayInto(&next, sq, flips, moverBlack)
					f = next
				}
				b, w := pos.BlackWhite()
				if f != NewFeatures(b, w) {
					t.Fatalf("vector %v: incremental features differ after %s", useAVX2, bitboard.SquareName(sq))
				}
			})
		}
	}
}

// randomWeights fills pattern weights with random values, symmetrized as a
// file load does.
func randomWeights(rng *rand.Rand) *Weights { return randomModelWeights(rng, PatternModel) }

// randomModelWeights is randomWeights for any model.
func randomModelWeights(rng *rand.Rand, m *Model) *Weights {
	w := m.NewWeights()
	for p := range w.W {
		for i := range w.W[p] {
			w.W[p][i] = int16(rng.IntN(401) - 200)
		}
	}
	w.Symmetrize()
	return w
}

func TestSymmetricPositionsEvaluateIdentically(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, m := range Models {
		ev := m.Evaluator(randomModelWeights(rng, m))
		for g := 0; g < 30; g++ {
			randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
				want := ev.Evaluate(pos.Board.P, pos.Board.O)
				for s := 1; s < bitboard.NumSymmetries; s++ {
					img := pos.Board.Symmetric(s)
					if got := ev.Evaluate(img.P, img.O); got != want {
						t.Fatalf("%s: symmetry %d evaluates %d, original %d", m.Name, s, got, want)
					}
				}
			})
		}
	}
}

// leafModels are the models of Pattern, the evaluation at the leaves.
var leafModels = []*Model{PatternModel, MobilityModel}

func TestFeaturesAndBoardAgreeForEitherColour(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, m := range leafModels {
		ev := NewPattern(randomModelWeights(rng, m))
		randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
			b, w := pos.BlackWhite()
			f := NewFeatures(b, w)
			got := ev.EvaluateFeatures(&f, pos.Side == bitboard.Black, pos.Board.P, pos.Board.O)
			if want := ev.Evaluate(pos.Board.P, pos.Board.O); got != want {
				t.Fatalf("%s: fixed-frame features give %d, mover's board %d", m.Name, got, want)
			}
		})
	}
}

func TestMobilityModelAddsTheWeightOfBothMoveCounts(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	mw := randomModelWeights(rng, MobilityModel)
	pw := NewWeights()
	for p := range pw.W {
		copy(pw.W[p], mw.W[p])
	}
	withMobility, without := NewPattern(mw), NewPattern(pw)
	for range 20 {
		randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
			p, o := pos.Board.P, pos.Board.O
			black := pos.Side == bitboard.Black
			f := NewFeatures(pos.BlackWhite())
			m := min(bits.OnesCount64(bitboard.Moves(p, o)), mobilityCap-1)
			n := min(bits.OnesCount64(bitboard.Moves(o, p)), mobilityCap-1)
			mob := int32(mw.W[Phase(bits.OnesCount64(pos.Board.Empties()))][phaseSize+m*mobilityCap+n])
			want := discs(weightSum(without.table(black, p, o), &f) + mob)
			if got := withMobility.EvaluateFeatures(&f, black, p, o); got != want {
				t.Fatalf("%s to move, %d and %d moves: %d, want the patterns' sum and the mobility weight %d, %d",
					pos.Side, m, n, got, mob, want)
			}
		})
	}
}

func TestVectorAndPortableEvaluationsAgree(t *testing.T) {
	if !useAVX2 {
		t.Skip("no vector evaluation on this machine")
	}
	defer func() { useAVX2 = true }()
	// Weights up to the int16 limits: the vector sum must sign-extend them
	// and add them without loss.
	rng := rand.New(rand.NewPCG(13, 14))
	w := NewWeights()
	for p := range w.W {
		for i := range w.W[p] {
			w.W[p][i] = int16(rng.IntN(1<<16) - 1<<15)
		}
	}
	ev := NewPattern(w)
	for range 20 {
		randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
			b, wh := pos.BlackWhite()
			f := NewFeatures(b, wh)
			for _, table := range ev.byMover[Phase(bits.OnesCount64(pos.Board.Empties()))] {
				useAVX2 = true
				vec := weightSum(table, &f)
				useAVX2 = false
				if got := weightSum(table, &f); got != vec {
					t.Fatalf("portable sum %d, vector %d", got, vec)
				}
			}
		})
	}
}

func TestEvaluateMoveEqualsPlayThenEvaluate(t *testing.T) {
	vector := useAVX2
	defer func() { useAVX2 = vector }()
	for _, useAVX2 = range []bool{false, vector} {
		rng := rand.New(rand.NewPCG(15, 16))
		for _, m := range leafModels {
			ev := NewPattern(randomModelWeights(rng, m))
			for range 20 {
				start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
				f := NewFeatures(start.BlackWhite())
				randomGame(rng, func(pos bitboard.Position, sq int, flips uint64, moverBlack bool) {
					got := ev.EvaluateMove(&f, sq, flips, moverBlack, pos.Board.P, pos.Board.O)
					f.Play(sq, flips, moverBlack)
					if want := ev.EvaluateFeatures(&f, !moverBlack, pos.Board.P, pos.Board.O); got != want {
						t.Fatalf("%s, vector %v: EvaluateMove %d, PlayInto then EvaluateFeatures %d", m.Name, useAVX2, got, want)
					}
				})
			}
		}
	}
}

func TestDiscsRoundsToNearestHalvesAwayFromZero(t *testing.T) {
	for s := int32(-100 * WeightScale); s <= 100*WeightScale; s++ {
		want := int(max(-64, min(64, math.Round(float64(s)/WeightScale))))
		if got := discs(s); got != want {
			t.Fatalf("discs(%d) = %d, want %d", s, got, want)
		}
	}
}

func TestWeightsFileRoundTripIsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, m := range leafModels {
		w := randomModelWeights(rng, m)
		got := encodeDecode(t, w)
		if got.Model() != m {
			t.Fatalf("%s weights decode as the %s model", m.Name, got.Model().Name)
		}
		for p := range w.W {
			if !bytes.Equal(int16Bytes(w.W[p]), int16Bytes(got.W[p])) {
				t.Fatalf("%s: phase %d differs after the round trip", m.Name, p)
			}
		}
	}
}

// encodeDecode returns the weights that w's file decodes to.
func encodeDecode(t *testing.T, w *Weights) *Weights {
	t.Helper()
	var buf bytes.Buffer
	if err := w.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := DecodeWeights(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return got
}

func TestWeightsFromBeforeTheLastShapesDecodeWithThemZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, m := range leafModels {
		full := randomModelWeights(rng, m)
		n := len(shapes) - 2 // a file of the first shapes only, then the model's own tables
		old := &Model{Name: "old", Phases: m.Phases, size: shapeOffset[n] + m.size - phaseSize, shapes: n}
		ow := old.NewWeights()
		for p := range ow.W {
			copy(ow.W[p], full.W[p][:shapeOffset[n]])
			copy(ow.W[p][shapeOffset[n]:], full.W[p][phaseSize:])
			clear(full.W[p][shapeOffset[n]:phaseSize]) // what the decoded file must hold
		}
		got := encodeDecode(t, ow)
		if got.Model() != m {
			t.Fatalf("%s weights of %d shapes decode as the %s model", m.Name, n, got.Model().Name)
		}
		for p := range full.W {
			if !bytes.Equal(int16Bytes(full.W[p]), int16Bytes(got.W[p])) {
				t.Fatalf("%s: phase %d of a file of %d shapes decodes to other weights", m.Name, p, n)
			}
		}
	}
}

func int16Bytes(x []int16) []byte {
	out := make([]byte, 0, 2*len(x))
	for _, v := range x {
		out = append(out, byte(v), byte(v>>8))
	}
	return out
}

func TestCorruptOrForeignWeightsAreRefused(t *testing.T) {
	var buf bytes.Buffer
	if err := NewWeights().Encode(&buf); err != nil {
		t.Fatal(err)
	}
	good := buf.Bytes()
	flip := func(i int) []byte {
		b := bytes.Clone(good)
		b[i] ^= 0x40
		return b
	}
	cases := map[string][]byte{
		"empty":            nil,
		"foreign":          []byte("PK\x03\x04 this is a zip file, not weights"),
		"bad magic":        flip(0),
		"bad version":      flip(8),
		"bad phase count":  flip(12),
		"bad size":         flip(16),
		"truncated":        good[:len(good)/2],
		"corrupt payload":  flip(len(good) / 2),
		"corrupt checksum": flip(len(good) - 1),
	}
	for name, data := range cases {
		if _, err := DecodeWeights(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestEmbeddedWeightsLoad(t *testing.T) {
	if _, err := Default(); err != nil {
		t.Fatal(err)
	}
}

// gamePositions returns the positions of a few random games with their
// features and sides to move, for benchmarks that should see every phase
// and both colours to move, as a search does.
func gamePositions() (pos []bitboard.Position, feats []Features) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 4 {
		randomGame(rng, func(p bitboard.Position, _ int, _ uint64, _ bool) {
			pos = append(pos, p)
			feats = append(feats, NewFeatures(p.BlackWhite()))
		})
	}
	return pos, feats
}

func BenchmarkEvaluateFeatures(b *testing.B) {
	ev := NewPattern(randomWeights(rand.New(rand.NewPCG(9, 9))))
	pos, feats := gamePositions()
	i := 0
	for b.Loop() {
		p := &pos[i]
		ev.EvaluateFeatures(&feats[i], p.Side == bitboard.Black, p.Board.P, p.Board.O)
		if i++; i == len(pos) {
			i = 0
		}
	}
}

// BenchmarkNewFeatures computes the features of game positions from
// scratch, as the training tools do for every labelled position.
func BenchmarkNewFeatures(b *testing.B) {
	pos, _ := gamePositions()
	i := 0
	for b.Loop() {
		NewFeatures(pos[i].BlackWhite())
		if i++; i == len(pos) {
			i = 0
		}
	}
}

func BenchmarkEvaluateFromScratch(b *testing.B) {
	ev := NewPattern(randomWeights(rand.New(rand.NewPCG(9, 9))))
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for b.Loop() {
		ev.Evaluate(pos.Board.P, pos.Board.O)
	}
}

func BenchmarkSimple(b *testing.B) {
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for b.Loop() {
		Simple{}.Evaluate(pos.Board.P, pos.Board.O)
	}
}

// BenchmarkFeaturesPlay copies the features and plays a move on the copy,
// as the search does at each move, over the moves of random games.
func BenchmarkFeaturesPlay(b *testing.B) {
	plays := gamePlays(11, 4, 0, 61)
	var f Features
	i := 0
	for b.Loop() {
		p := &plays[i]
		f = p.before
		f.Play(p.sq, p.flips, p.black)
		if i++; i == len(plays) {
			i = 0
		}
	}
}

func TestPhaseEmptiesInvertsPhase(t *testing.T) {
	for _, c := range []struct{ p, lo, hi int }{{0, 59, 60}, {19, 21, 22}, {20, 19, 20}, {29, 0, 2}} {
		if lo, hi := PatternModel.PhaseEmpties(c.p); lo != c.lo || hi != c.hi {
			t.Errorf("PhaseEmpties(%d) = %d-%d, want %d-%d", c.p, lo, hi, c.lo, c.hi)
		}
	}
	for e := 0; e <= 60; e++ {
		p := PatternModel.Phase(e)
		if lo, hi := PatternModel.PhaseEmpties(p); e < lo || e > hi {
			t.Errorf("%d empties: phase %d, whose range %d-%d leaves it out", e, p, lo, hi)
		}
	}
}
