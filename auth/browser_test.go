package auth

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

func TestSystemBrowserPolicy(t *testing.T) {
	envOf := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	cases := []struct {
		goos string
		env  func(string) string
		argv string // "" when no browser may be opened
	}{
		{"linux", envOf(), ""},                                   // over SSH: no display
		{"linux", envOf("BROWSER", "firefox"), ""},               // BROWSER alone is no display
		{"linux", envOf("DISPLAY", ":0"), "xdg-open"},            // X11
		{"freebsd", envOf("WAYLAND_DISPLAY", "w-0"), "xdg-open"}, // Wayland
		{"linux", envOf("DISPLAY", ":0", "BROWSER", "firefox --new-tab:chromium"), "firefox --new-tab"},
		{"linux", envOf("DISPLAY", ":0", "BROWSER", "w3m"), ""}, // text browser: never
		{"darwin", envOf(), "open"},
		{"darwin", envOf("BROWSER", "/usr/bin/lynx"), ""},
		{"windows", envOf(), "rundll32 url.dll,FileProtocolHandler"},
	}
	for _, tc := range cases {
		b, reason := SystemBrowser(tc.goos, tc.env)
		switch {
		case tc.argv == "" && b != nil:
			t.Errorf("%s: would open %v", tc.goos, b)
		case tc.argv == "" && reason == "":
			t.Errorf("%s: no reason given", tc.goos)
		case tc.argv != "" && (b == nil || strings.Join(b.(commandBrowser).argv, " ") != tc.argv):
			t.Errorf("%s: got %v (%s), want %s", tc.goos, b, reason, tc.argv)
		}
	}
}

// The launcher gets neither our stdin nor our stdout or stderr.
func TestBrowserLauncherIsDetached(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads /proc")
	}
	out := filepath.Join(t.TempDir(), "fds")
	script := `i=$(readlink /proc/$$/fd/0); o=$(readlink /proc/$$/fd/1); e=$(readlink /proc/$$/fd/2); { echo "$i"; echo "$o"; echo "$e"; echo "$1"; } > ` + out + `.tmp; mv ` + out + `.tmp ` + out
	b := commandBrowser{argv: []string{"sh", "-c", script, "sh"}}
	if err := b.Open(t.Context(), "http://127.0.0.1:1/x?a=b"); err != nil {
		t.Fatal(err)
	}
	var got []byte
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline) && len(got) == 0; time.Sleep(10 * time.Millisecond) {
		got, _ = os.ReadFile(out)
	}
	if want := "/dev/null\n/dev/null\n/dev/null\nhttp://127.0.0.1:1/x?a=b\n"; string(got) != want {
		t.Errorf("launcher saw %q, want %q", got, want)
	}
}
