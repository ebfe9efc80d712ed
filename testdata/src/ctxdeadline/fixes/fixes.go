// Package fixes holds the suggested-fix fixtures (see fixes.go.golden).
package fixes

import (
	"context"
	"crypto/tls"
	"database/sql"
	"net"
	"net/http"
	"os/exec"
	"time"

	"github.com/gin-gonic/gin"
)

func fetch(ctx context.Context, id string) error { return ctx.Err() }

func direct(ctx context.Context) error {
	return fetch(context.Background(), "a") // want `context.Background\(\) passed to fetch drops`
}

func handler(w http.ResponseWriter, r *http.Request) {
	_ = fetch(context.TODO(), "a") // want `context.TODO\(\) passed to fetch drops`
}

func variable(ctx context.Context) error {
	bg := context.Background() // want `context.Background\(\) passed to fetch drops`
	return fetch(bg, "a")
}

func goroutine(w http.ResponseWriter, r *http.Request) {
	go func() { _ = fetch(context.Background(), "audit") }() // want `in a goroutine`
}

func reset(ctx context.Context) error {
	tctx, cancel := context.WithTimeout(context.Background(), 5*time.Second) // want `context.WithTimeout on context.Background\(\)`
	defer cancel()
	return fetch(tctx, "a")
}

func framework(c *gin.Context) error {
	bg := context.Background() // want `context.Background\(\) passed to fetch drops .*; pass c`
	return fetch(bg, "no fix: bg would change type")
}

func frameworkArg(c *gin.Context) error {
	return fetch(context.Background(), "a") // want `context.Background\(\) passed to fetch drops .*; pass c`
}

func shadowed(ctx context.Context) error {
	{
		ctx := "shadowed"
		return fetch(context.Background(), ctx) // want `context.Background\(\) passed to fetch drops`
	}
}

func request(ctx context.Context, url string) (*http.Request, error) {
	return http.NewRequest(http.MethodGet, url, nil) // want `http.NewRequest ignores the incoming context`
}

func command(ctx context.Context) error {
	return exec.Command("git", "fetch").Run() // want `exec.Command ignores the incoming context`
}

func begin(ctx context.Context, db *sql.DB) (*sql.Tx, error) {
	return db.Begin() // want `db.Begin ignores the incoming context`
}

func dial(ctx context.Context, addr string) (net.Conn, error) {
	return net.Dial("tcp", addr) // want `net.Dial ignores the incoming context`
}

func handshake(r *http.Request, c *tls.Conn) error {
	return c.Handshake() // want `c.Handshake ignores the incoming context`
}

func get(ctx context.Context, url string) (*http.Response, error) {
	return http.Get(url) // want `http.Get ignores the incoming context`
}

func unit(ctx context.Context) {
	tctx, cancel := context.WithTimeout(ctx, 5) // want `context.WithTimeout timeout of untyped 5 is 5ns`
	defer cancel()
	_ = tctx
}
