package find

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// FuzzKeptFanoutFiles: whatever the record of a failed crawl holds (damaged,
// hand-edited, from another version), reading it never panics, and a record is used
// only when its time is within the back-off.
func FuzzKeptFanoutFiles(f *testing.F) {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	f.Add(`{"at":"` + now + `","error":"suspended","status":400,"code":3}`)
	f.Add(`{"at":"1999-01-01T00:00:00Z","error":"old"}`)
	f.Add("\x00not json")
	f.Fuzz(func(t *testing.T, body string) {
		index := filepath.Join(t.TempDir(), "LOC-1234.db")
		if err := os.WriteFile(crawlFailurePath(index), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if fl, ok := recentCrawlFailure(index, cmdutil.Member{Name: "Riverside", Profile: "agency", Location: "LOC"}); ok &&
			(fl.Location != "LOC" || !strings.Contains(fl.Error, "funnels index --profile agency --location LOC")) {
			t.Errorf("a recent failure says %+v", fl)
		}
	})
}
