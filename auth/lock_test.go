//go:build unix

package auth

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A lock file removed by its holder (logout) must not let two lockers in at once: the
// one that waited on the removed file has to move to the new one.
func TestLockFileSurvivesItsRemoval(t *testing.T) {
	path := filepath.Join(t.TempDir(), "p.lock")
	unlockA, err := lockFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	gotB := make(chan func())
	go func() {
		unlock, err := lockFile(context.Background(), path)
		if err != nil {
			t.Error(err)
			close(gotB)
			return
		}
		gotB <- unlock
	}()
	// B is waiting on A's file; A removes it and lets go.
	time.Sleep(50 * time.Millisecond) // give B time to open the old file (the test holds either way)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	unlockA()
	unlockB := <-gotB
	if unlockB == nil {
		t.FailNow()
	}
	defer unlockB()
	// While B holds the lock, nobody else gets it through path.
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	if unlockC, err := lockFile(ctx, path); err == nil {
		unlockC()
		t.Fatal("a third locker got the lock while the second held it")
	} else if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("the third locker: %v", err)
	}
}

func TestLogoutLeavesNoLockFile(t *testing.T) {
	dir := t.TempDir()
	store := NewStore(filepath.Join(dir, "funnels"))
	if err := store.Save("work", &Token{AccessToken: "a", TokenType: "Bearer"}); err != nil {
		t.Fatal(err)
	}
	if err := store.Delete("work"); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(store.Dir())
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if len(names) != 0 {
		t.Fatalf("after logout the directory holds %s", strings.Join(names, ", "))
	}
}
