# c-model.mk — `make bench-c` (part of `make bench`): the model's time on
# the lock- and RCU-heavy C tests of litmus/c/, then side by side with
# herd7 -conf linux-kernel.cfg in batch mode (one process each, CPU
# seconds) on litmus/c plus BENCH_C_N random kernel-style tests of
# tests/fidelity/gen_c.c (seed BENCH_C_SEED), on a diy7 family of small
# tests, and on the C tests of BENCH_C_DIR (the kernel collection) of at
# most BENCH_C_THREADS threads but those matching BENCH_C_SKIP, printing
# the ratios (mk/c-model-bench.sh). HERD7=PATH, by default ../shared/
# tools/herdtools7's; without one the side-by-side part is skipped.
HERD7_BENCH_C ?= $(if $(HERD7),$(HERD7),$(wildcard ../shared/tools/herdtools7/herd7))
BENCH_C_N ?= 1000
BENCH_C_SEED ?= 1
BENCH_C_DIR ?=
BENCH_C_THREADS ?= 3
BENCH_C_SKIP ?= ManfredSpraul
.PHONY: bench-c
bench: bench-c
bench-c: $(PROGRAM) $(BUILD)/tools/gen_c
	@BENCH_C_N=$(BENCH_C_N) BENCH_C_SEED=$(BENCH_C_SEED) \
	  BENCH_C_DIR=$(BENCH_C_DIR) BENCH_C_THREADS=$(BENCH_C_THREADS) \
	  BENCH_C_SKIP='$(BENCH_C_SKIP)' \
	  sh mk/c-model-bench.sh $(abspath $(PROGRAM)) \
	  $(abspath $(BUILD)/tools/gen_c) $(if $(HERD7_BENCH_C),$(abspath $(HERD7_BENCH_C)))
