package serve

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	gossh "golang.org/x/crypto/ssh"

	"github.com/funnelsdev/funnels/config/atomicfile"
)

// hostKey is the server's ed25519 host key from the data directory, made there
// (0600) the first time: the PEM text for the server and the key's SHA256
// fingerprint, which people compare with what ssh shows them on first connect.
func hostKey(dir string) (pemText []byte, fingerprint string, err error) {
	path := filepath.Join(dir, hostKeyFile)
	pemText, err = os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		pemText, err = newHostKey()
		if err == nil {
			err = atomicfile.Write(path, pemText, 0o600)
		}
	}
	if err != nil {
		return nil, "", fmt.Errorf("host key: %w", err)
	}
	signer, err := gossh.ParsePrivateKey(pemText)
	if err != nil {
		return nil, "", fmt.Errorf("host key %s: %w", path, err)
	}
	return pemText, gossh.FingerprintSHA256(signer.PublicKey()), nil
}

// newHostKey is a new ed25519 private key in OpenSSH's PEM form.
func newHostKey() ([]byte, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	block, err := gossh.MarshalPrivateKey(priv, "funnels serve")
	if err != nil {
		return nil, err
	}
	return pem.EncodeToMemory(block), nil
}
