# reader.mk — `make fuzz`: builds the libFuzzer target for the litmus
# reader with clang (fuzzer + ASan + UBSan) and runs it for FUZZ_TIME
# seconds on one core, from the seeds in tests/fuzz/seeds and tests/bad.
# New inputs are kept in build/fuzz/corpus.

# mk/*.mk are read before the Makefile's own rules: keep `make` = `make all`.
.DEFAULT_GOAL := all

FUZZ_TIME ?= 60
FUZZ_CC ?= clang
FUZZ_BIN := build/fuzz/fuzz_reader
FUZZ_SRCS = $(wildcard lib/*.c lib/arch/*.c) tests/fuzz/fuzz_reader.c

$(FUZZ_BIN): $(FUZZ_SRCS) $(wildcard include/litmuslab/*.h lib/*.h lib/arch/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c17 -D_GNU_SOURCE -Iinclude -I. -g -O1 \
	  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(FUZZ_SRCS) -o $@

fuzz: $(FUZZ_BIN)
	@mkdir -p build/fuzz/corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_TIME) -max_len=8192 -timeout=10 \
	  -dict=tests/fuzz/litmus.dict build/fuzz/corpus tests/fuzz/seeds \
	  tests/bad
