// Package variantsflag is checked with
// -variants=ctxdeadline/variantsflag.Open:ctxdeadline/variantsflag.Dial,(*ctxdeadline/variantsflag.Conn).Run:(*ctxdeadline/variantsflag.Conn).Exec
package variantsflag

import "context"

type Conn struct{}

func Open(addr string) (*Conn, error)                           { return nil, nil }
func Dial(ctx context.Context, addr string) (*Conn, error)      { return nil, nil }
func (c *Conn) Run(q string) error                              { return nil }
func (c *Conn) Exec(ctx context.Context, q string, n int) error { return nil }
func (c *Conn) Close() error                                    { return nil }

func use(ctx context.Context) error {
	c, err := Open("db") // want `Open ignores the incoming context, .*; use Dial\(ctx, ...\)`
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Run("q") // want `c.Run ignores the incoming context, .*; use \(\*ctxdeadline/variantsflag.Conn\).Exec with ctx`
}

func useOK(ctx context.Context) error {
	c, err := Dial(ctx, "db")
	if err != nil {
		return err
	}
	defer c.Close()
	return c.Exec(ctx, "q", 1)
}

func noIncoming() error {
	_, err := Open("db")
	return err
}
