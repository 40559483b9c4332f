package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
)

// decodeRequest reads r's JSON body into v. The body must be JSON (a form
// of another site cannot send that without the browser asking first), at
// most maxBodyBytes, one value, with no unknown field.
func decodeRequest(w http.ResponseWriter, r *http.Request, v any) error {
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		return &requestError{http.StatusUnsupportedMediaType, "the body must be JSON (Content-Type: application/json)"}
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return &requestError{http.StatusRequestEntityTooLarge, fmt.Sprintf("the body is over %d KiB", maxBodyBytes>>10)}
	case err != nil:
		return badRequest("reading the body: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return badRequest("malformed JSON: %v", err)
	}
	if dec.More() {
		return badRequest("malformed JSON: more than one value")
	}
	return nil
}

// writeJSON answers v as JSON with the status.
func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

// clip shortens text quoted in an error to its first 40 bytes.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}
