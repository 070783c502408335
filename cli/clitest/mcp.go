package clitest

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/funnelsdev/funnels/auth"
	"github.com/funnelsdev/funnels/cli"
	"github.com/funnelsdev/funnels/cli/cmdutil"
)

// ServeMCP runs `funnels mcp` in this process over pipes, on a machine with this
// environment and OS keyring, and connects the SDK's client (made with copts) to it.
// When the test ends the client goes away, and the server must end with exit 0.
func ServeMCP(t *testing.T, getenv func(string) string, keyring auth.Keyring, copts *mcp.ClientOptions, args ...string) *mcp.ClientSession {
	t.Helper()
	toServer, fromClient := io.Pipe()
	toClient, fromServer := io.Pipe()
	ios := &cmdutil.IOStreams{In: toServer, Out: fromServer, ErrOut: io.Discard}
	f := cmdutil.NewFactory(ios, getenv, "1.2.3-test")
	f.Keyring = keyring
	done := make(chan int, 1)
	go func() {
		done <- cli.Run(context.Background(), f, append([]string{"mcp"}, args...))
		_ = fromServer.Close()
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, copts)
	session, err := client.Connect(ctx, &mcp.IOTransport{Reader: toClient, Writer: fromClient}, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() {
		_ = session.Close()
		_ = fromClient.Close()
		select {
		case code := <-done:
			if code != 0 {
				t.Errorf("funnels mcp ended with exit %d when the assistant went away", code)
			}
		case <-time.After(30 * time.Second):
			t.Error("funnels mcp did not end when the assistant closed its streams")
		}
	})
	return session
}
