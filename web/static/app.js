// Sable's page. The page holds the game (start, moves and every position,
// as the server replayed them) and which position is shown; the server
// checks every move and runs the searches, one at a time for this page.

import { post, getConfig, Search, newPageID } from './api.js';
import { Board, formatValue } from './board.js';
import { Graph } from './graph.js';
import { renderMoves, renderAnalysis, renderReview, cap } from './panels.js';

const $ = (id) => document.getElementById(id);
const page = newPageID();
const other = (c) => (c === 'black' ? 'white' : 'black');

const app = {
  config: { level: 12, maxLevel: 60, openings: 0 },
  state: null, // the server's state: game, positions, result
  cursor: 0, // the position shown
  players: { black: 'human', white: 'sable' },
  strength: { mode: 'level', level: 12, depth: 10, time: 2, clock: 10, increment: 0 },
  clocks: null, // ms left, by colour, with a game clock
  clockSide: null, // the colour whose clock runs
  clockSince: 0,
  timeout: null, // the colour that ran out of time
  paused: false,
  hints: false,
  search: null, // the running Search
  searchKind: '', // 'think', 'hints', 'solve' or 'review'
  searchKey: '', // the position it searches
  thinking: null, // Sable's progress on its move
  analysis: null, // the hints of searchKey
  hintsDone: '', // the position whose hints ended (solved or stopped)
  book: null, // the book's moves of searchKey
  values: new Map(), // position key -> value for Black
  marks: new Map(), // position key -> the review's mark of the move played there
  review: { rows: [], totals: null, running: false, key: '' },
  solve: null, // { key, wld, line, result }
  editing: null, // { board, side } while a position is set up by hand
  message: '',
};

// The position keys: a position is its rules, start and moves before it.
function keyOf(game, ply) {
  return [game.rules, game.scoring, game.start || '', game.moves.slice(0, ply).join(',')].join('|');
}
const shownKey = () => keyOf(app.state.game, app.cursor);
const shown = () => app.state.positions[app.cursor];
const atEnd = () => app.cursor === app.state.positions.length - 1;
const shownGame = () => ({ ...app.state.game, moves: app.state.game.moves.slice(0, app.cursor) });
const forBlack = (side, v) => (side === 'black' ? v : -v);

function playerName(color) {
  if (app.players[color] === 'human') return 'Human';
  const s = app.strength;
  if (s.mode === 'time') return `Sable (${s.time} s a move)`;
  if (s.mode === 'depth') return `Sable (depth ${s.depth})`;
  if (s.mode === 'clock') return `Sable (${s.clock} min + ${s.increment} s)`;
  return `Sable (level ${s.level})`;
}

// limits are Sable's strength as the server reads it.
function limits(color) {
  const s = app.strength;
  if (s.mode === 'time') return { time: s.time };
  if (s.mode === 'depth') return { depth: s.depth };
  if (s.mode === 'clock') return { clock: { remaining: Math.max(0.05, app.clocks[color] / 1000), increment: s.increment } };
  return { level: s.level };
}

const board = new Board($('board'), { onPlay: play, onEdit: editSquare });
const graph = new Graph($('graph'), (ply) => goTo(ply));

// ---- The game ----

function setState(st, cursor = st.positions.length - 1) {
  app.state = st;
  app.cursor = Math.max(0, Math.min(cursor, st.positions.length - 1));
  app.message = '';
  if (st.result) {
    app.values.set(keyOf(st.game, st.positions.length - 1), st.result.black - st.result.white);
  }
  changed();
}

// changed redraws the page and starts what the position calls for.
function changed() {
  runClock();
  schedule();
  render();
}

function goTo(ply) {
  if (!app.state || app.editing) return;
  app.cursor = Math.max(0, Math.min(ply, app.state.positions.length - 1));
  app.message = '';
  changed();
}

const humanAt = (i) => app.players[app.state.positions[i].side] === 'human';
const anyHuman = () => app.players.black === 'human' || app.players.white === 'human';

// undo goes back to the last position where a human is to move (any
// position without one), skipping forced passes; redo goes forward so.
function undo() {
  let c = app.cursor - 1;
  while (c > 0 && (app.state.positions[c].pass || (anyHuman() && !humanAt(c)))) c--;
  if (c >= 0) goTo(c);
}

function redo() {
  const last = app.state.positions.length - 1;
  let c = app.cursor + 1;
  while (c < last && (app.state.positions[c].pass || (anyHuman() && !humanAt(c)))) c++;
  if (c <= last) goTo(c);
}

