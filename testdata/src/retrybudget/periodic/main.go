// Package main holds loops of a command: periodic loops in main are not
// retries, but a startup wait for a dependency that never gives up is.
package main

import (
	"log"
	"time"
)

func refresh() error { return nil }

func connect() error { return nil }

func main() {
	// Waiting for the database at startup, forever.
	for { // want `retry loop exits only when the operation succeeds`
		if err := connect(); err == nil {
			break
		}
		log.Println("waiting for the database")
		time.Sleep(time.Second)
	}
	go func() {
		for {
			if err := refresh(); err != nil {
				log.Println(err)
			}
			time.Sleep(time.Minute)
		}
	}()
	tick := time.NewTicker(time.Minute)
	for range tick.C {
		if err := refresh(); err != nil {
			log.Println(err)
		}
	}
}
