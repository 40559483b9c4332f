# gogui-regress suite for Sable (the real engine, at any strength): rules,
# passes, records and exact solves, whose answers any correct engine gives.
# Errors are pinned by the golden transcripts (gogui-regress counts every
# error reply as a failure).
#   java -jar gogui-regress.jar -long "sable --no-book --threads 1" protocol/testdata/sable.tst

1 protocol_version
#? [2]

2 loadsgf forced-pass.sgf 9
#? []

3 gogui-rules_side_to_move
#? [black]

4 gogui-rules_legal_moves
#? [PASS]

# Black has no move, so either colour's request gives Black's pass first.
5 reg_genmove black
#? [PASS]

6 reg_genmove white
#? [[A-H][1-8]]

7 loadsgf ffo-1.ggf
#? []

8 sable-solve
#? [G8 \+18]

9 sable-solve wld
#? [[A-H][1-8] win]

10 reg_genmove black
#? [G8]

11 known_command reg_genmove
#? [true]

12 known_command fly
#? [false]

13 clear_board
#? []

14 gogui-rules_legal_moves
#? [D3 C4 F5 E6]

15 play b d3
#? []

16 gogui-rules_side_to_move
#? [white]
