package check

import "testing"

// TestAnswerReached: a status or a TLS handshake that failed met a server; a name not
// found or not looked up, a connection refused or timed out, another failure and an
// address not fetched did not.
func TestAnswerReached(t *testing.T) {
	for _, c := range []struct {
		a    Answer
		want bool
	}{
		{Answer{Status: 200}, true},
		{Answer{Status: 503}, true},
		{Answer{Failure: &Failure{Kind: FailTLSUntrusted}}, true},
		{Answer{Failure: &Failure{Kind: FailTLSExpired}}, true},
		{Answer{Failure: &Failure{Kind: FailTLSName}}, true},
		{Answer{Failure: &Failure{Kind: FailTLS}}, true},
		{Answer{Failure: &Failure{Kind: FailDNS}}, false},
		{Answer{Failure: &Failure{Kind: FailDNSLookup}}, false},
		{Answer{Failure: &Failure{Kind: FailTimeout}}, false},
		{Answer{Failure: &Failure{Kind: FailRefused}}, false},
		{Answer{Failure: &Failure{Kind: FailOther}}, false},
		{Answer{Failure: &Failure{Kind: FailBlocked}}, false},
		{Answer{}, false},
	} {
		if got := c.a.Reached(); got != c.want {
			t.Errorf("%+v %v: Reached %v, want %v", c.a, c.a.Failure, got, c.want)
		}
	}
}

// TestNoneReached: how many addresses were asked and one of them when none met a
// server, the ones not fetched left out; none when any met one, or none was asked.
func TestNoneReached(t *testing.T) {
	refused := Answer{URL: "https://a.example/", Failure: &Failure{Kind: FailRefused}}
	timedOut := Answer{URL: "https://b.example/", Failure: &Failure{Kind: FailTimeout}}
	blocked := Answer{URL: "https://c.example/", Failure: &Failure{Kind: FailBlocked}}
	answered := Answer{URL: "https://d.example/", Status: 404}
	for _, c := range []struct {
		results []*Result
		asked   int
		one     string
	}{
		{[]*Result{{Answers: []Answer{blocked, refused}}, nil, {Answers: []Answer{timedOut}}}, 2, refused.URL},
		{[]*Result{{Answers: []Answer{refused}}, {Answers: []Answer{answered}}}, 0, ""},
		{[]*Result{{Answers: []Answer{blocked}}}, 0, ""},
		{[]*Result{nil}, 0, ""},
		{nil, 0, ""},
	} {
		if asked, one := NoneReached(c.results); asked != c.asked || one != c.one {
			t.Errorf("%d results: %d, %q; want %d, %q", len(c.results), asked, one, c.asked, c.one)
		}
	}
}

// TestNoneResolved: how many addresses were asked when every one failed in its
// lookup, the ones not fetched left out; none when any met a server or failed
// otherwise.
func TestNoneResolved(t *testing.T) {
	notFound := Answer{Failure: &Failure{Kind: FailDNS}}
	lookup := Answer{Failure: &Failure{Kind: FailDNSLookup}}
	blocked := Answer{Failure: &Failure{Kind: FailBlocked}}
	for _, c := range []struct {
		results []*Result
		want    int
	}{
		{[]*Result{{Answers: []Answer{notFound, blocked}}, nil, {Answers: []Answer{lookup}}}, 2},
		{[]*Result{{Answers: []Answer{notFound, {Failure: &Failure{Kind: FailTimeout}}}}}, 0},
		{[]*Result{{Answers: []Answer{notFound, {Status: 200}}}}, 0},
		{[]*Result{{Answers: []Answer{blocked}}}, 0},
		{nil, 0},
	} {
		if got := NoneResolved(c.results); got != c.want {
			t.Errorf("%d results: %d, want %d", len(c.results), got, c.want)
		}
	}
}
