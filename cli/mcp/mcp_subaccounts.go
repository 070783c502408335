package mcp

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/validate"
)

// mcpMaxSubAccounts bounds the location ids one call names.
const mcpMaxSubAccounts = 500

// SubAccountsArg names the sub-accounts a tool runs across: "all" (every one the
// agency sign-in reaches), "group:NAME" (a group of the config file) or location
// ids, given as a list or as one string of ids separated by commas.
type SubAccountsArg []string

func (a *SubAccountsArg) UnmarshalJSON(b []byte) error {
	var one string
	if err := json.Unmarshal(b, &one); err == nil {
		*a = SubAccountsArg{one}
		return nil
	}
	var many []string
	if err := json.Unmarshal(b, &many); err != nil {
		return errors.New(`sub_accounts must be "all", "group:NAME" or a list of location ids`)
	}
	*a = many
	return nil
}

// subAccountsSchema is the schema of a sub_accounts argument: a string or a list of
// strings.
func subAccountsSchema() *jsonschema.Schema {
	return &jsonschema.Schema{
		Types:       []string{"string", "array"},
		Items:       &jsonschema.Schema{Type: "string"},
		MaxItems:    new(mcpMaxSubAccounts),
		Description: `run across sub-accounts instead of this one: "all" (every sub-account the agency sign-in reaches), "group:NAME" (a group of [groups] in the config file) or a list of location ids; each result row names its location and locationName, and a sub-account that fails is listed under failures`,
	}
}

// inputSchema is the input schema of a tool taking In, with its sub_accounts
// argument taking a string or a list; nil (the SDK infers one) when In cannot be
// described.
func inputSchema[In any]() any {
	s, err := jsonschema.For[In](&jsonschema.ForOptions{TypeSchemas: map[reflect.Type]*jsonschema.Schema{
		reflect.TypeFor[SubAccountsArg](): subAccountsSchema(),
	}})
	if err != nil {
		return nil
	}
	return s
}

// SetOptions is the set the argument names, for a command's SetOptions, checked
// before anything is sent: kept to what this server's sign-in reaches. Left out
// (nil), it names none: the tool is about this sub-account.
func (a SubAccountsArg) SetOptions() (cmdutil.SetOptions, error) {
	if a == nil {
		return cmdutil.SetOptions{}, nil
	}
	o := cmdutil.SetOptions{OwnSignIn: true}
	if len(a) == 1 {
		one := strings.TrimSpace(a[0])
		if one == "all" {
			o.AllSubAccounts = true
			return o, nil
		}
		if name, ok := strings.CutPrefix(one, "group:"); ok {
			name, err := validate.Text("sub_accounts group", name, 100)
			if err != nil {
				return o, err
			}
			o.Group = name
			return o, nil
		}
		a = strings.Split(one, ",")
	}
	if len(a) > mcpMaxSubAccounts {
		return o, cmdutil.Usagef("sub_accounts names %d location ids, more than %d", len(a), mcpMaxSubAccounts)
	}
	for _, id := range a {
		id = strings.TrimSpace(id)
		if id == "all" || strings.HasPrefix(id, "group:") {
			return o, cmdutil.Usagef(`sub_accounts: "all" and "group:NAME" stand alone, not in a list of location ids`)
		}
		if _, err := validate.ID("sub_accounts location id", id); err != nil {
			return o, err
		}
		o.Locations = append(o.Locations, id)
	}
	if len(o.Locations) == 0 {
		return o, cmdutil.Usagef(`sub_accounts is empty: give "all", "group:NAME" or location ids`)
	}
	return o, nil
}

// acrossSet readies a tool call's factory for a run across set: the server's own
// --location gives way to the members' locations.
func acrossSet(f *cmdutil.Factory, set cmdutil.SetOptions) {
	if set.Given(f) {
		f.Flags.Location = ""
	}
}
