// The side panel's tabs: the move list, the analysis (hints and solves)
// and the review. Each draws from the page's state (app.js) and a view of
// the position shown: { app, key, position, atEnd, keyOf, goTo }.

import { formatValue } from './board.js';

const $ = (id) => document.getElementById(id);

export const cap = (s) => s[0].toUpperCase() + s.slice(1);

export function renderMoves(v) {
  const { app } = v;
  const st = app.state;
  const g = st.game;
  const info = [g.rules === 'classic' ? 'Classic Reversi' : 'Othello', g.scoring === 'discs' ? 'disc count' : 'WOF scoring'];
  if (g.start) info.push('from a set position');
  $('game-info').textContent = info.join(' · ');
  const tbody = $('move-list');
  tbody.replaceChildren();
  const startRow = document.createElement('tr');
  const startCell = document.createElement('td');
  startCell.colSpan = 3;
  startCell.appendChild(plyButton(v, 'Start', 0, false));
  startRow.appendChild(startCell);
  tbody.appendChild(startRow);
  let row = null;
  let number = 0;
  g.moves.forEach((m, i) => {
    const side = st.positions[i].side;
    if (!row || side === 'black') {
      row = document.createElement('tr');
      const n = document.createElement('td');
      n.textContent = `${++number}.`;
      row.append(n, document.createElement('td'), document.createElement('td'));
      tbody.appendChild(row);
    }
    row.children[side === 'black' ? 1 : 2].appendChild(plyButton(v, m, i + 1, m === 'pass'));
  });
  const current = tbody.querySelector('.current');
  if (current && v.atEnd) current.scrollIntoView({ block: 'nearest' });
}

function plyButton(v, text, ply, pass) {
  const b = document.createElement('button');
  b.type = 'button';
  b.className = `ply${pass ? ' pass' : ''}${ply === v.app.cursor ? ' current' : ''}`;
  b.textContent = text;
  b.dataset.ply = ply;
  b.addEventListener('click', () => v.goTo(ply));
  return b;
}

export function renderAnalysis(v) {
  const { app, key } = v;
  const a = app.analysis && app.analysis.key === key ? app.analysis : null;
  const s = app.solve && app.solve.key === key ? app.solve : null;
  let line = app.hints ? 'Hints: waiting for the search…' : 'Turn on Hints to see every move\'s value, or Solve the position.';
  if (v.position.over) line = 'The game is over.';
  else if (a) {
    const what = a.exact ? `exact, ${v.position.empties} empties` : a.wld ? 'win/loss/draw solved' : `depth ${a.depth}${a.selectivity < 100 ? ` at ${a.selectivity}%` : ''}`;
    line = `Hints: ${what} · ${nodes(a.nodes)} · ${(a.ms / 1000).toFixed(1)} s${app.searchKind === 'hints' ? '' : ' (stopped)'}`;
  }
  $('search-line').textContent = line;
  $('solve-box').hidden = !s;
  if (s) {
    let text;
    if (s.result) {
      const r = s.result;
      const value = formatValue(r.info.score, r.info.wld);
      text = `${r.stopped ? 'Stopped' : 'Solved'}: ${r.move} ${value}${r.info.exact && !r.stopped ? ' (exact)' : ''} · ${nodes(r.info.nodes)} · ${(r.info.ms / 1000).toFixed(1)} s`;
      if (r.info.pv.length) text += ` — ${r.info.pv.join(' ')}`;
    } else {
      const i = s.info;
      const pr = s.progress;
      text = `Solving (${s.wld ? 'win/loss/draw' : 'exact'})…`;
      if (i) text += ` ${i.depth === v.position.empties ? `end at ${i.selectivity}%` : `depth ${i.depth}`}: ${i.pv[0] || ''} ${formatValue(i.score, i.wld)}`;
      if (pr) text += ` · ${nodes(pr.nodes)} · ${(pr.ms / 1000).toFixed(1)} s`;
    }
    $('solve-line').textContent = text;
    $('solve-stop').hidden = !!s.result;
  }
  const list = $('value-list');
  list.replaceChildren();
  $('pv').textContent = '';
  if (a && a.moves.length) {
    const best = a.moves[0];
    $('pv').textContent = `Best ${best.move} ${formatValue(best.score, a.wld)}: ${best.pv.join(' ')}`;
    for (const m of a.moves) list.appendChild(valueRow(m.move, formatValue(m.score, a.wld), m.pv.slice(1).join(' ')));
  }
  if (app.book && app.searchKey === key) {
    for (const m of app.book.moves) {
      list.appendChild(valueRow(m.move, `${formatValue(m.score, false)} book`, `${m.games} games; ${m.pv.slice(1).join(' ')}`));
    }
  }
}

function valueRow(move, value, line) {
  const tr = document.createElement('tr');
  for (const t of [move, value, line]) {
    const td = document.createElement('td');
    td.textContent = t;
    tr.appendChild(td);
  }
  return tr;
}

const nodes = (n) => (n >= 1e6 ? `${(n / 1e6).toFixed(1)} M nodes` : n >= 1e3 ? `${(n / 1e3).toFixed(0)} k nodes` : `${n} nodes`);

export function renderReview(v) {
  const { app, keyOf } = v;
  const r = app.review;
  const tbody = $('review-list');
  tbody.replaceChildren();
  const same = app.state && r.game && keyOf(r.game, r.game.moves.length) === keyOf(app.state.game, app.state.game.moves.length);
  for (const row of r.rows) {
    const tr = document.createElement('tr');
    tr.className = 'clickable';
    if (same && row.ply === app.cursor) tr.classList.add('current');
    const cells = [row.n, row.color, row.played, formatValue(row.playedValue, false), row.best,
      formatValue(row.bestValue, false), row.loss, row.mark ? `${row.mark} ${row.symbol}` : ''];
    cells.forEach((c, i) => {
      const td = document.createElement('td');
      td.textContent = c;
      if (i === 7 && row.mark) td.className = `mark-${row.mark}`;
      tr.appendChild(td);
    });
    tr.title = `${row.source} values; click to see the position`;
    tr.addEventListener('click', () => { if (same) v.goTo(row.ply); });
    tbody.appendChild(tr);
  }
  let line = 'Review values every move with Sable: the best move, what the move played lost, and a mark for the big losses.';
  if (r.running) line = `Reviewing at level ${r.level}: ${r.rows.length} moves so far…`;
  else if (r.totals) line = `Reviewed at level ${r.totals.level}${r.totals.stopped ? ' (stopped early)' : ''}.`;
  $('review-line').textContent = line;
  const totals = $('review-totals');
  totals.replaceChildren();
  if (r.totals) {
    for (const c of ['black', 'white']) {
      const t = r.totals[c];
      const p = document.createElement('p');
      p.textContent = `${cap(c)}: ${t.moves} moves, lost ${t.loss} discs (${t.average.toFixed(2)} a move): ${t.inaccuracies} inaccuracies, ${t.mistakes} mistakes, ${t.blunders} blunders.`;
      totals.appendChild(p);
    }
  }
  $('review-start').textContent = r.running ? 'Stop the review' : 'Review this game';
}
