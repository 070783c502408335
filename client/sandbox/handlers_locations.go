package sandbox

import "net/http"

// GET /locations/{locationId}: the sub-account as HighLevel's locations API
// documents it, {"location": {id, companyId, name, address, …}}, for a token of that
// sub-account. It is no funnels route: the public surface asks for the scope
// locations.readonly, and the documented surface, which has only the funnels
// operations, answers 404.
func (s *Server) handleGetLocation(c *call) reply {
	sub := s.subByID[c.params["locationId"]]
	if sub == nil || sub.id != c.loc {
		return forbiddenLocation()
	}
	return ok(http.StatusOK, map[string]any{"location": map[string]any{
		"id": sub.id, "companyId": seedCompanyID, "name": sub.name, "address": sub.address,
	}})
}
