package sandbox

import "net/http"

// serveSitesControl answers the control API of the public pages:
//
//	GET  /_sandbox/sites       {https, http, ca (PEM), resolve: [rules], unresolved: [hosts]}
//	POST /_sandbox/sites/move  MoveSeededStep: the seeded redirect /bootcamp then leads to a 404
//
// Both answer 404 when the sandbox does not serve its sites.
func (s *Server) serveSitesControl(w http.ResponseWriter, r *http.Request, want func(string) bool) {
	info, ok := s.Sites()
	if !ok {
		writeJSON(w, http.StatusNotFound, errorBody{StatusCode: http.StatusNotFound,
			Message: "the sandbox does not serve its sites (start it with the sites on)", Error: http.StatusText(http.StatusNotFound)})
		return
	}
	if r.URL.Path == "/_sandbox/sites" {
		if want(http.MethodGet) {
			writeJSON(w, http.StatusOK, map[string]any{"https": info.HTTPS, "http": info.HTTP, "ca": string(info.CAPEM),
				"resolve": info.Resolve, "unresolved": info.Unresolved})
		}
		return
	}
	if !want(http.MethodPost) {
		return
	}
	if err := s.MoveSeededStep(); err != nil {
		writeJSON(w, http.StatusConflict, errorBody{StatusCode: http.StatusConflict, Message: err.Error(),
			Error: http.StatusText(http.StatusConflict)})
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{"ok": true, "from": siteMovedFrom, "to": siteMovedTo})
}
