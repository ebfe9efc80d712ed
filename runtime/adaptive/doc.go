// Package adaptive computes timeouts from observed latency, so a call's
// bound follows its dependency instead of a number picked once.
//
// [Timeout] keeps a sliding window of recent latencies and sets the timeout
// to a quantile (default p99) times a headroom factor (default 1.5), bounded
// by [Min, Max] and limited per adjustment (grow fast, shrink slowly). Calls
// that timed out are censored samples: they are counted at the timeout in
// force, and when too many of them sit at or above the current timeout the
// quantile is known to be biased low, so the timeout grows instead. Calls
// the caller canceled say nothing about latency and are dropped.
//
// [RTO] is an RFC 6298 style estimator (SRTT + 4·RTTVAR) for low-traffic
// dependencies, where a p99 over a handful of samples means little.
//
// Both implement [Estimator]; [Do] runs a call under an estimator's timeout
// and records its outcome. Recording and reading are O(1) (amortised) and
// allocation-free.
package adaptive
