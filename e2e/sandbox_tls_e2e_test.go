package e2e

import (
	"strings"
	"testing"
)

// TestTheSandboxOverHTTPS: `funnels sandbox --tls` serves the API over HTTPS with a
// certificate of an authority it writes to ca_file. The binary refuses it until told
// to trust it, and says so (a command, a token's sign-in, which stores nothing);
// trusted with FUNNELS_CA_FILE, as the printed commands set it, it signs in (with a
// token, and through a browser), lists, crawls and finds over it, and the doctor says
// what it trusts.
func TestTheSandboxOverHTTPS(t *testing.T) {
	sb := startSandboxBinary(t, "--tls", "--ephemeral")
	base, ca := sb.values["base_url"], sb.values["ca_file"]
	if !strings.HasPrefix(base, "https://127.0.0.1:") || ca == "" || !strings.Contains(sb.values["env"], "FUNNELS_CA_FILE="+ca+" ") ||
		!strings.HasPrefix(sb.values["token_login"], "FUNNELS_CA_FILE="+ca+" funnels login") {
		t.Fatalf("printed %v", sb.values)
	}
	env := testEnv(t)
	flags := []string{"--base-url", base, "--token", sb.values["token"], "--location", sb.values["location_id"]}
	code, _, stderr := runIn(t, env, "", append([]string{"folders"}, flags...)...)
	if code != 1 || !strings.Contains(stderr, "the server's certificate is not trusted: it is signed by an authority this machine does not trust") {
		t.Fatalf("not trusted yet: exit %d\n%s", code, stderr)
	}
	login := []string{"login", "--with-token", "--profile", "tls", "--base-url", base, "--location", sb.values["location_id"]}
	code, _, stderr = runIn(t, env, sb.values["token"]+"\n", login...)
	if code != 1 || !strings.Contains(stderr, "could not check the token: the server's certificate is not trusted at "+base) ||
		!strings.Contains(stderr, "nothing was stored") || strings.Contains(stderr, "--no-verify") {
		t.Fatalf("token login, not trusted yet: exit %d\n%s", code, stderr)
	}
	env = append(env, "FUNNELS_CA_FILE="+ca)
	if code, _, stderr := runIn(t, env, sb.values["token"]+"\n", login...); code != 0 {
		t.Fatalf("token login, trusted: exit %d\n%s", code, stderr)
	}
	for _, args := range [][]string{{"folders"}, {"index"}, {"find", "spring"}} {
		code, stdout, stderr := runIn(t, env, "", append(args, flags...)...)
		if code != 0 || strings.Contains(stderr, "certificate") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
		if args[0] == "find" && !strings.Contains(stdout, "Spring Sale 2026") {
			t.Errorf("find spring over HTTPS:\n%s", stdout)
		}
	}
	// A shell's completion of ids asks over HTTPS too.
	if code, stdout, stderr := runIn(t, env, "", "__complete", "steps", "--profile", "tls", ""); code != 0 || !strings.Contains(stdout, "Spring Sale 2026") {
		t.Errorf("completion over HTTPS: exit %d\n%s%s", code, stdout, stderr)
	}
	// Signed in through a browser: the code is exchanged trusting the same file.
	oauth := strings.Fields(sb.values["login"])
	if oauth[0] != "FUNNELS_CA_FILE="+ca || oauth[1] != "funnels" {
		t.Fatalf("login line: %q", sb.values["login"])
	}
	if _, said := loginByPasteTrusting(t, env, ca, append(oauth[2:], "--profile", "tls-oauth", "--redirect-port", "0")...); !strings.Contains(said, `Signed in to profile "tls-oauth"`) {
		t.Errorf("OAuth login over HTTPS said:\n%s", said)
	}
	// The doctor says where the certificates it trusts come from (beside its table,
	// on standard error when standard output is not a terminal).
	code, stdout, stderr := runIn(t, env, "", append([]string{"doctor"}, flags...)...)
	if code != 0 || !strings.Contains(stderr, "Certificates are trusted from the system and from "+ca+" (FUNNELS_CA_FILE).") {
		t.Errorf("doctor: exit %d\n%s%s", code, stdout, stderr)
	}
}
