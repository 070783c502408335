package cmdutil

import (
	"io"

	"github.com/charmbracelet/colorprofile"
)

// ColorWriter is w with the colours of what is written to it cut down to what the
// terminal (TERM, COLORTERM) and the person (NO_COLOR, CLICOLOR, CLICOLOR_FORCE)
// allow.
func (f *Factory) ColorWriter(w io.Writer) io.Writer {
	return &colorprofile.Writer{Forward: w, Profile: f.colorProfile(w)}
}

// colorProfile is what w shows of colours, by the same rules as ColorWriter.
func (f *Factory) colorProfile(w io.Writer) colorprofile.Profile {
	var env []string
	for _, k := range []string{"TERM", "COLORTERM", "NO_COLOR", "CLICOLOR", "CLICOLOR_FORCE"} {
		if v := f.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return colorprofile.Detect(w, env)
}
