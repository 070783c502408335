package auditlog

import "strconv"

// Writes is one entry per write, oldest first: its "sent" entry, carrying the record
// before from its "sending" one, or its "sending" entry when it never ended.
func Writes(entries []Entry) []Entry {
	type id struct {
		session string
		request uint64
	}
	sent := map[id]int{}
	for i, e := range entries {
		if e.Phase == PhaseSent {
			sent[id{e.Session, e.Request}] = i
		}
	}
	var rows []Entry
	for _, e := range entries {
		i, ended := sent[id{e.Session, e.Request}]
		switch {
		case e.Phase == PhaseSent:
			rows = append(rows, e)
		case !ended:
			rows = append(rows, e)
		case entries[i].Before == nil:
			entries[i].Before = e.Before
		}
	}
	return rows
}

// StatusText is a write's status: the code, "failed" for no answer, "unknown" for a
// write never seen to end.
func StatusText(e Entry) string {
	switch {
	case e.Phase != PhaseSent:
		return "unknown"
	case e.Status == 0:
		return "failed"
	}
	return strconv.Itoa(e.Status)
}
