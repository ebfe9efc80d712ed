package deadline_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

func TestParseHeader(t *testing.T) {
	valid := map[string]time.Duration{
		"0":          0,
		"1":          time.Millisecond,
		"250":        250 * time.Millisecond,
		"0000000250": 250 * time.Millisecond,
		"9999999999": 9999999999 * time.Millisecond,
	}
	for s, want := range valid {
		got, err := deadline.ParseHeader(s)
		if err != nil || got != want {
			t.Errorf("ParseHeader(%q) = %v, %v; want %v, nil", s, got, err, want)
		}
	}
	invalid := []string{
		"", " ", "12345678901", "99999999999999999999", "-1", "+1", " 1", "1 ",
		"1.5", "1e3", "1ms", "1s", "0x10", "١٢٣", "1,2", "1\x00", "\xff",
		"2026-11-30T01:42:52Z", // absolute form: only ParseDeadline accepts it
	}
	for _, s := range invalid {
		got, err := deadline.ParseHeader(s)
		if !errors.Is(err, deadline.ErrInvalidHeader) || got != 0 {
			t.Errorf("ParseHeader(%q) = %v, %v; want 0, ErrInvalidHeader", s, got, err)
		}
		if err != nil && strings.Contains(err.Error(), s) && s != "" && s != " " {
			t.Errorf("ParseHeader(%q) error %q quotes the peer's value", s, err)
		}
	}
}

func TestParseDeadline(t *testing.T) {
	now := time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC)
	tests := []struct {
		in   string
		want time.Duration
	}{
		{"1500", 1500 * time.Millisecond},
		{"2026-11-30T01:00:02Z", 2 * time.Second},
		{"2026-11-30T01:00:00.25Z", 250 * time.Millisecond},
		{"2026-11-30T02:00:01+01:00", time.Second},
		{"2026-11-30T00:59:59Z", -time.Second},             // past: expired, not invalid
		{"9999-12-31T23:59:59Z", time.Duration(1<<63 - 1)}, // saturates; the policy clamps it
		{"0001-01-01T00:00:00Z", time.Duration(-1 << 63)},  // saturates the other way
		{"2026-11-30T01:00:02.123456789+00:00", 2123456789 * time.Nanosecond},
	}
	for _, tt := range tests {
		got, err := deadline.ParseDeadline(tt.in, now)
		if err != nil || got != tt.want {
			t.Errorf("ParseDeadline(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
		}
	}
	for _, s := range []string{
		"", "-1", "2026-11-30", "2026-11-30T01:00:02", "2026-13-30T01:00:02Z",
		"2026-11-30T01:00:02Z ", "Mon, 30 Nov 2026 01:00:02 GMT", "12345678901",
		"2026-11-30T01:00:02.123456789123456789Z",
	} {
		if _, err := deadline.ParseDeadline(s, now); !errors.Is(err, deadline.ErrInvalidHeader) {
			t.Errorf("ParseDeadline(%q) error = %v, want ErrInvalidHeader", s, err)
		}
	}
}

func TestFormatHeader(t *testing.T) {
	tests := []struct {
		in   time.Duration
		want string
	}{
		{0, "0"},
		{999 * time.Microsecond, "0"}, // rounds down: never promise more than we have
		{time.Millisecond, "1"},
		{1999 * time.Microsecond, "1"},
		{2 * time.Second, "2000"},
		{-time.Second, "0"},
		{time.Duration(1<<63 - 1), "9999999999"}, // capped to what ParseHeader accepts
	}
	for _, tt := range tests {
		if got := deadline.FormatHeader(tt.in); got != tt.want {
			t.Errorf("FormatHeader(%v) = %q, want %q", tt.in, got, tt.want)
		}
		if got := string(deadline.AppendHeader([]byte("x"), tt.in)); got != "x"+tt.want {
			t.Errorf("AppendHeader(x, %v) = %q, want %q", tt.in, got, "x"+tt.want)
		}
	}
}

