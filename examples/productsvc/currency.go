package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"time"
)

// RatesClient asks the currency API for exchange rates.
type RatesClient struct {
	base string
	hc   *http.Client
}

// NewRatesClient returns a client for the currency API at base.
func NewRatesClient(base string) *RatesClient {
	return &RatesClient{
		base: base,
		// No Timeout: when the currency API slows down, so does every
		// product page, without limit.
		hc: &http.Client{Transport: http.DefaultTransport},
	}
}

type rateResponse struct {
	Rate float64 `json:"rate"`
}

// Rate returns the exchange rate from one currency to another. It ignores
// the caller's context and starts a fresh one with no deadline.
func (c *RatesClient) Rate(ctx context.Context, from, to string) (float64, error) {
	q := url.Values{"from": {from}, "to": {to}}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, c.base+"/rates?"+q.Encode(), nil)
	if err != nil {
		return 0, err
	}
	resp, err := c.hc.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("currency api: %s", resp.Status)
	}
	var r rateResponse
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil {
		return 0, err
	}
	return r.Rate, nil
}

// RateWithRetry retries Rate until it succeeds, sleeping between attempts
// whatever the caller's deadline.
func (c *RatesClient) RateWithRetry(ctx context.Context, from, to string) (float64, error) {
	backoff := 100 * time.Millisecond
	for {
		rate, err := c.Rate(ctx, from, to)
		if err == nil {
			return rate, nil
		}
		time.Sleep(backoff)
		if backoff < 5*time.Second {
			backoff *= 2
		}
	}
}

// Symbols lists the currencies the API knows, through the default client.
func (c *RatesClient) Symbols() ([]string, error) {
	resp, err := http.Get(c.base + "/symbols")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var symbols []string
	err = json.NewDecoder(resp.Body).Decode(&symbols)
	return symbols, err
}
