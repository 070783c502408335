package sandbox

import (
	"bytes"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
)

// contactInfo is ConversionPayload.contact; every field is optional.
type contactInfo struct {
	Email       string `json:"email"`
	FirstName   string `json:"firstName"`
	LastName    string `json:"lastName"`
	Phone       string `json:"phone"`
	City        string `json:"city"`
	State       string `json:"state"`
	PostalCode  string `json:"postalCode"`
	Country     string `json:"country"`
	DateOfBirth string `json:"dateOfBirth"`
}

// POST /funnels/event/conversion: records a conversion event. Needs no token.
func (s *Server) handleConversion(c *call) reply {
	var b struct {
		EventID   string          `json:"eventId"`
		EventName string          `json:"eventName"`
		Contact   json.RawMessage `json:"contact"`
		URL       string          `json:"url"`
		Pxp       string          `json:"pxp"`
		Pxc       string          `json:"pxc"`
		Pxclid    string          `json:"pxclid"`
		PxEventID string          `json:"pxEventId"`
		Currency  string          `json:"currency"`
		Value     json.RawMessage `json:"value"`
	}
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	var msgs []string
	if !slices.Contains(eventNames, b.EventName) {
		msgs = append(msgs, oneOf("eventName", eventNames))
	}
	contact := bytes.TrimSpace(b.Contact)
	switch {
	case len(contact) == 0 || string(contact) == "null":
		msgs = append(msgs, "contact should not be empty")
	case contact[0] != '{':
		msgs = append(msgs, "contact must be an object")
	default:
		var ci contactInfo
		if bad := decodeObject(contact, &ci, "contact."); bad != nil {
			return *bad
		}
		if ci.Email != "" && !isEmail(ci.Email) {
			msgs = append(msgs, "contact.email must be an email")
		}
		if ci.DateOfBirth != "" && !isISODate(ci.DateOfBirth) {
			msgs = append(msgs, "contact.dateOfBirth must be a valid ISO 8601 date string")
		}
	}
	if v := bytes.TrimSpace(b.Value); len(v) > 0 && string(v) != "null" && v[0] != '"' {
		msgs = append(msgs, "value must be a string")
	}
	if b.Currency != "" && !currencyPattern().MatchString(b.Currency) {
		msgs = append(msgs, "currency must be a 3-letter ISO 4217 code")
	}
	if len(msgs) > 0 {
		return invalid(msgs...)
	}
	id := b.EventID
	if id == "" {
		c.st.with(func(d *data) { id = d.newUUID() })
	}
	return ok(http.StatusOK, map[string]any{"success": true, "eventId": id})
}

var socialPlatforms = []string{"facebook", "instagram", "linkedin", "twitter", "tiktok"}

// POST /social-media-posting/oauth/{locationId}/{platform}/accounts/{accountId}:
// attaches a social account. The body is any JSON object; instagram needs pageId.
func (s *Server) handleSocialAccounts(c *call) reply {
	loc, platform, account := c.params["locationId"], c.params["platform"], c.params["accountId"]
	if loc != c.loc {
		return forbiddenLocation()
	}
	var b map[string]any
	if bad := decodeObject(c.body, &b, ""); bad != nil {
		return *bad
	}
	if !slices.Contains(socialPlatforms, platform) {
		return invalid(oneOf("platform", socialPlatforms))
	}
	if platform == "instagram" {
		if id, _ := b["pageId"].(string); strings.TrimSpace(id) == "" {
			return invalid("pageId should not be empty")
		}
	}
	results := map[string]any{"platform": platform, "accountId": account, "locationId": loc}
	for _, k := range []string{"originId", "name", "avatar", "companyId", "type", "pageId", "username", "urn"} {
		if v, isString := b[k].(string); isString {
			results[k] = v
		}
	}
	return ok(http.StatusCreated, map[string]any{
		"success": true, "statusCode": http.StatusCreated, "message": "Accounts attached", "results": results,
	})
}
