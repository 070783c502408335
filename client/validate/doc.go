// Package validate checks what a person types before any of it is sent: the one set
// of rules behind the headless commands' flags and the browser's forms.
//
// Per-field functions take the text as typed and return it normalized the way the
// API wants it (HostName turns bücher.example into xn--bcher-kva.example, Currency
// upper-cases, DateOfBirth writes RFC 3339) or a *FieldError. The error's Message
// reads on its own beside a form field ("must be a host name without a port: try
// example.com"); its Error() puts the field's name in front for a command line.
// Every per-field function refuses blank input ("is required"); a caller with an
// optional field checks only what was filled in.
//
// Request-level functions (NormalizeConversion, NormalizeCreateStep, …) run the
// per-field functions over a whole client request body, skip blank optional fields,
// and return the normalized body with FieldErrors naming every bad field by its JSON
// path. Every error of the package matches errors.Is(err, ErrInvalid).
//
// The rules follow the API's contract and what is known of the real service where
// they say something, and the sandbox's checks where they do not; the lengths the spec leaves open are generous.
package validate
