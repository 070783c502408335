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
	cmdutil.MemberTag
	Status int `json:"status"`
	Answer any `json:"answer"` // the JSON body; a body that is not JSON as a string
}

// ApiSetOutput is what `funnels api GET` across a set prints: every sub-account's
// answer and every failure.
type ApiSetOutput struct {
	Answers  []apiSetAnswer          `json:"answers"`
	Failures []cmdutil.MemberFailure `json:"failures"`
}

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
		out := apiSetAnswer{MemberTag: cmdutil.TagOf(m.Member)}
		if resp != nil {
			out.Status = resp.StatusCode
		}
		if err := json.Unmarshal(answer, &out.Answer); err != nil {
			out.Answer = string(answer)
		}
		return out, nil
	})
	answers := make([]apiSetAnswer, len(done))
	for i, d := range done {
		answers[i] = d.Result
	}
	out := ApiSetOutput{Answers: answers, Failures: cmdutil.OrEmpty(fails)}
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
