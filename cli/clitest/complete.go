package clitest

import (
	"strings"
	"testing"
)

// Complete asks funnels what it offers after args (the last one is the word being
// typed), as the scripts do, and returns the offers as "value<TAB>description".
func (h *Home) Complete(t *testing.T, args ...string) []string {
	t.Helper()
	r := h.Run(append([]string{"__complete"}, args...)...)
	if r.Code != 0 {
		t.Fatalf("__complete %q: exit %d: %s", args, r.Code, r.Stderr)
	}
	var out []string
	for _, l := range r.Lines() {
		if l != "" && !strings.HasPrefix(l, ":") {
			out = append(out, l)
		}
	}
	return out
}

func Values(offers []string) []string {
	out := make([]string, len(offers))
	for i, o := range offers {
		out[i], _, _ = strings.Cut(o, "\t")
	}
	return out
}
