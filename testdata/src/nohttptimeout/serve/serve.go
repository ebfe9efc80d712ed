package serve

import (
	"crypto/tls"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"time"
)

// --- must report ---

func main() {
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {})
	log.Fatal(http.ListenAndServe(":8080", nil)) // want `http.ListenAndServe uses a Server without timeouts`
}

func fromEnv(h http.Handler) error {
	return http.ListenAndServe(os.Getenv("ADDR"), h) // want `http.ListenAndServe uses a Server without timeouts`
}

func inGoroutine(h http.Handler) {
	go func() {
		if err := http.ListenAndServeTLS(":443", "cert.pem", "key.pem", h); err != nil { // want `http.ListenAndServeTLS uses a Server without timeouts`
			log.Print(err)
		}
	}()
}

func onListener(h http.Handler) error {
	l, err := net.Listen("tcp", ":9000")
	if err != nil {
		return err
	}
	return http.Serve(l, h) // want `http.Serve uses a Server without timeouts`
}

func onTLSListener(l net.Listener, h http.Handler) error {
	return http.ServeTLS(l, h, "cert.pem", "key.pem") // want `http.ServeTLS uses a Server without timeouts`
}

func allInterfaces(h http.Handler) error {
	return http.ListenAndServe("0.0.0.0:80", h) // want `http.ListenAndServe uses a Server without timeouts`
}

// --- must stay quiet ---

func pprof() { go http.ListenAndServe("localhost:6060", nil) }

func metrics(h http.Handler) error { return http.ListenAndServe("127.0.0.1:9100", h) }

func ipv6Loopback(h http.Handler) error { return http.ListenAndServe("[::1]:9100", h) }

func loopbackListener(h http.Handler) error {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	return http.Serve(l, h)
}

func withServer(h http.Handler) error {
	srv := &http.Server{Addr: ":8080", Handler: h, ReadHeaderTimeout: 5 * time.Second}
	return srv.ListenAndServe() // the method on a configured Server
}

func tlsServer(h http.Handler, cfg *tls.Config) error {
	srv := &http.Server{Addr: ":443", Handler: h, TLSConfig: cfg, ReadTimeout: 30 * time.Second}
	return srv.ListenAndServeTLS("", "")
}

func testServer(h http.Handler) string {
	ts := httptest.NewServer(h)
	defer ts.Close()
	return ts.URL
}

// A function of this package that happens to share the name.
func ListenAndServe(addr string, h http.Handler) error { return withServer(h) }

func ownFunction(h http.Handler) error { return ListenAndServe(":8080", h) }
