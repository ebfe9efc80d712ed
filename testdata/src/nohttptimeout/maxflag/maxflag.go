package maxflag

import (
	"net/http"
	"time"
)

// With -max=1h, 30m is allowed and 2h is not.
func allowed() *http.Client { return &http.Client{Timeout: 30 * time.Minute} }

func above() *http.Client { return &http.Client{Timeout: 2 * time.Hour} } // want `of 2h0m0s is above the 1h0m0s limit`
