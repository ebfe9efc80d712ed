package driver

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func gcSettings() (percent int, limit int64) {
	percent = debug.SetGCPercent(100)
	debug.SetGCPercent(percent)
	return percent, debug.SetMemoryLimit(-1) // a negative limit only reads it
}

func TestStartingHeap(t *testing.T) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		t.Skip("GOGC or GOMEMLIMIT is set: startingHeap leaves the collector alone")
	}
	percent, limit := gcSettings()
	if limit != math.MaxInt64 {
		t.Fatalf("default memory limit %d, want none", limit)
	}
	defer func() {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	}()

	startingHeap(32 << 20)
	if p, l := gcSettings(); p != -1 || l != 32<<20 {
		t.Fatalf("after startingHeap: GC percent %d, memory limit %d; want -1 and %d", p, l, 32<<20)
	}
	// The first collection restores the settings (its finalizer runs soon
	// after).
	deadline := time.Now().Add(10 * time.Second)
	for {
		runtime.GC()
		if p, l := gcSettings(); p == percent && l == limit {
			break
		}
		if time.Now().After(deadline) {
			p, l := gcSettings()
			t.Fatalf("after a collection: GC percent %d, memory limit %d; want %d and %d restored", p, l, percent, limit)
		}
		time.Sleep(time.Millisecond)
	}
}

func TestStartingHeapLeavesUserSettings(t *testing.T) {
	for _, env := range []struct{ name, value string }{{"GOGC", "50"}, {"GOMEMLIMIT", "1GiB"}} {
		t.Run(env.name, func(t *testing.T) {
			t.Setenv(env.name, env.value)
			percent, limit := gcSettings()
			startingHeap(32 << 20)
			if p, l := gcSettings(); p != percent || l != limit {
				debug.SetGCPercent(percent)
				debug.SetMemoryLimit(limit)
				t.Errorf("with %s set: GC percent %d, memory limit %d; want %d and %d untouched", env.name, p, l, percent, limit)
			}
		})
	}
}
