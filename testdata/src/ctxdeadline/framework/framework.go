// Package framework uses only a gin-like framework context: it imports
// neither context nor net/http, and its handlers still have an incoming
// context.
package framework

import (
	"database/sql"
	"os/exec"

	"github.com/gin-gonic/gin"
)

type Handler struct{ db *sql.DB }

func (h *Handler) List(c *gin.Context) {
	rows, err := h.db.Query("SELECT id FROM t") // want `h.db.Query ignores the incoming context, .*; use h.db.QueryContext\(c, ...\)`
	if err == nil {
		_ = rows.Close()
	}
}

func (h *Handler) ListOK(c *gin.Context) {
	rows, err := h.db.QueryContext(c, "SELECT id FROM t")
	if err == nil {
		_ = rows.Close()
	}
}

func (h *Handler) Build(c *gin.Context) {
	_ = exec.Command("make").Run() // want `exec.Command ignores the incoming context`
	c.JSON(200, nil)
}

func (h *Handler) BuildOK(c *gin.Context) {
	_ = exec.CommandContext(c, "make").Run()
	c.JSON(200, nil)
}

// Routes returns handlers as function literals: each has its own incoming
// context.
func (h *Handler) Routes() []gin.HandlerFunc {
	return []gin.HandlerFunc{
		func(c *gin.Context) { _ = h.db.Ping() }, // want `h.db.Ping ignores the incoming context`
		func(c *gin.Context) { _ = h.db.PingContext(c) },
		func(_ *gin.Context) { _ = h.db.Ping() }, // blank: no incoming context
	}
}

func (h *Handler) warm() error { return h.db.Ping() } // no incoming context
