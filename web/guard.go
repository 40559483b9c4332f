package web

import (
	"fmt"
	"log"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// guard lets through only the requests addressed to the server itself. A
// page of another site can make the browser send requests here: a form or
// fetch names the server as it is (its Origin header then names the other
// site), and DNS rebinding gives the other site's name the server's address
// (the Host header then names that site). Either is refused and logged.
type guard struct {
	own   string          // the address served, as the log names it
	hosts map[string]bool // accepted host:port values, lower case
	anyIP bool            // bound to every interface: any IP address with the port is the server
	port  string
	log   *log.Logger
}

// newGuard returns the guard of a server listening on addr (host:port).
// A loopback address is also reached as localhost, 127.0.0.1 and [::1].
func newGuard(addr string, l *log.Logger) *guard {
	g := &guard{own: addr, hosts: map[string]bool{}, log: l}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		host, port = addr, "80"
	}
	g.port = port
	g.hosts[strings.ToLower(net.JoinHostPort(host, port))] = true
	ip := net.ParseIP(host)
	switch {
	case strings.EqualFold(host, "localhost") || ip != nil && ip.IsLoopback():
		for _, h := range []string{"localhost", "127.0.0.1", "::1"} {
			g.hosts[net.JoinHostPort(h, port)] = true
		}
	case host == "" || ip != nil && ip.IsUnspecified():
		g.anyIP = true
		g.hosts[net.JoinHostPort("localhost", port)] = true
	}
	return g
}

// accepts reports whether hostport (a Host header, or the host of an
// Origin) names the server. Without a port it is port 80.
func (g *guard) accepts(hostport string) bool {
	hostport = strings.ToLower(hostport)
	host, port, err := net.SplitHostPort(hostport)
	if err != nil {
		host, port = strings.Trim(hostport, "[]"), "80"
	}
	if g.hosts[net.JoinHostPort(host, port)] {
		return true
	}
	return g.anyIP && port == g.port && net.ParseIP(host) != nil
}

// check returns why r is refused, or "" when it may be served.
func (g *guard) check(r *http.Request) string {
	if !g.accepts(r.Host) {
		return fmt.Sprintf("Host %q is not this server's address (%s)", r.Host, g.own)
	}
	origin := r.Header.Get("Origin")
	if origin == "" {
		// Browsers name the origin of every POST and of every cross-origin
		// fetch; what is left are GETs of the page and its files, which
		// change nothing.
		return ""
	}
	u, err := url.Parse(origin)
	if err != nil || u.Scheme != "http" || !g.accepts(u.Host) {
		return fmt.Sprintf("Origin %q is not this server's page", origin)
	}
	return ""
}

// wrap returns next behind the guard.
func (g *guard) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if why := g.check(r); why != "" {
			g.log.Printf("web: refused %s %s from %s: %s", r.Method, r.URL.Path, r.RemoteAddr, why)
			writeJSON(w, http.StatusForbidden, map[string]string{"error": "refused: " + why})
			return
		}
		next.ServeHTTP(w, r)
	})
}
