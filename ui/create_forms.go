package ui

import (
	"context"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/google/uuid"

	"github.com/funnelsdev/funnels/client"
	"github.com/funnelsdev/funnels/client/validate"
	"github.com/funnelsdev/funnels/ui/form"
)

// The forms that create: a folder, a step, an attached domain.

// newFolderForm asks for a folder's name and kind. The API has no parent field, so
// the form says where the folder will appear, and the browser goes there afterwards.
func newFolderForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	name, kind := "", "funnel"
	if r := sel.entity; r != nil && r.website {
		kind = "website"
	}
	var f *form.Form
	groups := []*form.Group{{Fields: []*form.Field{
		{Key: "name", Title: "Name", Hint: "What the folder is called", Placeholder: "Spring campaigns",
			Value: &name, Check: validate.FolderName},
		{Key: "type", Title: "Holds", Hint: "Funnels or websites", Kind: form.Select, Value: &kind,
			Options: []huh.Option[string]{huh.NewOption("Funnels", "funnel"), huh.NewOption("Websites", "website")}},
	}}}
	f, cmd := newForm(h, "New folder", groups, func(seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeCreateFolder(client.CreateFolderRequest{Name: name, Type: kind, UserID: h.selected().userID})
		if err != nil {
			return nil, err
		}
		return createFolder(h.common().ctx, h.api(), body, f, seq), nil
	})
	who := ""
	if sel.userID != "" {
		who = ", created by user " + sanitize(sel.userID)
	}
	f.Notes = []string{"New folders appear at the top level (the API has no parent field)" + who + ". Location: " + sel.location + "."}
	return openForm(h, f, cmd)
}

func createFolder(ctx context.Context, c *client.Client, b client.CreateFolderRequest, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		f, resp, err := c.CreateFolder(ctx, b)
		msg := answerMsg{from: from, seq: seq, err: err, status: statusOf(resp, err)}
		if err == nil {
			id, name := f.ID, displayName(f.Name, f.ID)
			msg.info = "created folder " + name + " at the top level"
			msg.after = folderMade{id: id}
		}
		return msg
	}
}

// newStepRows are the rows the new step's form takes with every field and every
// type in sight: its note, three inputs and the list of types.
const newStepRows = 26

// newStepForm adds a step to the selected funnel: name, path (checked while typed),
// type and sequence.
func newStepForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel, sh := h.selected(), h.common()
	fn := sel.funnel
	if fn == nil {
		h.setWarn("select a funnel first: a new step goes into the selected funnel")
		return nil
	}
	funnelID, funnelName, domain, folderID := fn.id, fn.name, fn.domain, sel.folderID
	steps := fn.stepRows()
	seqs := make([]int, len(steps))
	for i, s := range steps {
		seqs[i] = s.seq
	}
	next := client.NextSequence(seqs)
	// One default, the type most steps are (the command line's too), and every type
	// in sight: the select has no height of its own, so it is as tall as its list.
	name, path, kind, seqText := "", "", validate.DefaultStepType, strconv.Itoa(next)
	types := validate.StepTypes()
	opts := make([]huh.Option[string], len(types))
	for i, t := range types {
		opts[i] = huh.NewOption(stepTypeLabel(t)+"  ("+t+")", t)
	}
	pathField := &form.Field{Key: "step.url", Title: "Path", Placeholder: "/spring-offer",
		Hint:  "Lowercase letters, digits, -, _ and /; checked as you type",
		Value: &path, Check: validate.StepPath}
	fields := []*form.Field{
		{Key: "step.name", Title: "Name", Hint: "What the step is called in the funnel", Placeholder: "Spring offer",
			Value: &name, Check: validate.StepName},
		pathField,
		{Key: "step.type", Title: "Type", Hint: "What the page does", Kind: form.Select, Value: &kind, Options: opts},
		{Key: "step.sequence", Title: "Position", Hint: "Place in the funnel (" + strconv.Itoa(next) + " is after the last step)",
			Value: &seqText, Check: checkSequence},
	}
	groups := []*form.Group{{Fields: fields}}
	if sh.bodyHeight()-2 < newStepRows {
		// Too short for every field and every type at once: two pages, each whole.
		groups = []*form.Group{{Fields: fields[:2]}, {Fields: fields[2:]}}
	}
	var f *form.Form
	f, cmd := newForm(h, "New step in "+funnelName, groups, func(seq uint64) (tea.Cmd, error) {
		n, _ := strconv.Atoi(strings.TrimSpace(seqText))
		body, err := validate.NormalizeCreateStep(client.CreateStepRequest{
			FunnelID: funnelID,
			Step:     client.NewStep{ID: uuid.NewString(), Name: name, URL: path, Type: kind, Sequence: n},
		})
		if err != nil {
			return nil, err
		}
		return createStep(h.common().ctx, h.api(), body, folderID, f, seq), nil
	})
	pc := &pathCheck{field: pathField, funnelID: funnelID, domain: domain, delay: sh.pathDelay()}
	f.OnChange = func() tea.Cmd { return pc.changed(h) }
	f.OnMsg = func(msg tea.Msg) (tea.Cmd, bool) { return pc.message(h, msg) }
	f.Notes = []string{"The step gets a page of its own, made by the service; the steps pane selects the new step."}
	return openForm(h, f, cmd)
}

