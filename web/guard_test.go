package web

import (
	"log"
	"net/http"
	"strings"
	"testing"
)

func TestRequestsForOtherHostsAndOriginsAreRefusedAndLogged(t *testing.T) {
	ts := newTestServer(t, testConfig())
	port := ts.url[strings.LastIndex(ts.url, ":")+1:]
	tests := []struct {
		host, origin string
		ok           bool
	}{
		{"127.0.0.1:" + port, "", true},
		{"localhost:" + port, "http://localhost:" + port, true},
		{"[::1]:" + port, "http://127.0.0.1:" + port, true},
		{"evil.example:" + port, "", false},                            // DNS rebinding
		{"127.0.0.1:" + port, "http://evil.example", false},            // another site's page
		{"127.0.0.1:" + port, "null", false},                           // a sandboxed or file page
		{"127.0.0.1:" + port, "https://127.0.0.1:" + port, false},      // not the scheme served
		{"127.0.0.1:1", "", false},                                     // another port
		{"127.0.0.1:" + port, "http://127.0.0.1:" + port + "0", false}, // likewise
	}
	for _, tc := range tests {
		for _, method := range []string{http.MethodGet, http.MethodPost} {
			path := "/api/config"
			if method == http.MethodPost {
				path = "/api/game"
			}
			req, _ := http.NewRequest(method, ts.url+path, strings.NewReader(`{"game":{}}`))
			req.Host = tc.host
			req.Header.Set("Content-Type", "application/json")
			if tc.origin != "" {
				req.Header.Set("Origin", tc.origin)
			}
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			resp.Body.Close()
			if ok := resp.StatusCode == http.StatusOK; ok != tc.ok {
				t.Errorf("%s Host %q Origin %q: %d, want ok=%v", method, tc.host, tc.origin, resp.StatusCode, tc.ok)
			}
		}
	}
	logged := ts.log.String()
	for _, want := range []string{`refused GET /api/config from 127.0.0.1:`, `Host "evil.example:` + port + `" is not this server's address`,
		`refused POST /api/game`, `Origin "http://evil.example" is not this server's page`} {
		if !strings.Contains(logged, want) {
			t.Errorf("the log lacks %q:\n%s", want, logged)
		}
	}
}

func TestServerOnEveryInterfaceAcceptsItsAddressesByNumber(t *testing.T) {
	g := newGuard("0.0.0.0:8080", log.Default())
	for host, want := range map[string]bool{"192.168.1.20:8080": true, "localhost:8080": true, "[fe80::1]:8080": true,
		"192.168.1.20:8081": false, "attacker.example:8080": false} {
		if got := g.accepts(host); got != want {
			t.Errorf("accepts(%q) = %v, want %v", host, got, want)
		}
	}
	g = newGuard("example.lan:80", log.Default())
	if !g.accepts("example.lan") || !g.accepts("EXAMPLE.LAN:80") || g.accepts("localhost") {
		t.Error("a named host on port 80 is reached by its name, with or without the port, and only so")
	}
}
