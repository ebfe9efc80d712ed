package deadline

import (
	"context"
	"log/slog"
)

// SlogHook returns a Hook that logs each Event to l (nil means
// slog.Default()) as one "timeout event" record with the attributes
// dependency, operation, kind, configured, remaining, elapsed and attempt,
// plus delay and error when set. Timeouts, refusals and bad headers are
// logged at Warn, clamping and retries at Info, and a default deadline
// applied to a request without a header at Debug. The Hook is safe for
// concurrent use; it does nothing when l has the level disabled.
func SlogHook(l *slog.Logger) Hook {
	return func(ctx context.Context, e Event) {
		logger := l
		if logger == nil {
			logger = slog.Default()
		}
		level := eventLevel(e.Kind)
		if !logger.Enabled(ctx, level) {
			return
		}
		attrs := make([]slog.Attr, 0, 9)
		attrs = append(attrs,
			slog.String("dependency", e.Dependency),
			slog.String("operation", e.Operation),
			slog.String("kind", e.Kind.String()),
			slog.Duration("configured", e.Configured),
			slog.Duration("remaining", e.Remaining),
			slog.Duration("elapsed", e.Elapsed),
			slog.Int("attempt", e.Attempt),
		)
		if e.Delay != 0 {
			attrs = append(attrs, slog.Duration("delay", e.Delay))
		}
		if e.Err != nil {
			attrs = append(attrs, slog.String("error", e.Err.Error()))
		}
		logger.LogAttrs(ctx, level, "timeout event", attrs...)
	}
}

// eventLevel is the log level of an Event of kind k.
func eventLevel(k Kind) slog.Level {
	switch k {
	case DefaultApplied:
		return slog.LevelDebug
	case HeaderClamped, RetryScheduled, AdaptiveChanged:
		return slog.LevelInfo
	}
	return slog.LevelWarn
}
