package adaptive

import (
	"testing"
	"time"
)

// TestBuckets checks that bucket midpoints lie in their own bucket, buckets
// are monotone and at most 1/16 wide relative to their value.
func TestBuckets(t *testing.T) {
	prev := -1
	for d := time.Duration(0); d < 20*time.Hour; d = d*105/100 + time.Microsecond/3 {
		i := bucketOf(d)
		if i < prev {
			t.Fatalf("bucketOf(%v) = %d < %d: not monotone", d, i, prev)
		}
		prev = i
		if i == nBuckets-1 {
			break
		}
		if got := bucketOf(valueOf(i)); got != i {
			t.Fatalf("midpoint %v of bucket %d falls in bucket %d", valueOf(i), i, got)
		}
		if d > 20*time.Microsecond {
			if rel := float64(valueOf(i)-d) / float64(d); rel > 1.0/16 || rel < -1.0/16 {
				t.Fatalf("bucket %d midpoint %v is %.1f%% from %v", i, valueOf(i), 100*rel, d)
			}
		}
	}
	if bucketOf(1000*time.Hour) != nBuckets-1 {
		t.Error("huge durations must land in the last bucket")
	}
}
