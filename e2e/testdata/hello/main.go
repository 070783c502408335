// Command hello is the smallest Go program the bench times a start against: it prints
// a line and ends, as `funnels --version` does.
package main

import "fmt"

func main() { fmt.Println("hello") }
