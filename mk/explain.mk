# explain.mk — `make bench-explain` (part of `make bench`): how long
# `model --explain` takes on 4-thread tests (IRIW on Power and x86, with
# and without fences) and `--show-all` on IRIW.
.PHONY: bench-explain
bench: bench-explain
bench-explain: $(PROGRAM)
	@sh mk/explain-bench.sh $(abspath $(PROGRAM))
