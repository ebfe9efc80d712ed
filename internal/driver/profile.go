package driver

import (
	"errors"
	"io"
	"os"
	"runtime"
	"runtime/pprof"
	"runtime/trace"
)

// startProfiling starts the CPU profile and the execution trace that opts
// ask for, as multichecker's -cpuprofile and -trace do. The returned stop
// function ends them. writeHeap writes the heap profile of -memprofile (if
// asked for); the caller calls it when the analysis results are still live.
func startProfiling(opts *options) (stop, writeHeap func() error, err error) {
	writeHeap = func() error { return nil }
	var stops []func() error
	stop = func() error {
		var errs []error
		for i := len(stops) - 1; i >= 0; i-- {
			errs = append(errs, stops[i]())
		}
		return errors.Join(errs...)
	}
	for _, p := range []struct {
		path  string
		start func(io.Writer) error
		end   func()
	}{
		{opts.cpuProfile, pprof.StartCPUProfile, pprof.StopCPUProfile},
		{opts.trace, trace.Start, trace.Stop},
	} {
		if p.path == "" {
			continue
		}
		f, err := os.Create(p.path)
		if err == nil {
			if err = p.start(f); err != nil {
				f.Close()
			}
		}
		if err != nil {
			stop()
			return nil, nil, err
		}
		stops = append(stops, func() error {
			p.end()
			return f.Close()
		})
	}
	if opts.memProfile != "" {
		// Created now, so that an unwritable path fails before the work.
		f, err := os.Create(opts.memProfile)
		if err != nil {
			stop()
			return nil, nil, err
		}
		stops = append(stops, f.Close)
		writeHeap = func() error {
			runtime.GC() // up-to-date statistics
			return pprof.Lookup("heap").WriteTo(f, 0)
		}
	}
	return stop, writeHeap, nil
}
