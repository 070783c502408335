package e2e

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/spf13/cobra"

	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// binPath is the funnels binary built once for the end-to-end tests of this package.
var binPath string

func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "funnels-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "funnels")
	build := exec.Command("go", "build", "-o", binPath, "..")
	build.Env = append(os.Environ(), "CGO_ENABLED=0") // as make build: a static binary
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building funnels: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// runningSandbox is `funnels sandbox` started as a user would, with what it printed.
type runningSandbox struct {
	cmd    *exec.Cmd
	values map[string]string // base_url, token, readonly_token, location_id, login, …
}

// startSandboxBinary runs the real binary's sandbox on a free port and reads its
// `name: value` lines up to the first blank line.
func startSandboxBinary(t *testing.T, args ...string) *runningSandbox {
	t.Helper()
	return startSandboxIn(t, testEnv(t), append([]string{"--addr", "127.0.0.1:0"}, args...)...)
}

// startSandboxIn is startSandboxBinary with the environment env and the flags args
// (--addr among them).
func startSandboxIn(t *testing.T, env []string, args ...string) *runningSandbox {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	cmd := exec.CommandContext(ctx, binPath, append([]string{"sandbox"}, args...)...)
	cmd.Env = env
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = io.Discard
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = cmd.Process.Signal(os.Interrupt)
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			cancel()
		}
		cancel()
	})
	values := map[string]string{}
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
		_, _ = io.Copy(io.Discard, out)
	}()
	timeout := time.After(15 * time.Second)
	for {
		select {
		case line, ok := <-lines:
			if !ok || strings.TrimSpace(line) == "" {
				go func() {
					for range lines {
					}
				}()
				if values["base_url"] == "" {
					t.Fatalf("sandbox printed no base_url: %v", values)
				}
				return &runningSandbox{cmd: cmd, values: values}
			}
			if k, v, ok := strings.Cut(line, ": "); ok {
				values[k] = v
			}
		case <-timeout:
			t.Fatalf("sandbox did not print its settings in time (got %v)", values)
		}
	}
}

// testEnv is a clean environment for a child process: no user config, no stray tokens.
func testEnv(t *testing.T) []string {
	home := t.TempDir()
	return []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CONFIG_HOME=" + filepath.Join(home, "config"),
		"XDG_STATE_HOME=" + filepath.Join(home, "state"),
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"TERM=dumb",
		"FUNNELS_INSECURE_STORAGE=1", // never the OS keyring of the machine running the tests
	}
}

// allCommands is every command of funnels but the root, the hidden ones and help,
// each with its flags merged (as the binary sees them).
func allCommands() []*cobra.Command {
	ios, _, _ := cmdutil.TestStreams("")
	root := cli.NewCmdRoot(cmdutil.NewFactory(ios, func(string) string { return "" }, "test"))
	var out []*cobra.Command
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		for _, sub := range c.Commands() {
			if sub.Hidden || sub.Name() == "help" {
				continue
			}
			sub.InheritedFlags() // merges the persistent flags into Flags()
			out = append(out, sub)
			walk(sub)
		}
	}
	walk(root)
	return out
}
