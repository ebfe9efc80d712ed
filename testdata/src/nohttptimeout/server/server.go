package server

import (
	"net"
	"net/http"
	"net/http/httptest"
	"time"
)

// --- must report ---

func plain(h http.Handler) error {
	srv := &http.Server{Addr: ":8080", Handler: h} // want `http.Server has neither ReadHeaderTimeout nor ReadTimeout`
	return srv.ListenAndServe()
}

func onlyWriteTimeout(h http.Handler) error {
	srv := &http.Server{Addr: ":8080", Handler: h, WriteTimeout: 10 * time.Second, IdleTimeout: time.Minute} // want `neither ReadHeaderTimeout nor ReadTimeout`
	return srv.ListenAndServe()
}

func zeroVar(l net.Listener) error {
	var srv http.Server // want `http.Server variable has neither`
	return srv.Serve(l)
}

func emptyServed(l net.Listener) error {
	return (&http.Server{}).Serve(l) // want `http.Server has neither`
}

func newServer(h http.Handler) *http.Server {
	s := new(http.Server) // want `http.Server has neither`
	s.Handler = h
	return s
}

func zeroHeaderTimeout(h http.Handler) error {
	srv := &http.Server{Addr: ":443", Handler: h, ReadHeaderTimeout: 0} // want `neither ReadHeaderTimeout nor ReadTimeout`
	return srv.ListenAndServeTLS("cert.pem", "key.pem")
}

func publicAddr(h http.Handler) error {
	srv := &http.Server{Addr: "0.0.0.0:8080", Handler: h} // want `neither ReadHeaderTimeout nor ReadTimeout`
	return srv.ListenAndServe()
}

type App struct{ srv *http.Server }

func (a *App) Start(addr string, h http.Handler) error {
	a.srv = &http.Server{Addr: addr, Handler: http.TimeoutHandler(h, 5*time.Second, "timeout")} // want `neither ReadHeaderTimeout nor ReadTimeout`
	return a.srv.ListenAndServe()
}

// --- must stay quiet ---

func withHeaderTimeout(h http.Handler) *http.Server {
	return &http.Server{Addr: ":8080", Handler: h, ReadHeaderTimeout: 5 * time.Second}
}

func withReadTimeout(h http.Handler) *http.Server {
	return &http.Server{Addr: ":8080", Handler: h, ReadTimeout: 30 * time.Second}
}

func setAfter(h http.Handler) error {
	srv := &http.Server{Addr: ":8080", Handler: h}
	srv.ReadHeaderTimeout = 5 * time.Second
	return srv.ListenAndServe()
}

func zeroVarSetAfter(l net.Listener) error {
	var srv http.Server
	srv.ReadTimeout = time.Minute
	return srv.Serve(l)
}

func fromConfig(h http.Handler, d time.Duration) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: d}
}

func pprofServer() error {
	srv := &http.Server{Addr: "localhost:6060"}
	return srv.ListenAndServe()
}

func loopbackIP(h http.Handler) error {
	srv := &http.Server{Addr: "127.0.0.1:9090", Handler: h}
	return srv.ListenAndServe()
}

func loopbackV6(h http.Handler) error {
	srv := &http.Server{Addr: "[::1]:9090", Handler: h}
	return srv.ListenAndServe()
}

func loopbackAssignedLater(h http.Handler) error {
	srv := &http.Server{Handler: h}
	srv.Addr = "localhost:6061"
	return srv.ListenAndServe()
}

func testServer(h http.Handler) *httptest.Server {
	return httptest.NewServer(h)
}

// An empty server used as a configuration holder, never served here.
func baseConfig(s *http.Server) *http.Server {
	if s != nil {
		return s
	}
	return new(http.Server)
}

func placeholder() *http.Server { return &http.Server{} }

func zeroPlaceholder() http.Server {
	var s http.Server
	return s
}

type Gateway struct{ srv *http.Server }

func NewGateway(h http.Handler) *Gateway {
	g := &Gateway{srv: &http.Server{Handler: h}}
	g.tune()
	return g
}

func (g *Gateway) tune() { g.srv.ReadHeaderTimeout = 2 * time.Second }
