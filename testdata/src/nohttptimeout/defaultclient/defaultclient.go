package defaultclient

import (
	"context"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// --- must report ---

func get(u string) (*http.Response, error) {
	return http.Get(u) // want `http.Get uses http.DefaultClient, which has no timeout`
}

func head(u string) { _, _ = http.Head(u) } // want `http.Head uses http.DefaultClient`

func post(u string, body io.Reader) { _, _ = http.Post(u, "application/json", body) } // want `http.Post uses`

func postForm(u string) { _, _ = http.PostForm(u, url.Values{"a": {"b"}}) } // want `http.PostForm uses`

func doNoContext(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func doBackground(u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req) // want `http.DefaultClient has no timeout`
}

func getMethod(u string) { _, _ = http.DefaultClient.Get(u) } // want `http.DefaultClient has no timeout`

type API struct{ HC *http.Client }

// The fallback is where the unbounded client comes from.
func (a *API) get(u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient // want `http.DefaultClient has no timeout`
	}
	return hc.Do(req)
}

func escapes() *API { return &API{HC: http.DefaultClient} } // want `http.DefaultClient has no timeout`

func methodValue() func(*http.Request) (*http.Response, error) {
	return http.DefaultClient.Do // want `http.DefaultClient has no timeout`
}

// --- must stay quiet ---

func doIncoming(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req) // the caller owns the bound
}

func doDeadline(u string) (*http.Response, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	return http.DefaultClient.Do(req)
}

func doWithContextLater(ctx context.Context, u string) (*http.Response, error) {
	req, err := http.NewRequest(http.MethodGet, u, strings.NewReader(""))
	if err != nil {
		return nil, err
	}
	req = req.WithContext(ctx)
	return http.DefaultClient.Do(req)
}

func proxy(w http.ResponseWriter, r *http.Request) {
	out := r.Clone(r.Context())
	resp, err := http.DefaultClient.Do(out)
	if err == nil {
		resp.Body.Close()
	}
}

func localVarBounded(ctx context.Context, u string) error {
	c := http.DefaultClient
	ctx, cancel := context.WithTimeout(ctx, time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return err
}

// The request comes from the caller, with the caller's context: the caller
// owns the bound.
func (a *API) do(req *http.Request) (*http.Response, error) {
	hc := a.HC
	if hc == nil {
		hc = http.DefaultClient
	}
	return hc.Do(req)
}

func isDefault(c *http.Client) bool { return c == http.DefaultClient }

func copyDefault() *http.Client {
	c := *http.DefaultClient
	c.Timeout = 5 * time.Second
	return &c
}

func transportOf() http.RoundTripper { return http.DefaultClient.Transport }

func closeIdle() { http.DefaultClient.CloseIdleConnections() }
