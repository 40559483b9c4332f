// Package match runs matches between Othello engines that speak GTP or
// NBoard: the library behind "sable match".
//
// A Match names its engines (EngineConfig: command, protocol, working
// directory, init commands, clock and time margin), a pairing (two engines,
// a gauntlet or a round robin), a list of openings and the rules. Each
// opening is played twice with the colours swapped; games 2k and 2k+1 form
// such a pair, and pairs go through the encounters in turn before moving on
// to the next opening.
//
// The runner is the referee: it keeps the position, checks every move, and
// makes an engine that plays an illegal move, passes while it has a move,
// crashes, answers nonsense or runs past its clock plus margin lose the game
// by forfeit (scored 64 discs), with a line in the log. An engine left in an
// unknown state (crashed, stalled, confused) is killed and started afresh
// for its next game. Forced passes are sent to GTP engines as "play b pass";
// an engine that refuses it (gtp-rhino does) is taken to insert the pass
// itself, as Quarry expects. NBoard engines get the whole game with
// "set game" before every "go", clocks included (GGF TB/TW and move times).
//
// Time is measured on the runner's side, from sending the move request to
// reading the reply. GTP engines are told their clock with time_settings
// and time_left (whole seconds, rounded down); fixed depths or node counts
// go through each engine's own init commands (NBoard's "set depth" has a
// field of its own).
//
// Every finished game is appended to the results file as one GGF line, with
// its game number in a GN property, by a single write followed by fsync. A
// match run again on the same file checks that the games there are the ones
// it schedules, counts them, and plays only the missing ones, so a match
// stopped by Ctrl-C or a crash resumes without losing or repeating a game.
//
// The Report gives per encounter W/D/L, the mean disc difference, the Elo
// difference with its 95% interval from the games (trinomial) and from the
// colour-swapped pairs (pentanomial), and the forfeits of each engine. An
// optional SPRT on the pairs stops the match once it decides, and WritePlot
// draws the Elo estimate over the games as a PNG.
//
// The default openings (package openings, embedded) were made with
// GenerateOpenings: random 8-move openings kept when a shallow Sable search
// scores them as balanced.
package match
