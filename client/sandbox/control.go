package sandbox

import (
	"net/http"
	"strconv"
	"time"
)

// serveControl answers the control API under /_sandbox/: no auth, no Version, no
// rate limit, no faults, not logged.
func (s *Server) serveControl(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	want := func(method string) bool {
		if r.Method == method {
			return true
		}
		w.Header().Set("Allow", method)
		writeJSON(w, http.StatusMethodNotAllowed, errorBody{StatusCode: http.StatusMethodNotAllowed,
			Message: "Cannot " + r.Method + " " + r.URL.Path, Error: http.StatusText(http.StatusMethodNotAllowed)})
		return false
	}
	bad := func(msg string) {
		writeJSON(w, http.StatusBadRequest, errorBody{StatusCode: http.StatusBadRequest, Message: msg, Error: http.StatusText(http.StatusBadRequest)})
	}
	done := map[string]any{"ok": true}
	switch r.URL.Path {
	case "/_sandbox/requests":
		if want(http.MethodGet) {
			writeJSON(w, http.StatusOK, s.Requests())
		}
	case "/_sandbox/reset-log":
		if want(http.MethodPost) {
			s.ResetLog()
			writeJSON(w, http.StatusOK, done)
		}
	case "/_sandbox/fail":
		if !want(http.MethodPost) {
			return
		}
		status, err := strconv.Atoi(q.Get("status"))
		if err != nil || status < 400 || status > 599 {
			bad("status must be a number from 400 to 599")
			return
		}
		count := 1
		if c := q.Get("count"); c != "" {
			if count, err = strconv.Atoi(c); err != nil || count < 1 {
				bad("count must be a positive number")
				return
			}
		}
		s.FailNext(status, count, q.Get("path"))
		writeJSON(w, http.StatusOK, done)
	case "/_sandbox/faults":
		switch r.Method {
		case http.MethodGet:
			writeJSON(w, http.StatusOK, faultsJSON(s.Faults()))
		case http.MethodPost:
			f, msg := parseFaults(q.Get)
			if msg != "" {
				bad(msg)
				return
			}
			s.SetFaults(f)
			writeJSON(w, http.StatusOK, faultsJSON(s.Faults()))
		default:
			want(http.MethodPost)
		}
	case "/_sandbox/expire-tokens":
		if want(http.MethodPost) {
			s.ExpireAccessTokens()
			writeJSON(w, http.StatusOK, done)
		}
	case "/_sandbox/suspend", "/_sandbox/silence":
		if !want(http.MethodPost) {
			return
		}
		loc := q.Get("location")
		if loc == "" {
			loc = seedLocationID
		}
		if r.URL.Path == "/_sandbox/suspend" {
			s.SetSuspended(loc, q.Get("active") != "true")
		} else {
			s.SetSilent(loc, q.Get("answer") != "true")
		}
		writeJSON(w, http.StatusOK, done)
	case "/_sandbox/revoke-refresh":
		if want(http.MethodPost) {
			s.RevokeRefreshTokens()
			writeJSON(w, http.StatusOK, done)
		}
	case "/_sandbox/sites", "/_sandbox/sites/move":
		s.serveSitesControl(w, r, want)
	default:
		writeJSON(w, http.StatusNotFound, errorBody{StatusCode: http.StatusNotFound,
			Message: "Cannot " + r.Method + " " + r.URL.Path, Error: http.StatusText(http.StatusNotFound)})
	}
}

// parseFaults reads latency, fixed_latency, error_rate, drop_rate, truncate_rate and
// daily_limit; an absent parameter is 0 (off), so one call sets the whole fault
// state.
func parseFaults(get func(string) string) (Faults, string) {
	var f Faults
	if v := get("latency"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return f, "latency must be a duration such as 250ms or 2s"
		}
		f.Latency = d
	}
	if v := get("fixed_latency"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return f, "fixed_latency must be a duration such as 250ms or 2s"
		}
		f.FixedLatency = d
	}
	for _, p := range []struct {
		name string
		dst  *float64
	}{{"error_rate", &f.ErrorRate}, {"drop_rate", &f.DropRate}, {"truncate_rate", &f.TruncateRate}} {
		if v := get(p.name); v != "" {
			x, err := strconv.ParseFloat(v, 64)
			if err != nil || x < 0 || x > 1 {
				return f, p.name + " must be a number from 0 to 1"
			}
			*p.dst = x
		}
	}
	if v := get("daily_limit"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 || n > dailyLimit {
			return f, "daily_limit must be a whole number from 0 (the service's 200000) to 200000"
		}
		f.DailyLimit = n
	}
	return f, ""
}

func faultsJSON(f Faults) map[string]any {
	return map[string]any{"latency": f.Latency.String(), "fixed_latency": f.FixedLatency.String(), "error_rate": f.ErrorRate, "drop_rate": f.DropRate,
		"truncate_rate": f.TruncateRate, "daily_limit": f.DailyLimit}
}