async function play(square) {
  if (!canHumanPlay()) return;
  const mover = shown().side;
  try {
    const st = await post('/api/play', { game: shownGame(), move: square });
    credit(mover);
    setState(st);
  } catch (e) {
    notice(e.message);
  }
}

// canHumanPlay says whether a click on a legal square plays it: a human
// is to move, and the game goes on.
function canHumanPlay() {
  const p = shown();
  return !app.editing && !p.over && !app.timeout && app.players[p.side] === 'human';
}

function notice(msg) {
  app.message = msg;
  render();
}

// ---- Clocks ----

function runClock() {
  const now = performance.now();
  if (app.clocks && app.clockSide) app.clocks[app.clockSide] -= now - app.clockSince;
  app.clockSince = now;
  const p = app.state && shown();
  app.clockSide = app.clocks && p && atEnd() && !p.over && !app.timeout && !app.editing && !app.paused ? p.side : null;
}

// credit adds the increment to the clock of the side that just moved.
function credit(color) {
  runClock();
  if (app.clocks) app.clocks[color] += app.strength.increment * 1000;
}

function tick() {
  if (!app.clocks) return;
  runClock();
  const side = app.clockSide;
  if (side && app.clocks[side] <= 0) {
    app.clocks[side] = 0;
    app.timeout = side;
    stopSearch();
    changed();
  }
  renderClocks();
}
setInterval(tick, 200);

