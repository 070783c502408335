package login

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"time"

	"golang.org/x/oauth2"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/config"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// verifyTimeout bounds the one request that checks a token at login.
const verifyTimeout = 30 * time.Second

// verifyToken checks a private integration token before it is stored, with one
// harmless request: the first funnel of the location (the documented funnel list,
// limit 1). A 2xx, or a refusal of the route or of a scope, means the service took
// the token: it is stored, and note says what it lacks. A 401 of the token itself
// means it was refused; no answer, or any other answer, means it could not be
// checked: then nothing is stored and the error says why (with --no-verify to skip).
func verifyToken(ctx context.Context, f *cmdutil.Factory, p config.Profile, token string, transport http.RoundTripper) (note string, err error) {
	c, err := client.New(client.Options{
		BaseURL:     p.BaseURL,
		LocationID:  p.LocationID,
		TokenSource: oauth2.StaticTokenSource(&oauth2.Token{AccessToken: token}),
		UserAgent:   f.UserAgent(),
		HTTPClient:  &http.Client{Timeout: verifyTimeout, Transport: transport},
		MaxRetries:  -1,
	})
	if err != nil {
		return "", cmdutil.Usagef("%w", err)
	}
	ctx, cancel := context.WithTimeout(ctx, verifyTimeout)
	defer cancel()
	_, _, err = c.ListFunnels(ctx, client.ListFunnelsParams{Limit: 1})
	var api *client.APIError
	switch {
	case err == nil:
		return "", nil
	case errors.Is(err, client.ErrScope) && errors.As(err, &api):
		return fmt.Sprintf("the token lacks a scope (%s): it needs %s — grant it in Settings → Private Integrations → edit the integration (a new token may be needed).",
			termtext.Line(api.Summary()), api.Need()), nil
	case errors.Is(err, client.ErrRouteUnavailable) && errors.As(err, &api):
		return fmt.Sprintf("the funnel list is refused to this token (%s): it needs %s.", termtext.Line(api.Summary()), api.Need()), nil
	case errors.Is(err, client.ErrWrongLocation) && errors.As(err, &api):
		return "", cmdutil.WithExitCode(cmdutil.ExitAuth, fmt.Errorf("%s; nothing was stored", termtext.Line(api.Summary())))
	case errors.Is(err, client.ErrUnauthorized) && errors.As(err, &api):
		return "", cmdutil.WithExitCode(cmdutil.ExitAuth, fmt.Errorf("the service refused the token (%s); nothing was stored", termtext.Line(api.Summary())))
	case errors.As(err, &api):
		return "", cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("could not check the token: GET %s answered %s; nothing was stored (--no-verify stores it unchecked)",
			api.Path, termtext.Line(api.Summary())))
	case errors.Is(err, client.ErrUntrustedCertificate):
		// Every command would meet the same certificate: storing it unchecked would not help.
		what, help, _ := client.CertificateProblem(err)
		return "", cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("could not check the token: %s at %s: %s; nothing was stored — %s",
			client.ErrUntrustedCertificate, p.BaseURL, what, help))
	}
	return "", cmdutil.WithExitCode(cmdutil.ExitAPI, fmt.Errorf("could not check the token: no answer from %s (%s); nothing was stored (--no-verify stores it unchecked)",
		p.BaseURL, termtext.Line(err.Error())))
}
