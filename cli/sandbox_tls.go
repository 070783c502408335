package cli

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client/sandbox"
)

// apiCAFile is the certificate authority of an API served over HTTPS (`funnels
// sandbox --tls`), written for the clients of other processes (sandboxFilesDir). The
// authority is made at each start, so the file is written anew.
type apiCAFile struct {
	path string
	dir  string // a directory of this run only, removed at the end ("" when kept)
}

// writeAPICA writes run's API certificate authority (nil when it serves plain HTTP).
func writeAPICA(run *sandbox.Running, stateDir string) (*apiCAFile, error) {
	pem := run.CAPEM()
	if pem == nil {
		return nil, nil
	}
	out := &apiCAFile{}
	dir, own, err := sandboxFilesDir(stateDir, "tls")
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("sandbox: %w", err))
	}
	if own {
		out.dir = dir
	}
	out.path = filepath.Join(dir, "api-ca.pem")
	if err := os.WriteFile(out.path, pem, 0o600); err != nil {
		out.remove()
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, fmt.Errorf("sandbox: the API's certificate authority: %w", err))
	}
	return out, nil
}

// remove removes a directory of this run only.
func (c *apiCAFile) remove() {
	if c != nil && c.dir != "" {
		_ = os.RemoveAll(c.dir)
	}
}

// trust is what a command of this sandbox is prefixed with for its certificate to be
// trusted ("" for plain HTTP).
func (c *apiCAFile) trust() string {
	if c == nil {
		return ""
	}
	return "FUNNELS_CA_FILE=" + shellWord(c.path) + " "
}

// print prints the ca_file line (nothing for plain HTTP).
func (c *apiCAFile) print(w io.Writer) {
	if c != nil {
		fmt.Fprintf(w, "ca_file: %s\n", c.path)
	}
}

// hint says, for people, what ca_file is for (nothing for plain HTTP).
func (c *apiCAFile) hint(w io.Writer) {
	if c != nil {
		fmt.Fprintln(w, "tls: the API's certificate is signed by an authority made at this start (ca_file); the commands above trust it with FUNNELS_CA_FILE ([api] ca_file in the config file does too)")
	}
}
