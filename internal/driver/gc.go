package driver

import (
	"os"
	"runtime"
	"runtime/debug"
)

// vetStartingHeap is the heap a go vet process may reach before its first
// collection.
const vetStartingHeap = 64 << 20

// startingHeap lets the heap grow to goal bytes before the first garbage
// collection, then restores the collector's settings. go vet starts the
// command once per package, and most packages are analyzed within a few
// tens of megabytes: with the default 4 MB first goal, such a process spends
// a fifth of its time collecting a heap it is about to drop on exit. The Go
// compiler, also run once per package, does the same
// (cmd/compile/internal/base.AdjustStartingHeap). A process whose heap
// passes goal collects as usual from then on. GOGC or GOMEMLIMIT in the
// environment win.
func startingHeap(goal int64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" {
		return
	}
	percent := debug.SetGCPercent(-1) // no collection but the memory limit's
	limit := debug.SetMemoryLimit(goal)
	// The sentinel is unreachable at once, so its finalizer runs after the
	// first collection, which the limit triggers when the heap reaches goal.
	type sentinel [32]byte // not a tiny allocation: those share a finalizer
	runtime.SetFinalizer(new(sentinel), func(*sentinel) {
		debug.SetGCPercent(percent)
		debug.SetMemoryLimit(limit)
	})
}
