package cmdutil

// Section is where `funnels --help` lists a command of the root. Every command of
// the root declares one in its record; a verb is listed in its noun's help, where
// there are no sections.
type Section string

// The sections of `funnels --help`, in the order it lists them.
const (
	// SectionBrowse: the commands that read and change the sub-account.
	SectionBrowse Section = "browse"
	// SectionAccount: signing in, the sign-in's checks and the settings.
	SectionAccount Section = "account"
	// SectionMore: the local index, the servers, the machine's own commands.
	SectionMore Section = "more"
)

// Sections are the sections in the order `funnels --help` lists them.
func Sections() []Section { return []Section{SectionBrowse, SectionAccount, SectionMore} }

// Title is the heading `funnels --help` gives the section.
func (s Section) Title() string {
	switch s {
	case SectionBrowse:
		return "Browse and change"
	case SectionAccount:
		return "Sign in and settings"
	case SectionMore:
		return "More"
	}
	return ""
}
