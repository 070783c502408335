package mcp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
)

// mcpMaxFolders bounds the folders a live read of the tree walks.
const mcpMaxFolders = 2000

// treeDoc is the location's funnels tree as the resource serves it: every folder
// (with its parent) and the funnels it holds, the funnels at the top level, and each
// funnel's steps in order. Source says where it was read: "index" (the local index,
// crawled whole less than a day ago) or "live" (the API, now).
type treeDoc struct {
	Location location     `json:"location"`
	Source   string       `json:"source"`
	Indexed  time.Time    `json:"indexed,omitzero"`
	Folders  []treeFolder `json:"folders"`
	Funnels  []treeFunnel `json:"funnels"`
	Notes    []string     `json:"notes,omitempty"`
}

type treeFolder struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Type     string       `json:"type,omitempty"`
	ParentID string       `json:"parentId,omitempty"`
	Funnels  []treeFunnel `json:"funnels"`
}

type treeFunnel struct {
	ID     string `json:"id"`
	Name   string `json:"name"`
	Type   string `json:"type,omitempty"`
	Domain string `json:"domain,omitempty"`
	Path   string `json:"path,omitempty"`
	// Steps is null when the service sent the funnel without them.
	Steps []treeStep `json:"steps"`
}

type treeStep struct {
	ID       string `json:"id"`
	Name     string `json:"name"`
	Path     string `json:"path,omitempty"`
	Type     string `json:"type,omitempty"`
	Sequence int    `json:"sequence"`
	Pages    int    `json:"pages"`
}

// treeURI is the address of the location's tree.
func treeURI(locationID string) string { return "funnels://location/" + locationID + "/tree" }

func (s *server) addTreeResource(srv *mcp.Server) {
	uri := treeURI(s.location.ID)
	srv.AddResource(&mcp.Resource{URI: uri, Name: "funnels tree", MIMEType: "application/json",
		Description: "The sub-account's folders, funnels and steps as one JSON document: from the local index when it was crawled whole within a day, else read live."},
		func(ctx context.Context, _ *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			notes := &mcpNotes{}
			f := *s.f
			f.IO = &cmdutil.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: notes}
			doc, err := s.tree(ctx, &f)
			if err != nil {
				return nil, errors.New(strings.Join(f.ErrorLines(err), "\n"))
			}
			doc.Notes = append(doc.Notes, noteLines(notes.String())...)
			var out bytes.Buffer
			if err := cmdutil.PrintJSON(&out, doc); err != nil {
				return nil, err
			}
			if err := tooBigError(out.Len()); err != nil {
				return nil, err
			}
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: "application/json", Text: out.String()}}}, nil
		})
}

// tree reads the location's tree from its index when that is whole and fresh, else
// from the API.
func (s *server) tree(ctx context.Context, f *cmdutil.Factory) (*treeDoc, error) {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return nil, err
	}
	if !f.Flags.NoCache {
		if doc, ok := s.treeFromIndex(ctx, f, sess); ok {
			return doc, nil
		}
	}
	return s.treeLive(ctx, sess.Client)
}

// treeFromIndex is the tree as the index holds it; false when the index was never
// crawled whole, a crawl was left part way, or it is older than a day.
func (s *server) treeFromIndex(ctx context.Context, f *cmdutil.Factory, sess *cmdutil.Session) (*treeDoc, bool) {
	store, err := f.IndexStore(sess.Config)
	if err != nil {
		return nil, false
	}
	defer store.Close()
	snap, err := store.Snapshot(ctx)
	if err != nil || snap.State.Crawled.IsZero() || snap.State.Unfinished || time.Since(snap.State.Crawled) > cmdutil.StaleIndex {
		return nil, false
	}
	folders := make([]client.Folder, len(snap.Folders))
	for i, fo := range snap.Folders {
		folders[i] = client.Folder{ID: fo.ID, Name: fo.Name, Type: fo.Type, ParentID: fo.ParentID}
	}
	funnels := make([]client.Funnel, len(snap.Funnels))
	for i, fu := range snap.Funnels {
		steps := make([]client.Step, len(fu.Steps))
		for j, st := range fu.Steps {
			steps[j] = client.Step{ID: st.ID, Name: st.Name, URL: st.URL, Type: st.Type, Pages: st.Pages, Sequence: st.Seq}
		}
		funnels[i] = client.Funnel{ID: fu.ID, Name: fu.Name, Type: fu.Type, ParentID: fu.ParentID, DomainName: fu.DomainName,
			URL: fu.URL, Steps: steps, StepsKnown: fu.StepsKnown}
	}
	doc := buildTree(s.location, "index", folders, funnels)
	doc.Indexed = snap.State.Crawled
	return doc, true
}

