package cmdutil

import (
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/funnelsdev/funnels/client/validate"
)

// The limits of flags and arguments, kept on the command so that one declaration
// serves the check after parsing and an assistant's schema.
const (
	annotationText   = "funnels_text"   // on a flag: at most so many characters of text
	annotationBound  = "funnels_bound"  // on a whole-number flag: "MIN MAX"
	annotationArgMax = "funnels_argmax" // on a command: each positional argument's most characters (0: any)
)

// TextFlag bounds flag name of cmd to text of at most max characters, without control
// characters or line breaks.
func TextFlag(cmd *cobra.Command, name string, max int) {
	_ = cmd.Flags().SetAnnotation(name, annotationText, []string{strconv.Itoa(max)})
}

// Bound bounds the whole-number flag name of cmd to min..max.
func Bound(cmd *cobra.Command, name string, min, max int) {
	_ = cmd.Flags().SetAnnotation(name, annotationBound, []string{strconv.Itoa(min), strconv.Itoa(max)})
}

// textLimit is the most characters fl takes (0: any).
func textLimit(fl *pflag.Flag) int {
	if v := fl.Annotations[annotationText]; len(v) == 1 {
		n, _ := strconv.Atoi(v[0])
		return n
	}
	return 0
}

// bounds are the least and the most fl takes; ok is false when it is not bounded.
func bounds(fl *pflag.Flag) (least, most int, ok bool) {
	v := fl.Annotations[annotationBound]
	if len(v) != 2 {
		return 0, 0, false
	}
	least, _ = strconv.Atoi(v[0])
	most, _ = strconv.Atoi(v[1])
	return least, most, true
}

// argLimits are the most characters each of cmd's positional arguments takes.
func argLimits(cmd *cobra.Command) []int {
	var out []int
	for _, f := range strings.Fields(cmd.Annotations[annotationArgMax]) {
		n, _ := strconv.Atoi(f)
		out = append(out, n)
	}
	return out
}

// checkLimits refuses a flag given, or an argument, past its limits: a usage error
// naming it, before anything is read or sent. An empty argument is its command's to
// refuse, in its own words.
func checkLimits(cmd *cobra.Command, args []string) error {
	var err error
	cmd.Flags().Visit(func(fl *pflag.Flag) {
		if err != nil {
			return
		}
		if max := textLimit(fl); max > 0 {
			_, err = validate.Text("--"+fl.Name, fl.Value.String(), max)
		}
		if least, most, ok := bounds(fl); ok {
			if n, perr := strconv.Atoi(fl.Value.String()); perr != nil || n < least || n > most {
				err = Usagef("--%s must be from %d to %d, not %s", fl.Name, least, most, QuoteInput(fl.Value.String()))
			}
		}
	})
	if err != nil {
		return err
	}
	limits := argLimits(cmd)
	for i, a := range args {
		if i < len(limits) && limits[i] > 0 && strings.TrimSpace(a) != "" {
			if _, err := validate.Text(argName(cmd, i), a, limits[i]); err != nil {
				return err
			}
		}
	}
	return nil
}
