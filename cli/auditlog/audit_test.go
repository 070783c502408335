package auditlog

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A line a kill left half written is not read, and the next entry still starts a
// line of its own and is read whole.
func TestAuditSkipsATornLastLineAndAppendsPastIt(t *testing.T) {
	dir := t.TempDir()
	a := Open(dir)
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	if err := a.Append(Entry{Time: t0, Phase: PhaseSending, Person: "ana", Method: "POST", Path: "/a"}); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(dir, auditFile), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	_, _ = f.WriteString(`{"time":"2026-01-02T03:04:06Z","phase":"sent","person":"ana","meth`)
	_ = f.Close()
	got, err := a.Read()
	if err != nil || len(got) != 1 || got[0].Path != "/a" {
		t.Fatalf("read after a torn line: %+v, %v; want the whole entry only", got, err)
	}
	if err := a.Append(Entry{Time: t0.Add(time.Second), Phase: PhaseSent, Person: "bob", Method: "POST", Path: "/b", Status: 201}); err != nil {
		t.Fatal(err)
	}
	got, _ = a.Read()
	if len(got) != 2 || got[1].Person != "bob" || got[1].Status != 201 {
		t.Fatalf("after appending past the torn line: %+v", got)
	}
	st, err := os.Stat(filepath.Join(dir, auditFile))
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("audit log mode %v, %v; want 0600", st.Mode().Perm(), err)
	}
}

func TestAuditPruneKeepsTheRecentEntries(t *testing.T) {
	a := Open(t.TempDir())
	now := time.Date(2026, 6, 1, 0, 0, 0, 0, time.UTC)
	for _, age := range []time.Duration{48 * time.Hour, 2 * time.Hour, time.Minute} {
		if err := a.Append(Entry{Time: now.Add(-age), Phase: PhaseSent, Person: "ana"}); err != nil {
			t.Fatal(err)
		}
	}
	removed, err := a.Prune(24*time.Hour, now)
	got, _ := a.Read()
	if err != nil || removed != 1 || len(got) != 2 {
		t.Fatalf("prune: removed %d (%v), %d left; want 1 removed, 2 left", removed, err, len(got))
	}
	if removed, _ := a.Prune(0, now); removed != 0 {
		t.Fatalf("a keep of 0 pruned %d entries", removed)
	}
}

func TestAuditBodiesLeaveSecretsOut(t *testing.T) {
	body := withoutSecrets([]byte(`{"name":"x","accessToken":"pit-123","nested":{"client_secret":"s","ok":[{"password":"p"}]}}`))
	for _, secret := range []string{"pit-123", `"s"`, `"p"`} {
		if strings.Contains(string(body), secret) {
			t.Errorf("the logged body holds %s: %s", secret, body)
		}
	}
	if !strings.Contains(string(body), `"name":"x"`) {
		t.Errorf("the logged body lost what is no secret: %s", body)
	}
	if withoutSecrets([]byte("not json")) != nil {
		t.Error("a body that is not JSON was logged")
	}
}

// FuzzAuditRead: whatever the file holds, Read returns without a panic, and only
// entries with a time.
func FuzzAuditRead(f *testing.F) {
	f.Add(`{"time":"2026-01-02T03:04:05Z","phase":"sent"}` + "\n" + `{"time":`)
	f.Add("\n\n{}\n[1,2]\n")
	f.Fuzz(func(t *testing.T, content string) {
		dir := t.TempDir()
		if err := os.WriteFile(filepath.Join(dir, auditFile), []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		got, _ := Open(dir).Read()
		for _, e := range got {
			if e.Time.IsZero() {
				t.Fatalf("an entry without a time was read: %+v", e)
			}
		}
	})
}
