// Command productsvc is a small product catalogue service with the bugs
// timeoutlint exists for. It prices products in the caller's currency by
// asking a currency API. When that API becomes slow (not down), every
// request waits on it with no bound: goroutines, connections and memory pile
// up behind requests whose users left long ago, and the service falls over.
//
// Run timeoutlint on it:
//
//	go run ./cmd/timeoutlint ./examples/...
package main

import (
	"log"
	"net/http"
	"os"
)

func main() {
	currencyURL := os.Getenv("CURRENCY_API")
	if currencyURL == "" {
		currencyURL = "https://currency.internal.example"
	}
	svc := &Service{
		catalogue: defaultCatalogue(),
		rates:     NewRatesClient(currencyURL),
	}

	mux := http.NewServeMux()
	mux.HandleFunc("GET /products/{id}", svc.handleProduct)
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusOK) })

	// The debug listener is on loopback: timeoutlint leaves it alone.
	go func() { log.Println(http.ListenAndServe("localhost:6060", nil)) }()

	// No read timeouts: a client that sends its headers one byte a minute
	// holds a connection and a goroutine forever.
	log.Fatal(http.ListenAndServe(":8080", mux))
}
