package deadline

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Header is the HTTP header that carries a request's remaining budget from
// a client to a server: the number of whole milliseconds left, as 1 to 10
// ASCII digits ("250" means the caller gives up 250ms after sending).
// Servers also accept an RFC 3339 absolute deadline
// ("2026-11-30T01:42:52.5Z"), which depends on synchronized clocks and is
// meant for callers that cannot write a relative value.
//
// The value is relative on the wire so that clocks need not agree; every
// hop re-derives it from its own context, never copies it.
const Header = "X-Request-Deadline"

// MaxHeaderDigits is the largest number of digits a relative header value
// may have. Ten digits cover about 115 days, and no arithmetic on them can
// overflow a time.Duration.
const MaxHeaderDigits = 10

// maxHeaderMillis is the largest relative value that FormatHeader writes and
// ParseHeader accepts.
const maxHeaderMillis = 9_999_999_999

// maxRFC3339Len bounds the length of an absolute value worth parsing:
// "2006-01-02T15:04:05.999999999+07:00" is 35 bytes.
const maxRFC3339Len = 35

// ErrInvalidHeader is wrapped by every error for a malformed deadline
// header value. The errors never quote the value: it comes from the peer.
var ErrInvalidHeader = errors.New("invalid deadline header")

// Preallocated, so that rejecting a hostile value costs no allocation.
var (
	errEmpty     = fmt.Errorf("%w: empty value", ErrInvalidHeader)
	errTooLong   = fmt.Errorf("%w: more than %d digits", ErrInvalidHeader, MaxHeaderDigits)
	errNotDigits = fmt.Errorf("%w: not a decimal number of milliseconds", ErrInvalidHeader)
	errNotTime   = fmt.Errorf("%w: neither milliseconds nor an RFC 3339 time", ErrInvalidHeader)
	errRepeated  = fmt.Errorf("%w: header repeated", ErrInvalidHeader)
)

// FormatHeader returns the header value for a remaining budget d: whole
// milliseconds, rounded down, so a client never promises more time than it
// has. A negative d is written as "0" (already expired), and a d beyond the
// 10-digit range as the largest 10-digit value.
//
// FormatHeader allocates only the returned string; AppendHeader does not
// allocate at all.
func FormatHeader(d time.Duration) string {
	var buf [MaxHeaderDigits]byte
	return string(AppendHeader(buf[:0], d))
}

// AppendHeader appends the header value for d (see FormatHeader) to dst and
// returns the extended slice.
func AppendHeader(dst []byte, d time.Duration) []byte {
	ms := int64(d / time.Millisecond)
	ms = max(ms, 0)
	ms = min(ms, maxHeaderMillis)
	u := uint64(ms) // unsigned division by a constant is cheaper
	var digits [MaxHeaderDigits]byte
	i := len(digits)
	for u >= 10 {
		i--
		q := u / 10
		digits[i] = byte('0' + u - q*10)
		u = q
	}
	i--
	digits[i] = byte('0' + u)
	return append(dst, digits[i:]...)
}

// ParseHeader parses a relative header value: 1 to 10 ASCII digits of
// milliseconds, nothing else (no sign, spaces, units or fraction). Leading
// zeros are allowed. The error for anything else wraps ErrInvalidHeader.
//
// ParseHeader does not allocate.
func ParseHeader(s string) (time.Duration, error) {
	if s == "" {
		return 0, errEmpty
	}
	if len(s) > MaxHeaderDigits {
		return 0, errTooLong
	}
	var ms int64
	for i := 0; i < len(s); i++ {
		c := s[i] - '0' // wraps around for bytes below '0'
		if c > 9 {
			return 0, errNotDigits
		}
		ms = ms*10 + int64(c)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// ParseDeadline parses a header value as a server receives it and returns
// the budget left at now: either a relative value (see ParseHeader) or an
// RFC 3339 absolute deadline. The result is zero or negative when the
// deadline has already passed. The error wraps ErrInvalidHeader.
//
// The relative form does not allocate.
func ParseDeadline(s string, now time.Time) (time.Duration, error) {
	d, err := ParseHeader(s)
	if err == nil {
		return d, nil
	}
	if !looksLikeRFC3339(s) {
		return 0, err
	}
	t, perr := time.Parse(time.RFC3339Nano, s)
	if perr != nil {
		return 0, errNotTime
	}
	return t.Sub(now), nil // saturates for far-away times
}

// looksLikeRFC3339 reports whether s is worth handing to time.Parse: short
// enough, starting with a four-digit year and a date separator.
func looksLikeRFC3339(s string) bool {
	if len(s) < len("2006-01-02T15:04:05Z") || len(s) > maxRFC3339Len {
		return false
	}
	for i := range 4 {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s[4] == '-'
}

// Remaining returns the time left before ctx's deadline and whether ctx has
// a deadline at all. The duration is never negative: a deadline that has
// passed gives (0, true).
func Remaining(ctx context.Context) (time.Duration, bool) {
	dl, ok := ctx.Deadline()
	if !ok {
		return 0, false
	}
	return max(time.Until(dl), 0), true
}
