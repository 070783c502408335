package e2e

import (
	"bufio"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// serveProc is `funnels serve` started as an operator starts it, on a free loopback
// port.
type serveProc struct {
	cmd    *exec.Cmd
	port   string
	stderr *lockedBuffer // the server's log, read while it runs
	done   chan struct{}
}

// startServeProc starts the server of the data directory dir in env and reads the
// port it printed.
func startServeProc(env []string, dir string) (*serveProc, error) {
	return startServeProcIn(env, dir, "")
}

// startServeProcIn is startServeProc with the server's working directory cwd ("":
// the test's).
func startServeProcIn(env []string, dir, cwd string) (*serveProc, error) {
	cmd := exec.Command(binPath, "serve", "--data", dir, "--addr", "127.0.0.1:0")
	cmd.Env, cmd.Dir = env, cwd
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	p := &serveProc{cmd: cmd, stderr: &lockedBuffer{}, done: make(chan struct{})}
	cmd.Stderr = p.stderr
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	go func() { _ = cmd.Wait(); close(p.done) }()
	first := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			select {
			case first <- sc.Text():
			default:
			}
		}
	}()
	select {
	case line := <-first:
		_, addr, ok := strings.Cut(line, "listening on ")
		_, port, _ := strings.Cut(addr, "127.0.0.1:")
		if !ok || port == "" {
			p.stop()
			return nil, fmt.Errorf("serve printed %q, not its address", line)
		}
		p.port = port
		return p, nil
	case <-p.done:
		return nil, fmt.Errorf("serve ended at start: %s", p.stderr)
	case <-time.After(20 * time.Second):
		return nil, fmt.Errorf("serve did not say where it listens; stderr:\n%s", p.stderr)
	}
}

// pid is the server's process id.
func (p *serveProc) pid() int { return p.cmd.Process.Pid }

// stop interrupts the server, waits for it (killing it after 10 s) and returns what
// it wrote on stderr.
func (p *serveProc) stop() string {
	_ = p.cmd.Process.Signal(os.Interrupt)
	select {
	case <-p.done:
	case <-time.After(10 * time.Second):
		_ = p.cmd.Process.Kill()
		<-p.done
	}
	return p.stderr.String()
}

// addPeople adds each person with a new key (in keyDir) and their role on location
// ("admin": on every one) to the server's data directory, by the binary's own `serve
// user` commands; it returns their key files and fingerprints.
func addPeople(env []string, dir, keyDir, location string, roles map[string]string) (keys, fps map[string]string, err error) {
	keys, fps = map[string]string{}, map[string]string{}
	for name, role := range roles {
		if keys[name], fps[name], err = writeKeyPair(keyDir, name); err != nil {
			return nil, nil, err
		}
		grant := []string{"--location", location, "--role", role}
		if role == "admin" {
			grant = []string{"--all", "--role", role}
		}
		for _, args := range [][]string{
			{"serve", "user", "add", name, "--key", keys[name] + ".pub", "--data", dir},
			append([]string{"serve", "user", "grant", name, "--data", dir}, grant...),
		} {
			cmd := exec.Command(binPath, args...)
			cmd.Env = env
			if out, err := cmd.CombinedOutput(); err != nil {
				return nil, nil, fmt.Errorf("funnels %v: %v\n%s", args, err, out)
			}
		}
	}
	return keys, fps, nil
}

// writeKeyPair writes a new ed25519 key pair as dir/NAME and NAME.pub (0600) and
// returns the private key's path and the key's fingerprint.
func writeKeyPair(dir, name string) (path, fingerprint string, err error) {
	pub, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return "", "", err
	}
	block, err := gossh.MarshalPrivateKey(priv, name)
	if err != nil {
		return "", "", err
	}
	sshPub, err := gossh.NewPublicKey(pub)
	if err != nil {
		return "", "", err
	}
	path = filepath.Join(dir, name)
	if err := os.WriteFile(path, pem.EncodeToMemory(block), 0o600); err != nil {
		return "", "", err
	}
	if err := os.WriteFile(path+".pub", gossh.MarshalAuthorizedKey(sshPub), 0o600); err != nil {
		return "", "", err
	}
	return path, gossh.FingerprintSHA256(sshPub), nil
}

// sshOptions are the options of every connection of the tests and figures: no
// known-hosts file, no agent, only the key given, never a prompt.
func sshOptions(port, key string) []string {
	return []string{"-p", port, "-i", key, "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
		"-o", "IdentitiesOnly=yes", "-o", "BatchMode=yes", "-o", "LogLevel=ERROR"}
}
