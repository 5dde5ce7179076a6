# dups.mk — `make dups`: issue 30's rule that `duplicates` lists no pair in
# the stages and lib/ other than boilerplate or one named in a comment
# `deliberate likeness: ...` (scripts/deliberate-dups.sh; it needs the
# tool library's `duplicates` command and says so without it).
.PHONY: dups
dups:
	sh scripts/deliberate-dups.sh
