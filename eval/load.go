package eval

import (
	"fmt"
	"hash/crc32"
	"os"
)

// Load returns the evaluation that an --eval setting names: "" for the
// embedded weights (Default), "simple" for the hand-written evaluation, or
// a pattern weights file (refused with the reason when it is not a valid
// one). It also returns a name that identifies the evaluation in the files
// it helps make: "simple", or "pattern-" and the CRC-32 of the weights
// file's bytes, so that data made with other weights is never taken for
// this evaluation's; the embedded weights are named as their file,
// eval/weights.sew, is.
func Load(spec string) (Evaluator, string, error) {
	switch spec {
	case "simple":
		return Simple{}, "simple", nil
	case "":
		p, err := Default()
		if err != nil {
			return nil, "", err
		}
		return p, weightsName(embeddedWeights), nil
	}
	data, err := os.ReadFile(spec)
	if err != nil {
		return nil, "", err
	}
	w, err := DecodeWeights(data)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", spec, err)
	}
	return NewPattern(w), weightsName(data), nil
}

// weightsName names the weights of a file by the checksum of its bytes.
// Encode writes the same bytes for the same weights, so a file that "sable
// train" wrote is named by its weights.
func weightsName(file []byte) string {
	return fmt.Sprintf("pattern-%08x", crc32.ChecksumIEEE(file))
}
