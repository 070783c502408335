package api

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// apiSetAnswer is one sub-account's answer to `funnels api GET` across a set.
type apiSetAnswer struct {
	Status int `json:"status"`
	Answer any `json:"answer"` // the JSON body; a body that is not JSON as a string
}

// apiSetOutput is how `funnels api GET` across a set prints its answers: always as
// JSON, under answers.
func apiSetOutput() *cmdutil.SetOutput { return &cmdutil.SetOutput{Key: "answers"} }

// apiSetRun sends the one GET to every member ({locationId} its own location) and
// prints the answers together as JSON.
func apiSetRun(ctx context.Context, f *cmdutil.Factory, opts *APIOptions, path string, query url.Values) error {
	fo, err := f.StartSet(ctx, &opts.Set, "funnels api")
	if err != nil {
		return err
	}
	done, fails := cmdutil.RunSet(ctx, fo, func(ctx context.Context, m *cmdutil.MemberRun) (apiSetAnswer, error) {
		p, q := fillLocation(path, query, m.Session.Client.LocationID())
		answer, resp, err := m.Session.Client.Raw(ctx, http.MethodGet, p, q, nil)
		if err != nil {
			return apiSetAnswer{}, err
		}
		out := apiSetAnswer{}
		if resp != nil {
			out.Status = resp.StatusCode
		}
		if err := json.Unmarshal(answer, &out.Answer); err != nil {
			out.Answer = string(answer)
		}
		return out, nil
	})
	answers := cmdutil.TagAll(cmdutil.Each(done))
	out := cmdutil.SetJSON(apiSetOutput().Key, answers, fails)
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, out, answers)
	} else {
		err = cmdutil.PrintJSON(f.IO.Out, out)
	}
	if err != nil {
		return err
	}
	return cmdutil.SetOutcome(f, len(fo.Set.Members), fails)
}
