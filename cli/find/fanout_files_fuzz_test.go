package find

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// FuzzKeptFanoutFiles: whatever the kept list of an agency's sub-accounts or the
// record of a failed crawl holds (damaged, hand-edited, from another version), reading
// it never panics; a list is used only when every id is a plain name, and a record
// only when its time is within the back-off.
func FuzzKeptFanoutFiles(f *testing.F) {
	now := time.Now().UTC().Format(time.RFC3339Nano)
	f.Add(`{"listed":"` + now + `","subAccounts":[{"id":"SummitStrengthLoc002","name":"Summit Strength"}]}`)
	f.Add(`{"listed":"` + now + `","subAccounts":[{"id":"../etc","name":"x"}]}`)
	f.Add(`{"at":"` + now + `","error":"suspended","status":400,"code":3}`)
	f.Add(`{"at":"1999-01-01T00:00:00Z","error":"old"}`)
	f.Add(`{"listed":null,"subAccounts":{}}`)
	f.Add("\x00not json")
	f.Fuzz(func(t *testing.T, body string) {
		dir := t.TempDir()
		list := filepath.Join(dir, "agency.sub-accounts.json")
		if err := os.WriteFile(list, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if subs, ok := cmdutil.LoadSubAccountList(list, cmdutil.SavedListAge); ok {
			for _, s := range subs {
				if s.ID == "" || strings.ContainsAny(s.ID, `/\`) {
					t.Errorf("a kept list gave the id %q", s.ID)
				}
			}
		}
		index := filepath.Join(dir, "LOC-1234.db")
		if err := os.WriteFile(crawlFailurePath(index), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		if fl, ok := recentCrawlFailure(index, cmdutil.Member{Name: "Riverside", Profile: "agency", Location: "LOC"}); ok &&
			(fl.Location != "LOC" || !strings.Contains(fl.Error, "funnels index --profile agency --location LOC")) {
			t.Errorf("a recent failure says %+v", fl)
		}
	})
}
