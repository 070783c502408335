package client_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// A write's record carries the record before as WithPrior gave it (in its start
// too) and the answer's body; a read carries neither, even on a context with a
// prior; an answer over 64 KiB is left out of the record, not cut.
func TestWriteRecordsCarryThePriorAndABoundedAnswer(t *testing.T) {
	c, _ := newTestClient(t, sandbox.Options{})
	var mu sync.Mutex
	started := map[uint64][]byte{}
	var done []client.RequestRecord
	defer c.Subscribe(func(ev client.Event) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case client.RequestStarted:
			started[e.ID] = e.Prior
		case client.RequestFinished:
			done = append(done, e.Record)
		}
	})()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	ctx = client.WithPrior(ctx, map[string]string{"target": "https://example.com/was"})
	if _, _, err := c.ListRedirects(ctx, client.ListRedirectsParams{}); err != nil {
		t.Fatal(err)
	}
	made, _, err := c.CreateRedirect(ctx, client.CreateRedirectRequest{Domain: "join.lakesidefit.com", Path: "/prior",
		Target: "https://example.com/now", Action: "url"})
	if err != nil {
		t.Fatal(err)
	}
	long := "https://example.com/" + strings.Repeat("a", 70<<10)
	_, _, bigErr := c.UpdateRedirect(ctx, made.ID, client.UpdateRedirectRequest{Target: long, Action: "url"})

	mu.Lock()
	defer mu.Unlock()
	if len(done) != 3 {
		t.Fatalf("%d requests recorded, want the list, the create and the update", len(done))
	}
	list, create, update := done[0], done[1], done[2]
	if list.Prior != nil || list.Answer != nil || started[list.ID] != nil {
		t.Errorf("the read's record carries a prior %q or an answer (%d bytes)", list.Prior, len(list.Answer))
	}
	if !strings.Contains(string(create.Prior), "example.com/was") || !strings.Contains(string(started[create.ID]), "example.com/was") {
		t.Errorf("the write's prior: record %q, start %q", create.Prior, started[create.ID])
	}
	if !strings.Contains(string(create.Answer), made.ID) {
		t.Errorf("the write's answer: %q, want the record answered", create.Answer)
	}
	if bigErr != nil {
		t.Fatalf("the update with a 70 KiB target: %v", bigErr)
	}
	if update.Answer != nil || update.Status != 200 {
		t.Errorf("an answer of over 64 KiB was kept (%d bytes, status %d)", len(update.Answer), update.Status)
	}
}
