// Package budget spends the time a context has left: a context-aware
// [Sleep], a deadline-aware [Retry] loop, retry budgets that cap retries at a
// share of requests ([Ratio], [TokenBucket], scoped per dependency by a
// [Registry]), and [Split], which divides the remaining time across
// sequential or parallel calls.
//
// The context's deadline is the only clock of record. Every wait races
// ctx.Done(); no attempt or step is started when the remaining budget cannot
// fit it (the error then says the stop was predicted); every timeout outcome
// is an error that satisfies errors.Is(err, context.DeadlineExceeded) and
// still unwraps to the last attempt's error. Every decision is reported as a
// [deadline.Event] through a [deadline.Hook].
//
// Zero values are safe and bounded: a zero option or a zero Config field
// means the documented default, never "unlimited".
package budget
