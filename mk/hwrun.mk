# hwrun.mk — the harness sources and the bundle's templates embedded into
# bin/litmuslab as text, and
# `make bench-hwrun` (iterations/s and rare outcomes on SB and MP, the
# outcomes x86-TSO forbids never seen at 10M iterations, coverage of the
# allowed two-thread corpus tests in three runs; then each cross target's
# SB under qemu-user, as a check that it runs).
# Included before the main rules: keep `all` the default goal.
.DEFAULT_GOAL := all

# verdict.h and log_lines.h are lib's, shared with the harness (the one
# verdict and one log writer); embedded by their bare names.
HWRUN_HARNESS := $(sort $(wildcard hwrun/harness/*.h hwrun/harness/*.c)) \
                 include/litmuslab/verdict.h include/litmuslab/log_lines.h
HWRUN_EMBED := $(BUILD)/gen/hwrun_harness.c
EXTRA_SRCS += $(HWRUN_EMBED)

$(HWRUN_EMBED): $(HWRUN_HARNESS) scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh hwrun/embed.h hw_file hw_harness_files $(HWRUN_HARNESS) > $@.tmp && mv $@.tmp $@

HWRUN_BUNDLE := $(sort $(wildcard hwrun/bundle/*))
HWRUN_BUNDLE_EMBED := $(BUILD)/gen/hwrun_bundle.c
EXTRA_SRCS += $(HWRUN_BUNDLE_EMBED)

$(HWRUN_BUNDLE_EMBED): $(HWRUN_BUNDLE) scripts/embed.sh
	@mkdir -p $(@D)
	sh scripts/embed.sh hwrun/embed.h hw_file hw_bundle_files $(HWRUN_BUNDLE) > $@.tmp && mv $@.tmp $@

# litmus7 beside us, for the side-by-side part (skipped when absent).
LITMUS7 ?= $(wildcard ../shared/tools/herdtools7/litmus7)

.PHONY: bench-hwrun bench-hwrun-coverage bench-hwrun-litmus7
bench-hwrun: $(PROGRAM)
	@sh hwrun/bench.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS))
	@sh hwrun/bench_coverage.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS)) 100k 3
	@sh hwrun/bench_vs_litmus7.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS)) $(if $(LITMUS7),$(abspath $(LITMUS7)))
	@sh hwrun/bench_cross.sh $(abspath $(PROGRAM))

# The side-by-side part alone (RATE_N=10M RUNS=3 COV_N='100k 1M'
# HWRUN_ARGS='-mode auto' by default; see hwrun/bench_vs_litmus7.sh).
bench-hwrun-litmus7: $(PROGRAM)
	@sh hwrun/bench_vs_litmus7.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS)) $(if $(LITMUS7),$(abspath $(LITMUS7)))

# The coverage part alone (N=100k RUNS=3 HWRUN_ARGS='-skew 0' to compare).
bench-hwrun-coverage: $(PROGRAM)
	@sh hwrun/bench_coverage.sh $(abspath $(PROGRAM)) $(abspath $(CORPUS)) \
	  $(or $(N),100k) $(or $(RUNS),3) $(HWRUN_ARGS)

# Perpetual mode's long check: every state it reports is one the model
# allows, 10M iterations each (tests/e2e/hwrun_perpetual.sh runs 200k),
# 1M under qemu for the cross targets (the test runs 3000).
.PHONY: hwrun-perpetual-long
hwrun-perpetual-long: $(PROGRAM)
	@N=10M CROSS_N=1M LITMUSLAB=$(abspath $(PROGRAM)) CORPUS=$(abspath $(CORPUS)) \
	  sh tests/e2e/hwrun_perpetual.sh
