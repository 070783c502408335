package check

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	linkcheck "github.com/funnelsdev/funnels/client/check"
	"github.com/funnelsdev/funnels/ui/termtext"
)

// A webhook is asked a few times, a little apart, each within a bound: a chat
// service that is down for a moment should not cost an alert, nor one that is down
// for long hold the watch.
const (
	notifyAttempts    = 3
	notifyTimeout     = 10 * time.Second
	notifyBackoff     = time.Second
	notifyMaxWait     = 30 * time.Second // the longest Retry-After waited
	notifyMaxLines    = 20               // findings named in the text; the rest are counted
	notifyMaxFindings = 200              // findings in the body
)

// notifier posts new errors to a webhook: a JSON body whose text field a Slack
// incoming webhook shows (and Mattermost's, Discord's /slack endpoint, Teams'
// workflows), with the findings beside it for anything else. It sends no token,
// cookie or credential, follows no redirect, and never shows the webhook's address
// past its host: the address is its key.
type notifier struct {
	url    string
	client *http.Client
	sleep  func(ctx context.Context, d time.Duration) error
}

// The webhook is reached as the machine reaches the web: through the proxy the
// environment getenv reads names (it is the owner's address, not a page checked) and
// trusting the authorities cas besides the system's, for a proxy that inspects HTTPS.
// Its requests are kept out of the debug log: a webhook's address is its key.
func newNotifier(raw string, getenv func(string) string, cas []*x509.Certificate) (*notifier, error) {
	u, err := url.Parse(raw)
	if err != nil || u.Scheme != "https" && u.Scheme != "http" || u.Host == "" || u.User != nil {
		return nil, cmdutil.Usagef("--notify takes the http(s) address of a webhook (without a user or password), such as https://hooks.slack.com/services/…")
	}
	tr := http.DefaultTransport.(*http.Transport).Clone()
	proxy := cmdutil.ProxyFunc(getenv)
	tr.Proxy = func(req *http.Request) (*url.URL, error) { return proxy(req.URL) }
	client.TrustCertificates(tr, cas)
	return &notifier{url: raw, sleep: sleepCtx, client: &http.Client{
		Transport:     tr,
		Timeout:       notifyTimeout,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}, nil
}

// host is the webhook as messages name it.
func (n *notifier) host() string {
	u, _ := url.Parse(n.url)
	return u.Scheme + "://" + u.Host
}

// notice is the body posted.
type notice struct {
	Text     string                    `json:"text"`
	Findings []cmdutil.Tagged[finding] `json:"findings"`
	More     int                       `json:"more,omitempty"` // findings left out of the body
}

// noticeOf is the notice of new errors of the sub-accounts named, in their order;
// note, when not "", is a line said after the heading.
func noticeOf(news []cmdutil.Tagged[finding], note string) notice {
	subs := map[string]bool{}
	for _, t := range news {
		subs[t.Location] = true
	}
	head := "funnels check: " + cmdutil.CountOf(len(news), "new error")
	if len(subs) == 1 {
		head += " in " + slackText(news[0].LocationName)
	} else {
		head += " in " + cmdutil.CountOf(len(subs), "sub-account")
	}
	lines := []string{head}
	if note != "" {
		lines = append(lines, note)
	}
	for i, t := range news {
		if i == notifyMaxLines {
			lines = append(lines, fmt.Sprintf("… and %d more", len(news)-i))
			break
		}
		line := "• " + slackText(where(t.Record)) + ": " + slackText(t.Record.Message)
		if len(subs) > 1 {
			line = "• " + slackText(t.LocationName) + " · " + strings.TrimPrefix(line, "• ")
		}
		if t.Record.Fix != nil {
			line += " → " + slackText(t.Record.Fix.Text)
		}
		lines = append(lines, line)
	}
	n := notice{Text: strings.Join(lines, "\n"), Findings: news}
	if len(news) > notifyMaxFindings {
		n.Findings, n.More = news[:notifyMaxFindings], len(news)-notifyMaxFindings
	}
	return n
}

// slackText is text from the pages and the index made safe for the text field: one
// line, no control characters, and Slack's three escapes, so a page's title cannot
// mention @channel or make a link.
func slackText(s string) string {
	s = termtext.Line(s)
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;").Replace(s)
}

// errNotify is a webhook that did not take a notice.
var errNotify = errors.New("the webhook did not take the notice")

// post sends the notice, asking again a few times after a failure to connect, a
// 5xx or a 429 (after its Retry-After, up to a bound). The error says the status.
func (n *notifier) post(ctx context.Context, body notice) error {
	data, err := json.Marshal(body)
	if err != nil {
		return fmt.Errorf("notice: %w", err)
	}
	var last error
	for attempt := range notifyAttempts {
		wait, err := n.postOnce(ctx, data)
		if err == nil {
			return nil
		}
		last = err
		if wait < 0 || attempt == notifyAttempts-1 {
			break
		}
		if wait == 0 {
			wait = notifyBackoff << attempt
		}
		if err := n.sleep(ctx, wait); err != nil {
			return err
		}
	}
	return last
}

// postOnce posts data once: the wait before asking again (0: the usual; negative:
// asking again would not help), or nil.
func (n *notifier) postOnce(ctx context.Context, data []byte) (time.Duration, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, n.url, bytes.NewReader(data))
	if err != nil {
		return -1, fmt.Errorf("%w: %v", errNotify, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", linkcheck.DefaultUserAgent)
	resp, err := n.client.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return -1, ctx.Err()
		}
		if line, ok := client.CertificateLine(err); ok { // asking again would meet the same certificate
			return -1, fmt.Errorf("%w: %s: %s", errNotify, n.host(), line)
		}
		return 0, fmt.Errorf("%w: %s did not answer", errNotify, n.host())
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
	if resp.StatusCode/100 == 2 {
		return 0, nil
	}
	err = fmt.Errorf("%w: %s answered %d %s", errNotify, n.host(), resp.StatusCode, termtext.Line(strings.TrimSpace(string(answer))))
	switch {
	case resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode == http.StatusServiceUnavailable:
		secs, perr := strconv.Atoi(strings.TrimSpace(resp.Header.Get("Retry-After")))
		if perr != nil || secs < 0 {
			return 0, err
		}
		if d := time.Duration(secs) * time.Second; d <= notifyMaxWait {
			return max(d, time.Millisecond), err
		}
		return -1, err
	case resp.StatusCode >= 500:
		return 0, err
	}
	return -1, err // the webhook refused the notice itself: the same again would be refused
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
