package mcp

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/cli/export"
	"github.com/funnelsdev/funnels/client/validate"
)

type diffArgs struct {
	A             string `json:"a" jsonschema:"the side compared against: @cached (this location's local index), @live (crawled now), location:ID (another sub-account of this sign-in), profile:NAME (another profile's location) or an export directory under the server's --exports-dir"`
	B             string `json:"b" jsonschema:"the other side, spelled as a"`
	IgnoreDomains bool   `json:"ignore_domains,omitempty" jsonschema:"compare as if every domain were the same (a client's copy of a template on its own domains)"`
}

func (s *mcpServer) diff(ctx context.Context, in diffArgs) *mcp.CallToolResult {
	a, err := s.diffSideArg("a", in.A)
	if err != nil {
		return s.mcpArgError(err)
	}
	b, err := s.diffSideArg("b", in.B)
	if err != nil {
		return s.mcpArgError(err)
	}
	return s.call(ctx, func(ctx context.Context, f *cmdutil.Factory, e *cmdutil.Exporter) error {
		return export.DiffRun(ctx, f, &export.DiffOptions{A: a, B: b, IgnoreDomains: in.IgnoreDomains, Exporter: *e})
	})
}

// diffSideArg checks one side of a diff as the assistant spells it: a source by name,
// or an export directory, which must lie under the server's --exports-dir (its
// symbolic links followed) and is given back as its real path.
func (s *mcpServer) diffSideArg(field, spec string) (string, error) {
	spec, err := validate.Text(field, spec, 1000)
	if err != nil {
		return "", err
	}
	if name, ok := strings.CutPrefix(spec, "profile:"); ok {
		if _, err := validate.Text(field+" profile", name, 100); err != nil {
			return "", err
		}
		return spec, nil
	}
	if id, ok := strings.CutPrefix(spec, "location:"); ok {
		_, err := validate.ID(field+" location id", id)
		return spec, err
	}
	if strings.HasPrefix(spec, "@") {
		if spec != "@live" && spec != "@cached" {
			return "", cmdutil.Usagef("%s: %s is not a source: use @live, @cached, profile:NAME, location:ID or an export directory", field, cmdutil.QuoteInput(spec))
		}
		return spec, nil
	}
	return ExportDirUnder(s.exportsDir, field, spec)
}

// ExportDirUnder is dir, relative to root or absolute, as its real path, when it is
// root or inside it; a usage error otherwise, and always when there is no root.
func ExportDirUnder(root, field, dir string) (string, error) {
	if root == "" {
		return "", cmdutil.Usagef("%s: %s would be read as an export directory, and this server reads none: start 'funnels mcp' with --exports-dir DIR to let it read the exports under DIR", field, cmdutil.QuoteInput(dir))
	}
	p := dir
	if !filepath.IsAbs(p) {
		p = filepath.Join(root, p)
	}
	real, err := filepath.EvalSymlinks(filepath.Clean(p))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", cmdutil.Usagef("%s: there is no %s under the exports directory %s ('funnels export -o' writes one)", field, cmdutil.QuoteInput(dir), cmdutil.QuoteInput(root))
	case err != nil:
		return "", cmdutil.Usagef("%s: %s cannot be read: %v", field, cmdutil.QuoteInput(dir), err)
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", cmdutil.Usagef("%s: %s is outside the exports directory %s, and this server reads export directories only under it", field, cmdutil.QuoteInput(dir), cmdutil.QuoteInput(root))
	}
	return real, nil
}

// ExportsRoot is the --exports-dir of `funnels mcp` as an absolute path with its
// symbolic links followed ("" for none); one that is not a directory is a usage
// error.
func ExportsRoot(dir string) (string, error) {
	if dir == "" {
		return "", nil
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", cmdutil.Usagef("--exports-dir %s: %v", cmdutil.QuoteInput(dir), err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return "", cmdutil.Usagef("--exports-dir %s is not a directory", cmdutil.QuoteInput(dir))
	}
	return abs, nil
}
