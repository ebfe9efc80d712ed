package deadline_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/timeoutlint/timeoutlint/runtime/deadline"
)

func TestSlogHook(t *testing.T) {
	var buf bytes.Buffer
	hook := deadline.SlogHook(slog.New(slog.NewJSONHandler(&buf, nil))) // Info and above

	hook.Emit(context.Background(), deadline.Event{Kind: deadline.DefaultApplied}) // Debug: dropped
	if buf.Len() != 0 {
		t.Errorf("DefaultApplied logged at Info: %s", buf.String())
	}

	hook.Emit(context.Background(), deadline.Event{
		Dependency: "currency-api",
		Operation:  "GET /rates",
		Kind:       deadline.DeadlineExceeded,
		Configured: time.Second,
		Remaining:  0,
		Elapsed:    time.Second,
		Attempt:    3,
		Err:        errors.New("boom"),
	})
	var rec map[string]any
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil {
		t.Fatalf("%v: %s", err, buf.String())
	}
	want := map[string]any{
		"level":      "WARN",
		"dependency": "currency-api",
		"operation":  "GET /rates",
		"kind":       "deadline_exceeded",
		"configured": float64(time.Second),
		"remaining":  float64(0),
		"elapsed":    float64(time.Second),
		"attempt":    float64(3),
		"error":      "boom",
	}
	for k, v := range want {
		if rec[k] != v {
			t.Errorf("%s = %v, want %v", k, rec[k], v)
		}
	}
	if _, ok := rec["delay"]; ok {
		t.Error("delay logged though zero")
	}
}
