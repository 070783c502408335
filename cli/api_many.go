package cli

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
)

// apiSetAnswer is one sub-account's answer to `funnels api GET` across a set.
type apiSetAnswer struct {
	memberTag
	Status int `json:"status"`
	Answer any `json:"answer"` // the JSON body; a body that is not JSON as a string
}

// apiSetOutput is what `funnels api GET` across a set prints: every sub-account's
// answer and every failure.
type apiSetOutput struct {
	Answers  []apiSetAnswer  `json:"answers"`
	Failures []memberFailure `json:"failures"`
}

// apiSetRun sends the one GET to every member ({locationId} its own location) and
// prints the answers together as JSON.
func apiSetRun(ctx context.Context, f *Factory, opts *APIOptions, path string, query url.Values) error {
	fo, err := f.startSet(ctx, &opts.Set, "funnels api")
	if err != nil {
		return err
	}
	done, fails := runSet(ctx, fo, func(ctx context.Context, m *memberRun) (apiSetAnswer, error) {
		p, q := fillLocation(path, query, m.Session.Client.LocationID())
		answer, resp, err := m.Session.Client.Raw(ctx, http.MethodGet, p, q, nil)
		if err != nil {
			return apiSetAnswer{}, err
		}
		out := apiSetAnswer{memberTag: tagOf(m.member)}
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
	out := apiSetOutput{Answers: answers, Failures: orEmpty(fails)}
	if opts.Exporter.Enabled() {
		err = opts.Exporter.Write(ctx, f.IO, out, answers)
	} else {
		err = printJSON(f.IO.Out, out)
	}
	if err != nil {
		return err
	}
	return setOutcome(f, len(fo.set.members), fails)
}
