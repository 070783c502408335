package auth

import (
	"context"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
)

// Browser opens an address for the user. Tests pass their own; the command line uses
// SystemBrowser.
type Browser interface {
	Open(ctx context.Context, url string) error
}

// textBrowsers take over the terminal they run in: never ours.
var textBrowsers = map[string]bool{
	"w3m": true, "lynx": true, "links": true, "links2": true, "elinks": true,
	"www-browser": true, "browsh": true, "carbonyl": true,
}

// SystemBrowser returns how to open a browser on this machine (goos is runtime.GOOS),
// or nil and the reason when none can be shown: on macOS `open`; elsewhere only with a
// graphical display (DISPLAY or WAYLAND_DISPLAY set), through BROWSER or xdg-open.
// Over SSH there is usually no display, and xdg-open would then start a text browser
// inside our terminal.
func SystemBrowser(goos string, getenv func(string) string) (Browser, string) {
	var argv []string
	switch {
	case getenv("BROWSER") != "":
		first, _, _ := strings.Cut(getenv("BROWSER"), ":") // BROWSER may list several
		argv = strings.Fields(first)
		if len(argv) == 0 {
			return nil, "BROWSER is empty"
		}
		if textBrowsers[filepath.Base(argv[0])] {
			return nil, "BROWSER names a text browser, which would take over this terminal"
		}
	case goos == "darwin":
		argv = []string{"open"}
	case goos == "windows":
		argv = []string{"rundll32", "url.dll,FileProtocolHandler"}
	default:
		argv = []string{"xdg-open"}
	}
	if goos != "darwin" && goos != "windows" && getenv("DISPLAY") == "" && getenv("WAYLAND_DISPLAY") == "" {
		return nil, "no DISPLAY or WAYLAND_DISPLAY"
	}
	return commandBrowser{argv: argv}, ""
}

// commandBrowser runs a launcher with the address, detached from our terminal: its
// stdin, stdout and stderr are the null device, so it can neither read our input nor
// draw over our output.
type commandBrowser struct{ argv []string }

func (b commandBrowser) Open(_ context.Context, url string) error {
	if len(b.argv) == 0 {
		return errors.New("no browser command")
	}
	args, substituted := make([]string, 0, len(b.argv)), false
	for _, a := range b.argv[1:] {
		if strings.Contains(a, "%s") {
			a, substituted = strings.ReplaceAll(a, "%s", url), true
		}
		args = append(args, a)
	}
	if !substituted {
		args = append(args, url)
	}
	// Not bound to ctx: ending the login must not close the user's browser.
	cmd := exec.Command(b.argv[0], args...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = nil, nil, nil
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { _ = cmd.Wait() }()
	return nil
}
