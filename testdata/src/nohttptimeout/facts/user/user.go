package user

import (
	"net/http"
	"time"

	"nohttptimeout/facts/helper"
)

func configured() *http.Client {
	c := &http.Client{}
	helper.Configure(c, 10*time.Second)
	return c
}

func hardened(h http.Handler) *http.Server {
	s := &http.Server{Handler: h}
	helper.Harden(s)
	return s
}

func wrapped() *http.Client {
	c := &http.Client{} // want `http.Client has no Timeout`
	return helper.Wrap(c)
}