// treeLive reads the tree from the API: the funnel list (with steps) and the folders
// walked from the top; where folder entities are refused, the folders the funnels
// name, by id.
func (s *server) treeLive(ctx context.Context, c *client.Client) (*treeDoc, error) {
	funnels, _, err := c.ListAllFunnels(ctx, client.ListFunnelsParams{}, 100)
	if err != nil {
		return nil, err
	}
	folders, whole, ferr := walkFolders(ctx, c)
	var notes []string
	switch {
	case ferr != nil:
		folders = foldersNamedByFunnels(funnels)
		notes = append(notes, "the folders could not be listed ("+cmdutil.ErrorLine(ferr)+"): folders are those the funnels sit in, named by id")
	case !whole:
		notes = append(notes, fmt.Sprintf("the folders were read up to %d; the funnels of the others are at the top level", len(folders)))
	}
	doc := buildTree(s.location, "live", folders, funnels)
	doc.Notes = notes
	return doc, nil
}

// walkFolders lists every folder of the location, breadth first from the top, until
// it holds mcpMaxFolders (whole: false when folders were left unread); a folder met
// twice is walked once.
func walkFolders(ctx context.Context, c *client.Client) (folders []client.Folder, whole bool, err error) {
	var out []client.Folder
	seen := map[string]bool{}
	queue := []string{""}
	for len(queue) > 0 && len(out) < mcpMaxFolders {
		parent := queue[0]
		queue = queue[1:]
		children, _, err := c.FolderChildren(ctx, parent)
		if err != nil {
			return nil, false, fmt.Errorf("listing folder %q: %w", parent, err)
		}
		for _, fo := range children {
			if fo.ID == "" || seen[fo.ID] {
				continue
			}
			seen[fo.ID] = true
			if fo.ParentID == "" {
				fo.ParentID = parent
			}
			out = append(out, fo)
			queue = append(queue, fo.ID)
		}
	}
	return out, len(queue) == 0, nil
}

// foldersNamedByFunnels are the folders the funnels sit in, each named by its id.
func foldersNamedByFunnels(funnels []client.Funnel) []client.Folder {
	var out []client.Folder
	seen := map[string]bool{}
	for _, fu := range funnels {
		if fu.ParentID != "" && !seen[fu.ParentID] {
			seen[fu.ParentID] = true
			out = append(out, client.Folder{ID: fu.ParentID, Name: fu.ParentID})
		}
	}
	return out
}

// buildTree puts each funnel under its folder (at the top level when its folder is
// not among folders), its steps in order.
func buildTree(loc location, source string, folders []client.Folder, funnels []client.Funnel) *treeDoc {
	doc := &treeDoc{Location: loc, Source: source, Folders: make([]treeFolder, 0, len(folders)), Funnels: []treeFunnel{}}
	at := make(map[string]int, len(folders))
	for _, fo := range folders {
		at[fo.ID] = len(doc.Folders)
		doc.Folders = append(doc.Folders, treeFolder{ID: fo.ID, Name: fo.Name, Type: fo.Type, ParentID: fo.ParentID, Funnels: []treeFunnel{}})
	}
	for _, fu := range funnels {
		tf := treeFunnel{ID: fu.ID, Name: fu.Name, Type: fu.Type, Domain: fu.DomainName, Path: fu.URL}
		if fu.StepsKnown {
			tf.Steps = make([]treeStep, 0, len(fu.Steps))
			for _, st := range fu.Steps {
				tf.Steps = append(tf.Steps, treeStep{ID: st.ID, Name: st.Name, Path: st.URL, Type: st.Type, Sequence: st.Sequence, Pages: len(st.Pages)})
			}
			slices.SortStableFunc(tf.Steps, func(a, b treeStep) int { return a.Sequence - b.Sequence })
		}
		if i, ok := at[fu.ParentID]; ok && fu.ParentID != "" {
			doc.Folders[i].Funnels = append(doc.Folders[i].Funnels, tf)
			continue
		}
		doc.Funnels = append(doc.Funnels, tf)
	}
	return doc
}
