#!/usr/bin/env python3
"""Shallow searches of Sable, NTest and Zebra on the evalpos positions, against their exact scores.

Neither anchor prints its static evaluation, so the evaluations are compared through searches
of the same nominal depth: a depth-1 search is the best child's evaluation. Prints MAE and bias
in discs from the side to move, per engine and depth, on the positions that every engine valued
(NTest answers a position with one sensible move without a value).

The anchors are built outside the project by ../shared/tools/anchors-build.sh (GPL: nothing of
theirs is copied here):
    scripts/evalpos-anchors.py --anchors /work/anchors [--depths 1,2,3,4,6] [--sable PATH]
Takes about 3 minutes on 2 cores at the default depths.
"""
import argparse, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
EVALPOS = os.path.join(HERE, "..", "..", "shared", "data", "evalpos", "rhino-selfplay-20-22.obf")


def read_obf(path):
    """(board, mover, exact score) of each line: 64 squares X/O/-, X or O to move, best score."""
    out = []
    for n, line in enumerate(open(path), 1):
        board, rest = line.split(None, 1)
        fields = rest.split(";")
        mover, score = fields[0].strip(), fields[1].split(":")[1]
        if len(board) != 64 or mover not in ("X", "O"):
            sys.exit(f"{path}:{n}: not an OBF position")
        out.append((board, mover, int(score)))
    return out


def sable_values(sable, path, depth):
    """Sable's depth-N search value of each position (sable eval --tsv: index, empties, static, search)."""
    tsv = subprocess.run([sable, "eval", "--tsv", "--depth", str(depth), path],
                         check=True, capture_output=True, text=True).stdout
    return [float(l.split("\t")[3]) for l in tsv.splitlines()]


def ntest_values(anchors, positions, depth):
    """NTest's value of its move at depth N, over NBoard; None where it gives none.
    NTest crashes on "set game" after "hint", so each position is asked with "go"."""
    run = os.path.join(anchors, "ntest", "run")
    p = subprocess.Popen([os.path.join(anchors, "ntest", "ntest"), "x"], cwd=run, text=True, bufsize=1,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send("nboard 2")
    send(f"set depth {depth}")
    values = []
    for board, mover, _ in positions:
        bo = board.replace("X", "*") + " " + ("*" if mover == "X" else "O")
        send(f"set game (;GM[Othello]PC[x]PB[b]PW[w]RE[?]TI[0:00//0:00]TY[8]BO[8 {bo}];)")
        send("go")
        while True:
            line = p.stdout.readline()
            if not line:
                sys.exit("ntest exited")
            if line.startswith("==="):
                value = line.split("/")[1]
                values.append(float(value) if value else None)
                break
    send("quit")
    p.wait()
    return values


def zebra_values(anchors, positions, depth):
    """Zebra's depth-N value of each position: its command line with the board in a game file,
    no book, no randomness, never solving (exact and WLD depths 0)."""
    zdir = os.path.join(anchors, "zebra")
    values = []
    with tempfile.NamedTemporaryFile("w", suffix=".pos") as f:
        for board, mover, _ in positions:
            f.seek(0)
            f.truncate()
            f.write(board + "\n" + ("B" if mover == "X" else "W") + "\n")
            f.flush()
            out = subprocess.run(["./zebra", "-quiet", "-b", "0", "-r", "0", "-slack", "0",
                                  "-l", str(depth), "0", "0", str(depth), "0", "0", "-evalone", "-g", f.name],
                                 cwd=zdir, capture_output=True, text=True, timeout=120).stdout
            lines = [l for l in out.splitlines() if l.startswith("-->")]
            values.append(float(lines[-1].split()[2]) if lines else None)
    return values


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--anchors", required=True, help="anchors-build.sh's OUT_DIR")
    ap.add_argument("--depths", default="1,2,3,4,6")
    ap.add_argument("--sable", default=None, help="a sable binary (default: go build of this tree)")
    ap.add_argument("--positions", default=EVALPOS)
    a = ap.parse_args()
    positions = read_obf(a.positions)
    exact = [s for _, _, s in positions]
    with tempfile.TemporaryDirectory() as tmp:
        sable = a.sable
        if sable is None:
            sable = os.path.join(tmp, "sable")
            subprocess.run(["go", "build", "-o", sable, "./cmd/sable"], cwd=os.path.join(HERE, ".."), check=True)
        rows = []
        for d in (int(x) for x in a.depths.split(",")):
            rows.append((d, {"sable": sable_values(sable, a.positions, d),
                             "ntest": ntest_values(a.anchors, positions, d),
                             "zebra": zebra_values(a.anchors, positions, d)}))
    both = [i for i in range(len(positions)) if all(v[i] is not None for _, vals in rows for v in vals.values())]
    print(f"{len(both)} of {len(positions)} positions valued by every engine; MAE / bias in discs")
    print("| depth | Sable | NTest | Zebra |\n|---|---|---|---|")
    for d, vals in rows:
        cells = []
        for name in ("sable", "ntest", "zebra"):
            err = [vals[name][i] - exact[i] for i in both]
            cells.append(f"{sum(map(abs, err)) / len(err):.2f} / {sum(err) / len(err):+.2f}")
        print(f"| {d} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
