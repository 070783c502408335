package find

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// crawlBackoff is how long find across a set leaves a member alone after a crawl of
// it was refused: a suspended sub-account would otherwise cost a refused sign-in on every
// search. 'funnels index' always tries.
const crawlBackoff = time.Hour

// crawlFailure is what a failed crawl by find leaves beside where the member's index
// would be (PATH.failed): when, why, and the status and exit code it gave.
type crawlFailure struct {
	At     time.Time `json:"at"`
	Error  string    `json:"error"`
	Status int       `json:"status"`
	Code   int       `json:"code"`
}

func crawlFailurePath(indexPath string) string { return indexPath + ".failed" }

// LastingFailure reports whether fl is a refusal that the next find would meet again
// (a suspended sub-account, the app uninstalled, a token refused: a 4xx other than
// 429, or a sign-in reason) rather than a moment's trouble (no answer, 429, 5xx),
// which the next find tries again.
func LastingFailure(fl cmdutil.MemberFailure) bool {
	return fl.Code == cmdutil.ExitAuth || fl.Status >= 400 && fl.Status < 500 && fl.Status != http.StatusTooManyRequests
}

// recentCrawlFailure is m's failure from the record at indexPath when its crawl
// failed less than crawlBackoff ago: the reason it gave then, and how to make the
// index.
func recentCrawlFailure(indexPath string, m cmdutil.Member) (*cmdutil.MemberFailure, bool) {
	b, err := os.ReadFile(crawlFailurePath(indexPath))
	if err != nil {
		return nil, false
	}
	var cf crawlFailure
	if json.Unmarshal(b, &cf) != nil || cf.At.IsZero() {
		return nil, false
	}
	age := time.Since(cf.At)
	if age < 0 || age >= crawlBackoff {
		return nil, false
	}
	how := "funnels index --profile " + m.Profile
	if m.Location != "" {
		how += " --location " + m.Location
	}
	return &cmdutil.MemberFailure{Location: m.Location, LocationName: m.Name, Profile: m.Profile, Status: cf.Status, Code: cf.Code,
		Error: fmt.Sprintf("no local index: its crawl %s ago failed (%s); '%s' makes it (find tries again %s after a failure)",
			age.Round(time.Second), cf.Error, how, crawlBackoff)}, true
}

// saveCrawlFailure records fl at indexPath's side (best effort: without the record
// the next find only tries again).
func saveCrawlFailure(indexPath string, fl cmdutil.MemberFailure) {
	b, err := json.Marshal(crawlFailure{At: time.Now().UTC(), Error: fl.Error, Status: fl.Status, Code: fl.Code})
	if err == nil && os.MkdirAll(filepath.Dir(indexPath), 0o700) == nil {
		_ = os.WriteFile(crawlFailurePath(indexPath), b, 0o600)
	}
}

// clearCrawlFailure removes the record of a failed crawl once one succeeded.
func clearCrawlFailure(indexPath string) { _ = os.Remove(crawlFailurePath(indexPath)) }
