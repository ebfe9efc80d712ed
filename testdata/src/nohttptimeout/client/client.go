package client

import (
	"context"
	"net"
	"net/http"
	"time"
)

// --- must report ---

func bareLiteral() *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

func withTransportOnly(t http.RoundTripper) {
	c := &http.Client{Transport: t} // want `http.Client has no Timeout`
	_, _ = c.Get("https://example.com")
}

func newClient() {
	c := new(http.Client) // want `http.Client has no Timeout`
	_, _ = c.Get("https://example.com")
}

func zeroVar() {
	var c http.Client // want `http.Client variable has no Timeout`
	_, _ = c.Get("https://example.com")
}

func constantZero() {
	c := &http.Client{Timeout: 0} // want `http.Client has no Timeout`
	_, _ = c.Get("https://example.com")
}

func zeroAssignedLater() {
	c := &http.Client{} // want `http.Client has no Timeout`
	c.Timeout = 0
	_, _ = c.Get("https://example.com")
}

func valueLiteral() {
	c := http.Client{Jar: nil} // want `http.Client has no Timeout`
	_, _ = c.Get("https://example.com")
}

type API struct {
	hc   *http.Client
	name string
}

type Remote struct {
	hc   *http.Client
	name string
}

func NewRemote(name string) *Remote {
	return &Remote{name: name, hc: &http.Client{}} // want `http.Client has no Timeout`
}

// A Transport that bounds connecting and headers still leaves the body unbounded.
func transportBounded() *http.Client {
	return &http.Client{ // want `reading the body is unbounded`
		Transport: &http.Transport{
			DialContext:           (&net.Dialer{Timeout: 5 * time.Second}).DialContext,
			ResponseHeaderTimeout: 10 * time.Second,
		},
	}
}

func transportVarBounded() *http.Client {
	tr := &http.Transport{ResponseHeaderTimeout: 10 * time.Second}
	return &http.Client{Transport: tr} // want `reading the body is unbounded`
}

// Passed to a function of this package that does not set the Timeout.
func passedToNonSetter() {
	c := &http.Client{} // want `http.Client has no Timeout`
	use(c)
}

func use(c *http.Client) { _, _ = c.Get("https://example.com") }

// An exported constructor: its callers elsewhere cannot be seen.
func NewDefault() *http.Client {
	c := &http.Client{} // want `http.Client has no Timeout`
	return c
}

// An unexported constructor with one caller that does not set it.
func build() *http.Client { return &http.Client{} } // want `http.Client has no Timeout`

func buildUser() { _, _ = build().Get("https://example.com") }

var pkgClient = &http.Client{} // want `http.Client has no Timeout`

func usePkgClient() { _, _ = pkgClient.Get("https://example.com") }

// Generic code builds clients too.
func generic[T any](v T) *http.Client {
	return &http.Client{} // want `http.Client has no Timeout`
}

// --- must stay quiet ---

func withTimeout() *http.Client {
	return &http.Client{Timeout: 10 * time.Second}
}

func withVariableTimeout(d time.Duration) *http.Client {
	return &http.Client{Timeout: d}
}

func setAfter() *http.Client {
	c := &http.Client{}
	c.Timeout = 5 * time.Second
	return c
}

func newSetAfter() *http.Client {
	c := new(http.Client)
	c.Timeout = 5 * time.Second
	return c
}

func zeroVarSetAfter() {
	var c http.Client
	c.Timeout = time.Second
	_, _ = c.Get("https://example.com")
}

func throughDeref() *http.Client {
	c := &http.Client{}
	(*c).Timeout = time.Second
	return c
}

func throughAlias() *http.Client {
	c := &http.Client{}
	d := c
	d.Timeout = time.Minute
	return c
}

func structFieldSetLater() *API {
	a := &API{hc: &http.Client{}}
	a.hc.Timeout = 3 * time.Second
	return a
}

type Service struct{ client *http.Client }

func NewService() *Service {
	s := &Service{}
	s.client = &http.Client{}
	s.configure(30 * time.Second)
	return s
}

// The field is configured in another method: a store to s.client.Timeout
// anywhere in the package counts.
func (s *Service) configure(d time.Duration) { s.client.Timeout = d }

func (r *Remote) Name() string { return r.name }

func passedToSetter() *http.Client {
	c := &http.Client{}
	applyTimeout(c, time.Second)
	return c
}

func applyTimeout(c *http.Client, d time.Duration) { c.Timeout = d } // want applyTimeout:`setsTimeout`

func passedToOption(opts ...func(*http.Client)) *http.Client {
	c := &http.Client{}
	for _, o := range opts {
		o(c) // options may set the Timeout
	}
	return c
}

// An unexported constructor whose every caller sets the Timeout.
func base() *http.Client { return &http.Client{Transport: http.DefaultTransport} }

func configured() *http.Client {
	c := base()
	c.Timeout = 2 * time.Second
	return c
}

func configuredTuple() (*http.Client, error) {
	c, err := baseErr()
	if err != nil {
		return nil, err
	}
	c.Timeout = time.Second
	return c, nil
}

func baseErr() (*http.Client, error) {
	c := &http.Client{}
	return c, nil
}

var initClient = &http.Client{}

func init() { initClient.Timeout = 15 * time.Second }

var laterClient http.Client

func setup(d time.Duration) { laterClient.Timeout = d }

// A copy of a bounded client is judged where the original is built.
func copyOf(c *http.Client) *http.Client {
	cp := *c
	cp.Transport = http.DefaultTransport
	return &cp
}

func zeroVarReplaced(other *http.Client) {
	var c http.Client
	c = *other
	_, _ = c.Get("https://example.com")
}

func addressTaken(fill func(*http.Client)) {
	var c http.Client
	fill(&c)
	_, _ = c.Get("https://example.com")
}

// Embedded clients: the Timeout is promoted.
type Embedding struct {
	http.Client
	Name string
}

func embedded() *Embedding {
	e := &Embedding{Client: http.Client{}}
	e.Timeout = time.Second
	return e
}

func withContext(ctx context.Context) {
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	_ = ctx
}

func pointerVarOnly() {
	var c *http.Client // a nil pointer, not a client
	_ = c
}
