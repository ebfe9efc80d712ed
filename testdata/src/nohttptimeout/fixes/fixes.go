package fixes

import (
	"log"
	"net"
	"net/http"
	"time"
)

func client(t http.RoundTripper) *http.Client {
	return &http.Client{Transport: t} // want `http.Client has no Timeout`
}

func emptyClient() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func multiline(t http.RoundTripper) *http.Client {
	return &http.Client{ // want `http.Client has no Timeout`
		Transport: t,
		Jar:       nil,
	}
}

func newClient() *http.Client {
	return new(http.Client) // want `http.Client has no Timeout`
}

func server(h http.Handler) error {
	srv := &http.Server{Addr: ":8080", Handler: h} // want `http.Server has neither`
	return srv.ListenAndServe()
}

func serve(mux *http.ServeMux) {
	log.Fatal(http.ListenAndServe(":8080", mux)) // want `http.ListenAndServe uses a Server without timeouts`
}

func serveNil() error {
	return http.ListenAndServe(":"+port(), nil) // want `http.ListenAndServe uses a Server without timeouts`
}

func serveTLS(h http.Handler) error {
	return http.ListenAndServeTLS(":443", "cert.pem", "key.pem", h) // want `http.ListenAndServeTLS uses a Server`
}

func serveListener(l net.Listener, h http.Handler) {
	go http.Serve(l, h) // want `http.Serve uses a Server`
}

func port() string { return "8080" }

func dial(addr string) (net.Conn, error) {
	return net.Dial("tcp", addr) // want `net.Dial has no timeout`
}

func unit() *http.Client {
	return &http.Client{Timeout: 30} // want `is 30ns, not seconds`
}

func unitExpr(h http.Handler) *http.Server {
	return &http.Server{Handler: h, ReadHeaderTimeout: 2 + 3} // want `is 5ns, not seconds`
}

var _ = time.Second
