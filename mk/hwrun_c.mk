# hwrun_c.mk — `make bench-hwrun-c` (part of `make bench`): hwrun on the
# C tests with the kernel's primitives, 10 million iterations each (the
# lock-protected counter never loses an increment).
.PHONY: bench-hwrun-c
bench: bench-hwrun-c
bench-hwrun-c: $(PROGRAM)
	@sh hwrun/bench_c.sh $(abspath $(PROGRAM))
