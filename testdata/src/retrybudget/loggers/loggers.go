package loggers // want package:"hassleepers"

// Retry loops whose permanent errors end the program through a logging
// library's fatal call are not retried forever.

import (
	"errors"
	"time"

	"github.com/golang/glog"
	"github.com/sirupsen/logrus"
)

var errPermanent = errors.New("permanent")

func op() error { return nil }

func glogExit() { // want glogExit:"sleeps\\(1s\\)"
	for {
		err := op()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			glog.Fatalf("giving up: %v", err)
		}
		time.Sleep(time.Second)
	}
}

func logrusExit() { // want logrusExit:"sleeps\\(1s\\)"
	for {
		err := op()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			logrus.Fatal(err)
		}
		time.Sleep(time.Second)
	}
}

// Near-identical, reported: Infof and Warn return.
func glogInfo() { // want glogInfo:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := op()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			glog.Infof("permanent: %v", err)
		}
		time.Sleep(time.Second)
	}
}

func logrusWarn() { // want logrusWarn:"sleeps\\(1s\\)"
	for { // want `retry loop exits only when the operation succeeds`
		err := op()
		if err == nil {
			return
		}
		if errors.Is(err, errPermanent) {
			logrus.Warn(err)
		}
		time.Sleep(time.Second)
	}
}
