package fiximport

import (
	"net/http"
)

func client() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}
