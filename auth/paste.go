package auth

import (
	"bufio"
	"context"
	"crypto/subtle"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// PastePrompt is shown while login waits for the redirect.
const PastePrompt = "Paste the address your browser was sent to (or the code):"

// pasted is what one pasted line amounts to: a code, a reason to ask again, or the end
// of the sign-in (the user refused in the browser).
type pasted struct {
	code  string
	retry string
	fatal error
}

// parsePasted reads the redirected address (as copied from the address bar, from
// `curl -i`'s Location header, or just its query) or a bare code.
func parsePasted(line, state string) pasted {
	s := strings.TrimSpace(line)
	if len(s) >= len("location:") && strings.EqualFold(s[:len("location:")], "location:") {
		s = strings.TrimSpace(s[len("location:"):])
	}
	s = strings.Trim(s, `"'<>`)
	if s == "" {
		return pasted{retry: "nothing pasted"}
	}
	var q url.Values
	switch {
	case strings.Contains(s, "://") || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "?"):
		u, err := url.Parse(s)
		if err != nil {
			return pasted{retry: "that is not an address; paste the whole address from the browser's address bar"}
		}
		q = u.Query()
	case strings.Contains(s, "code=") || strings.Contains(s, "state="):
		v, err := url.ParseQuery(s)
		if err != nil {
			return pasted{retry: "that query cannot be read; paste the whole address"}
		}
		q = v
	case strings.ContainsAny(s, " \t&=?#") || len(s) > 4096:
		return pasted{retry: "that is neither the address nor a code"}
	default:
		return pasted{code: s} // a bare code: PKCE still ties it to this sign-in
	}
	return fromRedirect(q, state)
}

// fromRedirect checks the query of a redirect (pasted or received) against our state.
func fromRedirect(q url.Values, state string) pasted {
	got := q.Get("state")
	if got == "" {
		return pasted{retry: "that address has no state; paste the whole address, not part of it"}
	}
	if subtle.ConstantTimeCompare([]byte(got), []byte(state)) != 1 {
		return pasted{retry: "refused: that address belongs to another sign-in (its state does not match this one)"}
	}
	if e := q.Get("error"); e != "" {
		msg := clean(e)
		if d := clean(q.Get("error_description")); d != "" {
			msg += ": " + d
		}
		return pasted{fatal: fmt.Errorf("the sign-in was refused in the browser (%s)", msg)}
	}
	code := q.Get("code")
	if code == "" {
		return pasted{retry: "that address has no code"}
	}
	return pasted{code: code}
}

// maxPasteLine is the longest line read as a paste; no redirect address comes near it.
const maxPasteLine = 64 << 10

// readPastes reads lines from r and reports each outcome on out until a code arrives,
// r ends, or done closes. A line longer than maxPasteLine is skipped with a note, and
// reading goes on. It runs in its own goroutine; a read in progress cannot be
// interrupted, so on a terminal it may outlive the login until the next line or EOF.
func readPastes(ctx context.Context, r io.Reader, state string, out chan<- event) {
	br := bufio.NewReaderSize(r, 4096)
	send := func(e event) bool {
		select {
		case out <- e:
			return true
		case <-ctx.Done():
			return false
		}
	}
	for {
		line, tooLong, err := readLine(br, maxPasteLine)
		var e event
		switch p := parsePasted(line, state); {
		case tooLong:
			e.note = fmt.Sprintf("that line was longer than %d KiB, too long to be the address or a code; paste it again\n%s", maxPasteLine>>10, PastePrompt)
		case line == "" && err != nil:
			// the end of the input, after a last line that had its end
		case p.fatal != nil:
			send(event{err: p.fatal})
			return
		case p.code != "":
			send(event{code: p.code, via: "pasted address"})
			return
		case p.retry == "nothing pasted":
			e.note = PastePrompt
		default:
			e.note = p.retry + "\n" + PastePrompt
		}
		if e.note != "" && !send(e) {
			return
		}
		if err != nil {
			break
		}
	}
	send(event{pasteClosed: true})
}

// readLine reads one line (without its end) of at most max bytes. A longer line is
// read to its end and dropped: tooLong is then true and line empty. err is the read's
// error (io.EOF at the end), with the last line, if it had no end, in line.
func readLine(br *bufio.Reader, max int) (line string, tooLong bool, err error) {
	var b []byte
	for {
		frag, err := br.ReadSlice('\n')
		if !tooLong {
			if len(b)+len(frag) > max+2 { // room for the line's own \r\n
				tooLong, b = true, nil
			} else {
				b = append(b, frag...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return "", true, err
		}
		return strings.TrimRight(string(b), "\r\n"), false, err
	}
}
