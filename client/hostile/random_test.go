package hostile_test

import (
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/hostile"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestRandomLiesTellEveryLie: among a few dozen answers there are honest ones, server
// errors, bodies cut short, counts too big and huge names.
func TestRandomLiesTellEveryLie(t *testing.T) {
	h := hostile.StartT(t, hostile.RandomLies, sandbox.Options{Limit: 1000})
	path := "/funnels/funnel/list?limit=100&locationId=" + h.Sandbox.LocationID()
	tally := func() map[string]int {
		seen := map[string]int{}
		for range 60 {
			req, _ := http.NewRequest(http.MethodGet, h.URL+path, nil)
			req.Header.Set("Version", "2021-07-28")
			req.Header.Set("Authorization", "Bearer "+h.Sandbox.DemoToken())
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				seen["no answer"]++
				continue
			}
			body, err := io.ReadAll(res.Body)
			res.Body.Close()
			switch {
			case err != nil:
				seen["cut"]++
			case res.StatusCode >= 500:
				seen["5xx"]++
			case len(body) > hostile.RandomHugeSize:
				seen["huge"]++
			case strings.Contains(string(body), `"count":26000`):
				seen["count"]++
			default:
				seen["other"]++
			}
		}
		return seen
	}
	h.Reseed(7)
	first := tally()
	for _, lie := range []string{"cut", "5xx", "huge", "count", "other"} {
		if first[lie] == 0 {
			t.Errorf("no %q among %v", lie, first)
		}
	}
}
