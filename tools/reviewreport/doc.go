// Package reviewreport runs reviews (package review) over the games of a
// file and reports them: a Run is resumable from a checkpoint and split into
// shards whose Files Merge joins, and a review draws as a plot (PNG or SVG)
// and as one self-contained HTML page with the worst moves' boards.
package reviewreport
