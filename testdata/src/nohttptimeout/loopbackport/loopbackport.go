// Package loopbackport: a debug listener on a constant loopback host with
// a computed port is a loopback listener; the same on a computed or open
// host is not.
package loopbackport

import (
	"net/http"
	"strconv"
)

func pprof(port int) {
	go http.ListenAndServe("localhost:"+strconv.Itoa(port), nil)
	go http.ListenAndServe("127.0.0.1:"+strconv.Itoa(port), nil)
	go http.ListenAndServe("[::1]:"+strconv.Itoa(port), nil)
}

// Near-identical bad cases.
func public(host string, port int) {
	go http.ListenAndServe(":"+strconv.Itoa(port), nil)        // want `http.ListenAndServe uses a Server without timeouts`
	go http.ListenAndServe("0.0.0.0:"+strconv.Itoa(port), nil) // want `http.ListenAndServe uses a Server without timeouts`
	go http.ListenAndServe(host+":"+strconv.Itoa(port), nil)   // want `http.ListenAndServe uses a Server without timeouts`
	go http.ListenAndServe("localhost.example.com:"+host, nil) // want `http.ListenAndServe uses a Server without timeouts`
}
