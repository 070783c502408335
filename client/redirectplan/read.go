package redirectplan

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"github.com/funnelsdev/funnels/client"
)

// MaxRows bounds a file: more rows than this is a *ParseError, not a plan.
const MaxRows = 100_000

// ParseError is a file that cannot be read as redirects: where, and what is wrong.
// Err, when set, says what kind of problem it is (ErrUnknownFormat,
// ErrNeedsDomain), for a caller that names its own remedy.
type ParseError struct {
	Where string // "line 3", "record 2", or "" for the whole file
	Msg   string
	Err   error
}

func (e *ParseError) Error() string {
	if e.Where == "" {
		return e.Msg
	}
	return e.Where + ": " + e.Msg
}

func (e *ParseError) Unwrap() error { return e.Err }

var (
	// ErrUnknownFormat is a file whose format neither its name nor its content
	// tells: the caller names it (ReadOptions.Format).
	ErrUnknownFormat = errors.New("format not known")
	// ErrNeedsDomain is a file that lists paths only (Shopify's, WordPress's, a
	// _redirects or vercel.json of one site) read without ReadOptions.Domain.
	ErrNeedsDomain = errors.New("the domain of the paths is needed")
)

func parseErr(where, format string, a ...any) error {
	return &ParseError{Where: where, Msg: fmt.Sprintf(format, a...)}
}

// ReadOptions say how to read a file of redirects.
type ReadOptions struct {
	// Format is the file's format; "" tells it from Name and the content (and a
	// CSV's dialect — ours, Shopify's, WordPress's — from its header, a JSON file's
	// — ours or vercel.json — from its shape).
	Format Format
	// Name is the file's name, whose base name (_redirects, vercel.json) or
	// extension tells its format when Format is "". It may be "".
	Name string
	// Domain is the domain of the rows that name a path only: every row of a
	// Shopify or WordPress file and of a _redirects or vercel.json without hosts,
	// and the rows of our formats with an empty domain. Paths-only targets
	// ("/new") become https:// addresses on it.
	Domain string
}

// Read reads the redirects of a file in format f ("" tells it from the content), as
// ReadFrom does.
func Read(r io.Reader, f Format) ([]Row, error) {
	rows, _, err := ReadFrom(r, ReadOptions{Format: f})
	return rows, err
}

// ReadFrom reads the redirects of a file, as o says, and returns the format it was
// read in (a dialect of CSV or JSON when the content told one). Header names and
// JSON keys are matched without case, and a column or key that is not one of the
// format's is an error naming it beside those there and those known; a byte order
// mark (UTF-8, or UTF-16, decoded), CRLF line ends and a CSV's CR ones are
// accepted, and a CSV's cells may be separated by semicolons or tabs, as Excel
// writes them in some languages; an empty action is url; a CSV cell written
// escaped by Write ('=…, '"\x1b…") is read back as it was. Fields are kept as
// written (trimmed): the checks are the plan's. A row of another platform that
// cannot be a HighLevel redirect (a pattern, a temporary or non-redirect status, a
// condition) is kept with its Refusal, which the plan shows with its line.
func ReadFrom(r io.Reader, o ReadOptions) ([]Row, Format, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFileBytes+1))
	if err != nil {
		return nil, "", parseErr("", "%v", err)
	}
	if len(data) > MaxFileBytes {
		return nil, "", ErrTooLarge
	}
	if data, err = textOf(data); err != nil {
		return nil, "", err
	}
	f := o.Format
	if f == "" {
		var ok bool
		if f, ok = detect(o.Name, data); !ok {
			return nil, "", &ParseError{Msg: "cannot tell the format of the file: name its format (" + strings.Join(ReadFormats(), ", ") + ")",
				Err: ErrUnknownFormat}
		}
	}
	var rows []Row
	switch f {
	case CSV, Shopify, WordPress:
		rows, f, err = readCSV(data, f, o.Domain != "")
	case JSON, Vercel:
		rows, f, err = readJSON(data, f)
	case JSONL:
		rows, err = readJSONL(data)
	case Netlify:
		rows, err = readNetlify(data)
	default:
		return nil, "", parseErr("", "unknown format %q", string(f))
	}
	if err != nil {
		return nil, f, err
	}
	if err := finish(rows, f, o.Domain); err != nil {
		return nil, f, err
	}
	return rows, f, nil
}

// finish completes rows read in format f: an empty action is url, an empty domain
// is domain, and a target of another platform's file given as a path is an address
// on its row's domain. A row of another platform with no domain and none given is
// an error (ErrNeedsDomain), named by its line.
func finish(rows []Row, f Format, domain string) error {
	foreign := f != CSV && f != JSON && f != JSONL
	for i := range rows {
		r := &rows[i]
		if r.Action == "" {
			r.Action = "url"
		}
		if r.Domain == "" {
			r.Domain = domain
		}
		if !foreign || r.Refusal != "" {
			continue
		}
		if r.Domain == "" {
			return &ParseError{Where: r.Where, Err: ErrNeedsDomain,
				Msg: fmt.Sprintf("the rule names a path only (%s): give the domain the file's paths are on", clip(r.Path))}
		}
		r.Target = onDomain(r.Target, r.Domain)
	}
	return nil
}

// onDomain is target as an address: a path ("/new") on domain, a scheme-relative
// address ("//host/new") over https; any other target as it is.
func onDomain(target, domain string) string {
	switch {
	case strings.HasPrefix(target, "//"):
		return "https:" + target
	case strings.HasPrefix(target, "/"):
		return "https://" + client.Host(domain) + target
	}
	return target
}

// clip keeps a name from a file short and valid for a message.
func clip(s string) string {
	s = strings.ToValidUTF8(s, "?")
	if utf8.RuneCountInString(s) > 40 {
		return string([]rune(s)[:40]) + "…"
	}
	return s
}
