package main

import (
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/funnelsdev/funnels/client/validate"
)

// maxDataBytes bounds a request body read from a file or standard input.
const maxDataBytes = 8 << 20

func apiSpec() cmdSpec {
	return cmdSpec{
		path:     "api",
		summary:  "call any operation of the API and print its answer (like gh api)",
		synopsis: "funnels api METHOD PATH [--data JSON|@FILE] [--query KEY=VALUE]... [flags]",
		about: `Sends one request to the API with the profile's token, the Version header, pacing
and retries, and prints the body of the answer (indented when it is JSON). PATH is
relative to the base URL and may carry a query; {locationId} in PATH or a query value
is replaced by the profile's location. --data is the JSON body, or @FILE to read it
from a file (@- reads standard input). An error status prints the status and the
server's message on standard error and exits 1 (3 when the token is refused).`,
		example: `funnels api GET /funnels/funnel/list --query 'locationId={locationId}' --query limit=5
funnels api POST /funnels/lookup/multiple --data '{"lookups": []}'
funnels api POST /funnels/funnel/folder/create --data @folder.json`,
		args: []argDef{{name: "METHOD", field: "method", values: validate.Methods}, {name: "PATH", field: "path"}},
		flags: []flagDef{
			{name: "data", meta: "JSON|@FILE", usage: "the request body: JSON, @FILE or @- for standard input", field: "data"},
			{name: "query", meta: "KEY=VALUE", usage: "add a query parameter (repeatable)", field: "query", repeat: true},
		},
		api: true,
		run: runAPI,
	}
}

func runAPI(in *invocation) int {
	method, err := validate.Method(in.args[0])
	if err != nil {
		return in.fail(err)
	}
	path, err := validate.APIPath(in.args[1])
	if err != nil {
		return in.fail(err)
	}
	query := url.Values{}
	for _, pair := range in.list("query") {
		k, v, err := validate.QueryParam(pair)
		if err != nil {
			return in.fail(err)
		}
		query.Add(k, v)
	}
	var body []byte
	if in.given["data"] {
		text, code := in.readData(in.str("data"))
		if code != exitOK {
			return code
		}
		raw, err := validate.JSON("data", text)
		if err != nil {
			return in.fail(err)
		}
		body = raw
	}
	c, code := in.openAPI(false)
	if code != exitOK {
		return code
	}
	const placeholder = "{locationId}"
	if strings.Contains(path, placeholder) || strings.Contains(fmt.Sprint(query), placeholder) {
		loc := c.LocationID()
		if loc == "" {
			return in.usageError("%s needs a location: pass --location ID or set FUNNELS_LOCATION_ID", placeholder)
		}
		path = strings.ReplaceAll(path, placeholder, url.PathEscape(loc))
		for _, vs := range query {
			for i := range vs {
				vs[i] = strings.ReplaceAll(vs[i], placeholder, loc)
			}
		}
	}
	answer, resp, err := c.Raw(in.ctx, method, path, query, body)
	if err != nil {
		return in.fail(err)
	}
	if pretty, ok := prettyJSON(answer); ok {
		_, err = in.env.Stdout.Write(pretty)
	} else if len(answer) > 0 {
		text := cleanBlock(string(answer))
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		_, err = io.WriteString(in.env.Stdout, text)
	} else if resp != nil {
		in.notice("%d, no body", resp.StatusCode)
	}
	if err != nil {
		return in.fail(fmt.Errorf("write the answer: %w", err))
	}
	return exitOK
}

// readData is --data: the text itself, or what @FILE (or @- for standard input)
// holds.
func (in *invocation) readData(arg string) (string, int) {
	name, fromFile := strings.CutPrefix(arg, "@")
	if !fromFile {
		return arg, exitOK
	}
	var r io.Reader
	if name == "-" {
		r = in.env.Stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			return "", in.usageError("--data: %v", err)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxDataBytes+1))
	if err != nil {
		return "", in.usageError("--data: reading %s: %v", arg, err)
	}
	if len(b) > maxDataBytes {
		return "", in.usageError("--data: %s is larger than %d MiB", arg, maxDataBytes>>20)
	}
	return string(b), exitOK
}
