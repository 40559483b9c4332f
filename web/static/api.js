// The server's API: JSON requests, and searches that answer a stream of
// server-sent events on the response of the request that started them.

// post sends body as JSON and returns the JSON answer; a refused request
// throws an Error with the server's reason.
export async function post(path, body) {
  const res = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

export async function getConfig() {
  const res = await fetch('/api/config');
  return res.json();
}

// Search runs one search of the page: a stream of events, passed to
// onEvent(name, data) as they come. Aborting it (a new search, leaving
// the page) drops the request, which stops the search on the server.
export class Search {
  constructor(path, body, onEvent) {
    this.controller = new AbortController();
    this.done = this.run(path, body, onEvent);
  }

  abort() {
    this.controller.abort();
  }

  get aborted() {
    return this.controller.signal.aborted;
  }

  async run(path, body, onEvent) {
    const res = await fetch(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      signal: this.controller.signal,
    });
    if (!res.ok) {
      const data = await res.json().catch(() => ({ error: res.statusText }));
      throw new Error(data.error || res.statusText);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const chunk = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let name = 'message';
        let data = '';
        for (const line of chunk.split('\n')) {
          if (line.startsWith('event: ')) name = line.slice(7);
          else if (line.startsWith('data: ')) data += line.slice(6);
        }
        if (!this.aborted) onEvent(name, JSON.parse(data));
      }
    }
  }
}

// newPageID names this page for the server: its searches are the page's,
// one at a time.
export function newPageID() {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
