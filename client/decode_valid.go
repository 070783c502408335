package client

// A JSON value checked and measured in one pass over its bytes, as the stream reads
// a list answer (decode_stream.go): encoding/json's Decoder scans each element to
// find its end and then again to check it, and quickFields a third time; a 35 MB
// root listing spent most of its time there. This is the grammar encoding/json
// accepts (json.Valid), no more and no less — a fuzz test holds the two to the same
// answer — and it tells a value cut short by the end of what has been read so far
// apart from one that is not JSON, so the stream reads on only in the first case.

// scanStatus is how a scan of a value ended.
type scanStatus uint8

const (
	scanOK   scanStatus = iota // a whole value
	scanBad                    // not JSON
	scanMore                   // cut short: more bytes are needed to tell
)

// maxScanDepth is how deep arrays and objects may nest, as in encoding/json.
const maxScanDepth = 10000

// scanValue checks the value that begins at b[i] (no space before it) and returns
// the index after it.
func scanValue(b []byte, i int) (int, scanStatus) {
	return scanAt(b, i, 0)
}

func scanAt(b []byte, i, depth int) (int, scanStatus) {
	if i >= len(b) {
		return i, scanMore
	}
	switch c := b[i]; {
	case c == '"':
		return scanString(b, i)
	case c == '{':
		return scanObject(b, i, depth+1)
	case c == '[':
		return scanArray(b, i, depth+1)
	case c == '-' || '0' <= c && c <= '9':
		return scanNumber(b, i)
	case c == 't':
		return scanLiteral(b, i, "true")
	case c == 'f':
		return scanLiteral(b, i, "false")
	case c == 'n':
		return scanLiteral(b, i, "null")
	}
	return i, scanBad
}

func scanLiteral(b []byte, i int, lit string) (int, scanStatus) {
	for k := 0; k < len(lit); k++ {
		if i+k >= len(b) {
			return i + k, scanMore
		}
		if b[i+k] != lit[k] {
			return i + k, scanBad
		}
	}
	return i + len(lit), scanOK
}

// scanString checks the string that opens at b[i]: no control character, escapes
// of the eight letters and \u with four hex digits; other bytes as they come (as
// encoding/json takes them).
func scanString(b []byte, i int) (int, scanStatus) {
	for i++; i < len(b); i++ {
		c := b[i]
		switch {
		case c == '"':
			return i + 1, scanOK
		case c < 0x20:
			return i, scanBad
		case c == '\\':
			i++
			if i >= len(b) {
				return i, scanMore
			}
			switch b[i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				for k := 1; k <= 4; k++ {
					if i+k >= len(b) {
						return i + k, scanMore
					}
					if !isHex(b[i+k]) {
						return i + k, scanBad
					}
				}
				i += 4
			default:
				return i, scanBad
			}
		}
	}
	return i, scanMore
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// scanNumber checks -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?. A number that
// runs to the end of b needs more bytes to tell where it ends.
func scanNumber(b []byte, i int) (int, scanStatus) {
	if b[i] == '-' {
		i++
	}
	digits := func(i int) (int, scanStatus) {
		if i >= len(b) {
			return i, scanMore
		}
		if !isDigit(b[i]) {
			return i, scanBad
		}
		for i < len(b) && isDigit(b[i]) {
			i++
		}
		if i >= len(b) {
			return i, scanMore
		}
		return i, scanOK
	}
	switch {
	case i >= len(b):
		return i, scanMore
	case b[i] == '0':
		i++
		if i >= len(b) {
			return i, scanMore
		}
	default:
		var st scanStatus
		if i, st = digits(i); st != scanOK {
			return i, st
		}
	}
	if b[i] == '.' {
		var st scanStatus
		if i, st = digits(i + 1); st != scanOK {
			return i, st
		}
	}
	if b[i] == 'e' || b[i] == 'E' {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		var st scanStatus
		if i, st = digits(i); st != scanOK {
			return i, st
		}
	}
	return i, scanOK
}

func scanSpace(b []byte, i int) int {
	for i < len(b) && isJSONSpace(b[i]) {
		i++
	}
	return i
}

func scanObject(b []byte, i, depth int) (int, scanStatus) {
	return scanContainer(b, i, depth, '}', func(i int) (int, scanStatus) {
		if b[i] != '"' {
			return i, scanBad
		}
		var st scanStatus
		if i, st = scanString(b, i); st != scanOK {
			return i, st
		}
		if i = scanSpace(b, i); i >= len(b) {
			return i, scanMore
		}
		if b[i] != ':' {
			return i, scanBad
		}
		if i = scanSpace(b, i+1); i >= len(b) {
			return i, scanMore
		}
		return scanAt(b, i, depth)
	})
}

func scanArray(b []byte, i, depth int) (int, scanStatus) {
	return scanContainer(b, i, depth, ']', func(i int) (int, scanStatus) { return scanAt(b, i, depth) })
}

// scanContainer checks the array or object that opens at b[i] and closes with close,
// each element (a value, or a member) checked by element from its first byte.
func scanContainer(b []byte, i, depth int, close byte, element func(i int) (int, scanStatus)) (int, scanStatus) {
	if depth > maxScanDepth {
		return i, scanBad
	}
	i = scanSpace(b, i+1)
	if i >= len(b) {
		return i, scanMore
	}
	if b[i] == close {
		return i + 1, scanOK
	}
	for {
		var st scanStatus
		if i, st = element(i); st != scanOK {
			return i, st
		}
		if i = scanSpace(b, i); i >= len(b) {
			return i, scanMore
		}
		switch b[i] {
		case close:
			return i + 1, scanOK
		case ',':
			if i = scanSpace(b, i+1); i >= len(b) {
				return i, scanMore
			}
		default:
			return i, scanBad
		}
	}
}

// validJSON is json.Valid by this scan: one value, space around it allowed.
func validJSON(b []byte) bool {
	i := scanSpace(b, 0)
	end, st := scanValue(b, i)
	if st == scanMore && end >= len(b) {
		// A number at the very end is whole at the end of the input.
		st = numberAtEnd(b, i)
	}
	return st == scanOK && scanSpace(b, end) == len(b)
}

// numberAtEnd says whether b[i:] is one whole number that the scan found cut short
// only because nothing follows it.
func numberAtEnd(b []byte, i int) scanStatus {
	if i >= len(b) || !(b[i] == '-' || isDigit(b[i])) {
		return scanMore
	}
	end, st := scanNumber(append(b[i:len(b):len(b)], ' '), 0)
	if st == scanOK && end == len(b)-i {
		return scanOK
	}
	return scanBad
}
