// Command cmdmain: main and init are roots; they have no incoming context
// and get no facts (nothing calls them).
package main

import (
	"context"
	"database/sql"
	"os/exec"
	"time"
)

var db *sql.DB

func fetch(ctx context.Context) error { return ctx.Err() }

func init() {
	_ = fetch(context.Background())
	_ = db.Ping()
}

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	_ = run(ctx)
	_ = exec.Command("true").Run()
}

func run(ctx context.Context) error {
	return exec.Command("true").Run() // want `exec.Command ignores the incoming context`
}