func TestRemaining(t *testing.T) {
	if d, ok := deadline.Remaining(context.Background()); ok || d != 0 {
		t.Errorf("Remaining(Background) = %v, %v; want 0, false", d, ok)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Hour)
	defer cancel()
	if d, ok := deadline.Remaining(ctx); !ok || d <= 59*time.Minute || d > time.Hour {
		t.Errorf("Remaining(1h) = %v, %v", d, ok)
	}
	past, cancel2 := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel2()
	if d, ok := deadline.Remaining(past); !ok || d != 0 {
		t.Errorf("Remaining(expired) = %v, %v; want 0, true", d, ok)
	}
}

// FuzzParseHeader checks that ParseHeader accepts exactly 1 to 10 ASCII
// digits, agrees with strconv, round-trips through FormatHeader, and that
// ParseDeadline never panics and only widens ParseHeader with RFC 3339.
func FuzzParseHeader(f *testing.F) {
	for _, s := range []string{"0", "250", "9999999999", "12345678901", "-1", "1ms", " 1", "", "2026-11-30T01:42:52Z"} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		d, err := deadline.ParseHeader(s)
		digits := len(s) >= 1 && len(s) <= deadline.MaxHeaderDigits && strings.Trim(s, "0123456789") == ""
		if (err == nil) != digits {
			t.Fatalf("ParseHeader(%q) error = %v, but all-digits(≤10) = %v", s, err, digits)
		}
		if err != nil {
			if !errors.Is(err, deadline.ErrInvalidHeader) || d != 0 {
				t.Fatalf("ParseHeader(%q) = %v, %v", s, d, err)
			}
		} else {
			ms, perr := strconv.ParseInt(s, 10, 64)
			if perr != nil || d != time.Duration(ms)*time.Millisecond || d < 0 {
				t.Fatalf("ParseHeader(%q) = %v, strconv says %d, %v", s, d, ms, perr)
			}
			if back, err := deadline.ParseHeader(deadline.FormatHeader(d)); err != nil || back != d {
				t.Fatalf("round trip of %q: %v, %v", s, back, err)
			}
		}
		d2, err2 := deadline.ParseDeadline(s, now)
		if err == nil && (err2 != nil || d2 != d) {
			t.Fatalf("ParseDeadline(%q) = %v, %v; ParseHeader gave %v", s, d2, err2, d)
		}
		if err2 != nil && !errors.Is(err2, deadline.ErrInvalidHeader) {
			t.Fatalf("ParseDeadline(%q) error %v does not wrap ErrInvalidHeader", s, err2)
		}
		// Whatever parses, the policy never grants more than Max.
		p := deadline.ServerPolicy{Max: time.Second, Min: 10 * time.Millisecond, Offset: time.Millisecond}
		if b, kind := p.Budget(d2, err2 == nil); b < 0 || b > time.Second || (b == 0) != (kind == deadline.HeaderExpired) {
			t.Fatalf("Budget(%v) for %q = %v, %v", d2, s, b, kind)
		}
	})
}

func BenchmarkParseHeader(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := deadline.ParseHeader("1234567890"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkParseHeaderInvalid(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := deadline.ParseHeader("12345x"); err == nil {
			b.Fatal("accepted")
		}
	}
}

func BenchmarkParseDeadlineRFC3339(b *testing.B) {
	now := time.Date(2026, 11, 30, 1, 0, 0, 0, time.UTC)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := deadline.ParseDeadline("2026-11-30T01:00:02.5Z", now); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkFormatHeader(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		sink = deadline.FormatHeader(1234567890 * time.Millisecond)
	}
}

// sink keeps benchmark results alive, so they escape as in real use.
var sink string

func BenchmarkAppendHeader(b *testing.B) {
	buf := make([]byte, 0, deadline.MaxHeaderDigits)
	b.ReportAllocs()
	for b.Loop() {
		buf = deadline.AppendHeader(buf[:0], 1234567890*time.Millisecond)
	}
}
