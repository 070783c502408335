package client

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Browsing on whatever the token can reach: folder entities where they are open, the
// documented funnel list where they are refused or not on this server; steps from the funnel list when a
// folder listing leaves them out; a page's own record, or what the page list said of
// it. The browser and the commands share these so both fall back the same way.

// Listing is what one folder holds, and how it was had.
type Listing struct {
	Folders []Folder
	Funnels []Funnel
	// Via is the family that answered: FamilyFolders, or FamilyFunnelList when folder
	// entities are refused to this token.
	Via Family
	// Grouped is set when the folders were made from the funnels' parentId (the
	// funnel list has no folders): their names and nesting are unknown, and each is
	// named by its id.
	Grouped bool
	// Refusal is the refusal that sent the listing to the funnel list, when one did.
	Refusal *APIError
}

// Note says in one line why folders look different than in the web app; "" when they
// do not.
func (l *Listing) Note() string {
	if l.Via != FamilyFunnelList {
		return ""
	}
	why := "folder entities are not open to this token"
	switch {
	case l.Refusal == nil:
	case l.Refusal.Refusal == RefusedMissing:
		why = "folder entities are " + NotOnServer + " (" + strconv.Itoa(l.Refusal.StatusCode) + ")"
	case l.Refusal.Refusal == RefusedScope:
		why = "folder entities answered " + strconv.Itoa(l.Refusal.StatusCode) + " (scope refusal)"
	default:
		why = "folder entities answered " + strconv.Itoa(l.Refusal.StatusCode) + " (" + l.Refusal.RouteRefusal() + ")"
	}
	return "folders shown by id: " + why + ", so funnels come from the documented funnel list; folder names and nesting are not available"
}

// StepsMissing reports whether some funnel came without its steps.
func (l *Listing) StepsMissing() bool {
	for i := range l.Funnels {
		if !l.Funnels[i].StepsKnown {
			return true
		}
	}
	return false
}

// BrowseFolder lists what a folder holds (folderID "" is the root). It asks folder
// entities unless the access record says they are refused; refused, it lists the
// folder from the documented funnel list instead: at the root every funnel without a
// parentId and one folder per parentId seen (named by its id), in a folder the funnels
// whose parentId is that folder. A funnel list stopped early (ErrIncompleteList)
// returns what was read with the error; any other failure is returned as it is.
func (c *Client) BrowseFolder(ctx context.Context, folderID string) (*Listing, *Response, error) {
	return c.browseFolder(ctx, folderID, 0, nil)
}

// browseFolder is BrowseFolder handing early the first n records of a folder entities
// answer, or the first page of the funnel list (BrowseFolderEarly).
func (c *Client) browseFolder(ctx context.Context, folderID string, n int, early func(*Listing)) (*Listing, *Response, error) {
	var refusal *APIError
	if fa, refused := c.Access().Refused(FamilyFolders); refused {
		refusal = recordedRefusal(FamilyFolders, fa)
	} else {
		ents, resp, err := c.folderEntities(ctx, "", folderID, "", earlyEntities(n, early))
		if err == nil {
			return &Listing{Folders: ents.Folders, Funnels: ents.Funnels, Via: FamilyFolders}, resp, nil
		}
		if !errors.As(err, &refusal) || refusal.Refusal == NotRefused {
			return nil, resp, err
		}
	}
	var first func([]Funnel)
	if early != nil {
		first = func(page []Funnel) {
			part := groupedListing(folderID, page)
			part.Refusal = refusal
			early(part)
		}
	}
	l, resp, err := c.listFolderFromFunnels(ctx, folderID, first)
	if l != nil {
		l.Refusal = refusal
	}
	return l, resp, err
}

// listFolderFromFunnels builds a folder's listing from the funnel list, handing first
// the funnels of its first page when it has more.
func (c *Client) listFolderFromFunnels(ctx context.Context, folderID string, first func([]Funnel)) (*Listing, *Response, error) {
	p := ListFunnelsParams{}
	if folderID != "" {
		p.ParentID = &folderID
	}
	all, resp, err := c.listAllFunnels(ctx, p, 0, first)
	if err != nil && !errors.Is(err, ErrIncompleteList) {
		return nil, resp, err
	}
	return groupedListing(folderID, all), resp, err // a list stopped early: what was read, and why it is not whole
}

