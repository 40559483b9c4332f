// The value graph: the value of each position of the game for Black, as
// far as the hints, Sable's searches and the review have told it, with the
// review's marks; a click goes to the nearest position.

const NS = 'http://www.w3.org/2000/svg';

function el(name, attrs) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

export class Graph {
  constructor(svg, onPick) {
    this.svg = svg;
    this.data = { count: 1, values: [], marks: [], cursor: 0 };
    svg.addEventListener('click', (e) => {
      const r = svg.getBoundingClientRect();
      const n = this.data.count;
      if (n < 1 || r.width === 0) return;
      const ply = Math.round(((e.clientX - r.left - this.pad) / (r.width - 2 * this.pad)) * (n - 1));
      onPick(Math.max(0, Math.min(n - 1, ply)));
    });
    new ResizeObserver(() => this.draw(this.data)).observe(svg);
  }

  // draw shows count positions; values[i] is position i's value for Black
  // (undefined when unknown), marks[i] a review mark of the move played
  // from it ("inaccuracy", "mistake", "blunder").
  draw(data) {
    this.data = data;
    const svg = this.svg;
    const w = Math.max(200, svg.clientWidth || 600);
    const h = Math.max(80, svg.clientHeight || 150);
    this.pad = 10;
    svg.setAttribute('viewBox', `0 0 ${w} ${h}`);
    svg.replaceChildren();
    const n = Math.max(2, data.count);
    let top = 8;
    for (const v of data.values) if (v !== undefined) top = Math.max(top, Math.abs(v));
    top = Math.ceil(top / 4) * 4;
    const x = (i) => this.pad + (i / (n - 1)) * (w - 2 * this.pad);
    const y = (v) => h / 2 - (v / top) * (h / 2 - 8);
    svg.appendChild(el('line', { class: 'zero', x1: 0, x2: w, y1: y(0), y2: y(0) }));
    for (const v of [top, -top]) {
      const t = el('text', { x: 4, y: v > 0 ? 12 : h - 4, 'font-size': 10, fill: '#888' });
      t.textContent = v > 0 ? `+${v}` : `${v}`;
      svg.appendChild(t);
    }
    const pts = [];
    data.values.forEach((v, i) => { if (v !== undefined) pts.push([x(i), y(v)]); });
    if (pts.length > 0) {
      const path = pts.map(([px, py], i) => `${i ? 'L' : 'M'}${px.toFixed(1)},${py.toFixed(1)}`).join('');
      const area = `${path}L${pts[pts.length - 1][0].toFixed(1)},${y(0)}L${pts[0][0].toFixed(1)},${y(0)}Z`;
      svg.appendChild(el('path', { class: 'area-black', d: area }));
      svg.appendChild(el('path', { class: 'line', d: path }));
    }
    data.marks.forEach((m, i) => {
      if (!m || data.values[i] === undefined) return;
      const c = el('circle', { class: `mark mark-${m}`, cx: x(i), cy: y(data.values[i]), r: m === 'blunder' ? 5 : 4 });
      const title = el('title', {});
      title.textContent = m;
      c.appendChild(title);
      svg.appendChild(c);
    });
    svg.appendChild(el('line', { class: 'cursor', x1: x(data.cursor), x2: x(data.cursor), y1: 0, y2: h }));
  }
}
