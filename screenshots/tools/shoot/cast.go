package main

import (
	"encoding/json"
	"os"
	"strings"
)

// cast records an asciinema (asciicast v2) file from screens captured along a scripted
// run. Each frame clears the terminal and draws the captured screen; times are
// synthetic (a fixed pause per step), so the same script gives the same file.
type cast struct {
	w, h   int
	at     float64
	events [][]any
}

func newCast(w, h int) *cast { return &cast{w: w, h: h} }

// frame adds a screen shown for hold seconds after the previous one.
func (c *cast) frame(ansi string, hold float64) {
	screen := "\x1b[H\x1b[2J" + strings.ReplaceAll(strings.TrimRight(ansi, "\n"), "\n", "\r\n")
	c.events = append(c.events, []any{round3(c.at), "o", screen})
	c.at += hold
}

func (c *cast) write(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	enc := json.NewEncoder(f)
	header := map[string]any{
		"version": 2, "width": c.w, "height": c.h, "timestamp": 1795262400, // fixed: 2026-11-21
		"title": "funnels --demo: a walk through the browser",
		"env":   map[string]string{"TERM": "xterm-256color", "SHELL": "/bin/sh"},
	}
	if err := enc.Encode(header); err != nil {
		return err
	}
	for _, e := range c.events {
		if err := enc.Encode(e); err != nil {
			return err
		}
	}
	// End on the last frame for a moment.
	return enc.Encode([]any{round3(c.at), "o", ""})
}

func round3(f float64) float64 { return float64(int(f*1000+0.5)) / 1000 }
