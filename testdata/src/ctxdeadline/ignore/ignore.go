// Package ignore is checked with -unused-ignores.
package ignore

import (
	"context"
	"database/sql"
)

func fetch(ctx context.Context) error { return ctx.Err() }

func silenced(ctx context.Context) error {
	//timeoutlint:ignore ctxdeadline the audit write must outlive the request
	return fetch(context.Background())
}

func silencedSameLine(ctx context.Context, db *sql.DB) error {
	return db.Ping() //timeoutlint:ignore ctxdeadline legacy driver ignores contexts
}

func reported(ctx context.Context) error {
	return fetch(context.Background()) // want `context.Background\(\) passed to fetch drops`
}

func unused(ctx context.Context) error {
	//timeoutlint:ignore ctxdeadline nothing to silence here // want `timeoutlint:ignore directive for ctxdeadline silences nothing; remove it`
	return fetch(ctx)
}

func otherAnalyzer(ctx context.Context) error {
	//timeoutlint:ignore nohttptimeout not ours, not reported by ctxdeadline
	return fetch(ctx)
}
