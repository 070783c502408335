package mcp

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/cli/cmdutil"
	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/funneltree"
	"github.com/funnelsdev/funnels/client/index"
)

// treeDoc is the location's funnels as the resource serves them: the tree an export
// writes (funneltree: every folder by its path of names, each funnel with its
// folder's path, its steps in order and their pages, the domains in use, the URL
// redirects), read from the local index, with where it came from. Source is "index"
// (crawled whole less than a day ago) or "crawled" (the index was crawled for this
// read); Indexed is when that crawl ended.
type treeDoc struct {
	Location  location              `json:"location"`
	Source    string                `json:"source"`
	Indexed   time.Time             `json:"indexed,omitzero"`
	Counts    funneltree.Counts     `json:"counts"`
	Folders   []funneltree.Folder   `json:"folders"`
	Funnels   []funneltree.Funnel   `json:"funnels"`
	Domains   []funneltree.Domain   `json:"domains"`
	Redirects []funneltree.Redirect `json:"redirects"`
	Notes     []string              `json:"notes,omitempty"`
}

// treeURI is the address of the location's tree.
func treeURI(locationID string) string { return "funnels://location/" + locationID + "/tree" }

func (s *server) addTreeResource(srv *mcp.Server) {
	uri := treeURI(s.location.ID)
	srv.AddResource(&mcp.Resource{URI: uri, Name: "funnels tree", MIMEType: "application/json",
		Description: "The sub-account's folders, funnels with their steps and pages, domains and URL redirects as one JSON document, in the shape of 'funnels export': from the local index when it was crawled whole within a day, else after crawling it."},
		func(ctx context.Context, _ *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			notes := &mcpNotes{}
			f := *s.f
			f.IO = &cmdutil.IOStreams{In: strings.NewReader(""), Out: &bytes.Buffer{}, ErrOut: notes}
			doc, err := s.tree(ctx, &f)
			if err != nil {
				return nil, errors.New(strings.Join(f.ErrorLines(err), "\n"))
			}
			doc.Notes = append(noteLines(notes.String()), doc.Notes...)
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

// tree reads the location's tree from its local index, crawled first unless its
// last crawl read the location whole within a day.
func (s *server) tree(ctx context.Context, f *cmdutil.Factory) (*treeDoc, error) {
	sess, err := f.Session(ctx, true)
	if err != nil {
		return nil, err
	}
	store, err := f.IndexStore(sess.Config)
	if err != nil {
		return nil, err
	}
	defer store.Close()
	st, err := store.State(ctx)
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	doc := &treeDoc{Location: s.location, Source: "index"}
	if st.Crawled.IsZero() || st.Unfinished || time.Since(st.Crawled) > cmdutil.StaleIndex {
		doc.Source = "crawled"
		p, err := (&index.Crawler{Client: sess.Client, Store: store}).Run(ctx)
		switch {
		case errors.Is(err, index.ErrCrawlIncomplete) && ctx.Err() == nil:
			// What could be read is served, and what could not is said.
			doc.Notes = append(doc.Notes, cmdutil.ErrorLine(err)+"; 'funnels index' reads the rest")
		case err != nil:
			return nil, cmdutil.CrawlError(err)
		}
		doc.Notes = append(doc.Notes, p.Notes...)
	}
	if n := store.Notice(); n != "" {
		doc.Notes = append(doc.Notes, n)
	}
	snap, err := store.Snapshot(ctx)
	if err != nil {
		return nil, cmdutil.WithExitCode(cmdutil.ExitLocal, err)
	}
	t := funneltree.FromSnapshot(snap)
	doc.Indexed, doc.Counts = snap.State.Crawled, t.Count()
	doc.Folders, doc.Funnels, doc.Domains, doc.Redirects = t.Folders, t.Funnels, t.Domains, t.Redirects
	if doc.Source == "index" && slices.ContainsFunc(snap.Folders, func(fo index.Folder) bool { return fo.Grouped }) {
		doc.Notes = append(doc.Notes, groupedNote(sess.Client))
	}
	return doc, nil
}

// groupedNote says why the folders are named by id: folder entities are refused to
// this sign-in or not on this server, as this sign-in's access record says.
func groupedNote(c *client.Client) string {
	note := "folders by id: folder entities are not available"
	if why := client.Access(c.Access()).Reason(client.FamilyFolders); why != "" {
		note += " (" + why + ")"
	}
	return note
}