// groupedListing is the listing of folderID made of funnels of the funnel list: at the
// root, the funnels without a parentId and one folder per parentId seen.
func groupedListing(folderID string, all []Funnel) *Listing {
	l := &Listing{Via: FamilyFunnelList, Grouped: true, Funnels: []Funnel{}, Folders: []Folder{}}
	seen := map[string]bool{}
	for _, f := range all {
		switch {
		case f.ParentID == folderID:
			l.Funnels = append(l.Funnels, f)
		case folderID == "" && !seen[f.ParentID]:
			// A funnel of a folder: the folder shows at the root, named by its id.
			seen[f.ParentID] = true
			l.Folders = append(l.Folders, Folder{ID: f.ParentID, Name: f.ParentID, Type: f.Type, Category: "folder"})
		}
	}
	slices.SortFunc(l.Folders, func(a, b Folder) int { return strings.Compare(a.ID, b.ID) })
	slices.SortStableFunc(l.Funnels, func(a, b Funnel) int {
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return l
}

// FunnelsWithSteps returns funnels with the steps of those that came without any
// (Funnel.StepsKnown false), taken from the funnel list of their folder: one listing
// per folder, never a request per funnel. A funnel the list does not have keeps
// StepsKnown false. Nothing is asked when every funnel has its steps.
func (c *Client) FunnelsWithSteps(ctx context.Context, folderID string, funnels []Funnel) ([]Funnel, *Response, error) {
	out := slices.Clone(funnels)
	missing := map[string]int{}
	for i := range out {
		if !out[i].StepsKnown {
			missing[out[i].ID] = i
		}
	}
	if len(missing) == 0 {
		return out, nil, nil
	}
	parent := folderID
	full, resp, err := c.ListAllFunnels(ctx, ListFunnelsParams{ParentID: &parent}, 0)
	if err != nil {
		return out, resp, err
	}
	fill := func(list []Funnel) {
		for _, f := range list {
			if i, ok := missing[f.ID]; ok && f.StepsKnown {
				out[i] = mergeFunnel(out[i], f)
				delete(missing, f.ID)
			}
		}
	}
	fill(full)
	if len(missing) > 0 && folderID == "" {
		// How a server reads an empty parentId is not documented: ask for every
		// funnel before calling the root's steps unknown.
		all, r2, err := c.ListAllFunnels(ctx, ListFunnelsParams{}, 0)
		if err != nil {
			return out, r2, err
		}
		resp = r2
		fill(all)
	}
	return out, resp, nil
}

// mergeFunnel completes a summary with the full record: the steps, and every field
// the summary left empty.
func mergeFunnel(sum, full Funnel) Funnel {
	out := full
	if sum.Name != "" {
		out.Name = sum.Name
	}
	if sum.ParentID != "" {
		out.ParentID = sum.ParentID
	}
	return out
}

// PageRead is a page as it could be had: its own record, or (Partial) the fields the
// page list gave because GET /funnels/page/{id} is refused to this token (Refusal).
type PageRead struct {
	Page    Page
	Partial bool
	Refusal *APIError
}

// PageDetail reads a page by id. Where that route is refused to this token or not on
// this server (known from the access record, or answered now) it reads the page list
// of the page's funnel instead and returns the page's record from there, marked
// Partial: the page list's fields are all a token without the route can have. With
// funnelID "" the funnel is found first, by the live page ids its steps carry in the
// funnel list. A 404 that may be the page's or the route's is settled the same way:
// the page list has the page, so the route is what is missing (the access record
// learns it); it does not, and the 404 is the page's. Other failures, and a page the
// list does not have, are errors.
func (c *Client) PageDetail(ctx context.Context, funnelID, pageID string) (*PageRead, *Response, error) {
	var refusal, unsure *APIError
	if fa, refused := c.Access().Refused(FamilyPageByID); refused {
		refusal = recordedRefusal(FamilyPageByID, fa)
	} else {
		p, resp, err := c.Page(ctx, pageID)
		if err == nil {
			return &PageRead{Page: *p}, resp, nil
		}
		var api *APIError
		switch {
		case !errors.As(err, &api):
			return nil, resp, err
		case api.unsettled:
			unsure = api
		case api.Refusal == NotRefused:
			return nil, resp, err
		default:
			refusal = api
		}
	}
	if funnelID == "" {
		all, resp, err := c.ListAllFunnels(ctx, ListFunnelsParams{}, 0)
		if err != nil {
			return nil, resp, err
		}
		funnelID = funnelOfPage(all, pageID)
		if funnelID == "" {
			if unsure != nil {
				return nil, resp, fmt.Errorf("page %s: no funnel's steps list it: %w", pageID, unsure)
			}
			return nil, resp, fmt.Errorf("page %s: %s, and no funnel's steps list it (an archived page is found only with its funnel's id): %w",
				pageID, refusal.Explain(), refusal)
		}
	}
	pages, resp, err := c.ListAllPages(ctx, ListPagesParams{FunnelID: funnelID})
	if err != nil {
		return nil, resp, err
	}
	for _, p := range pages {
		if p.ID == pageID {
			if unsure != nil {
				// The page is there, so the 404 was the route's.
				c.confirmRouteMissing(unsure)
				refusal = unsure
			}
			return &PageRead{Page: p, Partial: true, Refusal: refusal}, resp, nil
		}
	}
	if unsure != nil {
		return nil, resp, fmt.Errorf("page %s: the page list of its funnel does not have it either: %w", pageID, unsure)
	}
	return nil, resp, fmt.Errorf("page %s: %s, and the page list of its funnel does not have it: %w", pageID, refusal.Explain(), refusal)
}

// funnelOfPage is the id of the funnel one of whose steps holds pageID, or "".
func funnelOfPage(funnels []Funnel, pageID string) string {
	for _, f := range funnels {
		for _, st := range f.Steps {
			if slices.Contains(st.Pages, pageID) {
				return f.ID
			}
		}
	}
	return ""
}

// recordedRefusal is the refusal the access record keeps for a family, as the error
// it was: the status, the server's message, what to ask for.
func recordedRefusal(f Family, fa FamilyAccess) *APIError {
	rf, _ := FamilyInfo(f)
	method, path, _ := strings.Cut(rf.Route(), " ")
	e := &APIError{Method: method, Path: path, StatusCode: fa.Status, Family: f, Scope: rf.Scope, Refusal: RefusedRoute, Unworded: fa.Unworded}
	if fa.Message != "" {
		e.Messages = []string{fa.Message}
	}
	switch fa.Answer {
	case AnswerScopeRefused:
		e.Refusal = RefusedScope
	case AnswerRouteMissing:
		e.Refusal = RefusedMissing
	}
	return e
}
