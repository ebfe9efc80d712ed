// Package server builds an http.Client: the analyzers walk its syntax.
package server // want "index built"

import "net/http"

var client = &http.Client{}

func get(url string) (*http.Response, error) { return client.Get(url) }
