package client_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/funnelsdev/funnels/client"
)

// An AccessReader gives what LoadAccess gives for each key (the record under the
// key it was learned with, nothing under another), reading the file once: after it
// is gone, the reader still answers from what it read.
func TestAccessReaderReadsEachFileOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "agency.access.json")
	learned := client.AccessFile{Path: path, Key: "http://api LakesideFit2026Loc01"}
	other := client.AccessFile{Path: path, Key: "http://api SummitStrengthLoc002"}
	if err := learned.SaveAccess(client.Access{client.FamilyFolders: {Answer: client.AnswerRouteRefused, Status: 401}}); err != nil {
		t.Fatal(err)
	}
	var r client.AccessReader
	got, err := r.Load(learned)
	if err != nil {
		t.Fatal(err)
	}
	if _, refused := got.Refused(client.FamilyFolders); !refused {
		t.Errorf("the record under its own key: %v", got)
	}
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	if got, err := r.Load(other); err != nil || len(got) != 0 {
		t.Errorf("under another key: %v, %v; want nothing", got, err)
	}
	if got, _ := r.Load(learned); len(got) != 1 {
		t.Errorf("the file was read again after it was removed: %v", got)
	}
	if direct, _ := learned.LoadAccess(); len(direct) != 0 {
		t.Errorf("LoadAccess of a removed file: %v", direct)
	}
}
