package cli

import (
	"path/filepath"
	"testing"
)

const serveTestKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDG0uVHu+zBdaZ0jr0f5Hn2wO8ZbZGjwM7lR1Kjd4tdq ana@laptop"

// The people commands: what they refuse is a usage error (2) that says what to give,
// and what they keep reads back in the table, piped, and in --json.
func TestServeUserCommands(t *testing.T) {
	h := newHome(t)
	data := filepath.Join(t.TempDir(), "serve")
	h.run("serve", "user", "list").want(t, 2, "err:--data DIR is required")
	h.run("serve", "user", "add", "ana", "--key", "not-a-key", "--data", data).want(t, 2, "err:not a public key")
	h.run("serve", "user", "add", "Ana Bad", "--key", serveTestKey, "--data", data).want(t, 2, "err:lower-case")
	h.run("serve", "user", "add", "ana", "--key", serveTestKey, "--data", data).want(t, 0, "err:Added ana.")
	h.run("serve", "user", "add", "bob", "--key", serveTestKey, "--data", data).want(t, 2, "err:already ana's")
	h.run("serve", "user", "grant", "ana", "--role", "write", "--data", data).want(t, 2, "err:--location ID or --all")
	h.run("serve", "user", "grant", "ana", "--location", "LOC1", "--all", "--data", data).want(t, 2, "err:--location ID or --all")
	h.run("serve", "user", "grant", "ana", "--location", "LOC1", "--role", "owner", "--data", data).want(t, 2, "err:read, write or admin")
	h.run("serve", "user", "grant", "nobody", "--location", "LOC1", "--data", data).want(t, 2, "err:no such person")
	h.run("serve", "user", "grant", "ana", "--location", "LOC1", "--role", "write", "--data", data).want(t, 0)
	h.run("serve", "user", "list", "--data", data).want(t, 0, "ana\tLOC1=write\tSHA256:")
	h.run("serve", "user", "list", "--data", data, "--json", "name,grants").want(t, 0, `"LOC1": "write"`)
	h.run("serve", "user", "remove", "ana", "--data", data).want(t, 0)
	h.run("serve", "user", "remove", "ana", "--data", data).want(t, 2, "err:no such person")
}

func TestAuditCommandOnAnEmptyLog(t *testing.T) {
	h := newHome(t)
	data := t.TempDir()
	h.run("audit", "--data", data, "--since", "yesterday").want(t, 2, "err:--since")
	h.run("audit", "--data", data, "--since", "24h").want(t, 0, "err:No writes")
	h.run("audit", "--data", data, "--json").want(t, 0, "[]")
}
