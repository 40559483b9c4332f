// The board: 64 buttons in a CSS grid, a1 top-left. A legal square is a
// button that plays it; arrow keys move between squares (one of them is in
// the tab order at a time), Enter or Space plays.

export const squareName = (i) => 'abcdefgh'[i % 8] + (Math.floor(i / 8) + 1);
export const squareIndex = (name) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);

// formatValue writes a value for the side to move: "+4", "-2", "0", or
// win / draw / loss when only the sign is known.
export function formatValue(score, wld) {
  if (wld) return score > 0 ? 'win' : score < 0 ? 'loss' : 'draw';
  return score > 0 ? `+${score}` : `${score}`;
}

export class Board {
  constructor(root, { onPlay, onEdit }) {
    this.root = root;
    this.onPlay = onPlay;
    this.onEdit = onEdit;
    this.focus = 19; // d3
    this.cells = [];
    this.editing = false;
    for (let i = 0; i < 64; i++) {
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'cell';
      b.dataset.square = squareName(i);
      b.tabIndex = i === this.focus ? 0 : -1;
      b.setAttribute('role', 'gridcell');
      b.addEventListener('click', (e) => this.activate(i, e.shiftKey));
      b.addEventListener('keydown', (e) => this.key(i, e));
      root.appendChild(b);
      this.cells.push(b);
    }
  }

  activate(i, back) {
    if (this.editing) this.onEdit(i, back);
    else if (this.cells[i].classList.contains('legal')) this.onPlay(squareName(i));
  }

  key(i, e) {
    const moves = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -8, ArrowDown: 8 };
    if (e.key in moves) {
      e.preventDefault();
      e.stopPropagation();
      const j = i + moves[e.key];
      const sameRow = Math.abs(moves[e.key]) !== 1 || Math.floor(j / 8) === Math.floor(i / 8);
      if (j >= 0 && j < 64 && sameRow) this.moveFocus(j);
    } else if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      this.activate(i, e.shiftKey);
    }
  }

  moveFocus(j) {
    this.cells[this.focus].tabIndex = -1;
    this.focus = j;
    this.cells[j].tabIndex = 0;
    this.cells[j].focus();
  }

  // draw shows a board string (64 cells of X, O, -) with, when given, the
  // playable squares, the last move, and hints: a map from square to
  // { text, label, best, book }.
  draw(board, { legal = [], last = null, hints = new Map(), side = 'black' } = {}) {
    const playable = new Set(legal);
    for (let i = 0; i < 64; i++) {
      const b = this.cells[i];
      const name = squareName(i);
      const c = board[i];
      b.className = 'cell';
      b.replaceChildren();
      let label = name;
      if (c === 'X' || c === 'O') {
        const disc = document.createElement('span');
        disc.className = `disc ${c === 'X' ? 'black' : 'white'}`;
        b.appendChild(disc);
        label += c === 'X' ? ', black' : ', white';
      }
      if (playable.has(name)) {
        b.classList.add('legal');
        label += `, legal move for ${side}`;
      }
      if (name === last) {
        b.classList.add('last');
        label += ', last move';
      }
      const h = hints.get(name);
      if (h && c === '-') {
        b.classList.add('valued');
        if (h.best) b.classList.add('best-move');
        const span = document.createElement('span');
        span.className = `hint${h.best ? ' best' : ''}`;
        span.dataset.value = h.text;
        span.append(h.text);
        const small = document.createElement('small');
        small.textContent = h.label;
        if (h.book) small.className = 'book';
        span.appendChild(small);
        b.appendChild(span);
        label += `, value ${h.text} (${h.label})`;
      }
      b.setAttribute('aria-label', label);
    }
    this.root.classList.toggle('editing', this.editing);
  }
}
