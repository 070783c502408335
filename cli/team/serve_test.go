package team_test

import (
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/cli/clitest"
)

const serveTestKey = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDG0uVHu+zBdaZ0jr0f5Hn2wO8ZbZGjwM7lR1Kjd4tdq ana@laptop"

// The people commands: what they refuse is a usage error (2) that says what to give,
// and what they keep reads back in the table, piped, and in --json.
func TestServeUserCommands(t *testing.T) {
	h := clitest.NewHome(t)
	data := filepath.Join(t.TempDir(), "serve")
	h.Run("serve", "user", "list").Want(t, 2, "err:--data DIR is required")
	h.Run("serve", "user", "add", "ana", "--key", "not-a-key", "--data", data).Want(t, 2, "err:not a public key")
	h.Run("serve", "user", "add", "Ana Bad", "--key", serveTestKey, "--data", data).Want(t, 2, "err:lower-case")
	h.Run("serve", "user", "add", "ana", "--key", serveTestKey, "--data", data).Want(t, 0, "err:Added ana.")
	h.Run("serve", "user", "add", "bob", "--key", serveTestKey, "--data", data).Want(t, 2, "err:already ana's")
	h.Run("serve", "user", "grant", "ana", "--role", "write", "--data", data).Want(t, 2, "err:--location ID or --all")
	h.Run("serve", "user", "grant", "ana", "--location", "LOC1", "--all", "--data", data).Want(t, 2, "err:--location ID or --all")
	h.Run("serve", "user", "grant", "ana", "--location", "LOC1", "--role", "owner", "--data", data).Want(t, 2, "err:read, write or admin")
	h.Run("serve", "user", "grant", "nobody", "--location", "LOC1", "--data", data).Want(t, 2, "err:no such person")
	h.Run("serve", "user", "grant", "ana", "--location", "LOC1", "--role", "write", "--data", data).Want(t, 0)
	h.Run("serve", "user", "list", "--data", data).Want(t, 0, "ana\tLOC1=write\tSHA256:")
	h.Run("serve", "user", "list", "--data", data, "--json", "name,grants").Want(t, 0, `"LOC1": "write"`)
	h.Run("serve", "user", "remove", "ana", "--data", data).Want(t, 0)
	h.Run("serve", "user", "remove", "ana", "--data", data).Want(t, 2, "err:no such person")
}

func TestAuditCommandOnAnEmptyLog(t *testing.T) {
	h := clitest.NewHome(t)
	data := t.TempDir()
	h.Run("audit", "--data", data, "--since", "yesterday").Want(t, 2, "err:--since")
	h.Run("audit", "--data", data, "--since", "24h").Want(t, 0, "err:No writes")
	h.Run("audit", "--data", data, "--json").Want(t, 0, "[]")
}
