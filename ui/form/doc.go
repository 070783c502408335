// Package form is the browser's form machinery: a Form is groups of Fields, each
// bound to a variable of the form's own and checked with a function of
// client/validate, and a submit function that runs the request-level check
// (validate.Normalize…) and returns the command that sends. It knows nothing of the
// browser that shows it but its Host: the room it has, how it looks, the keys it
// answers to, request numbers and the status bar.
//
// A form marks refused values at their field, sends once, keeps everything typed
// while the request is out and after a refusal, and asks before esc throws input
// away. A paste or key carrying control characters, escape sequences or bidi
// overrides, or more than a field takes, is refused whole at the field (refuse.go).
// Letters typed into a choice pick the option they name (choose.go); a field the form
// opened with a value shows it selected, so the first key typed replaces it
// (prefill.go).
// huh moves to the next field by a command, which the program would run only after
// the keys already queued; the form applies that move at once (order.go), so a burst
// with enter in it (a paste, a laggy SSH link) goes on into the next field.
//
// What a form's request brings back is not the form's business: the command its
// submit returns carries the answer to whoever opened the form, which tells the form
// with Answered and, on a failure, Fail — the form then shows the refusal with its
// status code, marks the field a 422 names, and says whether the write may have
// happened anyway (a 5xx, no answer). A question (Ask, Confirm) starts on Cancel,
// says under it what enter does with the highlight where it is now, and a no says
// "cancelled" in the status bar.
//
// The form draws its lines (Lines); the box around them, and where it goes, are the
// host's. Its huh theme (HuhStyles) is built from the host's colours once per theme.
package form
