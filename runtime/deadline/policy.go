package deadline

import (
	"errors"
	"net/http"
	"net/netip"
	"time"
)

// Defaults of a ServerPolicy whose fields are zero.
const (
	DefaultMax     = 30 * time.Second // longest budget a caller can obtain
	DefaultDefault = 10 * time.Second // budget of a request with no trusted header
)

// ErrUntrusted is the Err of the DefaultApplied Event emitted when a request
// carried a deadline header that the policy's Trust predicate rejected.
var ErrUntrusted = errors.New("deadline header from an untrusted peer ignored")

// ErrExpired is the Err of the HeaderExpired Event, and the cause of the
// rejection, when a request arrived with no budget left.
var ErrExpired = errors.New("request deadline already expired")

// ServerPolicy says how much time a server gives each request. The zero
// value is safe: every request gets DefaultDefault (10s), no header is
// trusted, and nothing can exceed DefaultMax (30s).
//
// The effective deadline of a request is the earliest of the deadline its
// context already has (the server's own limit) and now plus:
//
//   - Default, when the request has no header, or Trust is nil or returns
//     false, or the header is malformed (a HeaderInvalid Event);
//   - otherwise the header's budget less Offset, clamped to [Min, Max]
//     (a HeaderClamped Event when clamping changed it);
//   - and when that budget is zero or negative the request is rejected at
//     once with 504 Gateway Timeout (a HeaderExpired Event); in Shadow mode
//     it is only recorded and the request runs with Default.
//
// So a header can shorten the server's work down to Min, never lengthen it
// past Max. A ServerPolicy is a value; Middleware copies it, and it is safe
// for concurrent use as long as Trust, Operation and Hook are.
type ServerPolicy struct {
	// Max is the longest budget a request can get. Zero or negative means
	// DefaultMax.
	Max time.Duration
	// Default is the budget of a request without a trusted, valid header.
	// Zero or negative means DefaultDefault; it is capped at Max.
	Default time.Duration
	// Min is the shortest budget a live (not yet expired) header gets, so
	// that a 1ms budget does not cancel the handler mid-write. Zero or
	// negative means none; it is capped at Max.
	Min time.Duration
	// Offset is subtracted from a trusted header's budget before clamping:
	// time kept for the response to travel back. Negative means zero.
	Offset time.Duration

	// Trust reports whether the request's deadline header may be used.
	// Nil trusts nobody: every request gets Default, which is the safe
	// choice for a server reachable from outside. Inside a mesh, set it to
	// TrustPrivateNetwork, to TrustAll, or to a check of the mTLS peer.
	Trust func(*http.Request) bool

	// Shadow records expired budgets (HeaderExpired) without rejecting the
	// request: the way to roll the policy out and watch before enforcing.
	Shadow bool

	// Hook receives one Event per notable decision. Nil drops them.
	Hook Hook
	// Dependency names this server in Events, e.g. "checkout-api".
	Dependency string
	// Operation names the request in Events. Nil means method and path.
	Operation func(*http.Request) string
}

// normalized returns p with every zero or out-of-range duration replaced by
// its documented default.
func (p ServerPolicy) normalized() ServerPolicy {
	if p.Max <= 0 {
		p.Max = DefaultMax
	}
	if p.Default <= 0 {
		p.Default = DefaultDefault
	}
	p.Default = min(p.Default, p.Max)
	p.Min = min(max(p.Min, 0), p.Max)
	p.Offset = max(p.Offset, 0)
	return p
}

// Budget applies the policy to one request and returns the budget it gets
// and the Kind of Event the decision warrants (KindUnknown when the header
// was used as it was). requested is the budget the caller asked for; ok is
// false when there was no trusted, valid header. The server's own deadline
// is not known here: callers take the earliest of the two.
//
// A result of (0, HeaderExpired) means the request must be rejected; in
// Shadow mode an expired request gets (Default, HeaderExpired) instead.
func (p ServerPolicy) Budget(requested time.Duration, ok bool) (time.Duration, Kind) {
	p = p.normalized()
	if !ok {
		return p.Default, DefaultApplied
	}
	// requested ≤ 10 digits of ms, or a saturated RFC 3339 difference:
	// subtracting a non-negative Offset cannot overflow except from the
	// most negative Duration, which is already ≤ 0.
	b := requested
	if b > 0 {
		b -= p.Offset
	}
	switch {
	case b <= 0:
		if p.Shadow {
			return p.Default, HeaderExpired
		}
		return 0, HeaderExpired
	case b > p.Max:
		return p.Max, HeaderClamped
	case b < p.Min:
		return p.Min, HeaderClamped
	}
	return b, KindUnknown
}

// TrustAll is a ServerPolicy.Trust that trusts every peer. Use it only
// behind a proxy that strips the header from outside requests.
func TrustAll(*http.Request) bool { return true }

// TrustPrivateNetwork is a ServerPolicy.Trust that trusts peers whose
// address (http.Request.RemoteAddr, the TCP peer, not a forwarded header)
// is a loopback or private (RFC 1918, RFC 4193) address. Behind a proxy on
// a private network, every request looks private: strip the header at the
// proxy, or use a stronger check.
func TrustPrivateNetwork(r *http.Request) bool {
	return IsPrivateAddr(r.RemoteAddr)
}

// IsPrivateAddr reports whether addr, an "ip:port" or bare IP, is a
// loopback or private address. Used by TrustPrivateNetwork and by the gRPC
// interceptors' equivalent.
func IsPrivateAddr(addr string) bool {
	ip, err := netip.ParseAddr(addr)
	if err != nil {
		ap, err := netip.ParseAddrPort(addr)
		if err != nil {
			return false
		}
		ip = ap.Addr()
	}
	ip = ip.Unmap()
	return ip.IsLoopback() || ip.IsPrivate()
}
