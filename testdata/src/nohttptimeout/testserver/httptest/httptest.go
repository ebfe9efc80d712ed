// Package httptest is a project's own test-server helper, like
// net/http/httptest: its servers and clients serve tests on loopback and
// are exempt, as httptest servers are.
package httptest

import (
	"net"
	"net/http"
)

type Server struct {
	Listener net.Listener
	Config   *http.Server
	client   *http.Client
}

func NewUnstartedServer(h http.Handler) *Server {
	l, _ := net.Listen("tcp", "127.0.0.1:0")
	return &Server{Listener: l, Config: &http.Server{Handler: h}}
}

func (s *Server) Start() {
	s.client = &http.Client{Transport: &http.Transport{}}
	go s.Config.Serve(s.Listener)
}