// checkSequence checks a step's position with the rule of NormalizeCreateStep.
func checkSequence(s string) (string, error) {
	if strings.TrimSpace(s) == "" {
		return "", &validate.FieldError{Field: "sequence", Message: "is required", Value: s}
	}
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return "", &validate.FieldError{Field: "sequence", Message: "must be a whole number such as 3", Value: s}
	}
	_, err = validate.NormalizeCreateStep(client.CreateStepRequest{Step: client.NewStep{Sequence: n}})
	if msg := validate.As(err).Message("step.sequence"); msg != "" {
		return "", &validate.FieldError{Field: "sequence", Message: msg, Value: s}
	}
	return strconv.Itoa(n), nil
}

func createStep(ctx context.Context, c *client.Client, b client.CreateStepRequest, folderID string, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		_, resp, err := c.CreateStep(ctx, b)
		msg := answerMsg{from: from, seq: seq, err: err, status: statusOf(resp, err)}
		if err == nil {
			key := stepKey{funnelID: b.FunnelID, stepID: b.Step.ID}
			msg.info = "created step " + sanitize(b.Step.Name) + " at " + b.Step.URL
			msg.after = stepMade{step: key, folderID: folderID}
		}
		return msg
	}
}

// attachDomainForm attaches a host name to the location. International names are
// sent in punycode; the form shows what will be sent.
func attachDomainForm(h host) tea.Cmd {
	if !connected(h) {
		return nil
	}
	sel := h.selected()
	hostName := ""
	hostField := &form.Field{Key: "domain", Title: "Domain", Placeholder: "offers.example.com",
		Hint: "A host name: no https://, port or path", Value: &hostName, Check: validate.HostName}
	folderID := sel.folderID
	var f *form.Form
	f, cmd := newForm(h, "Attach domain", []*form.Group{{Fields: []*form.Field{hostField}}}, func(seq uint64) (tea.Cmd, error) {
		body, err := validate.NormalizeAttachDomain(client.AttachDomainRequest{Domain: hostName})
		if err != nil {
			return nil, err
		}
		return attachDomain(h.common().ctx, h.api(), body, folderID, f, seq), nil
	})
	typed := ""
	f.OnChange = func() tea.Cmd {
		if hostName == typed {
			return nil
		}
		typed = hostName
		hostField.Status = ""
		if ascii, err := validate.HostName(hostName); err == nil {
			if display := validate.DisplayHost(ascii); display != ascii {
				hostField.Status = h.common().styles.Status.Render("✓ will be sent as " + ascii + " (punycode)")
			} else {
				hostField.Status = h.common().styles.Status.Render("✓ will be sent as " + ascii)
			}
		}
		return nil
	}
	f.Notes = []string{"The domain is attached to the location (" + sel.location + "). That does not bind it to a funnel: a funnel's public URLs use it once the funnel's settings name it."}
	return openForm(h, f, cmd)
}

func attachDomain(ctx context.Context, c *client.Client, b client.AttachDomainRequest, folderID string, from *form.Form, seq uint64) tea.Cmd {
	return func() tea.Msg {
		dom, resp, err := c.AttachDomain(ctx, b)
		status := statusOf(resp, err)
		msg := answerMsg{from: from, seq: seq, err: err, status: status}
		if err != nil {
			return msg
		}
		host := sanitize(dom.URL)
		display := sanitize(validate.DisplayHost(dom.URL))
		d := doc{title: "Attach domain"}
		if display != host {
			d.ok("Attached " + display + " (" + host + ") to the location — " + strconv.Itoa(status))
		} else {
			d.ok("Attached " + host + " to the location — " + strconv.Itoa(status))
		}
		d.blank()
		d.pairIf("domain id", sanitize(dom.ID))
		d.pair("host name", host)
		d.pairIf("location", sanitize(dom.LocationID))
		d.blank()
		d.text("Attaching does not bind the domain to a funnel. Funnels whose settings name " + host +
			" show public URLs on it; \"Funnel by domain\" in the palette (:) lists them.")
		msg.result = &d
		msg.info = "attached " + host + " to the location"
		msg.after = folderChanged{folderID: folderID}
		return msg
	}
}
