module github.com/sable-othello/sable

go 1.26
