package fixes

import "context"

func unitImport(ctx context.Context) context.CancelFunc {
	_, cancel := context.WithTimeout(ctx, 3+4) // want `context.WithTimeout timeout of untyped 7 is 7ns`
	return cancel
}
