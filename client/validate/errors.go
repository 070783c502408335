package validate

import (
	"errors"
	"strings"
)

// ErrInvalid matches every error of this package: errors.Is(err, validate.ErrInvalid)
// tells bad input (exit 2, a message beside a form field) from everything else.
var ErrInvalid = errors.New("invalid input")

// FieldError is one refused value. Field is the name of the field as the API spells
// it (a JSON path such as "contact.email" when a request-level check found it);
// Message reads on its own beside a form field ("must be an email address such as
// jo@example.com"); Value is the input that was refused, as given.
type FieldError struct {
	Field   string
	Message string
	Value   string
}

// Error names the field: "email must be an email address such as jo@example.com".
func (e *FieldError) Error() string { return e.Field + " " + e.Message }

// Is makes errors.Is(err, ErrInvalid) true.
func (e *FieldError) Is(target error) bool { return target == ErrInvalid }

// FieldErrors is every refused field of one request, in the order of the request's
// fields. A request-level check returns it (as error) only when it is not empty.
type FieldErrors []FieldError

func (fe FieldErrors) Error() string {
	parts := make([]string, len(fe))
	for i := range fe {
		parts[i] = fe[i].Error()
	}
	return strings.Join(parts, "; ")
}

// Is makes errors.Is(err, ErrInvalid) true.
func (fe FieldErrors) Is(target error) bool { return target == ErrInvalid }

// Unwrap exposes each *FieldError, so errors.As finds the first one.
func (fe FieldErrors) Unwrap() []error {
	out := make([]error, len(fe))
	for i := range fe {
		out[i] = &fe[i]
	}
	return out
}

// Message returns the message for field ("" when that field is fine), for a form
// that shows each message next to its own field.
func (fe FieldErrors) Message(field string) string {
	for _, e := range fe {
		if e.Field == field {
			return e.Message
		}
	}
	return ""
}

// Err returns fe as an error, or nil when it is empty (never a typed nil).
func (fe FieldErrors) Err() error {
	if len(fe) == 0 {
		return nil
	}
	return fe
}

// As returns the field errors in err: a FieldErrors as it is, a single *FieldError as
// a list of one, anything else as nil.
func As(err error) FieldErrors {
	var list FieldErrors
	if errors.As(err, &list) {
		return list
	}
	var one *FieldError
	if errors.As(err, &one) {
		return FieldErrors{*one}
	}
	return nil
}

// Relabel returns err with its field renamed, for a caller that shows a value under
// another name than the function's default (a form label, a flag, a JSON path). Errors
// that are not a *FieldError come back unchanged.
func Relabel(err error, field string) error {
	var fe *FieldError
	if !errors.As(err, &fe) {
		return err
	}
	return &FieldError{Field: field, Message: fe.Message, Value: fe.Value}
}

// add appends err to fe under field when err is a field error; nil errors are skipped.
func (fe *FieldErrors) add(field string, err error) {
	if err == nil {
		return
	}
	var one *FieldError
	if errors.As(err, &one) {
		*fe = append(*fe, FieldError{Field: field, Message: one.Message, Value: one.Value})
		return
	}
	*fe = append(*fe, FieldError{Field: field, Message: err.Error()})
}

// fail builds the *FieldError of a per-field function.
func fail(field, value, message string) error {
	return &FieldError{Field: field, Message: message, Value: value}
}
