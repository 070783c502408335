package funneltree

// FormatVersion is the version of the file layout an export writes; a reader
// refuses a tree of a later one.
const FormatVersion = 1

// Tree is one location's funnels as an export holds them.
type Tree struct {
	Manifest  Manifest
	Folders   []Folder   // by path
	Funnels   []Funnel   // by folder path, then name, then id
	Domains   []Domain   // by host
	Redirects []Redirect // by domain, then path, then id
}

// Manifest says what an export holds and where it came from.
type Manifest struct {
	FormatVersion  int      `json:"formatVersion" yaml:"formatVersion"`
	ExportedAt     string   `json:"exportedAt" yaml:"exportedAt"` // RFC 3339, UTC
	Location       Location `json:"location" yaml:"location"`
	APIBase        string   `json:"apiBase" yaml:"apiBase"`
	FunnelsVersion string   `json:"funnelsVersion" yaml:"funnelsVersion"`
	Source         string   `json:"source" yaml:"source"` // cached (the local index) or fresh (crawled for this export)
	CrawledAt      string   `json:"crawledAt,omitempty" yaml:"crawledAt,omitempty"`
	Format         string   `json:"format" yaml:"format"` // yaml or json
	Counts         Counts   `json:"counts" yaml:"counts"`
}

// Location names the sub-account an export was read from.
type Location struct {
	ID   string `json:"id" yaml:"id"`
	Name string `json:"name,omitempty" yaml:"name,omitempty"`
}

// Counts is how many of each record a tree holds.
type Counts struct {
	Folders   int `json:"folders" yaml:"folders"`
	Funnels   int `json:"funnels" yaml:"funnels"`
	Steps     int `json:"steps" yaml:"steps"`
	Pages     int `json:"pages" yaml:"pages"`
	Domains   int `json:"domains" yaml:"domains"`
	Redirects int `json:"redirects" yaml:"redirects"`
}

// Folder is a folder of funnels or websites. Path is the names from the root down,
// joined by " / ".
type Folder struct {
	Path string `json:"path" yaml:"path"`
	Type string `json:"type,omitempty" yaml:"type,omitempty"`
	ID   string `json:"id" yaml:"id"`
}

// Funnel is a funnel or website with its steps.
type Funnel struct {
	Name   string `json:"name" yaml:"name"`
	Type   string `json:"type,omitempty" yaml:"type,omitempty"`
	Folder string `json:"folder,omitempty" yaml:"folder,omitempty"` // its folder's Path; "" at the root
	Domain string `json:"domain,omitempty" yaml:"domain,omitempty"`
	Path   string `json:"path,omitempty" yaml:"path,omitempty"`
	ID     string `json:"id" yaml:"id"`
	Steps  []Step `json:"steps" yaml:"steps"`
	// Loose are pages of the funnel that name no step of it.
	Loose []Page `json:"loosePages,omitempty" yaml:"loosePages,omitempty"`
}

// Step is one step of a funnel: its place, name, path and type, whether a split test
// runs and the control page's share of the traffic, and its pages (the live ones in
// the step's order, then the archived ones by name).
type Step struct {
	Sequence int     `json:"sequence" yaml:"sequence"`
	Name     string  `json:"name" yaml:"name"`
	Path     string  `json:"path,omitempty" yaml:"path,omitempty"`
	Type     string  `json:"type,omitempty" yaml:"type,omitempty"`
	Split    bool    `json:"split" yaml:"split"`
	Traffic  float64 `json:"traffic" yaml:"traffic"`
	ID       string  `json:"id" yaml:"id"`
	Pages    []Page  `json:"pages" yaml:"pages"`
}

// Page is one page of a step.
type Page struct {
	Name     string `json:"name" yaml:"name"`
	Archived bool   `json:"archived" yaml:"archived"`
	ID       string `json:"id" yaml:"id"`
}

// Domain is a host a funnel or a redirect of the location uses.
type Domain struct {
	Host      string `json:"host" yaml:"host"`
	Funnels   int    `json:"funnels" yaml:"funnels"`
	Redirects int    `json:"redirects" yaml:"redirects"`
}

// Redirect is a URL redirect of one of the location's domains.
type Redirect struct {
	Domain string `json:"domain" yaml:"domain"`
	Path   string `json:"path" yaml:"path"`
	Target string `json:"target" yaml:"target"`
	Action string `json:"action,omitempty" yaml:"action,omitempty"`
	Type   string `json:"type,omitempty" yaml:"type,omitempty"`
	ID     string `json:"id" yaml:"id"`
}

// Count is what the tree holds, as its manifest says it.
func (t *Tree) Count() Counts {
	c := Counts{Folders: len(t.Folders), Funnels: len(t.Funnels), Domains: len(t.Domains), Redirects: len(t.Redirects)}
	for i := range t.Funnels {
		c.Steps += len(t.Funnels[i].Steps)
		c.Pages += len(t.Funnels[i].Loose)
		for j := range t.Funnels[i].Steps {
			c.Pages += len(t.Funnels[i].Steps[j].Pages)
		}
	}
	return c
}
