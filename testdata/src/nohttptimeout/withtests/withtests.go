package withtests

import "net/http"

func Get(u string) { _, _ = http.Get(u) } // want `http.Get uses http.DefaultClient`
