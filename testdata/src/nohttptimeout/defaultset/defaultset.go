package defaultset

import (
	"net/http"
	"time"
)

// The package bounds the default client once: every use below is quiet.
func init() { http.DefaultClient.Timeout = 20 * time.Second }

func get(u string) { _, _ = http.Get(u) }

func do(req *http.Request) { _, _ = http.DefaultClient.Do(req) }
