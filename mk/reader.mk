# reader.mk — `make fuzz`: builds the libFuzzer target for the litmus
# reader with clang (fuzzer + ASan + UBSan) and runs it for FUZZ_TIME
# seconds on one core, from the seeds in tests/fuzz/seeds and tests/bad.
# New inputs are kept in build/fuzz/corpus. `make fuzz-log` does the same
# for the log reader (tests/fuzz/fuzz_log.c, seeds in tests/fuzz/log-seeds,
# new inputs in build/fuzz/log-corpus). `make fuzz-cbody` feeds C thread
# bodies to the reader, hwrun's C generator and cc (tests/fuzz/
# fuzz_cbody.c, seeds in tests/fuzz/cbody-seeds, new inputs in
# build/fuzz/cbody-corpus): the printed C holds only our names and the
# primitives, compiles, and calls nothing but the harness. For the
# 10-minute runs: `make fuzz FUZZ_TIME=600`, `make fuzz-log
# FUZZ_TIME=600`, `make fuzz-cbody FUZZ_TIME=600`.

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

FUZZ_LOG_BIN := build/fuzz/fuzz_log
FUZZ_LOG_SRCS = lib/util.c lib/state.c lib/prop.c lib/read_cond.c \
	lib/lexer.c $(wildcard lib/log/*.c) $(wildcard lib/arch/*.c) \
	lib/read_test.c lib/read_init.c lib/read_table.c lib/read_constraints.c \
	lib/read_cthreads.c lib/test_free.c lib/test_print.c lib/test_hash.c \
	lib/test_hash_c.c \
	lib/md5.c tests/fuzz/fuzz_log.c

$(FUZZ_LOG_BIN): $(FUZZ_LOG_SRCS) $(wildcard include/litmuslab/*.h lib/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c17 -D_GNU_SOURCE -Iinclude -I. -g -O1 \
	  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(FUZZ_LOG_SRCS) -o $@ $(shell pkg-config --libs zlib 2>/dev/null || echo -lz)

.PHONY: fuzz-log
fuzz-log: $(FUZZ_LOG_BIN)
	@mkdir -p build/fuzz/log-corpus
	$(FUZZ_LOG_BIN) -max_total_time=$(FUZZ_TIME) -max_len=16384 -timeout=10 \
	  build/fuzz/log-corpus tests/fuzz/log-seeds

fuzz: $(FUZZ_BIN)
	@mkdir -p build/fuzz/corpus
	$(FUZZ_BIN) -max_total_time=$(FUZZ_TIME) -max_len=8192 -timeout=10 \
	  -dict=tests/fuzz/litmus.dict build/fuzz/corpus tests/fuzz/seeds \
	  tests/bad

FUZZ_CBODY_BIN := build/fuzz/fuzz_cbody
FUZZ_CBODY_SRCS = $(wildcard lib/*.c lib/arch/*.c lib/log/*.c hwrun/gen/*.c) \
	tests/fuzz/fuzz_cbody.c

$(FUZZ_CBODY_BIN): $(FUZZ_CBODY_SRCS) $(wildcard include/litmuslab/*.h lib/*.h hwrun/gen/*.h)
	@mkdir -p $(@D)
	$(FUZZ_CC) -std=c17 -D_GNU_SOURCE -Iinclude -I. -g -O1 \
	  -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	  $(FUZZ_CBODY_SRCS) -o $@ $(shell pkg-config --libs zlib 2>/dev/null || echo -lz)

# Run from the repo root: each compile includes hwrun/harness/.
.PHONY: fuzz-cbody
fuzz-cbody: $(FUZZ_CBODY_BIN)
	@mkdir -p build/fuzz/cbody-corpus
	$(FUZZ_CBODY_BIN) -max_total_time=$(FUZZ_TIME) -max_len=4096 -timeout=30 \
	  -artifact_prefix=build/fuzz/cbody- \
	  -dict=tests/fuzz/cbody.dict build/fuzz/cbody-corpus tests/fuzz/cbody-seeds
