package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"sync"
)

// stream writes server-sent events (text/event-stream) on a response: the
// progress of a search, then its outcome. The page reads them from its
// fetch of the request that started the search, so that aborting the fetch
// (a new search, leaving or closing the page) ends the request, whose
// context stops the search. Events may be sent from the search's
// goroutines; each is flushed at once.
type stream struct {
	mu sync.Mutex
	w  http.ResponseWriter
	rc *http.ResponseController
}

// newStream starts the event stream of a response.
func newStream(w http.ResponseWriter) *stream {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	s := &stream{w: w, rc: http.NewResponseController(w)}
	s.rc.Flush()
	return s
}

// send writes one event: its name, and v as JSON. A failed write means the
// page is gone; the request's context then stops the search.
func (s *stream) send(event string, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		data, _ = json.Marshal(map[string]string{"error": err.Error()})
		event = "error"
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	fmt.Fprintf(s.w, "event: %s\ndata: %s\n\n", event, data)
	s.rc.Flush()
}
