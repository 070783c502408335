package mcp

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// fileArg is the value of a positional argument a for command c: as it is, unless it
// names a file or directory of this machine (Command.Files), which the server reads
// only under its --exports-dir, given back as its real path.
func (s *server) fileArg(c *cmdutil.Command, a cmdutil.ToolArg, value string) (string, error) {
	for _, f := range c.Files {
		if f.Flag != "" || f.Arg != a.Pos || !cmdutil.NamesFile(f, value) {
			continue
		}
		if f.Writes {
			return "", cmdutil.Usagef("%s: no tool writes a file on this machine", a.Name)
		}
		return exportDirUnder(s.exportsDir, a.Name, value)
	}
	return value, nil
}

// exportDirUnder is dir, relative to root or absolute, as its real path, when it is
// root or inside it; a usage error otherwise, and always when there is no root.
func exportDirUnder(root, field, dir string) (string, error) {
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
		return "", cmdutil.Usagef("%s: %s cannot be read: %w", field, cmdutil.QuoteInput(dir), err)
	}
	if rel, err := filepath.Rel(root, real); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", cmdutil.Usagef("%s: %s is outside the exports directory %s, and this server reads export directories only under it", field, cmdutil.QuoteInput(dir), cmdutil.QuoteInput(root))
	}
	return real, nil
}

// exportsRoot is the --exports-dir of `funnels mcp` as an absolute path with its
// symbolic links followed ("" for none); one that is not a directory is a usage
// error.
func exportsRoot(dir string) (string, error) {
	if dir == "" {
		return "", nil
	}
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return "", cmdutil.Usagef("--exports-dir %s: %w", cmdutil.QuoteInput(dir), err)
	}
	if st, err := os.Stat(abs); err != nil || !st.IsDir() {
		return "", cmdutil.Usagef("--exports-dir %s is not a directory", cmdutil.QuoteInput(dir))
	}
	return abs, nil
}
