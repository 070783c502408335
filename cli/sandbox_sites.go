package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// sitesFiles are the files `funnels sandbox --sites` writes for a checker in another
// process: the certificate authority of its pages and the rules that reach every
// domain on loopback.
type sitesFiles struct {
	info        sandbox.Sites
	ca, resolve string
	dir         string // a directory of this run only, removed at the end ("" when kept)
}

// writeSites writes the files of run's public pages (nil when it serves none): into
// the state directory, beside the kept tokens, or for an ephemeral run into a
// directory of its own that ends with it.
func writeSites(run *sandbox.Running, stateDir string) (*sitesFiles, error) {
	info, ok := run.Server.Sites()
	if !ok {
		return nil, nil
	}
	out := &sitesFiles{info: info}
	dir, own, err := sandboxFilesDir(stateDir, "sites")
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("sandbox sites: %w", err))
	}
	if own {
		out.dir = dir
	}
	if out.ca, out.resolve, err = info.WriteFiles(dir); err != nil {
		out.remove()
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	return out, nil
}

// remove removes a directory of this run only.
func (s *sitesFiles) remove() {
	if s != nil && s.dir != "" {
		_ = os.RemoveAll(s.dir)
	}
}

// print prints the name: value lines of the public pages, ending with the ready
// check commands; nothing when they are not served.
func (s *sitesFiles) print(w io.Writer) {
	if s == nil {
		return
	}
	reach := "--resolve-file " + shellWord(s.resolve) + " --ca-file " + shellWord(s.ca) + " --no-dns"
	fmt.Fprintf(w, "sites_https: %s\n", s.info.HTTPS)
	fmt.Fprintf(w, "sites_http: %s\n", s.info.HTTP)
	fmt.Fprintf(w, "sites_ca: %s\n", s.ca)
	fmt.Fprintf(w, "sites_resolve: %s (%d rules: every domain served, to the two addresses above)\n", s.resolve, len(s.info.Resolve))
	if len(s.info.Unresolved) > 0 {
		fmt.Fprintf(w, "sites_unresolved: %s (in no rule: they do not resolve)\n", strings.Join(s.info.Unresolved, " "))
	}
	fmt.Fprintf(w, "check: funnels check --profile sandbox %s\n", reach)
	fmt.Fprintf(w, "check_all: funnels check --profile agency --all-sub-accounts %s\n", reach)
}

// shellWord is s as one word of a shell command line: quoted when it holds anything
// but letters, digits and the few marks a path is made of.
func shellWord(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@%,=") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sandboxFilesDir is where a sandbox writes files for clients in other processes:
// sub in the state directory, beside the kept tokens, or for an ephemeral run (no
// state directory) a directory of its own, which the run removes as it ends (own).
func sandboxFilesDir(stateDir, sub string) (dir string, own bool, err error) {
	if stateDir == "" {
		dir, err = os.MkdirTemp("", "funnels-sandbox-"+sub+"-")
		return dir, err == nil, err
	}
	dir = filepath.Join(stateDir, sub)
	return dir, false, os.MkdirAll(dir, 0o700)
}
