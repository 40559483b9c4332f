package web

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// FuzzGameRequests sends any body to the endpoints that do not search:
// each answers 200 or a 4xx with a reason, and never panics.
func FuzzGameRequests(f *testing.F) {
	for _, seed := range []string{
		`{"game":{"moves":["f5","d6"]}}`,
		`{"game":{"rules":"classic","scoring":"discs","moves":["d4","d5","e4","e5","d6"]},"move":"c6"}`,
		`{"game":{"start":"` + ffo1 + `","moves":["g8"]},"format":"ggf"}`,
		`{"text":"(;GM[Othello]BO[8 ` + strings.Repeat("-", 27) + `O*------*O` + strings.Repeat("-", 27) + ` *]B[f5];)"}`,
		`{"text":"` + ffo1 + `; G8:+18"}`,
		`{"number":3,"scoring":"discs"}`,
		`{"page":"p1"}`,
		`{"game":{"moves":["pass","pass"]}}`,
		`{"game":{"start":"` + strings.Repeat("X", 64) + ` O"}}`,
		`[1,2,{"game":null}]`,
	} {
		f.Add(seed)
	}
	s, err := New(testConfig())
	if err != nil {
		f.Fatal(err)
	}
	defer s.Close()
	h := s.Handler("127.0.0.1:8080")
	paths := []string{"/api/game", "/api/play", "/api/import", "/api/export", "/api/opening", "/api/stop"}
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range paths {
			req := httptest.NewRequest(http.MethodPost, "http://127.0.0.1:8080"+path, strings.NewReader(body))
			req.Header.Set("Content-Type", "application/json")
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, req)
			if rec.Code != http.StatusOK && (rec.Code < 400 || rec.Code >= 500 || !strings.Contains(rec.Body.String(), `"error":`)) {
				t.Fatalf("%s %q: %d %s", path, body, rec.Code, rec.Body.String())
			}
		}
	})
}