function formatClock(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function renderClocks() {
  for (const c of ['black', 'white']) {
    const el = $(`clock-${c}`);
    el.hidden = !app.clocks;
    if (app.clocks) {
      el.textContent = formatClock(app.clocks[c]);
      el.classList.toggle('low', app.clocks[c] < 10000);
    }
  }
}

// ---- Searches: one at a time ----

function stopSearch() {
  if (app.search) app.search.abort();
  app.search = null;
  app.searchKind = '';
  app.thinking = null;
}

function startSearch(kind, path, body, onEvent) {
  stopSearch();
  const key = shownKey();
  const s = new Search(path, { page, ...body }, (name, data) => {
    if (name === 'error') notice(data.error);
    else onEvent(name, data);
  });
  app.search = s;
  app.searchKind = kind;
  app.searchKey = key;
  s.done
    .catch((e) => { if (!s.aborted) notice(e.message); })
    .finally(() => {
      if (app.search !== s) return;
      app.search = null;
      app.searchKind = '';
      schedule();
      render();
    });
}

// stopAsked asks the running search to stop and answer what it found.
function stopAsked() {
  if (app.search) post('/api/stop', { page }).catch(() => {});
}

// schedule starts what the position shown calls for: Sable's move, or the
// hints; a running review goes on, a solve of another position stops.
function schedule() {
  if (!app.state) return;
  const p = shown();
  const key = shownKey();
  const kind = app.searchKind;
  if (app.editing) {
    stopSearch();
    return;
  }
  if (kind === 'review' || (kind === 'solve' && app.searchKey === key)) return;
  const sableMoves = atEnd() && !p.over && !app.timeout && !app.paused && app.players[p.side] === 'sable';
  if (sableMoves) {
    if (kind !== 'think' || app.searchKey !== key) think();
    return;
  }
  const wantHints = app.hints && !p.over && !p.pass && !document.hidden;
  if (wantHints) {
    if ((kind !== 'hints' || app.searchKey !== key) && app.hintsDone !== key) hints();
    else if (kind && kind !== 'hints') stopSearch();
    return;
  }
  if (kind) stopSearch();
}

function think() {
  const mover = shown().side;
  const key = shownKey();
  app.thinking = { depth: 0 };
  startSearch('think', '/api/think', { game: shownGame(), limits: limits(mover) }, (name, data) => {
    if (name === 'info') {
      app.thinking = data;
      render();
    } else if (name === 'move') {
      if (data.depth > 0 || data.book) app.values.set(key, forBlack(mover, data.score));
      credit(mover);
      app.search = null;
      app.searchKind = '';
      setState(data.state);
    }
  });
}

function hints() {
  const key = shownKey();
  const side = shown().side;
  app.analysis = null;
  app.book = null;
  startSearch('hints', '/api/analyze', { game: shownGame() }, (name, data) => {
    if (app.searchKey !== key) return;
    if (name === 'book') app.book = data;
    if (name === 'done') app.hintsDone = key;
    if (name === 'analysis') {
      app.analysis = { ...data, key };
      if (!data.wld && data.moves.length) app.values.set(key, forBlack(side, data.moves[0].score));
    }
    render();
  });
}

function solve(wld) {
  $('solve-dialog').close();
  const p = shown();
  if (p.over || p.pass) return notice(p.over ? 'The game is over: nothing to solve.' : 'This side must pass: solve the position after the pass.');
  const key = shownKey();
  app.solve = { key, wld, side: p.side, line: 'Starting…', result: null, info: null };
  selectTab('analysis');
  startSearch('solve', '/api/solve', { game: shownGame(), wld }, (name, data) => {
    const s = app.solve;
    if (!s || s.key !== key) return;
    if (name === 'info') s.info = data;
    if (name === 'progress') s.progress = data;
    if (name === 'result') {
      s.result = data;
      if (data.info.exact && !data.stopped) app.values.set(key, forBlack(s.side, data.info.score));
    }
    render();
  });
  render();
}

function review() {
  if (!app.state || app.state.game.moves.length === 0) return notice('No move to review yet.');
  const level = Math.max(1, Math.min(60, Number($('review-level').value) || 10));
  const game = app.state.game;
  app.review = { rows: [], totals: null, running: true, level, game, key: keyOf(game, game.moves.length) };
  selectTab('review');
  startSearch('review', '/api/review', { game, level }, (name, data) => {
    if (name === 'move') {
      app.review.rows.push(data);
      const k = keyOf(game, data.ply);
      app.values.set(k, forBlack(data.color, data.bestValue));
      app.marks.set(k, data.mark);
    } else if (name === 'done') {
      app.review.totals = data;
      app.review.running = false;
    }
    render();
  });
  render();
}

// ---- New game, pasted games, positions set up by hand ----

function openNewGame() {
  $('new-black').value = app.players.black;
  $('new-white').value = app.players.white;
  $('new-level').value = app.strength.level;
  $('new-depth').value = app.strength.depth;
  $('new-time').value = app.strength.time;
  $('new-clock').value = app.strength.clock;
  $('new-increment').value = app.strength.increment;
  document.querySelector(`input[name=strength][value=${app.strength.mode}]`).checked = true;
  $('new-opening').max = app.config.openings;
  $('new-error').textContent = '';
  $('new-dialog').showModal();
}

async function startNewGame(e) {
  e.preventDefault();
  const form = $('new-form');
  const start = form.elements.start.value;
  const rules = $('new-rules').value;
  const scoring = $('new-scoring').value;
  let st;
  try {
    if (start === 'opening') {
      if (rules !== 'othello') throw new Error('The openings are Othello openings: choose Othello rules.');
      st = await post('/api/opening', { number: Number($('new-opening').value) || 0, scoring });
    } else if (start === 'paste') {
      st = await post('/api/import', { text: $('new-text').value, rules, scoring });
    } else if (start === 'standard') {
      st = await post('/api/game', { game: { rules, scoring, moves: [] } });
    }
  } catch (err) {
    $('new-error').textContent = err.message;
    return;
  }
  app.players = { black: $('new-black').value, white: $('new-white').value };
  const mode = form.elements.strength.value;
  app.strength = {
    mode,
    level: Math.max(1, Math.min(60, Number($('new-level').value) || 12)),
    depth: Math.max(1, Math.min(60, Number($('new-depth').value) || 10)),
    time: Math.max(0.1, Number($('new-time').value) || 2),
    clock: Math.max(1, Number($('new-clock').value) || 10),
    increment: Math.max(0, Number($('new-increment').value) || 0),
  };
  app.clocks = mode === 'clock' ? { black: app.strength.clock * 60000, white: app.strength.clock * 60000 } : null;
  app.timeout = null;
  app.paused = false;
  $('new-dialog').close();
  if (start === 'setup') {
    startEditor(rules, scoring);
    return;
  }
  if (st.number) app.message = `Opening ${st.number} of ${app.config.openings}.`;
  const msg = app.message;
  setState(st);
  app.message = msg;
  render();
}

function startEditor(rules, scoring) {
  stopSearch();
  const p = app.state ? shown() : null;
  app.editing = { rules, scoring, board: (p ? p.board : '-'.repeat(64)).split(''), side: 'X' };
  $('edit-side').value = 'X';
  board.editing = true;
  render();
}

function editSquare(i, back) {
  const order = back ? ['-', 'O', 'X'] : ['-', 'X', 'O'];
  const b = app.editing.board;
  b[i] = order[(order.indexOf(b[i]) + 1) % 3];
  render();
}

function editFill(cells) {
  app.editing.board = cells.split('');
  render();
}

async function finishEditor(ok) {
  if (ok) {
    const e = app.editing;
    try {
      const st = await post('/api/game', {
        game: { rules: e.rules, scoring: e.scoring, start: `${e.board.join('')} ${$('edit-side').value}`, moves: [] },
      });
      app.editing = null;
      board.editing = false;
      setState(st);
    } catch (err) {
      notice(err.message);
    }
    return;
  }
  app.editing = null;
  board.editing = false;
  changed();
}

// ---- Saving ----

async function save(format) {
  try {
    const game = { ...app.state.game, black: playerName('black'), white: playerName('white') };
    const out = await post('/api/export', { game, format });
    const url = URL.createObjectURL(new Blob([out.text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = out.filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    $('save-dialog').close();
  } catch (err) {
    notice(err.message);
  }
}

// ---- Drawing ----

function hintSquares() {
  const hints = new Map();
  const key = shownKey();
  const bookMoves = app.book && app.searchKey === key ? app.book.moves : [];
  const inBook = new Set(bookMoves.map((m) => m.move));
  const a = app.analysis && app.analysis.key === key ? app.analysis : null;
  if (!app.hints) return hints;
  if (a && a.moves.length) {
    const best = a.moves[0].score;
    for (const m of a.moves) {
      let label = a.exact ? 'exact' : a.wld ? 'solved' : a.selectivity < 100 ? `${a.selectivity}%` : `d${a.depth}`;
      if (inBook.has(m.move)) label = 'book';
      hints.set(m.move, { text: formatValue(m.score, a.wld), label, best: m.score === best, book: inBook.has(m.move) });
    }
  } else {
    for (const m of bookMoves) {
      hints.set(m.move, { text: formatValue(m.score, false), label: 'book', best: m.score === bookMoves[0].score, book: true });
    }
  }
  return hints;
}

function render() {
  if (!app.state) return;
  const p = shown();
  const moves = app.state.game.moves;
  const e = app.editing;
  if (e) {
    board.draw(e.board.join(''));
  } else {
    const last = app.cursor > 0 ? moves[app.cursor - 1] : null;
    board.draw(p.board, {
      legal: canHumanPlay() ? p.legal : [],
      last: last === 'pass' ? null : last,
      hints: hintSquares(),
      side: p.side,
    });
  }
  $('editor').hidden = !e;
  for (const c of ['black', 'white']) {
    $(`name-${c}`).textContent = playerName(c);
    $(`count-${c}`).textContent = e ? e.board.filter((x) => x === (c === 'black' ? 'X' : 'O')).length : p[c];
    $(`player-${c}`).classList.toggle('to-move', !e && !p.over && !app.timeout && p.side === c);
  }
  renderClocks();
  $('status').textContent = statusText();
  renderControls();
  const v = { app, key: shownKey(), position: p, atEnd: atEnd(), keyOf, goTo };
  renderMoves(v);
  renderAnalysis(v);
  renderReview(v);
  const n = app.state.positions.length;
  const values = [];
  const marks = [];
  for (let i = 0; i < n; i++) {
    const k = keyOf(app.state.game, i);
    values.push(app.values.get(k));
    marks.push(app.marks.get(k));
  }
  graph.draw({ count: n, values, marks, cursor: app.cursor });
  const body = document.body.dataset;
  body.ply = app.cursor;
  body.plies = n - 1;
  body.search = app.searchKind;
  body.over = String(Boolean(app.state.result));
}

function statusText() {
  if (app.message) return app.message;
  if (app.editing) return 'Set up the position, then choose who is to move.';
  const p = shown();
  const moves = app.state.game.moves;
  if (app.timeout) return `${cap(app.timeout)} ran out of time: ${cap(other(app.timeout))} wins.`;
  if (p.over) {
    const r = app.state.result;
    return atEnd() && r ? `Game over. ${r.text}.` : 'Game over.';
  }
  let text = '';
  if (app.cursor > 0 && moves[app.cursor - 1] === 'pass') text = `${cap(other(p.side))} had no legal move and passed. `;
  if (p.pass) return `${text}${cap(p.side)} has no legal move and must pass.`;
  if (!atEnd()) return `${text}Position after move ${app.cursor} of ${moves.length}; ${p.side} to move.`;
  if (app.players[p.side] === 'sable') {
    const t = app.thinking;
    if (app.paused) return `${text}Paused: ${p.side} (Sable) to move.`;
    if (t && t.depth) return `${text}Sable is thinking: depth ${t.depth}, ${formatValue(t.score, t.wld)} ${t.pv[0] || ''}`;
    return `${text}Sable is thinking…`;
  }
  if (app.players[other(p.side)] === 'sable') return `${text}Your move (${p.side}): click a marked square.`;
  return `${text}${cap(p.side)} to move.`;
}


function renderControls() {
  const p = shown();
  const sableHere = !p.over && app.players[p.side] === 'sable';
  $('continue').hidden = !(sableHere && !atEnd() && !app.editing);
  $('move-now').hidden = app.searchKind !== 'think';
  $('pause').hidden = !(app.players.black === 'sable' && app.players.white === 'sable');
  $('pause').textContent = app.paused ? 'Resume' : 'Pause';
  $('undo').disabled = app.cursor === 0 || !!app.editing;
  $('redo').disabled = atEnd() || !!app.editing;
  $('hints').setAttribute('aria-pressed', String(app.hints));
  $('solve').disabled = p.over || p.pass || !!app.editing;
  $('review').disabled = app.state.game.moves.length === 0 || !!app.editing;
}

function selectTab(name) {
  for (const t of ['moves', 'analysis', 'review']) {
    $(`tab-${t}`).setAttribute('aria-selected', String(t === name));
    $(`panel-${t}`).hidden = t !== name;
  }
}

// ---- Wiring ----

function toggleHints() {
  app.hints = !app.hints;
  if (app.hints) selectTab('analysis');
  changed();
}

$('new-game').addEventListener('click', openNewGame);
$('new-form').addEventListener('submit', startNewGame);
$('new-cancel').addEventListener('click', () => $('new-dialog').close());
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('hints').addEventListener('click', toggleHints);
$('solve').addEventListener('click', () => $('solve-dialog').showModal());
$('solve-exact').addEventListener('click', () => solve(false));
$('solve-wld').addEventListener('click', () => solve(true));
$('solve-stop').addEventListener('click', stopAsked);
$('review').addEventListener('click', review);
$('review-start').addEventListener('click', () => (app.review.running ? stopAsked() : review()));
$('save').addEventListener('click', () => $('save-dialog').showModal());
$('save-ggf').addEventListener('click', () => save('ggf'));
$('save-transcript').addEventListener('click', () => save('transcript'));
$('help').addEventListener('click', () => $('help-dialog').showModal());
$('move-now').addEventListener('click', stopAsked);
$('pause').addEventListener('click', () => { app.paused = !app.paused; changed(); });
$('continue').addEventListener('click', async () => {
  try {
    setState(await post('/api/game', { game: shownGame() }));
  } catch (err) {
    notice(err.message);
  }
});
$('edit-clear').addEventListener('click', () => editFill('-'.repeat(64)));
$('edit-start').addEventListener('click', () => editFill(`${'-'.repeat(27)}OX------XO${'-'.repeat(27)}`));
$('edit-done').addEventListener('click', () => finishEditor(true));
$('edit-cancel').addEventListener('click', () => finishEditor(false));
for (const t of ['moves', 'analysis', 'review']) $(`tab-${t}`).addEventListener('click', () => selectTab(t));
document.addEventListener('visibilitychange', changed);

document.addEventListener('keydown', (e) => {
  if (document.querySelector('dialog[open]') || e.target.closest('input, textarea, select')) return;
  const k = e.key;
  if (e.ctrlKey || e.metaKey) {
    if (k === 'z') { e.preventDefault(); undo(); }
    if (k === 'y') { e.preventDefault(); redo(); }
    return;
  }
  if (e.altKey) return;
  const actions = {
    ArrowLeft: () => goTo(app.cursor - 1),
    ArrowRight: () => goTo(app.cursor + 1),
    Home: () => goTo(0),
    End: () => goTo(app.state.positions.length - 1),
    h: toggleHints,
    n: openNewGame,
    s: () => !$('solve').disabled && $('solve-dialog').showModal(),
    r: review,
    '?': () => $('help-dialog').showModal(),
    Escape: stopAsked,
  };
  if (actions[k]) {
    e.preventDefault();
    actions[k]();
  }
});

async function init() {
  try {
    app.config = await getConfig();
  } catch (err) {
    notice(`The server does not answer: ${err.message}`);
  }
  const s = app.strength;
  s.level = app.config.level;
  if (app.config.depth) [s.mode, s.depth] = ['depth', app.config.depth];
  if (app.config.time) [s.mode, s.time] = ['time', app.config.time];
  $('review-level').value = Math.min(app.config.level, 10);
  setState(await post('/api/game', { game: { rules: app.config.rules, scoring: app.config.scoring, moves: [] } }));
}

init();
