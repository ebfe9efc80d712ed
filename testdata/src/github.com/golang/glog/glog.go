// Package glog is a stub of github.com/golang/glog: its Fatal functions end
// the program only deep inside the logger, which no analysis of the body
// (nor export data) shows.
package glog

var severityExits = map[int]bool{3: true}

func logf(severity int, format string, args ...any) {
	if severityExits[severity] {
		exit()
	}
}

func exit() {}

func Fatalf(format string, args ...any) { logf(3, format, args...) }
func Infof(format string, args ...any)  { logf(0, format, args...) }
