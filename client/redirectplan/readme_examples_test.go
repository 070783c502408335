package redirectplan

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/funnelsdev/funnels/client/sandbox"
)

// TestReadmeExamplesPlanOnTheSeed: every file README.md's redirects sections tell
// the reader to save is read as the import command shown beside it reads it (its
// name, its --domain) and planned against the sandbox's seed data as the comments
// there say.
func TestReadmeExamplesPlanOnTheSeed(t *testing.T) {
	data, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	files := savedFiles(readme)
	want := map[string]struct {
		format               Format
		add, change, refused int
		shadows, chains      int
	}{
		"moving.csv":      {CSV, 3, 1, 0, 0, 0},
		"shopify.csv":     {Shopify, 2, 0, 0, 0, 0},
		"redirection.csv": {WordPress, 1, 0, 2, 0, 0},
		"_redirects":      {Netlify, 3, 0, 1, 0, 0},
		"vercel.json":     {Vercel, 2, 0, 1, 0, 0},
		"over-a-step.csv": {CSV, 1, 0, 0, 1, 2},
	}
	command := regexp.MustCompile("funnels redirects import ([^ ]+)(?: --domain ([^ ]+))? --dry-run")
	domains := map[string]string{}
	for _, m := range command.FindAllStringSubmatch(readme, -1) {
		domains[m[1]] = m[2]
	}
	for name, w := range want {
		text, ok := files[name]
		if !ok {
			t.Errorf("README.md no longer saves %s", name)
			continue
		}
		domain, ok := domains[name]
		if !ok {
			t.Errorf("README.md imports %s with no --dry-run line", name)
		}
		rows, f, err := ReadFrom(strings.NewReader(text), ReadOptions{Name: name, Domain: domain})
		if err != nil || f != w.format {
			t.Errorf("%s: format %q, %v", name, f, err)
			continue
		}
		plan, _, err := Prepare(ctxT(t), seedClient(t, sandbox.Options{}), ImportOf(rows, false, name))
		if err != nil {
			t.Fatal(err)
		}
		tot := plan.Totals()
		shadows, chains := 0, 0
		for _, m := range plan.Marks {
			if m.Warning == Shadows {
				shadows++
			} else {
				chains++
			}
		}
		if tot.Add != w.add || tot.Change != w.change || tot.Refused != w.refused || tot.Delete+tot.Same != 0 || shadows != w.shadows || chains != w.chains {
			var notes []string
			for _, s := range plan.Steps {
				notes = append(notes, string(s.Kind)+" "+s.Row.Domain+s.Row.Path+" "+s.Note())
			}
			t.Errorf("%s: totals %+v, %d shadows, %d chains; want %+v\n%s", name, tot, shadows, chains, w, strings.Join(notes, "\n"))
		}
	}
}

// savedFiles are the fenced blocks README.md introduces with "Save … as `NAME`:",
// by name.
func savedFiles(readme string) map[string]string {
	out := map[string]string{}
	intro := regexp.MustCompile("`([^`]+)`:\\s*$")
	lines := strings.Split(readme, "\n")
	for i := 1; i < len(lines); i++ {
		m := intro.FindStringSubmatch(lines[i])
		if m == nil || !strings.Contains(lines[i-1]+" "+lines[i], "ave as `"+m[1]) && !strings.Contains(lines[i-1]+" "+lines[i], "ave this as `"+m[1]) {
			continue
		}
		j := i + 1
		for j < len(lines) && strings.TrimSpace(lines[j]) == "" {
			j++
		}
		if j >= len(lines) || !strings.HasPrefix(lines[j], "```") {
			continue
		}
		var body []string
		for j++; j < len(lines) && !strings.HasPrefix(lines[j], "```"); j++ {
			body = append(body, lines[j])
		}
		out[m[1]] = strings.Join(body, "\n") + "\n"
		i = j
	}
	return out
}
