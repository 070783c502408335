package main

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestCleanLine(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                             "plain",
		"Café 🎉 Ünïcode":                    "Café 🎉 Ünïcode",
		"red \x1b[31mALERT\x1b[0m done":     "red ALERT done",
		"title \x1b]0;pwned\x07 after":      "title  after",
		"osc-st \x1b]8;;http://x\x1b\\link": "osc-st link",
		"dcs \x1bPq#0;2;0;0;0\x1b\\ end":    "dcs  end",
		"c1 csi \u009b31m red":              "c1 csi  red",
		"two\nlines\tand\rcr":               "two lines and cr",
		"bell\x07 nul\x00 del\x7f":          "bell nul del",
		"bidi \u202egnp.exe\u202c":          "bidi gnp.exe",
		"zero\u200bwidth":                   "zerowidth",
		"cut \x1b[":                         "cut ",
		"lone esc \x1b":                     "lone esc ",
		"esc then letter \x1bc reset":       "esc then letter  reset",
		"bad utf8 \xff end":                 "bad utf8 \ufffd end",
		"line sep\u2028para\u2029":          "line seppara",
	} {
		if got := cleanLine(in); got != want {
			t.Errorf("cleanLine(%q) = %q, want %q", in, got, want)
		}
	}
	if got := cleanBlock("a\n\tb\r\n\x1b[2Jc"); got != "a\n\tb\nc" {
		t.Errorf("cleanBlock keeps %q", got)
	}
}

func TestEscapeJSONTextKeepsTheMeaning(t *testing.T) {
	in := map[string]any{"name": "x\u0085y\u202ez\U000e0001", "esc": "\x1b[31m", "ok": "Café"}
	var buf strings.Builder
	if err := printJSON(&buf, in); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	if strings.ContainsFunc(out, func(r rune) bool { return unsafeRune(r) && r != '\n' }) {
		t.Errorf("unsafe characters left: %q", out)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(out), &back); err != nil || back["name"] != in["name"] || back["esc"] != in["esc"] || back["ok"] != "Café" {
		t.Errorf("round trip: %v %q", err, back)
	}
	if !strings.Contains(out, `\u0085`) || !strings.Contains(out, `\u202e`) || !strings.Contains(out, `\udb40\udc01`) {
		t.Errorf("escapes missing: %s", out)
	}
	pretty, ok := prettyJSON([]byte(`{"b":1,"a":"\u001b[0m` + "\u009b" + `"}`))
	if !ok || string(pretty) != "{\n  \"b\": 1,\n  \"a\": \"\\u001b[0m\\u009b\"\n}\n" {
		t.Errorf("prettyJSON = %q", pretty)
	}
	if _, ok := prettyJSON([]byte("<html>")); ok {
		t.Error("HTML taken for JSON")
	}
}

func FuzzSanitize(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		line := cleanLine(s)
		if !utf8.ValidString(line) || strings.ContainsFunc(line, unsafeRune) {
			t.Fatalf("cleanLine(%q) = %q", s, line)
		}
		block := cleanBlock(s)
		if strings.ContainsFunc(block, func(r rune) bool { return unsafeRune(r) && r != '\n' && r != '\t' }) {
			t.Fatalf("cleanBlock(%q) = %q", s, block)
		}
		enc, err := json.Marshal(s)
		if err != nil {
			t.Fatal(err)
		}
		safe := escapeJSONText(enc)
		var back string
		if err := json.Unmarshal(safe, &back); err != nil || (utf8.ValidString(s) && back != s) {
			t.Fatalf("escapeJSONText(%s) = %s → %q, %v", enc, safe, back, err)
		}
		if strings.ContainsFunc(string(safe), unsafeRune) {
			t.Fatalf("escapeJSONText(%s) = %q", enc, safe)
		}
	})
}
