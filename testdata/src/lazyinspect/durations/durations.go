// Package durations imports time for durations and times only, as generated
// code often does: it has no wait, so no analyzer needs its syntax index.
package durations // want "index not built"

import "time"

// Validate checks a duration field.
func Validate(d time.Duration, at time.Time) bool {
	for i := 0; i < 3; i++ {
		if d > time.Duration(i)*time.Second && at.IsZero() {
			return false
		}
	}
	return true
}
