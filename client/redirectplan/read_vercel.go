package redirectplan

import (
	"encoding/json"
	"strconv"
	"strings"
)

// vercelKeys are the keys of a redirect in vercel.json, in lower case.
var vercelKeys = []string{"source", "destination", "permanent", "statuscode", "has", "missing", "basepath", "locale"}

// isVercel reports vercel.json's shape: an object whose "redirects" list holds
// objects with a source or a destination.
func isVercel(raw json.RawMessage) bool {
	var top struct {
		Redirects []map[string]json.RawMessage `json:"redirects"`
	}
	if json.Unmarshal(raw, &top) != nil || len(top.Redirects) == 0 {
		return false
	}
	first := lowerKeys(top.Redirects[0])
	_, src := first["source"]
	_, dst := first["destination"]
	return src || dst
}

// readVercel reads the "redirects" of a vercel.json (its other settings are not
// redirects and are left alone), each named by its line. A redirect a HighLevel one
// cannot be — a pattern, a condition other than the host, a temporary status — is
// kept with its reason.
func readVercel(data []byte) ([]Row, error) {
	items, err := jsonItems(data, "redirects")
	if err != nil {
		return nil, err
	}
	rows := make([]Row, 0, len(items))
	for _, it := range items {
		row, err := vercelRule(it.raw, "line "+strconv.Itoa(it.line))
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	return rows, nil
}

// vercelCondition is one entry of a redirect's has or missing.
type vercelCondition struct {
	Type  string `json:"type"`
	Key   string `json:"key"`
	Value string `json:"value"`
}

// vercelRule is one redirect of vercel.json as a row.
func vercelRule(raw json.RawMessage, where string) (Row, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return Row{}, parseErr(where, "not a JSON object")
	}
	fields := lowerKeys(obj)
	if err := knownKeys(fields, vercelKeys, nil, where); err != nil {
		return Row{}, err
	}
	source, err := stringField(fields, "source", where)
	if err != nil {
		return Row{}, err
	}
	r := Row{Action: "url", Where: where}
	if r.Target, err = stringField(fields, "destination", where); err != nil {
		return Row{}, err
	}
	r.Domain, r.Path = splitSource(source)
	var has, missing []vercelCondition
	for _, c := range []struct {
		name string
		dst  *[]vercelCondition
	}{{"has", &has}, {"missing", &missing}} {
		if v, ok := fields[c.name]; ok && json.Unmarshal(v, c.dst) != nil {
			return Row{}, parseErr(where, "%s must be a list of {type, key, value}", c.name)
		}
	}
	code, err := vercelCode(fields, where)
	if err != nil {
		return Row{}, err
	}
	var conditions []string
	for _, c := range has {
		if strings.EqualFold(c.Type, "host") && c.Value != "" && patternRefusal(c.Value, true) == "" {
			r.Domain = c.Value
			continue
		}
		conditions = append(conditions, "has "+clip(c.Type))
	}
	for _, c := range missing {
		conditions = append(conditions, "missing "+clip(c.Type))
	}
	switch {
	case source == "":
		r.Refusal = "no source"
	case r.Target == "":
		r.Refusal = "no destination"
	case patternRefusal(r.Path, true) != "":
		r.Refusal = patternRefusal(r.Path, true)
	case len(conditions) > 0:
		r.Refusal = "a condition (" + strings.Join(conditions, ", ") + "): " + pathAlone
	default:
		r.Refusal = codeRefusal(code)
	}
	return r, nil
}

// vercelCode is the status of a redirect: statusCode, else 308 or 307 as permanent
// says (true when absent, as Vercel has it).
func vercelCode(fields map[string]json.RawMessage, where string) (string, error) {
	if raw, ok := fields["statuscode"]; ok && string(raw) != "null" {
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return "", parseErr(where, "statusCode must be a number")
		}
		return n.String(), nil
	}
	if raw, ok := fields["permanent"]; ok && string(raw) != "null" {
		var permanent bool
		if err := json.Unmarshal(raw, &permanent); err != nil {
			return "", parseErr(where, "permanent must be true or false")
		}
		if !permanent {
			return "307", nil
		}
	}
	return "308", nil
}
