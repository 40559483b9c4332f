package book

import (
	_ "embed"
	"fmt"
)

// defaultBook is the book built by the commands "sable book help" lists,
// embedded so that Sable plays from a book with no file around.
//
//go:embed default.sbk
var defaultBook []byte

// Default returns a fresh copy of the embedded default book (decoding it
// takes a few milliseconds), which the caller may change freely.
func Default() (*Book, error) {
	b, err := Decode(defaultBook)
	if err != nil {
		return nil, fmt.Errorf("embedded book: %w", err)
	}
	return b, nil
}
