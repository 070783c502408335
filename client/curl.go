package client

import (
	"strings"
)

// Curl renders a request of the log as a curl command a person can paste into a shell.
// The token is never known to the record, so the command reads it from
// $FUNNELS_TOKEN; every other value is single-quoted so nothing in it is expanded.
func (r RequestRecord) Curl() string {
	var b strings.Builder
	b.WriteString("curl")
	if r.Method != "" && r.Method != "GET" {
		b.WriteString(" -X " + r.Method)
	}
	b.WriteString(" " + shellQuote(r.URL))
	version := r.Version
	if version == "" {
		version = DefaultAPIVersion
	}
	b.WriteString(" \\\n  -H " + shellQuote("Version: "+version))
	if r.Authorized {
		b.WriteString(" \\\n  -H \"Authorization: Bearer $FUNNELS_TOKEN\"")
	}
	if r.Body != nil {
		b.WriteString(" \\\n  -H " + shellQuote("Content-Type: application/json"))
		b.WriteString(" \\\n  --data-raw " + shellQuote(string(r.Body)))
	}
	return b.String()
}

// shellQuote wraps s in single quotes for POSIX shells.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
