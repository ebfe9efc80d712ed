package renamed

import (
	. "net"
	stdhttp "net/http"
	tm "time"
)

type Client = stdhttp.Client // an alias

func renamedImport() *stdhttp.Client {
	return &stdhttp.Client{} // want `http.Client has no Timeout`
}

func throughAlias() *Client {
	return &Client{} // want `http.Client has no Timeout`
}

func dotImport(addr string) { _, _ = Dial("tcp", addr) } // want `net.Dial has no timeout`

func aliasBounded() *Client { return &Client{Timeout: 5 * tm.Second} }

// A local type named Client, not net/http's.
type client struct{ Timeout int }

func notHTTP() *client { return &client{} }

func helperNamedGet(get func(string) (*stdhttp.Response, error)) { _, _ = get("u") }
