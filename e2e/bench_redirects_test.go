package e2e

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// The figure of a bulk import: the real binary sends a file of new redirects to a
// sandbox at a known limit; the requests it sent against the fewest that can do it
// (the list read once, one create a row), the pace of them against the limit, and
// the 429s that reached the user (none: the client waits them out).

// redirectsConfig sizes the figure.
type redirectsConfig struct {
	rows   int
	limit  int
	window time.Duration
}

// measureRedirectsImport imports rc.rows new redirects with `funnels redirects import
// FILE --yes` and reads what was sent from the sandbox's request log.
func measureRedirectsImport(rc redirectsConfig) ([]benchFigure, error) {
	sb, err := sandbox.Start("127.0.0.1:0", sandbox.Options{Limit: rc.limit, Window: rc.window})
	if err != nil {
		return nil, err
	}
	defer sb.Close()
	dir, err := os.MkdirTemp("", "funnels-bench-redirects-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	// The domains the seeded redirects are on: known to be attached, asked nothing.
	hosts := []string{"offers.lakesidefit.com", "join.lakesidefit.com", "webinars.lakesidefit.com", "www.lakesidefit.com"}
	var csv strings.Builder
	csv.WriteString("domain,path,target,action\n")
	for i := range rc.rows {
		fmt.Fprintf(&csv, "%s,/old-%05d,https://www.lakesidefit.com/new-%05d,url\n", hosts[i%len(hosts)], i, i)
	}
	file := filepath.Join(dir, "moving.csv")
	if err := os.WriteFile(file, []byte(csv.String()), 0o644); err != nil {
		return nil, err
	}
	cmd := exec.Command(binPath, "redirects", "import", file, "--yes", "--json", "outcome,error",
		"--base-url", sb.URL, "--token", sb.Server.DemoToken(), "--location", sb.Server.LocationID())
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + dir, "XDG_CONFIG_HOME=" + filepath.Join(dir, "config"),
		"XDG_STATE_HOME=" + filepath.Join(dir, "state"), "XDG_CACHE_HOME=" + filepath.Join(dir, "cache"), "FUNNELS_INSECURE_STORAGE=1"}
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	t0 := time.Now()
	runErr := cmd.Run()
	elapsed := time.Since(t0)
	var records []struct{ Outcome, Error string }
	if err := json.Unmarshal(out.Bytes(), &records); err != nil {
		return nil, fmt.Errorf("import: %v %v\n%s", runErr, err, errb.String())
	}
	surfaced, done := 0, 0
	for _, r := range records {
		if strings.Contains(r.Error, "429") || strings.Contains(strings.ToLower(r.Error), "rate limit") {
			surfaced++
		}
		if r.Outcome == "done" {
			done++
		}
	}
	if done+surfaced != rc.rows {
		return nil, fmt.Errorf("import: %d of %d rows landed (%v)\n%s", done, rc.rows, runErr, errb.String())
	}
	used, server429 := 0, 0
	var first, last time.Time
	for _, r := range sb.Server.Requests() {
		used++
		if r.Status == http.StatusTooManyRequests {
			server429++
		}
		if first.IsZero() || r.At.Before(first) {
			first = r.At
		}
		if r.At.After(last) {
			last = r.At
		}
	}
	fewest := 1 + rc.rows // the list (8 seeded redirects: one page), then one create a row
	limitRate := float64(rc.limit) / rc.window.Seconds()
	span := last.Sub(first) + time.Duration(float64(time.Second)/limitRate)
	const label = "redirects_import_2000"
	return []benchFigure{{
		Name: label, N: rc.rows, Value: float64(used) / span.Seconds(), Unit: "req/s", Baseline: limitRate,
		BaselineIs: fmt.Sprintf("the sandbox's rate limit, %d per %v", rc.limit, rc.window),
		Note: fmt.Sprintf("%d rows imported by the binary in %.2f s in all (%.2f s from the first request to the last), %d requests, in the background lane",
			rc.rows, elapsed.Seconds(), span.Seconds(), used),
	}, {
		Name: label + "_requests", N: rc.rows, Value: float64(used), Unit: "requests", Baseline: float64(fewest),
		BaselineIs: "the fewest requests that do it: the list once, one create a row",
	}, {
		Name: label + "_429s", N: rc.rows, Value: float64(surfaced), Unit: "429s", Baseline: float64(server429),
		BaselineIs: "429s the sandbox answered during the import (waited out inside the client, never surfaced)",
	}}, nil
}

// TestBenchRedirectsImport measures the bulk import's figures alone (the full size)
// and prints them: FUNNELS_BENCH_FIGURE=redirects_import_2000 go test -run
// '^TestBenchRedirectsImport$' ./e2e. `make bench` measures them with the rest.
func TestBenchRedirectsImport(t *testing.T) {
	if os.Getenv("FUNNELS_BENCH_FIGURE") != "redirects_import_2000" {
		t.Skip("set FUNNELS_BENCH_FIGURE=redirects_import_2000 to measure the bulk import alone")
	}
	figs, err := measureRedirectsImport(fullBench.redirects)
	if err != nil {
		t.Fatal(err)
	}
	rep := benchReport{Machine: thisMachine(), Config: "full"}
	for _, f := range figs {
		rep.Figures = append(rep.Figures, f.finish())
	}
	if err := writeReportTable(os.Stdout, rep); err != nil {
		t.Fatal(err)
	}
}
