// Package logrus is a stub of github.com/sirupsen/logrus: Fatal exits
// through the logger's configurable ExitFunc.
package logrus

var ExitFunc = func(int) {}

func Fatal(args ...any) { ExitFunc(1) }
func Warn(args ...any)  {}
